//! A derivation by the printed grammar itself, read as the context-free
//! grammar it is: no PEG rewrite, no atomic rule. `tree` uses it to show
//! the printed rules inside what pest derives in one piece (RFC 1738
//! `hostname` as its `domainlabel`s and `toplabel`, `fpath` as its
//! `fsegment`s), and `tree --printed` (and the book's playground, which
//! walks the same compiled form) for a whole input.
//!
//! How: for each expression and starting place, the set of places where a
//! derivation of it can end (memoized, as bit sets), then one derivation read
//! off them. Where the grammar derives a text more than one way, the one
//! shown takes, at each step, the first alternative in printed order and
//! the longest first part of a sequence or repetition that lets the rest
//! derive the remainder (the way a PEG reads).
//!
//! What is shown: a rule whose strings are one character or an escape (a
//! character class, `uchar`, `escape`) is a leaf, and one that several
//! rules use (a building block: `alpha`, `uchar`) is not shown over one
//! character, so a path shows its segments, not its letters; one that a
//! single rule uses names a part (`gtype`, `ftptype`) and is. Texts are bounded
//! ([`LIMIT`]) so memory is: the sets take about (length + 1)² bits per
//! expression met.

use std::collections::HashMap;
use std::rc::Rc;

use crate::edition::{Edition, PerEdition};
use crate::grammar::peg::Node;
use crate::grammar::{Expr, PrintedGrammar};

/// The longest text derived, in bytes.
pub const LIMIT: usize = 1024;

/// A printed grammar as numbered expressions; `Seq` is a pair, `[x]` is
/// `0*1 x`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Op {
    /// Nothing.
    Empty,
    /// These bytes.
    Lit(Vec<u8>),
    /// One character in this range.
    Range(u32, u32),
    /// The rule with this index.
    Ref(usize),
    /// One, then the other.
    Seq(usize, usize),
    /// One of these.
    Alt(Vec<usize>),
    /// `min` to `max` of `item`.
    Rep {
        /// At least.
        min: u32,
        /// At most (`None`: no limit).
        max: Option<u32>,
        /// What is repeated.
        item: usize,
    },
}

/// A compiled grammar: its expressions and its rules.
#[derive(Debug)]
pub struct Compiled {
    /// The expressions.
    pub ops: Vec<Op>,
    /// The rules, in printed order.
    pub rules: Vec<RuleOp>,
}

/// One rule of a compiled grammar.
#[derive(Clone, Debug)]
pub struct RuleOp {
    /// Its printed name.
    pub name: &'static str,
    /// Its body.
    pub body: usize,
    /// Its strings are one character or an escape: shown as a leaf.
    pub short: bool,
    /// Short and used by several rules: not shown over one character.
    pub block: bool,
}

