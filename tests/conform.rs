//! `conform`: a suite made from a rule's automaton and printed parts covers
//! the automaton and carries the rule's verdicts, for every rule of every
//! edition; a peer's disagreements are shrunk with the peer in the loop and
//! named by their causes; a peer that fails is a clear error; the files
//! `conform` writes never replace one it did not write.

use crate::common;

use std::collections::BTreeMap;

use serde_json::Value;
use urlbnf::conform::{self, Component, Components, Kind, Side, Splits, Suite};
use urlbnf::{Edition, Engine, check};

/// The rule's own verdict: a peer that agrees everywhere.
fn exact(edition: Edition, rule: &str) -> impl Fn(&str) -> bool + Clone {
    let checker = urlbnf::Checker::new(edition, rule, Engine::Pest).expect("a rule");
    move |s: &str| checker.is_valid(s)
}

#[test]
fn every_rule_of_every_edition_has_a_suite_that_covers_its_automaton() {
    let mut rules = 0;
    for e in Edition::ALL {
        for rule in urlbnf::grammar::PrintedGrammar::of(e)
            .rules
            .iter()
            .map(|r| &r.name)
        {
            let suite = Suite::with_size(e, rule, 3, 10).expect("a suite");
            let c = suite.coverage;
            assert_eq!(c.transitions_covered, c.transitions, "{e} {rule}");
            assert_eq!(c.exits_covered, c.exits, "{e} {rule}");
            assert!(
                suite.cases.iter().any(|c| c.valid),
                "{e} {rule}: no valid input"
            );
            assert!(
                suite.cases.iter().any(|c| !c.valid),
                "{e} {rule}: no invalid input"
            );
            for case in &suite.cases {
                assert!(
                    !case.input.contains(['\n', '\r', '\0']),
                    "{e} {rule}: {:?}",
                    case.input
                );
            }
            // Judged by pest, which the automata are proven equal to: no cause.
            let found = conform::compare(&suite, &mut exact(e, rule)).expect("compared");
            assert!(found.causes.is_empty(), "{e} {rule}: {:?}", found.causes);
            assert_eq!(found.agreed, suite.cases.len());
            rules += 1;
        }
    }
    assert!(rules > 300, "{rules} rules");
}

#[test]
fn the_suite_holds_the_bounds_and_both_cases_and_is_the_seeds() {
    let suite = Suite::new(Edition::Rfc3986, "URI-reference", 1).unwrap();
    let input = |s: &str| suite.cases.iter().find(|c| c.input == s);
    // RFC 3986 §3.2.2: dec-octet stops at 255; IPvFuture's "v" is either case
    // (RFC 5234 §2.3); a port is any number of digits (§3.2.3).
    for (s, valid) in [
        ("//[::0.0.0.255]", true),
        ("//[::0.0.0.256]", false),
        ("//[v0.!]", true),
        ("//[V0.!]", true),
        ("//[0000::]", true),
        ("//[00000::]", false),
    ] {
        let case = input(s).unwrap_or_else(|| panic!("{s} is not in the suite"));
        assert_eq!(case.valid, valid, "{s}");
    }
    assert!(
        suite
            .cases
            .iter()
            .any(|c| c.kind == Kind::Case && c.input.contains("[V"))
    );
    assert!(
        suite
            .cases
            .iter()
            .any(|c| c.kind == Kind::Boundary && c.input.contains(":999999"))
    );
    for kind in [
        Kind::Transition,
        Kind::NearMiss,
        Kind::Truncation,
        Kind::Derived,
        Kind::Mutated,
    ] {
        assert!(suite.cases.iter().any(|c| c.kind == kind), "{kind:?}");
    }
    assert_eq!(
        suite,
        Suite::new(Edition::Rfc3986, "URI-reference", 1).unwrap()
    );
    let other = Suite::new(Edition::Rfc3986, "URI-reference", 2).unwrap();
    assert_ne!(suite.cases, other.cases);
}

