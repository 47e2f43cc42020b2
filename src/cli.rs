//! The command line: argument parsing and output formats, over the library.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use clap::builder::PossibleValue;
use clap::error::ErrorKind;
use clap::{CommandFactory, Parser, Subcommand, ValueEnum};

use crate::ast::{self, ParseError};
use crate::check::{self, CheckError, Engine, Verdict};
use crate::edition::Edition;
use crate::grammars::{self, Node, PestOutcome};
use crate::printed::PrintedGrammar;
use crate::report;
use crate::resolve::Rules;

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

const INPUTS: &str = "\
With no URL arguments, standard input is read: one input per line, the empty
line included; \\r\\n ends a line like \\n; a final newline adds no input. A line
that is not UTF-8 is reported as invalid, never skipped.";

const CHECK_LONG: &str = "\
Check each input against a rule of each selected edition.

Valid means the rule derives the whole input. For an invalid input urlbnf gives
the offset (in characters) of the first character that no valid string has at
that place, and what could come there: character-class rules of the edition
(alpha, digit, safe, ...), single characters, or the end of input.";

const CHECK_EXAMPLES: &str = "\
Exit status: 0 when every verdict is valid, 1 when any is invalid, 2 on a usage
error.

Examples:
  urlbnf check 'ftp://ds.internic.net/rfc/rfc1738.txt;type=a'
  urlbnf check --grammar rfc1738 --rule hostname www.w3.org
  urlbnf check --grammar draft-1993 --grammar rfc1738 --json < urls.txt";

const PARSE_LONG: &str = "\
Parse each input into the typed AST: the scheme and its components (host, port,
path segments, search, ...), each with its text and byte span. A component the
edition's grammar does not have is absent. Where the printed grammar derives an
input in several ways, the AST takes the reading the document's prose describes.";

const PARSE_EXAMPLES: &str = "\
Exit status: 0 when every input parses, 1 when any does not, 2 on a usage error.

Examples:
  urlbnf parse --grammar rfc1738 'gopher://h/7sel%09find'
  urlbnf parse --json 'http://info.cern.ch:8000/imaginary/test'";

const DIFF_LONG: &str = "\
Compare two editions exactly. Rule level, from the printed text: rules only in A,
only in B, renamed (paired by urlbnf's correspondence table, e.g. httpaddress ->
httpurl), and changed (printed definitions side by side); for character-class
rules the characters added and removed. Language level, from the grammars: for
every pair of corresponding rules, equal (=), A a proper subset of B (⊂), B of A
(⊃) or incomparable (≠), with the shortest strings in A but not B and in B but
not A (up to 5 each, shortest first, then in byte order). No sampling: the
rules' DFAs are compared by a product construction.";

const DIFF_EXAMPLES: &str = "\
Examples:
  urlbnf diff draft-1994 rfc1738
  urlbnf diff rfc1630-url rfc1738 --rule hostname
  urlbnf diff draft-1993 draft-1994 --json";

const COMPARE_LONG: &str = "\
Check each input against all five editions' default rules, side by side: the
verdict, where an invalid input fails and what could come there, and the main
components where it parses.";

