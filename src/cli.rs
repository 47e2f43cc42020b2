//! The command line: argument parsing and output formats, over the library.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use clap::builder::PossibleValue;
use clap::error::ErrorKind;
use clap::{CommandFactory, Parser, Subcommand, ValueEnum};

use crate::check::{self, CheckError, Engine, Verdict};
use crate::edition::Edition;
use crate::printed::PrintedGrammar;

const ABOUT: &str = "Executable early URL specifications (1993-1994)";

const LONG_ABOUT: &str = "\
urlbnf makes the BNF printed in five early URL documents executable.

Editions (--grammar ID), oldest first; each has a default rule:
  draft-1993   URL Internet-Draft, 14 July 1993, \"BNF syntax\"           fragmentaddress
  draft-1994   draft-ietf-uri-url-03, 21 March 1994                      url
  rfc1630-uri  RFC 1630 (June 1994), BNF of Generic URI Syntax           fragmentaddress
  rfc1630-url  RFC 1630 (June 1994), BNF for specific URL schemes        url
  rfc1738      RFC 1738 (December 1994), section 5                       url

The printed text is used as printed, with four corrections (C1-C4, see README).";

const CHECK_LONG: &str = "\
Check each input against a rule of each selected edition.

Valid means the rule derives the whole input. For an invalid input urlbnf gives
the offset (in characters) of the first character that no valid string has at
that place, and what could come there: character-class rules of the edition
(alpha, digit, safe, ...), single characters, or the end of input.

With no URL arguments, standard input is read: one input per line, the empty
line included; \\r\\n ends a line like \\n; a final newline adds no input.

Exit status: 0 when every verdict is valid, 1 when any is invalid, 2 on a usage
error.";

const CHECK_EXAMPLES: &str = "\
Examples:
  urlbnf check 'ftp://ds.internic.net/rfc/rfc1738.txt;type=a'
  urlbnf check --grammar rfc1738 --rule hostname www.w3.org
  urlbnf check --grammar draft-1993 --grammar rfc1738 --json < urls.txt";

#[derive(Debug, Parser)]
#[command(name = "urlbnf", version, about = ABOUT, long_about = LONG_ABOUT)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Check inputs against a rule of one or more editions
    #[command(long_about = CHECK_LONG, after_help = CHECK_EXAMPLES)]
    Check(CheckArgs),
}

#[derive(Debug, clap::Args)]
struct CheckArgs {
    /// Edition to check against (repeat for several; default: all five)
    #[arg(long = "grammar", value_name = "ID")]
    grammars: Vec<Edition>,

    /// Rule, by its printed name (`ip-schemepart`, `gopher+_string`, `hostname`...);
    /// default: each edition's whole-URL rule
    #[arg(long, value_name = "NAME")]
    rule: Option<String>,

    /// What decides the verdict
    #[arg(long, value_enum, default_value_t = Engine::Pest)]
    engine: Engine,

    /// One JSON object per (input, grammar), one per line
    #[arg(long)]
    json: bool,

    /// Inputs to check (default: lines of standard input)
    #[arg(value_name = "URL")]
    urls: Vec<String>,
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
    let color = io::IsTerminal::is_terminal(&stdout);
    let code = run(
        std::env::args_os(),
        &mut stdin.lock(),
        &mut stdout.lock(),
        &mut stderr.lock(),
        color,
    );
    ExitCode::from(code)
}

/// Run the command: 0 all valid, 1 something invalid, 2 usage error. `color`
/// styles help and usage errors for a terminal.
pub fn run<I, T>(
    args: I,
    stdin: &mut dyn BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
    color: bool,
) -> u8
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let render = |e: &clap::Error| {
        let styled = e.render();
        if color {
            styled.ansi().to_string()
        } else {
            styled.to_string()
        }
    };
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        // --help and --version go to standard output with status 0.
        Err(e) if !e.use_stderr() => {
            let _ = write!(out, "{}", render(&e));
            return 0;
        }
        Err(e) => {
            let _ = write!(err, "{}", render(&e));
            return 2;
        }
    };
    let result = match cli.command {
        Command::Check(args) => run_check(args, stdin, out, err),
    };
    match result {
        Ok(code) => code,
        Err(Failure::Usage(message)) => {
            let e = Cli::command().error(ErrorKind::InvalidValue, message);
            let _ = write!(err, "{}", render(&e));
            2
        }
        // A closed pipe (`urlbnf check … | head`) ends the run quietly.
        Err(Failure::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => 0,
        Err(Failure::Io(e)) => {
            let _ = writeln!(err, "urlbnf: {e}");
            2
        }
    }
}

enum Failure {
    Usage(String),
    Io(io::Error),
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Self {
        Failure::Io(e)
    }
}

