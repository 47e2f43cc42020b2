//! The corpus report as one self-contained HTML page: inline SVG charts, no
//! script, no external file.

use std::fmt::Write;

use super::super::{count, esc, percent, plural, visible, whatwg};
use super::{catch_all_counted, catch_all_name, difference, has_catch_all, reading_words};
use crate::tools::report::{Cause, EditionReport, Report};
use crate::verdicts::check::Reading;

const STYLE: &str = r#"
body { font: 16px/1.5 system-ui, sans-serif; max-width: 64rem; margin: 2rem auto; padding: 0 1rem; color: #1d1d1f; }
h1, h2, h3 { line-height: 1.2; }
table { border-collapse: collapse; margin: 0.5rem 0 1.5rem; display: block; max-width: 100%; overflow-x: auto; }
th, td { padding: 0.2rem 0.6rem; border-bottom: 1px solid #ddd; text-align: right; overflow-wrap: break-word; }
@media (max-width: 40rem) { body { margin: 1rem auto; } th, td { padding: 0.2rem 0.3rem; font-size: 0.85rem; } }
.about { color: #555; }
th:first-child, td:first-child { text-align: left; }
code, .example { font-family: ui-monospace, monospace; }
.note { display: block; font-size: 0.9em; margin: 0.15rem 0; }
.example { white-space: pre; background: #f4f4f6; display: block; padding: 0.2rem 0.4rem; margin: 0.15rem 0; overflow-x: auto; }
svg text { font: 13px system-ui, sans-serif; fill: #1d1d1f; }
.valid { fill: #2e7d32; } .invalid { fill: #c62828; } .cause { fill: #6a4c93; } .caught { fill: #e0a000; }
nav ol { columns: 2 14rem; padding-left: 1.2rem; }
.key span { display: inline-block; width: 0.8rem; height: 0.8rem; margin: 0 0.3rem 0 1rem; vertical-align: middle; }
"#;

/// What is on the page, linked: the sections and each edition's.
fn contents(body: &mut String, report: &Report) {
    body.push_str("<nav><ol>\n<li><a href=\"#validity\">Validity per edition</a></li>\n");
    if report.editions.len() > 1 {
        body.push_str("<li><a href=\"#across\">Across editions</a></li>\n");
    }
    if report.whatwg.is_some() {
        body.push_str("<li><a href=\"#whatwg\">What a browser makes of it</a></li>\n");
    }
    for e in &report.editions {
        let _ = writeln!(
            body,
            "<li><a href=\"#{}\">{} <code>{}</code></a></li>",
            anchor(e),
            e.edition,
            esc(&e.rule)
        );
    }
    body.push_str("</ol></nav>\n");
}

/// An edition's section: its id and rule (`rfc1738-url`).
fn anchor(e: &EditionReport) -> String {
    let rule: String = e
        .rule
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect();
    format!("{}-{rule}", e.edition)
}

/// The bars' key: valid, valid by the catch-all only (counted valid by the
/// letter, invalid with known schemes), invalid.
fn key(known: bool) -> String {
    let caught = if known {
        "invalid, derived by the catch-all only"
    } else {
        "valid by the catch-all only"
    };
    format!(
        r#"<p class="key"><span style="background:#2e7d32"></span>valid<span style="background:#e0a000"></span>{caught}<span style="background:#c62828"></span>invalid</p>"#
    )
}

/// One bar: its label and counts; `caught`, the inputs of a known scheme that
/// only the catch-all derives, among the valid (the letter) or the invalid
/// (known schemes).
struct Row {
    label: String,
    valid: u64,
    invalid: u64,
    caught: u64,
}

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
    contents(&mut body, report);
    let known = report.reading.known_schemes;
    body.push_str("<h2 id=\"validity\">Validity per edition</h2>\n");
    body.push_str(&key(known));
    let rows: Vec<Row> = report
        .editions
        .iter()
        .map(|e| Row {
            label: format!("{} {}", e.edition, e.rule),
            valid: e.valid,
            invalid: e.invalid,
            caught: e.schemes.iter().map(|s| s.catch_all_only).sum(),
        })
        .collect();
    body.push_str(&stacked_bars(&rows, known));
    if report.editions.len() > 1 {
        differences_html(&mut body, report);
    }
    if let Some(w) = &report.whatwg {
        whatwg::html(&mut body, w);
    }
    for e in &report.editions {
        edition_html(&mut body, e, top, report.reading);
    }
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n{MARK}\n<title>Conformance report · urlbnf</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<main>\n{body}</main>\n</body>\n</html>\n"
    )
}

/// What every HTML report carries near its start: `report --html` replaces a
/// file holding it (an earlier report) and refuses any other.
pub const MARK: &str = "<meta name=\"generator\" content=\"urlbnf report\">";

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

/// One horizontal bar per row, valid, caught, invalid, each part's length its
/// share; the counts beside it in words.
fn stacked_bars(rows: &[Row], known: bool) -> String {
    let mut svg = svg_open(rows.len());
    for (i, r) in rows.iter().enumerate() {
        let y = ROW * i as f64 + 2.0;
        let total = (r.valid + r.invalid).max(1) as f64;
        // Where the caught inputs sit: the end of the valid, or the start of
        // the invalid.
        let plain_valid = if known {
            r.valid
        } else {
            r.valid.saturating_sub(r.caught)
        };
        let parts = [
            (
                "valid",
                plain_valid,
                format!("{} valid", count(plain_valid)),
            ),
            (
                "caught",
                r.caught,
                format!("{} by the catch-all only", count(r.caught)),
            ),
            (
                "invalid",
                (r.valid + r.invalid).saturating_sub(plain_valid + r.caught),
                format!("{} invalid", count(r.invalid)),
            ),
        ];
        let _ = write!(
            svg,
            r#"<text x="0" y="{ty}">{label}</text>"#,
            ty = y + 14.0,
            label = esc(&r.label)
        );
        let mut x = LABEL;
        for (class, n, title) in parts {
            let w = BAR * n as f64 / total;
            if n > 0 {
                let _ = write!(
                    svg,
                    r#"<rect class="{class}" x="{x:.1}" y="{y}" width="{w:.1}" height="18"><title>{title}</title></rect>"#
                );
            }
            x += w;
        }
        let caught = if r.caught > 0 {
            format!(" ({} by the catch-all only)", count(r.caught))
        } else {
            String::new()
        };
        let _ = write!(
            svg,
            r#"<text x="{tx}" y="{ty}">{pct} · {v} of {all}{caught}</text>"#,
            ty = y + 14.0,
            tx = LABEL + BAR + 8.0,
            pct = percent(r.valid, r.valid + r.invalid),
            v = count(r.valid),
            all = count(r.valid + r.invalid),
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
        // Numbered as in the table below: two causes may read alike once
        // shortened (one rule, one character, other expectations).
        let label: String = visible(&format!("{}. {} ← {}", i + 1, c.rule, found_words(c)))
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

// Long: one edition's section of the page, its parts (schemes, lints, causes) in the order they are
// shown.
fn edition_html(body: &mut String, e: &EditionReport, top: usize, reading: Reading) {
    let known = reading.known_schemes;
    let total = e.valid + e.invalid;
    let _ = writeln!(
        body,
        "<h2 id=\"{}\">{} <code>{}</code></h2>\n<p>{} valid ({}), {} invalid ({}).</p>",
        anchor(e),
        e.edition,
        esc(&e.rule),
        count(e.valid),
        percent(e.valid, total),
        count(e.invalid),
        percent(e.invalid, total)
    );
    if !e.schemes.is_empty() {
        body.push_str("<h3>Validity per scheme</h3>\n");
        let mut rows: Vec<Row> = e
            .schemes
            .iter()
            .take(top)
            .map(|s| Row {
                label: visible(&s.scheme),
                valid: s.valid,
                invalid: s.invalid,
                caught: s.catch_all_only,
            })
            .collect();
        if let Some(rest) = e.schemes.get(top..).filter(|r| !r.is_empty()) {
            rows.push(Row {
                label: plural(rest.len() as u64, "other scheme", "other schemes"),
                valid: rest.iter().map(|s| s.valid).sum(),
                invalid: rest.iter().map(|s| s.invalid).sum(),
                caught: rest.iter().map(|s| s.catch_all_only).sum(),
            });
        }
        if rows.iter().any(|r| r.caught > 0) {
            body.push_str(&key(known));
        }
        body.push_str(&stacked_bars(&rows, known));
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
    for (i, c) in shown.iter().enumerate() {
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
        for n in super::example_notes(e, reading, c) {
            let _ = write!(
                examples,
                r#"<span class="note">note[{}] {}: {}</span>"#,
                esc(n.code),
                esc(n.section),
                esc(&visible(&n.message))
            );
        }
        let _ = writeln!(
            body,
            "<tr><td>{}. <code>{}</code>{examples}</td><td>{}</td><td>{}</td></tr>",
            i + 1,
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
    body.push_str("<h2 id=\"across\">Across editions</h2>\n<p>Inputs the row's edition accepts and the column's rejects.</p>\n<table>\n<tr><th></th>");
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
