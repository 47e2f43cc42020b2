//! The library's one error type: every fallible call returns [`Error`], so a
//! caller matches one enum. An input that a rule does not derive is not an error
//! of the call; it is a [`Verdict`](crate::Verdict) with a diagnosis, and only
//! [`parse`](crate::ast::parse), which promises an AST, returns it as
//! [`Error::Invalid`].

use std::fmt;
use std::path::PathBuf;

use crate::analysis::check::CheckError;
use crate::edition::Edition;

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

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::UnknownEdition { id } => {
                let ids: Vec<&str> = Edition::ALL.iter().map(|e| e.id()).collect();
                write!(
                    f,
                    "unknown grammar '{id}' (choose from: {})",
                    ids.join(", ")
                )
            }
            Error::UnknownRule { edition, rule } => {
                let names = crate::grammar::PrintedGrammar::of(*edition)
                    .rules
                    .iter()
                    .map(|r| r.name.as_str())
                    .collect::<Vec<_>>();
                write!(
                    f,
                    "{edition} has no rule '{rule}' (its rules: {})",
                    names.join(", ")
                )
            }
            Error::NotAUrlRule { rule, .. } => write!(f, "'{rule}' is not a URL or scheme rule"),
            Error::Invalid(e) => f.write_str(&e.message),
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
            Error::Report(why) => f.write_str(why),
            Error::Io { path, message, .. } => write!(f, "{}: {message}", path.display()),
        }
    }
}

impl std::error::Error for Error {}
