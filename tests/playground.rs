//! The book's playground gives `check --json`'s verdicts: for every edition,
//! valid or not, the offset where an invalid input stops, what was expected
//! and what was found, computed in headless Chromium from the tables the
//! book exports. Its script is run on 600 inputs (the seed corpus, strings
//! derived from each edition's whole-URL rule, and those strings broken); the
//! page itself is loaded with `#try=` and `&rule=` and read from its
//! `data-edition`, `data-valid` and `data-offset` attributes.
//!
//! Without Chromium this test says SKIPPED, except under CI.

use crate::common;

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use common::browser::{chromium_or_skip, dom};
use rand::Rng;
use serde_json::Value;
use urlbnf::Edition;
use urlbnf::grammar::printed::PrintedGrammar;
use urlbnf::render::book;

/// What a verdict says: valid, and where it stops, what could come, what came.
type Said = (bool, Option<u64>, Vec<String>, Option<String>);

fn out_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("urlbnf-play-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// The inputs: the seed corpus, then strings each edition's whole-URL rule
/// derives, each also cut somewhere and given a character no rule may take
/// there (or any at all).
fn inputs() -> Vec<String> {
    let mut out: Vec<String> = common::corpus().iter().map(|s| s.to_string()).collect();
    let odd = [
        '~', ' ', '%', '#', 'é', '\t', '\u{0}', '"', '\\', '<', '😀', ':', '/', '@',
    ];
    let mut seeded = common::Seeded::new(1994, 64);
    for (i, e) in Edition::ALL.into_iter().enumerate() {
        for s in common::samples(e, e.default_rule(), 60, 7 + i as u64) {
            let chars: Vec<char> = s.chars().collect();
            let rng = seeded.rng();
            let cut = rng.gen_range(0..=chars.len());
            let c = odd[rng.gen_range(0..odd.len())];
            let mut broken: String = chars[..cut].iter().collect();
            broken.push(c);
            broken.extend(&chars[cut..]);
            out.push(s);
            out.push(broken);
        }
    }
    // `check` reads one input per line.
    out.retain(|s| !s.contains(['\n', '\r']));
    out.sort();
    out.dedup();
    out
}

/// `check --json`'s verdicts on `inputs` by `rule` (each edition's
/// whole-URL rule when `None`), by (input, edition).
fn checked(inputs: &[String], args: &[&str]) -> HashMap<(String, String), Said> {
    let mut all = vec!["check", "--json"];
    all.extend(args);
    let out = common::run_urlbnf(&all, inputs.join("\n").as_bytes());
    let mut verdicts = HashMap::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let v: Value = serde_json::from_str(line).expect("a JSON line");
        let (Some(input), Some(edition)) = (v["input"].as_str(), v["grammar"].as_str()) else {
            continue; // the summary
        };
        verdicts.insert(
            (input.to_string(), edition.to_string()),
            said(&v["valid"], &v["error"]),
        );
    }
    verdicts
}

