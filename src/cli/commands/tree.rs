//! `urlbnf tree`: the raw derivation pest finds (a teaching view).

use schemars::{Schema, SchemaGenerator};

use super::super::flags::{Json, NoGrammarFile, OneEdition, ReadingArgs, Rule};
use super::super::input::{Input, Inputs, each_input};
use super::super::output::{
    Tally, caret, json_line, parse_bounded, prose_notes, reading_text, summary, write_prose_notes,
};
use super::super::{CliError, Io, has_rule, rule_name, unknown_rule};
use super::{Run, in_words};
use crate::edition::Edition;
use crate::engine::derive;
use crate::error::Error;
use crate::grammar::{Node, PestOutcome, peg};
use crate::render::text;
use crate::verdicts::ast;
use crate::verdicts::check::CheckError;

pub(crate) const LONG: &str = "\
Print the derivation pest finds: each node's rule name as printed, its byte span
and text. Helper rules that stand in for a printed rule in one context show under
the printed name, with the helper's name beside it. Where pest derives a rule in
one piece (RFC 1738 hostname, fpath), the printed rules inside it are shown, as
the printed grammar derives them (hostname into domainlabel and toplabel).
Character classes (alpha, digit, hex...) are not shown as nodes, nor a rule over
one character with nothing else inside (uchar over a, not over %20). Under a URL
rule, notes give what RFC 1738's prose says beyond its BNF, as `parse` does.

--printed derives the whole input by the printed grammar itself, as the book's
playground does: no PEG rewrite, no helper rule. Where the grammar derives an
input more than one way, it shows the first alternative in printed order and
the longest first part of a sequence or repetition that lets the rest derive.
It derives inputs of up to 1024 bytes; a longer one gets pest's tree, with a
warning.";

pub(crate) const EXAMPLES: &str = "\
Exit status: 0 when every input derives, 1 when any does not, 2 on a usage
error, 3 when a file cannot be read or output fails.

Examples:
  urlbnf tree --grammar draft-1993 'http://host:80/'
  urlbnf tree --grammar rfc1738 --rule hostname www.w3.org";

#[derive(Debug, clap::Args)]
pub(crate) struct TreeArgs {
    #[command(flatten)]
    grammar: OneEdition,

    // A grammar file has no transcription: refused, saying what reads one
    // (`tree --printed` derives by the printed grammar, but it shows pest's
    // tree too).
    #[command(flatten)]
    grammar_file: NoGrammarFile,

    #[command(flatten)]
    rule: Rule,

    #[command(flatten)]
    json: Json,

    /// Derive by the printed grammar itself (as the playground does) rather
    /// than pest's PEG
    #[arg(long)]
    printed: bool,

    #[command(flatten)]
    reading: ReadingArgs,

    #[command(flatten)]
    inputs: Inputs,
}

impl Run for TreeArgs {
    const SCHEMA: Option<fn(SchemaGenerator) -> Schema> =
        Some(|g| g.into_root_schema_for::<TreeJson<'_>>());
    const HELP: &'static [(&'static str, &'static str)] = &[
        (
            "rule",
            "Rule, by its printed name; default: the edition's whole-URL rule",
        ),
        ("json", "The tree as JSON, one object per input"),
    ];

    fn arg(arg: clap::Arg) -> clap::Arg {
        let arg = in_words(Self::HELP, arg);
        match arg.get_id().as_str() {
            "grammar" => arg.required_unless_present("grammar_file"),
            _ => arg,
        }
    }

