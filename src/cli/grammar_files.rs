//! Grammar files of the user's, read at run time as editions (`--grammar-file`):
//! ABNF or RFC 822 BNF, served wherever only the automata are needed.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use super::{CliError, Grammars};
use crate::edition::Edition;
use crate::grammar::printed::Notation;

/// `--grammar-file FILE` and `--notation`.
#[derive(Clone, Debug, Default, clap::Args)]
pub(crate) struct GrammarFiles {
    /// A grammar of your own, read as an edition named by its path: ABNF (RFC
    /// 5234 and RFC 7405, its core rules included) or RFC 822 BNF as RFC 1738
    /// prints it (repeatable); or, where no file has the name, one shipped
    /// inside urlbnf: rfc6874 (RFC 3986 with RFC 6874's zone identifiers),
    /// rfc3987 (RFC 3987's IRIs, §2.2). An
    /// ABNF file whose rules are indented, or that has page breaks, is an
    /// RFC's text (or an excerpt): its rules are the lines `name =` or `name
    /// =/` and those indented deeper under them, the rest skipped and counted;
    /// a file whose rules start at column 0 is read strictly. A `%x`/`%d`/`%b`
    /// value past 7F is a Unicode code point and inputs are UTF-8, unless the
    /// file has a line `%encoding octets`: then values are bytes (HTTP's
    /// `obs-text = %x80-FF`). Served by what the automata give: check, report,
    /// diff, regex, explain, conform
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

/// The example grammars shipped inside the binary, each by the name
/// `--grammar-file` takes where no file has it (an installed urlbnf has no
/// `tests/corpus/`). One line each.
const SHIPPED: &[(&str, &str)] = &[
    (
        "rfc6874",
        include_str!("../../tests/corpus/rfc3986-rfc6874.abnf"),
    ),
    ("rfc3987", include_str!("../../tests/corpus/rfc3987.abnf")),
];

/// The names of the grammars shipped inside urlbnf.
pub(crate) fn shipped() -> impl Iterator<Item = &'static str> {
    SHIPPED.iter().map(|(name, _)| *name)
}

/// The grammar files read in this run, in order.
static LOADED: Mutex<Vec<Edition>> = Mutex::new(Vec::new());

/// One grammar file, read and registered: a file of that path, or else a
/// shipped grammar of that name.
pub(crate) fn load(path: &Path, notation: Option<NotationArg>) -> Result<Edition, CliError> {
    let notation = notation.map(NotationArg::notation);
    let shipped = SHIPPED.iter().find(|(name, _)| path.as_os_str() == *name);
    let edition = match (path.exists(), shipped) {
        (false, Some((name, text))) => {
            crate::engine::grammar_file::load_grammar_text(name, text, notation)?
        }
        _ => crate::engine::grammar_file::load_grammar(path, notation)?,
    };
    if let Ok(mut loaded) = LOADED.lock()
        && !loaded.contains(&edition)
    {
        loaded.push(edition);
    }
    Ok(edition)
}

/// What the run's grammar files' reading has to say, on `err`: that a file
/// was read as an RFC's text, the lines it skipped, the notes (a `<name>`
/// read as a rule); with `json`, one JSON object per file (`{"grammar_file":
/// …}`). Nothing for a plain file read without a note.
pub(crate) fn write_reads(err: &mut dyn Write, json: bool) -> std::io::Result<()> {
    let loaded = match LOADED.lock() {
        Ok(mut loaded) => std::mem::take(&mut *loaded),
        Err(_) => return Ok(()),
    };
    for read in loaded
        .into_iter()
        .filter_map(crate::engine::grammar_file::file_read)
        .filter(|r| r.rfc_text || !r.notes.is_empty())
    {
        if json {
            let line = serde_json::json!({ "grammar_file": read });
            writeln!(err, "{line}")?;
        } else {
            write!(err, "{read}")?;
        }
    }
    Ok(())
}

/// An edition id or, where none has that name and a file does, a grammar file.
pub(crate) fn edition_or_file(
    name: &str,
    notation: Option<NotationArg>,
) -> Result<Edition, CliError> {
    match name.parse::<Edition>() {
        Ok(e) => Ok(e),
        Err(_) if Path::new(name).is_file() || shipped().any(|s| s == name) => {
            load(Path::new(name), notation)
        }
        Err(e) => Err(CliError::Usage(format!(
            "{e}, or a grammar file (shipped: {})",
            shipped().collect::<Vec<_>>().join(", ")
        ))),
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
