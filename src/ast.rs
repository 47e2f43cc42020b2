//! One typed AST for every scheme of every edition, over the pest parse trees.
//!
//! Every component borrows the input and carries its byte span ([`Part`]); escapes
//! stay raw ([`Part::decode`] decodes them). A component an edition's grammar does
//! not have is `None`, never invented. `Display` writes the input back exactly.
//! Where a printed grammar derives an input in several ways, the tree (and so the
//! AST) takes the reading the document's prose describes (README, "Readings").

use std::fmt;

use serde::Serialize;

use crate::check::{self, CheckError};
use crate::edition::Edition;
use crate::grammars::{self, Node, PestOutcome, UnknownRule};

/// A piece of the input: its text and byte span.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Part<'a> {
    pub text: &'a str,
    pub start: usize,
    pub end: usize,
}

/// A `%` not followed by two hexadecimal digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct MalformedEscape {
    /// Byte offset of the `%` in the input.
    pub offset: usize,
}

impl fmt::Display for MalformedEscape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "malformed escape at byte {}", self.offset)
    }
}

impl std::error::Error for MalformedEscape {}

impl<'a> Part<'a> {
    fn of(input: &'a str, start: usize, end: usize) -> Part<'a> {
        Part {
            text: input.get(start..end).unwrap_or(""),
            start,
            end,
        }
    }

    fn node(input: &'a str, n: &Node) -> Part<'a> {
        Part::of(input, n.start, n.end)
    }

    /// The bytes the text stands for: each `%XX` decoded (RFC 1738 §2.2).
    pub fn decode(&self) -> Result<Vec<u8>, MalformedEscape> {
        let bytes = self.text.as_bytes();
        let mut out = Vec::with_capacity(bytes.len());
        let mut i = 0;
        while let Some(&b) = bytes.get(i) {
            if b != b'%' {
                out.push(b);
                i += 1;
                continue;
            }
            let hex = |j: usize| bytes.get(j).and_then(|c| (*c as char).to_digit(16));
            match (hex(i + 1), hex(i + 2)) {
                (Some(h), Some(l)) => out.push((h * 16 + l) as u8),
                _ => {
                    return Err(MalformedEscape {
                        offset: self.start + i,
                    });
                }
            }
            i += 3;
        }
        Ok(out)
    }

    /// The decoded text, where it is UTF-8 (lossy otherwise).
    pub fn decode_lossy(&self) -> Result<String, MalformedEscape> {
        Ok(String::from_utf8_lossy(&self.decode()?).into_owned())
    }
}

/// A host: a name or a dotted number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Host<'a> {
    #[serde(flatten)]
    pub part: Part<'a>,
    pub kind: HostKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum HostKind {
    Name,
    Number,
}

impl Host<'_> {
    /// RFC 1738 §3.10: `localhost` (or no host) is the machine the URL is read on.
    pub fn is_localhost(&self) -> bool {
        self.kind == HostKind::Name && self.part.text == "localhost"
    }
}

/// `hostport`: a host and perhaps a port.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct HostPort<'a> {
    pub host: Host<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub port: Option<Part<'a>>,
}

/// `login`: `[ user [ : password ] @ ] hostport`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Login<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub user: Option<Part<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub password: Option<Part<'a>>,
    #[serde(flatten)]
    pub hostport: HostPort<'a>,
}

/// A slash-separated path; its segments split at each `/` (never escaped).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Path<'a> {
    #[serde(flatten)]
    pub part: Part<'a>,
    pub segments: Vec<Part<'a>>,
}

