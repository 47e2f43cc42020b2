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
use std::sync::{Arc, Mutex, OnceLock};

use regex_automata::util::primitives::StateID;
use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};

use crate::analysis::check::{Checker, Engine, Reading, describe};
use crate::analysis::known::{self, CatchAll};
use crate::edition::Edition;
use crate::engine::automaton::{self, Automaton, Form};
use crate::error::Error;
use crate::grammar::{PestOutcome, PrintedGrammar, peg};

mod validate;

/// The format a report's JSON declares; a merge refuses any other.
pub const FORMAT: &str = "urlbnf-report/3";
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
    /// A digest of the inputs read, whatever their order: the sum of each
    /// input's 128-bit XXH3 modulo 2^128, in hexadecimal. A merge has the
    /// digest of the whole, so it tells whether two reports count the same
    /// inputs.
    pub digest: String,
    /// The parts this report counts, one for a corpus and one per part for a
    /// merge, in digest order: a merge refuses a part it has counted already.
    /// A part with no inputs is not listed (counting it twice changes nothing).
    pub parts: Vec<Part>,
    /// How the grammars were read ([`Reading`], its fields written beside
    /// these): reports made in different readings do not merge.
    #[serde(flatten)]
    pub reading: Reading,
    /// Whether valid inputs were linted (counts per lint code).
    pub lint: bool,
    /// One report per (edition, rule) checked, in the order given.
    pub editions: Vec<EditionReport>,
    /// How many inputs each combination of verdicts had: the editions that
    /// accept the input (the others reject it).
    pub patterns: Vec<Pattern>,
    /// For each ordered pair of editions, the inputs the first accepts and the
    /// second rejects (derived from `patterns`).
    pub differences: Vec<Difference>,
}

/// One part of a corpus, as counted by one report.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Part {
    /// Its inputs' digest (see [`Report::digest`]).
    pub digest: String,
    /// Its inputs.
    pub inputs: u64,
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
    /// With `lint`: valid inputs per lint code (RFC 1738 §6), most first.
    pub lints: Vec<LintCount>,
}

/// Valid inputs with one lint.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LintCount {
    /// The lint's code ([`lint::Lint::code`](crate::analysis::lint::Lint)).
    pub code: String,
    /// Valid inputs that have it (an input counts once per code).
    pub inputs: u64,
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
    /// Inputs of a scheme with a rule of its own that only the catch-all for
    /// new schemes derives (RFC 1738 `otherurl`, July 1993 `generic`): valid
    /// by the letter, invalid read with known schemes. Counted in either
    /// reading, under `valid` in the letter's, under `invalid` in the other.
    pub catch_all_only: u64,
}

/// Why invalid inputs fail: one point of failure, counted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cause {
    /// The innermost printed rule the input is in where it stops: on every
    /// way it could have gone on, the rule's text holds the next character.
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

/// Where an input stops: which of its target's automata walked it (0: the
/// rule as printed, 1: without its catch-all) and the state there.
type Point = (u8, StateID);

/// One target's counts while counting.
#[derive(Clone, Debug, Default)]
struct TargetTally {
    valid: u64,
    invalid: u64,
    /// Causes in order of first sight: the point, what was found, the cause's
    /// slot (none for a state without a live number) and its examples. The
    /// inputs of a cause with a slot are counted in `slots`.
    causes: Vec<(Point, Found, Option<usize>, CauseTally)>,
    /// By slot (live state number x [`FOUND_CODES`] + found code): what every
    /// invalid verdict touches, in one place. A table, not a hash map, made at
    /// the first invalid input (states x 130 x 16 bytes).
    slots: Vec<Slot>,
    /// Valid inputs per lint code.
    lints: BTreeMap<&'static str, u64>,
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
    fn count(&mut self, slot: Option<usize>, key: (Point, Found), input: &str, offset: usize) {
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
        if input.len() <= entry.bar as usize
            && let Some((_, _, _, cause)) = self.causes.get_mut(place)
        {
            cause.offer(input, offset);
            entry.bar = u32::try_from(cause.bar()).unwrap_or(u32::MAX);
        }
    }

