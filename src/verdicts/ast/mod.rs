//! One typed AST for every scheme of every edition, over the derivations of the
//! pest grammars (made by the PEG machine compiled from them; pest's own parser is
//! the reference, against which the tests compare every AST).
//!
//! Every component borrows the input and carries its byte span ([`Part`]); escapes
//! stay raw ([`Part::decode`] decodes them). A component an edition's grammar does
//! not have is `None`, never invented. `Display` writes the input back exactly.
//! Where a printed grammar derives an input in several ways, the tree (and so the
//! AST) takes the reading the document's prose describes (the manual, "Readings").

use std::fmt;

use serde::Serialize;

use crate::edition::Edition;

mod accessors;
mod build;
mod kind;
mod parse;
mod part;
mod uri;

pub use accessors::default_port;
pub use kind::Kind;
#[cfg(feature = "internals")]
#[doc(hidden)]
pub use parse::parse_rule_by_pest;
pub use parse::{
    OwnedUrl, is_url_rule, parse, parse_rule, parse_rule_within, scheme_kind, size_estimate,
};
pub use part::{Host, HostKind, HostPort, Login, MalformedEscape, Part, Path, Segments};
pub use uri::{Authority, Uri};

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
    ///
    /// ```
    /// use urlbnf::{Edition, ast};
    /// let url = ast::parse(Edition::Rfc1738, "ftp://ds.internic.net/rfc/old/rfc1738.txt")?;
    /// let ast::Body::Ftp(ftp) = &url.body else { unreachable!() };
    /// let cwd: Vec<&str> = ftp.cwd().map(|s| s.text).collect();
    /// assert_eq!(cwd, ["rfc", "old"]);
    /// # Ok::<(), urlbnf::Error>(())
    /// ```
    pub fn cwd(&self) -> Segments<'a> {
        let mut segments = self.path.map_or(Segments::none(), |p| p.segments());
        segments.next_back();
        segments
    }

    /// RFC 1738 §3.2.2: the last segment names the file (empty for a directory).
    ///
    /// ```
    /// use urlbnf::{Edition, ast};
    /// let url = ast::parse(Edition::Rfc1738, "ftp://ds.internic.net/rfc/rfc1738.txt")?;
    /// let ast::Body::Ftp(ftp) = &url.body else { unreachable!() };
    /// assert_eq!(ftp.name().map(|s| s.text), Some("rfc1738.txt"));
    /// # Ok::<(), urlbnf::Error>(())
    /// ```
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
    ///
    /// ```
    /// use urlbnf::{Edition, ast};
    /// let url = ast::parse(Edition::Rfc1738, "file://localhost/etc/motd")?;
    /// assert!(matches!(&url.body, ast::Body::File(f) if f.is_local()));
    /// # Ok::<(), urlbnf::Error>(())
    /// ```
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
    ///
    /// ```
    /// use urlbnf::{Edition, ast};
    /// let url = ast::parse(Edition::Rfc1738, "gopher://gopher.tc.umn.edu")?;
    /// assert!(matches!(&url.body, ast::Body::Gopher(g) if g.item_type() == "1"));
    /// # Ok::<(), urlbnf::Error>(())
    /// ```
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
    /// RFC 2396 and RFC 3986: every scheme, and relative references.
    Uri(Uri<'a>),
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
    /// The scheme name, without its colon; `None` only for a relative
    /// reference (RFC 3986 §4.2), which has none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scheme: Option<Part<'a>>,
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
