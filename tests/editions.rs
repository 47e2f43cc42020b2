//! An edition is data: its three files under `grammar/` (`<id>.bnf`,
//! `<id>.pest`, `<id>.toml`). Every descriptor is complete and agrees with its
//! grammar; the manual lists the registry; no source file names an edition;
//! and an edition copied from another's files, with no Rust changed, is one
//! every command serves.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common;
use urlbnf::grammar::PrintedGrammar;
use urlbnf::{Edition, ast, gloss, known};

/// The prose notes urlbnf knows how to give (`[notes.<code>]`), beside
/// those of fixes ([`common::FIX_NOTES`]).
const NOTES: &[&str] = &[
    "fragment",
    "generic-slashes",
    "gopher-type",
    "gopher-tab",
    "file-host",
    "ftp-type",
];

fn strings(v: &toml::Value) -> Vec<String> {
    v.as_array()
        .map(|a| {
            a.iter()
                .filter_map(|s| s.as_str())
                .map(String::from)
                .collect()
        })
        .unwrap_or_default()
}

/// What a complete descriptor holds, beyond what the build checks (every
/// field present, every rule it names printed): roles the AST knows, every
/// scheme production with its role, prose for every catch-all, notes urlbnf
/// can give, earlier names and split wholes that earlier editions print, and
/// an order in time that `follows` keeps.
#[test]
fn every_descriptor_is_complete() {
    for e in Edition::ALL {
        let d = common::descriptor(e);
        let g = PrintedGrammar::of(e);
        for r in &g.rules {
            assert!(
                gloss::gloss(e, &r.name).is_some(),
                "{e} {}: no gloss",
                r.name
            );
        }
        let roles = d
            .get("roles")
            .and_then(|r| r.as_table())
            .cloned()
            .unwrap_or_default();
        for (rule, role) in &roles {
            let role = role.as_str().unwrap();
            assert!(
                role == "wrapper" || ast::Kind::named(role).is_some(),
                "{e} {rule}: role {role:?} is neither `wrapper` nor an AST kind"
            );
        }
        // The grammar's own scheme productions all have their role.
        let mut productions: Vec<String> = Vec::new();
        if let Some(c) = known::catch_all(e) {
            productions.extend(c.schemes.iter().map(|k| k.rule.clone()));
        }
        if let Some(l) = known::scheme_list(e) {
            productions.extend(l.schemes.iter().map(|k| k.rule.clone()));
        }
        for p in &productions {
            assert!(
                ast::scheme_kind(e, p).is_some(),
                "{e} {p}: a scheme production with no role"
            );
        }
        assert!(
            ast::is_url_rule(e, e.default_rule()),
            "{e}: the default rule has no role"
        );
        // A catch-all for new schemes says where its document says what it is for.
        if let Some(c) = known::catch_all(e) {
            assert!(
                d.contains_key("catch_all"),
                "{e}: {} has no [catch_all]",
                c.catch_all
            );
            assert!(!c.quote.is_empty(), "{e}: the catch-all's words");
        }
        let notes = d
            .get("notes")
            .and_then(|n| n.as_table())
            .cloned()
            .unwrap_or_default();
        for (code, note) in &notes {
            assert!(
                NOTES.iter().chain(&common::FIX_NOTES).any(|n| n == code),
                "{e}: urlbnf gives no note {code:?}"
            );
            assert!(!note["quote"].as_str().unwrap().is_empty(), "{e} {code}");
        }
        // Editions followed come before.
        let published = d["published"].as_str().unwrap();
        for f in strings(&d["follows"]) {
            let before: Edition = f.parse().unwrap();
            let theirs = common::descriptor(before)["published"]
                .as_str()
                .unwrap()
                .to_string();
            assert!(
                theirs.as_str() <= published,
                "{e} follows {f}, which is later"
            );
        }
        // An earlier name is printed by an edition before; so is a split whole.
        let earlier: BTreeSet<String> = Edition::ALL
            .into_iter()
            .filter(|x| *x != e)
            .flat_map(|x| PrintedGrammar::of(x).rules.iter().map(|r| r.name.clone()))
            .collect();
        let renames = d
            .get("renames")
            .and_then(|r| r.as_table())
            .cloned()
            .unwrap_or_default();
        for (rule, olds) in &renames {
            for old in strings(olds) {
                assert!(
                    earlier.contains(&old),
                    "{e} {rule}: no edition prints {old}"
                );
            }
        }
        let splits = d
            .get("splits")
            .and_then(|r| r.as_table())
            .cloned()
            .unwrap_or_default();
        for whole in splits.keys() {
            assert!(earlier.contains(whole), "{e}: no edition prints {whole}");
        }
    }
}

/// The manual's table of editions is the registry's (`URLBNF_BLESS=1`
/// writes it anew).
#[test]
fn the_manual_lists_every_edition() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/src/render/book/manual/grammars.md"
    );
    let chapter = std::fs::read_to_string(path).unwrap();
    let (start, end) = (
        "<!-- editions: generated by tests/editions.rs -->\n",
        "<!-- /editions -->",
    );
    let from = chapter.find(start).expect("the editions marker") + start.len();
    let to = chapter.find(end).expect("the end marker");
    let now = urlbnf::render::text::editions_table();
    if std::env::var_os("URLBNF_BLESS").is_some() {
        std::fs::write(path, format!("{}{now}{}", &chapter[..from], &chapter[to..])).unwrap();
        return;
    }
    assert_eq!(
        &chapter[from..to],
        now,
        "the manual's editions are stale: URLBNF_BLESS=1 cargo test --test suite editions::"
    );
    for e in Edition::ALL {
        assert!(now.contains(&format!("| `{e}` |")), "{e}");
    }
}

