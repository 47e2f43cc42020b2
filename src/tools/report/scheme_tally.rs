//! Inputs counted by scheme and verdict pattern, bounded by [`MAX_SCHEMES`].

use std::collections::BTreeMap;

use rustc_hash::FxHashMap;

#[cfg(doc)]
use super::scheme_name::packed_scheme;
use super::scheme_name::{KeepKey, is_bucket, keep_order, packed, scheme_of};
use super::{MAX_SCHEMES, NOT_A_SCHEME, OTHER_SCHEMES, SCHEME_BYTES};

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

    /// Count `input`, its scheme [`packed_scheme`] of it (`None`: read by
    /// name, as [`scheme_of`] reads it).
    pub(super) fn count_input(
        &mut self,
        input: &str,
        packed: Option<u128>,
        pattern: usize,
        parted: usize,
    ) {
        match packed {
            Some(key) => self.count_packed(key, pattern, parted),
            None => {
                let mut buf = [0u8; SCHEME_BYTES];
                self.count(scheme_of(input, &mut buf), pattern, parted, 1);
            }
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
fn move_counts(counts: &mut [u64], from: usize, to: usize, len: usize) {
    for i in 0..len {
        let n = counts.get_mut(from + i).map(std::mem::take).unwrap_or(0);
        if let Some(count) = counts.get_mut(to + i) {
            *count += n;
        }
    }
}
