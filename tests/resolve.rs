//! Partial (relative) forms: RFC 1630's examples, the 1993 draft's rules, and the
//! edge cases neither document settles.

use crate::common;
use urlbnf::resolve::{Rules, resolve};

fn r(rules: Rules, context: &str, partial: &str) -> String {
    resolve(rules, context, partial).result
}

/// RFC 1630, "Partial (relative) form", Examples, with the results its rule gives.
const RFC1630_EXAMPLES: &[(&str, &str)] = &[
    ("g", "magic://a/b/c//d/e/g"),
    ("/g", "magic://a/b/c//d/g"),
    ("//g", "magic://g"),
    ("../g", "magic://a/b/c//d/g"),
    ("g:h", "g:h"),
];

#[test]
fn rfc1630_examples_in_both_printed_contexts() {
    // "and in the context of the URI magic://a/b/c//d/e/ the results would be
    // exactly the same."
    for context in ["magic://a/b/c//d/e/f", "magic://a/b/c//d/e/"] {
        for (partial, want) in RFC1630_EXAMPLES {
            assert_eq!(
                r(Rules::Rfc1630, context, partial),
                *want,
                "{context} + {partial}"
            );
        }
    }
}

#[test]
fn rfc1630s_printed_slash_g_example_disagrees_with_its_rule_and_is_noted() {
    // The document prints "/g magic://a/g"; its rule gives magic://a/b/c//d/g.
    let res = resolve(Rules::Rfc1630, "magic://a/b/c//d/e/f", "/g");
    assert_eq!(res.result, "magic://a/b/c//d/g");
    assert_ne!(res.result, "magic://a/g");
    let note = res
        .notes
        .iter()
        .find(|n| n.code == "printed-example-differs")
        .expect("a note");
    assert!(note.message.contains("magic://a/g") && note.message.contains("1997"));
    // Other partial forms raise no such note.
    assert!(
        resolve(Rules::Rfc1630, "magic://a/b/c//d/e/f", "g")
            .notes
            .is_empty()
    );
}

#[test]
fn draft_1993_partial_form_rules() {
    let c = "http://h:80/a/b/c";
    for (partial, want) in [
        ("d", "http://h:80/a/b/d"),
        ("../d", "http://h:80/a/d"),
        ("./d", "http://h:80/a/b/d"),
        ("/x/y", "http://h:80/x/y"),
        ("//other/y", "http://other/y"),
        ("g:h", "g:h"),
        ("d/..", "http://h:80/a/b"),
    ] {
        assert_eq!(r(Rules::Draft1993, c, partial), want, "{c} + {partial}");
    }
}

#[test]
fn the_two_documents_differ_on_a_trailing_dot_dot() {
    // RFC 1630 removes "xxx/../" (a slash after ".."); the draft removes "/xxx/..".
    assert_eq!(
        r(Rules::Rfc1630, "http://h/a/b/c", "d/.."),
        "http://h/a/b/d/.."
    );
    assert_eq!(
        r(Rules::Draft1993, "http://h/a/b/c", "d/.."),
        "http://h/a/b"
    );
}

#[test]
fn edge_cases_end_with_a_result_and_a_note() {
    let above = resolve(Rules::Rfc1630, "magic://a/b", "../../../g");
    assert_eq!(above.result, "magic://a/../../../g");
    assert!(above.notes.iter().any(|n| n.code == "dot-dot-above-root"));
    // The empty partial form: the last segment is replaced by nothing.
    assert_eq!(r(Rules::Rfc1630, "magic://a/b/c", ""), "magic://a/b/");
    // Only slashes, more than any run in the context.
    let slashes = resolve(Rules::Rfc1630, "magic://a/b", "///");
    assert_eq!(slashes.result, "magic:///");
    assert!(slashes.notes.iter().any(|n| n.code == "no-slash-run"));
    // A context without a path.
    let no_path = resolve(Rules::Rfc1630, "news:comp.infosystems", "x");
    assert_eq!(no_path.result, "news:x");
    assert!(
        no_path
            .notes
            .iter()
            .any(|n| n.code == "context-without-path")
    );
    assert_eq!(r(Rules::Draft1993, "news:comp.infosystems", "x"), "news:x");
    // Queries and fragments keep their dots.
    assert_eq!(
        r(Rules::Rfc1630, "http://h/a/b", "c?x/../y"),
        "http://h/a/c?x/../y"
    );
}

