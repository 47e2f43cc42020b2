//! `urlbnf report`: the conformance of a whole corpus, and the merge of partial
//! reports.

use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::path::{Path, PathBuf};

use schemars::{Schema, SchemaGenerator};

use super::super::flags::{Json, Lint, ReadingArgs};
use super::super::input::{Files, Jobs, Lines, Stdin, Stream, fold_lines, say_bom, say_reading};
use super::super::output::{Tally, json_line};
use super::super::{CliError, Io, Terminal};
use super::Run;
use crate::render::report as render;
use crate::render::write::{self, Output};
use crate::tools::report::{Report, Reporter};

pub(crate) const LONG: &str = "\
Report the conformance of a corpus: one report, not one verdict per input.

For each edition: how many inputs its rule derives, the same per scheme (the
text before the first ':', lowercased), and the invalid inputs grouped by cause.
A cause is the point where inputs stop being a prefix of any valid string: the
innermost printed rule each of them is in there, what was found, and what could
come (as `check` says it), with its count, its share of the invalid inputs and
up to 3 of the shortest inputs with that cause. Across editions: for each pair,
how many inputs one accepts and the other rejects.

Where an edition ends its schemes with a catch-all for new ones (rfc1738
otherurl, draft-1993 generic), the scheme table counts the inputs of a known
scheme that only the catch-all derives (\"catch-all only\"); --known-schemes
checks those by their scheme's own rule, so their causes name its rules.

Inputs are read as `check` reads standard input (one per line, a line that is
not UTF-8 is an invalid input), on every core, in bounded memory: causes are
bounded by the grammars, examples by 3 per cause, schemes by 1000 counted one
by one (those a grammar names first, then the shortest, then byte order; the
rest are summed as \"(other schemes)\"), whatever the order or --jobs.

The JSON (--json) is one object, the same for a corpus and for a merge:
  format       \"urlbnf-report/5\"
  inputs       inputs read
  digest       the inputs' digest, whatever their order
  parts[]      {id, digest, inputs} per part counted (id: random, 128 bits)
  known_schemes, fold_scheme_case   the reading (--known-schemes, --fold-scheme-case)
  lint         whether --lint counted lints
  editions[]   grammar, rule, valid, invalid,
               schemes[] {name, valid, invalid, catch_all_only},
               causes[] {rule, found, expected[], inputs,
                         examples[] {input, offset (characters), byte_offset}},
               lints[] {code, inputs}
  patterns[]   {valid_in[] (editions accepting), inputs}
  differences[] {accepted_by, rejected_by, inputs}
  whatwg       what the WHATWG URL Standard (the url crate) makes of the inputs,
               a reading beside the editions (absent with --no-whatwg):
               {valid, invalid, rewritten, refusals[] {message, inputs}}
Reports of disjoint parts of a corpus merge (--merge) into exactly the report
of the whole, in any order and grouping. A part is known by its id: the same
report given twice is refused, two reports of the same lines are two parts. A
file holding no report (empty, or only blank lines) is refused by name, and so
are reports made in different readings (--known-schemes, --fold-scheme-case,
--lint, --no-whatwg).";

pub(crate) const EXAMPLES: &str = "\
Exit status: 0 when the report is written, 2 on a usage error, 3 when a file
cannot be read or written.

Examples:
  urlbnf report urls.txt
  urlbnf report --grammar rfc1738 --html report.html urls.txt
  split -n l/4 urls.txt part. && for p in part.*; do urlbnf report --json $p > $p.json; done
  urlbnf report --merge part.*.json";

#[derive(Debug, clap::Args)]
pub(crate) struct ReportArgs {
    #[command(flatten)]
    targets: super::check::Targets,

    #[command(flatten)]
    json: Json,

    /// Also write the report as a self-contained HTML page with charts, to
    /// OUT: a new file, or an earlier HTML report of urlbnf's (never an input,
    /// never another file unless --force)
    #[arg(long, value_name = "OUT")]
    html: Option<PathBuf>,

    /// Let --html replace a file that is not an earlier urlbnf report (never
    /// one of the inputs)
    #[arg(long, requires = "html")]
    force: bool,

    #[command(flatten)]
    reading: ReadingArgs,

    #[command(flatten)]
    lint: Lint,

    /// Do not count what the WHATWG URL Standard makes of each input (the
    /// `url` crate's parser, a reading shown beside the editions)
    #[arg(long)]
    no_whatwg: bool,

    /// Causes and schemes shown per edition in text and HTML (JSON has all)
    #[arg(long, value_name = "N", default_value_t = 10)]
    top: usize,

    /// The FILEs are JSON reports (one or more per file, one per line) of
    /// disjoint parts of a corpus: write the report of the whole
    #[arg(long, conflicts_with_all = ["grammars", "rule", "engine", "known_schemes", "fold_scheme_case", "lint", "no_whatwg"])]
    merge: bool,

    #[command(flatten)]
    jobs: Jobs,

    #[command(flatten)]
    more: Files,

    /// Inputs, one per line, several files read as one corpus (default or '-':
    /// standard input); with --merge, JSON reports
    #[arg(value_name = "FILE")]
    files: Vec<PathBuf>,
}

impl Run for ReportArgs {
    const SCHEMA: Option<fn(SchemaGenerator) -> Schema> =
        Some(|g| g.into_root_schema_for::<Report>());
    const HELP: &'static [(&'static str, &'static str)] = &[
        (
            "json",
            "Write the report as one JSON object (mergeable with --merge)",
        ),
        (
            "lint",
            "Count the security lints (each from the edition's document) of valid inputs, per code",
        ),
    ];

    fn run(mut self, io: &mut Io<'_>) -> Result<Tally, CliError> {
        let terminal = io.terminal;
        let (mut stdin, out) = io.input(false);
        let stdin = &mut stdin;
        // --file FILE is one more FILE.
        self.files.append(&mut self.more.files);
        // The page's file is checked before any input is read.
        let html = match &self.html {
            Some(path) => {
                let output = Output {
                    flag: "--html",
                    what: "an HTML report",
                    mark: render::HTML_MARK,
                    files: &self.files,
                    stdin: self.files.is_empty() || self.files.iter().any(|f| f.as_os_str() == "-"),
                };
                Some(write::claim_file(path, &output, self.force)?)
            }
            None => None,
        };
        let report = if self.merge {
            merge(&self.files, stdin.reader)?
        } else {
            corpus(&self, stdin, terminal)?
        };
        if let Some(claim) = html {
            let sources: Vec<String> = self
                .files
                .iter()
                .map(|f| f.display().to_string())
                .filter(|f| f != "-")
                .collect();
            let page = render::html(&report, self.top, &sources, &crate::render::today());
            claim.write(page.as_bytes())?;
        }
        if self.json.on {
            json_line(out, &report)?;
        } else {
            out.write_all(render::text(&report, self.top).as_bytes())?;
        }
        Ok(Tally::default())
    }
}

/// The report of the lines of one file or standard input.
fn corpus(
    args: &ReportArgs,
    stdin: &mut Stdin<'_>,
    terminal: Terminal,
) -> Result<Report, CliError> {
    let reading = args.reading.reading();
    let checkers = args.targets.checkers(stdin.err)?;
    let checkers = checkers.into_iter().map(|c| c.reading(reading)).collect();
    let reporter = Reporter::new(checkers)?
        .linting(args.lint.on)
        .reading_whatwg(!args.no_whatwg);
    if let Some(warning) = args.jobs.warning() {
        writeln!(stdin.err, "{warning}")?;
    }
    let fold = |lines: Lines<'_>| {
        fold_lines(
            lines,
            &args.jobs,
            || reporter.partial(),
            |partial, piece| {
                // Most pieces are text, walked where they were read.
                let text = piece.text().and_then(|t| std::str::from_utf8(t).ok());
                if text.is_some_and(|text| reporter.add_lines(partial, text)) {
                    return;
                }
                // Else one UTF-8 check for the piece, its lines split.
                if let Some(texts) = piece.text_lines() {
                    return reporter.add_each(partial, &texts);
                }
                // A line that is not UTF-8 is counted as shown, each bad
                // byte U+FFFD (which no edition derives).
                let shown: Vec<std::borrow::Cow<'_, str>> = piece
                    .lines()
                    .iter()
                    .map(|l| String::from_utf8_lossy(l))
                    .collect();
                let texts: Vec<&str> = shown.iter().map(|t| &**t).collect();
                reporter.add_each(partial, &texts)
            },
            |a, b| a.merge(b),
        )
    };
    // Several FILEs are one corpus, read one after another.
    let standard = [PathBuf::from("-")];
    let paths = match args.files.as_slice() {
        [] => &standard[..],
        files => files,
    };
    let mut whole = reporter.partial();
    for path in paths {
        let (partial, bom) = if path.as_os_str() != "-" {
            let file = File::open(path).map_err(|e| crate::Error::io(path, &e))?;
            let size = file.metadata().ok().map(|m| m.len());
            let mut reader = BufReader::with_capacity(1 << 16, file);
            let mut stream = Stream::new(&mut reader, Some(path));
            let partial = fold(Lines {
                reader: &mut stream,
                size,
                // A bar with the time left, when someone watches standard error.
                progress: terminal.stderr,
            })?;
            (partial, stream.skipped_bom)
        } else {
            say_reading(stdin)?;
            let mut stream = Stream::new(&mut *stdin.reader, None);
            let partial = fold(Lines {
                reader: &mut stream,
                size: None,
                progress: terminal.progress && !args.json.on,
            })?;
            (partial, stream.skipped_bom)
        };
        if bom {
            say_bom(path, stdin.err)?;
        }
        whole.merge(partial);
    }
    Ok(reporter.finish(whole))
}

