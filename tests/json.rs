//! Every command's JSON speaks one vocabulary: the manual's table "JSON: one
//! vocabulary". Each name a command writes (outside the AST) is in the table
//! with the type it is written with; each name in the table is written by some
//! command here; spans and offsets count the units the table says.

use crate::common;

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;

/// The manual's table (`src/render/book/manual/json.md`): name -> the JSON types it may have.
fn vocabulary() -> BTreeMap<String, BTreeSet<&'static str>> {
    let section = include_str!("../src/render/book/manual/json.md");
    let end = section.find("\n## ").unwrap_or(section.len());
    let mut names = BTreeMap::new();
    for row in section[..end].lines().filter(|l| l.starts_with("| `")) {
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        let types: BTreeSet<&'static str> = ["string", "integer", "boolean", "array", "object"]
            .into_iter()
            .filter(|t| cells[2].split(" or ").any(|c| c == *t))
            .collect();
        assert!(!types.is_empty(), "no type in row {row}");
        for name in cells[1].split(", ") {
            names.insert(name.trim_matches('`').to_string(), types.clone());
        }
    }
    names
}

fn type_of(v: &Value) -> &'static str {
    match v {
        Value::String(_) => "string",
        Value::Number(_) => "integer",
        Value::Bool(_) => "boolean",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
        Value::Null => "null",
    }
}

/// Every command with `--json`, on inputs that bring out every field.
fn outputs() -> Vec<(String, Value)> {
    let report_input = b"http://a/b\nHTTP://a/\nnews:*\nx y\n";
    let runs: Vec<(Vec<&str>, &[u8])> = vec![
        (
            vec![
                "check",
                "--json",
                "--lint",
                "http://a:81/%0d",
                "ftp://u:p@h/",
                "http://ä/ b",
            ],
            b"",
        ),
        (vec!["check", "--json", "--quiet", "http://a/", "x"], b""),
        (
            vec![
                "check",
                "--json",
                "--grammar",
                "rfc1738",
                "HTTP://a/",
                "gopher://h/0a%09b/",
            ],
            b"",
        ),
        (vec!["check", "--json", "--only", "invalid", "x y"], b""),
        (
            vec!["check", "--json", "--grammar", "rfc1738", "http://h:abc/"],
            b"",
        ),
        (
            vec!["report", "--json", "--lint", "--known-schemes"],
            b"http://h:8080/\nhttp://h:abc/\n",
        ),
        (
            vec![
                "parse",
                "--json",
                "http://ä/b?c",
                "gopher://h/0s%09q",
                "x y",
            ],
            b"",
        ),
        (
            vec![
                "parse",
                "--json",
                "--grammar",
                "draft-1994",
                "--rule",
                "prefixedurl",
                "url:http://h/",
            ],
            b"",
        ),
        (
            vec!["tree", "--json", "--grammar", "draft-1993", "http://h:80/"],
            b"",
        ),
        (
            vec!["compare", "--json", "news:*", "HTTP://Example.COM"],
            b"",
        ),
        (
            vec!["explain", "--json", "--grammar", "draft-1993", "xpalphas"],
            b"",
        ),
        (
            vec!["explain", "--json", "--grammar", "rfc1738", "hsegment"],
            b"",
        ),
        (
            vec!["explain", "--json", "--grammar", "draft-1994", "url"],
            b"",
        ),
        (
            vec!["resolve", "--json", "http://a/b/c", "../d", "g/.."],
            b"",
        ),
        (
            vec!["resolve", "--compare", "--json", "http://a/b/c", "../d"],
            b"",
        ),
        // A reference that is no URI-reference; a reading that fails.
        (vec!["resolve", "--json", "http://a/b/c", "a b"], b""),
        (
            vec![
                "resolve",
                "--json",
                "--rules",
                "whatwg",
                "http://a/b",
                "///g",
            ],
            b"",
        ),
        (
            vec![
                "equiv",
                "--json",
                "--grammar",
                "rfc1738",
                "http://ä/%4",
                "http://a/%zz",
            ],
            b"",
        ),
        (
            vec![
                "equiv",
                "--json",
                "--level",
                "scheme",
                "http://a",
                "http://a:80/",
            ],
            b"",
        ),
        (
            vec!["normalize", "--json", "--level", "scheme"],
            b"HTTP://a:80\nhttp://a b\n",
        ),
        (vec!["equiv", "--json", "http://a/%41", "http://a/A"], b""),
        (vec!["equiv", "--json", "HTTP://H/", "http://h/"], b""),
        (
            vec![
                "equiv",
                "--json",
                "--grammar",
                "rfc1738",
                "http://H/",
                "http://h/",
            ],
            b"",
        ),
        (vec!["encode", "--json", "a b"], b""),
        (
            vec![
                "encode",
                "--json",
                "--grammar",
                "rfc3986",
                "--component",
                "query",
                "a b",
            ],
            b"",
        ),
        // A line that is not UTF-8: its bytes beside the lossy text.
        (
            vec!["check", "--json", "--grammar", "rfc1738"],
            b"http://a/\xff\n",
        ),
        (
            vec!["parse", "--json", "--grammar", "rfc1738"],
            b"http://a/\xff\n",
        ),
        (
            vec!["extract", "--json"],
            b"see <URL:http://a/b-\n  c> and <news:a.b>\n",
        ),
        (vec!["diff", "--json", "draft-1993", "draft-1994"], b""),
        (
            vec![
                "diff",
                "--json",
                "rfc1630-url",
                "rfc1738",
                "--rule",
                "hsegment",
            ],
            b"",
        ),
        (vec!["regex", "--json", "--grammar", "rfc1630-uri"], b""),
        (vec!["report", "--json"], report_input),
        // A peer that takes what has no "[" (both sides), and one that sees
        // the host "x" in every input (components).
        (
            vec![
                "conform",
                "--json",
                "--grammar",
                "rfc3986",
                "--rule",
                "URI-reference",
                "--derived",
                "20",
                "--",
                "awk",
                "{print index($0, \"[\") ? 0 : 1}",
            ],
            b"",
        ),
        (
            vec![
                "conform",
                "--json",
                "--grammar",
                "rfc3986",
                "--components",
                "--derived",
                "20",
                "--",
                "sed",
                "s/.*/{\"host\": \"x\"}/",
            ],
            b"",
        ),
    ];
    let mut out = Vec::new();
    for (args, stdin) in runs {
        let run = common::run_urlbnf(&args, stdin);
        let code = run.status.code();
        assert!(matches!(code, Some(0 | 1)), "{args:?} exited {code:?}");
        let stdout = String::from_utf8(run.stdout).expect("JSON is UTF-8");
        assert!(!stdout.trim().is_empty(), "{args:?} wrote nothing");
        for line in stdout.lines() {
            let v = serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("{args:?} wrote a line that is not JSON ({e}): {line}"));
            out.push((args.join(" "), v));
        }
    }
    out
}

