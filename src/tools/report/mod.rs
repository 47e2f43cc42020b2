//! The conformance of a corpus: per edition, how many inputs the rule derives,
//! per scheme, and the invalid ones grouped by cause; across editions, which
//! inputs one accepts and another rejects.
//!
//! Work is split freely: a [`Partial`] per piece of the input, merged
//! ([`Partial::merge`]), then finished into a [`Report`]; finished reports of
//! disjoint parts merge into the report of the whole ([`Report::merge`]), so a
//! cluster can report a corpus piece by piece.
//!
//! A cause is where the input stops being a prefix of any valid string (the
//! reference automaton's state there) and what was found: so it is a property of
//! the point of failure, not of the input's other text, and counts over millions
//! of inputs group stably. It is described by the innermost printed rule still
//! open at that point (read from the derivation of the shortest valid string
//! through the same point), the character found, and what could come there.
//!
//! Memory is bounded by the grammars, not the corpus: causes are at most the
//! automaton's states times the 130 kinds of found character, examples are
//! [`EXAMPLES`] short inputs per cause, and schemes are at most [`MAX_SCHEMES`].

mod cause;
mod cause_tally;
mod describe;
mod finished;
mod found;
#[cfg(feature = "json")]
mod json;
mod last_asked;
mod lists;
mod partial;
mod reporter;
mod scheme_name;
mod scheme_tally;
mod step_counts;
mod step_tables;
mod target;
mod target_tally;
mod validate;
mod walk_counter;
mod walker;
mod whatwg;

pub use cause::{Cause, Example};
pub(crate) use describe::innermost_rule;
pub use finished::{Difference, EditionReport, LintCount, Part, Pattern, Report, SchemeCount};
pub use partial::Partial;
pub use reporter::Reporter;
pub use whatwg::{Refusal, WhatwgCounts};

/// The format a report's JSON declares; a merge refuses any other.
pub const FORMAT: &str = "urlbnf-report/5";
/// Example inputs kept per cause: the shortest, then the least in byte order.
pub const EXAMPLES: usize = 3;
/// Longer inputs are counted but not kept as examples.
pub const EXAMPLE_BYTES: usize = 256;
/// Distinct schemes counted one by one; the rest are summed under
/// [`OTHER_SCHEMES`].
pub const MAX_SCHEMES: usize = 1000;
/// The longest scheme name counted as such.
const SCHEME_BYTES: usize = 32;
/// More targets than this would make the verdict patterns too many to keep.
const MAX_TARGETS: usize = 8;

/// The scheme of an input with no `:`.
pub const NO_SCHEME: &str = "(none)";
/// The scheme of an input whose text before the first `:` is not a scheme name.
pub const NOT_A_SCHEME: &str = "(not a scheme)";
/// Schemes beyond the first [`MAX_SCHEMES`].
pub const OTHER_SCHEMES: &str = "(other schemes)";
pub use crate::verdicts::check::FOUND_END;
/// What `found` says for a character outside ASCII (no printed grammar has one).
pub const FOUND_NON_ASCII: &str = "non-ASCII character";
/// A cause's `found` where the input's scheme has no rule in the edition's
/// closed list of schemes (draft-1994's `url` and `https:`).
pub const FOUND_NO_SCHEME_RULE: &str = "a scheme with no rule";