impl Compiled {
    /// The edition's grammar, compiled once.
    pub fn of(edition: Edition) -> &'static Compiled {
        static ALL: PerEdition<Compiled> = PerEdition::new();
        ALL.get_or_init(edition, || {
            let g = PrintedGrammar::of(edition);
            let index: HashMap<&str, usize> = g
                .rules
                .iter()
                .enumerate()
                .map(|(i, r)| (r.name.as_str(), i))
                .collect();
            let mut c = Compiled {
                ops: Vec::new(),
                rules: Vec::new(),
            };
            for r in &g.rules {
                let body = c.add(&r.expr, &index);
                c.rules.push(RuleOp {
                    name: r.name.as_str(),
                    body,
                    short: false,
                    block: false,
                });
            }
            for r in 0..c.rules.len() {
                let Some(&RuleOp { name, body, .. }) = c.rules.get(r) else {
                    continue;
                };
                let short = c.longest(body, &mut Vec::new()).is_some_and(|n| n <= 3);
                if let Some(rule) = c.rules.get_mut(r) {
                    rule.short = short;
                    rule.block = short && g.users_of(name).len() > 1;
                }
            }
            c
        })
    }

    fn push(&mut self, op: Op) -> usize {
        self.ops.push(op);
        self.ops.len() - 1
    }

    fn add(&mut self, e: &Expr, index: &HashMap<&str, usize>) -> usize {
        match e {
            Expr::Empty => self.push(Op::Empty),
            Expr::Lit(s) => self.push(Op::Lit(s.as_bytes().to_vec())),
            Expr::Range(a, b) => self.push(Op::Range(u32::from(*a), u32::from(*b))),
            // The readers refuse a name no rule has; should one slip by, it derives nothing.
            Expr::Ref(name) => match index.get(name.as_str()) {
                Some(&r) => self.push(Op::Ref(r)),
                None => self.push(Op::Alt(Vec::new())),
            },
            Expr::Seq(items) => match items.split_first() {
                None => self.push(Op::Empty),
                Some((first, [])) => self.add(first, index),
                Some((first, rest)) => {
                    let a = self.add(first, index);
                    let b = self.add(&Expr::Seq(rest.to_vec()), index);
                    self.push(Op::Seq(a, b))
                }
            },
            Expr::Alt(items) => {
                let alts = items.iter().map(|i| self.add(i, index)).collect();
                self.push(Op::Alt(alts))
            }
            Expr::Opt(item) => {
                let item = self.add(item, index);
                self.push(Op::Rep {
                    min: 0,
                    max: Some(1),
                    item,
                })
            }
            Expr::Rep { min, max, item } => {
                let item = self.add(item, index);
                self.push(Op::Rep {
                    min: *min,
                    max: *max,
                    item,
                })
            }
        }
    }

    /// The length of the longest string `op` derives (`None`: no bound).
    /// `open` holds the rules being measured: recursion is unbounded.
    fn longest(&self, op: usize, open: &mut Vec<usize>) -> Option<usize> {
        Some(match self.ops.get(op)? {
            Op::Empty => 0,
            Op::Lit(s) => s.len(),
            Op::Range(..) => 1,
            Op::Ref(r) => {
                if open.contains(r) {
                    return None;
                }
                open.push(*r);
                let n = self.longest(self.rules.get(*r)?.body, open);
                open.pop();
                n?
            }
            Op::Seq(a, b) => self.longest(*a, open)? + self.longest(*b, open)?,
            Op::Alt(alts) => {
                let mut most = 0;
                for &x in alts {
                    most = most.max(self.longest(x, open)?);
                }
                most
            }
            Op::Rep { max, item, .. } => {
                usize::try_from((*max)?).ok()? * self.longest(*item, open)?
            }
        })
    }

    /// The rule's index, by its printed name.
    pub fn rule(&self, name: &str) -> Option<usize> {
        self.rules.iter().position(|r| r.name == name)
    }
}

/// Why no derivation is given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The rule does not derive the text.
    NoMatch,
    /// The text is longer than [`LIMIT`].
    TooLong,
    /// The edition prints no such rule.
    UnknownRule,
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Refusal::NoMatch => "the rule does not derive it",
            Refusal::TooLong => "longer than 1024 bytes, past what the printed derivation takes",
            Refusal::UnknownRule => "no such rule",
        })
    }
}

type Bits = Rc<[u64]>;

/// One text's derivation state.
struct Deriver<'g, 't> {
    g: &'g Compiled,
    text: &'t [u8],
    words: usize,
    ends: HashMap<(usize, usize), Bits>,
    reps: HashMap<(usize, u32, usize), Bits>,
    open: Vec<(usize, usize)>,
}

impl Deriver<'_, '_> {
    fn empty(&self) -> Vec<u64> {
        vec![0; self.words]
    }

    fn one(&self, at: usize) -> Bits {
        let mut b = self.empty();
        set(&mut b, at);
        b.into()
    }

