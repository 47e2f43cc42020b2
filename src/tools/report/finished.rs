//! The finished report, as `report --json` writes it, and finished reports
//! of disjoint parts merged into the report of the whole, everything put in
//! its one order.

use std::cmp::Reverse;
use std::collections::{BTreeMap, HashSet};

use serde::{Deserialize, Serialize};

use super::cause::Cause;
use super::cause_tally::CauseTally;
use super::scheme_name::{KeepKey, is_bucket, keep_order};
use super::whatwg::WhatwgCounts;
#[cfg(doc)]
use super::{FORMAT, NO_SCHEME, NOT_A_SCHEME};
use super::{MAX_SCHEMES, OTHER_SCHEMES};
use crate::edition::Edition;
use crate::error::Error;
use crate::verdicts::check::Reading;

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

/// A digest as written in a report: 32 lowercase hexadecimal digits.
pub(super) fn hex(digest: u128) -> String {
    format!("{digest:032x}")
}

/// A digest read from a report ([`Report::validate`] checked its form).
pub(super) fn digest_of(text: &str) -> u128 {
    u128::from_str_radix(text, 16).unwrap_or(0)
}

/// A reading in words: `the letter`, `known schemes, scheme case folded, linted`.
fn reading_words(r: Reading, lint: bool) -> String {
    let mut words = Vec::new();
    if r.known_schemes {
        words.push("known schemes");
    }
    if r.fold_scheme_case {
        words.push("scheme case folded");
    }
    if words.is_empty() {
        words.push("the letter");
    }
    if lint {
        words.push("linted");
    }
    words.join(", ")
}

impl Report {
    /// Add the report of a disjoint part of the corpus. Both must report the
    /// same (edition, rule) pairs in the same order.
    ///
    /// Both are validated first ([`Report::validate`]): a report from another
    /// machine is untrusted input.
    ///
    /// ```
    /// use urlbnf::{Checker, Edition, report::Reporter};
    /// let reporter = Reporter::new(vec![Checker::for_edition(Edition::Rfc1738)?])?;
    /// let mut part = reporter.partial();
    /// reporter.add(&mut part, "http://info.cern.ch/");
    /// reporter.add(&mut part, "http://h/~x");
    /// let mut first = reporter.finish(part);
    /// let mut more = reporter.partial();
    /// reporter.add(&mut more, "ftp://h/f");
    /// first.merge(&reporter.finish(more))?;
    /// assert_eq!(first.inputs, 3);
    /// # Ok::<(), urlbnf::Error>(())
    /// ```
    pub fn merge(&mut self, other: &Report) -> Result<(), Error> {
        self.validate()?;
        other.validate()?;
        // Every count is at most its report's inputs: if these add up, all do.
        let inputs = self
            .inputs
            .checked_add(other.inputs)
            .ok_or_else(|| Error::Report("inputs: the counts overflow".into()))?;
        if (self.reading, self.lint) != (other.reading, other.lint) {
            return Err(Error::Report(format!(
                "the reports were made in different readings ({} and {})",
                reading_words(self.reading, self.lint),
                reading_words(other.reading, other.lint)
            )));
        }
        if self.whatwg.is_some() != other.whatwg.is_some() {
            return Err(Error::Report(
                "whatwg: one report counts the WHATWG reading and the other does not".to_string(),
            ));
        }
        let targets = |r: &Report| -> Vec<(Edition, String)> {
            r.editions
                .iter()
                .map(|e| (e.edition, e.rule.clone()))
                .collect()
        };
        if targets(self) != targets(other) {
            return Err(Error::Report(
                "the reports check different editions or rules".to_string(),
            ));
        }
        // A part is known by its id, not its lines: two partitions may hold
        // the same lines, and each counts.
        if let Some(part) = other
            .parts
            .iter()
            .find(|p| self.parts.binary_search_by(|q| q.id.cmp(&p.id)).is_ok())
        {
            return Err(Error::Report(format!(
                "parts: the part {} ({} input{}) is counted already: a part given twice \
                 (the same report twice, or a merged report with one of its parts)",
                part.id,
                part.inputs,
                if part.inputs == 1 { "" } else { "s" }
            )));
        }
        self.inputs = inputs;
        self.digest = hex(digest_of(&self.digest).wrapping_add(digest_of(&other.digest)));
        self.parts.extend(other.parts.iter().cloned());
        self.parts.sort_by(|a, b| a.id.cmp(&b.id));
        for (mine, theirs) in self.editions.iter_mut().zip(&other.editions) {
            mine.valid += theirs.valid;
            mine.invalid += theirs.invalid;
            mine.schemes.extend(theirs.schemes.iter().cloned());
            mine.causes.extend(theirs.causes.iter().cloned());
            mine.lints.extend(theirs.lints.iter().cloned());
        }
        self.patterns.extend(other.patterns.iter().cloned());
        if let (Some(mine), Some(theirs)) = (&mut self.whatwg, &other.whatwg) {
            mine.merge(theirs);
        }
        self.normalize();
        Ok(())
    }