impl<'a> Path<'a> {
    fn of(input: &'a str, start: usize, end: usize) -> Path<'a> {
        let part = Part::of(input, start, end);
        let mut segments = Vec::new();
        let mut at = start;
        for seg in part.text.split('/') {
            segments.push(Part::of(input, at, at + seg.len()));
            at += seg.len() + 1;
        }
        Path { part, segments }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Http<'a> {
    #[serde(flatten)]
    pub hostport: HostPort<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<Path<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub search: Option<Part<'a>>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Ftp<'a> {
    #[serde(flatten)]
    pub login: Login<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<Path<'a>>,
    /// rfc1738 `;type=` code, draft-1994 `!` code (rfc1630-url: see README).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ftptype: Option<Part<'a>>,
}

impl<'a> Ftp<'a> {
    /// RFC 1738 §3.2.2: every segment but the last is a `CWD` argument.
    pub fn cwd(&self) -> &[Part<'a>] {
        match &self.path {
            Some(p) => p.segments.split_last().map_or(&[], |(_, init)| init),
            None => &[],
        }
    }

    /// RFC 1738 §3.2.2: the last segment names the file (empty for a directory).
    pub fn name(&self) -> Option<Part<'a>> {
        self.path.as_ref().and_then(|p| p.segments.last().copied())
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct File<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub host: Option<Host<'a>>,
    pub path: Path<'a>,
}

impl File<'_> {
    /// RFC 1738 §3.10: no host, or `localhost`, is the machine reading the URL.
    pub fn is_local(&self) -> bool {
        self.host.is_none_or(|h| h.is_localhost())
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Gopher<'a> {
    #[serde(flatten)]
    pub hostport: HostPort<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gtype: Option<Part<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
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

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
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

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "form", rename_all = "lowercase")]
pub enum News<'a> {
    /// `*`: every group (RFC 1738 §3.6).
    All {
        part: Part<'a>,
    },
    Group {
        group: Part<'a>,
    },
    /// A message id: it has `@` (RFC 1738 §3.6).
    Article {
        id: Part<'a>,
        host: Host<'a>,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Nntp<'a> {
    /// rfc1738 only; the drafts' `nntp:` has no host.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hostport: Option<HostPort<'a>>,
    pub group: Part<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub article: Option<Part<'a>>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Telnet<'a> {
    #[serde(flatten)]
    pub login: Login<'a>,
}

/// One `digits = path ;` field of a wais `wpath` (draft-1994, rfc1630-url).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct WpathField<'a> {
    pub digits: Part<'a>,
    pub path: Part<'a>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "form", rename_all = "lowercase")]
pub enum WaisForm<'a> {
    /// rfc1738 `waisdatabase`.
    Database,
    Index {
        #[serde(skip_serializing_if = "Option::is_none")]
        search: Option<Part<'a>>,
    },
    Doc {
        wtype: Part<'a>,
        /// draft-1993: `digits / path`, the length before the path.
        #[serde(skip_serializing_if = "Option::is_none")]
        length: Option<Part<'a>>,
        wpath: Part<'a>,
        fields: Vec<WpathField<'a>>,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Wais<'a> {
    #[serde(flatten)]
    pub hostport: HostPort<'a>,
    pub database: Part<'a>,
    #[serde(flatten)]
    pub form: WaisForm<'a>,
}

/// rfc1738 `fieldspec`: `;` name `=` value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct FieldSpec<'a> {
    pub name: Part<'a>,
    pub value: Part<'a>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Prospero<'a> {
    #[serde(flatten)]
    pub hostport: HostPort<'a>,
    /// `hsoname` (the letters editions) or `ppath` (rfc1738).
    pub hsoname: Path<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub version: Option<Part<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub attributes: Option<Part<'a>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub fields: Vec<FieldSpec<'a>>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Afs<'a> {
    pub cell: Part<'a>,
    pub path: Path<'a>,
}

/// rfc1738 `ip-schemepart`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct IpSchemepart<'a> {
    #[serde(flatten)]
    pub login: Login<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub urlpath: Option<Part<'a>>,
}

/// draft-1993 `generic`, rfc1630-uri `uri`, rfc1738 `genericurl`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
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
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Body<'a> {
    Http(Http<'a>),
    Ftp(Ftp<'a>),
    File(File<'a>),
    Gopher(Gopher<'a>),
    Mailto(Mailto<'a>),
    News(News<'a>),
    Nntp(Nntp<'a>),
    Telnet(Telnet<'a>),
    Wais(Wais<'a>),
    Prospero(Prospero<'a>),
    Afs(Afs<'a>),
    Mid { addr_spec: Part<'a> },
    Cid { content_id: Part<'a> },
    Generic(Generic<'a>),
}

/// Which kind of [`Body`] a URL has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    Http,
    Ftp,
    File,
    Gopher,
    Mailto,
    News,
    Nntp,
    Telnet,
    Wais,
    Prospero,
    Afs,
    Mid,
    Cid,
    Generic,
}

impl Body<'_> {
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
pub struct Url<'a> {
    pub edition: Edition,
    #[serde(skip)]
    pub input: &'a str,
    /// The `url:` of `prefixedurl` (draft-1994, rfc1630-url).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prefix: Option<Part<'a>>,
    /// The scheme name, without its colon.
    pub scheme: Part<'a>,
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

impl<'a> Url<'a> {
    /// The port the URL names, else the scheme's default.
    pub fn port(&self) -> Option<u32> {
        let explicit = self
            .hostport()
            .and_then(|hp| hp.port)
            .and_then(|p| p.text.parse().ok());
        explicit.or_else(|| default_port(self.scheme.text).map(u32::from))
    }

    /// The host and port, for schemes that have them.
    pub fn hostport(&self) -> Option<&HostPort<'a>> {
        match &self.body {
            Body::Http(h) => Some(&h.hostport),
            Body::Ftp(f) => Some(&f.login.hostport),
            Body::Gopher(g) => Some(&g.hostport),
            Body::Nntp(n) => n.hostport.as_ref(),
            Body::Telnet(t) => Some(&t.login.hostport),
            Body::Wais(w) => Some(&w.hostport),
            Body::Prospero(p) => Some(&p.hostport),
            Body::Generic(g) => g.ip.as_ref().map(|ip| &ip.login.hostport),
            Body::File(_)
            | Body::Mailto(_)
            | Body::News(_)
            | Body::Afs(_)
            | Body::Mid { .. }
            | Body::Cid { .. } => None,
        }
    }
}

/// RFC 1738 §3: the default port of each IP-based scheme.
pub fn default_port(scheme: &str) -> Option<u16> {
    Some(match scheme {
        "ftp" => 21,
        "http" => 80,
        "gopher" => 70,
        "nntp" => 119,
        "telnet" => 23,
        "wais" => 210,
        "prospero" => 1525,
        _ => return None,
    })
}

/// Why an input has no AST.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum ParseError {
    /// The input is not valid under the rule; the diagnosis `check` gives.
    Invalid(CheckError),
    /// The rule names no scheme production (`--rule hostname`).
    NotAUrlRule { rule: String },
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::Invalid(e) => f.write_str(&e.message),
            ParseError::NotAUrlRule { rule } => write!(f, "'{rule}' is not a URL or scheme rule"),
        }
    }
}

impl std::error::Error for ParseError {}

/// Parse under the edition's default rule.
pub fn parse(edition: Edition, input: &str) -> Result<Url<'_>, ParseError> {
    match parse_rule(edition, edition.default_rule(), input) {
        Ok(url) => Ok(url),
        Err(Failure::Rule(_)) => Err(ParseError::NotAUrlRule {
            rule: edition.default_rule().into(),
        }),
        Err(Failure::Parse(e)) => Err(e),
    }
}

/// Why [`parse_rule`] gave no AST.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    Rule(UnknownRule),
    Parse(ParseError),
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Rule(e) => e.fmt(f),
            Failure::Parse(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for Failure {}

/// Parse under a URL rule (the default rules, `url`, `prefixedurl`) or any
/// scheme rule (`httpaddress`, `afsaddress`, `waisdoc`, `genericurl`…).
pub fn parse_rule<'a>(edition: Edition, rule: &str, input: &'a str) -> Result<Url<'a>, Failure> {
    check::require_rule(edition, rule).map_err(Failure::Rule)?;
    if !is_url_rule(edition, rule) {
        return Err(Failure::Parse(ParseError::NotAUrlRule {
            rule: rule.into(),
        }));
    }
    match grammars::run(edition, rule, input).map_err(Failure::Rule)? {
        PestOutcome::Whole(node) => build(edition, input, &node)
            .ok_or_else(|| Failure::Parse(ParseError::NotAUrlRule { rule: rule.into() })),
        _ => {
            let e = check::diagnose(edition, rule, input).map_err(Failure::Rule)?;
            Err(Failure::Parse(ParseError::Invalid(e)))
        }
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

fn child<'n>(n: &'n Node, rule: &str) -> Option<&'n Node> {
    n.children.iter().find(|c| c.rule == rule)
}

fn children<'n>(n: &'n Node, rule: &'n str) -> impl Iterator<Item = &'n Node> + 'n {
    n.children.iter().filter(move |c| c.rule == rule)
}

/// Build the AST from a whole-input parse tree.
fn build<'a>(edition: Edition, input: &'a str, root: &Node) -> Option<Url<'a>> {
    let mut prefix = None;
    let mut fragment = None;
    let mut n = root;
    loop {
        match n.rule {
            "fragmentaddress" => {
                fragment = child(n, "fragmentid").map(|f| Part::node(input, f));
                n = n.children.first()?;
            }
            "prefixedurl" => {
                prefix = Some(Part::of(input, n.start, n.start + "url:".len()));
                n = child(n, "url")?;
            }
            "url" | "otherurl" | "waisaddress" | "waisurl" | "prosperoaddress" => {
                n = n.children.first()?
            }
            _ => break,
        }
    }
    let colon = input.get(n.start..)?.find(':')? + n.start;
    let scheme = Part::of(input, n.start, colon);
    let body = body(edition, input, n)?;
    Some(Url {
        edition,
        input,
        prefix,
        scheme,
        body,
        fragment,
    })
}

fn host<'a>(input: &'a str, n: &Node) -> Option<Host<'a>> {
    // `host` wraps `hostname` or `hostnumber`; `cellname` wraps `hostname`.
    let inner = n.children.first().unwrap_or(n);
    let kind = match inner.rule {
        "hostnumber" => HostKind::Number,
        _ => HostKind::Name,
    };
    Some(Host {
        part: Part::node(input, inner),
        kind,
    })
}

fn hostport<'a>(input: &'a str, n: &Node) -> Option<HostPort<'a>> {
    Some(HostPort {
        host: host(input, child(n, "host")?)?,
        port: child(n, "port").map(|p| Part::node(input, p)),
    })
}

fn login<'a>(input: &'a str, n: &Node) -> Option<Login<'a>> {
    Some(Login {
        user: child(n, "user").map(|u| Part::node(input, u)),
        password: child(n, "password").map(|p| Part::node(input, p)),
        hostport: hostport(input, child(n, "hostport")?)?,
    })
}

fn path<'a>(input: &'a str, n: &Node) -> Path<'a> {
    Path::of(input, n.start, n.end)
}

