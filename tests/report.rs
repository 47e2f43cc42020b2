//! `urlbnf report`: its counts are `check`'s counts, each cause is where `check`
//! says its inputs stop, reports of disjoint parts merge into the report of the
//! whole (in any order and grouping), and the HTML page renders in a browser.

use crate::common;

use std::collections::HashMap;
use std::path::PathBuf;

use common::browser::{chromium_or_skip, layout, screenshot_inks};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use urlbnf::check::Reading;
use urlbnf::report::{
    EXAMPLE_BYTES, FOUND_END, FOUND_NON_ASCII, NO_SCHEME, NOT_A_SCHEME, OTHER_SCHEMES, Report,
    Reporter,
};
use urlbnf::{Checker, Edition, Engine};

fn urlbnf(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    let out = common::run_urlbnf(args, stdin);
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A corpus with every kind of input: the seed corpus, strings derived from each
/// edition's URL rule, the same with one character inserted (mostly invalid),
/// an empty line, a line that is not UTF-8, upper-case schemes.
fn corpus(n: usize) -> Vec<Vec<u8>> {
    let mut rng = rand::rngs::StdRng::seed_from_u64(1994);
    let mut lines: Vec<Vec<u8>> = common::corpus()
        .iter()
        .map(|s| s.as_bytes().to_vec())
        .collect();
    for e in Edition::ALL {
        for s in common::samples(e, e.default_rule(), n, 7) {
            lines.push(s.clone().into_bytes());
            let mut chars: Vec<char> = s.chars().collect();
            let at = rng.gen_range(0..=chars.len());
            chars.insert(at, char::from(rng.gen_range(0x20u8..0x7f)));
            lines.push(chars.into_iter().collect::<String>().into_bytes());
        }
    }
    lines.push(Vec::new());
    lines.push(b"http://h/\xff".to_vec());
    lines.push(b"HTTP://www.w3.org/".to_vec());
    lines
}

fn joined(lines: &[Vec<u8>]) -> Vec<u8> {
    let mut out = Vec::new();
    for l in lines {
        out.extend_from_slice(l);
        out.push(b'\n');
    }
    out
}

fn report_json(args: &[&str], input: &[u8]) -> Report {
    let (code, out, err) = urlbnf(&[&["report", "--json"][..], args].concat(), input);
    assert_eq!(code, 0, "report failed: {err}");
    serde_json::from_str(&out).expect("report --json is a report")
}

#[test]
fn the_report_counts_what_check_counts_and_causes_are_where_check_stops() {
    let input = joined(&corpus(150));
    let report = report_json(&[], &input);
    let (_, checked, _) = urlbnf(&["check", "--json"], &input);
    let mut valid: HashMap<String, u64> = HashMap::new();
    let mut invalid: HashMap<String, u64> = HashMap::new();
    let mut offsets: HashMap<(String, String), u64> = HashMap::new();
    let mut messages: HashMap<(String, String), String> = HashMap::new();
    let mut fixes = 0;
    for line in checked.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let grammar = v["grammar"].as_str().unwrap().to_string();
        if v["valid"].as_bool().unwrap() {
            *valid.entry(grammar).or_default() += 1;
        } else {
            *invalid.entry(grammar.clone()).or_default() += 1;
            let input = v["input"].as_str().unwrap().to_string();
            let message = v["error"]["message"].as_str().unwrap().to_string();
            messages.insert((grammar.clone(), input.clone()), message);
            offsets.insert((grammar, input), v["error"]["offset"].as_u64().unwrap());
        }
    }
    let inputs = input.iter().filter(|&&b| b == b'\n').count() as u64;
    assert_eq!(report.inputs, inputs);
    assert_eq!(report.editions.len(), urlbnf::Edition::ALL.len());
    assert_eq!(
        report.patterns.iter().map(|p| p.inputs).sum::<u64>(),
        inputs
    );
    for e in &report.editions {
        let id = e.edition.id().to_string();
        assert_eq!(e.valid, valid.get(&id).copied().unwrap_or(0), "{id} valid");
        assert_eq!(
            e.invalid,
            invalid.get(&id).copied().unwrap_or(0),
            "{id} invalid"
        );
        assert!(
            e.valid > 0 && e.invalid > 0,
            "{id}: the corpus has both kinds"
        );
        let schemes = e
            .schemes
            .iter()
            .fold((0, 0), |(v, i), s| (v + s.valid, i + s.invalid));
        assert_eq!(
            schemes,
            (e.valid, e.invalid),
            "{id}: schemes sum to the totals"
        );
        let causes: u64 = e.causes.iter().map(|c| c.inputs).sum();
        assert_eq!(causes, e.invalid, "{id}: causes sum to the invalid inputs");
        for c in &e.causes {
            assert!(
                !c.examples.is_empty() && c.examples.len() <= 3,
                "{id}: {c:?}"
            );
            for ex in &c.examples {
                let at = offsets.get(&(id.clone(), ex.input.clone()));
                assert_eq!(
                    at,
                    Some(&(ex.offset as u64)),
                    "{id}: {:?} stops where check says",
                    ex.input
                );
                let found = match ex.input.chars().nth(ex.offset) {
                    // A scheme with no rule is the cause (the note on check's verdict).
                    _ if c.found == urlbnf::report::FOUND_NO_SCHEME_RULE => c.found.clone(),
                    None => FOUND_END.to_string(),
                    Some(ch) if !ch.is_ascii() => FOUND_NON_ASCII.to_string(),
                    Some(ch) => ch.to_string(),
                };
                assert_eq!(found, c.found, "{id}: {:?}", ex.input);
                // The cause's fix is the escape check's message names on its
                // first example (on another, check may name the input's own
                // fix: white space stripped).
                let message = &messages[&(id.clone(), ex.input.clone())];
                let named = message.split_once(" (escaped: ").map(|(_, fix)| {
                    fix.chars()
                        .take_while(|c| *c == '%' || c.is_ascii_hexdigit())
                        .collect::<String>()
                });
                if Some(ex) == c.examples.first() || named.is_some() && c.fix.is_some() {
                    assert_eq!(named, c.fix, "{id}: {:?}: {message}", ex.input);
                }
                fixes += usize::from(c.fix.is_some());
            }
        }
    }
    assert!(fixes > 0, "no cause with a fix compared");
    for d in &report.differences {
        let expected: u64 = report
            .patterns
            .iter()
            .filter(|p| p.valid_in.contains(&d.accepted_by) && !p.valid_in.contains(&d.rejected_by))
            .map(|p| p.inputs)
            .sum();
        assert_eq!(d.inputs, expected);
    }
}

