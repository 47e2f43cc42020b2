//! What a report walks: one (edition, rule), its automata, and where an
//! input stops in them.

use regex_automata::util::primitives::StateID;

use super::walker::Walker;
use crate::engine::automaton::{Automaton, Kept};
use crate::engine::lanes::Table;
use crate::engine::lazy::Outcome;
use crate::knowledge::known::{CatchAll, SchemeList};
use crate::verdicts::check::{Checker, Engine};

/// One (edition, rule) being counted, and the automata that walk its inputs.
#[derive(Clone, Debug)]
pub(super) struct Target {
    pub(super) checker: Checker,
    /// The rule as printed: its minimal DFA decides and finds where an input
    /// stops; its unminimized one, walked to that point, names the place.
    pub(super) printed: Walker,
    /// Where the rule reaches a catch-all for new schemes: the catch-all and
    /// the rule without it (see [`known`](crate::knowledge::known)).
    pub(super) own: Option<(&'static CatchAll, Walker)>,
    /// Where the rule is a closed list of schemes: an input of another scheme
    /// has its own cause.
    pub(super) list: Option<&'static SchemeList>,
}

/// The point of the cause "a scheme with no rule" (the automata are 0 and 1).
pub(super) const NO_SCHEME_RULE: u8 = 2;

/// Where an input stops: which of its target's automata walked it (0: the
/// rule as printed, 1: without its catch-all) and the state there.
pub(super) type Point = (u8, StateID);

impl Target {
    /// The unminimized automaton of a point's first number: 0 the rule as
    /// printed, 1 without its catch-all.
    pub(super) fn automaton(&self, which: u8) -> &Automaton {
        match (&self.own, which) {
            (Some((_, own)), 1) => own.places(),
            _ => self.printed.places(),
        }
    }

    /// Where `text` stops (`None`: valid in the checker's reading), which
    /// automaton says so, and whether the readings part on it (a known scheme
    /// that only the catch-all derives). An input of a known scheme is walked
    /// by its own rule's automaton first, and by the printed rule's only if
    /// that rejects it; what `derived` already knows is not walked again.
    /// Inlined: it is on every input's path, and what `derived` says mostly
    /// decides it at once.
    #[inline(always)]
    pub(super) fn walk(
        &self,
        text: &str,
        derived: Derived<'_>,
        kept: &mut [Kept; 2],
    ) -> (Option<(StateID, usize, usize)>, u8, bool) {
        let [printed_kept, own_kept] = kept;
        // Where each table stops, from the walk that decided, or walked here.
        let printed_stop = |kept: &mut Kept| match derived.located {
            Some((outcome, [printed, _])) => {
                located(text, outcome, printed).unwrap_or_else(|| self.printed.stop(text, kept))
            }
            None => self.printed.stop(text, kept),
        };
        let own_stop = |own: &Walker, kept: &mut Kept| match derived.located {
            Some((outcome, [_, own_place])) => {
                located(text, outcome, own_place).unwrap_or_else(|| own.stop(text, kept))
            }
            None => own.stop(text, kept),
        };
        // Derived with and without the catch-all: valid whatever the scheme,
        // and the readings agree (the automaton is asked only where pest
        // decides).
        let both = derived.printed == Some(true) && derived.own == Some(true);
        if both && self.checker.engine() == Engine::Dfa {
            return (None, 0, false);
        }
        let own = self
            .own
            .as_ref()
            .filter(|(c, _)| c.scheme_of(text).is_some())
            .map(|(_, own)| own);
        let known_reading = self.checker.current_reading().known_schemes;
        let printed = || {
            derived
                .printed
                .unwrap_or_else(|| self.printed.matches(text))
        };
        match own {
            None if derived.printed == Some(true) => (None, 0, false),
            None => (printed_stop(printed_kept), 0, false),
            Some(own) if derived.own.unwrap_or_else(|| own.matches(text)) => (None, 1, false),
            Some(own) if known_reading => (own_stop(own, own_kept), 1, printed()),
            Some(_) if derived.printed == Some(true) => (None, 0, true),
            Some(_) => {
                let stop = printed_stop(printed_kept);
                let parted = stop.is_none();
                (stop, 0, parted)
            }
        }
    }

    /// The table whose match makes `text` valid with nothing to note: the
    /// rule without its catch-all for a known scheme, else the printed rule's
    /// (what [`Target::walk`] tries first).
    pub(super) fn table_for(&self, text: &str) -> (&Table, bool) {
        match &self.own {
            Some((c, own)) if c.scheme_of(text).is_some() => (own.places().table(), true),
            _ => (self.printed.places().table(), false),
        }
    }
}

/// What a walk already found of an input for one target: whether the rule's
/// printed table derives it, and its table without the catch-all (`None`:
/// not walked), and where the walk found each of them stop, if it did.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Derived<'w> {
    pub(super) printed: Option<bool>,
    pub(super) own: Option<bool>,
    /// The walk's outcome and the places of the two tables in it.
    pub(super) located: Option<(&'w Outcome, [usize; 2])>,
}

/// Where the walk found the table at `place` stop, where all of the input
/// before it is ASCII (its offset in characters is its offset in bytes, as
/// in every edition); `None` where it is not (a grammar with non-ASCII
/// characters, whose walk of bytes may stop inside one): the walk of
/// characters finds it.
fn located(text: &str, outcome: &Outcome, place: usize) -> Option<Option<(StateID, usize, usize)>> {
    match outcome.stop(place) {
        Some((_, at)) if !text.as_bytes().get(..at).is_some_and(<[u8]>::is_ascii) => None,
        stop => Some(stop.map(|(s, at)| (s, at, at))),
    }
}
