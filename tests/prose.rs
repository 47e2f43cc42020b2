//! Where RFC 1738's prose says more than its BNF: each note quotes its section
//! word for word, appears on the components it speaks of, and never changes a
//! verdict unless asked (`--fold-scheme-case`).

use crate::common;

use common::run_urlbnf;
use urlbnf::prose::{self, ProseNote};
use urlbnf::{Checker, Edition, Engine, ast};

fn notes(input: &str) -> Vec<ProseNote> {
    prose::notes(&ast::parse(Edition::Rfc1738, input).unwrap())
}

fn codes(input: &str) -> Vec<&'static str> {
    notes(input).iter().map(|n| n.code).collect()
}

fn stdout(args: &[&str]) -> String {
    String::from_utf8(run_urlbnf(args, b"").stdout).unwrap()
}

/// Every quote is RFC 1738's text (line breaks and runs of spaces folded), in
/// the section the note names.
#[test]
fn quotes_are_the_documents_words() {
    let Some(dir) = common::seeds_dir() else {
        return;
    };
    let seed = std::fs::read_to_string(dir.join("002_3d87998ace756a98.txt")).expect("RFC 1738");
    let folded = seed.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut all = notes("gopher://h/0u/G9cn%09n/1%09c%26");
    for url in [
        "gopher://h",
        "file:///etc",
        "ftp://h/",
        "http://h/",
        "nntp://h/g",
        "telnet://h",
        "wais://h/d",
        "prospero://h/p",
    ] {
        all.extend(notes(url));
    }
    let rfc1738 = urlbnf::Checker::for_edition(Edition::Rfc1738).unwrap();
    all.extend(rfc1738.scheme_case("HTTP://h/"));
    // The catch-all's comment, printed above otherurl in section 5.
    let catch_all = urlbnf::Checker::for_edition(Edition::Rfc1738)
        .unwrap()
        .check("http://h:abc/");
    all.extend(catch_all.notes);
    // The fragment after the URL (§2.2).
    all.extend(rfc1738.check("http://h/a#b").notes);
    // Section headings start a line: "3.2.3. FTP Typecode is Optional".
    let mut headings: Vec<(usize, String)> = Vec::new();
    for line in seed.lines() {
        let number = line.split_whitespace().next().unwrap_or("");
        let numbered = line.starts_with(|c: char| c.is_ascii_digit())
            && number.contains('.')
            && number
                .trim_end_matches('.')
                .chars()
                .all(|c| c.is_ascii_digit() || c == '.');
        let text = line.split_whitespace().collect::<Vec<_>>().join(" ");
        let from = headings.last().map_or(0, |(at, _)| *at);
        if let (true, Some(at)) = (numbered, folded[from..].find(&text)) {
            headings.push((from + at, number.trim_end_matches('.').to_string()));
        }
    }
    let mut sections = std::collections::BTreeSet::new();
    for n in &all {
        let named: Vec<&str> = n
            .section
            .trim_start_matches("RFC 1738 §")
            .split(", §")
            .collect();
        let pieces: Vec<&str> = n.quote.split(" [...] ").collect();
        for (i, piece) in pieces.iter().enumerate() {
            let at = folded
                .find(piece)
                .unwrap_or_else(|| panic!("{}: not in RFC 1738: {piece}", n.code));
            let under = headings
                .iter()
                .rev()
                .find(|(h, _)| *h < at)
                .map(|(_, s)| s.as_str());
            let section = named.get(i).or(named.last()).copied();
            assert_eq!(under, section, "{}: {piece}", n.code);
        }
        sections.insert(n.code);
    }
    assert_eq!(sections.len(), 8, "{sections:?}");
    // RFC 1630's generic syntax, on `scheme://`: its words before its BNF.
    let rfc1630 = std::fs::read_to_string(dir.join("000_c58d13777323f8da.txt")).expect("RFC 1630");
    let folded = rfc1630.split_whitespace().collect::<Vec<_>>().join(" ");
    let generic = urlbnf::Checker::for_edition(Edition::Rfc1630Uri)
        .unwrap()
        .check("http://info.cern.ch/");
    let note = generic.notes.first().expect("a generic-slashes note");
    assert_eq!(note.code, "generic-slashes");
    let at = folded.find(note.quote).expect("RFC 1630's words");
    assert!(
        folded[..at].ends_with("BNF of Generic URI Syntax "),
        "under its heading"
    );
}

/// The July 1993 draft's catch-all note quotes its "Recommendations".
#[test]
fn the_generic_syntax_is_the_drafts_framework_for_new_schemes() {
    let Some(dir) = common::seeds_dir() else {
        return;
    };
    let seed =
        std::fs::read_to_string(dir.join(common::seed_file(Edition::Draft1993))).expect("draft");
    let folded = seed.split_whitespace().collect::<Vec<_>>().join(" ");
    let v = urlbnf::Checker::for_edition(Edition::Draft1993)
        .unwrap()
        .check("news:");
    let [note] = v.notes.as_slice() else {
        panic!("one note: {:?}", v.notes)
    };
    assert_eq!(note.code, "catch-all");
    let at = folded.find(note.quote).expect("the draft's words");
    let heading = folded.find("Recommendations").expect("the section");
    let next = folded[heading..].find("BNF syntax").map(|i| heading + i);
    assert!(
        heading < at && next.is_none_or(|n| at < n),
        "under Recommendations"
    );
}