fn opt_part<'a>(input: &'a str, n: &Node, rule: &str) -> Option<Part<'a>> {
    child(n, rule).map(|c| Part::node(input, c))
}

fn body<'a>(edition: Edition, input: &'a str, n: &Node) -> Option<Body<'a>> {
    let kind = scheme_kind(edition, n.rule)?;
    // The text after the scheme's colon.
    let after_colon = input.get(n.start..n.end)?.find(':')? + n.start + 1;
    Some(match kind {
        Kind::Http => Body::Http(Http {
            hostport: hostport(input, child(n, "hostport")?)?,
            path: child(n, "path")
                .or_else(|| child(n, "hpath"))
                .map(|p| path(input, p)),
            search: opt_part(input, n, "search"),
        }),
        Kind::Ftp => Body::Ftp(Ftp {
            login: login(input, child(n, "login")?)?,
            path: child(n, "path")
                .or_else(|| child(n, "fpath"))
                .map(|p| path(input, p)),
            ftptype: opt_part(input, n, "ftptype"),
        }),
        Kind::File => Body::File(File {
            host: match child(n, "host") {
                Some(h) => Some(host(input, h)?),
                None => None,
            },
            path: path(input, child(n, "path").or_else(|| child(n, "fpath"))?),
        }),
        Kind::Gopher => Body::Gopher(Gopher {
            hostport: hostport(input, child(n, "hostport")?)?,
            gtype: opt_part(input, n, "gtype"),
            selector: opt_part(input, n, "selector").or_else(|| opt_part(input, n, "gcommand")),
            search: opt_part(input, n, "search"),
            gopher_plus: opt_part(input, n, "gopher+_string"),
        }),
        Kind::Mailto => {
            let address = Part::of(input, after_colon, n.end);
            // draft-1994 prints `mailto : :`; the address starts after both colons.
            let address = match address.text.strip_prefix(':') {
                Some(_) => Part::of(input, after_colon + 1, n.end),
                None => address,
            };
            Body::Mailto(Mailto {
                address,
                mailbox: opt_part(input, n, "xalphas"),
                host: opt_part(input, n, "hostname"),
            })
        }
        Kind::News => {
            let g = child(n, "groupart").or_else(|| child(n, "grouppart"))?;
            Body::News(match (child(g, "article"), child(g, "group")) {
                (Some(a), _) => {
                    let h = child(a, "host")?;
                    News::Article {
                        id: Part::of(input, a.start, h.start.saturating_sub(1)),
                        host: host(input, h)?,
                    }
                }
                (None, Some(gr)) => News::Group {
                    group: Part::node(input, gr),
                },
                (None, None) => News::All {
                    part: Part::node(input, g),
                },
            })
        }
        Kind::Nntp => Body::Nntp(Nntp {
            hostport: match child(n, "hostport") {
                Some(hp) => Some(hostport(input, hp)?),
                None => None,
            },
            group: opt_part(input, n, "group")?,
            article: opt_part(input, n, "digits"),
        }),
        Kind::Telnet => Body::Telnet(Telnet {
            login: match child(n, "login") {
                Some(l) => login(input, l)?,
                // draft-1993: `[ user @ ] hostport` directly.
                None => login(input, n)?,
            },
        }),
        Kind::Wais => {
            let form = match n.rule {
                "waisdatabase" => WaisForm::Database,
                "waisindex" => WaisForm::Index {
                    search: opt_part(input, n, "search"),
                },
                _ => {
                    let wtype = child(n, "wtype")?;
                    let rest = child(n, "wpath").or_else(|| child(n, "path"))?;
                    let length = child(n, "digits").map(|d| Part::node(input, d));
                    let wpath = match length {
                        Some(d) => Part::of(input, d.start, rest.end),
                        None => Part::node(input, rest),
                    };
                    let fields = match child(n, "wpath") {
                        Some(w) => children(w, "digits")
                            .zip(children(w, "path"))
                            .map(|(d, p)| WpathField {
                                digits: Part::node(input, d),
                                path: Part::node(input, p),
                            })
                            .collect(),
                        None => Vec::new(),
                    };
                    WaisForm::Doc {
                        wtype: Part::node(input, wtype),
                        length,
                        wpath,
                        fields,
                    }
                }
            };
            Body::Wais(Wais {
                hostport: hostport(input, child(n, "hostport")?)?,
                database: opt_part(input, n, "database")?,
                form,
            })
        }
        Kind::Prospero => {
            let p = child(n, "prosperolink").unwrap_or(n);
            Body::Prospero(Prospero {
                hostport: hostport(input, child(p, "hostport")?)?,
                hsoname: path(input, child(p, "hsoname").or_else(|| child(p, "ppath"))?),
                version: opt_part(input, p, "version"),
                attributes: opt_part(input, p, "attributes"),
                fields: children(p, "fieldspec")
                    .filter_map(|f| {
                        Some(FieldSpec {
                            name: opt_part(input, f, "fieldname")?,
                            value: opt_part(input, f, "fieldvalue")?,
                        })
                    })
                    .collect(),
            })
        }
        Kind::Afs => Body::Afs(Afs {
            cell: opt_part(input, n, "cellname")?,
            path: path(input, child(n, "path")?),
        }),
        Kind::Mid => Body::Mid {
            addr_spec: opt_part(input, n, "addr-spec")?,
        },
        Kind::Cid => Body::Cid {
            content_id: opt_part(input, n, "content-identifier")?,
        },
        Kind::Generic => {
            let g = child(n, "genericurl").unwrap_or(n);
            let schemepart = child(g, "schemepart");
            let ip = match schemepart.and_then(|s| child(s, "ip-schemepart")) {
                Some(ip) => Some(IpSchemepart {
                    login: login(input, child(ip, "login")?)?,
                    urlpath: opt_part(input, ip, "urlpath"),
                }),
                None => None,
            };
            Body::Generic(Generic {
                schemepart: Part::of(input, after_colon, g.end),
                path: child(g, "path").map(|p| path(input, p)),
                search: opt_part(input, g, "search"),
                ip,
            })
        }
    })
}

/// A URL that owns its text: what [`arbitrary::Arbitrary`] builds for property
/// tests. Its text is derived from the edition's default rule by the grammar
/// generator, so it always parses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OwnedUrl {
    pub edition: Edition,
    pub text: String,
}

impl OwnedUrl {
    /// The AST, borrowing this text.
    pub fn url(&self) -> Result<Url<'_>, ParseError> {
        parse(self.edition, &self.text)
    }
}

impl<'a> arbitrary::Arbitrary<'a> for OwnedUrl {
    fn arbitrary(u: &mut arbitrary::Unstructured<'a>) -> arbitrary::Result<Self> {
        let edition = *u.choose(&Edition::ALL)?;
        let text = crate::generate::Generator::new(edition).generate(edition.default_rule(), u)?;
        Ok(OwnedUrl { edition, text })
    }
}
