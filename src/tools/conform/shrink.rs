//! Shrinking disagreements with the peer in the loop: each witness is
//! replaced by a shorter or lesser string (shortest first, then least in
//! byte order) only where the peer, asked, still departs the same way. All
//! witnesses shrink together, each round one call to the peer: first
//! deletions (each character, then halves, quarters…) until none keeps the
//! disagreement, then the characters, a few at a
//! time, lowered to the byte that stands
//! for a lesser class of the automaton, then deletions again.

use std::collections::HashMap;

use super::components::{Component, differing};
use super::graph::Graph;
use super::{Answer, Peer};
use crate::edition::Edition;
use crate::engine::automaton::Automaton;
use crate::error::Error;
use crate::grammar::CharSet;

/// Rounds of deletions then lowerings, at most.
const CYCLES: u8 = 3;

/// How far a comparison is: what a progress line says.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// Inputs of the suite.
    pub inputs: usize,
    /// Inputs the peer has answered so far, the suite's included.
    pub asked: usize,
    /// Causes named so far.
    pub causes: usize,
    /// The round of shrinking and naming (0: the suite is being asked).
    pub round: usize,
}

/// A progress callback.
pub(super) type OnProgress<'p> = Option<&'p mut dyn FnMut(&Progress)>;

/// The peer behind a cache: no input is asked twice.
pub(super) struct Asker<'p> {
    peer: &'p mut dyn Peer,
    cache: HashMap<String, Answer>,
    /// Inputs asked, the suite's included.
    pub(super) asked: usize,
    /// Inputs per call to the peer, so that progress is seen between calls.
    chunk: usize,
    progress: OnProgress<'p>,
    /// What progress says besides the inputs asked.
    pub(super) state: Progress,
}

impl<'p> Asker<'p> {
    pub(super) fn new(peer: &'p mut dyn Peer, chunk: usize, progress: OnProgress<'p>) -> Asker<'p> {
        Asker {
            peer,
            cache: HashMap::new(),
            asked: 0,
            chunk: chunk.max(1),
            progress,
            state: Progress::default(),
        }
    }

    /// Ask the peer about each input not asked yet, in calls of at most
    /// `chunk` inputs.
    pub(super) fn ask(&mut self, inputs: &[String]) -> Result<(), Error> {
        let mut fresh: Vec<&str> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        for i in inputs {
            if !self.cache.contains_key(i) && seen.insert(i.as_str()) {
                fresh.push(i);
            }
        }
        for part in fresh.chunks(self.chunk) {
            let answers = self.peer.judge(part)?;
            if answers.len() != part.len() {
                return Err(Error::Peer(format!(
                    "the peer gave {} answers for {} inputs",
                    answers.len(),
                    part.len()
                )));
            }
            self.asked += part.len();
            for (i, a) in part.iter().zip(answers) {
                self.cache.insert(i.to_string(), a);
            }
            self.report();
        }
        Ok(())
    }

    /// Tell the progress callback where the comparison is.
    pub(super) fn report(&mut self) {
        let now = Progress {
            asked: self.asked,
            ..self.state
        };
        if let Some(f) = self.progress.as_mut() {
            f(&now);
        }
    }

    pub(super) fn answer(&self, input: &str) -> Option<&Answer> {
        self.cache.get(input)
    }
}

/// How a witness departs, kept at every step.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) enum Goal {
    /// The peer accepts, the rule stops where these characters (and the
    /// end, if true) could come, and what is found there is of this kind:
    /// the same place in the grammar and the same fault, so that a witness
    /// of one fault never shrinks into a witness of another.
    Accepts(CharSet, bool, Found),
    /// The peer rejects what the rule derives.
    Rejects,
    /// Both accept; the peer sees another component.
    Component(Component),
}

/// What a departing input has where the rule stops.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Found {
    /// An ASCII character of this class of the graph.
    Class(u16),
    /// A character that is not ASCII.
    NonAscii,
    /// A byte no class holds (a line break or NUL, from a corpus).
    Other,
    /// The end of the input.
    End,
}

/// What the rule says of a string: the automaton and, for components, the AST.
pub(super) struct Oracle<'a> {
    pub(super) edition: Edition,
    pub(super) rule: &'a str,
    pub(super) graph: Graph<'a>,
}

impl Oracle<'_> {
    fn automaton(&self) -> &Automaton {
        self.graph.automaton
    }

    /// What could come where the rule stops, for an input it does not derive.
    pub(super) fn stop(&self, input: &str) -> Option<Goal> {
        let stop = self.automaton().diagnose(input).err()?;
        let found = match input.as_bytes().get(stop.byte_offset) {
            None => Found::End,
            Some(&b) if !b.is_ascii() => Found::NonAscii,
            Some(&b) => match self.graph.class_of.get(usize::from(b)) {
                Some(Some(k)) => Found::Class(*k),
                _ => Found::Other,
            },
        };
        Some(Goal::Accepts(stop.next, stop.may_end, found))
    }

    /// Whether the rule's side of `goal` holds for `input` (asking no one).
    fn possible(&self, goal: &Goal, input: &str) -> bool {
        match goal {
            Goal::Accepts(..) => self.stop(input).as_ref() == Some(goal),
            Goal::Rejects | Goal::Component(_) => self.automaton().matches(input),
        }
    }

    /// Whether `goal` holds for `input`, given the peer's answer.
    pub(super) fn holds(&self, goal: &Goal, input: &str, answer: Option<&Answer>) -> bool {
        let Some(answer) = answer else { return false };
        self.possible(goal, input)
            && match goal {
                Goal::Accepts(..) => answer.accepts(),
                Goal::Rejects => !answer.accepts(),
                Goal::Component(c) => match answer {
                    Answer::Parts(theirs) => differing(self.edition, self.rule, input, theirs)
                        .iter()
                        .any(|(d, _)| d == c),
                    _ => false,
                },
            }
    }
}

