//! RFC 3986 §5 as printed: §5.4's 42 examples (read from the seed document
//! too), the steps citing §5.2.x, the base of §5.1, the notes where the letter
//! surprises, and agreement with an independent transcription of §5.2 on
//! thousands of generated pairs.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use urlbnf::Edition;
use urlbnf::resolve::{Resolver, Rules, resolve};

use crate::common;

const BASE: &str = "http://a/b/c/d;p?q";

/// RFC 3986 §5.4.1 (23 normal examples) and §5.4.2 (19 abnormal ones): the
/// reference and its target; `http:g` has two, strict and backward-compatible.
const SECTION_5_4: &[(&str, &str)] = &[
    ("g:h", "g:h"),
    ("g", "http://a/b/c/g"),
    ("./g", "http://a/b/c/g"),
    ("g/", "http://a/b/c/g/"),
    ("/g", "http://a/g"),
    ("//g", "http://g"),
    ("?y", "http://a/b/c/d;p?y"),
    ("g?y", "http://a/b/c/g?y"),
    ("#s", "http://a/b/c/d;p?q#s"),
    ("g#s", "http://a/b/c/g#s"),
    ("g?y#s", "http://a/b/c/g?y#s"),
    (";x", "http://a/b/c/;x"),
    ("g;x", "http://a/b/c/g;x"),
    ("g;x?y#s", "http://a/b/c/g;x?y#s"),
    ("", "http://a/b/c/d;p?q"),
    (".", "http://a/b/c/"),
    ("./", "http://a/b/c/"),
    ("..", "http://a/b/"),
    ("../", "http://a/b/"),
    ("../g", "http://a/b/g"),
    ("../..", "http://a/"),
    ("../../", "http://a/"),
    ("../../g", "http://a/g"),
    ("../../../g", "http://a/g"),
    ("../../../../g", "http://a/g"),
    ("/./g", "http://a/g"),
    ("/../g", "http://a/g"),
    ("g.", "http://a/b/c/g."),
    (".g", "http://a/b/c/.g"),
    ("g..", "http://a/b/c/g.."),
    ("..g", "http://a/b/c/..g"),
    ("./../g", "http://a/b/g"),
    ("./g/.", "http://a/b/c/g/"),
    ("g/./h", "http://a/b/c/g/h"),
    ("g/../h", "http://a/b/c/h"),
    ("g;x=1/./y", "http://a/b/c/g;x=1/y"),
    ("g;x=1/../y", "http://a/b/c/y"),
    ("g?y/./x", "http://a/b/c/g?y/./x"),
    ("g?y/../x", "http://a/b/c/g?y/../x"),
    ("g#s/./x", "http://a/b/c/g#s/./x"),
    ("g#s/../x", "http://a/b/c/g#s/../x"),
    ("http:g", "http:g"),
];

/// §5.4.2: "http:g" = "http://a/b/c/g" "for backward compatibility".
const BACKWARD_COMPATIBLE: (&str, &str) = ("http:g", "http://a/b/c/g");

#[test]
fn all_42_examples_of_section_5_4_resolve_as_printed() {
    assert_eq!(SECTION_5_4.len(), 42);
    let strict = Resolver::new(Rules::Rfc3986, BASE).unwrap();
    let mut agree = 0;
    for (reference, target) in SECTION_5_4 {
        assert_eq!(strict.resolve(reference).result, *target, "{reference:?}");
        agree += 1;
    }
    let lax = strict.clone().strict(false);
    assert_eq!(
        lax.resolve(BACKWARD_COMPATIBLE.0).result,
        BACKWARD_COMPATIBLE.1
    );
    // Not strict changes nothing else.
    for (reference, target) in SECTION_5_4.iter().filter(|(r, _)| *r != "http:g") {
        assert_eq!(lax.resolve(reference).result, *target, "{reference:?}");
    }
    assert_eq!(agree, 42);
}

