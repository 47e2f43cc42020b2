//! What the WHATWG URL Standard makes of a corpus, counted beside the
//! editions: a reading (the `url` crate's parser), not an edition.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::error::Error;

/// The WHATWG reading of the inputs: how many it parses, how many it parses
/// into a URL written otherwise, and its refusals by message.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct WhatwgCounts {
    /// Inputs it parses.
    pub valid: u64,
    /// Inputs it refuses.
    pub invalid: u64,
    /// Inputs it parses and writes otherwise (host lowercased, a `/` added,
    /// characters percent-encoded…).
    pub rewritten: u64,
    /// Its refusals, by the `url` crate's message, most first.
    pub refusals: Vec<Refusal>,
}

/// One kind of refusal by the WHATWG parser.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Refusal {
    /// The `url` crate's message (`relative URL without a base`).
    pub message: String,
    /// Inputs refused so.
    pub inputs: u64,
}

/// Whether `e` is written `message`: compared as it is written, not copied.
#[cfg(feature = "whatwg")]
fn written_as(e: &impl std::fmt::Display, message: &str) -> bool {
    /// What is left of the message to meet.
    struct Rest<'m>(&'m str);
    impl std::fmt::Write for Rest<'_> {
        fn write_str(&mut self, s: &str) -> std::fmt::Result {
            self.0 = self.0.strip_prefix(s).ok_or(std::fmt::Error)?;
            Ok(())
        }
    }
    let mut rest = Rest(message);
    std::fmt::write(&mut rest, format_args!("{e}")).is_ok() && rest.0.is_empty()
}

/// The `url` crate has a score of messages; more in a part is a forgery.
const MAX_REFUSALS: usize = 64;

impl WhatwgCounts {
    /// Count one input (feature `whatwg`): nothing is copied but a refusal
    /// not met before.
    #[cfg(feature = "whatwg")]
    pub(super) fn add(&mut self, input: &str) {
        match crate::tools::whatwg::rewrites(input) {
            Ok(rewritten) => {
                self.valid += 1;
                self.rewritten += u64::from(rewritten);
            }
            Err(e) => {
                self.invalid += 1;
                match self
                    .refusals
                    .iter_mut()
                    .find(|r| written_as(&e, &r.message))
                {
                    Some(r) => r.inputs += 1,
                    None => self.refusals.push(Refusal {
                        message: e.to_string(),
                        inputs: 1,
                    }),
                }
            }
        }
    }

    /// Add another part's counts, in the one order.
    pub(super) fn merge(&mut self, other: &WhatwgCounts) {
        self.valid += other.valid;
        self.invalid += other.invalid;
        self.rewritten += other.rewritten;
        self.refusals.extend(other.refusals.iter().cloned());
        self.normalize();
    }

    /// Refusals of one message summed, most first, then by message.
    pub(super) fn normalize(&mut self) {
        let mut by: BTreeMap<String, u64> = BTreeMap::new();
        for r in self.refusals.drain(..) {
            *by.entry(r.message).or_default() += r.inputs;
        }
        self.refusals = by
            .into_iter()
            .map(|(message, inputs)| Refusal { message, inputs })
            .collect();
        self.refusals
            .sort_by(|a, b| b.inputs.cmp(&a.inputs).then(a.message.cmp(&b.message)));
    }

    /// The counts add up to the report's inputs.
    pub(super) fn validate(&self, inputs: u64) -> Result<(), Error> {
        let wrong = |what: String| Err(Error::Report(format!("whatwg: {what}")));
        if self.valid.checked_add(self.invalid) != Some(inputs) {
            return wrong(format!(
                "{} valid and {} invalid, where the inputs are {inputs}",
                self.valid, self.invalid
            ));
        }
        if self.rewritten > self.valid {
            return wrong(format!(
                "{} rewritten of {} valid",
                self.rewritten, self.valid
            ));
        }
        let refused = self
            .refusals
            .iter()
            .try_fold(0u64, |sum, r| sum.checked_add(r.inputs));
        if refused != Some(self.invalid) || self.refusals.len() > MAX_REFUSALS {
            return wrong(format!(
                "{} refusals that do not sum to the {} invalid inputs",
                self.refusals.len(),
                self.invalid
            ));
        }
        Ok(())
    }
}
