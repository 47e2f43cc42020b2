//! Escaping and equivalence: RFC 1630's Examples 1-3, and the encoder of unsafe
//! characters (RFC 1738 section 2.2).

use crate::common;

use crate::common::editions::*;
use urlbnf::Edition;
use urlbnf::encoding::{canonical, encode};
use urlbnf::equivalence::Equivalence;

/// Each edition's own reading at its default level: RFC 1630's encoding
/// level, or RFC 3986 §6.2.2.
fn equivalent(e: Edition, a: &str, b: &str) -> Equivalence {
    let level = urlbnf::meaning::meaning(e).default_level();
    urlbnf::equivalence::equivalent(e, level, a, b).unwrap()
}

#[test]
fn rfc1630_example_1_an_escaped_hyphen_is_the_hyphen() {
    for e in [Rfc1630Url, Rfc1738, Draft1994] {
        let eq = equivalent(
            e,
            "http://info.cern.ch/albert/bertram/marie-claude",
            "http://info.cern.ch/albert/bertram/marie%2Dclaude",
        );
        assert!(eq.equivalent, "{e}");
    }
}

#[test]
fn rfc1630_example_2_an_escaped_slash_is_not_a_slash() {
    for e in Edition::ALL {
        let eq = equivalent(
            e,
            "http://info.cern.ch/albert/bertram/marie-claude",
            "http://info.cern.ch/albert/bertram%2Fmarie-claude",
        );
        assert!(!eq.equivalent, "{e}");
        if e == Rfc1630Uri {
            // RFC 1630's generic syntax has no "//": no URL of that grammar.
            assert_eq!(eq.urls[1].errors[0].offset, 5);
            continue;
        }
        assert_eq!(
            eq.urls[1].normalized.as_deref(),
            Some("http://info.cern.ch/albert/bertram%2Fmarie-claude"),
            "{e}"
        );
    }
}

#[test]
fn rfc1630_example_3_illegal_escapes_are_errors() {
    // Where the grammar admits the rest, it stops at the escape itself: at
    // "*" after "%", and at "s" after "%a".
    for e in [Rfc1738, Rfc2396] {
        let eq = equivalent(
            e,
            "fxqn:/us/va/reston/cnri/ietf/24/asdf%*.fred",
            "news:12345667123%asdghfh@info.cern.ch",
        );
        assert!(!eq.equivalent);
        let [a, b] = &eq.urls;
        assert_eq!(a.errors.len(), 1);
        assert_eq!((a.errors[0].offset, a.errors[0].found.as_str()), (37, "*"));
        assert_eq!((b.errors[0].offset, b.errors[0].found.as_str()), (18, "s"));
    }
    // RFC 1630's BNF for specific schemes knows no fxqn scheme: that stops
    // first.
    let eq = equivalent(
        Rfc1630Url,
        "fxqn:/us/va/reston/cnri/ietf/24/asdf%*.fred",
        "news:12345667123%asdghfh@info.cern.ch",
    );
    assert_eq!(eq.urls[0].errors[0].offset, 1);
    assert_eq!(eq.urls[1].errors[0].offset, 18);
    // The encoding level alone (no grammar) finds both escapes.
    let a = canonical(Rfc1630Url, "fxqn:/us/va/reston/cnri/ietf/24/asdf%*.fred").unwrap_err();
    assert_eq!((a[0].offset, a[0].found.as_str()), (37, "*"));
}

#[test]
fn hexadecimal_case_does_not_matter_and_canonical_form_is_stable() {
    assert!(equivalent(Rfc1738, "http://h/%7e", "http://h/%7E").equivalent);
    for e in Edition::ALL {
        for url in [
            "http://h/a%41%2f%7e%20",
            "ftp://h/%2Fetc/motd",
            "news:a%40b@h",
        ] {
            let once = canonical(e, url).unwrap();
            assert_eq!(canonical(e, &once).unwrap(), once, "{e} {url}");
        }
    }
    // "A" is unreserved everywhere: %41 decodes; "@" is reserved in RFC 1738 only.
    assert_eq!(canonical(Rfc1738, "news:a%41%40b").unwrap(), "news:aA%40b");
    assert_eq!(canonical(Rfc1630Url, "news:a%41%40b").unwrap(), "news:aA@b");
}

