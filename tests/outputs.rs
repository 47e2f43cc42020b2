//! Nothing a user owns is destroyed: every path a command writes (`report
//! --html`, `book --out`) is checked before any input is read. An input of
//! the same run is never written (exit 2, naming both); an existing file or
//! folder is replaced only when urlbnf wrote it (or it is empty), otherwise
//! refused with what to do (`--force`, another name); the writing goes to a
//! new file beside it, renamed into place, so a failure leaves the old whole.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// A fresh folder for one test.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("urlbnf-outputs-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `urlbnf ARGS` run in `dir`, standard input from `stdin` (a file there) or
/// empty; its status and standard error.
fn run_in(dir: &Path, args: &[&str], stdin: Option<&str>) -> (Option<i32>, String) {
    let input = match stdin {
        Some(name) => Stdio::from(std::fs::File::open(dir.join(name)).unwrap()),
        None => Stdio::null(),
    };
    let out = Command::new(env!("CARGO_BIN_EXE_urlbnf"))
        .args(args)
        .current_dir(dir)
        .stdin(input)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

const CORPUS: &str = "http://a/\nhttp://b/~x\n";

fn read(dir: &Path, name: &str) -> String {
    std::fs::read_to_string(dir.join(name)).unwrap()
}

/// The new user's mistake: `--html OUT` takes the corpus as its output.
#[test]
fn report_html_never_writes_over_a_corpus() {
    let dir = folder("corpus");
    std::fs::write(dir.join("modern.txt"), CORPUS).unwrap();
    let cases: &[(&[&str], Option<&str>, &str)] = &[
        // The corpus taken as the page, standard input as the corpus.
        (
            &["report", "--grammar", "later", "--html", "modern.txt"],
            None,
            "--html OUT modern.txt",
        ),
        // The page given as one of the inputs.
        (
            &["report", "--html", "modern.txt", "modern.txt"],
            None,
            "input file modern.txt",
        ),
        (
            &["report", "--html", "modern.txt", "-f", "modern.txt"],
            None,
            "input file modern.txt",
        ),
        // The page is the file standard input reads.
        (
            &["report", "--html", "modern.txt"],
            Some("modern.txt"),
            "standard input",
        ),
        (
            &["report", "--html", "modern.txt", "--force"],
            Some("modern.txt"),
            "standard input",
        ),
        (
            &["report", "--html", "modern.txt", "--force", "modern.txt"],
            None,
            "input file",
        ),
    ];
    for (args, stdin, says) in cases {
        let (code, err) = run_in(&dir, args, *stdin);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(
            err.contains("modern.txt") && err.contains(says),
            "{args:?}: {err}"
        );
        assert_eq!(read(&dir, "modern.txt"), CORPUS, "{args:?}");
    }
    // A link to an input is that input.
    std::os::unix::fs::symlink("modern.txt", dir.join("link.html")).unwrap();
    let (code, err) = run_in(&dir, &["report", "--html", "link.html", "modern.txt"], None);
    assert_eq!(code, Some(2), "{err}");
    assert_eq!(read(&dir, "modern.txt"), CORPUS);
    // Refused before any input is read: a missing input is not reached.
    let (code, err) = run_in(
        &dir,
        &["report", "--html", "modern.txt", "missing.txt"],
        None,
    );
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("--force"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A report replaces its own earlier page, an empty file and a device, and
/// with --force any file that is not an input; never a folder.
#[test]
fn report_html_replaces_its_own_page() {
    let dir = folder("own");
    std::fs::write(dir.join("urls.txt"), CORPUS).unwrap();
    let html = [
        "report",
        "--grammar",
        "rfc1738",
        "--html",
        "r.html",
        "urls.txt",
    ];
    assert_eq!(run_in(&dir, &html, None).0, Some(0));
    let first = read(&dir, "r.html");
    assert!(first.contains(r#"<meta name="generator" content="urlbnf report">"#));
    // Its own page, again: replaced.
    std::fs::write(dir.join("urls.txt"), "http://c/\n").unwrap();
    assert_eq!(run_in(&dir, &html, None).0, Some(0));
    assert_ne!(read(&dir, "r.html"), first);
    // Someone's page: refused, then replaced with --force.
    std::fs::write(dir.join("r.html"), "<p>my notes</p>").unwrap();
    let (code, err) = run_in(&dir, &html, None);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("r.html") && err.contains("--force"), "{err}");
    assert_eq!(read(&dir, "r.html"), "<p>my notes</p>");
    let mut forced = html.to_vec();
    forced.push("--force");
    assert_eq!(run_in(&dir, &forced, None).0, Some(0));
    assert!(read(&dir, "r.html").contains("urlbnf report"));
    // An empty file holds nothing to lose; a device is written through.
    std::fs::write(dir.join("empty.html"), "").unwrap();
    let (code, err) = run_in(&dir, &["report", "--html", "empty.html", "urls.txt"], None);
    assert_eq!(code, Some(0), "{err}");
    assert!(read(&dir, "empty.html").contains("urlbnf report"));
    let (code, err) = run_in(&dir, &["report", "--html", "/dev/null", "urls.txt"], None);
    assert_eq!(code, Some(0), "{err}");
    // A folder is no page.
    std::fs::create_dir(dir.join("d")).unwrap();
    let (code, err) = run_in(&dir, &["report", "--html", "d", "urls.txt"], None);
    assert_eq!(code, Some(2), "{err}");
    // No work file is left beside the page.
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(!names.iter().any(|n| n.contains(".urlbnf-")), "{names:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A write that fails part way (files may grow to 4 KB only; the page of
/// seven editions is larger) leaves the earlier page whole, and no work file.
#[test]
fn an_interrupted_report_leaves_the_earlier_page() {
    let dir = folder("interrupted");
    std::fs::write(dir.join("urls.txt"), CORPUS).unwrap();
    let html = ["report", "--html", "r.html", "urls.txt"];
    assert_eq!(run_in(&dir, &html, None).0, Some(0));
    let earlier = read(&dir, "r.html");
    assert!(earlier.len() > 8192, "{}", earlier.len());
    let out = Command::new("sh")
        .args(["-c", "trap '' XFSZ; ulimit -f 8; exec \"$0\" \"$@\""])
        .arg(env!("CARGO_BIN_EXE_urlbnf"))
        .args(html)
        .current_dir(&dir)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{err}");
    assert!(err.contains("r.html"), "{err}");
    assert_eq!(read(&dir, "r.html"), earlier);
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(!names.iter().any(|n| n.contains(".urlbnf-")), "{names:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `book --out` refuses a folder of someone else's before writing anything,
/// as a usage error.
#[test]
fn book_refuses_a_folder_it_did_not_write() {
    let dir = folder("book");
    let out = dir.join("mine");
    std::fs::create_dir(&out).unwrap();
    std::fs::write(out.join("notes.txt"), "mine").unwrap();
    let (code, err) = run_in(&dir, &["book", "--out", "mine"], None);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("mine") && err.contains("--force"), "{err}");
    assert_eq!(read(&out, "notes.txt"), "mine");
    // A file is no folder.
    let (code, err) = run_in(&dir, &["book", "--out", "mine/notes.txt"], None);
    assert_eq!(code, Some(2), "{err}");
    assert_eq!(read(&out, "notes.txt"), "mine");
    let _ = std::fs::remove_dir_all(&dir);
}
