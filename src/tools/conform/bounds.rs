//! Strings at the edges of a rule's parts, made from the printed grammar:
//! each counted repetition one short of, at, and one past its bounds (`h16`'s
//! four digits, `IPv6address`'s six pieces), an unbounded one long (a port of
//! six nines), each character range at and just past its ends (`dec-octet`'s
//! `"25" %x30-35`: 250, 255, 256), and each ABNF quoted letter in both cases
//! (RFC 5234 §2.3: `IPvFuture`'s `"v"` is also `V`).
//!
//! Each part is put in a whole string of the rule under test: the shortest
//! strings around each place a rule is used, from the rule under test down
//! (by the grammar read as a context-free grammar, so that any string of the
//! part there makes a string of the whole). Whether the whole is valid is the
//! automaton's to say: a variant may fall out of the part and still be valid
//! by another way (`256.0.0.0` is a `reg-name`).

use std::collections::{HashMap, HashSet, VecDeque};

use super::Kind;
use crate::grammar::{Expr, PrintedGrammar};

/// Places a rule is used at, kept per rule: enough to reach a part from its
/// different users (an IPv4 address as a host and inside an IPv6 address).
const CONTEXTS: usize = 3;
/// How far `one` and `high` follow rule references before taking the shortest.
const DEPTH: usize = 12;
/// An unbounded repetition taken many times: past the caps parsers put on
/// a part (five digits of a port, 16, 64 and 255 characters of a segment
/// or a label), each of the largest character (six nines is past any port
/// number). The two longest only in a part's first context.
const LONG: [u32; 4] = [6, 17, 65, 257];

/// The shortest string of every rule (least in byte order among those it
/// finds), by fixpoint over the grammar.
pub(super) fn shortest(grammar: &PrintedGrammar) -> HashMap<String, String> {
    let mut out: HashMap<String, String> = HashMap::new();
    loop {
        let mut changed = false;
        for r in &grammar.rules {
            if let Some(s) = short(&r.expr, &out) {
                let better = out
                    .get(&r.name)
                    .is_none_or(|old| (s.len(), &s) < (old.len(), old));
                if better {
                    out.insert(r.name.clone(), s);
                    changed = true;
                }
            }
        }
        if !changed {
            return out;
        }
    }
}

/// The shortest string of `e`, given the rules' so far.
fn short(e: &Expr, rules: &HashMap<String, String>) -> Option<String> {
    Some(match e {
        Expr::Empty | Expr::Opt(_) => String::new(),
        Expr::Lit(s) => s.clone(),
        Expr::Range(lo, _) => lo.to_string(),
        Expr::Ref(name) => rules.get(name)?.clone(),
        Expr::Seq(items) => items
            .iter()
            .map(|i| short(i, rules))
            .collect::<Option<Vec<_>>>()?
            .concat(),
        Expr::Alt(items) => items
            .iter()
            .filter_map(|i| short(i, rules))
            .min_by(|a, b| (a.len(), a).cmp(&(b.len(), b)))?,
        Expr::Rep { min, item, .. } => short(item, rules)?.repeat(*min as usize),
    })
}

/// One string of a part to vary, with what it covers.
pub(super) struct Variant {
    pub(super) input: String,
    pub(super) kind: Kind,
    pub(super) covers: String,
}

/// The strings of the rule under test at the edges of its parts.
pub(super) struct Edges<'g> {
    grammar: &'g PrintedGrammar,
    shortest: HashMap<String, String>,
    pub(super) out: Vec<Variant>,
    seen: HashSet<String>,
    /// Counted repetitions and ranges varied, by rule and place.
    pub(super) sites: usize,
    /// Quoted letters varied.
    pub(super) cased: usize,
}

