//! Strings derived from a printed rule, driven by `arbitrary::Unstructured`: every
//! string this produces is in the rule's language by construction. Used by the
//! exactness tests, the fuzz tests and the benchmarks.

use std::collections::HashMap;

use arbitrary::Unstructured;

use crate::edition::Edition;
use crate::grammar::{Expr, PrintedGrammar};

/// How deep rule references nest before the generator takes the shortest way out.
const DEPTH: usize = 24;
/// The most extra repetitions of `n*element` beyond `n`.
const MAX_EXTRA: u32 = 4;

/// Generates strings of one edition's rules.
pub struct Generator {
    grammar: &'static PrintedGrammar,
    /// Fewest nested rule references needed to finish each rule.
    height: HashMap<String, usize>,
}

impl Generator {
    pub fn new(edition: Edition) -> Generator {
        let grammar = PrintedGrammar::of(edition);
        let mut height: HashMap<String, usize> = HashMap::new();
        // Fixpoint: a rule's height is one more than its body's.
        loop {
            let mut changed = false;
            for r in &grammar.rules {
                if let Some(h) = expr_height(&r.expr, &height) {
                    let h = h + 1;
                    if height.get(&r.name).is_none_or(|&old| h < old) {
                        height.insert(r.name.clone(), h);
                        changed = true;
                    }
                }
            }
            if !changed {
                break;
            }
        }
        Generator { grammar, height }
    }

    /// One string derived from `rule` (empty rule names give an empty string).
    pub fn generate(&self, rule: &str, u: &mut Unstructured<'_>) -> arbitrary::Result<String> {
        let mut out = String::new();
        if let Some(r) = self.grammar.rule(rule) {
            self.expr(&r.expr, 0, u, &mut out)?;
        }
        Ok(out)
    }

    fn expr(
        &self,
        e: &Expr,
        depth: usize,
        u: &mut Unstructured<'_>,
        out: &mut String,
    ) -> arbitrary::Result<()> {
        let shallow = depth >= DEPTH;
        match e {
            Expr::Empty => {}
            Expr::Lit(s) => out.push_str(s),
            Expr::Range(lo, hi) => {
                let c = u.int_in_range(u32::from(*lo)..=u32::from(*hi))?;
                out.push(char::from_u32(c).unwrap_or(*lo));
            }
            Expr::Ref(name) => {
                if let Some(r) = self.grammar.rule(name) {
                    self.expr(&r.expr, depth + 1, u, out)?;
                }
            }
            Expr::Seq(items) => {
                for i in items {
                    self.expr(i, depth, u, out)?;
                }
            }
            Expr::Alt(items) => {
                let pick = if shallow {
                    // The alternative that finishes soonest.
                    (0..items.len())
                        .min_by_key(|&i| {
                            items
                                .get(i)
                                .and_then(|x| expr_height(x, &self.height))
                                .unwrap_or(usize::MAX)
                        })
                        .unwrap_or(0)
                } else {
                    u.choose_index(items.len())?
                };
                if let Some(item) = items.get(pick) {
                    self.expr(item, depth, u, out)?;
                }
            }
            Expr::Opt(item) => {
                if !shallow && u.arbitrary::<bool>()? {
                    self.expr(item, depth, u, out)?;
                }
            }
            Expr::Rep { min, max, item } => {
                let extra = if shallow {
                    0
                } else {
                    u.int_in_range(0..=MAX_EXTRA)?
                };
                let times = max.map_or(min + extra, |max| max.min(min + extra));
                for _ in 0..times {
                    self.expr(item, depth, u, out)?;
                }
            }
        }
        Ok(())
    }
}

/// Fewest nested references to finish `e`, given the rule heights known so far.
fn expr_height(e: &Expr, height: &HashMap<String, usize>) -> Option<usize> {
    match e {
        Expr::Empty | Expr::Lit(_) | Expr::Range(..) | Expr::Opt(_) => Some(0),
        Expr::Ref(name) => height.get(name).copied(),
        Expr::Seq(items) => items
            .iter()
            .try_fold(0, |acc, i| Some(acc.max(expr_height(i, height)?))),
        Expr::Alt(items) => items.iter().filter_map(|i| expr_height(i, height)).min(),
        Expr::Rep { min: 0, .. } => Some(0),
        Expr::Rep { item, .. } => expr_height(item, height),
    }
}