/// One cause of `found` on `side`, by its rule.
fn cause<'a>(found: &'a conform::Conformance, side: Side, rule: &str) -> &'a conform::Cause {
    found
        .causes
        .iter()
        .find(|c| c.side == side && c.rule == rule)
        .unwrap_or_else(|| panic!("no {side:?} cause in {rule}: {:#?}", found.causes))
}

#[test]
fn the_causes_of_known_departures_are_named_with_short_witnesses() {
    let suite = Suite::new(Edition::Rfc3986, "URI-reference", 1).unwrap();
    let rfc = exact(Edition::Rfc3986, "URI-reference");
    // A validator with three departures: IPvFuture's "v" in lower case only,
    // ports up to 65535, and a "%" taken anywhere.
    let peer = |s: &str| {
        let port_ok = s
            .strip_prefix("//")
            .and_then(|a| a.split(['/', '?', '#']).next())
            .and_then(|a| a.rsplit('@').next())
            .and_then(|a| a.rsplit_once(':'))
            .filter(|(host, _)| !host.contains('['))
            .is_none_or(|(_, p)| p.parse::<u64>().map_or(p.is_empty(), |n| n <= 65535));
        (rfc(s) && !s.contains("[V") && port_ok) || s == "%"
    };
    let found = conform::compare(&suite, &mut &peer).unwrap();
    let case = cause(&found, Side::PeerRejects, "IPvFuture");
    assert_eq!(case.witness, "//[V0.!]");
    assert!(case.message.contains("RFC 5234 §2.3"), "{}", case.message);
    let port = cause(&found, Side::PeerRejects, "port");
    assert_eq!(port.witness, "//:65536");
    assert_eq!(port.section, "RFC 3986 §3.2.3 Port");
    let percent = cause(&found, Side::PeerAccepts, "path-noscheme");
    assert_eq!(
        (percent.witness.as_str(), percent.found.as_deref()),
        ("%", Some("end of input"))
    );
    assert_eq!(found.causes.len(), 3, "{:#?}", found.causes);
    // Each witness is a disagreement: the peer's answer differs from the rule's.
    for c in &found.causes {
        assert_ne!(peer(&c.witness), rfc(&c.witness), "{c:?}");
        assert!(c.count > 0);
    }
}

#[test]
fn components_are_compared_with_the_asts() {
    let suite = Suite::new(Edition::Rfc3986, "URI-reference", 1).unwrap();
    let rfc = exact(Edition::Rfc3986, "URI-reference");
    // A splitter that takes the whole authority for the host.
    let mut peer = Splits(|s: &str| {
        rfc(s).then(|| {
            let mut parts = Components::new();
            let host = s
                .strip_prefix("//")
                .map(|a| a.split(['/', '?', '#']).next().unwrap_or("").to_string());
            parts.insert(Component::Host, host);
            parts
        })
    });
    let found = conform::compare(&suite, &mut peer).unwrap();
    assert!(found.compared > 1000);
    let host = cause(&found, Side::Component, "host");
    assert_eq!(
        (host.component, host.witness.as_str()),
        (Some(Component::Host), "//:")
    );
    assert_eq!(
        (host.peer_value.as_deref(), host.text.as_deref()),
        (Some(":"), Some(""))
    );
    assert!(found.causes.iter().all(|c| c.side == Side::Component));
    // Components of a rule without an AST: the call says so.
    let hosts = Suite::with_size(Edition::Rfc3986, "host", 1, 0).unwrap();
    let mut splits = Splits(|_: &str| Some(BTreeMap::new()));
    assert!(conform::compare(&hosts, &mut splits).is_err());
}

