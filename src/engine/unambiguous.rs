//! A rule's language as a regular expression with exactly one way to match
//! each input: state elimination (Brzozowski and McCluskey, 1963) over the
//! rule's minimal DFA.
//!
//! Why: a backtracking engine (Python `re`, JavaScript, PCRE) tries the ways
//! an expression can match a prefix one after another, so an expression
//! built from an ambiguous grammar (a draft `hostname` whose `.` may sit
//! inside a label or between them) takes exponential time on a short input
//! that fails at its end. Eliminating the states of a deterministic
//! automaton keeps one parse per path, and a DFA has one path per input: the
//! expression is unambiguous, its position automaton is an unambiguous NFA
//! in which every state can still reach the end, so no prefix reaches one
//! position two ways. A backtracker then visits at most (positions ×
//! (length + 1)) partial matches: linear in the input.

use std::collections::{BTreeMap, HashMap, HashSet};

use regex_automata::util::primitives::StateID;

use regex_syntax::hir::HirKind;
use regex_syntax::hir::{Class, ClassUnicode, ClassUnicodeRange, Hir, Repetition};

use super::automaton::Automaton;

/// An edge of the generalized automaton: its expression and printed size.
#[derive(Clone)]
struct Edge {
    hir: Hir,
    size: usize,
}

/// The language of `a` as an expression that matches each input one way.
///
/// Only ASCII bytes are read (no printed grammar has another character).
pub fn unambiguous(a: &Automaton) -> Hir {
    // The live states, numbered from the start.
    let mut number: HashMap<_, usize> = HashMap::from([(a.start(), 0)]);
    let mut states = vec![a.start()];
    let mut i = 0;
    // Edges by (from, to): the bytes of each.
    let mut bytes: BTreeMap<(usize, usize), Vec<u8>> = BTreeMap::new();
    while let Some(&s) = states.get(i) {
        for b in 0u8..128 {
            let t = a.step(s, b);
            if !a.is_live(t) {
                continue;
            }
            let j = *number.entry(t).or_insert_with(|| {
                states.push(t);
                states.len() - 1
            });
            bytes.entry((i, j)).or_default().push(b);
        }
        i += 1;
    }
    let n = states.len();
    // A source before the start and a sink after every accepting state.
    let (source, sink) = (n, n + 1);
    let mut edges: HashMap<(usize, usize), Edge> = bytes
        .into_iter()
        .map(|(k, bs)| (k, class_edge(&bs)))
        .collect();
    edges.insert((source, 0), empty());
    for (k, &s) in states.iter().enumerate() {
        if a.accepts_at_end(s) {
            edges.insert((k, sink), empty());
        }
    }
    // The order of elimination decides the expression's size, and no
    // rule of thumb is best on every automaton: the shorter of two.
    [Weight::Grows, Weight::Writes]
        .into_iter()
        .map(|weight| eliminate_all(edges.clone(), n, weight, (source, sink)))
        .min_by_key(|e| e.size)
        .map_or_else(Hir::fail, |e| tidy(&e.hir))
}

