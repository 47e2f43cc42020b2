//! The command line: a thin layer over the library. `mod.rs` parses arguments
//! and maps outcomes to exit statuses; `commands` has one file per subcommand;
//! `input` and `output` are what every command shares.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::sync::OnceLock;

use clap::builder::PossibleValue;
use clap::error::ErrorKind;
use clap::{CommandFactory, Parser, Subcommand, ValueEnum};

use crate::edition::Edition;

mod commands;
mod grammar_files;
mod input;
mod output;
mod usage;

pub(crate) use usage::fold_scheme_case_help;
use usage::{flag_elsewhere, has_rule, rule_name, unknown_rule};

use commands::{
    book, check, compare, conform, diff, encode, equiv, explain, extract, normalize, parse, regex,
    report, resolve, schema, tree,
};

const ABOUT: &str = "The URL specifications' grammars, executable";

/// The editions and their default rules, from the edition metadata.
fn long_about() -> &'static str {
    static TEXT: OnceLock<String> = OnceLock::new();
    TEXT.get_or_init(|| {
        let mut text = format!(
            "urlbnf makes the BNF printed in the URL specifications executable: {} editions,\n{} to {}.\n\n\
             Editions (--grammar ID), oldest first; each has a default rule:\n",
            Edition::ALL.len(),
            Edition::ALL.first().map_or("", |e| e.info().date),
            Edition::ALL.last().map_or("", |e| e.info().date),
        );
        for e in Edition::ALL {
            let info = e.info();
            text.push_str(&format!(
                "  {:<12} {:<56} {}\n",
                info.id, info.title, info.default_rule
            ));
        }
        let members = |set: &[Edition]| set.iter().map(|e| e.id()).collect::<Vec<_>>().join(", ");
        text.push_str(&format!(
            "\nSets: `early` ({}), `later` ({}), `all`.\n\
             The printed text is used as printed, with five corrections (C1-C5: the corrections page of `urlbnf book`).",
            members(&Edition::EARLY),
            members(&Edition::LATER)
        ));
        text
    })
}

const INPUTS: &str = "\
With no URL arguments, or with `-` among them (as in every command),
standard input is read: one input per line, the empty line included; \\r\\n ends a line like \\n; a final newline adds no input. A line
that is not UTF-8 is reported as invalid, never skipped.";

#[derive(Debug, Parser)]
#[command(name = "urlbnf", version, about = ABOUT, long_about = long_about())]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Check inputs against a rule of one or more editions
    #[command(long_about = format!("{}\n\n{INPUTS}", check::LONG), after_help = check::EXAMPLES)]
    Check(check::CheckArgs),
    /// Parse inputs into the typed AST
    #[command(long_about = format!("{}\n\n{INPUTS}", parse::LONG), after_help = parse::EXAMPLES)]
    Parse(parse::ParseArgs),
    /// Show the raw derivation of inputs (a teaching view)
    #[command(long_about = format!("{}\n\n{INPUTS}", tree::LONG), after_help = tree::EXAMPLES)]
    Tree(tree::TreeArgs),
    /// The exact differences between two editions, rule by rule and string by string
    #[command(long_about = diff::LONG, after_help = diff::EXAMPLES)]
    Diff(diff::DiffArgs),
    /// One URL against every edition, side by side, and what the WHATWG URL Standard makes of it
    #[command(long_about = format!("{}\n\n{INPUTS}", compare::LONG), after_help = compare::EXAMPLES)]
    Compare(compare::CompareArgs),
    /// Resolve partial (relative) forms in the context of a full URL
    #[command(long_about = resolve::LONG, after_help = resolve::EXAMPLES)]
    Resolve(resolve::ResolveArgs),
    /// Whether two URLs are equivalent by their edition's own reading (RFC 3986 §6.2, RFC 1630)
    #[command(long_about = equiv::LONG, after_help = equiv::EXAMPLES)]
    Equiv(equiv::EquivArgs),
    /// URLs normalized by their edition's reading: RFC 3986 §6.2.2, §6.2.3
    #[command(long_about = format!("{}\n\n{INPUTS}", normalize::LONG), after_help = normalize::EXAMPLES)]
    Normalize(normalize::NormalizeArgs),
    /// Encode text for a URL: unsafe and disallowed characters as %XX
    #[command(long_about = encode::LONG, after_help = encode::EXAMPLES)]
    Encode(encode::EncodeArgs),
    /// Find wrapped URLs in plain text and check them
    #[command(long_about = extract::LONG, after_help = extract::EXAMPLES)]
    Extract(extract::ExtractArgs),
    /// Explain a rule: printed text, PEG, uses, users, history across editions
    #[command(long_about = explain::LONG, after_help = explain::EXAMPLES)]
    Explain(explain::ExplainArgs),
    /// A rule as one exact regular expression, for Rust, PCRE, Python, JavaScript or grep -E
    #[command(long_about = regex::LONG, after_help = regex::EXAMPLES)]
    Regex(regex::RegexArgs),
    /// Report the conformance of a corpus: counts, causes, schemes, editions compared
    #[command(long_about = report::LONG, after_help = report::EXAMPLES)]
    Report(report::ReportArgs),
    /// Test another parser against a rule: a suite from the grammar, each disagreement shrunk and named
    #[command(long_about = conform::LONG, after_help = conform::EXAMPLES)]
    Conform(conform::ConformArgs),
    /// Write the static HTML book (rules, railroad diagrams, diffs, partial forms)
    #[command(long_about = book::LONG)]
    Book(book::BookArgs),
    /// The JSON Schema of a command's --json output
    #[command(long_about = schema::LONG, after_help = schema::EXAMPLES)]
    Schema(schema::SchemaArgs),
}

