//! What the walk gives of each input: its [`Line`], and from it every
//! automaton's [`Outcome`].

use regex_automata::util::primitives::StateID;

use super::{Event, LazyProduct, StopAt, TUPLE, ones};
use crate::engine::automaton::Automaton;

/// An input's outcome in each automaton: bit k of `accepted` where
/// automaton k derives it, and for every other the stop.
#[derive(Clone, Copy, Debug)]
pub struct Outcome {
    /// Bit k: automaton k derives the input.
    pub accepted: u32,
    pub(super) stops: [StopAt; 32],
}

impl Outcome {
    /// Where automaton `k` stops on the input; `None` where it derives it.
    pub fn stop(&self, k: usize) -> Option<StopAt> {
        let derived = self.accepted.checked_shr(k as u32).unwrap_or(0) & 1 != 0;
        if derived {
            return None;
        }
        self.stops.get(k).copied()
    }
}

/// A tuple of the product: its automata's states (see [`LazyProduct::state`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Tuple(pub u32);

/// An input as the walk left it: the tuple it ended in and the steps on
/// which automata died. What a caller needs of most inputs (which automata
/// derive it, which died where) is read without making every stop.
#[derive(Clone, Copy, Debug)]
pub struct Line<'a> {
    pub(super) product: &'a LazyProduct,
    pub(super) automata: &'a [&'a Automaton],
    pub(super) len: usize,
    /// The last tuple (times a row's length).
    pub(super) end: u32,
    /// Where the input starts in its lane.
    pub(super) start: u32,
    /// The steps on which automata died, in order.
    pub(super) deaths: &'a [Event],
}

impl Line<'_> {
    /// Bit k: automaton k derives the input.
    pub fn accepted(&self) -> u32 {
        self.product.accept_of(self.end >> self.product.shift)
    }

    /// The tuple the input ends in, and bit k where automaton k is live
    /// there without accepting: it stops at the input's end, in its state
    /// in that tuple.
    pub fn ended(&self) -> (Tuple, u32) {
        let row = self.end >> self.product.shift;
        let p = self.product;
        (Tuple(row), p.live_of(row) & !p.accept_of(row))
    }

    /// Each step on which automata died, in order: the offset of the
    /// byte that left them, the tuple before it (their states there), and
    /// bit k where automaton k died on it.
    pub fn deaths(&self) -> impl Iterator<Item = (usize, Tuple, u32)> + '_ {
        let p = self.product;
        self.deaths.iter().map(move |&[offset, before, after]| {
            let (before, after) = (before >> p.shift, (after & TUPLE) >> p.shift);
            let died = p.live_of(before) & !p.live_of(after);
            let offset = offset.wrapping_sub(self.start) as usize;
            (offset, Tuple(before), died)
        })
    }

    /// Bit k where automaton k is dead at the start: it stops there, in its
    /// start state, on every input.
    pub fn dead_at_start(&self) -> u32 {
        self.product.dead_at_start
    }

    /// The state of automaton `k` in `tuple` (`None`: dead there).
    pub fn state(&self, tuple: Tuple, k: usize) -> Option<StateID> {
        self.product.state(tuple, k)
    }

    /// The number of the product that walked it, drawn when the product
    /// was started: its tuples keep their numbers while it has it.
    pub fn made(&self) -> u64 {
        self.product.made
    }

    /// Every automaton's verdict and, where it does not derive the input,
    /// its stop.
    pub fn outcome(&self) -> Outcome {
        let mut stops = [(StateID::ZERO, 0usize); 32];
        let p = self.product;
        // Dead at the start: stopped there.
        for a in ones(p.dead_at_start) {
            if let (Some(slot), Some(automaton)) = (stops.get_mut(a), self.automata.get(a)) {
                *slot = (automaton.start(), 0);
            }
        }
        let mut put = |bits: u32, tuple: Tuple, at: usize| {
            for a in ones(bits) {
                if let (Some(slot), Some(s)) = (stops.get_mut(a), p.state(tuple, a)) {
                    *slot = (s, at);
                }
            }
        };
        let (tuple, ended) = self.ended();
        put(ended, tuple, self.len);
        for (offset, before, died) in self.deaths() {
            put(died, before, offset);
        }
        Outcome {
            accepted: self.accepted(),
            stops,
        }
    }
}
