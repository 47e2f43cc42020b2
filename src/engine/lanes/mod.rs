//! The verdict walk, several inputs at once.
//!
//! Walking one input through a DFA is one table load per byte, each waiting on
//! the one before: the core idles while a load is in flight. Walking [`LANES`]
//! inputs side by side gives it that many independent loads to overlap. The
//! walk is over a [`Table`] of the automaton's own: only the states from which
//! the input may still be accepted (every other is one dead state), renumbered
//! and minimized, over classes of ASCII bytes, so that a rule's table fits in
//! the first-level cache. Both walks decide exactly as
//! [`Automaton::matches`](super::automaton::Automaton::matches)
//! does (the exactness tests run them on every input they make).

use std::hash::Hash;

pub mod product;
mod table;

/// What a table is made from: a DFA over bytes (an
/// [`Automaton`](super::automaton::Automaton)).
pub trait Dfa {
    /// A state.
    type State: Copy + Eq + Hash;
    /// The start state.
    fn start(&self) -> Self::State;
    /// The state after a byte.
    fn step(&self, state: Self::State, byte: u8) -> Self::State;
    /// Whether some continuation from the state, the empty one included, is accepted.
    fn is_live(&self, state: Self::State) -> bool;
    /// Whether an input may end in the state.
    fn accepts_at_end(&self, state: Self::State) -> bool;
}

/// Inputs walked side by side: enough independent loads to cover a load's
/// latency, few enough that their states stay in registers.
pub const LANES: usize = 8;

/// Bytes walked between looks for lanes that died or ended.
const ROUND: usize = 16;

/// A DFA over bytes for deciding only: row `s >> shift` of `next` holds the
/// next state of `s` (premultiplied) for each byte class.
#[derive(Clone, Debug)]
pub struct Table {
    /// The class of each byte: bytes of one class lead every state alike. In
    /// a grammar with no non-ASCII character, those bytes lead to the dead
    /// state.
    class: [u8; 256],
    next: Box<[u32]>,
    /// Whether an input may end in the state, by row.
    accept: Box<[bool]>,
    start: u32,
    /// The state no input leaves and none ends in.
    dead: u32,
    shift: u32,
    /// The same table for a piece of lines, line ends included.
    lines: Lines,
}

/// A [`Table`] that walks a piece of text line after line: a `\n` leads back
/// to the start, its entry marked (the top bit) when the line before it is
/// derived; a `\r` leads to one of two states that remember whether the line
/// before it was, for a `\r\n` line end, and to the dead state otherwise.
#[derive(Clone, Debug)]
struct Lines {
    next: Box<[u32]>,
    /// Whether a last line without a line end is derived, by row.
    accept: Box<[bool]>,
}

/// The top bit of a [`Lines`] entry: a line was derived.
const DERIVED: u32 = 1 << 31;

impl Table {
    /// The state after byte `b`.
    #[inline(always)]
    fn step(&self, state: u32, b: u8) -> u32 {
        let class = self.class[usize::from(b)];
        self.next
            .get(state as usize + usize::from(class))
            .copied()
            .unwrap_or(self.dead)
    }

    /// Whether an input may end in `state`.
    #[inline(always)]
    fn ends(&self, state: u32) -> bool {
        self.accept
            .get((state >> self.shift) as usize)
            .copied()
            .unwrap_or(false)
    }

    /// Whether some input the rule derives has one of `bytes`: every state
    /// of the table but the dead one is reached from the start and leads to
    /// an accepted end (it is made of those alone), and the dead one leads
    /// only to itself, so a byte is in some derived input exactly where some
    /// state does not lead on it to the dead one.
    #[cfg(any(feature = "cli", feature = "internals"))]
    pub fn derives_any_of(&self, bytes: impl IntoIterator<Item = u8>) -> bool {
        let rows = self.accept.len() as u32;
        bytes.into_iter().any(|b| {
            let class = u32::from(self.class[usize::from(b)]);
            (0..rows).any(|r| {
                let next = self.next.get(((r << self.shift) + class) as usize);
                next.is_some_and(|&t| t != self.dead)
            })
        })
    }

    /// Whether the rule derives `input`, one byte after another.
    pub fn matches(&self, input: &[u8]) -> bool {
        let mut s = self.start;
        for round in input.chunks(ROUND) {
            for &b in round {
                s = self.step(s, b);
            }
            if s == self.dead {
                return false;
            }
        }
        self.ends(s)
    }

