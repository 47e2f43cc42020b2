//! Grammar files of the user's, read at run time as editions (`--grammar-file`):
//! ABNF or RFC 822 BNF, served wherever only the automata are needed.

use std::path::{Path, PathBuf};

use super::{CliError, Grammars};
use crate::edition::Edition;
use crate::grammar::printed::Notation;

/// `--grammar-file FILE` and `--notation`.
#[derive(Clone, Debug, Default, clap::Args)]
pub(crate) struct GrammarFiles {
    /// A grammar of your own, read as an edition named by its path: ABNF (RFC
    /// 5234, its core rules included) or RFC 822 BNF as RFC 1738 prints it
    /// (repeatable). Served by what the automata give: check, report, diff,
    /// regex, explain. A `%x`/`%d`/`%b` value past 7F is a Unicode code point
    /// and inputs are UTF-8, unless the file has a line `%encoding octets`:
    /// then values are bytes (HTTP's `obs-text = %x80-FF`)
    #[arg(id = "grammar_files", long = "grammar-file", value_name = "FILE")]
    pub(crate) files: Vec<PathBuf>,

    /// How to read a grammar file that does not say (`%notation`): by default
    /// ABNF, or RFC 822 where its definitions use `|`
    #[arg(long, value_enum, value_name = "NOTATION", requires = "grammar_files")]
    pub(crate) notation: Option<NotationArg>,
}

/// A grammar file's notation, as `--notation` takes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum NotationArg {
    /// ABNF, RFC 5234 (RFC 3986's notation)
    Abnf,
    /// RFC 822's BNF (RFC 1738's and RFC 2396's)
    Rfc822,
}

impl NotationArg {
    fn notation(self) -> Notation {
        match self {
            NotationArg::Abnf => Notation::Abnf,
            NotationArg::Rfc822 => Notation::Rfc822,
        }
    }
}

impl GrammarFiles {
    /// Each file read and registered, as `--grammar` values.
    pub(crate) fn load(&self) -> Result<Vec<Grammars>, CliError> {
        self.files
            .iter()
            .map(|f| Ok(Grammars(vec![load(f, self.notation)?])))
            .collect()
    }
}

/// One grammar file, read and registered.
pub(crate) fn load(path: &Path, notation: Option<NotationArg>) -> Result<Edition, CliError> {
    Ok(crate::engine::grammar_file::load_grammar(
        path,
        notation.map(NotationArg::notation),
    )?)
}

/// An edition id or, where none has that name and a file does, a grammar file.
pub(crate) fn edition_or_file(
    name: &str,
    notation: Option<NotationArg>,
) -> Result<Edition, CliError> {
    match name.parse::<Edition>() {
        Ok(e) => Ok(e),
        Err(_) if Path::new(name).is_file() => load(Path::new(name), notation),
        Err(e) => Err(CliError::Usage(format!("{e}, or a grammar file"))),
    }
}

/// What a command that needs a transcription says of a grammar file.
pub(crate) fn no_transcription(command: &str, file: &str) -> CliError {
    CliError::Usage(format!(
        "{file} is a grammar file: `{command}` needs a pest transcription and the typed AST, \
         which only the editions under grammar/ have; check, report, diff, regex and explain \
         read a grammar file"
    ))
}
