//! A list walked as [`LANES`] runs side by side: runs of inputs joined by
//! the [`SEPARATOR`], or a text's own lines; only the steps on which an
//! automaton dies or an input ends are recorded, and each lane's lines are
//! read from those. A chunk of columns is walked with no branch (which
//! events, a tenth of the steps and in no pattern, would mispredict), and
//! its events are found after from a bit a lane and column.

use super::{ENDS, EVENT, Event, LazyProduct, Line, MISSING, SEPARATOR, TUPLE};
use crate::engine::automaton::Automaton;
use crate::engine::lanes::{LANES, columns};

impl LazyProduct {
    /// The lines of one lane walked, each with the offset of its end in the
    /// lane: each ends at a separator's event; with `last` (a text's lane,
    /// and the tuple the lane ended in), a "\r" before the separator goes
    /// with it, and what follows the last separator is a line too.
    pub(super) fn lines<'a>(
        &'a self,
        automata: &'a [&'a Automaton],
        lane: &'a [u8],
        events: &'a [Event],
        last: Option<u32>,
    ) -> impl Iterator<Item = (usize, Line<'a>)> + 'a {
        let mut rest = events;
        let mut start = 0usize;
        std::iter::from_fn(move || {
            let (mut deaths, mut end, mut tuple) = match rest.iter().position(|e| e[2] & ENDS != 0)
            {
                Some(i) => {
                    let (deaths, after) = rest.split_at(i);
                    let (&[offset, before, _], after) = after.split_first()?;
                    rest = after;
                    (deaths, offset as usize, before)
                }
                // The last line of a text, with no line end.
                None => {
                    let tuple = last.filter(|_| start < lane.len())?;
                    let deaths = std::mem::take(&mut rest);
                    (deaths, lane.len(), tuple)
                }
            };
            let next = end + 1;
            // A text's "\r" before its "\n": the line ends before it.
            let crlf = last.is_some() && next <= lane.len() && end > start;
            if let (true, Some((&[cr, before, _], earlier))) = (crlf, deaths.split_last())
                && cr as usize + 1 == end
                && lane.get(end - 1) == Some(&b'\r')
            {
                (deaths, end, tuple) = (earlier, end - 1, before);
            }
            let line = Line {
                product: self,
                automata,
                len: end - start,
                end: tuple,
                start: start as u32,
                deaths,
            };
            start = next;
            Some((end, line))
        })
    }

    /// Walk each lane from the start (a text's, or inputs joined by the
    /// [`SEPARATOR`]), side by side while every lane has bytes left and
    /// then each alone: each lane's events, and the tuple it ended in.
    /// `None` where the product gave up (it then lets go what it made).
    pub(super) fn walk(
        &mut self,
        automata: &[&Automaton],
        lanes: [&[u8]; LANES],
        text: bool,
    ) -> Option<([Vec<Event>; LANES], [u32; LANES])> {
        let mut events = std::mem::take(&mut self.events);
        events.iter_mut().for_each(Vec::clear);
        let mut state = [0u32; LANES];
        if self.walk_lanes(automata, lanes, text, &mut events, &mut state) {
            return Some((events, state));
        }
        *self = LazyProduct {
            of: std::mem::take(&mut self.of),
            gave_up: true,
            ..LazyProduct::default()
        };
        None
    }

    pub(super) fn walk_lanes(
        &mut self,
        automata: &[&Automaton],
        bytes: [&[u8]; LANES],
        text: bool,
        events: &mut [Vec<Event>; LANES],
        state: &mut [u32; LANES],
    ) -> bool {
        let k = bytes.iter().map(|b| b.len()).min().unwrap_or(0);
        // Each chunk's entries and, by column, a bit a lane where its
        // entry is an event: read once the chunk is walked.
        let mut entries = [[0u32; LANES]; CHUNK];
        let mut marks = [0u8; CHUNK];
        let mut done = 0;
        while done < k {
            let n = (k - done).min(CHUNK);
            let columns = bytes.map(|b| b.get(done..done + n).unwrap_or_default());
            let class = if text { &self.text_class } else { &self.class };
            side_by_side(
                &self.next,
                class,
                columns,
                state,
                (&mut entries, &mut marks),
            );
            let walked = read_chunk((&entries, &marks, n), done, state, events);
            done += walked;
            // A row not made yet: every lane walks that column one by one
            // (making the row).
            if walked < n {
                for (l, state) in state.iter_mut().enumerate() {
                    let b = bytes[l].get(done).copied().unwrap_or(SEPARATOR);
                    if !self.step(automata, state, (b, text), done, &mut events[l]) {
                        return false;
                    }
                }
                done += 1;
            }
        }
        for (l, lane) in bytes.iter().enumerate() {
            for (j, &b) in lane.get(k..).unwrap_or_default().iter().enumerate() {
                if !self.step(automata, &mut state[l], (b, text), k + j, &mut events[l]) {
                    return false;
                }
            }
        }
        true
    }

    /// One lane's step on `b` at `offset`, making the row it needs;
    /// `false` if the product gave up.
    pub(super) fn step(
        &mut self,
        automata: &[&Automaton],
        state: &mut u32,
        (b, text): (u8, bool),
        offset: usize,
        events: &mut Vec<Event>,
    ) -> bool {
        let class = if text { &self.text_class } else { &self.class };
        let at = *state as usize + usize::from(class[usize::from(b)]);
        let mut e = self.next.get(at).copied().unwrap_or(MISSING);
        if e == MISSING {
            self.make_row(automata, *state);
            e = self.next.get(at).copied().unwrap_or(MISSING);
            if self.gave_up || e == MISSING {
                return false;
            }
        }
        if e & EVENT != 0 {
            events.push([offset as u32, *state, e & !EVENT]);
        }
        *state = e & TUPLE;
        true
    }
}

