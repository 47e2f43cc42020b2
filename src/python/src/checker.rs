//! Checkers and their verdicts, one input or a batch: `urlbnf::Checker`,
//! its batch walk (`valid_each`) run with the GIL released.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::{PyDict, PyList};
use urlbnf::check::Reading;
use urlbnf::{CheckError, Edition, Engine, Verdict as LibVerdict};

use crate::arrow;
use crate::errors::{self, error, invalid};

/// A checker for one rule of one edition: the rule is looked up and its
/// automaton compiled once, then every call walks it. Shareable between
/// threads; the batch calls release the GIL.
///
/// `rule=None` is the edition's whole-URL rule (`urlbnf.editions()` names
/// it); `grammar_file` reads a grammar of one's own (ABNF or RFC 822 BNF)
/// as an edition; `known_schemes` checks a known scheme by its own rule,
/// leaving the catch-all to new schemes (RFC 1738 `otherurl`).
#[pyclass(frozen, module = "urlbnf")]
pub struct Checker {
    pub(crate) inner: Arc<urlbnf::Checker>,
}

/// Build the library's checker: `rule` or the edition's default rule.
pub fn build(
    edition: &str,
    rule: Option<&str>,
    grammar_file: Option<PathBuf>,
    known_schemes: bool,
) -> PyResult<urlbnf::Checker> {
    let edition = match grammar_file {
        Some(path) => urlbnf::load_grammar(&path, None).map_err(error)?,
        None => errors::edition(edition)?,
    };
    let checker = match rule {
        Some(rule) => urlbnf::Checker::new(edition, rule, Engine::Dfa),
        None => urlbnf::Checker::for_edition(edition),
    }
    .map_err(error)?;
    Ok(checker.reading(Reading {
        known_schemes,
        fold_scheme_case: false,
    }))
}

/// A checker the module's functions made, by the edition and rule asked.
type Shared = (String, Option<String>, Arc<urlbnf::Checker>);

/// The checkers the module's functions use, one per (edition, rule) asked.
static SHARED: Mutex<Vec<Shared>> = Mutex::new(Vec::new());

pub fn shared(edition: &str, rule: Option<&str>) -> PyResult<Arc<urlbnf::Checker>> {
    let mut all = SHARED.lock().unwrap_or_else(|p| p.into_inner());
    if let Some((_, _, c)) = all
        .iter()
        .find(|(e, r, _)| e == edition && r.as_deref() == rule)
    {
        return Ok(Arc::clone(c));
    }
    let checker = Arc::new(build(edition, rule, None, false)?);
    all.push((
        edition.to_string(),
        rule.map(str::to_string),
        Arc::clone(&checker),
    ));
    Ok(checker)
}

/// Verdicts on a list, or a pyarrow array (or chunked array) of strings:
/// the walk runs with the GIL released, the strings read where they lie.
pub fn valid_many<'py>(
    checker: &urlbnf::Checker,
    urls: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let py = urls.py();
    match arrow::kind(urls)? {
        arrow::Kind::Array => {
            let array = arrow::import(urls)?;
            let values = py.detach(|| -> PyResult<Vec<Option<bool>>> {
                let strings = arrow::strings(&array)?;
                Ok(verdicts(checker, &strings))
            })?;
            arrow::booleans(py, &values)
        }
        arrow::Kind::Chunked => {
            let chunks = urls
                .getattr("chunks")?
                .try_iter()?
                .map(|chunk| valid_many(checker, &chunk?))
                .collect::<PyResult<Vec<_>>>()?;
            arrow::chunked(py, chunks, "bool_")
        }
        arrow::Kind::Other => {
            let items = texts(urls)?;
            let strings: Vec<Option<&str>> = items.iter().map(|s| s.as_deref()).collect();
            let values = py.detach(|| verdicts(checker, &strings));
            Ok(PyList::new(py, values)?.into_any())
        }
    }
}

