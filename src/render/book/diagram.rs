//! Railroad diagrams of the printed rules, drawn from their reading.

use railroad::{
    Choice, Comment, Diagram, Empty, Link, Node, NonTerminal, Optional, Repeat, Sequence,
    SimpleEnd, SimpleStart, Stylesheet, Terminal,
};

use super::anchor;
use crate::edition::Edition;
use crate::grammar::{Expr, PrintedGrammar};

/// Literal text as a terminal's label (a space shows as `space`).
fn label(s: &str) -> String {
    if s == " " {
        "space".into()
    } else {
        s.to_string()
    }
}

/// A set of single characters, compressed into ranges: `a-z A-Z 0-9 $ -`.
fn char_set_label(chars: &[char]) -> String {
    let mut sorted: Vec<char> = chars.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    let mut parts = Vec::new();
    let mut i = 0;
    while let Some(&start) = sorted.get(i) {
        let mut j = i;
        while sorted
            .get(j + 1)
            .is_some_and(|&n| n as u32 == sorted[j] as u32 + 1)
        {
            j += 1;
        }
        let end = sorted[j];
        if j >= i + 2 {
            parts.push(format!("{start}-{end}"));
        } else {
            for c in &sorted[i..=j] {
                parts.push(label(&c.to_string()));
            }
        }
        i = j + 1;
    }
    parts.join(" ")
}

/// The railroad node of an expression; rule references link to their sections.
fn node(e: &Expr, link: &dyn Fn(&str) -> String) -> Box<dyn Node> {
    match e {
        Expr::Empty => Box::new(Empty),
        Expr::Lit(s) => Box::new(Terminal::new(label(s))),
        Expr::Ref(r) => Box::new(Link::new(NonTerminal::new(r.clone()), link(r))),
        Expr::Seq(items) => Box::new(Sequence::new(items.iter().map(|i| node(i, link)).collect())),
        Expr::Alt(items) => {
            // A long choice of single characters reads better as one set.
            let chars: Option<Vec<char>> = items
                .iter()
                .map(|i| match i {
                    Expr::Lit(s) if s.chars().count() == 1 => s.chars().next(),
                    _ => None,
                })
                .collect();
            match chars {
                Some(cs) if cs.len() > 6 => {
                    Box::new(Terminal::new(format!("one of: {}", char_set_label(&cs))))
                }
                _ => Box::new(Choice::new(items.iter().map(|i| node(i, link)).collect())),
            }
        }
        Expr::Opt(item) => Box::new(Optional::new(node(item, link))),
        Expr::Range(lo, hi) => Box::new(Terminal::new(format!(
            "{} to {}",
            label(&lo.to_string()),
            label(&hi.to_string())
        ))),
        // ABNF bounded repetitions: the loop says how many times.
        Expr::Rep {
            min,
            max: Some(max),
            item,
        } => {
            let times = if min == max {
                format!("{max} times")
            } else {
                format!("{min} to {max} times")
            };
            let looped = Box::new(Repeat::new(node(item, link), Comment::new(times)));
            if *min == 0 {
                Box::new(Optional::new(looped))
            } else {
                looped
            }
        }
        Expr::Rep { min, item, .. } => {
            let mut seq: Vec<Box<dyn Node>> = (1..*min).map(|_| node(item, link)).collect();
            let looped: Box<dyn Node> = Box::new(Repeat::new(node(item, link), Empty));
            if *min == 0 {
                seq.push(Box::new(Optional::new(looped)));
            } else {
                seq.push(looped);
            }
            Box::new(Sequence::new(seq))
        }
    }
}

/// The railroad diagram (SVG) of a rule's reading.
pub fn diagram(edition: Edition, rule: &str) -> Option<String> {
    let g = PrintedGrammar::of(edition);
    let r = g.rule(rule)?;
    let link = |name: &str| format!("#{}", anchor(name));
    let body = node(&r.expr, &link);
    let seq: Sequence<Box<dyn Node>> =
        Sequence::new(vec![Box::new(SimpleStart), body, Box::new(SimpleEnd)]);
    let d = Diagram::new_with_stylesheet(seq, &Stylesheet::Light);
    Some(natural_size(&d.to_string()))
}

/// Give an SVG its viewBox's size, so browsers draw it at its natural size
/// instead of stretching it to the column.
fn natural_size(svg: &str) -> String {
    let dims = svg
        .split_once("viewBox=\"")
        .and_then(|(_, rest)| rest.split_once('"'))
        .map(|(vb, _)| {
            vb.split_whitespace()
                .filter_map(|n| n.parse::<f64>().ok())
                .collect::<Vec<_>>()
        });
    match dims.as_deref() {
        Some([_, _, w, h]) => {
            svg.replacen("<svg ", &format!("<svg width=\"{w}\" height=\"{h}\" "), 1)
        }
        _ => svg.to_string(),
    }
}
