//! The library's one error type: every fallible call returns [`Error`], so a
//! caller matches one enum. An input that a rule does not derive is not an error
//! of the call; it is a [`Verdict`](crate::Verdict) with a diagnosis, and only
//! [`parse`](crate::ast::parse), which promises an AST, returns it as
//! [`Error::Invalid`].

use std::fmt;
use std::path::PathBuf;

use serde::Serialize;

use crate::edition::{Edition, UnknownEdition};

/// What went wrong, with where.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// An edition id that names no edition.
    UnknownEdition {
        /// The id given.
        id: String,
    },
    /// A rule name the edition does not print (nor a correction supply).
    UnknownRule {
        /// The edition asked.
        edition: Edition,
        /// The name given.
        rule: String,
    },
    /// The rule exists but names no URL or scheme production, so it has no AST
    /// (`parse --rule hostname`).
    NotAUrlRule {
        /// The edition asked.
        edition: Edition,
        /// The rule given.
        rule: String,
    },
    /// The input is not derived from the rule: where it stops and what could
    /// come there.
    Invalid(CheckError),
    /// A `%` not followed by two hexadecimal digits, at this byte offset.
    MalformedEscape {
        /// Byte offset of the `%` in the input.
        offset: usize,
    },
    /// A defect in urlbnf's own transcription of a printed grammar, never in
    /// the caller's input: reported as such so it is never mistaken for the
    /// caller's mistake.
    Transcription {
        /// The edition whose transcription or rule is at fault.
        edition: Edition,
        /// The rule, where one is at fault.
        rule: Option<String>,
        /// What is wrong.
        message: String,
    },
    /// A defect in a grammar file read at run time (a user's grammar): a rule
    /// it uses and does not define, a rule that recurses other than in its
    /// own tail, one whose automaton passes urlbnf's bounds; with its line.
    Grammar {
        /// The file, as given.
        file: String,
        /// The line the defect is at.
        line: usize,
        /// The column, in characters from 1 (0: the line as a whole).
        column: usize,
        /// The rule at fault, where one is.
        rule: Option<String>,
        /// What is wrong.
        message: String,
    },
    /// The edition is a grammar read at run time: it has no transcription, so
    /// nothing that needs one (pest, the AST) serves it.
    NoTranscription {
        /// The grammar.
        edition: Edition,
        /// What it lacks.
        what: &'static str,
    },
    /// Working on the input would need more memory than urlbnf allows an input
    /// of its length; the verdict (`check`) is still available.
    TooLarge {
        /// What would need the memory.
        what: &'static str,
        /// About how many bytes it would need.
        needed: usize,
        /// How many bytes are allowed.
        allowed: usize,
    },
    /// A report that cannot be merged or made (a different format, different
    /// editions), with the reason.
    Report(String),
    /// A file or folder urlbnf will not write over: one of the run's inputs,
    /// or something urlbnf did not write (without `--force`); the reason
    /// says what to do instead.
    Refused {
        /// The file or folder.
        path: PathBuf,
        /// Why, and what to do instead.
        reason: String,
    },
    /// A parser under test (`conform`'s peer) failed: it could not be run,
    /// died, hung, or printed what it should not; what, with the input.
    Peer(String),
    /// Reading or writing a file failed.
    Io {
        /// The file or directory.
        path: PathBuf,
        /// What kind of failure the system reported.
        kind: std::io::ErrorKind,
        /// The system's message.
        message: String,
    },
}

impl Error {
    /// An I/O failure at `path`, keeping the system's kind and message (so the
    /// error stays comparable and cloneable).
    #[cfg_attr(not(any(feature = "book", feature = "cli")), allow(dead_code))]
    pub(crate) fn io(path: &std::path::Path, e: &std::io::Error) -> Error {
        Error::Io {
            path: path.to_path_buf(),
            kind: e.kind(),
            message: e.to_string(),
        }
    }

    /// The error for a rule name `edition` does not have.
    pub(crate) fn unknown_rule(edition: Edition, rule: &str) -> Error {
        Error::UnknownRule {
            edition,
            rule: rule.to_string(),
        }
    }
}

