//! Counting an input by the steps of the walk that decided it.
//!
//! Where the product of every target's automata walks a list, an invalid
//! input's causes are the steps on which its printed rules' automata died
//! (a tuple, and the byte found there) and the tuple it ended in (for those
//! live there without accepting). Every input that dies on one step, with
//! the same byte, has the same causes in the same targets: so it is counted
//! once, at that step, not once per target, and the counts are handed to
//! the targets' causes when the list is done. What else an input adds (its
//! verdict pattern under its scheme, the digest) is counted as
//! [`Reporter::add`] counts it.
//!
//! An input is left to [`Reporter::add`] (the caller's) where this would not
//! count it exactly as that does: an input that may become an example of one
//! of its causes (shorter than the cause's longest kept example, or as long
//! and before it, or any while the cause keeps fewer than it may), one a
//! target's closed list has no rule for, one whose known scheme's own rule
//! derives it where the printed rule does not. A list is counted so only
//! where the report reads the rules as printed, with no lints, and every
//! target's verdict is its automaton's.

use regex_automata::util::primitives::StateID;

use super::EXAMPLE_BYTES;
use super::cause_tally::CauseTally;
use super::found::{FOUND_CODES, Found};
use super::partial::Partial;
use super::reporter::Reporter;
use super::scheme_name::packed_scheme;
use super::step_tables::{CODES, NONE, SchemeBits, StepEntry, StepTables, UNREAD};
use super::target::Target;
use crate::engine::meta::{Memo, States, Walked, each_bit};
use crate::engine::{Head, first_word};
use crate::verdicts::check::{Engine, Reading};

/// One list's counts by step, for the reporter's targets.
pub(super) struct StepCounts<'r> {
    reporter: &'r Reporter,
    tables: StepTables,
}

