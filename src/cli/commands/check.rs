//! `urlbnf check`: verdicts and diagnoses, one per (input, edition).

use std::io::Write;

use super::super::grammar_files::GrammarFiles;
use super::super::input::{Batch, Input, Piece, Stdin, Written, each_lines_parallel, line_input};
use super::super::output::{
    Tally, VerdictRef, emit_verdict, json_line, lint_summary, summary, verdict_lints,
    write_heading, write_lints, write_visible,
};
use super::super::{CliError, editions, has_rule, rule_name, unknown_rule};
use crate::edition::Edition;
use crate::verdicts::check::{self, Engine, Verdict};

pub(crate) const LONG: &str = "\
Check each input against a rule of each selected edition.

Valid means the rule derives the whole input. By default each edition's rule
is its absolute URL, the question \"is this a valid URL?\": RFC 3986's URI,
RFC 2396's absoluteURI, the early editions' url (fragmentaddress, a url and its
#fragment, where the July 1993 draft and RFC 1630's generic syntax print one).
Relative references are one --rule away (--rule URI-reference, for RFC 2396
and RFC 3986), and an input without a scheme that only they derive gets a note
saying so: `www.google.com` is no URI.

For an invalid input urlbnf gives the offset (in characters) of the first
character that no valid string has at that place, and what could come there:
character-class rules of the edition (alpha, digit, safe, ...), single
characters, or the end of input. A line that is not UTF-8 is invalid: it stops
where the grammar stops before its first ill-formed byte, else at that byte.

RFC 1738's url and the July 1993 draft's end their schemes with a catch-all
for new ones (otherurl, generic), which by the letter also derives known
schemes their own rules reject: `http://h:abc/` is valid, with a note giving
httpurl's diagnosis. --known-schemes makes that diagnosis the verdict.

The summary counts verdicts: one per input and edition.";

pub(crate) const EXAMPLES: &str = "\
Exit status: 0 when every verdict is valid, 1 when any is invalid, 2 on a usage
error, 3 when input or output fails.

Examples:
  urlbnf check 'ftp://ds.internic.net/rfc/rfc1738.txt;type=a'
  urlbnf check --grammar rfc1738 --rule hostname www.w3.org
  urlbnf check --grammar rfc3986 --rule URI-reference ../g?q
  urlbnf check --grammar draft-1993 --grammar rfc1738 --json < urls.txt
  urlbnf check --grammar rfc1738 --known-schemes 'http://h:abc/'
  urlbnf check --grammar rfc1738 --only invalid < urls.txt > rejected.txt
  urlbnf check --grammar rfc1738 --quiet --jobs 2 < urls.txt";

/// What each input is checked against: `--grammar`, `--rule`, `--engine`
/// (shared by `check` and `report`).
#[derive(Debug, clap::Args)]
pub(crate) struct Targets {
    /// Editions to check against: an id, `early`, `later`, `all` or a
    /// comma-separated list (repeatable; default: all, oldest first)
    #[arg(long = "grammar", value_name = "IDS", value_parser = crate::cli::grammars)]
    pub(crate) grammars: Vec<crate::cli::Grammars>,

    /// Rule, by its printed name (`ip-schemepart`, `gopher+_string`, `hostname`...);
    /// default: each edition's absolute URL (rfc3986 URI, rfc2396 absoluteURI, url);
    /// `URI-reference` for relative references too
    #[arg(long, value_name = "NAME")]
    pub(crate) rule: Option<String>,

    /// What decides the verdict: the DFA compiled from the printed BNF, or the
    /// pest grammar (the same verdicts, proven by the exactness tests; the DFA is
    /// faster). Diagnoses always come from the DFA.
    #[arg(long, value_enum, default_value_t = Engine::Dfa)]
    pub(crate) engine: Engine,

    #[command(flatten)]
    pub(crate) files: GrammarFiles,
}

impl Targets {
    /// A checker per (edition, rule); a note on `err` for editions that lack
    /// the rule. Grammar files are read here, each an edition of its own.
    pub(crate) fn checkers(&self, err: &mut dyn Write) -> Result<Vec<check::Checker>, CliError> {
        let mut grammars = self.grammars.clone();
        grammars.extend(self.files.load()?);
        let targets = targets(&grammars, self.rule.as_deref(), err)?;
        // Each rule's automata compile on a thread of their own.
        crate::engine::automaton::on_threads(targets, |(edition, rule)| {
            check::Checker::new(edition, &rule, self.engine)
        })
        .into_iter()
        .map(|c| c.unwrap_or_else(|| Err(crate::Error::Report("a compiling thread failed".into()))))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| CliError::Usage(e.to_string()))
    }
}

