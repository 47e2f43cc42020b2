//! The conformance of a corpus: per edition, how many inputs the rule derives,
//! per scheme, and the invalid ones grouped by cause; across editions, which
//! inputs one accepts and another rejects.
//!
//! Work is split freely: a [`Partial`] per piece of the input, merged
//! ([`Partial::merge`]), then finished into a [`Report`]; finished reports of
//! disjoint parts merge into the report of the whole ([`Report::merge`]), so a
//! cluster can report a corpus piece by piece.
//!
//! A cause is where the input stops being a prefix of any valid string (the
//! reference automaton's state there) and what was found: so it is a property of
//! the point of failure, not of the input's other text, and counts over millions
//! of inputs group stably. It is described by the innermost printed rule still
//! open at that point (read from the derivation of the shortest valid string
//! through the same point), the character found, and what could come there.
//!
//! Memory is bounded by the grammars, not the corpus: causes are at most the
//! automaton's states times the 130 kinds of found character, examples are
//! [`EXAMPLES`] short inputs per cause, and schemes are at most [`MAX_SCHEMES`].

use std::cmp::Reverse;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::{Mutex, OnceLock};

use regex_automata::util::primitives::StateID;
use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};

use crate::analysis::check::{Checker, Engine, describe};
use crate::edition::Edition;
use crate::engine::prefixes;
use crate::error::Error;
use crate::grammar::{PestOutcome, PrintedGrammar, peg};

/// The format a report's JSON declares; a merge refuses any other.
pub const FORMAT: &str = "urlbnf-report/1";
/// Example inputs kept per cause: the shortest, then the least in byte order.
pub const EXAMPLES: usize = 3;
/// Longer inputs are counted but not kept as examples.
pub const EXAMPLE_BYTES: usize = 256;
/// Distinct schemes counted one by one; the rest are summed under
/// [`OTHER_SCHEMES`].
pub const MAX_SCHEMES: usize = 1000;
/// The longest scheme name counted as such.
const SCHEME_BYTES: usize = 32;
/// More targets than this would make the verdict patterns too many to keep.
const MAX_TARGETS: usize = 8;

/// The scheme of an input with no `:`.
pub const NO_SCHEME: &str = "(none)";
/// The scheme of an input whose text before the first `:` is not a scheme name.
pub const NOT_A_SCHEME: &str = "(not a scheme)";
/// Schemes beyond the first [`MAX_SCHEMES`].
pub const OTHER_SCHEMES: &str = "(other schemes)";
pub use crate::analysis::check::FOUND_END;
/// What `found` says for a character outside ASCII (no printed grammar has one).
pub const FOUND_NON_ASCII: &str = "non-ASCII character";

/// The report on a corpus.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Report {
    /// Always [`FORMAT`].
    pub format: String,
    /// Inputs read.
    pub inputs: u64,
    /// One report per (edition, rule) checked, in the order given.
    pub editions: Vec<EditionReport>,
    /// How many inputs each combination of verdicts had: the editions that
    /// accept the input (the others reject it).
    pub patterns: Vec<Pattern>,
    /// For each ordered pair of editions, the inputs the first accepts and the
    /// second rejects (derived from `patterns`).
    pub differences: Vec<Difference>,
}

/// The verdicts of one edition's rule on the corpus.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EditionReport {
    /// The edition.
    pub grammar: Edition,
    /// The rule, by its printed name.
    pub rule: String,
    /// Inputs the rule derives.
    pub valid: u64,
    /// Inputs it does not.
    pub invalid: u64,
    /// The same counts per scheme (the text before the first `:`, lowercased),
    /// most inputs first.
    pub schemes: Vec<SchemeCount>,
    /// The invalid inputs grouped by cause, most inputs first.
    pub causes: Vec<Cause>,
}

/// Verdicts on the inputs of one scheme.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SchemeCount {
    /// The scheme, lowercased, or [`NO_SCHEME`], [`NOT_A_SCHEME`], [`OTHER_SCHEMES`].
    pub scheme: String,
    /// Inputs the rule derives.
    pub valid: u64,
    /// Inputs it does not.
    pub invalid: u64,
}

