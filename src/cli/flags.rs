//! The flags several commands share, each declared once with the words most
//! of them use; a command that words one its own way says so in its
//! [`Run::HELP`](super::commands::Run::HELP).

use std::path::PathBuf;

use super::{CliError, Grammars, grammar_files::no_transcription};
use crate::edition::Edition;
use crate::knowledge::meaning::{Level, meaning};
use crate::verdicts::check::Reading;

/// `--json`: the output as JSON lines, each one instance of the command's
/// schema (`urlbnf schema COMMAND`).
#[derive(Clone, Copy, Debug, clap::Args)]
pub(crate) struct Json {
    /// One JSON object per (input, grammar), one per line
    #[arg(id = "json", long = "json")]
    pub(crate) on: bool,
}

/// `--lint`: the security lints of valid URLs, each from the edition's
/// document.
#[derive(Clone, Copy, Debug, clap::Args)]
pub(crate) struct Lint {
    /// With each valid URL, its security lints (each from the edition's document), as
    /// `check --lint` gives them
    #[arg(id = "lint", long = "lint")]
    pub(crate) on: bool,
}

/// `--grammar IDS`: editions by id, set or list.
#[derive(Clone, Debug, Default, clap::Args)]
pub(crate) struct Editions {
    /// Editions to check against: an id, `early`, `later`, `all` or a
    /// comma-separated list (repeatable; default: all, oldest first)
    #[arg(id = "grammars", long = "grammar", value_name = "IDS", value_parser = super::grammars)]
    pub(crate) grammars: Vec<Grammars>,
}

/// `--grammar IDS`'s help with its first words, `what`, a command's own.
macro_rules! editions_help {
    ($what:literal) => {
        concat!(
            $what,
            ": an id, `early`, `later`, `all` or a comma-separated list (repeatable; default: all, oldest first)"
        )
    };
}
pub(crate) use editions_help;

/// `--grammar ID`: one edition, by default the standard in force.
#[derive(Clone, Copy, Debug, clap::Args)]
pub(crate) struct InForce {
    /// The edition (default: the standard in force)
    #[arg(id = "grammar", long = "grammar", value_name = "ID", default_value_t = Edition::IN_FORCE)]
    pub(crate) edition: Edition,
}

/// `--grammar ID`: one edition, where the command has no default.
#[derive(Clone, Copy, Debug, Default, clap::Args)]
pub(crate) struct OneEdition {
    /// Edition whose grammar derives the input
    #[arg(id = "grammar", long = "grammar", value_name = "ID")]
    pub(crate) edition: Option<Edition>,
}

/// `--rule NAME`: a rule by its printed name.
#[derive(Clone, Debug, Default, clap::Args)]
pub(crate) struct Rule {
    /// Rule, by its printed name (`ip-schemepart`, `gopher+_string`, `hostname`...);
    /// default: each edition's absolute URL (rfc3986 URI, rfc2396 absoluteURI, url);
    /// `URI-reference` for relative references too
    #[arg(id = "rule", long = "rule", value_name = "NAME")]
    pub(crate) name: Option<String>,
}

/// `--grammar-file` where a command needs a transcription: hidden, and
/// refused with what reads a grammar file instead.
#[derive(Clone, Debug, Default, clap::Args)]
pub(crate) struct NoGrammarFile {
    #[arg(
        id = "grammar_file",
        long = "grammar-file",
        value_name = "FILE",
        hide = true
    )]
    pub(crate) file: Option<PathBuf>,
}

impl NoGrammarFile {
    /// The usage error `command` gives for a grammar file, if one was given.
    pub(crate) fn refused(&self, command: &str) -> Option<CliError> {
        let file = self.file.as_ref()?;
        Some(no_transcription(command, &file.display().to_string()))
    }
}

/// `--level`: the level of an edition's comparison URLs are brought to.
#[derive(Clone, Copy, Debug, clap::Args)]
pub(crate) struct AtLevel {
    /// The level (default: the edition's: syntax for rfc3986, encoding for
    /// the others)
    #[arg(id = "level", long = "level", value_name = "LEVEL", value_enum)]
    pub(crate) level: Option<Level>,
}

impl AtLevel {
    /// The level asked for, or `edition`'s own.
    pub(crate) fn of(self, edition: Edition) -> Level {
        self.level
            .unwrap_or_else(|| meaning(edition).default_level())
    }
}

/// How the grammar is read where its letter and a reader's expectation part
/// (`--known-schemes`, `--fold-scheme-case`).
#[derive(Debug, Default, clap::Args)]
pub(crate) struct ReadingArgs {
    /// Check an input whose scheme has a rule of its own (http, ftp, mailto...)
    /// by that rule alone: RFC 1738's otherurl ("new schemes follow the general
    /// syntax") and the July 1993 draft's generic then take new schemes only.
    /// Without it the letter of the BNF decides, and a valid verdict that only
    /// the catch-all gives carries a note with its own rule's diagnosis.
    #[arg(long)]
    pub(crate) known_schemes: bool,

    /// Read upper case letters in a scheme as lower case where the edition's
    /// document asks it and its BNF does not derive them (more with --help)
    #[arg(long, long_help = super::fold_scheme_case_help())]
    pub(crate) fold_scheme_case: bool,
}

impl ReadingArgs {
    /// The library's reading.
    pub(crate) fn reading(&self) -> Reading {
        Reading {
            known_schemes: self.known_schemes,
            fold_scheme_case: self.fold_scheme_case,
        }
    }
}

/// `--only WHICH`: the inputs to print, one per line as read.
#[derive(Clone, Copy, Debug, Default, clap::Args)]
pub(crate) struct OnlyArg {
    /// Print only the inputs that are valid under every selected edition, or
    /// only those invalid under any, one per line as read (like grep); with
    /// --json, their verdicts
    #[arg(id = "only", long = "only", value_enum, value_name = "WHICH")]
    pub(crate) which: Option<Only>,
}

/// Which inputs `--only` prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Only {
    /// Inputs valid under every selected edition.
    Valid,
    /// Inputs invalid under at least one.
    Invalid,
}
