//! Several automata walked as one over a list of inputs, in their product
//! made as the inputs meet it: one walk gives each input's verdict in every
//! automaton and, where one rejects it, where it stops there (the last live
//! state and its offset), with no walk of its own to find the stop.
//!
//! The automata are unminimized (a state names the places of the printed
//! rules an input stands at), so their whole product is large (for the seven
//! editions' URL rules and two catch-all-less forms, 18,228 tuples over 61
//! byte classes, 4.4 MB), yet inputs meet little of it: a million http URLs
//! meet 174 tuples. A row is made the first time a walk leaves its tuple, so
//! the table holds what the corpus uses (for those URLs, 44 KiB).

use std::sync::Arc;

use regex_automata::util::primitives::StateID;
use rustc_hash::FxHashMap;

use super::automaton::Automaton;
use super::lanes::{LANES, columns};

/// Bytes walked between looks for lanes that ended or died.
const ROUND: usize = 16;
/// An entry of a row not made yet.
const MISSING: u32 = u32::MAX;
/// An entry's top bit: some automaton dies on this step.
const DIES: u32 = 1 << 31;
/// Tuples a product may hold (about 300 bytes each for nine automata) before
/// it gives up: what its automata may describe is then left to other walks.
const MOST_TUPLES: usize = 1 << 15;

/// Where an automaton stops on an input: its last live state and the
/// offset of the byte that left it (the input's length where the input ends
/// there without being accepted).
pub type StopAt = (StateID, usize);

/// The product of a list of automata, made as inputs meet it. Walks keep
/// what they made: a product kept across calls grows into the corpus's.
#[derive(Clone, Debug)]
pub struct LazyProduct {
    /// The automata it was made for (kept, so that none is another's at
    /// the same address): other automata start it anew.
    of: Vec<Arc<Automaton>>,
    /// The class of each byte: a tuple of the automata's own classes (bytes
    /// of one class lead every state of every automaton alike), non-ASCII
    /// bytes one class that no grammar derives.
    class: [u8; 256],
    /// A byte of each class (`None`: the non-ASCII class).
    members: Vec<Option<u8>>,
    /// A row's length is `1 << shift`, at least the classes.
    shift: u32,
    /// By tuple number x row + class: the next tuple's number x row,
    /// [`DIES`] where an automaton dies on the way; [`MISSING`] before made.
    next: Vec<u32>,
    /// By tuple number x automata + automaton: its state, `None` once dead.
    tuples: Vec<Option<StateID>>,
    /// By tuple number: bit k where automaton k is live.
    live: Vec<u32>,
    /// By tuple number: bit k where automaton k accepts an input ending there.
    accept: Vec<u32>,
    number: FxHashMap<Box<[Option<StateID>]>, u32>,
    /// Where every automaton is dead (a tuple number x row).
    dead: u32,
    /// Bit k where automaton k is dead at the start: it stops there, in its
    /// start state, on every input.
    dead_at_start: u32,
    /// Whether the product outgrew [`MOST_TUPLES`] (then it walks no more).
    gave_up: bool,
    /// The bound on tuples (a test's may be smaller).
    most: usize,
}

impl Default for LazyProduct {
    /// A product made for no automata yet.
    fn default() -> LazyProduct {
        LazyProduct {
            of: Vec::new(),
            class: [0; 256],
            members: Vec::new(),
            next: Vec::new(),
            tuples: Vec::new(),
            live: Vec::new(),
            accept: Vec::new(),
            number: FxHashMap::default(),
            shift: 0,
            dead: 0,
            dead_at_start: 0,
            gave_up: false,
            most: MOST_TUPLES,
        }
    }
}

/// An input's outcome in each automaton: bit k of `accepted` where
/// automaton k derives it, and for every other the stop.
#[derive(Clone, Copy, Debug)]
pub struct Outcome<'a> {
    /// Bit k: automaton k derives the input.
    pub accepted: u32,
    stops: &'a [StopAt; 32],
}

impl Outcome<'_> {
    /// Where automaton `k` stops on the input; `None` where it derives it.
    pub fn stop(&self, k: usize) -> Option<StopAt> {
        let derived = self.accepted.checked_shr(k as u32).unwrap_or(0) & 1 != 0;
        if derived {
            return None;
        }
        self.stops.get(k).copied()
    }
}

/// A death met in a walk: the input's offset, the tuples before and after,
/// and the last death met before in the same input ([`NONE`] if none).
type Death = [u32; 4];
/// No death.
const NONE: u32 = u32::MAX;

