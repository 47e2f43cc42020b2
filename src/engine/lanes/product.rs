//! Several tables walked as one: the product of their line walks, whose state
//! is the tuple of theirs. A piece of input is then one walk, not one per
//! table, and a line end says at once which of the tables derive the line
//! before it (a bit each, in the top bits of the entry). Grammars of one line
//! of documents share most of their structure, so the product stays near the
//! size of the largest of them; where it would not fit the cache, the tables
//! are split into smaller products ([`Walks`]).

use rustc_hash::FxHashMap;

use super::{DERIVED, LANES, Table, Walk, cut, each_side_by_side, line_ends};

/// Tables in one product of line walks at most: their marks fill the top bits
/// of an entry.
pub const MOST: usize = 7;
/// Tables in one product of inputs at most: a bit each in a verdict.
pub const MOST_INPUTS: usize = 32;
/// Where a line end's marks start in an entry (bit `MARKS + i`: table `i`).
const MARKS: u32 = 32 - MOST as u32;
/// Entries a product may have: four bytes each, a MiB in all, so that a
/// walk's loads stay in the second-level cache.
const ENTRIES: usize = 1 << 18;
/// Columns walked between flushes of the mark counters: each counter is nine
/// bits, and a column adds at most [`LANES`] to it.
const FLUSH: usize = 511 / LANES;

/// The product of at most [`MOST`] tables' line walks, or of at most
/// [`MOST_INPUTS`] tables' walks of one input each.
#[derive(Clone, Debug)]
pub struct Product {
    class: [u8; 256],
    /// Row `s / width` holds the next state of `s` (premultiplied) for each
    /// class; in a walk of lines, a line end's entry carries marks. Rows are
    /// as wide as the classes, not a power of two: the walk masks an index to
    /// the table's length, and rows of a power of two would waste up to half.
    next: Box<[u32]>,
    /// By row, a bit for each table that derives an input (or a last line)
    /// ending there.
    accept: Box<[u32]>,
    start: u32,
    /// Where every table is dead (a walk of inputs; `u32::MAX` if never).
    dead: u32,
    width: u32,
    tables: usize,
    /// The bits of a line end's marks: a bit a table, or as many as the
    /// product's code needs ([`Product::coded`]): what a walk of lines
    /// keeps of each.
    #[cfg_attr(not(any(feature = "cli", feature = "internals")), allow(dead_code))]
    marks: u32,
}

impl Product {
    /// The product of `tables`' line walks, or `None` for more than [`MOST`]
    /// tables, none, or a product over [`ENTRIES`].
    pub fn new(tables: &[&Table]) -> Option<Product> {
        Product::build(tables, true, &|bits| bits)
    }

    /// [`Product::new`] whose line ends carry `code` of the tables' bits
    /// (bit `i`: table `i` derives the line), not the bits themselves: a walk
    /// that needs to know less than which tables derive a line (for example
    /// how many of them, where each language holds the next) keeps fewer
    /// bits a line. `code(0)` must be 0 (no line end): `None` otherwise, as
    /// for [`Product::new`]. For [`Product::each_line_derived`] alone.
    #[cfg(any(feature = "cli", feature = "internals"))]
    pub fn coded(tables: &[&Table], code: impl Fn(u32) -> u32) -> Option<Product> {
        (code(0) == 0).then_some(())?;
        Product::build(tables, true, &code)
    }

    /// The product of `tables`' walks of one input each (no line ends), or
    /// `None` for more than [`MOST_INPUTS`] tables, none, or a product over
    /// [`ENTRIES`].
    pub fn of_inputs(tables: &[&Table]) -> Option<Product> {
        Product::build(tables, false, &|bits| bits)
    }