const RESOLVE_LONG: &str = "\
Resolve partial (relative) forms in the context of a full URL, by the rules of
RFC 1630 (\"Partial (relative) form\", the default) or of the 1993 draft
(\"Partial form\"), each as its document states it. RFC 1630: a partial form with
a scheme is absolute; one starting with N slashes keeps the context up to the
first run of exactly N slashes with no longer run to its right; otherwise the
context's last path segment is replaced, then \"xxx/../\" and \"/.\" are removed
repeatedly. Where a document's rule and its printed example disagree, or a rule
does not say what to do, a note says so.";

const RESOLVE_EXAMPLES: &str = "\
Examples:
  urlbnf resolve magic://a/b/c//d/e/f g /g //g ../g g:h
  urlbnf resolve --rules draft-1993 http://h/a/b/c ../d";

const EQUIV_LONG: &str = "\
Bring two URLs to the same encoding level, then compare them (RFC 1630,
\"Encoding reserved characters\"): an escape of a character the edition allows
unencoded and does not reserve is decoded; escapes of reserved characters stay
(%2F is not /), with upper-case hexadecimal. An illegal escape (% not followed by
two hexadecimal digits) is an error.

Exit status: 0 when equivalent, 1 when not (or an escape is illegal), 2 on a
usage error.";

const EQUIV_EXAMPLES: &str = "\
Examples:
  urlbnf equiv http://info.cern.ch/albert/bertram/marie-claude http://info.cern.ch/albert/bertram/marie%2Dclaude
  urlbnf equiv --grammar rfc1630-url http://h/a/b http://h/a%2Fb";

const ENCODE_LONG: &str = "\
Encode text for use in a URL of an edition: characters the edition does not
allow unencoded, RFC 1738's unsafe characters (space, < > \" # % { } | \\ ^ ~ [ ]
and backquote), controls and non-ASCII (as UTF-8 octets) become %XX; reserved
characters are kept, since they carry meaning.";

const EXTRACT_LONG: &str = "\
Find URLs in plain text by their wrappers, <URL:...> and <...> (RFC 1738
appendix; draft-1994 \"Wrappers for URIs in plain text\"), join URLs wrapped across
lines by dropping whitespace, and check each one. A line break right after a
hyphen is ambiguous (the hyphen may or may not be part of the URL): the reading
without the hyphen is reported too.

Exit status: 0 when every URL found is valid under every selected edition, 1
otherwise, 2 on a usage error.";

const EXTRACT_EXAMPLES: &str = "\
Examples:
  urlbnf extract message.txt
  urlbnf extract --grammar rfc1738 --json < message.txt";

const EXPLAIN_LONG: &str = "\
Explain one rule: its printed definition, the reading a correction gives it, its
PEG in grammar/<edition>.pest with the notes that say why it differs, the rules
it uses and the rules that use it, and its history: its printed text in every
edition that has it (or a renamed counterpart), each compared exactly with the
edition before.";

const EXPLAIN_EXAMPLES: &str = "\
Examples:
  urlbnf explain hostname
  urlbnf explain --grammar draft-1993 xpalphas";

const BOOK_LONG: &str = "\
Write a static HTML site that works from file:// with no JavaScript and no
network: an index with the five documents and a timeline, one page per edition
(every rule with printed text, PEG and railroad diagram, linked), one page per
chronological pair of editions (the diff with witnesses), the partial-form
examples worked step by step, and the corrections and PEG rewrites.";

const TREE_LONG: &str = "\
Print the derivation pest finds: each node's rule name as printed, its byte span
and text. Helper rules that stand in for a printed rule in one context show under
the printed name, with the helper's name beside it.";

const TREE_EXAMPLES: &str = "\
Exit status: 0 when every input derives, 1 when any does not, 2 on a usage error.

Examples:
  urlbnf tree --grammar draft-1993 'http://host:80/'
  urlbnf tree --grammar rfc1738 --rule hostname www.w3.org";

#[derive(Debug, Parser)]
#[command(name = "urlbnf", version, about = ABOUT, long_about = LONG_ABOUT)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Check inputs against a rule of one or more editions
    #[command(long_about = format!("{CHECK_LONG}\n\n{INPUTS}"), after_help = CHECK_EXAMPLES)]
    Check(CheckArgs),
    /// Parse inputs into the typed AST
    #[command(long_about = format!("{PARSE_LONG}\n\n{INPUTS}"), after_help = PARSE_EXAMPLES)]
    Parse(ParseArgs),
    /// Show the raw derivation of inputs (a teaching view)
    #[command(long_about = format!("{TREE_LONG}\n\n{INPUTS}"), after_help = TREE_EXAMPLES)]
    Tree(TreeArgs),
    /// The exact differences between two editions, rule by rule and string by string
    #[command(long_about = DIFF_LONG, after_help = DIFF_EXAMPLES)]
    Diff(DiffArgs),
    /// One URL against all five editions, side by side
    #[command(long_about = format!("{COMPARE_LONG}\n\n{INPUTS}"))]
    Compare(CompareArgs),
    /// Resolve partial (relative) forms in the context of a full URL
    #[command(long_about = RESOLVE_LONG, after_help = RESOLVE_EXAMPLES)]
    Resolve(ResolveArgs),
    /// Whether two URLs are the same once at the same encoding level
    #[command(long_about = EQUIV_LONG, after_help = EQUIV_EXAMPLES)]
    Equiv(EquivArgs),
    /// Encode text for a URL: unsafe and disallowed characters as %XX
    #[command(long_about = ENCODE_LONG)]
    Encode(EncodeArgs),
    /// Find wrapped URLs in plain text and check them
    #[command(long_about = EXTRACT_LONG, after_help = EXTRACT_EXAMPLES)]
    Extract(ExtractArgs),
    /// Explain a rule: printed text, PEG, uses, users, history across editions
    #[command(long_about = EXPLAIN_LONG, after_help = EXPLAIN_EXAMPLES)]
    Explain(ExplainArgs),
    /// Write the static HTML book (rules, railroad diagrams, diffs, partial forms)
    #[command(long_about = BOOK_LONG)]
    Book(BookArgs),
}