/// Reports of `parts`, by the library, each over its own lines.
fn reports(reporter: &Reporter, parts: &[Vec<&str>]) -> Vec<Report> {
    parts
        .iter()
        .map(|lines| {
            let mut p = reporter.partial();
            for l in lines {
                reporter.add(&mut p, l);
            }
            reporter.finish(p)
        })
        .collect()
}

/// A report's counts: all but the list of parts it was merged from.
fn counted(report: &Report) -> Report {
    Report {
        parts: Vec::new(),
        ..report.clone()
    }
}

fn merged(reports: &[Report]) -> Report {
    let mut it = reports.iter();
    let mut whole = it.next().expect("one report").clone();
    for r in it {
        whole.merge(r).expect("reports merge");
    }
    whole
}

/// A long list (walked by every target's automaton at once) is counted as
/// its inputs one by one are, in every reading, under any selection, with
/// lints and without (without, most inputs are counted by the step where
/// they stopped: the corpus is read twice, so that the second time most
/// causes have their examples, and it has inputs too long to be examples,
/// schemes a closed list lacks, and schemes past 16 bytes).
#[test]
fn a_long_list_is_counted_as_its_inputs_one_by_one() {
    let lines = corpus(150);
    let mut texts: Vec<String> = lines
        .iter()
        .filter_map(|l| String::from_utf8(l.clone()).ok())
        .collect();
    let long = |s: &str| format!("{s}{}", "a".repeat(300));
    texts.extend(texts.clone().iter().map(|t| long(t)).take(400));
    texts.extend(
        [
            "https://h/",
            "HTTPS://h/~",
            "gopher://h/ x",
            "averyveryverylongscheme:x y",
            ":x",
            "http://h/\u{e9}",
            "http://h/%zz",
        ]
        .map(String::from),
    );
    // As long as an example may be, where a cause has fewer examples than
    // it keeps: each is kept, though it comes after the shorter ones.
    for stops in ["gopher://h/ x", "http://h/%zz"] {
        texts.push(format!(
            "{stops}{}",
            "y".repeat(EXAMPLE_BYTES - stops.len())
        ));
    }
    let again: Vec<String> = texts.iter().rev().cloned().collect();
    texts.extend(again);
    let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
    assert!(texts.len() > 2048, "long enough for the joint walk");
    let readings = [
        Reading::default(),
        Reading {
            known_schemes: true,
            ..Reading::default()
        },
        Reading {
            fold_scheme_case: true,
            ..Reading::default()
        },
    ];
    let selections: [&[Edition]; 2] = [&Edition::ALL, &[Edition::Rfc1738, Edition::Rfc3986]];
    let runs = readings
        .iter()
        .flat_map(|r| selections.map(|s| (r, s)))
        .flat_map(|(r, s)| [(r, s, false), (r, s, true)]);
    for (reading, editions, lint) in runs {
        let checkers = editions
            .iter()
            .map(|&e| Checker::for_edition(e).map(|c| c.reading(*reading)))
            .collect::<Result<Vec<_>, _>>()
            .unwrap();
        let reporter = Reporter::new(checkers).unwrap().linting(lint);
        let (mut one, mut list) = (reporter.partial(), reporter.partial());
        for t in &texts {
            reporter.add(&mut one, t);
        }
        // In lists of 1,100 and one of the rest: what the partial keeps
        // from one list to the next counts the next alike.
        for chunk in texts.chunks(1100) {
            reporter.add_each(&mut list, chunk);
        }
        assert_eq!(
            counted(&reporter.finish(list)),
            counted(&reporter.finish(one)),
            "{reading:?}, {} editions, lints {lint}",
            editions.len()
        );
    }
}

