//! `urlbnf conform`: another parser (the peer, a program) tested against a
//! rule: the suite made from the rule, the peer's disagreements shrunk and
//! named by cause.

use std::ffi::OsString;
use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use schemars::{Schema, SchemaGenerator};
use serde::Serialize;

use super::super::flags::{Json, OneEdition, Rule};
use super::super::grammar_files::GrammarFiles;
use super::super::input::Files;
use super::super::output::{Tally, json_line};
use super::super::{CliError, Io, rule_name, unknown_rule};
use super::{Run, in_words};
use crate::edition::Edition;
use crate::engine::meta::lines;
use crate::render::conform as render;
use crate::render::write::{self, Output};
use crate::tools::conform::{self, Answer, Component, Components, Conformance, Coverage, Suite};

pub(crate) const LONG: &str = "\
Test another parser (the peer: any program) against a rule of an edition.

The inputs are a suite made from the rule: from its minimal automaton, a
string through every live transition (each state and each class of bytes that
continues a valid input), a near miss for every class that leads out of the
language at every state (completed as the rule allows), and each state's
shortest prefix (truncations), characters that are not ASCII (whole) at every
state and an escape spliced in where % cannot come (%25A0, as RFC 6874's zone);
from its printed parts, counted repetitions and ranges at and past their
bounds (dec-octet's 255 and 256, h16's four digits), each loop taken 0, 1, 2
and 6, 17, 65 and 257 times, and ABNF's quoted letters in both cases (\"v\"
and \"V\"); then strings
derived from the rule, mutated and truncated, from --seed; and the lines of
any -f FILE. The same seed gives the same suite. No input holds a line break.

The peer is COMMAND [ARGS...] after `--`, run as a line filter: the inputs one
a line on its standard input (closed after each batch), one verdict a line on
its standard output: 1, true, valid or ok (any case) accepts, anything else
(0, false, invalid, an error message) rejects. With --each it is run once per
input, the input as its last argument, and its exit status is the verdict (0
accepts, another status rejects). With --components it prints, per input, a
JSON object with any of scheme, userinfo, host, port, path, query, fragment
(each a string, or null for none; those left out are not compared), or null
where it rejects the input; they are compared with the edition's AST (a URL
rule's only), each as written in the input.

Each disagreement is shrunk with the peer in the loop (each step still a
disagreement the same way) and grouped into causes. Peer accepts what the
rule does not derive: by where the rule stops (the innermost rule open there,
what was found, what could come, as `report` says it) and what the peer takes
there (a character no rule derives, one not ASCII, a delimiter of other
rules, a repetition too many, an end too early). Once causes are known, the
inputs they explain are asked again without the character where the rule
stops, round after round, so a fault hidden behind another is found too,
until a round finds none or --budget further inputs are asked. Peer rejects what the
rule derives: by the part of the witness the peer refuses (the deepest rule
whose text, replaced by the rule's shortest string, it takes), with the
alternative taken, the characters it refuses, or a letter it refuses in one
case. Components: by component. Each cause: how many inputs, the shortest
witness (exactly as given to the peer), the rule with its section, and the
fault in a line. A run past ten seconds says how far it is on standard error.

The peer is an error (exit 2), naming the input and what it printed, when it
cannot be run, exits with a failure or dies, outlasts --timeout, prints more
or fewer lines than the inputs, or a line longer than 64 KiB.

--export FILE writes the suite as JSON lines ({input, valid, grammar, rule,
kind, covers}) for a project to run in its own CI; --html FILE writes the
run as a page. Neither overwrites a file urlbnf did not write without
--force, nor ever a file the run reads; each is written whole or not at all.";

pub(crate) const EXAMPLES: &str = "\
Exit status: 0 when the peer agrees on every input (or only --export was
asked), 1 when it departs, 2 on a usage error or when the peer fails, 3 when
a file cannot be read or written or output fails.

Examples:
  urlbnf conform --grammar rfc3986 --rule IPv6address -- python3 tests/conform/python/ipaddress_check.py 6
  urlbnf conform --grammar rfc3986 --rule URI -- perl tests/conform/perl/data-validate-uri.pl
  urlbnf conform --grammar rfc3986 --components -- python3 tests/conform/python/urlsplit_components.py
  urlbnf conform --grammar rfc1738 --rule httpurl --each -- ./my-validator
  urlbnf conform --grammar rfc3986 --rule URI --export rfc3986-URI.jsonl";

#[derive(Debug, clap::Args)]
pub(crate) struct ConformArgs {
    #[command(flatten)]
    grammar: OneEdition,

    #[command(flatten)]
    grammar_files: GrammarFiles,

    #[command(flatten)]
    rule: Rule,

    /// The seed of the derived and mutated strings
    #[arg(long, value_name = "N", default_value_t = 1)]
    seed: u64,

    /// Strings derived from the rule (as many mutated, half as many truncated)
    #[arg(long, value_name = "N", default_value_t = conform::DERIVED)]
    derived: usize,

    #[command(flatten)]
    files: Files,

    /// Run COMMAND once per input, the input its last argument; its exit
    /// status is the verdict
    #[arg(long, conflicts_with = "components")]
    each: bool,

    /// COMMAND prints components as JSON, compared with the edition's AST
    #[arg(long)]
    components: bool,

    /// Inputs per run of a line filter
    #[arg(long, value_name = "N", default_value_t = 1000)]
    batch: usize,

    /// Further inputs the peer may be asked, once the suite is, before no
    /// further round of masked faults is begun
    #[arg(long, value_name = "N", default_value_t = conform::BUDGET)]
    budget: usize,

    /// Seconds one run may take (one batch; one input with --each)
    #[arg(long, value_name = "SECS", default_value_t = 60.0)]
    timeout: f64,

    #[command(flatten)]
    json: Json,

    /// Also write the result as a self-contained HTML page
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,

    /// Write the suite as JSON lines to FILE
    #[arg(long, value_name = "FILE")]
    export: Option<PathBuf>,

    /// Let --export and --html replace a file urlbnf did not write
    #[arg(long)]
    force: bool,

    /// The peer: COMMAND [ARGS...], after `--`
    #[arg(last = true, value_name = "COMMAND")]
    command: Vec<OsString>,
}

/// One line of `--export`.
#[derive(Serialize)]
struct Exported<'a> {
    input: &'a str,
    valid: bool,
    grammar: Edition,
    rule: &'a str,
    kind: conform::Kind,
    covers: &'a str,
}

