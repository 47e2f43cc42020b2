//! Counting while reading: per target the verdicts and the causes by point of
//! failure, per scheme the verdict patterns, bounded by the grammars.

use super::*;

/// Invalid inputs at one point of failure, while counting.
#[derive(Clone, Debug, Default)]
pub(super) struct CauseTally {
    pub(super) inputs: u64,
    pub(super) examples: Vec<Example>,
}

impl CauseTally {
    /// The longest input [`CauseTally::offer`] may keep.
    pub(super) fn bar(&self) -> usize {
        match self.examples.last() {
            Some(last) if self.examples.len() >= EXAMPLES => last.input.len(),
            _ => EXAMPLE_BYTES,
        }
    }

    pub(super) fn offer(&mut self, input: &str, offset: usize) {
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
            byte_offset: byte_offset(input, offset),
        });
        keep_examples(&mut self.examples);
    }

    pub(super) fn merge(&mut self, other: CauseTally) {
        self.inputs += other.inputs;
        // Counts alone (most merges of a list counted by step) keep the
        // examples as they are.
        if !other.examples.is_empty() {
            self.examples.extend(other.examples);
            keep_examples(&mut self.examples);
        }
    }
}

/// Examples are ordered shortest first, then by their bytes.
pub(super) fn example_key(input: &str) -> (usize, &[u8]) {
    (input.len(), input.as_bytes())
}

/// The [`EXAMPLES`] shortest distinct examples, least first.
pub(super) fn keep_examples(examples: &mut Vec<Example>) {
    examples.sort_by(|a, b| {
        (a.input.len(), &a.input, a.offset).cmp(&(b.input.len(), &b.input, b.offset))
    });
    examples.dedup_by(|a, b| a.input == b.input);
    examples.truncate(EXAMPLES);
}

/// Where an input stops: which of its target's automata walked it (0: the
/// rule as printed, 1: without its catch-all) and the state there.
pub(super) type Point = (u8, StateID);

/// One target's counts while counting.
#[derive(Clone, Debug, Default)]
pub(super) struct TargetTally {
    pub(super) valid: u64,
    pub(super) invalid: u64,
    /// Causes in order of first sight: the point, what was found, the cause's
    /// slot (none for a state without a live number) and its examples. The
    /// inputs of a cause with a slot are counted in `slots`.
    pub(super) causes: Vec<(Point, Found, Option<usize>, CauseTally)>,
    /// By slot (live state number x [`FOUND_CODES`] + found code): what every
    /// invalid verdict touches, in one place. A table, not a hash map, made at
    /// the first invalid input (states x 130 x 16 bytes).
    pub(super) slots: Vec<Slot>,
    /// Valid inputs per lint code.
    pub(super) lints: BTreeMap<&'static str, u64>,
    /// The last scheme asked of the target's list of schemes.
    pub(super) last_asked: super::target::LastAsked,
    /// The walks to stops of the last inputs' first bytes: by the printed
    /// rule's automaton, and by the rule's without the catch-all.
    pub(super) kept: [crate::engine::automaton::Kept; 2],
}

/// A cause's counts where every invalid verdict finds them.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Slot {
    pub(super) inputs: u64,
    /// The longest input that may become an example.
    pub(super) bar: u32,
    /// One plus the cause's place in `causes`; 0 before it is seen.
    pub(super) place: u32,
}

