//! The engine's front door: one type, [`Door`], built once from its
//! [`Target`]s, that answers a question over a batch (a list of inputs, or a
//! piece of text cut into lines by the one rule of [`lines`]) and chooses
//! the walk that answers it ([`strategy`]), as regex-automata's `meta::Regex`
//! does. Callers above the engine ask the door, never a walk.
//!
//! The walks behind it: each target's [`Table`] alone, eight inputs or eight
//! parts of a piece side by side (`lanes`); the product of several tables,
//! whose state is the tuple of theirs, so that a batch is read once, not once
//! a target (`lanes::product`); and the product of unminimized automata made
//! as inputs meet it, which also says where each input stops in each of them
//! (`lazy`: the [`Walked`] records, kept between calls in a [`Memo`]).

use std::fmt;
use std::sync::Arc;

use super::automaton::Automaton;

mod answers;
pub mod lines;
mod strategy;

pub use answers::{LineCounts, LineEnds, Verdicts};

pub use super::dense::{Kept as Heads, Stop};
pub use super::lanes::{Dfa, Table};
// The records' types, which the report's walks read.
#[allow(unused_imports)]
pub use super::lazy::{LazyProduct as Memo, Line as Walked, Outcome as Stops, Tuple as States};
use strategy::Cells;

/// The places of a word's set bits, least first (targets by their bits).
pub fn each_bit(word: u32) -> impl Iterator<Item = usize> {
    super::lazy::ones(word)
}

/// What the door answers for: an automaton or a table that reads its inputs
/// as printed (walked with the others), or a rule that reads each input
/// apart (folding, the known-scheme reading, pest), given as a decision on
/// each input that the caller supplies.
#[derive(Clone)]
pub struct Target(Kind);

#[derive(Clone)]
enum Kind {
    Automaton(Arc<Automaton>),
    // The commands' shapes (`resolve`, `normalize`).
    #[cfg_attr(not(any(feature = "cli", feature = "internals")), allow(dead_code))]
    Table(Arc<Table>),
    Apart(Apart),
}

/// A decision on each input, and the automata it may hand an input to.
#[derive(Clone)]
struct Apart {
    automata: Vec<Arc<Automaton>>,
    pick: Arc<Decide>,
}

type Decide = dyn Fn(&[u8]) -> Pick + Send + Sync;

/// What a target that reads each input apart makes of one: its verdict, or
/// which of its automata decides it (then walked with the other inputs that
/// automaton decides).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pick {
    /// The verdict, decided.
    Valid(bool),
    /// The automaton (by its place in [`Target::choosing`]'s list) whose
    /// verdict it is.
    By(usize),
}

impl Target {
    /// An automaton's rule, read as printed.
    pub fn automaton(automaton: Arc<Automaton>) -> Target {
        Target(Kind::Automaton(automaton))
    }

    /// A DFA's language (for example a shape an input is tested for beside
    /// a rule), read as printed.
    #[cfg_attr(not(any(feature = "cli", feature = "internals")), allow(dead_code))]
    pub fn dfa<A: Dfa>(dfa: &A) -> Target {
        Target(Kind::Table(Arc::new(Table::new(dfa))))
    }

    /// A rule that reads each input apart: `valid` decides each.
    pub fn apart(valid: impl Fn(&[u8]) -> bool + Send + Sync + 'static) -> Target {
        let pick = move |input: &[u8]| Pick::Valid(valid(input));
        Target(Kind::Apart(Apart {
            automata: Vec::new(),
            pick: Arc::new(pick),
        }))
    }

    /// A rule that hands each input to one of `automata` (or decides it):
    /// the known-scheme reading, where a known scheme's own rule decides.
    pub fn choosing(
        automata: Vec<Arc<Automaton>>,
        pick: impl Fn(&[u8]) -> Pick + Send + Sync + 'static,
    ) -> Target {
        Target(Kind::Apart(Apart {
            automata,
            pick: Arc::new(pick),
        }))
    }

    /// Whether the target reads its inputs as printed (walked with the
    /// others, line ends and all).
    pub fn reads_as_printed(&self) -> bool {
        !matches!(self.0, Kind::Apart(_))
    }

    /// Its table, where it reads as printed.
    fn table(&self) -> Option<&Table> {
        match &self.0 {
            Kind::Automaton(a) => Some(a.table()),
            Kind::Table(t) => Some(t),
            Kind::Apart(_) => None,
        }
    }
}

impl fmt::Debug for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Kind::Automaton(_) => f.write_str("Target::automaton"),
            Kind::Table(_) => f.write_str("Target::dfa"),
            Kind::Apart(a) => write!(f, "Target::apart({} automata)", a.automata.len()),
        }
    }
}

