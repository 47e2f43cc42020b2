//! What counts the inputs of one walk of a list for records: by the step
//! where each stopped, or one by one from its stops.

use super::partial::Partial;
use super::reporter::Reporter;
use super::step_counts::StepCounts;
use super::target::Derived;
use crate::engine::meta::Walked;

/// What counts the inputs of a walk (see [`Reporter::add_walked`]): a type,
/// not a closure behind a pointer, so that no input costs a call through
/// one.
pub(super) struct WalkCounter<'a> {
    pub(super) reporter: &'a Reporter,
    pub(super) steps: Option<StepCounts<'a>>,
    pub(super) partial: &'a mut Partial,
}

impl WalkCounter<'_> {
    /// Count `input`, as the walk left it (`walked`).
    #[inline(always)]
    pub(super) fn count(&mut self, input: &str, walked: Walked<'_>) {
        if let Some(steps) = &mut self.steps {
            if steps.count(self.partial, input, &walked) {
                return;
            }
            steps.counted_elsewhere(&walked);
        }
        let stops = walked.outcome();
        let (targets, bits) = (&self.reporter.targets, stops.accepted);
        self.reporter.add_judged(self.partial, input, |t| {
            targets.get(t).map_or_else(Derived::default, |target| {
                target.derived(bits, Some(&stops))
            })
        });
    }
}