#[derive(Debug, clap::Args)]
struct ExplainArgs {
    /// Edition (default: the newest edition that has the rule)
    #[arg(long = "grammar", value_name = "ID")]
    grammar: Option<Edition>,

    /// The explanation as one JSON object
    #[arg(long)]
    json: bool,

    /// The rule, by its printed name
    #[arg(value_name = "RULE")]
    rule: String,
}

#[derive(Debug, clap::Args)]
struct BookArgs {
    /// Directory to write the book into (created if missing)
    #[arg(long, value_name = "DIR")]
    out: std::path::PathBuf,
}

#[derive(Debug, clap::Args)]
struct ResolveArgs {
    /// Whose rules: RFC 1630's or the 1993 draft's
    #[arg(long, value_enum, default_value_t = Rules::Rfc1630)]
    rules: Rules,

    /// One JSON object per partial form, one per line
    #[arg(long)]
    json: bool,

    /// The full URL that is the context
    #[arg(value_name = "BASE")]
    base: String,

    /// Partial forms (default: lines of standard input)
    #[arg(value_name = "PARTIAL")]
    partials: Vec<String>,
}

#[derive(Debug, clap::Args)]
struct EquivArgs {
    /// The edition whose reserved characters stay encoded
    #[arg(long = "grammar", value_name = "ID", default_value = "rfc1738")]
    grammar: Edition,

    /// The result as one JSON object
    #[arg(long)]
    json: bool,

    #[arg(value_name = "A")]
    a: String,

    #[arg(value_name = "B")]
    b: String,
}

#[derive(Debug, clap::Args)]
struct EncodeArgs {
    /// The edition whose characters may stay unencoded
    #[arg(long = "grammar", value_name = "ID", default_value = "rfc1738")]
    grammar: Edition,

    /// Texts to encode (default: lines of standard input)
    #[arg(value_name = "TEXT")]
    texts: Vec<String>,
}

#[derive(Debug, clap::Args)]
struct ExtractArgs {
    /// Edition to check the URLs against (repeat for several; default: all five)
    #[arg(long = "grammar", value_name = "ID")]
    grammars: Vec<Edition>,

    /// One JSON object per URL found, one per line
    #[arg(long)]
    json: bool,

    /// The text (default: standard input)
    #[arg(value_name = "FILE")]
    file: Option<std::path::PathBuf>,
}

#[derive(Debug, clap::Args)]
struct DiffArgs {
    /// The earlier edition
    #[arg(value_name = "A")]
    a: Edition,

    /// The later edition
    #[arg(value_name = "B")]
    b: Edition,

    /// Only this rule (its name in A or in B)
    #[arg(long, value_name = "NAME")]
    rule: Option<String>,

    /// The diff as one JSON object
    #[arg(long)]
    json: bool,
}

#[derive(Debug, clap::Args)]
struct CompareArgs {
    /// One JSON object per input, one per line
    #[arg(long)]
    json: bool,

    /// Inputs (default: lines of standard input)
    #[arg(value_name = "URL")]
    urls: Vec<String>,
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

    /// Add security warnings for valid URLs (RFC 1738 section 6): a port other
    /// than the scheme's default, a password, encoded controls for line
    /// protocols, unsafe characters. Warnings never change the exit status.
    #[arg(long)]
    lint: bool,

    /// Inputs to check (default: lines of standard input)
    #[arg(value_name = "URL")]
    urls: Vec<String>,
}

#[derive(Debug, clap::Args)]
struct ParseArgs {
    /// Edition to parse with (repeat for several; default: all five)
    #[arg(long = "grammar", value_name = "ID")]
    grammars: Vec<Edition>,

    /// One JSON object per (input, grammar), one per line
    #[arg(long)]
    json: bool,

    /// Inputs to parse (default: lines of standard input)
    #[arg(value_name = "URL")]
    urls: Vec<String>,
}

#[derive(Debug, clap::Args)]
struct TreeArgs {
    /// Edition whose grammar derives the input
    #[arg(long = "grammar", value_name = "ID", required = true)]
    grammar: Edition,

