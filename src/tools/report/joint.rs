//! Every target's automata walked as one over a list of inputs.

use std::sync::Arc;

use super::target::{Derived, Target};
use crate::engine::automaton::Automaton;
use crate::engine::lanes::{Table, product::Walks};
use crate::engine::lazy::Outcome;

/// Every target's automata walked as one over a list of inputs (their
/// product, made as the inputs meet it), which says at once which of them
/// derive each input and where the others stop.
#[derive(Debug)]
pub(super) struct Joint {
    pub(super) automata: Vec<Arc<Automaton>>,
    /// By target, the place of its printed rule's automaton and of its
    /// automaton without the catch-all.
    pub(super) places: Vec<(usize, Option<usize>)>,
}

impl Joint {
    pub(super) fn new(targets: &[Target]) -> Joint {
        let mut automata = Vec::new();
        let mut places = Vec::new();
        for target in targets {
            let printed = automata.len();
            automata.push(target.printed.places.clone());
            let own = target.own.as_ref().map(|(_, own)| {
                automata.push(own.places.clone());
                printed + 1
            });
            places.push((printed, own));
        }
        Joint { automata, places }
    }

    /// The product of the automata's minimized tables, walked over inputs
    /// (`None` past the tables a product holds).
    pub(super) fn tables(&self) -> Option<Walks> {
        let tables: Vec<&Table> = self.automata.iter().map(|a| a.table()).collect();
        Walks::of_inputs(&tables)
    }

    /// What target `t`'s automata found of an input, given the bits of the
    /// automata that derive it, and the product's outcome where it was its.
    pub(super) fn derived<'w>(
        &self,
        t: usize,
        bits: u32,
        outcome: Option<&'w Outcome>,
    ) -> Derived<'w> {
        let bit = |place: usize| (bits >> place) & 1 != 0;
        match self.places.get(t) {
            Some(&(printed, own)) => Derived {
                printed: Some(bit(printed)),
                own: own.map(bit),
                // A table that is not there: past every place (no stop).
                located: outcome.map(|o| (o, [printed, own.unwrap_or(usize::MAX)])),
            },
            None => Derived::default(),
        }
    }
}
