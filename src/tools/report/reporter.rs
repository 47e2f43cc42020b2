//! The reporter: each input walked by its targets' automata and counted, and
//! the counts finished into a report.

use std::collections::HashMap;
use std::sync::Arc;

use regex_automata::util::primitives::StateID;

use super::cause::Cause;
use super::describe::{expected_at, innermost_rule_cached, innermost_rules};
use super::finished::{EditionReport, LintCount, Part, Pattern, Report, SchemeCount, hex};
use super::found::{FOUND_CODES, Found};
use super::partial::Partial;
use super::scheme_name::packed_scheme;
use super::target::{Derived, NO_SCHEME_RULE, Point, Target};
use super::target_tally::TargetTally;
use super::walker::Walker;
use super::{FORMAT, MAX_TARGETS};
use crate::edition::Edition;
use crate::engine::automaton;
use crate::engine::meta::{self, Door, Stop};
use crate::error::Error;
use crate::knowledge::known;
use crate::verdicts::check::{Checker, Engine, Reading};
use crate::verdicts::prose;
use crate::verdicts::{ast, lint};

/// Counts a corpus against one rule of each of several editions.
#[derive(Clone, Debug)]
pub struct Reporter {
    pub(super) targets: Vec<Target>,
    pub(super) reading: Reading,
    pub(super) lint: bool,
    pub(super) whatwg: bool,
    /// Every target's automata (its printed rule's, then its rule's without
    /// the catch-all, at the target's places): what the door walks of a
    /// list read as printed, and the stops it is asked of an input.
    pub(super) door: Arc<Door>,
}

impl Reporter {
    /// A reporter over these checkers (each an edition, a rule and a reading:
    /// the first checker's reading is the report's, and every other must share it).
    ///
    /// ```
    /// use urlbnf::{Checker, Edition, report::Reporter};
    /// let reporter = Reporter::new(vec![Checker::for_edition(Edition::Rfc1738)?])?;
    /// let mut part = reporter.partial();
    /// reporter.add(&mut part, "http://info.cern.ch/");
    /// reporter.add(&mut part, "http://h/~x");
    /// let report = reporter.finish(part);
    /// assert_eq!(report.editions.first().map(|e| (e.valid, e.invalid)), Some((1, 1)));
    /// # Ok::<(), urlbnf::Error>(())
    /// ```
    pub fn new(checkers: Vec<Checker>) -> Result<Reporter, Error> {
        if checkers.len() > MAX_TARGETS {
            return Err(Error::Report(format!(
                "at most {MAX_TARGETS} (edition, rule) pairs per report"
            )));
        }
        // Folding is RFC 1738's alone (other editions' checkers never fold):
        // the report folds if any checker does.
        let reading =
            checkers
                .iter()
                .map(Checker::current_reading)
                .fold(Reading::LETTER, |a, r| Reading {
                    fold_scheme_case: a.fold_scheme_case || r.fold_scheme_case,
                    known_schemes: a.known_schemes || r.known_schemes,
                });
        if checkers
            .iter()
            .any(|c| c.current_reading().known_schemes != reading.known_schemes)
        {
            return Err(Error::Report(
                "every (edition, rule) of a report is read alike".to_string(),
            ));
        }
        // Each target's automata compile on a thread of their own.
        let build = |checker: Checker| {
            let (edition, rule) = (checker.edition(), checker.rule());
            let printed = Walker::new(edition, rule, None)?;
            let own = match known::catch_all(edition).filter(|c| c.applies_to(rule)) {
                Some(c) => Some((c, Walker::new(edition, rule, c.form().without)?)),
                None => None,
            };
            let list = known::scheme_list(edition).filter(|l| l.applies_to(rule));
            Ok((checker, printed, own, list))
        };
        let built = automaton::on_threads(checkers, build)
            .into_iter()
            .map(|t| t.unwrap_or_else(|| Err(Error::Report("a compiling thread failed".into()))))
            .collect::<Result<Vec<_>, Error>>()?;
        // The door's targets: each target's automata, in turn.
        let mut automata = Vec::new();
        let mut targets = Vec::new();
        for (checker, printed, own, list) in built {
            let at = automata.len();
            automata.push(meta::Target::automaton(printed.places.clone()));
            let own_at = own.as_ref().map(|(_, own): &(_, Walker)| {
                automata.push(meta::Target::automaton(own.places.clone()));
                at + 1
            });
            targets.push(Target::new(checker, printed, own, list, (at, own_at)));
        }
        Ok(Reporter {
            whatwg: false,
            targets,
            reading,
            lint: false,
            door: Arc::new(Door::new(automata)),
        })
    }

