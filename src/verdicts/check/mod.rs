//! Conformance checking: is an input derived whole from a rule of an edition, and
//! if not, where does it stop being a prefix of any such string and what could
//! come there.
//!
//! The verdict comes from the selected engine. The diagnosis always comes from the
//! reference automaton of the printed BNF, which knows the exact point: the
//! longest prefix of the input that some valid string starts with.

use std::borrow::Cow;
use std::sync::{Arc, OnceLock};

use serde::Serialize;

use crate::edition::Edition;
use crate::engine::automaton;
use crate::error::Error;
use crate::grammar::{PrintedGrammar, peg};
use crate::knowledge::known::{self, CatchAll, KnownScheme};
use crate::verdicts::prose::{self, ProseNote};

pub(crate) mod fix;
mod many;
mod notes;
mod reading;

pub use many::{Checkers, Verdicts};
pub use reading::Reading;

/// What decides the verdict.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[serde(rename_all = "lowercase")]
pub enum Engine {
    /// The pest grammars in `grammar/*.pest`.
    Pest,
    /// The minimal DFA compiled from the printed BNF (same verdicts, proven by the
    /// exactness tests; much faster). The default.
    #[default]
    Dfa,
}

pub use crate::error::{CheckError, Expected, FOUND_END};
pub use crate::verdicts::diagnosis::diagnose;
use crate::verdicts::diagnosis::{describe, error_at, expected_words, pest_diagnosis};

/// The verdict on one input under one rule of one edition.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Verdict {
    /// The input, as given.
    pub input: String,
    /// The edition.
    #[serde(rename = "grammar")]
    pub edition: Edition,
    /// The rule, by its printed name.
    pub rule: String,
    /// Whether the rule derives the whole input.
    pub valid: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    /// Where and why not, for an invalid input.
    pub error: Option<CheckError>,
    /// Where the document's prose reads the input other than its BNF
    /// ([`prose::DISAGREEMENTS`]): scheme case, gopher's encoded tabs.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<ProseNote>,
}

/// Fail unless the edition prints (or a correction supplies) the rule.
pub(crate) fn require_rule(edition: Edition, rule: &str) -> Result<(), Error> {
    PrintedGrammar::of(edition).require(rule).map(|_| ())
}

/// Whether the rule derives the whole input, by the chosen engine.
///
/// ```
/// use urlbnf::{Edition, Engine, check};
/// assert!(check::is_valid(Edition::Rfc1738, "httpurl", "http://info.cern.ch/", Engine::Dfa)?);
/// assert!(!check::is_valid(Edition::Rfc1738, "httpurl", "http://h/~x", Engine::Pest)?);
/// # Ok::<(), urlbnf::Error>(())
/// ```
pub fn is_valid(edition: Edition, rule: &str, input: &str, engine: Engine) -> Result<bool, Error> {
    Ok(Checker::new(edition, rule, engine)?.is_valid(input))
}

/// Check one input: the verdict, and for an invalid input the diagnosis.
///
/// ```
/// use urlbnf::{Edition, Engine, check};
/// let v = check::check(Edition::Rfc1738, "httpurl", "http://h/~x", Engine::Dfa)?;
/// assert_eq!(v.error.map(|e| e.offset), Some(9));
/// # Ok::<(), urlbnf::Error>(())
/// ```
pub fn check(edition: Edition, rule: &str, input: &str, engine: Engine) -> Result<Verdict, Error> {
    Ok(Checker::new(edition, rule, engine)?.check(input))
}

/// A verdict before it is written: whether the input is valid, and whether
/// the verdict may carry a prose note.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Judgement {
    /// Whether the rule derives the input, in the checker's reading.
    pub valid: bool,
    /// Whether [`Checker::check`] would give it a prose note.
    pub noted: bool,
}

/// An automaton compiled when first used (a report that walks automata of its
/// own never compiles a checker's); `None` where it cannot be compiled, a
/// defect of the transcription that the tests rule out for every rule, and
/// then pest decides.
type Lazy = OnceLock<Option<Arc<automaton::Automaton>>>;