/// Targets answered for together: built once, asked about many batches.
/// Each answer is that of the targets one by one; which walk gives it is
/// the door's choice ([`strategy`]), made again as batches come (the joint
/// walks are made when what was walked makes them pay, and kept).
pub struct Door {
    targets: Vec<Target>,
    /// The places of the targets that read as printed, in order.
    printed: Vec<usize>,
    /// The automata of the targets, where every target is one (the walk of
    /// records is theirs).
    automata: Option<Vec<Arc<Automaton>>>,
    cells: Cells,
}

impl fmt::Debug for Door {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Door")
            .field("targets", &self.targets)
            .finish_non_exhaustive()
    }
}

impl Door {
    /// The door of `targets`.
    pub fn new(targets: Vec<Target>) -> Door {
        let printed = (0..targets.len())
            .filter(|&t| targets.get(t).is_some_and(Target::reads_as_printed))
            .collect();
        let automata = targets
            .iter()
            .map(|t| match &t.0 {
                Kind::Automaton(a) => Some(a.clone()),
                _ => None,
            })
            .collect();
        Door {
            targets,
            printed,
            automata,
            cells: Cells::default(),
        }
    }

    /// How many targets.
    pub fn len(&self) -> usize {
        self.targets.len()
    }

    /// Whether it has none.
    pub fn is_empty(&self) -> bool {
        self.targets.is_empty()
    }

    /// Whether every target reads its inputs as printed.
    pub fn reads_as_printed(&self) -> bool {
        self.printed.len() == self.targets.len()
    }

    /// Which targets find each input valid (one that is not UTF-8 is valid
    /// only where its target's decision says so; an automaton never finds
    /// it valid).
    pub fn verdicts(&self, inputs: &[&[u8]]) -> Verdicts {
        let mut verdicts = Verdicts::new(inputs.len(), self.targets.len());
        // A few thousand inputs at a time, walked by every target while
        // they are in the cache.
        for (c, chunk) in inputs.chunks(CHUNK).enumerate() {
            let base = c * CHUNK;
            self.printed_verdicts(chunk, base, &mut verdicts);
            for (t, target) in self.targets.iter().enumerate() {
                if let Kind::Apart(apart) = &target.0 {
                    apart.decide(chunk, |i, valid| {
                        if valid {
                            verdicts.set(base + i, t);
                        }
                    });
                }
            }
        }
        verdicts
    }

    /// The lines of `piece` ([`lines`]) and how many each target finds
    /// valid.
    pub fn line_counts(&self, piece: &[u8]) -> LineCounts {
        let mut valid = vec![0; self.targets.len()];
        let mut lines = None;
        for (t, n) in self.printed_line_counts(piece) {
            lines = Some(n.0);
            if let Some(slot) = valid.get_mut(t) {
                *slot = n.1;
            }
        }
        if !self.reads_as_printed() {
            let each: Vec<_> = lines::each_ended(piece).collect();
            lines = Some(each.len());
            for (slot, t) in valid.iter_mut().zip(&self.targets) {
                if let Kind::Apart(apart) = &t.0 {
                    apart.each_chunk(piece, &each, |_, v| *slot += usize::from(v));
                }
            }
        }
        LineCounts {
            lines: lines.unwrap_or_else(|| lines::count(piece)),
            valid,
        }
    }

    /// Which targets find each line of `piece` valid, in order.
    pub fn line_verdicts(&self, piece: &[u8]) -> Verdicts {
        self.line_ends(piece).verdicts
    }

    /// Each line of `piece` with where it ends and its verdicts, in order.
    pub fn line_ends(&self, piece: &[u8]) -> LineEnds {
        let each = lines::count(piece);
        let mut ends = Vec::with_capacity(each);
        let mut verdicts = Verdicts::new(each, self.targets.len());
        for (k, &t) in self.printed.iter().enumerate() {
            let Some(table) = self.targets.get(t).and_then(Target::table) else {
                continue;
            };
            let mut i = 0;
            table.each_line_derived(piece, |end, valid| {
                if k == 0 {
                    ends.push(end);
                }
                if valid {
                    verdicts.set(i, t);
                }
                i += 1;
            });
        }
        if !self.reads_as_printed() {
            let each: Vec<_> = lines::each_ended(piece).collect();
            if self.printed.is_empty() {
                ends = each.iter().map(|&(_, end)| end).collect();
            }
            for (t, target) in self.targets.iter().enumerate() {
                if let Kind::Apart(apart) = &target.0 {
                    apart.each_chunk(piece, &each, |i, valid| {
                        if valid {
                            verdicts.set(i, t);
                        }
                    });
                }
            }
        }
        LineEnds { ends, verdicts }
    }

