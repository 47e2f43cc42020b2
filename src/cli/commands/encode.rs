//! `urlbnf encode`: text encoded for a URL.

use std::io::Write;

use super::super::CliError;
use super::super::input::{Files, Stdin, each_input};
use super::super::output::{Tally, json_line};
use crate::edition::Edition;

pub(crate) const LONG: &str = "\
Encode text for use in a URL of an edition: characters the edition does not
allow unencoded, RFC 1738's unsafe characters (space, < > \" # % { } | \\ ^ ~ [ ]
and backquote), controls and non-ASCII (as UTF-8 octets) become %XX; reserved
characters are kept, since they carry meaning. Octets are encoded as read: a
byte that is not UTF-8 becomes its own %XX.

Standard input is read one text per line: the line ending (LF, or CR LF) is
not part of the text, so a CR just before LF is dropped; any other CR is text
and becomes %0D. To encode a CR at the end of a text, give it as an argument
(urlbnf encode \"$(printf 'a\\r')\").";

pub(crate) const EXAMPLES: &str = "\
Exit status: 0 when the text is encoded, 2 on a usage error, 3 when a file or
standard input cannot be read or output fails.

Examples:
  urlbnf encode 'a b<c>'
  urlbnf encode --grammar draft-1994 < names.txt
  urlbnf encode --json 'a b'";

/// One text encoded, as JSON.
#[derive(serde::Serialize, schemars::JsonSchema)]
pub(crate) struct EncodeJson<'a> {
    /// The input, as given.
    input: &'a str,
    /// The edition.
    grammar: Edition,
    /// The text encoded for the edition.
    encoded: &'a str,
}

#[derive(Debug, clap::Args)]
pub(crate) struct EncodeArgs {
    /// The edition whose characters may stay unencoded (default: the standard in force)
    #[arg(long = "grammar", value_name = "ID", default_value_t = Edition::IN_FORCE)]
    grammar: Edition,

    /// One JSON object per text, one per line: `input`, `grammar`, `encoded`
    #[arg(long)]
    json: bool,

    #[command(flatten)]
    files: Files,

    /// Texts to encode; `-` reads the lines of standard input after
    /// them (standard input is the default when none is given)
    #[arg(value_name = "TEXT")]
    texts: Vec<std::ffi::OsString>,
}

pub(crate) fn run(
    args: EncodeArgs,
    stdin: &mut Stdin<'_>,
    out: &mut dyn Write,
) -> Result<Tally, CliError> {
    each_input(&args.texts, &args.files, stdin, out, |input, out| {
        let encoded = crate::analysis::encoding::encode_bytes(args.grammar, input.raw());
        if args.json {
            json_line(
                out,
                &EncodeJson {
                    // A line that is not UTF-8 shows here lossily; `encoded`
                    // has its bytes as read.
                    input: input.shown(),
                    grammar: args.grammar,
                    encoded: &encoded,
                },
            )?;
        } else {
            writeln!(out, "{encoded}")?;
        }
        Ok(())
    })?;
    Ok(Tally::default())
}
