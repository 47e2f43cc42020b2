//! One page per chronological pair of editions: the exact diff with witnesses.

use std::fmt::Write as _;

use super::{esc, page, page_name, rule_link, witness};
use crate::comparisons::diff;
use crate::edition::Edition;

/// Witness strings as code, with spaces, tabs and other controls made visible.
fn witnesses(ws: &[String]) -> String {
    ws.iter().map(|w| witness(w)).collect::<Vec<_>>().join(" ")
}

/// Why each witness is on its side, folded under the witnesses.
fn reasons(l: &diff::LanguageDiff) -> String {
    if l.reasons.is_empty() {
        return String::new();
    }
    let items: Vec<String> = l
        .reasons
        .iter()
        .map(|r| format!("<li>{}: {}</li>", witness(&r.input), r.words_with(witness)))
        .collect();
    format!(
        "<details><summary>why</summary><ul class=\"why\">{}</ul></details>",
        items.concat()
    )
}

/// The page for `a` → `b_ed`.
pub(super) fn page_html(a: Edition, b_ed: Edition) -> String {
    let d = diff::diff(a, b_ed, None);
    let mut b = String::new();
    let _ = writeln!(b, "<h1>{} → {}</h1>", a.id(), b_ed.id());
    let _ = writeln!(
        b,
        "<p>From <a href=\"{}\">{}</a> to <a href=\"{}\">{}</a>, exactly: languages are compared by a product of the rules' minimal DFAs, and the witnesses in one language and not the other are the shortest (then first in byte order), followed by one for each further reason the languages part. Under “why”, each witness's reason: the smallest corresponding rules whose languages it separates, the character where the other edition's rule stops, and what that rule could take there.</p>",
        page_name(a),
        a.id(),
        page_name(b_ed),
        b_ed.id()
    );
    for p in d.pairs.iter().filter(|p| p.whole) {
        if let Some(l) = &p.language {
            let _ = writeln!(
                b,
                "<h2>Whole URL</h2>\n<p>{} {} {}</p>\n<p>Only {}: {}</p>\n<p>Only {}: {}</p>\n{}",
                rule_link(a, &p.a, b_ed),
                l.relation.symbol(),
                rule_link(b_ed, &p.b, a),
                a.id(),
                witnesses(&l.a_not_b),
                b_ed.id(),
                witnesses(&l.b_not_a),
                reasons(l)
            );
        }
    }
    let list = |title: &str, ed: Edition, names: &[String], other: Edition| {
        let links: Vec<String> = names.iter().map(|n| rule_link(ed, n, other)).collect();
        format!(
            "<h2>{title} ({})</h2>\n<p>{}</p>\n",
            names.len(),
            if links.is_empty() {
                "none".into()
            } else {
                links.join(", ")
            }
        )
    };
    b.push_str(&list(
        &format!("Rules only in {}", a.id()),
        a,
        &d.removed,
        b_ed,
    ));
    b.push_str(&list(
        &format!("Rules only in {}", b_ed.id()),
        b_ed,
        &d.added,
        a,
    ));
    if !d.splits.is_empty() {
        let _ = writeln!(b, "<h2>Rules split ({})</h2>\n<ul>", d.splits.len());
        for s in &d.splits {
            let into: Vec<String> = s.into.iter().map(|r| rule_link(b_ed, r, a)).collect();
            let _ = writeln!(
                b,
                "<li>{} into {}</li>",
                rule_link(a, &s.rule, b_ed),
                into.join(", ")
            );
        }
        b.push_str("</ul>\n");
    }
    let _ = writeln!(
        b,
        "<h2>Rules in both</h2>\n<p>“Printed” compares the definitions as printed: “unchanged” means {a} and {b_ed} print the same definition. “Language” compares what the rules derive, which can differ (≠, ⊂, ⊃) under an unchanged definition when a rule it uses changed.</p>\n<table><tr><th>rule</th><th>printed</th><th>language</th></tr>"
    );
    for p in d.pairs.iter().filter(|p| !p.whole) {
        b.push_str(&pair_row(a, b_ed, p));
    }
    b.push_str("</table>\n");
    page(&super::diff_page(a, b_ed), &format!("{a} → {b_ed}"), &b)
}

/// One row of the "rules in both" table: the names, the printed definitions and
/// the language comparison with its witnesses.
fn pair_row(a: Edition, b_ed: Edition, p: &diff::RulePair) -> String {
    let name = if p.a == p.b {
        rule_link(b_ed, &p.b, a)
    } else {
        format!(
            "{} → {}",
            rule_link(a, &p.a, b_ed),
            rule_link(b_ed, &p.b, a)
        )
    };
    let printed = if p.changed {
        format!(
            "{}: <code class=\"printed\">{}</code><br>{}: <code class=\"printed\">{}</code>",
            a.id(),
            esc(&p.a_printed),
            b_ed.id(),
            esc(&p.b_printed)
        )
    } else {
        format!(
            "<span class=\"muted\">unchanged</span> <code class=\"printed\">{}</code>",
            esc(&p.b_printed)
        )
    };
    let mut lang = match &p.language {
        Some(l) if l.relation == diff::Relation::Equal => "= same language".to_string(),
        Some(l) => {
            let mut s = format!("{} ", l.relation.symbol());
            if !l.a_not_b.is_empty() {
                let _ = write!(s, "only {}: {} ", a.id(), witnesses(&l.a_not_b));
            }
            if !l.b_not_a.is_empty() {
                let _ = write!(s, "<br>only {}: {}", b_ed.id(), witnesses(&l.b_not_a));
            }
            s.push_str(&reasons(l));
            s
        }
        None => String::new(),
    };
    if let Some(c) = &p.class {
        let _ = write!(
            lang,
            "<br>characters gained {}, lost {}",
            witness(&c.added),
            witness(&c.removed)
        );
    }
    format!("<tr><td>{name}</td><td>{printed}</td><td>{lang}</td></tr>\n")
}
