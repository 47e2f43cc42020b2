//! URIs with no dot segment, as automata: walked in one product with an
//! edition's rule, a piece of lines says at once which lines are derived and
//! which of those a command may write with no more than a look (a reference
//! that is its own target, a URI whose normal form changes only case and
//! escapes).

use std::sync::OnceLock;

use crate::engine::meta::{Dfa, Door, Target};
use crate::verdicts::check::Checker;

/// A scheme and an authority as Appendix B cuts them (the authority
/// required, or optional), then a path none of whose segments is one or two
/// dots, each "." or "%2E" in either case (§5.2.4 removes the plain ones,
/// §6.2.2.2 decodes the others first), then anything after a "?" or "#".
#[derive(Clone, Copy, Debug)]
pub(crate) struct NoDots {
    /// "//" and an authority after the scheme's ":".
    pub(crate) authority: bool,
    /// An "@" in the authority, which begins a userinfo.
    pub(crate) userinfo: bool,
    /// A "%" anywhere.
    pub(crate) escapes: bool,
    /// An upper-case letter in the scheme or the authority (§6.2.2.1: the
    /// letters whose case a normal form changes).
    pub(crate) upper: bool,
}

/// Where the automaton is in an input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Place {
    /// Nothing read: a scheme needs a first byte other than ":/?#".
    Start,
    Scheme,
    /// After the scheme's ":", then after one "/" (a path's first segment
    /// begins at either, unless a "/" follows and makes an authority).
    Colon,
    Slash,
    Authority,
    /// In a path segment that may still be a dot segment: the dots read
    /// (plain or "%2E", at most two) and how much of a "%2E" (0: none, 1:
    /// "%", 2: "%2").
    Dots {
        dots: u8,
        escape: u8,
    },
    /// In a path segment that is no dot segment.
    Segment,
    /// After the path.
    Rest,
    /// Not in the language.
    No,
}

/// A path segment, nothing of it read.
const SEGMENT: Place = Place::Dots { dots: 0, escape: 0 };

impl Place {
    /// A segment of one or two dots, complete: a dot segment.
    fn is_dot_segment(self) -> bool {
        matches!(
            self,
            Place::Dots {
                dots: 1 | 2,
                escape: 0
            }
        )
    }

    /// The place after a byte that ends a segment ("/", "?" or "#").
    fn segment_end(self, next: Place) -> Place {
        if self.is_dot_segment() {
            Place::No
        } else {
            next
        }
    }
}

impl Dfa for NoDots {
    type State = Place;

    fn start(&self) -> Place {
        Place::Start
    }

    fn step(&self, place: Place, b: u8) -> Place {
        use Place::*;
        let path_end = matches!(b, b'?' | b'#');
        match (place, b) {
            (_, b'%') if !self.escapes => No,
            (Start | Scheme | Authority, b'A'..=b'Z') if !self.upper => No,
            (Start, b':') | (Start | Scheme, b'/' | b'?' | b'#') => No,
            (Scheme, b':') => Colon,
            (Start | Scheme, _) => Scheme,
            (Colon, b'/') => Slash,
            (Slash, b'/') => Authority,
            (Colon | Slash, _) if self.authority => No,
            // A path with no authority: its first segment begins after the
            // ":", or after a "/" not followed by another.
            (Colon | Slash, _) => self.step(SEGMENT, b),
            (Authority, b'@') if !self.userinfo => No,
            (Authority, b'/') => SEGMENT,
            (Authority, _) if path_end => Rest,
            (Authority, _) => Authority,
            (Dots { .. } | Segment, b'/') => place.segment_end(SEGMENT),
            (Dots { .. } | Segment, _) if path_end => place.segment_end(Rest),
            (Dots { dots, escape: 0 }, b'.') if dots < 2 => Dots {
                dots: dots + 1,
                escape: 0,
            },
            (Dots { dots, escape: 0 }, b'%') if dots < 2 => Dots { dots, escape: 1 },
            (Dots { dots, escape: 1 }, b'2') => Dots { dots, escape: 2 },
            (Dots { dots, escape: 2 }, b'e' | b'E') => Dots {
                dots: dots + 1,
                escape: 0,
            },
            (Dots { .. } | Segment, _) => Segment,
            (Rest, _) => Rest,
            (No, _) => No,
        }
    }

    fn is_live(&self, place: Place) -> bool {
        place != Place::No
    }

    fn accepts_at_end(&self, place: Place) -> bool {
        use Place::*;
        match place {
            Authority | Segment | Rest => true,
            Colon | Slash => !self.authority,
            Dots { .. } => !place.is_dot_segment(),
            Start | Scheme | No => false,
        }
    }
}

/// What the walk of a piece found of a line: whether the rule derives it,
/// and of the shapes walked with it, how many hold it from the first on, up
/// to the first that does not (`None`: not walked for that).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct LineFound {
    pub(crate) valid: bool,
    pub(crate) shapes: Option<u8>,
}

impl LineFound {
    /// A line whose verdict alone is known.
    pub(crate) fn verdict_only(valid: bool) -> LineFound {
        LineFound {
            valid,
            shapes: None,
        }
    }

    /// Whether the walk found the line in the first `n` shapes (`None`: not
    /// walked for that).
    pub(crate) fn in_shapes(self, n: u8) -> Option<bool> {
        self.shapes.map(|held| held >= n)
    }
}

/// Shapes walked with a rule: what makes them, and the cell the door of the
/// rule and them is kept in.
pub(crate) type Shapes<'a> = (&'a dyn Fn() -> Vec<Target>, &'a OnceLock<Door>);

/// The lines of `piece`, in order, each with where it ends and what the walk
/// found of it (see `Checker::valid_line_ends`): with `shapes` (the shapes,
/// made at the first piece, and the cell their door is kept in), the door of
/// the checker's rule and the shapes says of each line how many of them, from
/// the rule on, hold it up to the first that does not (the rule's verdict,
/// and how many shapes hold the line).
/// `None` where the checker does not read its inputs as printed.
pub(crate) fn line_ends(
    checker: &Checker,
    shapes: Option<Shapes<'_>>,
    piece: &[u8],
) -> Option<Vec<(usize, LineFound)>> {
    let rule = checker.plain_dfa()?;
    let Some((shapes, cell)) = shapes else {
        let ends = checker.valid_line_ends(piece)?;
        let line = |(end, valid)| (end, LineFound::verdict_only(valid));
        return Some(ends.into_iter().map(line).collect());
    };
    let door = cell.get_or_init(|| {
        let rule = std::iter::once(Target::automaton(rule));
        Door::new(rule.chain(shapes()).collect())
    });
    let line = |(end, run): (usize, u32)| {
        let line = LineFound {
            valid: run != 0,
            shapes: Some(u8::try_from(run).unwrap_or(u8::MAX).saturating_sub(1)),
        };
        (end, line)
    };
    Some(door.line_runs(piece).into_iter().map(line).collect())
}
