//! urlbnf in Python: `import urlbnf`. The URL specifications' grammars
//! (the 1993-94 drafts and RFCs, RFC 2396, RFC 3986), executable, in
//! process: strict verdicts with diagnoses, the typed AST, normalization,
//! resolution, encoding, reports on corpora, regular expressions and
//! conformance of another parser. Each function calls the `urlbnf` crate's
//! API; the batch calls take Arrow arrays in place and release the GIL.

use pyo3::types::{PyModule, PyModuleMethods};
use pyo3::{Bound, PyResult, pymodule, wrap_pyfunction};

mod arrow;
mod checker;
mod errors;
mod report;
mod tools;

/// The URL specifications, executable: is_valid, check, validate and parse
/// by RFC 3986 (or any edition of `editions()`), normalize, equivalent,
/// resolve, encode; Checker for many URLs (its *_many calls take pyarrow
/// arrays and release the GIL); Reporter and Report for corpora (the JSON
/// and merge of `urlbnf report`); conform to test a Python parser; regex.
#[pymodule(name = "urlbnf", gil_used = false)]
fn urlbnf_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("UrlbnfError", py.get_type::<errors::UrlbnfError>())?;
    m.add("InvalidURL", py.get_type::<errors::InvalidURL>())?;
    m.add("UnknownEdition", py.get_type::<errors::UnknownEdition>())?;
    m.add("UnknownRule", py.get_type::<errors::UnknownRule>())?;
    m.add_class::<checker::Checker>()?;
    m.add_class::<checker::Verdict>()?;
    m.add_class::<checker::Diagnosis>()?;
    m.add_class::<checker::Note>()?;
    m.add_class::<tools::Url>()?;
    m.add_class::<report::Reporter>()?;
    m.add_class::<report::Report>()?;
    m.add_function(wrap_pyfunction!(checker::editions, m)?)?;
    m.add_function(wrap_pyfunction!(checker::is_valid, m)?)?;
    m.add_function(wrap_pyfunction!(checker::check, m)?)?;
    m.add_function(wrap_pyfunction!(checker::validate, m)?)?;
    m.add_function(wrap_pyfunction!(tools::parse, m)?)?;
    m.add_function(wrap_pyfunction!(tools::normalize, m)?)?;
    m.add_function(wrap_pyfunction!(tools::equivalent, m)?)?;
    m.add_function(wrap_pyfunction!(tools::resolve, m)?)?;
    m.add_function(wrap_pyfunction!(tools::encode, m)?)?;
    m.add_function(wrap_pyfunction!(tools::regex, m)?)?;
    m.add_function(wrap_pyfunction!(tools::conform, m)?)?;
    Ok(())
}
