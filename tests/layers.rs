//! The source's shape, as the manual's "Developing urlbnf" states it: data
//! flows one way (shared types → readers → engines → knowledge → verdicts →
//! comparisons → tools → renderers → CLI), through paths and macros alike; no
//! two modules of one folder import each other (directly or round a loop); no
//! glob import (`use …::*`) outside test modules; no function over about 100
//! lines without a `// Long: <why>` comment above it; no folder holds more
//! than about a third of the source. Read from the code itself, comments and
//! literals left out. The checker is tested on small sources first (a check
//! that cannot fail proves nothing).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The layers, lowest first; a module may use its own layer and lower ones.
/// The crate root (`lib.rs`) is above them all.
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

/// Glob imports allowed outside test modules, by path prefix, with why.
const ALLOWED_GLOBS: &[(&str, &str)] = &[];

/// A function longer than this needs a `// Long: <why>` comment above it.
const MAX_FN_LINES: usize = 100;

/// Long functions allowed without the comment, by path and name, with why:
/// none today; a line here is for a file mid-rewrite, and goes with it.
const ALLOWED_LONG: &[(&str, &str)] = &[];

/// One source file.
struct Source {
    /// From the crate's folder: `src/tools/report/tally.rs`.
    path: String,
    /// The module path from the crate root (`["tools", "report", "tally"]`;
    /// empty for `lib.rs`); `None` for a file of no module of the crate (a
    /// crate of its own under `src/`, `main.rs`, `build.rs`).
    module: Option<Vec<String>>,
    /// A folder's `mod.rs`.
    is_mod: bool,
    /// The text as written.
    text: String,
    /// The text with comments and the insides of literals blanked out, line
    /// for line.
    code: String,
    /// Where each line of `code` starts.
    starts: Vec<usize>,
}

impl Source {
    fn new(path: &str, text: &str, of_the_crate: bool) -> Source {
        let rel = path.strip_prefix("src/").unwrap_or(path);
        let mut module: Vec<String> = rel
            .trim_end_matches(".rs")
            .split('/')
            .map(str::to_string)
            .collect();
        let is_mod = module.last().is_some_and(|m| m == "mod");
        if is_mod {
            module.pop();
        }
        let module = match rel {
            "lib.rs" => Some(Vec::new()),
            "main.rs" | "build.rs" => None,
            _ => of_the_crate.then_some(module),
        };
        let code = blank(text);
        Source {
            path: path.to_string(),
            module,
            is_mod,
            text: text.to_string(),
            starts: std::iter::once(0)
                .chain(code.match_indices('\n').map(|(at, _)| at + 1))
                .collect(),
            code,
        }
    }

    fn lines(&self) -> usize {
        self.text.lines().count()
    }

    /// The line (from 1) of a byte offset of `code`.
    fn line_at(&self, at: usize) -> usize {
        self.starts.partition_point(|&s| s <= at)
    }
}

