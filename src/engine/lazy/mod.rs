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
//!
//! A list is walked as [`LANES`](super::lanes::LANES) runs of inputs side by side, each run's
//! inputs joined by a byte no `str` holds (0xFF), whose class leads every
//! tuple back to the start: a lane walks its whole run with no stop between
//! inputs, and only the steps on which an automaton dies or an input ends
//! are recorded.

use std::sync::Arc;

use regex_automata::util::primitives::StateID;
use rustc_hash::FxHashMap;

use super::automaton::Automaton;

mod line;
mod walk;

pub use line::{Line, Outcome, Tuple};
use walk::Lanes;

/// An entry of a row not made yet.
const MISSING: u32 = u32::MAX;
/// An entry's top bit: some automaton dies on this step, or an input
/// ends (the separator).
const EVENT: u32 = 1 << 31;
/// An entry's next bit: the step is the separator's (an input ends), so
/// that reading a lane's events needs no look at its bytes.
const ENDS: u32 = 1 << 30;
/// An entry's next tuple (times a row), without its marks.
const TUPLE: u32 = !(EVENT | ENDS);
/// What joins the inputs of a lane: no `str` holds this byte, so it is
/// a class of its own, which leads every tuple back to the start.
const SEPARATOR: u8 = 0xff;
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
    /// The classes a text's lines are walked by: `\n` is the separator.
    text_class: [u8; 256],
    /// A byte of each class (`None`: the non-ASCII class and the
    /// separator's).
    members: Vec<Option<u8>>,
    /// The separator's class.
    separator: usize,
    /// A row's length is `1 << shift`, at least the classes.
    shift: u32,
    /// By tuple number x row + class: the next tuple's number x row,
    /// [`EVENT`] where an automaton dies on the way or an input ends;
    /// [`MISSING`] before made.
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
    /// Its number, drawn when it was started (see [`Line::made`]).
    made: u64,
    /// Each lane's events, kept from one walk to the next so that a walk
    /// does not grow them anew.
    events: [Vec<Event>; super::lanes::LANES],
}

impl Default for LazyProduct {
    /// A product made for no automata yet.
    fn default() -> LazyProduct {
        LazyProduct {
            of: Vec::new(),
            class: [0; 256],
            text_class: [0; 256],
            members: Vec::new(),
            separator: 0,
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
            made: 0,
            events: Default::default(),
        }
    }
}

