//! The printed grammar of an edition as a regex HIR: rule references inlined,
//! a rule that calls itself in its tail solved as a repetition (Arden's rule:
//! `N = A | B N` is `B* A`), and, for regular expressions whose match gives
//! the parse, chosen rules wrapped in named groups.

use std::collections::HashMap;

use regex_syntax::hir::{
    Capture, Class, ClassBytes, ClassBytesRange, ClassUnicode, ClassUnicodeRange, Hir, Repetition,
};

use crate::grammar::{Expr, PrintedGrammar};

/// Why a rule could not be compiled: a defect in a transcription, never in input.
/// It becomes [`Error::Transcription`](crate::Error::Transcription) with the edition and rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompileError(pub String);

/// Which rules become named groups: given the state above a rule (`""` at the
/// start) and the rule's name, the name of the group to wrap the rule in, if
/// any, and the state its body is read in. The state is the policy's own.
pub type GroupNames<'n> = &'n dyn Fn(&str, &str) -> (Option<String>, String);

/// The printed grammar of one edition as HIR, one expression per rule.
pub struct HirGrammar<'g> {
    grammar: &'g PrintedGrammar,
    /// An alternative left out of a rule: (rule, alternative).
    without: Option<(String, String)>,
    names: Option<GroupNames<'g>>,
    /// Each rule's expression by (rule, state of the names policy).
    done: HashMap<(String, String), Hir>,
}

impl<'g> HirGrammar<'g> {
    pub fn new(grammar: &'g PrintedGrammar) -> Self {
        HirGrammar {
            grammar,
            without: None,
            names: None,
            done: HashMap::new(),
        }
    }

    /// The grammar with rules wrapped in named groups as `names` says (for
    /// regular expressions whose match gives the parse).
    pub fn named(grammar: &'g PrintedGrammar, names: GroupNames<'g>) -> Self {
        HirGrammar {
            names: Some(names),
            ..HirGrammar::new(grammar)
        }
    }

    /// The grammar with the alternative `Ref(alternative)` left out of `rule`
    /// (a reading that sets a catch-all aside).
    pub fn without(grammar: &'g PrintedGrammar, rule: &str, alternative: &str) -> Self {
        HirGrammar {
            without: Some((rule.to_string(), alternative.to_string())),
            ..HirGrammar::new(grammar)
        }
    }

    /// The language of a rule as a HIR.
    pub fn rule(&mut self, name: &str) -> Result<Hir, CompileError> {
        self.rule_inner(name, "", &mut Vec::new())
    }

    fn rule_inner(
        &mut self,
        name: &str,
        above: &str,
        stack: &mut Vec<String>,
    ) -> Result<Hir, CompileError> {
        let key = (name.to_string(), above.to_string());
        if let Some(h) = self.done.get(&key) {
            return Ok(h.clone());
        }
        let (group, state) = match self.names {
            Some(names) => names(above, name),
            None => (None, String::new()),
        };
        if stack.iter().any(|s| s == name) {
            return Err(CompileError(format!(
                "'{name}' recurses other than in its own tail: {} -> {name}",
                stack.join(" -> ")
            )));
        }
        let rule = self
            .grammar
            .rule(name)
            .ok_or_else(|| CompileError(format!("no rule '{name}'")))?;
        stack.push(name.to_string());
        let expr = match (&self.without, &rule.expr) {
            (Some((r, alt)), Expr::Alt(items)) if r == name => std::borrow::Cow::Owned(Expr::Alt(
                items
                    .iter()
                    .filter(|i| !matches!(i, Expr::Ref(n) if n == alt))
                    .cloned()
                    .collect(),
            )),
            _ => std::borrow::Cow::Borrowed(&rule.expr),
        };
        let hir = if expr.refs().contains(&name) {
            // N = A | B N  gives  N = B* A.
            let (a, b) = split_tail(&expr, name)?;
            let a = a.ok_or_else(|| CompileError(format!("'{name}' never ends")))?;
            let a = self.expr(&a, &state, stack)?;
            let b = match b {
                Some(b) => self.expr(&b, &state, stack)?,
                None => Hir::empty(),
            };
            Hir::concat(vec![star(b, 0), a])
        } else {
            self.expr(&expr, &state, stack)?
        };
        let hir = match group {
            Some(group) => Hir::capture(Capture {
                // Numbered in the printed text; the index only has to be non-zero.
                index: 1,
                name: Some(group.into_boxed_str()),
                sub: Box::new(hir),
            }),
            None => hir,
        };
        stack.pop();
        self.done.insert(key, hir.clone());
        Ok(hir)
    }