    /// Each line of `piece` with where it ends and how many targets, from
    /// the first on, find it valid, up to the first that does not (0: the
    /// first does not): what a rule and the shapes tested beside it, each
    /// within the one before, say of a line.
    #[cfg(any(feature = "cli", feature = "internals"))]
    pub fn line_runs(&self, piece: &[u8]) -> Vec<(usize, u32)> {
        if let Some(product) = self.cells.runs(self) {
            let mut ends = Vec::with_capacity(piece.len() / 16);
            product.each_line_derived(piece, |end, run| ends.push((end, run)));
            return ends;
        }
        let LineEnds { ends, verdicts } = self.line_ends(piece);
        let run = |i: usize| {
            (0..self.len())
                .take_while(|&t| verdicts.valid(i, t))
                .count()
        };
        let runs = ends.into_iter().enumerate();
        runs.map(|(i, end)| (end, run(i) as u32)).collect()
    }
}

impl Door {
    /// Where `input` stops in target `t`'s automaton; `None` where it
    /// derives the input, or the target is not an automaton. (The engine's
    /// tests hold the resumed walk to it.)
    #[cfg(any(test, feature = "internals"))]
    pub fn stop(&self, t: usize, input: &str) -> Option<Stop> {
        self.automaton(t)?.stop(input)
    }

    /// Where `input` stops in target `t`'s automaton, resumed from the walk of the input's first bytes kept
    /// in `heads` (a corpus's inputs mostly share them), keeping this
    /// input's there.
    pub fn stop_resumed(&self, t: usize, input: &str, heads: &mut Heads) -> Option<Stop> {
        self.automaton(t)?.stop_resumed(input, heads)
    }

    /// Target `t`'s automaton, where it is one.
    pub fn automaton(&self, t: usize) -> Option<&Automaton> {
        match &self.targets.get(t)?.0 {
            Kind::Automaton(a) => Some(a),
            _ => None,
        }
    }

    /// Whether a list of `inputs` inputs is best walked for records
    /// ([`Door::walk_each`]), which give the stops with the verdicts,
    /// rather than for verdicts alone, each stop found after by a walk of
    /// its own ([`strategy`]).
    pub fn records_pay(&self, inputs: usize) -> bool {
        strategy::records_pay(self.targets.len(), inputs) && self.automata.is_some()
    }

    /// Each input as the walk of every target's automaton left it (which
    /// derive it, where the others stopped), as `each(index, walked)` in
    /// order, the product of the automata kept in `memo` from one call to
    /// the next; `false`, with nothing given, where a target is not an
    /// automaton, there are more than 32, or the product outgrew its bound.
    pub fn walk_each(
        &self,
        memo: &mut Memo,
        inputs: &[&str],
        each: impl FnMut(usize, Walked<'_>),
    ) -> bool {
        match &self.automata {
            Some(automata) => memo.each(automata, inputs, each),
            None => false,
        }
    }

    /// [`Door::walk_each`] of each line of `text`, as `each(start, end,
    /// walked)`, the line being `text[start..end]` ([`lines`]).
    #[cfg(any(feature = "cli", feature = "internals"))]
    pub fn walk_lines(
        &self,
        memo: &mut Memo,
        text: &str,
        each: impl FnMut(usize, usize, Walked<'_>),
    ) -> bool {
        match &self.automata {
            Some(automata) => memo.each_line(automata, text, each),
            None => false,
        }
    }
}

/// Inputs walked at a time: a few thousand, walked by every target while
/// they are in the cache.
const CHUNK: usize = 2048;

impl Apart {
    /// Its verdict on each input, as `verdict(index, valid)` in any order:
    /// those it hands to an automaton walked side by side, by automaton.
    fn decide(&self, inputs: &[&[u8]], mut verdict: impl FnMut(usize, bool)) {
        let mut jobs = Vec::with_capacity(inputs.len());
        let mut index = Vec::new();
        for (i, &input) in inputs.iter().enumerate() {
            match (self.pick)(input) {
                Pick::Valid(valid) => verdict(i, valid),
                Pick::By(k) => match self.automata.get(k) {
                    Some(a) => {
                        jobs.push((a.table(), input));
                        index.push(i);
                    }
                    None => verdict(i, false),
                },
            }
        }
        super::lanes::matches_each(jobs, |j, valid| {
            if let Some(&i) = index.get(j) {
                verdict(i, valid);
            }
        });
    }

    /// [`Apart::decide`] of the lines `each` of `piece`, [`CHUNK`] at a time.
    fn each_chunk(
        &self,
        piece: &[u8],
        each: &[(std::ops::Range<usize>, usize)],
        mut verdict: impl FnMut(usize, bool),
    ) {
        for (c, chunk) in each.chunks(CHUNK).enumerate() {
            let inputs: Vec<&[u8]> = chunk
                .iter()
                .map(|(line, _)| piece.get(line.clone()).unwrap_or_default())
                .collect();
            self.decide(&inputs, |i, valid| verdict(c * CHUNK + i, valid));
        }
    }
}

#[cfg(test)]
mod tests;