/// `conform --json`: the suite's size and coverage, the peer, what it did.
#[derive(Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct ConformJson {
    /// The peer's command line.
    peer: String,
    /// The seed of the suite's derived strings.
    seed: u64,
    /// Inputs of the suite the rule derives.
    valid: usize,
    /// Inputs it does not.
    invalid: usize,
    /// What the suite covers of the rule's automaton and parts.
    coverage: Coverage,
    /// What the peer did.
    #[serde(flatten)]
    found: Conformance,
}

impl Run for ConformArgs {
    const SCHEMA: Option<fn(SchemaGenerator) -> Schema> =
        Some(|g| g.into_root_schema_for::<ConformJson>());
    const HELP: &'static [(&'static str, &'static str)] = &[
        (
            "rule",
            "The rule, by its printed name (default: the edition's whole-URL rule)",
        ),
        ("grammar", "The edition the peer is tested against"),
        ("file", "Add the lines of FILE to the suite (repeatable)"),
        ("json", "Write the result as one JSON object"),
    ];

    fn arg(arg: clap::Arg) -> clap::Arg {
        let arg = in_words(Self::HELP, arg);
        match arg.get_id().as_str() {
            "grammar" => arg.required_unless_present("grammar_files"),
            _ => arg,
        }
    }

    // Long: the command's steps in the order a run takes them (edition, checks of the
    // flags, files claimed, suite built, peer asked, each output written), each short.
    fn run(self, io: &mut Io<'_>) -> Result<Tally, CliError> {
        let (out, err, terminal) = (&mut *io.out, &mut *io.err, io.terminal.stderr);
        // A grammar file, given, is the edition.
        let file = self
            .grammar_files
            .load()?
            .pop()
            .and_then(|g| g.0.first().copied());
        let Some(edition) = file.or(self.grammar.edition) else {
            return Err(CliError::Usage(
                "name the edition: --grammar ID or --grammar-file FILE".into(),
            ));
        };
        let rule = self.rule.name.as_deref().map_or_else(
            || edition.default_rule().to_string(),
            |r| rule_name(edition, r),
        );
        if crate::grammar::PrintedGrammar::of(edition)
            .rule(&rule)
            .is_none()
        {
            return Err(CliError::Usage(unknown_rule(&rule, &[edition])));
        }
        if self.command.is_empty() && self.export.is_none() {
            return Err(CliError::Usage(
                "no peer: give its command after `--` (or --export FILE to write the suite only)"
                    .into(),
            ));
        }
        if self.components && !crate::verdicts::ast::is_url_rule(edition, &rule) {
            return Err(CliError::Usage(format!(
                "--components needs a URL rule: {edition} '{rule}' has no AST (try {})",
                edition.default_rule()
            )));
        }
        if !(self.timeout > 0.0 && self.timeout.is_finite()) {
            return Err(CliError::Usage(
                "--timeout must be a positive number of seconds".into(),
            ));
        }
        // The files written are claimed before any is read: never an input of
        // the run, never a file urlbnf did not write (without --force).
        if let (Some(export), Some(html)) = (&self.export, &self.html)
            && export == html
        {
            return Err(CliError::Usage(format!(
                "--export and --html both name {}: give each its own file",
                export.display()
            )));
        }
        let claim = |path: &Option<PathBuf>, flag, what, mark| {
            path.as_ref()
                .map(|p| {
                    let output = Output {
                        flag,
                        what,
                        mark,
                        files: &self.files.files,
                        stdin: false,
                    };
                    write::claim_file(p, &output, self.force)
                })
                .transpose()
        };
        let export = claim(&self.export, "--export", "a suite", EXPORT_MARK)?;
        let html = claim(
            &self.html,
            "--html",
            "a conformance page",
            render::HTML_MARK,
        )?;
        let mut corpus = Vec::new();
        for path in &self.files.files {
            let text = std::fs::read(path).map_err(|e| crate::Error::io(path, &e))?;
            let line = |l| String::from_utf8_lossy(text.get(l).unwrap_or_default()).into_owned();
            corpus.extend(lines::each(&text).map(line));
        }
        let suite =
            Suite::with_size(edition, &rule, self.seed, self.derived)?.with_corpus(corpus)?;
        if self.export.is_some() {
            let mut text = Vec::new();
            for c in &suite.cases {
                let line = Exported {
                    input: &c.input,
                    valid: c.valid,
                    grammar: edition,
                    rule: &rule,
                    kind: c.kind,
                    covers: &c.covers,
                };
                json_line(&mut text, &line)?;
            }
            if let Some(claim) = &export {
                claim.write(&text)?;
            }
        }
        if self.command.is_empty() {
            if !self.json.on {
                writeln!(out, "{}", render::suite_line(&suite))?;
            }
            return Ok(Tally::default());
        }
        let peer_words: Vec<String> = self
            .command
            .iter()
            .map(|a| a.to_string_lossy().into_owned())
            .collect();
        let peer_line = peer_words.join(" ");
        let (program, rest) = self
            .command
            .split_first()
            .map_or((OsString::new(), &[][..]), |(p, r)| (p.clone(), r));
        let timeout = Duration::from_secs_f64(self.timeout);
        let mut progress = Progress::new(err, terminal);
        let mut tell = |p: &conform::Progress| progress.tell(p);
        let found = if self.each {
            let mut peer = conform::EachRun::new(program, rest.iter().cloned()).timeout(timeout);
            let options = conform::Options {
                budget: self.budget,
                chunk: EACH_CHUNK,
                progress: Some(&mut tell),
            };
            conform::compare_with(&suite, &mut peer, options)?
        } else {
            let mut peer = conform::LineFilter::new(program, rest.iter().cloned())
                .batch(self.batch)
                .timeout(timeout);
            if self.components {
                peer = peer.decoder(decode_components);
            }
            let options = conform::Options {
                budget: self.budget,
                chunk: self.batch.max(1),
                progress: Some(&mut tell),
            };
            conform::compare_with(&suite, &mut peer, options)?
        };
        progress.done();
        if let Some(claim) = &html {
            let page = render::html(&suite, &peer_line, &found, &crate::render::today());
            claim.write(page.as_bytes())?;
        }
        let departs = !found.causes.is_empty();
        if self.json.on {
            let valid = suite.cases.iter().filter(|c| c.valid).count();
            json_line(
                out,
                &ConformJson {
                    peer: peer_line,
                    seed: suite.seed,
                    valid,
                    invalid: suite.cases.len() - valid,
                    coverage: suite.coverage,
                    found,
                },
            )?;
        } else {
            out.write_all(render::text(&suite, &peer_line, &found).as_bytes())?;
        }
        Ok(Tally {
            bad: usize::from(departs),
            ..Tally::default()
        })
    }
}

