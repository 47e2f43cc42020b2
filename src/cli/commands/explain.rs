//! `urlbnf explain`: one rule explained.

use schemars::{Schema, SchemaGenerator};

use super::super::flags::{Json, OneEdition, Rule};
use super::super::grammar_files::GrammarFiles;
use super::super::output::{Tally, json_line};
use super::super::{CliError, Io, has_rule, rule_name, unknown_rule};
use super::Run;
use crate::edition::Edition;
use crate::render::text;

pub(crate) const LONG: &str = "\
Explain one rule: its printed definition, the reading a correction gives it, its
PEG in grammar/<edition>.pest with the notes that say why it differs, the rules
it uses and the rules that use it, strings it derives (the shortest, and typical
ones from the generator) and near misses with where they stop, and its history:
its printed text in every edition that has it (or a renamed counterpart), each
compared exactly with the edition before, with why a witness of the change is in
one language and not the other: the smallest corresponding rules it exercises
and the character where the other edition's rule stops.";

pub(crate) const EXAMPLES: &str = "\
Exit status: 0 when the rule is explained, 2 on a usage error (a rule no
edition has gets the closest names), 3 when output fails.

Examples:
  urlbnf explain hostname
  urlbnf explain --grammar draft-1993 --rule xpalphas";

#[derive(Debug, clap::Args)]
pub(crate) struct ExplainArgs {
    #[command(flatten)]
    grammar: OneEdition,

    #[command(flatten)]
    files: GrammarFiles,

    #[command(flatten)]
    json: Json,

    /// The rule, by its printed name (a shorthand for --rule)
    #[arg(
        value_name = "RULE",
        required_unless_present = "rule",
        conflicts_with = "rule"
    )]
    name: Option<String>,

    #[command(flatten)]
    rule: Rule,
}

impl Run for ExplainArgs {
    const SCHEMA: Option<fn(SchemaGenerator) -> Schema> =
        Some(|g| g.into_root_schema_for::<crate::comparisons::explain::Explanation>());
    const HELP: &'static [(&'static str, &'static str)] = &[
        (
            "grammar",
            "Edition (default: the newest edition that has the rule)",
        ),
        ("json", "The explanation as one JSON object"),
        (
            "rule",
            "The rule, by its printed name, as the other commands take it",
        ),
    ];

    fn run(self, io: &mut Io<'_>) -> Result<Tally, CliError> {
        let out = &mut *io.out;
        let Some(rule) = self.rule.name.as_ref().or(self.name.as_ref()) else {
            return Err(CliError::Usage(
                "name the rule: explain --rule NAME".to_string(),
            ));
        };
        let file = self.files.load()?.pop().and_then(|g| g.0.first().copied());
        let edition = match file.or(self.grammar.edition) {
            Some(e) => e,
            None => Edition::ALL
                .into_iter()
                .rev()
                .find(|e| has_rule(*e, rule))
                .ok_or_else(|| CliError::Usage(unknown_rule(rule, &Edition::ALL)))?,
        };
        let rule = &rule_name(edition, rule);
        let Some(ex) = crate::comparisons::explain::explain(edition, rule) else {
            return Err(CliError::Usage(unknown_rule(rule, &[edition])));
        };
        if self.json.on {
            json_line(out, &ex)?;
            return Ok(Tally::default());
        }
        out.write_all(text::explanation(&ex).as_bytes())?;
        Ok(Tally::default())
    }
}
