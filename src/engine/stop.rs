//! Where a walk of an automaton stops and what could come there, which
//! diagnoses and reports read.

use regex_automata::util::primitives::StateID;

use crate::grammar::CharSet;

/// Where an input stops being a prefix of any string the rule derives (its
/// [`Stop`](super::dense::Stop)), and what could come there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frontier {
    /// Offset in Unicode scalar values.
    pub offset: usize,
    /// Offset in bytes (UTF-8).
    pub byte_offset: usize,
    /// The ASCII characters that could come at the offset.
    pub next: CharSet,
    /// The non-ASCII characters that could come there, as ranges of code
    /// points (of byte values, in a grammar of octets); none in an edition.
    pub wide: Vec<(u32, u32)>,
    /// Whether the input could end at the offset.
    pub may_end: bool,
    /// The automaton's state after the prefix: inputs that stop in the same
    /// state have the same continuations.
    pub state: StateID,
}