/// A verdict read from JSON: `valid`, and where `at` (check's `error`, the
/// playground's result itself) says it stops, what was expected and found.
fn said(valid: &Value, at: &Value) -> Said {
    let expected = at["expected"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|x| x.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default();
    (
        valid.as_bool().expect("a verdict"),
        at["offset"].as_u64(),
        expected,
        at["found"].as_str().map(String::from),
    )
}

/// The playground script's verdicts, in Chromium, on each (input, rule).
fn played(chrome: &Path, dir: &Path, cases: &[(String, String)]) -> Vec<Value> {
    let list: Vec<Value> = cases
        .iter()
        .map(|(input, rule)| serde_json::json!({"input": input, "rule": rule}))
        .collect();
    std::fs::write(
        dir.join("inputs.js"),
        format!("window.URLBNF_INPUTS = {};\n", Value::Array(list)),
    )
    .unwrap();
    // JSON in ASCII, so the DOM's text needs no unescaping.
    std::fs::write(
        dir.join("harness.html"),
        r#"<!DOCTYPE html><meta charset="utf-8"><pre id="out"></pre>
<script src="playground-tables.js"></script><script src="playground.js"></script><script src="inputs.js"></script>
<script>
var lines = [];
window.URLBNF_INPUTS.forEach(function (c) {
  window.urlbnfCheck(c.input, c.rule).forEach(function (v) {
    lines.push(JSON.stringify({input: c.input, edition: v.edition, rule: v.rule, result: v.result})
      .replace(/[\u007f-\uffff<>&]/g, function (ch) { return "\\u" + ch.charCodeAt(0).toString(16).padStart(4, "0"); }));
  });
});
document.getElementById("out").textContent = lines.join("\n");
</script>
"#,
    )
    .unwrap();
    let page = dom(
        chrome,
        &dir.join(".profile"),
        &format!("file://{}", dir.join("harness.html").display()),
    );
    let text = page
        .split("<pre id=\"out\">")
        .nth(1)
        .and_then(|s| s.split("</pre>").next())
        .expect("the harness wrote its results");
    text.lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

#[test]
fn the_playground_gives_checks_verdicts() {
    let Some(chrome) = chromium_or_skip() else {
        return;
    };
    let dir = out_dir("verdicts");
    book::build(&dir, false).unwrap();
    let inputs = inputs();
    assert!(inputs.len() >= 500, "{} inputs", inputs.len());

    // Each edition's whole-URL rule.
    let want = checked(&inputs, &[]);
    let cases: Vec<(String, String)> = inputs.iter().map(|i| (i.clone(), String::new())).collect();
    let got = played(&chrome, &dir, &cases);
    assert_eq!(got.len(), inputs.len() * Edition::ALL.len());
    let mut tally: HashMap<(String, bool), usize> = HashMap::new();
    for v in &got {
        let (input, edition) = (v["input"].as_str().unwrap(), v["edition"].as_str().unwrap());
        let said = said(&v["result"]["valid"], &v["result"]);
        let key = (input.to_string(), edition.to_string());
        assert_eq!(Some(&said), want.get(&key), "{edition} on {input:?}");
        *tally.entry((edition.to_string(), said.0)).or_default() += 1;
    }
    eprintln!(
        "{} inputs: {} verdicts equal to check --json",
        inputs.len(),
        got.len()
    );
    for e in Edition::ALL {
        for valid in [true, false] {
            let n = tally
                .get(&(e.id().to_string(), valid))
                .copied()
                .unwrap_or(0);
            assert!(n >= 50, "{e}: only {n} inputs with valid = {valid}");
        }
    }

    // A rule other than the whole-URL one, in the editions that print it.
    for (edition, rule) in [(Edition::Rfc1738, "hostport"), (Edition::Draft1993, "path")] {
        let want = checked(&inputs, &["--grammar", edition.id(), "--rule", rule]);
        let cases: Vec<(String, String)> = inputs
            .iter()
            .map(|i| (i.clone(), rule.to_string()))
            .collect();
        for v in played(&chrome, &dir, &cases) {
            if v["edition"] != edition.id() {
                continue;
            }
            let input = v["input"].as_str().unwrap();
            let r = said(&v["result"]["valid"], &v["result"]);
            assert_eq!(
                Some(&r),
                want.get(&(input.to_string(), edition.id().to_string())),
                "{rule} on {input:?}"
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// An attribute's value in a tag's text.
fn attr(tag: &str, name: &str) -> Option<String> {
    let start = tag.find(&format!(" {name}=\""))? + name.len() + 3;
    Some(tag.get(start..)?.split('"').next()?.to_string())
}

#[test]
fn the_page_reads_its_input_from_the_address() {
    let Some(chrome) = chromium_or_skip() else {
        return;
    };
    let dir = out_dir("page");
    book::build(&dir, false).unwrap();
    let page = dir.join("playground.html");
    for (input, rule, fragment) in [
        (
            "http://info.cern.ch/hypertext/WWW/TheProject.html",
            "",
            "try=http%3A%2F%2Finfo.cern.ch%2Fhypertext%2FWWW%2FTheProject.html",
        ),
        (
            "http://www.w3.org/~timbl/",
            "",
            "try=http%3A%2F%2Fwww.w3.org%2F~timbl%2F",
        ),
        ("HTTP://h/a b", "", "try=HTTP%3A%2F%2Fh%2Fa%20b"),
        ("caf\u{e9}:x", "", "try=caf%C3%A9%3Ax"),
        (
            "info.cern.ch:8x",
            "hostport",
            "try=info.cern.ch%3A8x&rule=hostport",
        ),
        // A raw "&" written by hand belongs to the input, up to "&rule=".
        ("http://h/a?b=c&d=~", "", "try=http://h/a?b=c&d=~"),
        (
            "http://h/a?b=c&d",
            "hpath",
            "try=http://h/a?b=c&d&rule=hpath",
        ),
        // A newline in the link is kept: the input stops there.
        ("http://h/a\nb", "", "try=http%3A%2F%2Fh%2Fa%0Ab"),
        // No input in the address: the example the page opens on.
        ("http://info.cern.ch/hypertext/WWW/TheProject.html", "", ""),
    ] {
        let url = format!("file://{}#{fragment}", page.display());
        let dom = dom(&chrome, &dir.join(".profile"), &url);
        let args: Vec<&str> = if rule.is_empty() {
            vec![]
        } else {
            vec!["--rule", rule]
        };
        // Editions that do not print the rule say so and give no verdict.
        let printing: Vec<Edition> = Edition::ALL
            .into_iter()
            .filter(|&e| rule.is_empty() || PrintedGrammar::of(e).rule(rule).is_some())
            .collect();
        let mut seen = 0;
        for tag in dom.split("<section class=\"result\"").skip(1) {
            let tag = tag.split('>').next().unwrap_or_default();
            let edition = attr(tag, "data-edition").expect("data-edition");
            let e: Edition = edition.parse().unwrap();
            if !printing.contains(&e) {
                assert_eq!(attr(tag, "data-valid"), None, "{edition} has no {rule}");
                continue;
            }
            let mut a = args.clone();
            a.extend(["--grammar", e.id()]);
            // `check` reads lines: an input holding a newline is checked
            // by the library, as one input.
            let (valid, offset) = if input.contains('\n') {
                let rule = if rule.is_empty() {
                    e.default_rule()
                } else {
                    rule
                };
                let v = urlbnf::Checker::new(e, rule, urlbnf::Engine::Dfa)
                    .unwrap()
                    .check(input);
                (v.valid, v.error.map(|e| e.offset as u64))
            } else {
                let want = checked(&[input.to_string()], &a);
                let (valid, offset, ..) = want
                    .get(&(input.to_string(), edition.clone()))
                    .expect("a verdict")
                    .clone();
                (valid, offset)
            };
            assert_eq!(
                attr(tag, "data-valid"),
                Some(valid.to_string()),
                "{edition} on {input:?}"
            );
            assert_eq!(
                attr(tag, "data-offset"),
                offset.map(|o| o.to_string()),
                "{edition} on {input:?}"
            );
            seen += 1;
        }
        assert_eq!(seen, printing.len(), "a result per edition for {input:?}");
        assert!(
            dom.contains("<section class=\"result\""),
            "no results for {input:?}"
        );
        // A rule picked from the menu names the innermost rule where it stops.
        if rule == "hostport" {
            assert!(
                dom.contains("(inside <a href=\"rfc1738.html#rule-port\"><code>port</code></a>)"),
                "no innermost rule for {input:?}"
            );
        }
        // The rule checked (or the innermost one where it stops) says what it means.
        assert!(
            dom.contains("<p class=\"gloss muted\">"),
            "no gloss for {input:?}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
