//! The known-scheme reading: a scheme with a rule of its own is checked by
//! that rule, the catch-all for new schemes (RFC 1738 `otherurl`, July 1993
//! `generic`) takes the rest; the letter of the BNF says so in a note. And
//! offsets on any bytes: the first character no valid string has there.

use crate::common;

use urlbnf::check::Reading;
use urlbnf::known::{self, CatchAll};
use urlbnf::report::Reporter;
use urlbnf::{Checker, Edition, Engine};

fn catch_all(e: Edition) -> &'static CatchAll {
    known::catch_all(e).expect("the edition has a catch-all")
}

#[test]
fn the_known_schemes_are_read_from_the_grammar() {
    let names = |e| -> Vec<(String, String)> {
        catch_all(e)
            .schemes
            .iter()
            .map(|k| (k.scheme.clone(), k.rule.clone()))
            .collect()
    };
    let pairs = |v: &[(&str, &str)]| -> Vec<(String, String)> {
        v.iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    };
    assert_eq!(
        names(Edition::Rfc1738),
        pairs(&[
            ("http", "httpurl"),
            ("ftp", "ftpurl"),
            ("news", "newsurl"),
            ("nntp", "nntpurl"),
            ("telnet", "telneturl"),
            ("gopher", "gopherurl"),
            ("wais", "waisurl"),
            ("mailto", "mailtourl"),
            ("file", "fileurl"),
            ("prospero", "prosperourl"),
        ])
    );
    assert_eq!(catch_all(Edition::Rfc1738).catch_all, "otherurl");
    assert_eq!(
        catch_all(Edition::Rfc1738).quote,
        "new schemes follow the general syntax"
    );
    assert_eq!(
        names(Edition::Draft1993),
        pairs(&[
            ("http", "httpaddress"),
            ("ftp", "fileaddress"),
            ("news", "newsaddress"),
            ("prospero", "prosperoaddress"),
            ("telnet", "telnetaddress"),
            ("gopher", "gopheraddress"),
            ("wais", "waisaddress"),
            ("afs", "afsaddress"),
        ])
    );
    assert_eq!(catch_all(Edition::Draft1993).catch_all, "generic");
    // Every alternative of the other editions' URL rules is a scheme's own.
    for e in [Edition::Draft1994, Edition::Rfc1630Uri, Edition::Rfc1630Url] {
        assert!(known::catch_all(e).is_none(), "{e}");
    }
}

#[test]
fn every_known_scheme_follows_its_own_rule_and_a_new_one_the_catch_all() {
    for e in [Edition::Rfc1738, Edition::Draft1993] {
        let c = catch_all(e);
        for rule in ["url", e.default_rule()] {
            for engine in [Engine::Dfa, Engine::Pest] {
                let letter = Checker::new(e, rule, engine).unwrap();
                let known = Checker::new(e, rule, engine).unwrap().known_schemes(true);
                for k in &c.schemes {
                    // "k:" is the catch-all's (an empty schemepart or path),
                    // never its own rule's.
                    let input = format!("{}:", k.scheme);
                    let own = Checker::new(e, &k.rule, Engine::Dfa).unwrap();
                    assert!(!own.is_valid(&input), "{e} {}: {input}", k.rule);
                    let v = letter.check(&input);
                    assert!(v.valid, "{e} {rule}: {input} by the letter");
                    let [note] = v.notes.as_slice() else {
                        panic!("{e} {rule}: {input}: one note, got {:?}", v.notes);
                    };
                    assert_eq!(note.code, "catch-all");
                    assert_eq!(note.rule.as_deref(), Some(k.rule.as_str()));
                    assert_eq!(note.valid, Some(false));
                    let error = note.error.as_ref().expect("the own rule's diagnosis");
                    let by_own = own.diagnose(&input);
                    assert_eq!(
                        (error.offset, &error.expected),
                        (by_own.offset, &by_own.expected),
                        "{e} {rule}: {input}"
                    );
                    assert!(note.message.contains(&k.rule), "{}", note.message);
                    let v = known.check(&input);
                    assert!(!v.valid, "{e} {rule}: {input} with known schemes");
                    assert_eq!(v.error.as_ref().map(|x| x.offset), Some(by_own.offset));
                    assert_eq!(v.notes.first().and_then(|n| n.valid), Some(true));
                }
                for new in ["foo:bar", "x-y:"] {
                    for checker in [&letter, &known] {
                        let v = checker.check(new);
                        assert!(v.valid && v.notes.is_empty(), "{e} {rule}: {v:?}");
                    }
                }
            }
        }
    }
}

