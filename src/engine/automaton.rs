//! Reference automata compiled from the printed BNF (never from the pest grammars).
//!
//! Every printed grammar is regular: its only recursion is a rule calling itself in
//! tail position (`hostname ialpha [ . hostname ]`). Such a rule `N = A | B N` is
//! solved as `B* A` (Arden's rule); all other rules are inlined. The result is a
//! `regex_syntax` HIR, which `regex-automata` compiles to a minimal anchored DFA
//! over bytes. A grammar's non-ASCII characters are the UTF-8 sequences of
//! their code points (or, in a grammar of octets, single bytes); the seven
//! editions have none, so any non-ASCII input character ends their
//! derivations. Offsets are in characters: a walk stops where a character
//! starts.

use std::collections::HashMap;

use rustc_hash::FxHashMap;
use std::fmt;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use regex_automata::dfa::Automaton as _;
use regex_automata::util::primitives::StateID;
use regex_syntax::hir::Hir;

use crate::edition::Edition;
use crate::error::Error;
use crate::grammar::{CharSet, PrintedGrammar};

use super::ahead;
pub(crate) use super::chars::is_continuation;
use super::chars::ranges;
pub use super::dense::Kept;
pub use super::dense::Stop;
use super::dense::{Dense, MEMORY_LIMIT};
pub use super::hir::{CompileError, HirGrammar};
use super::lanes::{Dfa, Table};
pub use super::stop::Frontier;
pub use super::threads::on_threads;

/// A minimal DFA for one rule of one edition.
pub struct Automaton {
    /// The DFA, and whether some continuation is accepted from each state.
    /// regex-automata reports a match one byte late, so a state that only
    /// remembers "the input before the last byte matched" is not dead, yet
    /// not live either.
    dense: Dense,
    /// Shortest paths from the start, computed when first asked for.
    pub(super) from_start: OnceLock<FxHashMap<StateID, (StateID, u8)>>,
    /// Shortest accepted continuations, computed when first asked for.
    pub(super) to_end: OnceLock<FxHashMap<StateID, Option<(u8, StateID)>>>,
    /// The table that decides fast, built when first asked for.
    table: OnceLock<Table>,
    /// Whether some live state goes on by a non-ASCII byte (the grammar has
    /// a non-ASCII character): walks then stop where a character starts.
    wide: bool,
    /// Whether a non-ASCII value is a byte (`%encoding octets`), not a
    /// code point.
    octets: bool,
}

impl fmt::Debug for Automaton {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Automaton")
            .field("bytes", &self.dense.dfa.memory_usage())
            .finish()
    }
}

impl Automaton {
    /// Compile a HIR to an anchored DFA that accepts exactly its language.
    pub fn from_hir(hir: &Hir) -> Result<Automaton, CompileError> {
        Automaton::from_hir_with(hir, true)
    }

    /// [`Automaton::from_hir`], minimized or not. Without minimizing, a state
    /// is one set of positions in the rule's expression: inputs that reach it
    /// stand at the same places of the same sub-rules.
    pub fn from_hir_with(hir: &Hir, minimize: bool) -> Result<Automaton, CompileError> {
        // A HIR that matches bytes no UTF-8 text has is a grammar of octets'.
        let octets = !hir.properties().is_utf8();
        Ok(Automaton::new(Dense::compile(hir, minimize)?, None).of_octets(octets))
    }

    /// An automaton of a DFA, with its table if it was built already.
    fn new(dense: Dense, table: Option<Table>) -> Automaton {
        let wide = (0..dense.live.len())
            .filter(|&i| dense.live.get(i).copied().unwrap_or(false))
            .filter_map(|i| StateID::new(i << dense.dfa.stride2()).ok())
            .any(|s| (0x80u8..=0xFF).any(|b| dense.is_live(dense.dfa.next_state(s, b))));
        Automaton {
            wide,
            octets: false,
            dense,
            from_start: OnceLock::new(),
            to_end: OnceLock::new(),
            table: table.map(OnceLock::from).unwrap_or_default(),
        }
    }

    /// The start state.
    pub fn start(&self) -> StateID {
        self.dense.start
    }

    /// Whether the rule derives a non-ASCII character.
    pub fn is_wide(&self) -> bool {
        self.wide
    }

    /// Whether the rule's non-ASCII values are bytes (`%encoding octets`).
    pub(crate) fn is_octets(&self) -> bool {
        self.octets
    }

    /// The automaton of a grammar of octets.
    #[must_use]
    pub fn of_octets(mut self, octets: bool) -> Automaton {
        self.octets = octets;
        self
    }

