//! Counts over part of a corpus, before causes are described: a partial
//! per piece of the input, merged, then finished by the reporter.

use super::scheme_tally::SchemeTally;
use super::step_tables::StepTables;
use super::target_tally::TargetTally;
use super::whatwg::WhatwgCounts;
use crate::engine::meta::Memo;

/// Counts over part of a corpus, before causes are described.
#[derive(Clone, Debug)]
pub struct Partial {
    pub(super) inputs: u64,
    /// The sum of the inputs' XXH3-128, modulo 2^128.
    pub(super) digest: u128,
    pub(super) targets: Vec<TargetTally>,
    pub(super) schemes: SchemeTally,
    /// The WHATWG reading, where counted.
    pub(super) whatwg: Option<WhatwgCounts>,
    /// What the door's walks for records made of the targets' automata as
    /// far as the inputs counted here made it: kept for the next inputs,
    /// never merged.
    pub(super) memo: Memo,
    /// What counting by step made for that memo: kept so, too.
    pub(super) steps: StepTables,
}

impl Partial {
    /// Empty counts for `targets` targets, and the WHATWG reading's where
    /// counted.
    pub(super) fn empty(targets: usize, whatwg: bool) -> Partial {
        Partial {
            inputs: 0,
            digest: 0,
            targets: vec![TargetTally::default(); targets],
            schemes: SchemeTally::new(targets),
            whatwg: whatwg.then(WhatwgCounts::default),
            memo: Memo::default(),
            steps: StepTables::default(),
        }
    }

    /// Add another part's counts.
    ///
    /// ```
    /// use urlbnf::{Checker, Edition, report::Reporter};
    /// let reporter = Reporter::new(vec![Checker::for_edition(Edition::Rfc1738)?])?;
    /// let mut part = reporter.partial();
    /// reporter.add(&mut part, "http://info.cern.ch/");
    /// reporter.add(&mut part, "http://h/~x");
    /// let mut other = reporter.partial();
    /// reporter.add(&mut other, "ftp://h/f");
    /// part.merge(other);
    /// assert_eq!(part.inputs(), 3);
    /// # Ok::<(), urlbnf::Error>(())
    /// ```
    pub fn merge(&mut self, other: Partial) {
        self.inputs += other.inputs;
        self.digest = self.digest.wrapping_add(other.digest);
        for (mine, theirs) in self.targets.iter_mut().zip(other.targets) {
            mine.merge(theirs);
        }
        self.schemes.merge(&other.schemes);
        if let (Some(mine), Some(theirs)) = (&mut self.whatwg, &other.whatwg) {
            mine.merge(theirs);
        }
    }

    /// Inputs counted so far.
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
    pub fn inputs(&self) -> u64 {
        self.inputs
    }
}
