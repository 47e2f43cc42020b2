//! Fixes for today's failures: where an input stops, `check` offers the input
//! corrected (`error.fix` in JSON, named in the message as `report` names a
//! cause's fix) and a note citing the document, in text and JSON alike: a
//! gen-delim used as data escaped (RFC 3986 §2.2), an IP literal where the
//! edition has none told where they came from (RFC 2732, RFC 3986 §3.2.2),
//! never escaped; white space around stripped (Appendix C); a reference valid
//! only as a relative one said so (§4.1); `./a:b` for a first segment with a
//! colon (§4.2); a non-ASCII host in its IDNA form (§3.2.2). Each quote is
//! the document's own words.

use crate::common;

use common::run_urlbnf;
use serde_json::Value;
use urlbnf::{Checker, Edition, Engine};

/// `check`'s text on one input.
fn text(args: &[&str]) -> String {
    let out = run_urlbnf(&[&["check"], args].concat(), b"");
    String::from_utf8(out.stdout).unwrap()
}

/// `check --json`'s line on one input.
fn json(args: &[&str]) -> Value {
    let out = run_urlbnf(&[&["check", "--json"], args].concat(), b"");
    serde_json::from_slice(&out.stdout).unwrap()
}

/// The codes of a verdict's notes.
fn codes(v: &Value) -> Vec<&str> {
    v["notes"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|n| n["code"].as_str())
        .collect()
}

/// The note of `code` on a verdict, as JSON.
fn note<'v>(v: &'v Value, code: &str) -> &'v Value {
    v["notes"]
        .as_array()
        .and_then(|ns| ns.iter().find(|n| n["code"] == code))
        .unwrap_or_else(|| panic!("no {code} note in {v}"))
}

#[test]
fn a_gen_delim_used_as_data_gets_its_escape() {
    let args = ["--grammar", "rfc3986", "http://a/?a[]=1"];
    let v = json(&args);
    assert_eq!(v["error"]["fix"], "http://a/?a%5B%5D=1");
    assert!(
        v["error"]["message"]
            .as_str()
            .unwrap()
            .ends_with("found \"[\" (escaped: %5B)")
    );
    assert_eq!(note(&v, "gen-delim-data")["section"], "RFC 3986 §2.2");
    let t = text(&args);
    assert!(t.contains("found \"[\" (escaped: %5B)"), "{t}");
    assert!(t.contains("note[gen-delim-data] RFC 3986 §2.2:"), "{t}");
    assert!(t.contains("http://a/?a%5B%5D=1"), "{t}");

    // A second "#" is data in the fragment.
    let v = json(&["--grammar", "rfc3986", "http://a/b#c#d"]);
    assert_eq!(v["error"]["fix"], "http://a/b#c%23d");
    // A second "@": the user information holds the first, the letter and
    // a reader's intent both said.
    let args = ["--grammar", "rfc3986", "http://a@b@c/"];
    let v = json(&args);
    assert_eq!(v["error"]["fix"], "http://a%40b@c/");
    let m = note(&v, "gen-delim-data")["message"].as_str().unwrap();
    assert!(m.contains("part of the host"), "{m}");
    assert!(text(&args).contains("escaped: %40"));
    // The fix is valid where the escapes are all it takes.
    let rfc3986 = Checker::for_edition(Edition::Rfc3986).unwrap();
    for fixed in ["http://a/?a%5B%5D=1", "http://a/b#c%23d", "http://a%40b@c/"] {
        assert!(rfc3986.is_valid(fixed), "{fixed}");
    }
}

