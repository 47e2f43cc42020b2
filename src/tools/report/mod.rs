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

use std::cmp::Reverse;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::{Arc, Mutex, OnceLock};

use regex_automata::util::primitives::StateID;
use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};

use crate::edition::Edition;
use crate::engine::automaton::{self, Automaton, Form};
use crate::engine::lazy::LazyProduct;
use crate::error::Error;
use crate::grammar::{PestOutcome, PrintedGrammar, peg};
use crate::knowledge::known::{self, CatchAll, SchemeList};
use crate::verdicts::check::{Checker, Engine, Reading};
use crate::verdicts::diagnosis::describe;

mod causes;
#[cfg(feature = "json")]
mod json;
mod kept;
mod merge;
mod reporter;
mod schemes;
mod steps;
mod tally;
mod target;
mod validate;
mod walked;
mod whatwg;

pub(crate) use causes::innermost_rule;
pub use reporter::Reporter;
use schemes::*;
pub use tally::Partial;
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

/// The report on a corpus.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Report {
    /// Always [`FORMAT`].
    pub format: String,
    /// Inputs read.
    pub inputs: u64,
    /// A digest of the inputs read, whatever their order: the sum of each
    /// input's 128-bit XXH3 modulo 2^128, in hexadecimal. A merge has the
    /// digest of the whole, so it tells whether two reports count the same
    /// inputs.
    pub digest: String,
    /// The parts this report counts, one for a corpus and one per part for a
    /// merge, in id order: a merge refuses a part it has counted already (by
    /// its id: two parts may hold the same lines). A part with no inputs is
    /// listed too: it was counted.
    pub parts: Vec<Part>,
    /// How the grammars were read ([`Reading`], its fields written beside
    /// these): reports made in different readings do not merge.
    #[serde(flatten)]
    pub reading: Reading,
    /// Whether valid inputs were linted (counts per lint code).
    pub lint: bool,
    /// One report per (edition, rule) checked, in the order given.
    pub editions: Vec<EditionReport>,
    /// How many inputs each combination of verdicts had: the editions that
    /// accept the input (the others reject it).
    pub patterns: Vec<Pattern>,
    /// For each ordered pair of editions, the inputs the first accepts and the
    /// second rejects (derived from `patterns`).
    pub differences: Vec<Difference>,
    /// What the WHATWG URL Standard makes of the inputs, where the report
    /// counted it (a reading beside the editions, not an edition).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub whatwg: Option<WhatwgCounts>,
}

/// One part of a corpus, as counted by one report.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Part {
    /// The identity the report was given when it was made: 128 random bits
    /// in hexadecimal. Two reports of the same lines are two parts; one
    /// report given twice is one.
    pub id: String,
    /// Its inputs' digest (see [`Report::digest`]): the checksum of what it
    /// counted.
    pub digest: String,
    /// Its inputs.
    pub inputs: u64,
}

/// The verdicts of one edition's rule on the corpus.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct EditionReport {
    /// The edition.
    #[serde(rename = "grammar")]
    pub edition: Edition,
    /// The rule, by its printed name.
    pub rule: String,
    /// Inputs the rule derives.
    pub valid: u64,
    /// Inputs it does not.
    pub invalid: u64,
    /// The same counts per scheme (the text before the first `:`, lowercased),
    /// most inputs first.
    pub schemes: Vec<SchemeCount>,
    /// The invalid inputs grouped by cause, most inputs first.
    pub causes: Vec<Cause>,
    /// With `lint`: valid inputs per lint code (each from the edition's document), most first.
    pub lints: Vec<LintCount>,
}

/// Valid inputs with one lint.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct LintCount {
    /// The lint's code ([`lint::Lint::code`](crate::verdicts::lint::Lint)).
    pub code: String,
    /// Valid inputs that have it (an input counts once per code).
    pub inputs: u64,
}

/// Verdicts on the inputs of one scheme.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct SchemeCount {
    /// The scheme, lowercased, or [`NO_SCHEME`], [`NOT_A_SCHEME`], [`OTHER_SCHEMES`].
    /// `name` in JSON: `scheme` is a URL's scheme as a part of its text.
    #[serde(rename = "name")]
    pub scheme: String,
    /// Inputs the rule derives.
    pub valid: u64,
    /// Inputs it does not.
    pub invalid: u64,
    /// Inputs of a scheme with a rule of its own that only the catch-all for
    /// new schemes derives (RFC 1738 `otherurl`, July 1993 `generic`): valid
    /// by the letter, invalid read with known schemes. Counted in either
    /// reading, under `valid` in the letter's, under `invalid` in the other.
    pub catch_all_only: u64,
}

/// Why invalid inputs fail: one point of failure, counted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Cause {
    /// The innermost printed rule the input is in where it stops: on every
    /// way it could have gone on, the rule's text holds the next character.
    pub rule: String,
    /// What the input has there: one character, [`FOUND_END`] or
    /// [`FOUND_NON_ASCII`]; [`FOUND_NO_SCHEME_RULE`] where the rule lists the
    /// schemes and the input's is not one of them (`expected` lists them).
    pub found: String,
    /// What could come there, as `check` words it.
    pub expected: Vec<String>,
    /// Invalid inputs with this cause.
    pub inputs: u64,
    /// Up to [`EXAMPLES`] of them, shortest first.
    pub examples: Vec<Example>,
    /// The fix `check` names: where an escape could come (`"%"` expected), the
    /// character found escaped (`%7E` for `~`) when the edition does not
    /// reserve it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fix: Option<String>,
}

