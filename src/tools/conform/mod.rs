//! Another parser (a *peer*) judged by a printed grammar: where it accepts
//! what the rule refuses, refuses what the rule derives, or splits a URL
//! into other components than the edition's AST, each disagreement shrunk
//! to a short witness with the peer in the loop and named by its cause.
//!
//! The inputs are a [`Suite`] made from the rule itself, not by hand: from
//! its minimal automaton, a string through every live transition, a near
//! miss for every way out of every state and every state's shortest prefix;
//! from its printed parts, the bounds of counted repetitions and ranges and
//! each ABNF quoted letter in both cases (RFC 5234 §2.3); and strings
//! derived, mutated and truncated from a seed. [`compare`] asks a [`Peer`]
//! (a closure, or a program: [`LineFilter`], [`EachRun`]) for its answers.
//!
//! ```
//! use urlbnf::{Edition, conform::{self, Side, Suite}};
//! let suite = Suite::new(Edition::Rfc3986, "port", 1)?;
//! // A peer that refuses ports past 65535, which RFC 3986's `*DIGIT` derives.
//! let mut peer = |s: &str| s.is_empty() || (s.len() <= 5
//!     && s.bytes().all(|b| b.is_ascii_digit()) && s.parse::<u32>().unwrap() <= 65535);
//! let found = conform::compare(&suite, &mut peer)?;
//! let cause = &found.causes[0];
//! assert_eq!((cause.side, cause.rule.as_str()), (Side::PeerRejects, "port"));
//! // Shrunk with the peer in the loop: five digits, past 65535.
//! assert!(cause.witness.len() == 5 && cause.witness.parse::<u32>().unwrap() > 65535);
//! # Ok::<(), urlbnf::Error>(())
//! ```

use serde::Serialize;

use crate::edition::Edition;
use crate::error::Error;

mod bounds;
mod causes;
mod compare;
mod components;
mod graph;
mod process;
mod seeded;
mod shrink;
mod suite;

pub use compare::{BUDGET, Options, compare, compare_with};
pub use components::{Component, Components};
pub use process::{EachRun, LineFilter, MAX_LINE, parse_verdict};
pub use shrink::Progress;
pub use suite::DERIVED;

/// A rule's test suite: strings with the rule's verdicts, and what of the
/// automaton they cover.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Suite {
    /// The edition.
    pub edition: Edition,
    /// The rule under test.
    pub rule: String,
    /// The seed the derived strings come from.
    pub seed: u64,
    /// The strings, each once.
    pub cases: Vec<Case>,
    /// What they cover.
    pub coverage: Coverage,
}

/// One string of a suite.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Case {
    /// The string; it never holds a line break or NUL (but for a corpus's).
    pub input: String,
    /// Whether the rule derives it.
    pub valid: bool,
    /// Where it comes from.
    pub kind: Kind,
    /// What it covers, in words: a state and a character, a part and its bound.
    pub covers: String,
}

/// Where a string of a suite comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// The shortest valid string through one live transition of the automaton.
    Transition,
    /// One character that cannot come at a state, between the state's
    /// shortest prefix and its shortest completion.
    NearMiss,
    /// A prefix: the shortest input reaching a state, or a derived string cut.
    Truncation,
    /// A counted repetition or a range at or past its bounds.
    Boundary,
    /// An ABNF quoted letter in one case.
    Case,
    /// Derived from the rule by the grammar's generator.
    Derived,
    /// A derived string with characters inserted, deleted or replaced.
    Mutated,
    /// Given by the caller (`conform -f`).
    Corpus,
}

/// What a suite covers of its rule's minimal automaton and printed parts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Coverage {
    /// Live states of the automaton.
    pub states: usize,
    /// Classes of bytes that lead every state alike.
    pub classes: usize,
    /// Live transitions: (state, class) pairs that continue a valid input.
    pub transitions: usize,
    /// Those some string of the suite takes.
    pub transitions_covered: usize,
    /// Ways out: (state, class) pairs that leave the language, a character
    /// that is not ASCII included.
    pub exits: usize,
    /// Those some string of the suite takes.
    pub exits_covered: usize,
    /// Counted repetitions and ranges in the rule's parts, each varied at
    /// and past its bounds.
    pub boundaries: usize,
    /// ABNF quoted letters, each in both cases.
    pub case_strings: usize,
}