/// `(?:x+)?` written `x*`, and `x x*`, `x (?:x+)?`, `x* x` written `x+`:
/// the same matches, each still one way, and shorter to read.
fn tidy(h: &Hir) -> Hir {
    let star = |sub: &Hir, min: u32| {
        Hir::repetition(Repetition {
            min,
            max: None,
            greedy: true,
            sub: Box::new(sub.clone()),
        })
    };
    // The body of `x+`, or of `x*` (with its least count).
    let repeated = |h: &Hir| match h.kind() {
        HirKind::Repetition(r) if r.max.is_none() && r.greedy => Some((r.min, (*r.sub).clone())),
        _ => None,
    };
    match h.kind() {
        HirKind::Repetition(r) => {
            let sub = tidy(&r.sub);
            match (r.min, r.max, repeated(&sub)) {
                (0, Some(1), Some((1, x))) => star(&x, 0),
                _ => Hir::repetition(Repetition {
                    sub: Box::new(sub),
                    ..r.clone()
                }),
            }
        }
        HirKind::Alternation(items) => {
            let items: Vec<Hir> = items.iter().map(tidy).collect();
            match items.as_slice() {
                [e, x] | [x, e] if e.kind() == &HirKind::Empty => match repeated(x) {
                    Some((1, sub)) => star(&sub, 0),
                    _ => Hir::alternation(items),
                },
                _ => Hir::alternation(items),
            }
        }
        HirKind::Concat(items) => {
            let mut out: Vec<Hir> = Vec::with_capacity(items.len());
            for item in items.iter().map(tidy) {
                // `x*` after `x`, or `x` after `x*` (not `x+` after `x`: that
                // is `x{2,}`, and `x+` would also match what another
                // alternative does).
                let after = match (out.last(), repeated(&item)) {
                    (Some(last), Some((0, x))) if *last == x => Some(x),
                    _ => None,
                };
                let before = match (out.last().and_then(&repeated), &item) {
                    (Some((0, x)), item) if *item == x => Some(x),
                    _ => None,
                };
                if let Some(x) = after.or(before) {
                    out.pop();
                    out.push(star(&x, 1));
                } else {
                    out.push(item);
                }
            }
            Hir::concat(out)
        }
        HirKind::Capture(c) => Hir::capture(regex_syntax::hir::Capture {
            sub: Box::new(tidy(&c.sub)),
            ..c.clone()
        }),
        _ => h.clone(),
    }
}

/// How to choose the next state to eliminate.
#[derive(Clone, Copy)]
enum Weight {
    /// By what the expression grows (Delgado and Morais).
    Grows,
    /// By all it writes: each pair of an edge in and an edge out.
    Writes,
}

fn eliminate_all(
    mut edges: HashMap<(usize, usize), Edge>,
    n: usize,
    weight: Weight,
    ends: (usize, usize),
) -> Edge {
    let mut remaining: Vec<usize> = (0..n).collect();
    while !remaining.is_empty() {
        let Some((pos, &k)) = remaining
            .iter()
            .enumerate()
            .min_by_key(|&(_, &k)| (cost(&edges, k, weight), k))
        else {
            break;
        };
        remaining.swap_remove(pos);
        eliminate(&mut edges, k);
    }
    edges.remove(&ends).unwrap_or(Edge {
        hir: Hir::fail(),
        size: 0,
    })
}

/// What eliminating `k` costs, as `weight` counts it.
fn cost(edges: &HashMap<(usize, usize), Edge>, k: usize, weight: Weight) -> usize {
    let ins: Vec<usize> = edges
        .iter()
        .filter(|((i, j), _)| *j == k && *i != k)
        .map(|(_, e)| e.size)
        .collect();
    let outs: Vec<usize> = edges
        .iter()
        .filter(|((i, j), _)| *i == k && *j != k)
        .map(|(_, e)| e.size)
        .collect();
    let looped = edges.get(&(k, k)).map_or(0, |e| e.size + 4);
    let (ni, no) = (ins.len(), outs.len());
    let (sum_in, sum_out) = (ins.iter().sum::<usize>(), outs.iter().sum::<usize>());
    match weight {
        Weight::Grows => (sum_in * no.saturating_sub(1)
            + sum_out * ni.saturating_sub(1)
            + looped * (ni * no).saturating_sub(1))
        .saturating_sub(looped),
        Weight::Writes => sum_in * no + sum_out * ni + looped * ni * no,
    }
}