/// Why invalid inputs fail: one point of failure, counted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cause {
    /// The innermost printed rule still open where the input stops.
    pub rule: String,
    /// What the input has there: one character, [`FOUND_END`] or
    /// [`FOUND_NON_ASCII`].
    pub found: String,
    /// What could come there, as `check` words it.
    pub expected: Vec<String>,
    /// Invalid inputs with this cause.
    pub inputs: u64,
    /// Up to [`EXAMPLES`] of them, shortest first.
    pub examples: Vec<Example>,
}

/// An input that fails with a cause.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Example {
    /// The input.
    pub input: String,
    /// Where it stops, in characters (as `check`'s `error.offset`).
    pub offset: usize,
}

/// The inputs with one combination of verdicts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pattern {
    /// The editions that accept these inputs (the others reject them).
    pub valid_in: Vec<Edition>,
    /// How many inputs.
    pub inputs: u64,
}

/// Inputs one edition accepts and another rejects.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Difference {
    /// The edition that accepts them.
    pub accepted_by: Edition,
    /// The edition that rejects them.
    pub rejected_by: Edition,
    /// How many inputs.
    pub inputs: u64,
}

impl Cause {
    /// The cause in words, as `check` words a diagnosis: `hsegment: found "~",
    /// expected uchar, ";" or end of input`.
    pub fn describe(&self) -> String {
        let found = if self.found.chars().count() == 1 {
            format!("{:?}", self.found)
        } else {
            self.found.clone()
        };
        let expected = match self.expected.as_slice() {
            [] => "nothing".to_string(),
            [one] => one.clone(),
            [init @ .., last] => format!("{} or {last}", init.join(", ")),
        };
        format!("{}: found {found}, expected {expected}", self.rule)
    }
}

/// What was found where an input stops.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Found {
    Char(u8),
    NonAscii,
    End,
}

/// Codes of [`Found`]: 128 ASCII characters, non-ASCII and the end.
const FOUND_CODES: usize = 130;

impl Found {
    /// A dense code below [`FOUND_CODES`].
    fn code(self) -> usize {
        match self {
            Found::Char(b) => usize::from(b),
            Found::NonAscii => 128,
            Found::End => 129,
        }
    }

    fn words(self) -> String {
        match self {
            Found::Char(b) => char::from(b).to_string(),
            Found::NonAscii => FOUND_NON_ASCII.to_string(),
            Found::End => FOUND_END.to_string(),
        }
    }
}

/// Invalid inputs at one point of failure, while counting.
#[derive(Clone, Debug, Default)]
struct CauseTally {
    inputs: u64,
    examples: Vec<Example>,
}

impl CauseTally {
    /// The longest input [`CauseTally::offer`] may keep.
    fn bar(&self) -> usize {
        match self.examples.last() {
            Some(last) if self.examples.len() >= EXAMPLES => last.input.len(),
            _ => EXAMPLE_BYTES,
        }
    }

    fn offer(&mut self, input: &str, offset: usize) {
        // Most inputs are longer than every kept example: rejected on length.
        if input.len() > self.bar() {
            return;
        }
        // Kept in order: the last is the one a new example would replace.
        if self.examples.len() >= EXAMPLES
            && self
                .examples
                .last()
                .is_some_and(|worst| example_key(input) >= example_key(&worst.input))
        {
            return;
        }
        if self.examples.iter().any(|e| e.input == input) {
            return;
        }
        self.examples.push(Example {
            input: input.to_string(),
            offset,
        });
        keep_examples(&mut self.examples);
    }

    fn merge(&mut self, other: CauseTally) {
        self.inputs += other.inputs;
        self.examples.extend(other.examples);
        keep_examples(&mut self.examples);
    }
}

/// Examples are ordered shortest first, then by their bytes.
fn example_key(input: &str) -> (usize, &[u8]) {
    (input.len(), input.as_bytes())
}

/// The [`EXAMPLES`] shortest distinct examples, least first.
fn keep_examples(examples: &mut Vec<Example>) {
    examples.sort_by(|a, b| {
        (a.input.len(), &a.input, a.offset).cmp(&(b.input.len(), &b.input, b.offset))
    });
    examples.dedup_by(|a, b| a.input == b.input);
    examples.truncate(EXAMPLES);
}

