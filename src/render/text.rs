//! Readable renderings shared by the command line and the snapshot tests.

use std::fmt::Write as _;

use crate::comparisons::cause::Reason;
use crate::comparisons::diff::{LanguageDiff, Relation};
use crate::comparisons::examples::Examples;
use crate::comparisons::explain::Explanation;
use crate::edition::Edition;
use crate::grammar::Node;

#[cfg(feature = "internals")]
pub use super::outline::ast_tree;
pub use super::outline::{url_summary, write_ast_tree};

/// A parse tree, one node a line: rule name as printed, byte span, text.
pub fn node_tree(input: &str, node: &Node) -> String {
    // The spans line up in one column, past the deepest name.
    fn widest(n: &Node, depth: usize) -> usize {
        n.children
            .iter()
            .map(|c| widest(c, depth + 1))
            .fold(2 * depth + n.rule.len(), usize::max)
    }
    let mut out = String::new();
    node_lines(&mut out, input, node, 0, widest(node, 0).max(24));
    out
}

fn node_lines(out: &mut String, input: &str, n: &Node, depth: usize, column: usize) {
    let text = input.get(n.start..n.end).unwrap_or("");
    let helper = n
        .pest_rule
        .map(|p| format!("  [PEG helper {p}]"))
        .unwrap_or_default();
    let _ = writeln!(
        out,
        "{}{:<w$} {:>4}..{:<4} {:?}{helper}",
        "  ".repeat(depth),
        n.rule,
        n.start,
        n.end,
        text,
        w = column.saturating_sub(2 * depth).max(1)
    );
    for c in &n.children {
        node_lines(out, input, c, depth + 1, column);
    }
}

/// A diff for people: sections for rules removed, added, renamed and changed, the
/// character classes, and the languages with their shortest witnesses.
pub fn diff(d: &crate::comparisons::diff::Diff) -> String {
    let mut out = String::new();
    let (a, b) = (d.a.id(), d.b.id());
    let _ = writeln!(out, "diff {a} -> {b}");
    for p in d.pairs.iter().filter(|p| p.whole) {
        let _ = writeln!(out, "\nWhole URL ({a} {} / {b} {})", p.a, p.b);
        if let Some(l) = &p.language {
            language(&mut out, a, b, &p.a, &p.b, l);
        }
        if let Some(why) = &p.not_compared {
            let _ = writeln!(out, "  not compared: {why}");
        }
    }
    let list = |out: &mut String, title: &str, names: &[String]| {
        let _ = writeln!(out, "\n{title} ({})", names.len());
        wrapped(out, "  ", names);
    };
    if a == b {
        // An edition against itself: one section, not the same one twice.
        list(&mut out, "Rules only in one of them", &d.removed);
    } else {
        list(&mut out, &format!("Rules only in {a}"), &d.removed);
        list(&mut out, &format!("Rules only in {b}"), &d.added);
    }
    let renamed: Vec<_> = d.renamed().collect();
    let _ = writeln!(out, "\nRules renamed ({})", renamed.len());
    for p in &renamed {
        let _ = writeln!(out, "  {} -> {}", p.a, p.b);
    }
    if !d.splits.is_empty() {
        let _ = writeln!(out, "\nRules split ({})", d.splits.len());
        for s in &d.splits {
            let _ = writeln!(out, "  {} -> {}", s.rule, s.into.join(", "));
        }
    }
    let changed: Vec<_> = d.pairs.iter().filter(|p| p.changed && !p.whole).collect();
    let _ = writeln!(
        out,
        "\nRules changed ({} of {} in both)",
        changed.len(),
        d.pairs.iter().filter(|p| !p.whole).count()
    );
    for p in &changed {
        let _ = writeln!(
            out,
            "  - {}\n  + {}",
            indented(&p.a_printed, 4),
            indented(&p.b_printed, 4)
        );
    }
    let classes: Vec<_> = d
        .pairs
        .iter()
        .filter_map(|p| Some((p, p.class.as_ref()?)))
        .collect();
    let _ = writeln!(out, "\nCharacter classes ({} changed)", classes.len());
    for (p, c) in classes {
        let name = if p.a == p.b {
            p.a.clone()
        } else {
            format!("{} -> {}", p.a, p.b)
        };
        let _ = writeln!(
            out,
            "  {name}: added {}, removed {}",
            chars(&c.added),
            chars(&c.removed)
        );
    }
    languages(&mut out, d);
    out
}

