//! Security lints (RFC 1738 section 6): warnings with stable codes and spans.

use crate::common::editions::*;
use urlbnf::Edition;
use urlbnf::ast;
use urlbnf::lint::{Level, lints};

fn codes(edition: Edition, input: &str) -> Vec<(&'static str, usize, usize)> {
    let url = ast::parse(edition, input).unwrap_or_else(|e| panic!("{input}: {e}"));
    lints(&url)
        .into_iter()
        .map(|l| (l.code, l.start, l.end))
        .collect()
}

#[test]
fn ports_other_than_the_default_are_flagged_loudest_below_1024() {
    assert_eq!(
        codes(Rfc1738, "http://h:25/"),
        [("port-reserved-range", 9, 11)]
    );
    assert_eq!(
        codes(Rfc1738, "http://h:8000/"),
        [("port-not-default", 9, 13)]
    );
    assert!(codes(Rfc1738, "http://h:80/").is_empty());
    assert!(codes(Rfc1738, "gopher://h:70/").is_empty());
    assert_eq!(
        codes(Rfc1738, "gopher://h:25/"),
        [("port-reserved-range", 11, 13)]
    );
}

#[test]
fn passwords_are_flagged() {
    assert_eq!(
        codes(Rfc1738, "ftp://u:secret@h/"),
        [("password-in-url", 8, 14)]
    );
    assert_eq!(
        codes(Draft1994, "ftp://u:secret@h/"),
        [("password-in-url", 8, 14)]
    );
    assert!(codes(Rfc1738, "ftp://u@h/").is_empty());
}

#[test]
fn encoded_controls_for_line_protocols_are_flagged_but_gopher_tabs_are_syntax() {
    let c = codes(Rfc1738, "gopher://h/1a%0D%0AQUIT%09x%00");
    assert_eq!(
        c,
        [
            ("encoded-control", 13, 16),
            ("encoded-control", 16, 19),
            ("encoded-control", 27, 30)
        ]
    );
    // mailto is not a line protocol of section 6's kind.
    assert!(codes(Rfc1738, "mailto:a%0Db@h").is_empty());
}

#[test]
fn unsafe_characters_in_valid_urls_are_noted() {
    // draft-1994's `extra` allows spaces and quotes; RFC 1738 calls them unsafe.
    let url = ast::parse(Draft1994, "http://h/a b\"c").unwrap();
    let l = lints(&url);
    let got: Vec<(&str, usize, Level)> = l.iter().map(|l| (l.code, l.start, l.level)).collect();
    assert_eq!(
        got,
        [
            ("unsafe-character", 10, Level::Note),
            ("unsafe-character", 12, Level::Note)
        ]
    );
    // The "#" of a fragment is draft-1993's own delimiter, not an unsafe character.
    assert!(codes(Draft1993, "http://h/a#frag").is_empty());
}

/// `check --lint` ends with a count of every kind of line it printed under a
/// verdict: lint warnings, lint notes and the prose notes beside them.
#[test]
fn the_lint_summary_counts_every_note_printed() {
    let run = crate::common::run_urlbnf(
        &[
            "check",
            "--lint",
            "--grammar",
            "rfc1738",
            "http://user:pass@h:21/",
        ],
        b"",
    );
    let out = String::from_utf8_lossy(&run.stdout);
    let printed = |kind: &str| {
        out.lines()
            .filter(|l| l.trim_start().starts_with(kind))
            .count()
    };
    assert_eq!((printed("warning["), printed("note[")), (2, 1), "{out}");
    assert!(
        out.ends_with("2 lint warnings, 0 lint notes, 1 prose note\n"),
        "{out}"
    );
}

/// `--lint` works wherever verdicts are printed: `parse` and `compare` give
/// a valid URL's lints as `check --lint` does, in text and JSON.
#[test]
fn parse_and_compare_lint_as_check_does() {
    let url = "ftp://anon:secret@h:25/a%0D%0Aquit";
    let json = |args: &[&str]| -> Vec<serde_json::Value> {
        let run = crate::common::run_urlbnf(args, b"");
        String::from_utf8_lossy(&run.stdout)
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    };
    let check = json(&["check", "--lint", "--json", "--grammar", "rfc1738", url]);
    let want = &check[0]["lints"];
    assert_eq!(want.as_array().map(Vec::len), Some(4));
    let parse = json(&["parse", "--lint", "--json", "--grammar", "rfc1738", url]);
    assert_eq!(&parse[0]["lints"], want);
    let compare = json(&["compare", "--lint", "--json", url]);
    let rfc1738 = compare[0]["verdicts"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["grammar"] == "rfc1738")
        .unwrap();
    assert_eq!(&rfc1738["lints"], want);
    let text = crate::common::run_urlbnf(&["parse", "--lint", "--grammar", "rfc1738", url], b"");
    assert!(String::from_utf8_lossy(&text.stdout).contains("warning[password-in-url]"));
}
