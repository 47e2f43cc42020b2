//! The later editions' one generic syntax (RFC 2396 §3, RFC 3986 §3): scheme,
//! authority, path, query and fragment, whatever the scheme, and the builder
//! that reads them from a derivation by their printed rule names.

use serde::Serialize;

use super::{Body, Host, HostKind, HostPort, Part, Path, Url};
use crate::edition::Edition;
use crate::grammar::NodeRef;

/// RFC 3986 §3.2 (RFC 2396 §3.2): the naming authority after `//`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Authority<'a> {
    /// The whole authority, between `//` and the path.
    #[serde(flatten)]
    pub part: Part<'a>,
    /// The user information before `@` (RFC 3986 §3.2.1), not split: RFC 3986
    /// deprecates `user:password`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub userinfo: Option<Part<'a>>,
    /// Host and port. `None` where RFC 2396 reads the authority as a
    /// registry-based name (§3.2.1) or its server is empty. In JSON, `host`
    /// and `port` beside the others.
    #[serde(flatten)]
    pub hostport: Option<HostPort<'a>>,
}

/// A URI or relative reference of the later editions (RFC 3986 §4.1,
/// RFC 2396 §4), but for its scheme and fragment, which the URL holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Uri<'a> {
    /// `//` authority, where the reference has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub authority: Option<Authority<'a>>,
    /// The path: RFC 3986 gives every reference one, possibly empty (§3.3);
    /// RFC 2396 none to `//host` or `#fragment` alone, and its `opaque_part`
    /// (`mailto:a@b`) where the URI is not hierarchical.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<Path<'a>>,
    /// The query, after `?`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub query: Option<Part<'a>>,
    /// RFC 2396 §3: the part after the scheme is opaque (`opaque_part`), not
    /// a hierarchical path.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub opaque: bool,
}

type Node<'t> = NodeRef<'t>;

/// The first node derived from `rule` at or under `n`, in input order.
fn find<'t>(n: Node<'t>, rule: &str) -> Option<Node<'t>> {
    if n.rule() == rule {
        return Some(n);
    }
    n.children().find_map(|c| find(c, rule))
}

/// The first node at or under `n` derived from any of `rules`.
fn find_any<'t>(n: Node<'t>, rules: &[&str]) -> Option<Node<'t>> {
    if rules.contains(&n.rule()) {
        return Some(n);
    }
    n.children().find_map(|c| find_any(c, rules))
}

/// The path rules of each edition; the first found, in input order, is the path.
const PATHS: &[&str] = &[
    // RFC 3986 §3.3.
    "path-abempty",
    "path-absolute",
    "path-noscheme",
    "path-rootless",
    "path-empty",
    // RFC 2396 Appendix A.
    "abs_path",
    "rel_path",
    "opaque_part",
];

/// The URL of a later edition's derivation (rooted at a reference rule).
pub(super) fn build<'a>(edition: Edition, input: &'a str, root: Node<'_>) -> Option<Url<'a>> {
    let part = |n: Node<'_>| Part::of(input, n.start(), n.end());
    let scheme = find(root, "scheme").map(part);
    let authority = find(root, "authority").map(|a| authority(input, a));
    let query = find(root, "query").map(part);
    let fragment = find(root, "fragment").map(part);
    let path = find_any(root, PATHS);
    let uri = Uri {
        authority,
        path: path.map(|p| Path::of(input, p.start(), p.end())),
        query,
        opaque: path.is_some_and(|p| p.rule() == "opaque_part"),
    };
    Some(url(edition, input, scheme, fragment, uri))
}

fn url<'a>(
    edition: Edition,
    input: &'a str,
    scheme: Option<Part<'a>>,
    fragment: Option<Part<'a>>,
    uri: Uri<'a>,
) -> Url<'a> {
    Url {
        edition,
        input,
        prefix: None,
        scheme,
        body: Body::Uri(uri),
        fragment,
    }
}

fn authority<'a>(input: &'a str, a: Node<'_>) -> Authority<'a> {
    let part = |n: Node<'_>| Part::of(input, n.start(), n.end());
    let host = find(a, "host").map(|h| {
        let inner = h.children().next();
        let kind = match inner.map(|i| (i.rule(), i.children().next().map(|c| c.rule()))) {
            Some(("IPv4address", _)) => HostKind::Number,
            Some(("IP-literal", Some("IPvFuture"))) => HostKind::IpvFuture,
            Some(("IP-literal", _)) => HostKind::Ipv6,
            Some(("reg-name", _)) => HostKind::RegName,
            _ => HostKind::Name,
        };
        Host {
            part: part(inner.unwrap_or(h)),
            kind,
        }
    });
    Authority {
        part: part(a),
        userinfo: find(a, "userinfo")
            // RFC 2396: `userinfo` may be empty, and is only where "@" follows.
            .filter(|u| input.as_bytes().get(u.end()) == Some(&b'@'))
            .map(part),
        hostport: host.map(|host| HostPort {
            host,
            port: find(a, "port").map(part),
        }),
    }
}
