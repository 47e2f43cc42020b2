//! The seed corpus (`tests/corpus/seed-urls.txt`): every URL example of the seed
//! documents, checked against the default rule of all five editions, side by side.

use urlbnf::{Edition, Engine, check};

/// The corpus inputs, in order.
pub fn corpus() -> Vec<&'static str> {
    include_str!("corpus/seed-urls.txt")
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect()
}

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
                Some(e) => format!("invalid {}", e.message),
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
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../snapshots");
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| insta::assert_snapshot!("corpus-verdicts", verdict_table(&corpus())));
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
