//! Reports on a corpus: counted piece by piece (each batch with the GIL
//! released), finished, written as `urlbnf report --json` writes them and
//! merged by its rules.

use std::sync::Mutex;

use pyo3::pybacked::PyBackedStr;
use pyo3::types::PyAnyMethods;
use pyo3::{Bound, PyAny, PyRef, PyResult, Python, pyclass, pymethods};
use urlbnf::check::Reading;
use urlbnf::report::{Partial, Report as LibReport, Reporter as LibReporter};
use urlbnf::{Checker, Edition, Engine};

use crate::arrow;
use crate::checker::texts;
use crate::errors::{self, error};

/// Counts a corpus against one rule of each of several editions, as
/// `urlbnf report` does: per edition the valid and invalid inputs, per
/// scheme, the invalid ones grouped by cause; across editions which inputs
/// one accepts and another rejects. `editions`: an id, a set (`early`,
/// `later`, `all`), a comma-separated list or a list of them (None: all).
/// `rule=None` is each edition's whole-URL rule. Counting releases the GIL;
/// threads may add to one reporter at once.
#[pyclass(frozen, module = "urlbnf")]
pub struct Reporter {
    inner: LibReporter,
    counted: Mutex<Partial>,
}

fn edition_list(editions: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<Edition>> {
    let Some(editions) = editions else {
        return Ok(Edition::ALL.to_vec());
    };
    if let Ok(names) = editions.extract::<PyBackedStr>() {
        return errors::editions(&names);
    }
    let mut out = Vec::new();
    for name in editions.try_iter()? {
        for e in errors::editions(&name?.extract::<PyBackedStr>()?)? {
            if !out.contains(&e) {
                out.push(e);
            }
        }
    }
    Ok(out)
}

#[pymethods]
impl Reporter {
    #[new]
    #[pyo3(signature = (editions=None, *, rule=None, lint=false, known_schemes=false, whatwg=true))]
    fn new(
        editions: Option<&Bound<'_, PyAny>>,
        rule: Option<&str>,
        lint: bool,
        known_schemes: bool,
        whatwg: bool,
    ) -> PyResult<Reporter> {
        let reading = Reading {
            known_schemes,
            fold_scheme_case: false,
        };
        let checkers = edition_list(editions)?
            .into_iter()
            .map(|e| match rule {
                Some(rule) => Checker::new(e, rule, Engine::Dfa),
                None => Checker::for_edition(e),
            })
            .map(|c| c.map(|c| c.reading(reading)))
            .collect::<Result<Vec<_>, _>>()
            .map_err(error)?;
        let inner = LibReporter::new(checkers)
            .map_err(error)?
            .linting(lint)
            .reading_whatwg(whatwg);
        let counted = Mutex::new(inner.partial());
        Ok(Reporter { inner, counted })
    }

    /// Count one URL.
    fn add(&self, url: PyBackedStr) {
        let mut part = self.inner.partial();
        self.inner.add(&mut part, &url);
        self.merge(part);
    }

    /// Count each URL of a list or an Arrow array of strings (nulls are
    /// no URLs: left out), with the GIL released.
    fn add_many(&self, urls: &Bound<'_, PyAny>) -> PyResult<()> {
        let py = urls.py();
        match arrow::kind(urls)? {
            arrow::Kind::Array => {
                let array = arrow::import(urls)?;
                py.detach(|| -> PyResult<()> {
                    let strings: Vec<&str> =
                        arrow::strings(&array)?.into_iter().flatten().collect();
                    self.count(&strings);
                    Ok(())
                })
            }
            arrow::Kind::Chunked => {
                for chunk in urls.getattr("chunks")?.try_iter()? {
                    self.add_many(&chunk?)?;
                }
                Ok(())
            }
            arrow::Kind::Other => {
                let items = texts(urls)?;
                let strings: Vec<&str> = items.iter().flatten().map(|s| &**s).collect();
                py.detach(|| self.count(&strings));
                Ok(())
            }
        }
    }

    /// The URLs counted so far.
    #[getter]
    fn inputs(&self) -> u64 {
        self.counted
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .inputs()
    }

    /// The report of everything counted, which is then forgotten (the
    /// reporter starts again from nothing).
    fn finish(&self, py: Python<'_>) -> Report {
        let counted = {
            let mut guard = self.counted.lock().unwrap_or_else(|p| p.into_inner());
            std::mem::replace(&mut *guard, self.inner.partial())
        };
        let inner = py.detach(|| self.inner.finish(counted));
        Report { inner }
    }
}

impl Reporter {
    fn count(&self, strings: &[&str]) {
        let mut part = self.inner.partial();
        self.inner.add_each(&mut part, strings);
        self.merge(part);
    }

    fn merge(&self, part: Partial) {
        self.counted
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .merge(part);
    }
}

/// A report on a corpus: the object `urlbnf report --json` writes.
/// Reports of disjoint parts merge (`Report.merge`) into exactly the report
/// of the whole, so a cluster reports a corpus partition by partition.
#[pyclass(frozen, module = "urlbnf")]
pub struct Report {
    inner: LibReport,
}

#[pymethods]
impl Report {
    /// The report as one line of JSON, exactly as `urlbnf report --json`.
    fn to_json(&self) -> String {
        self.inner.to_json()
    }

    /// A report read from its JSON (as `urlbnf report --merge` reads one:
    /// checked field by field, an error naming the first wrong one).
    #[staticmethod]
    fn from_json(json: PyBackedStr) -> PyResult<Report> {
        LibReport::from_json(&json)
            .map(|inner| Report { inner })
            .map_err(error)
    }

    /// The report of the whole from reports of its disjoint parts, by the
    /// rules of `urlbnf report --merge` (same editions, rules and reading;
    /// no part counted twice).
    #[staticmethod]
    #[pyo3(signature = (first, *more))]
    fn merge(first: &Report, more: Vec<PyRef<'_, Report>>) -> PyResult<Report> {
        let mut whole = first.inner.clone();
        for part in &more {
            whole.merge(&part.inner).map_err(error)?;
        }
        Ok(Report { inner: whole })
    }

    /// The report as a dict (the JSON's object).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        pythonize::pythonize(py, &self.inner).map_err(Into::into)
    }

    /// The inputs counted.
    #[getter]
    fn inputs(&self) -> u64 {
        self.inner.inputs
    }

    /// The digest of the inputs counted, whatever their order.
    #[getter]
    fn digest(&self) -> &str {
        &self.inner.digest
    }

    fn __eq__(&self, other: &Report) -> bool {
        self.inner == other.inner
    }

    fn __repr__(&self) -> String {
        let editions: Vec<String> = self
            .inner
            .editions
            .iter()
            .map(|e| format!("{} {}/{}", e.edition, e.valid, e.valid + e.invalid))
            .collect();
        format!(
            "<urlbnf.Report {} inputs: {}>",
            self.inner.inputs,
            editions.join(", ")
        )
    }
}
