//! Verdicts on many inputs at once: the automata walk them side by side.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

use super::{Checker, Engine};
use crate::engine::automaton::{self, Automaton};
#[cfg(feature = "cli")]
use crate::engine::lanes::product::Product;
use crate::engine::lanes::{
    self, Table,
    product::{MOST_INPUTS, Walks},
};

impl Checker {
    /// [`Checker::is_valid`] of each input, given as bytes: one that is not
    /// UTF-8 is never valid. The automaton walks eight inputs side by side,
    /// which is faster than one after another on a long list.
    ///
    /// ```
    /// use urlbnf::{Checker, Edition};
    /// let rfc1738 = Checker::for_edition(Edition::Rfc1738)?;
    /// let inputs: [&[u8]; 3] = [b"http://info.cern.ch/", b"http://h/~x", b"http://h/\xff"];
    /// assert_eq!(rfc1738.valid_each(&inputs), [true, false, false]);
    /// # Ok::<(), urlbnf::Error>(())
    /// ```
    pub fn valid_each(&self, inputs: &[&[u8]]) -> Vec<bool> {
        let mut valid = vec![false; inputs.len()];
        let dfa = match self.engine {
            // Folding rewrites the text: each input is read on its own.
            Engine::Dfa if !self.reading.fold_scheme_case => self.dfa(),
            _ => None,
        };
        let Some(dfa) = dfa else {
            for (slot, input) in valid.iter_mut().zip(inputs) {
                *slot = std::str::from_utf8(input).is_ok_and(|text| self.is_valid(text));
            }
            return valid;
        };
        let known = self.reading.known_schemes;
        let jobs = inputs.iter().map(|&input| {
            // In the known-scheme reading, a known scheme's own rule decides.
            let own = known
                .then(|| std::str::from_utf8(input).ok())
                .flatten()
                .and_then(|text| self.known_scheme(text));
            let automaton = own.map_or(dfa, |(_, _, own)| own);
            (automaton.table(), input)
        });
        lanes::matches_each(jobs, |i, v| {
            if let Some(slot) = valid.get_mut(i) {
                *slot = v;
            }
        });
        valid
    }

    /// The lines of `piece` (a `\n` ends a line, and a `\r` before it is
    /// not part of it; a final `\n` adds no line) and how many are valid, as
    /// [`Checker::valid_each`] would count them; `None` where this checker
    /// reads each input apart (folding, the known-scheme reading, pest).
    /// The automaton walks eight parts of the piece side by side, line ends
    /// and all.
    ///
    /// ```
    /// use urlbnf::{Checker, Edition};
    /// let rfc1738 = Checker::for_edition(Edition::Rfc1738)?;
    /// let piece = b"http://info.cern.ch/\r\nhttp://h/~x\n\nftp://h/f\n";
    /// assert_eq!(rfc1738.count_valid_lines(piece), Some((4, 2)));
    /// # Ok::<(), urlbnf::Error>(())
    /// ```
    pub fn count_valid_lines(&self, piece: &[u8]) -> Option<(usize, usize)> {
        Some(self.plain_dfa()?.table().count_lines(piece))
    }

    /// Whether each line of `piece` is valid, in order, the lines split as
    /// [`Checker::count_valid_lines`] splits them; `None` where this checker
    /// reads each input apart. The walk of `count_valid_lines`, each line's
    /// verdict kept.
    ///
    /// ```
    /// use urlbnf::{Checker, Edition};
    /// let rfc1738 = Checker::for_edition(Edition::Rfc1738)?;
    /// let piece = b"http://info.cern.ch/\r\nhttp://h/~x\n\nftp://h/f";
    /// assert_eq!(rfc1738.valid_lines(piece), Some(vec![true, false, false, true]));
    /// # Ok::<(), urlbnf::Error>(())
    /// ```
    pub fn valid_lines(&self, piece: &[u8]) -> Option<Vec<bool>> {
        Some(self.plain_dfa()?.table().lines_derived(piece))
    }

    /// [`Checker::valid_lines`] with where each line ends: the offset of its
    /// `\n`, or of the piece's end for a last line with none.
    #[cfg(feature = "cli")]
    pub(crate) fn valid_line_ends(&self, piece: &[u8]) -> Option<Vec<(usize, bool)>> {
        let dfa = self.plain_dfa()?;
        let mut ends = Vec::with_capacity(piece.len() / 16);
        dfa.table()
            .each_line_derived(piece, |end, valid| ends.push((end, valid)));
        Some(ends)
    }