    /// Count, for each valid input of a URL rule, its lints (each from the edition's document) by code.
    ///
    /// ```
    /// use urlbnf::{Checker, Edition, report::Reporter};
    /// let reporter = Reporter::new(vec![Checker::for_edition(Edition::Rfc1738)?])?.linting(true);
    /// let mut part = reporter.partial();
    /// reporter.add(&mut part, "http://user:secret@h/");
    /// let report = reporter.finish(part);
    /// assert!(report.editions.first().is_some_and(|e| !e.lints.is_empty()));
    /// # Ok::<(), urlbnf::Error>(())
    /// ```
    pub fn linting(mut self, lint: bool) -> Reporter {
        self.lint = lint;
        self
    }

    /// Count, beside the editions, what the WHATWG URL Standard makes of each
    /// input (feature `whatwg`: the `url` crate's parser).
    ///
    /// ```
    /// use urlbnf::{Checker, Edition, report::Reporter};
    /// let reporter = Reporter::new(vec![Checker::for_edition(Edition::Rfc1738)?])?.reading_whatwg(true);
    /// let mut part = reporter.partial();
    /// reporter.add(&mut part, "HTTP://info.cern.ch");
    /// reporter.add(&mut part, "//h/p");
    /// let w = reporter.finish(part).whatwg.unwrap();
    /// assert_eq!((w.valid, w.rewritten, w.invalid), (1, 1, 1));
    /// # Ok::<(), urlbnf::Error>(())
    /// ```
    #[cfg(feature = "whatwg")]
    pub fn reading_whatwg(mut self, on: bool) -> Reporter {
        self.whatwg = on;
        self
    }

    /// Empty counts for this reporter's targets.
    ///
    /// ```
    /// use urlbnf::{Checker, Edition, report::Reporter};
    /// let reporter = Reporter::new(vec![Checker::for_edition(Edition::Rfc1738)?])?;
    /// assert_eq!(reporter.partial().inputs(), 0);
    /// # Ok::<(), urlbnf::Error>(())
    /// ```
    pub fn partial(&self) -> Partial {
        Partial::empty(self.targets.len(), self.whatwg)
    }

    /// Count one input.
    ///
    /// ```
    /// use urlbnf::{Checker, Edition, report::Reporter};
    /// let reporter = Reporter::new(vec![Checker::for_edition(Edition::Rfc1738)?])?;
    /// let mut part = reporter.partial();
    /// reporter.add(&mut part, "http://info.cern.ch/");
    /// reporter.add(&mut part, "http://h/~x");
    /// assert_eq!(part.inputs(), 2);
    /// # Ok::<(), urlbnf::Error>(())
    /// ```
    pub fn add(&self, partial: &mut Partial, input: &str) {
        self.add_judged(partial, input, |_| Derived::default());
    }

