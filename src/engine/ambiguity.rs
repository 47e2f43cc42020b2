//! Deciding ambiguity: whether a concatenation of two languages splits some
//! input two ways, and whether an expression matches some input two ways.
//! The first chooses where the regular expressions keep the printed
//! structure; the second proves, in the tests, that what
//! [`super::unambiguous`] builds matches each input one way.

use std::collections::{HashMap, HashSet};

use regex_automata::util::primitives::StateID;
use regex_syntax::hir::{Hir, HirKind};

use super::automaton::Automaton;
use super::hir::class_ranges;

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
        for c in 0u8..=255 {
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
        for c in 0u8..=255 {
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
        for c in 0u8..=255 {
            let next = (a.step(x, c), b.step(y, c));
            if a.is_live(next.0) && b.is_live(next.1) && seen.insert(next) {
                order.push(next);
            }
        }
    }
    false
}

/// The live states reachable from the start (by any byte: a non-ASCII
/// character is its UTF-8 bytes).
fn reachable(a: &Automaton) -> Vec<StateID> {
    let mut seen = HashSet::from([a.start()]);
    let mut order = vec![a.start()];
    let mut i = 0;
    while let Some(&s) = order.get(i) {
        i += 1;
        for c in 0u8..=255 {
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
                for (a, b) in class_ranges(c) {
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