/// Walk a value, calling `f(name, value, inside the AST)` for every member.
fn walk(v: &Value, in_ast: bool, f: &mut impl FnMut(&str, &Value, bool)) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                f(k, x, in_ast);
                walk(x, in_ast || (k == "url" && x.is_object()), f);
            }
        }
        Value::Array(a) => a.iter().for_each(|x| walk(x, in_ast, f)),
        _ => {}
    }
}

#[test]
fn every_name_written_is_in_the_vocabulary_with_its_type() {
    let vocabulary = vocabulary();
    let mut unknown = BTreeSet::new();
    let mut seen = BTreeSet::new();
    for (command, v) in outputs() {
        walk(&v, false, &mut |name, value, in_ast| {
            if in_ast {
                return;
            }
            seen.insert(name.to_string());
            match vocabulary.get(name) {
                None => {
                    unknown.insert(format!("{name} (in {command})"));
                }
                Some(types) => assert!(
                    types.contains(type_of(value)),
                    "{command}: {name} is {}, the vocabulary says {types:?}",
                    type_of(value)
                ),
            }
        });
    }
    assert!(
        unknown.is_empty(),
        "names not in the manual's vocabulary: {unknown:?}"
    );
    let unused: Vec<&String> = vocabulary.keys().filter(|n| !seen.contains(*n)).collect();
    assert!(
        unused.is_empty(),
        "in the vocabulary but written by no command: {unused:?}"
    );
    // The one name the old output used for an edition is gone.
    assert!(!vocabulary.contains_key("edition"));
}

