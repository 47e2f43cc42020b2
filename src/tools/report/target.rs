//! What a report walks: one (edition, rule) and its automata.

use std::borrow::Cow;

use super::*;
use crate::engine::automaton::Kept;
use crate::engine::lanes::{self, Table, product::Walks};
use crate::engine::lazy::Outcome;
use crate::engine::{Head, first_word};
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
    pub(super) fn stop(&self, text: &str, kept: &mut Kept) -> Option<(StateID, usize, usize)> {
        self.places.stop_point_kept(text, kept)
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

impl Target {
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

/// The last scheme a target asked of its rule's list of schemes, with its
/// `:`, and whether the list lacks it: a run of invalid inputs of one scheme
/// asks the list once.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct LastAsked(Option<(Head, bool)>);

impl LastAsked {
    /// Whether `list` has no rule for the scheme of `text`, as
    /// [`SchemeList::unlisted`] says (it reads only the text before the
    /// first `:`, and `rule` is the target's at every call).
    pub(super) fn unlisted(&mut self, list: &SchemeList, text: &str, rule: &str) -> bool {
        let bytes = text.as_bytes();
        if let Some((scheme, lacks)) = self.0
            && scheme.starts(first_word(bytes))
        {
            return lacks;
        }
        let lacks = list.unlisted(text, rule).is_some();
        // Kept with its `:` (a scheme of at most 15 bytes): a text that
        // starts with those bytes has its first `:` there, and this scheme.
        if let Some(scheme) = Head::scheme(bytes) {
            self.0 = Some((scheme, lacks));
        }
        lacks
    }
}

/// Inputs of a piece walked one by one to see whether most are derived.
const SAMPLE: usize = 64;

/// Automata from which a long list is walked in their product made as the
/// inputs meet it, which finds the stops too. With fewer, the verdicts come
/// from the product of their minimized tables, a tighter walk, and each stop
/// from a walk of its own: with few automata stops are few. Every edition
/// (nine automata) on a million http URLs took 0.38 s that way, 0.32 s in
/// the product (now 0.16 s, counted by step). One edition, counted by step,
/// takes 0.09 s there against 0.10 s, but 0.07 s against 0.05 s on 100,000
/// random lines, where most inputs stop at once and few are counted by step.
pub(super) const LAZY: usize = 4;

/// Lists shorter than this are walked target by target: starting the joint
/// walk's product (its byte classes, its first rows) costs more than a
/// short list saves.
pub(super) const JOINT: usize = 1024;

/// Every target's automata walked as one over a list of inputs (their
/// product, made as the inputs meet it), which says at once which of them
/// derive each input and where the others stop.
#[derive(Debug)]
pub(super) struct Joint {
    pub(super) automata: Vec<Arc<Automaton>>,
    /// By target, the place of its printed rule's automaton and of its
    /// automaton without the catch-all.
    pub(super) places: Vec<(usize, Option<usize>)>,
}

impl Joint {
    pub(super) fn new(targets: &[Target]) -> Joint {
        let mut automata = Vec::new();
        let mut places = Vec::new();
        for target in targets {
            let printed = automata.len();
            automata.push(target.printed.places.clone());
            let own = target.own.as_ref().map(|(_, own)| {
                automata.push(own.places.clone());
                printed + 1
            });
            places.push((printed, own));
        }
        Joint { automata, places }
    }

    /// The product of the automata's minimized tables, walked over inputs
    /// (`None` past the tables a product holds).
    fn tables(&self) -> Option<Walks> {
        let tables: Vec<&Table> = self.automata.iter().map(|a| a.table()).collect();
        Walks::of_inputs(&tables)
    }

    /// What target `t`'s automata found of an input, given the bits of the
    /// automata that derive it, and the product's outcome where it was its.
    pub(super) fn derived<'w>(
        &self,
        t: usize,
        bits: u32,
        outcome: Option<&'w Outcome>,
    ) -> Derived<'w> {
        let bit = |place: usize| (bits >> place) & 1 != 0;
        match self.places.get(t) {
            Some(&(printed, own)) => Derived {
                printed: Some(bit(printed)),
                own: own.map(bit),
                // A table that is not there: past every place (no stop).
                located: outcome.map(|o| (o, [printed, own.unwrap_or(usize::MAX)])),
            },
            None => Derived::default(),
        }
    }
}