/// Removes `k`: `i → k → j` becomes `i → j` labelled `in loop* out`, beside
/// what `i → j` had (a different path, so a different set of inputs).
fn eliminate(edges: &mut HashMap<(usize, usize), Edge>, k: usize) {
    let looped = edges.remove(&(k, k)).map(|e| Edge {
        size: e.size + 4,
        hir: Hir::repetition(Repetition {
            min: 0,
            max: None,
            greedy: true,
            sub: Box::new(e.hir),
        }),
    });
    let mut ins: Vec<(usize, Edge)> = Vec::new();
    let mut outs: Vec<(usize, Edge)> = Vec::new();
    let keys: Vec<(usize, usize)> = edges
        .keys()
        .filter(|(i, j)| *i == k || *j == k)
        .copied()
        .collect();
    for key in keys {
        if let Some(e) = edges.remove(&key) {
            if key.1 == k {
                ins.push((key.0, e));
            } else {
                outs.push((key.1, e));
            }
        }
    }
    // Sorted so that the expression does not depend on hashing.
    ins.sort_by_key(|(i, _)| *i);
    outs.sort_by_key(|(j, _)| *j);
    for (i, into) in &ins {
        for (j, out) in &outs {
            let mut parts = vec![into.hir.clone()];
            parts.extend(looped.iter().map(|l| l.hir.clone()));
            parts.push(out.hir.clone());
            let through = Edge {
                size: into.size + looped.as_ref().map_or(0, |l| l.size) + out.size,
                hir: plus(Hir::concat(parts)),
            };
            let edge = match edges.remove(&(*i, *j)) {
                None => through,
                Some(old) => Edge {
                    size: old.size + through.size + 1,
                    hir: Hir::alternation(vec![old.hir, through.hir]),
                },
            };
            edges.insert((*i, *j), edge);
        }
    }
}

/// `x x*` written `x+`, shorter and read the same way.
fn plus(h: Hir) -> Hir {
    let HirKind::Concat(items) = h.kind() else {
        return h;
    };
    let mut out: Vec<Hir> = Vec::with_capacity(items.len());
    for item in items {
        if let HirKind::Repetition(r) = item.kind()
            && r.min == 0
            && r.max.is_none()
            && out.last() == Some(&*r.sub)
        {
            out.pop();
            out.push(Hir::repetition(Repetition {
                min: 1,
                ..r.clone()
            }));
        } else {
            out.push(item.clone());
        }
    }
    Hir::concat(out)
}

fn empty() -> Edge {
    Edge {
        hir: Hir::empty(),
        size: 0,
    }
}

/// The bytes of one edge as a class (a literal when it is one byte).
fn class_edge(bytes: &[u8]) -> Edge {
    if let [b] = bytes {
        return Edge {
            hir: Hir::literal([*b]),
            size: 1,
        };
    }
    let mut ranges: Vec<ClassUnicodeRange> = Vec::new();
    for &b in bytes {
        let c = char::from(b);
        match ranges.last_mut() {
            Some(r) if u32::from(r.end()) + 1 == u32::from(c) => {
                *r = ClassUnicodeRange::new(r.start(), c);
            }
            _ => ranges.push(ClassUnicodeRange::new(c, c)),
        }
    }
    let size = 2 + ranges.len() * 3;
    Edge {
        hir: Hir::class(Class::Unicode(ClassUnicode::new(ranges))),
        size,
    }
}