impl<'r> StepCounts<'r> {
    /// Counts by step for `automata` (by target, the places of its printed
    /// rule's automaton and of its rule's without the catch-all) walked in
    /// the partial's product, with the tables `kept` from the partial's last
    /// list where they were made for the same automata; `None` where the
    /// report does not count so.
    pub(super) fn new(
        reporter: &'r Reporter,
        places: &[(usize, Option<usize>)],
        kept: StepTables,
    ) -> Option<StepCounts<'r>> {
        let automata = places
            .iter()
            .map(|(_, own)| 1 + usize::from(own.is_some()))
            .sum();
        let plain = !reporter.lint
            && reporter.reading == Reading::LETTER
            && reporter
                .targets
                .iter()
                .all(|t| t.checker.engine() == Engine::Dfa);
        if !plain || automata > 16 {
            return None;
        }
        if kept.made_for.0 == places {
            return Some(StepCounts {
                reporter,
                tables: kept,
            });
        }
        let mut by_automaton = vec![(0, false); automata];
        let mut printed = 0;
        for (t, &(p, own)) in places.iter().enumerate() {
            *by_automaton.get_mut(p)? = (t, true);
            printed |= 1 << p;
            if let Some(o) = own {
                *by_automaton.get_mut(o)? = (t, false);
            }
        }
        let by_bits = (0..1u32 << automata)
            .map(|bits| {
                let mut derived = (0, 0);
                for (k, &(t, is_printed)) in by_automaton.iter().enumerate() {
                    if (bits >> k) & 1 != 0 {
                        match is_printed {
                            true => derived.0 |= 1 << t,
                            false => derived.1 |= 1 << t,
                        }
                    }
                }
                derived
            })
            .collect();
        let tables = StepTables {
            made_for: (places.to_vec(), 0),
            automata: by_automaton,
            printed,
            by_bits,
            blocks: Vec::new(),
            entries: Vec::new(),
            rows: Vec::new(),
            touched: Vec::new(),
            patterns: vec![0; 1 << places.len()],
            last: None,
        };
        Some(StepCounts { reporter, tables })
    }

    /// Count `input`, as the walk left it (`walked`); `false`, with nothing
    /// counted, where it is the caller's to count.
    pub(super) fn count(
        &mut self,
        partial: &mut Partial,
        input: &str,
        walked: &Walked<'_>,
    ) -> bool {
        // Entries are by the product's tuples: another product's (the
        // product is started before a list's first input, when every entry
        // has been handed on) are let go.
        if walked.made() != self.tables.made_for.1 {
            if !self.tables.touched.is_empty() {
                return false;
            }
            let t = &mut self.tables;
            (t.blocks, t.entries, t.rows) = (Vec::new(), Vec::new(), Vec::new());
            t.made_for.1 = walked.made();
        }
        let scheme = self.scheme(input);
        let (printed, own) = self
            .tables
            .by_bits
            .get(walked.accepted() as usize)
            .copied()
            .unwrap_or_default();
        // Only a known scheme's own rule derives it: the letter's verdict is
        // the catch-all's, and no cause is the printed rule's alone.
        if scheme.known & own & !printed != 0 || walked.dead_at_start() & self.tables.printed != 0 {
            return false;
        }
        let invalid = !printed & (self.tables.patterns.len() as u32 - 1);
        if invalid & scheme.unlisted != 0 {
            return false;
        }
        // The entries of the input's causes, read before any is counted: an
        // input that may be an example is left whole to the caller.
        let mut at = [0u32; 32];
        let mut causes = 0;
        let bytes = input.as_bytes();
        let (end, ended) = walked.ended();
        let stops = walked
            .deaths()
            .map(|(offset, tuple, died)| (bytes.get(offset).copied(), tuple, died))
            .chain(std::iter::once((None, end, ended)));
        for (found, tuple, died) in stops {
            let died = died & self.tables.printed;
            if died == 0 {
                continue;
            }
            let code = match found {
                Some(b) if b.is_ascii() => usize::from(b),
                Some(_) => Found::NonAscii.code(),
                None => Found::End.code(),
            };
            let Some(entry) = self.entry(partial, walked, tuple, code, died) else {
                return false;
            };
            let bar = self.tables.entries.get(entry).map_or(0, |e| e.bar as usize);
            // As long as the longest example kept: most such inputs come
            // after it, and are refused as `offer` would refuse them.
            let kept_out = input.len() > bar
                || input.len() == bar && self.refused(partial, walked, (tuple, code, died), input);
            match at.get_mut(causes) {
                Some(slot) if kept_out => *slot = entry as u32,
                _ => return false,
            }
            causes += 1;
        }
        for &entry in at.get(..causes).unwrap_or_default() {
            if let Some(e) = self.tables.entries.get_mut(entry as usize) {
                if e.inputs == 0 {
                    self.tables.touched.push(entry);
                }
                e.inputs = e.inputs.wrapping_add(1);
            }
        }
        self.reporter.count_input(partial, input);
        if let Some(n) = self.tables.patterns.get_mut(printed as usize) {
            *n += 1;
        }
        let parted = (scheme.known & !own & printed) as usize;
        partial
            .schemes
            .count_input(input, scheme.packed, printed as usize, parted);
        true
    }

    /// An input the caller counted: the bars of its causes are read again
    /// (it may have become an example).
    pub(super) fn counted_elsewhere(&mut self, walked: &Walked<'_>) {
        let (end, _) = walked.ended();
        let tuples = walked.deaths().map(|(_, tuple, _)| tuple);
        for tuple in tuples.chain(std::iter::once(end)) {
            let base = self
                .tables
                .blocks
                .get(tuple.0 as usize)
                .copied()
                .unwrap_or(NONE);
            if base == NONE {
                continue;
            }
            let block = base as usize..base as usize + CODES;
            for e in self.tables.entries.get_mut(block).into_iter().flatten() {
                e.bar = UNREAD;
            }
        }
    }

    /// What the scheme of `input` says of it, read once for a run of one
    /// scheme where it is in the first 16 bytes.
    fn scheme(&mut self, input: &str) -> SchemeBits {
        let bytes = input.as_bytes();
        if let Some((head, scheme)) = self.tables.last
            && head.starts(first_word(bytes))
        {
            return scheme;
        }
        let mut scheme = SchemeBits {
            packed: packed_scheme(input),
            known: 0,
            unlisted: 0,
        };
        for (t, target) in self.reporter.targets.iter().enumerate() {
            let rule = target.checker.rule();
            if target
                .own
                .as_ref()
                .is_some_and(|(c, _)| c.scheme_of(input).is_some())
            {
                scheme.known |= 1 << t;
            }
            if target
                .list
                .is_some_and(|l| l.unlisted(input, rule).is_some())
            {
                scheme.unlisted |= 1 << t;
            }
        }
        // A text that starts with this head has its first `:` where the
        // head ends: the same scheme, read alike by every target.
        if let Some(head) = Head::scheme(bytes) {
            self.tables.last = Some((head, scheme));
        }
        scheme
    }

    /// The entry of the step from `tuple` with `code` found, on which the
    /// automata `died` (printed rules' all) stopped, its bar read; `None`
    /// where a stop has no slot in its target's causes.
    fn entry(
        &mut self,
        partial: &Partial,
        walked: &Walked<'_>,
        tuple: States,
        code: usize,
        died: u32,
    ) -> Option<usize> {
        let row = tuple.0 as usize;
        if self.tables.blocks.len() <= row {
            self.tables.blocks.resize(row + 1, NONE);
        }
        let block = self.tables.blocks.get_mut(row)?;
        if *block == NONE {
            *block = u32::try_from(self.tables.entries.len()).ok()?;
            let fresh = StepEntry {
                inputs: 0,
                died: 0,
                bar: UNREAD,
            };
            self.tables
                .entries
                .resize(self.tables.entries.len() + CODES, fresh);
            self.tables.rows.push(tuple.0);
        }
        let at = *block as usize + code;
        if self.tables.entries.get(at)?.bar == UNREAD {
            let mut bar = 0;
            for k in each_bit(died) {
                let (t, slot) = self.slot_at(walked, (tuple, code), k)?;
                let cause = partial.targets.get(t)?.seen(slot);
                bar = bar.max(cause.map_or(EXAMPLE_BYTES as u32, |s| s.bar));
            }
            let e = self.tables.entries.get_mut(at)?;
            e.bar = u16::try_from(bar).ok().filter(|&b| b < UNREAD)?;
            e.died = u16::try_from(died).ok()?;
        }
        Some(at)
    }

    /// Whether every cause of the step from `tuple` with `code` found, on
    /// which the printed rules' automata `died` stopped, refuses `input` as
    /// an example ([`CauseTally::refuses`]).
    fn refused(
        &self,
        partial: &Partial,
        walked: &Walked<'_>,
        (tuple, code, died): (States, usize, u32),
        input: &str,
    ) -> bool {
        each_bit(died).all(|k| {
            let cause = self
                .slot_at(walked, (tuple, code), k)
                .and_then(|(t, slot)| {
                    let tally = partial.targets.get(t)?;
                    tally.causes.get(tally.place(slot)?)
                });
            cause.is_some_and(|(.., cause)| cause.refuses(input))
        })
    }

    /// The target of automaton `k` and the slot of its cause where it stops
    /// at the step from `tuple` with `code` found; `None` where it has none.
    fn slot_at(
        &self,
        walked: &Walked<'_>,
        (tuple, code): (States, usize),
        k: usize,
    ) -> Option<(usize, usize)> {
        let (t, _) = *self.tables.automata.get(k)?;
        let target = self.reporter.targets.get(t)?;
        Some((t, slot_of(target, walked.state(tuple, k)?, code)?))
    }

    /// Hand the counts to the targets: each step's inputs to the causes of
    /// the automata that stopped on it, the patterns to the verdicts.
    pub(super) fn finish(mut self, partial: &mut Partial, memo: &Memo) -> StepTables {
        let targets = &self.reporter.targets;
        let t = &mut self.tables;
        for (pattern, n) in t.patterns.iter_mut().enumerate() {
            for (i, tally) in partial.targets.iter_mut().enumerate() {
                match (pattern >> i) & 1 {
                    1 => tally.valid += *n,
                    _ => tally.invalid += *n,
                }
            }
            *n = 0;
        }
        for at in t.touched.drain(..) {
            let (at, code) = (at as usize, at as usize % CODES);
            let (Some(e), Some(&row)) = (t.entries.get_mut(at), t.rows.get(at / CODES)) else {
                continue;
            };
            let (inputs, died) = (u64::from(std::mem::take(&mut e.inputs)), e.died);
            let tuple = States(row);
            for k in each_bit(u32::from(died)) {
                let Some(&(i, _)) = t.automata.get(k) else {
                    continue;
                };
                let (Some(target), Some(tally), Some(state)) = (
                    targets.get(i),
                    partial.targets.get_mut(i),
                    memo.state(tuple, k),
                ) else {
                    continue;
                };
                tally.make_slots(target, self.reporter.reading);
                let found = match code {
                    0..=127 => Found::Char(code as u8),
                    128 => Found::NonAscii,
                    _ => Found::End,
                };
                let slot = slot_of(target, state, code);
                // A cause seen before counts in its slot.
                match slot.and_then(|s| tally.seen_mut(s)) {
                    Some(seen) => seen.inputs += inputs,
                    _ => {
                        let cause = CauseTally {
                            inputs,
                            examples: Vec::new(),
                        };
                        tally.add_cause(slot, ((0, state), found), cause);
                    }
                }
            }
        }
        self.tables
    }
}

/// The slot of the cause where the printed rule's automaton of `target`
/// stops in `state` with `code` found.
fn slot_of(target: &Target, state: StateID, code: usize) -> Option<usize> {
    let n = target.printed.places().live_number(state)?;
    Some(n * FOUND_CODES + code)
}
