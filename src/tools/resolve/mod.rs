//! Partial (relative) forms: a reference read in the context of a base URL.
//!
//! Rule sets, each implemented as its document states it:
//! - RFC 3986 §5.2, the standard in force (the default), [`Rules::Rfc3986`];
//! - RFC 1630, "Partial (relative) form";
//! - draft-1993, "Partial form";
//!
//! and two readings: what the reference implementation of 1993 did, CERN
//! libwww 2.11's `HTParse(name, related, PARSE_ALL)` ([`Rules::Libwww1993`]),
//! and what a browser does today, the WHATWG URL Standard through the `url`
//! crate (`Rules::Whatwg`, feature `whatwg`).
//!
//! RFC 1630 and the draft resolve against the context's URI without its
//! fragment (RFC 1630: `fragmentaddress uri [ # fragmentid ]`), and replace the
//! last part of its path, of which the search is not a part. RFC 3986 parses
//! the base and the reference into five components (§5.2.1, Appendix B) and
//! transforms them (§5.2.2).
//!
//! Where a rule does not say what to do, or its letter surprises, the result
//! says what urlbnf did, in a [`Note`]; nothing loops or panics on any input.

use std::fmt;
#[cfg(feature = "cli")]
use std::sync::{Arc, OnceLock};

use serde::Serialize;

use crate::edition::Edition;
#[cfg(feature = "cli")]
use crate::engine::meta::Door;
use crate::verdicts::check::{CheckError, Checker, Engine};

pub(crate) mod components;
mod dots;
mod early;
mod libwww;
mod many;
#[cfg(feature = "cli")]
pub(crate) use many::Target;
#[cfg(feature = "cli")]
pub(crate) mod no_dots;
pub(crate) mod rfc3986;
#[cfg(feature = "whatwg")]
pub mod whatwg;

/// Whose rules to apply.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Rules {
    /// RFC 3986 (STD 66), January 2005, §5.2: the standard in force.
    #[default]
    #[cfg_attr(feature = "cli", value(name = "rfc3986"))]
    #[serde(rename = "rfc3986")]
    Rfc3986,
    /// RFC 1630, June 1994.
    #[cfg_attr(feature = "cli", value(name = "rfc1630"))]
    #[serde(rename = "rfc1630")]
    Rfc1630,
    /// The URL Internet-Draft of 14 July 1993.
    #[cfg_attr(feature = "cli", value(name = "draft-1993"))]
    #[serde(rename = "draft-1993")]
    Draft1993,
    /// What CERN libwww 2.11 (1993), the reference implementation of the time,
    /// did: `HTParse(name, related, PARSE_ALL)`.
    #[cfg_attr(feature = "cli", value(name = "libwww-1993"))]
    #[serde(rename = "libwww-1993")]
    Libwww1993,
    /// The WHATWG URL Standard's basic URL parser given a base, as the `url`
    /// crate implements it (`Url::join`): a reading, not an edition.
    #[cfg(feature = "whatwg")]
    #[cfg_attr(feature = "cli", value(name = "whatwg"))]
    #[serde(rename = "whatwg")]
    Whatwg,
}

impl Rules {
    /// Every rule set, oldest document first, then the readings.
    pub const ALL: &'static [Rules] = &[
        Rules::Draft1993,
        Rules::Rfc1630,
        Rules::Libwww1993,
        Rules::Rfc3986,
        #[cfg(feature = "whatwg")]
        Rules::Whatwg,
    ];

    /// The id, as `--rules` takes it.
    ///
    /// ```
    /// use urlbnf::resolve::Rules;
    /// assert_eq!(Rules::Libwww1993.id(), "libwww-1993");
    /// assert_eq!(Rules::default().id(), "rfc3986");
    /// ```
    pub fn id(self) -> &'static str {
        match self {
            Rules::Rfc3986 => "rfc3986",
            Rules::Rfc1630 => "rfc1630",
            Rules::Draft1993 => "draft-1993",
            Rules::Libwww1993 => "libwww-1993",
            #[cfg(feature = "whatwg")]
            Rules::Whatwg => "whatwg",
        }
    }
}

/// Something the caller should know about a resolution.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Note {
    /// A stable identifier.
    pub code: &'static str,
    /// The note in words.
    pub message: String,
}

