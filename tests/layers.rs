//! The source's shape, as the README's "Layout" states it: data flows one way
//! (shared types → readers → engines → knowledge → verdicts → comparisons →
//! tools → renderers → CLI), no two modules of one folder import each other
//! (directly or round a loop), no folder holds more than about a third of the
//! source, and no source file outgrows about 500 lines. Read from the `crate::` and `super::`
//! paths in the code itself, comments left out.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The layers, lowest first; a module may use its own layer and lower ones.
const LAYERS: &[&[&str]] = &[
    &["testing"],
    &["edition"],
    &["error"],
    &["grammar"],
    &["engine"],
    &["knowledge"],
    &["verdicts"],
    &["comparisons"],
    &["tools"],
    &["render"],
    &["cli"],
];

/// What the crate root re-exports, by the module that defines it.
const ROOT: &[(&str, &str)] = &[
    ("Edition", "edition"),
    ("EditionInfo", "edition"),
    ("UnknownEdition", "edition"),
    ("Error", "error"),
    ("CheckError", "verdicts::check"),
    ("Checker", "verdicts::check"),
    ("Engine", "verdicts::check"),
    ("Expected", "verdicts::check"),
    ("Verdict", "verdicts::check"),
    ("write_book", "render::book"),
    ("load_grammar", "engine::grammar_file"),
    ("load_grammar_text", "engine::grammar_file"),
    ("FileRead", "engine::grammar_file"),
    ("file_read", "engine::grammar_file"),
    ("Notation", "grammar::printed"),
];

const MAX_LINES: usize = 500;

/// A module path from the crate root, `["verdicts", "check"]`.
type Module = Vec<String>;
/// Which modules each module names.
type Uses = BTreeMap<Module, BTreeSet<Module>>;

struct File {
    /// The module path, `tools::report::tally`.
    module: Vec<String>,
    /// The code without comments.
    code: String,
    lines: usize,
    /// A folder's `mod.rs`.
    is_mod: bool,
}

fn files(dir: &Path, out: &mut Vec<File>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("src is readable")
        .flatten()
        .map(|e| e.path())
        .collect();
    entries.sort();
    for path in entries {
        // A crate of its own under src/ (the Python binding) is no module.
        if path.is_dir() && path.join("Cargo.toml").exists() {
            continue;
        }
        if path.is_dir() {
            files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).expect("source is UTF-8");
            let rel = path.strip_prefix(src()).expect("under src");
            let mut module: Vec<String> = rel
                .with_extension("")
                .iter()
                .map(|c| c.to_string_lossy().into_owned())
                .collect();
            let is_mod = module.last().is_some_and(|m| m == "mod");
            if is_mod {
                module.pop();
            }
            let code = text
                .lines()
                .map(|l| l.split("//").next().unwrap_or(""))
                .collect::<Vec<_>>()
                .join("\n");
            out.push(File {
                module,
                code,
                lines: text.lines().count(),
                is_mod,
            });
        }
    }
}

fn src() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src"))
}

/// The paths a file names, each as a list of segments from the crate root:
/// `crate::a::b`, `super::a` (resolved from the file's module) and the names
/// inside `use crate::{a, b::c}` groups one level deep.
fn references(file: &File) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let code = &file.code;
    for (anchor, base) in [
        ("crate::", Vec::new()),
        ("super::", {
            let mut parent = file.module.clone();
            parent.pop();
            parent
        }),
    ] {
        for (at, _) in code.match_indices(anchor) {
            // Not the tail of a longer path (`self::super::` is not used).
            if code[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_') {
                continue;
            }
            let rest = &code[at + anchor.len()..];
            let mut base = base.clone();
            let mut rest = rest;
            // `super::super::`
            while let Some(r) = rest.strip_prefix("super::") {
                base.pop();
                rest = r;
            }
            if let Some(group) = rest.strip_prefix('{') {
                let inner = group.split('}').next().unwrap_or("");
                for item in inner.split(',') {
                    let mut path = base.clone();
                    path.extend(segments(item.trim()));
                    out.push(path);
                }
            } else {
                let mut path = base;
                path.extend(segments(rest));
                out.push(path);
            }
        }
    }
    out
}

fn segments(path: &str) -> Vec<String> {
    let end = path
        .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
        .unwrap_or(path.len());
    path[..end]
        .split("::")
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect()
}

/// The module a path lands in: its longest prefix that is a module, after the
/// crate root's re-exports.
fn module_of(path: &[String], modules: &BTreeSet<Vec<String>>) -> Option<Vec<String>> {
    let mut path = path.to_vec();
    if let Some(first) = path.first().cloned() {
        if let Some((_, m)) = ROOT.iter().find(|(n, _)| *n == first) {
            path = m.split("::").map(str::to_string).collect();
        } else if let Some(layer) = ["knowledge", "verdicts", "comparisons", "tools"]
            .into_iter()
            .find(|l| modules.contains(&vec![l.to_string(), first.clone()]))
        {
            // A module the crate root re-exports (`crate::ast`).
            path.insert(0, layer.to_string());
        }
    }
    (1..=path.len())
        .rev()
        .map(|n| path[..n].to_vec())
        .find(|p| modules.contains(p))
}

