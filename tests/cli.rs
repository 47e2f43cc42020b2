//! `urlbnf check`, as scripts depend on it: arguments, standard input, JSON lines,
//! the readable report, and exit statuses.

use crate::common;

use std::collections::BTreeSet;
use std::process::Command;

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

fn urlbnf(args: &[&str], stdin: &[u8]) -> Run {
    let out = common::run_urlbnf(args, stdin);
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

fn json_lines(run: &Run) -> Vec<serde_json::Value> {
    run.stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect()
}

#[test]
fn exit_status_is_0_all_valid_1_any_invalid_2_usage() {
    let cases: &[(&[&str], i32)] = &[
        (&["check", "--grammar", "rfc1738", "http://www.w3.org/"], 0),
        (
            &[
                "check",
                "--grammar",
                "rfc1738",
                "http://www.w3.org/",
                "http://a b",
            ],
            1,
        ),
        (&["check", "--grammar", "rfc1739", "x"], 2),
        (
            &["check", "--grammar", "rfc1738", "--rule", "nosuchrule", "x"],
            2,
        ),
        (&["check", "--engine", "regex", "x"], 2),
        (&["frobnicate"], 2),
    ];
    for (args, code) in cases {
        assert_eq!(urlbnf(args, b"").code, *code, "urlbnf {}", args.join(" "));
    }
}

#[test]
fn usage_errors_name_the_valid_choices() {
    let run = urlbnf(&["check", "--grammar", "rfc1739", "x"], b"");
    for id in [
        "draft-1993",
        "draft-1994",
        "rfc1630-uri",
        "rfc1630-url",
        "rfc1738",
    ] {
        assert!(run.stderr.contains(id), "{}", run.stderr);
    }
    let run = urlbnf(
        &["check", "--grammar", "rfc1738", "--rule", "hostnam", "x"],
        b"",
    );
    assert!(
        run.stderr.contains("unknown rule 'hostnam'"),
        "{}",
        run.stderr
    );
    // The closest names of that edition, not all 67, and the subcommand's usage.
    assert!(
        run.stderr.contains("rfc1738: did you mean hostname")
            && !run.stderr.contains("ip-schemepart"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("Usage: urlbnf check"), "{}", run.stderr);
    // A name like none of them: every name is listed.
    let run = urlbnf(
        &["check", "--grammar", "rfc1738", "--rule", "zzz", "x"],
        b"",
    );
    assert!(run.stderr.contains("ip-schemepart"), "{}", run.stderr);
}

#[test]
fn io_errors_name_the_path_and_have_their_own_status() {
    let run = urlbnf(&["extract", "/nonexistent/urlbnf-test.txt"], b"");
    assert_eq!(run.code, 3, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("/nonexistent/urlbnf-test.txt: No such file"),
        "{}",
        run.stderr
    );
    let run = urlbnf(&["book", "--out", "/proc/urlbnf-book"], b"");
    assert_eq!(run.code, 3);
    assert!(run.stderr.contains("/proc/urlbnf-book"), "{}", run.stderr);
}

#[test]
fn a_grammar_named_twice_is_checked_once() {
    let run = urlbnf(
        &[
            "check",
            "--grammar",
            "rfc1738",
            "--grammar",
            "rfc1738",
            "http://a/",
        ],
        b"",
    );
    assert!(
        run.stdout
            .ends_with("1 input, 1 grammar: 1 verdict, 1 valid, 0 invalid\n"),
        "{}",
        run.stdout
    );
}

#[cfg(unix)]
#[test]
fn arguments_that_are_not_utf8_are_inputs_like_lines() {
    use std::os::unix::ffi::OsStrExt;
    let bad = std::ffi::OsStr::from_bytes(b"http://a/\xff");
    let out = Command::new(env!("CARGO_BIN_EXE_urlbnf"))
        .args(["check", "--json", "--grammar", "rfc1738"])
        .arg(bad)
        .arg("http://ok/")
        .output()
        .expect("urlbnf runs");
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(lines[0].contains("not UTF-8") && lines[1].contains("\"valid\":true"));
    // encode encodes the octet itself, not a replacement character.
    let out = Command::new(env!("CARGO_BIN_EXE_urlbnf"))
        .arg("encode")
        .arg(std::ffi::OsStr::from_bytes(b"a\xffb"))
        .output()
        .expect("urlbnf runs");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "a%FFb\n");
    assert_eq!(urlbnf(&["encode"], b"a\xffb\n").stdout, "a%FFb\n");
}

#[test]
fn control_characters_never_reach_the_terminal_raw() {
    let run = urlbnf(&["resolve", "http://a/b", "\x1b[31mx"], b"");
    assert!(!run.stdout.contains('\x1b'), "{:?}", run.stdout);
    assert!(run.stdout.contains("·[31mx"), "{:?}", run.stdout);
    let run = urlbnf(&["equiv", "http://a/\x1b[0m", "http://a/"], b"");
    assert!(!run.stdout.contains('\x1b'), "{:?}", run.stdout);
    // A partial form that is not UTF-8 says so.
    let run = urlbnf(&["resolve", "--json", "http://a/b"], b"c\xff\n");
    assert!(run.stdout.contains("\"not-utf8\""), "{}", run.stdout);
}

#[test]
fn a_long_invalid_line_shows_a_window_around_the_offset() {
    let mut line = "http://a/".to_string();
    line.push_str(&"a".repeat(100_000));
    line.push(' ');
    line.push_str(&"b".repeat(100_000));
    let run = urlbnf(
        &["check", "--grammar", "rfc1738"],
        format!("{line}\n").as_bytes(),
    );
    // The input's start and length, then a window of about 120 characters and
    // the caret: a line's worth, not the input twice.
    assert!(run.stdout.len() < 1_000, "{} bytes", run.stdout.len());
    let heading = run.stdout.lines().next().unwrap_or("");
    assert!(heading.ends_with("… (200010 characters)"), "{heading}");
    let caret_line = run.stdout.lines().nth(3).unwrap_or("");
    let window = run.stdout.lines().nth(2).unwrap_or("");
    let at = caret_line.find('^').expect("a caret");
    assert_eq!(window.chars().nth(at), Some(' '), "{window}\n{caret_line}");
    assert!(caret_line.contains("at offset 100009"), "{caret_line}");
}

#[test]
fn json_has_one_object_per_input_and_grammar_in_input_order() {
    let run = urlbnf(&["check", "--json"], b"http://info.cern.ch/\nnews:*\n");
    let objs = json_lines(&run);
    assert_eq!(objs.len(), 2 * urlbnf::Edition::ALL.len());
    let pairs: Vec<(String, String)> = objs
        .iter()
        .map(|o| {
            (
                o["input"].as_str().unwrap().into(),
                o["grammar"].as_str().unwrap().into(),
            )
        })
        .collect();
    let ids = urlbnf::Edition::ALL.map(|e| e.id());
    let want: Vec<(String, String)> = ["http://info.cern.ch/", "news:*"]
        .iter()
        .flat_map(|i| ids.iter().map(move |g| (i.to_string(), g.to_string())))
        .collect();
    assert_eq!(pairs, want);
    // http://info.cern.ch/ is not a generic URI of RFC 1630: its path cannot start with "/".
    assert_eq!(run.code, 1);
}

#[test]
fn json_objects_have_the_documented_shape() {
    let run = urlbnf(
        &[
            "check",
            "--json",
            "--grammar",
            "rfc1738",
            "http://www.w3.org/",
            "http://é.org/",
        ],
        b"",
    );
    let objs = json_lines(&run);
    assert_eq!(
        objs[0],
        serde_json::json!({"input": "http://www.w3.org/", "grammar": "rfc1738", "rule": "url", "valid": true})
    );
    let bad = &objs[1];
    assert_eq!(bad["valid"], false);
    // Offsets count Unicode scalar values: "é" is the 8th character. "http://" is
    // itself a URL (otherurl: scheme ":" *xchar), so it may also end there.
    assert_eq!(bad["error"]["offset"], 7);
    assert_eq!(
        bad["error"]["expected"],
        serde_json::json!(["unreserved", "reserved", "\"%\"", "end of input"])
    );
    assert!(
        bad["error"]["message"]
            .as_str()
            .unwrap()
            .contains("found \"é\"")
    );
}

#[test]
fn stdin_lines_are_inputs_the_empty_line_included() {
    // path derives the empty string; "\r\n" ends a line; the final newline adds nothing.
    let run = urlbnf(
        &[
            "check",
            "--json",
            "--grammar",
            "rfc1630-uri",
            "--rule",
            "path",
        ],
        b"a/b\r\n\r\nc/\n",
    );
    let inputs: Vec<String> = json_lines(&run)
        .iter()
        .map(|o| o["input"].as_str().unwrap().into())
        .collect();
    assert_eq!(inputs, ["a/b", "", "c/"]);
    assert_eq!(run.code, 0);
    // Without a final newline the last line still counts; no input at all is no verdict.
    assert_eq!(
        json_lines(&urlbnf(&["check", "--json"], b"x")).len(),
        urlbnf::Edition::ALL.len()
    );
    assert_eq!(json_lines(&urlbnf(&["check", "--json"], b"")).len(), 0);
}

#[test]
fn a_line_that_is_not_utf8_is_reported_not_skipped() {
    let run = urlbnf(
        &["check", "--json", "--grammar", "rfc1738"],
        b"http://a/\nhttp://\xff/\nnews:*\n",
    );
    let objs = json_lines(&run);
    assert_eq!(objs.len(), 3);
    assert_eq!(objs[1]["valid"], false);
    assert_eq!(objs[1]["error"]["offset"], 7);
    assert!(
        objs[1]["error"]["message"]
            .as_str()
            .unwrap()
            .contains("not UTF-8")
    );
    // JSON strings hold text: the bytes come beside it, in hexadecimal.
    assert_eq!(objs[1]["input"], "http://\u{fffd}/");
    assert_eq!(objs[1]["input_hex"], "687474703a2f2fff2f");
    assert!(objs[0].get("input_hex").is_none(), "text has none");
    assert_eq!(run.code, 1);
}

#[test]
fn rules_are_named_as_printed() {
    for (rule, input) in [
        ("ip-schemepart", "//user@host:21/x"),
        ("gopher+_string", "+application/postscript"),
    ] {
        let run = urlbnf(
            &["check", "--grammar", "rfc1738", "--rule", rule, input],
            b"",
        );
        assert_eq!(run.code, 0, "{rule}: {}{}", run.stdout, run.stderr);
    }
}

#[test]
fn a_rule_some_editions_lack_is_checked_where_it_exists_with_a_note() {
    let run = urlbnf(
        &["check", "--json", "--rule", "hostname", "info.cern.ch"],
        b"",
    );
    let grammars: Vec<String> = json_lines(&run)
        .iter()
        .map(|o| o["grammar"].as_str().unwrap().into())
        .collect();
    assert_eq!(
        grammars,
        [
            "draft-1993",
            "draft-1994",
            "rfc1630-url",
            "rfc1738",
            "rfc2396"
        ]
    );
    assert!(
        run.stderr.contains("no rule 'hostname' in rfc1630-uri"),
        "{}",
        run.stderr
    );
}

#[test]
fn the_report_puts_a_caret_under_the_offset() {
    let run = urlbnf(&["check", "--grammar", "rfc1738", "http://a b"], b"");
    let lines: Vec<&str> = run.stdout.lines().collect();
    let echo = lines
        .iter()
        .position(|l| l.trim() == "http://a b")
        .expect("input echoed")
        + 1;
    let echoed = lines
        .iter()
        .skip(echo)
        .find(|l| l.trim() == "http://a b")
        .expect("input under the verdict");
    let caret = lines
        .iter()
        .find(|l| l.trim_start().starts_with('^'))
        .expect("caret line");
    let col = |s: &str, pat: char| s.find(pat).unwrap();
    assert_eq!(col(caret, '^'), col(echoed, 'h') + 8, "{}", run.stdout);
    assert!(caret.contains("expected unreserved, reserved, \"%\" or end of input; found \" \""));
    assert!(
        run.stdout
            .ends_with("1 input, 1 grammar: 1 verdict, 0 valid, 1 invalid\n"),
        "{}",
        run.stdout
    );
}

#[test]
fn the_dfa_engine_gives_the_same_verdicts() {
    let input = include_bytes!("corpus/seed-urls.txt");
    let pest = urlbnf(&["check", "--json"], input);
    let dfa = urlbnf(&["check", "--json", "--engine", "dfa"], input);
    assert_eq!(pest.stdout, dfa.stdout);
    assert!(!pest.stdout.is_empty());
}

/// A command has `--json` exactly where `urlbnf schema` describes its lines,
/// and says what a line is: the flag's help is its own.
#[test]
fn every_json_flag_has_its_schema_and_its_words() {
    let help = urlbnf(&["--help"], b"").stdout;
    let commands: Vec<&str> = help
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .map_while(|l| l.split_whitespace().next())
        .filter(|name| *name != "help")
        .collect();
    assert!(commands.len() > 10, "{help}");
    let mut words = BTreeSet::new();
    for command in commands {
        let help = urlbnf(&[command, "--help"], b"").stdout;
        // `--json  words`, or the words on the next line.
        let mut lines = help
            .lines()
            .skip_while(|l| !l.trim_start().starts_with("--json"));
        let json =
            lines.next().map(
                |flag| match flag.trim_start().trim_start_matches("--json").trim() {
                    "" => lines.next().unwrap_or_default().trim(),
                    same_line => same_line,
                },
            );
        let schema = urlbnf(&["schema", command], b"");
        assert_eq!(
            json.is_some(),
            schema.code == 0,
            "{command}: --json and `urlbnf schema {command}` go together"
        );
        if let Some(line) = json {
            assert!(!line.is_empty(), "{command} --json has no help");
            words.insert(line.to_string());
        }
    }
    // Most commands write their own kind of line.
    assert!(words.len() > 10, "{words:?}");
}

#[test]
fn help_teaches_the_editions_and_the_contract() {
    let run = urlbnf(&["check", "--help"], b"");
    assert_eq!(run.code, 0);
    for needle in [
        "--grammar",
        "--rule",
        "--engine",
        "--json",
        "Exit status",
        "standard input",
    ] {
        assert!(run.stdout.contains(needle), "check --help lacks {needle}");
    }
    let run = urlbnf(&["--help"], b"");
    for id in ["draft-1993", "rfc1630-uri", "RFC 1738"] {
        assert!(run.stdout.contains(id), "--help lacks {id}");
    }
    // Every command's help ends its text with its exit statuses.
    for command in [
        "check",
        "parse",
        "tree",
        "compare",
        "diff",
        "resolve",
        "equiv",
        "normalize",
        "encode",
        "extract",
        "explain",
        "book",
        "report",
        "regex",
    ] {
        let run = urlbnf(&[command, "--help"], b"");
        let help = run.stdout.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(help.contains("Exit status: 0"), "{command} --help");
        assert!(help.contains(" 2 on a usage error"), "{command} --help");
    }
}

#[test]
fn errors_teach_the_name_meant() {
    // A flag another command spells otherwise: no "use --" tip.
    let run = urlbnf(
        &["resolve", "--grammar", "rfc1630-url", "http://a/b", "c"],
        b"",
    );
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("did you mean '--rules'") && !run.stderr.contains("use '--"),
        "{}",
        run.stderr
    );
    let run = urlbnf(&["check", "--rules", "url", "http://a/"], b"");
    assert!(
        run.stderr.contains("did you mean '--rule'"),
        "{}",
        run.stderr
    );
    // A rule name in another case: the editions that have it, not every name.
    let run = urlbnf(&["explain", "HSEGMENT"], b"");
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("rfc1738: did you mean hsegment"),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains(" has: "), "{}", run.stderr);
    // An edition against itself has one section of rules only in one.
    let run = urlbnf(&["diff", "rfc1738", "rfc1738"], b"");
    assert_eq!(
        run.stdout.matches("Rules only in").count(),
        1,
        "{}",
        run.stdout
    );
}