impl Command {
    /// The subcommand's name, as typed.
    fn name(&self) -> &'static str {
        match self {
            Command::Check(_) => "check",
            Command::Parse(_) => "parse",
            Command::Tree(_) => "tree",
            Command::Diff(_) => "diff",
            Command::Compare(_) => "compare",
            Command::Resolve(_) => "resolve",
            Command::Equiv(_) => "equiv",
            Command::Normalize(_) => "normalize",
            Command::Encode(_) => "encode",
            Command::Extract(_) => "extract",
            Command::Explain(_) => "explain",
            Command::Report(_) => "report",
            Command::Regex(_) => "regex",
            Command::Conform(_) => "conform",
            Command::Book(_) => "book",
            Command::Schema(_) => "schema",
        }
    }
}

impl ValueEnum for Edition {
    fn value_variants<'a>() -> &'a [Self] {
        &Edition::ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(self.id()))
    }
}

/// Run the command with the process's arguments and standard streams.
pub fn main() -> ExitCode {
    let stdin = io::stdin();
    let stdout = io::stdout();
    let stderr = io::stderr();
    let on_terminal = io::IsTerminal::is_terminal(&stdout);
    let terminal = Terminal {
        color: on_terminal,
        stdout: on_terminal,
        // A progress line goes to a terminal on stderr while the results go elsewhere.
        progress: io::IsTerminal::is_terminal(&stderr) && !on_terminal,
        stderr: io::IsTerminal::is_terminal(&stderr),
        stdin: io::IsTerminal::is_terminal(&stdin),
    };
    let args = std::env::args_os();
    // A closed standard stream reaches here as /dev/null (Rust's runtime
    // reopens it so), exactly like a caller's /dev/null (Python's
    // `subprocess.DEVNULL`, a shell's `< /dev/null`): both are working
    // streams, an empty input and a sink.
    let (mut input, mut errors) = (stdin.lock(), stderr.lock());
    let code = if on_terminal {
        // A person reads as it comes: Rust's standard output flushes each line.
        run(args, &mut input, &mut stdout.lock(), &mut errors, terminal)
    } else {
        // A pipe or file: one write per 64 KiB, not one per line.
        let mut out = io::BufWriter::with_capacity(1 << 16, stdout.lock());
        run(args, &mut input, &mut out, &mut errors, terminal)
    };
    ExitCode::from(code)
}

/// What the process's streams are connected to.
#[derive(Clone, Copy, Debug, Default)]
pub struct Terminal {
    /// Style help and usage errors.
    pub color: bool,
    /// Standard output is a terminal: never send it a raw control character.
    pub stdout: bool,
    /// Show a progress line on stderr while reading standard input (never with
    /// `--json`).
    pub progress: bool,
    /// Standard error is a terminal: `report` shows a bar while it reads a file.
    pub stderr: bool,
    /// Standard input is a terminal: a command that reads it says so first.
    pub stdin: bool,
}

