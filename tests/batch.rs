//! `check`, `parse` and `compare` on many inputs: every core, output in input
//! order, the filter modes, and a bound on memory per input.

use crate::common;

struct Run {
    code: i32,
    stdout: Vec<u8>,
}

fn urlbnf(args: &[&str], stdin: &[u8]) -> Run {
    let out = common::run_urlbnf(args, stdin);
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: out.stdout,
    }
}

/// Inputs of every kind a batch meets: valid and invalid URLs, an empty line,
/// CRLF, a line that is not UTF-8; enough of them to be split across threads.
/// Under RFC 1738 half are valid (kinds 0, 1, 4) and half not; every line but
/// the empty one and the CRLF one carries its number.
fn mixed(n: usize) -> Vec<u8> {
    let mut out = Vec::new();
    for i in 0..n {
        let line: Vec<u8> = match i % 6 {
            0 => format!("http://www.w3.org/pub/WWW/?{i}").into(),
            1 => format!("ftp://ds.internic.net/rfc/rfc{i}.txt;type=a").into(),
            2 => format!("http://a b/{i}").into(),
            3 => Vec::new(),
            4 => b"news:comp.infosystems.www\r".to_vec(),
            _ => [&b"http://h/\xff"[..], format!("{i}").as_bytes()].concat(),
        };
        out.extend_from_slice(&line);
        out.push(b'\n');
    }
    out
}

#[test]
#[ignore = "costly: .ci/run runs it (cargo test --test suite -- --ignored)"]
fn every_job_count_gives_the_same_output_in_input_order() {
    // Past three batches of input, so pieces meet batch ends; the last line
    // has no line end.
    let mut input = mixed(150_000);
    assert!(input.len() > 3 << 20, "{}", input.len());
    input.pop();
    for args in [
        &["check"][..],
        &["check", "--json"],
        &["parse", "--grammar", "rfc1738", "--json"],
        &["compare", "--json"],
    ] {
        let one = urlbnf(&[args, &["--jobs", "1"]].concat(), &input);
        let two = urlbnf(&[args, &["--jobs", "2"]].concat(), &input);
        assert_eq!(one.code, 1, "{args:?}");
        assert_eq!(two.code, one.code, "{args:?}");
        assert!(
            one.stdout == two.stdout,
            "{args:?}: --jobs 2 differs from --jobs 1"
        );
    }
    // In order: the n-th JSON verdict of one grammar is the n-th input.
    let run = urlbnf(&["check", "--grammar", "rfc1738", "--json"], &input);
    let text = String::from_utf8_lossy(&run.stdout);
    for (i, line) in text.lines().enumerate().step_by(6 * 167) {
        assert!(line.contains(&format!("?{i}\"")), "line {i}: {line}");
    }
    assert_eq!(text.lines().count(), 150_000);
    let last = text.lines().last().unwrap_or_default();
    assert!(last.contains("149999\""), "{last}");
}

#[test]
fn only_prints_the_inputs_of_one_kind_as_read_like_grep() {
    let input = mixed(600);
    let args = ["check", "--grammar", "rfc1738"];
    let valid = urlbnf(&[&args[..], &["--only", "valid"]].concat(), &input);
    let invalid = urlbnf(&[&args[..], &["--only", "invalid"]].concat(), &input);
    assert_eq!((valid.code, invalid.code), (1, 1));
    let lines = |b: &[u8]| b.iter().filter(|&&c| c == b'\n').count();
    // Every input lands on one side; the raw bytes are kept (not UTF-8, CR).
    assert_eq!(lines(&valid.stdout) + lines(&invalid.stdout), 600);
    assert_eq!(lines(&valid.stdout), 300);
    assert!(valid.stdout.starts_with(b"http://www.w3.org/pub/WWW/?0\n"));
    assert!(invalid.stdout.windows(3).any(|w| w == b"/\xff5"));
    assert!(
        valid
            .stdout
            .windows(27)
            .any(|w| w == b"\nnews:comp.infosystems.www\n")
    );
    // With --json, the verdicts of those inputs.
    let json = urlbnf(
        &[&args[..], &["--only", "invalid", "--json"]].concat(),
        &input,
    );
    let text = String::from_utf8_lossy(&json.stdout);
    assert_eq!(text.lines().count(), 300);
    assert!(text.lines().all(|l| l.contains("\"valid\":false")));
}

