//! The public API is what a user can name: every item the docs list, with
//! each struct's and enum's fields, variants and inherent methods. It is a
//! snapshot, so a change to the surface shows up in review (semver hygiene).
//! The docs are built for the default features into their own target folder.

mod common;

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