    fn build(tables: &[&Table], lines: bool, code: &dyn Fn(u32) -> u32) -> Option<Product> {
        let most = if lines { MOST } else { MOST_INPUTS };
        if tables.is_empty() || tables.len() > most {
            return None;
        }
        // A class for each tuple of the tables' classes.
        let mut classes: FxHashMap<Vec<u8>, u8> = FxHashMap::default();
        let mut class = [0u8; 256];
        let mut members: Vec<Vec<u8>> = Vec::new();
        for (b, slot) in class.iter_mut().enumerate() {
            let key: Vec<u8> = tables.iter().map(|t| t.class[b]).collect();
            let n = u8::try_from(classes.len()).ok()?;
            *slot = *classes.entry(key.clone()).or_insert_with(|| {
                members.push(key);
                n
            });
        }
        let width = members.len();
        // The tuples met, numbered in order; 0 is the start.
        let start: Vec<u32> = tables.iter().map(|t| t.start).collect();
        // Hashed by FxHash, not SipHash: a report builds its product at run
        // time, a tuple looked up for each of its entries.
        let mut number: FxHashMap<Vec<u32>, u32> = FxHashMap::default();
        number.insert(start.clone(), 0);
        let mut order = vec![start];
        let mut next: Vec<u32> = Vec::new();
        let mut accept: Vec<u32> = Vec::new();
        // Every mark given, or'd: how many bits the marks need. A walk of
        // inputs has none: its verdicts are a row's own word, not bits of
        // its entries, so it holds up to 32 tables.
        let mut most = 0u32;
        let mut i = 0;
        while let Some(tuple) = order.get(i).cloned() {
            i += 1;
            if i * width > ENTRIES {
                return None;
            }
            let bits = tuple
                .iter()
                .zip(tables)
                .enumerate()
                .fold(0u32, |bits, (k, (&s, t))| {
                    let row = ((s & !DERIVED) >> t.shift) as usize;
                    let ends = t.lines.accept.get(row).copied().unwrap_or(false);
                    bits | (u32::from(ends) << k)
                });
            accept.push(code(bits));
            if lines {
                most |= code(bits);
            }
            for c in 0..width {
                let Some(member) = members.get(c) else {
                    next.push(0);
                    continue;
                };
                let mut marks = 0u32;
                let mut to = Vec::with_capacity(tables.len());
                for (k, ((&s, t), &tc)) in tuple.iter().zip(tables).zip(member).enumerate() {
                    let next = if lines { &t.lines.next } else { &t.next };
                    let entry = next
                        .get(s as usize + usize::from(tc))
                        .copied()
                        .unwrap_or(t.dead);
                    marks |= (entry >> 31) << k;
                    to.push(entry & !DERIVED);
                }
                let n = order.len() as u32;
                let id = *number.entry(to.clone()).or_insert_with(|| {
                    order.push(to);
                    n
                });
                most |= code(marks);
                next.push((id * width as u32) | (code(marks) << MARKS));
            }
        }
        // A power of two long (the rest dead), so that a masked index is in
        // bounds; the marks lie above the mask.
        next.resize(next.len().next_power_of_two(), 0);
        let dead: Vec<u32> = tables.iter().map(|t| t.dead).collect();
        let dead = number.get(&dead).map_or(u32::MAX, |&n| n * width as u32);
        let fits = next.len() <= 1 << MARKS && most < 1 << MOST;
        fits.then(|| Product {
            class,
            next: next.into(),
            accept: accept.into(),
            start: 0,
            dead,
            width: width as u32,
            tables: tables.len(),
            marks: u32::BITS - most.leading_zeros(),
        })
    }

    /// Which of the tables derive each input, as `verdict(index, bits)` (bit
    /// `i`: table `i`) in any order, [`LANES`] inputs walked side by side.
    /// For a product of inputs ([`Product::of_inputs`]).
    pub fn matches_each<'a>(
        &self,
        inputs: impl IntoIterator<Item = (usize, &'a [u8])>,
        verdict: impl FnMut(usize, u32),
    ) {
        let walk = Walk::new(&self.next, &self.class);
        let ends = |s: u32| {
            let row = ((s & !(u32::MAX << MARKS)) / self.width) as usize;
            self.accept.get(row).copied().unwrap_or(0)
        };
        each_side_by_side(&walk, (self.start, self.dead), ends, inputs, verdict);
    }