    /// Sum equal entries and put everything in its one order, so that equal
    /// counts give equal reports however the work was split.
    pub(super) fn normalize(&mut self) {
        for e in &mut self.editions {
            let mut schemes: BTreeMap<String, (u64, u64, u64)> = BTreeMap::new();
            for s in e.schemes.drain(..) {
                let slot = schemes.entry(s.scheme).or_default();
                slot.0 += s.valid;
                slot.1 += s.invalid;
                slot.2 += s.catch_all_only;
            }
            e.schemes = schemes
                .into_iter()
                .map(|(scheme, (valid, invalid, catch_all_only))| SchemeCount {
                    scheme,
                    valid,
                    invalid,
                    catch_all_only,
                })
                .collect();
            let mut lints: BTreeMap<String, u64> = BTreeMap::new();
            for l in e.lints.drain(..) {
                *lints.entry(l.code).or_default() += l.inputs;
            }
            e.lints = lints
                .into_iter()
                .map(|(code, inputs)| LintCount { code, inputs })
                .collect();
            e.lints.sort_by_key(|l| Reverse(l.inputs));
            // Most inputs first; the map left them in name order.
            e.schemes.sort_by_key(|s| Reverse(s.valid + s.invalid));
            // A merge keeps the schemes one report of the whole would: the
            // first MAX_SCHEMES in keep_order; the rest are summed as others.
            let mut proper: Vec<(KeepKey, usize)> = e
                .schemes
                .iter()
                .enumerate()
                .filter(|(_, s)| !is_bucket(&s.scheme))
                .map(|(i, s)| (keep_order(&s.scheme), i))
                .collect();
            if proper.len() > MAX_SCHEMES {
                proper.sort_unstable();
                let rest: HashSet<usize> = proper
                    .split_off(MAX_SCHEMES)
                    .into_iter()
                    .map(|(_, i)| i)
                    .collect();
                let mut others = SchemeCount {
                    scheme: OTHER_SCHEMES.to_string(),
                    valid: 0,
                    invalid: 0,
                    catch_all_only: 0,
                };
                let mut kept = Vec::with_capacity(MAX_SCHEMES + 3);
                for (i, s) in e.schemes.drain(..).enumerate() {
                    if rest.contains(&i) || s.scheme == OTHER_SCHEMES {
                        others.valid += s.valid;
                        others.invalid += s.invalid;
                        others.catch_all_only += s.catch_all_only;
                    } else {
                        kept.push(s);
                    }
                }
                kept.push(others);
                kept.sort_by_key(|s| Reverse(s.valid + s.invalid));
                e.schemes = kept;
            }
            let mut causes: BTreeMap<(String, String, Vec<String>), CauseTally> = BTreeMap::new();
            for c in e.causes.drain(..) {
                causes
                    .entry((c.rule, c.found, c.expected))
                    .or_default()
                    .merge(CauseTally {
                        inputs: c.inputs,
                        examples: c.examples,
                    });
            }
            e.causes = causes
                .into_iter()
                .map(|(key, t)| Cause::new(e.edition, key, t.inputs, t.examples))
                .collect();
            // Stable: equal counts keep the (rule, found, expected) order.
            e.causes.sort_by_key(|c| Reverse(c.inputs));
        }
        let mut patterns: BTreeMap<Vec<Edition>, u64> = BTreeMap::new();
        for p in self.patterns.drain(..) {
            *patterns.entry(p.valid_in).or_default() += p.inputs;
        }
        self.patterns = patterns
            .into_iter()
            .map(|(valid_in, inputs)| Pattern { valid_in, inputs })
            .collect();
        self.patterns.sort_by_key(|p| Reverse(p.inputs));
        self.differences = self.derive_differences();
    }

    pub(super) fn derive_differences(&self) -> Vec<Difference> {
        let editions: Vec<Edition> = self.editions.iter().map(|e| e.edition).collect();
        let mut out = Vec::new();
        for &a in &editions {
            for &b in &editions {
                if a == b {
                    continue;
                }
                let inputs = self
                    .patterns
                    .iter()
                    .filter(|p| p.valid_in.contains(&a) && !p.valid_in.contains(&b))
                    .map(|p| p.inputs)
                    .sum();
                out.push(Difference {
                    accepted_by: a,
                    rejected_by: b,
                    inputs,
                });
            }
        }
        out
    }
}