    /// Rule, by its printed name; default: the edition's whole-URL rule
    #[arg(long, value_name = "NAME")]
    rule: Option<String>,

    /// The tree as JSON, one object per input
    #[arg(long)]
    json: bool,

    /// Inputs (default: lines of standard input)
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
    let terminal = Terminal {
        color: io::IsTerminal::is_terminal(&stdout),
        // A progress line goes to a terminal on stderr while the results go elsewhere.
        progress: io::IsTerminal::is_terminal(&stderr) && !io::IsTerminal::is_terminal(&stdout),
    };
    let code = run(
        std::env::args_os(),
        &mut stdin.lock(),
        &mut stdout.lock(),
        &mut stderr.lock(),
        terminal,
    );
    ExitCode::from(code)
}

/// What the process's streams are connected to.
#[derive(Clone, Copy, Debug, Default)]
pub struct Terminal {
    /// Style help and usage errors.
    pub color: bool,
    /// Show a progress line on stderr while reading standard input (never with
    /// `--json`).
    pub progress: bool,
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
    let render = |e: &clap::Error| {
        let styled = e.render();
        if terminal.color {
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
        Command::Check(args) => {
            let progress = terminal.progress && !args.json;
            run_check(args, stdin, out, err, progress)
        }
        Command::Parse(args) => {
            let progress = terminal.progress && !args.json;
            run_parse(args, stdin, out, progress)
        }
        Command::Tree(args) => run_tree(args, stdin, out),
        Command::Diff(args) => run_diff(args, out),
        Command::Resolve(args) => run_resolve(args, stdin, out),
        Command::Equiv(args) => run_equiv(args, out),
        Command::Encode(args) => run_encode(args, stdin, out),
        Command::Extract(args) => run_extract(args, stdin, out),
        Command::Explain(args) => run_explain(args, out),
        Command::Book(args) => run_book(args, out),
        Command::Compare(args) => {
            let progress = terminal.progress && !args.json;
            run_compare(args, stdin, out, progress)
        }
    };
    let code = match result {
        Ok(tally) if tally.bad > 0 => 1,
        Ok(_) => 0,
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
    };
    let _ = out.flush();
    code
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

/// How many results were good and bad.
#[derive(Default)]
struct Tally {
    inputs: usize,
    good: usize,
    bad: usize,
    lints: usize,
}

impl Tally {
    fn count(&mut self, good: bool) {
        if good {
            self.good += 1;
        } else {
            self.bad += 1;
        }
    }
}

/// One input: text, or a line that is not UTF-8 (shown lossily, with its error).
enum Input<'s> {
    Text(&'s str),
    NotUtf8 { shown: String, error: CheckError },
}

impl Input<'_> {
    fn shown(&self) -> &str {
        match self {
            Input::Text(s) => s,
            Input::NotUtf8 { shown, .. } => shown,
        }
    }
}

/// Feed each input to `f`: the arguments, or else each line of standard input,
/// streamed.
fn each_input(
    urls: &[String],
    stdin: &mut dyn BufRead,
    progress: bool,
    mut f: impl FnMut(&Input<'_>) -> Result<(), Failure>,
) -> Result<(), Failure> {
    if !urls.is_empty() {
        for u in urls {
            f(&Input::Text(u))?;
        }
        return Ok(());
    }
    let bar = if progress {
        let bar = indicatif::ProgressBar::new_spinner();
        let style =
            indicatif::ProgressStyle::with_template("{spinner} {human_pos} inputs, {elapsed}")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner());
        bar.set_style(style);
        bar
    } else {
        indicatif::ProgressBar::hidden()
    };
    let mut line = Vec::new();
    loop {
        line.clear();
        if stdin.read_until(b'\n', &mut line)? == 0 {
            bar.finish_and_clear();
            return Ok(());
        }
        bar.inc(1);
        if line.last() == Some(&b'\n') {
            line.pop();
            if line.last() == Some(&b'\r') {
                line.pop();
            }
        }
        match std::str::from_utf8(&line) {
            Ok(text) => f(&Input::Text(text))?,
            Err(e) => {
                let valid = line
                    .get(..e.valid_up_to())
                    .and_then(|p| std::str::from_utf8(p).ok())
                    .unwrap_or("");
                let offset = valid.chars().count();
                let error = CheckError {
                    offset,
                    byte_offset: e.valid_up_to(),
                    expected: Vec::new(),
                    message: format!(
                        "at offset {offset}: the input is not UTF-8 (invalid byte at byte {})",
                        e.valid_up_to()
                    ),
                };
                f(&Input::NotUtf8 {
                    shown: String::from_utf8_lossy(&line).into_owned(),
                    error,
                })?
            }
        }
    }
}

fn editions(grammars: &[Edition]) -> Vec<Edition> {
    if grammars.is_empty() {
        Edition::ALL.to_vec()
    } else {
        grammars.to_vec()
    }
}

/// The editions and the rule each is checked with.
fn targets(
    grammars: &[Edition],
    rule: Option<&str>,
    err: &mut dyn Write,
) -> Result<Vec<(Edition, String)>, Failure> {
    let explicit = !grammars.is_empty();
    let editions = editions(grammars);
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
        return Err(Failure::Usage(unknown_rule(rule, &lacking)));
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

fn unknown_rule(rule: &str, editions: &[Edition]) -> String {
    let mut msg = format!("unknown rule '{rule}'");
    for e in editions {
        let names: Vec<&str> = PrintedGrammar::of(*e)
            .rules
            .iter()
            .map(|r| r.name.as_str())
            .collect();
        msg.push_str(&format!("\n  {e} has: {}", names.join(", ")));
    }
    msg
}

fn run_check(
    args: CheckArgs,
    stdin: &mut dyn BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
    progress: bool,
) -> Result<Tally, Failure> {
    let targets = targets(&args.grammars, args.rule.as_deref(), err)?;
    let checkers = targets
        .iter()
        .map(|(edition, rule)| check::Checker::new(*edition, rule, args.engine))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| Failure::Usage(e.to_string()))?;
    let mut tally = Tally::default();
    each_input(&args.urls, stdin, progress, |input| {
        tally.inputs += 1;
        if !args.json {
            writeln!(out, "{}", visible(input.shown()))?;
        }
        for ((edition, rule), checker) in targets.iter().zip(&checkers) {
            let verdict = match input {
                Input::Text(text) => checker.check(text),
                Input::NotUtf8 { shown, error } => Verdict {
                    input: shown.clone(),
                    grammar: *edition,
                    rule: rule.clone(),
                    valid: false,
                    error: Some(error.clone()),
                },
            };
            tally.count(verdict.valid);
            let lints = match input {
                Input::Text(text)
                    if args.lint && verdict.valid && ast::is_url_rule(*edition, rule) =>
                {
                    ast::parse_rule(*edition, rule, text)
                        .map(|u| crate::lint::lints(&u))
                        .unwrap_or_default()
                }
                _ => Vec::new(),
            };
            tally.lints += lints.len();
            if args.lint && args.json {
                let mut value = serde_json::to_value(&verdict).map_err(io::Error::from)?;
                if let Some(obj) = value.as_object_mut() {
                    obj.insert(
                        "lints".into(),
                        serde_json::to_value(&lints).map_err(io::Error::from)?,
                    );
                }
                serde_json::to_writer(&mut *out, &value).map_err(io::Error::from)?;
                writeln!(out)?;
                continue;
            }
            emit_verdict(&verdict, args.json, out)?;
            for l in &lints {
                let level = match l.level {
                    crate::lint::Level::Warning => "warning",
                    crate::lint::Level::Note => "note",
                };
                writeln!(
                    out,
                    "      {level}[{}] at bytes {}..{}: {}",
                    l.code, l.start, l.end, l.message
                )?;
            }
        }
        Ok(())
    })?;
    if !args.json {
        summary(out, &tally, targets.len(), "valid", "invalid")?;
        if args.lint {
            writeln!(out, "{} lint warning{}", tally.lints, plural(tally.lints))?;
        }
    }
    Ok(tally)
}

fn summary(
    out: &mut dyn Write,
    tally: &Tally,
    grammars: usize,
    good: &str,
    bad: &str,
) -> io::Result<()> {
    writeln!(
        out,
        "{} input{}, {} grammar{}: {} {good}, {} {bad}",
        tally.inputs,
        plural(tally.inputs),
        grammars,
        plural(grammars),
        tally.good,
        tally.bad
    )
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

fn emit_verdict(v: &Verdict, json: bool, out: &mut dyn Write) -> Result<(), Failure> {
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
            caret(out, &v.input, e)?;
        }
    }
    Ok(())
}

