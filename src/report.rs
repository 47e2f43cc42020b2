//! Readable renderings shared by the command line and the snapshot tests.

use std::fmt::Write as _;

use serde_json::Value;

use crate::grammars::Node;

/// The AST (in its JSON form) as an indented, labelled tree: a component shows its
/// text and span; groups nest. `depth` is the starting indentation.
pub fn ast_tree(value: &Value, depth: usize) -> String {
    let mut out = String::new();
    ast_lines(&mut out, value, depth);
    out
}

fn ast_lines(out: &mut String, value: &Value, depth: usize) {
    let Value::Object(map) = value else { return };
    let pad = "  ".repeat(depth);
    for (key, v) in map {
        if matches!(key.as_str(), "edition" | "kind" | "text" | "start" | "end") {
            continue;
        }
        match v {
            Value::Object(m) if m.contains_key("text") => {
                let _ = writeln!(out, "{pad}{key:<12} {}", part_line(m));
                ast_lines(out, v, depth + 1);
            }
            Value::Object(m) => {
                let tag = m
                    .get("kind")
                    .or_else(|| m.get("form"))
                    .and_then(Value::as_str);
                let _ = writeln!(
                    out,
                    "{pad}{key}{}",
                    tag.map(|t| format!(" ({t})")).unwrap_or_default()
                );
                ast_lines(out, v, depth + 1);
            }
            Value::Array(items) => {
                let _ = writeln!(out, "{pad}{key}");
                for item in items {
                    match item {
                        Value::Object(m) if m.contains_key("text") => {
                            let _ = writeln!(out, "{pad}  - {}", part_line(m));
                        }
                        _ => {
                            let _ = writeln!(out, "{pad}  -");
                            ast_lines(out, item, depth + 2);
                        }
                    }
                }
            }
            Value::String(s) => {
                let _ = writeln!(out, "{pad}{key:<12} {s}");
            }
            other => {
                let _ = writeln!(out, "{pad}{key:<12} {other}");
            }
        }
    }
}

fn part_line(m: &serde_json::Map<String, Value>) -> String {
    let text = m.get("text").and_then(Value::as_str).unwrap_or("");
    let span = format!(
        "{}..{}",
        m.get("start").and_then(Value::as_u64).unwrap_or(0),
        m.get("end").and_then(Value::as_u64).unwrap_or(0)
    );
    let kind = m
        .get("kind")
        .and_then(Value::as_str)
        .map(|k| format!(" ({k})"))
        .unwrap_or_default();
    format!("{:<24} {span}{kind}", format!("{text:?}"))
}

/// A parse tree, one node a line: rule name as printed, byte span, text.
pub fn node_tree(input: &str, node: &Node) -> String {
    let mut out = String::new();
    node_lines(&mut out, input, node, 0);
    out
}

fn node_lines(out: &mut String, input: &str, n: &Node, depth: usize) {
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
        w = 24usize.saturating_sub(2 * depth).max(1)
    );
    for c in &n.children {
        node_lines(out, input, c, depth + 1);
    }
}