#[test]
fn long_inputs_resolve_in_linear_time() {
    let partial = "a/../".repeat(200_000) + "g";
    assert_eq!(r(Rules::Rfc1630, "http://h/x/y", &partial), "http://h/x/g");
    assert_eq!(
        r(Rules::Draft1993, "http://h/x/y", &partial),
        "http://h/x/g"
    );
    let deep = "../".repeat(300_000);
    assert!(r(Rules::Rfc1630, "http://h/x/y", &deep).len() > 900_000);
    for rules in [Rules::Rfc1630, Rules::Draft1993] {
        let grows = common::grows_linearly(
            |n| {
                r(rules, "http://h/x/y", &("a/../".repeat(n) + "g"));
                r(rules, "http://h/x/y", &"../".repeat(n));
            },
            25_000,
        );
        assert_eq!(grows, Ok(()), "{rules:?}");
    }
}

#[test]
fn every_resolution_says_its_steps() {
    for rules in [Rules::Rfc1630, Rules::Draft1993] {
        for partial in ["g", "/g", "//g", "../g", "g:h", "", "///", "./x/../y"] {
            let res = resolve(rules, "magic://a/b/c//d/e/f", partial);
            assert!(!res.steps.is_empty(), "{rules:?} {partial:?}");
        }
    }
}

/// A context shape and the result and note the documents' text gives.
struct Shape {
    rules: &'static [Rules],
    context: &'static str,
    partial: &'static str,
    result: &'static str,
    note: Option<&'static str>,
}

const BOTH: &[Rules] = &[Rules::Rfc1630, Rules::Draft1993];

#[test]
fn contexts_are_read_as_the_documents_define_them() {
    let shapes = [
        // A host and no path: the host is kept (the draft already did).
        Shape {
            rules: BOTH,
            context: "http://h",
            partial: "g",
            result: "http://h/g",
            note: Some("context-without-path"),
        },
        Shape {
            rules: &[Rules::Rfc1630],
            context: "http://h",
            partial: "",
            result: "http://h/",
            note: Some("context-without-path"),
        },
        Shape {
            rules: &[Rules::Rfc1630],
            context: "http://h",
            partial: "../g",
            result: "http://h/../g",
            note: Some("dot-dot-above-root"),
        },
        // The fragment is not part of the URI: it never takes part.
        Shape {
            rules: BOTH,
            context: "http://h/a/b#x/y",
            partial: "g",
            result: "http://h/a/g",
            note: Some("context-outside-grammar"),
        },
        Shape {
            rules: BOTH,
            context: "http://h/a/b#x//y",
            partial: "/g",
            result: "http://h/g",
            note: Some("context-outside-grammar"),
        },
        Shape {
            rules: BOTH,
            context: "http://h/a/b#x",
            partial: "g",
            result: "http://h/a/g",
            note: None,
        },
        // The search is not part of the path whose last part is removed.
        Shape {
            rules: BOTH,
            context: "http://h/a/b?x/y",
            partial: "../g",
            result: "http://h/g",
            note: Some("context-outside-grammar"),
        },
        Shape {
            rules: BOTH,
            context: "http://h/a/b?x",
            partial: "g",
            result: "http://h/a/g",
            note: None,
        },
        // No rule for a partial form without a path: the literal result, said.
        Shape {
            rules: BOTH,
            context: "http://h/a/b/c",
            partial: "",
            result: "http://h/a/b/",
            note: Some("partial-without-path"),
        },
        Shape {
            rules: BOTH,
            context: "http://h/a/b/c",
            partial: "#f",
            result: "http://h/a/b/#f",
            note: Some("partial-without-path"),
        },
        // Named after what happened: nothing is above the root here.
        Shape {
            rules: &[Rules::Rfc1630],
            context: "http://h/a/b/c",
            partial: "g/..",
            result: "http://h/a/b/g/..",
            note: Some("dot-dot-without-slash-after"),
        },
    ];
    for s in &shapes {
        for &rules in s.rules {
            let res = resolve(rules, s.context, s.partial);
            let what = format!("{rules:?}: {} + {:?}", s.context, s.partial);
            assert_eq!(res.result, s.result, "{what}");
            let codes: Vec<&str> = res.notes.iter().map(|n| n.code).collect();
            match s.note {
                Some(code) => assert!(codes.contains(&code), "{what}: notes {codes:?}"),
                None => assert!(codes.is_empty(), "{what}: notes {codes:?}"),
            }
            assert!(
                !codes.contains(&"dot-dot-above-root") || s.note == Some("dot-dot-above-root"),
                "{what}"
            );
        }
    }
}

fn libwww(context: &str, partial: &str) -> (String, Vec<&'static str>) {
    let r = resolve(Rules::Libwww1993, context, partial);
    (r.result, r.notes.iter().map(|n| n.code).collect())
}