/// Inputs asked at a time with --each, between progress lines.
const EACH_CHUNK: usize = 64;
/// A run this long says how far it is on standard error (not a terminal).
const QUIET: Duration = Duration::from_secs(10);
/// Then a line this often.
const EVERY: Duration = Duration::from_secs(5);

/// Progress of a run on standard error: a spinner on a terminal; elsewhere
/// (a log, CI) a line every few seconds once the run passes ten seconds, so
/// a slow peer is seen to be working.
struct Progress<'a> {
    err: &'a mut dyn Write,
    started: Instant,
    last: Option<Instant>,
    bar: Option<indicatif::ProgressBar>,
}

impl<'a> Progress<'a> {
    fn new(err: &'a mut dyn Write, terminal: bool) -> Progress<'a> {
        let bar = terminal.then(|| {
            let bar = indicatif::ProgressBar::new_spinner();
            let style = indicatif::ProgressStyle::with_template("{spinner} {msg}, {elapsed}")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner());
            bar.set_style(style);
            bar
        });
        Progress {
            err,
            started: Instant::now(),
            last: None,
            bar,
        }
    }

    fn tell(&mut self, p: &conform::Progress) {
        let words = progress_words(p);
        if let Some(bar) = &self.bar {
            bar.set_message(words);
            bar.tick();
            return;
        }
        let now = Instant::now();
        let due = match self.last {
            None => now.duration_since(self.started) >= QUIET,
            Some(last) => now.duration_since(last) >= EVERY,
        };
        if due {
            self.last = Some(now);
            let secs = now.duration_since(self.started).as_secs();
            let _ = writeln!(self.err, "conform: {words} ({secs} s)");
            let _ = self.err.flush();
        }
    }

