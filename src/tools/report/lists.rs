//! Counting a list of inputs, or a text's lines, choosing the walk: one walk
//! of every target's automata as one (their product, made as the inputs
//! meet it, counted by step; or their minimized tables' product), each
//! target's table over the inputs side by side, or one input at a time.

use std::borrow::Cow;

use super::joint::Joint;
use super::partial::Partial;
use super::reporter::Reporter;
use super::step_counts::StepCounts;
use super::target::Derived;
use super::walk_counter::WalkCounter;
use crate::engine::lanes::{self, Table};
use crate::engine::lazy::LazyProduct;
use crate::verdicts::prose;

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
const LAZY: usize = 4;

/// Lists shorter than this are walked target by target: starting the joint
/// walk's product (its byte classes, its first rows) costs more than a
/// short list saves.
const JOINT: usize = 1024;

// A pass of its own beside the reporter's type (`reporter.rs`): how a batch
// is walked, apart from how one input is counted.
impl Reporter {
    /// [`Reporter::add`] of each line of `text` (split at each "\n", a
    /// "\r" before it going with it; a last "\n" adds no line, and a last
    /// line with none is one), all the targets' automata walking the text
    /// itself as one; `false`, with nothing counted, where they do not
    /// (too few automata for the product made as met, a reading that folds,
    /// a product that gave up, or a text so short, about [`JOINT`] lines of
    /// 16 bytes, that starting the product costs more than it saves): the
    /// caller then splits the lines.
    #[cfg(feature = "cli")]
    pub(crate) fn add_lines(&self, partial: &mut Partial, text: &str) -> bool {
        if self.reading.fold_scheme_case || text.len() < JOINT * 16 {
            return false;
        }
        let joint = Joint::new(&self.targets);
        if joint.automata.len() < LAZY {
            return false;
        }
        self.add_walked(partial, &joint, |product, counter| {
            product.each_line(&joint.automata, text, |start, end, line| {
                if let Some(input) = text.get(start..end) {
                    counter.count(input, line);
                }
            })
        })
    }

    /// Count the inputs `walk` gives with their lines walked in the
    /// partial's product (`walk` gives each to [`WalkCounter::count`], and says
    /// whether the product walked them all): most by the steps where they
    /// stopped, the rest one by one from their outcome.
    pub(super) fn add_walked(
        &self,
        partial: &mut Partial,
        joint: &Joint,
        walk: impl FnOnce(&mut LazyProduct, &mut WalkCounter<'_>) -> bool,
    ) -> bool {
        let mut product = std::mem::take(&mut partial.product);
        let kept = std::mem::take(&mut partial.steps);
        let mut counter = WalkCounter {
            reporter: self,
            joint,
            steps: StepCounts::new(self, &joint.places, kept),
            partial,
        };
        let walked = walk(&mut product, &mut counter);
        let WalkCounter { steps, partial, .. } = counter;
        if let (true, Some(steps)) = (walked, steps) {
            partial.steps = steps.finish(partial, &product);
        }
        partial.product = product;
        walked
    }

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
    use crate::edition::Edition;
    use crate::verdicts::check::Checker;

    #[test]
    #[cfg(feature = "cli")]
    fn a_text_is_counted_as_its_lines_one_by_one() {
        // Lines ended by "\n" and by "\r\n", with a "\r" inside, at a
        // line's end and alone, empty lines, long lines, and every way a
        // text may end: walked where it lies, a text is counted as its
        // lines split as a file's are (a last line keeps its "\r").
        let checkers = Edition::ALL.iter().map(|&e| Checker::for_edition(e));
        let reporter = Reporter::new(checkers.collect::<Result<_, _>>().expect("compiles"))
            .expect("a reporter");
        let lines = [
            "http://info.cern.ch/",
            "http://h/~x",
            "",
            "\r",
            "ftp://h/f\r",
            "news:x\ry",
            "HTTP://H/",
            "mailto:a@b",
            "https://h/",
            "http://h/\u{e9}",
        ];
        let mut body = String::new();
        for i in 0..4000 {
            let line = lines[i % lines.len()];
            body.push_str(&line.repeat(1 + i % 7 / 6 * 40));
            body.push_str(if i % 3 == 0 { "\r\n" } else { "\n" });
        }
        for end in ["", "\n", "\r", "\r\n", "x", "x\r", "\n\n", "\r\r\n"] {
            let text = format!("{body}{end}");
            let (mut walked, mut each) = (reporter.partial(), reporter.partial());
            assert!(reporter.add_lines(&mut walked, &text), "{end:?}: walked");
            // Split as a file's lines are, independently of the walk.
            let ended = text.ends_with('\n');
            let body = text.strip_suffix('\n').unwrap_or(&text);
            let split: Vec<&str> = body.split('\n').collect();
            let last = split.len() - 1;
            for (i, line) in split.into_iter().enumerate() {
                let line = match (i < last || ended, line.strip_suffix('\r')) {
                    (true, Some(without)) => without,
                    _ => line,
                };
                reporter.add(&mut each, line);
            }
            let (mut walked, mut each) = (reporter.finish(walked), reporter.finish(each));
            walked.parts.clear();
            each.parts.clear();
            assert_eq!(walked, each, "{end:?}");
        }
    }
}