impl From<UnknownEdition> for Error {
    fn from(e: UnknownEdition) -> Error {
        Error::UnknownEdition { id: e.id }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::UnknownEdition { id } => UnknownEdition { id: id.clone() }.fmt(f),
            // The bottom layer knows no grammar: the command names the
            // closest rules.
            Error::UnknownRule { edition, rule } => {
                write!(f, "{edition} prints no rule '{rule}'")
            }
            Error::NotAUrlRule { rule, .. } => write!(f, "'{rule}' is not a URL or scheme rule"),
            Error::Invalid(e) => e.fmt(f),
            Error::MalformedEscape { offset } => write!(f, "malformed escape at byte {offset}"),
            Error::Transcription {
                edition,
                rule,
                message,
            } => match rule {
                Some(r) => write!(
                    f,
                    "defect in urlbnf's {edition} grammar, rule '{r}': {message}"
                ),
                None => write!(f, "defect in urlbnf's {edition} grammar: {message}"),
            },
            Error::Grammar {
                file,
                line,
                column,
                rule,
                message,
            } => {
                write!(f, "{file} line {line}")?;
                if *column > 0 {
                    write!(f, ", column {column}")?;
                }
                match rule {
                    Some(r) => write!(f, ", rule '{r}': {message}"),
                    None => write!(f, ": {message}"),
                }
            }
            Error::NoTranscription { edition, what } => write!(
                f,
                "{edition} is a grammar file, with no transcription: {what} needs one, which \
                 only the editions under grammar/ have (check, report, diff, regex and explain \
                 read a grammar file)"
            ),
            Error::TooLarge {
                what,
                needed,
                allowed,
            } => write!(
                f,
                "{what} would need about {} MB, more than the {} MB allowed for an input this long; `urlbnf check` gives its verdict",
                needed >> 20,
                allowed >> 20
            ),
            Error::Report(why) | Error::Peer(why) => f.write_str(why),
            Error::Refused { path, reason } => write!(f, "{}: {reason}", path.display()),
            Error::Io { path, message, .. } => write!(f, "{}: {message}", path.display()),
        }
    }
}

impl std::error::Error for Error {}

/// One thing that could come at the failure offset.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Expected {
    /// Any character of a character-class rule (`alpha`, `digit`, `safe`…).
    Class(String),
    /// This character.
    Char(char),
    /// The end of the input.
    End,
}

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expected::Class(name) => f.write_str(name),
            Expected::Char(c) => write!(f, "{:?}", c.to_string()),
            Expected::End => f.write_str(FOUND_END),
        }
    }
}

#[cfg(feature = "schema")]
impl schemars::JsonSchema for Expected {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Expected".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "A class rule's name, a quoted character, or \"end of input\".",
            "type": "string",
        })
    }
}

impl Serialize for Expected {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// What `found` says at the end of the input (and `expected` of the end).
pub const FOUND_END: &str = "end of input";

/// What the input has at byte `at`, as `found` says it: the character there,
/// or [`FOUND_END`].
pub(crate) fn found_at(input: &str, at: usize) -> String {
    input
        .get(at..)
        .and_then(|s| s.chars().next())
        .map_or_else(|| FOUND_END.to_string(), String::from)
}

/// Why an input is not derived from the rule. Shown, it is its message;
/// it is an error, so `?` carries it into `Box<dyn Error>`.
///
/// ```
/// use urlbnf::{Checker, Edition};
///
/// fn first_stop(url: &str) -> Result<(), Box<dyn std::error::Error>> {
///     let checker = Checker::for_edition(Edition::Rfc1738)?;
///     match checker.check(url).error {
///         Some(e) => Err(e.into()),
///         None => Ok(()),
///     }
/// }
/// let e = first_stop("http://h/~joe").unwrap_err();
/// assert!(e.to_string().starts_with("at offset 9: expected"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct CheckError {
    /// Offset in Unicode scalar values of the first character that no valid string
    /// has there (the input's length if it ends too early).
    pub offset: usize,
    /// The same offset in bytes.
    pub byte_offset: usize,
    /// What could come at the offset: character classes, characters, end of input.
    pub expected: Vec<Expected>,
    /// What the input has at the offset: the character there, or
    /// [`FOUND_END`].
    pub found: String,
    /// The diagnosis in words, without the offset: `expected digit; found "a"`.
    pub message: String,
    /// The input corrected where a fix is known (`check`'s message names it,
    /// as `report`'s causes do): the character found escaped where escaping
    /// makes it data, white space stripped, `./` before a first segment with
    /// a colon, a non-ASCII host in its IDNA form. A note on the verdict says
    /// why, citing the document.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fix: Option<String>,
}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at offset {}: {}", self.offset, self.message)
    }
}

impl std::error::Error for CheckError {}
