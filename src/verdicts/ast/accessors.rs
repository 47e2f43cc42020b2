//! Scheme-independent accessors: each part of a URL wherever its scheme
//! keeps it, as an `Option` (a scheme without that part has `None`).

use super::{
    Authority, Body, Host, HostKind, HostPort, Login, News, Part, Path, Url, Wais, WaisForm,
};

impl<'a> Url<'a> {
    /// The port as written, if the URL writes one that fits a port number
    /// (0 to 65535); a larger one stays text in the AST (`hostport().port`).
    ///
    /// ```
    /// # use urlbnf::{ast, Edition};
    /// let url = ast::parse(Edition::Rfc1738, "http://h:8080/")?;
    /// assert_eq!(url.port(), Some(8080));
    /// assert_eq!(ast::parse(Edition::Rfc1738, "http://h/")?.port(), None);
    /// assert_eq!(ast::parse(Edition::Rfc1738, "http://h:99999999999/")?.port(), None);
    /// # Ok::<(), urlbnf::Error>(())
    /// ```
    pub fn port(&self) -> Option<u16> {
        self.hostport()
            .and_then(|hp| hp.port)
            .and_then(|p| p.text.parse().ok())
    }

    /// The port as written, else the scheme's default (RFC 1738 §3); `None`
    /// where the written port does not fit a port number or the scheme has
    /// no default.
    ///
    /// ```
    /// # use urlbnf::{ast, Edition};
    /// assert_eq!(ast::parse(Edition::Rfc1738, "http://h/")?.port_or_known_default(), Some(80));
    /// assert_eq!(ast::parse(Edition::Rfc1738, "http://h:99999/")?.port_or_known_default(), None);
    /// # Ok::<(), urlbnf::Error>(())
    /// ```
    pub fn port_or_known_default(&self) -> Option<u16> {
        match self.hostport().and_then(|hp| hp.port) {
            Some(p) => p.text.parse().ok(),
            None => default_port(self.scheme?.text),
        }
    }