#[derive(Debug, clap::Args)]
pub(crate) struct CheckArgs {
    #[command(flatten)]
    targets: Targets,

    /// One JSON object per (input, grammar), one per line
    #[arg(long)]
    pub(crate) json: bool,

    /// Add security warnings for valid URLs, each from the edition's own
    /// document and citing it (RFC 1738 §6; RFC 3986 §3.2.1, §7): a port
    /// other than the scheme's default, a password, encoded controls for line
    /// protocols, unsafe characters; under RFC 3986 also user information that
    /// looks like a host, rare IPv4 forms, %00 and encoded dot segments.
    /// Warnings never change the exit status
    #[arg(long)]
    lint: bool,

    /// Print nothing per input: the summary (one JSON object with --json) and
    /// the exit status only
    #[arg(long, short, conflicts_with = "only")]
    quiet: bool,

    /// Print only the inputs that are valid under every selected edition, or
    /// only those invalid under any, one per line as read (like grep); with
    /// --json, their verdicts
    #[arg(long, value_enum, value_name = "WHICH")]
    only: Option<Only>,

    #[command(flatten)]
    reading: ReadingArgs,

    #[command(flatten)]
    batch: Batch,
}

/// How the grammar is read where its letter and a reader's expectation part
/// (shared by `check`, `report`, `compare` and `parse`).
#[derive(Debug, Default, clap::Args)]
pub(crate) struct ReadingArgs {
    /// Check an input whose scheme has a rule of its own (http, ftp, mailto...)
    /// by that rule alone: RFC 1738's otherurl ("new schemes follow the general
    /// syntax") and the July 1993 draft's generic then take new schemes only.
    /// Without it the letter of the BNF decides, and a valid verdict that only
    /// the catch-all gives carries a note with its own rule's diagnosis.
    #[arg(long)]
    pub(crate) known_schemes: bool,

    /// Read upper case letters in a scheme as lower case where the edition's
    /// document asks it and its BNF does not derive them (more with --help)
    #[arg(long, long_help = crate::cli::fold_scheme_case_help())]
    pub(crate) fold_scheme_case: bool,
}

impl ReadingArgs {
    /// The library's reading.
    pub(crate) fn reading(&self) -> check::Reading {
        check::Reading {
            known_schemes: self.known_schemes,
            fold_scheme_case: self.fold_scheme_case,
        }
    }
}

/// The editions and the rule each is checked with.
pub(crate) fn targets(
    grammars: &[crate::cli::Grammars],
    rule: Option<&str>,
    err: &mut dyn Write,
) -> Result<Vec<(Edition, String)>, CliError> {
    let explicit = !grammars.is_empty();
    let editions = editions(grammars);
    let Some(rule) = rule else {
        return Ok(editions
            .iter()
            .map(|&e| (e, e.default_rule().to_string()))
            .collect());
    };
    let (have, lack): (Vec<Edition>, Vec<Edition>) =
        editions.iter().partition(|&&e| has_rule(e, rule));
    if have.is_empty() || (explicit && !lack.is_empty()) {
        let lacking = if explicit { lack } else { editions };
        return Err(CliError::Usage(unknown_rule(rule, &lacking)));
    }
    if !lack.is_empty() {
        let ids: Vec<&str> = lack.iter().map(|e| e.id()).collect();
        writeln!(
            err,
            "note: no rule '{rule}' in {}; checking the other editions",
            ids.join(", ")
        )?;
    }
    // Each edition's own spelling (ABNF's names have no case).
    Ok(have.into_iter().map(|e| (e, rule_name(e, rule))).collect())
}

/// Which inputs `--only` prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Only {
    /// Inputs valid under every selected edition.
    Valid,
    /// Inputs invalid under at least one.
    Invalid,
}