/// `urlbnf conform ARGS -- sh -c SCRIPT`: its exit status and output.
fn run_sh(args: &[&str], script: &str) -> (Option<i32>, String, String) {
    let mut all: Vec<&str> = vec!["conform"];
    all.extend(args);
    all.extend(["--", "sh", "-c", script]);
    let out = common::run_urlbnf(&all, b"");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn the_command_exits_0_when_the_peer_agrees_and_1_when_it_departs() {
    let pattern = common::run_urlbnf(
        &[
            "regex",
            "--grammar",
            "rfc3986",
            "--rule",
            "IPv4address",
            "--flavor",
            "posix",
        ],
        b"",
    );
    let pattern = String::from_utf8(pattern.stdout).unwrap();
    let awk = format!(
        "awk -v re='{}' '{{print ($0 ~ re) ? 1 : 0}}'",
        pattern.trim()
    );
    let ipv4 = ["--grammar", "rfc3986", "--rule", "IPv4address"];
    let (code, out, err) = run_sh(&ipv4, &awk);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.contains("the peer agrees on all"), "{out}");
    // Accepting everything departs wherever the rule refuses.
    let (code, out, _) = run_sh(&ipv4, "sed 's/.*/ok/'");
    assert_eq!(code, Some(1));
    assert!(
        out.contains("witness: \"\"") && out.contains("witness: \"0.0.0.0!\""),
        "{out}"
    );
    // The same through --each: the exit status is the verdict.
    let (code, out, err) = run_sh(
        &[&ipv4[..], &["--each", "--derived", "5"]].concat(),
        "exit 0",
    );
    assert_eq!(code, Some(1), "{out}{err}");
    let json = run_sh(&[&ipv4[..], &["--json"]].concat(), "sed 's/.*/0/'").1;
    let v: Value = serde_json::from_str(&json).expect("one JSON object");
    assert_eq!(v["causes"][0]["side"], "peer-rejects");
    assert!(v["coverage"]["transitions"].as_u64() > Some(100));
}

#[test]
fn a_peer_that_fails_is_an_error_naming_the_input() {
    let ipv4 = [
        "--grammar",
        "rfc3986",
        "--rule",
        "IPv4address",
        "--batch",
        "50",
    ];
    let cases = [
        ("head -n 3", "printed too few lines", "input 4"),
        ("cat; echo extra", "printed too many lines", ""),
        ("read x; echo 1; kill -SEGV $$", "failed", "input 2"),
        ("sleep 30", "did not finish", "input 1"),
        (
            "head -c 70000 /dev/zero | tr '\\0' 1",
            "longer than 65536 bytes",
            "",
        ),
        ("echo oops >&2; exit 3", "oops", ""),
    ];
    for (script, what, which) in cases {
        let args = [&ipv4[..], &["--timeout", "1"]].concat();
        let (code, out, err) = run_sh(&args, script);
        assert_eq!(code, Some(2), "{script}: {out}{err}");
        assert!(err.contains(what) && err.contains(which), "{script}: {err}");
        assert!(out.is_empty(), "{script}: {out}");
    }
    let (code, _, err) = run_sh(&["--grammar", "rfc3986", "--rule", "nope"], "cat");
    assert_eq!(
        (code, err.contains("unknown rule")),
        (Some(2), true),
        "{err}"
    );
    let none = common::run_urlbnf(&["conform", "--grammar", "rfc3986"], b"");
    assert_eq!(none.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&none.stderr).contains("no peer"));
}