/// Run the command: 0 all good, 1 something invalid, 2 usage error.
pub fn run<I, T>(
    args: I,
    stdin: &mut dyn BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
    terminal: Terminal,
) -> u8
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let args: Vec<std::ffi::OsString> = args.into_iter().map(Into::into).collect();
    // An argument with a control character is echoed in the error without
    // styling, each such character shown as `·`.
    let hostile = args.iter().any(|a| {
        a.to_string_lossy()
            .chars()
            .any(crate::render::unsafe_on_terminal)
    });
    let render = |e: &clap::Error| {
        let styled = e.render();
        if terminal.color && !hostile {
            styled.ansi().to_string()
        } else {
            crate::render::visible_lines(&styled.to_string())
        }
    };
    let cli = match Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        // --help and --version go to standard output with status 0.
        Err(e) if !e.use_stderr() => {
            let _ = write!(out, "{}", render(&e));
            return 0;
        }
        Err(e) => {
            // clap's tip ("to pass it as a value, use --") misleads where the
            // flag exists under another name.
            let e = flag_elsewhere(&e, &args).unwrap_or(e);
            let _ = write!(err, "{}", render(&e));
            return 2;
        }
    };
    let name = cli.command.name();
    // Standard input and what is said about reading it; a progress line only
    // where no JSON is written.
    macro_rules! input {
        ($progress:expr) => {
            &mut input::Stdin {
                reader: &mut *stdin,
                err: &mut *err,
                terminal: terminal.stdin,
                progress: terminal.progress && $progress,
            }
        };
    }
    let result = match cli.command {
        Command::Check(args) => {
            let json = args.json;
            check::run(args, input!(!json), out, terminal.stdout)
        }
        Command::Parse(args) => {
            let json = args.json;
            parse::run(args, input!(!json), out, terminal.stdout)
        }
        Command::Tree(args) => tree::run(args, input!(false), out),
        Command::Diff(args) => diff::run(args, out),
        Command::Resolve(args) => resolve::run(args, input!(false), out),
        Command::Equiv(args) => equiv::run(args, out),
        Command::Normalize(args) => normalize::run(args, input!(false), out),
        Command::Encode(args) => encode::run(args, input!(false), out),
        Command::Extract(args) => extract::run(args, input!(false), out),
        Command::Explain(args) => explain::run(args, out),
        Command::Conform(args) => conform::run(args, out, &mut *err, terminal.stderr),
        Command::Book(args) => book::run(args, out),
        Command::Schema(args) => schema::run(args, out),
        Command::Regex(args) => regex::run(args, out),
        Command::Report(args) => report::run(args, input!(false), out, terminal),
        Command::Compare(args) => {
            let json = args.json;
            compare::run(args, input!(!json), out, terminal.stdout)
        }
    };
    // How grammar files were read (an RFC's text, the lines skipped), on
    // standard error, as JSON where the output is.
    let json = args.iter().any(|a| a == "--json");
    let _ = grammar_files::write_reads(err, json);
    // What is still buffered is part of the output: a write that fails at
    // the last flush fails the command.
    let result = result.and_then(|tally| out.flush().map(|()| tally).map_err(CliError::Io));
    let code = match result {
        Ok(tally) if tally.bad > 0 => 1,
        Ok(_) => 0,
        Err(CliError::Usage(message)) => {
            // The usage of the subcommand that was run, not of urlbnf.
            let mut cmd = Cli::command().bin_name("urlbnf");
            cmd.build();
            let e = match cmd.find_subcommand_mut(name) {
                Some(sub) => sub.error(
                    ErrorKind::InvalidValue,
                    crate::render::visible_lines(&message),
                ),
                None => cmd.error(
                    ErrorKind::InvalidValue,
                    crate::render::visible_lines(&message),
                ),
            };
            let _ = write!(err, "{}", render(&e));
            2
        }
        // A reader gone (`urlbnf check … | head -1`) ends the run quietly, but
        // not as a success: what was not written was not checked.
        Err(CliError::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => 3,
        Err(CliError::Io(e)) => {
            let _ = writeln!(
                err,
                "urlbnf: {}",
                crate::render::visible_lines(&e.to_string())
            );
            3
        }
        Err(CliError::Lib(e @ crate::Error::Io { .. })) => {
            let _ = writeln!(
                err,
                "urlbnf: {}",
                crate::render::visible_lines(&e.to_string())
            );
            3
        }
        Err(CliError::Lib(e)) => {
            let _ = writeln!(
                err,
                "urlbnf: {}",
                crate::render::visible_lines(&e.to_string())
            );
            2
        }
    };
    let _ = out.flush();
    code
}

/// Why a command could not do its work (not an invalid input: that is a
/// result, counted in the tally).
enum CliError {
    Usage(String),
    Io(io::Error),
    /// The library could not do the work (a file it writes, say).
    Lib(crate::Error),
}

impl From<crate::Error> for CliError {
    fn from(e: crate::Error) -> Self {
        match e {
            // Writing over what the user owns is a usage error: the command
            // says what to do instead.
            crate::Error::Refused { .. } => CliError::Usage(e.to_string()),
            e => CliError::Lib(e),
        }
    }
}

impl From<io::Error> for CliError {
    fn from(e: io::Error) -> Self {
        CliError::Io(e)
    }
}

/// What one `--grammar` names: an edition id, a set (`early`, `later`, `all`),
/// or a comma-separated list of them.
#[derive(Clone, Debug)]
pub(crate) struct Grammars(Vec<Edition>);

pub(crate) fn grammars(value: &str) -> Result<Grammars, String> {
    let mut out = Vec::new();
    for name in value.split(',').map(str::trim) {
        out.extend(Edition::set(name).map_err(|e| e.to_string())?);
    }
    Ok(Grammars(out))
}

/// The editions named, each once and oldest first, or all of them.
fn editions(grammars: &[Grammars]) -> Vec<Edition> {
    let mut out: Vec<Edition> = grammars.iter().flat_map(|g| g.0.iter().copied()).collect();
    if out.is_empty() {
        return Edition::ALL.to_vec();
    }
    out.sort_unstable();
    out.dedup();
    out
}