/// The table above is what the document prints: every `"r" = "t"` line of
/// §5.4, read from the seed text.
#[test]
fn the_examples_are_the_documents_own() {
    let Some(dir) = common::seeds_dir() else {
        return;
    };
    let text = std::fs::read_to_string(dir.join(common::seed_file(Edition::Rfc3986))).unwrap();
    let section = text
        .split("5.4.  Reference Resolution Examples")
        .nth(2)
        .and_then(|s| s.split("6.  Normalization and Comparison").next())
        .expect("§5.4 in the seed");
    let mut printed = Vec::new();
    for line in section.lines() {
        let quoted: Vec<&str> = line.split('"').skip(1).step_by(2).collect();
        match (line.trim_start().starts_with('"'), quoted.as_slice()) {
            (true, [r, t]) => printed.push((r.to_string(), t.to_string())),
            (false, [t]) if line.trim_start().starts_with('/') => {
                assert_eq!((*t, BACKWARD_COMPATIBLE.1), (BACKWARD_COMPATIBLE.1, *t));
            }
            _ => {}
        }
    }
    let table: Vec<(String, String)> = SECTION_5_4
        .iter()
        .map(|(r, t)| (r.to_string(), t.to_string()))
        .collect();
    assert_eq!(printed, table);
}

#[test]
fn each_step_cites_the_subsection_that_takes_it() {
    let r = resolve(Rules::Rfc3986, BASE, "../g");
    let steps = r.steps.join("\n");
    for cite in ["§5.2.2", "§5.2.3", "§5.2.4", "§5.3"] {
        assert!(steps.contains(cite), "{steps}");
    }
    assert!(steps.contains("merge(Base.path \"/b/c/d;p\", R.path \"../g\") = \"/b/c/../g\""));
    assert_eq!(r.step, "relative");
    assert_eq!(resolve(Rules::Rfc3986, BASE, "?y").step, "empty-path");
    assert_eq!(resolve(Rules::Rfc3986, BASE, "//g").step, "host");
}

#[test]
fn the_base_is_a_uri_without_its_fragment() {
    // §5.1: "A base URI must conform to the <absolute-URI> syntax rule".
    for base in ["/a/b", "a/b", "http://a/b c", "1x:y", ""] {
        let e = Resolver::new(Rules::Rfc3986, base).unwrap_err();
        assert!(e.message.contains("§5.1"), "{base:?}: {}", e.message);
        assert!(e.error.is_some(), "{base:?}: where it stops");
    }
    let r = Resolver::new(Rules::Rfc3986, "http://a/b/c/d;p?q#f").unwrap();
    assert_eq!(r.base_notes()[0].code, "base-fragment-stripped");
    let res = r.resolve("");
    assert_eq!(res.result, "http://a/b/c/d;p?q");
    assert!(res.notes.iter().any(|n| n.code == "base-fragment-stripped"));
}

fn codes(base: &str, reference: &str) -> (String, Vec<&'static str>) {
    let r = resolve(Rules::Rfc3986, base, reference);
    (r.result, r.notes.iter().map(|n| n.code).collect())
}

#[test]
fn where_the_letter_surprises_a_note_says_so() {
    // §5.2.4 on a rootless path: step 2C leaves the "/" it put in.
    assert_eq!(
        codes(BASE, "s:a/../b"),
        ("s:/b".into(), vec!["rootless-path-rooted"])
    );
    assert_eq!(
        codes("s:a/b", "../c"),
        ("s:/c".into(), vec!["rootless-path-rooted"])
    );
    // A path that begins with "//" and no authority reads as an authority.
    let (result, notes) = codes("s:a/b", "..//c");
    assert_eq!(result, "s://c");
    assert!(notes.contains(&"path-reads-as-authority"), "{notes:?}");
    // "%2E" is not a dot (§2.3, §6.2.2.3).
    assert_eq!(
        codes(BASE, "%2E%2E/g"),
        ("http://a/b/c/%2E%2E/g".into(), vec!["encoded-dot"])
    );
    assert_eq!(codes(BASE, "/%2e/g").1, vec!["encoded-dot"]);
    // A dot segment written as a dot, beside another escape, is removed
    // with no word of "%2E".
    assert_eq!(codes(BASE, "/./g%41"), ("http://a/g%41".into(), vec![]));
    assert_eq!(codes(BASE, "g").1, Vec::<&str>::new());
    // Strict: the base's scheme in a reference is said to be read strictly.
    assert_eq!(codes(BASE, "http:g").1, vec!["same-scheme-strict"]);
    assert_eq!(codes(BASE, "HTTP:g").0, "HTTP:g");
    let lax = Resolver::new(Rules::Rfc3986, BASE).unwrap().strict(false);
    assert_eq!(lax.resolve("HTTP:g").result, "http://a/b/c/g");
    // A reference that is no URI-reference: resolved by Appendix B, said.
    let r = resolve(Rules::Rfc3986, BASE, "a b");
    assert_eq!(r.result, "http://a/b/c/a b");
    assert_eq!(r.reference_error.map(|e| e.offset), Some(1));
}