#[test]
fn schemes_are_lowercased_counted_by_name_and_bounded() {
    let checker = Checker::new(Edition::Rfc1738, "url", Engine::Dfa).unwrap();
    let reporter = Reporter::new(vec![checker]).unwrap();
    // A long name (counted by name, not packed), one with no scheme, one whose
    // text before ':' is no scheme name, then more distinct schemes than kept.
    let mut lines = vec![
        "AVeryLongSchemeNameIndeed:x".to_string(),
        "averylongschemenameindeed:y".to_string(),
        "averylongschemenameindeeD:z".to_string(),
        "no colon".to_string(),
        "a b:c".to_string(),
    ];
    lines.extend((0..1200).map(|i| format!("s{i}:x")));
    // Below the bound, a long name is counted by name, lowercased.
    let mut p = reporter.partial();
    for l in lines.iter().take(5) {
        reporter.add(&mut p, l);
    }
    let few = reporter.finish(p);
    let long = few.editions[0]
        .schemes
        .iter()
        .find(|s| s.scheme == "averylongschemenameindeed");
    assert_eq!(long.map(|s| s.valid + s.invalid), Some(3));
    let mut p = reporter.partial();
    for l in &lines {
        reporter.add(&mut p, l);
    }
    let report = reporter.finish(p);
    let schemes = &report.editions[0].schemes;
    let inputs = |name: &str| {
        schemes
            .iter()
            .find(|s| s.scheme == name)
            .map(|s| s.valid + s.invalid)
    };
    assert_eq!(inputs(NO_SCHEME), Some(1));
    assert_eq!(inputs(NOT_A_SCHEME), Some(1));
    assert_eq!(inputs("s0"), Some(1));
    // The 1,000 shortest, then first in byte order, are kept (s0..s999); the
    // other 200 and the long name (3 inputs) are summed.
    assert_eq!(inputs("s999"), Some(1));
    assert_eq!(inputs("s1000"), None);
    assert_eq!(inputs("averylongschemenameindeed"), None);
    assert_eq!(schemes.len(), 1000 + 3);
    assert_eq!(inputs(OTHER_SCHEMES), Some(200 + 3));
    assert_eq!(
        schemes.iter().map(|s| s.valid + s.invalid).sum::<u64>(),
        lines.len() as u64
    );
}

