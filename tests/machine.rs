//! The AST engine derives exactly what pest derives: for every rule of every
//! edition (helpers included), on the robust corpus (100,000 inputs per edition:
//! derived strings, arbitrary text, and derived strings spliced with it), the PEG
//! machine emitted from `grammar/<edition>.pest` by the build script gives pest's
//! tree node for node when pest derives the whole input, and no derivation when
//! pest does not; and the AST built from it equals the AST built from pest's
//! tree. The program it is emitted from, interpreted, derives the same; small
//! grammars pin the program's folds through the interpreter.

use crate::common;

use common::Seeded;
use urlbnf::engine::Generator;
use urlbnf::engine::machine::interpret::Interpreter;
use urlbnf::engine::machine::{Failed, Machine};
use urlbnf::grammar::peg::{self, Derivation, PestOutcome};
use urlbnf::grammar::printed::PrintedGrammar;
use urlbnf::{Edition, ast};

/// Every rule the pest parser has, by printed name, and its helpers by pest name.
fn rules(edition: Edition) -> Vec<String> {
    let printed = PrintedGrammar::of(edition);
    let mut rules: Vec<String> = printed.rules.iter().map(|r| r.name.clone()).collect();
    rules.extend(
        peg::pest_rule_names(edition)
            .into_iter()
            .filter(|r| peg::is_helper(r) && !r.ends_with("__inline") && r != "EOI"),
    );
    rules
}

fn same_derivations(edition: Edition, per_edition: usize) {
    let machine = Machine::of(edition).unwrap();
    let generator = Generator::new(edition);
    let rules = rules(edition);
    let per_rule = per_edition.div_ceil(rules.len());
    let mut seeded = Seeded::new(0x3ac4 ^ common::ordinal(edition), 192);
    let (mut whole, mut other) = (0, 0);
    for rule in &rules {
        // A helper is generated as the printed rule it stands for.
        let printed = peg::printed_name(edition, rule);
        let url_rule = ast::is_url_rule(edition, rule);
        for _ in 0..per_rule {
            let s = common::robust_input(&printed, &generator, &mut seeded);
            let by_machine = machine
                .derive(rule, &s, usize::MAX)
                .unwrap_or_else(|| panic!("{edition}: the machine has no rule {rule}"));
            match peg::run(edition, rule, &s).unwrap() {
                PestOutcome::Whole(node) => {
                    whole += 1;
                    assert_eq!(
                        by_machine,
                        Ok(Derivation::of_node(&node)),
                        "{edition} {rule}: {s:?}"
                    );
                }
                _ => {
                    other += 1;
                    assert_eq!(by_machine, Err(Failed::NoMatch), "{edition} {rule}: {s:?}");
                }
            }
            if url_rule {
                assert_eq!(
                    ast::parse_rule(edition, rule, &s),
                    ast::parse_rule_by_pest(edition, rule, &s),
                    "{edition} {rule}: {s:?}"
                );
            }
        }
    }
    // Both outcomes are well represented, or the comparison proves little.
    assert!(
        whole > per_edition / 4 && other > per_edition / 4,
        "{edition}: {whole} derived, {other} not"
    );
}

#[test]
#[ignore = "costly: .ci/run runs it (cargo test --test suite -- --ignored)"]
fn the_machine_derives_what_pest_derives_on_the_robust_corpus() {
    std::thread::scope(|s| {
        for edition in Edition::ALL {
            s.spawn(move || same_derivations(edition, 100_000));
        }
    });
}

#[test]
fn every_url_rule_builds_the_same_ast_from_both_engines_on_the_seed_corpus() {
    let mut built = 0;
    for edition in Edition::ALL {
        for url in common::corpus() {
            let by_machine = ast::parse(edition, url);
            assert_eq!(
                by_machine,
                ast::parse_rule_by_pest(edition, edition.default_rule(), url),
                "{edition}: {url}"
            );
            built += usize::from(by_machine.is_ok());
        }
    }
    assert!(built > 150, "{built}");
}

