//! A list of inputs, or a text's lines, walked as one in the partial's
//! product and counted by [`steps`](super::steps), or one by one where
//! that would not count an input exactly as [`Reporter::add`] does.

use super::steps::Steps;
use super::target::*;
use super::*;
use crate::engine::lazy::{LazyProduct, Line};

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
    /// partial's product (`walk` gives each to [`Counter::count`], and says
    /// whether the product walked them all): most by the steps where they
    /// stopped, the rest one by one from their outcome.
    pub(super) fn add_walked(
        &self,
        partial: &mut Partial,
        joint: &Joint,
        walk: impl FnOnce(&mut LazyProduct, &mut Counter<'_>) -> bool,
    ) -> bool {
        let mut product = std::mem::take(&mut partial.product);
        let kept = std::mem::take(&mut partial.steps);
        let mut counter = Counter {
            reporter: self,
            joint,
            steps: Steps::new(self, &joint.places, kept),
            partial,
        };
        let walked = walk(&mut product, &mut counter);
        let Counter { steps, partial, .. } = counter;
        if let (true, Some(steps)) = (walked, steps) {
            partial.steps = steps.finish(partial, &product);
        }
        partial.product = product;
        walked
    }
}

/// What counts the inputs of a walk (see [`Reporter::add_walked`]): a type,
/// not a closure behind a pointer, so that no input costs a call through
/// one.
pub(super) struct Counter<'a> {
    reporter: &'a Reporter,
    joint: &'a Joint,
    steps: Option<Steps<'a>>,
    partial: &'a mut Partial,
}

impl Counter<'_> {
    /// Count `input`, which the walk left as `line`.
    #[inline(always)]
    pub(super) fn count(&mut self, input: &str, line: Line<'_>) {
        if let Some(steps) = &mut self.steps {
            if steps.count(self.partial, input, &line) {
                return;
            }
            steps.counted_elsewhere(&line);
        }
        let outcome = line.outcome();
        let (joint, bits) = (self.joint, outcome.accepted);
        self.reporter.add_judged(self.partial, input, |t| {
            joint.derived(t, bits, Some(&outcome))
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
