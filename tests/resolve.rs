//! Partial (relative) forms: RFC 1630's examples, the 1993 draft's rules, and the
//! edge cases neither document settles.

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
    let start = std::time::Instant::now();
    assert_eq!(r(Rules::Rfc1630, "http://h/x/y", &partial), "http://h/x/g");
    assert_eq!(
        r(Rules::Draft1993, "http://h/x/y", &partial),
        "http://h/x/g"
    );
    let deep = "../".repeat(300_000);
    assert!(r(Rules::Rfc1630, "http://h/x/y", &deep).len() > 900_000);
    // A quadratic algorithm takes minutes here; this is a hang guard, not a benchmark.
    assert!(start.elapsed().as_secs() < 60);
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