/// Checks many inputs against one rule of one edition: the rule is looked up
/// once, and its automaton compiled once, when first needed.
#[derive(Clone, Debug)]
pub struct Checker {
    edition: Edition,
    rule: String,
    engine: Engine,
    dfa: Lazy,
    /// Where the rule reaches a catch-all for new schemes: the catch-all, and
    /// the rule's automaton without it (the language of known schemes).
    known: Option<(&'static CatchAll, Lazy)>,
    reading: Reading,
}

impl Checker {
    /// A checker for `rule` of `edition`; an unknown rule is [`Error::UnknownRule`].
    ///
    /// ```
    /// use urlbnf::{Checker, Edition, Engine};
    /// let hostnames = Checker::new(Edition::Rfc1738, "hostname", Engine::Dfa)?;
    /// assert!(hostnames.is_valid("info.cern.ch"));
    /// assert!(Checker::new(Edition::Rfc1738, "uri", Engine::Dfa).is_err());
    /// # Ok::<(), urlbnf::Error>(())
    /// ```
    pub fn new(edition: Edition, rule: &str, engine: Engine) -> Result<Checker, Error> {
        require_rule(edition, rule)?;
        // A grammar file has no pest grammar to fall back on: a rule whose
        // automaton does not compile is its error, with its line.
        if !edition.has_transcription() {
            automaton::automaton(edition, rule)?;
        }
        let known = known::catch_all(edition)
            .filter(|c| c.applies_to(rule))
            .map(|c| (c, Lazy::new()));
        Ok(Checker {
            edition,
            rule: rule.to_string(),
            engine,
            dfa: Lazy::new(),
            known,
            reading: Reading::LETTER,
        })
    }

    /// The rule's minimal automaton.
    fn dfa(&self) -> Option<&automaton::Automaton> {
        self.dfa
            .get_or_init(|| automaton::automaton(self.edition, &self.rule).ok())
            .as_deref()
    }

    /// Whether the rule, as printed, derives `text` (already folded).
    fn letter(&self, text: &str) -> bool {
        match self.dfa() {
            Some(dfa) => dfa.table().matches(text.as_bytes()),
            None => peg::matches(self.edition, &self.rule, text).unwrap_or(false),
        }
    }

    /// A checker for the edition's whole-URL rule (`url`, or where the edition
    /// prints one, `fragmentaddress`), deciding with the automaton
    /// ([`Engine::Dfa`]; [`Checker::with_engine`] chooses another).
    ///
    /// ```
    /// use urlbnf::{Checker, Edition};
    /// assert_eq!(Checker::for_edition(Edition::Draft1993)?.rule(), "fragmentaddress");
    /// # Ok::<(), urlbnf::Error>(())
    /// ```
    pub fn for_edition(edition: Edition) -> Result<Checker, Error> {
        Checker::new(edition, edition.default_rule(), Engine::Dfa)
    }

    /// The same checker deciding with `engine`.
    ///
    /// ```
    /// use urlbnf::{Checker, Edition, Engine};
    /// let pest = Checker::for_edition(Edition::Rfc1738)?.with_engine(Engine::Pest);
    /// assert_eq!(pest.engine(), Engine::Pest);
    /// assert!(pest.is_valid("http://info.cern.ch/"));
    /// # Ok::<(), urlbnf::Error>(())
    /// ```
    pub fn with_engine(self, engine: Engine) -> Checker {
        Checker { engine, ..self }
    }

    /// Check in this reading (see [`Reading`]).
    ///
    /// ```
    /// use urlbnf::{Checker, Edition, check::Reading};
    /// let reader = Reading { known_schemes: true, fold_scheme_case: true };
    /// let c = Checker::for_edition(Edition::Rfc1738)?.reading(reader);
    /// assert!(c.is_valid("HTTP://info.cern.ch/"));
    /// assert!(!c.is_valid("http://h:abc/"));
    /// # Ok::<(), urlbnf::Error>(())
    /// ```
    pub fn reading(self, reading: Reading) -> Checker {
        self.folding_scheme_case(reading.fold_scheme_case)
            .known_schemes(reading.known_schemes)
    }

    /// The checker's reading. Folding applies where the edition's prose asks
    /// for it (RFC 1738 §2.1; its descriptor's `[fold_scheme_case]`), so it is off
    /// for the other editions whatever was asked.
    ///
    /// ```
    /// use urlbnf::{Checker, Edition};
    /// let c = Checker::for_edition(Edition::Draft1994)?.folding_scheme_case(true);
    /// assert!(!c.current_reading().fold_scheme_case);
    /// # Ok::<(), urlbnf::Error>(())
    /// ```
    pub fn current_reading(&self) -> Reading {
        self.reading
    }

    /// Check as RFC 1738 §2.1 asks programs to read a URL: upper case letters
    /// in the scheme as lower case. Only an edition whose prose asks for this
    /// and whose BNF does not already derive upper case scheme names folds
    /// (its descriptor's `[fold_scheme_case]`: `rfc1738`).
    ///
    /// ```
    /// use urlbnf::{Checker, Edition};
    /// let letter = Checker::for_edition(Edition::Rfc1738)?;
    /// assert!(!letter.is_valid("HTTP://info.cern.ch/"));
    /// assert!(letter.folding_scheme_case(true).is_valid("HTTP://info.cern.ch/"));
    /// # Ok::<(), urlbnf::Error>(())
    /// ```
    pub fn folding_scheme_case(mut self, fold: bool) -> Checker {
        self.reading.fold_scheme_case =
            fold && self.edition.descriptor().fold_scheme_case.is_some();
        self
    }

