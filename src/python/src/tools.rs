//! The tools over verdicts: the typed AST, normalization and equivalence,
//! resolution, encoding, regular expressions and conformance of a Python
//! parser, each a call of the library's.

use pyo3::pybacked::PyBackedStr;
use pyo3::types::PyAnyMethods;
use pyo3::{Bound, Py, PyAny, PyErr, PyResult, Python, pyclass, pyfunction, pymethods};
use urlbnf::conform::{Answer, Peer, Suite};
use urlbnf::meaning::{Component, Level, meaning};
use urlbnf::regex::Flavor;
use urlbnf::resolve::{Resolver, Rules};
use urlbnf::{Edition, ast, encoding, equivalence};

use crate::errors::{self, UrlbnfError, error, invalid};

/// A URL parsed by an edition's grammar into its parts, whatever the
/// scheme: each part as written (escapes kept), None where the URL has
/// none. `ast` is the whole typed AST as `urlbnf parse --json` writes it
/// (the scheme's own fields: `ftptype`, `selector`, `database`...).
#[pyclass(frozen, module = "urlbnf", get_all)]
pub struct Url {
    /// The URL, as given.
    input: String,
    /// The edition's id.
    edition: &'static str,
    /// The scheme, without its colon (None for a relative reference).
    scheme: Option<String>,
    /// The user information (`user:password`), where the scheme has one.
    userinfo: Option<String>,
    /// The host, where the scheme has one.
    host: Option<String>,
    /// The port, as a number.
    port: Option<u16>,
    /// The path.
    path: Option<String>,
    /// The query (RFC 1738: the search part), without its `?`.
    query: Option<String>,
    /// The fragment, without its `#`.
    fragment: Option<String>,
    /// The typed AST, as a dict.
    ast: Py<PyAny>,
}

#[pymethods]
impl Url {
    fn __str__(&self) -> &str {
        &self.input
    }

    fn __repr__(&self) -> String {
        format!("<urlbnf.Url {} {:?}>", self.edition, self.input)
    }
}

/// `url` parsed by `edition`'s whole-URL rule into a `Url`; raises
/// `InvalidURL` with the diagnosis where the grammar does not derive it.
#[pyfunction]
#[pyo3(signature = (url, edition="rfc3986"))]
pub fn parse(py: Python<'_>, url: PyBackedStr, edition: &str) -> PyResult<Url> {
    let edition = errors::edition(edition)?;
    let parsed = match ast::parse(edition, &url) {
        Ok(parsed) => parsed,
        Err(urlbnf::Error::Invalid(e)) => {
            return Err(invalid(&url, edition, edition.default_rule(), &e));
        }
        Err(e) => return Err(error(e)),
    };
    let text = |start: usize, end: usize| parsed.input.get(start..end).map(str::to_string);
    let userinfo = match (parsed.authority(), parsed.login()) {
        (Some(a), _) => a.userinfo.map(|u| u.text.to_string()),
        (None, Some(login)) => match (login.user, login.password) {
            (Some(user), Some(password)) => text(user.start, password.end),
            (Some(user), None) => Some(user.text.to_string()),
            (None, _) => None,
        },
        (None, None) => None,
    };
    Ok(Url {
        input: url.to_string(),
        edition: edition.id(),
        scheme: parsed.scheme().map(|p| p.text.to_string()),
        userinfo,
        host: parsed.host().map(|h| h.part.text.to_string()),
        port: parsed.port(),
        path: parsed.path().map(|p| p.part.text.to_string()),
        query: parsed.search().map(|p| p.text.to_string()),
        fragment: parsed.fragment().map(|p| p.text.to_string()),
        ast: pythonize::pythonize(py, &parsed)?.unbind(),
    })
}

/// A level by its id, checked against the edition's comparison (None: the
/// edition's default level).
fn level(edition: Edition, id: Option<&str>) -> PyResult<Level> {
    let m = meaning(edition);
    let Some(id) = id else {
        return Ok(m.default_level());
    };
    let known = Edition::ALL
        .iter()
        .flat_map(|e| meaning(*e).levels().iter().copied())
        .find(|l| l.id() == id);
    match known {
        Some(l) => Ok(l),
        None => {
            let ids: Vec<&str> = m.levels().iter().map(|l| l.id()).collect();
            Err(UrlbnfError::new_err(format!(
                "unknown level '{id}' ({edition} has: {})",
                ids.join(", ")
            )))
        }
    }
}

