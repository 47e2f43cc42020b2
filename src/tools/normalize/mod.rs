//! A URL brought to a level of its edition's comparison before strings are
//! compared: RFC 3986 §6.2's ladder (simple string comparison §6.2.1,
//! syntax-based §6.2.2, scheme-based §6.2.3), or for the editions before it
//! RFC 1630's encoding level ("Encoding reserved characters"). Which reading
//! an edition has comes from [`crate::meaning`]. An input that is not a URL
//! of the edition is refused with where it stops, never compared.

use serde::Serialize;

use crate::edition::Edition;
use crate::knowledge::encoding;
use crate::knowledge::meaning::{Comparison, Level, meaning};
use crate::tools::resolve::Note;
use crate::verdicts::check::{CheckError, Checker, Engine};

mod ladder;
#[cfg(feature = "cli")]
mod one_pass;
use ladder::ladder;
#[cfg(feature = "cli")]
use std::sync::{Arc, OnceLock};

#[cfg(feature = "cli")]
use crate::engine::meta::{Door, Target};
#[cfg(feature = "cli")]
use crate::tools::resolve::no_dots::{self, LineFound, Shapes};

/// A line whose normal form is its own length, written where it lies in a
/// copy of the input ([`Normalizer::in_place`]).
#[cfg(feature = "cli")]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum InPlace {
    /// Its own normal form.
    AsItIs,
    /// Its normal form once its scheme and authority are lowered
    /// ([`one_pass::lower_run`]).
    Lowered,
    /// Its normal form once its scheme and authority are lowered and its
    /// escapes' digits put in upper case ([`one_pass::lower_in_place`]).
    Escapes,
}

#[cfg(feature = "cli")]
impl InPlace {
    /// `uri`, a copy of the line, made its normal form where it lies.
    pub(crate) fn write(self, uri: &mut [u8]) {
        match self {
            InPlace::AsItIs => {}
            InPlace::Lowered => one_pass::lower_run(uri),
            InPlace::Escapes => one_pass::lower_in_place(uri),
        }
    }
}

/// One URL at a level.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Normalized {
    /// The URL, as given.
    pub input: String,
    /// The URL at the level: what is compared (absent where it is refused).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub normalized: Option<String>,
    /// Why it is refused: where it stops being a URL of the edition, or
    /// (RFC 1630, Example 3) each malformed escape.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub errors: Vec<CheckError>,
    /// What the caller should know: each default the scheme-based level
    /// applied, with where it comes from; where the letter surprises.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<Note>,
}

/// Brings URLs of one edition to one level: the edition's checker is built
/// once.
#[derive(Clone, Debug)]
pub struct Normalizer {
    edition: Edition,
    level: Level,
    comparison: Comparison,
    checker: Option<Checker>,
    /// The checker's table and the shapes' of [`Normalizer::line_ends`]
    /// walked as one, made for the first piece of lines.
    #[cfg(feature = "cli")]
    lines: Arc<OnceLock<Door>>,
}

impl Normalizer {
    /// A normalizer for `edition` at `level`; a level the edition's comparison
    /// does not have is an error naming those it has.
    ///
    /// ```
    /// use urlbnf::{Edition, meaning::Level, normalize::Normalizer};
    /// let n = Normalizer::new(Edition::Rfc3986, Level::Syntax)?;
    /// assert_eq!(n.normalize("HTTP://www.EXAMPLE.com/").normalized.as_deref(), Some("http://www.example.com/"));
    /// assert!(Normalizer::new(Edition::Rfc1738, Level::Scheme).is_err());
    /// # Ok::<(), String>(())
    /// ```
    pub fn new(edition: Edition, level: Level) -> Result<Normalizer, String> {
        let m = meaning(edition);
        if !m.levels().contains(&level) {
            let ids: Vec<&str> = m.levels().iter().map(|l| l.id()).collect();
            return Err(format!(
                "{edition} has no {} level: its comparison is {} ({}), with the levels {}",
                level.id(),
                reading_name(m.comparison),
                m.comparison_source,
                ids.join(", ")
            ));
        }
        let rule = m.compared_rule.unwrap_or(edition.default_rule());
        let checker = Checker::new(edition, rule, Engine::Dfa).ok();
        Ok(Normalizer {
            edition,
            level,
            comparison: m.comparison,
            checker,
            #[cfg(feature = "cli")]
            lines: Arc::default(),
        })
    }