impl LazyProduct {
    /// A product that holds at most `most` tuples.
    #[cfg(test)]
    fn with_most(most: usize) -> LazyProduct {
        LazyProduct {
            most,
            ..LazyProduct::default()
        }
    }

    /// Made afresh for `automata` (at most 32).
    fn start(&mut self, of: &[Arc<Automaton>], automata: &[&Automaton]) {
        *self = LazyProduct {
            most: self.most,
            of: of.to_vec(),
            ..LazyProduct::default()
        };
        let mut classes: FxHashMap<Vec<u8>, u8> = FxHashMap::default();
        let mut class = [0u8; 256];
        for (b, slot) in class.iter_mut().enumerate() {
            // Every non-ASCII byte is one class: no grammar has one.
            let key: Vec<u8> = match u8::try_from(b) {
                Ok(b) if b.is_ascii() => automata.iter().map(|a| a.byte_class(b)).collect(),
                _ => Vec::new(),
            };
            let n = classes.len() as u8;
            *slot = *classes.entry(key).or_insert_with(|| {
                self.members.push(u8::try_from(b).ok().filter(u8::is_ascii));
                n
            });
        }
        self.class = class;
        self.shift = self.members.len().next_power_of_two().trailing_zeros();
        let start: Vec<Option<StateID>> = automata
            .iter()
            .map(|a| Some(a.start()).filter(|&s| a.is_live(s)))
            .collect();
        self.dead_at_start = bits(start.iter().map(Option::is_none));
        // The start is tuple 0, where every walk begins; the dead tuple's
        // row is made at once (closed lanes walk it).
        self.intern(automata, start);
        self.dead = self.intern(automata, vec![None; automata.len()]);
        self.make_row(automata, self.dead);
    }

    /// The number of a tuple (times a row's length), made with a row of
    /// [`MISSING`] when new; [`MISSING`] past the bound.
    fn intern(&mut self, automata: &[&Automaton], tuple: Vec<Option<StateID>>) -> u32 {
        if let Some(&n) = self.number.get(tuple.as_slice()) {
            return n;
        }
        let n = self.live.len();
        if n >= self.most {
            self.gave_up = true;
            return MISSING;
        }
        let id = (n << self.shift) as u32;
        self.live.push(bits(tuple.iter().map(Option::is_some)));
        self.accept.push(bits(
            tuple
                .iter()
                .zip(automata)
                .map(|(s, a)| s.is_some_and(|s| a.accepts_at_end(s))),
        ));
        self.tuples.extend_from_slice(&tuple);
        // Rows up to a power of two, the rest missing: walks mask their
        // indices to the table's length.
        let used = (n + 1) << self.shift;
        if used > self.next.len() {
            self.next.resize(used.next_power_of_two(), MISSING);
        }
        self.number.insert(tuple.into(), id);
        id
    }

    /// Make the row of tuple `id`: for each class, where each automaton goes.
    fn make_row(&mut self, automata: &[&Automaton], id: u32) {
        let (width, k) = (self.members.len(), automata.len());
        let row = (id >> self.shift) as usize;
        let tuple: Vec<Option<StateID>> = self
            .tuples
            .get(row * k..(row + 1) * k)
            .map(<[_]>::to_vec)
            .unwrap_or_default();
        for c in 0..width {
            let member = self.members.get(c).copied().flatten();
            let mut dies = false;
            let to: Vec<Option<StateID>> = tuple
                .iter()
                .zip(automata)
                .map(|(&s, a)| {
                    let s = s?;
                    let t = member.map(|b| a.step(s, b)).filter(|&t| a.is_live(t));
                    dies |= t.is_none();
                    t
                })
                .collect();
            let next = self.intern(automata, to);
            if next == MISSING {
                return;
            }
            if let Some(slot) = self.next.get_mut(id as usize + c) {
                *slot = next | if dies { DIES } else { 0 };
            }
        }
    }