    /// The state after one byte.
    pub fn step(&self, state: StateID, byte: u8) -> StateID {
        self.dense.dfa.next_state(state, byte)
    }

    /// The class of an ASCII byte: bytes of one class lead every state alike.
    pub fn byte_class(&self, byte: u8) -> u8 {
        self.dense.dfa.byte_classes().get(byte)
    }

    /// A dense number for a live state, below [`Automaton::live_states`]:
    /// tables indexed by state use it instead of hashing.
    pub fn live_number(&self, state: StateID) -> Option<usize> {
        let i = state.as_usize() >> self.dense.dfa.stride2();
        self.dense
            .live
            .get(i)
            .copied()
            .unwrap_or(false)
            .then_some(i)
    }

    /// The bound of [`Automaton::live_number`].
    pub fn live_states(&self) -> usize {
        self.dense.live.len()
    }

    /// Whether some continuation from `state` (the empty one included) is accepted.
    pub fn is_live(&self, state: StateID) -> bool {
        self.dense.is_live(state)
    }

    /// Whether the input read so far is accepted if it ends here.
    pub fn accepts_at_end(&self, state: StateID) -> bool {
        self.dense
            .dfa
            .is_match_state(self.dense.dfa.next_eoi_state(state))
    }

    /// Whether the rule derives the whole input.
    pub fn matches(&self, input: &str) -> bool {
        let mut s = self.dense.start;
        for &b in input.as_bytes() {
            s = self.dense.dfa.next_state(s, b);
            if self.dense.dfa.is_dead_state(s) {
                return false;
            }
        }
        self.accepts_at_end(s)
    }

    /// The rule's [`Table`]: the same verdicts as [`Automaton::matches`], from
    /// a table small enough for the first-level cache, and walked several
    /// inputs at once by [`lanes::matches_each`](super::lanes::matches_each).
    pub fn table(&self) -> &Table {
        self.table.get_or_init(|| Table::new(self))
    }

    /// `Ok` when the rule derives the input; otherwise the longest prefix of the
    /// input that some derivable string starts with, and what may follow it.
    pub fn diagnose(&self, input: &str) -> Result<(), Frontier> {
        match self.stop(input) {
            None => Ok(()),
            Some(stop) => Err(self.frontier(stop)),
        }
    }

    /// [`Automaton::stop`] in the walk of [`Automaton::matches`]: the dead
    /// state is tested per byte, and only at the end is the state before checked.
    /// A state that is neither live nor dead only records a match one byte late;
    /// every byte leads from it to the dead state, so it can only be the last
    /// state of a walk, and the live state before it is where the input stops.
    pub fn stop_fast(&self, input: &str) -> Option<Stop> {
        if self.wide {
            return self.stop(input);
        }
        let start = self.dense.start;
        self.stop_after(input.as_bytes(), 0, (start, start))
    }

    /// [`Automaton::stop_fast`], resumed where `kept` holds the walk
    /// of the input's first bytes (its scheme and `:`, and a `//` after
    /// it), and keeping this input's there: the inputs of a corpus mostly
    /// share their first bytes, and walks are of a byte after another.
    pub fn stop_resumed(&self, input: &str, kept: &mut Kept) -> Option<Stop> {
        if self.wide {
            return self.stop(input);
        }
        let bytes = input.as_bytes();
        let (len, walk) = match kept.after(bytes) {
            Some((_, Err(stop))) => return Some(stop),
            Some((len, Ok(states))) => (len, states),
            None => {
                let Some(head) = Kept::prefix(bytes) else {
                    return self.stop_fast(input);
                };
                let (start, len) = (self.dense.start, head.len());
                let walk =
                    self.dense
                        .walk_on(bytes.get(..len).unwrap_or_default(), 0, (start, start));
                kept.keep(head, walk);
                match walk {
                    Err(stop) => return Some(stop),
                    Ok(states) => (len, states),
                }
            }
        };
        self.stop_after(bytes, len, walk)
    }

    /// Where the walk of `bytes` from offset `from` in `states` stops.
    #[inline]
    fn stop_after(&self, bytes: &[u8], from: usize, states: (StateID, StateID)) -> Option<Stop> {
        match self.dense.walk_on(bytes, from, states) {
            Err(stop) => Some(stop),
            Ok((before, s)) => {
                (!self.accepts_at_end(s)).then(|| self.dense.last_live(before, s, bytes.len()))
            }
        }
    }

