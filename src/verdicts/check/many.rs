//! Verdicts on many inputs at once, through the engine's front door
//! ([`Door`]): it chooses the walk (eight inputs side by side, a piece of
//! text line ends and all, several checkers' automata as one).

use std::sync::Arc;

use super::{Checker, Engine};
use crate::engine::automaton::{self, Automaton};
pub use crate::engine::meta::Verdicts;
use crate::engine::meta::{Door, Pick, Target};

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
        let door = Door::new(vec![self.target()]);
        door.verdicts(inputs).of_target(0).collect()
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
        let counts = self.printed_door()?.line_counts(piece);
        Some((counts.lines, counts.valid.first().copied().unwrap_or(0)))
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
        let verdicts = self.printed_door()?.line_verdicts(piece);
        Some(verdicts.of_target(0).collect())
    }

    /// [`Checker::valid_lines`] with where each line ends: the offset of its
    /// `\n`, or of the piece's end for a last line with none.
    #[cfg(feature = "cli")]
    pub(crate) fn valid_line_ends(&self, piece: &[u8]) -> Option<Vec<(usize, bool)>> {
        let ends = self.printed_door()?.line_ends(piece);
        Some(
            ends.ends
                .into_iter()
                .zip(ends.verdicts.of_target(0))
                .collect(),
        )
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

    /// What the front door answers for this checker: its automaton, where
    /// it reads its inputs as printed; in the known-scheme reading, the
    /// automaton of each input's reading (a known scheme's own rule's, or
    /// the printed rule's); else its verdict on each input apart (folding
    /// rewrites the text; pest).
    pub(crate) fn target(&self) -> Target {
        if let Some(dfa) = self.plain_dfa() {
            return Target::automaton(dfa);
        }
        let dfa = match self.engine {
            Engine::Dfa if !self.reading.fold_scheme_case => self.shared_dfa(),
            _ => None,
        };
        let Some(dfa) = dfa else {
            let checker = self.clone();
            return Target::apart(move |input| {
                std::str::from_utf8(input).is_ok_and(|text| checker.is_valid(text))
            });
        };
        // In the known-scheme reading, a known scheme's own rule decides.
        let own = self.known.as_ref().and_then(|(c, own)| {
            let own = own
                .get_or_init(|| automaton::automaton_of(self.edition, &self.rule, &c.form()).ok());
            Some((*c, own.clone()?))
        });
        match own {
            Some((c, own)) => Target::choosing(vec![dfa, own], move |input| {
                let known = std::str::from_utf8(input).ok().and_then(|t| c.scheme_of(t));
                Pick::By(usize::from(known.is_some()))
            }),
            None => Target::automaton(dfa),
        }
    }

    /// The door of this checker alone, where it reads its inputs as printed.
    fn printed_door(&self) -> Option<Door> {
        Some(Door::new(vec![Target::automaton(self.plain_dfa()?)]))
    }

    /// The automaton, where it reads its inputs as printed.
    pub(crate) fn plain_dfa(&self) -> Option<Arc<Automaton>> {
        let plain = self.engine == Engine::Dfa
            && !self.reading.fold_scheme_case
            && !self.reading.known_schemes;
        if plain { self.shared_dfa() } else { None }
    }

    /// The automaton, compiled at the first call.
    fn shared_dfa(&self) -> Option<Arc<Automaton>> {
        self.dfa
            .get_or_init(|| automaton::automaton(self.edition, &self.rule).ok())
            .clone()
    }
}

/// Several checkers deciding together, through one door: the automata of
/// those that read their inputs as printed walked as one (the product of
/// their automata, whose state is the tuple of theirs) once enough was
/// walked to pay for it, so that a piece of input is read once, not once a
/// checker. Verdicts and counts are those of the checkers one by one.
#[derive(Debug)]
pub struct Checkers {
    door: Door,
}

impl Checkers {
    /// `checkers` deciding together.
    ///
    /// ```
    /// use urlbnf::{Checker, Edition, check::Checkers};
    /// let rfc1738 = Checker::for_edition(Edition::Rfc1738)?;
    /// let folding = rfc1738.clone().folding_scheme_case(true);
    /// let both = Checkers::new(&[rfc1738, folding]);
    /// assert_eq!(both.len(), 2);
    /// # Ok::<(), urlbnf::Error>(())
    /// ```
    pub fn new(checkers: &[Checker]) -> Checkers {
        let targets = checkers.iter().map(Checker::target).collect();
        Checkers {
            door: Door::new(targets),
        }
    }

    /// How many checkers.
    ///
    /// ```
    /// use urlbnf::{Checker, Edition, check::Checkers};
    /// let checkers = Checkers::new(&[Checker::for_edition(Edition::Rfc3986)?]);
    /// assert_eq!((checkers.len(), checkers.is_empty()), (1, false));
    /// # Ok::<(), urlbnf::Error>(())
    /// ```
    pub fn len(&self) -> usize {
        self.door.len()
    }

    /// Whether there are none.
    ///
    /// ```
    /// use urlbnf::check::Checkers;
    /// assert!(Checkers::new(&[]).is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.door.is_empty()
    }

    /// The lines of `piece` (split as [`Checker::count_valid_lines`] splits
    /// them) and how many of them each checker finds valid, in the
    /// checkers' order.
    ///
    /// ```
    /// use urlbnf::{Checker, Edition, check::Checkers};
    /// let checkers = [Checker::for_edition(Edition::Rfc1738)?, Checker::for_edition(Edition::Rfc3986)?];
    /// let both = Checkers::new(&checkers);
    /// let piece = b"http://info.cern.ch/\r\nhttp://h/~x\n\nftp://h/f\n";
    /// // RFC 3986's URI takes the `~` but not the empty line.
    /// assert_eq!(both.line_counts(piece), (4, vec![2, 3]));
    /// # Ok::<(), urlbnf::Error>(())
    /// ```
    pub fn line_counts(&self, piece: &[u8]) -> (usize, Vec<usize>) {
        let counts = self.door.line_counts(piece);
        (counts.lines, counts.valid)
    }

    /// Which checkers find each input valid, as [`Checker::valid_each`]
    /// decides.
    ///
    /// ```
    /// use urlbnf::{Checker, Edition, check::Checkers};
    /// let checkers = [Checker::for_edition(Edition::Rfc1738)?, Checker::for_edition(Edition::Rfc3986)?];
    /// let both = Checkers::new(&checkers);
    /// let inputs: [&[u8]; 3] = [b"http://info.cern.ch/", b"http://h/~x", b"http://h/\xff"];
    /// let verdicts = both.verdicts(&inputs);
    /// assert_eq!((0..3).map(|i| verdicts.bits(i)).collect::<Vec<_>>(), [0b11, 0b10, 0b00]);
    /// assert!(verdicts.all_valid(0) && !verdicts.all_valid(1));
    /// # Ok::<(), urlbnf::Error>(())
    /// ```
    pub fn verdicts(&self, inputs: &[&[u8]]) -> Verdicts {
        self.door.verdicts(inputs)
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