    /// The place of a cause, added (with `tally`) when new.
    fn add_cause(&mut self, slot: Option<usize>, key: (Point, Found), tally: CauseTally) -> usize {
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
    fn into_causes(self) -> impl Iterator<Item = (Point, Found, Option<usize>, CauseTally)> {
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
        for (code, n) in &other.lints {
            *self.lints.entry(code).or_default() += n;
        }
        for (point, found, slot, tally) in other.into_causes() {
            self.add_cause(slot, (point, found), tally);
        }
    }
}

/// Counts over part of a corpus, before causes are described.
#[derive(Clone, Debug)]
pub struct Partial {
    inputs: u64,
    /// The sum of the inputs' XXH3-128, modulo 2^128.
    digest: u128,
    targets: Vec<TargetTally>,
    schemes: SchemeTally,
}

impl Partial {
    /// Add another part's counts.
    pub fn merge(&mut self, other: Partial) {
        self.inputs += other.inputs;
        self.digest = self.digest.wrapping_add(other.digest);
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
    /// Targets, and by a scheme's place x targets + target: inputs only a
    /// catch-all derives.
    targets: usize,
    catch_all: Vec<u64>,
    /// Places of the schemes [`packed`] into a number, hashed and compared
    /// without reading the heap (almost every scheme) ...
    short: FxHashMap<u128, usize>,
    /// ... and of the others, by name.
    long: FxHashMap<Box<str>, usize>,
    /// The kept schemes (not the buckets) in [`keep_order`], with their places.
    kept: BTreeMap<KeepKey, usize>,
}

impl SchemeTally {
    fn new(targets: usize) -> SchemeTally {
        SchemeTally {
            patterns: 1 << targets,
            names: Vec::new(),
            counts: Vec::new(),
            targets,
            catch_all: Vec::new(),
            short: FxHashMap::default(),
            long: FxHashMap::default(),
            kept: BTreeMap::new(),
        }
    }

    /// Count `inputs` of a scheme with one verdict pattern; `parted` has bit
    /// i set where only target i's catch-all derives them.
    fn count(&mut self, scheme: &str, pattern: usize, parted: usize, inputs: u64) {
        let place = self.place_of(scheme);
        self.add_to(place, pattern, parted, inputs);
    }

    /// The place of a scheme, made when new.
    fn place_of(&mut self, scheme: &str) -> usize {
        match packed(scheme) {
            Some(key) => self.packed_place(key),
            None => match self.long.get(scheme) {
                Some(&place) => place,
                None => self.add(scheme),
            },
        }
    }