/// `text` with comments and the insides of string and character literals
/// as spaces, newlines kept: what the checks read.
fn blank(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let blank_to = |out: &mut String, from: &[char]| {
        for &c in from {
            out.push(if c == '\n' { '\n' } else { ' ' });
        }
    };
    let mut i = 0;
    while let Some(&c) = chars.get(i) {
        let next = chars.get(i + 1).copied();
        let prev_ident = i > 0
            && chars
                .get(i - 1)
                .is_some_and(|p| p.is_alphanumeric() || *p == '_');
        if c == '/' && next == Some('/') {
            let end = (i..chars.len())
                .find(|&j| chars[j] == '\n')
                .unwrap_or(chars.len());
            blank_to(&mut out, &chars[i..end]);
            i = end;
        } else if c == '/' && next == Some('*') {
            let (mut depth, mut j) = (0usize, i);
            while j < chars.len() {
                if chars[j] == '/' && chars.get(j + 1) == Some(&'*') {
                    depth += 1;
                    j += 2;
                } else if chars[j] == '*' && chars.get(j + 1) == Some(&'/') {
                    depth -= 1;
                    j += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    j += 1;
                }
            }
            blank_to(&mut out, &chars[i..j.min(chars.len())]);
            i = j;
        } else if let Some((open, hashes)) = raw_open(&chars, i).filter(|_| !prev_ident) {
            let close: Vec<char> = std::iter::once('"')
                .chain(std::iter::repeat_n('#', hashes))
                .collect();
            let text_end = (open..chars.len())
                .find(|&j| chars[j..].starts_with(&close))
                .unwrap_or(chars.len());
            let end = (text_end + close.len()).min(chars.len());
            out.extend(&chars[i..open]);
            blank_to(&mut out, &chars[open..text_end]);
            out.extend(&chars[text_end..end]);
            i = end;
        } else if c == '"' {
            let mut j = i + 1;
            while j < chars.len() && chars[j] != '"' {
                j += if chars[j] == '\\' { 2 } else { 1 };
            }
            out.push('"');
            blank_to(&mut out, &chars[i + 1..j.min(chars.len())]);
            if j < chars.len() {
                out.push('"');
            }
            i = j + 1;
        } else if c == '\'' && (next == Some('\\') || chars.get(i + 2) == Some(&'\'')) {
            // A character literal ('a', '\n', '\u{7F}'), not a lifetime.
            let mut j = i + 1;
            while j < chars.len() && chars[j] != '\'' {
                j += if chars[j] == '\\' { 2 } else { 1 };
            }
            out.push('\'');
            blank_to(&mut out, &chars[i + 1..j.min(chars.len())]);
            out.push('\'');
            i = j + 1;
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// Where the text of a raw string opening at `i` starts (`r"`, `r#"`,
/// `br"`), and how many `#` close it.
fn raw_open(chars: &[char], i: usize) -> Option<(usize, usize)> {
    let k = i + match chars.get(i..i + 2)? {
        ['b', 'r'] => 2,
        ['r', _] => 1,
        _ => return None,
    };
    let hashes = chars.get(k..)?.iter().take_while(|&&h| h == '#').count();
    (chars.get(k + hashes) == Some(&'"')).then_some((k + hashes + 1, hashes))
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The offsets where `word` stands as a whole word in `code`.
fn words<'a>(code: &'a str, word: &'a str) -> impl Iterator<Item = usize> + 'a {
    code.match_indices(word)
        .map(|(at, _)| at)
        .filter(move |&at| {
            !code[..at].ends_with(is_ident) && !code[at + word.len()..].starts_with(is_ident)
        })
}

/// The byte range of the block whose `{` is at `open`, to its `}`.
fn block(code: &str, open: usize) -> std::ops::Range<usize> {
    let mut depth = 0usize;
    for (k, c) in code[open..].char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return open..open + k + 1;
                }
            }
            _ => {}
        }
    }
    open..code.len()
}

/// The byte ranges of a file's test modules: `#[cfg(test)] mod … { … }`,
/// or `#[cfg(all(test, …))]`.
fn test_blocks(code: &str) -> Vec<std::ops::Range<usize>> {
    code.match_indices("#[cfg(")
        .filter_map(|(at, _)| {
            let rest = &code[at..];
            let attr = &rest[..rest.find(")]")? + 2];
            if words(attr, "test").next().is_none() || attr.contains("not(test") {
                return None;
            }
            let m = words(rest, "mod").next()?;
            let between = rest[attr.len()..m].trim();
            let open = rest[m..].find(['{', ';'])? + m;
            let attribute = between.is_empty()
                || between.starts_with("#[") && between.ends_with(']')
                || between.starts_with("pub");
            (attribute && rest[open..].starts_with('{')).then(|| block(code, at + open))
        })
        .collect()
}

