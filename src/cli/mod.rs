//! The command line: a thin layer over the library. `mod.rs` parses arguments,
//! runs the subcommand with the streams (`Io`) and maps outcomes to exit
//! statuses; `commands` has the list of subcommands and one file per
//! subcommand; `flags` the flags several share; `input` and `output` are what
//! every command reads and writes.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::sync::OnceLock;

use clap::builder::PossibleValue;
use clap::error::ErrorKind;
use clap::{CommandFactory, FromArgMatches, Parser, ValueEnum};

use crate::edition::Edition;

mod commands;
mod flags;
mod grammar_files;
mod input;
mod output;
mod usage;

pub(crate) use usage::fold_scheme_case_help;
use usage::{flag_elsewhere, has_rule, rule_name, unknown_rule};

use commands::Command;

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

#[derive(Debug, Parser)]
#[command(name = "urlbnf", version, about = ABOUT, long_about = long_about())]
struct Cli {
    #[command(subcommand)]
    command: Command,
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

/// The streams a subcommand works with, and what they are connected to.
pub(crate) struct Io<'a> {
    pub(crate) stdin: &'a mut dyn BufRead,
    pub(crate) out: &'a mut dyn Write,
    /// Standard error: the main thread's, which holds its lock.
    pub(crate) err: &'a mut dyn Write,
    pub(crate) terminal: Terminal,
}

impl Io<'_> {
    /// Standard input, with what is said about reading it (a progress line
    /// where `progress` and the terminal allow), and standard output.
    pub(crate) fn input(&mut self, progress: bool) -> (input::Stdin<'_>, &mut dyn Write) {
        let stdin = input::Stdin {
            reader: &mut *self.stdin,
            err: &mut *self.err,
            terminal: self.terminal.stdin,
            progress: self.terminal.progress && progress,
        };
        (stdin, &mut *self.out)
    }
}

/// Run the command: 0 all good, 1 something invalid, 2 usage error.
// Long: the whole life of a command (arguments, dispatch, grammar-file notes,
// last flush, exit status) in order, so every way out is seen in one place.
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
    let parsed = Cli::command()
        .try_get_matches_from(&args)
        .and_then(|matches| {
            let cli = Cli::from_arg_matches(&matches).map_err(|e| e.format(&mut Cli::command()))?;
            Ok((cli, matches))
        });
    let (cli, matches) = match parsed {
        Ok(parsed) => parsed,
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
    let name = matches.subcommand_name().unwrap_or_default();
    let mut io = Io {
        stdin,
        out: &mut *out,
        err: &mut *err,
        terminal,
    };
    let result = cli.command.run(&mut io);
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