/// The strings of a Python iterable, `None` kept as `None`.
pub fn texts(urls: &Bound<'_, PyAny>) -> PyResult<Vec<Option<PyBackedStr>>> {
    urls.try_iter()
        .map_err(|_| PyTypeError::new_err("urls: a list of str, or an Arrow array of strings"))?
        .map(|item| {
            let item = item?;
            if item.is_none() {
                Ok(None)
            } else {
                item.extract::<PyBackedStr>().map(Some)
            }
        })
        .collect()
}

/// Each string's verdict, `None` kept: `Checker::valid_each`, the
/// library's walk of a list (eight inputs side by side, or each apart
/// where the checker reads each input apart).
fn verdicts(checker: &urlbnf::Checker, strings: &[Option<&str>]) -> Vec<Option<bool>> {
    let inputs: Vec<&[u8]> = strings
        .iter()
        .map(|s| s.map_or(&b""[..], str::as_bytes))
        .collect();
    strings
        .iter()
        .zip(checker.valid_each(&inputs))
        .map(|(s, v)| s.map(|_| v))
        .collect()
}

/// `check_many`'s table: per input, whether it is valid and, where not,
/// where it stops, what was found, the rule checked and the fix.
fn check_table<'py>(
    py: Python<'py>,
    checker: &urlbnf::Checker,
    strings: &[Option<&str>],
) -> PyResult<Bound<'py, PyAny>> {
    type Row = (Option<bool>, Option<usize>, Option<String>, Option<String>);
    let rows: Vec<Row> = py.detach(|| {
        let valid = verdicts(checker, strings);
        strings
            .iter()
            .zip(valid)
            .map(|(s, v)| match (s, v) {
                (Some(s), Some(false)) => match checker.check(s).error {
                    Some(e) => (Some(false), Some(e.offset), Some(e.found), e.fix),
                    None => (Some(false), None, None, None),
                },
                (_, v) => (v, None, None, None),
            })
            .collect()
    });
    let pa = py.import("pyarrow")?;
    let valid: Vec<Option<bool>> = rows.iter().map(|r| r.0).collect();
    let rule = checker.rule();
    let columns = PyDict::new(py);
    columns.set_item("valid", arrow::booleans(py, &valid)?)?;
    let column = |values: Vec<Option<String>>| {
        pa.call_method1("array", (values, pa.call_method0("string")?))
    };
    columns.set_item(
        "offset",
        pa.call_method1(
            "array",
            (
                rows.iter().map(|r| r.1).collect::<Vec<_>>(),
                pa.call_method0("int64")?,
            ),
        )?,
    )?;
    columns.set_item("found", column(rows.iter().map(|r| r.2.clone()).collect())?)?;
    columns.set_item(
        "rule",
        column(rows.iter().map(|r| r.0.map(|_| rule.to_string())).collect())?,
    )?;
    columns.set_item("fix", column(rows.into_iter().map(|r| r.3).collect())?)?;
    pa.getattr("table")?.call1((columns,))
}

#[pymethods]
impl Checker {
    #[new]
    #[pyo3(signature = (edition="rfc3986", rule=None, *, grammar_file=None, known_schemes=false))]
    fn new(
        edition: &str,
        rule: Option<&str>,
        grammar_file: Option<PathBuf>,
        known_schemes: bool,
    ) -> PyResult<Checker> {
        let checker = build(edition, rule, grammar_file, known_schemes)?;
        Ok(Checker {
            inner: Arc::new(checker),
        })
    }

