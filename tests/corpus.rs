//! The seed corpus (`tests/corpus/seed-urls.txt`): every URL example of the seed
//! documents, checked against the default rule of all five editions, side by side.

use crate::common;

use common::corpus;
use urlbnf::ast;
use urlbnf::render::text as report;
use urlbnf::{Edition, Engine, Error, check};

fn verdict_table(inputs: &[&str]) -> String {
    let mut out = String::new();
    for input in inputs {
        out.push_str(input);
        out.push('\n');
        for edition in Edition::ALL {
            let v = check::check(edition, edition.default_rule(), input, Engine::Pest)
                .expect("default rule exists");
            let line = match &v.error {
                None => "valid".to_string(),
                Some(e) => format!("invalid {e}"),
            };
            out.push_str(&format!("  {:<12} {line}\n", edition.id()));
        }
    }
    out
}

#[test]
fn the_seed_corpus_is_every_example_once() {
    let inputs = corpus();
    let mut seen = std::collections::HashSet::new();
    for i in &inputs {
        assert!(seen.insert(i), "listed twice: {i}");
    }
    // The examples the issue names are there.
    for must in [
        "http://info.cern.ch:8000/imaginary/test",
        "ftp://myname@host.dom/%2Fetc/motd",
        "news:12345667123%asdghfh@info.cern.ch",
        "prospero://host.dom//pros/name",
    ] {
        assert!(seen.contains(&must), "missing: {must}");
    }
}

#[test]
fn seed_corpus_verdicts_under_every_edition() {
    common::snapshot_settings()
        .bind(|| insta::assert_snapshot!("corpus-verdicts", verdict_table(&corpus())));
}

/// A snapshot name a reader can find from the URL: `ast-` and the URL with each
/// character other than a letter, digit, `.` or `-` as `_`.
fn snapshot_name(url: &str) -> String {
    let safe = url.chars().map(|c| {
        if c.is_ascii_alphanumeric() || c == '.' || c == '-' {
            c
        } else {
            '_'
        }
    });
    format!("ast-{}", safe.take(100).collect::<String>())
}

fn ast_table(input: &str) -> String {
    let mut out = format!("{input}\n");
    for edition in Edition::ALL {
        match ast::parse(edition, input) {
            Ok(url) => {
                let kind = url.body.kind().name();
                out.push_str(&format!("  {:<12} {kind}\n", edition.id()));
                out.push_str(&report::ast_tree(&url, 2));
            }
            Err(Error::Invalid(e)) => {
                out.push_str(&format!("  {:<12} invalid {}\n", edition.id(), e))
            }
            Err(e) => out.push_str(&format!("  {:<12} {e}\n", edition.id())),
        }
    }
    out
}

#[test]
fn seed_corpus_asts_under_every_edition_one_file_per_url() {
    let mut names = std::collections::HashSet::new();
    for input in corpus() {
        let name = snapshot_name(input);
        assert!(
            names.insert(name.clone()),
            "two corpus URLs share the snapshot name {name}"
        );
        common::snapshot_settings().bind(|| insta::assert_snapshot!(name, ast_table(input), input));
    }
}

#[test]
fn the_automaton_engine_gives_the_corpus_the_same_verdicts() {
    for input in corpus() {
        for edition in Edition::ALL {
            let rule = edition.default_rule();
            assert_eq!(
                check::is_valid(edition, rule, input, Engine::Pest),
                check::is_valid(edition, rule, input, Engine::Dfa),
                "{edition} {input}"
            );
        }
    }
}
