//! URLs in plain text: the RFC 1738 appendix example, draft-1994's wrapper example,
//! and a line break after a hyphen.

use crate::common;

use urlbnf::check::Checker;
use urlbnf::extract::{Delimiters, Extractor, HYPHEN_READINGS, Wrapper, extract, extract_with};
use urlbnf::{Edition, Engine};

/// RFC 1738, APPENDIX: Recommendations for URLs in Context, "Examples".
const RFC1738_APPENDIX: &str = concat!(
    "      Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc;\n",
    "      type=d> but you can probably pick it up from <URL:ftp://ds.in\n",
    "      ternic.net/rfc>.  Note the warning in <URL:http://ds.internic.\n",
    "      net/instructions/overview.html#WARNING>.\n",
);

#[test]
fn the_rfc1738_appendix_example() {
    let found = extract(RFC1738_APPENDIX);
    let got: Vec<(usize, usize, &str)> = found
        .iter()
        .map(|f| (f.line, f.column, f.url.as_str()))
        .collect();
    assert_eq!(
        got,
        [
            (1, 34, "ftp://info.cern.ch/pub/www/doc;type=d"),
            (2, 52, "ftp://ds.internic.net/rfc"),
            (
                3,
                45,
                "http://ds.internic.net/instructions/overview.html#WARNING"
            ),
        ]
    );
    assert!(
        found
            .iter()
            .all(|f| f.wrapper == Wrapper::UrlPrefix && f.without_hyphen.is_empty())
    );
    // The third carries a fragment: RFC 1738's url has none, draft-1993's has.
    let valid = |e: Edition, s: &str| {
        Checker::new(e, e.default_rule(), Engine::Pest)
            .unwrap()
            .is_valid(s)
    };
    assert!(valid(Edition::Rfc1738, &found[0].url) && valid(Edition::Rfc1738, &found[1].url));
    assert!(!valid(Edition::Rfc1738, &found[2].url));
    assert!(valid(Edition::Draft1993, &found[2].url));
}

/// RFC 3986 Appendix C's example text, as printed (its indentation and line
/// breaks kept): "contains the URI references" it lists, all three, the one
/// in double quotes too.
#[test]
fn the_rfc3986_appendix_c_example() {
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/corpus/rfc3986-appendix-c.txt"),
    )
    .unwrap();
    if let Some(dir) = common::seeds_dir() {
        let seed = std::fs::read_to_string(dir.join("later/rfc3986.txt")).unwrap();
        assert!(
            seed.contains(&text),
            "the corpus file is the RFC's own text"
        );
    }
    for later in Edition::LATER {
        let found = extract_with(&text, Delimiters::of(&[later]));
        let got: Vec<(&str, Wrapper)> = found.iter().map(|f| (f.url.as_str(), f.wrapper)).collect();
        assert_eq!(
            got,
            [
                ("http://www.w3.org/Addressing/", Wrapper::DoubleQuotes),
                ("ftp://foo.example.com/rfc/", Wrapper::AngleBrackets),
                (
                    "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING",
                    Wrapper::AngleBrackets
                ),
            ],
            "{later}"
        );
        // URI references: RFC 2396's absoluteURI ends before a fragment.
        let reference = Checker::new(later, "URI-reference", Engine::Pest).unwrap();
        assert!(found.iter().all(|f| reference.is_valid(&f.url)), "{later}");
    }
    // The early documents name no double quotes: RFC 1738 finds two.
    assert_eq!(
        extract_with(&text, Delimiters::of(&[Edition::Rfc1738])).len(),
        2
    );
    // The command, with every edition: the union of their wrappers.
    let out = common::run_urlbnf(&["extract", "--json"], text.as_bytes());
    let lines = String::from_utf8_lossy(&out.stdout).lines().count();
    assert_eq!(lines, 3);
}

/// A double quote is a wrapper only where a scheme follows it at once, and
/// the next quote within the paragraph closes it: quotes of prose around
/// words, an inch mark, a quote never closed or closed only after a blank
/// line leave the URLs around them alone.
#[test]
fn double_quotes_of_prose_are_no_wrappers() {
    let later = Delimiters::of(&[Edition::Rfc3986]);
    let urls = |text: &str| -> Vec<String> {
        extract_with(text, later)
            .into_iter()
            .map(|f| f.url)
            .collect()
    };
    assert_eq!(
        urls("a 6\" pipe, \"quoted words\" and \"http://a/b\" then <http://c/>"),
        ["http://a/b", "http://c/"]
    );
    assert_eq!(urls("\"http://a/ never closed <http://c/>"), ["http://c/"]);
    assert_eq!(urls("\"http://a/\n\n\" <http://c/>"), ["http://c/"]);
    assert_eq!(urls("\" http://a/\""), Vec::<String>::new());
    assert_eq!(urls("\"http://a/\n   b\""), ["http://a/b"]);
}