#[test]
fn libwww_1993_gives_rfc1630s_printed_examples_except_slash_slash_g() {
    for context in ["magic://a/b/c//d/e/f", "magic://a/b/c//d/e/"] {
        for (partial, printed) in [
            ("g", "magic://a/b/c//d/e/g"),
            ("/g", "magic://a/g"),
            ("../g", "magic://a/b/c//d/g"),
            ("g:h", "g:h"),
        ] {
            assert_eq!(libwww(context, partial).0, printed, "{context} + {partial}");
        }
        // Printed magic://g; libwww adds the root slash.
        let (result, notes) = libwww(context, "//g");
        assert_eq!(result, "magic://g/");
        assert!(notes.contains(&"trailing-slash-added"));
    }
}

#[test]
fn each_libwww_departure_is_reproduced_and_named() {
    let cases: &[(&str, &str, &str, &str)] = &[
        // (context, partial, libwww's result, the note naming the departure)
        (
            "magic://a/b/c//d/e/f",
            "/g",
            "magic://a/g",
            "no-slash-counting",
        ),
        (
            "http://h:8080/a/b",
            "/g",
            "http://h:8080/g",
            "no-slash-counting",
        ),
        (
            "magic://a/b/c//d/e/f",
            "//g",
            "magic://g/",
            "trailing-slash-added",
        ),
        (
            "http://h/a/b",
            "http:g",
            "http://h/a/g",
            "same-scheme-relative",
        ),
        (
            "file:/a/b/c",
            "file:g",
            "file:/a/b/g",
            "same-scheme-relative",
        ),
        (
            "http://h/a/b#frag",
            "g",
            "http://h/a/g#frag",
            "fragment-inherited",
        ),
        (
            "http://h/a/b?q#frag",
            "g",
            "http://h/a/g#frag",
            "fragment-inherited",
        ),
        (
            "http://h/a/b",
            "c?x/y/../z",
            "http://h/a/c?x/z",
            "dots-in-search-simplified",
        ),
        (
            "http://h/a//b/c",
            "../../g",
            "http://h/a//b/../../g",
            "dot-dot-after-empty-segment",
        ),
        (
            "http://h:80/a/b",
            "g",
            "http://h/a/g",
            "default-port-dropped",
        ),
        (
            "gopher://h:70/1a",
            "b",
            "gopher://h/b",
            "default-port-dropped",
        ),
        (
            "http://h.dom./a/b",
            "g",
            "http://h.dom/a/g",
            "trailing-dot-dropped",
        ),
        ("http://h/a/b", "a:b:c/d", "a:c/d", "extra-colon-dropped"),
    ];
    for &(context, partial, result, note) in cases {
        let (got, notes) = libwww(context, partial);
        assert_eq!(got, result, "{context} + {partial}");
        assert!(notes.contains(&note), "{context} + {partial}: {notes:?}");
    }
    // What libwww does like the documents raises no note.
    for (context, partial, result) in [
        ("news:a/b/c", "g", "news:g"),
        ("file:/a/b/c", "g", "file:/a/b/g"),
        ("ftp://h:21/a/b", "g", "ftp://h:21/a/g"),
        ("http://h/a/b?q", "g", "http://h/a/g"),
        ("http://h/a/b/c", "../g", "http://h/a/g"),
    ] {
        let (got, notes) = libwww(context, partial);
        assert_eq!(
            (got.as_str(), notes),
            (result, vec![]),
            "{context} + {partial}"
        );
    }
}

#[test]
fn libwww_resolves_long_inputs_in_linear_time() {
    let partial = "a/../".repeat(200_000) + "g";
    assert_eq!(libwww("http://h/x/y", &partial).0, "http://h/x/g");
    let deep = "../".repeat(300_000);
    assert!(libwww("http://h/x/y", &deep).0.len() > 900_000);
    let grows = common::grows_linearly(
        |n| {
            libwww("http://h/x/y", &("a/../".repeat(n) + "g"));
            libwww("http://h/x/y", &"../".repeat(n));
        },
        25_000,
    );
    assert_eq!(grows, Ok(()));
}

/// The WHATWG reading: each departure of the url crate from the URL Standard
/// that CI found (tests/whatwg/judge.js) is noted on its own example, with
/// the crate's result as listed.
#[test]
fn each_url_crate_departure_is_noted_on_its_example() {
    use urlbnf::resolve::whatwg::DEPARTURES;
    assert_eq!(DEPARTURES.len(), 5);
    for d in DEPARTURES {
        let r = resolve(Rules::Whatwg, d.base, d.reference);
        let got = match &r.failure {
            Some(f) => format!("failure ({f})"),
            None => r.result.clone(),
        };
        assert_eq!(got, d.url_crate, "{}", d.code);
        assert!(
            r.notes.iter().any(|n| n.code == d.code),
            "{}: {:?}",
            d.code,
            r.notes
        );
    }
    // RFC 3986 §5.4's examples raise none.
    let r = resolve(Rules::Whatwg, "http://a/b/c/d;p?q", "../g");
    assert_eq!((r.result.as_str(), r.notes.len()), ("http://a/b/g", 0));
}
