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

use std::collections::HashMap;
use std::hash::Hash;

/// What a table is made from: a DFA over ASCII bytes (an
/// [`Automaton`](super::automaton::Automaton)).
pub trait Dfa {
    /// A state.
    type State: Copy + Eq + Hash;
    /// The start state.
    fn start(&self) -> Self::State;
    /// The state after an ASCII byte.
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
    /// The class of each byte: bytes of one class lead every state alike. No
    /// grammar has a non-ASCII character: those bytes lead to the dead state.
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

impl Lines {
    fn new(
        next: &[u32],
        accept: &[bool],
        class: &[u8; 256],
        (start, dead, shift): (u32, u32, u32),
    ) -> Lines {
        let blocks = accept.len();
        let (cr_derived, cr_not) = ((blocks as u32) << shift, (blocks as u32 + 1) << shift);
        let (nl, cr) = (usize::from(class[0x0a]), usize::from(class[0x0d]));
        let width = 1usize << shift;
        let mut lines = vec![dead; ((blocks + 2) << shift).next_power_of_two()];
        for (row, &derived) in accept.iter().enumerate() {
            for c in 0..width {
                let to = match c {
                    _ if c == nl => start | if derived { DERIVED } else { 0 },
                    _ if c == cr => {
                        if derived {
                            cr_derived
                        } else {
                            cr_not
                        }
                    }
                    _ => next.get((row << shift) + c).copied().unwrap_or(dead),
                };
                if let Some(slot) = lines.get_mut((row << shift) + c) {
                    *slot = to;
                }
            }
        }
        // After a "\r", only a "\n" goes on.
        for (row, derived) in [(blocks, DERIVED), (blocks + 1, 0)] {
            if let Some(slot) = lines.get_mut((row << shift) + nl) {
                *slot = start | derived;
            }
        }
        let accept: Vec<bool> = accept.iter().copied().chain([false, false]).collect();
        Lines {
            next: lines.into(),
            accept: accept.into(),
        }
    }
}

impl Table {
    /// The table of `automaton`: the same language, minimized.
    pub fn new<A: Dfa>(automaton: &A) -> Table {
        // The live states, numbered from 1 in the order met; 0 is dead.
        let mut number: HashMap<_, u32> = HashMap::new();
        let mut order = Vec::new();
        if automaton.is_live(automaton.start()) {
            number.insert(automaton.start(), 1);
            order.push(automaton.start());
        }
        let mut rows: Vec<[u32; 128]> = vec![[0; 128]];
        let mut i = 0;
        while let Some(&s) = order.get(i) {
            i += 1;
            let mut row = [0u32; 128];
            for (b, slot) in (0u8..128).zip(row.iter_mut()) {
                let t = automaton.step(s, b);
                if automaton.is_live(t) {
                    let n = order.len() as u32 + 1;
                    *slot = *number.entry(t).or_insert_with(|| {
                        order.push(t);
                        n
                    });
                }
            }
            rows.push(row);
        }
        let accept: Vec<bool> = std::iter::once(false)
            .chain(order.iter().map(|&s| automaton.accepts_at_end(s)))
            .collect();
        let start = u32::from(!order.is_empty());
        let (block, blocks) = minimize(&rows, &accept);
        // Classes: bytes whose columns agree, as blocks; a non-ASCII byte's
        // column is all dead.
        // The line ends have classes of their own, for the walk of a piece.
        let mut classes: HashMap<(u8, Vec<u32>), u8> = HashMap::new();
        let mut class = [0u8; 256];
        let mut members: Vec<Option<usize>> = Vec::new();
        for (b, slot) in class.iter_mut().enumerate() {
            let column: Vec<u32> = rows
                .iter()
                .map(|r| r.get(b).map_or(0, |&t| block_of(&block, t)))
                .collect();
            let end = match b {
                0x0a => 1,
                0x0d => 2,
                _ => 0,
            };
            let n = classes.len() as u8;
            *slot = *classes.entry((end, column)).or_insert_with(|| {
                members.push((b < 128).then_some(b));
                n
            });
        }
        let shift = members.len().next_power_of_two().trailing_zeros();
        // A power of two long (the rest dead), so that a masked index is in
        // bounds.
        let mut next = vec![0u32; (blocks << shift).next_power_of_two()];
        let mut block_accept = vec![false; blocks];
        for (s, row) in rows.iter().enumerate() {
            let from = block_of(&block, s as u32) as usize;
            if let Some(a) = block_accept.get_mut(from) {
                *a = accept.get(s).copied().unwrap_or(false);
            }
            for (c, b) in members.iter().enumerate() {
                let to = b
                    .and_then(|b| row.get(b))
                    .map_or(0, |&t| block_of(&block, t));
                if let Some(slot) = next.get_mut((from << shift) + c) {
                    *slot = to << shift;
                }
            }
        }
        let (start, dead) = (
            block_of(&block, start) << shift,
            block_of(&block, 0) << shift,
        );
        let lines = Lines::new(&next, &block_accept, &class, (start, dead, shift));
        Table {
            class,
            next: next.into(),
            accept: block_accept.into(),
            start,
            dead,
            shift,
            lines,
        }
    }

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
    pub fn count_lines(&self, piece: &[u8]) -> (usize, usize) {
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

    /// Whether this table derives each input, as `verdict(index, valid)` in
    /// any order: [`LANES`] inputs walked side by side, states in registers.
    pub fn matches_each<'a>(
        &self,
        inputs: impl IntoIterator<Item = (usize, &'a [u8])>,
        mut verdict: impl FnMut(usize, bool),
    ) {
        let mut inputs = inputs.into_iter();
        let mut index = [0usize; LANES];
        let mut rest: [&[u8]; LANES] = [&[]; LANES];
        let mut state = [self.start; LANES];
        let mut held = [false; LANES];
        let mut open = 0;
        for ((i, r), h) in index.iter_mut().zip(rest.iter_mut()).zip(held.iter_mut()) {
            let Some((n, input)) = inputs.next() else {
                break;
            };
            (*i, *r, *h) = (n, input, true);
            open += 1;
        }
        let walk = Walk::new(&self.next, &self.class);
        while open == LANES {
            let k = rest.iter().map(|r| r.len()).min().unwrap_or(0).min(ROUND);
            state = walk.side_by_side(rest, k, state, |_| {});
            let lanes = index.iter_mut().zip(rest.iter_mut()).zip(state.iter_mut());
            for (((i, r), s), h) in lanes.zip(held.iter_mut()) {
                *r = r.get(k..).unwrap_or_default();
                // A lane that is over gives its verdict and takes the next
                // input; with none left, it closes.
                let valid = if *s == self.dead {
                    false
                } else if r.is_empty() {
                    self.ends(*s)
                } else {
                    continue;
                };
                verdict(*i, valid);
                match inputs.next() {
                    Some((n, input)) => (*i, *r, *s) = (n, input, self.start),
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
                s = self.step(s, b);
            }
            verdict(i, self.ends(s));
        }
    }
}

/// The block of each state in the coarsest partition that keeps acceptance and
/// transitions (Moore's refinement), and how many blocks.
fn minimize(rows: &[[u32; 128]], accept: &[bool]) -> (Vec<u32>, usize) {
    let mut block: Vec<u32> = accept.iter().map(|&a| u32::from(a)).collect();
    let mut count = 0;
    loop {
        let mut ids: HashMap<(u32, Vec<u32>), u32> = HashMap::new();
        let next: Vec<u32> = rows
            .iter()
            .zip(&block)
            .map(|(row, &b)| {
                let key = (b, row.iter().map(|&t| block_of(&block, t)).collect());
                let n = ids.len() as u32;
                *ids.entry(key).or_insert(n)
            })
            .collect();
        if ids.len() == count {
            return (next, count);
        }
        count = ids.len();
        block = next;
    }
}

fn block_of(block: &[u32], state: u32) -> u32 {
    block.get(state as usize).copied().unwrap_or(0)
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
        let [p0, p1, p2, p3, p4, p5, p6, p7] = parts.map(|p| p.get(..k).unwrap_or_default());
        let mut s = states;
        let columns = p0
            .iter()
            .zip(p1)
            .zip(p2)
            .zip(p3)
            .zip(p4)
            .zip(p5)
            .zip(p6)
            .zip(p7);
        for (((((((&b0, &b1), &b2), &b3), &b4), &b5), &b6), &b7) in columns {
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

/// `piece` in `n` parts, each ending after a line end but perhaps the last.
fn cut(piece: &[u8], n: usize) -> [&[u8]; LANES] {
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