    fn done(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}

/// How far a run is, in words.
fn progress_words(p: &conform::Progress) -> String {
    let asked = if p.asked <= p.inputs {
        format!(
            "{} of {} inputs asked",
            crate::render::count(p.asked as u64),
            crate::render::count(p.inputs as u64)
        )
    } else {
        format!(
            "the suite's {} inputs and {} more asked",
            crate::render::count(p.inputs as u64),
            crate::render::count((p.asked - p.inputs) as u64)
        )
    };
    let round = if p.round > 0 {
        format!(", round {}", p.round)
    } else {
        String::new()
    };
    format!(
        "{asked}, {}{round}",
        crate::render::plural(p.causes as u64, "cause", "causes")
    )
}

/// A `--components` line: an object of components, or `null`/`false` for a
/// rejected input.
fn decode_components(line: &str) -> Result<Answer, String> {
    let value: serde_json::Value =
        serde_json::from_str(line).map_err(|e| format!("not JSON ({e})"))?;
    let object = match value {
        serde_json::Value::Null | serde_json::Value::Bool(false) => return Ok(Answer::Rejects),
        serde_json::Value::Object(o) => o,
        _ => return Err("neither a JSON object nor null".into()),
    };
    let mut parts = Components::new();
    for (name, v) in object {
        let c = Component::from_name(&name).ok_or_else(|| {
            format!("no component '{name}' (scheme, userinfo, host, port, path, query, fragment)")
        })?;
        let text = match v {
            serde_json::Value::Null => None,
            serde_json::Value::String(s) => Some(s),
            serde_json::Value::Number(n) => Some(n.to_string()),
            _ => return Err(format!("'{name}' is neither a string, a number nor null")),
        };
        parts.insert(c, text);
    }
    Ok(Answer::Parts(parts))
}

/// What every line of `--export` holds, and so its first 4 KB: an exported
/// suite is replaced without --force.
const EXPORT_MARK: &str = "\"covers\":";
