//! Witnesses by cause: beyond the shortest strings in one language and not the
//! other (which often share one cause, host characters, and hide the rest), a
//! witness for each place the two languages part. In the product of the two
//! automata, each pair of states reached first by the shortest input, and each
//! step from it that the first automaton takes and the second cannot (or the
//! end, where only the first accepts), gives one witness: the way to the pair,
//! the step, and the first automaton's shortest way to accept. Each witness's
//! reason is computed; a witness is kept when its reason is one not yet shown.

use std::collections::{HashMap, HashSet, VecDeque};

use regex_automata::util::primitives::StateID;

use crate::comparisons::cause::{self, Reason};
use crate::edition::Edition;
use crate::engine::automaton::Automaton;

/// At most this many places are tried per direction (each takes a parse of
/// the witness), shortest witnesses first.
const PLACES: usize = 48;

/// What makes two reasons one: the rule that derives the text, its
/// counterpart, what the counterpart could take instead, and the
/// alternative the accepting edition took (not the characters or offsets).
fn key(r: &Reason) -> (String, String, String, Option<String>) {
    let expected: Vec<String> = r.expected.iter().map(ToString::to_string).collect();
    (
        r.rule.clone(),
        r.counterpart.clone(),
        expected.join(","),
        r.alternative.clone(),
    )
}

/// Where L(a) and L(b) part, as witnesses in L(a) \ L(b), shortest first
/// (then in byte order): one for each pair of states and each state of `a`
/// after a step `b` cannot take, and one for each pair where only `a` may end.
fn places(a: &Automaton, b: &Automaton, limit: usize) -> Vec<String> {
    type P = (StateID, StateID);
    let start: P = (a.start(), b.start());
    if !a.is_live(start.0) {
        return Vec::new();
    }
    // Breadth first over pairs where both can go on: the shortest, least way to each.
    let mut way: HashMap<P, Vec<u8>> = HashMap::from([(start, Vec::new())]);
    let mut queue = VecDeque::from([start]);
    let mut found: Vec<Vec<u8>> = Vec::new();
    while let Some(p @ (sa, sb)) = queue.pop_front() {
        let here = way.get(&p).cloned().unwrap_or_default();
        if a.accepts_at_end(sa) && !b.accepts_at_end(sb) {
            found.push(here.clone());
        }
        let mut parted: HashSet<StateID> = HashSet::new();
        for byte in 0u8..=255 {
            let (ta, tb) = (a.step(sa, byte), b.step(sb, byte));
            if !a.is_live(ta) {
                continue;
            }
            if !b.is_live(tb) {
                // One witness per state of `a` the step leads to.
                if parted.insert(ta)
                    && let Some(rest) = a.shortest_completion(ta)
                {
                    let mut w = here.clone();
                    w.push(byte);
                    w.extend(rest);
                    found.push(w);
                }
            } else if let std::collections::hash_map::Entry::Vacant(slot) = way.entry((ta, tb)) {
                let mut w = here.clone();
                w.push(byte);
                slot.insert(w);
                queue.push_back((ta, tb));
            }
        }
    }
    found.sort_by(|x, y| (x.len(), x).cmp(&(y.len(), y)));
    found.dedup();
    found.truncate(limit);
    found
        .into_iter()
        .map(|w| String::from_utf8_lossy(&w).into_owned())
        .collect()
}

/// Add to `witnesses` (with their `reasons`) a witness for each reason the
/// places of L(a) \ L(b) show that none of them has.
pub(crate) fn add_by_cause(
    (a, ra, da): (Edition, &str, &Automaton),
    (b, rb, db): (Edition, &str, &Automaton),
    witnesses: &mut Vec<String>,
    reasons: &mut Vec<Reason>,
) {
    let mut shown: HashSet<_> = reasons.iter().map(key).collect();
    for w in places(da, db, PLACES) {
        if witnesses.contains(&w) {
            continue;
        }
        if let Some(r) = cause::reason(a, ra, b, rb, &w)
            && shown.insert(key(&r))
        {
            witnesses.push(w);
            reasons.push(r);
        }
    }
}