    /// Which document the reading comes from, and the level's section.
    ///
    /// ```
    /// use urlbnf::{Edition, meaning::Level, normalize::Normalizer};
    /// let n = Normalizer::new(Edition::Rfc3986, Level::Scheme).unwrap();
    /// assert_eq!(n.reading(), "RFC 3986 §6.2.3, scheme-based normalization, after §6.2.2");
    /// ```
    pub fn reading(&self) -> String {
        let m = meaning(self.edition);
        match (m.comparison, self.level) {
            (Comparison::Ladder, Level::String) => {
                format!("{} §6.2.1, simple string comparison", m.comparison_source)
            }
            (Comparison::Ladder, Level::Scheme) => format!(
                "{}.3, scheme-based normalization, after §6.2.2",
                m.comparison_source
            ),
            (Comparison::Ladder, _) => format!(
                "{}.2, syntax-based normalization: case, percent-encoding, dot segments",
                m.comparison_source
            ),
            (Comparison::EncodingLevel, Level::String) => {
                format!("character for character ({})", m.comparison_source)
            }
            (Comparison::EncodingLevel, _) => format!(
                "{}: the same encoding level, with {}'s reserved and unreserved characters",
                m.comparison_source, self.edition
            ),
        }
    }

    /// The edition.
    ///
    /// ```
    /// use urlbnf::{Edition, meaning::Level, normalize::Normalizer};
    /// assert_eq!(Normalizer::new(Edition::Rfc1738, Level::Encoding).unwrap().edition(), Edition::Rfc1738);
    /// ```
    pub fn edition(&self) -> Edition {
        self.edition
    }

    /// The level.
    ///
    /// ```
    /// use urlbnf::{Edition, meaning::Level, normalize::Normalizer};
    /// assert_eq!(Normalizer::new(Edition::Rfc3986, Level::String).unwrap().level(), Level::String);
    /// ```
    pub fn level(&self) -> Level {
        self.level
    }

    /// `input` at the level, or why it is refused.
    ///
    /// ```
    /// use urlbnf::{Edition, meaning::Level, normalize::Normalizer};
    /// let n = Normalizer::new(Edition::Rfc3986, Level::Scheme).unwrap();
    /// assert_eq!(n.normalize("http://example.com:80").normalized.as_deref(), Some("http://example.com/"));
    /// assert_eq!(n.normalize("http://a b/").errors[0].offset, 8);
    /// ```
    pub fn normalize(&self, input: &str) -> Normalized {
        let mut out = Normalized {
            input: input.to_string(),
            normalized: None,
            errors: Vec::new(),
            notes: Vec::new(),
        };
        if let Some(checker) = &self.checker
            && !checker.is_valid(input)
        {
            out.errors.push(checker.diagnose(input));
            return out;
        }
        let mut normal = String::new();
        match self.normalize_valid(input, &mut normal, &mut out.notes) {
            Ok(()) => out.normalized = Some(normal),
            Err(errors) => out.errors = errors,
        }
        out
    }

    /// Whether each input is a URL of the edition (what
    /// [`Normalizer::normalize`] checks first), eight walked side by side;
    /// one that is not UTF-8 is not.
    #[cfg(feature = "cli")]
    pub(crate) fn valid_inputs(&self, inputs: &[&[u8]]) -> Vec<bool> {
        match &self.checker {
            Some(checker) => checker.valid_each(inputs),
            None => inputs
                .iter()
                .map(|i| std::str::from_utf8(i).is_ok())
                .collect(),
        }
    }

    /// [`Normalizer::valid_inputs`] of the lines of a piece of text, in
    /// order, with where each ends (see `Checker::valid_line_ends`), where
    /// the checker reads lines as printed: the piece walked whole, line ends
    /// and all. At the syntax level of the ladder, the walk also says which
    /// lines have no dot segment and no userinfo ([`one_pass::NO_DOTS`]),
    /// which of those keep every escape ([`one_pass::KeptEscapes`]), which
    /// of those have none ([`one_pass::NO_ESCAPES`]) and which are their own
    /// normal form ([`one_pass::AS_THEY_ARE`]): their tables walked in one
    /// product with the checker's.
    #[cfg(feature = "cli")]
    pub(crate) fn line_ends(&self, piece: &[u8]) -> Option<Vec<(usize, LineFound)>> {
        let shapes = || {
            vec![
                Target::dfa(&one_pass::NO_DOTS),
                Target::dfa(&one_pass::KeptEscapes),
                Target::dfa(&one_pass::NO_ESCAPES),
                Target::dfa(&one_pass::AS_THEY_ARE),
            ]
        };
        let shapes = self.one_pass().then_some::<Shapes>((&shapes, &*self.lines));
        no_dots::line_ends(self.checker.as_ref()?, shapes, piece)
    }

    /// Whether a line of [`one_pass::NO_DOTS`] is written in one pass: at the
    /// syntax level of the ladder (§6.2.2), where nothing but case and
    /// escapes changes in it.
    #[cfg(feature = "cli")]
    fn one_pass(&self) -> bool {
        (self.comparison, self.level) == (Comparison::Ladder, Level::Syntax)
    }

    /// How [`Normalizer::line_ends`] found a line may be written: as it is,
    /// in lower case where it lies, or that and its escapes' digits in upper
    /// case; `None` for any other line.
    #[cfg(feature = "cli")]
    pub(crate) fn in_place(&self, walked: LineFound) -> Option<InPlace> {
        match walked.shapes.filter(|_| walked.valid && self.one_pass())? {
            4.. => Some(InPlace::AsItIs),
            3 => Some(InPlace::Lowered),
            2 => Some(InPlace::Escapes),
            _ => None,
        }
    }

