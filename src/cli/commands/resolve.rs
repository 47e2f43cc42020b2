//! `urlbnf resolve`: partial forms in the context of a full URL.

use std::io::Write;

use super::super::CliError;
use super::super::input::{Files, Input, Stdin, each_input};
use super::super::output::{Tally, json_line, visible};
use crate::analysis::resolve::{Resolution, Rules};

pub(crate) const LONG: &str = "\
Resolve partial (relative) forms in the context of a full URL, by the rules of
RFC 1630 (\"Partial (relative) form\", the default) or of the 1993 draft
(\"Partial form\"), each as its document states it. RFC 1630: a partial form with
a scheme is absolute; one starting with N slashes keeps the context up to the
first run of exactly N slashes with no longer run to its right; otherwise the
context's last path segment is replaced, then \"xxx/../\" and \"/.\" are removed
repeatedly. Where a document's rule and its printed example disagree, or a rule
does not say what to do, a note says so.

Both documents read the context without its fragment (not part of the URI) and
replace the last part of its path (the search is not part of it).

--rules libwww-1993 resolves as CERN libwww 2.11 (1993), the reference
implementation of the time, did: no slash counting (\"//\" is a new host, \"/\" a
path on this host), which is why RFC 1630 prints /g -> magic://a/g. Each of its
departures from both documents carries a note. --compare shows all three.";

pub(crate) const EXAMPLES: &str = "\
Exit status: 0 when every partial form is resolved, 2 on a usage error, 3 when
input or output fails.

Examples:
  urlbnf resolve magic://a/b/c//d/e/f g /g //g ../g g:h
  urlbnf resolve --rules draft-1993 http://h/a/b/c ../d
  urlbnf resolve --compare magic://a/b/c//d/e/f g /g //g ../g";

#[derive(Debug, clap::Args)]
pub(crate) struct ResolveArgs {
    /// Whose rules: RFC 1630's, the 1993 draft's, or what libwww 2.11 did
    #[arg(long, value_enum, default_value_t = Rules::Rfc1630)]
    rules: Rules,

    /// Resolve by all three and show them side by side
    #[arg(long, conflicts_with = "rules")]
    compare: bool,

    /// One JSON object per partial form, one per line
    #[arg(long)]
    pub(crate) json: bool,

    /// The full URL that is the context
    #[arg(value_name = "BASE")]
    base: String,

    #[command(flatten)]
    files: Files,

    /// Partial forms; `-` reads the lines of standard input after
    /// them (standard input is the default when none is given)
    #[arg(value_name = "PARTIAL")]
    partials: Vec<std::ffi::OsString>,
}

pub(crate) fn run(
    args: ResolveArgs,
    stdin: &mut Stdin<'_>,
    out: &mut dyn Write,
) -> Result<Tally, CliError> {
    // RFC 1630 and the 1993 draft resolve in the context of a full URL: one
    // with a scheme (`scheme ":" ...`, RFC 1630 "BNF of Generic URI Syntax").
    if !has_scheme(&args.base) {
        return Err(CliError::Usage(format!(
            "the context {:?} is no full URL: it has no scheme (such as http: before the rest); \
             a partial form is resolved against a full URL",
            crate::render::visible(&args.base)
        )));
    }
    let mut tally = Tally::default();
    let rules: &[Rules] = if args.compare {
        &Rules::ALL
    } else {
        std::slice::from_ref(&args.rules)
    };
    if args.compare && !args.json {
        let mut head = format!("{:<12}", "partial");
        for r in rules {
            head.push_str(&format!(" {:<28}", r.id()));
        }
        writeln!(out, "{}", head.trim_end())?;
    }
    each_input(&args.partials, &args.files, stdin, out, |input, out| {
        tally.inputs += 1;
        tally.count(true);
        let readings: Vec<Resolution> = rules
            .iter()
            .map(|&r| reading(r, &args.base, input))
            .collect();
        match (args.json, args.compare) {
            (true, false) => readings.iter().try_for_each(|r| json_line(out, r)),
            (true, true) => json_line(
                out,
                &ResolveCompare {
                    context: &args.base,
                    partial: input.shown(),
                    readings: &readings,
                },
            ),
            (false, compare) => {
                let mut row = format!("{:<12}", visible(input.shown()));
                for r in &readings {
                    if compare {
                        row.push_str(&format!(" {:<28}", visible(&r.result)));
                    } else {
                        row.push_str(&format!(" {}", visible(&r.result)));
                    }
                }
                writeln!(out, "{}", row.trim_end())?;
                for r in &readings {
                    for n in &r.notes {
                        let by = if compare {
                            format!("{} ", r.rules.id())
                        } else {
                            String::new()
                        };
                        writeln!(out, "  note[{by}{}]: {}", n.code, visible(&n.message))?;
                    }
                }
                Ok(())
            }
        }
    })?;
    Ok(tally)
}

/// One reading of one partial form; a partial form that is not UTF-8 is
/// resolved with U+FFFD in its place, and says so.
fn reading(rules: Rules, base: &str, input: &Input<'_>) -> Resolution {
    let mut r = crate::analysis::resolve::resolve(rules, base, input.shown());
    if let Input::NotUtf8 { bad, .. } = input {
        r.notes.push(crate::analysis::resolve::Note {
            code: "not-utf8",
            message: format!(
                "the partial form is not UTF-8 (invalid byte at byte {}); it was resolved with U+FFFD in its place",
                bad
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
    Reading(Resolution),
    Compare(ResolveCompare<'a>),
}

/// `resolve --compare --json`: one partial form under every rule set.
#[derive(serde::Serialize, schemars::JsonSchema)]
pub(crate) struct ResolveCompare<'a> {
    /// The context URL.
    context: &'a str,
    /// The partial form.
    partial: &'a str,
    /// One resolution per rule set.
    readings: &'a [Resolution],
}

/// Whether `url` starts with a scheme: a letter, then letters, digits, `+`,
/// `-` or `.`, then `:`.
fn has_scheme(url: &str) -> bool {
    let Some((scheme, _)) = url.split_once(':') else {
        return false;
    };
    let mut chars = scheme.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
}