/// One target's counts while counting.
#[derive(Clone, Debug, Default)]
struct TargetTally {
    valid: u64,
    invalid: u64,
    /// Causes in order of first sight: the state, what was found, the cause's
    /// slot (none for a state without a live number) and its examples. The
    /// inputs of a cause with a slot are counted in `slots`.
    causes: Vec<(StateID, Found, Option<usize>, CauseTally)>,
    /// By slot (live state number x [`FOUND_CODES`] + found code): what every
    /// invalid verdict touches, in one place. A table, not a hash map, made at
    /// the first invalid input (states x 130 x 16 bytes).
    slots: Vec<Slot>,
}

/// A cause's counts where every invalid verdict finds them.
#[derive(Clone, Copy, Debug, Default)]
struct Slot {
    inputs: u64,
    /// The longest input that may become an example.
    bar: u32,
    /// One plus the cause's place in `causes`; 0 before it is seen.
    place: u32,
}

impl TargetTally {
    /// Count an input that stops at `key.0` with `key.1` next.
    fn count(&mut self, slot: Option<usize>, key: (StateID, Found), input: &str, offset: usize) {
        let seen = slot
            .and_then(|s| self.slots.get(s))
            .and_then(|e| (e.place as usize).checked_sub(1));
        // A new cause, or one with no slot (a rare stop: pest's verdict alone).
        let place = match seen {
            Some(place) => place,
            None => self.add_cause(slot, key, CauseTally::default()),
        };
        let Some(entry) = slot.and_then(|s| self.slots.get_mut(s)) else {
            if let Some((_, _, _, cause)) = self.causes.get_mut(place) {
                cause.inputs += 1;
                cause.offer(input, offset);
            }
            return;
        };
        entry.inputs += 1;
        // Most inputs are longer than every kept example.
        if input.len() <= entry.bar as usize {
            if let Some((_, _, _, cause)) = self.causes.get_mut(place) {
                cause.offer(input, offset);
                entry.bar = u32::try_from(cause.bar()).unwrap_or(u32::MAX);
            }
        }
    }

    /// The place of a cause, added (with `tally`) when new.
    fn add_cause(
        &mut self,
        slot: Option<usize>,
        key: (StateID, Found),
        tally: CauseTally,
    ) -> usize {
        let entry = slot.and_then(|s| self.slots.get_mut(s));
        let known = match &entry {
            Some(e) => (e.place as usize).checked_sub(1),
            None => self.causes.iter().position(|c| (c.0, c.1) == key),
        };
        let place = known.unwrap_or_else(|| {
            self.causes
                .push((key.0, key.1, slot, CauseTally::default()));
            self.causes.len() - 1
        });
        if let Some((_, _, _, mine)) = self.causes.get_mut(place) {
            mine.merge(tally);
            if let Some(e) = entry {
                // A slot counts its cause's inputs itself.
                e.inputs += std::mem::take(&mut mine.inputs);
                e.place = u32::try_from(place + 1).unwrap_or(0);
                e.bar = u32::try_from(mine.bar()).unwrap_or(u32::MAX);
            }
        }
        place
    }

    /// The causes, each with its count.
    fn into_causes(self) -> impl Iterator<Item = (StateID, Found, Option<usize>, CauseTally)> {
        let slots = self.slots;
        self.causes
            .into_iter()
            .map(move |(state, found, slot, mut tally)| {
                if let Some(entry) = slot.and_then(|s| slots.get(s)) {
                    tally.inputs += entry.inputs;
                }
                (state, found, slot, tally)
            })
    }

    fn merge(&mut self, other: TargetTally) {
        self.valid += other.valid;
        self.invalid += other.invalid;
        if self.slots.len() < other.slots.len() {
            self.slots.resize(other.slots.len(), Slot::default());
        }
        for (state, found, slot, tally) in other.into_causes() {
            self.add_cause(slot, (state, found), tally);
        }
    }
}

/// Counts over part of a corpus, before causes are described.
#[derive(Clone, Debug)]
pub struct Partial {
    inputs: u64,
    targets: Vec<TargetTally>,
    schemes: SchemeTally,
}

