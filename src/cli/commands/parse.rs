//! `urlbnf parse`: the typed AST of each input under each edition.

use std::io::{BufRead, Write};

use super::super::input::{Input, each_input};
use super::super::output::{Tally, caret, error_json, json_line, summary, visible};
use super::super::{CliError, editions};
use crate::analysis::ast;
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

    /// Inputs to parse (default: lines of standard input)
    #[arg(value_name = "URL")]
    urls: Vec<String>,
}

pub(crate) fn run(
    args: ParseArgs,
    stdin: &mut dyn BufRead,
    out: &mut dyn Write,
    progress: bool,
) -> Result<Tally, CliError> {
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
                Input::NotUtf8 { error, .. } => Err(Error::Invalid(error.clone())),
            };
            tally.count(result.is_ok());
            if args.json {
                let obj = match &result {
                    Ok(url) => serde_json::json!({
                        "input": input.shown(), "grammar": edition, "valid": true, "url": url,
                    }),
                    Err(e) => serde_json::json!({
                        "input": input.shown(), "grammar": edition, "valid": false, "error": error_json(e),
                    }),
                };
                json_line(out, &obj)?;
                continue;
            }
            match &result {
                Ok(url) => {
                    writeln!(out, "  {:<12} {}", edition.id(), url.body.kind().name())?;
                    out.write_all(text::ast_tree(url, 2).as_bytes())?;
                }
                Err(Error::Invalid(e)) => {
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
