//! How a verdict reads the printed grammar: its letter, or with the
//! known-scheme and scheme-case readings its prose invites.

use serde::Serialize;

/// How a checker reads the printed grammar where its text and a reader's
/// expectation part: the letter by default; each flag a reading the
/// document's own words ask for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Reading {
    /// Check an input whose scheme has a rule of its own by that rule alone;
    /// the catch-all (RFC 1738 `otherurl`, July 1993 `generic`) only takes new
    /// schemes (the schemes are those of `urlbnf::known`).
    pub known_schemes: bool,
    /// RFC 1738 §2.1: read upper case letters in the scheme as lower case.
    pub fold_scheme_case: bool,
}

impl Reading {
    /// The letter of the BNF.
    pub const LETTER: Reading = Reading {
        known_schemes: false,
        fold_scheme_case: false,
    };
}
