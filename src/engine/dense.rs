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
    ) -> Result<(StateID, StateID), (StateID, usize, usize)> {
        let rest = bytes.get(from..).unwrap_or_default();
        for (i, &b) in (from..).zip(rest) {
            // No grammar has a non-ASCII character.
            if !b.is_ascii() {
                return Err(self.last_live(before, s, i));
            }
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
    pub(super) fn last_live(
        &self,
        before: StateID,
        s: StateID,
        at: usize,
    ) -> (StateID, usize, usize) {
        if self.is_live(s) || at == 0 {
            (s, at, at)
        } else {
            (before, at - 1, at - 1)
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

/// Whether an accepted end can be reached from each state (by ASCII bytes,
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

/// The states reachable from `start` by ASCII bytes from which an accepted end
/// can be reached.
fn live_states(dfa: &dense::DFA<Vec<u32>>, start: StateID) -> HashSet<StateID> {
    let mut seen = HashSet::from([start]);
    let mut order = vec![start];
    let mut edges: HashMap<StateID, Vec<StateID>> = HashMap::new(); // reversed
    let mut i = 0;
    while let Some(&s) = order.get(i) {
        i += 1;
        for b in 0u8..128 {
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
/// (see [`stop_point_kept`](super::automaton::Automaton::stop_point_kept)):
/// the states there, or its stop.
#[derive(Clone, Copy, Debug, Default)]
pub struct Kept {
    /// The first bytes, as [`first_word`] reads them, and their length.
    head: u128,
    len: u8,
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
pub(crate) fn word_mask(len: usize) -> u128 {
    u128::MAX
        .checked_shr(128 - 8 * len.min(16) as u32)
        .unwrap_or(0)
}

/// A walk so far: the states a byte back and now, or where it stopped.
pub(super) type Walked = Result<(StateID, StateID), (StateID, usize, usize)>;

impl Kept {
    const MOST: usize = 16;

    /// The length of `bytes`' scheme and its `:`, and a `//` after it, if
    /// at most [`Kept::MOST`] bytes.
    pub(super) fn prefix(bytes: &[u8]) -> Option<usize> {
        let colon = bytes.iter().take(Kept::MOST).position(|&b| b == b':')?;
        let slashes = bytes.get(colon + 1..colon + 3) == Some(b"//");
        let len = colon + 1 + if slashes { 2 } else { 0 };
        (len <= Kept::MOST).then_some(len)
    }

    /// The kept walk and its length, if `bytes` start with its bytes.
    pub(super) fn after(&self, bytes: &[u8]) -> Option<(usize, Walked)> {
        let walk = self.walk?;
        let len = usize::from(self.len);
        // The head ends in a `:` or `/`: a shorter input, zeros past its
        // end, never matches it.
        (first_word(bytes) & word_mask(len) == self.head).then_some((len, walk))
    }

    pub(super) fn keep(&mut self, head: &[u8], walk: Walked) {
        let len = head.len().min(Kept::MOST);
        self.head = first_word(head) & word_mask(len);
        self.len = len as u8;
        self.walk = Some(walk);
    }
}
