//! A corpus report for people: plain text, and a self-contained HTML page whose
//! charts are inline SVG (no script, no external file).

use std::fmt::Write;

use super::{count, percent, plural, visible, whatwg};
use crate::edition::Edition;
use crate::tools::report::{Cause, EditionReport, Report};
use crate::verdicts::check::{Checker, Engine, Reading};
use crate::verdicts::prose::ProseNote;

mod html;
pub use html::{MARK as HTML_MARK, html};

/// The report as text: per edition its counts, schemes and the `top` causes
/// (the rest summed), then the cross-edition table.
pub fn text(report: &Report, top: usize) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}, checked against {}{}",
        plural(report.inputs, "input", "inputs"),
        plural(report.editions.len() as u64, "edition", "editions"),
        reading_words(report)
    );
    for e in &report.editions {
        out.push('\n');
        edition_text(&mut out, e, top, report.reading);
    }
    if report.editions.len() > 1 {
        out.push('\n');
        differences_text(&mut out, report);
    }
    if let Some(w) = &report.whatwg {
        whatwg::text(&mut out, w);
    }
    out
}

fn edition_text(out: &mut String, e: &EditionReport, top: usize, reading: Reading) {
    let known = reading.known_schemes;
    let total = e.valid + e.invalid;
    let _ = writeln!(
        out,
        "{} {}: {} valid ({}), {} invalid ({})",
        e.edition,
        e.rule,
        count(e.valid),
        percent(e.valid, total),
        count(e.invalid),
        percent(e.invalid, total)
    );
    if !e.schemes.is_empty() {
        let catch_all = has_catch_all(e);
        let _ = write!(
            out,
            "  {:<20} {:>12} {:>12} {:>8} {:>12}",
            "scheme", "inputs", "valid", "%", "invalid"
        );
        let _ = writeln!(out, "{}", if catch_all { "  catch-all only" } else { "" });
        let row = |out: &mut String, name: &str, v: u64, i: u64, c: u64| {
            scheme_row(out, name, v, i);
            if catch_all {
                out.pop();
                let _ = writeln!(out, " {:>15}", count(c));
            }
        };
        for s in e.schemes.iter().take(top) {
            row(
                out,
                &visible(&s.scheme),
                s.valid,
                s.invalid,
                s.catch_all_only,
            );
        }
        if let Some(rest) = e.schemes.get(top..).filter(|r| !r.is_empty()) {
            let (v, i, c) = rest.iter().fold((0, 0, 0), |(v, i, c), s| {
                (v + s.valid, i + s.invalid, c + s.catch_all_only)
            });
            let name = plural(rest.len() as u64, "other scheme", "other schemes");
            row(out, &name, v, i, c);
        }
        if catch_all && e.schemes.iter().any(|s| s.catch_all_only > 0) {
            let _ = writeln!(
                out,
                "  catch-all only: inputs of a scheme with a rule of its own that only {} derives ({})",
                catch_all_name(e),
                catch_all_counted(known)
            );
        }
    }
    if !e.lints.is_empty() {
        let _ = writeln!(
            out,
            "  lints of the {}:",
            plural(e.valid, "valid input", "valid inputs")
        );
        for l in &e.lints {
            let _ = writeln!(
                out,
                "  {:>10} {:>6}  {}",
                count(l.inputs),
                percent(l.inputs, e.valid),
                l.code
            );
        }
    }
    if e.causes.is_empty() {
        return;
    }
    let _ = writeln!(
        out,
        "  causes of the {}:",
        plural(e.invalid, "invalid input", "invalid inputs")
    );
    for c in e.causes.iter().take(top) {
        cause_text(out, c, e, reading);
    }
    if let Some(rest) = e.causes.get(top..).filter(|r| !r.is_empty()) {
        let n = rest.iter().map(|c| c.inputs).sum();
        let _ = writeln!(
            out,
            "  {:>10} {:>6}  {}",
            count(n),
            percent(n, e.invalid),
            plural(rest.len() as u64, "other cause", "other causes")
        );
    }
}