impl<'g> Edges<'g> {
    /// The edges of every part reachable from `rule`, in every context kept.
    pub(super) fn of(grammar: &'g PrintedGrammar, rule: &str) -> Edges<'g> {
        let mut edges = Edges {
            grammar,
            shortest: shortest(grammar),
            out: Vec::new(),
            seen: HashSet::new(),
            sites: 0,
            cased: 0,
        };
        // Breadth first from the rule: each rule with its contexts (the
        // strings around it), each context from a different parent context.
        let mut contexts: HashMap<String, Vec<(String, String)>> = HashMap::new();
        contexts.insert(rule.to_string(), vec![(String::new(), String::new())]);
        let mut queue = VecDeque::from([(rule.to_string(), 0usize)]);
        while let Some((name, k)) = queue.pop_front() {
            let Some(r) = grammar.rule(&name) else {
                continue;
            };
            let Some(context) = contexts.get(&name).and_then(|c| c.get(k)).cloned() else {
                continue;
            };
            let mut uses = Vec::new();
            let mut place = RuleInContext {
                rule: &name,
                context: &context,
                count: k == 0,
            };
            edges.visit(
                &r.expr,
                (String::new(), String::new()),
                &mut place,
                &mut uses,
            );
            let mut taken = HashSet::new();
            for (used, around) in uses {
                // One place per used rule and parent context.
                if !taken.insert(used.clone()) {
                    continue;
                }
                let list = contexts.entry(used.clone()).or_default();
                if list.len() < CONTEXTS && !list.contains(&around) {
                    list.push(around);
                    queue.push_back((used, list.len() - 1));
                }
            }
        }
        edges
    }

    /// Walk `e` with the shortest strings to its left and right inside the
    /// rule, varying each part and noting each rule used with its context.
    fn visit(
        &mut self,
        e: &Expr,
        (left, right): (String, String),
        place: &mut RuleInContext<'_>,
        uses: &mut Vec<(String, (String, String))>,
    ) {
        for (what, kind, v) in self.variants(e, place.count) {
            let input = format!("{}{left}{v}{right}{}", place.context.0, place.context.1);
            if self.seen.insert(input.clone()) {
                self.out.push(Variant {
                    input,
                    kind,
                    covers: format!("{}: {what}", place.rule),
                });
            }
        }
        match e {
            Expr::Seq(items) => {
                for (i, item) in items.iter().enumerate() {
                    let before = self.shorts(items.get(..i).unwrap_or_default());
                    let after = self.shorts(items.get(i + 1..).unwrap_or_default());
                    let sides = (format!("{left}{before}"), format!("{after}{right}"));
                    self.visit(item, sides, place, uses);
                }
            }
            Expr::Alt(items) => {
                for item in items {
                    self.visit(item, (left.clone(), right.clone()), place, uses);
                }
            }
            Expr::Opt(item) => self.visit(item, (left, right), place, uses),
            Expr::Rep { min, item, .. } => {
                let others = self.short(item).repeat((*min).max(1) as usize - 1);
                self.visit(item, (left, format!("{others}{right}")), place, uses);
            }
            Expr::Ref(name) => {
                let (p, s) = place.context;
                uses.push((name.clone(), (format!("{p}{left}"), format!("{right}{s}"))));
            }
            Expr::Empty | Expr::Lit(_) | Expr::Range(..) => {}
        }
    }

    fn short(&self, e: &Expr) -> String {
        short(e, &self.shortest).unwrap_or_default()
    }

    fn shorts(&self, items: &[Expr]) -> String {
        items.iter().map(|i| self.short(i)).collect()
    }

    /// The strings `e` is varied by, each with what it covers.
    fn variants(&mut self, e: &Expr, count: bool) -> Vec<(String, Kind, String)> {
        let count = usize::from(count);
        let mut out = Vec::new();
        match e {
            Expr::Range(lo, hi) => {
                self.sites += count;
                let (lo, hi) = (u32::from(*lo), u32::from(*hi));
                let name = format!("%x{lo:02X}-{hi:02X}");
                for (c, what) in [
                    (lo.checked_sub(1), "one before its start"),
                    (Some(lo), "its start"),
                    (Some(hi), "its end"),
                    (Some(hi + 1), "one past its end"),
                ] {
                    if let Some(c) = c.and_then(char::from_u32).filter(|c| sendable(*c)) {
                        out.push((
                            format!("{name} {what}, {c:?}"),
                            Kind::Boundary,
                            c.to_string(),
                        ));
                    }
                }
            }
            Expr::Rep { min, max, item } => {
                let (one, high) = (self.one(item, DEPTH), self.high(item, DEPTH));
                let mut counts: Vec<(u32, &str)> = Vec::new();
                match max {
                    Some(max) => {
                        self.sites += count;
                        if let Some(fewer) = min.checked_sub(1) {
                            counts.push((fewer, "one fewer than its least"));
                        }
                        counts.push((*min, "its least"));
                        counts.push((*max, "its most"));
                        counts.push((max + 1, "one more than its most"));
                    }
                    None => {
                        if *min > 1 {
                            self.sites += count;
                            counts.push((min - 1, "one fewer than its least"));
                        }
                        // A loop taken 0 (or its least), 1 and 2 times.
                        counts.push((*min, "its least"));
                        counts.push((min + 1, "once more than its least"));
                        counts.push((min + 2, "twice more than its least"));
                    }
                }
                let bound = |n| max.map_or_else(|| format!("{n}*"), |m| format!("{n}*{m}"));
                for (n, what) in counts {
                    let v = one.repeat(n as usize);
                    out.push((format!("{} {what}, {n}", bound(*min)), Kind::Boundary, v));
                }
                if max.is_none() && !high.is_empty() {
                    let first = count == 1;
                    for n in LONG
                        .into_iter()
                        .filter(|&n| n > min + 2 && (first || n < 64))
                    {
                        let v = high.repeat(n as usize);
                        out.push((format!("{}* long, {n}", min), Kind::Boundary, v));
                    }
                }
            }
            Expr::Alt(items) => {
                if let [Expr::Lit(a), Expr::Lit(b)] = items.as_slice()
                    && a.len() == 1
                    && a != b
                    && a.to_ascii_uppercase() == *b
                {
                    self.cased += count;
                    for (v, case) in [(a, "lower"), (b, "upper")] {
                        let what = format!("the quoted {a:?} in {case} case, {v:?}");
                        out.push((what, Kind::Case, v.clone()));
                    }
                }
            }
            _ => {}
        }
        out
    }

    /// A non-empty string of `e` where it has one (the shortest otherwise).
    fn one(&self, e: &Expr, depth: usize) -> String {
        let s = self.short(e);
        if !s.is_empty() || depth == 0 {
            return s;
        }
        match e {
            Expr::Ref(name) => self
                .grammar
                .rule(name)
                .map(|r| self.one(&r.expr, depth - 1))
                .unwrap_or_default(),
            Expr::Opt(item) | Expr::Rep { item, .. } => self.one(item, depth - 1),
            Expr::Alt(items) => items
                .iter()
                .map(|i| self.one(i, depth - 1))
                .find(|s| !s.is_empty())
                .unwrap_or_default(),
            Expr::Seq(items) => {
                let mut done = false;
                items
                    .iter()
                    .map(|i| {
                        let s = if done {
                            String::new()
                        } else {
                            self.one(i, depth - 1)
                        };
                        done |= !s.is_empty();
                        s
                    })
                    .collect()
            }
            _ => s,
        }
    }

    /// `one`, taking the last character of each range: a long repetition of
    /// it makes the largest number (a port of nines).
    fn high(&self, e: &Expr, depth: usize) -> String {
        if depth == 0 {
            return self.one(e, 0);
        }
        match e {
            Expr::Range(_, hi) => hi.to_string(),
            Expr::Ref(name) => self
                .grammar
                .rule(name)
                .map(|r| self.high(&r.expr, depth - 1))
                .unwrap_or_default(),
            Expr::Alt(items) => items
                .iter()
                .map(|i| self.high(i, depth - 1))
                .filter(|s| !s.is_empty())
                .max_by_key(|s| (std::cmp::Reverse(s.len()), s.clone()))
                .unwrap_or_default(),
            _ => self.one(e, depth),
        }
    }
}

/// Where a rule is being walked: its name and the strings around it.
struct RuleInContext<'a> {
    rule: &'a str,
    context: &'a (String, String),
    /// Whether this is the rule's first context: its parts are counted once.
    count: bool,
}

/// Whether a line of a line filter can carry the character.
fn sendable(c: char) -> bool {
    !matches!(c, '\n' | '\r' | '\0')
}
