//! `urlbnf resolve`: references (partial forms) against a base URL.

use std::io::Write;

use schemars::{Schema, SchemaGenerator};

use super::super::flags::Json;
use super::super::input::{Batch, Input, Tally, Written, each_lines_parallel, line_input};
use super::super::output::{
    GATHERED, json_line, printable_ascii, visible, write_visible, write_visible_line,
};
use super::super::{CliError, Io};
use super::{Run, in_words};
use crate::tools::resolve::no_dots::LineFound;
use crate::tools::resolve::{Note, Resolution, Resolver, Rules, Target};

pub(crate) const LONG: &str = "\
Resolve references (partial, relative forms) against a base URL, by a rule set:

  rfc3986      RFC 3986 §5.2, the standard in force (the default): the base and
               each reference are split into scheme, authority, path, query and
               fragment (§5.2.1, Appendix B), transformed (§5.2.2), the paths
               merged (§5.2.3) and their dot segments removed as §5.2.4 prints
               it, and the target recomposed (§5.3). The base must be a URI
               (§5.1; its fragment is stripped, with a note); a reference that
               is no URI-reference is resolved by Appendix B's split, with where
               it stops. Strict by default: \"http:g\" is absolute; --non-strict
               ignores a scheme identical to the base's, §5.4.2's backward-
               compatible reading. \"%2E\" is not a dot segment (§2.3, §6.2.2.3).
  rfc1630      RFC 1630, \"Partial (relative) form\": a partial form starting with
               N slashes keeps the context up to the first run of exactly N
               slashes with no longer run to its right; otherwise the context's
               last segment is replaced, then \"xxx/../\" and \"/.\" are removed.
  draft-1993   the 1993 draft, \"Partial form\": \"//\" a new host, \"/\" a path.
  libwww-1993  what CERN libwww 2.11 (1993), the reference implementation of
               the time, did: no slash counting, which is why RFC 1630 prints
               /g -> magic://a/g; each departure from both documents is noted.
  whatwg       the WHATWG URL Standard's reading (a browser's), through the url
               crate (Url::join): a reading, not an edition; where the crate
               departs from the Standard, a note says so.

RFC 3986 is the default because it is the standard in force and the one a
reference resolved today means; the early rule sets are one --rules away, and
--compare shows every rule set side by side, with a note where they part.
Where a rule does not say what to do, or its letter surprises, a note says so
(JSON: notes, each with a stable code).

Many references against one base stream: one a line from -f FILE or standard
input, each line's result written as it is resolved, on every core in input
order.";

pub(crate) const EXAMPLES: &str = "\
Exit status: 0 when every reference is resolved, 1 when a reading fails on one
or (rfc3986) one is no URI-reference, 2 on a usage error (a base the rules
refuse, with where it stops), 3 when input or output fails.

Examples:
  urlbnf resolve 'http://a/b/c/d;p?q' g ../g '?y' //g
  urlbnf resolve --non-strict 'http://a/b/c/d;p?q' http:g
  urlbnf resolve --rules rfc1630 magic://a/b/c//d/e/f g /g //g ../g g:h
  urlbnf resolve --compare 'http://a/b/c/d;p?q' '?y' ..
  urlbnf resolve http://example.com/docs/ -f links.txt > absolute.txt";

#[derive(Debug, clap::Args)]
pub(crate) struct ResolveArgs {
    /// Whose rules: RFC 3986's (the default), RFC 1630's, the 1993 draft's,
    /// libwww 2.11's, or the WHATWG URL Standard's reading
    #[arg(long, value_enum, default_value_t = Rules::Rfc3986)]
    rules: Rules,

    /// RFC 3986 §5.2.2 not strict: a reference's scheme identical to the
    /// base's is ignored (§5.4.2: http:g -> http://a/b/c/g)
    #[arg(long)]
    non_strict: bool,

    /// Resolve by every rule set and show them side by side
    #[arg(long, conflicts_with = "rules")]
    compare: bool,

    #[command(flatten)]
    json: Json,

    /// The base URL (the context)
    #[arg(value_name = "BASE")]
    base: String,

    #[command(flatten)]
    batch: Batch,
}

impl Run for ResolveArgs {
    const SCHEMA: Option<fn(SchemaGenerator) -> Schema> =
        Some(|g| g.into_root_schema_for::<ResolveJson<'_>>());
    const HELP: &'static [(&'static str, &'static str)] = &[
        (
            "json",
            "One JSON object per reference, one per line (with its steps)",
        ),
        (
            "urls",
            "References; `-` reads the lines of standard input after them (standard input is the default when none is given)",
        ),
    ];

    fn arg(arg: clap::Arg) -> clap::Arg {
        let arg = in_words(Self::HELP, arg);
        match arg.get_id().as_str() {
            "urls" => arg.value_name("REFERENCE"),
            _ => arg,
        }
    }

