//! `urlbnf conform`: another parser (the peer, a program) tested against a
//! rule: the suite made from the rule, the peer's disagreements shrunk and
//! named by cause.

use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::Serialize;

use super::super::output::{Tally, json_line};
use super::super::{CliError, unknown_rule};
use crate::analysis::conform::{self, Answer, Component, Components, Conformance, Coverage, Suite};
use crate::edition::Edition;
use crate::render::conform as render;

pub(crate) const LONG: &str = "\
Test another parser (the peer: any program) against a rule of an edition.

The inputs are a suite made from the rule: from its minimal automaton, a
string through every live transition (each state and each class of bytes that
continues a valid input), a near miss for every class that leads out of the
language at every state (completed as the rule allows), and each state's
shortest prefix (truncations); from its printed parts, counted repetitions
and ranges at and past their bounds (dec-octet's 255 and 256, h16's four
digits) and ABNF's quoted letters in both cases (\"v\" and \"V\"); then strings
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
what was found, what could come, as `report` says it). Peer rejects what the
rule derives: by the part of the witness the peer refuses (the deepest rule
whose text, replaced by the rule's shortest string, it takes), with the
alternative taken, the characters it refuses, or a letter it refuses in one
case. Components: by component. Each cause: how many inputs, the shortest
witness (exactly as given to the peer), the rule with its section.

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
a file cannot be read or written.

Examples:
  urlbnf conform --grammar rfc3986 --rule IPv6address -- python3 tests/conform/python/ipaddress_check.py 6
  urlbnf conform --grammar rfc3986 --rule URI -- perl tests/conform/perl/data-validate-uri.pl
  urlbnf conform --grammar rfc3986 --components -- python3 tests/conform/python/urlsplit_components.py
  urlbnf conform --grammar rfc1738 --rule httpurl --each -- ./my-validator
  urlbnf conform --grammar rfc3986 --rule URI --export rfc3986-URI.jsonl";

#[derive(Debug, clap::Args)]
pub(crate) struct ConformArgs {
    /// The edition the peer is tested against
    #[arg(long = "grammar", value_name = "ID", value_enum)]
    grammar: Edition,

    /// The rule, by its printed name (default: the edition's whole-URL rule)
    #[arg(long, value_name = "NAME")]
    rule: Option<String>,

    /// The seed of the derived and mutated strings
    #[arg(long, value_name = "N", default_value_t = 1)]
    seed: u64,

    /// Strings derived from the rule (as many mutated, half as many truncated)
    #[arg(long, value_name = "N", default_value_t = conform::DERIVED)]
    derived: usize,

    /// Add the lines of FILE to the suite (repeatable)
    #[arg(long = "file", short = 'f', value_name = "FILE")]
    files: Vec<PathBuf>,

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

    /// Seconds one run may take (one batch; one input with --each)
    #[arg(long, value_name = "SECS", default_value_t = 60.0)]
    timeout: f64,

    /// Write the result as one JSON object
    #[arg(long)]
    json: bool,

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

pub(crate) fn run(args: ConformArgs, out: &mut dyn Write) -> Result<Tally, CliError> {
    let edition = args.grammar;
    let rule = args
        .rule
        .clone()
        .unwrap_or_else(|| edition.default_rule().to_string());
    if crate::grammar::PrintedGrammar::of(edition)
        .rule(&rule)
        .is_none()
    {
        return Err(CliError::Usage(unknown_rule(&rule, &[edition])));
    }
    if args.command.is_empty() && args.export.is_none() {
        return Err(CliError::Usage(
            "no peer: give its command after `--` (or --export FILE to write the suite only)"
                .into(),
        ));
    }
    if args.components && !crate::analysis::ast::is_url_rule(edition, &rule) {
        return Err(CliError::Usage(format!(
            "--components needs a URL rule: {edition} '{rule}' has no AST (try {})",
            edition.default_rule()
        )));
    }
    if !(args.timeout > 0.0 && args.timeout.is_finite()) {
        return Err(CliError::Usage(
            "--timeout must be a positive number of seconds".into(),
        ));
    }
    let reads: Vec<PathBuf> = args
        .files
        .iter()
        .filter(|f| f.as_os_str() != "-")
        .cloned()
        .collect();
    let outputs: Vec<(&PathBuf, Own)> = [(&args.export, Own::Export), (&args.html, Own::Page)]
        .into_iter()
        .filter_map(|(p, own)| p.as_ref().map(|p| (p, own)))
        .collect();
    for (path, own) in &outputs {
        let others: Vec<&Path> = outputs
            .iter()
            .filter(|(p, _)| p != path)
            .map(|(p, _)| p.as_path())
            .collect();
        refuse_overwrite(path, *own, args.force, &reads, &others)?;
    }
    let mut corpus = Vec::new();
    for path in &args.files {
        let text = std::fs::read(path).map_err(|e| crate::Error::io(path, &e))?;
        corpus.extend(
            String::from_utf8_lossy(&text)
                .lines()
                .map(|l| l.strip_suffix('\r').unwrap_or(l).to_string()),
        );
    }
    let suite = Suite::with_size(edition, &rule, args.seed, args.derived)?.with_corpus(corpus)?;
    if let Some(path) = &args.export {
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
        write_whole(path, &text)?;
    }
    if args.command.is_empty() {
        if !args.json {
            writeln!(out, "{}", render::suite_line(&suite))?;
        }
        return Ok(Tally::default());
    }
    let peer_words: Vec<String> = args
        .command
        .iter()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let peer_line = peer_words.join(" ");
    let (program, rest) = args
        .command
        .split_first()
        .map_or((OsString::new(), &[][..]), |(p, r)| (p.clone(), r));
    let timeout = Duration::from_secs_f64(args.timeout);
    let found = if args.each {
        let mut peer = conform::EachRun::new(program, rest.iter().cloned()).timeout(timeout);
        conform::compare(&suite, &mut peer)?
    } else {
        let mut peer = conform::LineFilter::new(program, rest.iter().cloned())
            .batch(args.batch)
            .timeout(timeout);
        if args.components {
            peer = peer.decoder(decode_components);
        }
        conform::compare(&suite, &mut peer)?
    };
    if let Some(path) = &args.html {
        let page = render::html(&suite, &peer_line, &found, &crate::render::today());
        write_whole(path, page.as_bytes())?;
    }
    let departs = !found.causes.is_empty();
    if args.json {
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

/// What urlbnf writes to a file: its own files may be replaced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Own {
    /// `--export`: JSON lines, each a case.
    Export,
    /// `--html`: the page, with its generator named.
    Page,
}

/// Refuse to replace `path` when the run reads it or writes it twice, or,
/// without `force`, when it holds something urlbnf did not write.
fn refuse_overwrite(
    path: &Path,
    own: Own,
    force: bool,
    reads: &[PathBuf],
    others: &[&Path],
) -> Result<(), CliError> {
    let same = |other: &Path| match (path.canonicalize(), other.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => path == other,
    };
    if reads.iter().any(|r| same(r)) || others.iter().any(|o| same(o)) {
        return Err(CliError::Usage(format!(
            "{}: this run reads or writes it already; write to another file",
            path.display()
        )));
    }
    let Ok(meta) = std::fs::symlink_metadata(path) else {
        return Ok(());
    };
    if force || (meta.is_file() && written_by_urlbnf(path, own)) {
        return Ok(());
    }
    Err(CliError::Usage(format!(
        "{}: exists and was not written by urlbnf conform; --force replaces it",
        path.display()
    )))
}

/// Whether the file starts as urlbnf's output of that kind does.
fn written_by_urlbnf(path: &Path, own: Own) -> bool {
    let mut head = Vec::new();
    let read = std::fs::File::open(path).and_then(|f| {
        std::io::Read::read_to_end(&mut std::io::Read::take(f, 64 * 1024), &mut head)
    });
    if read.is_err() {
        return false;
    }
    let text = String::from_utf8_lossy(&head);
    match own {
        Own::Page => text.contains("<meta name=\"generator\" content=\"urlbnf conform\">"),
        Own::Export => text.lines().next().is_some_and(|first| {
            serde_json::from_str::<serde_json::Value>(first).is_ok_and(|v| {
                ["input", "valid", "grammar", "rule", "kind", "covers"]
                    .iter()
                    .all(|k| v.get(k).is_some())
            })
        }),
    }
}

/// Write `bytes` to a new file beside `path`, then rename it over `path`:
/// the file is whole or untouched.
fn write_whole(path: &Path, bytes: &[u8]) -> Result<(), CliError> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let io = |e: std::io::Error| CliError::from(crate::Error::io(path, &e));
    let mut n = 0u32;
    let (tmp, mut file) = loop {
        let tmp = dir.join(format!(".{name}.{}.{n}.tmp", std::process::id()));
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp)
        {
            Ok(f) => break (tmp, f),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && n < 100 => n += 1,
            Err(e) => return Err(io(e)),
        }
    };
    let done = file.write_all(bytes).and_then(|()| file.sync_all());
    drop(file);
    match done.and_then(|()| std::fs::rename(&tmp, path)) {
        Ok(()) => Ok(()),
        Err(e) => {
            let _ = std::fs::remove_file(&tmp);
            Err(io(e))
        }
    }
}