    /// Count an input whose scheme is [`packed`] in `key`.
    fn count_packed(&mut self, key: u128, pattern: usize, parted: usize) {
        let place = self.packed_place(key);
        self.add_to(place, pattern, parted, 1);
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

    fn add_to(&mut self, place: usize, pattern: usize, parted: usize, inputs: u64) {
        if let Some(count) = self.counts.get_mut(place * self.patterns + pattern) {
            *count += inputs;
        }
        if parted != 0 {
            for i in (0..self.targets).filter(|i| parted & (1 << i) != 0) {
                if let Some(count) = self.catch_all.get_mut(place * self.targets + i) {
                    *count += inputs;
                }
            }
        }
    }

    /// The place of a scheme not seen before: its own while it is among the
    /// [`MAX_SCHEMES`] first in [`keep_order`], else that of [`OTHER_SCHEMES`].
    /// A kept scheme that a new one displaces has its counts moved there.
    fn add(&mut self, scheme: &str) -> usize {
        if !is_bucket(scheme) {
            let key = keep_order(scheme);
            if self.kept.len() >= MAX_SCHEMES {
                match self.kept.last_key_value() {
                    Some((last, _)) if *last > key => {
                        if let Some((_, place)) = self.kept.pop_last() {
                            return self.displace(place, scheme, key);
                        }
                    }
                    _ => return self.bucket(OTHER_SCHEMES),
                }
            }
            let place = self.bucket(scheme);
            self.kept.insert(key, place);
            return place;
        }
        self.bucket(scheme)
    }

    /// The place of `name`, made when new, whatever the bound.
    fn bucket(&mut self, name: &str) -> usize {
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
        self.catch_all
            .resize(self.catch_all.len() + self.targets, 0);
        self.index(name, place);
        place
    }

    fn index(&mut self, name: &str, place: usize) {
        match packed(name) {
            Some(key) => self.short.insert(key, place),
            None => self.long.insert(name.into(), place),
        };
    }

    /// Sum the scheme at `place` into [`OTHER_SCHEMES`] and give its place,
    /// emptied, to `scheme`.
    fn displace(&mut self, place: usize, scheme: &str, key: KeepKey) -> usize {
        let other = self.bucket(OTHER_SCHEMES);
        let (p, t) = (self.patterns, self.targets);
        move_counts(&mut self.counts, place * p, other * p, p);
        move_counts(&mut self.catch_all, place * t, other * t, t);
        if let Some(name) = self.names.get_mut(place) {
            let old = std::mem::replace(name, scheme.into());
            match packed(&old) {
                Some(k) => self.short.remove(&k),
                None => self.long.remove(&old),
            };
        }
        self.index(scheme, place);
        self.kept.insert(key, place);
        place
    }

    fn merge(&mut self, other: &SchemeTally) {
        for (place, (name, counts)) in other.iter().enumerate() {
            let mine = self.place_of(name);
            for (pattern, &inputs) in counts.iter().enumerate() {
                self.add_to(mine, pattern, 0, inputs);
            }
            for i in 0..other.targets {
                let n = other.catch_all_of(place, i);
                if let Some(count) = self.catch_all.get_mut(mine * self.targets + i) {
                    *count += n;
                }
            }
        }
    }

    /// Inputs of the scheme at `place` only target `i`'s catch-all derives.
    fn catch_all_of(&self, place: usize, i: usize) -> u64 {
        self.catch_all
            .get(place * self.targets + i)
            .copied()
            .unwrap_or(0)
    }

    /// Each scheme with its counts per pattern.
    fn iter(&self) -> impl Iterator<Item = (&str, &[u64])> {
        self.names
            .iter()
            .map(|name| &**name)
            .zip(self.counts.chunks(self.patterns))
    }
}

/// A digest as written in a report: 32 lowercase hexadecimal digits.
fn hex(digest: u128) -> String {
    format!("{digest:032x}")
}

/// A digest read from a report ([`Report::validate`] checked its form).
fn digest_of(text: &str) -> u128 {
    u128::from_str_radix(text, 16).unwrap_or(0)
}

/// Add `len` counts from `from` onwards to those from `to`, leaving zeros.
fn move_counts(counts: &mut [u64], from: usize, to: usize, len: usize) {
    for i in 0..len {
        let n = counts.get_mut(from + i).map(std::mem::take).unwrap_or(0);
        if let Some(count) = counts.get_mut(to + i) {
            *count += n;
        }
    }
}

/// Whether a scheme count is one of the rows that are not a scheme.
fn is_bucket(name: &str) -> bool {
    [NO_SCHEME, NOT_A_SCHEME, OTHER_SCHEMES].contains(&name)
}

/// Where a scheme stands in the order that decides which schemes are counted
/// one by one: those a printed grammar gives a rule of its own first, then
/// shorter before longer, then byte order.
type KeepKey = (bool, usize, Box<str>);

/// The order of [`KeepKey`]. It depends on the name alone, so the kept
/// schemes are the same however a corpus is split or ordered: a scheme summed
/// under [`OTHER_SCHEMES`] in a part has [`MAX_SCHEMES`] schemes before it
/// there, and so in the whole.
fn keep_order(scheme: &str) -> KeepKey {
    static KNOWN: OnceLock<HashSet<String>> = OnceLock::new();
    let known = KNOWN.get_or_init(|| {
        Edition::ALL
            .iter()
            .filter_map(|&e| known::catch_all(e))
            .flat_map(|c| c.schemes.iter().map(|k| k.scheme.to_ascii_lowercase()))
            .collect()
    });
    (!known.contains(scheme), scheme.len(), scheme.into())
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
    targets: Vec<Target>,
    reading: Reading,
    lint: bool,
}

/// One (edition, rule) being counted, and the automata that walk its inputs.
#[derive(Clone, Debug)]
struct Target {
    checker: Checker,
    /// The rule as printed: its minimal DFA decides and finds where an input
    /// stops; its unminimized one, walked to that point, names the place.
    printed: Walker,
    /// Where the rule reaches a catch-all for new schemes: the catch-all and
    /// the rule without it (see [`known`](crate::analysis::known)).
    own: Option<(&'static CatchAll, Walker)>,
}

/// A rule's unminimized automaton, whose states are sets of places in the
/// printed rules: inputs stopping in one such state stop in the same rules, so
/// a cause's rule is one each of its inputs is in. It also decides: no
/// minimal automaton is compiled for it.
#[derive(Clone, Debug)]
struct Walker {
    places: Arc<Automaton>,
}

impl Walker {
    /// Compiled unminimized; a defect that keeps it from compiling leaves the
    /// minimal one in its place (causes are then named by its states).
    fn new(
        edition: Edition,
        rule: &str,
        without: Option<(String, String)>,
    ) -> Result<Walker, Error> {
        let form = |positions| Form {
            without: without.clone(),
            positions,
        };
        let places = automaton::automaton_of(edition, rule, &form(true))
            .or_else(|_| automaton::automaton_of(edition, rule, &form(false)))?;
        Ok(Walker { places })
    }