    /// Which of the tables derive each line of `piece`, as `line(end, bits)`
    /// for each line in order (bit `i`: table `i`), `end` the offset of its
    /// `\n` (of the piece's end for a last line with none), the lines split
    /// as [`Table::lines_derived`] splits them. For a product of line walks
    /// ([`Product::new`]).
    #[cfg(any(feature = "cli", feature = "internals"))]
    pub fn each_line_derived(&self, piece: &[u8], mut line: impl FnMut(usize, u32)) {
        let walk = Walk::new(&self.next, &self.class);
        let last = |s: u32| {
            let row = ((s & !(u32::MAX << MARKS)) / self.width) as usize;
            u64::from(self.accept.get(row).copied().unwrap_or(0))
        };
        let mark = |s: u32| u64::from(s >> MARKS);
        let line = |end, bits: u64| line(end, bits as u32);
        // Two bits a lane or four where they hold the marks (fewer marks to
        // keep), else a byte: the marks of seven tables at most.
        match self.marks {
            ..=2 => super::each_line_marked::<2>(&walk, self.start, piece, mark, last, line),
            3..=4 => super::each_line_marked::<4>(&walk, self.start, piece, mark, last, line),
            _ => super::each_line_marked::<8>(&walk, self.start, piece, mark, last, line),
        }
    }

    /// The lines of `piece`, as [`Table::lines_derived`] splits them, and how
    /// many of them each table derives (by the tables' order).
    pub fn lines_derived(&self, piece: &[u8]) -> (usize, [usize; MOST]) {
        let walk = Walk::new(&self.next, &self.class);
        let parts = cut(piece, LANES);
        let k = parts.iter().map(|p| p.len()).min().unwrap_or(0);
        let mut derived = [0usize; MOST];
        let mut states = [self.start; LANES];
        let mut done = 0;
        while done < k {
            let n = (k - done).min(FLUSH);
            let window = parts.map(|p| p.get(done..done + n).unwrap_or_default());
            let mut counters = 0u64;
            states = walk.side_by_side(window, n, states, |s| {
                for &s in s {
                    counters += spread(s >> MARKS);
                }
            });
            flush(counters, &mut derived);
            done += n;
        }
        let mut last = self.start;
        for (part, mut s) in parts.iter().zip(states) {
            for &b in part.get(k..).unwrap_or_default() {
                s = walk.step(s, b);
                flush(spread(s >> MARKS), &mut derived);
            }
            if !part.is_empty() {
                last = s;
            }
        }
        let mut count = line_ends(piece);
        if !piece.is_empty() && !piece.ends_with(b"\n") {
            count += 1;
            let row = ((last & !(u32::MAX << MARKS)) / self.width) as usize;
            let bits = self.accept.get(row).copied().unwrap_or(0);
            for (i, d) in derived.iter_mut().enumerate() {
                *d += ((bits >> i) & 1) as usize;
            }
        }
        // Tables past the product's own count nothing.
        if let Some(rest) = derived.get_mut(self.tables..) {
            rest.fill(0);
        }
        (count, derived)
    }
}

/// Marks (a bit per table) as counters of nine bits: bit `i` to bit `9i`.
/// The seven copies of the marks, eight bits apart, do not overlap, so the
/// product carries nothing.
#[inline(always)]
fn spread(marks: u32) -> u64 {
    (u64::from(marks) * 0x0001_0101_0101_0101) & 0x0040_2010_0804_0201
}

/// Counters of nine bits added to the totals.
fn flush(counters: u64, totals: &mut [usize; MOST]) {
    for (i, total) in totals.iter_mut().enumerate() {
        *total += ((counters >> (9 * i)) & 0x1ff) as usize;
    }
}

/// Any number of tables, walked in as few products as fit.
#[derive(Clone, Debug)]
pub struct Walks {
    /// Each product and the places of its tables in the list given.
    groups: Vec<(Vec<usize>, Group)>,
    tables: usize,
}

#[derive(Clone, Debug)]
enum Group {
    One(Table),
    Many(Product),
}

impl Walks {
    /// The line walks of `tables`: groups of at most [`MOST`] in order, each
    /// split in halves until its product fits.
    pub fn new(tables: &[&Table]) -> Walks {
        Walks::build(tables, true, MOST)
    }

    /// The walks of `tables` over inputs one by one, or `None` for more than
    /// [`MOST_INPUTS`] tables.
    pub fn of_inputs(tables: &[&Table]) -> Option<Walks> {
        (tables.len() <= MOST_INPUTS).then(|| Walks::build(tables, false, MOST_INPUTS))
    }

