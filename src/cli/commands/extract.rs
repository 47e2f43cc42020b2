//! `urlbnf extract`: URLs found in plain text, and checked.

use std::io::Write;

use schemars::{Schema, SchemaGenerator};

use super::super::flags::{Editions, Json, Lint, Only, OnlyArg, ReadingArgs, editions_help};
use super::super::input::Files;
use super::super::input::each_stream;
use super::super::output::{
    Tally, emit_verdict, json_line, lint_summary, number, plural, verdict_lints, visible,
    write_lints,
};
use super::super::{CliError, Io, editions};
use super::Run;
use super::check::CheckLine;
use crate::tools::extract::{Delimiters, Extractor, Found};
use crate::verdicts::check::{self, Engine, Verdict};
use crate::verdicts::lint;

pub(crate) const LONG: &str = "\
Find URLs in plain text by their wrappers, as the selected editions' documents
delimit them: <URL:...> and <...> (RFC 1738 appendix; draft-1994 \"Wrappers for
URIs in plain text\"), and under rfc2396 and rfc3986 also \"...\" (RFC 3986
Appendix C: a quote right before a scheme opens one, the next quote in the
paragraph closes it; \"URL:\" is still stripped). Editions whose document names
no wrapper (draft-1993, RFC 1630) read what the others find, or alone <URL:...>
and <...>. URLs wrapped across lines are joined by dropping whitespace, and
each one is checked. A line break right after a hyphen is ambiguous (the hyphen
may or may not be part of the URL): the reading without the hyphen is reported
too.

Exit status: 0 when every URL found is valid under every selected edition, 1
otherwise, 2 on a usage error, 3 when a file cannot be read or output fails.";

pub(crate) const EXAMPLES: &str = "\
Examples:
  urlbnf extract message.txt
  urlbnf extract --grammar rfc1738 --json < message.txt";

#[derive(Debug, clap::Args)]
pub(crate) struct ExtractArgs {
    #[command(flatten)]
    grammars: Editions,

    #[command(flatten)]
    json: Json,

    #[command(flatten)]
    lint: Lint,

    #[command(flatten)]
    only: OnlyArg,

    #[command(flatten)]
    reading: ReadingArgs,

    #[command(flatten)]
    more: Files,

    /// The texts, one after another (default or '-': standard input)
    #[arg(value_name = "FILE")]
    files: Vec<std::path::PathBuf>,
}

impl Run for ExtractArgs {
    const SCHEMA: Option<fn(SchemaGenerator) -> Schema> =
        Some(|g| g.into_root_schema_for::<ExtractJson<'_>>());
    const HELP: &'static [(&'static str, &'static str)] = &[
        (
            "grammars",
            editions_help!("Editions to check the URLs against"),
        ),
        ("json", "One JSON object per URL found, one per line"),
        (
            "only",
            "Print only the URLs found that are valid under every selected edition, or only those \
             invalid under any, one per line (like grep; as `check --only`); with --json, their \
             objects",
        ),
        (
            "file",
            "Read text from FILE ('-' is standard input), searched for URLs as a FILE argument is \
             (free text, not one URL per line); repeatable",
        ),
    ];

    fn run(self, io: &mut Io<'_>) -> Result<Tally, CliError> {
        let (mut stdin, out) = io.input(false);
        let stdin = &mut stdin;
        let selected = editions(&self.grammars.grammars);
        let delimiters = Delimiters::of(&selected);
        let checkers = selected
            .into_iter()
            .map(|e| {
                check::Checker::new(e, e.default_rule(), Engine::Pest)
                    .map(|c| c.reading(self.reading.reading()))
            })
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| CliError::Usage(e.to_string()))?;
        let files: Vec<std::path::PathBuf> =
            self.files.iter().chain(&self.more.files).cloned().collect();
        let mut tally = Tally::default();
        let mut unclosed = Vec::new();
        each_stream(false, &files, stdin, |reader, _| {
            // Line by line: each URL is written as soon as its wrapper closes.
            let mut extractor = Extractor::new(delimiters);
            let mut line = Vec::new();
            loop {
                line.clear();
                if reader.read_until(b'\n', &mut line)? == 0 {
                    unclosed.extend(extractor.unclosed());
                    for found in &extractor.finish() {
                        write_found(found, &checkers, &self, out, &mut tally)?;
                    }
                    return Ok(());
                }
                let found = extractor.feed(&String::from_utf8_lossy(&line));
                for found in &found {
                    write_found(found, &checkers, &self, out, &mut tally)?;
                }
                if !found.is_empty() {
                    out.flush()?;
                }
            }
        })?;
        for (line, column) in unclosed {
            writeln!(
                stdin.err,
                "urlbnf: a <URL: wrapper opened at line {line}, column {column} is never closed: its text is read as no URL"
            )?;
        }
        if !self.json.on && self.only.which.is_none() {
            writeln!(
                out,
                "{} URL{} found; {} verdict{}: {} valid, {} invalid",
                number(tally.inputs),
                plural(tally.inputs),
                number(tally.good + tally.bad),
                plural(tally.good + tally.bad),
                number(tally.good),
                number(tally.bad)
            )?;
            if self.lint.on {
                lint_summary(out, &tally)?;
            }
        }
        Ok(tally)
    }
}

