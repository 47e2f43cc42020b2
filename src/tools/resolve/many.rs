//! References many at a time: which are URI-references, walked side by side,
//! and the result of each alone, written into buffers the caller reuses.

#[cfg(feature = "cli")]
use super::{Base, components, rfc3986};
use super::{Note, Resolver, early};

impl Resolver {
    /// Whether each reference is an RFC 3986 URI-reference, eight walked
    /// side by side (one that is not UTF-8 is not); `None` under the other
    /// rules, which read every reference.
    #[cfg(feature = "cli")]
    pub(crate) fn valid_each(&self, references: &[&[u8]]) -> Option<Vec<bool>> {
        match &self.base {
            Base::Rfc3986 { references: r, .. } => Some(r.valid_each(references)),
            _ => None,
        }
    }

    /// [`Resolver::valid_each`] of the lines of a piece of text, in order,
    /// with where each ends, the piece walked whole (see
    /// `Checker::valid_line_ends`); `None` under the other rules.
    #[cfg(feature = "cli")]
    pub(crate) fn valid_line_ends(&self, piece: &[u8]) -> Option<Vec<(usize, bool)>> {
        match &self.base {
            Base::Rfc3986 { references: r, .. } => r.valid_line_ends(piece),
            _ => None,
        }
    }

    /// Whether every reference [`Resolver::valid_each`] finds a
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

    /// [`Resolver::resolve`] of a reference [`Resolver::valid_each`] found a
    /// URI-reference, for its result alone: [`Target::Reference`] where the
    /// reference is its own target (nothing added), else the result added
    /// to `result` and the notes on the reference (not the base's) to
    /// `notes`. `None` (and nothing added) under the other rules.
    #[cfg(feature = "cli")]
    pub(crate) fn resolve_valid(
        &self,
        reference: &str,
        result: &mut String,
        notes: &mut Vec<Note>,
    ) -> Option<Target> {
        let Base::Rfc3986 { base, cuts, .. } = &self.base else {
            return None;
        };
        if self.strict && is_own_target(reference) {
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

/// Whether a reference is its own target, whatever the base, read strictly,
/// with no note: RFC 3986 §5.2.2 gives a reference with a scheme its own
/// scheme, authority and query, and its path through remove_dot_segments,
/// which gives back a path with no dot segment (§5.2.4, step E alone); §5.3
/// then recomposes what Appendix B split. Not so where a note is due: a "%2E"
/// dot segment, or the base's scheme named with no authority (§5.4.2's
/// "http:g").
#[cfg(feature = "cli")]
fn is_own_target(reference: &str) -> bool {
    at_a_look(reference.as_bytes()).unwrap_or_else(|| by_its_components(reference.as_bytes()))
}

/// [`is_own_target`] where one look tells: no scheme or no authority (cut as
/// Appendix B cuts them), or both and no "/" followed by "." or "%" after
/// the scheme. A path with an authority is empty or begins with "/" (the
/// authority runs to the first), so each of its segments follows a "/",
/// and a dot segment, plain or "%2E", begins with "." or "%". `None`: see
/// [`by_its_components`].
#[cfg(feature = "cli")]
fn at_a_look(bytes: &[u8]) -> Option<bool> {
    let after = components::scheme_end(bytes).and_then(|end| bytes.get(end + 1..));
    match after {
        Some(rest) if rest.starts_with(b"//") => {
            (!components::slash_then(rest, [b'.', b'%'])).then_some(true)
        }
        _ => Some(false),
    }
}

/// [`is_own_target`] read from the reference's components.
#[cfg(feature = "cli")]
fn by_its_components(bytes: &[u8]) -> bool {
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
    fn one_look_answers_as_the_components_do() {
        // Every string of up to six of these after "" and "s:": where one
        // look answers, the components answer alike; and it answers most
        // strings with an authority.
        let alphabet = ['a', ':', '/', '.', '%', '?', '#'];
        let (mut looked, mut authorities) = (0, 0);
        for tail in every_string(&alphabet, 6) {
            for reference in [tail.clone(), format!("s:{tail}")] {
                let bytes = reference.as_bytes();
                let exact = by_its_components(bytes);
                if let Some(quick) = at_a_look(bytes) {
                    assert_eq!(quick, exact, "{reference:?}");
                }
                if components::cut(bytes).authority.is_some() {
                    authorities += 1;
                    looked += usize::from(at_a_look(bytes).is_some());
                }
            }
        }
        assert!(looked * 2 > authorities, "{looked} of {authorities}");
        // A pair across two looks of eight bytes, and at the very end.
        for reference in [
            "s://abcde/.",
            "s://abcdef/.",
            "s://ab/cd/ef/%2E",
            "s://a/b/c/d/.",
        ] {
            assert_eq!(at_a_look(reference.as_bytes()), None, "{reference:?}");
        }
        assert_eq!(at_a_look(b"s://abcdefgh/ijklmnop/q.r%41"), Some(true));
    }
}