impl Partial {
    /// Add another part's counts.
    pub fn merge(&mut self, other: Partial) {
        self.inputs += other.inputs;
        for (mine, theirs) in self.targets.iter_mut().zip(other.targets) {
            mine.merge(theirs);
        }
        self.schemes.merge(&other.schemes);
    }

    /// Inputs counted so far.
    pub fn inputs(&self) -> u64 {
        self.inputs
    }
}

/// Inputs per scheme and verdict pattern (bit i: target i accepts), while
/// counting: one increment per input, and every other count (per scheme and
/// target, per pattern) is a sum of these.
#[derive(Clone, Debug)]
struct SchemeTally {
    /// Verdict patterns: 1 << targets.
    patterns: usize,
    /// The schemes in order of first sight.
    names: Vec<Box<str>>,
    /// By a scheme's place in `names` x `patterns` + pattern.
    counts: Vec<u64>,
    /// Places of the schemes [`packed`] into a number, hashed and compared
    /// without reading the heap (almost every scheme) ...
    short: FxHashMap<u128, usize>,
    /// ... and of the others, by name.
    long: FxHashMap<Box<str>, usize>,
}

impl SchemeTally {
    fn new(targets: usize) -> SchemeTally {
        SchemeTally {
            patterns: 1 << targets,
            names: Vec::new(),
            counts: Vec::new(),
            short: FxHashMap::default(),
            long: FxHashMap::default(),
        }
    }

    /// Count `inputs` of a scheme with one verdict pattern.
    fn count(&mut self, scheme: &str, pattern: usize, inputs: u64) {
        let place = match packed(scheme) {
            Some(key) => self.packed_place(key),
            None => match self.long.get(scheme) {
                Some(&place) => place,
                None => self.add(scheme),
            },
        };
        self.add_to(place, pattern, inputs);
    }

    /// Count an input whose scheme is [`packed`] in `key`.
    fn count_packed(&mut self, key: u128, pattern: usize) {
        let place = self.packed_place(key);
        self.add_to(place, pattern, 1);
    }

    /// The place of the scheme [`packed`] in `key`, made when new.
    fn packed_place(&mut self, key: u128) -> usize {
        if let Some(&place) = self.short.get(&key) {
            return place;
        }
        let bytes = key.to_le_bytes();
        let name = bytes
            .get(..usize::from(bytes[15]))
            .and_then(|name| std::str::from_utf8(name).ok())
            .unwrap_or(NOT_A_SCHEME);
        self.add(name)
    }

    fn add_to(&mut self, place: usize, pattern: usize, inputs: u64) {
        if let Some(count) = self.counts.get_mut(place * self.patterns + pattern) {
            *count += inputs;
        }
    }

    /// The place of a scheme not seen before: its own, or that of
    /// [`OTHER_SCHEMES`] once [`MAX_SCHEMES`] are kept.
    fn add(&mut self, scheme: &str) -> usize {
        let name = if self.names.len() < MAX_SCHEMES {
            scheme
        } else {
            OTHER_SCHEMES
        };
        let known = match packed(name) {
            Some(key) => self.short.get(&key),
            None => self.long.get(name),
        };
        if let Some(&place) = known {
            return place;
        }
        let place = self.names.len();
        self.names.push(name.into());
        self.counts.resize(self.counts.len() + self.patterns, 0);
        match packed(name) {
            Some(key) => self.short.insert(key, place),
            None => self.long.insert(name.into(), place),
        };
        place
    }

    fn merge(&mut self, other: &SchemeTally) {
        for (name, counts) in other.names.iter().zip(other.counts.chunks(other.patterns)) {
            for (pattern, &inputs) in counts.iter().enumerate().filter(|(_, n)| **n > 0) {
                self.count(name, pattern, inputs);
            }
        }
    }

    /// Each scheme with its counts per pattern.
    fn iter(&self) -> impl Iterator<Item = (&str, &[u64])> {
        self.names
            .iter()
            .map(|name| &**name)
            .zip(self.counts.chunks(self.patterns))
    }
}