    fn places(&self) -> &Automaton {
        &self.places
    }

    /// Whether the rule derives `text`.
    fn matches(&self, text: &str) -> bool {
        self.places.matches(text)
    }

    /// Where `text` stops, as (the unminimized state there, offset in
    /// characters, in bytes); `None` if the rule derives it.
    fn stop(&self, text: &str) -> Option<(StateID, usize, usize)> {
        self.places.stop_point_fast(text)
    }
}

impl Target {
    /// The unminimized automaton of a point's first number: 0 the rule as
    /// printed, 1 without its catch-all.
    fn automaton(&self, which: u8) -> &Automaton {
        match (&self.own, which) {
            (Some((_, own)), 1) => own.places(),
            _ => self.printed.places(),
        }
    }

    /// Where `text` stops (`None`: valid in the checker's reading), which
    /// automaton says so, and whether the readings part on it (a known scheme
    /// that only the catch-all derives). An input of a known scheme is walked
    /// by its own rule's automaton first, and by the printed rule's only if
    /// that rejects it.
    fn walk(&self, text: &str) -> (Option<(StateID, usize, usize)>, u8, bool) {
        let own = self
            .own
            .as_ref()
            .filter(|(c, _)| c.scheme_of(text).is_some())
            .map(|(_, own)| own);
        let known_reading = self.checker.current_reading().known_schemes;
        match own {
            None => (self.printed.stop(text), 0, false),
            Some(own) if own.matches(text) => (None, 1, false),
            Some(own) if known_reading => (own.stop(text), 1, self.printed.matches(text)),
            Some(_) => {
                let stop = self.printed.stop(text);
                let parted = stop.is_none();
                (stop, 0, parted)
            }
        }
    }
}

impl Reporter {
    /// A reporter over these checkers (each an edition, a rule and a reading:
    /// the first checker's reading is the report's, and every other must share it).
    pub fn new(checkers: Vec<Checker>) -> Result<Reporter, Error> {
        if checkers.len() > MAX_TARGETS {
            return Err(Error::Report(format!(
                "at most {MAX_TARGETS} (edition, rule) pairs per report"
            )));
        }
        // Folding is RFC 1738's alone (other editions' checkers never fold):
        // the report folds if any checker does.
        let reading =
            checkers
                .iter()
                .map(Checker::current_reading)
                .fold(Reading::LETTER, |a, r| Reading {
                    fold_scheme_case: a.fold_scheme_case || r.fold_scheme_case,
                    known_schemes: a.known_schemes || r.known_schemes,
                });
        if checkers
            .iter()
            .any(|c| c.current_reading().known_schemes != reading.known_schemes)
        {
            return Err(Error::Report(
                "every (edition, rule) of a report is read alike".to_string(),
            ));
        }
        // Each target's automata compile on a thread of their own.
        let build = |checker: Checker| {
            let (edition, rule) = (checker.edition(), checker.rule());
            let printed = Walker::new(edition, rule, None)?;
            let own = match known::catch_all(edition).filter(|c| c.applies_to(rule)) {
                Some(c) => Some((c, Walker::new(edition, rule, c.form().without)?)),
                None => None,
            };
            Ok(Target {
                checker,
                printed,
                own,
            })
        };
        let targets = automaton::on_threads(checkers, build)
            .into_iter()
            .map(|t| t.unwrap_or_else(|| Err(Error::Report("a compiling thread failed".into()))))
            .collect::<Result<Vec<Target>, Error>>()?;
        Ok(Reporter {
            targets,
            reading,
            lint: false,
        })
    }

