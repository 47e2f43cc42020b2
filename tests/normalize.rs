//! Normalization and equivalence by each edition's own reading: RFC 3986
//! §6.2's examples (§6.2.2, §6.2.2.1-3, §6.2.3) on its ladder, RFC 1630's
//! encoding level before it, and inputs that are no URL refused.

use crate::common::editions::*;
use urlbnf::Edition;
use urlbnf::equivalence::equivalent;
use urlbnf::meaning::Level::{self, *};
use urlbnf::normalize::{Normalizer, normalize};

use crate::common;

fn eq(level: Level, a: &str, b: &str) -> bool {
    equivalent(Rfc3986, level, a, b).unwrap().equivalent
}

fn normal(level: Level, input: &str) -> std::string::String {
    normalize(Rfc3986, level, input)
        .unwrap()
        .normalized
        .unwrap_or_else(|| panic!("{input} refused"))
}

#[test]
fn section_6_2_2_syntax_based_normalization() {
    // "an application using this approach could reasonably consider the
    // following two URIs equivalent"
    let (a, b) = (
        "example://a/b/c/%7Bfoo%7D",
        "eXAMPLE://a/./b/../b/%63/%7bfoo%7d",
    );
    assert!(eq(Syntax, a, b));
    assert!(!eq(String, a, b));
    assert_eq!(normal(Syntax, b), a);
}

#[test]
fn section_6_2_2_1_case_normalization() {
    // "the URI <HTTP://www.EXAMPLE.com/> is equivalent to <http://www.example.com/>"
    assert!(eq(
        Syntax,
        "HTTP://www.EXAMPLE.com/",
        "http://www.example.com/"
    ));
    // "%3a" versus "%3A"; the other components keep their case.
    assert!(eq(Syntax, "http://h/a%3ab", "http://h/a%3Ab"));
    assert_eq!(normal(Syntax, "http://h/a%3ab"), "http://h/a%3Ab");
    assert!(!eq(Syntax, "http://h/A", "http://h/a"));
    assert!(!eq(Syntax, "http://User@h/", "http://user@h/"));
    // A host's percent-encodings stay upper case in a lower-case host.
    assert_eq!(normal(Syntax, "http://A%c3%A9B/"), "http://a%C3%A9b/");
    assert_eq!(normal(Syntax, "http://[FE80::A]/"), "http://[fe80::a]/");
}

#[test]
fn section_6_2_2_2_percent_encoding_normalization() {
    // §2.3: "%7E" is "~"; §2.4: "the "%7E" can be replaced by "~"".
    assert!(eq(Syntax, "http://h/%7Efred", "http://h/~fred"));
    assert_eq!(
        normal(Syntax, "http://h/%41%2d%5f%2E%7e%30"),
        "http://h/A-_.~0"
    );
    // Reserved characters stay encoded: §2.2.
    assert!(!eq(Syntax, "http://h/a%2Fb", "http://h/a/b"));
    assert_eq!(normal(Syntax, "http://h/?a%3db"), "http://h/?a%3Db");
}

#[test]
fn section_6_2_2_3_path_segment_normalization() {
    assert!(eq(Syntax, "http://a/b/../c", "http://a/c"));
    assert!(eq(Syntax, "http://a/./b/./c/..", "http://a/b/"));
    // A dot written "%2E" is decoded (§6.2.2.2), then removed, with a note.
    let n = normalize(Rfc3986, Syntax, "http://a/b/%2E%2E/c").unwrap();
    assert_eq!(n.normalized.as_deref(), Some("http://a/c"));
    assert_eq!(n.notes[0].code, "encoded-dot-removed");
    // A dot segment written as a dot, beside another escape, is no "%2E".
    let n = normalize(Rfc3986, Syntax, "http://a/./b/%cc").unwrap();
    assert_eq!(n.normalized.as_deref(), Some("http://a/b/%CC"));
    assert!(n.notes.is_empty(), "{:?}", n.notes);
    // The letter of §5.2.4 on a rootless path.
    let n = normalize(Rfc3986, Syntax, "s:a/../b").unwrap();
    assert_eq!(n.normalized.as_deref(), Some("s:/b"));
    assert_eq!(n.notes[0].code, "rootless-path-rooted");
    // Dots in a query or fragment are data.
    assert_eq!(
        normal(Syntax, "http://a/?x/../y#./z"),
        "http://a/?x/../y#./z"
    );
}

