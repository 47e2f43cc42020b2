//! A rule's DFA as regex-automata builds it from the rule's HIR, and the
//! states from which it can still accept. Nothing here names the crate
//! beyond the engines, so the build script compiles the editions' automata
//! with this code too (`src/build.rs`): the DFAs built ahead are these, byte
//! for byte, written with [`Dense::to_bytes`] and read back with
//! [`Dense::from_bytes`].

use std::collections::{HashMap, HashSet};

use regex_automata::dfa::{Automaton as _, StartKind, dense};
use regex_automata::nfa::thompson;
use regex_automata::util::primitives::StateID;
use regex_automata::{Anchored, MatchKind, util::start};
use regex_syntax::hir::Hir;

use super::hir::CompileError;
use super::lanes::Dfa;

/// Where an input stops being a prefix of any string a rule derives: the
/// automaton's state after the longest such prefix, and the prefix's length
/// in characters and in bytes (the same in an ASCII input).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Stop {
    /// The state after the prefix: inputs that stop in the same state have
    /// the same continuations.
    pub state: StateID,
    /// Offset in Unicode scalar values.
    pub offset: usize,
    /// Offset in bytes (UTF-8).
    pub byte_offset: usize,
}

impl Stop {
    /// The stop in `state` at `offset` characters, `byte_offset` bytes.
    pub fn at(state: StateID, offset: usize, byte_offset: usize) -> Stop {
        Stop {
            state,
            offset,
            byte_offset,
        }
    }
}

/// The most memory one rule's NFA, or its DFA while built or when done, may
/// take (bytes).
pub const MEMORY_LIMIT: usize = 32 << 20;

/// A rule's anchored DFA over bytes, its start, and which of its states are
/// live (an accepted end can still be reached).
pub struct Dense {
    /// The DFA, as regex-automata builds it.
    pub dfa: dense::DFA<Vec<u32>>,
    /// The anchored start state.
    pub start: StateID,
    /// Whether each state is live, by state id shifted back by the stride.
    pub live: Vec<bool>,
}

impl Dense {
    /// The DFA of the HIR's language, minimized or not ([`build`]).
    pub fn compile(hir: &Hir, minimize: bool) -> Result<Dense, CompileError> {
        let (dfa, start) = build(hir, minimize)?;
        let live = live_index(&dfa, start);
        Ok(Dense { dfa, start, live })
    }

    /// The DFA and its live states as bytes: the DFA as regex-automata
    /// serializes it (little endian), the live states one byte each.
    #[allow(dead_code)] // The build script's (`ahead_emit.rs`).
    pub fn to_bytes(&self) -> (Vec<u8>, Vec<u8>) {
        let (bytes, pad) = self.dfa.to_bytes_little_endian();
        let dfa = bytes.get(pad..).unwrap_or_default().to_vec();
        (dfa, self.live.iter().map(|&l| u8::from(l)).collect())
    }

    /// What [`Dense::to_bytes`] wrote; `None` if regex-automata refuses the
    /// DFA's bytes (another endianness, another version's format): then the
    /// caller compiles the rule instead. The DFA's bytes must be aligned to 4.
    pub fn from_bytes(dfa: &[u8], live: &[u8]) -> Option<Dense> {
        let (dfa, _) = dense::DFA::from_bytes(dfa).ok()?;
        let dfa = dfa.to_owned();
        let start = start_of(&dfa).ok()?;
        let live = live.iter().map(|&l| l != 0).collect();
        Some(Dense { dfa, start, live })
    }

    /// Whether `state` is live.
    pub fn is_live(&self, state: StateID) -> bool {
        self.live
            .get(state.as_usize() >> self.dfa.stride2())
            .copied()
            .unwrap_or(false)
    }

    /// The walk of `bytes` from offset `from` in states `(before, s)` (the
    /// state a byte back, and now): `Err` with the stop where it stops
    /// before their end, else the states at their end.
    #[inline]
    pub(super) fn walk_on(
        &self,
        bytes: &[u8],
        from: usize,
        (mut before, mut s): (StateID, StateID),
    ) -> Result<(StateID, StateID), Stop> {
        let rest = bytes.get(from..).unwrap_or_default();
        for (i, &b) in (from..).zip(rest) {
            let next = self.dfa.next_state(s, b);
            if self.dfa.is_dead_state(next) {
                return Err(self.last_live(before, s, i));
            }
            before = s;
            s = next;
        }
        Ok((before, s))
    }

