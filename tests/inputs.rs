//! Where inputs come from: arguments, `--file`/`-f` (repeatable, `-` for
//! standard input), or standard input; read as they arrive, with a leading
//! byte-order mark skipped and said, and read errors naming their file.

use crate::common;

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

fn temp(name: &str, contents: &[u8]) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("inputs");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

fn text(out: &std::process::Output) -> (Option<i32>, String, String) {
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Every command that reads inputs, with what it needs besides them.
const COMMANDS: &[&[&str]] = &[
    &["check", "--grammar", "rfc1738"],
    &["check", "--json"],
    &["parse", "--grammar", "rfc1738"],
    &["compare"],
    &["tree", "--grammar", "rfc1738"],
    &["encode"],
    &["resolve", "http://h/a/b"],
    &["extract"],
    &["report"],
];

#[test]
fn a_file_standard_input_and_dash_give_the_same_output_on_every_command() {
    let lines = b"http://a/b\n<URL:http://h/~joe>\nmailto:x@y\n../c\n";
    let file = temp("lines.txt", lines);
    let file = file.to_str().unwrap();
    for args in COMMANDS {
        let from_stdin = text(&common::run_urlbnf(args, lines));
        assert_eq!(
            from_stdin.0.map(|c| c < 2),
            Some(true),
            "{args:?}: {from_stdin:?}"
        );
        let with =
            |more: &[&str], stdin: &[u8]| text(&common::run_urlbnf(&[args, more].concat(), stdin));
        for (how, got) in [
            ("--file FILE", with(&["--file", file], b"")),
            ("-f FILE", with(&["-f", file], b"")),
            ("-f -", with(&["-f", "-"], lines)),
            // `-` as an argument is standard input on every command.
            ("-", with(&["-"], lines)),
        ] {
            assert_eq!(got, from_stdin, "{args:?} {how}");
        }
        // Twice the file: twice the inputs (report counts them).
        let (code, twice, _) = with(&["-f", file, "-f", file], b"");
        assert_eq!(code, from_stdin.0, "{args:?} twice");
        assert_ne!(twice, from_stdin.1, "{args:?} twice");
    }
    // Where FILE arguments are the inputs too, '-' is standard input.
    for args in [&["extract", "-"][..], &["report", "-"]] {
        let dash = text(&common::run_urlbnf(args, lines));
        assert_eq!(
            dash,
            text(&common::run_urlbnf(&args[..1], lines)),
            "{args:?}"
        );
    }
}

#[test]
fn a_lone_argument_naming_a_file_gets_a_hint() {
    let file = temp("hint.txt", b"http://a/\n");
    let (_, out, err) = text(&common::run_urlbnf(&["check", file.to_str().unwrap()], b""));
    assert!(out.contains("invalid at offset 0"), "{out}");
    assert!(
        err.contains("hint:") && err.contains(&format!("--file '{}'", file.display())),
        "{err}"
    );
    // Not for a URL, nor with --file.
    let (_, _, err) = text(&common::run_urlbnf(&["check", "http://a/"], b""));
    assert!(!err.contains("hint"), "{err}");
}

#[test]
fn a_byte_order_mark_is_skipped_and_said_once() {
    let bom = b"\xEF\xBB\xBFhttp://a/\nhttp://b/\n";
    let file = temp("bom.txt", bom);
    for (args, stdin, name) in [
        (
            vec!["check", "--grammar", "rfc1738"],
            &bom[..],
            "standard input",
        ),
        (
            vec![
                "check",
                "--grammar",
                "rfc1738",
                "-f",
                file.to_str().unwrap(),
            ],
            &b""[..],
            file.to_str().unwrap(),
        ),
        (
            vec!["report", "--grammar", "rfc1738"],
            &bom[..],
            "standard input",
        ),
        (vec!["encode"], &bom[..], "standard input"),
    ] {
        let (code, out, err) = text(&common::run_urlbnf(&args, stdin));
        assert_eq!(code, Some(0), "{args:?}: {out}{err}");
        assert_eq!(
            err.matches(
                "byte-order mark (U+FEFF): the mark is skipped, its first line is read without it"
            )
            .count(),
            1,
            "{args:?}: {err}"
        );
        assert!(err.contains(name), "{args:?}: {err}");
        assert!(!out.contains('\u{feff}'), "{args:?}: {out}");
    }
    // Elsewhere it is a character, named.
    let (_, out, _) = text(&common::run_urlbnf(
        &["check", "--grammar", "rfc1738", "http://a/\u{feff}"],
        b"",
    ));
    assert!(out.contains("found U+FEFF (a byte-order mark)"), "{out}");
}

#[test]
fn read_errors_name_their_file() {
    let dir = std::env::temp_dir();
    let dir = dir.to_str().unwrap();
    for args in [
        &["check", "-f", dir][..],
        &["encode", "--file", dir],
        &["extract", dir],
        &["report", dir],
        &["report", "-f", dir],
    ] {
        let (code, _, err) = text(&common::run_urlbnf(args, b""));
        assert_eq!(code, Some(3), "{args:?}: {err}");
        assert!(
            err.contains(&format!("{dir}: Is a directory")),
            "{args:?}: {err}"
        );
    }
    let (code, _, err) = text(&common::run_urlbnf(
        &["check", "-f", "/nonexistent/u.txt"],
        b"",
    ));
    assert_eq!(code, Some(3));
    assert!(err.contains("/nonexistent/u.txt: No such file"), "{err}");
}

/// Each result of a slow input is written before the next input arrives:
/// one line in, its output out, while standard input stays open.
#[test]
fn results_appear_as_a_slow_input_arrives() {
    let runs: &[(&[&str], &str, &str)] = &[
        (
            &["check", "--grammar", "rfc1738", "--only", "invalid"],
            "http://h/~joe",
            "~joe",
        ),
        (&["check", "--json"], "http://a/", "\"input\":\"http://a/\""),
        (
            &["parse", "--grammar", "rfc1738"],
            "http://a/b",
            "http://a/b",
        ),
        (&["compare"], "http://a/", "http://a/"),
        (&["encode"], "a b", "a%20b"),
        (&["tree", "--grammar", "rfc1738"], "http://a/", "httpurl"),
        (&["resolve", "http://h/a/b"], "../c", "http://h/c"),
        (&["extract"], "see <URL:http://a/b>", "http://a/b"),
    ];
    for (args, line, expect) in runs {
        let mut child = Command::new(env!("CARGO_BIN_EXE_urlbnf"))
            .args(*args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut input = child.stdin.take().unwrap();
        writeln!(input, "{line}").unwrap();
        input.flush().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for l in BufReader::new(stdout).lines() {
                let Ok(l) = l else { return };
                if tx.send(l).is_err() {
                    return;
                }
            }
        });
        // Standard input is still open: the output must come without it.
        let mut seen = Vec::new();
        let found = loop {
            match rx.recv_timeout(Duration::from_secs(120)) {
                Ok(l) if l.contains(expect) => break true,
                Ok(l) => seen.push(l),
                Err(_) => break false,
            }
        };
        drop(input);
        let _ = child.wait();
        assert!(
            found,
            "{args:?}: no {expect:?} before more input; saw {seen:?}"
        );
    }
}