/// The editions and the rule each is checked with.
fn targets(
    grammars: &[Edition],
    rule: Option<&str>,
    err: &mut dyn Write,
) -> Result<Vec<(Edition, String)>, Failure> {
    let explicit = !grammars.is_empty();
    let editions: Vec<Edition> = if explicit {
        grammars.to_vec()
    } else {
        Edition::ALL.to_vec()
    };
    let Some(rule) = rule else {
        return Ok(editions
            .iter()
            .map(|&e| (e, e.default_rule().to_string()))
            .collect());
    };
    let (have, lack): (Vec<Edition>, Vec<Edition>) = editions
        .iter()
        .partition(|&&e| PrintedGrammar::of(e).rule(rule).is_some());
    if have.is_empty() || (explicit && !lack.is_empty()) {
        let lacking = if explicit { lack } else { editions };
        let mut msg = format!("unknown rule '{rule}'");
        for e in lacking {
            let names: Vec<&str> = PrintedGrammar::of(e)
                .rules
                .iter()
                .map(|r| r.name.as_str())
                .collect();
            msg.push_str(&format!("\n  {e} has: {}", names.join(", ")));
        }
        return Err(Failure::Usage(msg));
    }
    if !lack.is_empty() {
        let ids: Vec<&str> = lack.iter().map(|e| e.id()).collect();
        writeln!(
            err,
            "note: no rule '{rule}' in {}; checking the other editions",
            ids.join(", ")
        )?;
    }
    Ok(have.into_iter().map(|e| (e, rule.to_string())).collect())
}

#[derive(Default)]
struct Tally {
    inputs: usize,
    valid: usize,
    invalid: usize,
}

fn run_check(
    args: CheckArgs,
    stdin: &mut dyn BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<u8, Failure> {
    let targets = targets(&args.grammars, args.rule.as_deref(), err)?;
    let mut tally = Tally::default();
    if args.urls.is_empty() {
        let mut line = Vec::new();
        loop {
            line.clear();
            if stdin.read_until(b'\n', &mut line)? == 0 {
                break;
            }
            if line.last() == Some(&b'\n') {
                line.pop();
                if line.last() == Some(&b'\r') {
                    line.pop();
                }
            }
            match std::str::from_utf8(&line) {
                Ok(input) => check_one(input, &targets, &args, out, &mut tally)?,
                Err(e) => not_utf8(&line, e, &targets, &args, out, &mut tally)?,
            }
        }
    } else {
        for input in &args.urls {
            check_one(input, &targets, &args, out, &mut tally)?;
        }
    }
    if !args.json {
        writeln!(
            out,
            "{} input{}, {} grammar{}: {} valid, {} invalid",
            tally.inputs,
            plural(tally.inputs),
            targets.len(),
            plural(targets.len()),
            tally.valid,
            tally.invalid
        )?;
    }
    out.flush()?;
    Ok(if tally.invalid > 0 { 1 } else { 0 })
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

fn check_one(
    input: &str,
    targets: &[(Edition, String)],
    args: &CheckArgs,
    out: &mut dyn Write,
    tally: &mut Tally,
) -> Result<(), Failure> {
    tally.inputs += 1;
    if !args.json {
        writeln!(out, "{}", visible(input))?;
    }
    for (edition, rule) in targets {
        let verdict = check::check(*edition, rule, input, args.engine)
            .map_err(|e| Failure::Usage(e.to_string()))?;
        emit(&verdict, args.json, out, tally)?;
    }
    Ok(())
}

/// A line that is not UTF-8 is an invalid input of its own, never skipped.
fn not_utf8(
    line: &[u8],
    e: std::str::Utf8Error,
    targets: &[(Edition, String)],
    args: &CheckArgs,
    out: &mut dyn Write,
    tally: &mut Tally,
) -> Result<(), Failure> {
    tally.inputs += 1;
    let input = String::from_utf8_lossy(line).into_owned();
    let valid_prefix = line
        .get(..e.valid_up_to())
        .and_then(|p| std::str::from_utf8(p).ok())
        .unwrap_or("");
    let offset = valid_prefix.chars().count();
    if !args.json {
        writeln!(out, "{}", visible(&input))?;
    }
    for (edition, rule) in targets {
        let verdict = Verdict {
            input: input.clone(),
            grammar: *edition,
            rule: rule.clone(),
            valid: false,
            error: Some(CheckError {
                offset,
                byte_offset: e.valid_up_to(),
                expected: Vec::new(),
                message: format!(
                    "at offset {offset}: the input is not UTF-8 (invalid byte at byte {})",
                    e.valid_up_to()
                ),
            }),
        };
        emit(&verdict, args.json, out, tally)?;
    }
    Ok(())
}

fn emit(v: &Verdict, json: bool, out: &mut dyn Write, tally: &mut Tally) -> Result<(), Failure> {
    if v.valid {
        tally.valid += 1;
    } else {
        tally.invalid += 1;
    }
    if json {
        serde_json::to_writer(&mut *out, v).map_err(io::Error::from)?;
        writeln!(out)?;
        return Ok(());
    }
    let head = format!("  {:<12} {:<16}", v.grammar.id(), v.rule);
    match &v.error {
        None => writeln!(out, "{head} valid")?,
        Some(e) => {
            writeln!(out, "{head} invalid at offset {}", e.offset)?;
            writeln!(out, "      {}", visible(&v.input))?;
            writeln!(out, "      {}^ {}", " ".repeat(e.offset), e.message)?;
        }
    }
    Ok(())
}

/// The input with control characters shown as `·`, one column each, so the caret
/// lines up under the offset.
fn visible(input: &str) -> String {
    input
        .chars()
        .map(|c| if c.is_control() { '·' } else { c })
        .collect()
}
