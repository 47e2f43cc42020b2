//! A rule's minimal automaton as a graph the suite can cover: its live
//! states, numbered in breadth-first order from the start, and its byte
//! classes (bytes that lead every state alike, in the rule and in the
//! edition's whole-URL rule: a `%` that ends an IPv6 address is not taken
//! for a `!`, since a URL gives it a meaning of its own), each with the
//! byte that stands for it in a string.

use std::collections::HashMap;

use regex_automata::util::primitives::StateID;

use crate::engine::automaton::Automaton;

/// Bytes no input of the suite holds: a line break would split a line of a
/// line filter, and NUL ends a C string.
pub(super) fn unsendable(b: u8) -> bool {
    matches!(b, b'\n' | b'\r' | 0)
}

/// Characters that are not ASCII, whole, of two, three and four bytes in
/// UTF-8: no printed grammar of the editions has one, so they leave every
/// state (a lone byte never: every input is a string).
pub(super) const NON_ASCII: [&str; 3] = ["é", "€", "𐍈"];

/// One class of ASCII bytes that every state treats alike.
#[derive(Clone, Debug)]
pub(super) struct Class {
    /// The byte that stands for the class in the suite's strings: the least
    /// printable one, else space, tab, then any other that a line can carry.
    pub(super) rep: u8,
    /// Every byte of the class, in order.
    pub(super) bytes: Vec<u8>,
}

/// The live states and the byte classes of one automaton.
pub(super) struct Graph<'a> {
    pub(super) automaton: &'a Automaton,
    /// Live states, breadth first from the start (which is first).
    pub(super) states: Vec<StateID>,
    /// Each state's number in `states`.
    pub(super) number: HashMap<StateID, usize>,
    /// Whether some state of the rule or of the whole-URL rule takes `%`:
    /// the grammar escapes, and an escape may be spliced in.
    pub(super) escapes: bool,
    /// The byte classes, in order of their least byte; bytes only a line
    /// break or NUL (classes no line carries) are left out.
    pub(super) classes: Vec<Class>,
    /// The class of each ASCII byte, by index into `classes`.
    pub(super) class_of: [Option<u16>; 128],
}

impl<'a> Graph<'a> {
    /// The graph of `automaton`, its classes split as `whole`'s (the
    /// edition's whole-URL rule) split them too.
    pub(super) fn new(automaton: &'a Automaton, whole: Option<&Automaton>) -> Graph<'a> {
        let (states, number) = live(automaton);
        let (other, other_number) = whole.map(live).unwrap_or_default();
        // A byte's signature: where it leads each live state (dead as none).
        let mut by_signature: HashMap<Vec<Option<usize>>, Vec<u8>> = HashMap::new();
        for b in 0u8..128 {
            let mut signature: Vec<Option<usize>> = states
                .iter()
                .map(|&s| number.get(&automaton.step(s, b)).copied())
                .collect();
            if let Some(w) = whole {
                signature.extend(
                    other
                        .iter()
                        .map(|&s| other_number.get(&w.step(s, b)).copied()),
                );
            }
            by_signature.entry(signature).or_default().push(b);
        }
        let mut classes: Vec<Class> = by_signature
            .into_values()
            .filter_map(|bytes| {
                let rep = representative(&bytes)?;
                Some(Class { rep, bytes })
            })
            .collect();
        classes.sort_by_key(|c| c.bytes.first().copied());
        let mut class_of = [None; 128];
        for (k, c) in classes.iter().enumerate() {
            for &b in &c.bytes {
                if let Some(slot) = class_of.get_mut(usize::from(b)) {
                    *slot = u16::try_from(k).ok();
                }
            }
        }
        let takes =
            |a: &Automaton, states: &[StateID]| states.iter().any(|&s| a.is_live(a.step(s, b'%')));
        let escapes = takes(automaton, &states) || whole.is_some_and(|w| takes(w, &other));
        Graph {
            automaton,
            states,
            number,
            classes,
            class_of,
            escapes,
        }
    }

    /// The state after class `c` from `s`, if live.
    pub(super) fn next(&self, s: StateID, c: &Class) -> Option<StateID> {
        let t = self.automaton.step(s, c.rep);
        self.automaton.is_live(t).then_some(t)
    }

    /// Live transitions: (state, class) pairs that continue a valid input.
    pub(super) fn transitions(&self) -> usize {
        self.states
            .iter()
            .map(|&s| {
                self.classes
                    .iter()
                    .filter(|c| self.next(s, c).is_some())
                    .count()
            })
            .sum()
    }

    /// Exits: (state, class) pairs that leave the language, the class of
    /// non-ASCII characters included.
    pub(super) fn exits(&self) -> usize {
        self.states
            .iter()
            .map(|&s| {
                1 + self
                    .classes
                    .iter()
                    .filter(|c| self.next(s, c).is_none())
                    .count()
            })
            .sum()
    }
}

/// The live states of an automaton, breadth first from the start, and
/// their numbers.
fn live(automaton: &Automaton) -> (Vec<StateID>, HashMap<StateID, usize>) {
    let start = automaton.start();
    let mut states = Vec::new();
    let mut number = HashMap::new();
    if automaton.is_live(start) {
        states.push(start);
        number.insert(start, 0);
    }
    let mut i = 0;
    while let Some(&s) = states.get(i) {
        i += 1;
        for b in 0u8..128 {
            let t = automaton.step(s, b);
            if automaton.is_live(t) && !number.contains_key(&t) {
                number.insert(t, states.len());
                states.push(t);
            }
        }
    }
    (states, number)
}

/// The byte that stands for a class: the least printable, else space, tab,
/// then the least a line can carry.
fn representative(bytes: &[u8]) -> Option<u8> {
    let find = |f: &dyn Fn(u8) -> bool| bytes.iter().copied().find(|&b| f(b));
    find(&|b| b.is_ascii_graphic())
        .or_else(|| find(&|b| b == b' '))
        .or_else(|| find(&|b| b == b'\t'))
        .or_else(|| find(&|b| !unsendable(b)))
}

/// Text as it would be in a string: the bytes of a path through the
/// automaton, whose non-ASCII characters are whole UTF-8 sequences (a
/// grammar of octets' lone bytes come out as U+FFFD, never as a byte).
pub(super) fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}