/// How `check` writes its results.
#[derive(Clone, Copy)]
struct Mode {
    json: bool,
    lint: bool,
    quiet: bool,
    only: Option<Only>,
    /// Standard output is a terminal: `--only` shows control characters as `·`.
    terminal: bool,
}

pub(crate) fn run(
    args: CheckArgs,
    stdin: &mut Stdin<'_>,
    out: &mut dyn Write,
    terminal: bool,
) -> Result<Tally, CliError> {
    let checkers: Vec<check::Checker> = args
        .targets
        .checkers(stdin.err)?
        .into_iter()
        .map(|c| c.reading(args.reading.reading()))
        .collect();
    let targets: Vec<(Edition, String)> = checkers
        .iter()
        .map(|c| (c.edition(), c.rule().to_string()))
        .collect();
    // What a valid verdict prints, written once per target, not once per input.
    let valid_lines: Vec<String> = targets
        .iter()
        .map(|(edition, rule)| format!("  {:<12} {:<16} valid\n", edition.id(), rule))
        .collect();
    let mode = Mode {
        json: args.json,
        lint: args.lint,
        quiet: args.quiet,
        only: args.only,
        terminal,
    };
    let plan = Plan {
        targets: &targets,
        checkers: &checkers,
        valid_lines: &valid_lines,
        mode,
        all: check::Checkers::new(&checkers),
    };
    // --quiet writes a summary only (--only writes the lines it shows).
    let written = match (mode.quiet, mode.only) {
        (true, None) => Written::Summary,
        _ => Written::EachLine,
    };
    let tally = each_lines_parallel(&args.batch, stdin, out, written, |piece, buf, tally| {
        plan.check_piece(piece, buf, tally)
    })?;
    if mode.only.is_some() {
        return Ok(tally);
    }
    if mode.json && mode.quiet {
        // Verdicts are one per input and grammar: counted under their own key.
        let summary = CheckSummary {
            inputs: tally.inputs,
            grammars: targets.len(),
            valid_verdicts: tally.good,
            invalid_verdicts: tally.bad,
        };
        json_line(out, &summary)?;
    } else if !mode.json {
        summary(out, &tally, targets.len(), "valid", "invalid")?;
        if mode.lint {
            lint_summary(out, &tally)?;
        }
    }
    Ok(tally)
}

/// What each input is checked against, and how the results are written.
struct Plan<'p> {
    targets: &'p [(Edition, String)],
    checkers: &'p [check::Checker],
    /// What a valid verdict prints, per target.
    valid_lines: &'p [String],
    mode: Mode,
    /// Every target, asked about each piece at once.
    all: check::Checkers,
}

impl Plan<'_> {
    /// The inputs of a piece against every target, written to `out` in order.
    /// Counted only (`--quiet`, `--only`), every target is asked at once
    /// (the engine chooses the walk); with `--quiet`, a piece of the input
    /// as read is asked whole, line ends and all.
    fn check_piece(
        &self,
        piece: &Piece<'_>,
        out: &mut dyn Write,
        tally: &mut Tally,
    ) -> Result<(), CliError> {
        let mode = self.mode;
        if let (true, None, Piece::Text(text)) = (mode.quiet, mode.only, piece) {
            let (lines, valid) = self.all.line_counts(text);
            tally.inputs += lines;
            for valid in valid {
                tally.good += valid;
                tally.bad += lines.saturating_sub(valid);
            }
            return Ok(());
        }
        let lines = &*piece.lines();
        if !mode.quiet && mode.only.is_none() {
            for line in lines {
                tally.inputs += 1;
                let input = line_input(line);
                if !mode.json {
                    write_heading(out, input.shown())?;
                    out.write_all(b"\n")?;
                }
                self.verdicts(&input, out, tally)?;
            }
            return Ok(());
        }
        tally.inputs += lines.len();
        let verdicts = self.all.verdicts(lines);
        let valid = verdicts.valid_count();
        tally.good += valid;
        tally.bad += (lines.len() * self.all.len()).saturating_sub(valid);
        // --only shows the inputs of its kind; --quiet nothing.
        let Some(only) = mode.only else {
            return Ok(());
        };
        for (i, line) in lines.iter().enumerate() {
            if (only == Only::Valid) != verdicts.all_valid(i) {
                continue;
            }
            let input = line_input(line);
            if mode.json {
                self.verdicts(&input, out, &mut Tally::default())?;
            } else {
                if mode.terminal {
                    write_visible(out, input.shown())?;
                } else {
                    out.write_all(input.raw())?;
                }
                writeln!(out)?;
            }
        }
        Ok(())
    }

    /// The verdict of each target on the input, counted and written.
    fn verdicts(
        &self,
        input: &Input<'_>,
        out: &mut dyn Write,
        tally: &mut Tally,
    ) -> Result<(), CliError> {
        let rows = self.targets.iter().zip(self.checkers).zip(self.valid_lines);
        for (((edition, rule), checker), valid_line) in rows {
            let judged = match input {
                Input::Text(text) => checker.judge(text),
                Input::NotUtf8 { .. } => check::Judgement {
                    valid: false,
                    noted: false,
                },
            };
            let valid = judged.valid;
            tally.count(valid);
            if valid && !self.mode.lint && !judged.noted {
                if self.mode.json {
                    let v = VerdictRef {
                        input: input.shown(),
                        grammar: *edition,
                        rule,
                        valid,
                        error: None,
                    };
                    json_line(out, &v)?;
                } else {
                    out.write_all(valid_line.as_bytes())?;
                }
                continue;
            }
            full_verdict(input, checker, self.mode, out, tally)?;
        }
        Ok(())
    }
}