/// The rule a URL must be of to be compared (RFC 3986: a URI, §6.1).
fn compared_rule(edition: Edition) -> &'static str {
    meaning(edition)
        .compared_rule
        .unwrap_or(edition.default_rule())
}

/// `url` brought to a level of its edition's comparison (RFC 3986 §6.2.2
/// syntax-based by default; `level="scheme"` adds §6.2.3; the editions
/// before RFC 3986: RFC 1630's encoding level). Raises `InvalidURL` where
/// the edition does not derive `url`.
#[pyfunction]
#[pyo3(signature = (url, edition="rfc3986", level=None))]
pub fn normalize(url: PyBackedStr, edition: &str, level: Option<&str>) -> PyResult<String> {
    let edition = errors::edition(edition)?;
    let level = self::level(edition, level)?;
    let n = urlbnf::normalize::normalize(edition, level, &url).map_err(UrlbnfError::new_err)?;
    match (n.normalized, n.errors.first()) {
        (Some(normal), _) => Ok(normal),
        (None, Some(e)) => Err(invalid(&url, edition, compared_rule(edition), e)),
        (None, None) => Err(UrlbnfError::new_err(format!("{url:?} has no normal form"))),
    }
}

/// Whether `a` and `b` are the same URL at a level of the edition's
/// comparison (both brought to it, then compared). Raises `InvalidURL`
/// where either is not a URL of the edition.
#[pyfunction]
#[pyo3(signature = (a, b, edition="rfc3986", level=None))]
pub fn equivalent(
    a: PyBackedStr,
    b: PyBackedStr,
    edition: &str,
    level: Option<&str>,
) -> PyResult<bool> {
    let edition = errors::edition(edition)?;
    let level = self::level(edition, level)?;
    let e = equivalence::equivalent(edition, level, &a, &b).map_err(UrlbnfError::new_err)?;
    for (url, n) in [&a, &b].into_iter().zip(&e.urls) {
        if let Some(first) = n.errors.first() {
            return Err(invalid(url, edition, compared_rule(edition), first));
        }
    }
    Ok(e.equivalent)
}

/// `reference` resolved against `base` (urljoin's order) by a rule set:
/// `rfc3986` (§5.2), `rfc1630`, `draft-1993`, `libwww-1993` or `whatwg`.
/// Raises `InvalidURL` where the rules refuse the base (RFC 3986 §5.1: it
/// must be an absolute URI), `UrlbnfError` where the reading fails.
#[pyfunction]
#[pyo3(signature = (base, reference, rules="rfc3986"))]
pub fn resolve(base: PyBackedStr, reference: PyBackedStr, rules: &str) -> PyResult<String> {
    let Some(&rules) = Rules::ALL.iter().find(|r| r.id() == rules) else {
        let ids: Vec<&str> = Rules::ALL.iter().map(|r| r.id()).collect();
        return Err(UrlbnfError::new_err(format!(
            "unknown rules '{rules}' (choose from: {})",
            ids.join(", ")
        )));
    };
    let resolver = Resolver::new(rules, &base).map_err(|e| match &e.error {
        // Only RFC 3986's rules read the base by a grammar: §5.1's URI.
        Some(stop) => invalid(&base, Edition::Rfc3986, "URI", stop),
        None => UrlbnfError::new_err(e.message),
    })?;
    let r = resolver.resolve(&reference);
    match r.failure {
        Some(why) => Err(UrlbnfError::new_err(why)),
        None => Ok(r.result),
    }
}

