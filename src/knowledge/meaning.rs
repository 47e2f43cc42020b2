//! What each edition's own document says its URLs *mean*, beside their syntax:
//! which rules resolve its partial forms, how it compares two URLs, which
//! characters it keeps unencoded and which rule bounds each component. Every
//! per-edition choice of `resolve`, `normalize`, `equiv` and `encode` is looked
//! up here ([`meaning`]), from the edition's descriptor (`[meaning]`,
//! `[characters]`); the rules themselves (RFC 1630's, RFC 3986's, the WHATWG
//! reading) are capabilities named by rule set elsewhere.
//!
//! And the one table of default ports ([`default_port`]), each with the
//! document it comes from.

use serde::Serialize;

use crate::edition::Edition;

/// How an edition's document compares two URLs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum Comparison {
    /// RFC 1630, "Encoding reserved characters": "Before two URIs can be
    /// compared, it is therefore necessary to bring them to the same encoding
    /// level", never decoding or encoding a reserved character.
    EncodingLevel,
    /// RFC 3986 §6.2, the comparison ladder: simple string comparison
    /// (§6.2.1), syntax-based (§6.2.2) and scheme-based (§6.2.3) normalization.
    Ladder,
}

/// A rung of a comparison: what is done to each URL before the strings are
/// compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[serde(rename_all = "kebab-case")]
pub enum Level {
    /// Nothing: character for character (RFC 3986 §6.2.1).
    String,
    /// RFC 1630's encoding level: escapes of characters the edition allows
    /// unencoded and does not reserve decoded, the others in upper case.
    Encoding,
    /// RFC 3986 §6.2.2: case (§6.2.2.1), percent-encoding (§6.2.2.2) and path
    /// segment (§6.2.2.3) normalization.
    Syntax,
    /// RFC 3986 §6.2.3, after §6.2.2: a scheme's default port and an empty
    /// port dropped, an empty path with an authority as `/` where the scheme
    /// defines it so, and the other rules of the scheme this table knows.
    Scheme,
}

impl Level {
    /// The id, as `--level` takes it.
    ///
    /// ```
    /// assert_eq!(urlbnf::meaning::Level::Syntax.id(), "syntax");
    /// ```
    pub fn id(self) -> &'static str {
        match self {
            Level::String => "string",
            Level::Encoding => "encoding",
            Level::Syntax => "syntax",
            Level::Scheme => "scheme",
        }
    }
}

/// A component of the generic syntax, for `encode --component` (RFC 3986 §3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[serde(rename_all = "kebab-case")]
pub enum Component {
    /// One path segment: no `/` kept.
    Segment,
    /// A path: `/` kept.
    Path,
    /// A query.
    Query,
    /// A fragment.
    Fragment,
    /// The user information of an authority.
    Userinfo,
    /// A registered name as a host.
    Host,
}

impl Component {
    /// Every component, in the order of [`Meaning::components`].
    pub const ALL: [Component; 6] = [
        Component::Segment,
        Component::Path,
        Component::Query,
        Component::Fragment,
        Component::Userinfo,
        Component::Host,
    ];

    /// The id, as `--component` takes it.
    ///
    /// ```
    /// assert_eq!(urlbnf::meaning::Component::Userinfo.id(), "userinfo");
    /// ```
    pub fn id(self) -> &'static str {
        match self {
            Component::Segment => "segment",
            Component::Path => "path",
            Component::Query => "query",
            Component::Fragment => "fragment",
            Component::Userinfo => "userinfo",
            Component::Host => "host",
        }
    }
}

/// What one edition's document says beyond its grammar, as its descriptor
/// (`grammar/<id>.toml`, `[meaning]`) states it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Meaning {
    /// The id of the rule set (`urlbnf resolve --rules`) of the document's
    /// own resolution of partial forms (relative references), if it prints one.
    pub resolution: Option<&'static str>,
    /// Where the document gives it, or why there is none.
    pub resolution_source: &'static str,
    /// How the document compares URLs.
    pub comparison: Comparison,
    /// Where that reading comes from, in words.
    pub comparison_source: &'static str,
    /// The rule the inputs of a comparison must match (`None`: any text).
    pub compared_rule: Option<&'static str>,
    /// Whether `encode` also escapes RFC 1738 §2.2's unsafe characters.
    pub encode_unsafe: bool,
    /// For each [`Component`] (in [`Component::ALL`]'s order), the grammar's
    /// rule whose characters the component allows: the later editions only.
    pub components: Option<[&'static str; 6]>,
}

/// What `edition`'s document says its URLs mean.
///
/// ```
/// use urlbnf::{Edition, meaning::{Comparison, meaning}};
/// assert_eq!(meaning(Edition::Rfc3986).comparison, Comparison::Ladder);
/// assert_eq!(meaning(Edition::Rfc1738).comparison, Comparison::EncodingLevel);
/// assert!(meaning(Edition::Rfc1738).resolution.is_none());
/// ```
pub fn meaning(edition: Edition) -> Meaning {
    let m = edition.descriptor().meaning;
    Meaning {
        resolution: m.resolution,
        resolution_source: m.resolution_source,
        // The build admits `encoding-level` and `ladder` only.
        comparison: match m.comparison {
            "ladder" => Comparison::Ladder,
            _ => Comparison::EncodingLevel,
        },
        comparison_source: m.comparison_source,
        compared_rule: m.compared_rule,
        encode_unsafe: m.encode_unsafe,
        components: m.components,
    }
}