/// A diff for people: sections for rules removed, added, renamed and changed, the
/// character classes, and the languages with their shortest witnesses.
pub fn diff(d: &crate::diff::Diff) -> String {
    let mut out = String::new();
    let (a, b) = (d.a.id(), d.b.id());
    let _ = writeln!(out, "diff {a} -> {b}");
    for p in d.pairs.iter().filter(|p| p.whole) {
        let _ = writeln!(out, "\nWhole URL ({a} {} / {b} {})", p.a, p.b);
        if let Some(l) = &p.language {
            language(&mut out, a, b, &p.a, &p.b, l);
        }
    }
    let list = |out: &mut String, title: &str, names: &[String]| {
        let _ = writeln!(out, "\n{title} ({})", names.len());
        for chunk in names.chunks(6) {
            let _ = writeln!(out, "  {}", chunk.join(", "));
        }
    };
    list(&mut out, &format!("Rules only in {a}"), &d.removed);
    list(&mut out, &format!("Rules only in {b}"), &d.added);
    let renamed: Vec<_> = d.renamed().collect();
    let _ = writeln!(out, "\nRules renamed ({})", renamed.len());
    for p in &renamed {
        let _ = writeln!(out, "  {} -> {}", p.a, p.b);
    }
    let changed: Vec<_> = d.pairs.iter().filter(|p| p.changed && !p.whole).collect();
    let _ = writeln!(
        out,
        "\nRules changed ({} of {} in both)",
        changed.len(),
        d.pairs.iter().filter(|p| !p.whole).count()
    );
    for p in &changed {
        let _ = writeln!(out, "  - {}\n  + {}", p.a_printed, p.b_printed);
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
    let compared: Vec<_> = d
        .pairs
        .iter()
        .filter(|p| !p.whole)
        .filter_map(|p| Some((p, p.language.as_ref()?)))
        .collect();
    let equal: Vec<String> = compared
        .iter()
        .filter(|(_, l)| l.relation == crate::diff::Relation::Equal)
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
    for chunk in equal.chunks(6) {
        let _ = writeln!(out, "  = {}", chunk.join(", "));
    }
    for (p, l) in compared
        .iter()
        .filter(|(_, l)| l.relation != crate::diff::Relation::Equal)
    {
        language(&mut out, a, b, &p.a, &p.b, l);
    }
    out
}

fn language(out: &mut String, a: &str, b: &str, ra: &str, rb: &str, l: &crate::diff::LanguageDiff) {
    let _ = writeln!(out, "  {ra} {} {rb}", l.relation.symbol());
    for (side, ws) in [(a, &l.a_not_b), (b, &l.b_not_a)] {
        if !ws.is_empty() {
            let shown: Vec<String> = ws.iter().map(|w| format!("{w:?}")).collect();
            let _ = writeln!(out, "      only {side}: {}", shown.join(" "));
        }
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

/// The main components of a parsed URL on one line: kind, then `name=text`.
pub fn url_summary(url: &crate::ast::Url<'_>) -> String {
    let Ok(value) = serde_json::to_value(url) else {
        return String::new();
    };
    let mut out = value
        .pointer("/body/kind")
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_string();
    if let Some(Value::Object(body)) = value.get("body") {
        for (key, v) in body {
            match v {
                Value::Object(m) if m.contains_key("text") => {
                    let _ = write!(
                        out,
                        " {key}={}",
                        m.get("text").and_then(Value::as_str).unwrap_or("")
                    );
                }
                Value::Object(m) => {
                    if let Some(t) = m
                        .get("text")
                        .or_else(|| m.get("form"))
                        .and_then(Value::as_str)
                    {
                        let _ = write!(out, " {key}={t}");
                    }
                }
                Value::String(s) if key != "kind" => {
                    let _ = write!(out, " {key}={s}");
                }
                _ => {}
            }
        }
    }
    if let Some(f) = &url.fragment {
        let _ = write!(out, " fragment={}", f.text);
    }
    out
}

/// The editions compared in the README's "What changed" section, in order.
pub const CHRONOLOGY: [(crate::edition::Edition, crate::edition::Edition); 4] = {
    use crate::edition::Edition::*;
    [
        (Draft1993, Draft1994),
        (Draft1994, Rfc1630Url),
        (Rfc1630Url, Rfc1738),
        (Rfc1630Uri, Rfc1738),
    ]
};

/// The README's "What changed" section, generated from the diffs.
pub fn what_changed() -> String {
    let mut out = String::new();
    for (a, b) in CHRONOLOGY {
        let d = crate::diff::diff(a, b, None);
        let _ = writeln!(out, "**{a} → {b}**\n");
        let _ = writeln!(
            out,
            "- rules: {} only in {a}, {} only in {b}, {} renamed, {} changed of {} in both",
            d.removed.len(),
            d.added.len(),
            d.renamed().count(),
            d.pairs.iter().filter(|p| p.changed && !p.whole).count(),
            d.pairs.iter().filter(|p| !p.whole).count()
        );
        for p in &d.pairs {
            let Some(l) = &p.language else { continue };
            let interesting = p.whole || matches!(p.a.as_str(), "hostname" | "path" | "search");
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

/// A Markdown code span that survives backticks in the text.
fn code(s: &str) -> String {
    if s.contains('`') {
        format!("`` {s} ``")
    } else {
        format!("`{s}`")
    }
}

fn relation_words(
    r: crate::diff::Relation,
    a: crate::edition::Edition,
    b: crate::edition::Edition,
) -> String {
    use crate::diff::Relation::*;
    match r {
        Equal => "same language".into(),
        ASubsetOfB => format!("{b} accepts more"),
        BSubsetOfA => format!("{a} accepted more"),
        Incomparable => "each accepts strings the other rejects".into(),
    }
}
