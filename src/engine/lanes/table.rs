//! A [`Table`] made from an automaton: its live states renumbered and
//! minimized, its bytes in classes, and the form that walks whole lines; and
//! a table as words, the form the build script writes ahead (`src/build.rs`).

use std::collections::HashMap;

use super::{DERIVED, Dfa, Lines, Table};

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
        let mut rows: Vec<[u32; 256]> = vec![[0; 256]];
        let mut i = 0;
        while let Some(&s) = order.get(i) {
            i += 1;
            let mut row = [0u32; 256];
            for (b, slot) in (0u8..=255).zip(row.iter_mut()) {
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
        // Classes: bytes whose columns agree, as blocks (in a grammar with
        // no non-ASCII character, a non-ASCII byte's column is all dead).
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
                members.push(Some(b));
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

    /// The table as words, for the build script to write ahead
    /// ([`Table::from_words`] reads them back).
    #[allow(dead_code)] // The build script's (`ahead_emit.rs`).
    pub fn to_words(&self) -> Vec<u32> {
        let mut words = vec![self.shift, self.start, self.dead];
        words.extend(
            self.class
                .chunks(4)
                .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])),
        );
        for part in [&self.next, &self.lines.next] {
            words.push(part.len() as u32);
            words.extend(part.iter());
        }
        for part in [&self.accept, &self.lines.accept] {
            words.push(part.len() as u32);
            words.extend(part.iter().map(|&a| u32::from(a)));
        }
        words
    }

    /// The table [`Table::to_words`] wrote; `None` for words it did not write.
    pub fn from_words(words: &[u32]) -> Option<Table> {
        let mut rest = words;
        let mut take = |n: usize| {
            let (head, tail) = (rest.get(..n)?, rest.get(n..)?);
            rest = tail;
            Some(head)
        };
        let &[shift, start, dead] = take(3)? else {
            return None;
        };
        let mut class = [0u8; 256];
        for (slot, word) in class.chunks_mut(4).zip(take(64)?) {
            slot.copy_from_slice(&word.to_le_bytes());
        }
        let mut part = || -> Option<Box<[u32]>> {
            let n = *take(1)?.first()? as usize;
            Some(take(n)?.into())
        };
        let (next, lines_next) = (part()?, part()?);
        let (accept, lines_accept) = (part()?, part()?);
        let bools = |p: Box<[u32]>| p.iter().map(|&a| a != 0).collect::<Box<[bool]>>();
        // The walks mask their indices to the table's length.
        (next.len().is_power_of_two() && lines_next.len().is_power_of_two()).then(|| Table {
            class,
            next,
            accept: bools(accept),
            start,
            dead,
            shift,
            lines: Lines {
                next: lines_next,
                accept: bools(lines_accept),
            },
        })
    }
}

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

/// The block of each state in the coarsest partition that keeps acceptance and
/// transitions (Moore's refinement), and how many blocks.
fn minimize(rows: &[[u32; 256]], accept: &[bool]) -> (Vec<u32>, usize) {
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