#[test]
fn the_exported_suite_has_both_verdicts_and_both_cases() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("conform-export");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("suite.jsonl");
    let export = |extra: &[&str]| {
        let path = file.to_str().unwrap();
        let mut args = vec![
            "conform",
            "--grammar",
            "rfc3986",
            "--rule",
            "URI",
            "--export",
            path,
        ];
        args.extend(extra);
        common::run_urlbnf(&args, b"")
    };
    let out = export(&[]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&file).unwrap();
    let lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert!(lines.iter().any(|l| l["valid"] == true) && lines.iter().any(|l| l["valid"] == false));
    for l in &lines {
        let input = l["input"].as_str().unwrap();
        let valid = check::is_valid(Edition::Rfc3986, "URI", input, Engine::Dfa).unwrap();
        assert_eq!(l["valid"], valid, "{input}");
    }
    // RFC 5234 §2.3: IPvFuture's "v" and HEXDIG's letters, either case.
    assert!(lines.iter().any(|l| l["kind"] == "case"));
    for both in ["A://[v0.!]", "A://[V0.!]", "A://%a0@", "A://%A0@"] {
        assert!(lines.iter().any(|l| l["input"] == both), "{both}");
    }
    // Written again over its own file; never over another without --force,
    // and never over a file the run reads.
    assert_eq!(export(&[]).status.code(), Some(0));
    std::fs::write(&file, "mine\n").unwrap();
    let refused = export(&[]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("--force"));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "mine\n");
    let path = file.to_str().unwrap();
    let read = export(&["--force", "-f", path]);
    assert_eq!(read.status.code(), Some(2));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "mine\n");
    assert_eq!(export(&["--force"]).status.code(), Some(0));
    // The page: written, written again over itself, never over another file.
    let page = dir.join("run.html");
    let html = |page: &std::path::Path| {
        let args = [
            "conform",
            "--grammar",
            "rfc3986",
            "--rule",
            "port",
            "--derived",
            "5",
        ];
        let mut all = args.to_vec();
        all.extend(["--html", page.to_str().unwrap(), "--", "sed", "s/.*/1/"]);
        common::run_urlbnf(&all, b"")
    };
    assert_eq!(html(&page).status.code(), Some(1));
    let text = std::fs::read_to_string(&page).unwrap();
    assert!(
        text.contains("urlbnf conform") && text.contains("The peer accepts"),
        "{text}"
    );
    assert_eq!(html(&page).status.code(), Some(1));
    assert_eq!(html(&file).status.code(), Some(2), "the export is no page");
    // No temporary file is left beside them.
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 2);
}

/// The manual's table of real parsers' causes (which CI compares with live
/// runs): each row's witness is on its side of the rule, its cause's rule is
/// printed by RFC 3986 (by RFC 3987's grammar file for `IRI`), and its
/// reason cites a section.
#[test]
fn the_real_parsers_table_is_on_the_rules_side() {
    let manual = include_str!("../src/render/book/manual/testing.md");
    let table = manual
        .split("<!-- conform-peers -->")
        .nth(1)
        .and_then(|t| t.split("<!-- /conform-peers -->").next())
        .expect("the table's markers");
    let iri = urlbnf::load_grammar(std::path::Path::new("tests/corpus/rfc3987.abnf"), None)
        .expect("RFC 3987's grammar reads");
    let mut rows = 0;
    for line in table
        .lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| parser"))
    {
        let cells: Vec<&str> = line.trim_matches('|').split(" | ").map(str::trim).collect();
        let [_, _, _, rule, side, cause, witness, why] = cells[..] else {
            panic!("not 8 cells: {line}");
        };
        let witness: String =
            serde_json::from_str(witness.trim_matches('`')).expect("a JSON string");
        let edition = if rule == "IRI" { iri } else { Edition::Rfc3986 };
        let grammar = urlbnf::grammar::PrintedGrammar::of(edition);
        let valid = check::is_valid(edition, rule, &witness, Engine::Dfa).unwrap();
        match side {
            "peer-accepts" => assert!(!valid, "{line}"),
            "peer-rejects" => assert!(valid, "{line}"),
            "agrees" => continue,
            _ => panic!("no side {side}: {line}"),
        }
        assert!(grammar.rule(cause.trim_matches('`')).is_some(), "{line}");
        assert!(why.contains('§'), "{line}");
        rows += 1;
    }
    assert!(rows >= 30, "{rows} rows");
}