    // Long: the one-rule-set walk of a piece and the written results share its
    // buffers; split, each part would take them all as arguments.
    fn run(self, io: &mut Io<'_>) -> Result<Tally, CliError> {
        let (mut stdin, out) = io.input(false);
        let stdin = &mut stdin;
        let rules: &[Rules] = if self.compare {
            Rules::ALL
        } else {
            std::slice::from_ref(&self.rules)
        };
        let mut resolvers = Vec::with_capacity(rules.len());
        for &r in rules {
            let resolver = Resolver::new(r, &self.base)
                .map_err(|e| CliError::Usage(e.message))?
                .strict(!self.non_strict)
                .with_steps(self.json.on);
            resolvers.push(resolver);
        }
        if !self.json.on {
            // What is said of the base is said once, not on every line.
            for r in &resolvers {
                for n in r.base_notes() {
                    writeln!(out, "note[{}]: {}", n.code, visible(&n.message))?;
                }
            }
            if self.compare {
                let mut head = format!("{:<12}", "reference");
                for r in rules {
                    head.push_str(&format!(" {:<28}", r.id()));
                }
                writeln!(out, "{}", head.trim_end())?;
            }
        }
        let (json, compare, base) = (self.json.on, self.compare, self.base.as_str());
        let one = |input: &Input<'_>, out: &mut dyn Write, tally: &mut Tally| {
            tally.inputs += 1;
            let readings: Vec<Resolution> = resolvers.iter().map(|r| reading(r, input)).collect();
            tally.count(
                readings
                    .iter()
                    .all(|r| r.failure.is_none() && r.reference_error.is_none()),
            );
            match (json, compare) {
                (true, false) => readings.iter().try_for_each(|r| json_line(out, r)),
                (true, true) => json_line(
                    out,
                    &ResolveCompare {
                        context: base,
                        partial: input.shown(),
                        agree: parts(&readings).len() < 2,
                        readings: &readings,
                    },
                ),
                (false, compare) => text(out, input, &readings, compare, &resolvers),
            }
        };
        // One rule set, in text: the references' verdicts walked side by side,
        // and each URI-reference's result written as it is made.
        let single = match resolvers.as_slice() {
            [r] if !json => Some(r),
            _ => None,
        };
        // A URI-reference is printable ASCII: its grammar derives nothing else.
        let printable = single.is_some_and(Resolver::valid_are_printable);
        each_lines_parallel(
            &self.batch,
            stdin,
            out,
            Written::EachLine,
            |piece, out, tally| {
                // The references as text (one UTF-8 check for the piece) and
                // their verdicts: the piece walked whole, its lines cut where the
                // walk found their ends, where it can be; else split, and eight
                // lines walked side by side.
                let walked = single.and_then(|r| piece.text_lines_walked(|t| r.line_ends(t)));
                let (texts, lines, walked) = match walked {
                    Some((texts, walked)) => {
                        let lines: Vec<&[u8]> = texts.iter().map(|t| t.as_bytes()).collect();
                        (texts, lines, walked)
                    }
                    None => {
                        let texts = single.and_then(|_| piece.text_lines()).unwrap_or_default();
                        let lines = match texts.is_empty() {
                            true => piece.lines().into_owned(),
                            false => texts.iter().map(|t| t.as_bytes()).collect(),
                        };
                        let valid = single
                            .and_then(|r| r.valid_references(&lines))
                            .unwrap_or_default();
                        (
                            texts,
                            lines,
                            valid.into_iter().map(LineFound::verdict_only).collect(),
                        )
                    }
                };
                // The output, gathered and written a few pages at a time.
                let (mut text, mut result, mut notes) = (Vec::new(), String::new(), Vec::new());
                for (k, line) in lines.iter().enumerate() {
                    result.clear();
                    notes.clear();
                    if let (Some(r), Some(reference), Some(&walked)) =
                        (single, texts.get(k), walked.get(k))
                        && walked.valid
                        && (printable || printable_ascii(line))
                        && let Some(target) =
                            r.resolve_valid(walked, reference, &mut result, &mut notes)
                    {
                        tally.inputs += 1;
                        tally.count(true);
                        // Printable ASCII: shown as it is, a column a byte.
                        text.extend_from_slice(line);
                        text.resize(text.len() + 12usize.saturating_sub(line.len()), b' ');
                        text.push(b' ');
                        // Made of the base's bytes and the reference's, both
                        // printable ASCII: checked without a branch a byte.
                        match target {
                            Target::Reference => text.extend_from_slice(line),
                            Target::Written if printable_ascii(result.as_bytes()) => {
                                text.extend_from_slice(result.as_bytes())
                            }
                            Target::Written => write_visible(&mut text, &result)?,
                        }
                        text.push(b'\n');
                        for n in notes.iter().filter(|n| !said(&resolvers, n)) {
                            write!(text, "  note[{}]: ", n.code)?;
                            write_visible_line(&mut text, &n.message)?;
                        }
                    } else {
                        one(&line_input(line), &mut text, tally)?;
                    }
                    if text.len() >= GATHERED {
                        out.write_all(&text)?;
                        text.clear();
                    }
                }
                out.write_all(&text)?;
                Ok(())
            },
        )
    }
}