/// A list of inputs in [`LANES`] runs of about equal bytes, each run's
/// inputs joined, each followed by the [`SEPARATOR`].
pub(super) struct Lanes {
    pub(super) bytes: [Vec<u8>; LANES],
    /// The indices of each lane's inputs.
    pub(super) inputs: [std::ops::Range<usize>; LANES],
}

impl Lanes {
    pub(super) fn of(inputs: &[&str], total: usize) -> Lanes {
        let share = total.div_ceil(LANES).max(1);
        let mut bytes: [Vec<u8>; LANES] = Default::default();
        let mut ranges: [std::ops::Range<usize>; LANES] = Default::default();
        let mut lane = 0;
        for (i, input) in inputs.iter().enumerate() {
            let (Some(b), Some(r)) = (bytes.get_mut(lane), ranges.get_mut(lane)) else {
                break;
            };
            if b.is_empty() {
                b.reserve(share + input.len() + 1);
                *r = i..i;
            }
            b.extend_from_slice(input.as_bytes());
            b.push(SEPARATOR);
            r.end = i + 1;
            if b.len() >= share && lane + 1 < LANES {
                lane += 1;
            }
        }
        // Lanes past the inputs start (empty) where the inputs end.
        let n = inputs.len();
        for r in ranges.iter_mut().skip(lane + 1) {
            *r = n..n;
        }
        Lanes {
            bytes,
            inputs: ranges,
        }
    }
}

/// Columns walked before their entries are read for events.
const CHUNK: usize = 64;

/// The bytes of `columns` (each as long as the others, at most [`CHUNK`])
/// walked side by side from `state`, the states in registers, with no
/// branch in the loop: each column's entries are kept in `entries`, and in
/// `marks` a bit a lane where the entry is an event (or a row not made yet,
/// whose entry leads to an entry all the same: the walk goes on, and the
/// column is found after).
#[inline(always)]
fn side_by_side(
    next: &[u32],
    class: &[u8; 256],
    columns_of: [&[u8]; LANES],
    state: &[u32; LANES],
    (entries, marks): (&mut [[u32; LANES]; CHUNK], &mut [u8; CHUNK]),
) {
    // A power of two long: a masked index is in bounds, which is seen from
    // the mask being the length less one (no step checks it). With no row
    // at all, every entry is one not made yet.
    let Some(mask) = next.len().checked_sub(1) else {
        entries.fill([MISSING; LANES]);
        marks.fill(u8::MAX);
        return;
    };
    let mut s = *state;
    let walk = entries.iter_mut().zip(marks.iter_mut());
    for ((column, mark), bytes) in walk.zip(columns(columns_of)) {
        for ((e, s), b) in column.iter_mut().zip(s.iter_mut()).zip(bytes) {
            *e = next[(*s as usize + usize::from(class[usize::from(b)])) & mask];
            *s = *e & TUPLE;
        }
        let bits = column.iter().enumerate();
        *mark = bits.fold(0, |m, (l, e)| m | ((e >> 31) as u8) << l);
    }
}

