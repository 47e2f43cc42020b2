//! `urlbnf check`, as scripts depend on it: arguments, standard input, JSON lines,
//! the readable report, and exit statuses.

use std::io::Write;
use std::process::{Command, Stdio};

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

fn urlbnf(args: &[&str], stdin: &[u8]) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_urlbnf"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("urlbnf runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin)
        .expect("stdin written");
    let out = child.wait_with_output().expect("urlbnf ends");
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
    assert!(
        run.stderr.contains("hostname") && run.stderr.contains("ip-schemepart"),
        "{}",
        run.stderr
    );
}

#[test]
fn json_has_one_object_per_input_and_grammar_in_input_order() {
    let run = urlbnf(&["check", "--json"], b"http://info.cern.ch/\nnews:*\n");
    let objs = json_lines(&run);
    assert_eq!(objs.len(), 10);
    let pairs: Vec<(String, String)> = objs
        .iter()
        .map(|o| {
            (
                o["input"].as_str().unwrap().into(),
                o["grammar"].as_str().unwrap().into(),
            )
        })
        .collect();
    let ids = [
        "draft-1993",
        "draft-1994",
        "rfc1630-uri",
        "rfc1630-url",
        "rfc1738",
    ];
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
    assert_eq!(json_lines(&urlbnf(&["check", "--json"], b"x")).len(), 5);
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
        ["draft-1993", "draft-1994", "rfc1630-url", "rfc1738"]
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
            .ends_with("1 input, 1 grammar: 0 valid, 1 invalid\n"),
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
}