#[test]
fn quiet_prints_the_summary_and_sets_the_status() {
    let input = mixed(60);
    let run = urlbnf(&["check", "--grammar", "rfc1738", "--quiet"], &input);
    assert_eq!(run.code, 1);
    assert_eq!(
        String::from_utf8_lossy(&run.stdout),
        "60 inputs, 1 grammar: 60 verdicts, 30 valid, 30 invalid\n"
    );
    let run = urlbnf(&["check", "--quiet", "--json"], &input);
    let v: serde_json::Value = serde_json::from_slice(&run.stdout).expect("one JSON object");
    assert_eq!(v["inputs"], 60);
    assert_eq!(v["grammars"], urlbnf::Edition::ALL.len());
    assert_eq!(
        v["valid_verdicts"].as_u64().unwrap() + v["invalid_verdicts"].as_u64().unwrap(),
        60 * urlbnf::Edition::ALL.len() as u64
    );
    let ok = urlbnf(
        &["check", "--grammar", "rfc1738", "--quiet"],
        b"http://www.w3.org/\n",
    );
    assert_eq!(ok.code, 0);
}

#[test]
fn the_dfa_decides_by_default_and_pest_on_request_with_equal_output() {
    let input = mixed(300);
    let dfa = urlbnf(&["check", "--json"], &input);
    let pest = urlbnf(&["check", "--json", "--engine", "pest"], &input);
    assert!(dfa.stdout == pest.stdout);
}

#[test]
fn an_input_too_large_for_its_ast_gets_its_own_result_and_the_next_line_goes_on() {
    // 3 MB of empty path segments: each segment is an AST node, more than the
    // memory allowed per input byte.
    let mut input = b"http://h/".to_vec();
    input.extend(std::iter::repeat_n(b'/', 3_000_000));
    input.extend_from_slice(b"\nhttp://ok/\n");
    let run = urlbnf(&["parse", "--grammar", "rfc1738", "--json"], &input);
    let text = String::from_utf8_lossy(&run.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2);
    assert!(lines[0].contains("\"valid\":false") && lines[0].contains("would need about"));
    assert!(lines[1].contains("\"input\":\"http://ok/\"") && lines[1].contains("\"valid\":true"));
}

/// Peak resident memory (KiB) of `urlbnf args < input`, its output discarded.
#[allow(clippy::zombie_processes)] // wait4 reaps the child.
fn peak_kib(args: &[&str], input: &[u8]) -> u64 {
    use std::process::{Command, Stdio};
    let path = std::env::temp_dir().join(format!(
        "urlbnf-peak-{}-{}.txt",
        std::process::id(),
        input.len()
    ));
    std::fs::write(&path, input).expect("input written");
    let child = Command::new(env!("CARGO_BIN_EXE_urlbnf"))
        .args(args)
        .stdin(std::fs::File::open(&path).expect("input"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("urlbnf runs");
    let pid = child.id() as libc::pid_t;
    let mut status = 0;
    // SAFETY: `rusage` is plain data; wait4 fills it for the child spawned
    // here (and reaps it, so `child` is never waited on again).
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let rc = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    let _ = std::fs::remove_file(&path);
    assert_eq!(rc, pid, "urlbnf waited for");
    usage.ru_maxrss as u64
}

#[test]
fn the_output_held_does_not_grow_with_the_number_of_short_lines() {
    // An empty line's seven verdicts as JSON are over a kilobyte: a batch of
    // a megabyte of empty lines once held a gigabyte of output. A batch ends
    // after a number of lines as well as of bytes, so four times the lines
    // take the same memory, not four times as much.
    let args = ["check", "--json", "--jobs", "2"];
    let small = peak_kib(&args, &vec![b'\n'; 50_000]);
    let large = peak_kib(&args, &vec![b'\n'; 200_000]);
    assert!(
        large < small * 3 / 2,
        "{small} KiB for 50,000 empty lines, {large} KiB for 200,000"
    );
}
