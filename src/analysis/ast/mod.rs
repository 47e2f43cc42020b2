//! One typed AST for every scheme of every edition, over the derivations of the
//! pest grammars (made by the PEG machine compiled from them; pest's own parser is
//! the reference, [`parse_rule_by_pest`]).
//!
//! Every component borrows the input and carries its byte span ([`Part`]); escapes
//! stay raw ([`Part::decode`] decodes them). A component an edition's grammar does
//! not have is `None`, never invented. `Display` writes the input back exactly.
//! Where a printed grammar derives an input in several ways, the tree (and so the
//! AST) takes the reading the document's prose describes (the manual, "Readings").

use std::fmt;

use serde::Serialize;

use crate::analysis::check;
use crate::edition::Edition;
use crate::error::Error;
use crate::grammar::{Derivation, PestOutcome, Token, peg};

mod accessors;
mod build;
mod part;

pub use accessors::default_port;
pub use part::{Host, HostKind, HostPort, Login, MalformedEscape, Part, Path, Segments};

/// `http://` hostport [ `/` path ] [ `?` search ] (every edition has it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Http<'a> {
    #[serde(flatten)]
    /// Host and port.
    pub hostport: HostPort<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    /// The path after the first `/`.
    pub path: Option<Path<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    /// The search after `?`.
    pub search: Option<Part<'a>>,
}

/// `ftp://` login path, with its type code where the edition has one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Ftp<'a> {
    #[serde(flatten)]
    /// User, password, host and port.
    pub login: Login<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    /// The path after the first `/`.
    pub path: Option<Path<'a>>,
    /// rfc1738 `;type=` code, draft-1994 `!` code (rfc1630-url: see the manual, "The typed AST").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ftptype: Option<Part<'a>>,
}

impl<'a> Ftp<'a> {
    /// RFC 1738 §3.2.2: every segment but the last is a `CWD` argument.
    pub fn cwd(&self) -> Segments<'a> {
        let mut segments = self.path.map_or(Segments::none(), |p| p.segments());
        segments.next_back();
        segments
    }

    /// RFC 1738 §3.2.2: the last segment names the file (empty for a directory).
    pub fn name(&self) -> Option<Part<'a>> {
        self.path.and_then(|p| p.segments().next_back())
    }
}

/// A local or remote file: RFC 1738 `fileurl`, draft-1993 `fileaddress`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct File<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    /// The host, absent for the local machine.
    pub host: Option<Host<'a>>,
    /// The path.
    pub path: Path<'a>,
}

impl File<'_> {
    /// RFC 1738 §3.10: no host, or `localhost`, is the machine reading the URL.
    pub fn is_local(&self) -> bool {
        self.host.is_none_or(|h| h.is_localhost())
    }
}

/// `gopher://` hostport [ `/` type selector ].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Gopher<'a> {
    #[serde(flatten)]
    /// Host and port.
    pub hostport: HostPort<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    /// The item type (one character).
    pub gtype: Option<Part<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    /// The selector (RFC 1738) or command (the drafts).
    pub selector: Option<Part<'a>>,
    /// rfc1738: after the first `%09`; the drafts: after `?`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub search: Option<Part<'a>>,
    /// rfc1738: after the second `%09`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gopher_plus: Option<Part<'a>>,
}

impl Gopher<'_> {
    /// RFC 1738 §3.4: the item type, `1` when the gopher path is empty.
    pub fn item_type(&self) -> &str {
        self.gtype.map_or("1", |t| t.text)
    }
}

/// `mailto:` an address (RFC 822 `addr-spec` in RFC 1738).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Mailto<'a> {
    /// Everything after the scheme's colon(s).
    pub address: Part<'a>,
    /// The drafts and rfc1630-url: `xalphas` before `@`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mailbox: Option<Part<'a>>,
    /// The drafts and rfc1630-url: `hostname` after `@`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub host: Option<Part<'a>>,
}

