//! One target's counts while counting: its verdicts, its lints, and its
//! causes by point of failure, found by slot (bounded by the grammars).

use std::collections::BTreeMap;

use super::cause_tally::CauseTally;
use super::found::{FOUND_CODES, Found};
use super::last_asked::LastAsked;
use super::target::{Point, Target};
use crate::engine::meta::Heads;
use crate::verdicts::check::Reading;

/// One target's counts while counting.
#[derive(Clone, Debug, Default)]
pub(super) struct TargetTally {
    pub(super) valid: u64,
    pub(super) invalid: u64,
    /// Causes in order of first sight: the point, what was found, the cause's
    /// slot (none for a state without a live number) and its examples. The
    /// inputs of a cause with a slot are counted in `counted`.
    pub(super) causes: Vec<(Point, Found, Option<usize>, CauseTally)>,
    /// By slot (live state number x [`FOUND_CODES`] + found code): one plus
    /// the place of its cause in `causes`, 0 before it is seen. A table, not
    /// a hash map, made at the first invalid input (states x 131 x 4 bytes),
    /// all zeros: the allocator hands it out untouched, and a page of it is
    /// written only where a cause is met.
    pub(super) slots: Vec<u32>,
    /// By place in `causes`: what every invalid verdict with a slot touches,
    /// in one place.
    pub(super) counted: Vec<Counted>,
    /// Valid inputs per lint code.
    pub(super) lints: BTreeMap<&'static str, u64>,
    /// The last scheme asked of the target's list of schemes.
    pub(super) last_asked: LastAsked,
    /// The walks to stops of the last inputs' first bytes: by the printed
    /// rule's automaton, and by the rule's without the catch-all.
    pub(super) heads: [Heads; 2],
}

/// A cause's counts where every invalid verdict with a slot finds them.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Counted {
    pub(super) inputs: u64,
    /// The longest input that may become an example.
    pub(super) bar: u32,
}

impl TargetTally {
    /// `slot` where the table has it: a slot there names its cause, and
    /// counts its inputs in `counted`.
    fn in_table(&self, slot: Option<usize>) -> Option<usize> {
        slot.filter(|&s| s < self.slots.len())
    }

    /// The place in `causes` of the cause at `slot`; `None` before it is
    /// seen.
    pub(super) fn place(&self, slot: usize) -> Option<usize> {
        (*self.slots.get(slot)? as usize).checked_sub(1)
    }

    /// The counts of the cause at `slot`; `None` before it is seen.
    pub(super) fn seen(&self, slot: usize) -> Option<&Counted> {
        self.counted.get(self.place(slot)?)
    }

    /// [`TargetTally::seen`], to count in.
    pub(super) fn seen_mut(&mut self, slot: usize) -> Option<&mut Counted> {
        let place = self.place(slot)?;
        self.counted.get_mut(place)
    }

    /// Count an input that stops at `key.0` with `key.1` next.
    pub(super) fn count(
        &mut self,
        slot: Option<usize>,
        key: (Point, Found),
        input: &str,
        offset: usize,
    ) {
        let seen = slot.and_then(|s| self.place(s));
        // A new cause, or one with no slot (a rare stop: pest's verdict alone).
        let place = match seen {
            Some(place) => place,
            None => self.add_cause(slot, key, CauseTally::default()),
        };
        let in_table = self.in_table(slot).is_some();
        let Some(entry) = self.counted.get_mut(place).filter(|_| in_table) else {
            if let Some((_, _, _, cause)) = self.causes.get_mut(place) {
                cause.inputs += 1;
                cause.offer(input, offset);
            }
            return;
        };
        entry.inputs += 1;
        // Most inputs are longer than every kept example.
        if input.len() <= entry.bar as usize
            && let Some((_, _, _, cause)) = self.causes.get_mut(place)
        {
            cause.offer(input, offset);
            entry.bar = u32::try_from(cause.bar()).unwrap_or(u32::MAX);
        }
    }

    /// Make the slots at the first invalid input: the printed rule's
    /// states, then, with known schemes, those of the rule without its
    /// catch-all, then one block for the schemes with no rule.
    pub(super) fn make_slots(&mut self, target: &Target, reading: Reading) {
        if !self.slots.is_empty() {
            return;
        }
        let other = match (&target.own, reading.known_schemes) {
            (Some((_, own)), true) => own.places().live_states(),
            _ => 0,
        };
        let states = target.printed.places().live_states() + other + 1;
        self.slots = vec![0; states * FOUND_CODES];
    }

    /// The place of a cause, added (with `tally`) when new.
    pub(super) fn add_cause(
        &mut self,
        slot: Option<usize>,
        key: (Point, Found),
        tally: CauseTally,
    ) -> usize {
        // Any stop with no slot in the table is found by its key.
        let in_table = self.in_table(slot);
        let known = match in_table {
            Some(s) => self.place(s),
            None => self.causes.iter().position(|c| (c.0, c.1) == key),
        };
        let place = known.unwrap_or_else(|| {
            self.causes
                .push((key.0, key.1, slot, CauseTally::default()));
            self.counted.push(Counted::default());
            self.causes.len() - 1
        });
        if let Some((_, _, _, mine)) = self.causes.get_mut(place) {
            mine.merge(tally);
            if let (Some(s), Some(e)) = (in_table, self.counted.get_mut(place)) {
                // A slot counts its cause's inputs itself.
                e.inputs += std::mem::take(&mut mine.inputs);
                e.bar = u32::try_from(mine.bar()).unwrap_or(u32::MAX);
                if let Some(p) = self.slots.get_mut(s) {
                    *p = u32::try_from(place + 1).unwrap_or(0);
                }
            }
        }
        place
    }

    /// The causes, each with its count.
    pub(super) fn into_causes(
        self,
    ) -> impl Iterator<Item = (Point, Found, Option<usize>, CauseTally)> {
        // A cause with no slot in the table counted nothing in `counted`.
        let counted = self.counted;
        self.causes
            .into_iter()
            .enumerate()
            .map(move |(place, (state, found, slot, mut tally))| {
                if let Some(entry) = counted.get(place) {
                    tally.inputs += entry.inputs;
                }
                (state, found, slot, tally)
            })
    }

    pub(super) fn merge(&mut self, other: TargetTally) {
        self.valid += other.valid;
        self.invalid += other.invalid;
        // A table made anew is zeros from the allocator, as `make_slots`'s.
        if self.slots.is_empty() {
            self.slots = vec![0; other.slots.len()];
        } else if self.slots.len() < other.slots.len() {
            self.slots.resize(other.slots.len(), 0);
        }
        for (code, n) in &other.lints {
            *self.lints.entry(code).or_default() += n;
        }
        for (point, found, slot, tally) in other.into_causes() {
            self.add_cause(slot, (point, found), tally);
        }
    }
}
