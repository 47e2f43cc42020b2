//! What a report walks: one (edition, rule), its automata, and where an
//! input stops in them.

use std::sync::Arc;

use regex_automata::util::primitives::StateID;

use super::walker::Walker;
use crate::engine::automaton::Automaton;
use crate::engine::meta::{self, Door, Heads, Pick, Stop, Stops};
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
    /// The places of its printed rule's automaton and of its rule's without
    /// the catch-all among the reporter's door's targets.
    pub(super) places: (usize, Option<usize>),
    /// Its verdict on each input of a list apart from the other targets': an
    /// input of a known scheme by its own rule's automaton, any other by the
    /// printed rule's (what [`Target::walk`] tries first).
    pub(super) alone: Arc<Door>,
}

/// The point of the cause "a scheme with no rule" (the automata are 0 and 1).
pub(super) const NO_SCHEME_RULE: u8 = 2;

/// Where an input stops: which of its target's automata walked it (0: the
/// rule as printed, 1: without its catch-all) and the state there.
pub(super) type Point = (u8, StateID);

impl Target {
    /// The target of `checker`, its automata at `places` in the reporter's
    /// door.
    pub(super) fn new(
        checker: Checker,
        printed: Walker,
        own: Option<(&'static CatchAll, Walker)>,
        list: Option<&'static SchemeList>,
        places: (usize, Option<usize>),
    ) -> Target {
        let alone = match &own {
            Some((catch_all, walker)) => {
                let automata = vec![printed.places.clone(), walker.places.clone()];
                let catch_all: &'static CatchAll = catch_all;
                meta::Target::choosing(automata, move |input| {
                    Pick::By(usize::from(catch_all.scheme_of_bytes(input).is_some()))
                })
            }
            None => meta::Target::automaton(printed.places.clone()),
        };
        Target {
            checker,
            printed,
            own,
            list,
            places,
            alone: Arc::new(Door::new(vec![alone])),
        }
    }

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
        door: &Door,
        text: &str,
        derived: Derived<'_>,
        heads: &mut [Heads; 2],
    ) -> (Option<Stop>, u8, bool) {
        let [printed_heads, own_heads] = heads;
        // Where each automaton stops, from the walk that decided, or asked
        // of the door here.
        let stop_at = |place: usize, heads: &mut Heads| match derived.located {
            Some(stops) => {
                located(text, stops, place).unwrap_or_else(|| door.stop_resumed(place, text, heads))
            }
            None => door.stop_resumed(place, text, heads),
        };
        let (printed_at, own_at) = self.places;
        let printed_stop = |heads: &mut Heads| stop_at(printed_at, heads);
        let own_stop = |heads: &mut Heads| match own_at {
            Some(place) => stop_at(place, heads),
            None => None,
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
            None => (printed_stop(printed_heads), 0, false),
            Some(own) if derived.own.unwrap_or_else(|| own.matches(text)) => (None, 1, false),
            Some(_) if known_reading => (own_stop(own_heads), 1, printed()),
            Some(_) if derived.printed == Some(true) => (None, 0, true),
            Some(_) => {
                let stop = printed_stop(printed_heads);
                let parted = stop.is_none();
                (stop, 0, parted)
            }
        }
    }

    /// Whether `text` is walked first by the rule without its catch-all (a
    /// known scheme's), as [`Target::alone`](Target) walks it.
    pub(super) fn reads_own(&self, text: &str) -> bool {
        self.own
            .as_ref()
            .is_some_and(|(c, _)| c.scheme_of(text).is_some())
    }

    /// What this target's automata found of an input, given the bits of the
    /// reporter's door's targets that derive it, and the walk's stops where
    /// it was a walk for records.
    pub(super) fn derived<'w>(&self, bits: u32, stops: Option<&'w Stops>) -> Derived<'w> {
        let bit = |place: usize| (bits >> place) & 1 != 0;
        let (printed, own) = self.places;
        Derived {
            printed: Some(bit(printed)),
            own: own.map(bit),
            located: stops,
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
    /// The stops of every automaton of the reporter's door, where the walk
    /// was one for records.
    pub(super) located: Option<&'w Stops>,
}

/// Where the walk found the table at `place` stop, where all of the input
/// before it is ASCII (its offset in characters is its offset in bytes, as
/// in every edition); `None` where it is not (a grammar with non-ASCII
/// characters, whose walk of bytes may stop inside one): the walk of
/// characters finds it.
fn located(text: &str, stops: &Stops, place: usize) -> Option<Option<Stop>> {
    match stops.stop(place) {
        Some((_, at)) if !text.as_bytes().get(..at).is_some_and(<[u8]>::is_ascii) => None,
        stop => Some(stop.map(|(s, at)| Stop::at(s, at, at))),
    }
}