#[test]
fn an_ip_literal_before_rfc_2732_gets_a_note_not_an_escape() {
    for grammar in ["rfc2396", "rfc1738"] {
        let args = ["--grammar", grammar, "http://[::1]/"];
        let v = json(&args);
        assert!(v["error"].get("fix").is_none(), "{v}");
        let m = v["error"]["message"].as_str().unwrap();
        assert!(!m.contains("%5B"), "{m}");
        assert!(m.contains("RFC 2732") && m.contains("RFC 3986"), "{m}");
        let n = note(&v, "ip-literal");
        assert!(n["quote"].as_str().unwrap().contains("[RFC2732]"));
        assert!(
            n["message"]
                .as_str()
                .unwrap()
                .starts_with("[::1] is an IP literal")
        );
        let t = text(&args);
        assert!(!t.contains("%5B") && t.contains("RFC 2732"), "{t}");
    }
    // An edition whose host has IP literals derives it.
    assert_eq!(
        json(&["--grammar", "rfc3986", "http://[::1]/"])["valid"],
        true
    );
}

#[test]
fn white_space_around_gets_strip_it() {
    for (grammar, input, section) in [
        ("rfc3986", " http://a/", "RFC 3986 Appendix C"),
        ("rfc3986", "http://a/\t", "RFC 3986 Appendix C"),
        ("rfc1738", " http://a/", "RFC 1738, Appendix"),
    ] {
        let v = json(&["--grammar", grammar, input]);
        assert_eq!(v["error"]["fix"], "http://a/", "{v}");
        let m = v["error"]["message"].as_str().unwrap();
        assert!(m.contains("(strip it") && !m.contains("%20"), "{m}");
        assert_eq!(note(&v, "white-space")["section"], section);
        let t = text(&["--grammar", grammar, input]);
        assert!(t.contains("strip it") && !t.contains("%20"), "{t}");
    }
    // Inside, a space is escaped as before.
    let v = json(&["--grammar", "rfc3986", "http://h/a b"]);
    assert_eq!(v["error"]["fix"], "http://h/a%20b");
    assert!(codes(&v).is_empty());
}

#[test]
fn a_reference_valid_only_as_a_relative_one_says_so() {
    // Asked as a URI reference: valid, and only as a relative reference.
    let args = [
        "--grammar",
        "rfc3986",
        "--rule",
        "URI-reference",
        "example.com/path",
    ];
    let v = json(&args);
    assert_eq!(v["valid"], true);
    let n = note(&v, "relative-only");
    assert_eq!(n["section"], "RFC 3986 §4.1");
    let m = n["message"].as_str().unwrap();
    assert!(m.contains("valid only as a relative reference"), "{m}");
    assert!(m.contains("//example.com/path"), "{m}");
    let t = text(&args);
    assert!(
        t.contains("note[relative-only]") && t.contains("relative reference"),
        "{t}"
    );
    // A URI says nothing; nor does another rule than these two.
    assert!(codes(&json(&["--grammar", "rfc3986", "http://a/"])).is_empty());
    let rel = json(&["--grammar", "rfc3986", "--rule", "relative-ref", "/x"]);
    assert!(codes(&rel).is_empty());
}

/// The default rule is the absolute URL, what "a valid URL" means: an input
/// without a scheme is invalid there, and where the reference rule derives
/// it, the note says so and names the rule (RFC 3986 §4.1, RFC 2396
/// Appendix A). What no reference derives gets no such note.
#[test]
fn no_scheme_is_no_uri_and_the_note_names_the_reference_rule() {
    for (grammar, rule, section) in [
        ("rfc3986", "URI", "RFC 3986 §4.1"),
        ("rfc2396", "absoluteURI", "RFC 2396 Appendix A"),
    ] {
        let v = json(&["--grammar", grammar, "www.google.com"]);
        assert_eq!(v["valid"], false, "{v}");
        assert_eq!(v["rule"], rule, "{v}");
        let n = note(&v, "relative-only");
        assert_eq!(n["section"], section);
        let m = n["message"].as_str().unwrap();
        assert!(
            m.contains("--rule URI-reference") && m.contains("http://www.google.com"),
            "{m}"
        );
        assert!(codes(&json(&["--grammar", grammar, "a b"])).is_empty());
    }
    // RFC 2396's absoluteURI ends before a fragment; URI-reference holds it.
    let v = json(&["--grammar", "rfc2396", "http://a/b#f"]);
    assert_eq!(v["valid"], false);
    let n = note(&v, "fragment");
    assert_eq!(n["valid"], true, "the URI before the fragment is valid");
    let v = json(&[
        "--grammar",
        "rfc2396",
        "--rule",
        "URI-reference",
        "http://a/b#f",
    ]);
    assert_eq!(v["valid"], true);
}

