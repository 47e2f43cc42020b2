//! `urlbnf compare`: one input against every edition, side by side, and what
//! the WHATWG URL Standard makes of it.

use std::io::{self, Write};

use schemars::{Schema, SchemaGenerator};

use super::super::flags::{Json, Lint, Only, OnlyArg, ReadingArgs};
use super::super::input::{Batch, Input, each_input_parallel};
use super::super::output::{
    ParseJson, Tally, parse_in, prose_notes, reading_text, summary, write_heading, write_lints,
    write_only, write_prose_notes,
};
use super::super::{CliError, Io};
use super::{Run, in_words};
use crate::edition::Edition;
use crate::render::text;
use crate::verdicts::check::Reading;

pub(crate) const LONG: &str = "\
Check each input against every edition's default rule, oldest first, side by
side: the verdict, where an invalid input fails and what could come there, and
the main components where it parses. Below them, marked as a reading and not an
edition, what the WHATWG URL Standard (today's browsers, through the `url`
crate) makes of it: accepted or its error, and its serialization where that
differs from the input.";

pub(crate) const EXAMPLES: &str = "\
Exit status: 0 when every input is valid under every edition, 1 when any
is invalid under one (the WHATWG reading does not count), 2 on a usage error,
3 when a file cannot be read or output fails.

Examples:
  urlbnf compare 'http://A!' 'gopher://h/0u/G9cn%09n'
  urlbnf compare --json < urls.txt";

#[derive(Debug, clap::Args)]
pub(crate) struct CompareArgs {
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

impl Run for CompareArgs {
    const SCHEMA: Option<fn(SchemaGenerator) -> Schema> =
        Some(|g| g.into_root_schema_for::<CompareJson<'_>>());
    const HELP: &'static [(&'static str, &'static str)] = &[
        (
            "json",
            "One JSON object per input, one per line: the input and its `verdicts` (one `parse --json` object per edition)",
        ),
        (
            "only",
            "Print only the inputs valid under every edition, or only those invalid under one, one per line as read (like grep; as `check --only`)",
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
        let (json, reading) = (self.json.on, self.reading.reading());
        let (only, lint) = (self.only.which, self.lint.on);
        let tally = each_input_parallel(&self.batch, stdin, out, |input, out, tally| {
            if let Some(only) = only {
                let mut all = true;
                for edition in Edition::ALL {
                    let text = reading_text(input.shown(), edition, reading);
                    let ok =
                        parse_in(edition, edition.default_rule(), input, &text, reading).is_ok();
                    tally.count(ok);
                    all &= ok;
                }
                tally.inputs += 1;
                let want_valid = only == Only::Valid;
                return Ok(write_only(out, input, want_valid, all, terminal)?);
            }
            compare_one(input, (json, lint), reading, out, tally)
        })?;
        if !json && only.is_none() {
            summary(out, &tally, Edition::ALL.len(), "valid", "invalid")?;
        }
        Ok(tally)
    }
}

/// One input under every edition, side by side, then the WHATWG reading. Each edition's AST is
/// written and dropped before the next is built, so memory holds one at a time.
fn compare_one(
    input: &Input<'_>,
    (json, lint): (bool, bool),
    reading: Reading,
    out: &mut dyn Write,
    tally: &mut Tally,
) -> Result<(), CliError> {
    tally.inputs += 1;
    if json {
        // {"input": …, "verdicts": [ parse's object per edition ]}, as extract
        // groups its verdicts.
        out.write_all(b"{\"input\":")?;
        serde_json::to_writer(&mut *out, input.shown()).map_err(io::Error::from)?;
        out.write_all(b",\"verdicts\":[")?;
    } else {
        write_heading(out, input.shown())?;
        writeln!(out)?;
    }
    for (i, edition) in Edition::ALL.into_iter().enumerate() {
        let text = reading_text(input.shown(), edition, reading);
        let result = parse_in(edition, edition.default_rule(), input, &text, reading);
        tally.count(result.is_ok());
        if json {
            if i > 0 {
                out.write_all(b",")?;
            }
            let rule = edition.default_rule();
            let mut row = ParseJson::new(input.shown(), edition, rule, &result, reading);
            row.input_hex = input.hex();
            row.lints = lint_of(&result, lint);
            serde_json::to_writer(&mut *out, &row).map_err(io::Error::from)?;
            continue;
        }
        match &result {
            Ok(url) => writeln!(
                out,
                "  {:<12} valid    {}",
                edition.id(),
                text::url_summary(url)
            )?,
            Err(e) => writeln!(out, "  {:<12} invalid  {e}", edition.id())?,
        }
        // The notes `check` shows, as the JSON has them.
        let rule = edition.default_rule();
        let notes: Vec<_> = prose_notes(edition, rule, input.shown(), &result, reading)
            .into_iter()
            .filter(|n| {
                crate::prose::DISAGREEMENTS.contains(&n.code)
                    || matches!(
                        n.code,
                        "no-scheme-rule"
                            | "fragment"
                            | "generic-slashes"
                            | "ip-literal"
                            | "zone-id"
                    )
            })
            .collect();
        write_prose_notes(out, &notes, "      ")?;
        write_lints(out, &lint_of(&result, lint).unwrap_or_default(), "      ")?;
    }
    let whatwg = crate::tools::whatwg::read(input.shown());
    if json {
        out.write_all(b"],\"whatwg\":")?;
        serde_json::to_writer(&mut *out, &whatwg).map_err(io::Error::from)?;
        out.write_all(b"}\n")?;
        return Ok(());
    }
    write!(out, "  {:<12} ", "whatwg")?;
    match (&whatwg.message, &whatwg.serialization) {
        (Some(e), _) => write!(out, "rejected: {e}")?,
        (None, Some(s)) => {
            out.write_all(b"accepted as ")?;
            write_heading(out, s)?;
        }
        (None, None) => write!(out, "accepted as written")?,
    }
    writeln!(
        out,
        "  (a reading: the WHATWG URL Standard, not an edition)"
    )?;
    Ok(())
}

/// `--lint`: the lints of a valid URL.
fn lint_of(
    result: &Result<crate::ast::Url<'_>, crate::Error>,
    lint: bool,
) -> Option<Vec<crate::verdicts::lint::Lint>> {
    match result {
        Ok(url) if lint => Some(crate::verdicts::lint::lints(url)),
        _ => None,
    }
}

/// One line of `compare --json` (written piece by piece, one edition's
/// object at a time): the input and `parse`'s object per edition.
#[derive(schemars::JsonSchema)]
#[allow(dead_code)] // Only its schema is used.
pub(crate) struct CompareJson<'a> {
    /// The input, as given.
    input: &'a str,
    /// The verdicts, one per edition.
    verdicts: Vec<ParseJson<'a>>,
    /// What the WHATWG URL Standard makes of the input (a reading, not an edition).
    whatwg: crate::tools::whatwg::Whatwg,
}