#[test]
fn draft_1994_wrappers_need_no_url_prefix() {
    let text = "Yes, Jim, I found it under <ftp://info.cern.ch/pub/www/doc> but\n\
                you can probably pick it up from <ftp://ds.internic.net/rfc>.";
    // (The string continuation drops the second line's indentation.)
    let found = extract(text);
    let urls: Vec<&str> = found.iter().map(|f| f.url.as_str()).collect();
    assert_eq!(
        urls,
        [
            "ftp://info.cern.ch/pub/www/doc",
            "ftp://ds.internic.net/rfc"
        ]
    );
    assert!(found.iter().all(|f| f.wrapper == Wrapper::AngleBrackets));
    assert_eq!((found[1].line, found[1].column), (2, 34));
}

#[test]
fn a_line_break_after_a_hyphen_is_reported_as_ambiguous() {
    let found = extract("see <URL:http://www.my-\n   host.org/a-\nb>");
    assert_eq!(found[0].url, "http://www.my-host.org/a-b");
    assert_eq!(
        found[0].without_hyphen,
        ["http://www.myhost.org/a-b", "http://www.my-host.org/ab"]
    );
}

#[test]
fn angle_brackets_around_other_things_are_not_urls() {
    assert!(extract("a <b> c < d > e <not a url> <3:x> <URL:>").is_empty());
    assert!(extract("<<<<>>>> <").is_empty());
    assert_eq!(
        extract("x <mailto:timbl@info.cern.ch> y")[0].url,
        "mailto:timbl@info.cern.ch"
    );
}

/// Text read piece by piece (as `urlbnf extract` reads lines) gives the URLs of
/// the whole text, at the same lines and columns, whatever the cuts: after
/// every line, at random places, or one character at a time.
#[test]
fn pieces_find_what_the_whole_text_finds() {
    use rand::{Rng, SeedableRng};
    let texts = [
        RFC1738_APPENDIX.to_string(),
        format!("{RFC1738_APPENDIX}<<URL:a:b> <x> >< <mailto:a@b\n>c<\n"),
        "x <URL:http://a/b-\n  c> <not a url> <URL:\n\n  news:a.b>\n<".repeat(3),
        "a 6\" pipe \"http://a/\n b\" \"words\" \"x:\n\n\" <y:z> \"URL:h:i\" \"http://never <q:r>"
            .to_string(),
    ];
    let delimiters = Delimiters::of(&[Edition::Rfc3986]);
    let mut rng = rand::rngs::StdRng::seed_from_u64(1738);
    for text in &texts {
        let whole = extract_with(text, delimiters);
        assert!(!whole.is_empty());
        let chars: Vec<char> = text.chars().collect();
        let mut cuts: Vec<Vec<usize>> = vec![
            (1..=chars.len()).collect(),
            chars
                .iter()
                .enumerate()
                .filter(|(_, c)| **c == '\n')
                .map(|(i, _)| i + 1)
                .collect(),
        ];
        for _ in 0..50 {
            let mut c: Vec<usize> = (0..rng.gen_range(1..8))
                .map(|_| rng.gen_range(0..=chars.len()))
                .collect();
            c.sort_unstable();
            cuts.push(c);
        }
        for cut in cuts {
            let mut extractor = Extractor::new(delimiters);
            let (mut found, mut from) = (Vec::new(), 0);
            for to in cut.into_iter().chain([chars.len()]) {
                let piece: String = chars
                    .get(from..to.max(from))
                    .unwrap_or_default()
                    .iter()
                    .collect();
                found.extend(extractor.feed(&piece));
                from = to.max(from);
            }
            found.extend(extractor.finish());
            assert_eq!(found, whole, "{text:?}");
        }
    }
}

/// Text held after an unclosed `<` is not searched again for each new piece:
/// 100,000 lines after it are read in linear time (searched again, they would
/// take some 5·10^10 steps), and the wrapper that finally comes is found.
#[test]
fn lines_after_an_unclosed_bracket_are_read_once() {
    let mut extractor = Extractor::default();
    assert!(extractor.feed("x <\n").is_empty());
    for _ in 0..100_000 {
        assert!(extractor.feed("aaaaaaaaaa\n").is_empty());
    }
    let found = extractor.feed("<URL:http://a/>\n");
    assert_eq!(
        found
            .iter()
            .map(|f| (f.line, f.url.as_str()))
            .collect::<Vec<_>>(),
        [(100_002, "http://a/")]
    );
}

/// `<URL:http://a/`, then `b-` and a line break `n` times, then `c>`.
fn broken_after_hyphens(n: usize) -> String {
    format!("<URL:http://a/{}c>", "b-\n".repeat(n))
}