#[test]
fn batch_faults_each_get_their_own_verdict_and_the_run_goes_on() {
    // A non-UTF-8 line, an empty line, a NUL byte, a 10 MB line, \r\n endings.
    let big = "a".repeat(10 * 1024 * 1024);
    let mut input: Vec<u8> = Vec::new();
    for line in [
        b"http://a/".as_slice(),
        b"\xff\xfe",
        b"",
        b"x\0y",
        big.as_bytes(),
        b"news:*",
    ] {
        input.extend_from_slice(line);
        input.extend_from_slice(b"\r\n");
    }
    let run = urlbnf(&["check", "--json"], &input);
    let objs = json_lines(&run);
    assert_eq!(
        objs.len(),
        6 * urlbnf::Edition::ALL.len(),
        "one object per (input, grammar)"
    );
    let inputs: Vec<usize> = objs
        .iter()
        .step_by(urlbnf::Edition::ALL.len())
        .map(|o| o["input"].as_str().unwrap().len())
        .collect();
    assert_eq!(inputs, [9, 6, 0, 3, big.len(), 6]);
    assert_eq!(
        objs[urlbnf::Edition::ALL.len()]["error"]["offset"],
        0,
        "the non-UTF-8 line fails at its first byte"
    );
    assert_eq!(
        objs[3 * urlbnf::Edition::ALL.len()]["error"]["offset"],
        1,
        "the NUL byte is where x\\0y fails"
    );
    assert_eq!(run.code, 1);

    // The empty line and the long one are relative references, no URIs.
    let run = urlbnf(&["check"], &input);
    assert!(
        run.stdout
            .ends_with("6 inputs, 7 grammars: 42 verdicts, 13 valid, 29 invalid\n"),
        "{}",
        run.stdout.lines().last().unwrap_or("")
    );
}

