//! What an input has where it stops: a character, the end, or a scheme its
//! rule's closed list has no rule for; a cause's `found` in words.

use super::{FOUND_END, FOUND_NO_SCHEME_RULE, FOUND_NON_ASCII};

/// What was found where an input stops.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Found {
    Char(u8),
    NonAscii,
    End,
    /// A scheme the rule's closed list has no rule for.
    NoSchemeRule,
}

/// Codes of [`Found`]: 128 ASCII characters, non-ASCII, the end, a scheme
/// with no rule.
pub(super) const FOUND_CODES: usize = 131;

impl Found {
    /// A dense code below [`FOUND_CODES`].
    pub(super) fn code(self) -> usize {
        match self {
            Found::Char(b) => usize::from(b),
            Found::NonAscii => 128,
            Found::End => 129,
            Found::NoSchemeRule => 130,
        }
    }

    pub(super) fn words(self) -> String {
        match self {
            Found::Char(b) => char::from(b).to_string(),
            Found::NonAscii => FOUND_NON_ASCII.to_string(),
            Found::End => FOUND_END.to_string(),
            Found::NoSchemeRule => FOUND_NO_SCHEME_RULE.to_string(),
        }
    }
}