/// RFC 1738 §2.1: upper case schemes stay invalid by the BNF, with a note that
/// gives the lowercased verdict; `--fold-scheme-case` applies the section.
#[test]
fn scheme_case_is_noted_and_folded_on_request() {
    let checker = Checker::new(Edition::Rfc1738, "url", Engine::Dfa).unwrap();
    let v = checker.check("HTTP://www.w3.org/");
    assert!(!v.valid);
    assert_eq!(v.notes.len(), 1);
    assert_eq!(
        (v.notes[0].code, v.notes[0].valid),
        ("scheme-case", Some(true))
    );
    // A scheme that stays invalid lowercased says so.
    let v = checker.check("HTTP://www.w3.org/ x");
    assert_eq!(v.notes[0].valid, Some(false));
    // No upper case in the scheme, no note; other editions, no note.
    assert!(checker.check("http://a/ b").notes.is_empty());
    // The drafts list their schemes in lower case: no rule for "HTTP".
    let draft = Checker::new(Edition::Draft1994, "url", Engine::Dfa).unwrap();
    let notes = draft.check("HTTP://a/").notes;
    let codes: Vec<&str> = notes.iter().map(|n| n.code).collect();
    assert_eq!(codes, ["no-scheme-rule"]);
    assert!(
        notes[0].message.contains("\"http\" in lower case"),
        "{}",
        notes[0].message
    );

    let folding = checker.clone().folding_scheme_case(true);
    let v = folding.check("HTTP://www.w3.org/");
    assert!(v.valid, "folded");
    assert_eq!(v.input, "HTTP://www.w3.org/", "the input is shown as given");
    assert!(
        v.notes[0].message.ends_with("\"http:\""),
        "{}",
        v.notes[0].message
    );
    // Folding changes letters only: offsets stay the input's.
    assert_eq!(folding.check("HTTP://a b").error.unwrap().offset, 8);
    // Only rfc1738 folds.
    assert!(
        !draft
            .clone()
            .folding_scheme_case(true)
            .is_valid("HTTP://a/")
    );

    let text = stdout(&["check", "--grammar", "rfc1738", "HTTP://www.w3.org/"]);
    assert!(
        text.contains("invalid at offset 0") && text.contains("note[scheme-case] RFC 1738 §2.1"),
        "{text}"
    );
    let json = stdout(&[
        "check",
        "--json",
        "--grammar",
        "rfc1738",
        "HTTP://www.w3.org/",
    ]);
    let v: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
    assert_eq!(v["valid"], false);
    assert_eq!(v["notes"][0]["code"], "scheme-case");
    assert_eq!(v["notes"][0]["valid"], true);
    let folded = stdout(&[
        "check",
        "--fold-scheme-case",
        "--grammar",
        "rfc1738",
        "HTTP://www.w3.org/",
    ]);
    assert!(
        folded.contains("valid") && !folded.contains("invalid at"),
        "{folded}"
    );
    for cmd in ["parse", "tree"] {
        let out = stdout(&[cmd, "--grammar", "rfc1738", "HTTP://www.w3.org/"]);
        assert!(out.contains("note[scheme-case]"), "{cmd}: {out}");
        // Folded, both derive it, and say so.
        let out = stdout(&[
            cmd,
            "--fold-scheme-case",
            "--grammar",
            "rfc1738",
            "HTTP://www.w3.org/",
        ]);
        assert!(
            out.contains("checked with the scheme lowercased") && !out.contains("invalid at"),
            "{cmd}: {out}"
        );
    }
}

/// `--fold-scheme-case`'s help is true of every edition: RFC 1738 §2.1 asks
/// for it and its BNF's schemes are lower case; RFC 3986 §3.1 reads schemes
/// without case too, but its ABNF (ALPHA) derives upper case already, so the
/// flag changes nothing there (and `HTTP://h/` is valid without it).
#[test]
fn the_fold_scheme_case_help_is_true_of_every_edition() {
    let help = stdout(&["check", "--help"]);
    let flag = help
        .split("--fold-scheme-case")
        .nth(1)
        .and_then(|s| s.split("\n\n").next())
        .expect("the flag's help");
    assert!(flag.contains("rfc1738 (RFC 1738 §2.1"), "{flag}");
    assert!(
        flag.contains("folding changes nothing") && flag.contains("rfc3986 (RFC 3986 §3.1"),
        "{flag}"
    );
    assert!(!flag.contains("say nothing of case"), "{flag}");
    for edition in ["rfc2396", "rfc3986"] {
        let plain = stdout(&["check", "--grammar", edition, "HTTP://h/"]);
        let folded = stdout(&[
            "check",
            "--fold-scheme-case",
            "--grammar",
            edition,
            "HTTP://h/",
        ]);
        assert_eq!(plain, folded, "{edition}");
        assert!(!plain.contains("invalid at"), "{edition}: {plain}");
    }
}