#[test]
fn section_6_2_3_scheme_based_normalization() {
    // "the following four URIs are equivalent"
    let four = [
        "http://example.com",
        "http://example.com/",
        "http://example.com:/",
        "http://example.com:80/",
    ];
    for a in four {
        for b in four {
            assert!(eq(Scheme, a, b), "{a} {b}");
        }
        // "the second URI above is the normal form for the "http" scheme"
        assert_eq!(normal(Scheme, a), "http://example.com/");
    }
    // Syntax-based alone does not make them equivalent.
    assert!(!eq(Syntax, four[0], four[3]));
    // "the URI "http://example.com/?" cannot be assumed to be equivalent to
    // any of the examples above"
    for a in four {
        assert!(!eq(Scheme, a, "http://example.com/?"));
    }
    // "two URIs that differ only by the suffix "#" are considered different"
    assert!(!eq(Scheme, "http://example.com/", "http://example.com/#"));
    // "mailto:Joe@Example.COM" is equivalent to "mailto:Joe@example.com"
    assert!(eq(
        Scheme,
        "mailto:Joe@Example.COM",
        "mailto:Joe@example.com"
    ));
    assert!(!eq(Scheme, "mailto:Joe@x", "mailto:joe@x"));
    // A default port's note names where the default comes from.
    let n = normalize(Rfc3986, Scheme, "ftp://h:21/x").unwrap();
    assert_eq!(n.normalized.as_deref(), Some("ftp://h/x"));
    assert!(n.notes[0].message.contains("RFC 1738 §3.2"));
    let n = normalize(Rfc3986, Scheme, "HTTPS://h:443").unwrap();
    assert_eq!(n.normalized.as_deref(), Some("https://h/"));
    assert!(n.notes[0].message.contains("not among urlbnf's documents"));
    // A port that is no default stays; an empty path of another scheme too.
    assert_eq!(normal(Scheme, "http://h:8080"), "http://h:8080/");
    assert_eq!(normal(Scheme, "foo://h"), "foo://h");
}

#[test]
fn an_input_that_is_no_uri_is_refused_with_where_it_stops() {
    let e = equivalent(Rfc3986, Syntax, "http://a b/", "http://a%20b/").unwrap();
    assert!(!e.equivalent);
    assert_eq!(e.urls[0].errors[0].offset, 8);
    assert!(e.urls[0].normalized.is_none());
    // A relative reference is no URI: §6.1 compares targets.
    let e = equivalent(Rfc3986, Syntax, "b/c", "b/c").unwrap();
    assert!(!e.equivalent);
    assert_eq!(e.urls[0].errors.len(), 1);
    // Under the early editions too, by the edition's whole-URL rule.
    let e = equivalent(Rfc1738, Encoding, "HTTP://H/", "http://h/").unwrap();
    assert_eq!(e.urls[0].errors[0].offset, 0);
}

#[test]
fn early_editions_keep_rfc1630s_encoding_level() {
    let e = equivalent(Rfc1738, Encoding, "http://H/%7e", "http://h/%7E").unwrap();
    assert!(!e.equivalent);
    assert_eq!(e.notes[0].code, "case-only");
    assert!(e.reading.starts_with("RFC 1630"), "{}", e.reading);
    assert_eq!(e.urls[1].normalized.as_deref(), Some("http://h/%7E"));
    // Their reading has no syntax or scheme level; RFC 3986's no encoding level.
    for (edition, level) in [(Rfc1738, Syntax), (Draft1994, Scheme), (Rfc3986, Encoding)] {
        let err = Normalizer::new(edition, level).unwrap_err();
        assert!(err.contains("with the levels"), "{err}");
    }
    assert!(
        equivalent(Rfc3986, Syntax, "a:b", "a:b")
            .unwrap()
            .reading
            .starts_with("RFC 3986 §6.2.2")
    );
}