/// A name of at most 15 bytes as a number: its bytes and its length.
fn packed(name: &str) -> Option<u128> {
    let bytes = name.as_bytes();
    let mut key = [0u8; 16];
    key.get_mut(..bytes.len())
        .filter(|k| k.len() < 16)?
        .copy_from_slice(bytes);
    key[15] = u8::try_from(bytes.len()).ok()?;
    Some(u128::from_le_bytes(key))
}

/// Counts a corpus against one rule of each of several editions.
#[derive(Clone, Debug)]
pub struct Reporter {
    checkers: Vec<Checker>,
}

impl Reporter {
    /// A reporter over these checkers (each an edition and a rule).
    pub fn new(checkers: Vec<Checker>) -> Result<Reporter, Error> {
        if checkers.len() > MAX_TARGETS {
            return Err(Error::Report(format!(
                "at most {MAX_TARGETS} (edition, rule) pairs per report"
            )));
        }
        Ok(Reporter { checkers })
    }

    /// Empty counts for this reporter's targets.
    pub fn partial(&self) -> Partial {
        Partial {
            inputs: 0,
            targets: vec![TargetTally::default(); self.checkers.len()],
            schemes: SchemeTally::new(self.checkers.len()),
        }
    }

    /// Count one input.
    pub fn add(&self, partial: &mut Partial, input: &str) {
        partial.inputs += 1;
        let mut pattern = 0usize;
        for (i, (checker, tally)) in self.checkers.iter().zip(&mut partial.targets).enumerate() {
            // One walk decides and locates, unless pest decides.
            let stop = match checker.engine() {
                Engine::Dfa => checker.automaton().stop_point_fast(input),
                Engine::Pest if checker.is_valid(input) => None,
                Engine::Pest => Some(
                    checker
                        .automaton()
                        .stop_point(input)
                        // The engines agree on every tested input; an input
                        // only pest rejects is counted at its end.
                        .unwrap_or((
                            checker.automaton().start(),
                            input.chars().count(),
                            input.len(),
                        )),
                ),
            };
            let Some((state, offset, byte_offset)) = stop else {
                tally.valid += 1;
                pattern |= 1 << i;
                continue;
            };
            tally.invalid += 1;
            let found = match input.as_bytes().get(byte_offset) {
                Some(&b) if b.is_ascii() => Found::Char(b),
                Some(_) => Found::NonAscii,
                None => Found::End,
            };
            let automaton = checker.automaton();
            if tally.slots.is_empty() {
                tally.slots = vec![Slot::default(); automaton.live_states() * FOUND_CODES];
            }
            let slot = automaton
                .live_number(state)
                .map(|n| n * FOUND_CODES + found.code());
            tally.count(slot, (state, found), input, offset);
        }
        match packed_scheme(input) {
            Some(key) => partial.schemes.count_packed(key, pattern),
            None => {
                let mut buf = [0u8; SCHEME_BYTES];
                partial
                    .schemes
                    .count(scheme_of(input, &mut buf), pattern, 1);
            }
        }
    }

