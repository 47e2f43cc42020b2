//! `urlbnf compare`: one input against all five editions, side by side.

use std::io::{BufRead, Write};

use super::super::CliError;
use super::super::input::{Input, each_input};
use super::super::output::{Tally, error_json, json_line, visible};
use crate::analysis::ast;
use crate::edition::Edition;
use crate::error::Error;
use crate::render::text;

pub(crate) const LONG: &str = "\
Check each input against all five editions' default rules, side by side: the
verdict, where an invalid input fails and what could come there, and the main
components where it parses.";

#[derive(Debug, clap::Args)]
pub(crate) struct CompareArgs {
    /// One JSON object per input, one per line
    #[arg(long)]
    pub(crate) json: bool,

    /// Inputs (default: lines of standard input)
    #[arg(value_name = "URL")]
    urls: Vec<String>,
}

pub(crate) fn run(
    args: CompareArgs,
    stdin: &mut dyn BufRead,
    out: &mut dyn Write,
    progress: bool,
) -> Result<Tally, CliError> {
    let mut tally = Tally::default();
    each_input(&args.urls, stdin, progress, |input| {
        tally.inputs += 1;
        let mut rows = Vec::new();
        for edition in Edition::ALL {
            let result = match input {
                Input::Text(text) => ast::parse(edition, text),
                Input::NotUtf8 { error, .. } => Err(Error::Invalid(error.clone())),
            };
            tally.count(result.is_ok());
            rows.push((edition, result));
        }
        if args.json {
            let editions: Vec<serde_json::Value> = rows
                .iter()
                .map(|(edition, r)| match r {
                    Ok(url) => serde_json::json!({"grammar": edition, "valid": true, "url": url}),
                    Err(e) => serde_json::json!({"grammar": edition, "valid": false, "error": error_json(e)}),
                })
                .collect();
            let obj = serde_json::json!({"input": input.shown(), "editions": editions});
            json_line(out, &obj)?;
            return Ok(());
        }
        writeln!(out, "{}", visible(input.shown()))?;
        for (edition, r) in &rows {
            match r {
                Ok(url) => writeln!(
                    out,
                    "  {:<12} valid    {}",
                    edition.id(),
                    text::url_summary(url)
                )?,
                Err(e) => writeln!(out, "  {:<12} invalid  {e}", edition.id())?,
            }
        }
        Ok(())
    })?;
    Ok(tally)
}