    /// The lines of `piece` (split as the command splits its input: a final
    /// `\n` adds no line, a `\r` before a `\n` is not part of the line) and
    /// how many of them the rule derives. [`LANES`] parts of the piece, each
    /// of whole lines, are walked side by side, line ends and all.
    pub fn lines_derived(&self, piece: &[u8]) -> (usize, usize) {
        let lines = &self.lines;
        let walk = Walk::new(&lines.next, &self.class);
        let parts = cut(piece, LANES);
        let k = parts.iter().map(|p| p.len()).min().unwrap_or(0);
        let mut derived = 0usize;
        let states = walk.side_by_side(parts, k, [self.start; LANES], |s| {
            derived += s.iter().map(|&s| (s >> 31) as usize).sum::<usize>();
        });
        let go = |s, b| walk.step(s, b);
        // Each part's rest one byte after another; only the last part may end
        // in a line with no line end.
        let mut last = self.start;
        for (part, mut s) in parts.iter().zip(states) {
            for &b in part.get(k..).unwrap_or_default() {
                s = go(s, b);
                derived += (s >> 31) as usize;
            }
            if !part.is_empty() {
                last = s;
            }
        }
        let mut count = line_ends(piece);
        if !piece.is_empty() && !piece.ends_with(b"\n") {
            count += 1;
            let row = ((last & !DERIVED) >> self.shift) as usize;
            derived += usize::from(lines.accept.get(row).copied().unwrap_or(false));
        }
        (count, derived)
    }

    /// Whether the rule derives each line of `piece`, as `line(end,
    /// derived)` for each line in order, `end` the offset of its `\n` (of
    /// the piece's end for a last line with none), the lines split as
    /// [`Table::lines_derived`] splits them: its walk, with each line end's
    /// mark kept and read in line order.
    pub fn each_line_derived(&self, piece: &[u8], mut line: impl FnMut(usize, bool)) {
        let walk = Walk::new(&self.lines.next, &self.class);
        let last = |s: u32| {
            let row = ((s & !DERIVED) >> self.shift) as usize;
            u64::from(self.lines.accept.get(row).copied().unwrap_or(false))
        };
        let mark = |s: u32| u64::from(s >> 31);
        each_line_marked::<1>(&walk, self.start, piece, mark, last, |end, m| {
            line(end, m != 0)
        });
    }

    /// Whether this table derives each input, as `verdict(index, valid)` in
    /// any order: [`LANES`] inputs walked side by side, states in registers.
    pub fn matches_each<'a>(
        &self,
        inputs: impl IntoIterator<Item = (usize, &'a [u8])>,
        verdict: impl FnMut(usize, bool),
    ) {
        let walk = Walk::new(&self.next, &self.class);
        let ends = |s| self.ends(s);
        each_side_by_side(&walk, (self.start, self.dead), ends, inputs, verdict);
    }
}

/// What a walk of `inputs` side by side ends in, as `verdict(index, ends(state))`
/// in any order: [`LANES`] inputs at a time, a lane that is over (at the dead
/// state or at its input's end) taking the next input.
fn each_side_by_side<'a, V>(
    walk: &Walk<'_>,
    (start, dead): (u32, u32),
    ends: impl Fn(u32) -> V,
    inputs: impl IntoIterator<Item = (usize, &'a [u8])>,
    mut verdict: impl FnMut(usize, V),
) {
    let mut inputs = inputs.into_iter();
    let mut index = [0usize; LANES];
    let mut rest: [&[u8]; LANES] = [&[]; LANES];
    let mut state = [start; LANES];
    let mut held = [false; LANES];
    let mut open = 0;
    for ((i, r), h) in index.iter_mut().zip(rest.iter_mut()).zip(held.iter_mut()) {
        let Some((n, input)) = inputs.next() else {
            break;
        };
        (*i, *r, *h) = (n, input, true);
        open += 1;
    }
    while open == LANES {
        let k = rest.iter().map(|r| r.len()).min().unwrap_or(0).min(ROUND);
        state = walk.side_by_side(rest, k, state, |_| {});
        let lanes = index.iter_mut().zip(rest.iter_mut()).zip(state.iter_mut());
        for (((i, r), s), h) in lanes.zip(held.iter_mut()) {
            *r = r.get(k..).unwrap_or_default();
            // A lane that is over gives its verdict and takes the next
            // input; with none left, it closes.
            if *s != dead && !r.is_empty() {
                continue;
            }
            verdict(*i, ends(*s));
            match inputs.next() {
                Some((n, input)) => (*i, *r, *s) = (n, input, start),
                None => {
                    *h = false;
                    open -= 1;
                }
            }
        }
    }
    // Fewer inputs left than lanes: each walked on from where it is.
    let lanes = index.iter().zip(rest).zip(state).zip(held);
    for (((&i, r), mut s), _) in lanes.filter(|l| l.1) {
        for &b in r {
            s = walk.step(s, b);
        }
        verdict(i, ends(s));
    }
}

