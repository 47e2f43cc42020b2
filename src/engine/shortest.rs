//! Shortest strings through an automaton's states: the least input that
//! reaches a state and the least continuation the rule accepts from it (the
//! diff's witnesses, the examples, the names of a report's causes).

use std::collections::VecDeque;
use std::collections::hash_map::Entry;

use regex_automata::util::primitives::StateID;
use rustc_hash::{FxHashMap, FxHashSet};

use super::automaton::Automaton;

impl Automaton {
    /// The shortest input, least in byte order among those, that leads from the
    /// start to `state`; `None` if no input does (or the state is not live).
    pub fn shortest_to(&self, state: StateID) -> Option<Vec<u8>> {
        let parents = self.from_start.get_or_init(|| self.tree_from_start());
        let mut path = Vec::new();
        let mut at = state;
        while at != self.start() {
            let &(before, b) = parents.get(&at)?;
            path.push(b);
            at = before;
        }
        path.reverse();
        Some(path)
    }

    /// The shortest continuation from `state` that the rule accepts, least in byte
    /// order among those; `None` if the state is not live.
    pub fn shortest_completion(&self, state: StateID) -> Option<Vec<u8>> {
        let toward = self.to_end.get_or_init(|| self.tree_to_end());
        let mut path = Vec::new();
        let mut at = state;
        loop {
            match toward.get(&at)? {
                None => return Some(path),
                Some((b, next)) => {
                    path.push(*b);
                    at = *next;
                }
            }
        }
    }

    /// The least byte of each byte class, in order: a later byte of a
    /// class leads where the least does, so a search for the least byte
    /// that leads somewhere asks only these. A non-ASCII character's bytes
    /// are among them: the least paths through them are whole characters
    /// (an automaton of UTF-8 goes from a character's start to the next).
    fn class_leaders(&self) -> Vec<u8> {
        let mut seen = [false; 256];
        (0u8..=255)
            .filter(|&b| !std::mem::replace(&mut seen[usize::from(self.byte_class(b))], true))
            .collect()
    }

    /// Breadth first from the start over live states, bytes in order: each
    /// state's parent on its shortest, least path. Hashed by FxHash: a
    /// report describes its causes from these trees at every run.
    fn tree_from_start(&self) -> FxHashMap<StateID, (StateID, u8)> {
        let mut parent = FxHashMap::default();
        let mut queue = VecDeque::from([self.start()]);
        let mut seen = FxHashSet::from_iter([self.start()]);
        let leaders = self.class_leaders();
        while let Some(s) = queue.pop_front() {
            for &b in &leaders {
                let t = self.step(s, b);
                if self.is_live(t) && seen.insert(t) {
                    parent.insert(t, (s, b));
                    queue.push_back(t);
                }
            }
        }
        parent
    }

    /// For each live state, the first step of its shortest, least accepted
    /// continuation (`None`: it may end here).
    fn tree_to_end(&self) -> FxHashMap<StateID, Option<(u8, StateID)>> {
        // The live states reached from the start: the tree's, kept for
        // `shortest_to`.
        let reached = self.from_start.get_or_init(|| self.tree_from_start());
        let states: Vec<StateID> = reached.keys().copied().chain([self.start()]).collect();
        let mut into: FxHashMap<StateID, Vec<StateID>> = FxHashMap::default();
        let leaders = self.class_leaders();
        for &s in &states {
            for &b in &leaders {
                let t = self.step(s, b);
                if self.is_live(t) {
                    into.entry(t).or_default().push(s);
                }
            }
        }
        // Distances to an accepting end, breadth first backwards.
        let mut dist: FxHashMap<StateID, usize> = FxHashMap::default();
        let mut queue = VecDeque::new();
        for &s in &states {
            if self.accepts_at_end(s) {
                dist.insert(s, 0);
                queue.push_back(s);
            }
        }
        while let Some(t) = queue.pop_front() {
            let d = dist.get(&t).copied().unwrap_or(0);
            for &s in into.get(&t).map(Vec::as_slice).unwrap_or_default() {
                if let Entry::Vacant(slot) = dist.entry(s) {
                    slot.insert(d + 1);
                    queue.push_back(s);
                }
            }
        }
        states
            .iter()
            .filter_map(|&s| {
                let d = *dist.get(&s)?;
                if d == 0 {
                    return Some((s, None));
                }
                leaders.iter().find_map(|&b| {
                    let t = self.step(s, b);
                    (dist.get(&t) == Some(&(d - 1))).then_some((s, Some((b, t))))
                })
            })
            .collect()
    }
}
