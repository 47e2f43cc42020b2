//! The printed grammar's own derivation (`engine::derive`, which `tree`
//! shows inside pest's one-piece nodes, `tree --printed` whole, and the
//! playground walks) derives exactly what the automata accept, and each node
//! it shows is a string of its rule: checked for every rule of every edition
//! on strings each rule derives, those strings broken, and the seed corpus.

use crate::common;

use urlbnf::Edition;
use urlbnf::engine::automaton;
use urlbnf::engine::derive::{self, Refusal};
use urlbnf::grammar::Node;
use urlbnf::grammar::printed::PrintedGrammar;

/// Every node's text is derived by its rule (by the rule's automaton), and
/// children lie in order inside their parent.
fn check_nodes(edition: Edition, input: &str, nodes: &[Node], start: usize, end: usize) {
    let mut at = start;
    for n in nodes {
        assert!(
            at <= n.start && n.start <= n.end && n.end <= end,
            "{edition}: {} {}..{} out of place in {input:?}",
            n.rule,
            n.start,
            n.end
        );
        at = n.end;
        let text = &input[n.start..n.end];
        let a = automaton::automaton(edition, n.rule).unwrap();
        assert!(
            a.matches(text),
            "{edition}: {} does not derive {text:?} (in {input:?})",
            n.rule
        );
        check_nodes(edition, input, &n.children, n.start, n.end);
    }
}

#[test]
fn the_printed_derivation_accepts_what_the_automata_accept() {
    let mut derived = 0;
    let mut refused = 0;
    for (i, edition) in Edition::ALL.into_iter().enumerate() {
        for rule in &PrintedGrammar::of(edition).rules {
            let a = automaton::automaton(edition, &rule.name).unwrap();
            let mut inputs = common::samples(edition, &rule.name, 12, 40 + i as u64);
            let broken: Vec<String> = inputs
                .iter()
                .map(|s| {
                    let cut = s.len() / 2;
                    format!("{}~{}", &s[..cut], &s[cut..])
                })
                .collect();
            inputs.extend(broken);
            if rule.name == edition.default_rule() {
                inputs.extend(common::corpus().iter().map(|s| s.to_string()));
            }
            for input in inputs.iter().filter(|s| s.len() <= derive::LIMIT) {
                match derive::derive(edition, &rule.name, input) {
                    Ok(tree) => {
                        assert!(a.matches(input), "{edition} {}: {input:?}", rule.name);
                        check_nodes(edition, input, &tree.children, 0, input.len());
                        derived += 1;
                    }
                    Err(e) => {
                        assert_eq!(e, Refusal::NoMatch);
                        assert!(!a.matches(input), "{edition} {}: {input:?}", rule.name);
                        refused += 1;
                    }
                }
            }
        }
    }
    eprintln!("{derived} derived, {refused} refused, as the automata say");
    assert!(derived > 1000 && refused > 500, "{derived} / {refused}");
}

fn names(nodes: &[Node]) -> Vec<&str> {
    nodes.iter().map(|n| n.rule).collect()
}

#[test]
fn one_piece_rules_show_their_printed_parts() {
    // RFC 1738 §5: hostname = *[ domainlabel "." ] toplabel
    let labels = derive::children(Edition::Rfc1738, "hostname", "www.w3.org", 0).unwrap();
    assert_eq!(names(&labels), ["domainlabel", "domainlabel", "toplabel"]);
    assert_eq!((labels[2].start, labels[2].end), (7, 10));
    // fpath = fsegment *[ "/" fsegment ], spans offset by where the node starts.
    let segments = derive::children(Edition::Rfc1738, "fpath", "pub/a.txt", 6).unwrap();
    assert_eq!(names(&segments), ["fsegment", "fsegment"]);
    assert_eq!((segments[1].start, segments[1].end), (10, 15));
    // Character classes are not nodes: a label of letters has no children.
    assert!(labels[0].children.is_empty());
}

#[test]
fn long_and_hostile_texts_are_refused_not_derived() {
    let long = format!("http://h/{}", "a/".repeat(derive::LIMIT));
    assert_eq!(
        derive::derive(Edition::Rfc1738, "url", &long).map(|_| ()),
        Err(Refusal::TooLong)
    );
    assert_eq!(
        derive::derive(Edition::Rfc1738, "nosuchrule", "x").map(|_| ()),
        Err(Refusal::UnknownRule)
    );
    // At the limit, the deepest grammar (RFC 1630's right-recursive
    // xalphas) derives on a test thread's stack.
    let deep = format!("a{}", "b".repeat(derive::LIMIT - 1));
    let tree = derive::derive(Edition::Rfc1630Uri, "xalphas", &deep).unwrap();
    assert_eq!(tree.end, derive::LIMIT);
}
