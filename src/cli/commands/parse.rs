//! `urlbnf parse`: the typed AST of each input under each edition.

use std::io::{BufRead, Write};

use super::super::input::{Batch, Input, each_input_parallel};
use super::super::output::{
    ParseJson, Tally, caret, json_line, parse_bounded, summary, write_heading,
};
use super::super::{CliError, editions};
use crate::edition::Edition;
use crate::error::Error;
use crate::render::text;

pub(crate) const LONG: &str = "\
Parse each input into the typed AST: the scheme and its components (host, port,
path segments, search, ...), each with its text and byte span. A component the
edition's grammar does not have is absent. Where the printed grammar derives an
input in several ways, the AST takes the reading the document's prose describes.";

pub(crate) const EXAMPLES: &str = "\
Exit status: 0 when every input parses, 1 when any does not, 2 on a usage error.

Examples:
  urlbnf parse --grammar rfc1738 'gopher://h/7sel%09find'
  urlbnf parse --json 'http://info.cern.ch:8000/imaginary/test'";

#[derive(Debug, clap::Args)]
pub(crate) struct ParseArgs {
    /// Edition to parse with (repeat for several; default: all five)
    #[arg(long = "grammar", value_name = "ID")]
    grammars: Vec<Edition>,

    /// One JSON object per (input, grammar), one per line
    #[arg(long)]
    pub(crate) json: bool,

    #[command(flatten)]
    batch: Batch,
}

pub(crate) fn run(
    args: ParseArgs,
    stdin: &mut dyn BufRead,
    out: &mut dyn Write,
    progress: bool,
) -> Result<Tally, CliError> {
    let editions = editions(&args.grammars);
    let json = args.json;
    let tally = each_input_parallel(&args.batch, stdin, progress, out, |input, out, tally| {
        parse_one(input, &editions, json, out, tally)
    })?;
    if !json {
        summary(out, &tally, editions.len(), "parsed", "invalid")?;
    }
    Ok(tally)
}

/// One input under each edition: the AST, or where it fails.
fn parse_one(
    input: &Input<'_>,
    editions: &[Edition],
    json: bool,
    out: &mut dyn Write,
    tally: &mut Tally,
) -> Result<(), CliError> {
    tally.inputs += 1;
    if !json {
        write_heading(out, input.shown())?;
        writeln!(out)?;
    }
    for &edition in editions {
        let result = match input {
            Input::Text(text) => parse_bounded(edition, text),
            Input::NotUtf8 { error, .. } => Err(Error::Invalid(error.clone())),
        };
        tally.count(result.is_ok());
        if json {
            json_line(out, &ParseJson::new(Some(input.shown()), edition, &result))?;
            continue;
        }
        match &result {
            Ok(url) => {
                writeln!(out, "  {:<12} {}", edition.id(), url.body.kind().name())?;
                text::write_ast_tree(out, url, 2)?;
            }
            Err(Error::Invalid(e)) => {
                writeln!(out, "  {:<12} invalid at offset {}", edition.id(), e.offset)?;
                caret(out, input.shown(), e)?;
            }
            Err(e) => writeln!(out, "  {:<12} {e}", edition.id())?,
        }
    }
    Ok(())
}
