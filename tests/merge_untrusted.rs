//! `report --merge` reads reports made on other machines: untrusted input.
//! A forged or damaged part is refused (exit 2) with its file and the field it
//! got wrong, first file or not, before anything is counted or rendered.

use crate::common;

use serde_json::{Value, json};

/// A small, valid report.
fn good() -> Value {
    report_of(b"http://a/\nhttp://h/~joe\nmailto:x\nHTTP://b/\nfoo:bar\n\n")
}

fn report_of(input: &[u8]) -> Value {
    let out = common::run_urlbnf(
        &[
            "report",
            "--json",
            "--grammar",
            "rfc1738",
            "--grammar",
            "draft-1994",
        ],
        input,
    );
    assert_eq!(out.status.code(), Some(0));
    serde_json::from_slice(&out.stdout).expect("a report")
}

/// A folder of the calling test's own: the tests run on threads of one
/// process, and two writing `good.json` in one folder race.
fn dir() -> std::path::PathBuf {
    let thread = std::thread::current();
    let test = thread.name().unwrap_or("main").replace("::", "-");
    let d = std::env::temp_dir().join(format!("urlbnf-merge-{}-{test}", std::process::id()));
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

/// Each report written to a file of its name; the paths.
fn written(reports: &[(&str, &Value)]) -> Vec<String> {
    reports
        .iter()
        .map(|(name, r)| {
            let p = dir().join(name);
            std::fs::write(&p, r.to_string()).expect("written");
            p.display().to_string()
        })
        .collect()
}

/// `report --merge --json` of the files, which must succeed: the merged report.
fn merged(paths: &[&str]) -> Value {
    let out = common::run_urlbnf(&[&["report", "--merge", "--json"][..], paths].concat(), b"");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("a report")
}

/// `report --merge` of the files, as (exit status, standard error).
fn merge(reports: &[(&str, &Value)]) -> (Option<i32>, String) {
    let paths = written(reports);
    let mut args = vec!["report", "--merge"];
    args.extend(paths.iter().map(String::as_str));
    let out = common::run_urlbnf(&args, b"");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_valid_part_merges() {
    let (g, other) = (good(), report_of(b"gopher://h/\n"));
    let (code, err) = merge(&[("a.json", &g), ("b.json", &other)]);
    assert_eq!(code, Some(0), "{err}");
}

#[test]
fn a_cause_whose_inputs_are_too_long_to_keep_merges() {
    // Its one input is longer than an example may be: the cause has none.
    let long = format!("htt%{}\n", "x".repeat(300));
    let (a, b) = (report_of(long.as_bytes()), report_of(b"http://a/\n"));
    assert_eq!(
        a["editions"][0]["causes"][0]["examples"]
            .as_array()
            .map(Vec::len),
        Some(0)
    );
    let (code, err) = merge(&[("long.json", &a), ("short.json", &b)]);
    assert_eq!(code, Some(0), "{err}");
}

#[test]
fn a_part_given_twice_is_refused() {
    let (g, other) = (good(), report_of(b"gopher://h/\n"));
    let (code, err) = merge(&[("a.json", &g), ("b.json", &other), ("c.json", &g)]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("c.json") && err.contains("parts:") && err.contains("given twice"),
        "{err}"
    );
    // A merged report given with one of its parts.
    let paths = written(&[("a.json", &g), ("b.json", &other)]);
    let both = merged(&[&paths[0], &paths[1]]);
    assert_eq!(both["parts"].as_array().map(Vec::len), Some(2));
    let (code, err) = merge(&[("both.json", &both), ("b.json", &other)]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("b.json") && err.contains("given twice"),
        "{err}"
    );
}

/// What a forgery is called, what it changes, and the field the error names.
type Forgery = (&'static str, Box<dyn Fn(&mut Value)>, &'static str);

#[test]
fn every_forged_field_is_refused_with_its_name() {
    let forgeries: Vec<Forgery> = vec![
        (
            "huge example offset",
            Box::new(|r| {
                r["editions"][0]["causes"][0]["examples"][0]["offset"] = json!(6616666678u64)
            }),
            "offset",
        ),
        (
            "more examples than inputs",
            Box::new(|r| {
                // rfc1738's (editions are listed oldest first): one input.
                let e = r["editions"][1]["causes"][0]["examples"][0].clone();
                let c = &mut r["editions"][1]["causes"][0];
                c["inputs"] = json!(1);
                c["examples"] = json!([e.clone(), e]);
            }),
            "examples",
        ),
        (
            "u64::MAX offset",
            Box::new(|r| r["editions"][0]["causes"][0]["examples"][0]["offset"] = json!(u64::MAX)),
            "offset",
        ),
        (
            "byte offset not the offset's",
            Box::new(|r| {
                let ex = &mut r["editions"][0]["causes"][0]["examples"][0];
                let b = ex["byte_offset"].as_u64().unwrap();
                ex["byte_offset"] = json!(b + 1);
            }),
            "byte_offset",
        ),
        (
            "long example",
            Box::new(|r| {
                r["editions"][0]["causes"][0]["examples"][0]["input"] = json!("a".repeat(300))
            }),
            "input",
        ),
        (
            "format",
            Box::new(|r| r["format"] = json!("urlbnf-report/2")),
            "format",
        ),
        (
            "a fix that is not the found character's",
            Box::new(|r| r["editions"][0]["causes"][0]["fix"] = json!("%41")),
            "fix",
        ),
        (
            "digest not hexadecimal",
            Box::new(|r| r["digest"] = json!("not a digest")),
            "digest",
        ),
        (
            "digest not the parts'",
            Box::new(|r| r["digest"] = json!("0".repeat(32))),
            "digest",
        ),
        (
            "parts against inputs",
            Box::new(|r| r["parts"][0]["inputs"] = json!(1)),
            "parts",
        ),
        (
            "part id not hexadecimal",
            Box::new(|r| r["parts"][0]["id"] = json!("forged")),
            "parts[0].id",
        ),
        ("no part", Box::new(|r| r["parts"] = json!([])), "parts"),
        (
            "a part listed twice",
            Box::new(|r| {
                let p = r["parts"][0].clone();
                r["parts"].as_array_mut().unwrap().push(p);
            }),
            "parts",
        ),
        (
            "inputs against verdicts",
            Box::new(|r| r["inputs"] = json!(7)),
            "inputs",
        ),
        (
            "valid against schemes",
            Box::new(|r| {
                let v = r["editions"][0]["valid"].as_u64().unwrap();
                let i = r["editions"][0]["invalid"].as_u64().unwrap();
                r["editions"][0]["valid"] = json!(v + 1);
                r["editions"][0]["invalid"] = json!(i - 1);
            }),
            "schemes' valid",
        ),
        (
            "causes against invalid",
            Box::new(|r| r["editions"][0]["causes"][0]["inputs"] = json!(1000)),
            "causes' inputs",
        ),
        (
            "overflowing counts",
            Box::new(|r| r["editions"][0]["valid"] = json!(u64::MAX)),
            "overflow",
        ),
        (
            "unknown rule",
            Box::new(|r| r["editions"][0]["rule"] = json!("nosuchrule")),
            "rule",
        ),
        (
            "unknown cause rule",
            Box::new(|r| r["editions"][0]["causes"][0]["rule"] = json!("nosuchrule")),
            "rule",
        ),
        (
            "found of two characters",
            Box::new(|r| r["editions"][0]["causes"][0]["found"] = json!("ab")),
            "found",
        ),
        (
            "a scheme twice",
            Box::new(|r| {
                let s = r["editions"][0]["schemes"][0].clone();
                r["editions"][0]["schemes"].as_array_mut().unwrap().push(s);
            }),
            "scheme",
        ),
        (
            "patterns against inputs",
            Box::new(|r| r["patterns"][0]["inputs"] = json!(1000)),
            "patterns",
        ),
        (
            "differences",
            Box::new(|r| r["differences"][0]["inputs"] = json!(1000)),
            "differences",
        ),
        (
            "lints without --lint",
            Box::new(|r| r["editions"][0]["lints"] = json!([{"code": "x", "inputs": 1}])),
            "lints",
        ),
    ];
    let g = good();
    for (what, forge, field) in forgeries {
        let mut bad = g.clone();
        forge(&mut bad);
        // As the first file and as a later one.
        for order in [
            [("bad.json", &bad), ("good.json", &g)],
            [("good.json", &g), ("bad.json", &bad)],
        ] {
            let (code, err) = merge(&order);
            assert_eq!(code, Some(2), "{what}: {err}");
            assert!(
                err.contains("bad.json") && err.contains(field),
                "{what}: {err}"
            );
        }
    }
}

#[test]
fn a_merge_keeps_as_many_schemes_as_one_report() {
    // 2 x 700 distinct schemes: the merge keeps 1000 and sums the rest.
    let part = |from: usize| -> Value {
        let lines: String = (from..from + 700).map(|i| format!("s{i}:x\n")).collect();
        let out = common::run_urlbnf(
            &["report", "--json", "--grammar", "rfc1738"],
            lines.as_bytes(),
        );
        serde_json::from_slice(&out.stdout).expect("a report")
    };
    let (a, b) = (part(0), part(700));
    let paths: Vec<String> = [("p1.json", &a), ("p2.json", &b)]
        .iter()
        .map(|(n, r)| {
            let p = dir().join(n);
            std::fs::write(&p, r.to_string()).unwrap();
            p.display().to_string()
        })
        .collect();
    let merged = merged(&[&paths[0], &paths[1]]);
    let schemes = merged["editions"][0]["schemes"].as_array().unwrap();
    assert_eq!(schemes.len(), 1001);
    let other = schemes
        .iter()
        .find(|s| s["name"] == "(other schemes)")
        .unwrap();
    assert_eq!(
        other["valid"].as_u64().unwrap() + other["invalid"].as_u64().unwrap(),
        400
    );
    // The merged report is itself a valid part.
    let p = dir().join("merged.json");
    std::fs::write(&p, merged.to_string()).unwrap();
    let again = common::run_urlbnf(&["report", "--merge", p.to_str().unwrap()], b"");
    assert_eq!(
        again.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&again.stderr)
    );
}

/// Partitions are counted by identity: two reports of the same lines (two
/// one-line files `http://a/`) are two parts, two inputs.
#[test]
fn identical_partitions_merge_into_two_inputs() {
    let (a, b) = (report_of(b"http://a/\n"), report_of(b"http://a/\n"));
    assert_eq!(a["digest"], b["digest"]);
    assert_ne!(a["parts"][0]["id"], b["parts"][0]["id"]);
    let paths = written(&[("same-1.json", &a), ("same-2.json", &b)]);
    let both = merged(&[&paths[0], &paths[1]]);
    assert_eq!(both["inputs"], json!(2));
    assert_eq!(both["parts"].as_array().map(Vec::len), Some(2));
    assert_eq!(both["editions"][0]["valid"], json!(2));
}

/// A forged id that repeats a counted part's is that part given twice.
#[test]
fn a_forged_id_of_a_counted_part_is_refused() {
    let (a, mut b) = (good(), report_of(b"gopher://h/\n"));
    b["parts"][0]["id"] = a["parts"][0]["id"].clone();
    let (code, err) = merge(&[("a.json", &a), ("b.json", &b)]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("b.json") && err.contains("given twice"),
        "{err}"
    );
}

/// A file that holds no report (empty, or only blank lines: a writer that
/// died) is refused by name; an empty partition's report (0 inputs) merges.
#[test]
fn an_empty_part_file_is_refused_and_an_empty_partition_counts() {
    let g = good();
    let paths = written(&[("good.json", &g)]);
    for (name, text) in [("empty.json", ""), ("blank.json", "\n  \n")] {
        let empty = dir().join(name);
        std::fs::write(&empty, text).expect("written");
        let empty = empty.display().to_string();
        let out = common::run_urlbnf(&["report", "--merge", &paths[0], &empty], b"");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(
            err.contains(&empty) && err.contains("holds no report"),
            "{err}"
        );
    }
    let none = report_of(b"");
    assert_eq!(none["inputs"], json!(0));
    assert_eq!(none["parts"][0]["inputs"], json!(0));
    let none_path = written(&[("none.json", &none)]);
    let both = merged(&[&paths[0], &none_path[0]]);
    assert_eq!(both["inputs"], g["inputs"]);
    assert_eq!(both["parts"].as_array().map(Vec::len), Some(2));
}