    /// The host and port, for schemes that have them.
    ///
    /// ```
    /// # use urlbnf::{ast, Edition};
    /// let url = ast::parse(Edition::Rfc1738, "gopher://h:70/1")?;
    /// assert_eq!(url.hostport().map(|hp| hp.host.to_string()).as_deref(), Some("h"));
    /// # Ok::<(), urlbnf::Error>(())
    /// ```
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
            Body::Uri(u) => u.authority.as_ref().and_then(|a| a.hostport.as_ref()),
            Body::File(_)
            | Body::Mailto(_)
            | Body::News(_)
            | Body::Afs(_)
            | Body::Mid { .. }
            | Body::Cid { .. } => None,
        }
    }

    /// The scheme, as written (without its colon); `None` for a relative
    /// reference of the later editions (RFC 3986 §4.2).
    ///
    /// ```
    /// # use urlbnf::{ast, Edition};
    /// let news = ast::parse(Edition::Rfc1738, "news:comp.infosystems.www")?;
    /// assert_eq!(news.scheme().map(|s| s.text), Some("news"));
    /// let relative = ast::parse_rule(Edition::Rfc3986, "URI-reference", "//example.com/a")?;
    /// assert!(relative.scheme().is_none());
    /// # Ok::<(), urlbnf::Error>(())
    /// ```
    pub fn scheme(&self) -> Option<Part<'a>> {
        self.scheme
    }

    /// The authority after `//` (RFC 3986 §3.2), for the later editions.
    ///
    /// ```
    /// # use urlbnf::{ast, Edition};
    /// let url = ast::parse(Edition::Rfc3986, "https://tim@[::1]:8080/")?;
    /// let authority = url.authority().unwrap();
    /// assert_eq!(authority.userinfo.map(|u| u.text), Some("tim"));
    /// assert_eq!(url.host().map(|h| (h.part.text, h.kind)), Some(("[::1]", ast::HostKind::Ipv6)));
    /// assert_eq!(url.port(), Some(8080));
    /// # Ok::<(), urlbnf::Error>(())
    /// ```
    pub fn authority(&self) -> Option<&Authority<'a>> {
        match &self.body {
            Body::Uri(u) => u.authority.as_ref(),
            _ => None,
        }
    }

    /// The host: of the host and port, of a `file` URL, of a news article's
    /// id, or after a `mailto` address's `@` where the edition parts it.
    ///
    /// ```
    /// # use urlbnf::{ast, Edition};
    /// let url = ast::parse(Edition::Rfc1738, "ftp://anonymous@ftp.uu.net/pub")?;
    /// assert_eq!(url.host().map(|h| h.to_string()).as_deref(), Some("ftp.uu.net"));
    /// assert!(ast::parse(Edition::Rfc1738, "news:*")?.host().is_none());
    /// # Ok::<(), urlbnf::Error>(())
    /// ```
    pub fn host(&self) -> Option<Host<'a>> {
        match &self.body {
            Body::File(f) => f.host,
            Body::News(News::Article { host, .. }) => Some(*host),
            Body::Mailto(m) => m.host.map(|part| Host {
                part,
                kind: HostKind::Name,
            }),
            _ => self.hostport().map(|hp| hp.host),
        }
    }

    /// The user and password before `@`, with the host and port after it
    /// (ftp, telnet, and a generic URL's `//` form in RFC 1738).
    ///
    /// ```
    /// # use urlbnf::{ast, Edition};
    /// let url = ast::parse(Edition::Rfc1738, "telnet://guest:pw@h/")?;
    /// let login = url.login().unwrap();
    /// assert_eq!(login.user.map(|u| u.to_string()).as_deref(), Some("guest"));
    /// assert_eq!(login.password.map(|p| p.to_string()).as_deref(), Some("pw"));
    /// # Ok::<(), urlbnf::Error>(())
    /// ```
    pub fn login(&self) -> Option<&Login<'a>> {
        match &self.body {
            Body::Ftp(f) => Some(&f.login),
            Body::Telnet(t) => Some(&t.login),
            Body::Generic(g) => g.ip.as_ref().map(|ip| &ip.login),
            _ => None,
        }
    }

    /// The path, without the `/` that separates it from the host: http,
    /// ftp, file, afs, a Prospero name, and the generic forms that have one.
    ///
    /// ```
    /// # use urlbnf::{ast, Edition};
    /// let url = ast::parse(Edition::Rfc1738, "http://info.cern.ch/hypertext/WWW/")?;
    /// assert_eq!(url.path().map(|p| p.to_string()).as_deref(), Some("hypertext/WWW/"));
    /// assert!(ast::parse(Edition::Rfc1738, "http://info.cern.ch")?.path().is_none());
    /// # Ok::<(), urlbnf::Error>(())
    /// ```
    pub fn path(&self) -> Option<Path<'a>> {
        match &self.body {
            Body::Http(h) => h.path,
            Body::Ftp(f) => f.path,
            Body::File(f) => Some(f.path),
            Body::Afs(a) => Some(a.path),
            Body::Prospero(p) => Some(p.hsoname),
            Body::Generic(g) => g.path,
            Body::Uri(u) => u.path,
            _ => None,
        }
    }

    /// The search, after `?`: http, gopher, a WAIS index, the generic forms
    /// that have one, and the later editions' query.
    ///
    /// ```
    /// # use urlbnf::{ast, Edition};
    /// let url = ast::parse(Edition::Rfc1738, "http://h/find?tim+berners-lee")?;
    /// assert_eq!(url.search().map(|s| s.to_string()).as_deref(), Some("tim+berners-lee"));
    /// # Ok::<(), urlbnf::Error>(())
    /// ```
    pub fn search(&self) -> Option<Part<'a>> {
        match &self.body {
            Body::Http(h) => h.search,
            Body::Gopher(g) => g.search,
            Body::Wais(Wais {
                form: WaisForm::Index { search },
                ..
            }) => *search,
            Body::Generic(g) => g.search,
            Body::Uri(u) => u.query,
            _ => None,
        }
    }

    /// The fragment, after `#`, where the edition has one (draft-1993,
    /// rfc1630-uri).
    ///
    /// ```
    /// # use urlbnf::{ast, Edition};
    /// let url = ast::parse(Edition::Draft1993, "http://h/doc#intro")?;
    /// assert_eq!(url.fragment().map(|f| f.to_string()).as_deref(), Some("intro"));
    /// # Ok::<(), urlbnf::Error>(())
    /// ```
    pub fn fragment(&self) -> Option<Part<'a>> {
        self.fragment
    }
}

/// RFC 1738 §3: the default port of each IP-based scheme (the scheme in
/// lower case, as RFC 1738 writes it), from the one table of default ports.
///
/// ```
/// use urlbnf::ast;
/// assert_eq!(ast::default_port("gopher"), Some(70));
/// assert_eq!(ast::default_port("mailto"), None);
/// ```
pub fn default_port(scheme: &str) -> Option<u16> {
    crate::knowledge::meaning::stated_port("RFC 1738", scheme).map(|(port, _)| port)
}