#[test]
fn the_reading_is_exactly_own_rules_for_known_schemes_and_the_rest_by_the_catch_all() {
    // Independent of the dispatch: each scheme rule's own automaton and the
    // catch-all's, on derived strings of every alternative and robust noise.
    for e in [Edition::Rfc1738, Edition::Draft1993] {
        let c = catch_all(e);
        let known = Checker::new(e, &c.rule, Engine::Dfa)
            .unwrap()
            .known_schemes(true);
        let letter = Checker::new(e, &c.rule, Engine::Dfa).unwrap();
        let owns: Vec<Checker> = c
            .schemes
            .iter()
            .map(|k| Checker::new(e, &k.rule, Engine::Dfa).unwrap())
            .collect();
        let any = Checker::new(e, &c.catch_all, Engine::Dfa).unwrap();
        let generator = urlbnf::engine::Generator::new(e);
        let mut seeded = common::Seeded::new(1993, 256);
        let mut inputs: Vec<String> = common::corpus().iter().map(|s| s.to_string()).collect();
        for k in &c.schemes {
            inputs.extend(common::samples(e, &k.rule, 300, 5));
        }
        for _ in 0..3000 {
            inputs.push(common::robust_input(&c.catch_all, &generator, &mut seeded));
        }
        // The catch-all's strings under known schemes' names.
        for (i, s) in common::samples(e, &c.catch_all, 2000, 6).iter().enumerate() {
            let k = &c.schemes[i % c.schemes.len()];
            if let Some((_, rest)) = s.split_once(':') {
                inputs.push(format!("{}:{rest}", k.scheme));
            }
        }
        let mut differ = 0;
        for w in &inputs {
            let scheme_known = c
                .schemes
                .iter()
                .any(|k| w.starts_with(&format!("{}:", k.scheme)));
            let expected = owns.iter().any(|o| o.is_valid(w)) || (any.is_valid(w) && !scheme_known);
            assert_eq!(known.is_valid(w), expected, "{e}: {w:?}");
            assert_eq!(
                letter.is_valid(w),
                owns.iter().any(|o| o.is_valid(w)) || any.is_valid(w),
                "{e}: {w:?}"
            );
            differ += usize::from(letter.is_valid(w) != known.is_valid(w));
        }
        assert!(differ > 100, "{e}: the readings part on {differ} inputs");
    }
}

#[test]
fn the_issue_examples() {
    let letter = Checker::for_edition(Edition::Rfc1738).unwrap();
    for (input, own, offset) in [
        ("http://h:abc/", "httpurl", 9),
        ("http://:99999999/", "httpurl", 7),
        ("mailto:", "mailtourl", 7),
        ("telnet://", "telneturl", 9),
    ] {
        let v = letter.check(input);
        assert!(v.valid, "{input}");
        let note = &v.notes[0];
        assert_eq!(note.rule.as_deref(), Some(own));
        assert_eq!(
            note.error.as_ref().map(|e| e.offset),
            Some(offset),
            "{input}"
        );
        assert_eq!(note.section, "RFC 1738 §5");
    }
    let v = letter.check("http://h:abc/");
    assert!(
        v.notes[0]
            .message
            .contains("as httpurl it stops at offset 9: expected digit; found \"a\""),
        "{}",
        v.notes[0].message
    );
    // The command: valid with the note (exit 0); with --known-schemes invalid (exit 1).
    let run = common::run_urlbnf(&["check", "--grammar", "rfc1738", "http://h:abc/"], b"");
    assert_eq!(run.status.code(), Some(0));
    let text = String::from_utf8_lossy(&run.stdout);
    assert!(text.contains("note[catch-all] RFC 1738 §5"), "{text}");
    let run = common::run_urlbnf(
        &[
            "check",
            "--grammar",
            "rfc1738",
            "--known-schemes",
            "--json",
            "http://h:abc/",
        ],
        b"",
    );
    assert_eq!(run.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&run.stdout).unwrap();
    assert_eq!(v["error"]["offset"], 9);
    assert_eq!(v["error"]["expected"], serde_json::json!(["digit"]));
    // The flag family on parse, tree and compare too.
    for cmd in ["parse", "tree", "compare"] {
        let mut args = vec![cmd, "--known-schemes", "--json", "http://h:abc/"];
        if cmd != "compare" {
            args.splice(1..1, ["--grammar", "rfc1738"]);
        }
        let run = common::run_urlbnf(&args, b"");
        assert_eq!(run.status.code(), Some(1), "{cmd}");
        let text = String::from_utf8_lossy(&run.stdout);
        assert!(text.contains("\"offset\":9"), "{cmd}: {text}");
    }
}

