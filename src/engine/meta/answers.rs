//! What the door answers: verdicts a bit a target, counts, line ends.

/// Which targets find each input (or line) valid: a bit a target.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdicts {
    targets: usize,
    /// Words an input: 32 targets a word.
    words: usize,
    bits: Vec<u32>,
}

impl Verdicts {
    pub(super) fn new(inputs: usize, targets: usize) -> Verdicts {
        let words = targets.div_ceil(32).max(1);
        Verdicts {
            targets,
            words,
            bits: vec![0; inputs * words],
        }
    }

    /// Target `t` finds input `i` valid.
    #[inline(always)]
    pub(super) fn set(&mut self, i: usize, t: usize) {
        if let Some(word) = self.bits.get_mut(i * self.words + t / 32) {
            *word |= 1 << (t % 32);
        }
    }

    /// The words of the inputs from `base` on, one each, where `printed`
    /// targets are all of them and fill one word.
    pub(super) fn whole_words(&mut self, base: usize, printed: usize) -> Option<&mut [u32]> {
        let whole = self.words == 1 && printed == self.targets;
        whole.then(|| self.bits.get_mut(base..).unwrap_or_default())
    }

    /// How many inputs (or lines).
    pub fn len(&self) -> usize {
        self.bits.len() / self.words
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.bits.is_empty()
    }

    /// Whether target `t` finds input `i` valid.
    pub fn valid(&self, i: usize, t: usize) -> bool {
        let word = self.bits.get(i * self.words + t / 32).copied();
        word.is_some_and(|w| (w >> (t % 32)) & 1 != 0)
    }

    /// Whether every target finds input `i` valid.
    pub fn all_valid(&self, i: usize) -> bool {
        let row = self.bits.get(i * self.words..(i + 1) * self.words);
        let ones: u32 = row.map_or(0, |r| r.iter().map(|w| w.count_ones()).sum());
        ones as usize == self.targets
    }

    /// The first 32 targets' verdicts on input `i`, bit `t` for target `t`.
    pub fn bits(&self, i: usize) -> u32 {
        self.bits.get(i * self.words).copied().unwrap_or(0)
    }

    /// How many verdicts, over every input and target, are valid.
    pub fn valid_count(&self) -> usize {
        self.bits.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Target `t`'s verdict on each input, in order.
    pub fn of_target(&self, t: usize) -> impl Iterator<Item = bool> + '_ {
        (0..self.len()).map(move |i| self.valid(i, t))
    }
}

/// A piece's lines, and how many of them each target finds valid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineCounts {
    /// The lines of the piece ([`lines::count`](super::lines::count)).
    pub lines: usize,
    /// By target, in the targets' order.
    pub valid: Vec<usize>,
}

/// A piece's lines, where each ends (the offset of its `\n`, or the
/// piece's end for a last line with none) and their verdicts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineEnds {
    /// Where each line ends, in order.
    pub ends: Vec<usize>,
    /// Each line's verdicts, in the same order.
    pub verdicts: Verdicts,
}