/// Source lines outside comments and string-free test modules that name an
/// edition by its constant (`Edition::Rfc1738`) or its id in a string
/// (`"rfc1738"`), per file.
fn naming_files() -> Vec<(String, usize)> {
    let mut files = Vec::new();
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap().flatten() {
            let p = entry.path();
            // A crate of its own under src/ (the Python binding) takes
            // edition ids from its callers, with the library's default.
            if p.is_dir() && p.join("Cargo.toml").exists() {
                continue;
            }
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "rs" || x == "js") {
                out.push(p);
            }
        }
    }
    walk(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut files,
    );
    let mut names: Vec<String> = Vec::new();
    for e in Edition::ALL {
        names.push(format!("\"{}\"", e.id()));
        let variant: String = e
            .id()
            .split(|c: char| !c.is_ascii_alphanumeric())
            .map(|w| {
                let mut cs = w.chars();
                cs.next()
                    .map(|c| c.to_ascii_uppercase().to_string() + cs.as_str())
                    .unwrap_or_default()
            })
            .collect();
        names.push(format!("Edition::{variant}"));
    }
    let mut out = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        let n = text
            .lines()
            .map(|l| l.trim_start())
            .filter(|l| !l.starts_with("//"))
            .filter(|l| names.iter().any(|n| l.contains(n.as_str())))
            .count();
        if n > 0 {
            let rel = f.strip_prefix(env!("CARGO_MANIFEST_DIR")).unwrap();
            out.push((rel.display().to_string(), n));
        }
    }
    out.sort();
    out
}

/// What is genuinely new behaviour stays code, named by capability; an
/// edition is named in code by at most two source files (the rule sets of
/// `resolve`, named for their documents, are one).
#[test]
fn at_most_two_source_files_name_an_edition() {
    let files = naming_files();
    assert!(
        files.len() <= 2,
        "source files naming an edition: {files:?}"
    );
}

/// Copying `grammar/rfc2396.*` to `grammar/copied.*` (the id inside replaced)
/// gives an edition `copied` once rebuilt, with no Rust changed: `check`,
/// `explain`, `diff`, `report`, `regex` and `book` serve it, and it is RFC
/// 2396 under another name. The copy builds in `target/copied-edition`
/// (dependencies built once, then reused).
#[test]
#[ignore = "costly: .ci/run runs it (cargo test --test suite -- --ignored)"]
fn a_copied_edition_is_an_edition() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let target = root.join("target/copied-edition");
    let copy = target.join("crate");
    let _ = std::fs::remove_dir_all(&copy);
    std::fs::create_dir_all(&copy).unwrap();
    for entry in [
        "Cargo.toml",
        "Cargo.lock",
        "src",
        "grammar",
        "tests",
        "benches",
    ] {
        copy_tree(&root.join(entry), &copy.join(entry));
    }
    for ext in ["bnf", "pest", "toml"] {
        let text = std::fs::read_to_string(root.join(format!("grammar/rfc2396.{ext}"))).unwrap();
        let text = text.replace("%edition rfc2396", "%edition copied");
        std::fs::write(copy.join(format!("grammar/copied.{ext}")), text).unwrap();
    }
    let build = Command::new(env!("CARGO"))
        .args(["build", "--offline", "--locked", "--bin", "urlbnf"])
        .current_dir(&copy)
        .env("CARGO_TARGET_DIR", target.join("target"))
        .env_remove("RUSTFLAGS")
        .output()
        .unwrap();
    assert!(
        build.status.success(),
        "the copy builds: {}",
        String::from_utf8_lossy(&build.stderr)
    );
    let bin = target.join("target/debug/urlbnf");
    let run = |args: &[&str]| {
        let out = Command::new(&bin)
            .args(args)
            .current_dir(&copy)
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
        )
    };
    let (code, help) = run(&["--help"]);
    assert_eq!(code, Some(0));
    assert!(help.contains("copied"), "{help}");
    let (code, out) = run(&["check", "--grammar", "copied", "http://a/b;p?q", "a b"]);
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("copied       absoluteURI      valid"), "{out}");
    let (code, out) = run(&["explain", "--grammar", "copied", "hier_part"]);
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("hier_part in copied"), "{out}");
    // The same grammar: every rule's language equal.
    let (_, out) = run(&["diff", "rfc2396", "copied"]);
    assert!(out.contains("0 changed"), "{out}");
    assert!(!out.contains(" ≠ "), "{out}");
    let (a, b) = (
        run(&["regex", "--grammar", "rfc2396", "--flavor", "python"]).1,
        run(&["regex", "--grammar", "copied", "--flavor", "python"]).1,
    );
    assert_eq!(a, b);
    let corpus = root.join("tests/corpus/tour-urls.txt");
    let (code, out) = run(&["report", "--grammar", "copied", corpus.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("copied absoluteURI:"), "{out}");
    let book = target.join("book");
    let (code, out) = run(&["book", "--out", book.to_str().unwrap(), "--force"]);
    assert_eq!(code, Some(0), "{out}");
    let page = std::fs::read_to_string(book.join("copied.html")).expect("copied's page");
    assert!(page.contains("hier_part"));
    let index = std::fs::read_to_string(book.join("index.html")).unwrap();
    assert!(
        index.contains("diff-rfc1738-copied.html"),
        "a page of what changed"
    );
}

fn copy_tree(from: &Path, to: &Path) {
    if from.is_dir() {
        if from.file_name().is_some_and(|n| n == "target") {
            return;
        }
        std::fs::create_dir_all(to).unwrap();
        for entry in std::fs::read_dir(from).unwrap().flatten() {
            copy_tree(&entry.path(), &to.join(entry.file_name()));
        }
    } else {
        std::fs::copy(from, to).unwrap();
    }
}
