//! The editions urlbnf makes executable, the five early ones (1993-1994) and the
//! two later ones that continue the line (RFC 2396, RFC 3986): what each document
//! is, when, where it prints its BNF, and which rule names a whole URL. Everything that describes an
//! edition (the CLI help, the book, the manual's generated sections) reads it from here; the
//! transcriptions' `%document` and `%section` headers are tested against it.

use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

/// Every edition once, oldest first: its variant, its id (the files
/// `grammar/<id>.bnf` and `grammar/<id>.pest`), the module its pest parser and
/// machine live in, and the pest file's path as pest_derive takes it (a
/// literal, from `src/`). The parsers, the machines and the grammar sources are
/// generated from this list: a new edition is a line here, its files, and its
/// [`EditionInfo`].
macro_rules! editions {
    ($callback:ident) => {
        $callback! {
            Draft1993 "draft-1993" draft_1993 "../grammar/draft-1993.pest";
            Draft1994 "draft-1994" draft_1994 "../grammar/draft-1994.pest";
            Rfc1630Uri "rfc1630-uri" rfc1630_uri "../grammar/rfc1630-uri.pest";
            Rfc1630Url "rfc1630-url" rfc1630_url "../grammar/rfc1630-url.pest";
            Rfc1738 "rfc1738" rfc1738 "../grammar/rfc1738.pest";
            Rfc2396 "rfc2396" rfc2396 "../grammar/rfc2396.pest";
            Rfc3986 "rfc3986" rfc3986 "../grammar/rfc3986.pest";
        }
    };
}
pub(crate) use editions;

/// One printed grammar for URLs: five from 1993-1994, two later (1998, 2005).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(into = "&'static str", try_from = "String")]
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
    /// RFC 2396, August 1998, Appendix A "Collected BNF for URI".
    Rfc2396,
    /// RFC 3986 (STD 66), January 2005, Appendix A "Collected ABNF for URI".
    Rfc3986,
}

/// What urlbnf knows about an edition, in one place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EditionInfo {
    /// The id used on the command line and in JSON.
    pub id: &'static str,
    /// The document, its authors and date (the transcription's `%document`).
    pub document: &'static str,
    /// The section that prints the BNF (the transcription's `%section`).
    pub section: &'static str,
    /// The document and section in a few words, for a table of editions.
    pub title: &'static str,
    /// The document's date.
    pub date: &'static str,
    /// What the edition is, in a sentence (Markdown code spans allowed).
    pub summary: &'static str,
    /// The rule that names a whole URL: what `check` uses when none is named.
    pub default_rule: &'static str,
}

const INFO: [EditionInfo; Edition::ALL.len()] = [
    EditionInfo {
        id: "draft-1993",
        document: "Uniform Resource Locators, IETF URL WG Internet-Draft (url6, ID 01), T. Berners-Lee, 14 July 1993",
        section: "BNF syntax",
        title: "URL Internet-Draft, 14 July 1993, \"BNF syntax\"",
        date: "14 July 1993",
        summary: "The IETF URL working group's Internet-Draft (url6, ID 01): the first BNF, with a generic form any scheme may use and `#` fragments.",
        default_rule: "fragmentaddress",
    },
    EditionInfo {
        id: "draft-1994",
        document: "Uniform Resource Locators, draft-ietf-uri-url-03, T. Berners-Lee, 21 March 1994",
        section: "BNF for specific URL schemes",
        title: "draft-ietf-uri-url-03, 21 March 1994",
        date: "21 March 1994",
        summary: "draft-ietf-uri-url-03: a closed list of schemes, logins for ftp and telnet, mailto, mid and cid, and the `url:` prefix.",
        default_rule: "url",
    },
    EditionInfo {
        id: "rfc1630-uri",
        document: "RFC 1630, Universal Resource Identifiers in WWW, T. Berners-Lee, June 1994",
        section: "BNF of Generic URI Syntax",
        title: "RFC 1630 (June 1994), BNF of Generic URI Syntax",
        date: "June 1994",
        summary: "RFC 1630, the generic URI syntax \"at the level at which specific schemes are not considered\".",
        default_rule: "fragmentaddress",
    },
    EditionInfo {
        id: "rfc1630-url",
        document: "RFC 1630, Universal Resource Identifiers in WWW, T. Berners-Lee, June 1994",
        section: "BNF for specific URL schemes",
        title: "RFC 1630 (June 1994), BNF for specific URL schemes",
        date: "June 1994",
        summary: "RFC 1630's BNF for specific URL schemes, close to the March 1994 draft.",
        default_rule: "url",
    },
    EditionInfo {
        id: "rfc1738",
        document: "RFC 1738, Uniform Resource Locators (URL), T. Berners-Lee, L. Masinter, M. McCahill, December 1994",
        section: "5. BNF for specific URL schemes",
        title: "RFC 1738 (December 1994), section 5",
        date: "December 1994",
        summary: "RFC 1738, the Proposed Standard: RFC 822 notation, per-scheme grammars, `otherurl` for new schemes.",
        default_rule: "url",
    },
    EditionInfo {
        id: "rfc2396",
        document: "RFC 2396, Uniform Resource Identifiers (URI): Generic Syntax, T. Berners-Lee, R. Fielding, L. Masinter, August 1998",
        section: "A. Collected BNF for URI",
        title: "RFC 2396 (August 1998), Appendix A",
        date: "August 1998",
        summary: "RFC 2396, the generic URI syntax for every scheme: authority, `;param` path segments, relative references, `~` unreserved.",
        default_rule: "URI-reference",
    },
    EditionInfo {
        id: "rfc3986",
        document: "RFC 3986, Uniform Resource Identifier (URI): Generic Syntax, T. Berners-Lee, R. Fielding, L. Masinter, January 2005",
        section: "Appendix A. Collected ABNF for URI",
        title: "RFC 3986 (January 2005), Appendix A",
        date: "January 2005",
        summary: "RFC 3986 (STD 66), the standard in force: ABNF, IP literals in brackets, `dec-octet` IPv4, percent-encoding as `pct-encoded`.",
        default_rule: "URI-reference",
    },
];

