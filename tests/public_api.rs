//! The public API is what a user can name: every item the docs list, with
//! each struct's and enum's fields, variants and inherent methods. It is a
//! snapshot, so a change to the surface shows up in review (semver hygiene).
//! The docs are built for the default features into their own target folder.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;

/// The names defined on one documented item's page, before its trait
/// implementations: fields, variants and inherent methods.
fn members(page: &str) -> Vec<String> {
    let own = page
        .split("id=\"trait-implementations\"")
        .next()
        .unwrap_or_default();
    let mut out = Vec::new();
    for kind in ["structfield", "variant", "method", "associatedconstant"] {
        let marker = format!("id=\"{kind}.");
        for piece in own.split(&marker).skip(1) {
            if let Some(name) = piece.split('"').next() {
                out.push(format!("{kind} {name}"));
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

#[test]
#[ignore = "costly: .ci/run runs it (cargo test --test suite -- --ignored)"]
fn the_public_api_is_the_reviewed_one() {
    let target = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("api-doc");
    let status = Command::new(env!("CARGO"))
        .args(["doc", "--no-deps", "--lib", "--locked", "--quiet"])
        .arg("--target-dir")
        .arg(&target)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("RUSTDOCFLAGS")
        .status()
        .expect("cargo doc runs");
    assert!(status.success(), "cargo doc failed");
    let doc = target.join("doc").join("urlbnf");
    let all = std::fs::read_to_string(doc.join("all.html")).expect("all.html");
    let mut lines = Vec::new();
    for section in all.split("<h3 id=\"").skip(1) {
        let kind = section.split('"').next().unwrap_or_default().to_string();
        for item in section.split("<li><a href=\"").skip(1) {
            let (href, rest) = item.split_once("\">").expect("a link");
            let name = rest.split("</a>").next().unwrap_or_default();
            lines.push(format!("{kind} {name}"));
            let page = std::fs::read_to_string(Path::new(&doc).join(href)).unwrap_or_default();
            for m in members(&page) {
                lines.push(format!("{kind} {name}: {m}"));
            }
        }
    }
    assert!(lines.len() > 100, "{} names", lines.len());
    common::snapshot_settings().bind(|| {
        insta::assert_snapshot!("public-api", lines.join("\n"));
    });
}

/// The `.rs` files under `dir`, recursively.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("readable").flatten() {
        let path = entry.path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Every public function and method of the API has an example that runs as a
/// doctest: a code block in the doc comment above its `pub fn` (an item
/// public only for the tests is `#[doc(hidden)]`, no part of the API).
#[test]
fn every_public_function_has_an_example() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = vec![src.join("edition/mod.rs"), src.join("error.rs")];
    for layer in ["knowledge", "verdicts", "comparisons", "tools"] {
        sources(&src.join(layer), &mut files);
    }
    // The renderers are internal but for the book's entry point, `write_book`.
    let book = src.join("render/book/mod.rs");
    files.push(book.clone());
    let mut functions = 0;
    let mut bare = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("source");
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            let Some(rest) = line.trim_start().strip_prefix("pub fn ") else {
                continue;
            };
            if *file == book && !rest.starts_with("build(") {
                continue;
            }
            functions += 1;
            let doc: Vec<&str> = lines[..i]
                .iter()
                .rev()
                .map(|l| l.trim_start())
                // Doc comments and attributes, and a `// Long:` line among them.
                .take_while(|l| l.starts_with("//") || l.starts_with("#["))
                .collect();
            let hidden = doc.iter().any(|l| l.starts_with("#[doc(hidden)]"));
            if !hidden && !doc.iter().any(|l| l.starts_with("/// ```")) {
                let name = rest.split(['(', '<']).next().unwrap_or(rest);
                let at = file.strip_prefix(&src).unwrap_or(file).display();
                bare.push(format!("{at}:{} {name}", i + 1));
            }
        }
    }
    assert!(functions > 90, "{functions} public functions found");
    assert!(
        bare.is_empty(),
        "public functions without an example:\n{}",
        bare.join("\n")
    );
}
