//! Which scheme's body a URL has, as a name scripts can switch on.

use serde::Serialize;

use super::Body;

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
    /// The later editions' URI syntax.
    Uri,
}

impl Kind {
    /// The kind's name, as JSON writes it.
    ///
    /// ```
    /// use urlbnf::ast::Kind;
    /// assert_eq!(Kind::Gopher.name(), "gopher");
    /// ```
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
            Kind::Uri => "uri",
        }
    }

    /// The kind of a name, as [`Kind::name`] writes it.
    ///
    /// ```
    /// use urlbnf::ast::Kind;
    /// assert_eq!(Kind::named("gopher"), Some(Kind::Gopher));
    /// assert_eq!(Kind::named("wrapper"), None);
    /// ```
    pub fn named(name: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// Every kind.
    pub const ALL: [Kind; 15] = [
        Kind::Http,
        Kind::Ftp,
        Kind::File,
        Kind::Gopher,
        Kind::Mailto,
        Kind::News,
        Kind::Nntp,
        Kind::Telnet,
        Kind::Wais,
        Kind::Prospero,
        Kind::Afs,
        Kind::Mid,
        Kind::Cid,
        Kind::Generic,
        Kind::Uri,
    ];
}

impl Body<'_> {
    /// Which kind of body this is.
    ///
    /// ```
    /// use urlbnf::{Edition, ast};
    /// let url = ast::parse(Edition::Rfc1738, "news:comp.infosystems.www")?;
    /// assert_eq!(url.body.kind(), ast::Kind::News);
    /// # Ok::<(), urlbnf::Error>(())
    /// ```
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
            Body::Uri(_) => Kind::Uri,
        }
    }
}

/// The one table of component roles: which field of the AST a printed rule
/// is, in a scheme production of `kind` (`hpath` and `fpath` are the path,
/// RFC 3986's five path rules too). The AST's builders, the regular
/// expressions' named groups and, through the AST, conform's components all
/// read it.
pub(crate) fn field(kind: Kind, rule: &str) -> Option<&'static str> {
    use Kind::{Afs, File, Ftp, Generic, Gopher, Http, Mailto, News, Nntp, Prospero, Uri, Wais};
    Some(match (kind, rule) {
        (_, "host") => "host",
        (_, "port") => "port",
        (_, "user") => "user",
        (_, "password") => "password",
        (Http | Ftp | File | Afs | Generic, "path" | "hpath" | "fpath") => "path",
        (Http | Gopher | Wais | Generic, "search") => "search",
        (Generic | Uri, "scheme") => "scheme",
        (Uri, "userinfo") => "userinfo",
        (
            Uri,
            "path-abempty" | "path-absolute" | "path-noscheme" | "path-rootless" | "path-empty"
            | "abs_path" | "rel_path" | "opaque_part",
        ) => "path",
        (Uri, "query") => "query",
        (Uri, "fragment") => "fragment",
        (Generic, "urlpath") => "urlpath",
        (Ftp, "ftptype") => "ftptype",
        (Gopher, "gtype") => "gtype",
        (Gopher, "selector" | "gcommand") => "selector",
        (News | Nntp, "group") => "group",
        (Wais, "database") => "database",
        (Afs, "cellname") => "cell",
        (Prospero, "hsoname" | "ppath") => "hsoname",
        (Prospero, "version") => "version",
        (Prospero, "attributes") => "attributes",
        (Mailto, "xalphas") => "mailbox",
        (Mailto, "hostname") => "host",
        _ => return None,
    })
}
