//! `urlbnf check`: verdicts and diagnoses, one per (input, edition).

use std::io::{self, BufRead, Write};

use super::super::input::{Input, each_input};
use super::super::output::{Tally, emit_verdict, json_line, plural, summary, visible};
use super::super::{CliError, editions, has_rule, unknown_rule};
use crate::analysis::ast;
use crate::analysis::check::{self, Engine, Verdict};
use crate::edition::Edition;

pub(crate) const LONG: &str = "\
Check each input against a rule of each selected edition.

Valid means the rule derives the whole input. For an invalid input urlbnf gives
the offset (in characters) of the first character that no valid string has at
that place, and what could come there: character-class rules of the edition
(alpha, digit, safe, ...), single characters, or the end of input.";

pub(crate) const EXAMPLES: &str = "\
Exit status: 0 when every verdict is valid, 1 when any is invalid, 2 on a usage
error.

Examples:
  urlbnf check 'ftp://ds.internic.net/rfc/rfc1738.txt;type=a'
  urlbnf check --grammar rfc1738 --rule hostname www.w3.org
  urlbnf check --grammar draft-1993 --grammar rfc1738 --json < urls.txt";

#[derive(Debug, clap::Args)]
pub(crate) struct CheckArgs {
    /// Edition to check against (repeat for several; default: all five)
    #[arg(long = "grammar", value_name = "ID")]
    grammars: Vec<Edition>,

    /// Rule, by its printed name (`ip-schemepart`, `gopher+_string`, `hostname`...);
    /// default: each edition's whole-URL rule
    #[arg(long, value_name = "NAME")]
    rule: Option<String>,

    /// What decides the verdict
    #[arg(long, value_enum, default_value_t = Engine::Pest)]
    engine: Engine,

    /// One JSON object per (input, grammar), one per line
    #[arg(long)]
    pub(crate) json: bool,

    /// Add security warnings for valid URLs (RFC 1738 section 6): a port other
    /// than the scheme's default, a password, encoded controls for line
    /// protocols, unsafe characters. Warnings never change the exit status.
    #[arg(long)]
    lint: bool,

    /// Inputs to check (default: lines of standard input)
    #[arg(value_name = "URL")]
    urls: Vec<String>,
}

/// The editions and the rule each is checked with.
fn targets(
    grammars: &[Edition],
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
    Ok(have.into_iter().map(|e| (e, rule.to_string())).collect())
}

pub(crate) fn run(
    args: CheckArgs,
    stdin: &mut dyn BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
    progress: bool,
) -> Result<Tally, CliError> {
    let targets = targets(&args.grammars, args.rule.as_deref(), err)?;
    let checkers = targets
        .iter()
        .map(|(edition, rule)| check::Checker::new(*edition, rule, args.engine))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| CliError::Usage(e.to_string()))?;
    let mut tally = Tally::default();
    each_input(&args.urls, stdin, progress, |input| {
        tally.inputs += 1;
        if !args.json {
            writeln!(out, "{}", visible(input.shown()))?;
        }
        for ((edition, rule), checker) in targets.iter().zip(&checkers) {
            let verdict = match input {
                Input::Text(text) => checker.check(text),
                Input::NotUtf8 { shown, error } => Verdict {
                    input: shown.clone(),
                    grammar: *edition,
                    rule: rule.clone(),
                    valid: false,
                    error: Some(error.clone()),
                },
            };
            tally.count(verdict.valid);
            let lints = match input {
                Input::Text(text)
                    if args.lint && verdict.valid && ast::is_url_rule(*edition, rule) =>
                {
                    ast::parse_rule(*edition, rule, text)
                        .map(|u| crate::analysis::lint::lints(&u))
                        .unwrap_or_default()
                }
                _ => Vec::new(),
            };
            tally.lints += lints.len();
            if args.lint && args.json {
                let mut value = serde_json::to_value(&verdict).map_err(io::Error::from)?;
                if let Some(obj) = value.as_object_mut() {
                    obj.insert(
                        "lints".into(),
                        serde_json::to_value(&lints).map_err(io::Error::from)?,
                    );
                }
                json_line(out, &value)?;
                continue;
            }
            emit_verdict(&verdict, args.json, out)?;
            for l in &lints {
                let level = match l.level {
                    crate::analysis::lint::Level::Warning => "warning",
                    crate::analysis::lint::Level::Note => "note",
                };
                writeln!(
                    out,
                    "      {level}[{}] at bytes {}..{}: {}",
                    l.code, l.start, l.end, l.message
                )?;
            }
        }
        Ok(())
    })?;
    if !args.json {
        summary(out, &tally, targets.len(), "valid", "invalid")?;
        if args.lint {
            writeln!(out, "{} lint warning{}", tally.lints, plural(tally.lints))?;
        }
    }
    Ok(tally)
}
