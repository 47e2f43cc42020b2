//! `urlbnf equiv`: two URLs compared by their edition's own reading.

use schemars::{Schema, SchemaGenerator};

use super::super::flags::{AtLevel, InForce, Json};
use super::super::output::{Tally, json_line, visible};
use super::super::{CliError, Io};
use super::Run;

pub(crate) const LONG: &str = "\
Whether two URLs are equivalent by the edition's own reading: each brought to
a level, then compared as strings. An input that is not a URL of the edition
is an error with where it stops (exit 1), never compared.

rfc3986 (the default): RFC 3986 §6.2's comparison ladder.
  string   §6.2.1, simple string comparison: character for character.
  syntax   §6.2.2 (the default): scheme and host in lower case (§6.2.2.1),
           percent-encodings in upper case and those of unreserved characters
           decoded (§6.2.2.2), dot segments removed by remove_dot_segments
           (§6.2.2.3). HTTP://www.EXAMPLE.com/ is http://www.example.com/.
  scheme   §6.2.3, after §6.2.2: an empty port and the scheme's default port
           dropped (each default with the document it comes from), an empty
           path with an authority written / where the scheme defines it so
           (http, https), a mailto domain in lower case.
The inputs must be URIs (the URI rule): §6.1 says references are compared
after resolution (urlbnf resolve).

The editions before it keep their own reading, RFC 1630's (\"Encoding
reserved characters\"): an escape of a character the edition allows
unencoded and does not reserve is decoded, escapes of reserved characters stay
(%2F is not /), in upper case (level encoding, their default; or string). An
illegal escape (% not followed by two hexadecimal digits) is an error. rfc2396
reads so too, with its own classes (its text on comparison is not among
urlbnf's documents). The answer names the document its reading comes from.";

pub(crate) const EXAMPLES: &str = "\
Exit status: 0 when equivalent, 1 when not or when an input is not a URL of
the edition: the last line says which (\"not equivalent\", or \"not compared
(not a URL)\" with a note[not-a-url] naming the input; in --json a
`not-a-url` note), 2 on a usage error (a level the edition's reading has
not), 3 when output fails. Where two URLs are not equivalent at the level
but are at a higher one, a note[equivalent-at] names it.

Examples:
  urlbnf equiv HTTP://www.EXAMPLE.com/ http://www.example.com/
  urlbnf equiv --level scheme http://example.com http://example.com:80/
  urlbnf equiv --grammar rfc1738 http://info.cern.ch/albert/bertram/marie-claude http://info.cern.ch/albert/bertram/marie%2Dclaude
  urlbnf equiv --grammar rfc1630-url http://h/a/b http://h/a%2Fb";

#[derive(Debug, clap::Args)]
pub(crate) struct EquivArgs {
    #[command(flatten)]
    grammar: InForce,

    #[command(flatten)]
    level: AtLevel,

    #[command(flatten)]
    json: Json,

    /// The first URL
    #[arg(value_name = "A")]
    a: String,

    /// The second URL, compared with A
    #[arg(value_name = "B")]
    b: String,
}

impl Run for EquivArgs {
    const SCHEMA: Option<fn(SchemaGenerator) -> Schema> =
        Some(|g| g.into_root_schema_for::<crate::tools::equivalence::Equivalence>());
    const HELP: &'static [(&'static str, &'static str)] = &[
        (
            "grammar",
            "The edition whose reading compares them (default: the standard in force)",
        ),
        (
            "level",
            "The level both are brought to (default: the edition's: syntax for rfc3986, encoding for the others)",
        ),
        ("json", "The result as one JSON object"),
    ];

    fn run(self, io: &mut Io<'_>) -> Result<Tally, CliError> {
        let out = &mut *io.out;
        let level = self.level.of(self.grammar.edition);
        let e =
            crate::tools::equivalence::equivalent(self.grammar.edition, level, &self.a, &self.b)
                .map_err(CliError::Usage)?;
        let mut tally = Tally::default();
        tally.count(e.equivalent);
        if self.json.on {
            json_line(out, &e)?;
            return Ok(tally);
        }
        for (label, side) in ["A", "B"].into_iter().zip(&e.urls) {
            writeln!(out, "{label}  {}", visible(&side.input))?;
            match &side.normalized {
                Some(n) => writeln!(out, "   at the {} level: {}", level.id(), visible(n))?,
                None => {
                    for err in &side.errors {
                        writeln!(
                            out,
                            "   not a URL of {}: {}",
                            e.edition,
                            visible(&err.to_string())
                        )?;
                    }
                }
            }
            for n in &side.notes {
                writeln!(out, "   note[{}]: {}", n.code, visible(&n.message))?;
            }
        }
        // Refused is not "not equivalent": the note names the side.
        let verdict = match (e.equivalent, e.urls.iter().all(|u| u.normalized.is_some())) {
            (true, _) => "equivalent",
            (false, true) => "not equivalent",
            (false, false) => "not compared (not a URL)",
        };
        writeln!(out, "{verdict} under {} ({})", e.edition, e.reading)?;
        for n in &e.notes {
            writeln!(out, "note[{}]: {}", n.code, visible(&n.message))?;
        }
        Ok(tally)
    }
}