/// The whole tree: the crate's modules, and the files of crates of their own
/// under `src/` (the Python binding), which the glob and length checks read.
fn read_tree() -> Vec<Source> {
    fn walk(dir: &Path, root: &Path, of_the_crate: bool, out: &mut Vec<Source>) {
        let mut entries: Vec<_> = std::fs::read_dir(dir)
            .expect("src is readable")
            .flatten()
            .map(|e| e.path())
            .collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                let own = path.join("Cargo.toml").exists();
                walk(&path, root, of_the_crate && !own, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).expect("source is UTF-8");
                let rel = path.strip_prefix(root).expect("under the crate");
                out.push(Source::new(&rel.to_string_lossy(), &text, of_the_crate));
            }
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    walk(&root.join("src"), root, true, &mut out);
    out
}

/// One module's use of another, where the source says it.
struct Use {
    from: Vec<String>,
    to: Vec<String>,
    path: String,
    line: usize,
    /// What names it: `crate::render::text` or `shout!`.
    what: String,
    /// Through a macro defined there.
    by_macro: bool,
}

/// Every use between modules: the `crate::` and `super::` paths (with the
/// names inside `{…}` one level deep), the crate root's re-exports followed
/// to their module, and each call of a macro defined in another module.
fn uses(tree: &[Source]) -> Vec<Use> {
    let modules: BTreeSet<&Vec<String>> = tree.iter().filter_map(|s| s.module.as_ref()).collect();
    // The crate root's `pub use a::b::{c, d as e}`: each name to its path.
    let mut exports: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for root in tree
        .iter()
        .filter(|s| s.module.as_ref().is_some_and(Vec::is_empty))
    {
        for at in words(&root.code, "use") {
            let stmt = root.code[at + 3..].split(';').next().unwrap_or("");
            let (prefix, items) = match stmt.split_once('{') {
                Some((p, i)) => (p, i.split('}').next().unwrap_or("")),
                None => stmt.rsplit_once("::").unwrap_or(("", stmt)),
            };
            let prefix = segments(prefix);
            for item in items.split(',') {
                let (path, name) = match item.split_once(" as ") {
                    Some((p, n)) => (p, n.trim()),
                    None => (item, item.trim().rsplit("::").next().unwrap_or("")),
                };
                let mut full = prefix.clone();
                full.extend(segments(path));
                if !name.is_empty() {
                    exports.insert(name.to_string(), full);
                }
            }
        }
    }
    let module_of = |path: &[String]| -> Option<Vec<String>> {
        let mut path = path.to_vec();
        if let Some(full) = path.first().and_then(|f| exports.get(f)) {
            path.splice(..1, full.iter().cloned());
        }
        (1..=path.len())
            .rev()
            .map(|n| path[..n].to_vec())
            .find(|p| modules.contains(p))
    };
    // Where each macro of the crate is defined.
    let mut macros: BTreeMap<String, (&Vec<String>, &str)> = BTreeMap::new();
    for s in tree {
        let Some(m) = &s.module else { continue };
        for at in s.code.match_indices("macro_rules!").map(|(at, _)| at) {
            let rest = s.code[at + "macro_rules!".len()..].trim_start();
            let name: String = rest.chars().take_while(|&c| is_ident(c)).collect();
            macros.insert(name, (m, &s.path));
        }
    }
    let mut out = Vec::new();
    for s in tree {
        let Some(from) = &s.module else { continue };
        let mut push = |at: usize, to: Vec<String>, what: String, by_macro: bool| {
            if &to != from {
                out.push(Use {
                    from: from.clone(),
                    to,
                    path: s.path.clone(),
                    line: s.line_at(at),
                    what,
                    by_macro,
                });
            }
        };
        // `super::` from the file's module (a test module's `super::*`
        // lands on the parent: an ordinary use).
        let mut parent = from.clone();
        parent.pop();
        for (anchor, base) in [("crate::", Vec::new()), ("super::", parent)] {
            for (at, _) in s.code.match_indices(anchor) {
                // Not the tail of a longer path.
                if s.code[..at].ends_with(|c: char| is_ident(c) || c == ':') {
                    continue;
                }
                let mut base = base.clone();
                let mut rest = &s.code[at + anchor.len()..];
                while let Some(r) = rest.strip_prefix("super::") {
                    base.pop();
                    rest = r;
                }
                let mut paths = Vec::new();
                if let Some(group) = rest.strip_prefix('{') {
                    for item in group.split('}').next().unwrap_or("").split(',') {
                        paths.push(segments(item.trim()));
                    }
                } else {
                    paths.push(segments(rest));
                }
                for p in paths {
                    let mut path = base.clone();
                    path.extend(p);
                    if let Some(to) = module_of(&path) {
                        let what = format!("{anchor}{}", path.join("::"));
                        push(at, to, what, false);
                    }
                }
            }
        }
        for (name, (defined, _)) in &macros {
            let call = format!("{name}!");
            for at in words(&s.code, name).filter(|&at| s.code[at..].starts_with(&call)) {
                push(at, (*defined).clone(), call.clone(), true);
            }
        }
    }
    out
}