/// Whether some input splits two ways into a word of `a` followed by a word
/// of `b`: whether `a b` is an ambiguous concatenation.
///
/// It is when some `v ≠ ε` leads `a` from an accepting state to an accepting
/// state (`x` and `x v` both in `a`) while `v y` and `y` are both in `b`.
pub fn splits_two_ways(a: &Automaton, b: &Automaton) -> bool {
    let a_states = reachable(a);
    let b_states = reachable(b);
    // The states of `b` after some `v` such that `v y` and `y` are both in `b`.
    let mut pairs: Vec<(StateID, StateID)> = b_states.iter().map(|&p| (p, b.start())).collect();
    let mut seen: HashSet<(StateID, StateID)> = pairs.iter().copied().collect();
    let mut edges: HashMap<(StateID, StateID), Vec<(StateID, StateID)>> = HashMap::new();
    let mut i = 0;
    while let Some(&(x, y)) = pairs.get(i) {
        i += 1;
        for c in 0u8..128 {
            let next = (b.step(x, c), b.step(y, c));
            if !(b.is_live(next.0) && b.is_live(next.1)) {
                continue;
            }
            edges.entry(next).or_default().push((x, y));
            if seen.insert(next) {
                pairs.push(next);
            }
        }
    }
    let mut good: HashSet<(StateID, StateID)> = pairs
        .iter()
        .copied()
        .filter(|&(x, y)| b.accepts_at_end(x) && b.accepts_at_end(y))
        .collect();
    let mut todo: Vec<_> = good.iter().copied().collect();
    while let Some(p) = todo.pop() {
        for &q in edges.get(&p).into_iter().flatten() {
            if good.insert(q) {
                todo.push(q);
            }
        }
    }
    let splits_b: HashSet<StateID> = b_states
        .iter()
        .copied()
        .filter(|&p| good.contains(&(p, b.start())))
        .collect();
    // From an accepting state of `a`, with `b` at its start, one step or more.
    let mut order: Vec<(StateID, StateID)> = Vec::new();
    let mut seen: HashSet<(StateID, StateID)> = HashSet::new();
    for &f in a_states.iter().filter(|&&s| a.accepts_at_end(s)) {
        for c in 0u8..128 {
            let next = (a.step(f, c), b.step(b.start(), c));
            if a.is_live(next.0) && b.is_live(next.1) && seen.insert(next) {
                order.push(next);
            }
        }
    }
    let mut i = 0;
    while let Some(&(x, y)) = order.get(i) {
        i += 1;
        if a.accepts_at_end(x) && splits_b.contains(&y) {
            return true;
        }
        for c in 0u8..128 {
            let next = (a.step(x, c), b.step(y, c));
            if a.is_live(next.0) && b.is_live(next.1) && seen.insert(next) {
                order.push(next);
            }
        }
    }
    false
}

/// The live states reachable from the start by ASCII bytes.
fn reachable(a: &Automaton) -> Vec<StateID> {
    let mut seen = HashSet::from([a.start()]);
    let mut order = vec![a.start()];
    let mut i = 0;
    while let Some(&s) = order.get(i) {
        i += 1;
        for c in 0u8..128 {
            let t = a.step(s, c);
            if a.is_live(t) && seen.insert(t) {
                order.push(t);
            }
        }
    }
    order
}

/// Whether some input matches `h` two ways: two paths through its
/// position automaton (Glushkov's: one state per character of the
/// expression) that read the same input and both end. Decided on the
/// automaton of pairs of positions; a repetition of something that matches
/// the empty string, or a position reached twice the same way, counts as
/// two ways. A bounded repetition other than `?` is not decided (true).
/// The tests prove with it what [`unambiguous`] claims.
#[allow(dead_code)]
pub fn matches_some_input_two_ways(h: &Hir) -> bool {
    let mut g = Glushkov::default();
    let Some(top) = g.node(h) else {
        return true;
    };
    if g.twice {
        return true;
    }
    // Pairs of positions after the same input; `None` is the start.
    type Pair = (Option<usize>, Option<usize>);
    let next = |p: Option<usize>| -> &[usize] {
        match p {
            None => &top.first,
            Some(p) => g.follow.get(p).map_or(&[], Vec::as_slice),
        }
    };
    let ends = |p: Option<usize>| match p {
        None => top.nullable,
        Some(p) => top.last.contains(&p),
    };
    let start: Pair = (None, None);
    let mut seen: HashSet<Pair> = HashSet::from([start]);
    let mut order = vec![start];
    let mut back: HashMap<Pair, Vec<Pair>> = HashMap::new();
    let mut i = 0;
    while let Some(&(p, q)) = order.get(i) {
        i += 1;
        for &a in next(p) {
            for &b in next(q) {
                let shared = g
                    .bytes
                    .get(a)
                    .zip(g.bytes.get(b))
                    .is_some_and(|(x, y)| x & y != 0);
                if !shared {
                    continue;
                }
                let pair = (Some(a), Some(b));
                back.entry(pair).or_default().push((p, q));
                if seen.insert(pair) {
                    order.push(pair);
                }
            }
        }
    }
    let mut live: HashSet<Pair> = order
        .iter()
        .copied()
        .filter(|&(p, q)| ends(p) && ends(q))
        .collect();
    let mut todo: Vec<Pair> = live.iter().copied().collect();
    while let Some(pair) = todo.pop() {
        for &before in back.get(&pair).into_iter().flatten() {
            if live.insert(before) {
                todo.push(before);
            }
        }
    }
    live.iter().any(|(p, q)| p != q)
}