    fn build(tables: &[&Table], lines: bool, most: usize) -> Walks {
        let mut groups = Vec::new();
        let places: Vec<usize> = (0..tables.len()).collect();
        for chunk in places.chunks(most) {
            split(tables, chunk, lines, &mut groups);
        }
        Walks {
            groups,
            tables: tables.len(),
        }
    }

    /// The lines of `piece` and how many of them each table derives (walks
    /// made by [`Walks::new`]).
    pub fn lines_derived(&self, piece: &[u8]) -> (usize, Vec<usize>) {
        let mut derived = vec![0; self.tables];
        let mut lines = 0;
        for (places, group) in &self.groups {
            let counts = match group {
                Group::One(table) => {
                    let (n, d) = table.lines_derived(piece);
                    (n, [d, 0, 0, 0, 0, 0, 0])
                }
                Group::Many(product) => product.lines_derived(piece),
            };
            lines = counts.0;
            for (&place, d) in places.iter().zip(counts.1) {
                if let Some(slot) = derived.get_mut(place) {
                    *slot = d;
                }
            }
        }
        (lines, derived)
    }

    /// Which tables derive each input, a bit each (bit `i`: table `i`; walks
    /// made by [`Walks::of_inputs`]).
    pub fn matches_each(&self, inputs: &[&[u8]]) -> Vec<u32> {
        let mut bits = vec![0u32; inputs.len()];
        let inputs = || inputs.iter().copied().enumerate();
        for (places, group) in &self.groups {
            let mut set = |i: usize, mine: u32| {
                let theirs = places
                    .iter()
                    .enumerate()
                    .filter(|&(k, _)| (mine >> k) & 1 != 0)
                    .fold(0u32, |b, (_, &place)| b | 1 << place);
                if let Some(slot) = bits.get_mut(i) {
                    *slot |= theirs;
                }
            };
            match group {
                Group::One(table) => table.matches_each(inputs(), |i, v| set(i, u32::from(v))),
                Group::Many(product) => product.matches_each(inputs(), set),
            }
        }
        bits
    }
}

fn split(tables: &[&Table], places: &[usize], lines: bool, groups: &mut Vec<(Vec<usize>, Group)>) {
    let chosen: Vec<&Table> = places
        .iter()
        .filter_map(|&p| tables.get(p).copied())
        .collect();
    let product = if lines {
        Product::new
    } else {
        Product::of_inputs
    };
    let group = match chosen.as_slice() {
        [] => return,
        [one] => Group::One((*one).clone()),
        many => match product(many) {
            Some(product) => Group::Many(product),
            None => {
                let (a, b) = places.split_at(places.len() / 2);
                split(tables, a, lines, groups);
                split(tables, b, lines, groups);
                return;
            }
        },
    };
    groups.push((places.to_vec(), group));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::lanes::Dfa;

    /// `a` then any number of `b`: state 0 the start, 1 after the `a`, 2 dead.
    struct AThenBs;

    impl Dfa for AThenBs {
        type State = u8;
        fn start(&self) -> u8 {
            0
        }
        fn step(&self, state: u8, byte: u8) -> u8 {
            match (state, byte) {
                (0, b'a') | (1, b'b') => 1,
                _ => 2,
            }
        }
        fn is_live(&self, state: u8) -> bool {
            state < 2
        }
        fn accepts_at_end(&self, state: u8) -> bool {
            state == 1
        }
    }

    #[test]
    fn a_walk_of_inputs_holds_more_tables_than_a_walk_of_lines() {
        let table = Table::new(&AThenBs);
        let tables = vec![&table; MOST_INPUTS];
        // A line end's marks are bits of an entry: seven tables at most.
        assert!(Product::new(tables.get(..=MOST).unwrap_or_default()).is_none());
        // An input's verdict is its row's word: 32 tables in one product.
        let product = Product::of_inputs(&tables).expect("32 tables of 3 states");
        let mut verdicts = [1u32; 3];
        let inputs = [
            (0, b"abb".as_slice()),
            (1, b"ba".as_slice()),
            (2, b"a".as_slice()),
        ];
        product.matches_each(inputs, |i, bits| {
            if let Some(v) = verdicts.get_mut(i) {
                *v = bits;
            }
        });
        assert_eq!(verdicts, [u32::MAX, 0, u32::MAX]);
    }
}