/// The input, and under it a caret at the error's offset with the diagnosis.
fn caret(out: &mut dyn Write, input: &str, e: &CheckError) -> io::Result<()> {
    writeln!(out, "      {}", visible(input))?;
    writeln!(out, "      {}^ {}", " ".repeat(e.offset), e.message)
}

/// The input with control characters shown as `·`, one column each, so the caret
/// lines up under the offset.
fn visible(input: &str) -> String {
    input
        .chars()
        .map(|c| if c.is_control() { '·' } else { c })
        .collect()
}

fn run_parse(
    args: ParseArgs,
    stdin: &mut dyn BufRead,
    out: &mut dyn Write,
    progress: bool,
) -> Result<Tally, Failure> {
    let editions = editions(&args.grammars);
    let mut tally = Tally::default();
    each_input(&args.urls, stdin, progress, |input| {
        tally.inputs += 1;
        if !args.json {
            writeln!(out, "{}", visible(input.shown()))?;
        }
        for &edition in &editions {
            let result = match input {
                Input::Text(text) => ast::parse(edition, text),
                Input::NotUtf8 { error, .. } => Err(ParseError::Invalid(error.clone())),
            };
            tally.count(result.is_ok());
            if args.json {
                let obj = match &result {
                    Ok(url) => serde_json::json!({
                        "input": input.shown(), "grammar": edition, "valid": true, "url": url,
                    }),
                    Err(e) => serde_json::json!({
                        "input": input.shown(), "grammar": edition, "valid": false, "error": e,
                    }),
                };
                serde_json::to_writer(&mut *out, &obj).map_err(io::Error::from)?;
                writeln!(out)?;
                continue;
            }
            match &result {
                Ok(url) => {
                    let value = serde_json::to_value(url).map_err(io::Error::from)?;
                    let kind = value
                        .pointer("/body/kind")
                        .and_then(|k| k.as_str())
                        .unwrap_or("");
                    writeln!(out, "  {:<12} {kind}", edition.id())?;
                    out.write_all(report::ast_tree(&value, 2).as_bytes())?;
                }
                Err(ParseError::Invalid(e)) => {
                    writeln!(out, "  {:<12} invalid at offset {}", edition.id(), e.offset)?;
                    caret(out, input.shown(), e)?;
                }
                Err(e) => writeln!(out, "  {:<12} {e}", edition.id())?,
            }
        }
        Ok(())
    })?;
    if !args.json {
        summary(out, &tally, editions.len(), "parsed", "invalid")?;
    }
    Ok(tally)
}

