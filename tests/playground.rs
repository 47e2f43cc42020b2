//! The book's playground gives `check --json`'s answers: for every edition,
//! valid or not, where an invalid input stops, what was expected and found,
//! the message with its fix, and every prose note, computed from the tables
//! and note templates the book exports, in each reading; and `tree --printed
//! --json`'s derivations. Its core (`playground-core.js`, free of the page)
//! is run under Node.js on 900 inputs (the seed corpus, inputs that draw each
//! note, strings derived from each edition's whole-URL rule, and those
//! strings broken); the page itself is loaded in headless Chromium with
//! `#try=`, `&rule=` and `&read=` and read from its `data-edition`,
//! `data-valid`, `data-offset` and `data-code` attributes.
//!
//! Without Node.js or Chromium a test says SKIPPED, except under CI.

use crate::common;

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use common::browser::{chromium_or_skip, dom};
use rand::Rng;
use serde_json::Value;
use urlbnf::Edition;
use urlbnf::grammar::printed::PrintedGrammar;
use urlbnf::render::book;

/// What a verdict says: valid, where it stops, what could come, what came.
type Said = (bool, Option<u64>, Vec<String>, Option<String>);

/// Inputs on which `check` gives each prose note, under some reading.
const NOTED: &[&str] = &[
    "http://h:abc/",
    "HTTP://info.cern.ch/",
    "Http://h:abc/#x",
    "HtTpS://h/",
    "https://a.b/~x",
    "git://h/r",
    "GOPHER://h/1a%09b/c",
    "gopher://h/1a%09b/c",
    "gopher://h/1a%09b%09c/d",
    "gopher://h/1a%09b?%09c",
    "gopher://h/1a%09b",
    "gopher://h/1%09%09",
    "gopher://h:x/1a%09b/c",
    "http://h/#frag",
    "http://h/~x#frag",
    "http://h/a b",
    "http://h/a|b",
    "http://h/caf\u{e9}",
    "ftp://h/;type=x",
    "mailto:a@b#c",
    "HTTP:x",
    "wais://h/d?s",
    "news:comp.lang#x",
    "x://y",
    "a\u{a0}b:c",
    "h\u{301}://x",
    "http://\u{200b}h/",
    "\u{feff}http://h/",
    "http://a/?a[]=1",
    "http://a/b#c#d",
    "http://a@b@c/",
    "http://[::1]/",
    "http://[zz]/",
    "http://[fe80::1%eth0]/",
    "http://[fe80::1%25eth0]/",
    "http://h/100%",
    "http://h/%zz/a%b",
    " http://a/",
    "http://a/ ",
    "example.com/path",
    "/x",
    "a:b",
    "localhost:8080/x",
    "http://ex\u{e4}mple.com/",
];

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
    out.extend(NOTED.iter().map(|s| s.to_string()));
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

/// `check --json`'s verdicts on `inputs` with `args`, by (input, edition):
/// each line without the `input`, `grammar` and `rule` it was asked for.
fn checked(inputs: &[String], args: &[&str]) -> HashMap<(String, String), Value> {
    let mut all = vec!["check", "--json"];
    all.extend(args);
    let out = common::run_urlbnf(&all, inputs.join("\n").as_bytes());
    let mut verdicts = HashMap::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let mut v: Value = serde_json::from_str(line).expect("a JSON line");
        let (Some(input), Some(edition)) = (v["input"].as_str(), v["grammar"].as_str()) else {
            continue; // the summary
        };
        let key = (input.to_string(), edition.to_string());
        if let Some(v) = v.as_object_mut() {
            for k in ["input", "grammar", "rule"] {
                v.remove(k);
            }
        }
        verdicts.insert(key, v);
    }
    verdicts
}

/// A verdict read from JSON: `valid`, and where its `error` says it
/// stops, what was expected and found.
fn said(v: &Value) -> Said {
    let at = &v["error"];
    let expected = at["expected"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|x| x.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default();
    (
        v["valid"].as_bool().expect("a verdict"),
        at["offset"].as_u64(),
        expected,
        at["found"].as_str().map(String::from),
    )
}

/// A reading as `check`'s flags and as the playground's argument.
struct Reading {
    flags: &'static [&'static str],
    known: bool,
    fold: bool,
}

const READINGS: [Reading; 3] = [
    Reading {
        flags: &[],
        known: false,
        fold: false,
    },
    Reading {
        flags: &["--known-schemes"],
        known: true,
        fold: false,
    },
    Reading {
        flags: &["--fold-scheme-case"],
        known: false,
        fold: true,
    },
];

