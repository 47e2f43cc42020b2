//! A report to be merged comes from another machine: untrusted input. Every
//! field is checked against the others before it is counted or rendered, so
//! that a forged or damaged part is refused with the field it got wrong, and
//! no number in it decides how much memory is used.

use std::collections::HashSet;

use super::cause::{Cause, byte_offset};
use super::finished::{Report, digest_of};
use super::scheme_name::is_bucket;
use super::{
    EXAMPLE_BYTES, EXAMPLES, FORMAT, FOUND_END, FOUND_NO_SCHEME_RULE, FOUND_NON_ASCII, MAX_SCHEMES,
    MAX_TARGETS, SCHEME_BYTES,
};
use crate::error::Error;
use crate::grammar::PrintedGrammar;

/// `field` of a report is wrong, and how.
fn wrong(field: &str, why: impl std::fmt::Display) -> Error {
    Error::Report(format!("{field}: {why}"))
}

/// The sum of `counts`, or an error naming `field` where it overflows.
fn sum(field: &str, counts: impl IntoIterator<Item = u64>) -> Result<u64, Error> {
    counts.into_iter().try_fold(0u64, |a, n| {
        a.checked_add(n)
            .ok_or_else(|| wrong(field, "the counts overflow"))
    })
}

/// `got` must be `want`, else an error naming `field`.
fn equal(field: &str, got: u64, want: u64, what: &str) -> Result<(), Error> {
    if got == want {
        Ok(())
    } else {
        Err(wrong(field, format!("{got}, where {what} is {want}")))
    }
}