    /// Where [`Automaton::diagnose`] stops, without describing what may
    /// follow; `None` when the rule derives the input.
    pub fn stop(&self, input: &str) -> Option<Stop> {
        let mut s = self.dense.start;
        // Where the current character starts: a walk that dies inside a
        // character stops there.
        let mut at = Stop::at(s, 0, 0);
        let mut offset = 0;
        for (byte_offset, &b) in input.as_bytes().iter().enumerate() {
            if !is_continuation(b) {
                at = Stop::at(s, offset, byte_offset);
                offset += 1;
            }
            let next = self.dense.dfa.next_state(s, b);
            if !self.is_live(next) {
                return Some(at);
            }
            s = next;
        }
        (!self.accepts_at_end(s)).then_some(Stop::at(s, offset, input.len()))
    }

    /// Where the input stops being a prefix of any derivable string, or, if
    /// it never does, its end (derivable or not), with what may follow there.
    pub fn stop_or_end(&self, input: &str) -> Frontier {
        match self.stop(input) {
            Some(stop) => self.frontier(stop),
            None => {
                let s = self
                    .state_after(input.as_bytes())
                    .unwrap_or(self.dense.start);
                self.frontier(Stop::at(s, input.chars().count(), input.len()))
            }
        }
    }

    /// The ASCII characters that keep `state` live.
    pub fn live_bytes(&self, state: StateID) -> CharSet {
        (0u8..128)
            .filter(|&b| self.is_live(self.dense.dfa.next_state(state, b)))
            .collect()
    }

    /// The non-ASCII characters that keep `state` live, as ranges of code
    /// points (of byte values, in a grammar of octets); none in an ASCII
    /// grammar.
    pub fn live_wide(&self, state: StateID) -> Vec<(u32, u32)> {
        if !self.wide {
            return Vec::new();
        }
        if self.octets {
            return ranges(
                (0x80u8..=0xFF)
                    .filter(|&b| self.is_live(self.step(state, b)))
                    .map(u32::from),
            );
        }
        super::chars::live_ranges(self, state)
    }

    /// What could come where the input stops.
    pub fn frontier(&self, stop: Stop) -> Frontier {
        let Stop {
            state,
            offset,
            byte_offset,
        } = stop;
        Frontier {
            offset,
            byte_offset,
            wide: self.live_wide(state),
            next: self.live_bytes(state),
            may_end: self.accepts_at_end(state),
            state,
        }
    }

    /// The stop of an input whose longest valid prefix ends in `state`, at offset 0.
    pub fn stop_in(&self, state: StateID) -> Frontier {
        self.frontier(Stop::at(state, 0, 0))
    }

    /// The state after `input` from the start, if every byte keeps it live.
    pub fn state_after(&self, input: &[u8]) -> Option<StateID> {
        let mut s = self.dense.start;
        for &b in input {
            s = self.dense.dfa.next_state(s, b);
            if !self.is_live(s) {
                return None;
            }
        }
        Some(s)
    }
}

impl Dfa for Automaton {
    type State = StateID;

    fn start(&self) -> StateID {
        self.dense.start
    }

    fn step(&self, state: StateID, byte: u8) -> StateID {
        self.dense.dfa.next_state(state, byte)
    }

    fn is_live(&self, state: StateID) -> bool {
        Automaton::is_live(self, state)
    }

    fn accepts_at_end(&self, state: StateID) -> bool {
        Automaton::accepts_at_end(self, state)
    }
}

/// What is compiled from the rules of the editions, kept for the process, by
/// edition, rule and (where one rule has several) which form.
pub(crate) type RuleCache<T, F = ()> =
    OnceLock<Mutex<HashMap<(Edition, String, F), Arc<Mutex<Option<Arc<T>>>>>>>;

