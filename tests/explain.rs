//! `urlbnf explain`: every rule's examples and near misses are what they say
//! they are, and the explanation of a handful of rules per edition as snapshots.

use crate::common;

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

/// Every rule of every edition says what it means and where to read more:
/// a section of prose on its topic, or the BNF's own.
#[test]
fn every_rule_has_a_gloss_and_a_section() {
    let mut sections = std::collections::HashSet::new();
    for e in Edition::ALL {
        for r in &urlbnf::grammar::printed::PrintedGrammar::of(e).rules {
            let ex = explain(e, &r.name).unwrap();
            let g = ex
                .gloss
                .unwrap_or_else(|| panic!("{e} {} has no gloss", r.name));
            assert!(
                !g.gloss.is_empty() && g.gloss.len() < 100,
                "{e} {}: {g:?}",
                r.name
            );
            // Cited by the descriptor's document, by number or by heading.
            let descriptor = common::descriptor(e);
            let document = descriptor["cite"].as_str().unwrap();
            let doc = match descriptor["numbered"].as_bool() {
                Some(true) => format!("{document} §"),
                _ => format!("{document}, “"),
            };
            assert!(g.section.starts_with(&doc), "{e} {}: {}", r.name, g.section);
            sections.insert(g.section);
        }
    }
    // Sections of prose, not only each BNF's.
    assert!(sections.len() > 40, "{} sections", sections.len());
}

/// Each section a gloss names is a heading of its document, as printed.
#[test]
fn every_section_named_is_a_heading_of_the_document() {
    // Without the seeds, seeds_dir says SKIPPED.
    let Some(dir) = common::seeds_dir() else {
        return;
    };
    let text = |e: Edition| {
        std::fs::read_to_string(dir.join(common::seed_file(e))).expect("the seed document")
    };
    for e in Edition::ALL {
        let doc = text(e);
        let headings: Vec<String> = doc
            .lines()
            .map(|l| l.trim_start_matches("- ").trim().to_string())
            .collect();
        for r in &urlbnf::grammar::printed::PrintedGrammar::of(e).rules {
            let section = explain(e, &r.name).unwrap().gloss.unwrap().section;
            let heading = match section.split_once('“') {
                Some((_, h)) => h.trim_end_matches('”').to_string(),
                // RFC 1738 §3.3 HTTP: numbered "3.3. HTTP" on the page.
                None => {
                    let (num, title) = section
                        .split_once('§')
                        .and_then(|(_, rest)| rest.split_once(' '))
                        .unwrap();
                    let found = headings.iter().any(|h| {
                        h.starts_with(num) && h[num.len()..].trim_start_matches('.').trim() == title
                    });
                    assert!(found, "{e} {}: no heading {section:?}", r.name);
                    continue;
                }
            };
            assert!(
                headings.contains(&heading),
                "{e} {}: no heading {heading:?}",
                r.name
            );
        }
    }
}

/// Typical examples read like URLs: where the edition's derivations of real
/// URLs give the rule some text, that text comes first (host names, ports,
/// paths of names), not generator noise; all are still derived (checked
/// above for every rule).
#[test]
fn typical_examples_read_like_urls() {
    for e in Edition::ALL {
        let g = urlbnf::grammar::printed::PrintedGrammar::of(e);
        if g.rule("hostname").is_some() {
            let ex = explain(e, "hostname").unwrap();
            assert!(
                ex.examples.typical.iter().any(|t| t == "gopher.tc.umn.edu"),
                "{e} hostname: {:?}",
                ex.examples.typical
            );
        }
        if g.rule("port").is_some() {
            let ex = explain(e, "port").unwrap();
            assert_eq!(
                ex.examples.typical.first().map(String::as_str),
                Some("8000"),
                "{e}"
            );
        }
        if g.rule("url").is_some() {
            let ex = explain(e, "url").unwrap();
            for t in &ex.examples.typical {
                let host = t
                    .split("//")
                    .nth(1)
                    .and_then(|r| r.split(['/', ':']).next());
                assert!(
                    host.is_some_and(|h| h.split('.').count() >= 2
                        && h.chars().all(|c| c.is_ascii_lowercase() || c == '.')),
                    "{e} url: {t:?} names no real host"
                );
            }
        }
    }
}

