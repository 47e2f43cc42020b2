//! No panic, no hang, no stack overflow, on any input: seeded arbitrary inputs for
//! every rule of every edition, and inputs of up to 1 MB built to go deep.

use crate::common;

use common::Seeded;
use urlbnf::check::Checker;
use urlbnf::engine::Generator;
use urlbnf::grammar::printed::PrintedGrammar;
use urlbnf::{Edition, Engine, ast};

/// Drive `per_grammar` inputs spread over every rule of every edition through
/// both engines, the diagnosis, and the AST; verdicts must agree.
fn fuzz(per_grammar: usize, seed: u64) {
    for edition in Edition::ALL {
        let g = PrintedGrammar::of(edition);
        let generator = Generator::new(edition);
        let per_rule = per_grammar.div_ceil(g.rules.len());
        let mut seeded = Seeded::new(seed ^ common::ordinal(edition), 192);
        for rule in &g.rules {
            let pest = Checker::new(edition, &rule.name, Engine::Pest).unwrap();
            let dfa = Checker::new(edition, &rule.name, Engine::Dfa).unwrap();
            let url_rule = ast::is_url_rule(edition, &rule.name);
            for _ in 0..per_rule {
                let s = common::robust_input(&rule.name, &generator, &mut seeded);
                let verdict = pest.check(&s);
                assert_eq!(
                    verdict.valid,
                    dfa.is_valid(&s),
                    "{edition} {}: {s:?}",
                    rule.name
                );
                if let Some(e) = &verdict.error {
                    assert!(e.offset <= s.chars().count());
                }
                if url_rule {
                    let parsed = ast::parse_rule(edition, &rule.name, &s);
                    assert_eq!(
                        parsed.is_ok(),
                        verdict.valid,
                        "{edition} {}: {s:?}",
                        rule.name
                    );
                    if let Ok(url) = parsed {
                        assert_eq!(url.to_string(), s);
                    }
                }
            }
        }
    }
}

#[test]
#[ignore = "costly: .ci/run runs it (cargo test --test suite -- --ignored)"]
fn arbitrary_inputs_through_every_rule_of_every_edition() {
    fuzz(100_000, 0x5eed);
}

/// The same on a twentieth of the inputs, in every run of `cargo test`.
#[test]
fn a_sample_of_arbitrary_inputs_through_every_rule_of_every_edition() {
    fuzz(5_000, 0x1994);
}

#[test]
#[ignore = "10x the CI run: cargo test --release --test suite robust:: -- --ignored"]
fn arbitrary_inputs_at_scale() {
    fuzz(1_000_000, 0xfeed);
}

/// Inputs of about `size` bytes that go deep: many segments, many labels, one
/// long run, many escapes, and garbage that looks nested.
fn deep_inputs(size: usize) -> Vec<(&'static str, String)> {
    vec![
        (
            "path of a/ segments",
            format!("http://h/{}", "a/".repeat(size / 2)),
        ),
        (
            "host of labels",
            format!("http://{}com/", "a.".repeat(size / 2)),
        ),
        ("one xalpha run", format!("news:{}", "a".repeat(size))),
        ("escapes", format!("http://h/{}", "%00".repeat(size / 3))),
        ("at signs", format!("ftp://{}@h/", "a@".repeat(size / 2))),
        ("colons", format!("http://h{}/", ":1".repeat(size / 2))),
        (
            "nested brackets",
            format!(
                "http://h/{}{}",
                "([{<".repeat(size / 8),
                ">}])".repeat(size / 8)
            ),
        ),
        ("slashes", "/".repeat(size)),
        (
            "gopher tabs",
            format!("gopher://h/1{}", "%09".repeat(size / 3)),
        ),
        (
            "prospero versions",
            format!("prospero://h/{}", "%001a".repeat(size / 5)),
        ),
    ]
}

#[test]
fn inputs_of_a_megabyte_get_a_verdict_without_overflowing_the_stack() {
    for (what, s) in deep_inputs(1_000_000) {
        for edition in Edition::ALL {
            let rule = edition.default_rule();
            let pest = Checker::new(edition, rule, Engine::Pest).unwrap().check(&s);
            let dfa = Checker::new(edition, rule, Engine::Dfa)
                .unwrap()
                .is_valid(&s);
            assert_eq!(pest.valid, dfa, "{edition}: {what}");
            let parsed = ast::parse(edition, &s);
            assert_eq!(parsed.is_ok(), pest.valid, "{edition}: {what}");
        }
    }
}

#[test]
fn deep_inputs_have_the_verdicts_the_grammars_give() {
    let verdict = |e: Edition, s: &str| {
        Checker::new(e, e.default_rule(), Engine::Pest)
            .unwrap()
            .is_valid(s)
    };
    let big = deep_inputs(1_000_000);
    let find = |w: &str| {
        big.iter()
            .find(|(what, _)| *what == w)
            .map(|(_, s)| s.as_str())
            .unwrap()
    };
    // Every edition with http URLs takes a path of 500,000 segments.
    for e in [
        Edition::Draft1993,
        Edition::Draft1994,
        Edition::Rfc1630Url,
        Edition::Rfc1738,
    ] {
        assert!(verdict(e, find("path of a/ segments")), "{e}");
        assert!(verdict(e, find("host of labels")), "{e}");
        assert!(verdict(e, find("escapes")), "{e}");
    }
    // Brackets are unsafe in every edition's http URL.
    for e in Edition::ALL {
        assert!(!verdict(e, find("nested brackets")), "{e}");
    }
    let Ok(url) = ast::parse(Edition::Rfc1738, find("path of a/ segments")) else {
        panic!()
    };
    let ast::Body::Http(h) = url.body else {
        panic!()
    };
    assert_eq!(h.path.map(|p| p.segments().count()), Some(500_001));
}

/// A long component is shortened in text as a long input's heading is: its
/// start, its end and its length; a long path lists its first segments and
/// counts the rest. JSON keeps it whole.
#[test]
fn long_components_are_shortened_in_text_and_whole_in_json() {
    let url = format!("http://h/{}{}", "a/".repeat(300_000), "b".repeat(200));
    let line = format!("{url}\n");
    let run = common::run_urlbnf(&["parse", "--grammar", "rfc1738"], line.as_bytes());
    let text = String::from_utf8_lossy(&run.stdout);
    assert!(text.len() < 20_000, "{} bytes of text", text.len());
    assert!(text.contains("(600200 characters)"), "the path's length");
    assert!(
        text.contains("… 299901 more segments"),
        "the segments past 100"
    );
    let json = common::run_urlbnf(
        &["parse", "--grammar", "rfc1738", "--json"],
        line.as_bytes(),
    );
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(
        v["url"]["body"]["path"]["text"].as_str().map(str::len),
        Some(600_200)
    );
}