#[test]
fn parse_tree_diff_and_compare_keep_the_same_contract() {
    let run = urlbnf(
        &["parse", "--json", "--grammar", "rfc1738"],
        b"http://h:80/p\nhttp://a b\n",
    );
    let objs = json_lines(&run);
    assert_eq!(objs.len(), 2);
    assert_eq!(objs[0]["url"]["body"]["port"]["text"], "80");
    assert_eq!(objs[1]["error"]["offset"], 8);
    assert_eq!(run.code, 1);

    let run = urlbnf(&["tree", "--grammar", "draft-1993", "http://host:80/"], b"");
    assert!(
        run.stdout.contains("[PEG helper host__before_port]"),
        "{}",
        run.stdout
    );
    assert_eq!(run.code, 0);
    assert_eq!(urlbnf(&["tree", "x"], b"").code, 2, "tree needs --grammar");

    let run = urlbnf(
        &[
            "diff",
            "draft-1994",
            "rfc1738",
            "--rule",
            "hostname",
            "--json",
        ],
        b"",
    );
    let d: serde_json::Value = serde_json::from_str(run.stdout.trim()).unwrap();
    assert_eq!(d["pairs"][0]["language"]["b_not_a"][0], "0.A");
    assert_eq!(
        urlbnf(&["diff", "draft-1994", "rfc1738", "--rule", "nope"], b"").code,
        2
    );

    let run = urlbnf(&["compare", "--json", "news:*"], b"");
    let c = json_lines(&run);
    let verdicts = c[0]["verdicts"].as_array().cloned().unwrap_or_default();
    assert_eq!(verdicts.len(), urlbnf::Edition::ALL.len());
    assert_eq!(c[0]["whatwg"]["valid"], true, "news:* is a WHATWG URL");
    // Each is parse's object for that edition.
    let parsed = json_lines(&urlbnf(&["parse", "--json", "news:*"], b""));
    assert_eq!(verdicts, parsed);
    assert_eq!(run.code, 0);

    // parse takes any URL rule, and says which it used.
    let run = urlbnf(
        &[
            "parse",
            "--json",
            "--grammar",
            "draft-1994",
            "--rule",
            "prefixedurl",
            "url:http://h/",
        ],
        b"",
    );
    let p = json_lines(&run);
    assert_eq!(
        (p[0]["rule"].as_str(), p[0]["valid"].as_bool()),
        (Some("prefixedurl"), Some(true))
    );
    assert_eq!(p[0]["url"]["prefix"]["text"], "url:");
    assert_eq!(run.code, 0);
    // A rule that names no URL has no AST: a usage error naming `tree`.
    let run = urlbnf(
        &["parse", "--grammar", "rfc1738", "--rule", "hostname", "h"],
        b"",
    );
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .contains("urlbnf tree --grammar rfc1738 --rule hostname"),
        "{}",
        run.stderr
    );
}