/// An input that fails with a cause.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Example {
    /// The input.
    pub input: String,
    /// Where it stops, in characters (as `check`'s `error.offset`).
    pub offset: usize,
    /// The same in bytes (as `check`'s `error.byte_offset`).
    pub byte_offset: usize,
}

/// The inputs with one combination of verdicts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Pattern {
    /// The editions that accept these inputs (the others reject them).
    pub valid_in: Vec<Edition>,
    /// How many inputs.
    pub inputs: u64,
}

/// Inputs one edition accepts and another rejects.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Difference {
    /// The edition that accepts them.
    pub accepted_by: Edition,
    /// The edition that rejects them.
    pub rejected_by: Edition,
    /// How many inputs.
    pub inputs: u64,
}

impl Cause {
    /// A cause of `edition`, with the fix its found character has.
    pub(crate) fn new(
        edition: Edition,
        (rule, found, expected): (String, String, Vec<String>),
        inputs: u64,
        examples: Vec<Example>,
    ) -> Cause {
        let fix = Cause::fix_of(edition, &found, &expected, examples.first());
        Cause {
            rule,
            found,
            expected,
            inputs,
            examples,
            fix,
        }
    }

    /// The fix for `found` where `expected` may come, as `check` names it
    /// on the cause's first example (`first`): no escape where the input's
    /// own fix is another (white space stripped, an IP literal), a
    /// gen-delim escaped where it is data (RFC 3986 §2.2).
    pub(crate) fn fix_of(
        edition: Edition,
        found: &str,
        expected: &[String],
        first: Option<&Example>,
    ) -> Option<String> {
        let mut chars = found.chars();
        let (Some(c), None) = (chars.next(), chars.next()) else {
            return None;
        };
        // `"%"` named alone, or inside a class that holds it.
        let classes = crate::grammar::PrintedGrammar::of(edition);
        let percent = expected
            .iter()
            .any(|e| e == "\"%\"" || classes.char_class(e).is_some_and(|c| c.contains(b'%')));
        match first {
            Some(ex) => crate::verdicts::diagnosis::named_escape(
                edition,
                &ex.input,
                ex.byte_offset,
                c,
                percent,
            ),
            None => crate::verdicts::diagnosis::escape_fix(edition, c, percent),
        }
    }

    /// The cause in words, as `check` words a diagnosis: `hsegment: found "~",
    /// expected uchar, ";" or end of input`.
    ///
    /// ```
    /// use urlbnf::{Checker, Edition, report::Reporter};
    /// let reporter = Reporter::new(vec![Checker::for_edition(Edition::Rfc1738)?])?;
    /// let mut part = reporter.partial();
    /// reporter.add(&mut part, "http://info.cern.ch/");
    /// reporter.add(&mut part, "http://h/~x");
    /// let report = reporter.finish(part);
    /// let cause = report.editions.first().and_then(|e| e.causes.first()).unwrap();
    /// assert_eq!(
    ///     cause.describe(),
    ///     "hpath: found \"~\" (escaped: %7E), expected unreserved, reserved, \"%\" or end of input"
    /// );
    /// # Ok::<(), urlbnf::Error>(())
    /// ```
    pub fn describe(&self) -> String {
        let mut found = if self.found.chars().count() == 1 {
            format!("{:?}", self.found)
        } else {
            self.found.clone()
        };
        if let Some(fix) = &self.fix {
            found.push_str(&format!(" (escaped: {fix})"));
        }
        let expected = match self.expected.as_slice() {
            [] => "nothing".to_string(),
            [one] => one.clone(),
            [init @ .., last] => format!("{} or {last}", init.join(", ")),
        };
        format!("{}: found {found}, expected {expected}", self.rule)
    }
}

/// What was found where an input stops.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Found {
    Char(u8),
    NonAscii,
    End,
    /// A scheme the rule's closed list has no rule for.
    NoSchemeRule,
}

/// Codes of [`Found`]: 128 ASCII characters, non-ASCII, the end, a scheme
/// with no rule.
const FOUND_CODES: usize = 131;

impl Found {
    /// A dense code below [`FOUND_CODES`].
    fn code(self) -> usize {
        match self {
            Found::Char(b) => usize::from(b),
            Found::NonAscii => 128,
            Found::End => 129,
            Found::NoSchemeRule => 130,
        }
    }

    fn words(self) -> String {
        match self {
            Found::Char(b) => char::from(b).to_string(),
            Found::NonAscii => FOUND_NON_ASCII.to_string(),
            Found::End => FOUND_END.to_string(),
            Found::NoSchemeRule => FOUND_NO_SCHEME_RULE.to_string(),
        }
    }
}

/// A digest as written in a report: 32 lowercase hexadecimal digits.
fn hex(digest: u128) -> String {
    format!("{digest:032x}")
}

/// A digest read from a report ([`Report::validate`] checked its form).
fn digest_of(text: &str) -> u128 {
    u128::from_str_radix(text, 16).unwrap_or(0)
}

/// The byte offset of the character at `offset` (the input's length past its
/// end).
fn byte_offset(input: &str, offset: usize) -> usize {
    input
        .char_indices()
        .nth(offset)
        .map_or(input.len(), |(i, _)| i)
}
