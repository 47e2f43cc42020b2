//! One page per edition: every rule with its printed text, PEG, diagram,
//! examples and history.

use std::fmt::Write as _;

use super::{anchor, diagram, esc, page, playground, prose, rule_link, witness};
use crate::comparisons::examples::Examples;
use crate::comparisons::explain;
use crate::edition::Edition;
use crate::error::FOUND_END;
use crate::grammar::PrintedGrammar;
use crate::render::text::{change_words_with, shown_reasons, via_words};
use crate::tools::regex::Flavor;
use crate::verdicts::diagnosis::expected_words_with;

pub(super) fn page_html(edition: Edition) -> String {
    let g = PrintedGrammar::of(edition);
    let (date, what) = (edition.info().date, edition.info().summary);
    let mut b = String::new();
    let _ = write!(
        b,
        "<h1><code>{}</code></h1>\n<p>{}. Section “{}”. {}</p>\n<p class=\"muted\">{date}. {} rules; default rule <a href=\"#{}\"><code>{}</code></a>; notation: {}.</p>\n",
        edition.id(),
        esc(&g.document),
        esc(&g.section),
        prose(what),
        g.rules.len(),
        anchor(edition.default_rule()),
        edition.default_rule(),
        g.notation.summary()
    );
    b.push_str("<div class=\"rules-index\">\n");
    for r in &g.rules {
        let _ = writeln!(
            b,
            "<a href=\"#{}\">{}</a><br>",
            anchor(&r.name),
            esc(&r.name)
        );
    }
    b.push_str("</div>\n");
    for r in &g.rules {
        if let Some(ex) = explain::explain(edition, &r.name) {
            b.push_str(&rule_section(edition, &ex));
        }
    }
    page(&super::page_name(edition), edition.id(), &b)
}

/// One rule's section: printed text, reading, diagram, PEG, regular
/// expression, uses and history.
fn rule_section(edition: Edition, ex: &explain::Explanation) -> String {
    let mut b = String::new();
    let rewritten = ex
        .pest
        .as_ref()
        .is_some_and(|p| p.notes.iter().any(|n| n.starts_with("PEG:")) || p.text.contains("__"));
    let _ = write!(
        b,
        "<section class=\"rule\" id=\"{}\">\n<h2><code>{}</code>",
        anchor(&ex.rule),
        esc(&ex.rule)
    );
    if let Some(c) = ex.correction {
        let _ = write!(
            b,
            "<span class=\"badge c\" title=\"{}\">{c}</span>",
            // A tooltip shows text, not Markdown.
            esc(&c.summary().replace('`', ""))
        );
    }
    if rewritten {
        b.push_str("<span class=\"badge peg\">PEG rewrite</span>");
    }
    b.push_str("</h2>\n");
    if let Some(g) = &ex.gloss {
        let _ = writeln!(
            b,
            "<p class=\"gloss\">{} <span class=\"muted\">({})</span></p>",
            esc(g.gloss),
            esc(&g.section)
        );
    }
    let _ = writeln!(
        b,
        "<p class=\"muted\">As printed:</p>\n<pre>{}</pre>",
        esc(&ex.printed)
    );
    if let Some(reading) = &ex.reading {
        let _ = writeln!(
            b,
            "<p class=\"muted\">Read as ({}):</p>\n<pre>{}</pre>",
            ex.correction.map(|c| c.to_string()).unwrap_or_default(),
            esc(reading)
        );
    }
    if let Some(svg) = diagram(edition, &ex.rule) {
        let _ = writeln!(b, "<div class=\"diagram\">{svg}</div>");
    }
    if let Some(p) = &ex.pest {
        if !p.notes.is_empty() {
            let items: Vec<String> = p
                .notes
                .iter()
                .map(|n| format!("<li>{}</li>", prose(n)))
                .collect();
            let _ = writeln!(
                b,
                "<p class=\"muted\">Notes in the pest grammar:</p>\n<ul class=\"notes\">{}</ul>",
                items.concat()
            );
        }
        let _ = writeln!(
            b,
            "<p class=\"muted\">PEG (grammar/{}.pest):</p>\n<pre>{}</pre>",
            edition.id(),
            esc(&p.text)
        );
    }
    // The rule as an exact regular expression, for the engine most readers have.
    if let Ok(r) = crate::tools::regex::rule_regex(edition, &ex.rule, Flavor::Python) {
        let _ = writeln!(
            b,
            "<p class=\"muted\">Regular expression (Python <code>re</code>; <code>urlbnf regex --flavor</code> writes it for other engines):</p>\n<pre class=\"regex\">{}</pre>",
            esc(&r.pattern)
        );
    }
    let links = |names: &[String]| {
        names
            .iter()
            .map(|n| rule_link(edition, n, edition))
            .collect::<Vec<_>>()
            .join(", ")
    };
    if !ex.uses.is_empty() {
        let _ = writeln!(b, "<p>Uses: {}</p>", links(&ex.uses));
    }
    if !ex.used_by.is_empty() {
        let _ = writeln!(b, "<p>Used by: {}</p>", links(&ex.used_by));
    }
    b.push_str(&examples(&ex.examples, &ex.rule));
    b.push_str(&history_table(edition, &ex.history));
    b.push_str("</section>\n");
    b
}