fn segments(path: &str) -> Vec<String> {
    let path = path.trim();
    let end = path
        .find(|c: char| !(is_ident(c) || c == ':'))
        .unwrap_or(path.len());
    path[..end]
        .split("::")
        .filter(|s| !s.is_empty() && *s != "self")
        .map(str::to_string)
        .collect()
}

/// A module's layer, lowest 0; the crate root above every layer.
fn layer(module: &[String]) -> Option<usize> {
    let Some(top) = module.first() else {
        return Some(LAYERS.len());
    };
    LAYERS.iter().position(|l| l.contains(&top.as_str()))
}

/// The uses that run up the layers, each with what to do.
fn upward(tree: &[Source]) -> Vec<String> {
    let mut out = Vec::new();
    for u in uses(tree) {
        let (Some(a), Some(b)) = (layer(&u.from), layer(&u.to)) else {
            continue;
        };
        if b > a {
            let to = if u.to.is_empty() {
                "the crate root (src/lib.rs)".to_string()
            } else {
                u.to.join("::")
            };
            let how = if u.by_macro {
                format!("`{}` is defined in {to}", u.what)
            } else {
                format!("`{}` is in {to}", u.what)
            };
            out.push(format!(
                "{}:{}: {how}, above {}: move what both need down to {} or lower, or have the \
                 higher layer pass it in",
                u.path,
                u.line,
                u.from.join("::"),
                u.from.first().map_or("it", String::as_str),
            ));
        }
    }
    out
}

/// The loops between the modules of one folder, each as its trail.
fn loops(tree: &[Source]) -> Vec<String> {
    // Each use as an edge between the two siblings under their common parent
    // (a module using its parent or its child is the ordinary case).
    let mut edges: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    for u in uses(tree) {
        let (from, to) = (&u.from, &u.to);
        let k = from.iter().zip(to).take_while(|(a, b)| a == b).count();
        if k < from.len() && k < to.len() {
            edges
                .entry(from[..=k].to_vec())
                .or_default()
                .insert(to[..=k].to_vec());
        }
    }
    let mut out = Vec::new();
    for start in edges.keys() {
        let mut seen = BTreeSet::new();
        let mut stack: Vec<Vec<Vec<String>>> = vec![vec![start.clone()]];
        while let Some(trail) = stack.pop() {
            let Some(last) = trail.last() else { continue };
            for next in edges.get(last).into_iter().flatten() {
                if next == start {
                    let names: Vec<String> = trail.iter().map(|m| m.join("::")).collect();
                    out.push(format!(
                        "{} -> {}: move what they share into one of them or a module below both",
                        names.join(" -> "),
                        start.join("::")
                    ));
                } else if seen.insert(next.clone()) {
                    let mut t = trail.clone();
                    t.push(next.clone());
                    stack.push(t);
                }
            }
        }
    }
    out
}