/// A fault planted in an exact RFC 3986 `URI-reference` parser.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fault {
    /// Takes `"`, which no rule of RFC 3986 derives.
    Quote,
    /// Takes `:` in the first segment of a relative reference (§4.2).
    Colon,
    /// Takes `[` and `]` after the authority (§3.2.2: only around an IP literal).
    Bracket,
    /// Takes a `%` without two hexadecimal digits (§2.1).
    Percent,
    /// Takes a second `#` (§3.5).
    Hash,
    /// Refuses a port of more than five digits (§3.2.3: `*DIGIT`).
    Port,
    /// Refuses a path segment of more than 32 characters (§3.3: `*pchar`).
    Segment,
    /// Takes RFC 6874's zone, `%25` and a word, inside brackets.
    Zone,
    /// Takes characters that are not ASCII in a path.
    NonAscii,
}

const FAULTS: [Fault; 9] = [
    Fault::Quote,
    Fault::Colon,
    Fault::Bracket,
    Fault::Percent,
    Fault::Hash,
    Fault::Port,
    Fault::Segment,
    Fault::Zone,
    Fault::NonAscii,
];

/// RFC 3986 Appendix B's split: the scheme and its colon, the authority
/// (after `//`), and the rest.
fn split(s: &str) -> (&str, Option<&str>, &str) {
    let scheme = s
        .find(':')
        .filter(|&i| {
            let head = &s[..i];
            head.starts_with(|c: char| c.is_ascii_alphabetic())
                && head
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"+-.".contains(&b))
        })
        .map_or(0, |i| i + 1);
    let (head, rest) = s.split_at(scheme);
    match rest.strip_prefix("//") {
        Some(after) => {
            let end = after.find(['/', '?', '#']).unwrap_or(after.len());
            (head, Some(&after[..end]), &after[end..])
        }
        None => (head, None, rest),
    }
}

/// The exact parser with `faults` planted: each rewrites what it takes into
/// what RFC 3986 derives, or refuses, before the exact parser judges.
fn planted(exact: &urlbnf::Checker, faults: &[Fault], s: &str) -> bool {
    let on = |f| faults.contains(&f);
    let (head, auth, rest) = split(s);
    if on(Fault::Port)
        && let Some(a) = auth.map(|a| a.rsplit('@').next().unwrap_or(a))
        && !a.ends_with(']')
        && a.rsplit_once(':').is_some_and(|(_, p)| p.len() > 5)
    {
        return false;
    }
    let cut = rest.find(['?', '#']).unwrap_or(rest.len());
    let (path, tail) = rest.split_at(cut);
    if on(Fault::Segment) && path.split('/').any(|seg| seg.chars().count() > 32) {
        return false;
    }
    let mut path = path.to_string();
    let mut tail = tail.to_string();
    let mut auth = auth.map(str::to_string);
    if on(Fault::NonAscii) {
        path = path
            .chars()
            .map(|c| if c.is_ascii() { c } else { 'a' })
            .collect();
    }
    if on(Fault::Bracket) {
        path = path.replace(['[', ']'], "!");
        tail = tail.replace(['[', ']'], "!");
    }
    if on(Fault::Colon) && head.is_empty() && auth.is_none() && !path.starts_with('/') {
        let end = path.find('/').unwrap_or(path.len());
        path = format!("{}{}", path[..end].replace(':', "!"), &path[end..]);
    }
    if on(Fault::Zone)
        && let Some(a) = auth.as_mut()
        && let Some(at) = a.find("%25")
        && a.ends_with(']')
        && a.starts_with('[')
    {
        let zone = &a[at + 3..a.len() - 1];
        if !zone.is_empty()
            && zone
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"-._~".contains(&b))
        {
            *a = format!("{}]", &a[..at]);
        }
    }
    if on(Fault::Hash)
        && let Some(i) = tail.find('#')
    {
        tail = format!("{}{}", &tail[..=i], tail[i + 1..].replace('#', "!"));
    }
    let mut s = format!(
        "{head}{}{path}{tail}",
        auth.map(|a| format!("//{a}")).unwrap_or_default()
    );
    if on(Fault::Quote) {
        s = s.replace('"', "!");
    }
    if on(Fault::Percent) {
        let b = s.as_bytes();
        let hex = |k: usize| b.get(k).is_some_and(u8::is_ascii_hexdigit);
        s = s
            .char_indices()
            .map(|(i, c)| {
                if c == '%' && !(hex(i + 1) && hex(i + 2)) {
                    '!'
                } else {
                    c
                }
            })
            .collect();
    }
    exact.is_valid(&s)
}

