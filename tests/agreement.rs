//! What a newcomer meets in the first hour, as specifications: every command
//! says the same of an input (one function decides the escape a diagnosis
//! names: `check`, `parse`, `compare` and `report` alike); an IP-literal note
//! only where a later edition reads the literal; a zone identifier under
//! rfc3986 told RFC 6874's `%25` form; a filter writes one result a line on
//! standard output and its notes on standard error; `equiv` says "not
//! compared" apart from "not equivalent" and names the level at which two
//! URLs are equivalent; `check`'s text shows the whole fix, and a stray `%`
//! gets `%25`; edition ids without case, ABNF rule names without case; the
//! RFC 6874 grammar reachable from an installed binary.

use crate::common;

use common::run_urlbnf;
use serde_json::Value;
use urlbnf::Edition;

/// Standard output, standard error and the exit status of a run.
fn run(args: &[&str], stdin: &[u8]) -> (String, String, Option<i32>) {
    let out = run_urlbnf(args, stdin);
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code(),
    )
}

/// `check --json`'s verdicts, one per edition.
fn verdicts(args: &[&str]) -> Vec<Value> {
    let (out, _, _) = run(&[&["check", "--json"], args].concat(), b"");
    out.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn codes(v: &Value) -> Vec<String> {
    v["notes"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|n| n["code"].as_str().map(str::to_string))
        .collect()
}

#[test]
fn an_ip_literal_note_only_where_a_later_edition_reads_the_literal() {
    for input in ["http://[zz]/", "http://[fe80::1%eth0]/"] {
        let (out, _, _) = run(&["check", "--grammar", "rfc3986,rfc1738", input], b"");
        assert!(!out.contains("is an IP literal"), "{out}");
        assert!(!out.contains("%5B"), "{out}");
        for v in verdicts(&["--grammar", "rfc1738,rfc2396", input]) {
            assert!(!codes(&v).contains(&"ip-literal".to_string()), "{v}");
            assert!(v["error"].get("fix").is_none(), "{v}");
        }
    }
    // RFC 3986 reads [::1]: the early editions are told where it came from.
    for v in verdicts(&["--grammar", "rfc1738,rfc2396", "http://[::1]/"]) {
        assert!(codes(&v).contains(&"ip-literal".to_string()), "{v}");
    }
}

#[test]
fn no_escape_advice_for_a_host_bracket_in_any_command() {
    let (compare, _, _) = run(&["compare", "http://[::1]/"], b"");
    assert!(!compare.contains("%5B"), "{compare}");
    // compare words it as check does.
    let (check, _, _) = run(&["check", "--grammar", "rfc2396", "http://[::1]/"], b"");
    let said = |text: &str| {
        text.lines()
            .find(|l| l.contains("found \"[\""))
            .and_then(|l| l.split("found \"[\"").nth(1))
            .map(str::to_string)
    };
    assert!(said(&check).is_some(), "{check}");
    let rfc2396 = compare
        .lines()
        .find(|l| l.trim_start().starts_with("rfc2396"))
        .unwrap();
    assert_eq!(said(rfc2396), said(&check), "{compare}");
    let (parse, _, _) = run(
        &["parse", "--json", "--grammar", "rfc1738", "http://[::1]/"],
        b"",
    );
    assert!(!parse.contains("%5B"), "{parse}");
    let (report, _, _) = run(
        &["report", "--grammar", "rfc1738,rfc2396"],
        b"http://[::1]/\nhttp://[zz]/\n",
    );
    assert!(report.contains("found \"[\""), "{report}");
    assert!(!report.contains("%5B"), "{report}");
}

#[test]
fn a_zone_identifier_under_rfc3986_is_told_rfc_6874s_form() {
    for input in ["http://[fe80::1%25eth0]/", "http://[fe80::1%eth0]/"] {
        let v = &verdicts(&["--grammar", "rfc3986", "--rule", "URI", input])[0];
        let note = v["notes"]
            .as_array()
            .and_then(|ns| ns.iter().find(|n| n["code"] == "zone-id"))
            .unwrap_or_else(|| panic!("no zone-id note: {v}"));
        let m = note["message"].as_str().unwrap();
        assert!(
            m.contains("RFC 6874") && m.contains("[fe80::1%25eth0]"),
            "{m}"
        );
        assert_eq!(note["section"], "RFC 3986 §3.2.2");
    }
    // The form it names is what RFC 6874's grammar, shipped, reads.
    let (out, _, code) = run(
        &[
            "check",
            "--grammar-file",
            "rfc6874",
            "http://[fe80::1%25eth0]/",
        ],
        b"",
    );
    assert_eq!(code, Some(0), "{out}");
}

#[test]
fn check_shows_the_whole_fix_in_text_and_a_stray_percent_gets_25() {
    let (out, _, _) = run(
        &[
            "check",
            "--grammar",
            "rfc3986",
            "--rule",
            "URI",
            "http://example.com/a b/c d?x=[1]",
        ],
        b"",
    );
    assert!(
        out.lines()
            .any(|l| l.ends_with("; fix: http://example.com/a%20b/c%20d?x=%5B1%5D")),
        "{out}"
    );
    for (input, fixed) in [
        ("http://example.com/100%", "http://example.com/100%25"),
        ("http://example.com/%zz", "http://example.com/%25zz"),
        ("http://example.com/%a%", "http://example.com/%25a%25"),
    ] {
        for grammar in ["rfc3986", "rfc1738"] {
            let rule = if grammar == "rfc3986" { "URI" } else { "url" };
            let v = &verdicts(&["--grammar", grammar, "--rule", rule, input])[0];
            assert_eq!(v["error"]["fix"], fixed, "{v}");
            assert!(
                v["error"]["message"].as_str().unwrap().contains("%25"),
                "{v}"
            );
        }
        let c = urlbnf::Checker::new(Edition::Rfc3986, "URI", urlbnf::Engine::Dfa).unwrap();
        assert!(c.is_valid(fixed), "{fixed}");
    }
}

#[test]
fn normalize_writes_one_line_per_input_and_its_notes_on_standard_error() {
    let input = b"http://a/b/%2E%2E/c\nhttp://a b/\nHTTP://X/\n";
    let (out, err, code) = run(&["normalize"], input);
    assert_eq!(out, "http://a/c\n\nhttp://x/\n");
    assert_eq!(code, Some(1));
    assert!(err.contains("note[encoded-dot-removed]"), "{err}");
    assert!(err.contains("http://a b/: not a URL of rfc3986"), "{err}");
    // With --json, everything stays in the one line per input.
    let (json, err, _) = run(&["normalize", "--json"], input);
    assert_eq!(json.lines().count(), 3);
    assert!(
        json.contains("encoded-dot-removed") && err.is_empty(),
        "{err}"
    );
}

#[test]
fn equiv_tells_not_a_url_from_not_equivalent_and_names_the_level() {
    let (out, _, code) = run(&["equiv", "http://a/b", "http://a b/"], b"");
    assert_eq!(code, Some(1));
    assert!(out.contains("not compared (not a URL)"), "{out}");
    assert!(out.contains("note[not-a-url]: B is not a URL"), "{out}");
    let (out, _, code) = run(
        &["equiv", "http://example.com/", "HTTP://EXAMPLE.COM:80"],
        b"",
    );
    assert_eq!(code, Some(1));
    assert!(out.contains("\nnot equivalent under rfc3986"), "{out}");
    assert!(out.contains("--level scheme"), "{out}");
    let (_, _, code) = run(
        &[
            "equiv",
            "--level",
            "scheme",
            "http://example.com/",
            "HTTP://EXAMPLE.COM:80",
        ],
        b"",
    );
    assert_eq!(code, Some(0));
    // Not equivalent at any level: no level named.
    let (out, _, _) = run(&["equiv", "http://a/", "http://b/"], b"");
    assert!(!out.contains("equivalent-at"), "{out}");
}

#[test]
fn edition_ids_take_any_case_and_abnf_rule_names_too() {
    let (out, _, code) = run(
        &[
            "check",
            "--grammar",
            "RFC3986",
            "--rule",
            "uri",
            "http://a/",
        ],
        b"",
    );
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("rfc3986      URI "), "{out}");
    assert_eq!("Rfc1738".parse(), Ok(Edition::Rfc1738));
    // RFC 822-style BNF names keep their case (rfc2396 prints absoluteURI).
    let (_, err, code) = run(
        &[
            "check",
            "--grammar",
            "rfc2396",
            "--rule",
            "absoluteuri",
            "http://a/",
        ],
        b"",
    );
    assert_eq!(code, Some(2), "{err}");
    assert_eq!(format!("{:?}", Edition::Rfc3986), "Edition(\"rfc3986\")");
}

#[test]
fn the_seeds_skip_line_says_what_they_are_and_how_to_point_at_them() {
    // The one function every seed test calls says it; read its source.
    let common = include_str!("common/mod.rs");
    for words in ["RFC 1738", "rfc-editor.org", "URLBNF_SEEDS", "README.md"] {
        assert!(common.contains(words), "{words}");
    }
    let tests = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/tests")).unwrap();
    for f in tests.flatten() {
        let text = std::fs::read_to_string(f.path()).unwrap_or_default();
        assert!(
            !text.contains(concat!("\"no seed ", "documents")),
            "{}: its own seeds advice",
            f.path().display()
        );
    }
}
