//! A literal a rule prints before another rule (`"#" fragment`), and where
//! another edition prints the same pair: the reason a character is one
//! rule's own and not its counterpart's.

use serde::Serialize;

use crate::edition::Edition;
use crate::grammar::{Expr, PrintedGrammar};
use crate::knowledge::correspond;

/// A literal of a rule's own definition, with the rule printed after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Literal {
    /// The literal and the rule after it, as printed (`"#" fragment`).
    pub printed: String,
    /// The rules of the rejecting edition that print the same pair.
    pub printed_in: Vec<String>,
}

/// Each literal of `e` followed by a rule, as `(literal, rule)`.
fn literal_pairs<'e>(e: &'e Expr, out: &mut Vec<(&'e str, &'e str)>) {
    match e {
        Expr::Seq(items) => {
            for w in items.windows(2) {
                if let [Expr::Lit(l), Expr::Ref(r)] = w {
                    out.push((l, r));
                }
            }
            items.iter().for_each(|i| literal_pairs(i, out));
        }
        Expr::Alt(items) => items.iter().for_each(|i| literal_pairs(i, out)),
        Expr::Opt(item) | Expr::Rep { item, .. } => literal_pairs(item, out),
        Expr::Empty | Expr::Lit(_) | Expr::Range(..) | Expr::Ref(_) => {}
    }
}

/// Where `rule`'s own definition prints `c` before `after` (`"#" fragment`)
/// and `counterpart` prints no such pair: that pair, and the rules of
/// `rejected_by` that print it (the literal and `after`'s counterpart).
pub(super) fn literal(
    accepted_by: Edition,
    (rule, after): (&str, &str),
    rejected_by: Edition,
    counterpart: &str,
    c: char,
) -> Option<Literal> {
    let ga = PrintedGrammar::of(accepted_by);
    let gb = PrintedGrammar::of(rejected_by);
    let pairs = |e: &Expr| {
        let mut out = Vec::new();
        literal_pairs(e, &mut out);
        out.into_iter()
            .map(|(l, r)| (l.to_string(), r.to_string()))
            .collect::<Vec<_>>()
    };
    let lit = c.to_string();
    let ours = pairs(&ga.rule(rule)?.expr);
    if !ours.iter().any(|(l, r)| *l == lit && r == after) {
        return None;
    }
    let after_there = correspond::stands_for(accepted_by, after, gb)?;
    let prints = |name: &str| {
        gb.rule(name).is_some_and(|r| {
            pairs(&r.expr)
                .iter()
                .any(|(l, a)| *l == lit && *a == after_there)
        })
    };
    if prints(counterpart) {
        return None;
    }
    let printed_in: Vec<String> = gb
        .rules
        .iter()
        .filter(|r| prints(&r.name))
        .map(|r| r.name.clone())
        .collect();
    Some(Literal {
        printed: format!("{lit:?} {after}"),
        printed_in,
    })
}