    /// Count, for each valid input of a URL rule, its lints (RFC 1738 §6) by code.
    pub fn linting(mut self, lint: bool) -> Reporter {
        self.lint = lint;
        self
    }

    /// Empty counts for this reporter's targets.
    pub fn partial(&self) -> Partial {
        Partial {
            inputs: 0,
            digest: 0,
            targets: vec![TargetTally::default(); self.targets.len()],
            schemes: SchemeTally::new(self.targets.len()),
        }
    }

    /// Count one input.
    pub fn add(&self, partial: &mut Partial, input: &str) {
        partial.inputs += 1;
        partial.digest = partial
            .digest
            .wrapping_add(xxhash_rust::xxh3::xxh3_128(input.as_bytes()));
        let (mut pattern, mut parted) = (0usize, 0usize);
        let folded = if self.reading.fold_scheme_case {
            crate::analysis::prose::fold_scheme_case(input)
        } else {
            std::borrow::Cow::Borrowed(input)
        };
        for (i, (target, tally)) in self.targets.iter().zip(&mut partial.targets).enumerate() {
            let checker = &target.checker;
            // Folding is RFC 1738's alone.
            let text = if checker.current_reading().fold_scheme_case {
                &*folded
            } else {
                input
            };
            // One walk decides and locates, unless pest decides.
            let (stop, which, parts) = target.walk(text);
            if parts {
                parted |= 1 << i;
            }
            let stop = match checker.engine() {
                Engine::Dfa => stop,
                Engine::Pest if checker.is_valid(input) => None,
                // The engines agree on every tested input; an input only pest
                // rejects is counted at its end.
                Engine::Pest => stop.or_else(|| {
                    let a = target.automaton(which);
                    Some((a.start(), text.chars().count(), text.len()))
                }),
            };
            let Some((state, offset, byte_offset)) = stop else {
                tally.valid += 1;
                pattern |= 1 << i;
                if self.lint {
                    count_lints(tally, checker, text);
                }
                continue;
            };
            tally.invalid += 1;
            let found = match text.as_bytes().get(byte_offset) {
                Some(&b) if b.is_ascii() => Found::Char(b),
                Some(_) => Found::NonAscii,
                None => Found::End,
            };
            // Slots: the printed rule's states, then those without the catch-all.
            let base = match which {
                0 => 0,
                _ => target.printed.places().live_states(),
            };
            if tally.slots.is_empty() {
                // The printed rule's states, then, with known schemes, those
                // of the rule without its catch-all.
                let other = match (&target.own, self.reading.known_schemes) {
                    (Some((_, own)), true) => own.places().live_states(),
                    _ => 0,
                };
                let states = target.printed.places().live_states() + other;
                tally.slots = vec![Slot::default(); states * FOUND_CODES];
            }
            let slot = target
                .automaton(which)
                .live_number(state)
                .map(|n| (base + n) * FOUND_CODES + found.code());
            tally.count(slot, ((which, state), found), input, offset);
        }
        match packed_scheme(input) {
            Some(key) => partial.schemes.count_packed(key, pattern, parted),
            None => {
                let mut buf = [0u8; SCHEME_BYTES];
                partial
                    .schemes
                    .count(scheme_of(input, &mut buf), pattern, parted, 1);
            }
        }
    }

