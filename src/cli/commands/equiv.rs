//! `urlbnf equiv`: two URLs compared at the same encoding level.

use std::io::Write;

use super::super::CliError;
use super::super::output::{Tally, json_line, visible};
use crate::edition::Edition;

pub(crate) const LONG: &str = "\
Bring two URLs to the same encoding level, then compare them (RFC 1630,
\"Encoding reserved characters\"): an escape of a character the edition allows
unencoded and does not reserve is decoded; escapes of reserved characters stay
(%2F is not /), with upper-case hexadecimal. An illegal escape (% not followed by
two hexadecimal digits) is an error.

Exit status: 0 when equivalent, 1 when not (or an escape is illegal), 2 on a
usage error, 3 when output fails.";

pub(crate) const EXAMPLES: &str = "\
Examples:
  urlbnf equiv http://info.cern.ch/albert/bertram/marie-claude http://info.cern.ch/albert/bertram/marie%2Dclaude
  urlbnf equiv --grammar rfc1630-url http://h/a/b http://h/a%2Fb";

#[derive(Debug, clap::Args)]
pub(crate) struct EquivArgs {
    /// The edition whose reserved characters stay encoded (default: the standard in force)
    #[arg(long = "grammar", value_name = "ID", default_value_t = Edition::IN_FORCE)]
    grammar: Edition,

    /// The result as one JSON object
    #[arg(long)]
    pub(crate) json: bool,

    /// The first URL
    #[arg(value_name = "A")]
    a: String,

    /// The second URL, compared with A
    #[arg(value_name = "B")]
    b: String,
}

pub(crate) fn run(args: EquivArgs, out: &mut dyn Write) -> Result<Tally, CliError> {
    let e = crate::analysis::encoding::equivalent(args.grammar, &args.a, &args.b);
    let mut tally = Tally::default();
    tally.count(e.equivalent);
    if args.json {
        json_line(out, &e)?;
        return Ok(tally);
    }
    for (label, side) in ["A", "B"].into_iter().zip(&e.urls) {
        writeln!(out, "{label}  {}", visible(&side.input))?;
        match &side.canonical {
            Some(c) => writeln!(out, "   at {} encoding level: {}", e.edition, visible(c))?,
            None => {
                for err in &side.errors {
                    writeln!(out, "   error: {}", visible(&err.to_string()))?;
                }
            }
        }
    }
    let verdict = if e.equivalent {
        "equivalent"
    } else {
        "not equivalent"
    };
    writeln!(out, "{verdict} under {}", e.edition)?;
    if e.case_only {
        writeln!(
            out,
            "note: they differ only in letter case, which the grammars compare exactly; RFC 1738 §2.1 reads scheme names without case, and host names are compared without case"
        )?;
    }
    Ok(tally)
}