    /// The edition's id.
    #[getter]
    fn edition(&self) -> &'static str {
        self.inner.edition().id()
    }

    /// The rule checked, by its printed name.
    #[getter]
    fn rule(&self) -> &str {
        self.inner.rule()
    }

    /// Whether the rule derives the whole of `url`; never raises on bad input.
    fn is_valid(&self, url: PyBackedStr) -> bool {
        self.inner.is_valid(&url)
    }

    /// The verdict on `url`, with the diagnosis of an invalid one (where it
    /// stops, what could come there, what came instead, the fix) and the
    /// notes where the document's prose reads it other than its BNF.
    fn check(&self, url: PyBackedStr) -> Verdict {
        Verdict::from(self.inner.check(&url))
    }

    /// Whether the rule derives each URL: a list gives a list; a pyarrow
    /// array (or chunked array) of strings gives a pyarrow boolean array,
    /// the strings read in place. Nulls (None) stay null. The GIL is
    /// released while the automaton walks.
    fn is_valid_many<'py>(&self, urls: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        valid_many(&self.inner, urls)
    }

    /// A pyarrow table of the verdicts on each URL (a list or an Arrow
    /// array of strings): `valid`, and for an invalid URL `offset` (in
    /// characters), `found`, `rule` (the rule checked) and `fix`, as
    /// `check()` gives them. The GIL is released while they are computed.
    fn check_many<'py>(&self, urls: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        let py = urls.py();
        let urls = match arrow::kind(urls)? {
            arrow::Kind::Chunked => py
                .import("pyarrow")?
                .getattr("concat_arrays")?
                .call1((urls.getattr("chunks")?,))?,
            _ => urls.clone(),
        };
        match arrow::kind(&urls)? {
            arrow::Kind::Array => {
                let array = arrow::import(&urls)?;
                let strings = arrow::strings(&array)?;
                check_table(py, &self.inner, &strings)
            }
            _ => {
                let items = texts(&urls)?;
                let strings: Vec<Option<&str>> = items.iter().map(|s| s.as_deref()).collect();
                check_table(py, &self.inner, &strings)
            }
        }
    }

    fn __repr__(&self) -> String {
        format!(
            "urlbnf.Checker({:?}, {:?})",
            self.inner.edition().id(),
            self.inner.rule()
        )
    }
}

/// Where and why an input is invalid.
#[pyclass(frozen, module = "urlbnf", get_all)]
pub struct Diagnosis {
    /// Where the input stops being a prefix of any valid string, in characters.
    offset: usize,
    /// The same place in bytes of its UTF-8.
    byte_offset: usize,
    /// What could come there: class rules, quoted characters, "end of input".
    expected: Vec<String>,
    /// What came instead: one character, or "end of input".
    found: String,
    /// The diagnosis in words.
    message: String,
    /// The escape that would make the character data (`%7E`), if any.
    fix: Option<String>,
}

impl From<&CheckError> for Diagnosis {
    fn from(e: &CheckError) -> Diagnosis {
        Diagnosis {
            offset: e.offset,
            byte_offset: e.byte_offset,
            expected: e.expected.iter().map(ToString::to_string).collect(),
            found: e.found.clone(),
            message: e.message.clone(),
            fix: e.fix.clone(),
        }
    }
}

#[pymethods]
impl Diagnosis {
    fn __str__(&self) -> String {
        format!("at offset {}: {}", self.offset, self.message)
    }

    fn __repr__(&self) -> String {
        format!(
            "<urlbnf.Diagnosis at offset {}: {:?}>",
            self.offset, self.message
        )
    }
}

/// Where the document's prose reads the input other than its BNF.
#[pyclass(frozen, module = "urlbnf", get_all)]
pub struct Note {
    /// The note's stable name (`scheme-case`, `catch-all`, `relative-only`...).
    code: &'static str,
    /// The document and section (`RFC 1738 §3.4`).
    section: &'static str,
    /// The prose, quoted.
    quote: &'static str,
    /// What the prose means for this input.
    message: String,
}

#[pymethods]
impl Note {
    fn __repr__(&self) -> String {
        format!("<urlbnf.Note {}: {:?}>", self.code, self.message)
    }
}

/// The verdict on one input under one rule of one edition: `valid`,
/// `error` (a `Diagnosis`, or None) and `notes`. `to_dict()` is the object
/// `urlbnf check --json` writes. True exactly when valid.
#[pyclass(frozen, module = "urlbnf")]
pub struct Verdict {
    inner: LibVerdict,
}