    /// Describe the causes and order everything: the finished report.
    pub fn finish(&self, partial: Partial) -> Report {
        let rules = self.innermost_rules(&partial);
        let editions = self
            .checkers
            .iter()
            .zip(partial.targets)
            .enumerate()
            .map(|(i, (checker, tally))| {
                let (valid, invalid) = (tally.valid, tally.invalid);
                // A state is described once, whatever was found there; causes
                // described alike are summed by `normalize`.
                let mut described: HashMap<StateID, (String, Vec<String>)> = HashMap::new();
                let causes = tally
                    .into_causes()
                    .map(|(state, found, _, t)| {
                        let (rule, expected) = described.entry(state).or_insert_with(|| {
                            let rule = rules
                                .get(&(i, state))
                                .cloned()
                                .unwrap_or_else(|| innermost_rule_cached(checker, state));
                            (rule, expected_at(checker, state))
                        });
                        Cause {
                            rule: rule.clone(),
                            found: found.words(),
                            expected: expected.clone(),
                            inputs: t.inputs,
                            examples: t.examples,
                        }
                    })
                    .collect();
                EditionReport {
                    grammar: checker.edition(),
                    rule: checker.rule().to_string(),
                    valid,
                    invalid,
                    schemes: partial
                        .schemes
                        .iter()
                        .map(|(scheme, counts)| {
                            let (mut valid, mut invalid) = (0, 0);
                            for (pattern, n) in counts.iter().enumerate() {
                                if pattern & (1 << i) != 0 {
                                    valid += n;
                                } else {
                                    invalid += n;
                                }
                            }
                            SchemeCount {
                                scheme: scheme.to_string(),
                                valid,
                                invalid,
                            }
                        })
                        .collect(),
                    causes,
                }
            })
            .collect();
        let targets: Vec<Edition> = self.checkers.iter().map(Checker::edition).collect();
        let mut by_pattern = vec![0u64; partial.schemes.patterns];
        for (_, counts) in partial.schemes.iter() {
            for (total, n) in by_pattern.iter_mut().zip(counts) {
                *total += n;
            }
        }
        let patterns = by_pattern
            .iter()
            .enumerate()
            .filter(|(_, n)| **n > 0)
            .map(|(bits, &inputs)| Pattern {
                valid_in: targets
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| bits & (1 << i) != 0)
                    .map(|(_, e)| *e)
                    .collect(),
                inputs,
            })
            .collect();
        let mut report = Report {
            format: FORMAT.to_string(),
            inputs: partial.inputs,
            editions,
            patterns,
            differences: Vec::new(),
        };
        report.normalize();
        report
    }
}

impl Reporter {
    /// The innermost open rule of every stop state in `partial`, by target and
    /// state, computed on every core: each takes pest runs (and automata of
    /// the rules met), the larger part of finishing a report.
    fn innermost_rules(&self, partial: &Partial) -> HashMap<(usize, StateID), String> {
        let mut states: Vec<(usize, StateID)> = partial
            .targets
            .iter()
            .enumerate()
            .flat_map(|(i, t)| t.causes.iter().map(move |c| (i, c.0)))
            .collect();
        states.sort_unstable();
        states.dedup();
        let threads = std::thread::available_parallelism().map_or(1, usize::from);
        // Dealt round the threads: neighbouring states cost alike.
        let describe = |first: usize| -> Vec<((usize, StateID), String)> {
            states
                .iter()
                .skip(first)
                .step_by(threads)
                .filter_map(|&(i, state)| {
                    let checker = self.checkers.get(i)?;
                    Some(((i, state), innermost_rule_cached(checker, state)))
                })
                .collect()
        };
        std::thread::scope(|s| {
            let handles: Vec<_> = (0..threads)
                .map(|first| std::thread::Builder::new().spawn_scoped(s, move || describe(first)))
                .collect();
            // A thread that cannot start leaves its states to `finish`.
            handles
                .into_iter()
                .filter_map(Result::ok)
                .filter_map(|h| h.join().ok())
                .flatten()
                .collect()
        })
    }
}

/// A byte of a scheme name. RFC 1738 §2.1: lower case letters, digits, "+",
/// "." and "-" (upper case read as lower case).
fn scheme_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'+' | b'.' | b'-')
}

/// [`scheme_of`] as [`packed`] makes it, for a scheme of at most 15 bytes
/// (almost every input): one pass over at most 16 bytes, no string made.
fn packed_scheme(input: &str) -> Option<u128> {
    let mut key = [0u8; 16];
    for (i, &b) in input.as_bytes().iter().take(16).enumerate() {
        if b == b':' && i > 0 {
            key[15] = u8::try_from(i).ok()?;
            return Some(u128::from_le_bytes(key));
        }
        if !scheme_byte(b) {
            return None;
        }
        // The 16th byte is no `:`: a longer scheme, or none.
        *key.get_mut(i).filter(|_| i < 15)? = b.to_ascii_lowercase();
    }
    None
}