fn run_tree(
    args: TreeArgs,
    stdin: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<Tally, Failure> {
    let edition = args.grammar;
    let rule = args
        .rule
        .unwrap_or_else(|| edition.default_rule().to_string());
    if PrintedGrammar::of(edition).rule(&rule).is_none() {
        return Err(Failure::Usage(unknown_rule(&rule, &[edition])));
    }
    let mut tally = Tally::default();
    each_input(&args.urls, stdin, false, |input| {
        tally.inputs += 1;
        let (text, outcome) = match input {
            Input::Text(text) => (
                *text,
                grammars::run(edition, &rule, text).map_err(|e| Failure::Usage(e.to_string()))?,
            ),
            Input::NotUtf8 { .. } => ("", PestOutcome::Prefix { end: 0 }),
        };
        let result: Result<Node, CheckError> =
            match (outcome, input) {
                (PestOutcome::Whole(node), _) => Ok(node),
                (_, Input::NotUtf8 { error, .. }) => Err(error.clone()),
                (_, Input::Text(text)) => Err(check::diagnose(edition, &rule, text)
                    .map_err(|e| Failure::Usage(e.to_string()))?),
            };
        tally.count(result.is_ok());
        if args.json {
            let obj = match &result {
                Ok(node) => {
                    serde_json::json!({"input": input.shown(), "grammar": edition, "rule": rule, "valid": true, "tree": node})
                }
                Err(e) => {
                    serde_json::json!({"input": input.shown(), "grammar": edition, "rule": rule, "valid": false, "error": e})
                }
            };
            serde_json::to_writer(&mut *out, &obj).map_err(io::Error::from)?;
            writeln!(out)?;
            return Ok(());
        }
        match &result {
            Ok(node) => out.write_all(report::node_tree(text, node).as_bytes())?,
            Err(e) => {
                writeln!(out, "{edition} {rule}: invalid at offset {}", e.offset)?;
                caret(out, input.shown(), e)?;
            }
        }
        Ok(())
    })?;
    Ok(tally)
}

fn run_diff(args: DiffArgs, out: &mut dyn Write) -> Result<Tally, Failure> {
    if let Some(rule) = &args.rule {
        let known = |e: Edition| PrintedGrammar::of(e).rule(rule).is_some();
        if !known(args.a) && !known(args.b) {
            return Err(Failure::Usage(unknown_rule(rule, &[args.a, args.b])));
        }
    }
    let d = crate::diff::diff(args.a, args.b, args.rule.as_deref());
    if args.json {
        serde_json::to_writer(&mut *out, &d).map_err(io::Error::from)?;
        writeln!(out)?;
    } else {
        out.write_all(report::diff(&d).as_bytes())?;
    }
    Ok(Tally::default())
}

fn run_compare(
    args: CompareArgs,
    stdin: &mut dyn BufRead,
    out: &mut dyn Write,
    progress: bool,
) -> Result<Tally, Failure> {
    let mut tally = Tally::default();
    each_input(&args.urls, stdin, progress, |input| {
        tally.inputs += 1;
        let mut rows = Vec::new();
        for edition in Edition::ALL {
            let result = match input {
                Input::Text(text) => ast::parse(edition, text),
                Input::NotUtf8 { error, .. } => Err(ParseError::Invalid(error.clone())),
            };
            tally.count(result.is_ok());
            rows.push((edition, result));
        }
        if args.json {
            let editions: Vec<serde_json::Value> = rows
                .iter()
                .map(|(edition, r)| match r {
                    Ok(url) => serde_json::json!({"grammar": edition, "valid": true, "url": url}),
                    Err(e) => serde_json::json!({"grammar": edition, "valid": false, "error": e}),
                })
                .collect();
            let obj = serde_json::json!({"input": input.shown(), "editions": editions});
            serde_json::to_writer(&mut *out, &obj).map_err(io::Error::from)?;
            writeln!(out)?;
            return Ok(());
        }
        writeln!(out, "{}", visible(input.shown()))?;
        for (edition, r) in &rows {
            match r {
                Ok(url) => writeln!(
                    out,
                    "  {:<12} valid    {}",
                    edition.id(),
                    report::url_summary(url)
                )?,
                Err(e) => writeln!(out, "  {:<12} invalid  {e}", edition.id())?,
            }
        }
        Ok(())
    })?;
    Ok(tally)
}

fn run_resolve(
    args: ResolveArgs,
    stdin: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<Tally, Failure> {
    let mut tally = Tally::default();
    each_input(&args.partials, stdin, false, |input| {
        tally.inputs += 1;
        let r = crate::resolve::resolve(args.rules, &args.base, input.shown());
        tally.count(true);
        if args.json {
            serde_json::to_writer(&mut *out, &r).map_err(io::Error::from)?;
            writeln!(out)?;
        } else {
            writeln!(out, "{:<12} {}", r.partial, r.result)?;
            for n in &r.notes {
                writeln!(out, "  note[{}]: {}", n.code, n.message)?;
            }
        }
        Ok(())
    })?;
    Ok(tally)
}

fn run_equiv(args: EquivArgs, out: &mut dyn Write) -> Result<Tally, Failure> {
    let e = crate::encoding::equivalent(args.grammar, &args.a, &args.b);
    let mut tally = Tally::default();
    tally.count(e.equivalent);
    if args.json {
        serde_json::to_writer(&mut *out, &e).map_err(io::Error::from)?;
        writeln!(out)?;
        return Ok(tally);
    }
    for (label, url, canonical, errors) in [
        ("A", &e.a, &e.canonical_a, &e.errors_a),
        ("B", &e.b, &e.canonical_b, &e.errors_b),
    ] {
        writeln!(out, "{label}  {url}")?;
        match canonical {
            Some(c) => writeln!(out, "   at {} encoding level: {c}", e.grammar)?,
            None => {
                for err in errors {
                    writeln!(out, "   error: {err}")?;
                }
            }
        }
    }
    let verdict = if e.equivalent {
        "equivalent"
    } else {
        "not equivalent"
    };
    writeln!(out, "{verdict} under {}", e.grammar)?;
    Ok(tally)
}

fn run_encode(
    args: EncodeArgs,
    stdin: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<Tally, Failure> {
    each_input(&args.texts, stdin, false, |input| {
        writeln!(
            out,
            "{}",
            crate::encoding::encode(args.grammar, input.shown())
        )?;
        Ok(())
    })?;
    Ok(Tally::default())
}

fn run_extract(
    args: ExtractArgs,
    stdin: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<Tally, Failure> {
    let mut bytes = Vec::new();
    match &args.file {
        Some(path) => {
            bytes = std::fs::read(path)
                .map_err(|e| Failure::Usage(format!("cannot read {}: {e}", path.display())))?
        }
        None => {
            stdin.read_to_end(&mut bytes)?;
        }
    }
    let text = String::from_utf8_lossy(&bytes);
    let checkers = editions(&args.grammars)
        .into_iter()
        .map(|e| check::Checker::new(e, e.default_rule(), Engine::Pest))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| Failure::Usage(e.to_string()))?;
    let mut tally = Tally::default();
    for found in crate::extract::extract(&text) {
        tally.inputs += 1;
        let verdicts: Vec<Verdict> = checkers.iter().map(|c| c.check(&found.url)).collect();
        for v in &verdicts {
            tally.count(v.valid);
        }
        if args.json {
            let obj = serde_json::json!({
                "line": found.line, "column": found.column, "url": found.url,
                "wrapper": found.wrapper, "without_hyphen": found.without_hyphen, "verdicts": verdicts,
            });
            serde_json::to_writer(&mut *out, &obj).map_err(io::Error::from)?;
            writeln!(out)?;
            continue;
        }
        writeln!(
            out,
            "{}:{}  {}",
            found.line,
            found.column,
            visible(&found.url)
        )?;
        for alt in &found.without_hyphen {
            writeln!(
                out,
                "  note: a line break follows a hyphen; without it: {alt}"
            )?;
        }
        for v in &verdicts {
            emit_verdict(v, false, out)?;
        }
    }
    if !args.json {
        writeln!(
            out,
            "{} URL{} found: {} valid, {} invalid verdicts",
            tally.inputs,
            plural(tally.inputs),
            tally.good,
            tally.bad
        )?;
    }
    Ok(tally)
}

fn run_explain(args: ExplainArgs, out: &mut dyn Write) -> Result<Tally, Failure> {
    let edition = match args.grammar {
        Some(e) => e,
        None => Edition::ALL
            .into_iter()
            .rev()
            .find(|e| PrintedGrammar::of(*e).rule(&args.rule).is_some())
            .ok_or_else(|| Failure::Usage(unknown_rule(&args.rule, &Edition::ALL)))?,
    };
    let Some(ex) = crate::explain::explain(edition, &args.rule) else {
        return Err(Failure::Usage(unknown_rule(&args.rule, &[edition])));
    };
    if args.json {
        serde_json::to_writer(&mut *out, &ex).map_err(io::Error::from)?;
        writeln!(out)?;
        return Ok(Tally::default());
    }
    writeln!(out, "{} in {}\n", ex.rule, ex.edition)?;
    writeln!(out, "As printed:\n  {}", ex.printed)?;
    if let (Some(reading), Some(c)) = (&ex.reading, ex.correction) {
        writeln!(out, "Read as ({c}: {}):\n  {reading}", c.summary())?;
    } else if let Some(c) = ex.correction {
        writeln!(out, "Correction {c}: {}", c.summary())?;
    }
    if let Some(p) = &ex.pest {
        writeln!(out, "\nPEG (grammar/{}.pest):", ex.edition.id())?;
        for n in &p.notes {
            writeln!(out, "  // {n}")?;
        }
        for l in p.text.lines() {
            writeln!(out, "  {l}")?;
        }
    }
    writeln!(
        out,
        "\nUses: {}",
        if ex.uses.is_empty() {
            "nothing".into()
        } else {
            ex.uses.join(", ")
        }
    )?;
    writeln!(
        out,
        "Used by: {}",
        if ex.used_by.is_empty() {
            "nothing".into()
        } else {
            ex.used_by.join(", ")
        }
    )?;
    writeln!(out, "\nHistory:")?;
    let mut before: Option<Edition> = None;
    for h in &ex.history {
        let change = match (&h.language, before) {
            (Some(l), Some(pe)) => crate::explain::change_words(l, pe, h.edition),
            _ => "first printed here".into(),
        };
        writeln!(
            out,
            "  {:<12} {}\n  {:<12} {change}",
            h.edition.id(),
            h.printed,
            ""
        )?;
        before = Some(h.edition);
    }
    Ok(Tally::default())
}

fn run_book(args: BookArgs, out: &mut dyn Write) -> Result<Tally, Failure> {
    let pages = crate::book::build(&args.out)?;
    writeln!(out, "wrote {} pages to {}", pages.len(), args.out.display())?;
    writeln!(out, "open {}", args.out.join("index.html").display())?;
    Ok(Tally::default())
}