#[test]
fn merging_is_exact_associative_and_commutative_on_random_splits() {
    let lines: Vec<String> = corpus(60)
        .into_iter()
        .map(|l| String::from_utf8_lossy(&l).into_owned())
        .collect();
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    let checkers = Edition::ALL
        .iter()
        .map(|&e| Checker::new(e, e.default_rule(), Engine::Dfa).unwrap())
        .collect();
    let reporter = Reporter::new(checkers).unwrap();
    let whole = reports(&reporter, std::slice::from_ref(&lines)).remove(0);
    let mut rng = rand::rngs::StdRng::seed_from_u64(1738);
    for trial in 0..40 {
        // Disjoint parts: each line to a random part (not only contiguous cuts).
        let k = rng.gen_range(1..=6);
        let mut parts: Vec<Vec<&str>> = vec![Vec::new(); k];
        for l in &lines {
            parts[rng.gen_range(0..k)].push(l);
        }
        // Counts merged before finishing (one per thread in the command).
        let mut counts = reporter.partial();
        for part in &parts {
            let mut p = reporter.partial();
            for l in part {
                reporter.add(&mut p, l);
            }
            counts.merge(p);
        }
        assert_eq!(
            counted(&reporter.finish(counts)),
            counted(&whole),
            "trial {trial}: {k} counts merged"
        );
        let mut partial = reports(&reporter, &parts);
        partial.shuffle(&mut rng);
        let all = merged(&partial);
        assert_eq!(
            counted(&all),
            counted(&whole),
            "trial {trial}: {k} parts in a random order"
        );
        // One part per part, an empty one too; the digest is the whole's.
        assert_eq!(all.parts.len(), k, "trial {trial}");
        assert_eq!(all.digest, whole.digest, "trial {trial}");
        if let [a, b, c, ..] = partial.as_slice() {
            let left = merged(&[merged(&[a.clone(), b.clone()]), c.clone()]);
            let right = merged(&[a.clone(), merged(&[b.clone(), c.clone()])]);
            assert_eq!(left, right, "trial {trial}: associative");
            assert_eq!(
                merged(&[a.clone(), b.clone()]),
                merged(&[b.clone(), a.clone()]),
                "commutative"
            );
        }
    }
}