    /// Where a derivation of `op` from `at` can end.
    fn ends(&mut self, op: usize, at: usize) -> Bits {
        if let Some(b) = self.ends.get(&(op, at)) {
            return b.clone();
        }
        let g = self.g;
        let out: Bits = match g.ops.get(op) {
            None => self.empty().into(),
            Some(Op::Empty) => self.one(at),
            Some(Op::Lit(s)) => match self.text.get(at..) {
                Some(rest) if rest.starts_with(s) => self.one(at + s.len()),
                _ => self.empty().into(),
            },
            Some(Op::Range(a, b)) => match self.text.get(at) {
                Some(&c) if (*a..=*b).contains(&u32::from(c)) => self.one(at + 1),
                _ => self.empty().into(),
            },
            Some(Op::Ref(r)) => {
                // A rule open at the same place again is left recursion,
                // which no printed grammar has: it derives nothing there.
                if self.open.contains(&(*r, at)) {
                    return self.empty().into();
                }
                self.open.push((*r, at));
                let body = g.rules.get(*r).map_or(usize::MAX, |r| r.body);
                let b = self.ends(body, at);
                self.open.pop();
                b
            }
            Some(Op::Seq(a, b)) => {
                let mut out = self.empty();
                for k in members(&self.ends(*a, at)) {
                    or(&mut out, &self.ends(*b, k));
                }
                out.into()
            }
            Some(Op::Alt(alts)) => {
                let mut out = self.empty();
                for &x in alts {
                    or(&mut out, &self.ends(x, at));
                }
                out.into()
            }
            Some(Op::Rep { .. }) => self.rep(op, 0, at),
        };
        self.ends.insert((op, at), out.clone());
        out
    }

    /// Where `rep` (a `Rep`), `done` times matched already, can end from `at`.
    fn rep(&mut self, rep: usize, done: u32, at: usize) -> Bits {
        let Some(&Op::Rep { min, max, item }) = self.g.ops.get(rep) else {
            return self.empty().into();
        };
        // Past `min` with no `max`, the count no longer matters.
        let done = if max.is_none() { done.min(min) } else { done };
        if let Some(b) = self.reps.get(&(rep, done, at)) {
            return b.clone();
        }
        let mut out = self.empty();
        if done >= min {
            set(&mut out, at);
        }
        if max.is_none_or(|m| done < m) {
            let next = next_count(min, max, done);
            for k in members(&self.ends(item, at)) {
                // An empty match that changes nothing adds nothing.
                if k > at || next > done {
                    or(&mut out, &self.rep(rep, next, k));
                }
            }
        }
        let out: Bits = out.into();
        self.reps.insert((rep, done, at), out.clone());
        out
    }

    /// The nodes of one derivation of `op` from `at` to `to`.
    fn tree(&mut self, op: usize, at: usize, to: usize, out: &mut Vec<Node>) {
        let g = self.g;
        match g.ops.get(op) {
            Some(Op::Ref(r)) => {
                let Some(rule) = g.rules.get(*r) else {
                    return;
                };
                let (name, body, short) = (rule.name, rule.body, rule.short);
                if rule.block && to == at + 1 {
                    return;
                }
                let mut children = Vec::new();
                if !short {
                    self.tree(body, at, to, &mut children);
                }
                out.push(Node {
                    rule: name,
                    pest_rule: None,
                    start: at,
                    end: to,
                    children,
                });
            }
            Some(Op::Seq(a, b)) => {
                let (a, b) = (*a, *b);
                let split = members(&self.ends(a, at))
                    .rev()
                    .find(|&k| k <= to && has(&self.ends(b, k), to));
                if let Some(k) = split {
                    self.tree(a, at, k, out);
                    self.tree(b, k, to, out);
                }
            }
            Some(Op::Alt(alts)) => {
                if let Some(&x) = alts.iter().find(|&&x| has(&self.ends(x, at), to)) {
                    self.tree(x, at, to, out);
                }
            }
            Some(Op::Rep { .. }) => self.rep_tree(op, 0, at, to, out),
            _ => {}
        }
    }

