//! Errors as Python users expect them: every one a `ValueError`, an invalid
//! URL carrying its diagnosis, an unknown name with the names it is close to.

use pyo3::exceptions::PyValueError;
use pyo3::types::PyAnyMethods;
use pyo3::{PyErr, create_exception};
use pyo3::{PyResult, Python};
use urlbnf::{CheckError, Edition, explain};

create_exception!(
    urlbnf,
    UrlbnfError,
    PyValueError,
    "Any error urlbnf raises (a ValueError)."
);
create_exception!(
    urlbnf,
    InvalidURL,
    UrlbnfError,
    "An input the grammar does not derive. Its attributes say where and why:\n\
     `url`, `edition`, `rule`, `offset` (in characters), `byte_offset`,\n\
     `expected` (what could come there), `found` (what came instead),\n\
     `message` and `fix` (an escape that would make it valid, or None)."
);
create_exception!(
    urlbnf,
    UnknownEdition,
    UrlbnfError,
    "An edition id that names no edition (the message lists the close ones)."
);
create_exception!(
    urlbnf,
    UnknownRule,
    UrlbnfError,
    "A rule the edition does not print (the message lists the close ones)."
);

fn did_you_mean(close: &[&str]) -> String {
    match close {
        [] => String::new(),
        names => {
            let quoted: Vec<String> = names.iter().map(|n| format!("'{n}'")).collect();
            format!("; did you mean {}?", quoted.join(" or "))
        }
    }
}

/// The edition an id names (an id of `editions()`, or a grammar file's).
pub fn edition(id: &str) -> PyResult<Edition> {
    id.parse::<Edition>().map_err(|e| {
        let ids = Edition::ALL.iter().map(|e| e.id());
        UnknownEdition::new_err(format!(
            "{e}{}",
            did_you_mean(&urlbnf::closest_names(id, ids))
        ))
    })
}

/// The editions a name stands for: an id, a set (`early`, `later`, `all`)
/// or a comma-separated list of them, as `--grammar` takes it.
pub fn editions(names: &str) -> PyResult<Vec<Edition>> {
    let mut out = Vec::new();
    for name in names.split(',').map(str::trim) {
        let set = Edition::set(name).or_else(|_| edition(name).map(|e| vec![e]))?;
        out.extend(
            set.into_iter()
                .filter(|e| !out.contains(e))
                .collect::<Vec<_>>(),
        );
    }
    Ok(out)
}

/// An invalid input's diagnosis as `InvalidURL`.
pub fn invalid(url: &str, edition: Edition, rule: &str, e: &CheckError) -> PyErr {
    let err = InvalidURL::new_err(format!("{edition} {rule}: {e}"));
    Python::attach(|py| {
        let value = err.value(py);
        let expected: Vec<String> = e.expected.iter().map(ToString::to_string).collect();
        // Setting attributes on a fresh exception instance does not fail.
        let _ = value.setattr("url", url);
        let _ = value.setattr("edition", edition.id());
        let _ = value.setattr("rule", rule);
        let _ = value.setattr("offset", e.offset);
        let _ = value.setattr("byte_offset", e.byte_offset);
        let _ = value.setattr("expected", expected);
        let _ = value.setattr("found", &e.found);
        let _ = value.setattr("message", &e.message);
        let _ = value.setattr("fix", e.fix.as_deref());
    });
    err
}

/// A library error as the Python exception of its kind.
pub fn error(e: urlbnf::Error) -> PyErr {
    match e {
        urlbnf::Error::UnknownEdition { id } => match edition(&id) {
            Err(e) => e,
            Ok(_) => UnknownEdition::new_err(format!("unknown grammar '{id}'")),
        },
        urlbnf::Error::UnknownRule { edition, rule } => {
            let names = explain::rule_names(edition);
            UnknownRule::new_err(format!(
                "{edition} prints no rule '{rule}'{}",
                did_you_mean(&urlbnf::closest_names(&rule, names))
            ))
        }
        urlbnf::Error::Invalid(e) => InvalidURL::new_err(e.to_string()),
        other => UrlbnfError::new_err(other.to_string()),
    }
}