// A pass of its own beside the report's type (`finished.rs`): what a report
// from another machine must satisfy before a merge counts it.
impl Report {
    /// Check that the report is one urlbnf could have written: its format, its
    /// editions and rules, every count against the others (each edition's
    /// verdicts sum to the inputs, its schemes and causes to its verdicts,
    /// the patterns to the inputs), schemes bounded as in one report,
    /// examples short and their offsets inside them. The first field found
    /// wrong is named in the error.
    ///
    /// ```
    /// use urlbnf::{Checker, Edition, report::Reporter};
    /// let reporter = Reporter::new(vec![Checker::for_edition(Edition::Rfc1738)?])?;
    /// let mut part = reporter.partial();
    /// reporter.add(&mut part, "http://info.cern.ch/");
    /// reporter.add(&mut part, "http://h/~x");
    /// let mut report = reporter.finish(part);
    /// assert!(report.validate().is_ok());
    /// report.inputs += 1; // the verdicts no longer sum to the inputs
    /// assert!(report.validate().is_err());
    /// # Ok::<(), urlbnf::Error>(())
    /// ```
    // Long: one check after another, each a few lines, in the order of the
    // report's fields: a list is easier to audit than a split.
    pub fn validate(&self) -> Result<(), Error> {
        if self.format != FORMAT {
            return Err(wrong(
                "format",
                format!("'{}' is not {FORMAT}", self.format),
            ));
        }
        // Parts: distinct, each counting inputs, summing to the whole.
        let is_digest = |d: &str| {
            d.len() == 32
                && d.bytes()
                    .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
        };
        if !is_digest(&self.digest) {
            return Err(wrong("digest", "not 32 lowercase hexadecimal digits"));
        }
        let mut digest = 0u128;
        if self.parts.is_empty() {
            return Err(wrong("parts", "no part: every report counts one at least"));
        }
        for (i, p) in self.parts.iter().enumerate() {
            if !is_digest(&p.id) {
                return Err(wrong(
                    &format!("parts[{i}].id"),
                    "not 32 lowercase hexadecimal digits",
                ));
            }
            if !is_digest(&p.digest) {
                return Err(wrong(
                    &format!("parts[{i}].digest"),
                    "not 32 lowercase hexadecimal digits",
                ));
            }
            if i > 0 && self.parts.get(i - 1).is_none_or(|q| q.id >= p.id) {
                return Err(wrong(
                    &format!("parts[{i}].id"),
                    "parts out of id order, or a part counted twice",
                ));
            }
            digest = digest.wrapping_add(digest_of(&p.digest));
        }
        let parts = sum("parts", self.parts.iter().map(|p| p.inputs))?;
        equal("parts' inputs", parts, self.inputs, "inputs")?;
        if digest != digest_of(&self.digest) {
            return Err(wrong("digest", "not the sum of the parts' digests"));
        }
        if let Some(w) = &self.whatwg {
            w.validate(self.inputs)?;
        }
        if self.editions.is_empty() || self.editions.len() > MAX_TARGETS {
            return Err(wrong(
                "editions",
                format!(
                    "{} (edition, rule) pairs, not 1 to {MAX_TARGETS}",
                    self.editions.len()
                ),
            ));
        }
        for (i, e) in self.editions.iter().enumerate() {
            let at = |field: &str| format!("editions[{i}].{field}");
            let grammar = PrintedGrammar::of(e.edition);
            grammar.require(&e.rule).map_err(|_| {
                wrong(
                    &at("rule"),
                    format!("{} has no rule '{}'", e.edition, e.rule),
                )
            })?;
            let verdicts = sum(&at("valid"), [e.valid, e.invalid])?;
            equal(&at("valid + invalid"), verdicts, self.inputs, "inputs")?;
            // Schemes: as many as one report keeps, each named once.
            let proper = e.schemes.iter().filter(|s| !is_bucket(&s.scheme)).count();
            if proper > MAX_SCHEMES {
                return Err(wrong(
                    &at("schemes"),
                    format!("{proper} schemes, more than the {MAX_SCHEMES} a report keeps"),
                ));
            }
            let mut names = HashSet::new();
            for (j, s) in e.schemes.iter().enumerate() {
                let special = is_bucket(&s.scheme);
                let named = s.scheme.len() <= SCHEME_BYTES
                    && !s.scheme.is_empty()
                    && s.scheme.bytes().all(|b| {
                        b.is_ascii_lowercase() || b.is_ascii_digit() || b"+.-".contains(&b)
                    });
                if !(special || named) || !names.insert(s.scheme.as_str()) {
                    return Err(wrong(
                        &at(&format!("schemes[{j}].name")),
                        format!(
                            "{:?} is no scheme a report counts, or counts twice",
                            s.scheme
                        ),
                    ));
                }
                let inputs = sum(&at(&format!("schemes[{j}]")), [s.valid, s.invalid])?;
                if s.catch_all_only > inputs {
                    return Err(wrong(
                        &at(&format!("schemes[{j}].catch_all_only")),
                        format!(
                            "{}, more than the scheme's {inputs} inputs",
                            s.catch_all_only
                        ),
                    ));
                }
            }
            if !e.schemes.is_empty() {
                let valid = sum(&at("schemes"), e.schemes.iter().map(|s| s.valid))?;
                let invalid = sum(&at("schemes"), e.schemes.iter().map(|s| s.invalid))?;
                equal(&at("schemes' valid"), valid, e.valid, "valid")?;
                equal(&at("schemes' invalid"), invalid, e.invalid, "invalid")?;
            } else if self.inputs > 0 {
                return Err(wrong(&at("schemes"), "none, for inputs counted"));
            }
            let causes = sum(&at("causes"), e.causes.iter().map(|c| c.inputs))?;
            equal(&at("causes' inputs"), causes, e.invalid, "invalid")?;
            for (j, c) in e.causes.iter().enumerate() {
                let at = |field: &str| at(&format!("causes[{j}].{field}"));
                grammar.require(&c.rule).map_err(|_| {
                    wrong(
                        &at("rule"),
                        format!("{} has no rule '{}'", e.edition, c.rule),
                    )
                })?;
                let one = c.found.chars().count() == 1;
                let words = [FOUND_END, FOUND_NON_ASCII, FOUND_NO_SCHEME_RULE];
                if !(one || words.contains(&c.found.as_str())) {
                    return Err(wrong(
                        &at("found"),
                        format!("{:?} is no character", c.found),
                    ));
                }
                // A report written before causes carried their fix has none;
                // a merge names it anew.
                if c.fix.is_some()
                    && c.fix != Cause::fix_of(e.edition, &c.found, &c.expected, c.examples.first())
                {
                    return Err(wrong(
                        &at("fix"),
                        format!("{:?} is not the fix for {:?}", c.fix, c.found),
                    ));
                }
                // No example where every input is longer than EXAMPLE_BYTES.
                let most = usize::try_from(c.inputs).unwrap_or(EXAMPLES).min(EXAMPLES);
                if c.inputs == 0 || c.examples.len() > most {
                    return Err(wrong(
                        &at("examples"),
                        format!(
                            "{} examples of {} inputs, more than {most}",
                            c.examples.len(),
                            c.inputs
                        ),
                    ));
                }
                if c.examples.len() as u64 > c.inputs {
                    return Err(wrong(&at("examples"), "more examples than inputs"));
                }
                for (k, ex) in c.examples.iter().enumerate() {
                    let at = |field: &str| at(&format!("examples[{k}].{field}"));
                    if ex.input.len() > EXAMPLE_BYTES {
                        return Err(wrong(
                            &at("input"),
                            format!(
                                "{} bytes, more than the {EXAMPLE_BYTES} an example has",
                                ex.input.len()
                            ),
                        ));
                    }
                    let chars = ex.input.chars().count();
                    if ex.offset > chars {
                        return Err(wrong(
                            &at("offset"),
                            format!("{}, past the end of its {chars}-character input", ex.offset),
                        ));
                    }
                    let bytes = byte_offset(&ex.input, ex.offset);
                    if ex.byte_offset != bytes {
                        return Err(wrong(
                            &at("byte_offset"),
                            format!(
                                "{}, where its offset {} is byte {bytes}",
                                ex.byte_offset, ex.offset
                            ),
                        ));
                    }
                }
            }
            if !self.lint && !e.lints.is_empty() {
                return Err(wrong(&at("lints"), "lints in a report made without --lint"));
            }
            for (j, l) in e.lints.iter().enumerate() {
                if l.inputs > e.valid || l.inputs == 0 {
                    return Err(wrong(
                        &at(&format!("lints[{j}].inputs")),
                        format!("{}, not 1 to the {} valid inputs", l.inputs, e.valid),
                    ));
                }
            }
        }
        let editions: Vec<_> = self.editions.iter().map(|e| e.edition).collect();
        for (i, p) in self.patterns.iter().enumerate() {
            let unique: HashSet<_> = p.valid_in.iter().collect();
            if unique.len() != p.valid_in.len() || p.valid_in.iter().any(|e| !editions.contains(e))
            {
                return Err(wrong(
                    &format!("patterns[{i}].valid_in"),
                    "names an edition twice or one the report does not check",
                ));
            }
        }
        let patterns = sum("patterns", self.patterns.iter().map(|p| p.inputs))?;
        equal("patterns' inputs", patterns, self.inputs, "inputs")?;
        let unique: HashSet<_> = editions.iter().collect();
        for e in self
            .editions
            .iter()
            .filter(|_| unique.len() == editions.len())
        {
            let valid = sum(
                "patterns",
                self.patterns
                    .iter()
                    .filter(|p| p.valid_in.contains(&e.edition))
                    .map(|p| p.inputs),
            )?;
            equal(
                &format!("patterns valid in {}", e.edition),
                valid,
                e.valid,
                "its valid",
            )?;
        }
        if self.differences != self.derive_differences() {
            return Err(wrong("differences", "not those the patterns give"));
        }
        Ok(())
    }
}