    /// Check an input of a known scheme by its scheme's own rule, leaving the
    /// catch-all to new schemes (see [`known`]). A rule
    /// that reaches no catch-all reads as printed either way.
    ///
    /// ```
    /// use urlbnf::{Checker, Edition};
    /// let letter = Checker::for_edition(Edition::Rfc1738)?;
    /// assert!(letter.is_valid("http://h:abc/")); // otherurl derives it
    /// assert!(!letter.known_schemes(true).is_valid("http://h:abc/")); // httpurl does not
    /// # Ok::<(), urlbnf::Error>(())
    /// ```
    pub fn known_schemes(mut self, on: bool) -> Checker {
        self.reading.known_schemes = on;
        self
    }

    /// The catch-all and the known scheme of `text` (already folded), if the
    /// rule reaches a catch-all and the text starts with a known scheme.
    fn known_scheme(
        &self,
        text: &str,
    ) -> Option<(
        &'static CatchAll,
        &'static KnownScheme,
        &automaton::Automaton,
    )> {
        let (c, own) = self.known.as_ref()?;
        let scheme = c.scheme_of(text)?;
        let own = own
            .get_or_init(|| automaton::automaton_of(self.edition, &self.rule, &c.form()).ok())
            .as_deref()?;
        Some((c, scheme, own))
    }

    /// The automaton that reads `text` (already folded) in this reading.
    fn automaton_for(&self, text: &str) -> Option<&automaton::Automaton> {
        match self.known_scheme(text) {
            Some((_, _, own)) if self.reading.known_schemes => Some(own),
            _ => self.dfa(),
        }
    }