#[test]
fn many_hyphen_breaks_keep_a_bounded_number_of_readings() {
    let found = extract(&broken_after_hyphens(10_000));
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].hyphen_breaks, 10_000);
    assert_eq!(found[0].without_hyphen.len(), HYPHEN_READINGS);
    // The first reading drops the first hyphen, and so on.
    assert!(found[0].without_hyphen[0].starts_with("http://a/bb-b-"));
    assert!(found[0].without_hyphen[1].starts_with("http://a/b-bb-"));
    // What is kept grows as the text does: twice the text, twice the bytes.
    let kept = |n| {
        let f = extract(&broken_after_hyphens(n));
        f.iter()
            .map(|f| f.url.len() + f.without_hyphen.iter().map(String::len).sum::<usize>())
            .sum::<usize>()
    };
    for n in [50_000, 100_000, 200_000] {
        let ratio = kept(2 * n) as f64 / kept(n) as f64;
        assert!((1.9..2.1).contains(&ratio), "{n} -> {}: {ratio}", 2 * n);
    }
    // The command says how many readings it did not show.
    let out = common::run_urlbnf(&["extract"], broken_after_hyphens(20).as_bytes());
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(text.matches("without it:").count(), HYPHEN_READINGS);
    assert!(
        text.contains("12 more line breaks follow a hyphen"),
        "{text}"
    );
}

/// `extract -f FILE` reads free text, as `extract FILE` does, and its help
/// says so (it said "one per line", the other commands' words).
#[test]
fn extract_file_option_reads_free_text_and_says_so() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("extract");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("prose.txt");
    std::fs::write(
        &file,
        "See <URL:http://info.cern.ch/> and then\nmore text.\n",
    )
    .unwrap();
    let path = file.to_str().unwrap();
    let by_option = common::run_urlbnf(&["extract", "--json", "-f", path], b"");
    let by_argument = common::run_urlbnf(&["extract", "--json", path], b"");
    assert_eq!(by_option.stdout, by_argument.stdout);
    assert!(String::from_utf8_lossy(&by_option.stdout).contains("http://info.cern.ch/"));
    let help = common::run_urlbnf(&["extract", "--help"], b"");
    let help = String::from_utf8_lossy(&help.stdout);
    let file_option = help.split("--file").nth(1).unwrap_or_default();
    let file_option = file_option.split("\n\n").next().unwrap_or_default();
    assert!(file_option.contains("free text"), "{file_option}");
    assert!(!file_option.contains("one per line"), "{file_option}");
}

/// A `<URL:` wrapper never closed is said on standard error, with where it
/// opened (its text vanished silently); an unclosed `<` of prose is not.
#[test]
fn an_unclosed_url_wrapper_is_said() {
    let out = common::run_urlbnf(&["extract"], b"see <URL:http://a/b and more\n");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("<URL: wrapper opened at line 1, column 5 is never closed"),
        "{err}"
    );
    let out = common::run_urlbnf(&["extract"], b"see <URL:http://a/b> and 1 < 2\n");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("never closed"), "{err}");
}

/// extract reads the URLs it finds as check does, in either reading: the
/// known-scheme and scheme-case flags work here too.
#[test]
fn extract_takes_the_reading_flags_check_takes() {
    let text = b"see <URL:http://h:abc/> and <URL:HTTP://h/>\n";
    let verdicts = |flag: &[&str]| -> Vec<bool> {
        let args = [&["extract", "--json", "--grammar", "rfc1738"][..], flag].concat();
        let run = common::run_urlbnf(&args, text);
        String::from_utf8_lossy(&run.stdout)
            .lines()
            .map(|l| {
                let v: serde_json::Value = serde_json::from_str(l).unwrap();
                v["verdicts"][0]["valid"].as_bool().unwrap()
            })
            .collect()
    };
    assert_eq!(verdicts(&[]), [true, false], "the letter");
    assert_eq!(verdicts(&["--known-schemes"]), [false, false]);
    assert_eq!(verdicts(&["--fold-scheme-case"]), [true, true]);
}

/// `--only` and `--lint` as `check` has them: only the URLs found valid
/// (or invalid) printed, one a line as found; the lints of a valid URL under
/// its verdict, and counted in the summary.
#[test]
fn extract_takes_only_and_lint_as_check_does() {
    let text = b"see <URL:http://u:p@h:8080/> and <URL:HTTP://h/>\n";
    let run = |args: &[&str]| -> String {
        let all = [&["extract", "--grammar", "rfc1738"][..], args].concat();
        String::from_utf8_lossy(&common::run_urlbnf(&all, text).stdout).into_owned()
    };
    assert_eq!(run(&["--only", "valid"]), "http://u:p@h:8080/\n");
    assert_eq!(run(&["--only", "invalid"]), "HTTP://h/\n");
    let json = run(&["--only", "invalid", "--json"]);
    assert_eq!(json.lines().count(), 1, "{json}");
    assert!(json.contains("\"input\":\"HTTP://h/\""), "{json}");

    let linted = run(&["--lint"]);
    assert!(
        linted.contains("warning[password-in-url]"),
        "the lints under the verdict: {linted}"
    );
    assert!(
        linted.contains("2 lint warnings, 0 lint notes, 2 prose notes"),
        "counted: {linted}"
    );
    let json = run(&["--lint", "--json"]);
    let first: serde_json::Value = serde_json::from_str(json.lines().next().unwrap()).unwrap();
    let codes: Vec<&str> = first["verdicts"][0]["lints"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["code"].as_str().unwrap())
        .collect();
    assert_eq!(codes, ["port-not-default", "password-in-url"]);
    // Without --lint, no lints key: the JSON is as before.
    assert!(!run(&["--json"]).contains("\"lints\""));
}