/// What a `news:` URL names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "form", rename_all = "lowercase")]
pub enum News<'a> {
    /// `*`: every group (RFC 1738 §3.6).
    All {
        /// The `*`.
        part: Part<'a>,
    },
    /// A newsgroup name.
    Group {
        /// The group name.
        group: Part<'a>,
    },
    /// A message id: it has `@` (RFC 1738 §3.6).
    Article {
        /// The message id before `@`.
        id: Part<'a>,
        /// The host after `@`.
        host: Host<'a>,
    },
}

/// `nntp:` a group and article number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Nntp<'a> {
    /// rfc1738 only; the drafts' `nntp:` has no host. In JSON, `host` and
    /// `port` beside the others, as every scheme has them.
    #[serde(flatten)]
    pub hostport: Option<HostPort<'a>>,
    /// The newsgroup.
    pub group: Part<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    /// The article number.
    pub article: Option<Part<'a>>,
}

/// `telnet://` [ user [ `:` password ] `@` ] hostport.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Telnet<'a> {
    #[serde(flatten)]
    /// User, password, host and port.
    pub login: Login<'a>,
}

/// One `digits = path ;` field of a wais `wpath` (draft-1994, rfc1630-url).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct WpathField<'a> {
    /// The field number.
    pub digits: Part<'a>,
    /// Its path.
    pub path: Part<'a>,
}

/// Which of the wais forms a URL has.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "form", rename_all = "lowercase")]
pub enum WaisForm<'a> {
    /// rfc1738 `waisdatabase`.
    Database,
    /// A search of the database.
    Index {
        #[serde(skip_serializing_if = "Option::is_none")]
        /// The search words, after `?`.
        search: Option<Part<'a>>,
    },
    /// A document of the database.
    Doc {
        /// The document type.
        wtype: Part<'a>,
        /// draft-1993: `digits / path`, the length before the path.
        #[serde(skip_serializing_if = "Option::is_none")]
        length: Option<Part<'a>>,
        /// The document path.
        wpath: Part<'a>,
        /// The `digits = path ;` fields of the path (draft-1994, rfc1630-url).
        fields: Vec<WpathField<'a>>,
    },
}

/// `wais://` hostport `/` database, then a search or a document.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Wais<'a> {
    #[serde(flatten)]
    /// Host and port.
    pub hostport: HostPort<'a>,
    /// The database name.
    pub database: Part<'a>,
    #[serde(flatten)]
    /// Database, index or document.
    pub form: WaisForm<'a>,
}

/// rfc1738 `fieldspec`: `;` name `=` value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct FieldSpec<'a> {
    /// The field name.
    pub name: Part<'a>,
    /// The field value.
    pub value: Part<'a>,
}

/// `prospero://` hostport `/` name, with version and attributes where the edition has them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Prospero<'a> {
    #[serde(flatten)]
    /// Host and port.
    pub hostport: HostPort<'a>,
    /// `hsoname` (the letters editions) or `ppath` (rfc1738).
    pub hsoname: Path<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    /// The version, after `%00`.
    pub version: Option<Part<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    /// The attributes.
    pub attributes: Option<Part<'a>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    /// RFC 1738 `;name=value` fields.
    pub fields: Vec<FieldSpec<'a>>,
}

/// `afs://` cell `/` path (the drafts).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Afs<'a> {
    /// The AFS cell.
    pub cell: Part<'a>,
    /// The path in the cell.
    pub path: Path<'a>,
}

/// rfc1738 `ip-schemepart`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct IpSchemepart<'a> {
    #[serde(flatten)]
    /// User, password, host and port.
    pub login: Login<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    /// The path after the host.
    pub urlpath: Option<Part<'a>>,
}