/// The report of the whole from the reports of its parts.
fn merge(files: &[PathBuf], stdin: &mut dyn BufRead) -> Result<Report, CliError> {
    let mut whole: Option<Report> = None;
    let mut add = |text: &str, path: &Path| -> Result<(), CliError> {
        // A file with no report is a part whose writer died, not a part of
        // no inputs (that is a report saying 0).
        if text.trim().is_empty() {
            return Err(CliError::Usage(format!(
                "{}: holds no report (empty, or only blank lines): was it written to the end?",
                path.display()
            )));
        }
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let part: Report = serde_json::from_str(line).map_err(|e| {
                CliError::Usage(format!(
                    "{}:{}: not a urlbnf report: {e}",
                    path.display(),
                    i + 1
                ))
            })?;
            // A part is untrusted input: refused whole, with the field.
            part.validate().map_err(|e| {
                CliError::Usage(format!(
                    "{}:{}: not a valid urlbnf report: {e}",
                    path.display(),
                    i + 1
                ))
            })?;
            match &mut whole {
                None => whole = Some(part),
                Some(w) => w
                    .merge(&part)
                    .map_err(|e| CliError::Usage(format!("{}: {e}", path.display())))?,
            }
        }
        Ok(())
    };
    if files.is_empty() {
        let mut text = String::new();
        stdin.read_to_string(&mut text)?;
        add(&text, Path::new("-"))?;
    }
    for path in files {
        let text = if path.as_os_str() == "-" {
            let mut text = String::new();
            stdin.read_to_string(&mut text)?;
            text
        } else {
            std::fs::read_to_string(path).map_err(|e| crate::Error::io(path, &e))?
        };
        add(&text, path)?;
    }
    whole.ok_or_else(|| CliError::Usage("no report to merge".to_string()))
}

impl From<serde_json::Error> for CliError {
    fn from(e: serde_json::Error) -> Self {
        CliError::Io(io::Error::from(e))
    }
}