#[test]
fn a_derivation_past_its_token_allowance_is_too_large_not_invalid() {
    let machine = Machine::of(Edition::Rfc1738).unwrap();
    let url = "http://www.w3.org:80/a/b?c";
    let tokens = machine
        .derive("url", url, usize::MAX)
        .unwrap()
        .unwrap()
        .tokens
        .len();
    // url, httpurl, hostport, host, hostname, port, hpath, search.
    assert_eq!(tokens, 8);
    // The allowance bounds the tokens held at any time (a failed alternative's
    // included): below the least that works, too large; from it on, the same tree.
    let least = (0..=2 * tokens)
        .find(|&cap| machine.derive("url", url, cap).unwrap().is_ok())
        .unwrap();
    assert!(least >= tokens, "{least}");
    for cap in 0..least {
        assert_eq!(machine.derive("url", url, cap), Some(Err(Failed::TooLarge)));
    }
    assert_eq!(
        machine.derive("url", url, least),
        machine.derive("url", url, usize::MAX)
    );
    assert!(matches!(
        ast::parse_rule_within(Edition::Rfc1738, "url", url, least - 1),
        Err(urlbnf::Error::TooLarge { .. })
    ));
    // An invalid input stays invalid whatever the allowance.
    assert!(matches!(
        ast::parse_rule_within(Edition::Rfc1738, "url", "http://w3.org/~a", 1),
        Err(urlbnf::Error::Invalid(_)) | Err(urlbnf::Error::TooLarge { .. })
    ));
}

#[test]
fn every_grammar_compiles_and_has_every_pest_rule() {
    for edition in Edition::ALL {
        let machine = Machine::of(edition).unwrap();
        for rule in rules(edition) {
            assert!(machine.derive(&rule, "", 1).is_some(), "{edition}: {rule}");
        }
        assert!(machine.derive("no-such-rule", "", 1).is_none());
    }
}

#[test]
fn the_interpreted_program_derives_what_the_emitted_machine_derives() {
    let mut compared = 0;
    for edition in Edition::ALL {
        let emitted = Machine::of(edition).unwrap();
        let interpreted = Interpreter::from_pest(edition, edition.pest_source()).unwrap();
        let generator = Generator::new(edition);
        let mut seeded = Seeded::new(0x1e7 ^ common::ordinal(edition), 192);
        for rule in rules(edition) {
            let printed = peg::printed_name(edition, &rule);
            let inputs = (0..40).map(|_| common::robust_input(&printed, &generator, &mut seeded));
            for s in common::corpus().into_iter().map(String::from).chain(inputs) {
                assert_eq!(
                    interpreted.derive(&rule, &s, usize::MAX),
                    emitted.derive(&rule, &s, usize::MAX),
                    "{edition} {rule}: {s:?}"
                );
                compared += 1;
            }
        }
    }
    assert!(compared > 30_000, "{compared}");
}

/// Whether `grammar`'s rule `r` derives the whole input, and its nodes.
fn derive(grammar: &str, input: &str) -> Option<Vec<(&'static str, u32, u32)>> {
    let machine = Interpreter::from_pest(Edition::Rfc1738, grammar).unwrap();
    let d = machine.derive("r", input, usize::MAX).unwrap().ok()?;
    Some(d.tokens.iter().map(|t| (t.rule, t.start, t.end)).collect())
}

#[test]
fn folding_classes_keeps_pest_semantics() {
    // Ordered choice commits: "%" wins over "%4" when tried first, and a class
    // after an alternative that starts with one of its bytes stays after it.
    let longer_first = r#"r = { ("%4" | "%" | "x") ~ EOI }"#;
    assert!(derive(longer_first, "%4").is_some());
    assert!(derive(longer_first, "%").is_some());
    let shorter_first = r#"r = { ("%" | "%4" | "x") ~ EOI }"#;
    assert!(derive(shorter_first, "%4").is_none());
    // An alternative that matches empty wins before the classes after it.
    let empty_first = r#"r = { (!"q" | "x" | "z") ~ EOI }"#;
    assert!(derive(empty_first, "x").is_none());
    assert!(derive(empty_first, "").is_some());
    // Repetition is greedy and gives nothing back.
    assert!(derive(r#"r = { "a"* ~ "a" }"#, "aa").is_none());
    // Lookahead: `&` and `!` consume nothing.
    let look = r#"r = { !"b" ~ ASCII_ALPHA ~ &"c" ~ "c" }"#;
    assert!(derive(look, "ac").is_some());
    assert!(derive(look, "bc").is_none());
}

#[test]
fn nodes_follow_pest_rule_kinds() {
    // A normal rule gives a node; a silent one does not; an atomic one hides
    // the rules it calls; inside it a normal rule gives none either.
    let grammar = r#"
        r = { a ~ s ~ t }
        a = { "a" }
        s = _{ a }
        t = @{ a ~ a }
    "#;
    assert_eq!(
        derive(grammar, "aaaa"),
        Some(vec![("r", 0, 4), ("a", 0, 1), ("a", 1, 2), ("t", 2, 4)])
    );
}

#[test]
fn a_recursive_grammar_is_refused() {
    let err = Interpreter::from_pest(Edition::Rfc1738, r#"r = { "(" ~ r? ~ ")" }"#).unwrap_err();
    assert!(err.contains("recursive"), "{err}");
}
