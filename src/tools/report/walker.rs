//! A rule's automaton as a report walks it: unminimized, so that its states
//! name places in the printed rules.

use std::sync::Arc;

use crate::edition::Edition;
use crate::engine::automaton::{self, Automaton, Form};
use crate::error::Error;

/// A rule's unminimized automaton, whose states are sets of places in the
/// printed rules: inputs stopping in one such state stop in the same rules, so
/// a cause's rule is one each of its inputs is in. It also decides: no
/// minimal automaton is compiled for it.
#[derive(Clone, Debug)]
pub(super) struct Walker {
    pub(super) places: Arc<Automaton>,
}

impl Walker {
    /// Compiled unminimized; a defect that keeps it from compiling leaves the
    /// minimal one in its place (causes are then named by its states).
    pub(super) fn new(
        edition: Edition,
        rule: &str,
        without: Option<(String, String)>,
    ) -> Result<Walker, Error> {
        let form = |positions| Form {
            without: without.clone(),
            positions,
        };
        let places = automaton::automaton_of(edition, rule, &form(true))
            .or_else(|_| automaton::automaton_of(edition, rule, &form(false)))?;
        Ok(Walker { places })
    }

    pub(super) fn places(&self) -> &Automaton {
        &self.places
    }

    /// Whether the rule derives `text`.
    pub(super) fn matches(&self, text: &str) -> bool {
        self.places.matches(text)
    }
}
