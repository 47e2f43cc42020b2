//! What a report walks: one (edition, rule) and its automata.

use super::*;

/// One (edition, rule) being counted, and the automata that walk its inputs.
#[derive(Clone, Debug)]
pub(super) struct Target {
    pub(super) checker: Checker,
    /// The rule as printed: its minimal DFA decides and finds where an input
    /// stops; its unminimized one, walked to that point, names the place.
    pub(super) printed: Walker,
    /// Where the rule reaches a catch-all for new schemes: the catch-all and
    /// the rule without it (see [`known`](crate::analysis::known)).
    pub(super) own: Option<(&'static CatchAll, Walker)>,
    /// Where the rule is a closed list of schemes: an input of another scheme
    /// has its own cause.
    pub(super) list: Option<&'static SchemeList>,
}

/// The point of the cause "a scheme with no rule" (the automata are 0 and 1).
pub(super) const NO_SCHEME_RULE: u8 = 2;

/// A rule's unminimized automaton, whose states are sets of places in the
/// printed rules: inputs stopping in one such state stop in the same rules, so
/// a cause's rule is one each of its inputs is in. It also decides: no
/// minimal automaton is compiled for it.
#[derive(Clone, Debug)]
pub(super) struct Walker {
    pub(super) places: Arc<Automaton>,
}

impl Walker {
    /// Compiled unminimized; a defect that keeps it from compiling leaves the
    /// minimal one in its place (causes are then named by its states).
    pub(super) fn new(
        edition: Edition,
        rule: &str,
        without: Option<(String, String)>,
    ) -> Result<Walker, Error> {
        let form = |positions| Form {
            without: without.clone(),
            positions,
        };
        let places = automaton::automaton_of(edition, rule, &form(true))
            .or_else(|_| automaton::automaton_of(edition, rule, &form(false)))?;
        Ok(Walker { places })
    }

    pub(super) fn places(&self) -> &Automaton {
        &self.places
    }

    /// Whether the rule derives `text`.
    pub(super) fn matches(&self, text: &str) -> bool {
        self.places.matches(text)
    }

    /// Where `text` stops, as (the unminimized state there, offset in
    /// characters, in bytes); `None` if the rule derives it.
    pub(super) fn stop(&self, text: &str) -> Option<(StateID, usize, usize)> {
        self.places.stop_point_fast(text)
    }
}

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
    /// that rejects it.
    pub(super) fn walk(&self, text: &str) -> (Option<(StateID, usize, usize)>, u8, bool) {
        let own = self
            .own
            .as_ref()
            .filter(|(c, _)| c.scheme_of(text).is_some())
            .map(|(_, own)| own);
        let known_reading = self.checker.current_reading().known_schemes;
        match own {
            None => (self.printed.stop(text), 0, false),
            Some(own) if own.matches(text) => (None, 1, false),
            Some(own) if known_reading => (own.stop(text), 1, self.printed.matches(text)),
            Some(_) => {
                let stop = self.printed.stop(text);
                let parted = stop.is_none();
                (stop, 0, parted)
            }
        }
    }
}