#[test]
fn a_first_segment_with_a_colon_gets_a_dot_segment() {
    let args = ["--grammar", "rfc3986", "--rule", "relative-ref", "a:b"];
    let v = json(&args);
    assert_eq!(v["error"]["fix"], "./a:b");
    assert_eq!(note(&v, "colon-segment")["section"], "RFC 3986 §4.2");
    assert!(text(&args).contains("./a:b"));
    // As a URI reference, a:b is a URI of scheme "a" by the letter; both said.
    let v = json(&["--grammar", "rfc3986", "a:b"]);
    assert_eq!(v["valid"], true);
    let m = note(&v, "colon-segment")["message"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(m.contains("scheme \"a\"") && m.contains("./a:b"), "{m}");
    let m = note(
        &json(&["--grammar", "rfc3986", "localhost:8080/x"]),
        "colon-segment",
    )["message"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(m.contains("//localhost:8080/x"), "{m}");
    assert!(codes(&json(&["--grammar", "rfc3986", "mailto:a@b"])).is_empty());
}

#[test]
fn a_non_ascii_host_gets_its_idna_form() {
    let args = ["--grammar", "rfc3986", "http://ex\u{e4}mple.com/"];
    let v = json(&args);
    assert_eq!(v["error"]["fix"], "http://xn--exmple-cua.com/");
    assert_eq!(note(&v, "idna")["section"], "RFC 3986 §3.2.2");
    let t = text(&args);
    assert!(
        t.contains("xn--exmple-cua.com") && t.contains("%C3%A4"),
        "{t}"
    );
    // Outside the host, the escape.
    let v = json(&["--grammar", "rfc3986", "http://h/caf\u{e9}"]);
    assert_eq!(v["error"]["fix"], "http://h/caf%C3%A9");
}

/// The library gives the same fix `check` prints.
#[test]
fn the_library_gives_the_fix() {
    let c = Checker::new(Edition::Rfc3986, "URI-reference", Engine::Dfa).unwrap();
    assert_eq!(
        c.diagnose("http://a/?a[]=1").fix.as_deref(),
        Some("http://a/?a%5B%5D=1")
    );
    let v = c.check(" http://a/");
    assert_eq!(v.notes.first().map(|n| n.code), Some("white-space"));
}

/// Every new note quotes RFC 3986 (or RFC 1738) word for word.
#[test]
fn quotes_are_the_documents_words() {
    let Some(dir) = common::seeds_dir() else {
        return;
    };
    // Runs of white space folded; a word broken at a hyphen joined.
    let fold = |s: &str| {
        s.split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .replace("relative- path", "relative-path")
    };
    let rfc3986 = fold(&std::fs::read_to_string(dir.join("later/rfc3986.txt")).unwrap());
    let rfc1738 = fold(&std::fs::read_to_string(dir.join("002_3d87998ace756a98.txt")).unwrap());
    for (edition, seed) in [(Edition::Rfc3986, &rfc3986), (Edition::Rfc1738, &rfc1738)] {
        let d = common::descriptor(edition);
        let notes = d["notes"].as_table().unwrap();
        for code in common::FIX_NOTES {
            let Some(n) = notes.get(code) else { continue };
            for piece in n["quote"].as_str().unwrap().split(" [...] ") {
                assert!(seed.contains(&fold(piece)), "{edition} {code}: {piece:?}");
            }
        }
    }
}
