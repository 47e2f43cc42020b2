//! Describing a cause: the innermost printed rule open where its inputs stop,
//! and what could come there.

use std::collections::{HashMap, HashSet};
use std::sync::{Mutex, OnceLock};

use regex_automata::util::primitives::StateID;

use super::partial::Partial;
use super::target::{NO_SCHEME_RULE, Point, Target};
use crate::edition::Edition;
use crate::engine::automaton::Automaton;
use crate::grammar::{PestOutcome, PrintedGrammar, peg};
use crate::verdicts::diagnosis::describe;

/// What could come where inputs stop at `point`, in words.
pub(super) fn expected_at(target: &Target, (which, state): Point) -> Vec<String> {
    let a = target.automaton(which);
    describe(target.checker.edition(), &a.stop_in(state))
        .iter()
        .map(ToString::to_string)
        .collect()
}

/// [`innermost_rule`], computed once per process for each (edition, rule,
/// point): reports of many parts describe the same points.
pub(super) fn innermost_rule_cached(target: &Target, point: Point) -> String {
    type Cache = Mutex<HashMap<(Edition, String, Point), String>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    let checker = &target.checker;
    let key = (checker.edition(), checker.rule().to_string(), point);
    if let Some(rule) = cache.lock().ok().and_then(|c| c.get(&key).cloned()) {
        return rule;
    }
    let rule = innermost_rule(
        checker.edition(),
        checker.rule(),
        target.automaton(point.0),
        point.1,
    );
    if let Ok(mut c) = cache.lock() {
        c.insert(key, rule.clone());
    }
    rule
}

/// The innermost printed rule the inputs stopping at `state` of `a` are in:
/// the deepest rule open on every way the input could have gone on, open
/// meaning its text holds the next character (or is empty just there), or
/// ends just before it while on another way the same node goes on. The prefix is the shortest input that reaches
/// `state`; each way on is one next character followed by the shortest valid
/// continuation. Since `a` is unminimized, every input that reaches `state`
/// stands at the same places of the printed rules as that prefix. Character
/// classes are left out (the expected items name them); where nothing may
/// follow, the rule itself.
pub(crate) fn innermost_rule(
    edition: Edition,
    rule: &str,
    a: &Automaton,
    state: StateID,
) -> String {
    let Some(prefix) = a.shortest_to(state) else {
        return rule.to_string();
    };
    // Characters that lead to the same state go on the same ways: one each.
    let mut next = HashSet::new();
    let ways = a
        .live_bytes(state)
        .iter()
        .filter(|&b| next.insert(a.step(state, b)))
        .filter_map(|b| {
            let mut way = vec![b];
            way.extend(a.shortest_completion(a.step(state, b))?);
            Some(way)
        });
    // Per way: the rules holding the next character, and those ending just
    // before it. A rule ending there is open too where another way shows
    // the same node going on.
    let mut per_way = Vec::new();
    for way in ways {
        let mut text = prefix.clone();
        text.extend(way);
        if let Some(open) = String::from_utf8(text)
            .ok()
            .and_then(|t| open_rules(edition, rule, &t, prefix.len()))
        {
            per_way.push(open);
        }
    }
    let goes_on: HashSet<(usize, &str)> = per_way
        .iter()
        .flat_map(|(holding, _)| holding.iter().map(|&(_, start, name)| (start, name)))
        .collect();
    let mut common: Option<Vec<(usize, usize, &'static str)>> = None;
    for (holding, ending) in per_way {
        let open: Vec<_> = holding
            .into_iter()
            .chain(
                ending
                    .into_iter()
                    .filter(|&(_, start, name)| goes_on.contains(&(start, name))),
            )
            .collect();
        common = Some(match common {
            None => open,
            Some(c) => c.into_iter().filter(|n| open.contains(n)).collect(),
        });
    }
    common
        .and_then(|c| {
            c.into_iter()
                .max_by_key(|&(depth, start, _)| (depth, start))
        })
        .map_or_else(|| rule.to_string(), |(_, _, r)| r.to_string())
}

/// The printed rules whose text holds byte `point` in the derivation of
/// `text` (or is empty right there: an `hsegment` just begun), and those
/// whose text ends just before it, as (depth, start, name); `None` if the
/// rule does not derive `text`.
type Open = Vec<(usize, usize, &'static str)>;
fn open_rules(edition: Edition, rule: &str, text: &str, point: usize) -> Option<(Open, Open)> {
    let Ok(PestOutcome::Whole(tree)) = peg::run(edition, rule, text) else {
        return None;
    };
    let grammar = PrintedGrammar::of(edition);
    let (mut holding, mut ending) = (Vec::new(), Vec::new());
    let mut stack = vec![(&tree, 0usize)];
    while let Some((node, depth)) = stack.pop() {
        if !(node.start <= point && point <= node.end) {
            continue;
        }
        stack.extend(node.children.iter().map(|c| (c, depth + 1)));
        if node.pest_rule.is_some() || grammar.char_class(node.rule).is_some() {
            continue;
        }
        let entry = (depth, node.start, node.rule);
        if point < node.end || node.start == point {
            holding.push(entry);
        } else {
            ending.push(entry);
        }
    }
    Some((holding, ending))
}

/// The innermost rule of every stop point in `partial`, by target and
/// point, computed on every core: each takes pest runs (and automata of
/// the rules met), the larger part of finishing a report.
pub(super) fn innermost_rules(
    targets: &[Target],
    partial: &Partial,
) -> HashMap<(usize, Point), String> {
    let mut points: Vec<(usize, Point)> = partial
        .targets
        .iter()
        .enumerate()
        .flat_map(|(i, t)| t.causes.iter().map(move |c| (i, c.0)))
        .filter(|(_, point)| point.0 != NO_SCHEME_RULE)
        .collect();
    points.sort_unstable();
    points.dedup();
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    // Dealt round the threads: neighbouring points cost alike.
    let described = |first: usize| -> Vec<((usize, Point), String)> {
        points
            .iter()
            .skip(first)
            .step_by(threads)
            .filter_map(|&(i, point)| {
                let target = targets.get(i)?;
                Some(((i, point), innermost_rule_cached(target, point)))
            })
            .collect()
    };
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|first| std::thread::Builder::new().spawn_scoped(s, move || described(first)))
            .collect();
        // A thread that cannot start leaves its points to `finish`.
        handles
            .into_iter()
            .filter_map(Result::ok)
            .filter_map(|h| h.join().ok())
            .flatten()
            .collect()
    })
}
