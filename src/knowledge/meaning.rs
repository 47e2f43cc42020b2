//! What each edition's own document says its URLs *mean*, beside their syntax:
//! which rules resolve its partial forms, how it compares two URLs, which
//! characters it keeps unencoded and which rule bounds each component. Every
//! per-edition choice of `resolve`, `normalize`, `equiv` and `encode` is looked
//! up here ([`meaning`]), from the edition's descriptor (`[meaning]`,
//! `reserved_rules`, `unreserved_rules`); the rules themselves (RFC 1630's, RFC 3986's, the WHATWG
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
    /// What the document says of upper case letters in a scheme.
    pub scheme_case: SchemeCase,
}

/// What a document says of upper case letters in a scheme name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SchemeCase {
    /// Its prose asks programs to read them as lower case and its BNF does not
    /// derive them (`--fold-scheme-case` applies): where, and its words.
    Folded {
        /// The document and section (`RFC 1738 §2.1`).
        section: &'static str,
        /// Its words.
        quote: &'static str,
    },
    /// Its prose reads them without case and its BNF derives them already
    /// (RFC 3986 §3.1's `ALPHA`): folding changes nothing.
    Derived {
        /// The document and section.
        section: &'static str,
        /// Its words.
        quote: &'static str,
    },
    /// It says nothing of scheme case.
    Silent,
}

/// What `edition`'s document says its URLs mean.
///
/// ```
/// use urlbnf::{Edition, meaning::{Comparison, SchemeCase, meaning}};
/// assert_eq!(meaning(Edition::Rfc3986).comparison, Comparison::Ladder);
/// assert_eq!(meaning(Edition::Rfc1738).comparison, Comparison::EncodingLevel);
/// assert!(meaning(Edition::Rfc1738).resolution.is_none());
/// assert!(matches!(meaning(Edition::Rfc1738).scheme_case, SchemeCase::Folded { .. }));
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
        components: m
            .components
            .map(|c| [c.segment, c.path, c.query, c.fragment, c.userinfo, c.host]),
        scheme_case: match (
            edition.descriptor().fold_scheme_case,
            edition.descriptor().scheme_case_derived,
        ) {
            (Some(c), _) => SchemeCase::Folded {
                section: c.section,
                quote: c.quote,
            },
            (None, Some(c)) => SchemeCase::Derived {
                section: c.section,
                quote: c.quote,
            },
            (None, None) => SchemeCase::Silent,
        },
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

/// Where a document among urlbnf's states a scheme's default port, in its
/// words: what a prose note quotes and a port lint cites.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Stated {
    /// The document, as its editions cite it (`RFC 1738`).
    pub document: &'static str,
    /// The document and section (`RFC 1738 §3.3`).
    pub section: &'static str,
    /// Its words.
    pub quote: &'static str,
}

/// One scheme's default port: what scheme-based normalization reads, and
/// where an edition's document states it, if one does.
struct Row {
    port: DefaultPort,
    stated: Option<Stated>,
}

/// A row of RFC 1738 §3: the scheme's port, cited by `source` for
/// normalization and by `section` with its words, which are the same for
/// every scheme but the number.
macro_rules! rfc1738 {
    ($scheme:literal, $port:literal, $source:literal, $section:literal) => {
        Row {
            port: DefaultPort {
                scheme: $scheme,
                port: $port,
                empty_path_is_root: false,
                source: $source,
                path_source: "",
            },
            stated: Some(Stated {
                document: "RFC 1738",
                section: $section,
                quote: concat!("If :<port> is omitted, the port defaults to ", $port, "."),
            }),
        }
    };
}

/// The one table of default ports, each with its sources. RFC 3986 §6.2.3
/// leaves a port to "the default for the scheme", which the scheme's own
/// specification gives: RFC 1738 §3 for the early schemes (gopher's in
/// §3.4.1, under §3.4), documents not among urlbnf's for the later ones.
const PORTS: [Row; 10] = [
    Row {
        port: DefaultPort {
            scheme: "http",
            port: 80,
            empty_path_is_root: true,
            source: "RFC 3986 §6.2.3 (\"the \"http\" scheme ... has a default port of \"80\"\"); \
                     RFC 1738 §3.3",
            path_source: "RFC 3986 §6.2.3 (\"the \"http\" scheme ... has a default port of \"80\", \
                          and defines an empty path to be equivalent to \"/\"\")",
        },
        stated: Some(Stated {
            document: "RFC 1738",
            section: "RFC 1738 §3.3",
            quote: "If :<port> is omitted, the port defaults to 80.",
        }),
    },
    Row {
        port: DefaultPort {
            scheme: "https",
            port: 443,
            empty_path_is_root: true,
            source: concat!(
                "RFC 2818, HTTP over TLS, and the IANA port number registry ",
                "(not among urlbnf's documents)"
            ),
            path_source: "RFC 2818, HTTP over TLS (not among urlbnf's documents): its path read as http's",
        },
        stated: None,
    },
    rfc1738!("ftp", 21, "RFC 1738 §3.2", "RFC 1738 §3.2"),
    rfc1738!("gopher", 70, "RFC 1738 §3.4", "RFC 1738 §3.4.1"),
    rfc1738!("nntp", 119, "RFC 1738 §3.7", "RFC 1738 §3.7"),
    rfc1738!("telnet", 23, "RFC 1738 §3.8", "RFC 1738 §3.8"),
    rfc1738!("wais", 210, "RFC 1738 §3.9", "RFC 1738 §3.9"),
    rfc1738!("prospero", 1525, "RFC 1738 §3.11", "RFC 1738 §3.11"),
    websocket("ws", 80),
    websocket("wss", 443),
];

/// RFC 6455 §3's schemes.
const fn websocket(scheme: &'static str, port: u16) -> Row {
    Row {
        port: DefaultPort {
            scheme,
            port,
            empty_path_is_root: false,
            source: concat!(
                "RFC 6455, The WebSocket Protocol ",
                "(not among urlbnf's documents)"
            ),
            path_source: "",
        },
        stated: None,
    }
}

/// The default ports known for scheme-based normalization (RFC 3986 §6.2.3:
/// "the default for the scheme", which the scheme's own specification gives).
pub const DEFAULT_PORTS: &[DefaultPort] = &{
    let mut out = [PORTS[0].port; PORTS.len()];
    let mut i = 0;
    while i < PORTS.len() {
        out[i] = PORTS[i].port;
        i += 1;
    }
    out
};

/// The default port of `scheme` (as written: no case folded) where
/// `document` (an edition's citation, `RFC 1738`) states it, and its words.
pub(crate) fn stated_port(document: &str, scheme: &str) -> Option<(u16, Stated)> {
    PORTS.iter().find_map(|r| {
        let s = r.stated.filter(|s| s.document == document)?;
        (r.port.scheme == scheme).then_some((r.port.port, s))
    })
}

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