fn temp(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("report");
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn the_merge_command_gives_the_report_of_the_whole() {
    let lines = corpus(40);
    let whole_json = urlbnf(&["report", "--json"], &joined(&lines)).1;
    let whole_text = urlbnf(&["report"], &joined(&lines)).1;
    let mut paths = Vec::new();
    for (i, part) in lines.chunks(lines.len() / 3 + 1).enumerate() {
        let path = temp(&format!("part-{i}.json"));
        std::fs::write(&path, urlbnf(&["report", "--json"], &joined(part)).1).unwrap();
        paths.push(path.display().to_string());
    }
    paths.reverse();
    let args: Vec<&str> = paths.iter().map(String::as_str).collect();
    let (code, merged_json, err) =
        urlbnf(&[&["report", "--merge", "--json"][..], &args].concat(), b"");
    assert_eq!((code, err.as_str()), (0, ""));
    let without_parts = |json: &str| {
        let mut r: serde_json::Value = serde_json::from_str(json).unwrap();
        let parts = r["parts"].as_array().map_or(0, Vec::len);
        r.as_object_mut().unwrap().remove("parts");
        (r, parts)
    };
    assert_eq!(
        without_parts(&merged_json),
        (without_parts(&whole_json).0, 3)
    );
    // A part given twice is refused, naming the file and the field.
    let (code, _, err) = urlbnf(&["report", "--merge", &paths[0], &paths[1], &paths[0]], b"");
    assert_eq!(code, 2);
    assert!(
        err.contains(&paths[0]) && err.contains("parts:") && err.contains("given twice"),
        "{err}"
    );
    let (_, merged_text, _) = urlbnf(&[&["report", "--merge"][..], &args].concat(), b"");
    assert_eq!(merged_text, whole_text);
    // Reports of different editions do not merge.
    let other = temp("rfc1738.json");
    std::fs::write(
        &other,
        urlbnf(
            &["report", "--json", "--grammar", "rfc1738"],
            b"http://a/\n",
        )
        .1,
    )
    .unwrap();
    let (code, _, err) = urlbnf(
        &["report", "--merge", &paths[0], &other.display().to_string()],
        b"",
    );
    assert_eq!(code, 2);
    assert!(err.contains("different editions or rules"), "{err}");
    let (code, _, err) = urlbnf(&["report", "--merge", "-"], b"{\"not\": \"a report\"}\n");
    assert_eq!(code, 2);
    assert!(err.contains("-:1: not a urlbnf report"), "{err}");
}

#[test]
fn the_seed_corpus_report() {
    let input = joined(
        &common::corpus()
            .iter()
            .map(|s| s.as_bytes().to_vec())
            .collect::<Vec<_>>(),
    );
    let (code, text, _) = urlbnf(&["report", "--top", "5"], &input);
    assert_eq!(code, 0);
    let mut report = report_json(&[], &input);
    // A report's id is drawn at random when it is made.
    for part in &mut report.parts {
        assert_eq!(part.id.len(), 32);
        part.id = "(random)".to_string();
    }
    let json = serde_json::to_string_pretty(&report).unwrap();
    // Read with known schemes, scheme case folded, linted: causes of known
    // schemes come from their own rules.
    let args = [
        "report",
        "--top",
        "5",
        "--known-schemes",
        "--fold-scheme-case",
        "--lint",
    ];
    let (code, known, _) = urlbnf(&args, &input);
    assert_eq!(code, 0);
    common::snapshot_settings().bind(|| {
        insta::assert_snapshot!("report-seed-corpus", text);
        insta::assert_snapshot!("report-seed-corpus-json", json);
        insta::assert_snapshot!("report-seed-corpus-known-schemes", known);
    });
}

#[test]
fn the_html_report_renders_in_headless_chromium() {
    let page = temp("report.html");
    let (code, _, err) = urlbnf(
        &["report", "--html", &page.display().to_string()],
        &joined(&corpus(30)),
    );
    assert_eq!((code, err.as_str()), (0, ""));
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(!html.contains("<script"), "readable without JavaScript");
    assert!(
        !html.contains("http-equiv") && !html.contains("<link"),
        "self-contained"
    );
    // It names what it read, the editions and the day it was written.
    assert!(
        html.contains(
            "Read from standard input; editions draft-1993 <code>fragmentaddress</code>,"
        ),
        "{html}"
    );
    assert!(html.contains("; written 20"), "a date");
    // Each bar's counts as text, not only in a tooltip.
    assert!(html.matches("% · ").count() >= 10, "counts beside the bars");
    // One chart of validity per edition, one per scheme and one of causes per edition.
    let editions = urlbnf::Edition::ALL.len();
    assert_eq!(html.matches("<svg").count(), 1 + 2 * editions, "charts");
    // Contents: every link goes to a section of the page, one per edition.
    let links: Vec<&str> = html
        .split("href=\"#")
        .skip(1)
        .filter_map(|s| s.split('"').next())
        .collect();
    assert_eq!(links.len(), 3 + editions, "{links:?}");
    for l in &links {
        assert!(html.contains(&format!("id=\"{l}\"")), "no section {l}");
    }
    // Inputs only the catch-all derives are a part of their own in the bars.
    assert!(
        html.contains("class=\"caught\"") && html.contains("by the catch-all only"),
        "catch-all-only inputs apart"
    );
    let Some(chrome) = chromium_or_skip() else {
        return;
    };
    let profile = temp(".profile");
    let widths = [400, 1280];
    let layout = layout(&chrome, &profile, &page, &widths);
    assert!(layout.main, "the browser rendered no page");
    assert_eq!(
        layout.svgs,
        1 + 2 * urlbnf::Edition::ALL.len(),
        "the charts are in the rendered DOM"
    );
    let shot = temp("report.png");
    let inks = screenshot_inks(&chrome, &profile, &page, &shot, &widths).expect("a screenshot");
    for ((width, (scroll, wide)), ink) in widths.iter().zip(&layout.widths).zip(inks) {
        assert!(
            scroll <= width && wide.is_empty(),
            "at {width} px: {scroll} px wide; {wide:?}"
        );
        assert!(
            ink > 0.02,
            "at {width} px the page is blank ({ink:.3} of pixels inked)"
        );
    }
}

/// Inputs for the stop walks: the corpus's lines, noise, and first bytes (a
/// scheme, its `:` and a `//` after it) that repeat, change, stop the walk,
/// or pass the sixteen a walk keeps, each with endings, in turn; then the
/// lines again.
fn stop_inputs() -> Vec<String> {
    let lines: Vec<String> = corpus(40)
        .into_iter()
        .map(|l| String::from_utf8_lossy(&l).into_owned())
        .collect();
    let mut rng = rand::rngs::StdRng::seed_from_u64(1630);
    let noise: Vec<String> = (0..2000)
        .map(|_| {
            let n = rng.gen_range(0..24);
            (0..n)
                .map(|_| char::from(rng.gen_range(0x20u8..0x7f)))
                .collect()
        })
        .collect();
    let heads = [
        "http:",
        "http://",
        "HTTP://",
        "http:/",
        "news:",
        "ftp://",
        "x",
        "",
        ":",
        "a\u{e9}:",
        "ab cd:",
        "abcdefghijklm://",
        "abcdefghijklmn://",
        "abcdefghijklmno:",
    ];
    let tails = ["", "h", "h/p", "//h", ":", "\u{e9}", "h.x/~", "[::1]/", "/"];
    let mut turns = Vec::new();
    for round in 0..2 {
        for (i, head) in heads.iter().enumerate() {
            for tail in tails {
                turns.push(match (round + i) % 2 {
                    0 => format!("{head}{tail}"),
                    _ => format!("{head}{tail}{tail}"),
                });
            }
        }
    }
    let mut inputs = lines.clone();
    inputs.extend(noise);
    inputs.extend(turns);
    inputs.extend(lines);
    inputs
}

#[test]
fn the_fast_stop_is_the_exact_stop() {
    // report locates stops in the walk that decides, resumed after the
    // first bytes of the input before where they agree; check's diagnosis
    // walks testing liveness at every byte. They must agree everywhere.
    let inputs = stop_inputs();
    for e in Edition::ALL {
        let grammar = urlbnf::grammar::printed::PrintedGrammar::of(e);
        for rule in grammar.rules.iter().map(|r| r.name.as_str()) {
            let a = urlbnf::engine::automaton::automaton(e, rule).unwrap();
            let mut kept = urlbnf::engine::automaton::Kept::default();
            for input in &inputs {
                let exact = a.stop(input);
                assert_eq!(a.stop_fast(input), exact, "{e} {rule}: {input:?}");
                // Resumed from the last input's first bytes where they agree.
                assert_eq!(
                    a.stop_resumed(input, &mut kept),
                    exact,
                    "{e} {rule}, kept: {input:?}"
                );
            }
        }
    }
}

#[test]
fn the_joint_walk_finds_each_automatons_exact_stop() {
    // report walks every target's automata as one, in a product made as
    // the inputs meet it, and takes each automaton's verdict and stop from
    // that walk. Each must be the automaton's own, exactly: every rule of
    // every edition four at a time, and the report's own automata (each
    // edition's whole-URL rule unminimized, and without its catch-all);
    // the product kept across lists of every length, started afresh for
    // other automata.
    use urlbnf::engine::automaton::{Automaton, Form, automaton, automaton_of};
    use urlbnf::engine::lazy::LazyProduct;
    let inputs = stop_inputs();
    let texts: Vec<&str> = inputs.iter().map(|i| i.as_str()).collect();
    let mut groups: Vec<(String, Vec<std::sync::Arc<Automaton>>)> = Vec::new();
    let mut report = Vec::new();
    for e in Edition::ALL {
        let grammar = urlbnf::grammar::printed::PrintedGrammar::of(e);
        let rules: Vec<&str> = grammar.rules.iter().map(|r| r.name.as_str()).collect();
        for four in rules.chunks(4) {
            let automata = four.iter().map(|r| automaton(e, r).unwrap()).collect();
            groups.push((format!("{e} {four:?}"), automata));
        }
        let rule = e.default_rule();
        let mut forms = vec![None];
        if let Some(c) = urlbnf::known::catch_all(e).filter(|c| c.applies_to(rule)) {
            forms.push(Some((c.rule.clone(), c.catch_all.clone())));
        }
        for without in forms {
            let form = Form {
                without,
                positions: true,
            };
            report.push(automaton_of(e, rule, &form).unwrap());
        }
    }
    groups.push(("the report's automata".to_string(), report));
    let mut product = LazyProduct::default();
    for (what, automata) in &groups {
        let mut from = 0usize;
        for (round, size) in [1, 7, 8, 9, 1000, usize::MAX]
            .into_iter()
            .cycle()
            .enumerate()
        {
            let list = texts
                .get(from..(from.saturating_add(size)).min(texts.len()))
                .unwrap();
            let mut seen = 0;
            let walked = product.each(automata, list, |i, line| {
                seen += 1;
                let outcome = line.outcome();
                let input = inputs.get(from + i).unwrap();
                for (k, a) in automata.iter().enumerate() {
                    let exact = a.stop(input).map(|s| (s.state, s.offset, s.byte_offset));
                    let derived = (outcome.accepted >> k) & 1 != 0;
                    assert_eq!(derived, exact.is_none(), "{what} #{k}: {input:?}");
                    let located = outcome.stop(k).map(|(s, at)| (s, at, at));
                    assert_eq!(located, exact, "{what} #{k}, round {round}: {input:?}");
                }
            });
            assert!(walked, "{what}: the product outgrew its bound");
            assert_eq!(seen, list.len(), "{what}: every input has its outcome");
            // The same list as a text's lines, walked where they lie (a
            // line ending in "\r" is left out: the line end takes it), the
            // last line ended in every other round (it must be, if empty).
            let lines: Vec<&str> = list
                .iter()
                .copied()
                .filter(|l| !l.ends_with('\r'))
                .collect();
            let mut text = lines.join("\n");
            if !lines.is_empty() && (round % 2 == 0 || lines.last() == Some(&"")) {
                text.push('\n');
            }
            let mut given = Vec::new();
            let walked = product.each_line(automata, &text, |start, end, line| {
                let outcome = line.outcome();
                let input = text.get(start..end).unwrap();
                given.push(input);
                for (k, a) in automata.iter().enumerate() {
                    let exact = a.stop(input).map(|s| (s.state, s.offset, s.byte_offset));
                    let located = outcome.stop(k).map(|(s, at)| (s, at, at));
                    assert_eq!(
                        located, exact,
                        "{what} #{k}, round {round}, text: {input:?}"
                    );
                }
            });
            assert!(walked, "{what}: the product outgrew its bound");
            assert_eq!(given, lines, "{what}: every line, in order");
            from += list.len();
            if from == texts.len() {
                break;
            }
        }
    }
}

/// `schemes` × `repeat` lines, one scheme each, in a shuffled order: every
/// run, thread count and split must count them alike.
fn many_schemes(schemes: usize, repeat: usize, seed: u64) -> Vec<Vec<u8>> {
    let mut lines: Vec<Vec<u8>> = (0..repeat)
        .flat_map(|_| (0..schemes).map(|i| format!("s{i}:x").into_bytes()))
        .collect();
    lines.shuffle(&mut rand::rngs::StdRng::seed_from_u64(seed));
    lines
}

/// The scheme rows of an edition of a report, by name.
fn scheme_rows(report: &Report) -> HashMap<String, u64> {
    report.editions[0]
        .schemes
        .iter()
        .map(|s| (s.scheme.clone(), s.valid + s.invalid))
        .collect()
}

/// A scheme whose place another takes is counted where it now belongs at
/// once, even in a run of its own inputs (places looked up once per run).
#[test]
fn a_displaced_scheme_is_counted_under_the_rest_at_once() {
    let reporter = Reporter::new(vec![Checker::for_edition(Edition::Rfc1738).unwrap()]).unwrap();
    let mut part = reporter.partial();
    for i in 0..1000 {
        reporter.add(&mut part, &format!("s{i}:x"));
    }
    // "t1" comes before "s999" (shorter), so it takes its place.
    for input in ["s999:x", "t1:x", "s999:x"] {
        reporter.add(&mut part, input);
    }
    let rows = scheme_rows(&reporter.finish(part));
    assert_eq!(rows.get("t1"), Some(&1));
    assert_eq!(rows.get("s999"), None);
    assert_eq!(rows.get(OTHER_SCHEMES), Some(&3), "s999's three inputs");
}

#[test]
fn scheme_counts_are_exact_at_any_number_of_schemes_threads_and_splits() {
    for (schemes, repeat) in [(1_500, 20), (300_000, 1)] {
        let lines = many_schemes(schemes, repeat, 1738);
        let path = temp(&format!("schemes-{schemes}.txt"));
        std::fs::write(&path, joined(&lines)).unwrap();
        let file = path.display().to_string();
        let run = |jobs: &str| report_json(&["--grammar", "rfc1738", "--jobs", jobs, &file], b"");
        let one = run("1");
        // The kept schemes are the 1,000 shortest, then first in byte order:
        // s0..s999, each with all its inputs; the rest are summed.
        let rows = scheme_rows(&one);
        assert_eq!(rows.len(), 1001, "{schemes} schemes");
        for i in 0..1000 {
            assert_eq!(rows.get(&format!("s{i}")), Some(&(repeat as u64)), "s{i}");
        }
        assert_eq!(
            rows.get(OTHER_SCHEMES),
            Some(&(((schemes - 1000) * repeat) as u64))
        );
        for jobs in ["2", "4"] {
            assert_eq!(
                counted(&run(jobs)),
                counted(&one),
                "{schemes} schemes, --jobs {jobs}"
            );
        }
        // Any split, merged, counts the same (the parts listed aside).
        let mut rng = rand::rngs::StdRng::seed_from_u64(schemes as u64);
        let mut parts: Vec<Vec<Vec<u8>>> = vec![Vec::new(); 3];
        for l in lines {
            parts[rng.gen_range(0..3)].push(l);
        }
        let mut args = vec!["report".to_string(), "--merge".into(), "--json".into()];
        for (i, part) in parts.iter().enumerate() {
            let p = temp(&format!("schemes-{schemes}-part-{i}.json"));
            let (code, out, err) = urlbnf(
                &["report", "--json", "--grammar", "rfc1738", "--jobs", "2"],
                &joined(part),
            );
            assert_eq!(code, 0, "{err}");
            std::fs::write(&p, out).unwrap();
            args.push(p.display().to_string());
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (code, out, err) = urlbnf(&args, b"");
        assert_eq!(code, 0, "{err}");
        let merged: Report = serde_json::from_str(&out).unwrap();
        assert_eq!(merged.parts.len(), 3);
        assert_eq!(
            counted(&merged),
            counted(&one),
            "{schemes} schemes, 3 parts"
        );
    }
}

/// The page's date is the day it was written (UTC), or `SOURCE_DATE_EPOCH`'s
/// for output that must not change from run to run.
#[test]
fn the_html_report_is_dated() {
    for (epoch, day) in [
        ("951782400", "2000-02-29"),
        ("1795392000", "2026-11-23"),
        ("-86400", "1969-12-31"),
    ] {
        let page = temp(&format!("dated-{day}.html"));
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_urlbnf"))
            .args(["report", "--grammar", "rfc1738", "--html"])
            .arg(&page)
            .arg(common_corpus_file())
            .env("SOURCE_DATE_EPOCH", epoch)
            .output()
            .unwrap();
        assert!(out.status.success());
        let html = std::fs::read_to_string(&page).unwrap();
        assert!(html.contains(&format!("written {day}.")), "{epoch}: {html}");
    }
}

/// The seed corpus as a file.
fn common_corpus_file() -> std::path::PathBuf {
    std::path::PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/corpus/seed-urls.txt"
    ))
}

