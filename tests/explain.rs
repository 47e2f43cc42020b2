//! `urlbnf explain`: every rule's examples and near misses are what they say
//! they are, and the explanation of a handful of rules per edition as snapshots.

mod common;

use urlbnf::explain::explain;
use urlbnf::grammar::PrintedGrammar;
use urlbnf::grammar::peg as grammars;
use urlbnf::{Checker, Edition, Engine, check};

/// One character changed, put in or taken out.
fn one_change(a: &str, b: &str) -> bool {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let (short, long) = if a.len() <= b.len() {
        (&a, &b)
    } else {
        (&b, &a)
    };
    let prefix = short
        .iter()
        .zip(long.iter())
        .take_while(|(x, y)| x == y)
        .count();
    let suffix = short[prefix..]
        .iter()
        .rev()
        .zip(long[prefix..].iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    long.len() - short.len() <= 1 && prefix + suffix + 1 >= long.len()
}

/// For every rule of every edition: the shortest strings are derived (by the
/// automaton and by pest) and no shorter string is; the typical ones are
/// derived; each near miss is derived by neither engine, is one change from a
/// string shown as derived, and carries the diagnosis `check` gives it. Every
/// rule has an example and a near miss.
#[test]
fn examples_are_derived_and_near_misses_are_not() {
    for e in Edition::ALL {
        for rule in &PrintedGrammar::of(e).rules {
            let name = rule.name.as_str();
            let ex = explain(e, name).unwrap().examples;
            let dfa = Checker::new(e, name, Engine::Dfa).unwrap();
            assert!(!ex.shortest.is_empty(), "{e} {name}: no example");
            for s in ex.shortest.iter().chain(&ex.typical) {
                assert!(dfa.is_valid(s), "{e} {name}: {s:?} is not derived");
                assert!(
                    grammars::matches(e, name, s).unwrap(),
                    "{e} {name}: pest {s:?}"
                );
            }
            // Nothing shorter than the first is derived: its prefixes are not.
            let first = &ex.shortest[0];
            for (i, _) in first.char_indices() {
                assert!(!dfa.is_valid(&first[..i]), "{e} {name}: {:?}", &first[..i]);
            }
            let lens: Vec<usize> = ex.shortest.iter().map(String::len).collect();
            assert!(
                lens.windows(2).all(|w| w[0] <= w[1]),
                "{e} {name}: {lens:?}"
            );
            assert!(!ex.near_misses.is_empty(), "{e} {name}: no near miss");
            for m in &ex.near_misses {
                assert!(
                    !dfa.is_valid(&m.input),
                    "{e} {name}: {:?} is derived",
                    m.input
                );
                assert!(!grammars::matches(e, name, &m.input).unwrap());
                let shown = ex.shortest.iter().chain(&ex.typical);
                assert!(
                    shown.clone().any(|s| one_change(s, &m.input)),
                    "{e} {name}: {:?} is not one change from an example",
                    m.input
                );
                assert_eq!(m.error, check::diagnose(e, name, &m.input).unwrap());
                let found = m.input[m.error.byte_offset..].chars().next();
                assert_eq!(m.found, found.map_or("end of input".into(), String::from));
            }
        }
    }
}

#[test]
fn one_change_means_one() {
    assert!(one_change("abc", "abXc") && one_change("abc", "ab") && one_change("abc", "aXc"));
    assert!(!one_change("abc", "aXYc") && !one_change("abc", "cba") && !one_change("abc", "a"));
}

/// Three rules per edition, explained as the command prints them.
#[test]
fn explanations() {
    let rules: &[(Edition, &[&str])] = &[
        (Edition::Draft1993, &["hostname", "xpalphas", "waisdoc"]),
        (Edition::Draft1994, &["scheme", "search", "mailtoaddress"]),
        (Edition::Rfc1630Uri, &["fragmentaddress", "path", "xalpha"]),
        (Edition::Rfc1630Url, &["segment", "article", "safe"]),
        (Edition::Rfc1738, &["hsegment", "toplabel", "gopherurl"]),
    ];
    common::snapshot_settings().bind(|| {
        for (e, names) in rules {
            for name in *names {
                let ex = explain(*e, name).unwrap_or_else(|| panic!("{e} has no {name}"));
                insta::assert_snapshot!(
                    format!("explain-{e}-{name}"),
                    urlbnf::render::text::explanation(&ex)
                );
            }
        }
    });
}
