//! A cause: where invalid inputs stop (the innermost printed rule open
//! there, what was found, what could come) and the inputs that stop so.

use serde::{Deserialize, Serialize};

#[cfg(doc)]
use super::{EXAMPLES, FOUND_END, FOUND_NO_SCHEME_RULE, FOUND_NON_ASCII};
use crate::edition::Edition;
use crate::grammar::PrintedGrammar;
use crate::verdicts::diagnosis::{escape_fix, named_escape};

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
        let classes = PrintedGrammar::of(edition);
        let percent = expected
            .iter()
            .any(|e| e == "\"%\"" || classes.char_class(e).is_some_and(|c| c.contains(b'%')));
        match first {
            Some(ex) => named_escape(edition, &ex.input, ex.byte_offset, c, percent),
            None => escape_fix(edition, c, percent),
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

/// The byte offset of the character at `offset` (the input's length past its
/// end).
pub(super) fn byte_offset(input: &str, offset: usize) -> usize {
    input
        .char_indices()
        .nth(offset)
        .map_or(input.len(), |(i, _)| i)
}