impl Edition {
    /// All editions, oldest first (the two RFC 1630 grammars share a date).
    pub const ALL: [Edition; 7] = [
        Edition::Draft1993,
        Edition::Draft1994,
        Edition::Rfc1630Uri,
        Edition::Rfc1630Url,
        Edition::Rfc1738,
        Edition::Rfc2396,
        Edition::Rfc3986,
    ];

    /// The five early editions, 1993-1994 (`--grammar early`).
    pub const EARLY: [Edition; 5] = [
        Edition::Draft1993,
        Edition::Draft1994,
        Edition::Rfc1630Uri,
        Edition::Rfc1630Url,
        Edition::Rfc1738,
    ];

    /// The later editions that continue the line to today (`--grammar later`).
    pub const LATER: [Edition; 2] = [Edition::Rfc2396, Edition::Rfc3986];

    /// The pairs of editions that follow each other, for "what changed": the
    /// drafts in order, each RFC 1630 grammar against RFC 1738, then RFC 1738
    /// to RFC 2396 to RFC 3986.
    pub const CHRONOLOGY: [(Edition, Edition); 6] = [
        (Edition::Draft1993, Edition::Draft1994),
        (Edition::Draft1994, Edition::Rfc1630Url),
        (Edition::Rfc1630Url, Edition::Rfc1738),
        (Edition::Rfc1630Uri, Edition::Rfc1738),
        (Edition::Rfc1738, Edition::Rfc2396),
        (Edition::Rfc2396, Edition::Rfc3986),
    ];

    /// Whether the edition is one of the five early ones (1993-1994).
    ///
    /// ```
    /// use urlbnf::Edition;
    /// assert!(Edition::Rfc1738.is_early() && !Edition::Rfc3986.is_early());
    /// ```
    pub fn is_early(self) -> bool {
        self <= Edition::Rfc1738
    }

    /// The editions a name on the command line stands for: an edition id, or a
    /// set (`early`, `later`, `all`); oldest first.
    ///
    /// ```
    /// use urlbnf::Edition;
    /// assert_eq!(Edition::set("later").unwrap(), vec![Edition::Rfc2396, Edition::Rfc3986]);
    /// assert_eq!(Edition::set("rfc1738").unwrap(), vec![Edition::Rfc1738]);
    /// assert_eq!(Edition::set("all").unwrap().len(), 7);
    /// ```
    pub fn set(name: &str) -> Result<Vec<Edition>, UnknownEdition> {
        Ok(match name {
            "early" => Edition::EARLY.to_vec(),
            "later" => Edition::LATER.to_vec(),
            "all" => Edition::ALL.to_vec(),
            id => vec![id.parse()?],
        })
    }