/// The events of a walked chunk's first `n` columns (at `done` in the
/// lanes) added to each lane's, up to the first column where a lane met a
/// row not made yet: that column, or `n`. `state` becomes the states after
/// the columns before it.
fn read_chunk(
    (entries, marks, n): (&[[u32; LANES]; CHUNK], &[u8; CHUNK], usize),
    done: usize,
    state: &mut [u32; LANES],
    events: &mut [Vec<Event>; LANES],
) -> usize {
    let start = *state;
    let column = |j: usize| entries.get(j).copied().unwrap_or_default();
    let mut walked = n;
    let lanes = events.iter_mut().zip(by_lane(marks, n)).zip(start);
    for (l, ((events, mut met), start)) in lanes.enumerate() {
        while met != 0 {
            let j = met.trailing_zeros() as usize;
            met &= met - 1;
            let e = column(j)[l];
            // A lane's entries after a missing row are not its walk's.
            if e == MISSING {
                walked = walked.min(j);
                break;
            }
            let before = match j.checked_sub(1) {
                Some(i) => column(i)[l] & TUPLE,
                None => start,
            };
            events.push([(done + j) as u32, before, e & !EVENT]);
        }
    }
    // No lane's events from that column on: the column is walked again.
    for (l, (events, state)) in events.iter_mut().zip(state.iter_mut()).enumerate() {
        while events
            .last()
            .is_some_and(|e| e[0] as usize >= done + walked)
        {
            events.pop();
        }
        if let Some(i) = walked.checked_sub(1) {
            *state = column(i)[l] & TUPLE;
        }
    }
    walked
}

/// The marks of the first `n` columns by lane: bit j of lane l's word is
/// bit l of column j's mark (eight columns at a time, an 8 x 8 transpose).
fn by_lane(marks: &[u8; CHUNK], n: usize) -> [u64; LANES] {
    let mut lanes = [0u64; LANES];
    for (block, eight) in marks.chunks_exact(8).enumerate() {
        let Ok(eight) = <[u8; 8]>::try_from(eight) else {
            continue;
        };
        let x = transpose8(u64::from_le_bytes(eight));
        for (l, lane) in lanes.iter_mut().enumerate() {
            *lane |= (x >> (8 * l) & 0xff) << (8 * block);
        }
    }
    let kept = u64::MAX.checked_shr(64 - n as u32).unwrap_or(0);
    lanes.map(|lane| lane & kept)
}

/// An 8 x 8 matrix of bits, byte i its row i, transposed (Hacker's Delight
/// 7-3): bit j of byte i becomes bit i of byte j.
fn transpose8(mut x: u64) -> u64 {
    let t = (x ^ (x >> 7)) & 0x00AA_00AA_00AA_00AA;
    x ^= t ^ (t << 7);
    let t = (x ^ (x >> 14)) & 0x0000_CCCC_0000_CCCC;
    x ^= t ^ (t << 14);
    let t = (x ^ (x >> 28)) & 0x0000_0000_F0F0_F0F0;
    x ^ t ^ (t << 28)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_by_column_are_read_by_lane() {
        // Bit l of column j's mark is bit j of lane l's word, for every
        // column and lane, and no column past the walked ones is read.
        let mut marks = [0u8; CHUNK];
        let mut x: u32 = 0x9e37_79b9;
        for mark in marks.iter_mut() {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            *mark = x as u8;
        }
        for n in [0, 1, 7, 8, 9, 63, CHUNK] {
            let lanes = by_lane(&marks, n);
            for (l, lane) in lanes.iter().enumerate() {
                for (j, mark) in marks.iter().enumerate() {
                    let want = j < n && mark >> l & 1 == 1;
                    assert_eq!(lane >> j & 1 == 1, want, "lane {l}, column {j}, {n} walked");
                }
            }
        }
    }
}
