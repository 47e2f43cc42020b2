//! A list walked as [`LANES`] runs side by side: runs of inputs joined by
//! the [`SEPARATOR`], or a text's own lines; only the steps on which an
//! automaton dies or an input ends are recorded, and each lane's lines are
//! read from those.

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
        let mut events: [Vec<Event>; LANES] = Default::default();
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
        // Each chunk's events, a lane's at most one a column, gathered where
        // no call is made, then moved to the lanes' lists.
        let mut chunk = [[[0u32; 3]; CHUNK]; LANES];
        let mut done = 0;
        while done < k {
            let n = (k - done).min(CHUNK);
            let columns = bytes.map(|b| b.get(done..done + n).unwrap_or_default());
            let mut met = [0usize; LANES];
            let class = if text { &self.text_class } else { &self.class };
            let walked = side_by_side(
                &self.next,
                class,
                columns,
                state,
                (&mut chunk, &mut met, done as u32),
            );
            for ((events, chunk), &met) in events.iter_mut().zip(&chunk).zip(&met) {
                events.extend_from_slice(chunk.get(..met).unwrap_or_default());
            }
            match walked {
                Ok(()) => done += n,
                // A row not made yet: lanes before `l` walked column `j`,
                // the others walk it one by one (making the row).
                Err((l, j)) => {
                    for m in l..LANES {
                        let b = bytes[m].get(done + j).copied().unwrap_or(SEPARATOR);
                        if !self.step(automata, &mut state[m], (b, text), done + j, &mut events[m])
                        {
                            return false;
                        }
                    }
                    done += j + 1;
                }
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

/// Columns walked between moves of their events to the lanes' lists.
const CHUNK: usize = 64;

/// The bytes of `columns` (each as long as the others, at most [`CHUNK`])
/// walked side by side from `state`, the states in registers; each event
/// in `chunk` (lane by lane, `met` of them each, offsets from `base`).
/// `Err((lane, column))` where a lane meets a row not made yet: the lanes
/// before it have walked that column, it and those after it have not.
#[inline(always)]
fn side_by_side(
    next: &[u32],
    class: &[u8; 256],
    columns_of: [&[u8]; LANES],
    state: &mut [u32; LANES],
    (chunk, met, base): (&mut [[Event; CHUNK]; LANES], &mut [usize; LANES], u32),
) -> Result<(), (usize, usize)> {
    // A power of two long: a masked index is in bounds.
    let mask = next.len().saturating_sub(1);
    let mut s = *state;
    for (j, [b0, b1, b2, b3, b4, b5, b6, b7]) in columns(columns_of).enumerate() {
        for (l, b) in [b0, b1, b2, b3, b4, b5, b6, b7].into_iter().enumerate() {
            let at = (s[l] as usize + usize::from(class[usize::from(b)])) & mask;
            let e = next.get(at).copied().unwrap_or(MISSING);
            // Rare: an event, or a row to make.
            if e >= EVENT {
                if e == MISSING {
                    *state = s;
                    return Err((l, j));
                }
                // At most one event a column: a lane's count stays below
                // the chunk's columns.
                chunk[l][met[l] % CHUNK] = [base + j as u32, s[l], e & !EVENT];
                met[l] += 1;
            }
            s[l] = e & TUPLE;
        }
    }
    *state = s;
    Ok(())
}
