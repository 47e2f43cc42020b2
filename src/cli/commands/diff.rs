//! `urlbnf diff`: the exact differences between two editions.

use schemars::{Schema, SchemaGenerator};

use super::super::flags::{Json, Rule};
use super::super::grammar_files::{NotationArg, edition_or_file};
use super::super::output::{Tally, json_line};
use super::super::{CliError, Io, has_rule, rule_name, unknown_rule};
use super::Run;
use crate::edition::Edition;
use crate::render::text;

pub(crate) const LONG: &str = "\
Compare two editions exactly. Rule level, from the printed text: rules only in A,
only in B, renamed (paired by urlbnf's correspondence table, e.g. httpaddress ->
httpurl), and changed (printed definitions side by side); for character-class
rules the characters added and removed. Language level, from the grammars: for
every pair of corresponding rules, equal (=), A a proper subset of B (⊂), B of A
(⊃) or incomparable (≠), with the shortest strings in A but not B and in B but
not A (up to 5 each, shortest first, then in byte order). No sampling: the
rules' DFAs are compared by a product construction.";

pub(crate) const EXAMPLES: &str = "\
Exit status: 0 whatever the differences (a diff is a report, not a test),
2 on a usage error, 3 when output fails.

Examples:
  urlbnf diff draft-1994 rfc1738
  urlbnf diff rfc1630-url rfc1738 --rule hostname
  urlbnf diff draft-1993 draft-1994 --json";

#[derive(Debug, clap::Args)]
pub(crate) struct DiffArgs {
    /// The earlier edition (an id, or a grammar file of your own)
    #[arg(value_name = "A")]
    a: String,

    /// The later edition (an id, or a grammar file of your own)
    #[arg(value_name = "B")]
    b: String,

    /// How to read a grammar file that does not say (`%notation`): by default
    /// ABNF, or RFC 822 where its definitions use `|`
    #[arg(long, value_enum, value_name = "NOTATION")]
    notation: Option<NotationArg>,

    #[command(flatten)]
    rule: Rule,

    #[command(flatten)]
    json: Json,
}

impl Run for DiffArgs {
    const SCHEMA: Option<fn(SchemaGenerator) -> Schema> =
        Some(|g| g.into_root_schema_for::<crate::comparisons::diff::Diff>());
    const HELP: &'static [(&'static str, &'static str)] = &[
        ("rule", "Only this rule (its name in A or in B)"),
        ("json", "The diff as one JSON object"),
    ];

    fn run(self, io: &mut Io<'_>) -> Result<Tally, CliError> {
        let out = &mut *io.out;
        let a = edition_or_file(&self.a, self.notation)?;
        let b = edition_or_file(&self.b, self.notation)?;
        // The rule as A spells it, or B (ABNF's names have no case).
        let rule = self.rule.name.as_deref().map(|r| match rule_name(a, r) {
            same if same == r => rule_name(b, r),
            other => other,
        });
        if let Some(rule) = &rule {
            let known = |e: Edition| has_rule(e, rule);
            if !known(a) && !known(b) {
                return Err(CliError::Usage(unknown_rule(rule, &[a, b])));
            }
        }
        let d = crate::comparisons::diff::diff(a, b, rule.as_deref());
        if self.json.on {
            json_line(out, &d)?;
        } else {
            out.write_all(text::diff(&d).as_bytes())?;
        }
        Ok(Tally::default())
    }
}
