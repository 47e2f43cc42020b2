//! Verdicts on many inputs at once: the automata walk them side by side.

use super::{Checker, Engine};
use crate::engine::lanes;

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
        let plain = self.engine == Engine::Dfa
            && !self.reading.fold_scheme_case
            && !self.reading.known_schemes;
        let dfa = if plain { self.dfa() } else { None }?;
        Some(dfa.table().count_lines(piece))
    }
}