impl From<LibVerdict> for Verdict {
    fn from(inner: LibVerdict) -> Verdict {
        Verdict { inner }
    }
}

#[pymethods]
impl Verdict {
    /// Whether the rule derives the whole input.
    #[getter]
    fn valid(&self) -> bool {
        self.inner.valid
    }

    /// The input, as given.
    #[getter]
    fn input(&self) -> &str {
        &self.inner.input
    }

    /// The edition's id.
    #[getter]
    fn edition(&self) -> &'static str {
        self.inner.edition.id()
    }

    /// The rule checked.
    #[getter]
    fn rule(&self) -> &str {
        &self.inner.rule
    }

    /// Where and why not, for an invalid input; None for a valid one.
    #[getter]
    fn error(&self) -> Option<Diagnosis> {
        self.inner.error.as_ref().map(Diagnosis::from)
    }

    /// The notes, each with its `code`.
    #[getter]
    fn notes(&self) -> Vec<Note> {
        self.inner
            .notes
            .iter()
            .map(|n| Note {
                code: n.code,
                section: n.section,
                quote: n.quote,
                message: n.message.clone(),
            })
            .collect()
    }

    /// The verdict as `urlbnf check --json` writes it, as a dict.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        pythonize::pythonize(py, &self.inner).map_err(Into::into)
    }

    fn __bool__(&self) -> bool {
        self.inner.valid
    }

    fn __repr__(&self) -> String {
        match &self.inner.error {
            None => format!("<urlbnf.Verdict valid {}>", self.inner.rule),
            Some(e) => format!("<urlbnf.Verdict invalid {}: {e}>", self.inner.rule),
        }
    }
}

/// Whether `rule` of `edition` (default: its whole-URL rule) derives the
/// whole of `url`. Never raises on bad input.
#[pyfunction]
#[pyo3(signature = (url, edition="rfc3986", rule=None))]
pub fn is_valid(url: PyBackedStr, edition: &str, rule: Option<&str>) -> PyResult<bool> {
    Ok(shared(edition, rule)?.is_valid(&url))
}

/// The verdict on `url` (see `Verdict`). Never raises on bad input.
#[pyfunction]
#[pyo3(signature = (url, edition="rfc3986", rule=None))]
pub fn check(url: PyBackedStr, edition: &str, rule: Option<&str>) -> PyResult<Verdict> {
    Ok(Verdict::from(shared(edition, rule)?.check(&url)))
}

/// `url` itself if the rule derives it; else raises `InvalidURL` with the
/// diagnosis. A validator for pydantic (`AfterValidator(urlbnf.validate)`).
#[pyfunction]
#[pyo3(signature = (url, edition="rfc3986", rule=None))]
pub fn validate(url: PyBackedStr, edition: &str, rule: Option<&str>) -> PyResult<PyBackedStr> {
    let checker = shared(edition, rule)?;
    match checker.check(&url).error {
        None => Ok(url),
        Some(e) => Err(invalid(&url, checker.edition(), checker.rule(), &e)),
    }
}

/// The editions, oldest first, each a dict: `id`, `title`, `document`,
/// `section`, `date`, `summary` and `default_rule` (the whole-URL rule a
/// checker uses when none is named).
#[pyfunction]
pub fn editions(py: Python<'_>) -> PyResult<Vec<Bound<'_, PyDict>>> {
    Edition::ALL
        .iter()
        .map(|e| {
            let info = e.info();
            let d = PyDict::new(py);
            d.set_item("id", info.id)?;
            d.set_item("title", info.title)?;
            d.set_item("document", info.document)?;
            d.set_item("section", info.section)?;
            d.set_item("date", info.date)?;
            d.set_item("summary", info.summary)?;
            d.set_item("default_rule", info.default_rule)?;
            Ok(d)
        })
        .collect()
}