    fn rep_tree(&mut self, rep: usize, done: u32, at: usize, to: usize, out: &mut Vec<Node>) {
        let Some(&Op::Rep { min, max, item }) = self.g.ops.get(rep) else {
            return;
        };
        if at == to && done >= min {
            return;
        }
        let next = next_count(min, max, done);
        let split = members(&self.ends(item, at))
            .rev()
            .find(|&k| k <= to && (k > at || next > done) && has(&self.rep(rep, next, k), to));
        if let Some(k) = split {
            self.tree(item, at, k, out);
            self.rep_tree(rep, next, k, to, out);
        }
    }
}

/// The count after one more item of `min*max`: past `min` with no `max`,
/// the count no longer matters.
fn next_count(min: u32, max: Option<u32>, done: u32) -> u32 {
    if max.is_none() {
        (done + 1).min(min)
    } else {
        done + 1
    }
}

fn set(b: &mut [u64], at: usize) {
    if let Some(w) = b.get_mut(at / 64) {
        *w |= 1 << (at % 64);
    }
}

fn has(b: &[u64], at: usize) -> bool {
    b.get(at / 64).is_some_and(|w| w & (1 << (at % 64)) != 0)
}

fn or(into: &mut [u64], from: &[u64]) {
    for (a, b) in into.iter_mut().zip(from) {
        *a |= b;
    }
}

/// The places in a set, in increasing order: each word's bits, lowest first.
fn members(b: &[u64]) -> impl DoubleEndedIterator<Item = usize> + '_ {
    b.iter().enumerate().flat_map(|(w, &word)| {
        (0..64)
            .filter(move |bit| word & (1 << bit) != 0)
            .map(move |bit| w * 64 + bit)
    })
}

/// The children of `rule` in one derivation of the whole `text` by the
/// printed grammar of `edition`, with byte spans offset by `base`.
pub fn children(
    edition: Edition,
    rule: &str,
    text: &str,
    base: usize,
) -> Result<Vec<Node>, Refusal> {
    let g = Compiled::of(edition);
    let r = g.rule(rule).ok_or(Refusal::UnknownRule)?;
    if text.len() > LIMIT {
        return Err(Refusal::TooLong);
    }
    let mut d = Deriver {
        g,
        text: text.as_bytes(),
        words: text.len() / 64 + 1,
        ends: HashMap::new(),
        reps: HashMap::new(),
        open: Vec::new(),
    };
    let body = g.rules.get(r).map_or(usize::MAX, |r| r.body);
    if !has(&d.ends(body, 0), text.len()) {
        return Err(Refusal::NoMatch);
    }
    let mut out = Vec::new();
    d.tree(body, 0, text.len(), &mut out);
    shift(&mut out, base);
    Ok(out)
}

fn shift(nodes: &mut [Node], by: usize) {
    for n in nodes {
        n.start += by;
        n.end += by;
        shift(&mut n.children, by);
    }
}

/// One derivation of the whole `text` from `rule`, by the printed grammar.
pub fn derive(edition: Edition, rule: &str, text: &str) -> Result<Node, Refusal> {
    let g = Compiled::of(edition);
    let name = g
        .rule(rule)
        .and_then(|r| g.rules.get(r))
        .map(|r| r.name)
        .ok_or(Refusal::UnknownRule)?;
    Ok(Node {
        rule: name,
        pest_rule: None,
        start: 0,
        end: text.len(),
        children: children(edition, rule, text, 0)?,
    })
}

/// `tree`'s view: each node pest derives in one piece (no children, a
/// non-empty span, a printed rule that is no character rule) given the
/// printed rules inside it. A node longer than [`LIMIT`] stays whole.
#[cfg(any(feature = "cli", feature = "internals"))]
pub fn expand(edition: Edition, input: &str, node: &mut Node) {
    let g = Compiled::of(edition);
    if node.children.is_empty() && node.end > node.start {
        let short = g
            .rule(node.rule)
            .and_then(|r| g.rules.get(r))
            .is_none_or(|r| r.short);
        if let (false, Some(text)) = (short, input.get(node.start..node.end))
            && let Ok(children) = children(edition, node.rule, text, node.start)
        {
            node.children = children;
        }
        return;
    }
    for c in &mut node.children {
        expand(edition, input, c);
    }
}