    fn expr(
        &mut self,
        e: &Expr,
        state: &str,
        stack: &mut Vec<String>,
    ) -> Result<Hir, CompileError> {
        Ok(match e {
            Expr::Empty => Hir::empty(),
            Expr::Lit(s) if self.grammar.octets && !s.is_ascii() => Hir::literal(octets(s)?),
            Expr::Lit(s) => Hir::literal(s.as_bytes()),
            // `%encoding octets`: a value past 7F is a byte, not the UTF-8
            // sequence of a code point.
            Expr::Range(lo, hi) if self.grammar.octets && !hi.is_ascii() => {
                let [lo, hi] = [*lo, *hi].map(|c| octets(&c.to_string()));
                let (Some(&lo), Some(&hi)) = (lo?.first(), hi?.first()) else {
                    return Err(CompileError("an empty range".into()));
                };
                Hir::class(Class::Bytes(ClassBytes::new([ClassBytesRange::new(
                    lo, hi,
                )])))
            }
            // RFC 3629: a code point is its UTF-8 sequence; regex-automata
            // compiles the class to the automaton of those sequences.
            Expr::Range(lo, hi) => {
                Hir::class(Class::Unicode(ClassUnicode::new([ClassUnicodeRange::new(
                    *lo, *hi,
                )])))
            }
            Expr::Ref(r) => self.rule_inner(r, state, stack)?,
            Expr::Seq(items) => Hir::concat(
                items
                    .iter()
                    .map(|i| self.expr(i, state, stack))
                    .collect::<Result<_, _>>()?,
            ),
            Expr::Alt(items) => Hir::alternation(
                items
                    .iter()
                    .map(|i| self.expr(i, state, stack))
                    .collect::<Result<_, _>>()?,
            ),
            Expr::Opt(item) => Hir::repetition(Repetition {
                min: 0,
                max: Some(1),
                greedy: true,
                sub: Box::new(self.expr(item, state, stack)?),
            }),
            Expr::Rep { min, max, item } => Hir::repetition(Repetition {
                min: *min,
                max: *max,
                greedy: true,
                sub: Box::new(self.expr(item, state, stack)?),
            }),
        })
    }
}

/// A class's ranges as code points (a byte class's as bytes).
pub fn class_ranges(c: &Class) -> Vec<(u32, u32)> {
    match c {
        Class::Unicode(u) => u
            .ranges()
            .iter()
            .map(|r| (u32::from(r.start()), u32::from(r.end())))
            .collect(),
        Class::Bytes(b) => b
            .ranges()
            .iter()
            .map(|r| (u32::from(r.start()), u32::from(r.end())))
            .collect(),
    }
}

/// The octets of a grammar of octets' values: each at most FF.
fn octets(s: &str) -> Result<Vec<u8>, CompileError> {
    s.chars()
        .map(|c| {
            u8::try_from(c).map_err(|_| {
                CompileError(format!(
                    "%x{:X} is past FF, yet the file says '%encoding octets'",
                    u32::from(c)
                ))
            })
        })
        .collect()
}

fn star(sub: Hir, min: u32) -> Hir {
    Hir::repetition(Repetition {
        min,
        max: None,
        greedy: true,
        sub: Box::new(sub),
    })
}

/// Split `e` as `A | B N` where `N` (the rule `name`) occurs only in tail position.
/// `None` stands for the empty language.
fn split_tail(e: &Expr, name: &str) -> Result<(Option<Expr>, Option<Expr>), CompileError> {
    let mentions = |e: &Expr| e.refs().contains(&name);
    Ok(match e {
        Expr::Ref(r) if r == name => (None, Some(Expr::Empty)),
        e if !mentions(e) => (Some(e.clone()), None),
        Expr::Seq(items) => {
            let Some((last, init)) = items.split_last() else {
                return Ok((Some(Expr::Empty), None));
            };
            if init.iter().any(mentions) {
                return Err(CompileError(format!(
                    "'{name}' refers to itself other than as its last part: {name} -> {name}"
                )));
            }
            let (a, b) = split_tail(last, name)?;
            let prefix = |x: Expr| {
                let mut v = init.to_vec();
                v.push(x);
                Expr::Seq(v)
            };
            (a.map(prefix), b.map(prefix))
        }
        Expr::Alt(items) => {
            let mut aa = Vec::new();
            let mut bb = Vec::new();
            for i in items {
                let (a, b) = split_tail(i, name)?;
                aa.extend(a);
                bb.extend(b);
            }
            let alt = |v: Vec<Expr>| (!v.is_empty()).then_some(Expr::Alt(v));
            (alt(aa), alt(bb))
        }
        Expr::Opt(item) => {
            let (a, b) = split_tail(item, name)?;
            let a = match a {
                Some(a) => Expr::Opt(Box::new(a)),
                None => Expr::Empty,
            };
            (Some(a), b)
        }
        _ => {
            return Err(CompileError(format!(
                "'{name}' refers to itself inside a repetition: {name} -> {name}"
            )));
        }
    })
}
