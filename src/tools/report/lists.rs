//! Counting a list of inputs, or a text's lines, through the engine's front
//! door: a long list read as printed is walked once for every target (for
//! records, which give the stops with the verdicts, where the door says they
//! pay; else for the verdicts alone), any other target by target, each
//! target's door given the inputs as the target reads them.

use std::borrow::Cow;

use super::partial::Partial;
use super::reporter::Reporter;
use super::step_counts::StepCounts;
use super::target::Derived;
use super::walk_counter::WalkCounter;
use crate::engine::meta::Memo;
use crate::verdicts::prose;

/// Inputs of a piece walked one by one to see whether most are derived.
const SAMPLE: usize = 64;

/// Lists shorter than this are walked target by target: a list read as
/// printed is walked for every target at once from this length on (the
/// door's walks of several automata cost more to start than a short list
/// saves).
const JOINT: usize = 1024;

/// Bytes a line, about, in a text: a text is worth a walk for records
/// where the list of its lines would be.
#[cfg(feature = "cli")]
const LINE_BYTES: usize = 16;

// A pass of its own beside the reporter's type (`reporter.rs`): how a batch
// is asked of the door, apart from how one input is counted.
impl Reporter {
    /// [`Reporter::add`] of each line of `text` (split at each "\n", a
    /// "\r" before it going with it; a last "\n" adds no line, and a last
    /// line with none is one), all the targets' automata walking the text
    /// itself as one; `false`, with nothing counted, where they do not
    /// (a reading that folds, a walk for records the door says does not pay
    /// for so few automata or a text so short, about [`JOINT`] lines of
    /// [`LINE_BYTES`] bytes, or one that gave up): the caller then splits
    /// the lines.
    #[cfg(feature = "cli")]
    pub(crate) fn add_lines(&self, partial: &mut Partial, text: &str) -> bool {
        if self.reading.fold_scheme_case || !self.door.records_pay(text.len() / LINE_BYTES) {
            return false;
        }
        let door = &self.door;
        self.add_walked(partial, |memo, counter| {
            door.walk_lines(memo, text, |start, end, walked| {
                if let Some(input) = text.get(start..end) {
                    counter.count(input, walked);
                }
            })
        })
    }

    /// Count the inputs `walk` gives with the records the door's walk left
    /// of them, the walk's memo the partial's (`walk` gives each to
    /// [`WalkCounter::count`], and says whether the door walked them all):
    /// most by the steps where they stopped, the rest one by one from their
    /// stops.
    pub(super) fn add_walked(
        &self,
        partial: &mut Partial,
        walk: impl FnOnce(&mut Memo, &mut WalkCounter<'_>) -> bool,
    ) -> bool {
        let mut memo = std::mem::take(&mut partial.memo);
        let kept = std::mem::take(&mut partial.steps);
        let places: Vec<(usize, Option<usize>)> = self.targets.iter().map(|t| t.places).collect();
        let mut counter = WalkCounter {
            reporter: self,
            steps: StepCounts::new(self, &places, kept),
            partial,
        };
        let walked = walk(&mut memo, &mut counter);
        let WalkCounter { steps, partial, .. } = counter;
        if let (true, Some(steps)) = (walked, steps) {
            partial.steps = steps.finish(partial, &memo);
        }
        partial.memo = memo;
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
        // Read as printed (no folding), a long list is walked once for all
        // the targets: for records where they pay (the partial keeps the
        // memo), else for the verdicts.
        if !self.reading.fold_scheme_case && inputs.len() >= JOINT {
            let door = &self.door;
            if door.records_pay(inputs.len()) {
                let walked = self.add_walked(partial, |memo, counter| {
                    door.walk_each(memo, inputs, |k, walked| {
                        if let Some(input) = inputs.get(k) {
                            counter.count(input, walked);
                        }
                    })
                });
                if walked {
                    return;
                }
            } else {
                let bytes: Vec<&[u8]> = inputs.iter().map(|i| i.as_bytes()).collect();
                let verdicts = door.verdicts(&bytes);
                for (k, input) in inputs.iter().enumerate() {
                    let bits = verdicts.bits(k);
                    self.add_judged(partial, input, |t| {
                        self.targets
                            .get(t)
                            .map_or_else(Derived::default, |target| target.derived(bits, None))
                    });
                }
                return;
            }
        }
        self.add_each_by_target(partial, inputs);
    }

    /// [`Reporter::add_each`] target by target: where most inputs are
    /// derived, each target's door walks them side by side first, and only
    /// those it does not derive are walked again, one by one.
    fn add_each_by_target(&self, partial: &mut Partial, inputs: &[&str]) {
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
            let texts: Vec<&str> = match folds {
                true if folded.len() == n => folded.iter().map(|f| &**f).collect(),
                _ => inputs.to_vec(),
            };
            let bytes: Vec<&[u8]> = texts.iter().map(|t| t.as_bytes()).collect();
            // Which automaton each input is walked by: its verdict is that
            // automaton's.
            let mut record = |k: usize, valid: bool| {
                let own = texts.get(k).is_some_and(|text| target.reads_own(text));
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
            let (first, rest) = bytes.split_at(SAMPLE.min(n));
            let sampled = target.alone.verdicts(first);
            let mut derived = 0;
            for (k, valid) in sampled.of_target(0).enumerate() {
                derived += usize::from(valid);
                record(k, valid);
            }
            if derived * 2 < first.len() || rest.is_empty() {
                continue;
            }
            let verdicts = target.alone.verdicts(rest);
            for (k, valid) in verdicts.of_target(0).enumerate() {
                record(SAMPLE + k, valid);
            }
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