/// draft-1993 `generic`, rfc1630-uri `uri`, rfc1738 `genericurl`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Generic<'a> {
    /// Everything after the scheme's colon.
    pub schemepart: Part<'a>,
    /// draft-1993, rfc1630-uri.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<Path<'a>>,
    /// draft-1993, rfc1630-uri.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub search: Option<Part<'a>>,
    /// rfc1738, when the schemepart has the IP-based form.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ip: Option<IpSchemepart<'a>>,
}

/// What follows the scheme, by scheme.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Body<'a> {
    /// `http`.
    Http(Http<'a>),
    /// `ftp`.
    Ftp(Ftp<'a>),
    /// `file` (draft-1993: `ftp://host/path`).
    File(File<'a>),
    /// `gopher`.
    Gopher(Gopher<'a>),
    /// `mailto`.
    Mailto(Mailto<'a>),
    /// `news`.
    News(News<'a>),
    /// `nntp`.
    Nntp(Nntp<'a>),
    /// `telnet`.
    Telnet(Telnet<'a>),
    /// `wais`.
    Wais(Wais<'a>),
    /// `prospero`.
    Prospero(Prospero<'a>),
    /// `afs`.
    Afs(Afs<'a>),
    /// `mid` (draft-1994): a message id.
    Mid {
        /// The RFC 822 `addr-spec` (C4: `xalphas`).
        addr_spec: Part<'a>,
    },
    /// `cid` (draft-1994): a content id.
    Cid {
        /// The MIME content id (C4: `xalphas`).
        content_id: Part<'a>,
    },
    /// Any other scheme, by the generic syntax.
    Generic(Generic<'a>),
}

/// Which kind of [`Body`] a URL has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// `http`.
    Http,
    /// `ftp`.
    Ftp,
    /// `file`.
    File,
    /// `gopher`.
    Gopher,
    /// `mailto`.
    Mailto,
    /// `news`.
    News,
    /// `nntp`.
    Nntp,
    /// `telnet`.
    Telnet,
    /// `wais`.
    Wais,
    /// `prospero`.
    Prospero,
    /// `afs`.
    Afs,
    /// `mid` (draft-1994).
    Mid,
    /// `cid` (draft-1994).
    Cid,
    /// The generic syntax.
    Generic,
}

impl Kind {
    /// The kind's name, as JSON writes it.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Http => "http",
            Kind::Ftp => "ftp",
            Kind::File => "file",
            Kind::Gopher => "gopher",
            Kind::Mailto => "mailto",
            Kind::News => "news",
            Kind::Nntp => "nntp",
            Kind::Telnet => "telnet",
            Kind::Wais => "wais",
            Kind::Prospero => "prospero",
            Kind::Afs => "afs",
            Kind::Mid => "mid",
            Kind::Cid => "cid",
            Kind::Generic => "generic",
        }
    }
}

impl Body<'_> {
    /// Which kind of body this is.
    pub fn kind(&self) -> Kind {
        match self {
            Body::Http(_) => Kind::Http,
            Body::Ftp(_) => Kind::Ftp,
            Body::File(_) => Kind::File,
            Body::Gopher(_) => Kind::Gopher,
            Body::Mailto(_) => Kind::Mailto,
            Body::News(_) => Kind::News,
            Body::Nntp(_) => Kind::Nntp,
            Body::Telnet(_) => Kind::Telnet,
            Body::Wais(_) => Kind::Wais,
            Body::Prospero(_) => Kind::Prospero,
            Body::Afs(_) => Kind::Afs,
            Body::Mid { .. } => Kind::Mid,
            Body::Cid { .. } => Kind::Cid,
            Body::Generic(_) => Kind::Generic,
        }
    }
}

/// A URL parsed under one edition.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Url<'a> {
    /// The edition whose grammar derived it (JSON `grammar`).
    #[serde(rename = "grammar")]
    pub edition: Edition,
    #[serde(skip)]
    /// The whole input.
    pub input: &'a str,
    /// The `url:` of `prefixedurl` (draft-1994, rfc1630-url).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prefix: Option<Part<'a>>,
    /// The scheme name, without its colon.
    pub scheme: Part<'a>,
    /// What follows the scheme.
    pub body: Body<'a>,
    /// `# fragmentid` (draft-1993, rfc1630-uri), without the `#`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fragment: Option<Part<'a>>,
}

impl fmt::Display for Url<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.input)
    }
}

/// At most about how many bytes the AST of `input` takes: one [`Part`] per `;`
/// (its fields) and per `/` (path segments, counted as if held; the AST finds
/// them on demand, so for paths this is an over-estimate). Callers that bound
/// memory per input check this before parsing.
pub fn size_estimate(input: &str) -> usize {
    let parts = input.bytes().filter(|&b| b == b'/' || b == b';').count() + 1;
    parts * std::mem::size_of::<Part<'_>>() + 1024
}

/// Parse under the edition's default rule. An input the rule does not derive is
/// [`Error::Invalid`], with the diagnosis `check` gives.
pub fn parse(edition: Edition, input: &str) -> Result<Url<'_>, Error> {
    parse_rule(edition, edition.default_rule(), input)
}

/// Parse under a URL rule (the default rules, `url`, `prefixedurl`) or any
/// scheme rule (`httpaddress`, `afsaddress`, `waisdoc`, `genericurl`…).
///
/// The derivation comes from the PEG machine compiled from the edition's pest
/// grammar (the same derivation as pest's, as the tests prove, without pest's
/// bookkeeping); [`parse_rule_by_pest`] builds it from pest's parser instead.
pub fn parse_rule<'a>(edition: Edition, rule: &str, input: &'a str) -> Result<Url<'a>, Error> {
    parse_rule_within(edition, rule, input, usize::MAX)
}

