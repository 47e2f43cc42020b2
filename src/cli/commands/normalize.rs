//! `urlbnf normalize`: URLs brought to a level of their edition's comparison.

use std::io::Write;

use super::super::CliError;
use super::super::input::{Batch, Input, Tally, Written, each_lines_parallel, line_input};
use super::super::output::{GATHERED, json_line, printable_ascii, visible, write_visible_line};
use crate::edition::Edition;
use crate::engine::meta::lines;
use crate::knowledge::meaning::{Level, meaning};
use crate::tools::normalize::{InPlace, Normalized, Normalizer};
use crate::tools::resolve::Note;
use crate::tools::resolve::no_dots::LineFound;

pub(crate) const LONG: &str = "\
Bring URLs to a level of their edition's comparison, one result a line on
standard output: what equiv compares. An input that is not a URL of the
edition is an empty line there and an error on standard error with where it
stops (exit 1), never passed through; notes go to standard error too, each
after its input (with --json, all in the one line per input).

rfc3986 (the default): RFC 3986 §6.2.
  syntax   §6.2.2 (the default): scheme and host in lower case (§6.2.2.1),
           percent-encodings in upper case and those of unreserved characters
           decoded (§6.2.2.2), then remove_dot_segments (§6.2.2.3, as §5.2.4
           prints it: %2E%2E is decoded, then removed).
  scheme   §6.2.3, after §6.2.2: an empty port and the scheme's default port
           dropped, with a note naming the document the default comes from
           (http 80: RFC 3986 §6.2.3; ftp 21, gopher 70...: RFC 1738 §3;
           https 443: RFC 2818, not among urlbnf's documents); an empty path
           with an authority written / where the scheme defines it so (http,
           https); a mailto domain in lower case (§6.2.3's example).
  string   §6.2.1: the input as it is (checked only).
The inputs must be URIs: §6.1 compares references after resolution.

The editions before it: RFC 1630's encoding level (level encoding).";

pub(crate) const EXAMPLES: &str = "\
Exit status: 0 when every input is normalized, 1 when one is not a URL of the
edition, 2 on a usage error, 3 when input or output fails.

Examples:
  urlbnf normalize 'eXAMPLE://a/./b/../b/%63/%7bfoo%7d'
  urlbnf normalize --level scheme http://example.com:80 HTTP://Example.COM:/
  urlbnf normalize --json -f urls.txt";

#[derive(Debug, clap::Args)]
pub(crate) struct NormalizeArgs {
    /// The edition whose reading is applied (default: the standard in force)
    #[arg(long = "grammar", value_name = "ID", default_value_t = Edition::IN_FORCE)]
    grammar: Edition,

    /// The level (default: the edition's: syntax for rfc3986, encoding for
    /// the others)
    #[arg(long, value_enum)]
    level: Option<Level>,

    /// One JSON object per input, one per line
    #[arg(long)]
    pub(crate) json: bool,

    #[command(flatten)]
    batch: Batch,
}

/// One line of `normalize --json`.
#[derive(serde::Serialize, schemars::JsonSchema)]
pub(crate) struct NormalizeJson<'a> {
    /// The edition.
    grammar: Edition,
    /// The level.
    level: Level,
    #[serde(flatten)]
    normalized: &'a Normalized,
}

pub(crate) fn run(
    args: NormalizeArgs,
    stdin: &mut super::super::input::Stdin<'_>,
    out: &mut dyn Write,
) -> Result<Tally, CliError> {
    let level = args
        .level
        .unwrap_or_else(|| meaning(args.grammar).default_level());
    let n = Normalizer::new(args.grammar, level).map_err(CliError::Usage)?;
    let json = args.json;
    // Where the edition's grammar derives printable ASCII alone (RFC
    // 3986's does), so is every valid line.
    let printable = n.valid_are_printable();
    each_lines_parallel(
        &args.batch,
        stdin,
        out,
        Written::EachLine,
        |piece, out, tally| {
            // Which lines are URLs of the edition: the piece walked whole,
            // its lines cut where the walk found their ends, where it can
            // be; else eight lines walked side by side.
            let ends = piece
                .text()
                .and_then(|text| Some((text, n.line_ends(text)?)));
            let mut w = Writer {
                n: &n,
                level,
                json,
                printable,
                text: Vec::new(),
                notes: Vec::new(),
            };
            let Some((source, ends)) = ends else {
                let lines = piece.lines();
                let valid = n.valid_inputs(&lines);
                for (line, valid) in lines.iter().zip(valid) {
                    w.line(line, LineFound::verdict_only(valid), out, tally)?;
                }
                return w.flush(out);
            };
            // A run of lines whose normal forms are their own length is
            // copied as one, line ends and all, then each lowered where it
            // lies (`lowered`: where each to change begins and ends in the
            // run, and how).
            let (mut start, mut run, mut lowered) = (0, None, Vec::new());
            for &(end, walked) in &ends {
                let ended = source.get(end) == Some(&b'\n');
                let cr = lines::ending_at(source, start, end).end < end;
                let in_place = n
                    .in_place(walked)
                    .filter(|_| ended && !cr && !json && printable);
                if let Some(how) = in_place {
                    let from = *run.get_or_insert(start);
                    if how != InPlace::AsItIs {
                        lowered.push((start - from, end - from, how));
                    }
                    tally.inputs += 1;
                    tally.count(true);
                    // Written a few pages at a time, as other lines are.
                    if end + 1 - from >= GATHERED {
                        w.copy(source.get(from..=end), &mut lowered, out)?;
                        run = None;
                    }
                } else {
                    if let Some(from) = run.take() {
                        w.copy(source.get(from..start), &mut lowered, out)?;
                    }
                    let line = source.get(start..end - usize::from(cr));
                    w.line(line.unwrap_or_default(), walked, out, tally)?;
                }
                start = end + 1;
            }
            if let Some(from) = run {
                w.copy(source.get(from..start), &mut lowered, out)?;
            }
            w.flush(out)
        },
    )
}

/// What a piece's lines are written into, gathered and written a few pages
/// at a time.
struct Writer<'n> {
    n: &'n Normalizer,
    level: Level,
    json: bool,
    /// Whether every valid line is printable ASCII (the edition's grammar
    /// says so).
    printable: bool,
    text: Vec<u8>,
    notes: Vec<Note>,
}