/// The position automaton of an expression, built bottom-up.
#[derive(Default)]
struct Glushkov {
    /// Each position's bytes (ASCII, as a bit set).
    bytes: Vec<u128>,
    /// The positions that may follow each position.
    follow: Vec<Vec<usize>>,
    /// A position was made to follow another twice (two ways).
    twice: bool,
}

/// What a subexpression contributes: whether it matches the empty string,
/// and the positions it may start and end with.
struct Node {
    nullable: bool,
    first: Vec<usize>,
    last: Vec<usize>,
}

impl Glushkov {
    fn position(&mut self, bytes: u128) -> usize {
        self.bytes.push(bytes);
        self.follow.push(Vec::new());
        self.bytes.len() - 1
    }

    fn link(&mut self, from: &[usize], to: &[usize]) {
        for &p in from {
            if let Some(f) = self.follow.get_mut(p) {
                for &q in to {
                    if f.contains(&q) {
                        self.twice = true;
                    } else {
                        f.push(q);
                    }
                }
            }
        }
    }

    fn node(&mut self, h: &Hir) -> Option<Node> {
        let one = |p: usize| Node {
            nullable: false,
            first: vec![p],
            last: vec![p],
        };
        Some(match h.kind() {
            HirKind::Empty | HirKind::Look(_) => Node {
                nullable: true,
                first: Vec::new(),
                last: Vec::new(),
            },
            HirKind::Literal(l) => {
                let mut parts = Vec::new();
                for &b in l.0.iter() {
                    let p = self.position(1u128.checked_shl(u32::from(b)).unwrap_or(0));
                    parts.push(one(p));
                }
                self.sequence(parts)
            }
            HirKind::Class(c) => {
                let mut bits = 0u128;
                let ranges: Vec<(u32, u32)> = match c {
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
                };
                for (a, b) in ranges {
                    for c in a..=b.min(127) {
                        bits |= 1u128 << c;
                    }
                }
                let p = self.position(bits);
                one(p)
            }
            HirKind::Capture(c) => self.node(&c.sub)?,
            HirKind::Concat(items) => {
                let parts = items
                    .iter()
                    .map(|i| self.node(i))
                    .collect::<Option<Vec<_>>>()?;
                self.sequence(parts)
            }
            HirKind::Alternation(items) => {
                let mut out = Node {
                    nullable: false,
                    first: Vec::new(),
                    last: Vec::new(),
                };
                for i in items {
                    let n = self.node(i)?;
                    if n.nullable && out.nullable {
                        self.twice = true;
                    }
                    out.nullable |= n.nullable;
                    out.first.extend(n.first);
                    out.last.extend(n.last);
                }
                out
            }
            HirKind::Repetition(r) => match (r.min, r.max) {
                (0, Some(1)) => Node {
                    nullable: true,
                    ..self.node(&r.sub)?
                },
                (min @ (0 | 1), None) => {
                    let n = self.node(&r.sub)?;
                    if n.nullable {
                        self.twice = true;
                    }
                    self.link(&n.last, &n.first);
                    Node {
                        nullable: min == 0 || n.nullable,
                        ..n
                    }
                }
                // Not written by urlbnf: not decided, so not trusted.
                _ => return None,
            },
        })
    }

    fn sequence(&mut self, parts: Vec<Node>) -> Node {
        let mut out = Node {
            nullable: true,
            first: Vec::new(),
            last: Vec::new(),
        };
        for n in parts {
            self.link(&out.last, &n.first);
            if out.nullable {
                out.first.extend(n.first.iter().copied());
            }
            out.last = if n.nullable {
                out.last.into_iter().chain(n.last.iter().copied()).collect()
            } else {
                n.last.clone()
            };
            out.nullable &= n.nullable;
        }
        out
    }
}