    /// The edition's place in [`Edition::ALL`].
    pub(crate) const fn index(self) -> usize {
        self as usize
    }

    /// Everything urlbnf knows about the edition.
    ///
    /// ```
    /// use urlbnf::Edition;
    /// let info = Edition::Rfc1738.info();
    /// assert_eq!((info.id, info.date), ("rfc1738", "December 1994"));
    /// ```
    pub fn info(self) -> &'static EditionInfo {
        &INFO[self.index()]
    }

    /// The edition id used on the command line and in JSON.
    ///
    /// ```
    /// use urlbnf::Edition;
    /// assert_eq!(Edition::Draft1994.id(), "draft-1994");
    /// ```
    pub fn id(self) -> &'static str {
        self.info().id
    }

    /// The rule `check` uses when none is named: the edition's whole-URL production.
    ///
    /// ```
    /// use urlbnf::Edition;
    /// assert_eq!(Edition::Rfc1738.default_rule(), "url");
    /// assert_eq!(Edition::Draft1993.default_rule(), "fragmentaddress");
    /// ```
    pub fn default_rule(self) -> &'static str {
        self.info().default_rule
    }

    /// The printed BNF, as transcribed in `grammar/<id>.bnf`.
    ///
    /// ```
    /// use urlbnf::Edition;
    /// assert!(Edition::Rfc1738.bnf_source().contains("httpurl"));
    /// ```
    pub fn bnf_source(self) -> &'static str {
        macro_rules! bnf {
            ($($variant:ident $id:literal $module:ident $path:literal;)*) => {
                match self {
                    $(Edition::$variant => include_str!(concat!("../grammar/", $id, ".bnf")),)*
                }
            };
        }
        editions!(bnf)
    }

    /// The pest grammar, as in `grammar/<id>.pest`.
    ///
    /// ```
    /// use urlbnf::Edition;
    /// assert!(Edition::Rfc1738.pest_source().contains("httpurl ="));
    /// ```
    pub fn pest_source(self) -> &'static str {
        macro_rules! pest {
            ($($variant:ident $id:literal $module:ident $path:literal;)*) => {
                match self {
                    $(Edition::$variant => include_str!(concat!("../grammar/", $id, ".pest")),)*
                }
            };
        }
        editions!(pest)
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

/// An edition id that names no edition (converts into
/// [`Error::UnknownEdition`](crate::Error::UnknownEdition)).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct UnknownEdition {
    /// The id given.
    pub id: String,
}

impl fmt::Display for UnknownEdition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ids: Vec<&str> = Edition::ALL.iter().map(|e| e.id()).collect();
        write!(
            f,
            "unknown grammar '{}' (choose from: {})",
            self.id,
            ids.join(", ")
        )
    }
}

impl std::error::Error for UnknownEdition {}

impl FromStr for Edition {
    type Err = UnknownEdition;

    /// ```
    /// use urlbnf::Edition;
    /// assert_eq!("rfc1738".parse(), Ok(Edition::Rfc1738));
    /// assert_eq!("rfc3986".parse(), Ok(Edition::Rfc3986));
    /// assert!("rfc3987".parse::<Edition>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Edition::ALL
            .into_iter()
            .find(|e| e.id() == s)
            .ok_or_else(|| UnknownEdition { id: s.to_string() })
    }
}

/// One value per edition, computed on first use and then shared: the per-edition
/// caches (printed grammars, class tables, parser name tables) use this.
pub(crate) struct PerEdition<T>([OnceLock<T>; Edition::ALL.len()]);

impl<T> PerEdition<T> {
    pub(crate) const fn new() -> Self {
        PerEdition([const { OnceLock::new() }; Edition::ALL.len()])
    }

    pub(crate) fn get_or_init(&self, edition: Edition, init: impl FnOnce() -> T) -> &T {
        // Indexed by the enum's own discriminant: no input reaches this.
        self.0[edition.index()].get_or_init(init)
    }
}

impl TryFrom<String> for Edition {
    type Error = UnknownEdition;

    fn try_from(id: String) -> Result<Edition, UnknownEdition> {
        id.parse()
    }
}

/// In JSON an edition is its id.
#[cfg(feature = "schema")]
impl schemars::JsonSchema for Edition {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Edition".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let ids: Vec<&str> = Edition::ALL.iter().map(|e| e.id()).collect();
        schemars::json_schema!({
            "description": "An edition's id.",
            "type": "string",
            "enum": ids,
        })
    }
}