impl TargetTally {
    /// Count an input that stops at `key.0` with `key.1` next.
    pub(super) fn count(
        &mut self,
        slot: Option<usize>,
        key: (Point, Found),
        input: &str,
        offset: usize,
    ) {
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

    /// Make the slots at the first invalid input: the printed rule's
    /// states, then, with known schemes, those of the rule without its
    /// catch-all, then one block for the schemes with no rule.
    pub(super) fn make_slots(&mut self, target: &super::target::Target, reading: Reading) {
        if !self.slots.is_empty() {
            return;
        }
        let other = match (&target.own, reading.known_schemes) {
            (Some((_, own)), true) => own.places().live_states(),
            _ => 0,
        };
        let states = target.printed.places().live_states() + other + 1;
        self.slots = vec![Slot::default(); states * FOUND_CODES];
    }

    /// The place of a cause, added (with `tally`) when new.
    pub(super) fn add_cause(
        &mut self,
        slot: Option<usize>,
        key: (Point, Found),
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
    pub(super) fn into_causes(
        self,
    ) -> impl Iterator<Item = (Point, Found, Option<usize>, CauseTally)> {
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

    pub(super) fn merge(&mut self, other: TargetTally) {
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
    pub(super) inputs: u64,
    /// The sum of the inputs' XXH3-128, modulo 2^128.
    pub(super) digest: u128,
    pub(super) targets: Vec<TargetTally>,
    pub(super) schemes: SchemeTally,
    /// The WHATWG reading, where counted.
    pub(super) whatwg: Option<WhatwgCounts>,
    /// The product of the targets' automata as far as the inputs counted
    /// here made it: kept for the next inputs, never merged.
    pub(super) product: LazyProduct,
    /// What counting by step made for that product: kept so, too.
    pub(super) steps: super::steps::StepTables,
}

impl Partial {
    /// Add another part's counts.
    ///
    /// ```
    /// use urlbnf::{Checker, Edition, report::Reporter};
    /// let reporter = Reporter::new(vec![Checker::for_edition(Edition::Rfc1738)?])?;
    /// let mut part = reporter.partial();
    /// reporter.add(&mut part, "http://info.cern.ch/");
    /// reporter.add(&mut part, "http://h/~x");
    /// let mut other = reporter.partial();
    /// reporter.add(&mut other, "ftp://h/f");
    /// part.merge(other);
    /// assert_eq!(part.inputs(), 3);
    /// # Ok::<(), urlbnf::Error>(())
    /// ```
    pub fn merge(&mut self, other: Partial) {
        self.inputs += other.inputs;
        self.digest = self.digest.wrapping_add(other.digest);
        for (mine, theirs) in self.targets.iter_mut().zip(other.targets) {
            mine.merge(theirs);
        }
        self.schemes.merge(&other.schemes);
        if let (Some(mine), Some(theirs)) = (&mut self.whatwg, &other.whatwg) {
            mine.merge(theirs);
        }
    }

    /// Inputs counted so far.
    ///
    /// ```
    /// use urlbnf::{Checker, Edition, report::Reporter};
    /// let reporter = Reporter::new(vec![Checker::for_edition(Edition::Rfc1738)?])?;
    /// let mut part = reporter.partial();
    /// reporter.add(&mut part, "http://info.cern.ch/");
    /// reporter.add(&mut part, "http://h/~x");
    /// assert_eq!(part.inputs(), 2);
    /// # Ok::<(), urlbnf::Error>(())
    /// ```
    pub fn inputs(&self) -> u64 {
        self.inputs
    }
}

/// Inputs per scheme and verdict pattern (bit i: target i accepts), while
/// counting: one increment per input, and every other count (per scheme and
/// target, per pattern) is a sum of these.
#[derive(Clone, Debug)]
pub(super) struct SchemeTally {
    /// Verdict patterns: 1 << targets.
    pub(super) patterns: usize,
    /// The schemes in order of first sight.
    pub(super) names: Vec<Box<str>>,
    /// By a scheme's place in `names` x `patterns` + pattern.
    pub(super) counts: Vec<u64>,
    /// Targets, and by a scheme's place x targets + target: inputs only a
    /// catch-all derives.
    pub(super) targets: usize,
    pub(super) catch_all: Vec<u64>,
    /// Places of the schemes [`packed`] into a number, hashed and compared
    /// without reading the heap (almost every scheme) ...
    pub(super) short: FxHashMap<u128, usize>,
    /// ... and of the others, by name.
    pub(super) long: FxHashMap<Box<str>, usize>,
    /// The kept schemes (not the buckets) in [`keep_order`], with their places.
    pub(super) kept: BTreeMap<KeepKey, usize>,
    /// The last scheme [`packed`] looked up and its place: a run of inputs
    /// of one scheme is looked up once (forgotten when places change).
    pub(super) last: Option<(u128, usize)>,
}

impl SchemeTally {
    pub(super) fn new(targets: usize) -> SchemeTally {
        SchemeTally {
            patterns: 1 << targets,
            names: Vec::new(),
            counts: Vec::new(),
            targets,
            catch_all: Vec::new(),
            short: FxHashMap::default(),
            long: FxHashMap::default(),
            kept: BTreeMap::new(),
            last: None,
        }
    }

    /// Count `inputs` of a scheme with one verdict pattern; `parted` has bit
    /// i set where only target i's catch-all derives them.
    pub(super) fn count(&mut self, scheme: &str, pattern: usize, parted: usize, inputs: u64) {
        let place = self.place_of(scheme);
        self.add_to(place, pattern, parted, inputs);
    }

    /// The place of a scheme, made when new.
    pub(super) fn place_of(&mut self, scheme: &str) -> usize {
        match packed(scheme) {
            Some(key) => self.packed_place(key),
            None => match self.long.get(scheme) {
                Some(&place) => place,
                None => self.add(scheme),
            },
        }
    }

    /// Count an input whose scheme is [`packed`] in `key`.
    pub(super) fn count_packed(&mut self, key: u128, pattern: usize, parted: usize) {
        let place = self.packed_place(key);
        self.add_to(place, pattern, parted, 1);
    }

    /// The place of the scheme [`packed`] in `key`, made when new.
    pub(super) fn packed_place(&mut self, key: u128) -> usize {
        match self.last {
            Some((last, place)) if last == key => return place,
            _ => {}
        }
        if let Some(&place) = self.short.get(&key) {
            self.last = Some((key, place));
            return place;
        }
        let bytes = key.to_le_bytes();
        let name = bytes
            .get(..usize::from(bytes[15]))
            .and_then(|name| std::str::from_utf8(name).ok())
            .unwrap_or(NOT_A_SCHEME);
        self.add(name)
    }

    pub(super) fn add_to(&mut self, place: usize, pattern: usize, parted: usize, inputs: u64) {
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
    pub(super) fn add(&mut self, scheme: &str) -> usize {
        self.last = None;
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
    pub(super) fn bucket(&mut self, name: &str) -> usize {
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

    pub(super) fn index(&mut self, name: &str, place: usize) {
        match packed(name) {
            Some(key) => self.short.insert(key, place),
            None => self.long.insert(name.into(), place),
        };
    }

    /// Sum the scheme at `place` into [`OTHER_SCHEMES`] and give its place,
    /// emptied, to `scheme`.
    pub(super) fn displace(&mut self, place: usize, scheme: &str, key: KeepKey) -> usize {
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

    pub(super) fn merge(&mut self, other: &SchemeTally) {
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
    pub(super) fn catch_all_of(&self, place: usize, i: usize) -> u64 {
        self.catch_all
            .get(place * self.targets + i)
            .copied()
            .unwrap_or(0)
    }

    /// Each scheme with its counts per pattern.
    pub(super) fn iter(&self) -> impl Iterator<Item = (&str, &[u64])> {
        self.names
            .iter()
            .map(|name| &**name)
            .zip(self.counts.chunks(self.patterns))
    }
}

/// Add `len` counts from `from` onwards to those from `to`, leaving zeros.
pub(super) fn move_counts(counts: &mut [u64], from: usize, to: usize, len: usize) {
    for i in 0..len {
        let n = counts.get_mut(from + i).map(std::mem::take).unwrap_or(0);
        if let Some(count) = counts.get_mut(to + i) {
            *count += n;
        }
    }
}

/// Whether a scheme count is one of the rows that are not a scheme.
pub(super) fn is_bucket(name: &str) -> bool {
    [NO_SCHEME, NOT_A_SCHEME, OTHER_SCHEMES].contains(&name)
}

/// Where a scheme stands in the order that decides which schemes are counted
/// one by one: those a printed grammar gives a rule of its own first, then
/// shorter before longer, then byte order.
pub(super) type KeepKey = (bool, usize, Box<str>);

/// The order of [`KeepKey`]. It depends on the name alone, so the kept
/// schemes are the same however a corpus is split or ordered: a scheme summed
/// under [`OTHER_SCHEMES`] in a part has [`MAX_SCHEMES`] schemes before it
/// there, and so in the whole.
pub(super) fn keep_order(scheme: &str) -> KeepKey {
    pub(super) static KNOWN: OnceLock<HashSet<String>> = OnceLock::new();
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
pub(super) fn packed(name: &str) -> Option<u128> {
    let bytes = name.as_bytes();
    let mut key = [0u8; 16];
    key.get_mut(..bytes.len())
        .filter(|k| k.len() < 16)?
        .copy_from_slice(bytes);
    key[15] = u8::try_from(bytes.len()).ok()?;
    Some(u128::from_le_bytes(key))
}
