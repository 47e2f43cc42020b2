//! The AST from a pest derivation: one builder per scheme, each taking the
//! components by their printed rule names (the names every edition shares, which
//! is why one builder serves the five early grammars; `uri.rs` builds the later ones').

use super::{
    Afs, Body, FieldSpec, File, Ftp, Generic, Gopher, Host, HostKind, HostPort, Http, IpSchemepart,
    Kind, Login, Mailto, News, Nntp, Part, Path, Prospero, Telnet, Url, Wais, WaisForm, WpathField,
    scheme_kind,
};
use crate::edition::Edition;
use crate::error::Error;
use crate::grammar::NodeRef;

/// Whether a node is derived from the printed rule `rule`. Names are short and
/// most differ in length or first byte: a loop costs less than a call to `memcmp`.
#[inline]
fn is(n: Node<'_>, rule: &str) -> bool {
    let name = n.rule();
    name.len() == rule.len() && name.bytes().zip(rule.bytes()).all(|(a, b)| a == b)
}

/// The first child derived from the printed rule `rule`.
fn child<'t>(n: Node<'t>, rule: &str) -> Option<Node<'t>> {
    n.children().find(|&c| is(c, rule))
}

/// Every child derived from the printed rule `rule`, in order.
fn children<'t>(n: Node<'t>, rule: &'t str) -> impl Iterator<Item = Node<'t>> + 't {
    n.children().filter(move |&c| is(c, rule))
}

/// A node of the derivation.
type Node<'t> = NodeRef<'t>;

/// The input's text under a node.
struct Src<'a>(&'a str);