    /// [`Reporter::add`], where `derived(i)` says what target `i`'s tables
    /// already found of the input.
    pub(super) fn add_judged<'w>(
        &self,
        partial: &mut Partial,
        input: &str,
        derived: impl Fn(usize) -> Derived<'w>,
    ) {
        self.count_input(partial, input);
        let (mut pattern, mut parted) = (0usize, 0usize);
        let folded = if self.reading.fold_scheme_case {
            prose::fold_scheme_case(input)
        } else {
            std::borrow::Cow::Borrowed(input)
        };
        for (i, (target, tally)) in self.targets.iter().zip(&mut partial.targets).enumerate() {
            let checker = &target.checker;
            // Folding is RFC 1738's alone.
            let text = if checker.current_reading().fold_scheme_case {
                &*folded
            } else {
                input
            };
            // One walk decides and locates, unless pest decides.
            let (stop, which, parts) = target.walk(&self.door, text, derived(i), &mut tally.heads);
            if parts {
                parted |= 1 << i;
            }
            let stop = match checker.engine() {
                Engine::Dfa => stop,
                Engine::Pest if checker.is_valid(input) => None,
                // The engines agree on every tested input; an input only pest
                // rejects is counted at its end.
                Engine::Pest => stop.or_else(|| {
                    let a = target.automaton(which);
                    Some(Stop::at(a.start(), text.chars().count(), text.len()))
                }),
            };
            let Some(Stop {
                state,
                offset,
                byte_offset,
            }) = stop
            else {
                tally.valid += 1;
                pattern |= 1 << i;
                if self.lint {
                    count_lints(tally, checker, text);
                }
                continue;
            };
            tally.invalid += 1;
            // A scheme the rule's list has no rule for is the cause itself,
            // not the character where the first scheme's rule gave up.
            let unlisted = target
                .list
                .is_some_and(|l| tally.last_asked.unlisted(l, text, checker.rule()));
            let found = match text.as_bytes().get(byte_offset) {
                _ if unlisted => Found::NoSchemeRule,
                Some(&b) if b.is_ascii() => Found::Char(b),
                Some(_) => Found::NonAscii,
                None => Found::End,
            };
            // Slots: the printed rule's states, then those without the catch-all.
            let base = match which {
                0 => 0,
                _ => target.printed.places().live_states(),
            };
            tally.make_slots(target, self.reading);
            let (point, slot) = if unlisted {
                let last = tally.slots.len() - FOUND_CODES;
                ((NO_SCHEME_RULE, StateID::ZERO), Some(last + found.code()))
            } else {
                let slot = target
                    .automaton(which)
                    .live_number(state)
                    .map(|n| (base + n) * FOUND_CODES + found.code());
                ((which, state), slot)
            };
            tally.count(slot, (point, found), input, offset);
        }
        partial
            .schemes
            .count_input(input, packed_scheme(input), pattern, parted);
    }

    /// Count what every input adds whatever its verdicts: itself, its
    /// digest, and its WHATWG reading where counted.
    #[inline]
    pub(super) fn count_input(&self, partial: &mut Partial, input: &str) {
        partial.inputs += 1;
        partial.digest = partial
            .digest
            .wrapping_add(xxhash_rust::xxh3::xxh3_128(input.as_bytes()));
        #[cfg(feature = "whatwg")]
        if let Some(w) = &mut partial.whatwg {
            w.add(input);
        }
    }

    /// Describe the causes and order everything: the finished report.
    ///
    /// ```
    /// use urlbnf::{Checker, Edition, report::Reporter};
    /// let reporter = Reporter::new(vec![Checker::for_edition(Edition::Rfc1738)?])?;
    /// let mut part = reporter.partial();
    /// reporter.add(&mut part, "http://info.cern.ch/");
    /// reporter.add(&mut part, "http://h/~x");
    /// let report = reporter.finish(part);
    /// assert_eq!((report.inputs, report.format.as_str()), (2, urlbnf::report::FORMAT));
    /// # Ok::<(), urlbnf::Error>(())
    /// ```
    // Long: each part of the report made from the partial's counts in the order
    // the report prints them.
    pub fn finish(&self, partial: Partial) -> Report {
        let rules = innermost_rules(&self.targets, &partial);
        let editions = self
            .targets
            .iter()
            .zip(partial.targets)
            .enumerate()
            .map(|(i, (target, tally))| {
                let checker = &target.checker;
                let (valid, invalid) = (tally.valid, tally.invalid);
                // A point is described once, whatever was found there; causes
                // described alike are summed by `normalize`.
                let mut described: HashMap<Point, (String, Vec<String>)> = HashMap::new();
                let lints = tally
                    .lints
                    .iter()
                    .map(|(code, &inputs)| LintCount {
                        code: code.to_string(),
                        inputs,
                    })
                    .collect();
                let causes = tally
                    .into_causes()
                    .map(|(point, found, _, t)| {
                        let (rule, expected) = described.entry(point).or_insert_with(|| {
                            if let (NO_SCHEME_RULE, Some(list)) = (point.0, target.list) {
                                let names = list.schemes.iter().map(|k| k.scheme.clone());
                                return (list.rule.clone(), names.collect());
                            }
                            let rule = rules
                                .get(&(i, point))
                                .cloned()
                                .unwrap_or_else(|| innermost_rule_cached(target, point));
                            (rule, expected_at(target, point))
                        });
                        Cause::new(
                            checker.edition(),
                            (rule.clone(), found.words(), expected.clone()),
                            t.inputs,
                            t.examples,
                        )
                    })
                    .collect();
                EditionReport {
                    edition: checker.edition(),
                    rule: checker.rule().to_string(),
                    valid,
                    invalid,
                    schemes: partial
                        .schemes
                        .iter()
                        .enumerate()
                        .map(|(place, (scheme, counts))| {
                            let (mut valid, mut invalid) = (0, 0);
                            for (pattern, n) in counts.iter().enumerate() {
                                if pattern & (1 << i) != 0 {
                                    valid += n;
                                } else {
                                    invalid += n;
                                }
                            }
                            SchemeCount {
                                scheme: scheme.to_string(),
                                valid,
                                invalid,
                                catch_all_only: partial.schemes.catch_all_of(place, i),
                            }
                        })
                        .collect(),
                    causes,
                    lints,
                }
            })
            .collect();
        let targets: Vec<Edition> = self.targets.iter().map(|t| t.checker.edition()).collect();
        let mut by_pattern = vec![0u64; partial.schemes.patterns];
        for (_, counts) in partial.schemes.iter() {
            for (total, n) in by_pattern.iter_mut().zip(counts) {
                *total += n;
            }
        }
        let patterns = by_pattern
            .iter()
            .enumerate()
            .filter(|(_, n)| **n > 0)
            .map(|(bits, &inputs)| Pattern {
                valid_in: targets
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| bits & (1 << i) != 0)
                    .map(|(_, e)| *e)
                    .collect(),
                inputs,
            })
            .collect();
        let digest = hex(partial.digest);
        let parts = vec![Part {
            id: hex(random_id()),
            digest: digest.clone(),
            inputs: partial.inputs,
        }];
        let mut report = Report {
            format: FORMAT.to_string(),
            inputs: partial.inputs,
            digest,
            parts,
            reading: self.reading,
            lint: self.lint,
            editions,
            patterns,
            differences: Vec::new(),
            whatwg: partial.whatwg,
        };
        report.normalize();
        report
    }
}

