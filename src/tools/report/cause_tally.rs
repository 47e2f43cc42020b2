//! One cause while counting: its inputs and the shortest few kept as
//! examples.

use super::cause::{Example, byte_offset};
use super::{EXAMPLE_BYTES, EXAMPLES};

/// Invalid inputs at one point of failure, while counting.
#[derive(Clone, Debug, Default)]
pub(super) struct CauseTally {
    pub(super) inputs: u64,
    pub(super) examples: Vec<Example>,
}

impl CauseTally {
    /// The longest input [`CauseTally::offer`] may keep.
    pub(super) fn bar(&self) -> usize {
        match self.examples.last() {
            Some(last) if self.examples.len() >= EXAMPLES => last.input.len(),
            _ => EXAMPLE_BYTES,
        }
    }

    /// Whether [`CauseTally::offer`] refuses `input` by its order alone:
    /// longer than every kept example, or the examples full and it not
    /// before the last of them.
    pub(super) fn refuses(&self, input: &str) -> bool {
        // Most inputs are longer than every kept example: rejected on length.
        if input.len() > self.bar() {
            return true;
        }
        // The examples are in order: the last is the one a new example would
        // replace.
        self.examples.len() >= EXAMPLES
            && self
                .examples
                .last()
                .is_some_and(|worst| example_key(input) >= example_key(&worst.input))
    }

    pub(super) fn offer(&mut self, input: &str, offset: usize) {
        if self.refuses(input) || self.examples.iter().any(|e| e.input == input) {
            return;
        }
        self.examples.push(Example {
            input: input.to_string(),
            offset,
            byte_offset: byte_offset(input, offset),
        });
        keep_examples(&mut self.examples);
    }

    pub(super) fn merge(&mut self, other: CauseTally) {
        self.inputs += other.inputs;
        // Counts alone (most merges of a list counted by step) keep the
        // examples as they are.
        if !other.examples.is_empty() {
            self.examples.extend(other.examples);
            keep_examples(&mut self.examples);
        }
    }
}

/// Examples are ordered shortest first, then by their bytes.
fn example_key(input: &str) -> (usize, &[u8]) {
    (input.len(), input.as_bytes())
}

/// The [`EXAMPLES`] shortest distinct examples, least first.
fn keep_examples(examples: &mut Vec<Example>) {
    examples.sort_by(|a, b| {
        (a.input.len(), &a.input, a.offset).cmp(&(b.input.len(), &b.input, b.offset))
    });
    examples.dedup_by(|a, b| a.input == b.input);
    examples.truncate(EXAMPLES);
}