#[test]
fn resolve_equiv_encode_extract_and_lint_on_the_command_line() {
    let run = urlbnf(
        &[
            "resolve",
            "--json",
            "--rules",
            "rfc1630",
            "magic://a/b/c//d/e/f",
            "/g",
            "g",
        ],
        b"",
    );
    let objs = json_lines(&run);
    assert_eq!(objs[0]["result"], "magic://a/b/c//d/g");
    assert_eq!(objs[0]["notes"][0]["code"], "printed-example-differs");
    assert_eq!(objs[1]["notes"].as_array().map(Vec::len), Some(0));
    // Partial forms from standard input, one per line.
    assert_eq!(
        json_lines(&urlbnf(
            &["resolve", "--json", "--rules", "draft-1993", "http://h/a/b"],
            b"c\n../d\n"
        ))
        .len(),
        2
    );

    let eq = urlbnf(
        &["equiv", "http://h/marie-claude", "http://h/marie%2Dclaude"],
        b"",
    );
    assert_eq!(eq.code, 0, "{}", eq.stdout);
    assert_eq!(
        urlbnf(&["equiv", "http://h/a/b", "http://h/a%2Fb"], b"").code,
        1
    );
    // Letter case: equivalent by RFC 3986 §6.2.2.1; not at RFC 1630's
    // encoding level, with a word on why.
    assert_eq!(urlbnf(&["equiv", "HTTP://H/", "http://h/"], b"").code, 0);
    let case = urlbnf(
        &["equiv", "--grammar", "rfc1738", "http://H/", "http://h/"],
        b"",
    );
    assert_eq!(case.code, 1);
    assert!(
        case.stdout.contains("differ only in letter case"),
        "{}",
        case.stdout
    );
    let illegal = urlbnf(
        &[
            "equiv",
            "--json",
            "--grammar",
            "rfc1738",
            "news:a%as@h",
            "news:a@h",
        ],
        b"",
    );
    // The escape goes wrong at "s", the first character that is no hex digit.
    let error = &json_lines(&illegal)[0]["urls"][0]["errors"][0];
    assert_eq!(
        (&error["offset"], &error["found"]),
        (&8.into(), &"s".into())
    );
    assert_eq!(error["expected"], serde_json::json!(["hex"]));
    assert_eq!(illegal.code, 1);

    assert_eq!(urlbnf(&["encode", "a b"], b"").stdout, "a%20b\n");
    let enc = json_lines(&urlbnf(
        &["encode", "--json", "--grammar", "draft-1994"],
        b"a b\n",
    ));
    assert_eq!(
        (
            enc[0]["input"].as_str(),
            enc[0]["grammar"].as_str(),
            enc[0]["encoded"].as_str()
        ),
        (Some("a b"), Some("draft-1994"), Some("a%20b"))
    );

    let text = b"see <URL:http://a/b> and <URL:http://a b>\n";
    let ex = urlbnf(&["extract", "--json", "--grammar", "rfc1738"], text);
    let found = json_lines(&ex);
    assert_eq!(found.len(), 2);
    assert_eq!(
        (found[1]["input"].as_str(), found[1]["column"].as_u64()),
        (Some("http://ab"), Some(26))
    );
    assert_eq!(ex.code, 0, "whitespace is dropped, so both are valid");

    let lint = urlbnf(
        &[
            "check",
            "--lint",
            "--json",
            "--grammar",
            "rfc1738",
            "http://h:8080/",
            "http://h/",
        ],
        b"",
    );
    let objs = json_lines(&lint);
    assert_eq!(objs[0]["lints"][0]["code"], "port-not-default");
    assert_eq!(objs[1]["lints"].as_array().map(Vec::len), Some(0));
    assert_eq!(lint.code, 0, "lints are warnings, not errors");
}