/// RFC 1738 §3.4.2-3: the prose splits a gopher path at its encoded tabs, where
/// the BNF's search cannot hold the text and the only derivation makes it all
/// selector. parse, tree and check give the BNF's parse and the prose reading.
#[test]
fn gopher_tabs_give_the_bnf_parse_and_the_prose_reading() {
    let url = "gopher://h/0u/G9cn%09n/1%09c%26";
    let parsed = ast::parse(Edition::Rfc1738, url).unwrap();
    let ast::Body::Gopher(g) = &parsed.body else {
        panic!()
    };
    assert_eq!(g.selector.map(|s| s.text), Some("u/G9cn%09n/1%09c%26"));
    let tab = notes(url)
        .into_iter()
        .find(|n| n.code == "gopher-tab")
        .unwrap();
    assert!(
        tab.message
            .contains(r#"selector "u/G9cn", search "n/1", gopher+ string "c%26""#),
        "{}",
        tab.message
    );
    assert_eq!((tab.start, tab.end), (12, 31), "on the selector");
    for args in [
        vec!["parse", "--grammar", "rfc1738", url],
        vec!["tree", "--grammar", "rfc1738", url],
        vec!["check", "--grammar", "rfc1738", url],
    ] {
        let out = stdout(&args);
        assert!(
            out.contains("note[gopher-tab]") && out.contains(r#"search "n/1""#),
            "{args:?}: {out}"
        );
        let mut json_args = args.clone();
        json_args.insert(1, "--json");
        let out = stdout(&json_args);
        assert!(
            out.contains(r#""code":"gopher-tab""#),
            "{json_args:?}: {out}"
        );
    }
    // A long part is shown by its start and length: a note stays a line.
    let long = format!("gopher://h/0u/{}%09n/1", "x".repeat(10_000));
    let tab = notes(&long)
        .into_iter()
        .find(|n| n.code == "gopher-tab")
        .unwrap();
    assert!(
        tab.message.len() < 400 && tab.message.contains("(10002 characters)"),
        "{}",
        tab.message
    );
    let long = format!("HTTP://a b{}", "x".repeat(10_000));
    let note = Checker::for_edition(Edition::Rfc1738)
        .unwrap()
        .scheme_case(&long)
        .unwrap();
    assert!(note.message.len() < 300, "{}", note.message);
    // Where the BNF splits at the tab itself, the two readings agree: no note.
    assert!(!codes("gopher://h/0sel%09query").contains(&"gopher-tab"));
    // check notes only where prose and BNF disagree, not the defaults.
    let checker = Checker::new(Edition::Rfc1738, "url", Engine::Dfa).unwrap();
    assert!(checker.check("gopher://h/0sel%09query").notes.is_empty());
    assert!(checker.check("http://h/").notes.is_empty());
}

/// The text says more than the BNF: default ports, the gopher type of an empty
/// path, the local file host, the omitted FTP type code.
#[test]
fn defaults_the_prose_states() {
    for (url, port) in [
        ("ftp://h/", "21"),
        ("http://h/", "80"),
        ("gopher://h/1", "70"),
        ("nntp://h/g", "119"),
        ("telnet://h", "23"),
        ("wais://h/d", "210"),
        ("prospero://h/p", "1525"),
    ] {
        let n = notes(url).into_iter().find(|n| n.code == "default-port");
        let n = n.unwrap_or_else(|| panic!("{url}: no default-port note"));
        assert!(
            n.message.ends_with(&format!("port {port}")),
            "{url}: {}",
            n.message
        );
        assert_eq!(&url[n.start..n.end], "h", "{url}: on the host");
    }
    assert!(!codes("http://h:8080/").contains(&"default-port"));
    assert!(codes("gopher://h").contains(&"gopher-type"));
    assert!(codes("gopher://h/").contains(&"gopher-type"));
    assert!(!codes("gopher://h/1").contains(&"gopher-type"));
    assert!(codes("file:///etc/motd").contains(&"file-host"));
    assert!(codes("file://localhost/etc/motd").contains(&"file-host"));
    assert!(!codes("file://h/etc/motd").contains(&"file-host"));
    assert!(codes("ftp://h/f").contains(&"ftp-type"));
    assert!(!codes("ftp://h/f;type=i").contains(&"ftp-type"));
    // The other editions' documents do not say these things of their BNF.
    let draft = ast::parse(Edition::Draft1994, "http://h/").unwrap();
    assert!(prose::notes(&draft).is_empty());
}
