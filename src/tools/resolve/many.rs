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
    /// the piece walked whole (see `Checker::valid_lines`); `None` under the
    /// other rules.
    #[cfg(feature = "cli")]
    pub(crate) fn valid_lines(&self, piece: &[u8]) -> Option<Vec<bool>> {
        match &self.base {
            Base::Rfc3986 { references: r, .. } => r.valid_lines(piece),
            _ => None,
        }
    }

    /// [`Resolver::resolve`] of a reference [`Resolver::valid_each`] found a
    /// URI-reference, for its result alone: the result added to `result`,
    /// and the notes on the reference (not the base's) to `notes`. `false`
    /// (and nothing added) under the other rules.
    #[cfg(feature = "cli")]
    pub(crate) fn resolve_valid(
        &self,
        reference: &str,
        result: &mut String,
        notes: &mut Vec<Note>,
    ) -> bool {
        let Base::Rfc3986 { base, cuts, .. } = &self.base else {
            return false;
        };
        // The base was cut once, when it was read.
        let parts = components::parts(base, *cuts);
        let trace = rfc3986::Trace(None);
        rfc3986::transform(&parts, reference, self.strict, notes, trace, result);
        notes.extend(self.printed_example(reference));
        true
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
