//! Which walk answers: the door's one choice of strategy. Targets that read
//! as printed are walked table by table while little was walked (making a
//! product costs a few milliseconds, more than it saves on less), and in
//! products of their tables beyond, made once and kept; a long list for
//! several automata is best walked for records, which give the stops with
//! the verdicts.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::{Door, Table, Verdicts};
#[cfg(any(feature = "cli", feature = "internals"))]
use crate::engine::lanes::product::Product;
use crate::engine::lanes::product::{MOST_INPUTS, Walks};

/// Until this many bytes of pieces, or this many inputs of lists, were
/// walked, they are walked table by table.
const SHORT_PIECE: usize = 1 << 16;
const SHORT_LIST: usize = 1024;

/// Automata from which a long list is walked for records (in their
/// product made as the inputs meet it, which finds the stops too). With
/// fewer, the verdicts come from the product of their minimized tables, a
/// tighter walk, and each stop from a walk of its own: with few automata
/// stops are few. Every edition (nine automata) on a million http URLs took
/// 0.38 s that way, 0.32 s in the product (now 0.16 s, counted by step).
/// One edition, counted by step, takes 0.09 s there against 0.10 s, but
/// 0.07 s against 0.05 s on 100,000 random lines, where most inputs stop at
/// once and few are counted by step.
const RECORDS: usize = 4;

/// Lists shorter than this are not walked for records: starting the
/// product (its byte classes, its first rows) costs more than a short list
/// saves.
const LONG_LIST: usize = 1024;

/// Whether a list of `inputs` inputs for `automata` automata is best
/// walked for records.
pub(super) fn records_pay(automata: usize, inputs: usize) -> bool {
    automata >= RECORDS && inputs >= LONG_LIST
}

/// The walks a door made, made when first used, and what it walked so far.
#[derive(Default)]
pub(super) struct Cells {
    /// The bytes of pieces and the inputs of lists walked so far.
    walked: (AtomicUsize, AtomicUsize),
    lines: OnceLock<Walks>,
    inputs: OnceLock<Option<Walks>>,
    #[cfg(any(feature = "cli", feature = "internals"))]
    runs: OnceLock<Option<Product>>,
}

/// Add `n` to `walked`: whether it has reached `short`.
fn more_than(walked: &AtomicUsize, n: usize, short: usize) -> bool {
    walked.fetch_add(n, Ordering::Relaxed).saturating_add(n) >= short
}

impl Cells {
    /// The product of every target's line walk, its line ends marked with
    /// the run of targets from the first that derive the line; `None` where
    /// a target reads apart or the product does not fit.
    #[cfg(any(feature = "cli", feature = "internals"))]
    pub(super) fn runs(&self, door: &Door) -> Option<&Product> {
        self.runs
            .get_or_init(|| {
                door.reads_as_printed().then_some(())?;
                Product::coded(&door.tables(), u32::trailing_ones)
            })
            .as_ref()
    }
}

impl Door {
    /// The tables of the targets that read as printed, in order.
    fn tables(&self) -> Vec<&Table> {
        self.printed
            .iter()
            .filter_map(|&t| self.targets.get(t)?.table())
            .collect()
    }

    /// The verdicts of the targets that read as printed on `inputs` (from
    /// input `base` on), set in `verdicts`.
    pub(super) fn printed_verdicts(&self, inputs: &[&[u8]], base: usize, verdicts: &mut Verdicts) {
        let cells = &self.cells;
        let tables = self.tables();
        let enumerated = || inputs.iter().copied().enumerate();
        let short =
            cells.inputs.get().is_none() && !more_than(&cells.walked.1, inputs.len(), SHORT_LIST);
        if tables.len() <= 1 || short || tables.len() > MOST_INPUTS {
            for (&t, table) in self.printed.iter().zip(tables) {
                table.matches_each(enumerated(), |i, valid| {
                    if valid {
                        verdicts.set(base + i, t);
                    }
                });
            }
            return;
        }
        let walks = cells.inputs.get_or_init(|| Walks::of_inputs(&tables));
        let Some(walks) = walks.as_ref() else {
            return;
        };
        let bits = walks.matches_each(inputs);
        // Every target read as printed, 32 at most: the bits are theirs.
        if let Some(words) = verdicts.whole_words(base, self.printed.len()) {
            for (word, bits) in words.iter_mut().zip(bits) {
                *word = bits;
            }
            return;
        }
        for (i, bits) in bits.into_iter().enumerate() {
            for k in super::each_bit(bits) {
                if let Some(&t) = self.printed.get(k) {
                    verdicts.set(base + i, t);
                }
            }
        }
    }

    /// Each target that reads as printed, by its place, with the lines of
    /// `piece` and how many of them it derives.
    pub(super) fn printed_line_counts(&self, piece: &[u8]) -> Vec<(usize, (usize, usize))> {
        let cells = &self.cells;
        let tables = self.tables();
        let short =
            cells.lines.get().is_none() && !more_than(&cells.walked.0, piece.len(), SHORT_PIECE);
        if tables.len() <= 1 || short {
            let counts = tables.iter().map(|t| t.lines_derived(piece));
            return self.printed.iter().copied().zip(counts).collect();
        }
        let walks = cells.lines.get_or_init(|| Walks::new(&tables));
        let (lines, valid) = walks.lines_derived(piece);
        let counts = valid.into_iter().map(|v| (lines, v));
        self.printed.iter().copied().zip(counts).collect()
    }
}