impl Meaning {
    /// The levels this edition's comparison has, lowest first.
    ///
    /// ```
    /// use urlbnf::{Edition, meaning::{Level, meaning}};
    /// assert_eq!(meaning(Edition::Rfc1738).levels(), [Level::String, Level::Encoding]);
    /// ```
    pub fn levels(&self) -> &'static [Level] {
        match self.comparison {
            Comparison::EncodingLevel => &[Level::String, Level::Encoding],
            Comparison::Ladder => &[Level::String, Level::Syntax, Level::Scheme],
        }
    }

    /// The level compared when none is asked for.
    ///
    /// ```
    /// use urlbnf::{Edition, meaning::{Level, meaning}};
    /// assert_eq!(meaning(Edition::Rfc3986).default_level(), Level::Syntax);
    /// ```
    pub fn default_level(&self) -> Level {
        match self.comparison {
            Comparison::EncodingLevel => Level::Encoding,
            Comparison::Ladder => Level::Syntax,
        }
    }

    /// The rule bounding `component`'s characters, if the edition has one.
    ///
    /// ```
    /// use urlbnf::{Edition, meaning::{Component, meaning}};
    /// assert_eq!(meaning(Edition::Rfc3986).component_rule(Component::Host), Some("reg-name"));
    /// assert_eq!(meaning(Edition::Rfc1738).component_rule(Component::Host), None);
    /// ```
    pub fn component_rule(&self, component: Component) -> Option<&'static str> {
        let i = Component::ALL.iter().position(|&c| c == component)?;
        self.components?.get(i).copied()
    }
}

/// A scheme's default port, and the document that says so.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct DefaultPort {
    /// The scheme, in lower case.
    pub scheme: &'static str,
    /// Its default port.
    pub port: u16,
    /// Whether the scheme defines an empty path (with an authority) as `/`.
    pub empty_path_is_root: bool,
    /// Where the port comes from.
    pub source: &'static str,
    /// Where the empty path as `/` comes from (empty where the scheme does
    /// not define it so).
    pub path_source: &'static str,
}

/// The default ports known for scheme-based normalization (RFC 3986 §6.2.3:
/// "the default for the scheme", which the scheme's own specification gives).
pub const DEFAULT_PORTS: &[DefaultPort] = &[
    DefaultPort {
        scheme: "http",
        port: 80,
        empty_path_is_root: true,
        source: "RFC 3986 §6.2.3 (\"the \"http\" scheme ... has a default port of \"80\"\"); \
                 RFC 1738 §3.3",
        path_source: "RFC 3986 §6.2.3 (\"the \"http\" scheme ... has a default port of \"80\", \
                      and defines an empty path to be equivalent to \"/\"\")",
    },
    DefaultPort {
        scheme: "https",
        port: 443,
        empty_path_is_root: true,
        source: concat!(
            "RFC 2818, HTTP over TLS, and the IANA port number registry ",
            "(not among urlbnf's documents)"
        ),
        path_source: "RFC 2818, HTTP over TLS (not among urlbnf's documents): its path read as http's",
    },
    DefaultPort {
        scheme: "ftp",
        port: 21,
        empty_path_is_root: false,
        source: "RFC 1738 §3.2",
        path_source: "",
    },
    DefaultPort {
        scheme: "gopher",
        port: 70,
        empty_path_is_root: false,
        source: "RFC 1738 §3.4",
        path_source: "",
    },
    DefaultPort {
        scheme: "nntp",
        port: 119,
        empty_path_is_root: false,
        source: "RFC 1738 §3.7",
        path_source: "",
    },
    DefaultPort {
        scheme: "telnet",
        port: 23,
        empty_path_is_root: false,
        source: "RFC 1738 §3.8",
        path_source: "",
    },
    DefaultPort {
        scheme: "wais",
        port: 210,
        empty_path_is_root: false,
        source: "RFC 1738 §3.9",
        path_source: "",
    },
    DefaultPort {
        scheme: "prospero",
        port: 1525,
        empty_path_is_root: false,
        source: "RFC 1738 §3.11",
        path_source: "",
    },
    DefaultPort {
        scheme: "ws",
        port: 80,
        empty_path_is_root: false,
        source: concat!(
            "RFC 6455, The WebSocket Protocol ",
            "(not among urlbnf's documents)"
        ),
        path_source: "",
    },
    DefaultPort {
        scheme: "wss",
        port: 443,
        empty_path_is_root: false,
        source: concat!(
            "RFC 6455, The WebSocket Protocol ",
            "(not among urlbnf's documents)"
        ),
        path_source: "",
    },
];

/// The default port of `scheme` (any case: RFC 3986 §3.1), with its source.
///
/// ```
/// use urlbnf::meaning::default_port;
/// assert_eq!(default_port("HTTP").map(|d| d.port), Some(80));
/// assert!(default_port("https").unwrap().source.contains("RFC 2818"));
/// assert!(default_port("mailto").is_none());
/// ```
pub fn default_port(scheme: &str) -> Option<&'static DefaultPort> {
    DEFAULT_PORTS
        .iter()
        .find(|d| d.scheme.eq_ignore_ascii_case(scheme))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Not among urlbnf's documents: named so, not quoted.
    const NOT_HERE: &str = "(not among urlbnf's documents)";

    #[test]
    fn sources_not_among_the_documents_say_so() {
        for d in DEFAULT_PORTS {
            let cited = d.source.contains("RFC 1738") || d.source.contains("RFC 3986");
            assert!(cited || d.source.contains(NOT_HERE), "{}", d.scheme);
        }
    }
}