/// `text` with every character the edition does not allow unencoded
/// escaped (`%XX` of its UTF-8). `component` (`segment`, `path`, `query`,
/// `fragment`, `userinfo`, `host`; rfc3986 and rfc2396) keeps what that
/// component allows; `data=True` escapes all but the unreserved characters.
#[pyfunction]
#[pyo3(signature = (text, edition="rfc3986", component=None, *, data=false))]
pub fn encode(
    text: PyBackedStr,
    edition: &str,
    component: Option<&str>,
    data: bool,
) -> PyResult<String> {
    let edition = errors::edition(edition)?;
    match component {
        Some(id) => {
            let Some(&c) = Component::ALL.iter().find(|c| c.id() == id) else {
                let ids: Vec<&str> = Component::ALL.iter().map(|c| c.id()).collect();
                return Err(UrlbnfError::new_err(format!(
                    "unknown component '{id}' (choose from: {})",
                    ids.join(", ")
                )));
            };
            encoding::encode_component(edition, c, text.as_bytes()).map_err(UrlbnfError::new_err)
        }
        None if data => Ok(encoding::encode_data(edition, text.as_bytes())),
        None => Ok(encoding::encode(edition, &text)),
    }
}

/// The regular expression of a rule (default: the edition's whole-URL
/// rule) in a flavor (`python`, `pcre`, `ecmascript`, `posix`, `rust`):
/// anchored, it matches exactly what the rule derives, in linear time,
/// its named groups the AST's parts.
#[pyfunction]
#[pyo3(signature = (edition="rfc3986", rule=None, flavor="python"))]
pub fn regex(edition: &str, rule: Option<&str>, flavor: &str) -> PyResult<String> {
    let edition = errors::edition(edition)?;
    let Some(&flavor) = Flavor::ALL.iter().find(|f| f.id() == flavor) else {
        let ids: Vec<&str> = Flavor::ALL.iter().map(|f| f.id()).collect();
        return Err(UrlbnfError::new_err(format!(
            "unknown flavor '{flavor}' (choose from: {})",
            ids.join(", ")
        )));
    };
    let rule = rule.unwrap_or(edition.default_rule());
    urlbnf::regex::rule_regex(edition, rule, flavor)
        .map(|r| r.pattern)
        .map_err(error)
}

/// A Python callable as a conformance peer: its exception ends the run
/// and is raised again.
struct Callable<'py> {
    peer: Bound<'py, PyAny>,
    raised: Option<PyErr>,
}

impl Peer for Callable<'_> {
    fn judge(&mut self, inputs: &[&str]) -> Result<Vec<Answer>, urlbnf::Error> {
        let mut answers = Vec::with_capacity(inputs.len());
        for input in inputs {
            match self.peer.call1((*input,)).and_then(|v| v.is_truthy()) {
                Ok(true) => answers.push(Answer::Accepts),
                Ok(false) => answers.push(Answer::Rejects),
                Err(e) => {
                    let message = format!("the peer raised {e}");
                    self.raised = Some(e);
                    return Err(urlbnf::Error::Peer(message));
                }
            }
        }
        Ok(answers)
    }
}

/// A Python parser judged by a rule's grammar: `peer(url) -> bool` is
/// asked about a suite made from the rule (every transition and near miss
/// of its automaton, its bounds, derived and mutated strings from `seed`),
/// and each way it departs is shrunk to a short witness and named by its
/// cause. The result is the dict `urlbnf conform --json` writes beside its
/// suite's counts: `inputs`, `agreed`, `disagreements`, `causes`...
#[pyfunction]
#[pyo3(signature = (peer, edition="rfc3986", rule=None, *, seed=1))]
pub fn conform<'py>(
    peer: Bound<'py, PyAny>,
    edition: &str,
    rule: Option<&str>,
    seed: u64,
) -> PyResult<Bound<'py, PyAny>> {
    let py = peer.py();
    let edition = errors::edition(edition)?;
    let rule = rule.unwrap_or(edition.default_rule());
    let suite = Suite::new(edition, rule, seed).map_err(error)?;
    let mut callable = Callable { peer, raised: None };
    let found = urlbnf::conform::compare(&suite, &mut callable);
    if let Some(e) = callable.raised {
        return Err(e);
    }
    let found = found.map_err(error)?;
    pythonize::pythonize(py, &found).map_err(Into::into)
}
