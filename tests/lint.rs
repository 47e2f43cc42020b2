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

/// RFC 3986's lints are its own (§3.2.1, §7): nothing of RFC 1738 §6 or
/// §2.2 that RFC 3986 does not say too. `~` is unreserved there, an IP
/// literal's brackets are its syntax, 443 is https's default port (any case
/// of the scheme), and no sentence says "no default port".
#[test]
fn rfc3986_lints_are_its_own() {
    let all = |input: &str| {
        let url = ast::parse(Rfc3986, input).unwrap_or_else(|e| panic!("{input}: {e}"));
        lints(&url)
    };
    assert!(all("http://[::1]/~a").is_empty());
    assert!(all("https://example.com:443/").is_empty());
    assert!(all("HTTPS://example.com:443/").is_empty());
    let l = all("HTTPS://h:8443/");
    assert_eq!(l.len(), 1);
    assert_eq!(
        (l[0].code, l[0].section),
        ("port-not-default", "RFC 3986 §7.2")
    );
    assert!(
        l[0].message
            .starts_with("port 8443 is not https's default port, 443 (RFC 2818"),
        "{}",
        l[0].message
    );
    // A scheme without a known default: only a well-known port is said.
    assert!(all("foo://h:8080/").is_empty());
    let l = all("foo://h:25/");
    assert_eq!(l[0].code, "port-reserved-range");
    assert!(
        !l[0].message.contains("no default port,"),
        "{}",
        l[0].message
    );
    // §3.2.1 and §7.5: a password, but not an empty one.
    assert_eq!(
        codes(Rfc3986, "ftp://u:secret@h/"),
        [("password-in-url", 8, 14)]
    );
    assert!(codes(Rfc3986, "ftp://u:@h/").is_empty());
    assert_eq!(all("ftp://u:secret@h/")[0].section, "RFC 3986 §3.2.1, §7.5");
    // §7.6's own example.
    let l = all("ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm");
    assert_eq!(
        (l[0].code, l[0].start, l[0].end),
        ("misleading-userinfo", 6, 41)
    );
    assert!(
        l[0].message.contains("\"cnn.example.com\""),
        "{}",
        l[0].message
    );
    assert!(
        l[0].message.ends_with("the host is \"10.0.0.1\""),
        "{}",
        l[0].message
    );
    assert!(codes(Rfc3986, "ftp://anonymous@h/").is_empty());
    // §7.4: forms inet_aton() reads, with the address it reads.
    for (host, address) in [
        ("127.1", "127.0.0.1"),
        ("0x7f.0.0.1", "127.0.0.1"),
        ("017.0.0.1", "15.0.0.1"),
        ("2130706433", "127.0.0.1"),
    ] {
        let l = all(&format!("http://{host}/"));
        assert_eq!(l[0].code, "rare-ip-format", "{host}");
        assert!(
            l[0].message.contains(&format!("read it as {address}")),
            "{host}: {}",
            l[0].message
        );
    }
    assert!(all("http://127.0.0.1/").is_empty());
    assert!(all("http://1.example/").is_empty());
    // §7.3: %00 whatever the scheme; a segment that decodes to "..".
    assert_eq!(codes(Rfc3986, "foo:a%00"), [("encoded-nul", 5, 8)]);
    assert_eq!(
        codes(Rfc3986, "http://h/a/%2E%2E/etc"),
        [("encoded-dot-segment", 11, 17)]
    );
    assert!(codes(Rfc3986, "http://h/a/../etc").is_empty());
    // §7.2: encoded CR and LF for a line protocol.
    assert_eq!(
        codes(Rfc3986, "telnet://h/%0D%0A"),
        [("encoded-control", 11, 14), ("encoded-control", 14, 17)]
    );
}

/// Each edition's lints are those its document gives, each citing it: RFC
/// 1630 "Security issues are not discussed in this memo" (its unsafe
/// characters only); RFC 2396's own text is not among the documents, so its
/// lints cite RFC 3986, which obsoletes it, and say so.
#[test]
fn each_edition_cites_its_own_document() {
    let url = "ftp://anon:secret@h:25/a%0D%0Aquit";
    let sections = |edition| -> Vec<&'static str> {
        lints(&ast::parse(edition, url).unwrap())
            .into_iter()
            .map(|l| l.section)
            .collect()
    };
    assert!(sections(Rfc1630Url).is_empty());
    assert!(sections(Rfc1738).iter().all(|s| *s == "RFC 1738 §6"));
    assert!(
        sections(Draft1994)
            .iter()
            .all(|s| s.starts_with("draft-ietf-uri-url-03"))
    );
    let later = sections(Rfc2396);
    assert_eq!(later.len(), 4);
    assert!(
        later
            .iter()
            .all(|s| s.starts_with("RFC 3986 §") && s.contains("RFC 2396's own is not among")),
        "{later:?}"
    );
    // draft-1993 says nothing of ports (its BNF derives no password).
    let codes: Vec<&str> = lints(&ast::parse(Draft1993, "http://h:25/a b").unwrap())
        .into_iter()
        .map(|l| l.code)
        .collect();
    assert_eq!(codes, ["unsafe-character"]);
}