fn row_of<'r>(row: &mut String, reference: &str, results: impl IntoIterator<Item = &'r str>) {
    row.clear();
    push_visible(row, reference);
    let width = row.chars().count();
    row.extend(std::iter::repeat_n(' ', 12usize.saturating_sub(width)));
    for result in results {
        row.push(' ');
        push_visible(row, result);
    }
}

/// [`visible`] of `s`, added to `row`.
fn push_visible(row: &mut String, s: &str) {
    if s.bytes().all(|b| (0x20..0x7f).contains(&b)) {
        row.push_str(s);
    } else {
        row.push_str(&visible(s));
    }
}

/// Whether a note is one the base has, said once above.
fn said(resolvers: &[Resolver], n: &Note) -> bool {
    resolvers
        .iter()
        .any(|r| r.base_notes().iter().any(|b| b.code == n.code))
}

/// One reference's line, its notes (the base's are said once, above), and
/// under --compare where the rule sets part.
fn text(
    out: &mut dyn Write,
    input: &Input<'_>,
    readings: &[Resolution],
    compare: bool,
    resolvers: &[Resolver],
) -> Result<(), CliError> {
    fn shown(r: &Resolution) -> &str {
        match &r.failure {
            Some(_) => "(failure)",
            None => &r.result,
        }
    }
    let mut row = String::new();
    if compare {
        row = format!("{:<12}", visible(input.shown()));
        for r in readings {
            row.push_str(&format!(" {:<28}", visible(shown(r))));
        }
    } else {
        row_of(&mut row, input.shown(), readings.iter().map(shown));
    }
    writeln!(out, "{}", row.trim_end())?;
    let said = |n: &Note| said(resolvers, n);
    for r in readings {
        let by = if compare {
            format!("{} ", r.rules.id())
        } else {
            String::new()
        };
        if let Some(f) = &r.failure {
            writeln!(out, "  failure[{}]: {}", by.trim_end(), visible(f))?;
        }
        for n in r.notes.iter().filter(|n| !said(n)) {
            writeln!(out, "  note[{by}{}]: {}", n.code, visible(&n.message))?;
        }
    }
    let parts = parts(readings);
    if compare && parts.len() > 1 {
        let words: Vec<String> = parts
            .iter()
            .map(|(result, ids)| format!("{} ({})", visible(result), ids.join(", ")))
            .collect();
        writeln!(out, "  parts: {}", words.join("; "))?;
    }
    Ok(())
}

/// The distinct results, each with the rule sets that give it, in order.
fn parts(readings: &[Resolution]) -> Vec<(String, Vec<&'static str>)> {
    let mut parts: Vec<(String, Vec<&'static str>)> = Vec::new();
    for r in readings {
        let result = match &r.failure {
            Some(_) => "(failure)".to_string(),
            None => format!("{:?}", r.result),
        };
        match parts.iter_mut().find(|(x, _)| *x == result) {
            Some((_, ids)) => ids.push(r.rules.id()),
            None => parts.push((result, vec![r.rules.id()])),
        }
    }
    parts
}

/// One reading of one reference; a reference that is not UTF-8 is resolved
/// with U+FFFD in its place, and says so.
fn reading(resolver: &Resolver, input: &Input<'_>) -> Resolution {
    let mut r = resolver.resolve(input.shown());
    if let Input::NotUtf8 { bad, .. } = input {
        r.notes.push(Note {
            code: "not-utf8",
            message: format!(
                "the reference is not UTF-8 (invalid byte at byte {bad}); it was resolved with U+FFFD in its place"
            ),
        });
    }
    r
}

/// A line of `resolve --json`: one reading, or with `--compare` all of them.
#[derive(schemars::JsonSchema)]
#[serde(untagged)]
#[allow(dead_code)] // Only its schema is used: each line is written as its own type.
pub(crate) enum ResolveJson<'a> {
    Reading(Box<Resolution>),
    Compare(ResolveCompare<'a>),
}

/// `resolve --compare --json`: one reference under every rule set.
#[derive(serde::Serialize, schemars::JsonSchema)]
pub(crate) struct ResolveCompare<'a> {
    /// The base URL.
    context: &'a str,
    /// The reference.
    partial: &'a str,
    /// Whether every rule set gives the same result.
    agree: bool,
    /// One resolution per rule set.
    readings: &'a [Resolution],
}