/// [`parse_rule`] with at most `tokens` nodes in the derivation; a larger one is
/// [`Error::TooLarge`]. Callers that bound memory per input set it.
pub fn parse_rule_within<'a>(
    edition: Edition,
    rule: &str,
    input: &'a str,
    tokens: usize,
) -> Result<Url<'a>, Error> {
    use crate::engine::machine::{Machine, Stop};
    if !is_url_rule(edition, rule) {
        return url_rule(edition, rule).and(Err(Error::unknown_rule(edition, rule)));
    }
    let machine = Machine::of(edition)?;
    match machine.derive_in(rule, input, tokens, Buffer::take()) {
        Some(Ok(derivation)) => {
            let kept = Buffer(derivation);
            built(edition, rule, input, &kept.0)
        }
        Some(Err(Stop::NoMatch)) => Err(Error::Invalid(check::diagnose(edition, rule, input)?)),
        Some(Err(Stop::TooLarge)) => Err(Error::TooLarge {
            needed: input.len().saturating_mul(std::mem::size_of::<Token>()),
            allowed: tokens.saturating_mul(std::mem::size_of::<Token>()),
            what: "its derivation",
        }),
        // A URL rule's name the edition does not print: the lookup's error.
        None => url_rule(edition, rule).and(Err(Error::unknown_rule(edition, rule))),
    }
}

/// A derivation whose tokens go back to the thread's buffer when it is dropped,
/// for the next parse (one allocation per thread, not per input), unless a long
/// input made it large: memory stays bounded by what one parse needs.
struct Buffer(Derivation);

thread_local! {
    static TOKENS: std::cell::Cell<Vec<Token>> = const { std::cell::Cell::new(Vec::new()) };
}

impl Buffer {
    /// Tokens this many or fewer are kept (24 KiB).
    const KEPT: usize = 1024;

    fn take() -> Vec<Token> {
        TOKENS.take()
    }
}

impl Drop for Buffer {
    fn drop(&mut self) {
        let tokens = std::mem::take(&mut self.0.tokens);
        if tokens.capacity() <= Buffer::KEPT {
            TOKENS.set(tokens);
        }
    }
}