    /// Where a walk that reached `s` after `at` bytes (`before` one byte
    /// earlier) stops: at `s`, or one byte back if `s` is not live.
    pub(super) fn last_live(&self, before: StateID, s: StateID, at: usize) -> Stop {
        if self.is_live(s) || at == 0 {
            Stop::at(s, at, at)
        } else {
            Stop::at(before, at - 1, at - 1)
        }
    }
}

impl Dfa for Dense {
    type State = StateID;

    fn start(&self) -> StateID {
        self.start
    }

    fn step(&self, state: StateID, byte: u8) -> StateID {
        self.dfa.next_state(state, byte)
    }

    fn is_live(&self, state: StateID) -> bool {
        Dense::is_live(self, state)
    }

    fn accepts_at_end(&self, state: StateID) -> bool {
        self.dfa.is_match_state(self.dfa.next_eoi_state(state))
    }
}

/// The anchored DFA that accepts exactly the HIR's language, minimized or
/// not, and its start state. Without minimizing, a state is one set of
/// positions in the rule's expression: inputs that reach it stand at the
/// same places of the same sub-rules.
fn build(hir: &Hir, minimize: bool) -> Result<(dense::DFA<Vec<u32>>, StateID), CompileError> {
    // Bounds on memory, whatever the grammar (a user's grammar file may
    // describe a language no automaton of reasonable size holds): every
    // edition's rules stay far below them.
    let nfa = thompson::Compiler::new()
        .configure(thompson::Config::new().nfa_size_limit(Some(MEMORY_LIMIT)))
        .build_from_hir(hir)
        .map_err(|e| CompileError(e.to_string()))?;
    let dfa = dense::Builder::new()
        .configure(
            dense::Config::new()
                .determinize_size_limit(Some(MEMORY_LIMIT))
                .dfa_size_limit(Some(MEMORY_LIMIT))
                .match_kind(MatchKind::All)
                .start_kind(StartKind::Anchored)
                .minimize(minimize),
        )
        .build_from_nfa(&nfa)
        .map_err(|e| CompileError(e.to_string()))?;
    let start = start_of(&dfa)?;
    Ok((dfa, start))
}

/// The anchored start state.
fn start_of<T: AsRef<[u32]>>(dfa: &dense::DFA<T>) -> Result<StateID, CompileError> {
    dfa.start_state(&start::Config::new().anchored(Anchored::Yes))
        .map_err(|e| CompileError(e.to_string()))
}

/// Whether an accepted end can be reached from each state (by any byte,
/// from `start`), indexed by state id shifted back by the stride: a table
/// as small as the automaton. regex-automata reports a match one byte late,
/// so a state that only remembers "the input before the last byte matched"
/// is neither live nor dead.
fn live_index(dfa: &dense::DFA<Vec<u32>>, start: StateID) -> Vec<bool> {
    let live = live_states(dfa, start);
    let stride2 = dfa.stride2();
    let size = live
        .iter()
        .map(|s| (s.as_usize() >> stride2) + 1)
        .max()
        .unwrap_or(0);
    let mut index = vec![false; size];
    for s in &live {
        if let Some(slot) = index.get_mut(s.as_usize() >> stride2) {
            *slot = true;
        }
    }
    index
}

/// The states reachable from `start` from which an accepted end can be
/// reached. Every byte is followed: a grammar's non-ASCII characters are
/// UTF-8 sequences (or octets), and in an ASCII grammar each non-ASCII byte
/// leads where no end is accepted.
fn live_states(dfa: &dense::DFA<Vec<u32>>, start: StateID) -> HashSet<StateID> {
    let mut seen = HashSet::from([start]);
    let mut order = vec![start];
    let mut edges: HashMap<StateID, Vec<StateID>> = HashMap::new(); // reversed
    let mut i = 0;
    while let Some(&s) = order.get(i) {
        i += 1;
        for b in 0u8..=255 {
            let t = dfa.next_state(s, b);
            edges.entry(t).or_default().push(s);
            if seen.insert(t) {
                order.push(t);
            }
        }
    }
    let mut live: HashSet<StateID> = order
        .iter()
        .copied()
        .filter(|&s| dfa.is_match_state(dfa.next_eoi_state(s)))
        .collect();
    let mut work: Vec<StateID> = live.iter().copied().collect();
    while let Some(t) = work.pop() {
        for &s in edges.get(&t).map(Vec::as_slice).unwrap_or(&[]) {
            if live.insert(s) {
                work.push(s);
            }
        }
    }
    live
}

/// A walk's first bytes, kept for the next input that starts with them
/// (see [`stop_resumed`](super::automaton::Automaton::stop_resumed)):
/// the states there, or its stop.
#[derive(Clone, Copy, Debug, Default)]
pub struct Kept {
    /// The first bytes.
    head: Head,
    walk: Option<Walked>,
}

