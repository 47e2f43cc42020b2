//! The WHATWG reading of a corpus in a report, text and HTML: beside the
//! editions and labelled as a reading, never as an edition.

use std::fmt::Write;

use super::{count, esc, percent};
use crate::tools::report::WhatwgCounts;

const LABEL: &str = "WHATWG URL Standard (the url crate's parser; a reading, not an edition)";

pub(super) fn text(out: &mut String, w: &WhatwgCounts) {
    let whole = w.valid + w.invalid;
    let _ = writeln!(
        out,
        "\n{LABEL}: {} valid ({}), {} invalid; {} of the valid written otherwise",
        count(w.valid),
        percent(w.valid, whole),
        count(w.invalid),
        count(w.rewritten)
    );
    for r in &w.refusals {
        let _ = writeln!(
            out,
            "  {:>10} {:>6}  {}",
            count(r.inputs),
            percent(r.inputs, w.invalid),
            r.message
        );
    }
}

pub(super) fn html(body: &mut String, w: &WhatwgCounts) {
    let whole = w.valid + w.invalid;
    let _ = writeln!(
        body,
        "<h2 id=\"whatwg\">What a browser makes of it</h2>\n<p>{LABEL}: {} valid ({}), {} invalid; {} of the valid written otherwise (host lowercased, a <code>/</code> added, characters percent-encoded).</p>",
        count(w.valid),
        percent(w.valid, whole),
        count(w.invalid),
        count(w.rewritten)
    );
    if w.refusals.is_empty() {
        return;
    }
    body.push_str("<table>\n<tr><th>refused</th><th></th><th>why</th></tr>\n");
    for r in &w.refusals {
        let _ = writeln!(
            body,
            "<tr><td>{}</td><td>{}</td><td>{}</td></tr>",
            count(r.inputs),
            percent(r.inputs, w.invalid),
            esc(&r.message)
        );
    }
    body.push_str("</table>\n");
}
