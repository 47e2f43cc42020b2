//! What a report walks: one (edition, rule) and its automata.

use std::borrow::Cow;

use super::*;
use crate::engine::lanes::{self, Table};
use crate::verdicts::prose;

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

impl Target {
    /// The table whose match makes `text` valid with nothing to note: the
    /// rule without its catch-all for a known scheme, else the printed rule's
    /// (what [`Target::walk`] tries first).
    pub(super) fn table_for(&self, text: &str) -> &Table {
        match &self.own {
            Some((c, own)) if c.scheme_of(text).is_some() => own.places().table(),
            _ => self.printed.places().table(),
        }
    }
}

/// Inputs of a piece walked one by one to see whether most are derived.
const SAMPLE: usize = 64;

impl Reporter {
    /// [`Reporter::add`] of each input, in order. Where most inputs are
    /// derived, each target's automaton walks them side by side first, and
    /// only those it does not derive are walked again, one by one, to find
    /// where they stop.
    ///
    /// ```
    /// use urlbnf::{Checker, Edition, report::Reporter};
    /// let reporter = Reporter::new(vec![Checker::for_edition(Edition::Rfc1738)?])?;
    /// let (mut one, mut each) = (reporter.partial(), reporter.partial());
    /// let inputs = ["http://info.cern.ch/", "http://h/~x", "HTTP://h/"];
    /// for input in inputs {
    ///     reporter.add(&mut one, input);
    /// }
    /// reporter.add_each(&mut each, &inputs);
    /// let (mut one, mut each) = (reporter.finish(one), reporter.finish(each));
    /// one.parts.clear(); // each report is a part of its own, by a random id
    /// each.parts.clear();
    /// assert_eq!(one, each);
    /// # Ok::<(), urlbnf::Error>(())
    /// ```
    pub fn add_each<'a>(&self, partial: &mut Partial, inputs: &[&'a str]) {
        let n = inputs.len();
        // Folding is RFC 1738's alone: the folded texts, when any target folds.
        let folded: Vec<Cow<'_, str>> = if self.reading.fold_scheme_case {
            inputs.iter().map(|i| prose::fold_scheme_case(i)).collect()
        } else {
            Vec::new()
        };
        let mut matched = vec![false; n * self.targets.len()];
        for (t, target) in self.targets.iter().enumerate() {
            let folds = target.checker.current_reading().fold_scheme_case;
            let job = |k: usize, input: &'a str| {
                let text = match folded.get(k) {
                    Some(f) if folds => f,
                    _ => input,
                };
                (target.table_for(text), text.as_bytes())
            };
            // The first inputs say whether the walk side by side pays: an
            // input it does not derive is walked again to find its stop.
            let mut derived = 0;
            for (k, &input) in inputs.iter().enumerate().take(SAMPLE) {
                let (table, bytes) = job(k, input);
                let valid = table.matches(bytes);
                derived += usize::from(valid);
                if let Some(slot) = matched.get_mut(t * n + k) {
                    *slot = valid;
                }
            }
            if derived * 2 < SAMPLE.min(n) {
                continue;
            }
            let rest = inputs.iter().enumerate().skip(SAMPLE);
            lanes::matches_each(rest.map(|(k, &input)| job(k, input)), |i, valid| {
                if let Some(slot) = matched.get_mut(t * n + SAMPLE + i) {
                    *slot = valid;
                }
            });
        }
        for (k, input) in inputs.iter().enumerate() {
            self.add_judged(partial, input, |t| {
                matched.get(t * n + k).copied().unwrap_or(false)
            });
        }
    }
}