    /// Each input's [`Outcome`] in `automata` (at most 32, the same list at
    /// every call for the product to be kept), as `each(index, outcome)` in
    /// order; `false`, with nothing given, where the product outgrew its
    /// bound (then every later call gives up at once too).
    pub fn each(
        &mut self,
        of: &[Arc<Automaton>],
        inputs: &[&[u8]],
        mut each: impl FnMut(usize, Outcome<'_>),
    ) -> bool {
        if of.is_empty() || of.len() > 32 {
            return false;
        }
        let same =
            self.of.len() == of.len() && self.of.iter().zip(of).all(|(a, b)| Arc::ptr_eq(a, b));
        let automata: Vec<&Automaton> = of.iter().map(|a| &**a).collect();
        if !same {
            self.start(of, &automata);
        }
        // Offsets are kept in 32 bits, and deaths numbered so (at most one
        // for each automaton and input).
        let deaths_fit = inputs.len().saturating_mul(of.len()) < NONE as usize;
        if self.gave_up || !deaths_fit || inputs.iter().any(|i| u32::try_from(i.len()).is_err()) {
            return false;
        }
        let n = inputs.len();
        let mut ends = vec![0u32; n];
        let mut last = vec![NONE; n];
        let mut deaths: Vec<Death> = Vec::with_capacity(n * 2);
        if !self.walk(&automata, inputs, &mut ends, &mut last, &mut deaths) {
            // Given up: what it made is let go; it remembers only that.
            *self = LazyProduct {
                of: std::mem::take(&mut self.of),
                gave_up: true,
                ..LazyProduct::default()
            };
            return false;
        }
        let automata = automata.as_slice();
        let (shift, k) = (self.shift, automata.len());
        let mut stops = [(StateID::ZERO, 0usize); 32];
        for (i, (input, (&end, &death))) in inputs.iter().zip(ends.iter().zip(&last)).enumerate() {
            let row = (end >> shift) as usize;
            let live = self.live.get(row).copied().unwrap_or(0);
            let accepted = self.accept.get(row).copied().unwrap_or(0);
            // Dead at the start: stopped there.
            for a in ones(self.dead_at_start) {
                if let (Some(slot), Some(automaton)) = (stops.get_mut(a), automata.get(a)) {
                    *slot = (automaton.start(), 0);
                }
            }
            // Live at the end, not accepting: stopped at the end.
            for a in ones(live & !accepted) {
                if let (Some(slot), Some(&Some(s))) =
                    (stops.get_mut(a), self.tuples.get(row * k + a))
                {
                    *slot = (s, input.len());
                }
            }
            // Each death: where the automata that died there stopped.
            let mut d = death;
            while let Some(&[offset, before, after, earlier]) = deaths.get(d as usize) {
                let (before, after) = ((before >> shift) as usize, (after >> shift) as usize);
                let died = self.live.get(before).copied().unwrap_or(0)
                    & !self.live.get(after).copied().unwrap_or(0);
                for a in ones(died) {
                    if let (Some(slot), Some(&Some(s))) =
                        (stops.get_mut(a), self.tuples.get(before * k + a))
                    {
                        *slot = (s, offset as usize);
                    }
                }
                d = earlier;
            }
            each(
                i,
                Outcome {
                    accepted,
                    stops: &stops,
                },
            );
        }
        true
    }

    /// Walk `inputs`, [`LANES`] at a time: each one's last tuple in `ends`,
    /// its deaths in `deaths` (the last of each input in `last`, each
    /// linked to the one before). `false` if the product gave up.
    fn walk(
        &mut self,
        automata: &[&Automaton],
        inputs: &[&[u8]],
        ends: &mut [u32],
        last: &mut [u32],
        deaths: &mut Vec<Death>,
    ) -> bool {
        // Lanes: the input's index (past the inputs: closed), the offset
        // reached, the tuple there.
        let mut index = [usize::MAX; LANES];
        let mut at = [0usize; LANES];
        let mut state = [self.dead; LANES];
        let mut queue = 0..inputs.len();
        for (i, s) in index.iter_mut().zip(state.iter_mut()) {
            if let Some(next) = queue.next() {
                (*i, *s) = (next, 0);
            }
        }
        let input = |i: usize| inputs.get(i).copied().unwrap_or_default();
        while index.iter().any(|&i| i != usize::MAX) {
            // A round: as many bytes as every open lane has left, at most ROUND.
            let k = index
                .iter()
                .zip(&at)
                .filter(|(i, _)| **i != usize::MAX)
                .map(|(&i, &at)| input(i).len() - at)
                .min()
                .unwrap_or(0)
                .min(ROUND);
            if k > 0 {
                // A closed lane walks zeros in the dead tuple, whose row leads
                // to itself.
                let rest = std::array::from_fn(|l| {
                    let (i, at) = (index[l], at[l]);
                    inputs
                        .get(i)
                        .and_then(|input| input.get(at..at + k))
                        .unwrap_or(&ZEROS[..k])
                });
                let mut record = |l: usize, j: usize, before: u32, after: u32| {
                    let i = index[l];
                    if let Some(last) = last.get_mut(i) {
                        deaths.push([(at[l] + j) as u32, before, after, *last]);
                        *last = (deaths.len() - 1) as u32;
                    }
                };
                let walked = round(&self.next, &self.class, rest, &mut state, &mut record);
                match walked {
                    Ok(()) => {
                        for (a, i) in at.iter_mut().zip(&index) {
                            *a += usize::from(*i != usize::MAX) * k;
                        }
                    }
                    // A row not made yet: lanes before `l` walked column `j`.
                    Err((l, j)) => {
                        for (m, (a, i)) in at.iter_mut().zip(&index).enumerate() {
                            *a += usize::from(*i != usize::MAX) * (j + usize::from(m < l));
                        }
                        self.make_row(automata, state[l]);
                        if self.gave_up {
                            return false;
                        }
                        continue;
                    }
                }
            }
            // A lane at its input's end, or where every automaton is dead, is
            // over: it takes the next input.
            for l in 0..LANES {
                let i = index[l];
                if i == usize::MAX || (at[l] < input(i).len() && state[l] != self.dead) {
                    continue;
                }
                if let Some(end) = ends.get_mut(i) {
                    *end = state[l];
                }
                (index[l], at[l], state[l]) = match queue.next() {
                    Some(next) => (next, 0, 0),
                    None => (usize::MAX, 0, self.dead),
                };
            }
        }
        true
    }
}

/// What a closed lane walks.
static ZEROS: [u8; ROUND] = [0; ROUND];

/// The bytes of `rest` (each as long as the others) walked side by side
/// from `state`, the states in registers; `record(lane, column, before,
/// after)` for each step on which an automaton dies. `Err((lane, column))`
/// where a lane meets a row not made yet: the lanes before it have walked
/// that column, it and those after it have not.
#[inline(always)]
fn round(
    next: &[u32],
    class: &[u8; 256],
    rest: [&[u8]; LANES],
    state: &mut [u32; LANES],
    record: &mut impl FnMut(usize, usize, u32, u32),
) -> Result<(), (usize, usize)> {
    // A power of two long: a masked index is in bounds.
    let mask = next.len().saturating_sub(1);
    let mut s = *state;
    for (j, [b0, b1, b2, b3, b4, b5, b6, b7]) in columns(rest).enumerate() {
        for (l, b) in [b0, b1, b2, b3, b4, b5, b6, b7].into_iter().enumerate() {
            let at = (s[l] as usize + usize::from(class[usize::from(b)])) & mask;
            let e = next.get(at).copied().unwrap_or(MISSING);
            // Rare: a death, or a row to make.
            if e >= DIES {
                if e == MISSING {
                    *state = s;
                    return Err((l, j));
                }
                record(l, j, s[l], e & !DIES);
            }
            s[l] = e & !DIES;
        }
    }
    *state = s;
    Ok(())
}

/// The bits of a list of flags (at most 32).
fn bits(flags: impl Iterator<Item = bool>) -> u32 {
    flags
        .take(32)
        .enumerate()
        .fold(0, |b, (k, f)| b | u32::from(f) << k)
}

/// The places of a word's set bits, least first.
fn ones(mut word: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (word != 0).then(|| {
            let k = word.trailing_zeros() as usize;
            word &= word - 1;
            k
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edition::Edition;
    use crate::engine::automaton::automaton;

    #[test]
    fn a_product_past_its_bound_gives_up_and_stays_given_up() {
        // Every edition's whole-URL rule on a URL longer than four tuples.
        let url: &[u8] = b"http://info.cern.ch/hypertext/WWW/TheProject.html";
        for edition in Edition::ALL {
            let automata = [automaton(edition, edition.default_rule()).expect("compiles")];
            let mut small = LazyProduct::with_most(4);
            let gave = |_: usize, _: Outcome<'_>| panic!("{edition}: an outcome past the bound");
            assert!(!small.each(&automata, &[url], gave), "{edition}");
            // Given up: a later list is refused at once, however short.
            assert!(
                !small.each(&automata, &[b"h".as_slice()], gave),
                "{edition}"
            );
            // Within the default bound, the same list is walked.
            let mut walked = 0;
            let mut large = LazyProduct::default();
            assert!(
                large.each(&automata, &[url], |_, _| walked += 1),
                "{edition}"
            );
            assert_eq!(walked, 1, "{edition}");
        }
    }
}