/// The full form of a partial one, and how it was reached.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Resolution {
    /// Whose rules gave it.
    pub rules: Rules,
    /// The full URL that is the context.
    pub context: String,
    /// The partial form.
    pub partial: String,
    /// The full form (empty where the reading fails: see `failure`).
    pub result: String,
    /// Why there is no result: the reading fails on this pair (the WHATWG
    /// parser's failure), or the base is refused.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub failure: Option<String>,
    /// Where the reference stops being an RFC 3986 URI-reference (§4.1),
    /// under `rfc3986` rules: it was resolved by Appendix B's split, which
    /// every string has.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reference_error: Option<CheckError>,
    /// Which step of the rules applied (`absolute`, `slashes`, `relative`,
    /// `host`, `absolute-path`, `empty-path`; `failure` where there is no
    /// result).
    pub step: &'static str,
    /// Each step, in words: what the rule did and what it gave.
    pub steps: Vec<String>,
    /// What the caller should know.
    pub notes: Vec<Note>,
}

impl fmt::Display for Resolution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.result)
    }
}

/// RFC 1630: "A partial form can be distinguished from an absolute form in that the
/// latter must have a colon and that colon must occur before any slash characters."
///
/// ```
/// use urlbnf::resolve;
/// assert!(resolve::is_absolute("g:h"));
/// assert!(!resolve::is_absolute("a/b:c"));
/// ```
pub fn is_absolute(s: &str) -> bool {
    match (s.find(':'), s.find('/')) {
        (Some(colon), Some(slash)) => colon < slash,
        (Some(_), None) => true,
        _ => false,
    }
}

/// Why a base cannot be resolved against.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct BaseError {
    /// The rules that refuse it.
    pub rules: Rules,
    /// The base, as given.
    pub base: String,
    /// Why, in words.
    pub message: String,
    /// Where it stops being what the rules need, where a grammar says.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<Box<CheckError>>,
}

impl fmt::Display for BaseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for BaseError {}

/// The base, as each rule set reads it.
#[derive(Clone, Debug)]
enum Base {
    /// RFC 1630, the draft, libwww: the context as given.
    Early,
    /// RFC 3986: the base without its fragment (§5.1), where its components
    /// are, and the checker of the references.
    Rfc3986 {
        base: String,
        cuts: components::Cuts,
        references: Checker,
        /// The references' table and [`many::OWN_TARGET`]'s walked as one,
        /// made for the first piece of lines.
        #[cfg(feature = "cli")]
        lines: Arc<OnceLock<Door>>,
    },
    #[cfg(feature = "whatwg")]
    Whatwg(url::Url),
}

/// References resolved against one base by one rule set: the base is read
/// (and refused where the rules refuse it) once.
///
/// ```
/// use urlbnf::resolve::{Resolver, Rules};
/// let r = Resolver::new(Rules::Rfc3986, "http://a/b/c/d;p?q")?;
/// assert_eq!(r.resolve("../g").result, "http://a/b/g");
/// assert_eq!(r.resolve("?y").result, "http://a/b/c/d;p?y");
/// assert_eq!(r.clone().strict(false).resolve("http:g").result, "http://a/b/c/g");
/// assert!(Resolver::new(Rules::Rfc3986, "/no/scheme").is_err());
/// # Ok::<(), urlbnf::resolve::BaseError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Resolver {
    rules: Rules,
    context: String,
    strict: bool,
    steps: bool,
    base: Base,
    base_notes: Vec<Note>,
}