impl Reporter {
    /// [`Reporter::add`] of each input, in order. A long list is walked once
    /// for every target, which finds each verdict and each stop (the partial
    /// keeps what that walk made for its next lists); otherwise, where most
    /// inputs are derived, each target's automaton walks them side by side
    /// first, and only those it does not derive are walked again, one by
    /// one, to find where they stop.
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
    pub fn add_each(&self, partial: &mut Partial, inputs: &[&str]) {
        let n = inputs.len();
        // Read as printed (no folding), a long list is walked once for all
        // the targets, in the product the partial keeps.
        if !self.reading.fold_scheme_case && n >= JOINT {
            let joint = Joint::new(&self.targets);
            if joint.automata.len() >= LAZY {
                let walked = self.add_walked(partial, &joint, |product, counter| {
                    product.each(&joint.automata, inputs, |k, line| {
                        if let Some(input) = inputs.get(k) {
                            counter.count(input, line);
                        }
                    })
                });
                if walked {
                    return;
                }
            } else if let Some(walks) = self.tables.get_or_init(|| joint.tables()).as_ref() {
                let bytes: Vec<&[u8]> = inputs.iter().map(|i| i.as_bytes()).collect();
                let bits = walks.matches_each(&bytes);
                for (input, bits) in inputs.iter().zip(bits) {
                    self.add_judged(partial, input, |t| joint.derived(t, bits, None));
                }
                return;
            }
        }
        self.add_each_by_target(partial, inputs);
    }

    /// [`Reporter::add_each`] target by target: where most inputs are
    /// derived, each target's automaton walks them side by side first, and
    /// only those it does not derive are walked again, one by one.
    fn add_each_by_target<'a>(&self, partial: &mut Partial, inputs: &[&'a str]) {
        let n = inputs.len();
        // Folding is RFC 1738's alone: the folded texts, when any target folds.
        let folded: Vec<Cow<'_, str>> = if self.reading.fold_scheme_case {
            inputs.iter().map(|i| prose::fold_scheme_case(i)).collect()
        } else {
            Vec::new()
        };
        let mut known = vec![Derived::default(); n * self.targets.len()];
        for (t, target) in self.targets.iter().enumerate() {
            let folds = target.checker.current_reading().fold_scheme_case;
            let text = |k: usize, input: &'a str| match folded.get(k) {
                Some(f) if folds => &**f,
                _ => input,
            };
            // Which table each input is walked by: its verdict is that table's.
            let chosen: Vec<(&Table, bool)> = inputs
                .iter()
                .enumerate()
                .map(|(k, &input)| target.table_for(text(k, input)))
                .collect();
            let mut record = |k: usize, valid: bool| {
                let own = chosen.get(k).is_some_and(|&(_, own)| own);
                if let Some(slot) = known.get_mut(t * n + k) {
                    *slot = match own {
                        true => Derived {
                            own: Some(valid),
                            ..Derived::default()
                        },
                        false => Derived {
                            printed: Some(valid),
                            ..Derived::default()
                        },
                    };
                }
            };
            // The first inputs say whether the walk side by side pays: an
            // input it does not derive is walked again to find its stop.
            let mut derived = 0;
            for (k, &input) in inputs.iter().enumerate().take(SAMPLE) {
                let table = chosen.get(k).map(|&(table, _)| table);
                let valid = table.is_some_and(|t| t.matches(text(k, input).as_bytes()));
                derived += usize::from(valid);
                record(k, valid);
            }
            if derived * 2 < SAMPLE.min(n) {
                continue;
            }
            let rest = inputs.iter().zip(&chosen).enumerate().skip(SAMPLE);
            let jobs = rest.map(|(k, (&input, &(table, _)))| (table, text(k, input).as_bytes()));
            lanes::matches_each(jobs, |i, valid| record(SAMPLE + i, valid));
        }
        for (k, input) in inputs.iter().enumerate() {
            self.add_judged(partial, input, |t| {
                known.get(t * n + k).copied().unwrap_or_default()
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scheme_asked_after_another_gets_the_lists_own_answer() {
        // Every edition's list of schemes (where its URL rule is a closed
        // list) asked schemes that are prefixes of each other, upper case,
        // none, and longer than the 15 bytes kept, in turn: the kept answer
        // is the list's, whatever was asked before.
        let lists: Vec<&SchemeList> = Edition::ALL
            .iter()
            .filter_map(|&e| known::scheme_list(e))
            .collect();
        assert!(!lists.is_empty());
        for list in lists {
            asked_in_turn(list);
        }
    }

    fn asked_in_turn(list: &SchemeList) {
        let rule = list.rule.clone();
        let mut asked = LastAsked::default();
        let texts = [
            "http://h/",
            "https://h/",
            "http://h/",
            "httpx:",
            "http:x",
            "news:x",
            "x:",
            "x",
            ":x",
            "Http://h/",
            "averyveryverylongscheme:x",
            "averyveryverylongscheme:y",
            "averyveryverylon:",
            "http://h/",
        ];
        for text in texts {
            let want = list.unlisted(text, &rule).is_some();
            assert_eq!(asked.unlisted(list, text, &rule), want, "{text}");
        }
        // Both answers occur, so the sequence tests the kept one.
        assert!(texts.iter().any(|t| list.unlisted(t, &rule).is_some()));
        assert!(texts.iter().any(|t| list.unlisted(t, &rule).is_none()));
    }
}