#[test]
fn long_references_resolve_in_linear_time() {
    let reference = "a/../".repeat(200_000) + "g";
    assert_eq!(
        resolve(Rules::Rfc3986, BASE, &reference).result,
        "http://a/b/c/g"
    );
    let deep = "../".repeat(300_000);
    assert_eq!(resolve(Rules::Rfc3986, BASE, &deep).result, "http://a/");
    // Growth in CPU time, not a deadline: a busy machine makes no difference.
    let grows = common::grows_linearly(
        |n| {
            resolve(Rules::Rfc3986, BASE, &("a/../".repeat(n) + "g"));
            resolve(Rules::Rfc3986, BASE, &"../".repeat(n));
        },
        25_000,
    );
    assert_eq!(grows, Ok(()));
}

/// §5.2 transcribed apart from the library, as plainly as printed: strings
/// for buffers, prefixes replaced, Appendix B's groups by hand.
mod transcription {
    pub struct P {
        pub scheme: Option<String>,
        pub authority: Option<String>,
        pub path: String,
        pub query: Option<String>,
        pub fragment: Option<String>,
    }

    pub fn parse(s: &str) -> P {
        let (s, fragment) = match s.find('#') {
            Some(i) => (&s[..i], Some(s[i + 1..].to_string())),
            None => (s, None),
        };
        let (s, query) = match s.find('?') {
            Some(i) => (&s[..i], Some(s[i + 1..].to_string())),
            None => (s, None),
        };
        let (scheme, s) = match s.find(':') {
            Some(i) if i > 0 && !s[..i].contains('/') => (Some(s[..i].to_string()), &s[i + 1..]),
            _ => (None, s),
        };
        let (authority, path) = if let Some(rest) = s.strip_prefix("//") {
            let end = rest.find('/').unwrap_or(rest.len());
            (Some(rest[..end].to_string()), rest[end..].to_string())
        } else {
            (None, s.to_string())
        };
        P {
            scheme,
            authority,
            path,
            query,
            fragment,
        }
    }

    pub fn remove_dot_segments(path: &str) -> String {
        let mut input = path.to_string();
        let mut output = String::new();
        while !input.is_empty() {
            if input.starts_with("../") {
                input = input[3..].to_string();
            } else if input.starts_with("./") {
                input = input[2..].to_string();
            } else if input.starts_with("/./") {
                input = format!("/{}", &input[3..]);
            } else if input == "/." {
                input = "/".to_string();
            } else if input.starts_with("/../") || input == "/.." {
                input = format!("/{}", &input[input.len().min(4)..]);
                match output.rfind('/') {
                    Some(i) => output.truncate(i),
                    None => output.clear(),
                }
            } else if input == "." || input == ".." {
                input.clear();
            } else {
                let start = usize::from(input.starts_with('/'));
                let end = input[start..].find('/').map_or(input.len(), |i| i + start);
                output.push_str(&input[..end]);
                input = input[end..].to_string();
            }
        }
        output
    }

