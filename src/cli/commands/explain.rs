//! `urlbnf explain`: one rule explained.

use std::io::Write;

use super::super::output::{Tally, json_line};
use super::super::{CliError, has_rule, unknown_rule};
use crate::edition::Edition;
use crate::render::text;

pub(crate) const LONG: &str = "\
Explain one rule: its printed definition, the reading a correction gives it, its
PEG in grammar/<edition>.pest with the notes that say why it differs, the rules
it uses and the rules that use it, and its history: its printed text in every
edition that has it (or a renamed counterpart), each compared exactly with the
edition before, with why a witness of the change is in one language and not the
other: the smallest corresponding rules it exercises and the character where the
other edition's rule stops.";

pub(crate) const EXAMPLES: &str = "\
Examples:
  urlbnf explain hostname
  urlbnf explain --grammar draft-1993 xpalphas";

#[derive(Debug, clap::Args)]
pub(crate) struct ExplainArgs {
    /// Edition (default: the newest edition that has the rule)
    #[arg(long = "grammar", value_name = "ID")]
    grammar: Option<Edition>,

    /// The explanation as one JSON object
    #[arg(long)]
    pub(crate) json: bool,

    /// The rule, by its printed name
    #[arg(value_name = "RULE")]
    rule: String,
}

pub(crate) fn run(args: ExplainArgs, out: &mut dyn Write) -> Result<Tally, CliError> {
    let edition = match args.grammar {
        Some(e) => e,
        None => Edition::ALL
            .into_iter()
            .rev()
            .find(|e| has_rule(*e, &args.rule))
            .ok_or_else(|| CliError::Usage(unknown_rule(&args.rule, &Edition::ALL)))?,
    };
    let Some(ex) = crate::analysis::explain::explain(edition, &args.rule) else {
        return Err(CliError::Usage(unknown_rule(&args.rule, &[edition])));
    };
    if args.json {
        json_line(out, &ex)?;
        return Ok(Tally::default());
    }
    writeln!(out, "{} in {}\n", ex.rule, ex.edition)?;
    writeln!(out, "As printed:\n  {}", ex.printed)?;
    if let (Some(reading), Some(c)) = (&ex.reading, ex.correction) {
        writeln!(out, "Read as ({c}: {}):\n  {reading}", c.summary())?;
    } else if let Some(c) = ex.correction {
        writeln!(out, "Correction {c}: {}", c.summary())?;
    }
    if let Some(p) = &ex.pest {
        writeln!(out, "\nPEG (grammar/{}.pest):", ex.edition.id())?;
        for n in &p.notes {
            // Wrapped as the grammar file wraps its comments.
            let mut line = String::new();
            for word in n.split(' ') {
                if !line.is_empty() && line.len() + 1 + word.len() > 76 {
                    writeln!(out, "  // {line}")?;
                    line.clear();
                }
                if !line.is_empty() {
                    line.push(' ');
                }
                line.push_str(word);
            }
            writeln!(out, "  // {line}")?;
        }
        for l in p.text.lines() {
            writeln!(out, "  {l}")?;
        }
    }
    let names = |names: &[String]| match names {
        [] => "nothing".to_string(),
        _ => names.join(", "),
    };
    writeln!(out, "\nUses: {}", names(&ex.uses))?;
    writeln!(out, "Used by: {}", names(&ex.used_by))?;
    writeln!(out, "\nHistory:")?;
    let mut before: Option<(Edition, &str)> = None;
    for h in &ex.history {
        let mut change = match (&h.language, before) {
            (Some(l), Some((pe, _))) => text::change_words(l, pe, h.edition),
            _ => "first printed here".into(),
        };
        if let Some(via) = before.and_then(|(_, rule)| text::via_words(h, rule)) {
            change = format!("{via}; {change}");
        }
        writeln!(
            out,
            "  {:<12} {}\n  {:<12} {change}",
            h.edition.id(),
            h.printed,
            ""
        )?;
        for r in h.language.iter().flat_map(text::shown_reasons) {
            writeln!(out, "  {:<12} why {:?}: {}", "", r.input, r.message)?;
        }
        before = Some((h.edition, &h.rule));
    }
    Ok(Tally::default())
}
