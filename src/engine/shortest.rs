//! Shortest strings through an automaton's states: the least input that
//! reaches a state and the least continuation the rule accepts from it (the
//! diff's witnesses, the examples, the names of a report's causes).

use std::collections::hash_map::Entry;
use std::collections::{HashMap, HashSet, VecDeque};

use regex_automata::util::primitives::StateID;

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

    /// Breadth first from the start over live states, bytes in order: each
    /// state's parent on its shortest, least path.
    fn tree_from_start(&self) -> HashMap<StateID, (StateID, u8)> {
        let mut parent = HashMap::new();
        let mut queue = VecDeque::from([self.start()]);
        let mut seen = HashSet::from([self.start()]);
        while let Some(s) = queue.pop_front() {
            for b in 0u8..128 {
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
    fn tree_to_end(&self) -> HashMap<StateID, Option<(u8, StateID)>> {
        let states: Vec<StateID> = self
            .tree_from_start()
            .into_keys()
            .chain([self.start()])
            .collect();
        let mut into: HashMap<StateID, Vec<StateID>> = HashMap::new();
        for &s in &states {
            for b in 0u8..128 {
                let t = self.step(s, b);
                if self.is_live(t) {
                    into.entry(t).or_default().push(s);
                }
            }
        }
        // Distances to an accepting end, breadth first backwards.
        let mut dist: HashMap<StateID, usize> = HashMap::new();
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
                (0u8..128).find_map(|b| {
                    let t = self.step(s, b);
                    (dist.get(&t) == Some(&(d - 1))).then_some((s, Some((b, t))))
                })
            })
            .collect()
    }
}
