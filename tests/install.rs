//! Installing: the minimum Rust version said in `Cargo.toml` and the README is
//! the newest `rust-version` among the locked dependencies the crate builds
//! with, and the README installs with the lock.

use std::collections::{BTreeSet, HashMap};

use serde_json::Value;

/// `major.minor` of a version such as `1.88` or `1.88.0`.
fn minor(v: &str) -> (u32, u32) {
    let mut parts = v.split('.').map(|p| p.parse::<u32>().unwrap_or(0));
    (parts.next().unwrap_or(0), parts.next().unwrap_or(0))
}

#[test]
fn the_minimum_rust_version_is_the_newest_a_dependency_needs() {
    let out = std::process::Command::new(env!("CARGO"))
        .args(["metadata", "--format-version", "1", "--locked", "--offline"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo metadata runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let meta: Value = serde_json::from_slice(&out.stdout).expect("metadata is JSON");
    let packages: HashMap<&str, &Value> = meta["packages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["id"].as_str().unwrap(), p))
        .collect();
    let nodes: HashMap<&str, &Value> = meta["resolve"]["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| (n["id"].as_str().unwrap(), n))
        .collect();
    // What building the crate compiles: normal and build dependencies.
    let root = meta["resolve"]["root"].as_str().unwrap();
    let (mut seen, mut todo) = (BTreeSet::new(), vec![root]);
    while let Some(id) = todo.pop() {
        if !seen.insert(id) {
            continue;
        }
        for dep in nodes[id]["deps"].as_array().unwrap() {
            let builds = dep["dep_kinds"]
                .as_array()
                .unwrap()
                .iter()
                .any(|k| k["kind"].is_null() || k["kind"] == "build");
            if builds {
                todo.push(dep["pkg"].as_str().unwrap());
            }
        }
    }
    let (needed, by) = seen
        .iter()
        .filter(|id| **id != root)
        .filter_map(|id| {
            let p = packages[id];
            Some((minor(p["rust_version"].as_str()?), p["name"].as_str()?))
        })
        .max()
        .expect("some dependency states its rust-version");
    let ours = minor(
        packages[root]["rust_version"]
            .as_str()
            .expect("rust-version"),
    );
    assert_eq!(
        ours, needed,
        "Cargo.toml's rust-version; {by} needs {needed:?}"
    );
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    assert!(
        readme.contains(&format!("needs Rust {}.{} or later", ours.0, ours.1)),
        "the README states the minimum Rust version"
    );
    assert!(readme.contains("cargo install --locked --path ."));
}
