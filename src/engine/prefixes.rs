//! Whether a rule derives a string that properly extends a text, answered by
//! the rule's Thompson NFA instead of its minimal DFA: building the NFA costs a
//! small part of determinizing it, and the question is asked of many sub-rules
//! once each (the causes of a report). `tests/prefixes.rs` proves the answers
//! equal to the DFA's on every rule of every edition.

use std::ops::RangeInclusive;
use std::sync::{Arc, OnceLock};

use regex_automata::nfa::thompson::{self, NFA, State, WhichCaptures};
use regex_automata::util::primitives::StateID;

use super::automaton::{CompileError, RuleCache, compiled_once, rule_hir};
use crate::edition::Edition;
use crate::error::Error;

/// A rule's NFA, with the states from which a match can still be reached.
#[derive(Debug)]
pub struct Prefixes {
    nfa: NFA,
    /// By state index: some path (perhaps empty) leads to a match.
    alive: Vec<bool>,
}

impl Prefixes {
    /// The NFA of a rule's language. A look-around has no place in a printed
    /// grammar, and would make the walk below inexact: it is refused.
    fn new(hir: &regex_syntax::hir::Hir) -> Result<Prefixes, CompileError> {
        let nfa = thompson::Compiler::new()
            .configure(thompson::Config::new().which_captures(WhichCaptures::None))
            .build_from_hir(hir)
            .map_err(|e| CompileError(e.to_string()))?;
        let mut into: Vec<Vec<usize>> = vec![Vec::new(); nfa.states().len()];
        let mut work = Vec::new();
        for (i, state) in nfa.states().iter().enumerate() {
            if matches!(state, State::Look { .. }) {
                return Err(CompileError("a look-around in a printed rule".into()));
            }
            if matches!(state, State::Match { .. }) {
                work.push(i);
            }
            for (_, t) in edges(state) {
                if let Some(v) = into.get_mut(t.as_usize()) {
                    v.push(i);
                }
            }
        }
        let mut alive = vec![false; nfa.states().len()];
        while let Some(t) = work.pop() {
            if let Some(a) = alive.get_mut(t).filter(|a| !**a) {
                *a = true;
                work.extend(into.get(t).into_iter().flatten().copied());
            }
        }
        Ok(Prefixes { nfa, alive })
    }

    /// Whether the rule derives `text` followed by at least one more byte.
    pub fn goes_on_after(&self, text: &[u8]) -> bool {
        let mut set = self.closure(vec![self.nfa.start_anchored()]);
        for &b in text {
            let next = set
                .iter()
                .filter_map(|&s| self.nfa.states().get(s.as_usize()))
                .flat_map(|state| {
                    edges(state).filter(move |(on, _)| on.as_ref().is_some_and(|r| r.contains(&b)))
                })
                .map(|(_, t)| t)
                .collect();
            set = self.closure(next);
            if set.is_empty() {
                return false;
            }
        }
        set.iter()
            .filter_map(|&s| self.nfa.states().get(s.as_usize()))
            .flat_map(edges)
            .any(|(on, t)| on.is_some() && self.alive.get(t.as_usize()) == Some(&true))
    }

    /// The states reached from `from` without reading a byte.
    fn closure(&self, from: Vec<StateID>) -> Vec<StateID> {
        let mut seen = vec![false; self.nfa.states().len()];
        let (mut out, mut work) = (Vec::new(), from);
        while let Some(s) = work.pop() {
            let Some(flag) = seen.get_mut(s.as_usize()).filter(|f| !**f) else {
                continue;
            };
            *flag = true;
            out.push(s);
            if let Some(state) = self.nfa.states().get(s.as_usize()) {
                work.extend(edges(state).filter(|(on, _)| on.is_none()).map(|(_, t)| t));
            }
        }
        out
    }
}

/// A state's edges: the bytes each reads (none for an edge that reads none)
/// and where it goes.
fn edges(state: &State) -> impl Iterator<Item = (Option<RangeInclusive<u8>>, StateID)> + '_ {
    let (byte, eps): (Vec<_>, Vec<_>) = match state {
        State::ByteRange { trans } => (vec![(trans.start..=trans.end, trans.next)], vec![]),
        State::Sparse(s) => (
            s.transitions
                .iter()
                .map(|t| (t.start..=t.end, t.next))
                .collect(),
            vec![],
        ),
        State::Dense(d) => (
            (0..=255u8)
                .filter_map(|b| d.matches_byte(b).map(|t| (b..=b, t)))
                .collect(),
            vec![],
        ),
        State::Union { alternates } => (vec![], alternates.to_vec()),
        State::BinaryUnion { alt1, alt2 } => (vec![], vec![*alt1, *alt2]),
        State::Capture { next, .. } | State::Look { next, .. } => (vec![], vec![*next]),
        State::Fail | State::Match { .. } => (vec![], vec![]),
    };
    byte.into_iter()
        .map(|(on, t)| (Some(on), t))
        .chain(eps.into_iter().map(|t| (None, t)))
}

/// Whether `rule` derives some string that properly extends `text`: by the
/// rule's automaton when it is already compiled (the rules being checked,
/// whose NFAs are the largest to build), else by its NFA. Both answers are
/// proven equal by `tests/prefixes.rs`.
pub fn goes_on_after(edition: Edition, rule: &str, text: &[u8]) -> Result<bool, Error> {
    match super::automaton::compiled(edition, rule) {
        Some(a) => Ok(a.goes_on_after(text)),
        None => Ok(prefixes(edition, rule)?.goes_on_after(text)),
    }
}

/// The [`Prefixes`] of a rule, compiled once per process.
pub fn prefixes(edition: Edition, rule: &str) -> Result<Arc<Prefixes>, Error> {
    static CACHE: RuleCache<Prefixes> = OnceLock::new();
    compiled_once(
        &CACHE,
        (edition, rule, ()),
        |_| rule_hir(edition, rule),
        Prefixes::new,
    )
}