/// The playground core's verdicts, under Node.js, on each (input, rule) in
/// `reading`: `check --json`'s objects, with the innermost rule beside.
fn played(node: &Path, dir: &Path, cases: &[(String, String)], reading: &Reading) -> Vec<Value> {
    let list: Vec<Value> = cases
        .iter()
        .map(|(input, rule)| serde_json::json!({"input": input, "rule": rule}))
        .collect();
    let data = serde_json::json!({
        "inputs": list,
        "reading": {"known": reading.known, "fold": reading.fold},
    });
    in_node(
        node,
        dir,
        &data,
        r#"DATA.inputs.forEach(function (c) {
  window.urlbnfCheck(c.input, c.rule, DATA.reading).forEach(function (v) {
    lines.push({input: c.input, edition: v.edition, rule: v.rule, result: v.result});
  });
});"#,
    )
}

/// Node.js, or `None` after saying the test is skipped for want of it (a
/// failure under CI, which has it).
fn node_or_skip() -> Option<PathBuf> {
    let found = std::process::Command::new("node").arg("--version").output();
    if found.is_ok_and(|o| o.status.success()) {
        return Some(PathBuf::from("node"));
    }
    common::skip("no node", "Node.js is expected on the machine");
    None
}

/// Runs `body` under Node.js with the book's tables and the playground's
/// core loaded, and `data` as `DATA`; `body` pushes values onto `lines`.
fn in_node(node: &Path, dir: &Path, data: &Value, body: &str) -> Vec<Value> {
    static RUNS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let run = RUNS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    std::fs::write(dir.join(format!("data-{run}.json")), data.to_string()).unwrap();
    let harness = dir.join(format!("harness-{run}.js"));
    std::fs::write(
        &harness,
        r#"// The core, as the page loads it: the tables, then the core, with
// `window` the global object.
globalThis.window = globalThis;
const dir = __dirname;
require(dir + "/playground-tables.js");
require(dir + "/playground-core.js");
require(dir + "/playground-fixes.js");
const DATA = JSON.parse(require("fs").readFileSync(dir + "/data-RUN.json", "utf8"));
const lines = [];
BODY
process.stdout.write(lines.map(function (v) { return JSON.stringify(v); }).join("\n"));
"#
        .replace("RUN", &run.to_string())
        .replace("BODY", body),
    )
    .unwrap();
    let out = std::process::Command::new(node)
        .arg(&harness)
        .output()
        .expect("node runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

/// The playground's result as `check --json` writes it: the innermost
/// rule (the page's own) left out.
fn as_checked(result: &Value) -> Value {
    let mut r = result.clone();
    if let Some(o) = r.as_object_mut() {
        o.remove("inside");
    }
    r
}

#[test]
fn the_playground_gives_checks_verdicts_and_notes() {
    let Some(node) = node_or_skip() else {
        return;
    };
    let dir = out_dir("verdicts");
    book::build(&dir, false).unwrap();
    let inputs = inputs();
    assert!(inputs.len() >= 500, "{} inputs", inputs.len());
    let cases: Vec<(String, String)> = inputs.iter().map(|i| (i.clone(), String::new())).collect();

    // Each edition's whole-URL rule, in each reading.
    let mut tally: HashMap<(String, bool), usize> = HashMap::new();
    let mut codes: HashMap<String, usize> = HashMap::new();
    let mut fixes = 0;
    for reading in &READINGS {
        let want = checked(&inputs, reading.flags);
        let got = played(&node, &dir, &cases, reading);
        assert_eq!(got.len(), inputs.len() * Edition::ALL.len());
        for v in &got {
            let (input, edition) = (v["input"].as_str().unwrap(), v["edition"].as_str().unwrap());
            let key = (input.to_string(), edition.to_string());
            let result = as_checked(&v["result"]);
            assert_eq!(
                Some(&result),
                want.get(&key),
                "{edition} on {input:?} with {:?}",
                reading.flags
            );
            *tally
                .entry((edition.to_string(), said(&result).0))
                .or_default() += 1;
            for n in result["notes"].as_array().into_iter().flatten() {
                *codes
                    .entry(n["code"].as_str().unwrap().to_string())
                    .or_default() += 1;
            }
            fixes += usize::from(
                result["error"]["message"]
                    .as_str()
                    .is_some_and(|m| m.contains("(escaped: %")),
            );
        }
    }
    eprintln!(
        "{} inputs in {} readings: verdicts, diagnoses and notes equal to check --json ({codes:?})",
        inputs.len(),
        READINGS.len()
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
    // Every note `check` gives on a verdict, and the %XX fix, were compared.
    let verdict_notes = [
        "catch-all",
        "no-scheme-rule",
        "fragment",
        "generic-slashes",
        "scheme-case",
        "gopher-tab",
    ];
    for code in verdict_notes.into_iter().chain(common::FIX_NOTES) {
        assert!(codes.contains_key(code), "no {code} note compared");
    }
    assert!(fixes > 0, "no escape fix compared");

    // A rule other than the whole-URL one, in the editions that print it.
    for (edition, rule) in [
        (Edition::Rfc1738, "hostport"),
        (Edition::Draft1993, "path"),
        (Edition::Rfc3986, "relative-ref"),
    ] {
        let want = checked(&inputs, &["--grammar", edition.id(), "--rule", rule]);
        let cases: Vec<(String, String)> = inputs
            .iter()
            .map(|i| (i.clone(), rule.to_string()))
            .collect();
        for v in played(&node, &dir, &cases, &READINGS[0]) {
            if v["edition"] != edition.id() {
                continue;
            }
            let input = v["input"].as_str().unwrap();
            assert_eq!(
                Some(&as_checked(&v["result"])),
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
                let (valid, offset, ..) = said(
                    want.get(&(input.to_string(), edition.clone()))
                        .expect("a verdict"),
                );
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
        // A derived input shows its derivation, rules inside one-piece ones too.
        if input.starts_with("http://info.cern.ch/") {
            for rule in ["httpurl", "hostname", "domainlabel", "toplabel", "hsegment"] {
                assert!(
                    dom.contains(&format!("<li data-rule=\"{rule}\">")),
                    "no {rule} in the derivation of {input:?}"
                );
            }
        }
        // The rule checked (or the innermost one where it stops) says what it means.
        assert!(
            dom.contains("<p class=\"gloss muted\">"),
            "no gloss for {input:?}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The page shows `check`'s notes, and the readings a link asks for.
#[test]
fn the_page_shows_notes_and_reads_in_the_linked_reading() {
    let Some(chrome) = chromium_or_skip() else {
        return;
    };
    let dir = out_dir("readings");
    book::build(&dir, false).unwrap();
    let page = dir.join("playground.html");
    let rfc1738 = |dom: &str| -> String {
        dom.split("<section class=\"result\"")
            .find(|s| s.starts_with(" data-edition=\"rfc1738\""))
            .unwrap_or_default()
            .split("</section>")
            .next()
            .unwrap_or_default()
            .to_string()
    };
    for (fragment, shows) in [
        // By the letter, otherurl derives it, and a note gives httpurl's stop.
        (
            "try=http://h:abc/",
            &[
                "data-valid=\"true\"",
                "data-code=\"catch-all\"",
                "(--known-schemes reads it so)",
            ][..],
        ),
        // Read with known schemes, httpurl decides; the note says the letter accepts.
        (
            "try=http://h:abc/&read=known-schemes",
            &["data-valid=\"false\"", "valid by the letter of the BNF"],
        ),
        // Upper case scheme and a space: lowercasing alone does not mend it.
        (
            "try=HTTP%3A%2F%2Fh%2Fa%20b",
            &[
                "data-code=\"scheme-case\"",
                "(\"http:\") the input is still invalid",
            ],
        ),
        (
            "try=HTTP%3A%2F%2Fh%2Fa%20b&read=fold-scheme-case",
            &["(escaped: %20)", "checked with the scheme lowercased"],
        ),
    ] {
        let url = format!("file://{}#{fragment}", page.display());
        let shown = rfc1738(&dom(&chrome, &dir.join(".profile"), &url));
        for s in shows {
            assert!(shown.contains(s), "#{fragment}: no {s:?} in {shown}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The page's derivation tree is `tree --printed`'s: for each edition's
/// whole-URL rule, on every input of the seed corpus and strings the rule
/// derives that it derives, the same nodes, spans and nesting.
#[test]
fn the_playground_derives_as_tree_printed_does() {
    let Some(node) = node_or_skip() else {
        return;
    };
    let dir = out_dir("derive");
    book::build(&dir, false).unwrap();
    let mut inputs: Vec<String> = common::corpus().iter().map(|s| s.to_string()).collect();
    let mut compared = 0;
    for (i, e) in Edition::ALL.into_iter().enumerate() {
        inputs.extend(common::samples(e, e.default_rule(), 40, 70 + i as u64));
    }
    inputs.retain(|s| !s.contains(['\n', '\r']));
    for e in Edition::ALL {
        let out = common::run_urlbnf(
            &["tree", "--printed", "--json", "--grammar", e.id()],
            inputs.join("\n").as_bytes(),
        );
        let want: HashMap<String, Value> = String::from_utf8_lossy(&out.stdout)
            .lines()
            .filter_map(|l| serde_json::from_str::<Value>(l).ok())
            .filter(|v| v["valid"] == true)
            .filter_map(|v| Some((v["input"].as_str()?.to_string(), v["tree"].clone())))
            .collect();
        let list: Vec<&String> = want.keys().collect();
        let got = in_node(
            &node,
            &dir,
            &serde_json::json!({"edition": e.id(), "inputs": list}),
            r#"DATA.inputs.forEach(function (input) {
  lines.push({input: input, tree: window.urlbnfDerive(DATA.edition, "", input)});
});"#,
        );
        assert_eq!(got.len(), want.len());
        for v in got {
            let input = v["input"].as_str().unwrap();
            assert_eq!(Some(&v["tree"]), want.get(input), "{e} on {input:?}");
            compared += 1;
        }
        assert!(want.len() >= 30, "{e}: only {} derived inputs", want.len());
    }
    eprintln!("{compared} derivations equal to tree --printed's");
    let _ = std::fs::remove_dir_all(&dir);
}
