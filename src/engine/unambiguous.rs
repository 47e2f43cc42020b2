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

use std::collections::{BTreeMap, HashMap};

use regex_syntax::hir::HirKind;
use regex_syntax::hir::{
    Class, ClassBytes, ClassBytesRange, ClassUnicode, ClassUnicodeRange, Hir, Repetition,
};

use super::automaton::Automaton;

/// An edge of the generalized automaton: its expression and printed size.
#[derive(Clone)]
struct Edge {
    hir: Hir,
    size: usize,
}

/// The language of `a` as an expression that matches each input one way.
///
/// A non-ASCII character is one edge (its UTF-8 bytes are read as one
/// character, so the states inside it are no states here); in a grammar of
/// octets, each byte is.
pub fn unambiguous(a: &Automaton) -> Hir {
    // The live states, numbered from the start.
    let mut number: HashMap<_, usize> = HashMap::from([(a.start(), 0)]);
    let mut states = vec![a.start()];
    let mut i = 0;
    let octets = a.is_octets();
    // Edges by (from, to): the characters of each, as code points (bytes,
    // in a grammar of octets).
    let mut chars: BTreeMap<(usize, usize), Vec<(u32, u32)>> = BTreeMap::new();
    while let Some(&s) = states.get(i) {
        let bytes = if octets || a.is_wide() {
            0u8..=255
        } else {
            0u8..=127
        };
        let mut steps: Vec<(_, Vec<(u32, u32)>)> = bytes
            .filter(|&b| b.is_ascii() || octets)
            .map(|b| (a.step(s, b), vec![(u32::from(b), u32::from(b))]))
            .collect();
        if a.is_wide() && !octets {
            steps.extend(super::chars::targets(a, s));
        }
        for (t, ranges) in steps {
            if !a.is_live(t) {
                continue;
            }
            let j = *number.entry(t).or_insert_with(|| {
                states.push(t);
                states.len() - 1
            });
            chars.entry((i, j)).or_default().extend(ranges);
        }
        i += 1;
    }
    let n = states.len();
    // A source before the start and a sink after every accepting state.
    let (source, sink) = (n, n + 1);
    let mut edges: HashMap<(usize, usize), Edge> = chars
        .into_iter()
        .map(|(k, cs)| (k, class_edge(&cs, octets)))
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

/// The characters of one edge (ascending code points, or bytes in a
/// grammar of octets) as a class (a literal when it is one ASCII byte).
fn class_edge(chars: &[(u32, u32)], octets: bool) -> Edge {
    if let [(a, b)] = chars
        && a == b
        && let Ok(byte) = u8::try_from(*a)
        && (byte.is_ascii() || octets)
    {
        return Edge {
            hir: Hir::literal([byte]),
            size: 1,
        };
    }
    let mut ranges: Vec<(u32, u32)> = Vec::new();
    for &(lo, hi) in chars {
        match ranges.last_mut() {
            Some(r) if r.1 + 1 == lo => r.1 = hi,
            _ => ranges.push((lo, hi)),
        }
    }
    let size = 2 + ranges.len() * 3;
    let hir = if octets {
        let byte = |v: u32| u8::try_from(v).unwrap_or(u8::MAX);
        Hir::class(Class::Bytes(ClassBytes::new(
            ranges
                .iter()
                .map(|&(lo, hi)| ClassBytesRange::new(byte(lo), byte(hi))),
        )))
    } else {
        let char_of = |v: u32| char::from_u32(v).unwrap_or(char::REPLACEMENT_CHARACTER);
        Hir::class(Class::Unicode(ClassUnicode::new(ranges.iter().map(
            |&(lo, hi)| ClassUnicodeRange::new(char_of(lo), char_of(hi)),
        ))))
    };
    Edge { hir, size }
}