/// What a peer makes of one input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The input is valid.
    Accepts,
    /// The input is not.
    Rejects,
    /// The input is valid, split into these components.
    Parts(Components),
}

impl Answer {
    /// Whether the peer takes the input as valid.
    ///
    /// ```
    /// use urlbnf::conform::Answer;
    /// assert!(Answer::Parts(Default::default()).accepts() && !Answer::Rejects.accepts());
    /// ```
    pub fn accepts(&self) -> bool {
        !matches!(self, Answer::Rejects)
    }
}

/// A parser under test: what it makes of each input, in order. A closure
/// `FnMut(&str) -> bool` is one; [`Splits`] wraps one that returns
/// components; [`LineFilter`] and [`EachRun`] run a program.
pub trait Peer {
    /// One answer per input, in order; an error when the peer fails (dies,
    /// hangs, or answers the wrong number of times).
    fn judge(&mut self, inputs: &[&str]) -> Result<Vec<Answer>, Error>;
}

impl<F: FnMut(&str) -> bool> Peer for F {
    fn judge(&mut self, inputs: &[&str]) -> Result<Vec<Answer>, Error> {
        Ok(inputs
            .iter()
            .map(|i| {
                if self(i) {
                    Answer::Accepts
                } else {
                    Answer::Rejects
                }
            })
            .collect())
    }
}

/// A peer that splits: a closure giving the components it sees, or `None`
/// where it rejects the input.
pub struct Splits<F>(pub F);

impl<F: FnMut(&str) -> Option<Components>> Peer for Splits<F> {
    fn judge(&mut self, inputs: &[&str]) -> Result<Vec<Answer>, Error> {
        Ok(inputs
            .iter()
            .map(|i| (self.0)(i).map_or(Answer::Rejects, Answer::Parts))
            .collect())
    }
}

/// Which way a peer departs from the rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum Side {
    /// The peer accepts inputs the rule does not derive.
    PeerAccepts,
    /// The peer rejects inputs the rule derives.
    PeerRejects,
    /// Both accept, and the peer sees another component.
    Component,
}

/// One way a peer departs from the rule, with its shortest witness.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Cause {
    /// Which way.
    pub side: Side,
    /// How many inputs of the suite depart this way.
    pub count: usize,
    /// The shortest input found that departs this way, exactly as the peer
    /// was given it: shrunk with the peer in the loop, a disagreement at
    /// every step.
    pub witness: String,
    /// The printed rule that decides: where the grammar stops (peer
    /// accepts: the innermost rule open there, as `report` names causes);
    /// the part the peer refuses (peer rejects: the deepest rule whose text,
    /// replaced by the rule's shortest string, the peer takes); the rule
    /// deriving the component.
    pub rule: String,
    /// The document and section that say more of the rule.
    pub section: String,
    /// Peer accepts: what the witness has where the grammar stops, a
    /// character or `end of input`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub found: Option<String>,
    /// Peer accepts: what could come there (in the witness).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub expected: Vec<String>,
    /// Peer rejects: the rules from the whole down to `rule`, in the
    /// witness's derivation.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub through: Vec<String>,
    /// Peer rejects: the alternative of `rule` the witness takes (the rule
    /// below it, in the derivation).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub alternative: Option<String>,
    /// Peer rejects: the text of `rule` in the witness; for a component,
    /// the component as the edition's AST has it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// Component: which.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub component: Option<Component>,
    /// Component: what the peer sees (absent: none).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub peer_value: Option<String>,
    /// The cause in words.
    pub message: String,
    /// The fault in a line, as a parser's author would look for it in their
    /// code: what the peer takes (or refuses) that the rule does not.
    pub fault: String,
}

/// What [`compare`] found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Conformance {
    /// The edition.
    pub grammar: Edition,
    /// The rule.
    pub rule: String,
    /// Inputs of the suite.
    pub inputs: usize,
    /// Inputs the peer answered as the rule does.
    pub agreed: usize,
    /// Inputs on which the peer and the rule part (verdicts or components).
    pub disagreements: usize,
    /// Valid inputs whose components were compared (with components).
    pub compared: usize,
    /// Further inputs the peer was asked while shrinking and naming.
    pub asked: usize,
    /// Rounds of shrinking and naming: the first names the suite's
    /// disagreements, each further one the faults the known causes hid.
    pub rounds: usize,
    /// The causes: peer accepts, then peer rejects, then components; most
    /// inputs first.
    pub causes: Vec<Cause>,
}