#[test]
fn the_encoder_escapes_unsafe_and_disallowed_characters_and_keeps_reserved_ones() {
    assert_eq!(
        encode(Rfc1738, "a b<c>\"#%{}|\\^~[]`"),
        "a%20b%3Cc%3E%22%23%25%7B%7D%7C%5C%5E%7E%5B%5D%60"
    );
    assert_eq!(
        encode(Rfc1738, "/etc;type=a?x:y@z&w"),
        "/etc;type=a?x:y@z&w"
    );
    assert_eq!(encode(Rfc1738, "é\t\u{7f}"), "%C3%A9%09%7F");
    // draft-1994 allows spaces unencoded, but RFC 1738 calls them unsafe.
    assert_eq!(encode(Draft1994, "a b"), "a%20b");
    // rfc1630-url has no "'"-free class difference: "!" is reserved there (for schemes).
    assert_eq!(encode(Rfc1630Url, "!"), "!");
    // Whatever is encoded is valid text for a path under the edition.
    for e in Edition::ALL {
        let enc = encode(e, "any text: with ünïcode & <brackets> / 100%");
        assert!(enc.bytes().all(|b| b.is_ascii_graphic()), "{e}: {enc}");
        assert!(canonical(e, &enc).is_ok(), "{e}: {enc}");
    }
}

#[test]
fn encode_reads_lines_without_their_ending_and_encodes_any_other_cr() {
    let out = common::run_urlbnf(&["encode"], b"a b\r\nc\rd\ne\r\r\n");
    assert_eq!(out.status.code(), Some(0));
    // CR LF ends a line as LF does; a CR elsewhere is text.
    assert_eq!(out.stdout, b"a%20b\nc%0Dd\ne%0D\n");
    let out = common::run_urlbnf(&["encode", "a\r"], b"");
    assert_eq!(out.stdout, b"a%0D\n");
}

/// RFC 3986 §2.3 and RFC 2396: an unreserved character is never escaped;
/// with `--component`, the output is derived by the component's rule.
#[test]
fn the_later_editions_encode_by_their_own_sets() {
    use urlbnf::encoding::{component_set, encode_component, encode_data};
    use urlbnf::meaning::{Component, meaning};
    for e in [Rfc2396, Rfc3986] {
        let unreserved = urlbnf::encoding::decodable(e);
        for b in 0u8..128 {
            let text = [b];
            let plain = encode_bytes_of(e, &text);
            if unreserved.contains(b) {
                assert_eq!(plain, char::from(b).to_string(), "{e} {b}");
                assert_eq!(encode_data(e, &text), plain);
            }
            if urlbnf::encoding::reserved(e).contains(b) {
                assert_eq!(plain, char::from(b).to_string(), "{e} keeps {b}");
            }
        }
        let texts = ["a/b?c#d:e@f[g]h!$&=+ ~%'()*,;", "é\t\u{7f}\"<>\\^`{|}", ""];
        for c in Component::ALL {
            let rule = meaning(e).component_rule(c).unwrap();
            let checker = urlbnf::Checker::new(e, rule, urlbnf::Engine::Dfa).unwrap();
            let set = component_set(e, c).unwrap();
            assert!(unreserved.is_subset(set), "{e} {c:?}");
            for t in texts {
                let enc = encode_component(e, c, t.as_bytes()).unwrap();
                let whole = match c {
                    Component::Path => format!("/{enc}"),
                    Component::Host if e == Rfc2396 && enc.is_empty() => continue,
                    _ => enc.clone(),
                };
                assert!(checker.is_valid(&whole), "{e} {c:?} {t:?} -> {whole}");
            }
        }
    }
    // What the issue found: "~" stays, "#", "[", "]" (reserved) are kept.
    assert_eq!(encode(Rfc3986, "~"), "~");
    assert_eq!(encode(Rfc3986, "#[]"), "#[]");
    assert_eq!(
        encode_component(Rfc3986, Component::Segment, b"a/b").unwrap(),
        "a%2Fb"
    );
    assert_eq!(encode_data(Rfc3986, b"a b&c"), "a%20b%26c");
    assert!(encode_component(Rfc1738, Component::Query, b"x").is_err());
}

fn encode_bytes_of(e: Edition, b: &[u8]) -> String {
    urlbnf::encoding::encode_bytes(e, b)
}
