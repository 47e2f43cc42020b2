//! References many at a time: which are URI-references, walked side by side,
//! and the result of each alone, written into buffers the caller reuses.

#[cfg(feature = "cli")]
use super::no_dots::{self, LineFound, NoDots, Shapes};
#[cfg(feature = "cli")]
use super::{Base, components, rfc3986};
use super::{Note, Resolver, early};
#[cfg(feature = "cli")]
use crate::engine::meta;

impl Resolver {
    /// Whether each reference is an RFC 3986 URI-reference, eight walked
    /// side by side (one that is not UTF-8 is not); `None` under the other
    /// rules, which read every reference.
    #[cfg(feature = "cli")]
    pub(crate) fn valid_references(&self, references: &[&[u8]]) -> Option<Vec<bool>> {
        match &self.base {
            Base::Rfc3986 { references: r, .. } => Some(r.valid_each(references)),
            _ => None,
        }
    }

    /// What the walk of a piece of text finds of each line, in order, with
    /// where it ends: whether it is a URI-reference ([`Resolver::valid_references`])
    /// and, read strictly, whether it is its own target ([`OWN_TARGET`]'s
    /// table walked in one product with URI-reference's). `None` under the
    /// other rules.
    #[cfg(feature = "cli")]
    pub(crate) fn line_ends(&self, piece: &[u8]) -> Option<Vec<(usize, LineFound)>> {
        let Base::Rfc3986 {
            references, lines, ..
        } = &self.base
        else {
            return None;
        };
        let shapes = || vec![meta::Target::dfa(&OWN_TARGET)];
        let own = self.strict.then_some::<Shapes>((&shapes, &**lines));
        no_dots::line_ends(references, own, piece)
    }

    /// Whether every reference [`Resolver::valid_references`] finds a
    /// URI-reference is printable ASCII, as RFC 3986's grammar proves: no
    /// such reference is then looked at for characters a terminal must not
    /// get. `false` under the other rules.
    #[cfg(feature = "cli")]
    pub(crate) fn valid_are_printable(&self) -> bool {
        match &self.base {
            Base::Rfc3986 { references: r, .. } => r.derives_only_printable(),
            _ => false,
        }
    }

    /// [`Resolver::resolve`] of a reference a walk found a URI-reference
    /// (`line`: what it found), for its result alone: [`Target::Reference`]
    /// where the reference is its own target (nothing added), else the
    /// result added to `result` and the notes on the reference (not the
    /// base's) to `notes`. `None` (and nothing added) under the other rules.
    #[cfg(feature = "cli")]
    pub(crate) fn resolve_valid(
        &self,
        line: LineFound,
        reference: &str,
        result: &mut String,
        notes: &mut Vec<Note>,
    ) -> Option<Target> {
        let Base::Rfc3986 { base, cuts, .. } = &self.base else {
            return None;
        };
        if self.strict
            && line
                .in_shapes(1)
                .unwrap_or_else(|| is_own_target(reference))
        {
            return Some(Target::Reference);
        }
        // The base was cut once, when it was read.
        let parts = components::parts(base, *cuts);
        let trace = rfc3986::Trace(None);
        rfc3986::transform(&parts, reference, self.strict, notes, trace, result);
        notes.extend(self.printed_example(reference));
        Some(Target::Written)
    }

    /// Where RFC 1630 prints an example its own rule does not give.
    pub(super) fn printed_example(&self, reference: &str) -> Option<Note> {
        let expected = early::printed_example_disagreement(self.rules, &self.context, reference)?;
        Some(Note {
            code: "printed-example-differs",
            message: format!(
                "RFC 1630 prints {reference:?} -> {expected:?} as an example, which its own rule \
                 does not give; its author later wrote that RFC 1630 \"has an error in the \
                 examples\" (uri mailing list, 27 January 1997). urlbnf follows the rule; \
                 libwww 1993 gives the printed result (resolve --rules libwww-1993)."
            ),
        })
    }
}

/// Where [`Resolver::resolve_valid`] put a reference's target.
#[cfg(feature = "cli")]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Target {
    /// The reference is its own target, with no note.
    Reference,
    /// In the result, its notes in the notes.
    Written,
}

/// The references [`is_own_target`] finds, as an automaton.
#[cfg(feature = "cli")]
pub(super) const OWN_TARGET: NoDots = NoDots {
    authority: true,
    userinfo: true,
    escapes: true,
    upper: true,
};

/// Whether a reference is its own target, whatever the base, read strictly,
/// with no note: RFC 3986 §5.2.2 gives a reference with a scheme its own
/// scheme, authority and query, and its path through remove_dot_segments,
/// which gives back a path with no dot segment (§5.2.4, step E alone); §5.3
/// then recomposes what Appendix B split. Not so where a note is due: a "%2E"
/// dot segment, or the base's scheme named with no authority (§5.4.2's
/// "http:g"). Read from the reference's components; [`OWN_TARGET`] is the
/// same language as an automaton.
#[cfg(feature = "cli")]
fn is_own_target(reference: &str) -> bool {
    let bytes = reference.as_bytes();
    let c = components::cut(bytes);
    let path = bytes.get(c.path.0..c.path.1).unwrap_or_default();
    c.scheme.is_some()
        && c.authority.is_some()
        && !rfc3986::has_dot_segment(path)
        && !rfc3986::encoded_dot_segment(path)
}

#[cfg(all(test, feature = "cli"))]
mod tests {
    use super::*;
    use crate::engine::meta::Table;
    use crate::testing::every_string;

    #[test]
    fn a_reference_found_its_own_target_is_what_section_5_2_gives() {
        // Every string of up to five of these after "", "s:" and "s://",
        // against a base of another scheme and of the same: where the
        // shortcut is taken, §5.2's transform gives the reference back,
        // strictly, with no note.
        let alphabet = ['a', ':', '/', '.', '%', '2', 'E', '?', '#'];
        let mut shortcuts = 0;
        for tail in every_string(&alphabet, 5) {
            for reference in [tail.clone(), format!("s:{tail}"), format!("s://{tail}")] {
                if !is_own_target(&reference) {
                    continue;
                }
                shortcuts += 1;
                for base in ["http://a/b/c/d;p?q", "s://a/b"] {
                    let (mut notes, mut target) = (Vec::new(), String::new());
                    let base = components::split(base);
                    let trace = rfc3986::Trace(None);
                    rfc3986::transform(&base, &reference, true, &mut notes, trace, &mut target);
                    assert_eq!(target, reference);
                    assert!(notes.is_empty(), "{reference:?}: {notes:?}");
                }
            }
        }
        assert!(shortcuts > 10_000, "{shortcuts}");
    }

    #[test]
    fn the_automaton_finds_the_references_the_components_find() {
        // Every string of up to six of these after "", "s:" and "s://": the
        // automaton's table derives exactly those read as their own target.
        let own = Table::new(&OWN_TARGET);
        let alphabet = ['a', ':', '/', '.', '%', '2', 'e', 'E', '?', '#'];
        let mut found = 0;
        for tail in every_string(&alphabet, 6) {
            for reference in [tail.clone(), format!("s:{tail}"), format!("s://{tail}")] {
                let expected = is_own_target(&reference);
                assert_eq!(own.matches(reference.as_bytes()), expected, "{reference:?}");
                found += usize::from(expected);
            }
        }
        assert!(found > 100_000, "{found}");
    }
}