impl Writer<'_> {
    /// One line normalized (`walked`: what the walk found of it), counted
    /// and gathered.
    fn line(
        &mut self,
        line: &[u8],
        walked: LineFound,
        out: &mut dyn Write,
        tally: &mut Tally,
    ) -> Result<(), CliError> {
        let (n, text) = (self.n, &mut self.text);
        // A URL of the edition in printable ASCII: normalized from its bytes
        // (it needs no UTF-8 check, and nothing in it is unsafe on a
        // terminal).
        let start = text.len();
        self.notes.clear();
        // Refused after all (RFC 1630's malformed escapes): read again, and
        // counted, as any other.
        if walked.valid
            && !self.json
            && (self.printable || printable_ascii(line))
            && n.normalize_line(line, walked, text, &mut self.notes)
                .is_ok()
        {
            tally.inputs += 1;
            tally.count(true);
            text.push(b'\n');
            write_notes(&mut tally.said, &String::from_utf8_lossy(line), &self.notes)?;
        } else {
            text.truncate(start);
            one(n, self.level, self.json, &line_input(line), text, tally)?;
        }
        if text.len() >= GATHERED {
            out.write_all(text)?;
            text.clear();
        }
        Ok(())
    }

    /// A run of lines copied, and those of them at `lowered` (where each
    /// begins and ends in the run, and how it changes) lowered where they
    /// lie, their escapes' digits put in upper case where they have escapes;
    /// `lowered` emptied.
    fn copy(
        &mut self,
        run: Option<&[u8]>,
        lowered: &mut Vec<(usize, usize, InPlace)>,
        out: &mut dyn Write,
    ) -> Result<(), CliError> {
        let at = self.text.len();
        self.text.extend_from_slice(run.unwrap_or_default());
        for (from, end, how) in lowered.drain(..) {
            if let Some(uri) = self.text.get_mut(at + from..at + end) {
                how.write(uri);
            }
        }
        if self.text.len() >= GATHERED {
            out.write_all(&self.text)?;
            self.text.clear();
        }
        Ok(())
    }

    /// What is gathered, written.
    fn flush(self, out: &mut dyn Write) -> Result<(), CliError> {
        out.write_all(&self.text)?;
        Ok(())
    }
}

/// One input normalized, counted and written.
fn one(
    n: &Normalizer,
    level: Level,
    json: bool,
    input: &Input<'_>,
    out: &mut dyn Write,
    tally: &mut Tally,
) -> Result<(), CliError> {
    tally.inputs += 1;
    let result = match input {
        Input::Text(text) => n.normalize(text),
        Input::NotUtf8 { raw, .. } => n.normalize_bytes(raw),
    };
    tally.count(result.normalized.is_some());
    if json {
        return json_line(
            out,
            &NormalizeJson {
                grammar: n.edition(),
                level,
                normalized: &result,
            },
        );
    }
    // One line a result on standard output (empty for an input that is not
    // a URL); why, and the notes, on standard error.
    let shown = visible(&result.input);
    match &result.normalized {
        Some(normal) => write_visible_line(out, normal)?,
        None => {
            writeln!(out)?;
            for e in &result.errors {
                writeln!(
                    tally.said,
                    "{shown}: not a URL of {}: {}",
                    n.edition(),
                    visible(&e.to_string())
                )?;
            }
        }
    }
    write_notes(&mut tally.said, &result.input, &result.notes)
}

/// Each note on a line of its own, after the input it is on.
fn write_notes(out: &mut dyn Write, input: &str, notes: &[Note]) -> Result<(), CliError> {
    for note in notes {
        write!(out, "{}: note[{}]: ", visible(input), note.code)?;
        write_visible_line(out, &note.message)?;
    }
    Ok(())
}