fn layer(module: &[String]) -> Option<usize> {
    let top = module.first()?;
    LAYERS.iter().position(|l| l.contains(&top.as_str()))
}

fn all() -> (Vec<File>, Uses) {
    let mut all = Vec::new();
    files(src(), &mut all);
    let modules: BTreeSet<Vec<String>> = all.iter().map(|f| f.module.clone()).collect();
    let mut uses = Uses::new();
    for f in &all {
        for r in references(f) {
            if let Some(m) = module_of(&r, &modules)
                && m != f.module
            {
                uses.entry(f.module.clone()).or_default().insert(m);
            }
        }
    }
    (all, uses)
}

#[test]
fn the_layers_are_read_as_the_readme_says() {
    let (all, uses) = all();
    assert!(all.len() > 60, "{} files", all.len());
    assert!(
        uses.get(&vec!["verdicts".into(), "check".into()])
            .is_some_and(|u| u.contains(&vec!["verdicts".into(), "diagnosis".into()])),
        "the reading finds check's use of diagnosis"
    );
    let mut upward = Vec::new();
    for (from, tos) in &uses {
        for to in tos {
            if let (Some(a), Some(b)) = (layer(from), layer(to))
                && b > a
            {
                upward.push(format!("{} uses {}", from.join("::"), to.join("::")));
            }
        }
    }
    assert!(
        upward.is_empty(),
        "imports that run up the layers:\n{}",
        upward.join("\n")
    );
}

#[test]
fn no_modules_import_each_other() {
    let (_, uses) = all();
    // Each use as an edge between the two siblings under their common parent
    // (a module using its parent or its child is the ordinary case).
    let mut edges = Uses::new();
    for (from, tos) in &uses {
        for to in tos {
            let k = from.iter().zip(to).take_while(|(a, b)| a == b).count();
            if k < from.len() && k < to.len() {
                edges
                    .entry(from[..=k].to_vec())
                    .or_default()
                    .insert(to[..=k].to_vec());
            }
        }
    }
    assert!(edges.len() > 20, "{} modules use a sibling", edges.len());
    // A loop: a module that reaches itself again.
    let mut loops = Vec::new();
    for start in edges.keys() {
        let mut seen = BTreeSet::new();
        let mut stack: Vec<Vec<Vec<String>>> = vec![vec![start.clone()]];
        while let Some(trail) = stack.pop() {
            let Some(last) = trail.last() else { continue };
            for next in edges.get(last).into_iter().flatten() {
                if next == start {
                    let names: Vec<String> = trail.iter().map(|m| m.join("::")).collect();
                    loops.push(format!("{} -> {}", names.join(" -> "), start.join("::")));
                } else if seen.insert(next.clone()) {
                    let mut t = trail.clone();
                    t.push(next.clone());
                    stack.push(t);
                }
            }
        }
    }
    assert!(
        loops.is_empty(),
        "modules that import each other:\n{}",
        loops.join("\n")
    );
}

#[test]
fn every_source_file_stays_small() {
    let (all, _) = all();
    let big: Vec<String> = all
        .iter()
        .filter(|f| f.lines > MAX_LINES)
        .map(|f| format!("{}: {} lines", f.module.join("/"), f.lines))
        .collect();
    assert!(
        big.is_empty(),
        "over {MAX_LINES} lines:\n{}",
        big.join("\n")
    );
}

/// The manual's tour of the source ("Developing urlbnf", linked from the
/// README's Layout) names every source file.
#[test]
fn the_layout_names_every_source_file() {
    let manual = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/src/render/book/manual/developing.md"
    ))
    .expect("the developing chapter");
    let layout = manual
        .split("## The source, folder by folder")
        .nth(1)
        .and_then(|s| s.split("\n## ").next())
        .expect("a section on the source");
    let (all, _) = all();
    let unnamed: Vec<String> = all
        .iter()
        .filter(|f| {
            f.module.first().is_none_or(|m| m != "cli")
                || f.module.get(1).is_none_or(|m| m != "commands")
        })
        .filter_map(|f| {
            let last = f.module.last()?;
            // A folder's mod.rs is named by the folder.
            let name = if f.is_mod {
                format!("{last}/")
            } else {
                format!("{last}.rs")
            };
            (!layout.contains(&format!("`{name}")) && !layout.contains(&format!("{name}`")))
                .then(|| f.module.join("/"))
        })
        .collect();
    assert!(
        unnamed.is_empty(),
        "files the manual's tour of the source does not name:\n{}",
        unnamed.join("\n")
    );
}

/// No layer's folder outgrows the others: each holds at most about a third
/// of the source (a folder that grows past it holds several layers).
#[test]
fn no_folder_holds_more_than_a_third_of_the_source() {
    let (all, _) = all();
    let total: usize = all.iter().map(|f| f.lines).sum();
    let mut by_folder: BTreeMap<String, usize> = BTreeMap::new();
    for f in &all {
        if f.module.len() > 1 || f.is_mod {
            *by_folder.entry(f.module[0].clone()).or_default() += f.lines;
        }
    }
    for (folder, lines) in &by_folder {
        assert!(
            *lines * 3 <= total + total / 20,
            "src/{folder}/ holds {lines} of {total} lines: split it into the layers it holds"
        );
    }
}