/// `offset` counts characters and `byte_offset` bytes, at the same place; AST
/// parts and derivation nodes span bytes of their input.
#[test]
fn offsets_and_spans_count_the_units_they_say() {
    let (mut offsets, mut spans) = (0, 0);
    for (command, v) in outputs() {
        // equiv: where each input stops (at the "ä" itself: no grammar has it).
        for side in v
            .get("urls")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            let url = side
                .get("input")
                .and_then(Value::as_str)
                .unwrap_or_default();
            for e in side
                .get("errors")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                let chars = e["offset"].as_u64().unwrap() as usize;
                let bytes = e["byte_offset"].as_u64().unwrap() as usize;
                assert_eq!(
                    url.get(..bytes).map(|p| p.chars().count()),
                    Some(chars),
                    "{url}"
                );
                offsets += 1;
            }
        }
        let Some(input) = v.get("input").and_then(Value::as_str).map(str::to_string) else {
            continue;
        };
        walk(&v, false, &mut |name, value, _| {
            if name == "error" {
                let chars = value["offset"].as_u64().unwrap() as usize;
                let bytes = value["byte_offset"].as_u64().unwrap() as usize;
                let prefix = input
                    .get(..bytes)
                    .expect("byte_offset is a character boundary");
                assert_eq!(prefix.chars().count(), chars, "{command}: {input}");
                offsets += 1;
            }
            if let (Some(text), Some(start), Some(end)) = (
                value.get("text").and_then(Value::as_str),
                value.get("start").and_then(Value::as_u64),
                value.get("end").and_then(Value::as_u64),
            ) {
                // Spans count characters, as offsets do.
                let span: String = input
                    .chars()
                    .skip(start as usize)
                    .take((end - start) as usize)
                    .collect();
                assert_eq!(span, text, "{command}: {input}");
                spans += 1;
            }
        });
    }
    assert!(
        offsets >= 6 && spans >= 20,
        "{offsets} offsets, {spans} spans checked"
    );
}

/// The schema `urlbnf schema COMMAND` publishes, compiled by a JSON Schema
/// validator.
fn published_schema(command: &str) -> jsonschema::Validator {
    let run = common::run_urlbnf(&["schema", command], b"");
    assert_eq!(run.status.code(), Some(0), "urlbnf schema {command}");
    let schema: Value = serde_json::from_slice(&run.stdout).expect("a schema is JSON");
    jsonschema::validator_for(&schema).unwrap_or_else(|e| panic!("schema of {command}: {e}"))
}

/// Every line every command writes is an instance of the schema published
/// for that command; every command with `--json` is run.
#[test]
fn every_line_is_valid_under_its_commands_published_schema() {
    let mut validators: BTreeMap<String, jsonschema::Validator> = BTreeMap::new();
    for (command, v) in outputs() {
        let name = command.split(' ').next().unwrap_or_default().to_string();
        let validator = validators
            .entry(name.clone())
            .or_insert_with(|| published_schema(&name));
        let errors: Vec<String> = validator.iter_errors(&v).map(|e| e.to_string()).collect();
        assert!(errors.is_empty(), "{command}: {errors:?}\n{v}");
    }
    let commands: Vec<&str> = validators.keys().map(String::as_str).collect();
    assert_eq!(
        commands,
        [
            "check",
            "compare",
            "conform",
            "diff",
            "encode",
            "equiv",
            "explain",
            "extract",
            "normalize",
            "parse",
            "regex",
            "report",
            "resolve",
            "tree"
        ]
    );
}

/// The schemas are closed and typed: a name they do not list, a value of
/// another type, or a missing name is an error.
#[test]
fn the_schemas_reject_what_the_commands_never_write() {
    let check = published_schema("check");
    let line: Value = serde_json::json!({
        "input": "x", "grammar": "rfc1738", "rule": "url", "valid": false,
        "error": {"offset": 0, "byte_offset": 0, "expected": ["lowalpha"], "found": "x",
                  "message": "expected lowalpha; found \"x\""}
    });
    assert!(check.is_valid(&line));
    let mut extra = line.clone();
    extra["error"]["hint"] = "?".into();
    let mut typed = line.clone();
    typed["error"]["offset"] = "0".into();
    let mut missing = line.clone();
    missing["error"].as_object_mut().unwrap().remove("found");
    let mut edition = line;
    edition["grammar"] = "rfc9999".into();
    for bad in [extra, typed, missing, edition] {
        assert!(!check.is_valid(&bad), "{bad}");
    }
}

