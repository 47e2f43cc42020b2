//! `urlbnf extract`: URLs found in plain text, and checked.

use std::io::{BufRead, Write};

use super::super::output::{Tally, emit_verdict, json_line, plural, visible};
use super::super::{CliError, editions};
use crate::analysis::check::{self, Engine, Verdict};
use crate::edition::Edition;

pub(crate) const LONG: &str = "\
Find URLs in plain text by their wrappers, <URL:...> and <...> (RFC 1738
appendix; draft-1994 \"Wrappers for URIs in plain text\"), join URLs wrapped across
lines by dropping whitespace, and check each one. A line break right after a
hyphen is ambiguous (the hyphen may or may not be part of the URL): the reading
without the hyphen is reported too.

Exit status: 0 when every URL found is valid under every selected edition, 1
otherwise, 2 on a usage error, 3 when the file cannot be read.";

pub(crate) const EXAMPLES: &str = "\
Examples:
  urlbnf extract message.txt
  urlbnf extract --grammar rfc1738 --json < message.txt";

#[derive(Debug, clap::Args)]
pub(crate) struct ExtractArgs {
    /// Edition to check the URLs against (repeat for several; default: all five)
    #[arg(long = "grammar", value_name = "ID")]
    grammars: Vec<Edition>,

    /// One JSON object per URL found, one per line
    #[arg(long)]
    pub(crate) json: bool,

    /// The text (default: standard input)
    #[arg(value_name = "FILE")]
    file: Option<std::path::PathBuf>,
}

pub(crate) fn run(
    args: ExtractArgs,
    stdin: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<Tally, CliError> {
    let mut bytes = Vec::new();
    match &args.file {
        Some(path) => {
            bytes = std::fs::read(path).map_err(|e| CliError::Lib(crate::Error::io(path, &e)))?
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
        .map_err(|e| CliError::Usage(e.to_string()))?;
    let mut tally = Tally::default();
    for found in crate::analysis::extract::extract(&text) {
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
            json_line(out, &obj)?;
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
            "{} URL{} found; {} verdict{}: {} valid, {} invalid",
            tally.inputs,
            plural(tally.inputs),
            tally.good + tally.bad,
            plural(tally.good + tally.bad),
            tally.good,
            tally.bad
        )?;
    }
    Ok(tally)
}