/// A step met in a walk on which automata died or an input ended: its
/// offset in the lane, the tuples before and after.
type Event = [u32; 3];

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
        static MADE: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
        *self = LazyProduct {
            most: self.most,
            of: of.to_vec(),
            made: MADE.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
            ..LazyProduct::default()
        };
        let mut classes: FxHashMap<Vec<u8>, u8> = FxHashMap::default();
        let mut class = [0u8; 256];
        // Every non-ASCII byte is one class where no grammar has a non-ASCII
        // character (the editions); else each byte's classes.
        let wide = automata.iter().any(|a| a.is_wide());
        for (b, slot) in class.iter_mut().enumerate() {
            // The separator is one of its own (a key no other has).
            let key: Vec<u8> = match u8::try_from(b) {
                Ok(SEPARATOR) => vec![0; automata.len() + 1],
                Ok(b) if b.is_ascii() || wide => automata.iter().map(|a| a.byte_class(b)).collect(),
                _ => Vec::new(),
            };
            let n = classes.len() as u8;
            *slot = *classes.entry(key).or_insert_with(|| {
                self.members
                    .push(u8::try_from(b).ok().filter(|b| b.is_ascii() || wide));
                n
            });
        }
        self.class = class;
        self.separator = usize::from(class[usize::from(SEPARATOR)]);
        self.text_class = class;
        self.text_class[usize::from(b'\n')] = class[usize::from(SEPARATOR)];
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
            // An input's end: back to the start (tuple 0), an event.
            if c == self.separator {
                if let Some(slot) = self.next.get_mut(id as usize + c) {
                    *slot = EVENT | ENDS;
                }
                continue;
            }
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
            // A "\r" is an event wherever it leads: before a text's "\n",
            // the tuple before it is where the line ends.
            let cr = usize::from(self.class[usize::from(b'\r')]) == c;
            if let Some(slot) = self.next.get_mut(id as usize + c) {
                *slot = next | if dies || cr { EVENT } else { 0 };
            }
        }
    }

    /// Each input as the walk left it in `automata` (at most 32, the same
    /// list at every call for the product to be kept), as `each(index, line)`
    /// in order; `false`, with nothing given, where the product outgrew its
    /// bound (then every later call gives up at once too).
    pub fn each(
        &mut self,
        of: &[Arc<Automaton>],
        inputs: &[&str],
        mut each: impl FnMut(usize, Line<'_>),
    ) -> bool {
        // Offsets in a lane are kept in 32 bits.
        let total = inputs.iter().map(|i| i.len() + 1).sum::<usize>();
        let Some(automata) = self.ready(of, total) else {
            return false;
        };
        let joined = Lanes::of(inputs, total);
        let lanes = joined.bytes.each_ref().map(Vec::as_slice);
        let Some((events, _)) = self.walk(&automata, lanes, false) else {
            return false;
        };
        // Each lane's inputs in order, each with its deaths, up to the
        // event of its separator (every separator is one).
        for ((lane, events), indices) in lanes.iter().zip(&events).zip(&joined.inputs) {
            let mut lines = self.lines(&automata, lane, events, None);
            for i in indices.clone() {
                let Some((_, line)) = lines.next() else {
                    return false;
                };
                each(i, line);
            }
        }
        self.events = events;
        true
    }

    /// Each line of `text` as the walk left it in `automata` (as for
    /// [`LazyProduct::each`]), as `each(start, end, line)` in order, the
    /// line being `text[start..end]`. Lines are split at each "\n", a
    /// "\r" before it going with it; a last "\n" adds no line, and a last
    /// line with none is one (its "\r" kept).
    #[cfg(any(feature = "cli", feature = "internals"))]
    pub fn each_line(
        &mut self,
        of: &[Arc<Automaton>],
        text: &str,
        mut each: impl FnMut(usize, usize, Line<'_>),
    ) -> bool {
        let Some(automata) = self.ready(of, text.len()) else {
            return false;
        };
        let lanes = super::lanes::cut(text.as_bytes(), super::lanes::LANES);
        let Some((events, ends)) = self.walk(&automata, lanes, true) else {
            return false;
        };
        let mut base = 0;
        for ((lane, events), &end) in lanes.iter().zip(&events).zip(&ends) {
            for (at, line) in self.lines(&automata, lane, events, Some(end)) {
                let (start, end) = (base + line.start as usize, base + at);
                each(start, end, line);
            }
            base += lane.len();
        }
        self.events = events;
        true
    }

    /// The automata of `of`, the product made afresh for them where it was
    /// another's; `None` where it gave up, or a lane of `bytes` could pass
    /// 32-bit offsets.
    fn ready<'a>(&mut self, of: &'a [Arc<Automaton>], bytes: usize) -> Option<Vec<&'a Automaton>> {
        if of.is_empty() || of.len() > 32 {
            return None;
        }
        let same =
            self.of.len() == of.len() && self.of.iter().zip(of).all(|(a, b)| Arc::ptr_eq(a, b));
        let automata: Vec<&Automaton> = of.iter().map(|a| &**a).collect();
        if !same {
            self.start(of, &automata);
        }
        (!self.gave_up && u32::try_from(bytes).is_ok()).then_some(automata)
    }

    /// The state of automaton `k` in `tuple` (`None`: dead there).
    pub fn state(&self, tuple: Tuple, k: usize) -> Option<StateID> {
        let at = (tuple.0 as usize)
            .checked_mul(self.of.len())?
            .checked_add(k)?;
        self.tuples.get(at).copied().flatten()
    }

    fn live_of(&self, row: u32) -> u32 {
        self.live.get(row as usize).copied().unwrap_or(0)
    }

    fn accept_of(&self, row: u32) -> u32 {
        self.accept.get(row as usize).copied().unwrap_or(0)
    }
}

/// The bits of a list of flags (at most 32).
fn bits(flags: impl Iterator<Item = bool>) -> u32 {
    flags
        .take(32)
        .enumerate()
        .fold(0, |b, (k, f)| b | u32::from(f) << k)
}

/// The places of a word's set bits, least first (automata by their bits).
pub fn ones(mut word: u32) -> impl Iterator<Item = usize> {
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
        let url = "http://info.cern.ch/hypertext/WWW/TheProject.html";
        for edition in Edition::ALL {
            let automata = [automaton(edition, edition.default_rule()).expect("compiles")];
            let mut small = LazyProduct::with_most(4);
            let gave = |_: usize, _: Line<'_>| panic!("{edition}: an outcome past the bound");
            assert!(!small.each(&automata, &[url], gave), "{edition}");
            // Given up: a later list is refused at once, however short.
            assert!(!small.each(&automata, &["h"], gave), "{edition}");
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
