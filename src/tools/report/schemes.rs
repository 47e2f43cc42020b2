//! Inputs by scheme: each input's scheme read from its first bytes, and per
//! scheme the verdict patterns, bounded by [`MAX_SCHEMES`].

use super::*;

/// A byte of a scheme name. RFC 1738 §2.1: lower case letters, digits, "+",
/// "." and "-" (upper case read as lower case).
pub(super) fn scheme_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'+' | b'.' | b'-')
}

/// [`scheme_of`] as [`packed`] makes it, for a scheme of at most 15 bytes
/// (almost every input): one pass over at most 16 bytes, no string made.
pub(super) fn packed_scheme(input: &str) -> Option<u128> {
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
pub(super) fn scheme_of<'b>(input: &str, buf: &'b mut [u8; SCHEME_BYTES]) -> &'b str {
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
