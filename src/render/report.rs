//! A corpus report for people: plain text, and a self-contained HTML page whose
//! charts are inline SVG (no script, no external file).

use std::fmt::Write;

use super::{count, esc, percent, plural, visible, whatwg};
use crate::analysis::report::{Cause, EditionReport, Report};
use crate::edition::Edition;

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
        edition_text(&mut out, e, top, report.reading.known_schemes);
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

fn edition_text(out: &mut String, e: &EditionReport, top: usize, known: bool) {
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
        cause_text(out, c, e.invalid);
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
fn reading_words(report: &Report) -> String {
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
fn has_catch_all(e: &EditionReport) -> bool {
    crate::analysis::known::catch_all(e.edition).is_some_and(|c| c.applies_to(&e.rule))
}

/// How the inputs only a catch-all derives were counted, in the reading.
fn catch_all_counted(known: bool) -> &'static str {
    if known {
        "counted invalid: known schemes read by their own rules"
    } else {
        "counted valid: the letter"
    }
}

fn catch_all_name(e: &EditionReport) -> String {
    crate::analysis::known::catch_all(e.edition).map_or_else(String::new, |c| c.catch_all.clone())
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

fn cause_text(out: &mut String, c: &Cause, invalid: u64) {
    let _ = writeln!(
        out,
        "  {:>10} {:>6}  {}",
        count(c.inputs),
        percent(c.inputs, invalid),
        visible(&c.describe())
    );
    for (i, ex) in c.examples.iter().enumerate() {
        let lead = if i == 0 { "e.g." } else { "" };
        let _ = writeln!(out, "  {:>19}  {lead:<4} {}", "", visible(&ex.input));
        let _ = writeln!(out, "  {:>19}       {}^", "", " ".repeat(ex.offset));
    }
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
fn difference(report: &Report, a: Edition, b: Edition) -> String {
    report
        .differences
        .iter()
        .find(|d| d.accepted_by == a && d.rejected_by == b)
        .map_or_else(|| "-".to_string(), |d| count(d.inputs))
}

const STYLE: &str = r#"
body { font: 16px/1.5 system-ui, sans-serif; max-width: 64rem; margin: 2rem auto; padding: 0 1rem; color: #1d1d1f; }
h1, h2, h3 { line-height: 1.2; }
table { border-collapse: collapse; margin: 0.5rem 0 1.5rem; display: block; max-width: 100%; overflow-x: auto; }
th, td { padding: 0.2rem 0.6rem; border-bottom: 1px solid #ddd; text-align: right; overflow-wrap: break-word; }
@media (max-width: 40rem) { body { margin: 1rem auto; } th, td { padding: 0.2rem 0.3rem; font-size: 0.85rem; } }
.about { color: #555; }
th:first-child, td:first-child { text-align: left; }
code, .example { font-family: ui-monospace, monospace; }
.example { white-space: pre; background: #f4f4f6; display: block; padding: 0.2rem 0.4rem; margin: 0.15rem 0; overflow-x: auto; }
svg text { font: 13px system-ui, sans-serif; fill: #1d1d1f; }
.valid { fill: #2e7d32; } .invalid { fill: #c62828; } .cause { fill: #6a4c93; }
.key span { display: inline-block; width: 0.8rem; height: 0.8rem; margin: 0 0.3rem 0 1rem; vertical-align: middle; }
"#;

/// The report as one self-contained HTML page with inline SVG charts.
pub fn html(report: &Report, top: usize, sources: &[String], date: &str) -> String {
    let mut body = String::new();
    let editions: Vec<String> = report
        .editions
        .iter()
        .map(|e| format!("{} <code>{}</code>", e.edition, esc(&e.rule)))
        .collect();
    let read = match sources {
        [] => "standard input".to_string(),
        files => files
            .iter()
            .map(|f| format!("<code>{}</code>", esc(&visible(f))))
            .collect::<Vec<_>>()
            .join(", "),
    };
    let _ = writeln!(
        body,
        "<h1>Conformance report</h1>\n<p>{}, checked against {} by urlbnf{}.</p>\n<p class=\"about\">Read from {read}; editions {}; written {}.</p>",
        plural(report.inputs, "input", "inputs"),
        plural(report.editions.len() as u64, "edition", "editions"),
        esc(&reading_words(report)),
        editions.join(", "),
        esc(date)
    );
    body.push_str("<h2>Validity per edition</h2>\n");
    body.push_str(
        r#"<p class="key"><span class="valid" style="background:#2e7d32"></span>valid<span class="invalid" style="background:#c62828"></span>invalid</p>"#,
    );
    let rows: Vec<(String, u64, u64)> = report
        .editions
        .iter()
        .map(|e| (format!("{} {}", e.edition, e.rule), e.valid, e.invalid))
        .collect();
    body.push_str(&stacked_bars(&rows));
    if report.editions.len() > 1 {
        differences_html(&mut body, report);
    }
    if let Some(w) = &report.whatwg {
        whatwg::html(&mut body, w);
    }
    for e in &report.editions {
        edition_html(&mut body, e, top, report.reading.known_schemes);
    }
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>Conformance report · urlbnf</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<main>\n{body}</main>\n</body>\n</html>\n"
    )
}

const LABEL: f64 = 230.0;
const BAR: f64 = 420.0;
const ROW: f64 = 26.0;
/// Room right of a bar for its counts.
const COUNTS: f64 = 190.0;

/// An SVG element for `rows` bars with their labels: it scales to the page
/// (its `viewBox`), never wider than its natural size.
fn svg_open(rows: usize) -> String {
    let height = ROW * rows as f64 + 4.0;
    let width = LABEL + BAR + COUNTS;
    format!(
        r#"<svg role="img" viewBox="0 0 {width} {height}" width="100%" style="max-width:{width}px" preserveAspectRatio="xMinYMin meet" xmlns="http://www.w3.org/2000/svg">"#
    )
}

/// One horizontal bar per row, valid then invalid, each row's length its share.
fn stacked_bars(rows: &[(String, u64, u64)]) -> String {
    let mut svg = svg_open(rows.len());
    for (i, (label, valid, invalid)) in rows.iter().enumerate() {
        let y = ROW * i as f64 + 2.0;
        let total = (valid + invalid).max(1) as f64;
        let w = BAR * *valid as f64 / total;
        let _ = write!(
            svg,
            r#"<text x="0" y="{ty}">{label}</text><rect class="valid" x="{LABEL}" y="{y}" width="{w:.1}" height="18"><title>{v} valid</title></rect><rect class="invalid" x="{x2:.1}" y="{y}" width="{w2:.1}" height="18"><title>{n} invalid</title></rect><text x="{tx}" y="{ty}">{pct} · {v} of {all}</text>"#,
            ty = y + 14.0,
            label = esc(label),
            x2 = LABEL + w,
            w2 = BAR - w,
            v = count(*valid),
            n = count(*invalid),
            tx = LABEL + BAR + 8.0,
            pct = percent(*valid, valid + invalid),
            all = count(valid + invalid),
        );
    }
    svg.push_str("</svg>\n");
    svg
}

/// One bar per cause, its length its share of the largest.
fn cause_bars(causes: &[Cause]) -> String {
    let most = causes.iter().map(|c| c.inputs).max().unwrap_or(1).max(1) as f64;
    let mut svg = svg_open(causes.len());
    for (i, c) in causes.iter().enumerate() {
        let y = ROW * i as f64 + 2.0;
        let label: String = visible(&format!("{} ← {}", c.rule, found_words(c)))
            .chars()
            .take(32)
            .collect();
        let _ = write!(
            svg,
            r#"<text x="0" y="{ty}">{label}</text><rect class="cause" x="{LABEL}" y="{y}" width="{w:.1}" height="18"><title>{title}</title></rect><text x="{tx:.1}" y="{ty}">{n}</text>"#,
            ty = y + 14.0,
            label = esc(&label),
            w = (BAR * c.inputs as f64 / most).max(1.0),
            title = esc(&visible(&c.describe())),
            tx = LABEL + BAR * c.inputs as f64 / most + 6.0,
            n = count(c.inputs),
        );
    }
    svg.push_str("</svg>\n");
    svg
}

fn found_words(c: &Cause) -> String {
    if c.found.chars().count() == 1 {
        format!("{:?}", c.found)
    } else {
        c.found.clone()
    }
}

fn edition_html(body: &mut String, e: &EditionReport, top: usize, known: bool) {
    let total = e.valid + e.invalid;
    let _ = writeln!(
        body,
        "<h2>{} <code>{}</code></h2>\n<p>{} valid ({}), {} invalid ({}).</p>",
        e.edition,
        esc(&e.rule),
        count(e.valid),
        percent(e.valid, total),
        count(e.invalid),
        percent(e.invalid, total)
    );
    if !e.schemes.is_empty() {
        body.push_str("<h3>Validity per scheme</h3>\n");
        let mut rows: Vec<(String, u64, u64)> = e
            .schemes
            .iter()
            .take(top)
            .map(|s| (visible(&s.scheme), s.valid, s.invalid))
            .collect();
        if let Some(rest) = e.schemes.get(top..).filter(|r| !r.is_empty()) {
            let (v, i) = rest
                .iter()
                .fold((0, 0), |(v, i), s| (v + s.valid, i + s.invalid));
            rows.push((
                plural(rest.len() as u64, "other scheme", "other schemes"),
                v,
                i,
            ));
        }
        body.push_str(&stacked_bars(&rows));
        let caught: Vec<String> = e
            .schemes
            .iter()
            .filter(|s| s.catch_all_only > 0)
            .map(|s| format!("{} {}", esc(&visible(&s.scheme)), count(s.catch_all_only)))
            .collect();
        if has_catch_all(e) && !caught.is_empty() {
            let _ = writeln!(
                body,
                "<p>Inputs of a scheme with a rule of its own that only <code>{}</code> derives ({}): {}.</p>",
                esc(&catch_all_name(e)),
                catch_all_counted(known),
                caught.join(", ")
            );
        }
    }
    if !e.lints.is_empty() {
        let _ = writeln!(
            body,
            "<h3>Lints of the {}</h3>\n<table>\n<tr><th>lint</th><th>inputs</th><th>%</th></tr>",
            plural(e.valid, "valid input", "valid inputs")
        );
        for l in &e.lints {
            let _ = writeln!(
                body,
                "<tr><td><code>{}</code></td><td>{}</td><td>{}</td></tr>",
                esc(&l.code),
                count(l.inputs),
                percent(l.inputs, e.valid)
            );
        }
        body.push_str("</table>\n");
    }
    if e.causes.is_empty() {
        return;
    }
    let shown: Vec<Cause> = e.causes.iter().take(top).cloned().collect();
    let _ = writeln!(
        body,
        "<h3>Causes of the {}</h3>",
        plural(e.invalid, "invalid input", "invalid inputs")
    );
    body.push_str(&cause_bars(&shown));
    body.push_str("<table>\n<tr><th>cause</th><th>inputs</th><th>share</th></tr>\n");
    for c in &shown {
        let mut examples = String::new();
        for ex in &c.examples {
            let _ = write!(
                examples,
                r#"<span class="example">{}
{}^</span>"#,
                esc(&visible(&ex.input)),
                " ".repeat(ex.offset)
            );
        }
        let _ = writeln!(
            body,
            "<tr><td><code>{}</code>{examples}</td><td>{}</td><td>{}</td></tr>",
            esc(&visible(&c.describe())),
            count(c.inputs),
            percent(c.inputs, e.invalid)
        );
    }
    if let Some(rest) = e.causes.get(top..).filter(|r| !r.is_empty()) {
        let n = rest.iter().map(|c| c.inputs).sum();
        let _ = writeln!(
            body,
            "<tr><td>{}</td><td>{}</td><td>{}</td></tr>",
            plural(rest.len() as u64, "other cause", "other causes"),
            count(n),
            percent(n, e.invalid)
        );
    }
    body.push_str("</table>\n");
}

fn differences_html(body: &mut String, report: &Report) {
    body.push_str("<h2>Across editions</h2>\n<p>Inputs the row's edition accepts and the column's rejects.</p>\n<table>\n<tr><th></th>");
    let editions: Vec<_> = report.editions.iter().map(|e| e.edition).collect();
    for e in &editions {
        let _ = write!(body, "<th>{e}</th>");
    }
    body.push_str("</tr>\n");
    for &a in &editions {
        let _ = write!(body, "<tr><th>{a}</th>");
        for &b in &editions {
            let cell = difference(report, a, b);
            let _ = write!(body, "<td>{cell}</td>");
        }
        body.push_str("</tr>\n");
    }
    body.push_str("</table>\n");
}