/// The verdict with its diagnosis, and with `--lint` the lints of a valid URL.
fn full_verdict(
    input: &Input<'_>,
    checker: &check::Checker,
    mode: Mode,
    buf: &mut dyn Write,
    tally: &mut Tally,
) -> Result<(), CliError> {
    let verdict = match input {
        Input::Text(text) => checker.check(text),
        Input::NotUtf8 { raw, .. } => checker.check_bytes(raw),
    };
    let text = match input {
        Input::Text(text) if mode.lint => Some(*text),
        _ => None,
    };
    let lints = verdict_lints(&verdict, text, tally);
    if mode.json {
        let lints = mode.lint.then_some(lints.as_slice());
        let line = CheckLine::new(&verdict, input.hex(), lints);
        return json_line(buf, &line);
    }
    emit_verdict(&verdict, mode.json, buf)?;
    Ok(write_lints(buf, &lints, "      ")?)
}

/// A line of `check --json`: a verdict, or with `--quiet` the one summary.
#[derive(schemars::JsonSchema)]
#[serde(untagged)]
#[allow(dead_code)] // Only its schema is used: each line is written as its own type.
pub(crate) enum CheckOutput<'a> {
    Verdict(CheckLine<'a>),
    Summary(CheckSummary),
}

/// A verdict, with `--lint` the lints of a valid URL.
#[derive(serde::Serialize, schemars::JsonSchema)]
pub(crate) struct CheckLine<'a> {
    #[serde(flatten)]
    verdict: &'a Verdict,
    /// A line that is not UTF-8: its bytes in hexadecimal (`input` shows
    /// U+FFFD for each bad byte).
    #[serde(skip_serializing_if = "Option::is_none")]
    input_hex: Option<String>,
    /// With `--lint`, the lints of a valid URL.
    #[serde(skip_serializing_if = "Option::is_none")]
    lints: Option<&'a [crate::verdicts::lint::Lint]>,
}

impl<'a> CheckLine<'a> {
    /// A verdict's line (also each verdict of `extract --json`).
    pub(crate) fn new(
        verdict: &'a Verdict,
        input_hex: Option<String>,
        lints: Option<&'a [crate::verdicts::lint::Lint]>,
    ) -> CheckLine<'a> {
        CheckLine {
            verdict,
            input_hex,
            lints,
        }
    }
}

/// `check --quiet --json`: verdicts are one per input and grammar, so they
/// are counted under their own names.
#[derive(serde::Serialize, schemars::JsonSchema)]
pub(crate) struct CheckSummary {
    /// Inputs read.
    inputs: usize,
    /// Editions each input was checked against.
    grammars: usize,
    /// Verdicts (one per input and edition) that are valid.
    valid_verdicts: usize,
    /// Verdicts that are invalid.
    invalid_verdicts: usize,
}