    pub fn resolve(base: &str, reference: &str) -> String {
        let b = parse(base);
        let r = parse(reference);
        let (scheme, authority, path, query);
        if r.scheme.is_some() {
            scheme = r.scheme;
            authority = r.authority;
            path = remove_dot_segments(&r.path);
            query = r.query;
        } else {
            if r.authority.is_some() {
                authority = r.authority;
                path = remove_dot_segments(&r.path);
                query = r.query;
            } else {
                if r.path.is_empty() {
                    path = b.path.clone();
                    query = if r.query.is_some() { r.query } else { b.query };
                } else {
                    if r.path.starts_with('/') {
                        path = remove_dot_segments(&r.path);
                    } else {
                        let merged = if b.authority.is_some() && b.path.is_empty() {
                            format!("/{}", r.path)
                        } else {
                            match b.path.rfind('/') {
                                Some(i) => format!("{}{}", &b.path[..=i], r.path),
                                None => r.path.clone(),
                            }
                        };
                        path = remove_dot_segments(&merged);
                    }
                    query = r.query;
                }
                authority = b.authority;
            }
            scheme = b.scheme;
        }
        let mut out = String::new();
        if let Some(s) = scheme {
            out += &format!("{s}:");
        }
        if let Some(a) = authority {
            out += &format!("//{a}");
        }
        out += &path;
        if let Some(q) = query {
            out += &format!("?{q}");
        }
        if let Some(f) = r.fragment {
            out += &format!("#{f}");
        }
        out
    }
}

/// References built from the pieces §5.2 treats specially.
fn pieced(rng: &mut StdRng) -> String {
    const PIECES: &[&str] = &[
        "g", "..", ".", "/", "./", "../", "%2E", "?y", "#s", ";x", "//h", "s:", "a:b", "", "..g",
    ];
    (0..rng.gen_range(0..7))
        .map(|_| PIECES[rng.gen_range(0..PIECES.len())])
        .collect()
}

#[test]
fn an_independent_transcription_agrees_on_thousands_of_generated_pairs() {
    let mut bases = common::samples(Edition::Rfc3986, "absolute-URI", 60, 3986);
    bases.extend(
        [
            BASE,
            "s:a/b",
            "s:",
            "http://a",
            "file:///x/y/",
            "s://h/..",
            "s:/a/./b/",
        ]
        .map(String::from),
    );
    let mut references = common::samples(Edition::Rfc3986, "URI-reference", 200, 5);
    let mut rng = StdRng::seed_from_u64(52);
    references.extend((0..300).map(|_| pieced(&mut rng)));
    let mut pairs = 0;
    for base in &bases {
        let r = Resolver::new(Rules::Rfc3986, base).unwrap();
        for reference in &references {
            assert_eq!(
                r.resolve(reference).result,
                transcription::resolve(base, reference),
                "{base:?} + {reference:?}"
            );
            pairs += 1;
        }
    }
    assert!(pairs > 30_000, "{pairs}");
}

/// The command reads a file of references over their bytes, the library
/// one string at a time: each row (the reference in a column of twelve, its
/// target) and its notes are the same.
#[test]
fn the_command_resolves_each_line_as_the_library_does() {
    let mut references = common::samples(Edition::Rfc3986, "URI-reference", 2000, 64);
    references.extend(SECTION_5_4.iter().map(|(r, _)| r.to_string()));
    references.extend(
        [
            "s:a/../b",
            "x:/..//y",
            "./%2E/g",
            "a-reference-longer-than-twelve",
        ]
        .map(String::from),
    );
    let file: String = references.iter().map(|r| format!("{r}\n")).collect();
    let resolver = Resolver::new(Rules::Rfc3986, BASE).unwrap();
    let mut expected = String::new();
    for reference in &references {
        let r = resolver.resolve(reference);
        assert!(
            r.reference_error.is_none() && r.failure.is_none(),
            "{reference}"
        );
        expected += &format!("{reference:<12} {}\n", r.result);
        for note in &r.notes {
            expected += &format!("  note[{}]: {}\n", note.code, note.message);
        }
    }
    let out = common::run_urlbnf(&["resolve", BASE], file.as_bytes());
    assert_eq!(String::from_utf8_lossy(&out.stdout), expected);
    assert!(expected.contains("note["));
}