impl Resolver {
    /// A resolver against `base`. RFC 3986 refuses a base that is not a URI
    /// (§5.1: "A base URI must conform to the \<absolute-URI\> syntax rule"),
    /// with where it stops, and strips a fragment with a note; the WHATWG
    /// reading refuses what its parser fails on; the early rules need a scheme.
    ///
    /// ```
    /// use urlbnf::resolve::{Resolver, Rules};
    /// let e = Resolver::new(Rules::Rfc3986, "http://a b/").unwrap_err();
    /// assert_eq!(e.error.map(|e| e.offset), Some(8));
    /// assert!(Resolver::new(Rules::Rfc1630, "magic://a/b").is_ok());
    /// ```
    pub fn new(rules: Rules, base: &str) -> Result<Resolver, BaseError> {
        let refuse = |message: String, error: Option<CheckError>| BaseError {
            rules,
            base: base.to_string(),
            message,
            error: error.map(Box::new),
        };
        let mut base_notes = Vec::new();
        let read = match rules {
            Rules::Rfc3986 => {
                let uri = Checker::new(Edition::Rfc3986, "URI", Engine::Dfa)
                    .map_err(|e| refuse(e.to_string(), None))?;
                if !uri.is_valid(base) {
                    let e = uri.diagnose(base);
                    return Err(refuse(
                        format!(
                            "the base {base:?} is no absolute URI (RFC 3986 §5.1: \"A base URI \
                             must conform to the <absolute-URI> syntax rule\"): as URI it stops \
                             {e}"
                        ),
                        Some(e),
                    ));
                }
                let stripped = match base.split_once('#') {
                    Some((uri, fragment)) => {
                        base_notes.push(Note {
                            code: "base-fragment-stripped",
                            message: format!(
                                "the base's fragment \"#{fragment}\" is stripped: a base URI is \
                                 stripped of any fragment component prior to its use (§5.1)"
                            ),
                        });
                        uri
                    }
                    None => base,
                };
                let references = Checker::new(Edition::Rfc3986, "URI-reference", Engine::Dfa)
                    .map_err(|e| refuse(e.to_string(), None))?;
                Base::Rfc3986 {
                    base: stripped.to_string(),
                    cuts: components::cut(stripped.as_bytes()),
                    references,
                    #[cfg(feature = "cli")]
                    lines: Default::default(),
                }
            }
            #[cfg(feature = "whatwg")]
            Rules::Whatwg => Base::Whatwg(url::Url::parse(base).map_err(|e| {
                refuse(
                    format!(
                        "the WHATWG URL Standard's parser (the url crate) fails on the base \
                         {base:?}: {e}"
                    ),
                    None,
                )
            })?),
            _ if !early::has_scheme(base) => {
                return Err(refuse(
                    format!(
                        "the context {base:?} is no full URL: it has no scheme (such as http: \
                         before the rest); a partial form is resolved against a full URL"
                    ),
                    None,
                ));
            }
            _ => Base::Early,
        };
        Ok(Resolver {
            rules,
            context: base.to_string(),
            strict: true,
            steps: true,
            base: read,
            base_notes,
        })
    }

    /// RFC 3986 §5.2.2's strictness (the default): not strict, a reference's
    /// scheme identical to the base's is ignored (§5.4.2's backward-compatible
    /// `http:g`). The other rules have no such choice.
    ///
    /// ```
    /// use urlbnf::resolve::{Resolver, Rules};
    /// let r = Resolver::new(Rules::Rfc3986, "http://a/b/c/d;p?q")?;
    /// assert_eq!(r.resolve("http:g").result, "http:g");
    /// assert_eq!(r.strict(false).resolve("http:g").result, "http://a/b/c/g");
    /// # Ok::<(), urlbnf::resolve::BaseError>(())
    /// ```
    pub fn strict(mut self, strict: bool) -> Resolver {
        self.strict = strict;
        self
    }

    /// Whether each resolution says its steps in words (the default); many
    /// references resolved for their results alone go faster without.
    ///
    /// ```
    /// use urlbnf::resolve::{Resolver, Rules};
    /// let r = Resolver::new(Rules::Rfc3986, "http://a/b")?.with_steps(false);
    /// assert!(r.resolve("c").steps.is_empty());
    /// # Ok::<(), urlbnf::resolve::BaseError>(())
    /// ```
    pub fn with_steps(mut self, steps: bool) -> Resolver {
        self.steps = steps;
        self
    }

    /// The rule set.
    ///
    /// ```
    /// use urlbnf::resolve::{Resolver, Rules};
    /// assert_eq!(Resolver::new(Rules::Draft1993, "http://a/b")?.rules(), Rules::Draft1993);
    /// # Ok::<(), urlbnf::resolve::BaseError>(())
    /// ```
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// What the caller should know about the base itself (also among each
    /// resolution's notes).
    ///
    /// ```
    /// use urlbnf::resolve::{Resolver, Rules};
    /// let r = Resolver::new(Rules::Rfc3986, "http://a/b#f")?;
    /// assert_eq!(r.base_notes()[0].code, "base-fragment-stripped");
    /// # Ok::<(), urlbnf::resolve::BaseError>(())
    /// ```
    pub fn base_notes(&self) -> &[Note] {
        &self.base_notes
    }