/// The "Languages" section: the equal rules in a block, then each other pair
/// with its witnesses.
fn languages(out: &mut String, d: &crate::comparisons::diff::Diff) {
    let (a, b) = (d.a.id(), d.b.id());
    let compared: Vec<_> = d
        .pairs
        .iter()
        .filter(|p| !p.whole)
        .filter_map(|p| Some((p, p.language.as_ref()?)))
        .collect();
    let equal: Vec<String> = compared
        .iter()
        .filter(|(_, l)| l.relation == Relation::Equal)
        .map(|(p, _)| {
            if p.a == p.b {
                p.a.clone()
            } else {
                format!("{}/{}", p.a, p.b)
            }
        })
        .collect();
    let _ = writeln!(
        out,
        "\nLanguages ({} rules compared, {} equal)",
        compared.len(),
        equal.len()
    );
    wrapped(out, "  = ", &equal);
    for (p, l) in compared
        .iter()
        .filter(|(_, l)| l.relation != Relation::Equal)
    {
        language(out, a, b, &p.a, &p.b, l);
    }
}

/// Names six to a line, each line but the last ending in a comma and the next
/// indented under the first, so the list reads as one.
fn wrapped(out: &mut String, lead: &str, names: &[String]) {
    let lines: Vec<&[String]> = names.chunks(6).collect();
    let indent = " ".repeat(lead.chars().count());
    for (i, chunk) in lines.iter().enumerate() {
        let comma = if i + 1 < lines.len() { "," } else { "" };
        let lead = if i == 0 { lead } else { &indent };
        let _ = writeln!(out, "{lead}{}{comma}", chunk.join(", "));
    }
}

/// A witness quoted; one made of spaces alone says so, where quotes around
/// blanks are easy to misread (tabs and controls show as escapes already).
fn quoted(w: &str) -> String {
    let n = w.chars().count();
    if n > 0 && w.chars().all(|c| c == ' ') {
        let spaces = if n == 1 { "a space" } else { "spaces" };
        format!("{w:?} ({spaces})")
    } else {
        format!("{w:?}")
    }
}

fn language(out: &mut String, a: &str, b: &str, ra: &str, rb: &str, l: &LanguageDiff) {
    let _ = writeln!(out, "  {ra} {} {rb}", l.relation.symbol());
    for (side, ws) in [(a, &l.a_not_b), (b, &l.b_not_a)] {
        if !ws.is_empty() {
            let shown: Vec<String> = ws.iter().map(|w| quoted(w)).collect();
            let _ = writeln!(out, "      only {side}: {}", shown.join(" "));
        }
    }
    // Reasons alike but for the witness's characters are said once: the same
    // side (which edition accepts), the same place, the same expectation.
    let mut rest: &[Reason] = &l.reasons;
    while let Some((first, _)) = rest.split_first() {
        let alike = rest
            .iter()
            .take_while(|r| {
                (
                    r.accepted_by,
                    &r.rule,
                    &r.counterpart,
                    r.start,
                    r.end,
                    r.offset,
                ) == (
                    first.accepted_by,
                    &first.rule,
                    &first.counterpart,
                    first.start,
                    first.end,
                    first.offset,
                ) && (&r.expected, &r.through, &r.alternative)
                    == (&first.expected, &first.through, &first.alternative)
            })
            .count();
        let (group, after) = rest.split_at(alike.max(1));
        let _ = write!(out, "        {:?}", first.input);
        if let Some((_, others)) = group.split_first().filter(|(_, o)| !o.is_empty()) {
            let others: Vec<String> = others.iter().map(|r| format!("{:?}", r.input)).collect();
            let _ = write!(out, " (and alike {})", others.join(" "));
        }
        let _ = writeln!(out, ": {}", first.message);
        rest = after;
    }
}

/// Characters, quoted; `none` for none.
fn chars(s: &str) -> String {
    if s.is_empty() {
        "none".into()
    } else {
        format!("{s:?}")
    }
}

