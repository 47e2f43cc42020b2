//! What counts the inputs of one walk of a list: by the step where each
//! stopped, or one by one from its outcome.

use super::joint::Joint;
use super::partial::Partial;
use super::reporter::Reporter;
use super::step_counts::StepCounts;
use crate::engine::lazy::Line;

/// What counts the inputs of a walk (see [`Reporter::add_walked`]): a type,
/// not a closure behind a pointer, so that no input costs a call through
/// one.
pub(super) struct WalkCounter<'a> {
    pub(super) reporter: &'a Reporter,
    pub(super) joint: &'a Joint,
    pub(super) steps: Option<StepCounts<'a>>,
    pub(super) partial: &'a mut Partial,
}

impl WalkCounter<'_> {
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