/// The lines of `piece` walked from `start`, as `line(end, marks)` for each
/// in order: `mark` reads a line end's marks (fewer than `1 << B` bits) from
/// the state its entry leads to, `last` those of a last line with no line end
/// from the state it ends in. [`LANES`] parts of the piece, each of whole
/// lines, are walked side by side, and the marks of every column kept,
/// `B` bits a lane, to be read in line order.
fn each_line_marked<const B: u32>(
    walk: &Walk<'_>,
    start: u32,
    piece: &[u8],
    mark: impl Fn(u32) -> u64,
    last: impl Fn(u32) -> u64,
    mut line: impl FnMut(usize, u64),
) {
    // Columns a word holds: a lane's marks in B bits, a column's in 8B.
    let per_word = 8 / B as usize;
    let parts = cut(piece, LANES);
    let k = parts.iter().map(|p| p.len()).min().unwrap_or(0);
    let mut marks: Vec<u64> = Vec::with_capacity(k / per_word + 1);
    let (mut word, mut at) = (0u64, 0u32);
    let states = walk.side_by_side(parts, k, [start; LANES], |s| {
        let column = s
            .iter()
            .enumerate()
            .fold(0, |m, (l, &s)| m | mark(s) << (l as u32 * B));
        word |= column << at;
        at += 8 * B;
        if at == 64 {
            marks.push(std::mem::take(&mut word));
            at = 0;
        }
    });
    marks.push(word);
    let lane = (1u64 << B) - 1;
    let (mut end_state, mut base) = (start, 0);
    for (l, (part, mut s)) in parts.iter().zip(states).enumerate() {
        let (walked, rest) = part.split_at(k.min(part.len()));
        // Each line end the walk side by side passed, in order.
        for (c, chunk) in walked.chunks(64).enumerate() {
            let mut ends = newlines(chunk);
            while ends != 0 {
                let j = c * 64 + ends.trailing_zeros() as usize;
                let word = marks.get(j / per_word).copied().unwrap_or(0);
                let shift = (j % per_word) as u32 * 8 * B + l as u32 * B;
                line(base + j, word >> shift & lane);
                ends &= ends - 1;
            }
        }
        // The rest, one byte after another.
        for (j, &b) in rest.iter().enumerate() {
            s = walk.step(s, b);
            if b == b'\n' {
                line(base + walked.len() + j, mark(s));
            }
        }
        if !part.is_empty() {
            end_state = s;
        }
        base += part.len();
    }
    if !piece.is_empty() && !piece.ends_with(b"\n") {
        line(piece.len(), last(end_state));
    }
}

/// A table's transitions as the walks side by side read them: indices masked
/// to the table's length (a power of two), so every one is in bounds and the
/// compiler sees so (no check in the walk).
struct Walk<'t> {
    next: &'t [u32],
    mask: usize,
    class: &'t [u8; 256],
}

impl<'t> Walk<'t> {
    fn new(next: &'t [u32], class: &'t [u8; 256]) -> Walk<'t> {
        let mask = next.len().saturating_sub(1);
        let next = next.get(..=mask).unwrap_or_default();
        Walk { next, mask, class }
    }

    /// The state after byte `b` (a state's top bit, a mark, is masked away).
    #[inline(always)]
    fn step(&self, s: u32, b: u8) -> u32 {
        self.next[(s as usize + usize::from(self.class[usize::from(b)])) & self.mask]
    }

    /// The first `k` bytes of each of `parts` (each at least `k` long), walked
    /// side by side from `states`, the states in registers; `column` sees the
    /// states after each byte.
    #[inline(always)]
    fn side_by_side(
        &self,
        parts: [&[u8]; LANES],
        k: usize,
        states: [u32; LANES],
        mut column: impl FnMut(&[u32; LANES]),
    ) -> [u32; LANES] {
        let mut s = states;
        for [b0, b1, b2, b3, b4, b5, b6, b7] in
            columns(parts.map(|p| p.get(..k).unwrap_or_default()))
        {
            let [s0, s1, s2, s3, s4, s5, s6, s7] = s;
            s = [
                self.step(s0, b0),
                self.step(s1, b1),
                self.step(s2, b2),
                self.step(s3, b3),
                self.step(s4, b4),
                self.step(s5, b5),
                self.step(s6, b6),
                self.step(s7, b7),
            ];
            column(&s);
        }
        s
    }
}

