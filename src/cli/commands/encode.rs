//! `urlbnf encode`: text encoded for a URL, by the edition's own sets.

use schemars::{Schema, SchemaGenerator};

use super::super::flags::{InForce, Json};
use super::super::input::{Inputs, each_input};
use super::super::output::{Tally, json_line};
use super::super::{CliError, Io};
use super::{Run, in_words};
use crate::edition::Edition;
use crate::knowledge::encoding;
use crate::knowledge::meaning::Component;

pub(crate) const LONG: &str = "\
Encode text for use in a URL of an edition, by the edition's own character
sets: every octet outside what is kept becomes %XX (text that is not ASCII as
its UTF-8 octets, one %XX each; a byte that is not UTF-8 as its own), and %
always.

What is kept, and so what is guaranteed:
  rfc3986, rfc2396  the edition's unreserved characters, always: never an
                    escape of one (RFC 3986 §2.3: such escapes \"should not be
                    created by URI producers\"); and its reserved characters,
                    which carry meaning as delimiters (RFC 3986 §2.2: gen-delims
                    : / ? # [ ] @ and sub-delims ! $ & ' ( ) * + , ; =; RFC
                    2396's ; / ? : @ & = + $ ,).
  --component C     (rfc3986, rfc2396) exactly the characters the component's
                    rule allows, read from the grammar: segment (pchar), path
                    (path-abempty: pchar and /), query and fragment (pchar, /,
                    ?), userinfo, host (reg-name). The output is then derived
                    by that rule (a path once it begins with /). A reserved character the component allows
                    stays (a sub-delim, : or @ in a segment): it may be a
                    delimiter there.
  --data            (any edition) only the unreserved characters: text that is
                    data, no delimiter to be read in it (RFC 3986 §2.2 asks
                    producers to encode reserved characters in data). Under
                    rfc2396 this is what JavaScript's encodeURIComponent keeps.
  the early ones    the characters the edition allows unencoded and its
                    reserved ones, less RFC 1738 §2.2's unsafe characters
                    (space, < > \" # % { } | \\ ^ ~ [ ] and backquote) and
                    controls.

Standard input is read one text per line: the line ending (LF, or CR LF) is
not part of the text, so a CR just before LF is dropped; any other CR is text
and becomes %0D. To encode a CR at the end of a text, give it as an argument
(urlbnf encode \"$(printf 'a\\r')\").";

pub(crate) const EXAMPLES: &str = "\
Exit status: 0 when the text is encoded, 2 on a usage error (--component under
an edition without component rules), 3 when a file or standard input cannot be
read or output fails.

Examples:
  urlbnf encode 'a b<c>'
  urlbnf encode --grammar rfc3986 --component segment 'a/b c~'
  urlbnf encode --grammar rfc3986 --data 'a&b=c'
  urlbnf encode --grammar draft-1994 < names.txt
  urlbnf encode --json 'a b'";

/// One text encoded, as JSON.
#[derive(serde::Serialize, schemars::JsonSchema)]
pub(crate) struct EncodeJson<'a> {
    /// The input, as given.
    input: &'a str,
    /// The edition.
    grammar: Edition,
    /// The component whose characters were kept, where one was named.
    #[serde(skip_serializing_if = "Option::is_none")]
    component: Option<Component>,
    /// The text encoded for the edition.
    encoded: &'a str,
}

#[derive(Debug, clap::Args)]
pub(crate) struct EncodeArgs {
    #[command(flatten)]
    grammar: InForce,

    /// Keep exactly what this component's rule allows (rfc3986, rfc2396)
    #[arg(long, value_enum, value_name = "COMPONENT")]
    component: Option<Component>,

    /// Keep only unreserved characters: the text is data
    #[arg(long, conflicts_with = "component")]
    data: bool,

    #[command(flatten)]
    json: Json,

    #[command(flatten)]
    inputs: Inputs,
}

impl Run for EncodeArgs {
    const SCHEMA: Option<fn(SchemaGenerator) -> Schema> =
        Some(|g| g.into_root_schema_for::<EncodeJson<'_>>());
    const HELP: &'static [(&'static str, &'static str)] = &[
        (
            "grammar",
            "The edition whose characters may stay unencoded (default: the standard in force)",
        ),
        (
            "json",
            "One JSON object per text, one per line: `input`, `grammar`, `encoded`",
        ),
        (
            "urls",
            "Texts to encode; `-` reads the lines of standard input after them (standard input is \
             the default when none is given)",
        ),
    ];

    fn arg(arg: clap::Arg) -> clap::Arg {
        let arg = in_words(Self::HELP, arg);
        match arg.get_id().as_str() {
            "urls" => arg.value_name("TEXT"),
            _ => arg,
        }
    }

    fn run(self, io: &mut Io<'_>) -> Result<Tally, CliError> {
        let (mut stdin, out) = io.input(false);
        let stdin = &mut stdin;
        if let Some(c) = self.component {
            // Refused before any input is read.
            encoding::encode_component(self.grammar.edition, c, b"").map_err(CliError::Usage)?;
        }
        each_input(
            &self.inputs.urls,
            &self.inputs.files,
            stdin,
            out,
            |input, out| {
                let raw = input.raw();
                let encoded = match (self.component, self.data) {
                    (Some(c), _) => encoding::encode_component(self.grammar.edition, c, raw)
                        .map_err(CliError::Usage)?,
                    (None, true) => encoding::encode_data(self.grammar.edition, raw),
                    (None, false) => encoding::encode_bytes(self.grammar.edition, raw),
                };
                if self.json.on {
                    json_line(
                        out,
                        &EncodeJson {
                            // A line that is not UTF-8 shows here lossily; `encoded`
                            // has its bytes as read.
                            input: input.shown(),
                            grammar: self.grammar.edition,
                            component: self.component,
                            encoded: &encoded,
                        },
                    )?;
                } else {
                    writeln!(out, "{encoded}")?;
                }
                Ok(())
            },
        )?;
        Ok(Tally::default())
    }
}