/// The reading and linting a report was made with, as the end of its first
/// line: nothing for the letter.
pub(super) fn reading_words(report: &Report) -> String {
    let mut words = Vec::new();
    if report.reading.known_schemes {
        words.push("known schemes by their own rules");
    }
    if report.reading.fold_scheme_case {
        words.push("scheme case folded");
    }
    if report.lint {
        words.push("linted");
    }
    if words.is_empty() {
        String::new()
    } else {
        format!(" ({})", words.join(", "))
    }
}

/// Whether the edition's rule ends its schemes with a catch-all for new ones.
pub(super) fn has_catch_all(e: &EditionReport) -> bool {
    crate::knowledge::known::catch_all(e.edition).is_some_and(|c| c.applies_to(&e.rule))
}

/// How the inputs only a catch-all derives were counted, in the reading.
pub(super) fn catch_all_counted(known: bool) -> &'static str {
    if known {
        "counted invalid: known schemes read by their own rules"
    } else {
        "counted valid: the letter"
    }
}

pub(super) fn catch_all_name(e: &EditionReport) -> String {
    crate::knowledge::known::catch_all(e.edition).map_or_else(String::new, |c| c.catch_all.clone())
}

fn scheme_row(out: &mut String, name: &str, valid: u64, invalid: u64) {
    let _ = writeln!(
        out,
        "  {:<20} {:>12} {:>12} {:>8} {:>12}",
        name,
        count(valid + invalid),
        count(valid),
        percent(valid, valid + invalid),
        count(invalid)
    );
}

fn cause_text(out: &mut String, c: &Cause, e: &EditionReport, reading: Reading) {
    let _ = writeln!(
        out,
        "  {:>10} {:>6}  {}",
        count(c.inputs),
        percent(c.inputs, e.invalid),
        visible(&c.describe())
    );
    for (i, ex) in c.examples.iter().enumerate() {
        let lead = if i == 0 { "e.g." } else { "" };
        let _ = writeln!(out, "  {:>19}  {lead:<4} {}", "", visible(&ex.input));
        let _ = writeln!(out, "  {:>19}       {}^", "", " ".repeat(ex.offset));
    }
    for n in example_notes(e, reading, c) {
        let _ = writeln!(
            out,
            "  {:>19}  note[{}] {}: {}",
            "",
            n.code,
            n.section,
            visible(&n.message)
        );
    }
}

/// What `check` notes on a cause's first example, in the report's reading:
/// where the edition's letter surprises (RFC 1738's fragment, RFC 1630's
/// `//`, scheme case, a scheme with no rule).
pub(super) fn example_notes(e: &EditionReport, reading: Reading, c: &Cause) -> Vec<ProseNote> {
    let (Some(ex), Ok(checker)) = (
        c.examples.first(),
        Checker::new(e.edition, &e.rule, Engine::Dfa),
    ) else {
        return Vec::new();
    };
    checker.reading(reading).check(&ex.input).notes
}

fn differences_text(out: &mut String, report: &Report) {
    out.push_str("across editions: inputs the row's edition accepts and the column's rejects\n");
    let editions: Vec<_> = report.editions.iter().map(|e| e.edition).collect();
    let _ = write!(out, "  {:<12}", "");
    for e in &editions {
        let _ = write!(out, " {:>12}", e.id());
    }
    out.push('\n');
    for &a in &editions {
        let _ = write!(out, "  {:<12}", a.id());
        for &b in &editions {
            let cell = difference(report, a, b);
            let _ = write!(out, " {cell:>12}");
        }
        out.push('\n');
    }
}

/// The cross-table's cell: inputs `a` accepts and `b` rejects (`-` on the diagonal).
pub(super) fn difference(report: &Report, a: Edition, b: Edition) -> String {
    report
        .differences
        .iter()
        .find(|d| d.accepted_by == a && d.rejected_by == b)
        .map_or_else(|| "-".to_string(), |d| count(d.inputs))
}