/// The glob imports outside test modules: (path, what to do).
fn globs(tree: &[Source]) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for s in tree {
        let tests = test_blocks(&s.code);
        for at in words(&s.code, "use") {
            let stmt = s.code[at..].split(';').next().unwrap_or("");
            if stmt.contains('*') && !tests.iter().any(|t| t.contains(&at)) {
                out.push((
                    s.path.clone(),
                    format!(
                        "{}:{}: glob import `{}`: import the names used",
                        s.path,
                        s.line_at(at),
                        stmt.split_whitespace().collect::<Vec<_>>().join(" ")
                    ),
                ));
            }
        }
    }
    out
}

/// The functions over [`MAX_FN_LINES`] lines with no `// Long: <why>` line
/// among the comments and attributes just above them: (path, line, name,
/// lines).
fn long_functions(tree: &[Source]) -> Vec<(String, usize, String, usize)> {
    let mut out = Vec::new();
    for s in tree {
        let raw: Vec<&str> = s.text.lines().collect();
        for at in words(&s.code, "fn") {
            let rest = &s.code[at + 2..];
            let name: String = rest
                .trim_start()
                .chars()
                .take_while(|&c| is_ident(c))
                .collect();
            // `fn(u8) -> u8`, a type, has no name.
            if name.is_empty() {
                continue;
            }
            let Some(open) = rest.find(['{', ';']) else {
                continue;
            };
            if rest[open..].starts_with(';') {
                continue;
            }
            let body = block(&s.code, at + 2 + open);
            let first = s.line_at(at);
            let lines = s.line_at(body.end.saturating_sub(1)) - first + 1;
            if lines <= MAX_FN_LINES {
                continue;
            }
            let above = raw[..first - 1]
                .iter()
                .rev()
                .map(|l| l.trim())
                .take_while(|l| l.starts_with("//") || l.starts_with('#') || l.ends_with(']'));
            let said = above.clone().any(|l| {
                l.strip_prefix("//")
                    .is_some_and(|c| c.trim_start().starts_with("Long:"))
            });
            if !said {
                out.push((s.path.clone(), first, name, lines));
            }
        }
    }
    out
}

fn long_messages(tree: &[Source], allowed: &[(&str, &str)]) -> Vec<String> {
    long_functions(tree)
        .into_iter()
        .filter(|(path, _, name, _)| !allowed.contains(&(path.as_str(), name.as_str())))
        .map(|(path, line, name, lines)| {
            format!(
                "{path}:{line}: `{name}` is {lines} lines: split it by concept, or say why it is \
                 long in a line `// Long: <why>` above it"
            )
        })
        .collect()
}

fn crate_files(tree: &[Source]) -> impl Iterator<Item = (&Source, &Vec<String>)> {
    tree.iter().filter_map(|s| Some((s, s.module.as_ref()?)))
}

#[test]
fn the_layers_are_read_as_the_manual_says() {
    let tree = read_tree();
    assert!(crate_files(&tree).count() > 60, "{} files", tree.len());
    assert!(
        uses(&tree)
            .iter()
            .any(|u| u.from == ["verdicts", "check"] && u.to == ["verdicts", "diagnosis"]),
        "the reading finds check's use of diagnosis"
    );
    let up = upward(&tree);
    assert!(
        up.is_empty(),
        "imports that run up the layers:\n{}",
        up.join("\n")
    );
}

#[test]
fn no_modules_import_each_other() {
    let tree = read_tree();
    let l = loops(&tree);
    assert!(
        l.is_empty(),
        "modules that import each other:\n{}",
        l.join("\n")
    );
}