/// Where a witness's shrinking is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Delete,
    /// Lowering the character at this position.
    Lower(usize),
    Done,
}

struct Shrinking {
    best: String,
    goal: Goal,
    phase: Phase,
    cycles: u8,
    lowered: bool,
}

/// Shortest first, then least in byte order.
pub(super) fn better(a: &str, b: &str) -> bool {
    (a.len(), a.as_bytes()) < (b.len(), b.as_bytes())
}

/// Each witness shrunk for its goal, in order.
pub(super) fn shrink_all(
    oracle: &Oracle<'_>,
    asker: &mut Asker<'_>,
    witnesses: Vec<(String, Goal)>,
) -> Result<Vec<String>, Error> {
    let mut all: Vec<Shrinking> = witnesses
        .into_iter()
        .map(|(best, goal)| Shrinking {
            best,
            goal,
            phase: Phase::Delete,
            cycles: 0,
            lowered: false,
        })
        .collect();
    loop {
        let candidates: Vec<Vec<String>> = all
            .iter()
            .map(|s| {
                let mut c = candidates(oracle, s);
                c.retain(|x| oracle.possible(&s.goal, x));
                c
            })
            .collect();
        if all.iter().all(|s| s.phase == Phase::Done) {
            break;
        }
        let wanted: Vec<String> = candidates.iter().flatten().cloned().collect();
        asker.ask(&wanted)?;
        for (s, cands) in all.iter_mut().zip(candidates) {
            let found = cands
                .into_iter()
                .filter(|c| better(c, &s.best) && oracle.holds(&s.goal, c, asker.answer(c)))
                .min_by(|a, b| (a.len(), a.as_bytes()).cmp(&(b.len(), b.as_bytes())));
            step(s, found);
        }
    }
    Ok(all.into_iter().map(|s| s.best).collect())
}

/// Positions lowered in one round: a round is a run of the peer.
const LOWERED: usize = 8;

/// The next phase, after a round that found `found` (or nothing).
fn step(s: &mut Shrinking, found: Option<String>) {
    let improved = found.is_some();
    // Where a lowering changed the witness: the next round goes on after it.
    let changed_at = found
        .as_ref()
        .and_then(|f| f.chars().zip(s.best.chars()).position(|(a, b)| a != b));
    if let Some(f) = found {
        s.best = f;
    }
    s.phase = match s.phase {
        Phase::Delete if improved => Phase::Delete,
        Phase::Delete if s.cycles > 0 && !s.lowered => Phase::Done,
        Phase::Delete => {
            s.lowered = false;
            Phase::Lower(0)
        }
        Phase::Lower(i) => {
            s.lowered |= improved;
            let next = changed_at.map_or(i + LOWERED, |at| at + 1);
            if next < s.best.chars().count() {
                Phase::Lower(next)
            } else if s.lowered && s.cycles + 1 < CYCLES {
                s.cycles += 1;
                Phase::Delete
            } else {
                Phase::Done
            }
        }
        Phase::Done => Phase::Done,
    };
}

/// The strings a round tries for one witness.
fn candidates(oracle: &Oracle<'_>, s: &Shrinking) -> Vec<String> {
    let chars: Vec<char> = s.best.chars().collect();
    let n = chars.len();
    let without = |from: usize, to: usize| -> String {
        chars
            .iter()
            .enumerate()
            .filter(|(i, _)| *i < from || *i >= to)
            .map(|(_, c)| c)
            .collect()
    };
    match s.phase {
        Phase::Done => Vec::new(),
        Phase::Delete => {
            let mut out: Vec<String> = (0..n).map(|i| without(i, i + 1)).collect();
            let mut size = n / 2;
            while size >= 2 {
                out.extend((0..n).step_by(size).map(|i| without(i, i + size)));
                size /= 2;
            }
            out
        }
        Phase::Lower(from) => {
            let mut out = Vec::new();
            for at in from..(from + LOWERED).min(n) {
                let Some(&c) = chars.get(at) else { break };
                for b in oracle.graph.classes.iter().map(|class| class.rep) {
                    if u32::from(b) < u32::from(c) {
                        let mut lowered = chars.clone();
                        if let Some(slot) = lowered.get_mut(at) {
                            *slot = char::from(b);
                        }
                        out.push(lowered.into_iter().collect());
                    }
                }
            }
            out
        }
    }
}
