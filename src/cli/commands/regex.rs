//! `urlbnf regex`: a rule as one regular expression, in an engine's syntax.

use schemars::{Schema, SchemaGenerator};

use super::super::flags::{InForce, Json, Rule};
use super::super::grammar_files::GrammarFiles;
use super::super::output::{Tally, json_line};
use super::super::{CliError, Io, has_rule, rule_name, unknown_rule};
use super::Run;
use crate::edition::Edition;
use crate::tools::regex::{self, Flavor};

pub(crate) const LONG: &str = "\
Print a rule as one regular expression that matches a whole input exactly when
the printed grammar derives it from the rule, in the syntax of an engine: rust
(the regex crate), pcre (Perl, PCRE2, grep -P), python (re), ecmascript
(JavaScript RegExp without the u flag, JSON Schema pattern) or posix (grep -E).
It is built from the printed rule (rules it uses written in place, a rule that
repeats itself at its end as a repetition, character classes as brackets), and
anchored for that engine (\\A...\\z, \\A...\\Z in Python, ^...$); the tests prove
the rust one equal to the rule's automaton and run the others in their engines.
In a whole-URL rule the groups carry the AST's names (host, port, path, search,
after the scheme's production where there are several: httpurl_host), so a match
gives the parse (not in posix, which has no names).

Safe on hostile input: every part an input could match in unboundedly many
ways is rebuilt from its minimal DFA, so it matches each input one way, and a
backtracking engine (pcre, python, ecmascript) decides any input in time linear
in its length. Where named groups must keep a split some inputs make two ways
(draft-1994's user@host, both holding @), the pattern first requires the rule's
group-free expression to match the whole input, (?=...), which refuses an
invalid input in linear time. rust and posix engines never backtrack. grep -P
compiles at most 64 KB of code and refuses draft-1994's whole-URL expression
(Perl, Python and Node run it).

Exit status: 0 when the expression is written, 2 on a usage error, 3 when
output fails.";

pub(crate) const EXAMPLES: &str = "\
Examples:
  urlbnf regex --grammar rfc1738 --rule port
  urlbnf regex --grammar rfc1738 --rule httpurl --flavor python
  grep -xE \"$(urlbnf regex --grammar rfc1738 --rule hostname --flavor posix)\" hosts.txt
  urlbnf regex --grammar draft-1994 --flavor ecmascript --json";

#[derive(Debug, clap::Args)]
pub(crate) struct RegexArgs {
    #[command(flatten)]
    grammar: InForce,

    #[command(flatten)]
    files: GrammarFiles,

    #[command(flatten)]
    rule: Rule,

    /// The engine whose syntax to write
    #[arg(long, value_enum, default_value_t = Flavor::Pcre)]
    flavor: Flavor,

    #[command(flatten)]
    json: Json,
}

impl Run for RegexArgs {
    const SCHEMA: Option<fn(SchemaGenerator) -> Schema> =
        Some(|g| g.into_root_schema_for::<RegexJson>());
    const HELP: &'static [(&'static str, &'static str)] = &[
        (
            "rule",
            "The rule, by its printed name (default: the edition's whole-URL rule)",
        ),
        (
            "json",
            "JSON: one object with every rule's pattern in printed order (or --rule's alone)",
        ),
    ];

    fn run(self, io: &mut Io<'_>) -> Result<Tally, CliError> {
        let out = &mut *io.out;
        // A grammar file, given, is the edition.
        let edition = match self.files.load()?.pop() {
            Some(g) => g.0.first().copied().unwrap_or(self.grammar.edition),
            None => self.grammar.edition,
        };
        let rule = self.rule.name.map(|r| rule_name(edition, &r));
        if let Some(rule) = &rule
            && !has_rule(edition, rule)
        {
            return Err(CliError::Usage(unknown_rule(rule, &[edition])));
        }
        if self.json.on {
            let rules = match &rule {
                Some(rule) => vec![regex::rule_regex(edition, rule, self.flavor)?],
                None => regex::edition_regexes(edition, self.flavor)?,
            };
            let patterns = rules
                .into_iter()
                .map(|r| PatternJson {
                    rule: r.rule,
                    pattern: r.pattern,
                    groups: r.groups,
                })
                .collect();
            json_line(
                out,
                &RegexJson {
                    grammar: edition,
                    flavor: self.flavor,
                    patterns,
                },
            )?;
        } else {
            let rule = rule.unwrap_or_else(|| edition.default_rule().to_string());
            writeln!(
                out,
                "{}",
                regex::rule_regex(edition, &rule, self.flavor)?.pattern
            )?;
        }
        Ok(Tally::default())
    }
}

/// `regex --json`: an edition's rules as patterns in one flavor.
#[derive(serde::Serialize, schemars::JsonSchema)]
pub(crate) struct RegexJson {
    /// The edition.
    grammar: Edition,
    /// The engine whose syntax is written.
    flavor: Flavor,
    /// One per rule, in printed order.
    patterns: Vec<PatternJson>,
}

/// One rule's pattern and the names of its groups.
#[derive(serde::Serialize, schemars::JsonSchema)]
pub(crate) struct PatternJson {
    /// The rule, by its printed name.
    rule: String,
    /// The rule's regular expression, anchored to match a whole input.
    pattern: String,
    /// The names of its groups, in order.
    groups: Vec<String>,
}