#[test]
fn report_counts_the_catch_all_and_names_own_rules_with_known_schemes() {
    let input = b"http://h:abc/\nhttp://h/\nmailto:\nfoo:bar\nhttp://git.kpe.io/?p=rt.git\n";
    let report = |args: &[&str]| -> serde_json::Value {
        let run = common::run_urlbnf(&[&["report", "--json"][..], args].concat(), input);
        assert_eq!(run.status.code(), Some(0));
        serde_json::from_slice(&run.stdout).unwrap()
    };
    let letter = report(&["--grammar", "rfc1738"]);
    let schemes = &letter["editions"][0]["schemes"];
    let http = schemes
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["name"] == "http")
        .unwrap();
    assert_eq!(
        (http["valid"].as_u64(), http["catch_all_only"].as_u64()),
        (Some(3), Some(1))
    );
    let known = report(&["--grammar", "rfc1738", "--known-schemes"]);
    assert_eq!(known["known_schemes"], true);
    let rules: Vec<&str> = known["editions"][0]["causes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["rule"].as_str().unwrap())
        .collect();
    assert!(
        rules.contains(&"port") && rules.contains(&"encoded822addr"),
        "{rules:?}"
    );
    // draft-1994: an http search is no content-identifier.
    let d = report(&["--grammar", "draft-1994"]);
    let causes = d["editions"][0]["causes"].as_array().unwrap();
    let search = causes
        .iter()
        .find(|c| c["examples"][0]["input"] == "http://git.kpe.io/?p=rt.git")
        .unwrap();
    assert_eq!(search["rule"], "search");
    // Reports in different readings refuse to merge.
    let dir = std::env::temp_dir().join(format!("urlbnf-known-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (a, b) = (dir.join("a.json"), dir.join("b.json"));
    std::fs::write(&a, letter.to_string()).unwrap();
    std::fs::write(&b, known.to_string()).unwrap();
    let run = common::run_urlbnf(
        &[
            "report",
            "--merge",
            a.to_str().unwrap(),
            b.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(run.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&run.stderr).contains("different readings"));
    // The library refuses a report over checkers read apart.
    let mixed = vec![
        Checker::for_edition(Edition::Rfc1738).unwrap(),
        Checker::for_edition(Edition::Draft1993)
            .unwrap()
            .reading(Reading {
                known_schemes: true,
                fold_scheme_case: false,
            }),
    ];
    assert!(Reporter::new(mixed).is_err());
}

#[test]
fn offsets_on_any_bytes_are_the_first_character_no_valid_string_has() {
    let prefixes: [&[u8]; 4] = [b"http://a/", b"http://", b"sc", b"http://a/\xc3\xa9"];
    let suffixes: [&[u8]; 8] = [
        b"\xff",
        b"\xc0\xaf",         // overlong "/"
        b"\xed\xa0\x80",     // a surrogate
        b"\xe2\x82",         // truncated
        b"\xf4\x90\x80\x80", // past U+10FFFF
        b"\xef\xbb\xbf",     // BOM (well-formed, never in a grammar)
        b"\x01",
        b"\x7f",
    ];
    for e in Edition::ALL {
        for engine in [Engine::Dfa, Engine::Pest] {
            let checker = Checker::for_edition(e).unwrap().with_engine(engine);
            for p in prefixes {
                for s in suffixes {
                    let raw = [p, s, b"x"].concat();
                    let v = checker.check_bytes(&raw);
                    assert!(!v.valid);
                    let err = v.error.unwrap();
                    // Expected: where the longest well-formed head stops, else
                    // its end (the first ill-formed byte).
                    let good = match std::str::from_utf8(&raw) {
                        Ok(t) => t.len(),
                        Err(x) => x.valid_up_to(),
                    };
                    let head = std::str::from_utf8(&raw[..good]).unwrap();
                    let by_text = match checker.check(head).error {
                        Some(x) if x.byte_offset < head.len() => x.offset,
                        _ => head.chars().count(),
                    };
                    let whole = std::str::from_utf8(&raw)
                        .ok()
                        .map(|t| checker.diagnose(t).offset);
                    assert_eq!(
                        err.offset,
                        whole.unwrap_or(by_text),
                        "{e} {engine:?} {raw:?}"
                    );
                }
            }
        }
    }
    // The issue's two: no url starts with "s" in draft-1994; the "é" stops rfc1738.
    let d = Checker::for_edition(Edition::Draft1994).unwrap();
    assert_eq!(d.check_bytes(b"sc\xff:b").error.unwrap().offset, 0);
    let r = Checker::for_edition(Edition::Rfc1738).unwrap();
    assert_eq!(
        r.check_bytes("http://a/é\u{0}".as_bytes())
            .error
            .unwrap()
            .offset,
        9
    );
    assert_eq!(
        r.check_bytes(b"http://a/\xc3\xa9\xff")
            .error
            .unwrap()
            .offset,
        9
    );
    // check and report on the command line agree, with either engine.
    let input = b"sc\xff:b\nhttp://a/\xc3\xa9\xff\nhttp://a/\xff\n";
    for engine in ["dfa", "pest"] {
        let run = common::run_urlbnf(
            &["check", "--json", "--grammar", "early", "--engine", engine],
            input,
        );
        let offsets: Vec<u64> = String::from_utf8_lossy(&run.stdout)
            .lines()
            .map(|l| {
                serde_json::from_str::<serde_json::Value>(l).unwrap()["error"]["offset"]
                    .as_u64()
                    .unwrap()
            })
            .collect();
        // Per input, five editions in order.
        assert_eq!(offsets.get(1), Some(&0), "draft-1994 sc\\xff:b ({engine})");
        assert_eq!(
            offsets.get(9),
            Some(&9),
            "rfc1738 http://a/é\\xff ({engine})"
        );
        assert_eq!(
            offsets.get(14),
            Some(&9),
            "rfc1738 http://a/\\xff ({engine})"
        );
    }
}