/// The exit statuses a command's `--help` lists ("Exit status: 0 when …,
/// 2 on …"): each number followed by "when" or "on" in that paragraph.
fn listed_statuses(command: &str) -> Vec<i32> {
    let help = urlbnf(&[command, "--help"], b"").stdout;
    let paragraph = help
        .split("\n\n")
        .find(|p| p.starts_with("Exit status:"))
        .unwrap_or_else(|| panic!("{command} --help has no \"Exit status:\" paragraph"));
    let words: Vec<&str> = paragraph.split_whitespace().collect();
    words
        .windows(2)
        .filter(|w| w[1] == "when" || w[1] == "on")
        .filter_map(|w| w[0].trim_end_matches(',').parse().ok())
        .collect()
}

/// Every status a command returns is one its `--help` lists: a write that
/// fails is an I/O error (exit 3) on every command, however little it writes
/// (the last flush counts: `> /dev/full`); a file that cannot be read is 3 on
/// every command that reads files; an unknown flag is a usage error (2).
#[test]
fn every_exit_status_is_in_the_help() {
    let full = std::path::Path::new("/dev/full");
    if !full.exists() {
        common::skip("no /dev/full", "a Linux machine has it");
        return;
    }
    let book = std::env::temp_dir().join(format!("urlbnf-book-full-{}", std::process::id()));
    let book = book.to_str().unwrap();
    let commands: &[&[&str]] = &[
        &["check", "http://a/"],
        &["parse", "http://a/"],
        &["tree", "--grammar", "rfc1738", "http://a/"],
        &["compare", "http://a/"],
        &["resolve", "http://a/b", "c"],
        &["equiv", "http://a/", "http://a/"],
        &["encode", "a"],
        &["normalize", "http://a/"],
        &["explain", "--grammar", "rfc1738", "url"],
        &["diff", "rfc1738", "draft-1994"],
        &["regex", "--grammar", "rfc1738", "--rule", "port"],
        &["schema", "check"],
        &["report", "--json", "-"],
        &["extract"],
        &["book", "--out", book],
        // A peer that accepts every input: its departures are written.
        &[
            "conform",
            "--grammar",
            "rfc3986",
            "--rule",
            "port",
            "--each",
            "--",
            "true",
        ],
    ];
    let mut seen = std::collections::BTreeSet::new();
    for args in commands {
        let listed = listed_statuses(args[0]);
        assert!(listed.contains(&2), "{}: usage errors are 2", args[0]);
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_urlbnf"))
            .args(*args)
            .stdin(std::process::Stdio::null())
            .stdout(std::fs::File::create(full).expect("/dev/full"))
            .stderr(std::process::Stdio::piped())
            .output()
            .expect("runs");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(3), "{args:?}: {err}");
        assert!(err.contains("No space left on device"), "{args:?}: {err}");
        assert!(
            listed.contains(&3),
            "{}: exits 3, --help lists {listed:?}",
            args[0]
        );
        let unknown = urlbnf(&[args[0], "--no-such-flag"], b"");
        assert_eq!(unknown.code, 2, "{}", args[0]);
        seen.insert(args[0]);
    }
    let _ = std::fs::remove_dir_all(book);
    // Every subcommand is tried.
    let help = urlbnf(&["--help"], b"").stdout;
    for line in help
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
    {
        let Some(name) = line.split_whitespace().next() else {
            break;
        };
        if name != "help" {
            assert!(seen.contains(name), "{name} is not tried");
        }
    }
    // A file that cannot be read.
    for command in [
        "check",
        "parse",
        "tree",
        "compare",
        "resolve",
        "encode",
        "normalize",
        "extract",
        "report",
        "conform",
    ] {
        let mut args = vec![command];
        match command {
            "resolve" => args.push("http://a/b"),
            "tree" => args.extend(["--grammar", "rfc1738"]),
            "conform" => args.extend(["--grammar", "rfc3986", "--rule", "port"]),
            _ => {}
        }
        args.extend(["-f", "/nonexistent/urlbnf-inputs.txt"]);
        if command == "conform" {
            args.extend(["--", "true"]);
        }
        let run = urlbnf(&args, b"");
        assert_eq!(run.code, 3, "{command}: {}", run.stderr);
        assert!(
            run.stderr.contains("urlbnf-inputs.txt"),
            "{command}: {}",
            run.stderr
        );
        assert!(listed_statuses(command).contains(&3), "{command}");
    }
}