    // Long: one input's tree in the reading asked for, then its prose notes and
    // JSON, in the order they are written; each step reads the ones before.
    fn run(self, io: &mut Io<'_>) -> Result<Tally, CliError> {
        let (mut stdin, out) = io.input(false);
        let stdin = &mut stdin;
        if let Some(refused) = self.grammar_file.refused("tree") {
            return Err(refused);
        }
        let Some(edition) = self.grammar.edition else {
            return Err(CliError::Usage("name the edition: --grammar ID".into()));
        };
        let rule = self.rule.name.map_or_else(
            || edition.default_rule().to_string(),
            |r| rule_name(edition, &r),
        );
        if !has_rule(edition, &rule) {
            return Err(CliError::Usage(unknown_rule(&rule, &[edition])));
        }
        let reading = self.reading.reading();
        // The verdict in the reading asked for: with known schemes, the rule
        // without its catch-all decides first.
        let reader = crate::Checker::new(edition, &rule, crate::Engine::Dfa)
            .map_err(|e| CliError::Usage(e.to_string()))?
            .reading(reading);
        let mut tally = Tally::default();
        // Inputs --printed could not derive, said after the trees.
        let mut refused = Vec::new();
        each_input(
            &self.inputs.urls,
            &self.inputs.files,
            stdin,
            out,
            |input, out| {
                tally.inputs += 1;
                let shown = match input {
                    Input::Text(text) => *text,
                    Input::NotUtf8 { .. } => "",
                };
                let text = &*reading_text(shown, edition, reading);
                let outcome = match input {
                    Input::Text(_) if reading.known_schemes && !reader.is_valid(text) => {
                        PestOutcome::Prefix { end: 0 }
                    }
                    Input::Text(_) => peg::run(edition, &rule, text)
                        .map_err(|e| CliError::Usage(e.to_string()))?,
                    Input::NotUtf8 { .. } => PestOutcome::Prefix { end: 0 },
                };
                let result: Result<Node, CheckError> = match (outcome, input) {
                    (PestOutcome::Whole(node), _) if self.printed => {
                        match derive::derive(edition, &rule, text) {
                            Ok(printed) => Ok(printed),
                            Err(why) => {
                                refused.push(format!(
                                    "warning: input {}: {why}; pest's tree shown",
                                    tally.inputs
                                ));
                                Ok(expanded(edition, text, node))
                            }
                        }
                    }
                    (PestOutcome::Whole(node), _) => Ok(expanded(edition, text, node)),
                    (_, Input::NotUtf8 { .. }) => {
                        Err(input.not_utf8_error(edition, &rule).ok_or_else(|| {
                            CliError::Usage(format!("{edition} has no rule '{rule}'"))
                        })?)
                    }
                    // In the checker's reading: folded, and with known schemes by
                    // the scheme's own rule.
                    (_, Input::Text(_)) => Err(reader.diagnose(shown)),
                };
                tally.count(result.is_ok());
                // Under a URL rule, what the prose says, as `parse` gives it.
                let notes = if ast::is_url_rule(edition, &rule) {
                    // An input the tree rejects is not parsed again.
                    let parsed = match &result {
                        Ok(_) => parse_bounded(edition, &rule, text),
                        Err(e) => Err(Error::Invalid(e.clone())),
                    };
                    prose_notes(edition, &rule, shown, &parsed, reading)
                } else {
                    Vec::new()
                };
                if self.json.on {
                    let line = TreeJson {
                        input: input.shown(),
                        grammar: edition,
                        rule: &rule,
                        valid: result.is_ok(),
                        tree: result.as_ref().ok(),
                        error: result.as_ref().err(),
                        notes: &notes,
                    };
                    json_line(out, &line)?;
                    return Ok(());
                }
                if tally.inputs > 1 {
                    writeln!(out)?;
                }
                match &result {
                    Ok(node) => out.write_all(text::node_tree(text, node).as_bytes())?,
                    Err(e) => {
                        writeln!(out, "{edition} {rule}: invalid at offset {}", e.offset)?;
                        caret(out, input.shown(), e)?;
                    }
                }
                write_prose_notes(out, &notes, "")?;
                Ok(())
            },
        )?;
        for warning in &refused {
            writeln!(stdin.err, "{warning}")?;
        }
        if !self.json.on && tally.inputs > 1 {
            writeln!(out)?;
            summary(out, &tally, 1, "derived", "not derived")?;
        }
        Ok(tally)
    }
}

/// Pest's tree with the printed rules inside its one-piece nodes.
fn expanded(edition: Edition, text: &str, mut node: Node) -> Node {
    derive::expand(edition, text, &mut node);
    node
}

/// One line of `tree --json`: a verdict with the derivation of a valid input.
#[derive(serde::Serialize, schemars::JsonSchema)]
pub(crate) struct TreeJson<'a> {
    /// The input, as given.
    input: &'a str,
    /// The edition.
    grammar: Edition,
    /// The rule, by its printed name.
    rule: &'a str,
    /// Whether the rule derives the whole input.
    valid: bool,
    /// The derivation of a valid input.
    #[serde(skip_serializing_if = "Option::is_none")]
    tree: Option<&'a Node>,
    /// Where and why not, for an invalid input.
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<&'a CheckError>,
    /// What the document's prose says of the input.
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    notes: &'a [crate::prose::ProseNote],
}