/// One URL found, checked by each checker.
fn write_found(
    found: &Found,
    checkers: &[check::Checker],
    args: &ExtractArgs,
    out: &mut dyn Write,
    tally: &mut Tally,
) -> Result<(), CliError> {
    tally.inputs += 1;
    let verdicts: Vec<(Verdict, Vec<lint::Lint>)> = checkers
        .iter()
        .map(|c| {
            let verdict = c.check(&found.url);
            let text = args.lint.on.then_some(found.url.as_str());
            let lints = verdict_lints(&verdict, text, tally);
            tally.count(verdict.valid);
            (verdict, lints)
        })
        .collect();
    let all_valid = verdicts.iter().all(|(v, _)| v.valid);
    if args
        .only
        .which
        .is_some_and(|o| (o == Only::Valid) != all_valid)
    {
        return Ok(());
    }
    if args.json.on {
        let lines = verdicts
            .iter()
            .map(|(verdict, lints)| CheckLine::new(verdict, None, args.lint.on.then_some(lints)))
            .collect();
        let line = ExtractJson {
            line: found.line,
            column: found.column,
            input: &found.url,
            wrapper: found.wrapper,
            without_hyphen: &found.without_hyphen,
            hyphen_breaks: found.hyphen_breaks,
            verdicts: lines,
        };
        return json_line(out, &line);
    }
    if args.only.which.is_some() {
        writeln!(out, "{}", visible(&found.url))?;
        return Ok(());
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
            "  note: a line break follows a hyphen; without it: {}",
            visible(alt)
        )?;
    }
    let more = found
        .hyphen_breaks
        .saturating_sub(found.without_hyphen.len());
    if more > 0 {
        writeln!(
            out,
            "  note: {more} more line breaks follow a hyphen (the first {} readings are shown)",
            found.without_hyphen.len()
        )?;
    }
    for (verdict, lints) in &verdicts {
        emit_verdict(verdict, false, out)?;
        write_lints(out, lints, "      ")?;
    }
    Ok(())
}

/// One line of `extract --json`: a wrapped URL, where it was, and its verdicts.
#[derive(serde::Serialize, schemars::JsonSchema)]
pub(crate) struct ExtractJson<'a> {
    /// The line where the wrapper opens, from 1.
    line: usize,
    /// The column where it opens, from 1, in characters.
    column: usize,
    /// The input, as given.
    input: &'a str,
    /// The wrapper around the URL.
    wrapper: crate::tools::extract::Wrapper,
    /// Readings without a hyphen that a line break follows.
    without_hyphen: &'a [String],
    /// How many line breaks follow a hyphen.
    hyphen_breaks: usize,
    /// The verdicts, one per edition, each as `check --json` writes it.
    verdicts: Vec<CheckLine<'a>>,
}
