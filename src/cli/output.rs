//! What every command writes: JSON lines, carets under offsets, visible control
//! characters, and the closing tally.

use std::io::{self, Write};

use serde::Serialize;

use super::CliError;
use crate::analysis::check::{CheckError, Verdict};
use crate::error::Error;

/// Why an input has no AST, as JSON: the diagnosis `check` gives, or the rule
/// that names no URL.
pub(crate) fn error_json(e: &Error) -> serde_json::Value {
    match e {
        Error::Invalid(d) => serde_json::to_value(d).unwrap_or_default(),
        Error::NotAUrlRule { rule, .. } => serde_json::json!({ "rule": rule }),
        other => serde_json::json!({ "message": other.to_string() }),
    }
}

/// Write one value as one JSON line.
pub(crate) fn json_line(out: &mut dyn Write, value: &impl Serialize) -> Result<(), CliError> {
    serde_json::to_writer(&mut *out, value).map_err(io::Error::from)?;
    writeln!(out)?;
    Ok(())
}

/// How many results were good and bad.
#[derive(Default)]
pub(crate) struct Tally {
    pub(crate) inputs: usize,
    pub(crate) good: usize,
    pub(crate) bad: usize,
    pub(crate) lints: usize,
}

impl Tally {
    pub(crate) fn count(&mut self, good: bool) {
        if good {
            self.good += 1;
        } else {
            self.bad += 1;
        }
    }
}

pub(crate) fn summary(
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

pub(crate) fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

pub(crate) fn emit_verdict(v: &Verdict, json: bool, out: &mut dyn Write) -> Result<(), CliError> {
    if json {
        json_line(out, v)?;
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
pub(crate) fn caret(out: &mut dyn Write, input: &str, e: &CheckError) -> io::Result<()> {
    writeln!(out, "      {}", visible(input))?;
    writeln!(out, "      {}^ {}", " ".repeat(e.offset), e.message)
}

/// The input with control characters shown as `·`, one column each, so the caret
/// lines up under the offset.
pub(crate) fn visible(input: &str) -> String {
    input
        .chars()
        .map(|c| if c.is_control() { '·' } else { c })
        .collect()
}