#[cfg(feature = "internals")]
/// The manual's "What changed" section (`src/render/book/manual/diffing.md`), generated from the diffs.
pub fn what_changed() -> String {
    let mut out = String::new();
    for (a, b) in Edition::CHRONOLOGY {
        let d = crate::comparisons::diff::diff(a, b, None);
        let _ = writeln!(out, "**{a} → {b}**\n");
        let split = match d.splits.len() {
            0 => String::new(),
            n => format!(", {n} split into several"),
        };
        let _ = writeln!(
            out,
            "- rules: {} only in {a}, {} only in {b}, {} renamed{split}, {} changed of {} in both",
            d.removed.len(),
            d.added.len(),
            d.renamed().count(),
            d.pairs.iter().filter(|p| p.changed && !p.whole).count(),
            d.pairs.iter().filter(|p| !p.whole).count()
        );
        for p in &d.pairs {
            let Some(l) = &p.language else { continue };
            // Past 1994 the host, the IPv4 address, the scheme and the
            // segment carry the line's main changes (IP literals, octets to
            // 255, case, parameters).
            let later = !b.is_early()
                && matches!(
                    p.b.as_str(),
                    "host" | "IPv4address" | "scheme" | "segment" | "query"
                );
            let interesting =
                p.whole || later || matches!(p.a.as_str(), "hostname" | "path" | "search");
            if !interesting {
                continue;
            }
            let label = if p.whole {
                "whole URL".to_string()
            } else {
                format!("`{}`", p.a)
            };
            let mut line = format!("- {label}: {}", relation_words(l.relation, a, b));
            let first = |ws: &[String]| ws.first().map(|w| code(&format!("{w:?}")));
            if let Some(w) = first(&l.a_not_b) {
                let _ = write!(line, "; only {a}: {w}");
            }
            if let Some(w) = first(&l.b_not_a) {
                let _ = write!(line, "; only {b}: {w}");
            }
            let _ = writeln!(out, "{line}");
        }
        let classes: Vec<String> = d
            .pairs
            .iter()
            .filter_map(|p| {
                let c = p.class.as_ref()?;
                let mut s = format!("`{}`", p.b);
                if !c.added.is_empty() {
                    let _ = write!(s, " gained {}", code(&format!("{:?}", c.added)));
                }
                if !c.removed.is_empty() {
                    let _ = write!(s, " lost {}", code(&format!("{:?}", c.removed)));
                }
                Some(s)
            })
            .collect();
        if !classes.is_empty() {
            let _ = writeln!(out, "- character classes: {}", classes.join(", "));
        }
        out.push('\n');
    }
    out
}

#[cfg(feature = "internals")]
/// A Markdown code span that survives backticks in the text.
fn code(s: &str) -> String {
    if s.contains('`') {
        format!("`` {s} ``")
    } else {
        format!("`{s}`")
    }
}

#[cfg(feature = "internals")]
fn relation_words(r: Relation, a: Edition, b: Edition) -> String {
    use Relation::{ASubsetOfB, BSubsetOfA, Equal, Incomparable};
    match r {
        Equal => "same language".into(),
        ASubsetOfB => format!("{b} accepts more"),
        BSubsetOfA => format!("{a} accepted more"),
        Incomparable => "each accepts strings the other rejects".into(),
    }
}

/// A one-line account of a language change, for people.
pub fn change_words(l: &LanguageDiff, before: Edition, now: Edition) -> String {
    change_words_with(l, before, now, |w| format!("{w:?}"))
}

/// [`change_words`] with each witness shown by `show` (the book shows them as
/// code with visible whitespace).
pub fn change_words_with(
    l: &LanguageDiff,
    before: Edition,
    now: Edition,
    show: impl Fn(&str) -> String,
) -> String {
    let first = |ws: &[String]| ws.first().map(|w| show(w)).unwrap_or_default();
    match l.relation {
        Relation::Equal => "same language".into(),
        Relation::ASubsetOfB => {
            format!("accepts more than in {before}, e.g. {}", first(&l.b_not_a))
        }
        Relation::BSubsetOfA => format!(
            "accepts less than in {before}: {} no longer",
            first(&l.a_not_b)
        ),
        Relation::Incomparable => format!(
            "changed both ways: {} only in {before}, {} only in {now}",
            first(&l.a_not_b),
            first(&l.b_not_a)
        ),
    }
}

/// The reasons for the witnesses [`change_words`] shows: the first of each side.
pub fn shown_reasons(l: &LanguageDiff) -> impl Iterator<Item = &Reason> {
    l.reasons
        .iter()
        .filter(|r| l.a_not_b.first() == Some(&r.input) || l.b_not_a.first() == Some(&r.input))
}

