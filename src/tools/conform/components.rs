//! The components a URL is split into, as a peer reports them and as the
//! edition's AST has them: each as written in the input (escapes raw, a
//! host's brackets kept), or none.

use std::collections::BTreeMap;
use std::fmt;

use serde::Serialize;

use crate::edition::Edition;
use crate::verdicts::ast;

/// One component of a URL (RFC 3986 §3; the early editions' parts of the
/// same names: `userinfo` is a login's `user[:password]`, `query` the search).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum Component {
    /// The scheme, without its colon.
    Scheme,
    /// What comes before `@` in the authority or login.
    Userinfo,
    /// The host, as written (`[::1]` with its brackets).
    Host,
    /// The port's digits.
    Port,
    /// The path, as the edition's AST delimits it (RFC 3986's with its
    /// leading `/`; RFC 1738's after the `/` that ends the host).
    Path,
    /// The query (search), after `?`.
    Query,
    /// The fragment, after `#`.
    Fragment,
}

impl Component {
    /// Every component, in the order of a URL.
    pub const ALL: [Component; 7] = [
        Component::Scheme,
        Component::Userinfo,
        Component::Host,
        Component::Port,
        Component::Path,
        Component::Query,
        Component::Fragment,
    ];

    /// Its name, as a peer writes it.
    ///
    /// ```
    /// use urlbnf::conform::Component;
    /// assert_eq!(Component::Userinfo.name(), "userinfo");
    /// assert_eq!(Component::from_name("host"), Some(Component::Host));
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Component::Scheme => "scheme",
            Component::Userinfo => "userinfo",
            Component::Host => "host",
            Component::Port => "port",
            Component::Path => "path",
            Component::Query => "query",
            Component::Fragment => "fragment",
        }
    }

    /// The component of a name; `None` for another name.
    ///
    /// ```
    /// use urlbnf::conform::Component;
    /// assert_eq!(Component::from_name("port"), Some(Component::Port));
    /// assert_eq!(Component::from_name("hostname"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Component> {
        Component::ALL.into_iter().find(|c| c.name() == name)
    }
}

impl fmt::Display for Component {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The components a peer reports, by name; `None`: it sees none. A
/// component left out is not compared.
pub type Components = BTreeMap<Component, Option<String>>;

/// The byte span of each component the edition's AST gives `input` under
/// `rule` (`None`: it has none); `None` if the rule does not derive it.
pub(super) fn spans(
    edition: Edition,
    rule: &str,
    input: &str,
) -> Option<BTreeMap<Component, Option<(usize, usize)>>> {
    let url = ast::parse_rule(edition, rule, input).ok()?;
    let span = |p: ast::Part<'_>| (p.start, p.end);
    let userinfo = match (url.authority(), url.login()) {
        (Some(a), _) => a.userinfo.map(span),
        (None, Some(login)) => login
            .user
            .map(|u| (u.start, login.password.map_or(u.end, |p| p.end))),
        (None, None) => None,
    };
    let port = url.hostport().and_then(|hp| hp.port).map(span);
    Some(BTreeMap::from([
        (Component::Scheme, url.scheme().map(span)),
        (Component::Userinfo, userinfo),
        (Component::Host, url.host().map(|h| span(h.part))),
        (Component::Port, port),
        (Component::Path, url.path().map(|p| span(p.part))),
        (Component::Query, url.search().map(span)),
        (Component::Fragment, url.fragment().map(span)),
    ]))
}

/// The components where the peer's differ from the AST's, with the AST's text.
pub(super) fn differing(
    edition: Edition,
    rule: &str,
    input: &str,
    theirs: &Components,
) -> Vec<(Component, Option<String>)> {
    let Some(ours) = spans(edition, rule, input) else {
        return Vec::new();
    };
    theirs
        .iter()
        .filter_map(|(c, seen)| {
            let mine = ours
                .get(c)
                .copied()
                .flatten()
                .and_then(|(s, e)| input.get(s..e))
                .map(str::to_string);
            (mine != *seen).then_some((*c, mine))
        })
        .collect()
}