    /// The product of the rule's line walk and `others'`, its line ends
    /// marked with `code` of the bits (bit 0: the rule; see
    /// [`Product::coded`]), where the rule reads its inputs as printed.
    #[cfg(feature = "cli")]
    pub(crate) fn line_product(
        &self,
        others: &[Table],
        code: impl Fn(u32) -> u32,
    ) -> Option<Product> {
        let rule = self.plain_dfa()?;
        let tables: Vec<&Table> = std::iter::once(rule.table()).chain(others).collect();
        Product::coded(&tables, code)
    }

    /// Whether every string the rule derives is printable ASCII (U+0020 to
    /// U+007E), read from its automaton: then so is every input it finds
    /// valid, in any reading (folding changes only the case of letters), and
    /// a command writes such inputs with no look for characters a terminal
    /// must not get. `false` where the automaton cannot be built.
    #[cfg(feature = "cli")]
    pub(crate) fn derives_only_printable(&self) -> bool {
        let unprintable = (0..0x20).chain(0x7f..=0xff);
        self.dfa()
            .is_some_and(|dfa| !dfa.table().derives_any_of(unprintable))
    }

    /// The automaton, where it reads its inputs as printed.
    fn plain_dfa(&self) -> Option<Arc<Automaton>> {
        let plain = self.engine == Engine::Dfa
            && !self.reading.fold_scheme_case
            && !self.reading.known_schemes;
        let dfa = || {
            self.dfa
                .get_or_init(|| automaton::automaton(self.edition, &self.rule).ok())
                .clone()
        };
        if plain { dfa() } else { None }
    }
}

/// Until this many bytes of pieces, or this many inputs of lists, were
/// walked, they are walked checker by checker: making a joint walk costs a
/// few milliseconds, more than it saves on less.
const SHORT_PIECE: usize = 1 << 16;
const SHORT_LIST: usize = 1024;

/// Add `n` to `walked`: whether it has reached `short`.
fn more_than(walked: &AtomicUsize, n: usize, short: usize) -> bool {
    walked.fetch_add(n, Ordering::Relaxed).saturating_add(n) >= short
}

/// Several checkers deciding together: their automata walked as one (the
/// product of their automata, whose state is the tuple of theirs), so that a
/// piece of input is read once, not once a checker. Verdicts and counts are
/// those of the checkers one by one. Each walk is made when first used.
#[derive(Debug)]
pub struct Joint {
    automata: Vec<Arc<Automaton>>,
    lines: OnceLock<Walks>,
    inputs: OnceLock<Option<Walks>>,
    /// The bytes of pieces and the inputs of lists walked so far.
    walked: (AtomicUsize, AtomicUsize),
}

impl Joint {
    /// The joint walk of `checkers`, or `None` where one of them reads each
    /// input apart (folding, the known-scheme reading, pest).
    ///
    /// ```
    /// use urlbnf::{Checker, Edition, check::Joint};
    /// let rfc1738 = Checker::for_edition(Edition::Rfc1738)?;
    /// assert!(Joint::new(&[rfc1738.clone()]).is_some());
    /// let folding = rfc1738.folding_scheme_case(true);
    /// assert!(Joint::new(&[folding]).is_none());
    /// # Ok::<(), urlbnf::Error>(())
    /// ```
    pub fn new(checkers: &[Checker]) -> Option<Joint> {
        let automata = checkers
            .iter()
            .map(Checker::plain_dfa)
            .collect::<Option<_>>()?;
        Some(Joint {
            automata,
            lines: OnceLock::new(),
            inputs: OnceLock::new(),
            walked: Default::default(),
        })
    }

    fn tables(&self) -> Vec<&Table> {
        self.automata.iter().map(|a| a.table()).collect()
    }

