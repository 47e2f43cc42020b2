//! Whole characters through an automaton over bytes: a grammar's non-ASCII
//! characters are the UTF-8 sequences of their code points (RFC 3629 §4), so
//! what may come in a state is asked by character, never by a lone byte of
//! one.

use std::collections::HashMap;

use super::lanes::Dfa;

/// The well-formed UTF-8 sequences of two to four bytes (RFC 3629 §4): the
/// lead bytes, the range of the byte after them, and how many bytes follow
/// the lead. No surrogate (`ED A0`-`ED BF`) and nothing past U+10FFFF.
const LEADS: [(u8, u8, u8, u8, u32); 8] = [
    (0xC2, 0xDF, 0x80, 0xBF, 1),
    (0xE0, 0xE0, 0xA0, 0xBF, 2),
    (0xE1, 0xEC, 0x80, 0xBF, 2),
    (0xED, 0xED, 0x80, 0x9F, 2),
    (0xEE, 0xEF, 0x80, 0xBF, 2),
    (0xF0, 0xF0, 0x90, 0xBF, 3),
    (0xF1, 0xF3, 0x80, 0xBF, 3),
    (0xF4, 0xF4, 0x80, 0x8F, 3),
];

/// Ranges of code points (or of continuation bytes' values), ascending.
type Ranges = Vec<(u32, u32)>;

/// Live states with the ranges that lead to each.
type Targets<S> = Vec<(S, Ranges)>;

/// The code point bits a lead byte carries, placed above its `follow`
/// continuation bytes' six bits each.
fn lead_bits(lead: u8, follow: u32) -> u32 {
    let mask = match follow {
        1 => 0x1F,
        2 => 0x0F,
        _ => 0x07,
    };
    u32::from(lead & mask) << (6 * follow)
}

/// The non-ASCII characters that lead `state` to a live state, as ranges
/// of code points in ascending order.
pub fn live_ranges<A: Dfa>(a: &A, state: A::State) -> Vec<(u32, u32)> {
    let mut memo = HashMap::new();
    let mut out: Vec<(u32, u32)> = Vec::new();
    for (lo, hi, first_lo, first_hi, follow) in LEADS {
        for lead in lo..=hi {
            let t = a.step(state, lead);
            if !a.is_live(t) {
                continue;
            }
            let base = lead_bits(lead, follow);
            for b in first_lo..=first_hi {
                let u = a.step(t, b);
                if !a.is_live(u) {
                    continue;
                }
                let at = base + (u32::from(b & 0x3F) << (6 * (follow - 1)));
                if follow == 1 {
                    push(&mut out, (at, at));
                } else {
                    for &(x, y) in suffixes(a, u, follow - 1, &mut memo).iter() {
                        push(&mut out, (at + x, at + y));
                    }
                }
            }
        }
    }
    out
}

/// The values of `depth` continuation bytes (six bits each) that lead
/// `state` to a live state, as ranges.
fn suffixes<A: Dfa>(
    a: &A,
    state: A::State,
    depth: u32,
    memo: &mut HashMap<(A::State, u32), std::rc::Rc<Ranges>>,
) -> std::rc::Rc<Vec<(u32, u32)>> {
    if let Some(done) = memo.get(&(state, depth)) {
        return done.clone();
    }
    let mut out = Vec::new();
    for c in 0u8..64 {
        let t = a.step(state, 0x80 | c);
        if !a.is_live(t) {
            continue;
        }
        let at = u32::from(c) << (6 * (depth - 1));
        if depth == 1 {
            push(&mut out, (at, at));
        } else {
            for &(x, y) in suffixes(a, t, depth - 1, memo).iter() {
                push(&mut out, (at + x, at + y));
            }
        }
    }
    let out = std::rc::Rc::new(out);
    memo.insert((state, depth), out.clone());
    out
}

/// The non-ASCII characters that lead `state` to each live state, as
/// ranges of code points, by the state they lead to (in the order met).
pub fn targets<A: Dfa>(a: &A, state: A::State) -> Targets<A::State> {
    let mut memo = HashMap::new();
    let mut out: Targets<A::State> = Vec::new();
    let mut add = |end: A::State, range: (u32, u32)| match out.iter_mut().find(|(e, _)| *e == end) {
        Some((_, ranges)) => push(ranges, range),
        None => out.push((end, vec![range])),
    };
    for (lo, hi, first_lo, first_hi, follow) in LEADS {
        for lead in lo..=hi {
            let t = a.step(state, lead);
            if !a.is_live(t) {
                continue;
            }
            let base = lead_bits(lead, follow);
            for b in first_lo..=first_hi {
                let u = a.step(t, b);
                if !a.is_live(u) {
                    continue;
                }
                let at = base + (u32::from(b & 0x3F) << (6 * (follow - 1)));
                if follow == 1 {
                    add(u, (at, at));
                } else {
                    for (end, ranges) in suffix_targets(a, u, follow - 1, &mut memo).iter() {
                        for &(x, y) in ranges {
                            add(*end, (at + x, at + y));
                        }
                    }
                }
            }
        }
    }
    out
}

/// Ends of `depth` continuation bytes from `state`, each with the values
/// (six bits a byte) that lead there, as ranges.
type Ends<S> = std::rc::Rc<Targets<S>>;

fn suffix_targets<A: Dfa>(
    a: &A,
    state: A::State,
    depth: u32,
    memo: &mut HashMap<(A::State, u32), Ends<A::State>>,
) -> Ends<A::State> {
    if let Some(done) = memo.get(&(state, depth)) {
        return done.clone();
    }
    let mut out: Targets<A::State> = Vec::new();
    for c in 0u8..64 {
        let t = a.step(state, 0x80 | c);
        if !a.is_live(t) {
            continue;
        }
        let at = u32::from(c) << (6 * (depth - 1));
        let below: Targets<A::State> = if depth == 1 {
            vec![(t, vec![(0, 0)])]
        } else {
            suffix_targets(a, t, depth - 1, memo).to_vec()
        };
        for (end, ranges) in below {
            let slot = match out.iter().position(|(e, _)| *e == end) {
                Some(i) => i,
                None => {
                    out.push((end, Vec::new()));
                    out.len() - 1
                }
            };
            if let Some((_, mine)) = out.get_mut(slot) {
                for (x, y) in ranges {
                    push(mine, (at + x, at + y));
                }
            }
        }
    }
    let out = std::rc::Rc::new(out);
    memo.insert((state, depth), out.clone());
    out
}

/// A range added after the others, joined to the last where they touch.
fn push(out: &mut Vec<(u32, u32)>, (lo, hi): (u32, u32)) {
    match out.last_mut() {
        Some(last) if last.1.checked_add(1) == Some(lo) => last.1 = hi,
        _ => out.push((lo, hi)),
    }
}

/// Whether a byte continues a UTF-8 character (is not where one starts).
pub(crate) fn is_continuation(b: u8) -> bool {
    b & 0xC0 == 0x80
}

/// Ascending values as ranges of consecutive ones.
pub(crate) fn ranges(values: impl Iterator<Item = u32>) -> Vec<(u32, u32)> {
    let mut out: Vec<(u32, u32)> = Vec::new();
    for v in values {
        match out.last_mut() {
            Some(last) if last.1.checked_add(1) == Some(v) => last.1 = v,
            _ => out.push((v, v)),
        }
    }
    out
}
