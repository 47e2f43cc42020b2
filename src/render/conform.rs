//! A conformance run for people: the suite's size and coverage, then each
//! cause with its count, its witness and the rule that decides it (text),
//! or the same as one self-contained HTML page.

/// What every conformance page carries near its start: `conform --html`
/// replaces a file holding it (an earlier page) and refuses any other.
pub const HTML_MARK: &str = "<meta name=\"generator\" content=\"urlbnf conform\">";

use std::fmt::Write;

use super::{count, esc, plural, visible};
use crate::tools::conform::{Cause, Conformance, Side, Suite};

/// The suite in a line: its size, valid and invalid, and its coverage.
pub fn suite_line(suite: &Suite) -> String {
    let c = &suite.coverage;
    let valid = suite.cases.iter().filter(|c| c.valid).count() as u64;
    let all = suite.cases.len() as u64;
    format!(
        "suite: {} ({} valid, {} invalid), seed {}; covers {} of {} transitions and {} of {} ways out ({}, {}), {} and {} in both cases",
        plural(all, "input", "inputs"),
        count(valid),
        count(all - valid),
        suite.seed,
        count(c.transitions_covered as u64),
        count(c.transitions as u64),
        count(c.exits_covered as u64),
        count(c.exits as u64),
        plural(c.states as u64, "state", "states"),
        plural(c.classes as u64, "byte class", "byte classes"),
        plural(c.boundaries as u64, "bounded part", "bounded parts"),
        plural(c.case_strings as u64, "quoted letter", "quoted letters"),
    )
}

/// A side, in words, for the rule under test.
fn side_words(side: Side, found: &Conformance) -> String {
    let rule = format!("{} {}", found.grammar.id(), found.rule);
    match side {
        Side::PeerAccepts => format!("The peer accepts what {rule} does not derive"),
        Side::PeerRejects => format!("The peer rejects what {rule} derives"),
        Side::Component => format!("The peer splits what {rule} derives otherwise"),
    }
}

/// A string shown quoted, each control character escaped.
fn quoted(s: &str) -> String {
    visible(&format!("{s:?}"))
}

/// The run as text.
pub fn text(suite: &Suite, peer: &str, found: &Conformance) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "conform: {} {}, peer: {}",
        found.grammar.id(),
        found.rule,
        visible(peer)
    );
    let _ = writeln!(out, "{}", suite_line(suite));
    let _ = writeln!(out, "{}", verdict_line(found));
    let mut side = None;
    for c in &found.causes {
        if side != Some(c.side) {
            side = Some(c.side);
            let _ = writeln!(out, "\n{}:", side_words(c.side, found));
        }
        cause_text(&mut out, c);
    }
    out
}

/// Whether the peer agrees, in a line.
fn verdict_line(found: &Conformance) -> String {
    let compared = if found.compared > 0 {
        format!(", components of {} compared", count(found.compared as u64))
    } else {
        String::new()
    };
    if found.causes.is_empty() {
        return format!(
            "the peer agrees on all {}{compared}",
            plural(found.inputs as u64, "input", "inputs")
        );
    }
    format!(
        "the peer agrees on {} and departs on {}{compared}: {} in {} ({} more asked while shrinking)",
        count(found.agreed as u64),
        count(found.disagreements as u64),
        plural(found.causes.len() as u64, "cause", "causes"),
        plural(found.rounds as u64, "round", "rounds"),
        count(found.asked as u64),
    )
}

fn cause_text(out: &mut String, c: &Cause) {
    let _ = writeln!(
        out,
        "  {:>6}  {}",
        count(c.count as u64),
        visible(&c.message)
    );
    let _ = writeln!(out, "          fault: {}", visible(&c.fault));
    let _ = writeln!(out, "          witness: {}", quoted(&c.witness));
    let _ = writeln!(out, "          rule: {} ({})", c.rule, c.section);
}

const STYLE: &str = r#"
body { font: 16px/1.5 system-ui, sans-serif; max-width: 64rem; margin: 2rem auto; padding: 0 1rem; color: #1d1d1f; }
table { border-collapse: collapse; margin: 0.5rem 0 1.5rem; display: block; max-width: 100%; overflow-x: auto; }
th, td { padding: 0.2rem 0.6rem; border-bottom: 1px solid #ddd; text-align: left; vertical-align: top; overflow-wrap: anywhere; }
td.n { text-align: right; }
code { font-family: ui-monospace, monospace; background: #f4f4f6; padding: 0 0.2rem; white-space: pre-wrap; }
.about { color: #555; }
"#;

/// The run as one self-contained page (no script, no external file).
pub fn html(suite: &Suite, peer: &str, found: &Conformance, date: &str) -> String {
    let mut body = String::new();
    let _ = writeln!(
        body,
        "<h1>Conformance of a peer to {} <code>{}</code></h1>",
        found.grammar.id(),
        esc(&found.rule)
    );
    let _ = writeln!(
        body,
        "<p class=\"about\">Peer: <code>{}</code>. Made by urlbnf conform on {}.</p>",
        esc(peer),
        esc(date)
    );
    let _ = writeln!(
        body,
        "<p>{}.</p>\n<p>{}.</p>",
        esc(&suite_line(suite)),
        esc(&verdict_line(found))
    );
    let mut side = None;
    for c in &found.causes {
        if side != Some(c.side) {
            if side.is_some() {
                body.push_str("</table>\n");
            }
            side = Some(c.side);
            let _ = writeln!(
                body,
                "<h2>{}</h2>\n<table>\n<tr><th>inputs</th><th>cause</th><th>witness</th><th>rule</th></tr>",
                esc(&side_words(c.side, found))
            );
        }
        let _ = writeln!(
            body,
            "<tr><td class=\"n\">{}</td><td>{}<br>{}</td><td><code>{}</code></td><td><code>{}</code><br>{}</td></tr>",
            count(c.count as u64),
            esc(&visible(&c.message)),
            esc(&visible(&c.fault)),
            esc(&quoted(&c.witness)),
            esc(&c.rule),
            esc(&c.section)
        );
    }
    if side.is_some() {
        body.push_str("</table>\n");
    }
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n{HTML_MARK}\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>Conformance of a peer · urlbnf</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<main>\n{body}</main>\n</body>\n</html>\n"
    )
}