/// `compile` of a rule, once per process in `cache`. A rule the edition
/// lacks is [`Error::UnknownRule`]; one that does not compile is
/// [`Error::Transcription`] (urlbnf's defect, never the caller's).
pub(crate) fn compiled_once<T, F: Eq + std::hash::Hash>(
    cache: &RuleCache<T, F>,
    (edition, rule, form): (Edition, &str, F),
    compile: impl FnOnce(&'static PrintedGrammar) -> Result<T, CompileError>,
) -> Result<Arc<T>, Error> {
    let grammar = PrintedGrammar::of(edition);
    grammar.require(rule)?;
    let cache = cache.get_or_init(Default::default);
    let key = (edition, rule.to_string(), form);
    // One slot per rule, held while it compiles: a thread that asks for a
    // rule being compiled waits for it instead of compiling it again.
    let slot = match cache.lock() {
        Ok(mut c) => c.entry(key).or_default().clone(),
        Err(_) => Arc::default(),
    };
    let mut slot = slot.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(done) = slot.as_ref() {
        return Ok(done.clone());
    }
    let done = Arc::new(compile(grammar).map_err(|e| defect(edition, rule, e))?);
    *slot = Some(done.clone());
    Ok(done)
}

/// A rule's automaton in a [`Form`]: the one the build script compiled
/// ahead where it did (each edition's whole-URL rule), else compiled now.
fn compile(grammar: &PrintedGrammar, rule: &str, form: &Form) -> Result<Automaton, CompileError> {
    let without = form.without.as_ref().map(|(r, a)| (r.as_str(), a.as_str()));
    // Only a transcription's rules were compiled ahead: a grammar file read
    // at run time is compiled now, whatever its name.
    let ahead = grammar
        .edition
        .has_transcription()
        .then(|| ahead::find(grammar.edition.id(), rule, without, form.positions));
    if let Some((dense, table)) = ahead.flatten() {
        return Ok(Automaton::new(dense, table));
    }
    let hir = match without {
        Some((r, alt)) => HirGrammar::without(grammar, r, alt).rule(rule),
        None => HirGrammar::new(grammar).rule(rule),
    }?;
    let a = Automaton::from_hir_with(&hir, !form.positions)?;
    let octets = a.is_octets() || grammar.octets;
    Ok(a.of_octets(octets))
}

/// A rule that does not compile: urlbnf's defect in an edition's
/// transcription, or, in a grammar file read at run time, the file's, at the
/// rule's line.
pub(crate) fn defect(edition: Edition, rule: &str, e: CompileError) -> Error {
    if edition.has_transcription() {
        return Error::Transcription {
            edition,
            rule: Some(rule.to_string()),
            message: e.0,
        };
    }
    let grammar = PrintedGrammar::of(edition);
    // The rule at fault: the one that recurses (`'a' recurses …`), else the one asked.
    let at_fault =
        e.0.strip_prefix('\'')
            .and_then(|m| m.split_once('\''))
            .and_then(|(name, _)| grammar.rule(name))
            .or_else(|| grammar.rule(rule));
    let message = if e.0.contains("size limit") {
        format!(
            "its automaton needs more than urlbnf's bound of {} MiB ({})",
            MEMORY_LIMIT >> 20,
            e.0
        )
    } else if !e.0.starts_with("no rule") {
        format!(
            "{}: urlbnf reads a rule that refers to itself only as its last part \
             (right recursion) as a repetition; write left recursion as one \
             (a = \"y\" *\"x\" for a = a \"x\" / \"y\"); nesting (a = \"(\" a \")\") \
             has no finite automaton{}",
            e.0,
            match at_fault.is_some_and(|r| r.name != rule) {
                true => format!(" (asked for '{rule}', which uses it)"),
                false => String::new(),
            }
        )
    } else {
        e.0
    };
    Error::Grammar {
        file: edition.id().to_string(),
        line: at_fault.map_or(0, |r| r.line),
        column: at_fault.map_or(0, |r| r.column),
        rule: Some(at_fault.map_or(rule, |r| r.name.as_str()).to_string()),
        message,
    }
}

static AUTOMATA: RuleCache<Automaton> = OnceLock::new();

/// The automaton of a rule of an edition, compiled once and shared.
/// A rule the edition lacks is [`Error::UnknownRule`]; one that does not compile
/// is [`Error::Transcription`] (urlbnf's defect, never the caller's).
pub fn automaton(edition: Edition, rule: &str) -> Result<Arc<Automaton>, Error> {
    compiled_once(&AUTOMATA, (edition, rule, ()), |grammar| {
        compile(grammar, rule, &Form::default())
    })
}

/// Which automaton of a rule [`automaton_of`] gives.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Form {
    /// Leave this alternative out of this rule: (rule, alternative).
    pub without: Option<(String, String)>,
    /// Not minimized: each state is one set of positions in the rule's
    /// expression, so inputs that reach it stand in the same sub-rules.
    pub positions: bool,
}

/// The automaton of a rule in another [`Form`], compiled once and shared.
pub fn automaton_of(edition: Edition, rule: &str, form: &Form) -> Result<Arc<Automaton>, Error> {
    static FORMS: RuleCache<Automaton, Form> = OnceLock::new();
    if *form == Form::default() {
        return automaton(edition, rule);
    }
    compiled_once(&FORMS, (edition, rule, form.clone()), |grammar| {
        compile(grammar, rule, form)
    })
}
