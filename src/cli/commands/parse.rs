//! `urlbnf parse`: the typed AST of each input under each edition.

use std::io::Write;

use schemars::{Schema, SchemaGenerator};

use super::super::flags::{
    Editions, Json, Lint, NoGrammarFile, Only, OnlyArg, ReadingArgs, Rule, editions_help,
};
use super::super::input::{Batch, Input, each_input_parallel};
use super::super::output::{
    ParseJson, Tally, caret, json_line, parse_in, prose_notes, reading_text, summary,
    write_heading, write_lints, write_only, write_prose_notes,
};
use super::super::{CliError, Io};
use super::check::targets;
use super::{Run, in_words};
use crate::edition::Edition;
use crate::error::Error;
use crate::render::text;
use crate::verdicts::ast;
use crate::verdicts::check::Reading;

pub(crate) const LONG: &str = "\
Parse each input into the typed AST: the scheme and its components (host, port,
path segments, search, ...), each with its text and byte span. A component the
edition's grammar does not have is absent. Where the printed grammar derives an
input in several ways, the AST takes the reading the document's prose describes.
Where RFC 1738's prose says more than its BNF (default ports, an empty gopher
path, the local file host, an omitted FTP type, an upper case scheme, gopher's
encoded tabs), a note on the component quotes the section.";

pub(crate) const EXAMPLES: &str = "\
Exit status: 0 when every input parses, 1 when any does not, 2 on a usage
error, 3 when a file cannot be read or output fails.

Examples:
  urlbnf parse --grammar rfc1738 'gopher://h/7sel%09find'
  urlbnf parse --json 'http://info.cern.ch:8000/imaginary/test'
  urlbnf parse --grammar draft-1994 --rule prefixedurl 'url:http://h/'";

#[derive(Debug, clap::Args)]
pub(crate) struct ParseArgs {
    #[command(flatten)]
    grammars: Editions,

    // A grammar file has no transcription and no AST: refused, saying what
    // reads one.
    #[command(flatten)]
    grammar_file: NoGrammarFile,

    #[command(flatten)]
    rule: Rule,

    #[command(flatten)]
    json: Json,

    #[command(flatten)]
    lint: Lint,

    #[command(flatten)]
    only: OnlyArg,

    #[command(flatten)]
    reading: ReadingArgs,

    #[command(flatten)]
    batch: Batch,
}

impl Run for ParseArgs {
    const SCHEMA: Option<fn(SchemaGenerator) -> Schema> =
        Some(|g| g.into_root_schema_for::<ParseJson<'_>>());
    const HELP: &'static [(&'static str, &'static str)] = &[
        ("grammars", editions_help!("Editions to parse with")),
        (
            "rule",
            "URL rule to parse with, by its printed name (`prefixedurl`, `httpurl`, `waisdoc`...); \
             default: each edition's whole-URL rule. A rule that names no whole URL (`hostname`, \
             `login`) has no AST: `urlbnf tree --rule` shows its derivation",
        ),
        (
            "only",
            "Print only the inputs every edition parses, or only those one does not, one per line \
             as read (like grep; as `check --only`)",
        ),
    ];

    fn arg(arg: clap::Arg) -> clap::Arg {
        let arg = in_words(Self::HELP, arg);
        match arg.get_id().as_str() {
            "only" => arg.conflicts_with("json"),
            _ => arg,
        }
    }

    fn run(self, io: &mut Io<'_>) -> Result<Tally, CliError> {
        let terminal = io.terminal.stdout;
        let (mut stdin, out) = io.input(!self.json.on);
        let stdin = &mut stdin;
        if let Some(refused) = self.grammar_file.refused("parse") {
            return Err(refused);
        }
        // Notes on editions without the rule wait until the rule is known to be a URL's.
        let mut notes = Vec::new();
        let targets = targets(
            &self.grammars.grammars,
            self.rule.name.as_deref(),
            &mut notes,
        )?;
        if let Some((edition, rule)) = targets.iter().find(|(e, r)| !ast::is_url_rule(*e, r)) {
            return Err(CliError::Usage(format!(
                "'{rule}' names no whole URL in {edition}, so it has no AST; \
             `urlbnf tree --grammar {edition} --rule {rule}` shows its derivation"
            )));
        }
        stdin.err.write_all(&notes)?;
        let (json, reading) = (self.json.on, self.reading.reading());
        let (only, lint) = (self.only.which, self.lint.on);
        let tally = each_input_parallel(&self.batch, stdin, out, |input, out, tally| {
            if let Some(only) = only {
                let mut all = true;
                for (edition, rule) in &targets {
                    let text = reading_text(input.shown(), *edition, reading);
                    let ok = parse_in(*edition, rule, input, &text, reading).is_ok();
                    tally.count(ok);
                    all &= ok;
                }
                tally.inputs += 1;
                let want_valid = only == Only::Valid;
                return Ok(write_only(out, input, want_valid, all, terminal)?);
            }
            parse_one(input, &targets, (json, lint), reading, out, tally)
        })?;
        if !json && only.is_none() {
            summary(out, &tally, targets.len(), "parsed", "invalid")?;
        }
        Ok(tally)
    }
}

/// One input under each edition: the AST, or where it fails.
fn parse_one(
    input: &Input<'_>,
    targets: &[(Edition, String)],
    (json, lint): (bool, bool),
    reading: Reading,
    out: &mut dyn Write,
    tally: &mut Tally,
) -> Result<(), CliError> {
    tally.inputs += 1;
    if !json {
        write_heading(out, input.shown())?;
        writeln!(out)?;
    }
    for (edition, rule) in targets {
        let edition = *edition;
        let text = reading_text(input.shown(), edition, reading);
        let result = parse_in(edition, rule, input, &text, reading);
        tally.count(result.is_ok());
        let lints = match (&result, lint) {
            (Ok(url), true) => Some(crate::verdicts::lint::lints(url)),
            _ => None,
        };
        if json {
            let mut row = ParseJson::new(input.shown(), edition, rule, &result, reading);
            row.input_hex = input.hex();
            row.lints = lints;
            json_line(out, &row)?;
            continue;
        }
        match &result {
            Ok(url) => {
                writeln!(out, "  {:<12} {}", edition.id(), url.body.kind().name())?;
                text::write_ast_tree(out, url, 2)?;
                write_lints(out, lints.as_deref().unwrap_or_default(), "    ")?;
            }
            Err(Error::Invalid(e)) => {
                writeln!(out, "  {:<12} invalid at offset {}", edition.id(), e.offset)?;
                caret(out, input.shown(), e)?;
            }
            Err(e) => writeln!(out, "  {:<12} {e}", edition.id())?,
        }
        let notes = prose_notes(edition, rule, input.shown(), &result, reading);
        write_prose_notes(out, &notes, "    ")?;
    }
    Ok(())
}
