//! Reports of disjoint parts merged into the report of the whole, and every
//! report put in its one order.

use super::tally::*;
use super::*;

/// A reading in words: `the letter`, `known schemes, scheme case folded, linted`.
pub(super) fn reading_words(r: Reading, lint: bool) -> String {
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
