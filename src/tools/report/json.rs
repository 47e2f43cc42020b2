//! A report as the JSON `report --json` writes and `report --merge` reads
//! (feature `json`): one object on one line, its format [`FORMAT`].

#[cfg(doc)]
use super::FORMAT;
use super::finished::Report;
use crate::error::Error;

// A pass of its own beside the report's type (`finished.rs`): the JSON
// text, present only with feature `json`.
impl Report {
    /// The report as one line of JSON, exactly as `urlbnf report --json`
    /// writes it (without the line break).
    ///
    /// ```
    /// use urlbnf::{Checker, Edition, report::{Report, Reporter}};
    /// let reporter = Reporter::new(vec![Checker::for_edition(Edition::Rfc1738)?])?;
    /// let mut part = reporter.partial();
    /// reporter.add(&mut part, "http://h/~x");
    /// let report = reporter.finish(part);
    /// let json = report.to_json();
    /// assert!(json.starts_with(r#"{"format":"urlbnf-report/"#) && !json.contains('\n'));
    /// assert_eq!(Report::from_json(&json)?, report);
    /// # Ok::<(), urlbnf::Error>(())
    /// ```
    pub fn to_json(&self) -> String {
        // A report holds strings, numbers and lists only: nothing that
        // serde_json refuses.
        serde_json::to_string(self).unwrap_or_default()
    }

    /// A report read from its JSON, as `urlbnf report --merge` reads one:
    /// untrusted input, refused where it is not JSON of a report or where
    /// [`Report::validate`] finds a field wrong.
    ///
    /// ```
    /// use urlbnf::report::Report;
    /// let e = Report::from_json(r#"{"format":"urlbnf-report/1"}"#).unwrap_err();
    /// assert!(e.to_string().starts_with("not a urlbnf report"), "{e}");
    /// ```
    pub fn from_json(json: &str) -> Result<Report, Error> {
        let report: Report = serde_json::from_str(json)
            .map_err(|e| Error::Report(format!("not a urlbnf report: {e}")))?;
        report
            .validate()
            .map_err(|e| Error::Report(format!("not a valid urlbnf report: {e}")))?;
        Ok(report)
    }
}
