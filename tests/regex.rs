//! Each rule's regular expression is the rule: the `rust` one, compiled back
//! into an automaton, is the same language as the rule's (no sampling: both
//! differences are empty), for every rule of every edition; and the others,
//! run by their own engines (Python's `re`, Node's `RegExp`, Perl, `grep -E`),
//! give `check`'s verdict on the exhaustive short strings, the seed corpus and
//! strings derived from each edition's whole-URL rule.

mod common;

use std::path::PathBuf;
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
            .map(|&f| rule_regex(e, &r.name, f).unwrap().unanchored)
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

#[test]
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
            let out = Command::new(program)
                .args(&args)
                .arg(&pattern_file)
                .arg(&input_file)
                .output()
                .expect("the engine runs");
            assert!(
                out.status.success(),
                "{program}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            let got: Vec<&str> = std::str::from_utf8(&out.stdout).unwrap().lines().collect();
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
