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
        let mut classes: HashMap<Vec<u32>, u8> = HashMap::new();
        let mut class = [0u8; 256];
        let mut members: Vec<Option<usize>> = Vec::new();
        for (b, slot) in class.iter_mut().enumerate() {
            let column: Vec<u32> = rows
                .iter()
                .map(|r| r.get(b).map_or(0, |&t| block_of(&block, t)))
                .collect();
            let n = classes.len() as u8;
            *slot = *classes.entry(column).or_insert_with(|| {
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
        Table {
            class,
            next: next.into(),
            accept: block_accept.into(),
            start: block_of(&block, start) << shift,
            dead: block_of(&block, 0) << shift,
            shift,
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
        // Indices masked to the table's length: every one is in bounds, and
        // the compiler sees so (no check in the walk).
        let mask = self.next.len().saturating_sub(1);
        let next = self.next.get(..=mask).unwrap_or_default();
        let class = &self.class;
        while open == LANES {
            let k = rest.iter().map(|r| r.len()).min().unwrap_or(0).min(ROUND);
            let [r0, r1, r2, r3, r4, r5, r6, r7] = rest.map(|r| r.get(..k).unwrap_or_default());
            let [
                mut s0,
                mut s1,
                mut s2,
                mut s3,
                mut s4,
                mut s5,
                mut s6,
                mut s7,
            ] = state.map(|s| s as usize);
            let columns = r0
                .iter()
                .zip(r1)
                .zip(r2)
                .zip(r3)
                .zip(r4)
                .zip(r5)
                .zip(r6)
                .zip(r7);
            for (((((((&b0, &b1), &b2), &b3), &b4), &b5), &b6), &b7) in columns {
                let go = |s: usize, b: u8| {
                    next[(s + usize::from(class[usize::from(b)])) & mask] as usize
                };
                s0 = go(s0, b0);
                s1 = go(s1, b1);
                s2 = go(s2, b2);
                s3 = go(s3, b3);
                s4 = go(s4, b4);
                s5 = go(s5, b5);
                s6 = go(s6, b6);
                s7 = go(s7, b7);
            }
            state = [s0, s1, s2, s3, s4, s5, s6, s7].map(|s| s as u32);
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