/// The reference: the AST built from pest's own derivation.
pub fn parse_rule_by_pest<'a>(
    edition: Edition,
    rule: &str,
    input: &'a str,
) -> Result<Url<'a>, Error> {
    url_rule(edition, rule)?;
    match peg::run(edition, rule, input)? {
        PestOutcome::Whole(node) => built(edition, rule, input, &Derivation::of_node(&node)),
        _ => Err(Error::Invalid(check::diagnose(edition, rule, input)?)),
    }
}

fn url_rule(edition: Edition, rule: &str) -> Result<(), Error> {
    check::require_rule(edition, rule)?;
    if !is_url_rule(edition, rule) {
        return Err(Error::NotAUrlRule {
            edition,
            rule: rule.into(),
        });
    }
    Ok(())
}

#[inline]
fn built<'a>(
    edition: Edition,
    rule: &str,
    input: &'a str,
    derivation: &Derivation,
) -> Result<Url<'a>, Error> {
    let unknown = || Error::Transcription {
        edition,
        rule: Some(rule.into()),
        message: "the AST builder does not know this derivation".into(),
    };
    match derivation.root() {
        Some(root) => build::build(edition, input, root, unknown),
        None => Err(unknown()),
    }
}

/// The printed rules that name whole URLs: wrappers and scheme productions.
pub fn is_url_rule(edition: Edition, rule: &str) -> bool {
    matches!(
        rule,
        "fragmentaddress" | "prefixedurl" | "url" | "uri" | "generic" | "genericurl" | "otherurl"
    ) || scheme_kind(edition, rule).is_some()
}

/// The AST kind a printed scheme production maps to.
pub fn scheme_kind(edition: Edition, rule: &str) -> Option<Kind> {
    use Edition::*;
    Some(match (edition, rule) {
        (_, "httpaddress" | "httpurl") => Kind::Http,
        (_, "ftpaddress" | "ftpurl") => Kind::Ftp,
        // draft-1993's fileaddress is `ftp://host/path`, the file scheme of its time.
        (Draft1993, "fileaddress") | (Rfc1738, "fileurl") => Kind::File,
        (_, "gopheraddress" | "gopherurl") => Kind::Gopher,
        (_, "mailtoaddress" | "mailtourl") => Kind::Mailto,
        (_, "newsaddress" | "newsurl") => Kind::News,
        (_, "nntpaddress" | "nntpurl") => Kind::Nntp,
        (_, "telnetaddress" | "telneturl") => Kind::Telnet,
        (_, "waisaddress" | "waisurl" | "waisindex" | "waisdoc" | "waisdatabase") => Kind::Wais,
        (_, "prosperoaddress" | "prosperolink" | "prosperourl") => Kind::Prospero,
        (_, "afsaddress") => Kind::Afs,
        (_, "midaddress") => Kind::Mid,
        (_, "cidaddress") => Kind::Cid,
        (Draft1993, "generic") | (Rfc1630Uri, "uri") | (Rfc1738, "genericurl" | "otherurl") => {
            Kind::Generic
        }
        _ => return None,
    })
}

/// A URL that owns its text: what [`arbitrary::Arbitrary`] builds for property
/// tests. Its text is derived from the edition's default rule by the grammar
/// generator, so it always parses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OwnedUrl {
    /// The edition whose default rule derives the text.
    pub edition: Edition,
    /// The URL.
    pub text: String,
}

impl OwnedUrl {
    /// The AST, borrowing this text.
    pub fn url(&self) -> Result<Url<'_>, Error> {
        parse(self.edition, &self.text)
    }
}

impl<'a> arbitrary::Arbitrary<'a> for OwnedUrl {
    fn arbitrary(u: &mut arbitrary::Unstructured<'a>) -> arbitrary::Result<Self> {
        let edition = *u.choose(&Edition::ALL)?;
        let text = crate::engine::Generator::new(edition).generate(edition.default_rule(), u)?;
        Ok(OwnedUrl { edition, text })
    }
}