/// The scheme of an input: the text before its first `:`, lowercased. Read
/// in one pass over at most [`SCHEME_BYTES`] + 1 bytes; only an input with no
/// scheme is searched further, for a `:` at all.
fn scheme_of<'b>(input: &str, buf: &'b mut [u8; SCHEME_BYTES]) -> &'b str {
    let ok = scheme_byte;
    let bytes = input.as_bytes();
    let mut len = 0;
    for (&b, out) in bytes.iter().zip(buf.iter_mut()) {
        if !ok(b) {
            break;
        }
        *out = b.to_ascii_lowercase();
        len += 1;
    }
    match bytes.get(len) {
        Some(b':') if len > 0 => buf
            .get(..len)
            .and_then(|name| std::str::from_utf8(name).ok())
            .unwrap_or(NOT_A_SCHEME),
        _ if bytes.get(len..).is_some_and(|rest| rest.contains(&b':')) => NOT_A_SCHEME,
        _ => NO_SCHEME,
    }
}

/// What could come where inputs stop at `state`, in words.
fn expected_at(checker: &Checker, state: StateID) -> Vec<String> {
    let a = checker.automaton();
    describe(checker.edition(), &a.stop_in(state))
        .iter()
        .map(ToString::to_string)
        .collect()
}

/// [`innermost_rule`], computed once per process for each (edition, rule,
/// state): reports of many parts describe the same points.
fn innermost_rule_cached(checker: &Checker, state: StateID) -> String {
    type Cache = Mutex<HashMap<(Edition, String, StateID), String>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    let key = (checker.edition(), checker.rule().to_string(), state);
    if let Some(rule) = cache.lock().ok().and_then(|c| c.get(&key).cloned()) {
        return rule;
    }
    let rule = innermost_rule(checker, state);
    if let Ok(mut c) = cache.lock() {
        c.insert(key, rule.clone());
    }
    rule
}