#[test]
fn no_glob_imports_outside_tests() {
    let tree = read_tree();
    let all = globs(&tree);
    let allowed = |path: &str| ALLOWED_GLOBS.iter().any(|(p, _)| path.starts_with(p));
    let g: Vec<&str> = all
        .iter()
        .filter(|(path, _)| !allowed(path))
        .map(|(_, m)| m.as_str())
        .collect();
    assert!(g.is_empty(), "glob imports:\n{}", g.join("\n"));
    // An allowance that allows nothing is to go.
    for (prefix, _) in ALLOWED_GLOBS {
        assert!(
            all.iter().any(|(path, _)| path.starts_with(prefix)),
            "tests/layers.rs: ALLOWED_GLOBS allows {prefix}, which has no glob import left: \
             remove the line"
        );
    }
}

#[test]
fn no_long_function_without_a_reason() {
    let tree = read_tree();
    let long = long_messages(&tree, ALLOWED_LONG);
    assert!(long.is_empty(), "long functions:\n{}", long.join("\n"));
    // An allowance that allows nothing is to go.
    let all = long_functions(&tree);
    for &(path, name) in ALLOWED_LONG {
        assert!(
            all.iter().any(|(p, _, n, _)| p == path && n == name),
            "tests/layers.rs: ALLOWED_LONG allows `{name}` in {path}, which is no longer over \
             {MAX_FN_LINES} lines without a reason: remove the line"
        );
    }
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
    let tree = read_tree();
    let unnamed: Vec<String> = crate_files(&tree)
        .filter(|(_, m)| {
            // The root is lib.rs; a subcommand's file is named by its command.
            !m.is_empty() && m.get(..2) != Some(&["cli".to_string(), "commands".to_string()][..])
        })
        .filter_map(|(s, m)| {
            let last = m.last()?;
            // A folder's mod.rs is named by the folder.
            let name = if s.is_mod {
                format!("{last}/")
            } else {
                format!("{last}.rs")
            };
            (!layout.contains(&format!("`{name}")) && !layout.contains(&format!("{name}`")))
                .then(|| m.join("/"))
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
    let tree = read_tree();
    let files: Vec<_> = crate_files(&tree).collect();
    let total: usize = files.iter().map(|(s, _)| s.lines()).sum();
    let mut by_folder: BTreeMap<String, usize> = BTreeMap::new();
    for (s, m) in &files {
        if m.len() > 1 || s.is_mod {
            *by_folder.entry(m[0].clone()).or_default() += s.lines();
        }
    }
    for (folder, lines) in &by_folder {
        assert!(
            *lines * 3 <= total + total / 20,
            "src/{folder}/ holds {lines} of {total} lines: split it into the layers it holds"
        );
    }
}

// The checker on small sources.

fn tree(files: &[(&str, &str)]) -> Vec<Source> {
    files.iter().map(|(p, t)| Source::new(p, t, true)).collect()
}

#[test]
fn the_checker_reports_an_import_up_the_layers_by_path() {
    let t = tree(&[
        ("src/verdicts/x.rs", "//! x\n\nuse crate::render::text;\n"),
        ("src/render/text.rs", "pub fn t() {}\n"),
        (
            "src/engine/y.rs",
            "// crate::render::text in a comment\nconst S: &str = \"crate::render::text\";\n",
        ),
    ]);
    assert_eq!(
        upward(&t),
        [
            "src/verdicts/x.rs:3: `crate::render::text` is in render::text, above verdicts::x: \
          move what both need down to verdicts or lower, or have the higher layer pass it in"
        ]
    );
}

#[test]
fn the_checker_reports_an_import_up_the_layers_by_macro() {
    let t = tree(&[
        (
            "src/lib.rs",
            "macro_rules! shout {\n    () => {};\n}\nmod verdicts;\n",
        ),
        ("src/verdicts/x.rs", "shout! {}\n"),
        ("src/render/mod.rs", "macro_rules! whisper { () => {} }\n"),
        ("src/verdicts/y.rs", "fn f() {\n    whisper!();\n}\n"),
        ("src/engine/mod.rs", "macro_rules! low { () => {} }\n"),
        ("src/verdicts/z.rs", "fn g() { low!(); }\n"),
    ]);
    let up = upward(&t);
    assert_eq!(up.len(), 2, "{up:#?}");
    assert!(up[0].starts_with("src/verdicts/x.rs:1: `shout!` is defined in the crate root (src/lib.rs), above verdicts::x"), "{}", up[0]);
    assert!(
        up[1]
            .starts_with("src/verdicts/y.rs:2: `whisper!` is defined in render, above verdicts::y"),
        "{}",
        up[1]
    );
}

#[test]
fn the_checker_reports_modules_that_import_each_other() {
    let t = tree(&[
        ("src/tools/a.rs", "use super::b::B;\n"),
        ("src/tools/b.rs", "use crate::tools::c::C;\n"),
        ("src/tools/c.rs", "use super::a::A;\n"),
        ("src/tools/d.rs", "use super::a::A;\n"),
    ]);
    let l = loops(&t);
    assert_eq!(l.len(), 3, "{l:#?}");
    assert!(
        l[0].starts_with("tools::a -> tools::b -> tools::c -> tools::a"),
        "{}",
        l[0]
    );
}

#[test]
fn the_checker_reports_glob_imports_outside_tests() {
    let t = tree(&[(
        "src/verdicts/x.rs",
        "use crate::edition::*;\nuse std::{fmt, io::*};\nuse std::fmt::Write;\n\
         fn f() {\n    use Kind::*;\n}\n\
         #[cfg(test)]\nmod tests {\n    use super::*;\n}\n\
         const S: &str = \"use a::*;\";\n",
    )]);
    let found: Vec<String> = globs(&t).into_iter().map(|(_, m)| m).collect();
    assert_eq!(
        found,
        [
            "src/verdicts/x.rs:1: glob import `use crate::edition::*`: import the names used",
            "src/verdicts/x.rs:2: glob import `use std::{fmt, io::*}`: import the names used",
            "src/verdicts/x.rs:5: glob import `use Kind::*`: import the names used",
        ]
    );
}

#[test]
fn the_checker_reports_a_long_function_without_a_reason() {
    let body = |n: usize| "    let x = 1;\n".repeat(n);
    let text = format!(
        "/// Long, but says nothing of why.\nfn long() {{\n{}}}\n\n\
         /// A doc comment.\n// Long: one arm per scheme, in the document's order.\n#[inline]\nfn said() {{\n{}}}\n\n\
         fn short() {{\n{}}}\n\n\
         trait T {{\n    fn declared(&self);\n}}\n\
         fn takes(f: fn(u8) -> u8) -> u8 {{ f(1) }}\n",
        body(118),
        body(118),
        body(98)
    );
    let t = tree(&[("src/verdicts/x.rs", &text)]);
    assert_eq!(
        long_messages(&t, &[]),
        [
            "src/verdicts/x.rs:2: `long` is 120 lines: split it by concept, or say why it is long \
          in a line `// Long: <why>` above it"
        ]
    );
    assert!(long_messages(&t, &[("src/verdicts/x.rs", "long")]).is_empty());
}

#[test]
fn comments_and_literals_are_blanked_line_for_line() {
    let text = "let a = \"// not a comment {\"; // a comment {\n\
                let b = r#\"a \" { b\"#; let c = '{'; let d = '\\'';\n\
                fn f<'a>(x: &'a str) {} /* a { \n block */ let e = b\"{\";\n";
    let code = blank(text);
    assert_eq!(code.lines().count(), text.lines().count());
    assert_eq!(
        (code.matches('{').count(), code.matches('}').count()),
        (1, 1),
        "{code}"
    );
    assert!(code.contains("fn f<'a>(x: &'a str) {}"), "{code}");
    assert!(!code.contains("comment"), "{code}");
}