/// Each scheme rule's typical examples are whole URLs of the documents' kind
/// (the 40-character cap is for parts): `httpurl` shows
/// `http://info.cern.ch/hypertext/WWW/TheProject.html`, not generator noise.
#[test]
fn every_scheme_rules_typical_examples_are_real_urls() {
    let (mut checked, mut noise) = (0, Vec::new());
    for e in Edition::ALL {
        let schemes = urlbnf::known::catch_all(e)
            .map(|c| &c.schemes)
            .or(urlbnf::known::scheme_list(e).map(|l| &l.schemes));
        for s in schemes.into_iter().flatten() {
            let ex = explain(e, &s.rule).unwrap();
            let first = ex.examples.typical.first().map(String::as_str);
            if !first.is_some_and(|t| urlbnf::examples::REAL.contains(&t)) {
                noise.push(format!("{e} {}: {:?}", s.rule, ex.examples.typical));
            }
            checked += 1;
        }
    }
    assert!(noise.is_empty(), "{}", noise.join("\n"));
    assert!(checked >= 40, "{checked} scheme rules");
}

/// `explain` takes `--rule` as every other command does; `explain RULE` is
/// the shorthand, and both say the same.
#[test]
fn explain_takes_rule_as_the_other_commands_do() {
    let by_option = common::run_urlbnf(&["explain", "--grammar", "rfc1738", "--rule", "port"], b"");
    let by_name = common::run_urlbnf(&["explain", "--grammar", "rfc1738", "port"], b"");
    assert_eq!(by_option.status.code(), Some(0));
    assert_eq!(by_option.stdout, by_name.stdout);
    let both = common::run_urlbnf(&["explain", "port", "--rule", "port"], b"");
    assert_eq!(both.status.code(), Some(2));
}

/// A rule RFC 1738 redefined means what each edition's definition takes:
/// the early `hostname`'s names start with a letter, RFC 1738's labels may
/// start with a digit; the early `search` is words joined by `+`, RFC 1738's
/// any characters with `;`, `:`, `@`, `&` and `=`.
#[test]
fn a_rule_redefined_has_each_editions_meaning() {
    let meaning = |e, rule| urlbnf::gloss::gloss(e, rule).unwrap().gloss;
    for e in [Edition::Draft1993, Edition::Draft1994, Edition::Rfc1630Url] {
        assert!(
            meaning(e, "hostname").contains("each starting with a letter"),
            "{e}"
        );
        assert!(meaning(e, "search").contains("joined by +"), "{e}");
    }
    assert!(meaning(Edition::Rfc1630Uri, "search").contains("joined by +"));
    assert!(meaning(Edition::Rfc1738, "hostname").contains("letters, digits and inner hyphens"));
    assert!(meaning(Edition::Rfc1738, "search").contains("; : @ & ="));
    // What the meanings say is what the grammars do.
    let valid = |e, rule, input| urlbnf::check::is_valid(e, rule, input, Engine::Dfa).unwrap();
    assert!(!valid(Edition::Draft1994, "hostname", "9x.org"));
    assert!(valid(Edition::Rfc1738, "hostname", "9x.org"));
    assert!(valid(Edition::Draft1994, "search", "a+b"));
    assert!(!valid(Edition::Draft1994, "search", "a=b"));
    assert!(valid(Edition::Rfc1738, "search", "a=b;c"));
}

/// The scheme rule means what its edition makes of it: a closed list in the
/// 1994 documents, open to new schemes elsewhere; the number of schemes each
/// gloss names is the number its grammar has.
#[test]
fn each_edition_says_what_its_scheme_rule_takes() {
    use urlbnf::known;
    let words = ["", "", "", "", "", "", "", "", "eight", "", "ten", "eleven"];
    for e in [
        Edition::Draft1993,
        Edition::Draft1994,
        Edition::Rfc1630Url,
        Edition::Rfc1738,
    ] {
        let gloss = explain(e, "url").unwrap().gloss.unwrap().gloss;
        let (n, closed) = match (known::scheme_list(e), known::catch_all(e)) {
            (Some(list), _) => (list.schemes.len(), true),
            (None, Some(c)) => (c.schemes.len(), false),
            _ => panic!("{e}: a scheme rule"),
        };
        assert!(gloss.contains(words[n]), "{e}: {n} schemes: {gloss}");
        assert_eq!(
            gloss.contains("no rule takes a new one"),
            closed,
            "{e}: {gloss}"
        );
    }
}