impl<'a> Src<'a> {
    fn part(&self, n: Node<'_>) -> Part<'a> {
        Part::of(self.0, n.start(), n.end())
    }

    fn opt(&self, n: Node<'_>, rule: &str) -> Option<Part<'a>> {
        child(n, rule).map(|c| self.part(c))
    }

    fn path(&self, n: Node<'_>) -> Path<'a> {
        Path::of(self.0, n.start(), n.end())
    }

    fn host(&self, n: Node<'_>) -> Host<'a> {
        // `host` wraps `hostname` or `hostnumber`; `cellname` wraps `hostname`.
        let inner = n.children().next().unwrap_or(n);
        let kind = match inner.rule() {
            "hostnumber" => HostKind::Number,
            _ => HostKind::Name,
        };
        Host {
            part: self.part(inner),
            kind,
        }
    }

    fn hostport(&self, n: Node<'_>) -> Option<HostPort<'a>> {
        Some(HostPort {
            host: self.host(child(n, "host")?),
            port: self.opt(n, "port"),
        })
    }

    fn login(&self, n: Node<'_>) -> Option<Login<'a>> {
        Some(Login {
            user: self.opt(n, "user"),
            password: self.opt(n, "password"),
            hostport: self.hostport(child(n, "hostport")?)?,
        })
    }
}

/// Build the AST from a whole-input parse tree: unwrap the URL wrappers
/// (`fragmentaddress`, `prefixedurl`, `url`…), then the scheme production.
/// `unknown()` for a derivation no builder knows.
// Returns the caller's `Result` itself, and builds the body in place: an AST is
// a few hundred bytes, and each conversion between wrappers copies it.
#[inline]
pub(super) fn build<'a>(
    edition: Edition,
    input: &'a str,
    root: Node<'_>,
    unknown: impl FnOnce() -> Error,
) -> Result<Url<'a>, Error> {
    if scheme_kind(edition, root.rule()) == Some(Kind::Uri) {
        return super::uri::build(edition, input, root).ok_or_else(unknown);
    }
    let src = Src(input);
    let Some((prefix, fragment, n)) = unwrap(&src, root) else {
        return Err(unknown());
    };
    // Every scheme production starts with its scheme and a colon.
    let colon = input
        .get(n.start()..n.end())
        .and_then(|scheme| scheme.bytes().position(|b| b == b':'));
    let Some(colon) = colon.map(|c| c + n.start()) else {
        return Err(unknown());
    };
    let Some(body) = body(edition, &src, n, colon + 1) else {
        return Err(unknown());
    };
    Ok(Url {
        edition,
        input,
        prefix,
        scheme: Some(Part::of(input, n.start(), colon)),
        body,
        fragment,
    })
}

/// The scheme production inside the wrappers, and the wrappers' prefix
/// (`url:`) and fragment.
type Unwrapped<'a, 't> = (Option<Part<'a>>, Option<Part<'a>>, Node<'t>);

fn unwrap<'a, 't>(src: &Src<'a>, root: Node<'t>) -> Option<Unwrapped<'a, 't>> {
    let mut prefix = None;
    let mut fragment = None;
    let mut n = root;
    loop {
        match n.rule() {
            "fragmentaddress" => {
                fragment = src.opt(n, "fragmentid");
                n = n.children().next()?;
            }
            "prefixedurl" => {
                prefix = Some(Part::of(src.0, n.start(), n.start() + "url:".len()));
                n = child(n, "url")?;
            }
            "url" | "otherurl" | "waisaddress" | "waisurl" | "prosperoaddress" => {
                n = n.children().next()?
            }
            _ => return Some((prefix, fragment, n)),
        }
    }
}

#[inline]
fn body<'a>(edition: Edition, src: &Src<'a>, n: Node<'_>, after_colon: usize) -> Option<Body<'a>> {
    Some(match scheme_kind(edition, n.rule())? {
        Kind::Http => Body::Http(http(src, n)?),
        Kind::Ftp => Body::Ftp(ftp(src, n)?),
        Kind::File => Body::File(file(src, n)?),
        Kind::Gopher => Body::Gopher(gopher(src, n)?),
        Kind::Mailto => Body::Mailto(mailto(edition, src, n)),
        Kind::News => Body::News(news(src, n)?),
        Kind::Nntp => Body::Nntp(nntp(src, n)?),
        Kind::Telnet => Body::Telnet(telnet(src, n)?),
        Kind::Wais => Body::Wais(wais(src, n)?),
        Kind::Prospero => Body::Prospero(prospero(src, n)?),
        Kind::Afs => Body::Afs(Afs {
            cell: src.opt(n, "cellname")?,
            path: src.path(child(n, "path")?),
        }),
        Kind::Mid => Body::Mid {
            addr_spec: src.opt(n, "addr-spec")?,
        },
        Kind::Cid => Body::Cid {
            content_id: src.opt(n, "content-identifier")?,
        },
        Kind::Generic => Body::Generic(generic(src, n, after_colon)?),
        // Built by `uri::build` before the wrappers.
        Kind::Uri => return None,
    })
}

fn http<'a>(src: &Src<'a>, n: Node<'_>) -> Option<Http<'a>> {
    Some(Http {
        hostport: src.hostport(child(n, "hostport")?)?,
        path: child(n, "path")
            .or_else(|| child(n, "hpath"))
            .map(|p| src.path(p)),
        search: src.opt(n, "search"),
    })
}

fn ftp<'a>(src: &Src<'a>, n: Node<'_>) -> Option<Ftp<'a>> {
    Some(Ftp {
        login: src.login(child(n, "login")?)?,
        path: child(n, "path")
            .or_else(|| child(n, "fpath"))
            .map(|p| src.path(p)),
        ftptype: src.opt(n, "ftptype"),
    })
}

fn file<'a>(src: &Src<'a>, n: Node<'_>) -> Option<File<'a>> {
    Some(File {
        host: child(n, "host").map(|h| src.host(h)),
        path: src.path(child(n, "path").or_else(|| child(n, "fpath"))?),
    })
}

fn gopher<'a>(src: &Src<'a>, n: Node<'_>) -> Option<Gopher<'a>> {
    Some(Gopher {
        hostport: src.hostport(child(n, "hostport")?)?,
        gtype: src.opt(n, "gtype"),
        selector: src.opt(n, "selector").or_else(|| src.opt(n, "gcommand")),
        search: src.opt(n, "search"),
        gopher_plus: src.opt(n, "gopher+_string"),
    })
}

fn mailto<'a>(edition: Edition, src: &Src<'a>, n: Node<'_>) -> Mailto<'a> {
    // The address follows the text the production prints before it: draft-1994
    // prints two colons (`m a i l t o : :`); elsewhere a second colon is the
    // address's first character (RFC 1738 `encoded822addr`).
    let start = n.start() + crate::knowledge::known::literal_prefix_len(edition, n.rule());
    let address = Part::of(src.0, start.min(n.end()), n.end());
    Mailto {
        address,
        mailbox: src.opt(n, "xalphas"),
        host: src.opt(n, "hostname"),
    }
}

fn news<'a>(src: &Src<'a>, n: Node<'_>) -> Option<News<'a>> {
    let g = child(n, "groupart").or_else(|| child(n, "grouppart"))?;
    Some(match (child(g, "article"), child(g, "group")) {
        (Some(a), _) => {
            let h = child(a, "host")?;
            News::Article {
                id: Part::of(src.0, a.start(), h.start().saturating_sub(1)),
                host: src.host(h),
            }
        }
        (None, Some(gr)) => News::Group {
            group: src.part(gr),
        },
        (None, None) => News::All { part: src.part(g) },
    })
}

fn nntp<'a>(src: &Src<'a>, n: Node<'_>) -> Option<Nntp<'a>> {
    Some(Nntp {
        hostport: match child(n, "hostport") {
            Some(hp) => Some(src.hostport(hp)?),
            None => None,
        },
        group: src.opt(n, "group")?,
        article: src.opt(n, "digits"),
    })
}

fn telnet<'a>(src: &Src<'a>, n: Node<'_>) -> Option<Telnet<'a>> {
    Some(Telnet {
        login: match child(n, "login") {
            Some(l) => src.login(l)?,
            // draft-1993: `[ user @ ] hostport` directly.
            None => src.login(n)?,
        },
    })
}

fn wais<'a>(src: &Src<'a>, n: Node<'_>) -> Option<Wais<'a>> {
    let form = match n.rule() {
        "waisdatabase" => WaisForm::Database,
        "waisindex" => WaisForm::Index {
            search: src.opt(n, "search"),
        },
        _ => wais_doc(src, n)?,
    };
    Some(Wais {
        hostport: src.hostport(child(n, "hostport")?)?,
        database: src.opt(n, "database")?,
        form,
    })
}

fn wais_doc<'a>(src: &Src<'a>, n: Node<'_>) -> Option<WaisForm<'a>> {
    let wtype = child(n, "wtype")?;
    let rest = child(n, "wpath").or_else(|| child(n, "path"))?;
    let length = src.opt(n, "digits");
    let wpath = match length {
        Some(d) => Part::of(src.0, d.start, rest.end()),
        None => src.part(rest),
    };
    let fields = match child(n, "wpath") {
        Some(w) => children(w, "digits")
            .zip(children(w, "path"))
            .map(|(d, p)| WpathField {
                digits: src.part(d),
                path: src.part(p),
            })
            .collect(),
        None => Vec::new(),
    };
    Some(WaisForm::Doc {
        wtype: src.part(wtype),
        length,
        wpath,
        fields,
    })
}

fn prospero<'a>(src: &Src<'a>, n: Node<'_>) -> Option<Prospero<'a>> {
    let p = child(n, "prosperolink").unwrap_or(n);
    Some(Prospero {
        hostport: src.hostport(child(p, "hostport")?)?,
        hsoname: src.path(child(p, "hsoname").or_else(|| child(p, "ppath"))?),
        version: src.opt(p, "version"),
        attributes: src.opt(p, "attributes"),
        fields: children(p, "fieldspec")
            .filter_map(|f| {
                Some(FieldSpec {
                    name: src.opt(f, "fieldname")?,
                    value: src.opt(f, "fieldvalue")?,
                })
            })
            .collect(),
    })
}

fn generic<'a>(src: &Src<'a>, n: Node<'_>, after_colon: usize) -> Option<Generic<'a>> {
    let g = child(n, "genericurl").unwrap_or(n);
    let ip = match child(g, "schemepart").and_then(|s| child(s, "ip-schemepart")) {
        Some(ip) => Some(IpSchemepart {
            login: src.login(child(ip, "login")?)?,
            urlpath: src.opt(ip, "urlpath"),
        }),
        None => None,
    };
    Some(Generic {
        schemepart: Part::of(src.0, after_colon, g.end()),
        path: child(g, "path").map(|p| src.path(p)),
        search: src.opt(g, "search"),
        ip,
    })
}