/// The first 16 bytes of `bytes` as one word (little-endian, zeros past
/// their end): a short head compared in one instruction, not a call.
pub(crate) fn first_word(bytes: &[u8]) -> u128 {
    match bytes.first_chunk::<16>() {
        Some(&chunk) => u128::from_le_bytes(chunk),
        None => {
            let mut chunk = [0u8; 16];
            for (slot, &b) in chunk.iter_mut().zip(bytes) {
                *slot = b;
            }
            u128::from_le_bytes(chunk)
        }
    }
}

/// The bits of a word's first `len` bytes (16 at most).
fn word_mask(len: usize) -> u128 {
    u128::MAX
        .checked_shr(128 - 8 * len.min(16) as u32)
        .unwrap_or(0)
}

/// The first bytes of a text (16 at most) as a word and the mask of their
/// bits, so that whether another text starts with them is one comparison
/// of its [`first_word`]. Every head kept ends in a `:` or a `/`: a
/// shorter text, zeros past its end, never matches one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Head {
    word: u128,
    mask: u128,
}

impl Head {
    /// The head of `bytes`, all of them; `None` for more than 16.
    pub(crate) fn of(bytes: &[u8]) -> Option<Head> {
        (bytes.len() <= 16).then(|| {
            let mask = word_mask(bytes.len());
            Head {
                word: first_word(bytes) & mask,
                mask,
            }
        })
    }

    /// The head of a text's scheme and its `:` (the text through its first
    /// `:`), where those are at most 16 bytes.
    pub(crate) fn scheme(bytes: &[u8]) -> Option<Head> {
        let colon = bytes.iter().take(16).position(|&b| b == b':')?;
        Head::of(bytes.get(..=colon)?)
    }

    /// Whether a text whose [`first_word`] is `word` starts with this head.
    pub(crate) fn starts(&self, word: u128) -> bool {
        word & self.mask == self.word
    }

    /// How many bytes the head has.
    pub(crate) fn len(&self) -> usize {
        (u128::BITS - self.mask.leading_zeros()) as usize / 8
    }
}

/// A walk so far: the states a byte back and now, or where it stopped.
pub(super) type Walked = Result<(StateID, StateID), Stop>;

impl Kept {
    /// The head of `bytes`' scheme and its `:`, and a `//` after it, if
    /// at most 16 bytes.
    pub(super) fn prefix(bytes: &[u8]) -> Option<Head> {
        let scheme = Head::scheme(bytes)?.len();
        let slashes = bytes.get(scheme..scheme + 2) == Some(b"//");
        Head::of(bytes.get(..scheme + if slashes { 2 } else { 0 })?)
    }

    /// The kept walk and its length, if `bytes` start with its bytes.
    pub(super) fn after(&self, bytes: &[u8]) -> Option<(usize, Walked)> {
        let walk = self.walk?;
        self.head
            .starts(first_word(bytes))
            .then(|| (self.head.len(), walk))
    }

    pub(super) fn keep(&mut self, head: Head, walk: Walked) {
        self.head = head;
        self.walk = Some(walk);
    }
}

#[cfg(test)]
mod tests {
    use super::Head;

    #[test]
    fn a_head_matches_exactly_the_texts_that_start_with_it() {
        // Prefixes of each other, upper case, a NUL where the `:` was, and
        // schemes of 15 bytes (a head of 16 with its `:`) and of 16.
        let texts: [&[u8]; 11] = [
            b"",
            b"h",
            b"http",
            b"http:",
            b"http://h/",
            b"https://h/",
            b"HTTP://h/",
            b"http\0://",
            b"fifteenbytesxyz:",
            b"fifteenbytesxyz:/",
            b"sixteenbytesxyzw:",
        ];
        for head in texts.iter().filter_map(|t| Head::scheme(t)) {
            assert!((1..=16).contains(&head.len()));
            for text in texts {
                let word = super::first_word(text);
                let starts = text.len() >= head.len()
                    && Head::of(text.get(..head.len()).unwrap_or_default()) == Some(head);
                assert_eq!(head.starts(word), starts, "{text:?}");
            }
        }
        assert_eq!(
            Head::scheme(b"fifteenbytesxyz:/").map(|h| h.len()),
            Some(16)
        );
        // A scheme and `:` past 16 bytes, or no `:`, has no head.
        assert_eq!(Head::scheme(b"sixteenbytesxyzw:"), None);
        assert_eq!(Head::scheme(b"http"), None);
    }
}