    /// [`Normalizer::normalize_valid_bytes`] of a line the walk of
    /// [`Normalizer::line_ends`] found valid (`walked`: what else it found).
    #[cfg(feature = "cli")]
    pub(crate) fn normalize_line(
        &self,
        line: &[u8],
        walked: LineFound,
        to: &mut Vec<u8>,
        notes: &mut Vec<Note>,
    ) -> Result<(), Vec<CheckError>> {
        // Its own normal form, or in the first shape (no dot segment).
        let valid = LineFound {
            valid: true,
            ..walked
        };
        match self.in_place(valid) {
            Some(InPlace::AsItIs) => to.extend_from_slice(line),
            _ if self.one_pass() && walked.in_shapes(1) == Some(true) => {
                one_pass::no_dots(line, to)
            }
            _ => return self.normalize_valid_bytes(line, to, notes),
        }
        Ok(())
    }

    /// Whether every input [`Normalizer::valid_inputs`] finds valid is
    /// printable ASCII, as the edition's grammar proves (RFC 3986's does):
    /// no such input is then looked at for characters a terminal must not get.
    #[cfg(feature = "cli")]
    pub(crate) fn valid_are_printable(&self) -> bool {
        self.checker
            .as_ref()
            .is_some_and(Checker::derives_only_printable)
    }

    /// [`Normalizer::normalize`] of an input [`Normalizer::valid_inputs`]
    /// found valid: the normalized URL added to `to`, its notes to `notes`,
    /// or (RFC 1630, Example 3) its malformed escapes.
    fn normalize_valid(
        &self,
        input: &str,
        to: &mut String,
        notes: &mut Vec<Note>,
    ) -> Result<(), Vec<CheckError>> {
        let mut bytes = std::mem::take(to).into_bytes();
        let done = self.normalize_valid_bytes(input.as_bytes(), &mut bytes, notes);
        // Every step copies characters whole or puts ASCII for ASCII: text
        // in, text out.
        *to = String::from_utf8(bytes)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
        done
    }

    /// [`Normalizer::normalize_valid`] of a line of bytes (the command's
    /// input): the ladder works on bytes, so a line needs no UTF-8 check;
    /// the encoding level reads text, and refuses a line that is not
    /// (with no error of its own: the caller reads it again as any input).
    pub(crate) fn normalize_valid_bytes(
        &self,
        input: &[u8],
        to: &mut Vec<u8>,
        notes: &mut Vec<Note>,
    ) -> Result<(), Vec<CheckError>> {
        match (self.comparison, self.level) {
            (_, Level::String) => to.extend_from_slice(input),
            (Comparison::EncodingLevel, _) => {
                let text = std::str::from_utf8(input).map_err(|_| Vec::new())?;
                to.extend_from_slice(encoding::canonical(self.edition, text)?.as_bytes())
            }
            (Comparison::Ladder, level) => ladder(input, level == Level::Scheme, notes, to),
        }
        Ok(())
    }
}

impl Normalizer {
    /// [`Normalizer::normalize`] for input given as bytes: text that is not
    /// UTF-8 is refused where it stops (shown with U+FFFD for each bad byte).
    ///
    /// ```
    /// use urlbnf::{Edition, meaning::Level, normalize::Normalizer};
    /// let n = Normalizer::new(Edition::Rfc3986, Level::Syntax).unwrap();
    /// assert_eq!(n.normalize_bytes(b"http://a/\xff").errors[0].offset, 9);
    /// ```
    pub fn normalize_bytes(&self, input: &[u8]) -> Normalized {
        match (std::str::from_utf8(input), &self.checker) {
            (Ok(text), _) => self.normalize(text),
            (Err(_), checker) => {
                let shown = String::from_utf8_lossy(input).into_owned();
                let error = checker.as_ref().and_then(|c| c.check_bytes(input).error);
                Normalized {
                    input: shown,
                    normalized: None,
                    errors: error.into_iter().collect(),
                    notes: Vec::new(),
                }
            }
        }
    }
}

fn reading_name(c: Comparison) -> &'static str {
    match c {
        Comparison::EncodingLevel => "the encoding level",
        Comparison::Ladder => "the comparison ladder",
    }
}

/// `input` under `edition` at `level` (see [`Normalizer`]).
///
/// ```
/// use urlbnf::{Edition, meaning::Level, normalize::normalize};
/// // RFC 3986 §6.2.2's example.
/// let n = normalize(Edition::Rfc3986, Level::Syntax, "eXAMPLE://a/./b/../b/%63/%7bfoo%7d")?;
/// assert_eq!(n.normalized.as_deref(), Some("example://a/b/c/%7Bfoo%7D"));
/// # Ok::<(), String>(())
/// ```
pub fn normalize(edition: Edition, level: Level, input: &str) -> Result<Normalized, String> {
    Ok(Normalizer::new(edition, level)?.normalize(input))
}