/// Each scheme's bar is split at its share: a scheme 45% valid draws 45% of
/// its bar valid and 55% invalid, with the counts beside it.
#[test]
fn bars_are_split_at_each_share() {
    let mut input = Vec::new();
    for _ in 0..45 {
        input.extend_from_slice(b"mailto:timbl@info.cern.ch\n");
    }
    for _ in 0..55 {
        input.extend_from_slice(b"mailto:tim bl\n");
    }
    let page = temp("shares.html");
    let (code, _, err) = urlbnf(
        &[
            "report",
            "--grammar",
            "rfc1738",
            "--html",
            &page.display().to_string(),
        ],
        &input,
    );
    assert_eq!((code, err.as_str()), (0, ""));
    let html = std::fs::read_to_string(&page).unwrap();
    let bar = html
        .split("<text x=\"0\" y=\"16\">mailto</text>")
        .nth(1)
        .expect("mailto's bar");
    let width = |class: &str| -> f64 {
        bar.split(&format!("<rect class=\"{class}\""))
            .nth(1)
            .and_then(|r| r.split("width=\"").nth(1))
            .and_then(|w| w.split('"').next())
            .and_then(|w| w.parse().ok())
            .expect("a width")
    };
    let (valid, invalid) = (width("valid"), width("invalid"));
    assert!(
        (valid / (valid + invalid) - 0.45).abs() < 0.001,
        "{valid} / {invalid}"
    );
    assert!(
        bar.contains("45.0% · 45 of 100</text>"),
        "the counts as text"
    );
}