/// With standard input a terminal and no input given, a command says it is
/// reading standard input and how to end it, then reads it.
#[test]
fn a_terminal_on_standard_input_is_told_what_is_read() {
    for args in [&["check"][..], &["encode"], &["report"], &["extract"]] {
        let (mut master, slave) = common::pty();
        let child = Command::new(env!("CARGO_BIN_EXE_urlbnf"))
            .args(args)
            .stdin(slave)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // One line, then end of input (Ctrl-D at the start of a line).
        master.write_all(b"http://a/\n\x04").unwrap();
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("reading standard input") && err.contains("Ctrl-D"),
            "{args:?}: {err}"
        );
        // The line was read, and Ctrl-D ended the input.
        assert!(matches!(out.status.code(), Some(0 | 1)), "{args:?}: {err}");
        let shown = String::from_utf8_lossy(&out.stdout);
        assert!(
            shown.contains("http") || shown.contains("1 input") || shown.contains("0 URLs"),
            "{args:?}: {shown}"
        );
    }
    // Given inputs, nothing is said.
    let (_, _, err) = text(&common::run_urlbnf(&["check", "http://a/"], b""));
    assert!(!err.contains("reading standard input"), "{err}");
}

/// Many short lines arriving at once make batches cut by their number: the
/// lines a read leaves after its last such batch are worked on before the
/// next read, which would wait on the paused input.
#[test]
fn every_result_of_short_lines_that_arrived_appears_while_input_pauses() {
    let lines = 200_000;
    let mut child = Command::new(env!("CARGO_BIN_EXE_urlbnf"))
        .args(["check", "--json", "--grammar", "rfc3986", "--jobs", "2"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut n = 0;
        for l in BufReader::new(stdout).lines() {
            let Ok(l) = l else { return };
            n += usize::from(l.contains("\"input\":\"\""));
            if n == lines && tx.send(n).is_err() {
                return;
            }
        }
    });
    // The pipe fills: reads of up to 64 KiB, a line a byte.
    let mut input = child.stdin.take().unwrap();
    input.write_all(&vec![b'\n'; lines]).unwrap();
    input.flush().unwrap();
    let all = rx.recv_timeout(Duration::from_secs(120));
    drop(input);
    let _ = child.wait();
    assert_eq!(all, Ok(lines), "every result before more input");
}
