//! A user's grammar file, read at run time as an edition with no
//! transcription: ABNF (RFC 5234, its core rules included) or RFC 822 BNF;
//! check, report, diff, regex and explain serve it, parse and tree say why
//! they cannot, and a defect is an error with its line.

use crate::common;

const ZONES: &str = "tests/corpus/rfc3986-rfc6874.abnf";

fn run(args: &[&str]) -> (i32, String, String) {
    let out = common::run_urlbnf(args, b"");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// RFC 3986 with RFC 6874's zone identifiers: the zone's "%" is encoded.
#[test]
fn rfc6874_zone_identifiers_read_from_a_file() {
    let (code, out, err) = run(&[
        "check",
        "--json",
        "--grammar-file",
        ZONES,
        "http://[fe80::1%25eth0]/",
        "http://[fe80::1%eth0]/",
    ]);
    assert_eq!(code, 1, "{err}");
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["grammar"], ZONES);
    assert_eq!(lines[0]["valid"], true);
    assert_eq!(lines[1]["valid"], false);
    assert_eq!(lines[1]["error"]["offset"], 16);
    // RFC 3986 itself refuses both.
    let (code, _, _) = run(&["check", "--grammar", "rfc3986", "http://[fe80::1%25eth0]/"]);
    assert_eq!(code, 1);
    // diff shows what RFC 6874 adds: witnesses with "%25".
    let (code, out, err) = run(&["diff", "rfc3986", ZONES, "--rule", "IP-literal"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("IP-literal ⊂ IP-literal"), "{out}");
    assert!(out.contains("\"[::%25-]\""), "{out}");
    assert!(out.contains("in IP-literal → IPv6addrz"), "{out}");
    // The whole-URL rules pair by name: URI-reference, not the file's first rule.
    let (_, out, _) = run(&["diff", "rfc3986", ZONES]);
    assert!(out.contains("URI-reference ⊂ URI-reference"), "{out}");
    assert!(
        out.contains("Rules only in tests/corpus/rfc3986-rfc6874.abnf (2)"),
        "{out}"
    );
    // regex and explain read it; report counts it.
    let (code, out, _) = run(&[
        "regex",
        "--grammar-file",
        ZONES,
        "--rule",
        "ZoneID",
        "--flavor",
        "posix",
    ]);
    assert_eq!(code, 0);
    assert!(out.starts_with('^'), "{out}");
    let (code, out, _) = run(&["explain", "--grammar-file", ZONES, "IPv6addrz"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("IPv6addrz = IPv6address \"%25\" ZoneID"),
        "{out}"
    );
    let (code, out, _) = run(&[
        "report",
        "--grammar-file",
        ZONES,
        "tests/corpus/tour-urls.txt",
    ]);
    assert_eq!(code, 0);
    assert!(out.contains(&format!("{ZONES} URI: 5 valid")), "{out}");
}

/// What needs a transcription says a grammar file has none.
#[test]
fn parse_and_tree_say_a_grammar_file_has_no_transcription() {
    for command in ["parse", "tree"] {
        let (code, _, err) = run(&[command, "--grammar-file", ZONES, "http://a/"]);
        assert_eq!(code, 2, "{command}");
        assert!(
            err.contains("is a grammar file") && err.contains("check, report, diff"),
            "{err}"
        );
    }
}

/// A defect names its file, line and rule: a rule used and not defined,
/// recursion no automaton holds, an automaton past urlbnf's bounds.
#[test]
fn a_defective_grammar_names_its_line() {
    let dir = std::env::temp_dir().join(format!("urlbnf-grammar-files-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cases = [
        (
            "undefined.abnf",
            "; a comment\na = b\nb = \"x\" / c\n",
            "line 3, column 11: rule 'b' uses undefined 'c'",
        ),
        (
            "left.abnf",
            "a = a \"x\" / \"y\"\n",
            "line 1, column 1, rule 'a'",
        ),
        (
            "nested.abnf",
            "a = \"(\" a \")\" / \"x\"\ns = \"x\"\n",
            "line 1, column 1, rule 'a'",
        ),
        (
            "huge.abnf",
            "big = *(\"a\" / \"b\") \"a\" 26(\"a\" / \"b\")\n",
            "bound of 32 MiB",
        ),
    ];
    for (name, text, says) in cases {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        let (code, _, err) = run(&["check", "--grammar-file", path.to_str().unwrap(), "x"]);
        assert_eq!(code, 2, "{name}: {err}");
        assert!(err.contains(name) && err.contains(says), "{name}: {err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// RFC 822 BNF, as RFC 1738 prints it, is told apart by its `|`; ABNF's core
/// rules are there when used and not defined; `--notation` decides where the
/// file gives no sign.
#[test]
fn notations_and_core_rules() {
    let dir = std::env::temp_dir().join(format!("urlbnf-notations-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bnf = dir.join("scheme.bnf");
    std::fs::write(&bnf, "url = \"x:\" name\nname = 1*[ \"a\" | \"b\" ]\n").unwrap();
    let (code, out, _) = run(&[
        "check",
        "--grammar-file",
        bnf.to_str().unwrap(),
        "x:ab",
        "x:c",
    ]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("url              valid") && out.contains("expected \"a\" or \"b\""),
        "{out}"
    );
    let abnf = dir.join("hex.abnf");
    std::fs::write(&abnf, "color = \"#\" 6HEXDIG\n").unwrap();
    let (code, out, _) = run(&["check", "--grammar-file", abnf.to_str().unwrap(), "#00ffAA"]);
    assert_eq!(code, 0, "{out}");
    let plain = dir.join("plain.txt");
    std::fs::write(&plain, "a = \"x\" [ \"y\" ]\n").unwrap();
    for notation in ["abnf", "rfc822"] {
        let (code, _, err) = run(&[
            "check",
            "--grammar-file",
            plain.to_str().unwrap(),
            "--notation",
            notation,
            "xy",
        ]);
        assert_eq!(code, 0, "{notation}: {err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The library reads a grammar's text as an edition.
#[test]
fn the_library_reads_a_grammar() {
    let digits =
        urlbnf::load_grammar_text("digits", "number = 1*DIGIT [ \".\" 1*DIGIT ]\n", None).unwrap();
    assert!(!digits.has_transcription());
    assert_eq!(digits.id(), "digits");
    let checker = urlbnf::Checker::for_edition(digits).unwrap();
    assert!(checker.is_valid("3.14") && !checker.is_valid("3."));
    assert_eq!(checker.check("3.x").error.unwrap().offset, 2);
    // The same text again is the same edition; another under its name is refused.
    let again = urlbnf::load_grammar_text("digits", "number = 1*DIGIT [ \".\" 1*DIGIT ]\n", None);
    assert_eq!(again, Ok(digits));
    assert!(urlbnf::load_grammar_text("digits", "number = DIGIT\n", None).is_err());
    assert!(urlbnf::load_grammar_text("rfc3986", "a = \"x\"\n", None).is_err());
}

/// A grammar file in a fresh folder of its own, for one test.
fn file(test: &str, name: &str, text: &[u8]) -> String {
    let dir = std::env::temp_dir().join(format!("urlbnf-{test}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

const APPENDIX_A: &str = "tests/corpus/rfc3986-appendix-a.txt";

/// RFC 3986 Appendix A copied as printed (rules indented three spaces, the
/// page's footer and header in the middle, the heading above) is RFC 3986's
/// grammar: URI derives exactly what the edition's URI derives. The lines
/// skipped are counted and named, as text and as JSON.
#[test]
fn rfc3986_appendix_a_as_printed_is_rfc3986() {
    let (code, out, err) = run(&["diff", "rfc3986", APPENDIX_A]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("URI = URI")
            && out.contains("(38 rules compared, 38 equal)")
            && out.contains("Rules only in rfc3986 (0)")
            && out.contains(&format!("Rules only in {APPENDIX_A} (0)")),
        "{out}"
    );
    assert!(
        err.contains(&format!(
            "note: {APPENDIX_A} read as an RFC's text: 36 rules; 7 lines skipped \
             (headings, prose, page breaks): 6-8, 11, 62-64"
        )),
        "{err}"
    );
    let (code, out, err) = run(&[
        "check",
        "--json",
        "--grammar-file",
        APPENDIX_A,
        "--rule",
        "dec-octet",
        "255",
        "256",
    ]);
    assert_eq!(code, 1, "{err}");
    assert_eq!(out.lines().count(), 2, "{out}");
    let read: serde_json::Value = serde_json::from_str(err.lines().next().unwrap()).unwrap();
    let read = &read["grammar_file"];
    assert_eq!(read["rfc_text"], true);
    assert_eq!(read["rules"], 36);
    assert_eq!(read["skipped_lines"], 7);
    assert_eq!(read["skipped"][0], serde_json::json!([6, 8]));
}

/// RFC 3986's whole text is a grammar file: the rules its sections print and
/// Appendix A prints again alike are one rule each; Appendix B's `scheme =
/// $2` (the parts of a regular expression's match, not ABNF) is prose, with
/// a note; a rule printed twice differently is an error naming both lines.
#[test]
fn an_rfcs_whole_text_gives_its_rules() {
    let Some(seeds) = common::seeds_dir() else {
        return;
    };
    let text = seeds.join("later/rfc3986.txt");
    let text = text.to_str().unwrap();
    let (code, out, err) = run(&["diff", "rfc3986", text]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Whole URL (rfc3986 URI / "), "{out}");
    assert!(out.contains("URI = URI"), "{out}");
    assert!(err.contains("read as an RFC's text: 37 rules"), "{err}");
    assert!(
        err.contains("line 2828, column 19: 'scheme = …' is not ABNF ('$' is not ABNF notation"),
        "{err}"
    );
    let twice = file(
        "twice",
        "twice.txt",
        b"1.  Syntax\n\n   a = \"x\" / b\n   b = \"y\"\n\nAppendix A.\n\n   a = \"x\" / b\n   b = \"z\"\n",
    );
    let (code, _, err) = run(&["check", "--grammar-file", &twice, "x"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("line 9, column 4: rule 'b' defined twice, differently: at line 4 and here"),
        "{err}"
    );
}

/// A plain grammar file (rules at column 0) is read as strictly as ever: a
/// line that is not a rule is an error, which says how an RFC's text is told.
#[test]
fn a_plain_file_stays_strict() {
    let plain = file("plain", "plain.abnf", b"Appendix A.\na = \"x\"\n");
    let (code, _, err) = run(&["check", "--grammar-file", &plain, "x"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("line 1, column 1: rule 'Appendix' lacks '='")
            && err.contains("an RFC's text is read as one where its rules are indented"),
        "{err}"
    );
}

/// RFC 5234 and RFC 7405 as written: names without case, `<name>` a rule
/// where the file has one, `%s` and `%i` strings, a byte-order mark, `;`
/// inside quotes, and every core rule of Appendix B.1.
#[test]
fn rfc5234_and_rfc7405_as_written() {
    // A ';' in a string hides nothing after it.
    let semi = file("semi", "semi.abnf", b"a = \";\" VCHAR\n");
    let (code, _, err) = run(&["check", "--grammar-file", &semi, ";x", ";"]);
    assert_eq!(code, 1, "{err}");
    // Names by case: references, --rule, and a duplicate by case.
    let case = file(
        "case",
        "case.abnf",
        b"\xef\xbb\xbfgreeting = %s\"Hi\" SP <Name> %i\"x\" [ Digit ]\nname = 1*ALPHA\nNAME =/ \"-\"\n",
    );
    let (code, out, err) = run(&[
        "check",
        "--grammar-file",
        &case,
        "--rule",
        "GREETING",
        "Hi bobX7",
        "hi bobx",
        "Hi -x",
    ]);
    assert_eq!(code, 1, "{out}{err}");
    assert_eq!(out.matches("greeting         valid").count(), 2, "{out}");
    assert!(out.contains("expected \"H\""), "{out}");
    assert!(
        err.contains("line 1, column 22: <Name> read as the rule Name (RFC 5234 §2.1)"),
        "{err}"
    );
    let dup = file("dup", "dup.abnf", b"a = \"x\"\nA = \"y\"\n");
    let (code, _, err) = run(&["check", "--grammar-file", &dup, "x"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("line 2, column 1: rule 'A' defined twice: at line 1 and here as 'a'")
            && err.contains("case-insensitive"),
        "{err}"
    );
    // `<prose>` naming no rule has no reading, and says so.
    let prose = file("prose", "prose.abnf", b"a = <any text>\n");
    let (_, _, err) = run(&["check", "--grammar-file", &prose, "x"]);
    assert!(err.contains("<any text> is prose"), "{err}");
    // Every core rule of RFC 5234 Appendix B.1.
    let core = file(
        "core",
        "core.abnf",
        b"all = ALPHA BIT CHAR CR CRLF CTL DIGIT DQUOTE HEXDIG HTAB LF LWSP OCTET SP VCHAR WSP\n",
    );
    let (code, _, err) = run(&[
        "check",
        "--grammar-file",
        &core,
        "a0x\r\r\n\u{7f}9\"F\t\n \t\r\n x x\t",
    ]);
    assert_eq!(code, 0, "{err}");
}

/// Only what the asked rule needs is compiled: a rule that nests (RFC
/// 9110's `comment`) keeps no other rule from check, regex, explain, diff
/// and conform; asking it names the cycle and the rule's line.
#[test]
fn a_nested_rule_beside_regular_ones() {
    let text = b"header = token \": \" comment\ncomment = \"(\" *( ctext / comment ) \")\"\nctext = %x21-27 / %x2A-7E\ntoken = 1*( ALPHA / \"-\" )\n";
    let nested = file("nested", "nested.abnf", text);
    let (code, _, err) = run(&["check", "--grammar-file", &nested, "--rule", "token", "a-b"]);
    assert_eq!(code, 0, "{err}");
    let (code, out, _) = run(&["regex", "--grammar-file", &nested, "--rule", "ctext"]);
    assert_eq!(code, 0);
    assert!(out.contains("[!-'*-~]"), "{out}");
    let (code, _, _) = run(&["explain", "--grammar-file", &nested, "token"]);
    assert_eq!(code, 0);
    let (code, out, err) = run(&["diff", &nested, &nested, "--rule", "token"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("Languages (1 rules compared, 1 equal)"),
        "{out}"
    );
    // The whole-URL rule nests: the diff says why its languages are not compared.
    let (code, out, _) = run(&["diff", &nested, &nested]);
    assert_eq!(code, 0);
    assert!(
        out.contains("not compared:") && out.contains("comment -> comment"),
        "{out}"
    );
    let suite = std::env::temp_dir().join(format!("urlbnf-nested-{}.jsonl", std::process::id()));
    let (code, _, err) = run(&[
        "conform",
        "--grammar-file",
        &nested,
        "--rule",
        "token",
        "--export",
        suite.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let _ = std::fs::remove_file(&suite);
    for rule in ["comment", "header"] {
        let (code, _, err) = run(&["check", "--grammar-file", &nested, "--rule", rule, "(x)"]);
        assert_eq!(code, 2, "{rule}");
        assert!(
            err.contains("line 2, column 1, rule 'comment'")
                && err.contains("comment -> comment")
                && err.contains("no finite automaton"),
            "{rule}: {err}"
        );
    }
}

/// Errors a user can act on: the closest names for a rule not defined, the
/// line and column, the notation's own words (no token names).
#[test]
fn errors_say_where_and_what_to_do() {
    let cases: [(&str, &[u8], &str); 5] = [
        (
            "misspelled.abnf",
            b"path = *( \"/\" pchr )\npchar = ALPHA\n",
            "line 1, column 15: rule 'path' uses undefined 'pchr'; did you mean pchar?",
        ),
        (
            "unclosed.abnf",
            b"a = \"x\"\n    ( \"y\" / \"z\"\n",
            "line 2, column 5: rule 'a': '(' is never closed (')' expected)",
        ),
        (
            "percent.abnf",
            b"a = %q41\n",
            "line 1, column 5: rule 'a': '%' starts a numeric value",
        ),
        (
            "stray.abnf",
            b"a = \"x\" ]\n",
            "line 1, column 9: rule 'a': ']' closes nothing",
        ),
        (
            "indented.abnf",
            b"a = \"x\"\n\n  b = \"y\"\n",
            "line 3, column 5: rule 'a': '=' is not ABNF notation",
        ),
    ];
    for (name, text, says) in cases {
        let path = file("errors", name, text);
        let (code, _, err) = run(&["check", "--grammar-file", &path, "x"]);
        assert_eq!(code, 2, "{name}: {err}");
        assert!(err.contains(says), "{name}: {err}");
        for internal in ["LParen", "Some(", "Tok", "Close"] {
            assert!(!err.contains(internal), "{name}: {err}");
        }
    }
}

const IRI: &str = "tests/corpus/rfc3987.abnf";

fn check_json(grammar: &str, rule: &str, inputs: &[&str]) -> Vec<serde_json::Value> {
    let mut args = vec!["check", "--json", "--grammar-file", grammar, "--rule", rule];
    args.extend(inputs);
    let (_, out, err) = run(&args);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), inputs.len(), "{err}");
    lines
}

/// RFC 3987 §2.2: a `%x` value is a code point, the input UTF-8.
#[test]
fn rfc3987_iris_take_the_characters_its_ranges_number() {
    let got = check_json(
        IRI,
        "IRI",
        &[
            "http://例え.テスト/パス?q=é#frag",
            "http://a/b\u{a0}c",
            "http://a/?\u{e000}",
            "http://a/\u{e000}",
            "http://a/#\u{e000}",
            "http://a/\u{10fffd}",
            "http://a/?\u{10fffd}",
            "http://a/\u{fdd0}",
        ],
    );
    let valid: Vec<bool> = got.iter().map(|l| l["valid"] == true).collect();
    // ucschar anywhere; iprivate (U+E000, U+10FFFD) only in a query; U+FDD0
    // (a noncharacter) in neither.
    assert_eq!(valid, [true, true, true, false, false, false, true, false]);
    // Offsets in characters, byte offsets in bytes; what could come is named.
    let e = &got[3]["error"];
    assert_eq!(
        (e["offset"].as_u64(), e["byte_offset"].as_u64()),
        (Some(9), Some(9))
    );
    let e = &check_json(IRI, "IRI", &["http://é/\u{e000}"])[0]["error"];
    assert_eq!(
        (e["offset"].as_u64(), e["byte_offset"].as_u64()),
        (Some(9), Some(10))
    );
    let (_, out, _) = run(&["check", "--grammar-file", IRI, "--rule", "ipchar", " "]);
    assert!(out.contains("expected iunreserved, sub-delims"), "{out}");
    let (_, out, _) = run(&["check", "--grammar-file", IRI, "--rule", "iprivate", "é"]);
    assert!(out.contains("expected iprivate; found \"é\""), "{out}");
    // RFC 3986, ASCII, takes none of them.
    let (code, _, _) = run(&["check", "--grammar", "rfc3986", "http://a/b\u{a0}c"]);
    assert_eq!(code, 1);
}

/// IRIs are a strict superset of URIs (RFC 3987 §2.2), the witnesses non-ASCII.
#[test]
fn rfc3986_uris_are_a_proper_subset_of_rfc3987_iris() {
    let (code, out, err) = run(&["diff", "rfc3986", IRI, "--rule", "URI"]);
    assert_eq!(code, 0, "{err}");
    // The whole URLs pair, whatever their names (the file's `%renames`
    // says so for the other rules).
    assert!(
        out.contains("Whole URL (rfc3986 URI / tests/corpus/rfc3987.abnf IRI)"),
        "{out}"
    );
    assert!(out.contains("URI ⊂ IRI"), "{out}");
    assert!(
        out.contains("only tests/corpus/rfc3987.abnf: \"A:\\u{a0}\" \"A:¡\""),
        "{out}"
    );
    // A witness's span counts characters, as the offset beside it does.
    assert!(
        out.contains("isegment-nz \"\\u{a0}\" (2..3) is no rfc3986 segment-nz: that stops at \"\\u{a0}\" (offset 2)"),
        "{out}"
    );
    let (_, out, _) = run(&["diff", "rfc3986", IRI, "--json", "--rule", "URI"]);
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    let witnesses = json.to_string();
    assert!(
        witnesses.contains("A:\\u00a0") || witnesses.contains("A:\u{a0}"),
        "{witnesses}"
    );
}

/// explain derives whole non-ASCII characters, and conform's suite is
/// labelled as the grammar derives it.
#[test]
fn explain_and_conform_read_non_ascii_characters() {
    let (code, out, _) = run(&["explain", "--grammar-file", IRI, "ucschar"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("Derives, shortest first: \"\\u{a0}\" \"¡\" \"¢\""),
        "{out}"
    );
    // A near miss by a non-ASCII character: U+E000 is iprivate, no ucschar.
    assert!(
        out.contains("at offset 0: expected ucschar; found U+E000"),
        "{out}"
    );
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("grammar-files");
    std::fs::create_dir_all(&dir).unwrap();
    let export = dir.join("iri.jsonl");
    let _ = std::fs::remove_file(&export);
    let (code, _, err) = run(&[
        "conform",
        "--grammar-file",
        IRI,
        "--rule",
        "IRI",
        "--export",
        export.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&export).unwrap();
    let checker = urlbnf::Checker::for_edition(
        urlbnf::load_grammar(std::path::Path::new(IRI), None).unwrap(),
    )
    .unwrap();
    let (mut wide, mut wide_valid) = (0, 0);
    for line in text.lines() {
        let case: serde_json::Value = serde_json::from_str(line).unwrap();
        let input = case["input"].as_str().unwrap();
        let valid = case["valid"].as_bool().unwrap();
        assert_eq!(valid, checker.is_valid(input), "{input:?}");
        if !input.is_ascii() {
            wide += 1;
            wide_valid += usize::from(valid);
        }
    }
    assert!(wide > 0, "the suite has non-ASCII inputs");
    println!("{wide} non-ASCII inputs, {wide_valid} valid");
}

/// `%encoding octets`: HTTP's obs-text (RFC 9110 §5.5) is bytes, so "€" is
/// three of them; by default `%x80-FF` is U+0080 to U+00FF, and "€" is none.
#[test]
fn octets_files_read_their_values_as_bytes() {
    const FIELD: &str = "tests/corpus/rfc9110-field-value.abnf";
    let got = check_json(FIELD, "field-value", &["a é €", "x\u{1}"]);
    assert_eq!(got[0]["valid"], true);
    assert_eq!(got[1]["valid"], false);
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("grammar-files");
    std::fs::create_dir_all(&dir).unwrap();
    let chars = dir.join("field-value-chars.abnf");
    let text = std::fs::read_to_string(FIELD).unwrap();
    std::fs::write(&chars, text.replace("%encoding octets\n", "")).unwrap();
    let got = check_json(chars.to_str().unwrap(), "field-value", &["a é", "a é €"]);
    assert_eq!(got[0]["valid"], true);
    assert_eq!(got[1]["valid"], false);
    assert_eq!(got[1]["error"]["offset"], 4);
    // One octet is no UTF-8 character.
    let got = check_json(FIELD, "obs-text", &["é"]);
    assert_eq!(got[0]["valid"], false);
    // A value past FF is no octet.
    let bad = dir.join("octets-past-ff.abnf");
    std::fs::write(&bad, "%encoding octets\na = %x100\n").unwrap();
    let (code, _, err) = run(&["check", "--grammar-file", bad.to_str().unwrap(), "x"]);
    assert_ne!(code, 0);
    assert!(err.contains("past FF"), "{err}");
}