/// The bytes of `parts` column by column, a byte a lane, as many columns as
/// the shortest part has bytes: no index is checked in the walk.
#[inline(always)]
pub(crate) fn columns<'a>(parts: [&'a [u8]; LANES]) -> impl Iterator<Item = [u8; LANES]> + 'a {
    let [p0, p1, p2, p3, p4, p5, p6, p7] = parts;
    p0.iter()
        .zip(p1)
        .zip(p2)
        .zip(p3)
        .zip(p4)
        .zip(p5)
        .zip(p6)
        .zip(p7)
        .map(|(((((((&b0, &b1), &b2), &b3), &b4), &b5), &b6), &b7)| {
            [b0, b1, b2, b3, b4, b5, b6, b7]
        })
}

/// `piece` in `n` parts, each ending after a line end but perhaps the last.
pub(crate) fn cut(piece: &[u8], n: usize) -> [&[u8]; LANES] {
    let size = piece.len().div_ceil(n.max(1));
    let mut parts: [&[u8]; LANES] = [&[]; LANES];
    let mut rest = piece;
    for part in parts.iter_mut() {
        let end = match rest
            .get(size..)
            .and_then(|r| r.iter().position(|&b| b == b'\n'))
        {
            Some(i) => size + i + 1,
            None => rest.len(),
        };
        let (head, tail) = rest.split_at(end.min(rest.len()));
        (*part, rest) = (head, tail);
    }
    parts
}

/// The line ends in `chunk` (at most 64 bytes), a bit a byte. A short chunk
/// is padded with zero bytes (never a line end), so that every chunk is read
/// as eight whole words, each one load.
fn newlines(chunk: &[u8]) -> u64 {
    match <&[u8; 64]>::try_from(chunk) {
        Ok(whole) => newlines_64(whole),
        Err(_) => {
            let mut padded = [0u8; 64];
            for (slot, &b) in padded.iter_mut().zip(chunk) {
                *slot = b;
            }
            newlines_64(&padded)
        }
    }
}

/// [`newlines`] of 64 bytes: each "\n" found with no branch (a byte is zero
/// in `x` exactly where its top bit is clear in `(x & 0x7f..) + 0x7f.. | x`),
/// each word's top bits gathered by one multiplication.
#[inline(always)]
fn newlines_64(chunk: &[u8; 64]) -> u64 {
    const LOW: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let mut ends = 0;
    for (i, bytes) in chunk.chunks_exact(8).enumerate() {
        let w = <[u8; 8]>::try_from(bytes).map_or(0, u64::from_le_bytes);
        let x = w ^ 0x0a0a_0a0a_0a0a_0a0a;
        let zero = !(((x & LOW).wrapping_add(LOW)) | x | LOW);
        // Byte i's top bit (bit 8i + 7) to bit 56 + i.
        let gathered = ((zero >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8;
        ends |= u64::from(gathered) << (i * 8);
    }
    ends
}

/// The line ends in `piece`.
fn line_ends(piece: &[u8]) -> usize {
    piece.iter().filter(|&&b| b == b'\n').count()
}

/// An input by its index in a list.
type Job<'a> = (usize, &'a [u8]);

/// Whether each input's table derives it, as `verdict(index, valid)` in any
/// order: the inputs of each table walked by [`Table::matches_each`].
pub fn matches_each<'a>(
    inputs: impl IntoIterator<Item = (&'a Table, &'a [u8])>,
    mut verdict: impl FnMut(usize, bool),
) {
    // Most lists have one table, some two: a lane's table is then the one
    // table of the walk, its fields in registers.
    let mut groups: Vec<(&Table, Vec<Job<'a>>)> = Vec::new();
    for (i, (table, input)) in inputs.into_iter().enumerate() {
        match groups.iter_mut().find(|(t, _)| std::ptr::eq(*t, table)) {
            Some((_, group)) => group.push((i, input)),
            None => groups.push((table, vec![(i, input)])),
        }
    }
    for (table, group) in groups {
        table.matches_each(group, &mut verdict);
    }
}

#[cfg(test)]
mod tests {
    use super::newlines;

    #[test]
    fn newlines_marks_each_line_end_of_a_chunk_and_nothing_else() {
        // Chunks of every length up to 64, of every byte but "\n" in turn
        // (those one bit from it too), with one or two "\n" at any places:
        // the bits are exactly those places.
        let other = |i: usize| match (i * 37 % 256) as u8 {
            b'\n' => 0x8a,
            b => b,
        };
        for len in 0..=64 {
            for i in 0..=len {
                for j in i..=len {
                    let mut chunk: Vec<u8> = (0..len).map(|k| other(k + i)).collect();
                    let mut want = 0u64;
                    for at in [i, j].into_iter().filter(|&at| at < len) {
                        chunk[at] = b'\n';
                        want |= 1 << at;
                    }
                    assert_eq!(newlines(&chunk), want, "{chunk:?}");
                }
            }
        }
    }
}