#[test]
fn normal_forms_are_fixed_points_and_uris() {
    let uri = urlbnf::Checker::new(Rfc3986, "URI", urlbnf::Engine::Dfa).unwrap();
    for level in [Syntax, Scheme] {
        let n = Normalizer::new(Rfc3986, level).unwrap();
        for input in common::samples(Edition::Rfc3986, "URI", 3000, 62) {
            let once = n.normalize(&input).normalized.unwrap();
            assert!(uri.is_valid(&once), "{input} -> {once}");
            let twice = n.normalize(&once).normalized.unwrap();
            assert_eq!(once, twice, "{input}");
        }
    }
}

/// The command reads a file of lines over their bytes, the library one
/// string at a time: each line's result, notes and refusal are the same,
/// whatever the line end ("\r\n", none at the end), and whether a line is
/// its own normal form, needs only lowering, or more (lines of each kind
/// next to each other, as the command copies runs of the first two whole).
#[test]
fn the_command_normalizes_each_line_as_the_library_does() {
    let mut inputs = common::samples(Rfc3986, "URI", 2000, 63);
    // Every note, a refusal, and lines the command reads apart (not ASCII).
    inputs.extend(
        [
            "http://a/b",
            "HTTP://A/b?C#D",
            "http://a/b",
            "http://a/%7e",
            "s:A",
            "S:A",
            "HTTP://Ex.COM:80",
            "http://h:",
            "eXAMPLE://a/./b/../b/%63/%7bfoo%7d",
            "s:a/../b",
            "s:../g",
            "x:/..//y",
            "mailto:Joe@Example.COM",
            "http://a/%2E%2e/b",
            "http://U%41:p@[::1]:080?Q%2e#F%7e",
            "http://é/",
            "http://a b/",
            "",
        ]
        .map(std::string::String::from),
    );
    // One line in seven ends "\r\n", and the last has no line end.
    inputs.push("HTTP://LAST/".into());
    let last = inputs.len() - 1;
    let file: std::string::String = inputs
        .iter()
        .enumerate()
        .map(|(i, input)| match i {
            _ if i == last => input.clone(),
            _ if i % 7 == 3 => format!("{input}\r\n"),
            _ => format!("{input}\n"),
        })
        .collect();
    for level in [Syntax, Scheme] {
        let n = Normalizer::new(Rfc3986, level).unwrap();
        // One line a result on standard output (empty for a refusal);
        // why, and the notes, each after its input, on standard error.
        let (mut expected, mut said) = (std::string::String::new(), std::string::String::new());
        for input in &inputs {
            let r = n.normalize(input);
            match &r.normalized {
                Some(normal) => expected += &format!("{normal}\n"),
                None => {
                    expected += "\n";
                    for e in &r.errors {
                        said += &format!("{input}: not a URL of rfc3986: {e}\n");
                    }
                }
            }
            for note in &r.notes {
                said += &format!("{input}: note[{}]: {}\n", note.code, note.message);
            }
        }
        let out = common::run_urlbnf(&["normalize", "--level", level.id()], file.as_bytes());
        assert_eq!(
            std::string::String::from_utf8_lossy(&out.stdout),
            expected,
            "{level:?}"
        );
        assert_eq!(expected.lines().count(), inputs.len());
        assert_eq!(
            std::string::String::from_utf8_lossy(&out.stderr),
            said,
            "{level:?}"
        );
        assert!(said.contains("note[") && said.contains("not a URL"));
    }
}