/// Strings the rule derives and near misses, each with its diagnosis.
/// Each links to the playground with itself filled in.
fn examples(e: &Examples, rule: &str) -> String {
    let tried = |w: &str| {
        format!(
            "<a class=\"try\" href=\"{}\" title=\"try it in the playground\">{}</a>",
            esc(&playground::link(w, rule)),
            witness(w)
        )
    };
    let shown = |ws: &[String]| ws.iter().map(|w| tried(w)).collect::<Vec<_>>().join(" ");
    let mut b = format!(
        "<p class=\"examples\">Examples, shortest first: {}",
        shown(&e.shortest)
    );
    if !e.typical.is_empty() {
        let _ = write!(b, "<br>Typical: {}", shown(&e.typical));
    }
    b.push_str("</p>\n");
    if !e.near_misses.is_empty() {
        let items: Vec<String> = e
            .near_misses
            .iter()
            .map(|m| {
                let found = if m.found == FOUND_END {
                    "the end".to_string()
                } else {
                    witness(&m.found)
                };
                format!(
                    "<li>{}: stops at {found} (offset {}), expecting {}</li>",
                    tried(&m.input),
                    m.error.offset,
                    // Class names and edition ids need no escaping; characters are code.
                    expected_words_with(&m.error.expected, witness)
                )
            })
            .collect();
        let _ = writeln!(
            b,
            "<p class=\"muted\">Near misses:</p>\n<ul class=\"notes\">{}</ul>",
            items.concat()
        );
    }
    b
}

/// Where the rule stands in every edition that has it, each against the one before.
fn history_table(edition: Edition, history: &[explain::HistoryEntry]) -> String {
    if history.len() <= 1 {
        return String::new();
    }
    let mut b = String::from(
        "<table><tr><th>edition</th><th>as printed</th><th>against the edition before</th></tr>\n",
    );
    let mut before: Option<(Edition, &str)> = None;
    for h in history {
        let mut change = match (&h.language, before) {
            // Edition ids and witnesses as HTML: nothing else to escape.
            (Some(l), Some((pe, _))) => change_words_with(l, pe, h.edition, witness),
            _ => "first printed here".into(),
        };
        if let Some(via) = before.and_then(|(_, rule)| via_words(h, rule)) {
            change = format!("{}; {change}", esc(&via));
        }
        for r in h.language.iter().flat_map(shown_reasons) {
            let _ = write!(
                change,
                "<br><span class=\"why\">why {}: {}</span>",
                witness(&r.input),
                r.words_with(witness)
            );
        }
        let _ = writeln!(
            b,
            "<tr><td>{} {}</td><td><code class=\"printed\">{}</code></td><td>{change}</td></tr>",
            h.edition.id(),
            rule_link(h.edition, &h.rule, edition),
            esc(&h.printed)
        );
        before = Some((h.edition, &h.rule));
    }
    b.push_str("</table>\n");
    b
}