/// The innermost printed rule open at the point of failure in every way the
/// input could have gone on. The prefix is the shortest input that reaches
/// `state`; each way on is one next character followed by the shortest valid
/// continuation (or the end, where the input may end). A rule is open at the
/// point if the point falls inside its text, or its text ends there and could go
/// on. Character classes are left out: the expected items name them.
fn innermost_rule(checker: &Checker, state: StateID) -> String {
    let (edition, rule) = (checker.edition(), checker.rule());
    let a = checker.automaton();
    let Some(prefix) = a.shortest_to(state) else {
        return rule.to_string();
    };
    // Characters that lead to the same state go on the same ways: one each.
    let mut next = HashSet::new();
    let mut ways: Vec<Vec<u8>> = a
        .live_bytes(state)
        .iter()
        .filter(|&b| next.insert(a.step(state, b)))
        .filter_map(|b| {
            let mut way = vec![b];
            way.extend(a.shortest_completion(a.step(state, b))?);
            Some(way)
        })
        .collect();
    if a.accepts_at_end(state) {
        ways.push(Vec::new());
    }
    let mut common: Option<Vec<(usize, usize, &'static str)>> = None;
    for way in ways {
        let mut text = prefix.clone();
        text.extend(way);
        let Some(open) = String::from_utf8(text)
            .ok()
            .and_then(|t| open_rules(edition, rule, &t, prefix.len()))
        else {
            continue;
        };
        common = Some(match common {
            None => open,
            Some(c) => c.into_iter().filter(|n| open.contains(n)).collect(),
        });
    }
    common
        .and_then(|c| {
            c.into_iter()
                .max_by_key(|&(depth, start, _)| (depth, start))
        })
        .map_or_else(|| rule.to_string(), |(_, _, r)| r.to_string())
}

/// The printed rules open at `point` in the derivation of `text`, as (depth,
/// start, name); `None` if the rule does not derive `text`.
fn open_rules(
    edition: Edition,
    rule: &str,
    text: &str,
    point: usize,
) -> Option<Vec<(usize, usize, &'static str)>> {
    let Ok(PestOutcome::Whole(tree)) = peg::run(edition, rule, text) else {
        return None;
    };
    let grammar = PrintedGrammar::of(edition);
    let mut open = Vec::new();
    let mut stack = vec![(&tree, 0usize)];
    while let Some((node, depth)) = stack.pop() {
        if !(node.start <= point && point <= node.end) {
            continue;
        }
        stack.extend(node.children.iter().map(|c| (c, depth + 1)));
        // Named first: `open_after` compiles the rule's NFA.
        let named = node.pest_rule.is_none() && grammar.char_class(node.rule).is_none();
        if named
            && (point < node.end
                || open_after(
                    edition,
                    node.rule,
                    text.get(node.start..node.end).unwrap_or_default(),
                ))
        {
            open.push((depth, node.start, node.rule));
        }
    }
    Some(open)
}

/// Whether the rule derives some longer string that starts with `text`.
fn open_after(edition: Edition, rule: &str, text: &str) -> bool {
    prefixes::goes_on_after(edition, rule, text.as_bytes()).unwrap_or(false)
}

impl Report {
    /// Add the report of a disjoint part of the corpus. Both must report the
    /// same (edition, rule) pairs in the same order.
    pub fn merge(&mut self, other: &Report) -> Result<(), Error> {
        if other.format != FORMAT {
            return Err(Error::Report(format!(
                "report format '{}' is not {FORMAT}",
                other.format
            )));
        }
        let targets = |r: &Report| -> Vec<(Edition, String)> {
            r.editions
                .iter()
                .map(|e| (e.grammar, e.rule.clone()))
                .collect()
        };
        if targets(self) != targets(other) {
            return Err(Error::Report(
                "the reports check different editions or rules".to_string(),
            ));
        }
        self.inputs += other.inputs;
        for (mine, theirs) in self.editions.iter_mut().zip(&other.editions) {
            mine.valid += theirs.valid;
            mine.invalid += theirs.invalid;
            mine.schemes.extend(theirs.schemes.iter().cloned());
            mine.causes.extend(theirs.causes.iter().cloned());
        }
        self.patterns.extend(other.patterns.iter().cloned());
        self.normalize();
        Ok(())
    }

    /// Sum equal entries and put everything in its one order, so that equal
    /// counts give equal reports however the work was split.
    fn normalize(&mut self) {
        for e in &mut self.editions {
            let mut schemes: BTreeMap<String, (u64, u64)> = BTreeMap::new();
            for s in e.schemes.drain(..) {
                let slot = schemes.entry(s.scheme).or_default();
                slot.0 += s.valid;
                slot.1 += s.invalid;
            }
            e.schemes = schemes
                .into_iter()
                .map(|(scheme, (valid, invalid))| SchemeCount {
                    scheme,
                    valid,
                    invalid,
                })
                .collect();
            // Most inputs first; the map left them in name order.
            e.schemes.sort_by_key(|s| Reverse(s.valid + s.invalid));
            let mut causes: BTreeMap<(String, String, Vec<String>), CauseTally> = BTreeMap::new();
            for c in e.causes.drain(..) {
                causes
                    .entry((c.rule, c.found, c.expected))
                    .or_default()
                    .merge(CauseTally {
                        inputs: c.inputs,
                        examples: c.examples,
                    });
            }
            e.causes = causes
                .into_iter()
                .map(|((rule, found, expected), t)| Cause {
                    rule,
                    found,
                    expected,
                    inputs: t.inputs,
                    examples: t.examples,
                })
                .collect();
            // Stable: equal counts keep the (rule, found, expected) order.
            e.causes.sort_by_key(|c| Reverse(c.inputs));
        }
        let mut patterns: BTreeMap<Vec<Edition>, u64> = BTreeMap::new();
        for p in self.patterns.drain(..) {
            *patterns.entry(p.valid_in).or_default() += p.inputs;
        }
        self.patterns = patterns
            .into_iter()
            .map(|(valid_in, inputs)| Pattern { valid_in, inputs })
            .collect();
        self.patterns.sort_by_key(|p| Reverse(p.inputs));
        self.differences = self.derive_differences();
    }

    fn derive_differences(&self) -> Vec<Difference> {
        let editions: Vec<Edition> = self.editions.iter().map(|e| e.grammar).collect();
        let mut out = Vec::new();
        for &a in &editions {
            for &b in &editions {
                if a == b {
                    continue;
                }
                let inputs = self
                    .patterns
                    .iter()
                    .filter(|p| p.valid_in.contains(&a) && !p.valid_in.contains(&b))
                    .map(|p| p.inputs)
                    .sum();
                out.push(Difference {
                    accepted_by: a,
                    rejected_by: b,
                    inputs,
                });
            }
        }
        out
    }
}
