//! `urlbnf resolve`: partial forms in the context of a full URL.

use std::io::{BufRead, Write};

use super::super::CliError;
use super::super::input::{Input, each_input};
use super::super::output::{Tally, json_line, visible};
use crate::analysis::resolve::Rules;

pub(crate) const LONG: &str = "\
Resolve partial (relative) forms in the context of a full URL, by the rules of
RFC 1630 (\"Partial (relative) form\", the default) or of the 1993 draft
(\"Partial form\"), each as its document states it. RFC 1630: a partial form with
a scheme is absolute; one starting with N slashes keeps the context up to the
first run of exactly N slashes with no longer run to its right; otherwise the
context's last path segment is replaced, then \"xxx/../\" and \"/.\" are removed
repeatedly. Where a document's rule and its printed example disagree, or a rule
does not say what to do, a note says so.";

pub(crate) const EXAMPLES: &str = "\
Examples:
  urlbnf resolve magic://a/b/c//d/e/f g /g //g ../g g:h
  urlbnf resolve --rules draft-1993 http://h/a/b/c ../d";

#[derive(Debug, clap::Args)]
pub(crate) struct ResolveArgs {
    /// Whose rules: RFC 1630's or the 1993 draft's
    #[arg(long, value_enum, default_value_t = Rules::Rfc1630)]
    rules: Rules,

    /// One JSON object per partial form, one per line
    #[arg(long)]
    pub(crate) json: bool,

    /// The full URL that is the context
    #[arg(value_name = "BASE")]
    base: String,

    /// Partial forms (default: lines of standard input)
    #[arg(value_name = "PARTIAL")]
    partials: Vec<std::ffi::OsString>,
}

pub(crate) fn run(
    args: ResolveArgs,
    stdin: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<Tally, CliError> {
    let mut tally = Tally::default();
    each_input(&args.partials, stdin, false, |input| {
        tally.inputs += 1;
        let mut r = crate::analysis::resolve::resolve(args.rules, &args.base, input.shown());
        if let Input::NotUtf8 { error, .. } = input {
            // Never rewritten silently: say which byte became U+FFFD.
            r.notes.push(crate::analysis::resolve::Note {
                code: "not-utf8",
                message: format!(
                    "the partial form is not UTF-8 (invalid byte at byte {}); it was resolved with U+FFFD in its place",
                    error.byte_offset
                ),
            });
        }
        tally.count(true);
        if args.json {
            json_line(out, &r)?;
        } else {
            writeln!(out, "{:<12} {}", visible(&r.partial), visible(&r.result))?;
            for n in &r.notes {
                writeln!(out, "  note[{}]: {}", n.code, visible(&n.message))?;
            }
        }
        Ok(())
    })?;
    Ok(tally)
}