/// A caller's `/dev/null` is a working stream, whether opened read-write (as
/// Python's `subprocess.DEVNULL` and many launchers open it) or one way (a
/// shell's `< /dev/null`): what is written there is discarded, and an empty
/// standard input is an empty input. A stream the caller closed reaches the
/// program as the same `/dev/null` and is read the same way.
#[test]
fn a_callers_dev_null_is_a_working_stream() {
    let bin = env!("CARGO_BIN_EXE_urlbnf");
    let python = std::process::Command::new("python3")
        .arg("-c")
        .arg(
            "import subprocess, sys\n\
             bin = sys.argv[1]\n\
             D, P = subprocess.DEVNULL, subprocess.PIPE\n\
             def run(args, **kw):\n\
             \x20   r = subprocess.run([bin] + args, stderr=P, **kw)\n\
             \x20   out = r.stdout.decode() if r.stdout is not None else ''\n\
             \x20   print(r.returncode, repr(out), repr(r.stderr.decode()))\n\
             run(['check', '--grammar', 'rfc1738', 'http://a/'], stdout=D)\n\
             run(['check', '--grammar', 'rfc1738'], stdin=D, stdout=P)\n\
             run(['report', '--grammar', 'rfc1738', '--no-whatwg', '--json'], stdin=D, stdout=P)\n\
             run(['check', '--grammar', 'rfc1738', 'http://a/ b'], stdin=D, stdout=D)\n",
        )
        .arg(bin)
        .output();
    let Ok(python) = python else {
        common::skip("no python3", "Python 3 is expected on the machine");
        return;
    };
    let stdout = String::from_utf8_lossy(&python.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(
        lines.len(),
        4,
        "{stdout}{}",
        String::from_utf8_lossy(&python.stderr)
    );
    // Output to DEVNULL: the verdict's status, nothing said on stderr.
    assert_eq!(lines[0], "0 '' ''");
    // Input from DEVNULL: no input, and a summary that says so.
    assert!(lines[1].starts_with("0 '0 inputs"), "{}", lines[1]);
    assert!(lines[1].ends_with(" ''"), "{}", lines[1]);
    assert!(lines[2].starts_with("0 '{"), "{}", lines[2]);
    assert!(lines[2].contains(r#""inputs":0"#), "{}", lines[2]);
    // Both: an invalid input is still exit 1.
    assert_eq!(lines[3], "1 '' ''");

    let sh = |script: &str| {
        let out = std::process::Command::new("sh")
            .arg("-c")
            .arg(script)
            .arg("sh")
            .arg(bin)
            .output()
            .expect("sh runs");
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    // A shell's one-way /dev/null, and streams the shell closed.
    for script in [
        "\"$1\" check </dev/null",
        "\"$1\" check <&-",
        "\"$1\" check --grammar rfc1738 http://a/ >/dev/null",
        "\"$1\" check --grammar rfc1738 http://a/ >&-",
    ] {
        let (code, out, err) = sh(script);
        assert_eq!(code, Some(0), "{script}: {err}");
        assert!(err.is_empty(), "{script}: {err}");
        if script.contains('<') {
            assert!(out.starts_with("0 inputs"), "{script}: {out}");
        }
    }
    // A reader that stops reading (`| head -n 1`): quietly, and not a success.
    let (_, _, err) = sh(
        "yes http://a/ | head -n 200000 | { \"$1\" check --grammar rfc1738; echo \"status=$?\" >&2; } | head -n 1 >/dev/null",
    );
    assert_eq!(err.trim(), "status=3", "{err}");
}

/// `--jobs` starts at most four threads per core: more is clamped, with a
/// warning, and the work goes on (it was a usage error).
#[test]
fn jobs_are_bounded_by_the_cores() {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let most = (4 * cores).to_string();
    let over = (4 * cores + 1).to_string();
    let run = urlbnf(&["check", "--jobs", &most, "http://a/"], b"");
    assert_ne!(run.code, 2, "{}", run.stderr);
    assert!(!run.stderr.contains("--jobs"), "{}", run.stderr);
    for command in ["check", "report"] {
        let run = urlbnf(&[command, "--jobs", &over], b"http://a/\n");
        assert_ne!(run.code, 2, "{command}: {}", run.stderr);
        assert!(
            run.stderr.contains(&format!("working with {most} threads"))
                && run.stderr.contains("4 per core"),
            "{command}: {}",
            run.stderr
        );
    }
}

/// What a command writes to a terminal (standard output and error on one
/// pseudo-terminal), its standard input `stdin` from a pipe.
fn on_a_terminal(args: &[&str], stdin: &[u8]) -> Vec<u8> {
    use std::io::{Read, Write};
    let (master, slave) = common::pty();
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_urlbnf"));
    cmd.args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(slave.try_clone().expect("dup"))
        .stderr(slave);
    let mut child = cmd.spawn().expect("runs");
    drop(cmd);
    let reader = std::thread::spawn(move || {
        let (mut master, mut out, mut buf) = (master, Vec::new(), [0u8; 4096]);
        // Linux says EIO once the last writer has closed the terminal.
        while let Ok(n @ 1..) = master.read(&mut buf) {
            out.extend_from_slice(&buf[..n]);
        }
        out
    });
    let mut input = child.stdin.take().expect("stdin");
    // A command that reads no input may end before it is written.
    if let Err(e) = input.write_all(stdin) {
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "stdin written");
    }
    drop(input);
    child.wait().expect("ends");
    reader.join().expect("reader")
}

/// No command sends a terminal a raw control or bidirectional control from
/// its input or arguments: ESC (colours, OSC 8 hyperlinks), BEL, backspace,
/// DEL, C1 controls, U+202E and U+2066-U+2069.
#[test]
fn no_raw_control_reaches_a_terminal() {
    let hostile = "http://a/\u{1b}[31mred\u{1b}]8;;http://evil/\u{7}x\u{8}\u{7f}\u{9b}1m\u{202e}gnp.exe\u{2066}";
    let lines = format!("{hostile}\nsee {hostile}-\n{hostile} there\n");
    let runs: &[&[&str]] = &[
        &["check"],
        &["check", "--only", "invalid"],
        &["check", "--lint", "--grammar", "rfc1738"],
        &["parse"],
        &["tree", "--grammar", "rfc1738", "-"],
        &["compare"],
        &["resolve", "http://a/b"],
        &["encode"],
        &["extract"],
        &["report", "-"],
        &["check", "--rule", hostile, "http://a/"],
        &["explain", hostile],
        &["equiv", hostile, "http://a/"],
        &[hostile],
    ];
    for args in runs {
        let out = on_a_terminal(args, lines.as_bytes());
        let text = String::from_utf8_lossy(&out);
        let bad: Vec<char> = text
            .chars()
            .filter(|&c| {
                (c.is_control() && !matches!(c, '\n' | '\r'))
                    || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
            })
            .collect();
        assert!(
            bad.is_empty(),
            "{args:?} sent {bad:?} to a terminal:\n{text}"
        );
    }
}

/// Text groups the digits of every count, as `report` does; JSON never does.
#[test]
fn counts_are_written_one_way_per_kind_of_output() {
    let lines = "http://a/\n".repeat(1200);
    let run = urlbnf(
        &["check", "--grammar", "rfc1738", "--quiet"],
        lines.as_bytes(),
    );
    assert_eq!(
        run.stdout,
        "1,200 inputs, 1 grammar: 1,200 verdicts, 1,200 valid, 0 invalid\n"
    );
    let run = urlbnf(&["report", "--grammar", "rfc1738"], lines.as_bytes());
    assert!(run.stdout.starts_with("1,200 inputs"), "{}", run.stdout);
    let run = urlbnf(
        &["check", "--grammar", "rfc1738", "--quiet", "--json"],
        lines.as_bytes(),
    );
    assert!(run.stdout.contains("\"inputs\":1200"), "{}", run.stdout);
}

/// The exit status a command gives on a file it cannot read is one its
/// `--help` lists (parse, compare and encode gave 3 without saying so).
#[test]
fn a_missing_files_exit_status_is_in_the_help() {
    let missing = "/nonexistent/urlbnf-test.txt";
    for (command, args) in [
        ("check", vec!["-f", missing]),
        ("parse", vec!["-f", missing]),
        ("compare", vec!["-f", missing]),
        ("encode", vec!["-f", missing]),
        ("extract", vec![missing]),
        ("report", vec![missing]),
    ] {
        let run = urlbnf(&[&[command][..], &args].concat(), b"");
        assert!(run.stderr.contains(missing), "{command}: {}", run.stderr);
        let help = urlbnf(&[command, "--help"], b"").stdout;
        let status = help
            .split("Exit status:")
            .nth(1)
            .and_then(|s| s.split("\n\n").next())
            .unwrap_or_else(|| panic!("{command} --help has no exit statuses"));
        assert!(
            status.contains(&run.code.to_string()),
            "{command} exits {} on a missing file; its help says: {status}",
            run.code
        );
    }
}

/// `resolve` resolves against a full URL: a context with no scheme is a
/// usage error that says so (it answered `resolve g h` with `h`); RFC 3986
/// says where the base stops being a URI (§5.1).
#[test]
fn resolve_refuses_a_context_that_is_no_url() {
    for base in ["g", "//h/a", "/a/b", "1x:y"] {
        let run = urlbnf(&["resolve", "--rules", "rfc1630", base, "h"], b"");
        assert_eq!(run.code, 2, "{base}: {}", run.stdout);
        assert!(run.stderr.contains("no full URL"), "{base}: {}", run.stderr);
        let run = urlbnf(&["resolve", base, "h"], b"");
        assert_eq!(run.code, 2, "{base}: {}", run.stdout);
        assert!(
            run.stderr.contains("no absolute URI (RFC 3986 §5.1")
                && run.stderr.contains("at offset"),
            "{base}: {}",
            run.stderr
        );
    }
    let run = urlbnf(&["resolve", "magic://a/b/c//d/e/f", "g"], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
}

/// `--only` filters the same way wherever verdicts are printed: `parse` and
/// `compare` print the inputs `check` prints, as read.
#[test]
fn only_filters_parse_and_compare_as_it_filters_check() {
    let lines: String = common::corpus().iter().map(|u| format!("{u}\n")).collect();
    for which in ["valid", "invalid"] {
        let check = urlbnf(&["check", "--only", which], lines.as_bytes());
        assert!(!check.stdout.is_empty(), "{which}: some inputs");
        let compare = urlbnf(&["compare", "--only", which], lines.as_bytes());
        assert_eq!(compare.stdout, check.stdout, "compare --only {which}");
        assert_eq!(compare.code, check.code);
        let early = ["--grammar", "early", "--only", which];
        let check = urlbnf(&[&["check"][..], &early].concat(), lines.as_bytes());
        let parse = urlbnf(&[&["parse"][..], &early].concat(), lines.as_bytes());
        assert_eq!(parse.stdout, check.stdout, "parse --only {which}");
    }
}