/// Count the lints of a valid input (each code once), where the rule names a URL.
fn count_lints(tally: &mut TargetTally, checker: &Checker, text: &str) {
    let (edition, rule) = (checker.edition(), checker.rule());
    if !ast::is_url_rule(edition, rule) {
        return;
    }
    let Ok(url) = ast::parse_rule(edition, rule, text) else {
        return;
    };
    let mut codes: Vec<&'static str> = lint::lints(&url).iter().map(|l| l.code).collect();
    codes.sort_unstable();
    codes.dedup();
    for code in codes {
        *tally.lints.entry(code).or_default() += 1;
    }
}

/// 128 bits no other report has: SipHash under keys the standard library
/// draws from the operating system once per thread, over a counter, the
/// time and the process (a report made on another machine draws its own).
fn random_id() -> u128 {
    use std::hash::{BuildHasher, Hasher};
    use std::sync::atomic::{AtomicU64, Ordering};
    static MADE: AtomicU64 = AtomicU64::new(0);
    let made = MADE.fetch_add(1, Ordering::Relaxed);
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    let half = |salt: u64| {
        let mut h = std::collections::hash_map::RandomState::new().build_hasher();
        h.write_u64(salt);
        h.write_u64(made);
        h.write_u128(now);
        h.write_u32(std::process::id());
        h.finish()
    };
    (u128::from(half(1)) << 64) | u128::from(half(2))
}