/// How a history entry descends from the one before, in words (`split from
/// segment into hsegment, fsegment and psegment`), where its name changed.
pub fn via_words(h: &crate::explain::HistoryEntry, before: &str) -> Option<String> {
    use crate::explain::Via;
    match h.via.as_ref()? {
        Via::Renamed => Some(format!("renamed from {before}")),
        Via::Split => {
            let parts = crate::knowledge::correspond::split_parts(before);
            let (last, rest) = parts.split_last()?;
            Some(format!(
                "split from {before} into {} and {last}",
                rest.join(", ")
            ))
        }
    }
}

/// Lines after the first indented by `by` spaces more: a printed rule's
/// continuations where its first line starts `by` columns in.
fn indented(text: &str, by: usize) -> String {
    text.replace('\n', &format!("\n{}", " ".repeat(by)))
}

/// `explain`'s text: the rule as printed and read, its PEG with the notes on
/// it, its uses, examples and near misses, and its history with reasons.
pub fn explanation(ex: &Explanation) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{} in {}\n", ex.rule, ex.edition);
    if let Some(g) = &ex.gloss {
        let _ = writeln!(out, "Meaning: {} ({})\n", g.gloss, g.section);
    }
    let _ = writeln!(out, "As printed:\n  {}", indented(&ex.printed, 2));
    if let (Some(reading), Some(c)) = (&ex.reading, ex.correction) {
        let _ = writeln!(out, "Read as ({c}: {}):\n  {reading}", c.summary());
    } else if let Some(c) = ex.correction {
        let _ = writeln!(out, "Correction {c}: {}", c.summary());
    }
    if let Some(p) = &ex.pest {
        let _ = writeln!(out, "\nPEG (grammar/{}.pest):", ex.edition.id());
        for n in &p.notes {
            // Wrapped as the grammar file wraps its comments.
            let mut line = String::new();
            for word in n.split(' ') {
                if !line.is_empty() && line.len() + 1 + word.len() > 76 {
                    let _ = writeln!(out, "  // {line}");
                    line.clear();
                }
                if !line.is_empty() {
                    line.push(' ');
                }
                line.push_str(word);
            }
            let _ = writeln!(out, "  // {line}");
        }
        for l in p.text.lines() {
            let _ = writeln!(out, "  {l}");
        }
    }
    let names = |names: &[String]| match names {
        [] => "nothing".to_string(),
        _ => names.join(", "),
    };
    let _ = writeln!(out, "\nUses: {}", names(&ex.uses));
    let _ = writeln!(out, "Used by: {}", names(&ex.used_by));
    examples(&mut out, &ex.examples);
    let _ = writeln!(out, "\nHistory:");
    let mut before: Option<(Edition, &str)> = None;
    for h in &ex.history {
        let mut change = match (&h.language, before) {
            (Some(l), Some((pe, _))) => change_words(l, pe, h.edition),
            _ => "first printed here".into(),
        };
        if let Some(via) = before.and_then(|(_, rule)| via_words(h, rule)) {
            change = format!("{via}; {change}");
        }
        let _ = writeln!(
            out,
            "  {:<12} {}\n  {:<12} {change}",
            h.edition.id(),
            indented(&h.printed, 15),
            ""
        );
        for r in h.language.iter().flat_map(shown_reasons) {
            let _ = writeln!(out, "  {:<12} why {:?}: {}", "", r.input, r.message);
        }
        before = Some((h.edition, &h.rule));
    }
    out
}

/// Strings the rule derives, and near misses with their diagnoses.
fn examples(out: &mut String, e: &Examples) {
    let quoted = |ws: &[String]| {
        ws.iter()
            .map(|w| format!("{w:?}"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let _ = writeln!(out, "\nDerives, shortest first: {}", quoted(&e.shortest));
    if !e.typical.is_empty() {
        let _ = writeln!(out, "Derives, typical: {}", quoted(&e.typical));
    }
    if !e.near_misses.is_empty() {
        let _ = writeln!(out, "Near misses:");
        for m in &e.near_misses {
            let _ = writeln!(out, "  {:?} {}", m.input, m.error);
        }
    }
}

#[cfg(feature = "internals")]
/// The manual's table of editions (Markdown), from the registry: every
/// edition under `grammar/`, oldest first.
pub fn editions_table() -> String {
    let mut out =
        String::from("| id | document | section | default rule | set |\n|---|---|---|---|---|\n");
    for e in crate::edition::Edition::ALL {
        let info = e.info();
        out.push_str(&format!(
            "| `{}` | {} | {} | `{}` | {} |\n",
            info.id,
            info.document,
            info.section,
            info.default_rule,
            e.descriptor().set
        ));
    }
    out
}