/// What a witness of `fault` shows of it.
fn shows(fault: Fault, c: &conform::Cause) -> bool {
    let w = &c.witness;
    match fault {
        Fault::Quote => w.contains('"'),
        Fault::Colon => w.contains(':'),
        Fault::Bracket => w.contains(['[', ']']),
        Fault::Percent => w.contains('%'),
        Fault::Hash => w.matches('#').count() > 1,
        Fault::Port => c.side == Side::PeerRejects && c.rule == "port",
        Fault::Segment => c.side == Side::PeerRejects && w.len() > 32,
        Fault::Zone => w.contains("%25"),
        Fault::NonAscii => !w.is_ascii(),
    }
}

/// Planted faults, one at a time, are each found, by a witness that shows
/// it; all at once, each has a cause of its own, and no witness blames the
/// peer for what it does not do (each departs under one planted fault).
#[test]
fn planted_faults_are_each_found_alone_and_together() {
    let rule = "URI-reference";
    let suite = Suite::with_size(Edition::Rfc3986, rule, 1, 40).unwrap();
    let exact = urlbnf::Checker::new(Edition::Rfc3986, rule, Engine::Dfa).unwrap();
    let departs = |faults: &[Fault], w: &str| planted(&exact, faults, w) != exact.is_valid(w);
    let options = || conform::Options {
        budget: 5_000,
        ..Default::default()
    };
    for fault in FAULTS {
        let mut peer = |s: &str| planted(&exact, &[fault], s);
        let found = conform::compare_with(&suite, &mut peer, options()).unwrap();
        assert!(
            found.causes.iter().any(|c| shows(fault, c)),
            "{fault:?}: {:#?}",
            found.causes
        );
        for c in &found.causes {
            assert!(departs(&[fault], &c.witness), "{fault:?}: {c:?}");
        }
    }
    let mut peer = |s: &str| planted(&exact, &FAULTS, s);
    let found = conform::compare_with(&suite, &mut peer, options()).unwrap();
    for c in &found.causes {
        assert!(
            FAULTS.iter().any(|f| departs(&[*f], &c.witness)),
            "no planted fault explains {c:#?}"
        );
    }
    for fault in FAULTS {
        let own = found.causes.iter().any(|c| {
            shows(fault, c)
                && departs(&[fault], &c.witness)
                && FAULTS
                    .iter()
                    .all(|f| *f == fault || !departs(&[*f], &c.witness))
        });
        assert!(
            own,
            "{fault:?} has no cause of its own: {:#?}",
            found.causes
        );
    }
}

/// A run past ten seconds says how far it is on standard error when that is
/// no terminal (a log, CI): here the peer's first batch takes eleven.
#[test]
fn a_slow_run_tells_its_progress_on_standard_error() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("conform-progress");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mark = dir.join("slept");
    let script = format!(
        "[ -e '{0}' ] || {{ touch '{0}'; sleep 11; }}; sed 's/.*/1/'",
        mark.display()
    );
    let args = ["--grammar", "rfc3986", "--rule", "port", "--derived", "0"];
    let (code, out, err) = run_sh(&args, &script);
    assert_eq!(code, Some(1), "{out}{err}");
    assert!(
        err.lines()
            .any(|l| l.starts_with("conform: ") && l.contains("inputs asked")),
        "{err}"
    );
}