/// Every scheme's AST, in every edition: `parse` and `compare` on the seed
/// corpus and on URLs derived from each edition's grammar are instances of
/// their schemas.
#[test]
fn the_seed_corpus_parses_are_valid_under_the_published_schemas() {
    let mut inputs: Vec<String> = common::corpus().iter().map(|s| s.to_string()).collect();
    for e in urlbnf::Edition::ALL {
        inputs.extend(common::samples(e, e.default_rule(), 150, 7));
    }
    inputs.retain(|s| !s.contains(['\n', '\r']));
    let corpus = inputs.join("\n") + "\n";
    for command in ["parse", "compare"] {
        let validator = published_schema(command);
        let run = common::run_urlbnf(&[command, "--json"], corpus.as_bytes());
        let stdout = String::from_utf8(run.stdout).expect("JSON is UTF-8");
        let mut kinds = BTreeSet::new();
        for line in stdout.lines() {
            let v: Value = serde_json::from_str(line).expect("a JSON line");
            let errors: Vec<String> = validator.iter_errors(&v).map(|e| e.to_string()).collect();
            assert!(errors.is_empty(), "{command}: {errors:?}\n{v}");
            walk(&v, false, &mut |name, value, _| {
                if name == "kind" && value.is_string() {
                    kinds.insert(value.to_string());
                }
            });
        }
        // Bodies of every kind (and hosts of every kind) were checked.
        assert_eq!(kinds.len(), 20, "{command}: {kinds:?}");
    }
}

/// The schemas speak in the values a script sees, not in Rust names: no
/// description holds a doc link (`[`FOUND_END`]` was printed as such).
#[test]
fn schema_descriptions_name_values_not_rust_items() {
    let commands = [
        "check",
        "parse",
        "tree",
        "diff",
        "compare",
        "resolve",
        "equiv",
        "normalize",
        "encode",
        "extract",
        "explain",
        "regex",
        "report",
        "conform",
    ];
    let mut descriptions = 0;
    for command in commands {
        let out = common::run_urlbnf(&["schema", command], b"");
        assert_eq!(out.status.code(), Some(0), "{command}");
        let text = String::from_utf8_lossy(&out.stdout);
        let schema: serde_json::Value = serde_json::from_str(&text).unwrap();
        let mut stack = vec![&schema];
        while let Some(node) = stack.pop() {
            match node {
                serde_json::Value::Object(map) => {
                    if let Some(serde_json::Value::String(d)) = map.get("description") {
                        descriptions += 1;
                        assert!(!d.contains("[`"), "{command}: {d}");
                    }
                    stack.extend(map.values());
                }
                serde_json::Value::Array(items) => stack.extend(items),
                _ => {}
            }
        }
    }
    assert!(descriptions > 100, "{descriptions} descriptions");
    let report = common::run_urlbnf(&["schema", "report"], b"");
    assert!(String::from_utf8_lossy(&report.stdout).contains("(other schemes)"));
}

/// `schema check` names every note code a verdict can carry (it left out
/// `catch-all`).
#[test]
fn schema_check_names_every_note_code() {
    let out = common::run_urlbnf(&["schema", "check"], b"");
    let text = String::from_utf8_lossy(&out.stdout);
    let codes = urlbnf::prose::DISAGREEMENTS.iter().chain(&[
        "no-scheme-rule",
        "fragment",
        "generic-slashes",
        "gopher-type",
        "default-port",
        "file-host",
        "ftp-type",
    ]);
    for code in codes {
        assert!(text.contains(&format!("`{code}`")), "{code}");
    }
}

/// A span after a character that is not ASCII counts characters, as the
/// offsets beside it do: RFC 1738's note on the `#` of `http://é/#x`.
#[test]
fn a_notes_span_counts_characters() {
    let out = common::run_urlbnf(
        &["check", "--grammar", "rfc1738", "--json", "http://é/#x"],
        b"",
    );
    let v: Value = serde_json::from_slice(&out.stdout).expect("one JSON line");
    let note = &v["notes"][0];
    assert_eq!(note["code"], "fragment");
    assert_eq!(
        (note["start"].as_u64(), note["end"].as_u64()),
        (Some(9), Some(10))
    );
    assert_eq!(v["error"]["offset"], 7);
    assert_eq!(v["error"]["byte_offset"], 7);
}