    /// The target of `reference`.
    ///
    /// ```
    /// use urlbnf::resolve::{Resolver, Rules};
    /// let r = Resolver::new(Rules::Rfc3986, "http://a/b/c/d;p?q")?;
    /// assert_eq!(r.resolve("g;x=1/../y").result, "http://a/b/c/y");
    /// # Ok::<(), urlbnf::resolve::BaseError>(())
    /// ```
    pub fn resolve(&self, reference: &str) -> Resolution {
        let mut notes = self.base_notes.clone();
        let mut steps = Vec::new();
        #[cfg_attr(not(feature = "whatwg"), allow(unused_mut))]
        let mut failure = None;
        let mut reference_error = None;
        let (step, result) = match &self.base {
            Base::Rfc3986 {
                base,
                cuts,
                references,
                ..
            } => {
                if !references.is_valid(reference) {
                    let e = references.diagnose(reference);
                    notes.push(Note {
                        code: "not-a-uri-reference",
                        message: format!(
                            "{reference:?} is no URI-reference (RFC 3986 §4.1): it stops {e}; \
                             §5.2.2 parses a URI-reference, and this one was split by Appendix \
                             B's expression, which every string matches"
                        ),
                    });
                    reference_error = Some(e);
                }
                let parts = components::parts(base, *cuts);
                let trace = rfc3986::Trace(self.steps.then_some(&mut steps));
                let mut result = String::new();
                let step = rfc3986::transform(
                    &parts,
                    reference,
                    self.strict,
                    &mut notes,
                    trace,
                    &mut result,
                );
                (step, result)
            }
            #[cfg(feature = "whatwg")]
            Base::Whatwg(base) => match whatwg::join(base, reference, &mut notes, &mut steps) {
                Ok(result) => ("whatwg", result),
                Err(e) => {
                    failure = Some(e);
                    ("failure", String::new())
                }
            },
            Base::Early if self.rules == Rules::Libwww1993 => {
                libwww::resolve(&self.context, reference, &mut notes, &mut steps)
            }
            Base::Early => {
                early::resolve(self.rules, &self.context, reference, &mut notes, &mut steps)
            }
        };
        notes.extend(self.printed_example(reference));
        if !self.steps {
            steps.clear();
        }
        Resolution {
            rules: self.rules,
            context: self.context.clone(),
            partial: reference.to_string(),
            result,
            failure,
            reference_error,
            step,
            steps,
            notes,
        }
    }
}

/// Resolve `partial` in the context of `context`: [`Resolver::new`] then
/// [`Resolver::resolve`], or, where the base is refused, a resolution with
/// no result whose `failure` says why.
///
/// ```
/// use urlbnf::resolve::{Rules, resolve};
///
/// // RFC 1630's examples, in the context of magic://a/b/c//d/e/f.
/// assert_eq!(resolve(Rules::Rfc1630, "magic://a/b/c//d/e/f", "../g").result, "magic://a/b/c//d/g");
/// assert_eq!(resolve(Rules::Rfc1630, "magic://a/b/c//d/e/f", "//g").result, "magic://g");
/// // RFC 3986 §5.4.1.
/// assert_eq!(resolve(Rules::Rfc3986, "http://a/b/c/d;p?q", "g;x?y#s").result, "http://a/b/c/g;x?y#s");
/// ```
pub fn resolve(rules: Rules, context: &str, partial: &str) -> Resolution {
    match Resolver::new(rules, context) {
        Ok(r) => r.resolve(partial),
        Err(e) => Resolution {
            rules,
            context: context.to_string(),
            partial: partial.to_string(),
            result: String::new(),
            failure: Some(e.message),
            reference_error: None,
            step: "failure",
            steps: Vec::new(),
            notes: Vec::new(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn absolute_forms_have_a_colon_before_any_slash() {
        assert!(is_absolute("g:h"));
        assert!(is_absolute("magic://a"));
        assert!(!is_absolute("a/b:c"));
        assert!(!is_absolute("../g"));
    }
}
