//! Each rule's regular expression is the rule: the `rust` one, compiled back
//! into an automaton, is the same language as the rule's (no sampling: both
//! differences are empty), for every rule of every edition; and the others,
//! run by their own engines (Python's `re`, Node's `RegExp`, Perl, `grep -E`),
//! give `check`'s verdict on the exhaustive short strings, the seed corpus and
//! strings derived from each edition's whole-URL rule.

use crate::common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use urlbnf::diff::difference;
use urlbnf::engine::automaton::{Automaton, automaton};
use urlbnf::grammar::printed::PrintedGrammar;
use urlbnf::regex::{Flavor, edition_regexes, rule_regex};
use urlbnf::{Checker, Edition, Engine};

#[test]
fn every_rules_regex_is_its_language() {
    let mut rules = 0;
    for e in Edition::ALL {
        for r in &PrintedGrammar::of(e).rules {
            let reference = automaton(e, &r.name).expect("every printed rule compiles");
            // The bodies of rust, pcre, python and ecmascript are one text.
            let bodies: Vec<String> = [
                Flavor::Rust,
                Flavor::Pcre,
                Flavor::Python,
                Flavor::Ecmascript,
            ]
            .iter()
            // Python alone spells a named group `(?P<name>`.
            .map(|&f| {
                rule_regex(e, &r.name, f)
                    .unwrap()
                    .unanchored
                    .replace("(?P<", "(?<")
            })
            .collect();
            assert!(bodies.iter().all(|b| *b == bodies[0]), "{e} {}", r.name);
            let hir = regex_syntax::parse(&bodies[0])
                .unwrap_or_else(|err| panic!("{e} {}: {err}", r.name));
            let back = Automaton::from_hir(&hir).expect("the regex compiles");
            assert_eq!(
                difference(&back, &reference, 3),
                Vec::<String>::new(),
                "{e} {}: the regex matches what the rule does not derive",
                r.name
            );
            assert_eq!(
                difference(&reference, &back, 3),
                Vec::<String>::new(),
                "{e} {}: the rule derives what the regex does not match",
                r.name
            );
            rules += 1;
        }
    }
    assert!(rules > 250, "{rules} rules");
}

/// Inputs for the foreign engines: every string of up to three characters
/// of a small alphabet that matters to URLs, the seed corpus, and strings
/// derived from each edition's whole-URL rule (none holds a line break).
fn inputs() -> Vec<String> {
    let alphabet: Vec<char> = "a0A:/.%@?#;=+- ~".chars().collect();
    let mut out = vec![String::new()];
    let mut last = vec![String::new()];
    for _ in 0..3 {
        last = last
            .iter()
            .flat_map(|s| alphabet.iter().map(move |c| format!("{s}{c}")))
            .collect();
        out.extend(last.iter().cloned());
    }
    out.extend(common::corpus().iter().map(|s| s.to_string()));
    for e in Edition::ALL {
        out.extend(common::samples(e, e.default_rule(), 40, 28));
    }
    out.retain(|s| !s.contains(['\n', '\r', '\0']));
    out
}