    /// The text checked: the input, or with `--fold-scheme-case` its folded form.
    fn text<'i>(&self, input: &'i str) -> Cow<'i, str> {
        if self.reading.fold_scheme_case {
            prose::fold_scheme_case(input)
        } else {
            Cow::Borrowed(input)
        }
    }

    /// The edition checked against.
    ///
    /// ```
    /// use urlbnf::{Checker, Edition};
    /// assert_eq!(Checker::for_edition(Edition::Rfc1738)?.edition(), Edition::Rfc1738);
    /// # Ok::<(), urlbnf::Error>(())
    /// ```
    pub fn edition(&self) -> Edition {
        self.edition
    }

    /// The rule checked, by its printed name.
    ///
    /// ```
    /// use urlbnf::{Checker, Edition, Engine};
    /// assert_eq!(Checker::new(Edition::Rfc1738, "httpurl", Engine::Dfa)?.rule(), "httpurl");
    /// # Ok::<(), urlbnf::Error>(())
    /// ```
    pub fn rule(&self) -> &str {
        &self.rule
    }

    /// What decides the verdict.
    ///
    /// ```
    /// use urlbnf::{Checker, Edition, Engine};
    /// let pest = Checker::for_edition(Edition::Rfc1738)?.with_engine(Engine::Pest);
    /// assert_eq!(pest.engine(), Engine::Pest);
    /// # Ok::<(), urlbnf::Error>(())
    /// ```
    pub fn engine(&self) -> Engine {
        self.engine
    }

    /// Whether the rule derives the whole input, in the checker's reading.
    ///
    /// ```
    /// use urlbnf::{Checker, Edition};
    /// let rfc1738 = Checker::for_edition(Edition::Rfc1738)?;
    /// assert!(rfc1738.is_valid("ftp://ds.internic.net/rfc/rfc1738.txt"));
    /// assert!(!rfc1738.is_valid("http://www.w3.org/~timbl/"));
    /// # Ok::<(), urlbnf::Error>(())
    /// ```
    pub fn is_valid(&self, input: &str) -> bool {
        if self.reading.known_schemes {
            return self.judge(input).valid;
        }
        // The letter needs no second automaton: one walk of the rule's.
        let text = &*self.text(input);
        match self.engine {
            Engine::Dfa => self.letter(text),
            Engine::Pest => peg::matches(self.edition, &self.rule, text).unwrap_or(false),
        }
    }

    /// The verdict, and whether it carries a prose note, in one walk for most
    /// inputs: an input of a known scheme is walked by its own rule's
    /// automaton first, and by the whole rule's only if that rejects it.
    ///
    /// ```
    /// use urlbnf::{Checker, Edition};
    /// let rfc1738 = Checker::for_edition(Edition::Rfc1738)?;
    /// let j = rfc1738.judge("http://h:abc/");
    /// assert!(j.valid && j.noted); // valid by otherurl, with a note saying so
    /// # Ok::<(), urlbnf::Error>(())
    /// ```
    pub fn judge(&self, input: &str) -> Judgement {
        let text = &*self.text(input);
        let known = self.known_scheme(text);
        let (valid, parted) = match (self.engine, known) {
            (Engine::Dfa, None) => (self.letter(text), false),
            (Engine::Dfa, Some((_, _, own))) => {
                if own.matches(text) {
                    (true, false)
                } else {
                    let letter = self.letter(text);
                    (letter && !self.reading.known_schemes, letter)
                }
            }
            // pest reads the letter; the known-scheme reading can only take
            // away, and the automaton without the catch-all says what.
            (Engine::Pest, known) => {
                let letter = peg::matches(self.edition, &self.rule, text).unwrap_or(false);
                let parted = letter && known.is_some_and(|(_, _, own)| !own.matches(text));
                (letter && !(parted && self.reading.known_schemes), parted)
            }
        };
        Judgement {
            valid,
            noted: parted || self.may_note(input, valid),
        }
    }

    /// Where and why the rule does not derive the input, from the automaton.
    ///
    /// ```
    /// use urlbnf::{Checker, Edition};
    /// let rfc1738 = Checker::for_edition(Edition::Rfc1738)?;
    /// let e = rfc1738.diagnose("http://h/~x");
    /// assert_eq!((e.offset, e.found.as_str()), (9, "~"));
    /// # Ok::<(), urlbnf::Error>(())
    /// ```
    pub fn diagnose(&self, input: &str) -> CheckError {
        self.diagnosis(input).0
    }

    /// The verdict, with the diagnosis of an invalid input.
    ///
    /// ```
    /// use urlbnf::{Checker, Edition};
    /// let rfc1738 = Checker::for_edition(Edition::Rfc1738)?;
    /// let v = rfc1738.check("http://h:abc/");
    /// assert!(v.valid);
    /// assert_eq!(v.notes.first().map(|n| n.code), Some("catch-all"));
    /// # Ok::<(), urlbnf::Error>(())
    /// ```
    pub fn check(&self, input: &str) -> Verdict {
        let judged = self.judge(input);
        let (error, why) = match judged.valid {
            true => (None, None),
            false => {
                let (error, why) = self.diagnosis(input);
                (Some(error), why)
            }
        };
        let mut notes = self.notes(input, judged);
        notes.extend(why);
        Verdict {
            input: input.to_string(),
            edition: self.edition,
            rule: self.rule.clone(),
            valid: judged.valid,
            error,
            notes,
        }
    }

    /// The verdict on input given as bytes. Text that is not UTF-8 is never
    /// valid; it stops where its longest valid prefix does, which is the first
    /// ill-formed byte only when everything before it is a prefix of some
    /// valid string. The input is shown with each ill-formed sequence as
    /// U+FFFD; offsets count the characters before the stop.
    ///
    /// ```
    /// use urlbnf::{Checker, Edition};
    /// let rfc1738 = Checker::for_edition(Edition::Rfc1738)?;
    /// let v = rfc1738.check_bytes(b"http://h/\xff");
    /// assert_eq!((v.valid, v.input.as_str()), (false, "http://h/\u{fffd}"));
    /// assert_eq!(v.error.map(|e| e.offset), Some(9));
    /// # Ok::<(), urlbnf::Error>(())
    /// ```
    pub fn check_bytes(&self, input: &[u8]) -> Verdict {
        let bad = match std::str::from_utf8(input) {
            Ok(text) => return self.check(text),
            Err(e) => e.valid_up_to(),
        };
        let head = input
            .get(..bad)
            .and_then(|h| std::str::from_utf8(h).ok())
            .unwrap_or("");
        let text = &*self.text(head);
        let stop = match self.automaton_for(text) {
            Some(automaton) => automaton.stop_or_end(text),
            // No automaton: pest's furthest point in the valid prefix.
            None => {
                let error = pest_diagnosis(self.edition, &self.rule, text);
                return self.invalid_bytes(input, error);
            }
        };
        let error = if stop.byte_offset < text.len() {
            error_at(self.edition, text, &stop)
        } else {
            let expected = describe(self.edition, &stop);
            let byte = input.get(bad).copied().unwrap_or(0);
            CheckError {
                offset: stop.offset,
                byte_offset: bad,
                message: format!(
                    "expected {}; found byte 0x{byte:02X}, which is not UTF-8",
                    expected_words(&expected)
                ),
                expected,
                // The verdict's input shows the byte as U+FFFD.
                found: char::REPLACEMENT_CHARACTER.to_string(),
                fix: None,
            }
        };
        self.invalid_bytes(input, error)
    }

    fn invalid_bytes(&self, input: &[u8], error: CheckError) -> Verdict {
        Verdict {
            input: String::from_utf8_lossy(input).into_owned(),
            edition: self.edition,
            rule: self.rule.clone(),
            valid: false,
            error: Some(error),
            notes: Vec::new(),
        }
    }
}
