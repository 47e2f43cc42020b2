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
        .as_deref()
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