fn temp(name: &str, text: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("regex");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// A program for an engine that reads patterns (one per line) and inputs
/// (one per line) and prints, per pattern, a line of 1s and 0s.
fn engine(flavor: Flavor) -> Option<(&'static str, Vec<String>)> {
    let (program, args): (&str, Vec<&str>) = match flavor {
        Flavor::Python => (
            "python3",
            vec![
                "-c",
                "import re,sys\n\
                 ps=open(sys.argv[1]).read().split('\\n')[:-1]\n\
                 xs=open(sys.argv[2]).read().split('\\n')[:-1]\n\
                 for p in ps:\n r=re.compile(p)\n print(''.join('1' if r.search(x) else '0' for x in xs))",
            ],
        ),
        Flavor::Ecmascript => (
            "node",
            vec![
                "-e",
                "const fs=require('fs');\
                 const ps=fs.readFileSync(process.argv[1],'utf8').split('\\n').slice(0,-1);\
                 const xs=fs.readFileSync(process.argv[2],'utf8').split('\\n').slice(0,-1);\
                 for(const p of ps){const r=new RegExp(p);\
                 console.log(xs.map(x=>r.test(x)?'1':'0').join(''));}",
            ],
        ),
        Flavor::Pcre => (
            "perl",
            vec![
                "-e",
                "open(P,'<',$ARGV[0]);my @ps=<P>;chomp @ps;\
                 open(X,'<',$ARGV[1]);my @xs=<X>;chomp @xs;\
                 for my $p (@ps){my $r=qr/$p/;print join('',map {$_=~$r?'1':'0'} @xs),\"\\n\";}",
            ],
        ),
        _ => return None,
    };
    let found = Command::new("which").arg(program).output().ok()?;
    found.status.success().then(|| {
        (
            program,
            args.into_iter().map(String::from).collect::<Vec<_>>(),
        )
    })
}

/// Run an engine's program on a file of patterns and a file of inputs: what
/// it prints.
/// An engine that backtracks without bound is stopped after five minutes
/// (the test fails) rather than holding the run.
fn run_engine(program: &str, args: &[String], patterns: &Path, inputs: &Path) -> String {
    let mut child = Command::new(program)
        .args(args)
        .arg(patterns)
        .arg(inputs)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the engine runs");
    let stdout = child.stdout.take().expect("piped");
    let reader = std::thread::spawn(move || {
        let mut text = Vec::new();
        std::io::Read::read_to_end(&mut { stdout }, &mut text).map(|_| text)
    });
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(300);
    while child.try_wait().expect("waits").is_none() {
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            panic!("{program} ran over five minutes on {}", patterns.display());
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let out = child.wait_with_output().expect("the engine ends");
    let out = std::process::Output {
        stdout: reader.join().expect("read").expect("read"),
        ..out
    };
    assert!(
        out.status.success(),
        "{program}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("the engine prints UTF-8")
}

#[test]
#[ignore = "costly: .ci/run runs it (cargo test --test suite -- --ignored)"]
fn the_regexes_give_checks_verdicts_in_their_own_engines() {
    let inputs = inputs();
    let input_file = temp("inputs.txt", &(inputs.join("\n") + "\n"));
    for e in Edition::ALL {
        let checkers: Vec<(String, Checker)> = PrintedGrammar::of(e)
            .rules
            .iter()
            .map(|r| {
                (
                    r.name.clone(),
                    Checker::new(e, &r.name, Engine::Dfa).unwrap(),
                )
            })
            .collect();
        let expected: Vec<String> = checkers
            .iter()
            .map(|(_, c)| {
                inputs
                    .iter()
                    .map(|x| if c.is_valid(x) { '1' } else { '0' })
                    .collect()
            })
            .collect();
        for flavor in [Flavor::Python, Flavor::Ecmascript, Flavor::Pcre] {
            let Some((program, args)) = engine(flavor) else {
                common::skip(
                    &format!("no engine for {}", flavor.id()),
                    "python3, node and perl are expected on the machine",
                );
                continue;
            };
            let patterns: Vec<String> = edition_regexes(e, flavor)
                .unwrap()
                .into_iter()
                .map(|r| r.pattern)
                .collect();
            let pattern_file = temp(
                &format!("{e}-{}.txt", flavor.id()),
                &(patterns.join("\n") + "\n"),
            );
            let out = run_engine(program, &args, &pattern_file, &input_file);
            let got: Vec<&str> = out.lines().collect();
            assert_eq!(got.len(), expected.len(), "{e} {program}");
            for ((rule, _), (want, got)) in checkers.iter().zip(expected.iter().zip(&got)) {
                if want != got {
                    let i = want
                        .bytes()
                        .zip(got.bytes())
                        .position(|(a, b)| a != b)
                        .unwrap_or(0);
                    panic!(
                        "{e} {rule} in {program}: {:?} is {} by check",
                        inputs[i],
                        if &want[i..=i] == "1" {
                            "valid"
                        } else {
                            "invalid"
                        }
                    );
                }
            }
            println!(
                "{e}: {program} agrees with check on {} verdicts",
                inputs.len() * checkers.len()
            );
        }
        // grep -E: one run per rule, the matching lines by number.
        for (i, (rule, _)) in checkers.iter().enumerate() {
            let pattern = rule_regex(e, rule, Flavor::Posix).unwrap().pattern;
            let out = Command::new("grep")
                .args(["-E", "-n", "-a", "--", &pattern])
                .arg(&input_file)
                .env("LC_ALL", "C")
                .output()
                .expect("grep runs");
            assert!(
                out.status.code().is_some_and(|c| c <= 1),
                "{e} {rule}: grep failed"
            );
            let mut got = vec!['0'; inputs.len()];
            for line in String::from_utf8_lossy(&out.stdout).lines() {
                let n: usize = line.split(':').next().unwrap().parse().unwrap();
                got[n - 1] = '1';
            }
            let got: String = got.into_iter().collect();
            if got != expected[i] {
                let k = got
                    .bytes()
                    .zip(expected[i].bytes())
                    .position(|(a, b)| a != b)
                    .unwrap_or(0);
                panic!("{e} {rule} in grep -E: {:?} differs from check", inputs[k]);
            }
        }
        println!(
            "{e}: grep -E agrees with check on {} verdicts",
            inputs.len() * checkers.len()
        );
    }
}

/// The AST's components of a URL, by the names its regex's groups carry:
/// the body's parts (an `ip` part's too), `scheme` of a generic URL, and the
/// fragment, each as its span.
fn components(url: &urlbnf::ast::Url<'_>) -> BTreeMap<String, (u64, u64)> {
    let json = serde_json::to_value(url).unwrap();
    let span = |v: &serde_json::Value| Some((v.get("start")?.as_u64()?, v.get("end")?.as_u64()?));
    let mut out = BTreeMap::new();
    let body = &json["body"];
    let mut parts: Vec<(&str, &serde_json::Value)> = Vec::new();
    if let Some(o) = body.as_object() {
        parts.extend(o.iter().map(|(k, v)| (k.as_str(), v)));
    }
    // A generic URL's `ip` part.
    if let Some(o) = body.get("ip").and_then(|v| v.as_object()) {
        parts.extend(o.iter().map(|(k, v)| (k.as_str(), v)));
    }
    // A later edition's authority.
    if let Some(o) = body.get("authority").and_then(|v| v.as_object()) {
        parts.extend(o.iter().map(|(k, v)| (k.as_str(), v)));
    }
    if body["kind"] == "generic" || body["kind"] == "uri" {
        parts.push(("scheme", &json["scheme"]));
    }
    if let Some(f) = json.get("fragment") {
        parts.push(("fragment", f));
    }
    for (name, v) in parts {
        if NAMED.contains(&name)
            && let Some(s) = span(v)
        {
            out.insert(name.to_string(), s);
        }
    }
    out
}

/// The component names a regex's groups carry.
const NAMED: [&str; 21] = [
    "scheme",
    "userinfo",
    "query",
    "host",
    "port",
    "user",
    "password",
    "path",
    "search",
    "urlpath",
    "ftptype",
    "gtype",
    "selector",
    "group",
    "database",
    "cell",
    "hsoname",
    "version",
    "attributes",
    "mailbox",
    "fragment",
];

#[test]
fn named_groups_give_the_asts_components_in_python() {
    if Command::new("python3").arg("--version").output().is_err() {
        common::skip("no python3", "python3 is expected on the machine");
        return;
    }
    let mut inputs: Vec<String> = common::corpus().iter().map(|s| s.to_string()).collect();
    for e in Edition::ALL {
        inputs.extend(common::samples(e, e.default_rule(), 300, 41));
    }
    inputs.retain(|s| !s.contains(['\n', '\r', '\0']));
    let input_file = temp("named-inputs.txt", &(inputs.join("\n") + "\n"));
    // Each edition's whole-URL rule (names after their production), and a
    // scheme's own rule (names alone).
    let mut rules: Vec<(Edition, &str)> = Edition::ALL
        .iter()
        .map(|&e| (e, e.default_rule()))
        .collect();
    rules.push((Edition::Rfc1738, "httpurl"));
    rules.push((Edition::Draft1994, "ftpaddress"));
    let mut matched = 0;
    for (e, rule) in rules {
        let regex = rule_regex(e, rule, Flavor::Python).unwrap();
        assert!(!regex.groups.is_empty(), "{e} {rule}");
        let pattern_file = temp(&format!("named-{e}-{rule}.txt"), &regex.pattern);
        let program = "import re,sys,json\n\
             r=re.compile(open(sys.argv[1]).read())\n\
             for x in open(sys.argv[2]).read().split('\\n')[:-1]:\n \
             m=r.search(x)\n \
             print(json.dumps(m and {k:m.span(k) for k,v in m.groupdict().items() if v is not None}))";
        let args = ["-c".to_string(), program.to_string()];
        let out = run_engine("python3", &args, &pattern_file, &input_file);
        let checker = Checker::new(e, rule, Engine::Dfa).unwrap();
        for (x, line) in inputs.iter().zip(out.lines()) {
            let groups: Option<BTreeMap<String, (u64, u64)>> = serde_json::from_str(line).unwrap();
            assert_eq!(groups.is_some(), checker.is_valid(x), "{e} {rule} {x:?}");
            let Some(groups) = groups else { continue };
            let Ok(url) = urlbnf::ast::parse(e, x) else {
                continue;
            };
            // `httpurl_host` is the AST's `host` of an httpurl.
            let got: BTreeMap<String, (u64, u64)> = groups
                .into_iter()
                .map(|(k, v)| {
                    let field = NAMED
                        .iter()
                        .find(|f| k == **f || k.ends_with(&format!("_{f}")))
                        .unwrap_or_else(|| panic!("{e} {rule}: group {k} names no component"));
                    (field.to_string(), v)
                })
                .collect();
            assert_eq!(got, components(&url), "{e} {rule} {x:?}");
            matched += 1;
        }
    }
    assert!(matched > 1000, "{matched} matches compared");
    println!("named groups: {matched} matches equal to the AST's components");
}

/// The README's tour runs a Python one-liner over `urlbnf regex`: run the
/// block as written, with the built `urlbnf` first on the `PATH`, and compare
/// with the output shown after it.
#[test]
fn the_readmes_python_example_prints_what_it_shows() {
    if Command::new("python3").arg("--version").output().is_err() {
        common::skip("no python3", "python3 is expected on the machine");
        return;
    }
    let readme = include_str!("../README.md");
    let marker = "<!-- tests/regex.rs runs this block and compares its output with the next. -->";
    let after = readme
        .split_once(marker)
        .expect("the README marks the block")
        .1;
    let block = |text: &'static str, fence: &str| -> (&'static str, &'static str) {
        let start = text.find(fence).expect("a block") + fence.len();
        let (body, rest) = text[start..].split_once("\n```\n").expect("a closed block");
        (body, rest)
    };
    let (script, rest) = block(after, "```sh\n");
    let (shown, _) = block(rest, "```text\n");
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_urlbnf"));
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = Command::new("sh")
        .args(["-c", script])
        .env("PATH", path)
        .output()
        .expect("sh runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim_end(),
        shown.trim_end()
    );
}

/// The hostile families of `tests/corpus/redos-families.txt`, each at about
/// 64, 512 and 4,096 characters, with and without its suffix.
fn families() -> Vec<Vec<String>> {
    let text = include_str!("corpus/redos-families.txt");
    let mut out = Vec::new();
    for line in text
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        let cells: Vec<String> = line
            .split('\t')
            .take(3)
            .map(|c| serde_json::from_str(c).unwrap())
            .collect();
        let [prefix, pump, suffix] = &cells[..] else {
            panic!("{line:?}: prefix, pump and suffix")
        };
        for end in [suffix.as_str(), ""] {
            out.push(
                [64, 512, 4096]
                    .iter()
                    .map(|n| format!("{prefix}{}{end}", pump.repeat(n / pump.len())))
                    .collect(),
            );
        }
    }
    out
}

/// Timing programs: patterns (one per line) and inputs (one per line) in,
/// per pattern one line of `verdict:microseconds` per input out: the least of
/// five runs, in CPU time (the process's own work: time other programs take
/// on a busy machine is not counted).
fn timing_engine(flavor: Flavor) -> Option<(&'static str, Vec<String>)> {
    let (program, script) = match flavor {
        Flavor::Python => (
            "python3",
            "import re,sys,time\n\
             ps=open(sys.argv[1]).read().split('\\n')[:-1]\n\
             xs=open(sys.argv[2]).read().split('\\n')[:-1]\n\
             for p in ps:\n r=re.compile(p)\n out=[]\n for x in xs:\n  best=None\n  for _ in range(5):\n   t=time.thread_time(); m=r.search(x); d=time.thread_time()-t\n   best=d if best is None else min(best,d)\n  out.append(('1' if m else '0')+':'+str(int(best*1e6)))\n print(' '.join(out))",
        ),
        Flavor::Ecmascript => (
            "node",
            "const fs=require('fs');\
             const ps=fs.readFileSync(process.argv[1],'utf8').split('\\n').slice(0,-1);\
             const xs=fs.readFileSync(process.argv[2],'utf8').split('\\n').slice(0,-1);\
             for(const p of ps){const r=new RegExp(p);const out=[];\
             for(const x of xs){let best=Infinity,m=false;for(let i=0;i<5;i++){\
             const t=process.cpuUsage();m=r.test(x);const d=process.cpuUsage(t);\
             best=Math.min(best,d.user+d.system);}\
             out.push((m?'1':'0')+':'+Math.floor(best));}\
             console.log(out.join(' '));}",
        ),
        _ => return None,
    };
    let found = Command::new(program).arg("--version").output().ok()?;
    found.status.success().then(|| {
        let flag = if program == "node" { "-e" } else { "-c" };
        (program, vec![flag.to_string(), script.to_string()])
    })
}

/// The expressions of every edition's whole-URL rule and its scheme rules,
/// run by Python's `re`, Node's `RegExp` and PCRE2 (`grep -P`) on hostile
/// families: every verdict is `check`'s, and the time grows linearly (from
/// 512 to 4,096 characters, at most 3 times the 8-fold of the length; a run
/// under 2 ms at 4,096 characters is too short to measure and passes). The
/// time is CPU time, and a family must grow too fast in three runs to fail:
/// a busy machine slows one run, a backtracking engine every run.
#[test]
#[ignore = "costly: .ci/run runs it (cargo test --test suite -- --ignored)"]
fn the_regexes_run_in_linear_time_on_hostile_inputs() {
    let families = families();
    let inputs: Vec<String> = families.iter().flatten().cloned().collect();
    let input_file = temp("hostile.txt", &(inputs.join("\n") + "\n"));
    let mut worst: (u64, String) = (0, String::new());
    for e in Edition::ALL {
        let grammar = PrintedGrammar::of(e);
        let rules: Vec<&str> = grammar
            .rules
            .iter()
            .map(|r| r.name.as_str())
            .filter(|r| *r == e.default_rule() || urlbnf::ast::scheme_kind(e, r).is_some())
            .collect();
        let checkers: Vec<Checker> = rules
            .iter()
            .map(|r| Checker::new(e, r, Engine::Dfa).unwrap())
            .collect();
        for flavor in [Flavor::Python, Flavor::Ecmascript] {
            let Some((program, args)) = timing_engine(flavor) else {
                common::skip(
                    &format!("no engine for {}", flavor.id()),
                    "python3 and node are expected on the machine",
                );
                continue;
            };
            let patterns: Vec<String> = rules
                .iter()
                .map(|r| rule_regex(e, r, flavor).unwrap().pattern)
                .collect();
            let pattern_file = temp(
                &format!("hostile-{e}-{}.txt", flavor.id()),
                &(patterns.join("\n") + "\n"),
            );
            // A family that seems to grow faster than linearly is timed again,
            // twice at most: a pause of the machine's makes one run slow, never
            // three, where a backtracking engine is slow every time.
            let mut suspects: Option<Vec<(usize, usize, u64, u64)>> = None;
            for attempt in 0..3 {
                let out = run_engine(program, &args, &pattern_file, &input_file);
                let mut found = Vec::new();
                for (r, ((rule, checker), line)) in
                    rules.iter().zip(&checkers).zip(out.lines()).enumerate()
                {
                    let runs: Vec<(bool, u64)> = line
                        .split(' ')
                        .map(|cell| {
                            let (v, t) = cell.split_once(':').unwrap();
                            (v == "1", t.parse().unwrap())
                        })
                        .collect();
                    assert_eq!(runs.len(), inputs.len());
                    if attempt == 0 {
                        for (x, (valid, _)) in inputs.iter().zip(&runs) {
                            assert_eq!(*valid, checker.is_valid(x), "{e} {rule} {program}: {x:?}");
                        }
                    }
                    for (f, (family, times)) in families.iter().zip(runs.chunks(3)).enumerate() {
                        let (small, large) = (times[1].1.max(1), times[2].1);
                        if large > worst.0 {
                            worst = (large, format!("{e} {rule} {program} {:?}", &family[0]));
                        }
                        if large >= 2_000 && large > small * 24 {
                            found.push((r, f, small, large));
                        }
                    }
                }
                // Only what was slow in every run so far stays suspect.
                let still: Vec<_> = match suspects {
                    None => found,
                    Some(before) => before
                        .into_iter()
                        .filter(|(r, f, ..)| found.iter().any(|(r2, f2, ..)| r == r2 && f == f2))
                        .collect(),
                };
                let done = still.is_empty();
                suspects = Some(still);
                if done {
                    break;
                }
            }
            if let Some((r, f, small, large)) = suspects.unwrap_or_default().first() {
                panic!(
                    "{e} {} in {program} grows faster than linearly on {:?}...: \
                     {small} us at 512 characters, {large} us at 4,096, in three runs",
                    rules[*r], &families[*f][0]
                );
            }
        }
        // PCRE2 through grep -P, one run per rule: the verdicts, and no
        // "backtracking limit" (grep -P reports it and exits 2).
        for (rule, checker) in rules.iter().zip(&checkers) {
            let pattern = rule_regex(e, rule, Flavor::Pcre).unwrap().pattern;
            let out = Command::new("grep")
                .args(["-P", "-n", "-a", "--", &pattern])
                .arg(&input_file)
                .env("LC_ALL", "C")
                .output()
                .expect("grep runs");
            let stderr = String::from_utf8_lossy(&out.stderr);
            if stderr.contains("too large") {
                // PCRE2 as grep builds it compiles at most 64 KB of code.
                println!("{e} {rule}: grep -P refuses an expression this large");
                continue;
            }
            assert!(
                out.status.code() == Some(0) || out.status.code() == Some(1),
                "{e} {rule} in grep -P: {stderr}"
            );
            let matched: Vec<usize> = String::from_utf8_lossy(&out.stdout)
                .lines()
                .map(|l| l.split(':').next().unwrap().parse().unwrap())
                .collect();
            for (i, x) in inputs.iter().enumerate() {
                assert_eq!(
                    matched.contains(&(i + 1)),
                    checker.is_valid(x),
                    "{e} {rule} in grep -P: {x:?}"
                );
            }
        }
    }
    println!("hostile families: slowest run {} us ({})", worst.0, worst.1);
}

/// The expression rebuilt from every rule's automaton matches each input one
/// way (decided on its position automaton, no sampling) and is the rule's
/// language: what makes the expressions linear in backtracking engines.
#[test]
fn every_rebuilt_expression_matches_each_input_one_way() {
    use urlbnf::engine::ambiguity::matches_some_input_two_ways;
    use urlbnf::engine::unambiguous::unambiguous;
    // The decision itself: these match some input two ways, those do not.
    for ambiguous in [
        "a*a*",
        "(?:a|ab)b?",
        "(?:a*)*",
        "(?:ab|a)(?:b|c)?",
        "(?:x+|xx)",
    ] {
        let h = regex_syntax::parse(ambiguous).unwrap();
        assert!(matches_some_input_two_ways(&h), "{ambiguous}");
    }
    for one_way in ["a*b", "[ab]*", "(?:ab|a)c", "a+(?:ba+)*", "(?:x+)?y"] {
        let h = regex_syntax::parse(one_way).unwrap();
        assert!(!matches_some_input_two_ways(&h), "{one_way}");
    }
    let mut rules = 0;
    for e in Edition::ALL {
        for r in &PrintedGrammar::of(e).rules {
            let reference = automaton(e, &r.name).unwrap();
            let rebuilt = unambiguous(&reference);
            assert!(
                !matches_some_input_two_ways(&rebuilt),
                "{e} {}: the rebuilt expression matches some input two ways",
                r.name
            );
            let back = Automaton::from_hir(&rebuilt).unwrap();
            assert_eq!(
                difference(&back, &reference, 1),
                Vec::<String>::new(),
                "{e} {}",
                r.name
            );
            assert_eq!(
                difference(&reference, &back, 1),
                Vec::<String>::new(),
                "{e} {}",
                r.name
            );
            rules += 1;
        }
    }
    assert!(rules > 250, "{rules} rules");
}

/// Engines that read their patterns and inputs as UTF-8 text, whatever the
/// locale: a program as [`engine`]'s.
fn utf8_engine(flavor: Flavor) -> Option<(&'static str, Vec<String>)> {
    let (program, script): (&str, &str) = match flavor {
        Flavor::Python => (
            "python3",
            "import re,sys\n\
             ps=open(sys.argv[1],encoding='utf-8').read().split('\\n')[:-1]\n\
             xs=open(sys.argv[2],encoding='utf-8').read().split('\\n')[:-1]\n\
             for p in ps:\n r=re.compile(p)\n print(''.join('1' if r.search(x) else '0' for x in xs))",
        ),
        Flavor::Pcre => (
            "perl",
            "open(P,'<:encoding(UTF-8)',$ARGV[0]);my @ps=<P>;chomp @ps;\
             open(X,'<:encoding(UTF-8)',$ARGV[1]);my @xs=<X>;chomp @xs;\
             for my $p (@ps){my $r=qr/$p/;print join('',map {$_=~$r?'1':'0'} @xs),\"\\n\";}",
        ),
        Flavor::Ecmascript => return engine(flavor),
        _ => return None,
    };
    let flag = if program == "perl" { "-e" } else { "-c" }.to_string();
    let found = Command::new("which").arg(program).output().ok()?;
    found
        .status
        .success()
        .then(|| (program, vec![flag, script.to_string()]))
}

/// RFC 3987's rules (non-ASCII ranges past U+FFFF among them): the `rust`
/// regex is the rule's language exactly, and Python's `re`, Node's `RegExp`
/// (no `u` flag: surrogate pairs), Perl and `grep -E` in a UTF-8 locale give
/// `check`'s verdicts on short strings of characters at UTF-8's edges and on
/// derived IRIs.
#[test]
fn non_ascii_regexes_are_their_rules_in_their_own_engines() {
    let e = urlbnf::load_grammar(Path::new("tests/corpus/rfc3987.abnf"), None).unwrap();
    let rules: Vec<String> = PrintedGrammar::of(e)
        .rules
        .iter()
        .filter(|r| r.is_printed())
        .map(|r| r.name.clone())
        .collect();
    for rule in &rules {
        let body = rule_regex(e, rule, Flavor::Rust).unwrap().unanchored;
        let hir = regex_syntax::parse(&body).unwrap_or_else(|err| panic!("{rule}: {err}"));
        let back = Automaton::from_hir(&hir).unwrap();
        let reference = automaton(e, rule).unwrap();
        assert_eq!(
            difference(&back, &reference, 3),
            Vec::<String>::new(),
            "{rule}"
        );
        assert_eq!(
            difference(&reference, &back, 3),
            Vec::<String>::new(),
            "{rule}"
        );
    }
    let alphabet: Vec<char> = "a/?#:%1.[]@"
        .chars()
        .chain(
            [
                0x9F, 0xA0, 0xE9, 0x4F8B, 0xD7FF, 0xE000, 0xF8FF, 0xF900, 0xFDCF, 0xFDD0, 0xFFEF,
                0xFFFD, 0x10000, 0x1F600, 0x1FFFE, 0xE0FFF, 0xE1000, 0xF0000, 0x10FFFD, 0x10FFFF,
            ]
            .into_iter()
            .filter_map(char::from_u32),
        )
        .collect();
    let mut inputs = vec![String::new()];
    let mut last = vec![String::new()];
    for _ in 0..2 {
        last = last
            .iter()
            .flat_map(|s| alphabet.iter().map(move |c| format!("{s}{c}")))
            .collect();
        inputs.extend(last.iter().cloned());
    }
    for rule in ["IRI", "IRI-reference", "ucschar", "iprivate", "iquery"] {
        inputs.extend(common::samples(e, rule, 60, 3987));
    }
    inputs.extend(["http://例え.テスト/パス?q=é#frag", "http://a/\u{e000}"].map(String::from));
    inputs.retain(|s| !s.contains(['\n', '\r', '\0']));
    let input_file = temp("iri-inputs.txt", &(inputs.join("\n") + "\n"));
    let expected: Vec<String> = rules
        .iter()
        .map(|rule| {
            let c = Checker::new(e, rule, Engine::Dfa).unwrap();
            inputs
                .iter()
                .map(|x| if c.is_valid(x) { '1' } else { '0' })
                .collect()
        })
        .collect();
    let wide = inputs.iter().filter(|x| !x.is_ascii()).count();
    let disagree = |program: &str, rule: &str, want: &str, got: &str| {
        if want != got {
            let i = want
                .bytes()
                .zip(got.bytes())
                .position(|(a, b)| a != b)
                .unwrap_or(0);
            panic!("{rule} in {program}: {:?} differs from check", inputs[i]);
        }
    };
    for flavor in [Flavor::Python, Flavor::Ecmascript, Flavor::Pcre] {
        let Some((program, args)) = utf8_engine(flavor) else {
            common::skip(
                &format!("no engine for {}", flavor.id()),
                "python3, node and perl are expected on the machine",
            );
            continue;
        };
        let patterns: Vec<String> = rules
            .iter()
            .map(|r| rule_regex(e, r, flavor).unwrap().pattern)
            .collect();
        let pattern_file = temp(
            &format!("iri-{}.txt", flavor.id()),
            &(patterns.join("\n") + "\n"),
        );
        let out = run_engine(program, &args, &pattern_file, &input_file);
        let got: Vec<&str> = out.lines().collect();
        assert_eq!(got.len(), rules.len(), "{program}");
        for ((rule, want), got) in rules.iter().zip(&expected).zip(&got) {
            disagree(program, rule, want, got);
        }
        println!(
            "rfc3987: {program} agrees with check on {} verdicts ({wide} non-ASCII inputs)",
            inputs.len() * rules.len()
        );
    }
    let mut refused = 0;
    for (rule, want) in rules.iter().zip(&expected) {
        let pattern = rule_regex(e, rule, Flavor::Posix).unwrap().pattern;
        let out = Command::new("grep")
            .args(["-E", "-n", "-a", "--", &pattern])
            .arg(&input_file)
            .env("LC_ALL", "C.UTF-8")
            .output()
            .expect("grep runs");
        // glibc's regcomp in C.UTF-8 refuses a bracket range whose ends are
        // past ASCII ("Invalid collation character"): POSIX leaves such
        // ranges to the locale. Only a pattern with one may be refused.
        if out.status.code() == Some(2)
            && String::from_utf8_lossy(&out.stderr).contains("collation")
        {
            assert!(!pattern.is_ascii(), "{rule}: grep refused an ASCII pattern");
            refused += 1;
            continue;
        }
        assert!(
            out.status.code().is_some_and(|c| c <= 1),
            "{rule}: grep failed"
        );
        let mut got = vec!['0'; inputs.len()];
        for line in String::from_utf8_lossy(&out.stdout).lines() {
            let n: usize = line.split(':').next().unwrap().parse().unwrap();
            got[n - 1] = '1';
        }
        disagree("grep -E", rule, want, &got.into_iter().collect::<String>());
    }
    println!(
        "rfc3987: grep -E agrees with check on {} verdicts ({refused} rules' ranges past ASCII refused by this grep's locale)",
        inputs.len() * (rules.len() - refused)
    );
    assert!(refused < rules.len());
}