    /// The lines of `piece` (split as [`Checker::count_valid_lines`] splits
    /// them) and how many of them each checker derives, in the checkers' order.
    ///
    /// ```
    /// use urlbnf::{Checker, Edition, check::Joint};
    /// let checkers = [Checker::for_edition(Edition::Rfc1738)?, Checker::for_edition(Edition::Rfc3986)?];
    /// let joint = Joint::new(&checkers).expect("both read lines as printed");
    /// let piece = b"http://info.cern.ch/\r\nhttp://h/~x\n\nftp://h/f\n";
    /// // RFC 3986's URI takes the `~` but not the empty line.
    /// assert_eq!(joint.count_lines(piece), (4, vec![2, 3]));
    /// # Ok::<(), urlbnf::Error>(())
    /// ```
    pub fn count_lines(&self, piece: &[u8]) -> (usize, Vec<usize>) {
        if self.lines.get().is_none() && !more_than(&self.walked.0, piece.len(), SHORT_PIECE) {
            let tables = self.tables();
            let counts: Vec<(usize, usize)> = tables.iter().map(|t| t.count_lines(piece)).collect();
            let lines = counts.first().map_or(0, |&(lines, _)| lines);
            return (lines, counts.into_iter().map(|(_, valid)| valid).collect());
        }
        self.lines
            .get_or_init(|| Walks::new(&self.tables()))
            .count_lines(piece)
    }

    /// Which checkers find each input valid, a bit each (bit `i`: checker
    /// `i`), as [`Checker::valid_each`] decides; `None` for more than 32
    /// checkers.
    ///
    /// ```
    /// use urlbnf::{Checker, Edition, check::Joint};
    /// let checkers = [Checker::for_edition(Edition::Rfc1738)?, Checker::for_edition(Edition::Rfc3986)?];
    /// let joint = Joint::new(&checkers).expect("both read as printed");
    /// let inputs: [&[u8]; 3] = [b"http://info.cern.ch/", b"http://h/~x", b"http://h/\xff"];
    /// assert_eq!(joint.valid_each(&inputs), Some(vec![0b11, 0b10, 0b00]));
    /// # Ok::<(), urlbnf::Error>(())
    /// ```
    pub fn valid_each(&self, inputs: &[&[u8]]) -> Option<Vec<u32>> {
        if self.inputs.get().is_none() && !more_than(&self.walked.1, inputs.len(), SHORT_LIST) {
            let tables = self.tables();
            if tables.len() > MOST_INPUTS {
                return None;
            }
            let mut bits = vec![0u32; inputs.len()];
            for (i, table) in tables.iter().enumerate() {
                table.matches_each(inputs.iter().copied().enumerate(), |k, valid| {
                    if let (true, Some(b)) = (valid, bits.get_mut(k)) {
                        *b |= 1 << i;
                    }
                });
            }
            return Some(bits);
        }
        let walks = self
            .inputs
            .get_or_init(|| Walks::of_inputs(&self.tables()))
            .as_ref()?;
        Some(walks.matches_each(inputs))
    }
}

#[cfg(all(test, feature = "cli"))]
mod tests {
    use super::*;
    use crate::Edition;

    #[test]
    fn only_printable_is_read_from_the_grammar() {
        // Every rule of every edition derives printable ASCII alone ...
        for edition in Edition::ALL {
            for rule in &crate::grammar::PrintedGrammar::of(edition).rules {
                let checker = Checker::new(edition, &rule.name, Engine::Dfa).unwrap();
                assert!(checker.derives_only_printable(), "{edition} {}", rule.name);
            }
        }
        // ... and a grammar of one's own that derives a tab, a line end or
        // a DEL does not; one with a space or a "~" does.
        for (byte, text) in [("tab", "%x09"), ("lf", "%x0A"), ("del", "%x7F")] {
            let grammar = format!("word = 1*ALPHA [ {text} 1*ALPHA ]\n");
            let edition = crate::load_grammar_text(byte, &grammar, None).unwrap();
            let checker = Checker::new(edition, "word", Engine::Dfa).unwrap();
            assert!(!checker.derives_only_printable(), "{grammar}");
        }
        for (byte, text) in [("space", "%x20"), ("tilde", "%x7E")] {
            let grammar = format!("word = 1*ALPHA [ {text} 1*ALPHA ]\n");
            let edition = crate::load_grammar_text(byte, &grammar, None).unwrap();
            let checker = Checker::new(edition, "word", Engine::Dfa).unwrap();
            assert!(checker.derives_only_printable(), "{grammar}");
        }
    }
}
