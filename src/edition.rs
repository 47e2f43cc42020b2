//! The five editions urlbnf makes executable, and where each one's BNF is printed.

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

/// One printed BNF for URLs, 1993-1994.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(into = "&'static str")]
pub enum Edition {
    /// URL Internet-Draft (url6, ID 01), 14 July 1993, "BNF syntax".
    Draft1993,
    /// draft-ietf-uri-url-03, 21 March 1994, "BNF for specific URL schemes".
    Draft1994,
    /// RFC 1630, June 1994, "BNF of Generic URI Syntax".
    Rfc1630Uri,
    /// RFC 1630, June 1994, "BNF for specific URL schemes".
    Rfc1630Url,
    /// RFC 1738, December 1994, section 5.
    Rfc1738,
}

impl Edition {
    /// All editions, oldest first (the two RFC 1630 grammars share a date).
    pub const ALL: [Edition; 5] = [
        Edition::Draft1993,
        Edition::Draft1994,
        Edition::Rfc1630Uri,
        Edition::Rfc1630Url,
        Edition::Rfc1738,
    ];

    /// The edition id used on the command line and in JSON.
    pub fn id(self) -> &'static str {
        match self {
            Edition::Draft1993 => "draft-1993",
            Edition::Draft1994 => "draft-1994",
            Edition::Rfc1630Uri => "rfc1630-uri",
            Edition::Rfc1630Url => "rfc1630-url",
            Edition::Rfc1738 => "rfc1738",
        }
    }

    /// The rule `check` uses when none is named: the edition's whole-URL production.
    pub fn default_rule(self) -> &'static str {
        match self {
            Edition::Draft1993 | Edition::Rfc1630Uri => "fragmentaddress",
            Edition::Draft1994 | Edition::Rfc1630Url | Edition::Rfc1738 => "url",
        }
    }

    /// The printed BNF, as transcribed in `grammar/<id>.bnf`.
    pub(crate) fn bnf_source(self) -> &'static str {
        match self {
            Edition::Draft1993 => include_str!("../grammar/draft-1993.bnf"),
            Edition::Draft1994 => include_str!("../grammar/draft-1994.bnf"),
            Edition::Rfc1630Uri => include_str!("../grammar/rfc1630-uri.bnf"),
            Edition::Rfc1630Url => include_str!("../grammar/rfc1630-url.bnf"),
            Edition::Rfc1738 => include_str!("../grammar/rfc1738.bnf"),
        }
    }

    /// The pest grammar, as in `grammar/<id>.pest`.
    pub fn pest_source(self) -> &'static str {
        match self {
            Edition::Draft1993 => include_str!("../grammar/draft-1993.pest"),
            Edition::Draft1994 => include_str!("../grammar/draft-1994.pest"),
            Edition::Rfc1630Uri => include_str!("../grammar/rfc1630-uri.pest"),
            Edition::Rfc1630Url => include_str!("../grammar/rfc1630-url.pest"),
            Edition::Rfc1738 => include_str!("../grammar/rfc1738.pest"),
        }
    }
}

impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl From<Edition> for &'static str {
    fn from(e: Edition) -> &'static str {
        e.id()
    }
}

/// An edition id that names no edition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownEdition(pub String);

impl fmt::Display for UnknownEdition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ids: Vec<&str> = Edition::ALL.iter().map(|e| e.id()).collect();
        write!(
            f,
            "unknown grammar '{}' (choose from: {})",
            self.0,
            ids.join(", ")
        )
    }
}

impl std::error::Error for UnknownEdition {}

impl FromStr for Edition {
    type Err = UnknownEdition;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Edition::ALL
            .into_iter()
            .find(|e| e.id() == s)
            .ok_or_else(|| UnknownEdition(s.to_string()))
    }
}