    /// Describe the causes and order everything: the finished report.
    pub fn finish(&self, partial: Partial) -> Report {
        let rules = self.innermost_rules(&partial);
        let editions = self
            .targets
            .iter()
            .zip(partial.targets)
            .enumerate()
            .map(|(i, (target, tally))| {
                let checker = &target.checker;
                let (valid, invalid) = (tally.valid, tally.invalid);
                // A point is described once, whatever was found there; causes
                // described alike are summed by `normalize`.
                let mut described: HashMap<Point, (String, Vec<String>)> = HashMap::new();
                let lints = tally
                    .lints
                    .iter()
                    .map(|(code, &inputs)| LintCount {
                        code: code.to_string(),
                        inputs,
                    })
                    .collect();
                let causes = tally
                    .into_causes()
                    .map(|(point, found, _, t)| {
                        let (rule, expected) = described.entry(point).or_insert_with(|| {
                            let rule = rules
                                .get(&(i, point))
                                .cloned()
                                .unwrap_or_else(|| innermost_rule_cached(target, point));
                            (rule, expected_at(target, point))
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
                        .enumerate()
                        .map(|(place, (scheme, counts))| {
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
                                catch_all_only: partial.schemes.catch_all_of(place, i),
                            }
                        })
                        .collect(),
                    causes,
                    lints,
                }
            })
            .collect();
        let targets: Vec<Edition> = self.targets.iter().map(|t| t.checker.edition()).collect();
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
        let digest = hex(partial.digest);
        let parts = match partial.inputs {
            0 => Vec::new(),
            inputs => vec![Part {
                digest: digest.clone(),
                inputs,
            }],
        };
        let mut report = Report {
            format: FORMAT.to_string(),
            inputs: partial.inputs,
            digest,
            parts,
            reading: self.reading,
            lint: self.lint,
            editions,
            patterns,
            differences: Vec::new(),
        };
        report.normalize();
        report
    }
}

/// Count the lints of a valid input (each code once), where the rule names a URL.
fn count_lints(tally: &mut TargetTally, checker: &Checker, text: &str) {
    let (edition, rule) = (checker.edition(), checker.rule());
    if !crate::analysis::ast::is_url_rule(edition, rule) {
        return;
    }
    let Ok(url) = crate::analysis::ast::parse_rule(edition, rule, text) else {
        return;
    };
    let mut codes: Vec<&'static str> = crate::analysis::lint::lints(&url)
        .iter()
        .map(|l| l.code)
        .collect();
    codes.sort_unstable();
    codes.dedup();
    for code in codes {
        *tally.lints.entry(code).or_default() += 1;
    }
}

impl Reporter {
    /// The innermost rule of every stop point in `partial`, by target and
    /// point, computed on every core: each takes pest runs (and automata of
    /// the rules met), the larger part of finishing a report.
    fn innermost_rules(&self, partial: &Partial) -> HashMap<(usize, Point), String> {
        let mut points: Vec<(usize, Point)> = partial
            .targets
            .iter()
            .enumerate()
            .flat_map(|(i, t)| t.causes.iter().map(move |c| (i, c.0)))
            .collect();
        points.sort_unstable();
        points.dedup();
        let threads = std::thread::available_parallelism().map_or(1, usize::from);
        // Dealt round the threads: neighbouring points cost alike.
        let describe = |first: usize| -> Vec<((usize, Point), String)> {
            points
                .iter()
                .skip(first)
                .step_by(threads)
                .filter_map(|&(i, point)| {
                    let target = self.targets.get(i)?;
                    Some(((i, point), innermost_rule_cached(target, point)))
                })
                .collect()
        };
        std::thread::scope(|s| {
            let handles: Vec<_> = (0..threads)
                .map(|first| std::thread::Builder::new().spawn_scoped(s, move || describe(first)))
                .collect();
            // A thread that cannot start leaves its points to `finish`.
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

/// What could come where inputs stop at `point`, in words.
fn expected_at(target: &Target, (which, state): Point) -> Vec<String> {
    let a = target.automaton(which);
    describe(target.checker.edition(), &a.stop_in(state))
        .iter()
        .map(ToString::to_string)
        .collect()
}

/// [`innermost_rule`], computed once per process for each (edition, rule,
/// point): reports of many parts describe the same points.
fn innermost_rule_cached(target: &Target, point: Point) -> String {
    type Cache = Mutex<HashMap<(Edition, String, Point), String>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    let checker = &target.checker;
    let key = (checker.edition(), checker.rule().to_string(), point);
    if let Some(rule) = cache.lock().ok().and_then(|c| c.get(&key).cloned()) {
        return rule;
    }
    let rule = innermost_rule(
        checker.edition(),
        checker.rule(),
        target.automaton(point.0),
        point.1,
    );
    if let Ok(mut c) = cache.lock() {
        c.insert(key, rule.clone());
    }
    rule
}

/// The innermost printed rule the inputs stopping at `state` of `a` are in:
/// the deepest rule open on every way the input could have gone on, open
/// meaning its text holds the next character (or is empty just there), or
/// ends just before it while on another way the same node goes on. The prefix is the shortest input that reaches
/// `state`; each way on is one next character followed by the shortest valid
/// continuation. Since `a` is unminimized, every input that reaches `state`
/// stands at the same places of the printed rules as that prefix. Character
/// classes are left out (the expected items name them); where nothing may
/// follow, the rule itself.
fn innermost_rule(edition: Edition, rule: &str, a: &Automaton, state: StateID) -> String {
    let Some(prefix) = a.shortest_to(state) else {
        return rule.to_string();
    };
    // Characters that lead to the same state go on the same ways: one each.
    let mut next = HashSet::new();
    let ways = a
        .live_bytes(state)
        .iter()
        .filter(|&b| next.insert(a.step(state, b)))
        .filter_map(|b| {
            let mut way = vec![b];
            way.extend(a.shortest_completion(a.step(state, b))?);
            Some(way)
        });
    // Per way: the rules holding the next character, and those ending just
    // before it. A rule ending there is open too where another way shows
    // the same node going on.
    let mut per_way = Vec::new();
    for way in ways {
        let mut text = prefix.clone();
        text.extend(way);
        if let Some(open) = String::from_utf8(text)
            .ok()
            .and_then(|t| open_rules(edition, rule, &t, prefix.len()))
        {
            per_way.push(open);
        }
    }
    let goes_on: HashSet<(usize, &str)> = per_way
        .iter()
        .flat_map(|(holding, _)| holding.iter().map(|&(_, start, name)| (start, name)))
        .collect();
    let mut common: Option<Vec<(usize, usize, &'static str)>> = None;
    for (holding, ending) in per_way {
        let open: Vec<_> = holding
            .into_iter()
            .chain(
                ending
                    .into_iter()
                    .filter(|&(_, start, name)| goes_on.contains(&(start, name))),
            )
            .collect();
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

/// The printed rules whose text holds byte `point` in the derivation of
/// `text` (or is empty right there: an `hsegment` just begun), and those
/// whose text ends just before it, as (depth, start, name); `None` if the
/// rule does not derive `text`.
type Open = Vec<(usize, usize, &'static str)>;
fn open_rules(edition: Edition, rule: &str, text: &str, point: usize) -> Option<(Open, Open)> {
    let Ok(PestOutcome::Whole(tree)) = peg::run(edition, rule, text) else {
        return None;
    };
    let grammar = PrintedGrammar::of(edition);
    let (mut holding, mut ending) = (Vec::new(), Vec::new());
    let mut stack = vec![(&tree, 0usize)];
    while let Some((node, depth)) = stack.pop() {
        if !(node.start <= point && point <= node.end) {
            continue;
        }
        stack.extend(node.children.iter().map(|c| (c, depth + 1)));
        if node.pest_rule.is_some() || grammar.char_class(node.rule).is_some() {
            continue;
        }
        let entry = (depth, node.start, node.rule);
        if point < node.end || node.start == point {
            holding.push(entry);
        } else {
            ending.push(entry);
        }
    }
    Some((holding, ending))
}

/// A reading in words: `the letter`, `known schemes, scheme case folded, linted`.
fn reading_words(r: Reading, lint: bool) -> String {
    let mut words = Vec::new();
    if r.known_schemes {
        words.push("known schemes");
    }
    if r.fold_scheme_case {
        words.push("scheme case folded");
    }
    if words.is_empty() {
        words.push("the letter");
    }
    if lint {
        words.push("linted");
    }
    words.join(", ")
}

impl Report {
    /// Add the report of a disjoint part of the corpus. Both must report the
    /// same (edition, rule) pairs in the same order.
    ///
    /// Both are validated first ([`Report::validate`]): a report from another
    /// machine is untrusted input.
    pub fn merge(&mut self, other: &Report) -> Result<(), Error> {
        self.validate()?;
        other.validate()?;
        // Every count is at most its report's inputs: if these add up, all do.
        let inputs = self
            .inputs
            .checked_add(other.inputs)
            .ok_or_else(|| Error::Report("inputs: the counts overflow".into()))?;
        if (self.reading, self.lint) != (other.reading, other.lint) {
            return Err(Error::Report(format!(
                "the reports were made in different readings ({} and {})",
                reading_words(self.reading, self.lint),
                reading_words(other.reading, other.lint)
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
        if let Some(part) = other.parts.iter().find(|p| {
            self.parts
                .binary_search_by(|q| q.digest.cmp(&p.digest))
                .is_ok()
        }) {
            return Err(Error::Report(format!(
                "parts: the part with digest {} ({} inputs) is counted already: a part given twice",
                part.digest, part.inputs
            )));
        }
        self.inputs = inputs;
        self.digest = hex(digest_of(&self.digest).wrapping_add(digest_of(&other.digest)));
        self.parts.extend(other.parts.iter().cloned());
        self.parts.sort_by(|a, b| a.digest.cmp(&b.digest));
        for (mine, theirs) in self.editions.iter_mut().zip(&other.editions) {
            mine.valid += theirs.valid;
            mine.invalid += theirs.invalid;
            mine.schemes.extend(theirs.schemes.iter().cloned());
            mine.causes.extend(theirs.causes.iter().cloned());
            mine.lints.extend(theirs.lints.iter().cloned());
        }
        self.patterns.extend(other.patterns.iter().cloned());
        self.normalize();
        Ok(())
    }

    /// Sum equal entries and put everything in its one order, so that equal
    /// counts give equal reports however the work was split.
    fn normalize(&mut self) {
        for e in &mut self.editions {
            let mut schemes: BTreeMap<String, (u64, u64, u64)> = BTreeMap::new();
            for s in e.schemes.drain(..) {
                let slot = schemes.entry(s.scheme).or_default();
                slot.0 += s.valid;
                slot.1 += s.invalid;
                slot.2 += s.catch_all_only;
            }
            e.schemes = schemes
                .into_iter()
                .map(|(scheme, (valid, invalid, catch_all_only))| SchemeCount {
                    scheme,
                    valid,
                    invalid,
                    catch_all_only,
                })
                .collect();
            let mut lints: BTreeMap<String, u64> = BTreeMap::new();
            for l in e.lints.drain(..) {
                *lints.entry(l.code).or_default() += l.inputs;
            }
            e.lints = lints
                .into_iter()
                .map(|(code, inputs)| LintCount { code, inputs })
                .collect();
            e.lints.sort_by_key(|l| Reverse(l.inputs));
            // Most inputs first; the map left them in name order.
            e.schemes.sort_by_key(|s| Reverse(s.valid + s.invalid));
            // A merge keeps the schemes one report of the whole would: the
            // first MAX_SCHEMES in keep_order; the rest are summed as others.
            let mut proper: Vec<(KeepKey, usize)> = e
                .schemes
                .iter()
                .enumerate()
                .filter(|(_, s)| !is_bucket(&s.scheme))
                .map(|(i, s)| (keep_order(&s.scheme), i))
                .collect();
            if proper.len() > MAX_SCHEMES {
                proper.sort_unstable();
                let rest: HashSet<usize> = proper
                    .split_off(MAX_SCHEMES)
                    .into_iter()
                    .map(|(_, i)| i)
                    .collect();
                let mut others = SchemeCount {
                    scheme: OTHER_SCHEMES.to_string(),
                    valid: 0,
                    invalid: 0,
                    catch_all_only: 0,
                };
                let mut kept = Vec::with_capacity(MAX_SCHEMES + 3);
                for (i, s) in e.schemes.drain(..).enumerate() {
                    if rest.contains(&i) || s.scheme == OTHER_SCHEMES {
                        others.valid += s.valid;
                        others.invalid += s.invalid;
                        others.catch_all_only += s.catch_all_only;
                    } else {
                        kept.push(s);
                    }
                }
                kept.push(others);
                kept.sort_by_key(|s| Reverse(s.valid + s.invalid));
                e.schemes = kept;
            }
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
