//! The door gives the same answers whichever walk it picks: a short batch
//! (walked table by table) and a long one (in products) ask every question
//! of the same targets, against each target's automaton alone.

use std::sync::Arc;

use super::{Automaton, Door, Heads, Memo, Pick, Target, lines};
use crate::edition::Edition;
use crate::engine::automaton::automaton;

/// Every edition's whole-URL automaton.
fn editions() -> Vec<Arc<Automaton>> {
    Edition::ALL
        .iter()
        .map(|&e| automaton(e, e.default_rule()).expect("compiles"))
        .collect()
}

/// Lines of every kind: valid under some editions and not others, empty,
/// with a "\r" before the line end or alone, not UTF-8.
const LINES: [&[u8]; 12] = [
    b"http://info.cern.ch/hypertext/WWW/TheProject.html",
    b"http://h/~x",
    b"",
    b"ftp://ds.internic.net/rfc/rfc1738.txt;type=a",
    b"mailto:a@b",
    b"HTTP://h/",
    b"news:comp.infosystems.www",
    b"http://h/\xff",
    b"x",
    b"http://[::1]/",
    b"\r",
    b"gopher://h/1",
];

/// A batch of `n` lines, their text joined ("\r\n" after every third).
fn batch(n: usize) -> (Vec<&'static [u8]>, Vec<u8>) {
    let lines: Vec<&[u8]> = (0..n).map(|i| LINES[i * 7 % LINES.len()]).collect();
    let mut text = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        text.extend_from_slice(line);
        text.extend_from_slice(if i % 3 == 0 { b"\r\n" } else { b"\n" });
    }
    (lines, text)
}

/// What each target's automaton says of each line, one by one.
fn one_by_one(automata: &[Arc<Automaton>], lines: &[&[u8]]) -> Vec<Vec<bool>> {
    lines
        .iter()
        .map(|line| {
            let text = std::str::from_utf8(line).ok();
            let valid = |a: &Arc<Automaton>| text.is_some_and(|t| a.matches(t));
            automata.iter().map(valid).collect()
        })
        .collect()
}

fn targets(automata: &[Arc<Automaton>]) -> Vec<Target> {
    automata.iter().cloned().map(Target::automaton).collect()
}

#[test]
fn every_walk_gives_the_answers_of_the_automata_one_by_one() {
    let automata = editions();
    // A door that reads every target as printed, and one whose every other
    // target decides each input apart (by the same automaton).
    let mixed: Vec<Target> = automata
        .iter()
        .enumerate()
        .map(|(k, a)| match k % 2 {
            0 => Target::automaton(a.clone()),
            _ => {
                let a = a.clone();
                Target::apart(move |b| std::str::from_utf8(b).is_ok_and(|t| a.matches(t)))
            }
        })
        .collect();
    for door in [Door::new(targets(&automata)), Door::new(mixed)] {
        // Short batches first (table by table), then long ones, past both
        // thresholds (in products), then short again (the products kept).
        for n in [0, 1, 5, 40, 3000, 20_000, 7] {
            let (lines, text) = batch(n);
            let want = one_by_one(&automata, &lines);
            let verdicts = door.verdicts(&lines);
            let line_ends = door.line_ends(&text);
            for (name, got) in [
                ("verdicts", &verdicts),
                ("line_verdicts", &door.line_verdicts(&text)),
                ("line_ends", &line_ends.verdicts),
            ] {
                assert_eq!(got.len(), n, "{name}, {n} lines");
                for (i, want) in want.iter().enumerate() {
                    for (t, &want) in want.iter().enumerate() {
                        assert_eq!(got.valid(i, t), want, "{name}, {n} lines: {i}, {t}");
                    }
                    assert_eq!(got.all_valid(i), want.iter().all(|&v| v), "{name}");
                }
            }
            let ends: Vec<usize> = lines::each_ended(&text).map(|(_, end)| end).collect();
            assert_eq!(line_ends.ends, ends, "{n} lines");
            let counts = door.line_counts(&text);
            assert_eq!(counts.lines, n);
            for (t, &valid) in counts.valid.iter().enumerate() {
                let want = want.iter().filter(|w| w[t]).count();
                assert_eq!(valid, want, "line_counts, {n} lines, target {t}");
            }
            #[cfg(any(feature = "cli", feature = "internals"))]
            {
                let runs = door.line_runs(&text);
                let want: Vec<(usize, u32)> = ends
                    .iter()
                    .zip(&want)
                    .map(|(&end, w)| (end, w.iter().take_while(|&&v| v).count() as u32))
                    .collect();
                assert_eq!(runs, want, "line_runs, {n} lines");
            }
        }
    }
}

#[test]
fn records_and_stops_are_the_automata_s_own() {
    let automata = editions();
    let door = Door::new(targets(&automata));
    let (lines, _) = batch(2000);
    let inputs: Vec<&str> = lines
        .iter()
        .filter_map(|l| std::str::from_utf8(l).ok())
        .collect();
    assert!(door.records_pay(inputs.len()));
    let mut memo = Memo::default();
    let mut seen = 0;
    let walked = door.walk_each(&mut memo, &inputs, |i, walked| {
        seen += 1;
        let stops = walked.outcome();
        for (t, a) in automata.iter().enumerate() {
            let input = inputs[i];
            let derived = (walked.accepted() >> t) & 1 != 0;
            assert_eq!(derived, a.matches(input), "{input:?}, {t}");
            let stop = door.stop(t, input);
            assert_eq!(stop, a.stop(input));
            let mut heads = Heads::default();
            assert_eq!(door.stop_resumed(t, input, &mut heads), stop);
            // The record's stop, in bytes, is the automaton's.
            let at = stops.stop(t).map(|(_, at)| at);
            assert_eq!(at, stop.map(|s| s.byte_offset), "{input:?}, {t}");
        }
    });
    assert!(walked);
    assert_eq!(seen, inputs.len());
    // A text's lines walked where they lie are the lines of the one rule,
    // each with the verdicts of its automata.
    #[cfg(any(feature = "cli", feature = "internals"))]
    for text in [
        batch(300).1,
        [batch(300).1, b"http://h/\r".to_vec()].concat(),
    ] {
        let text = String::from_utf8_lossy(&text).into_owned();
        let mut given = Vec::new();
        let walked = door.walk_lines(&mut memo, &text, |start, end, walked| {
            given.push(start..end);
            let line = &text[start..end];
            for (t, a) in automata.iter().enumerate() {
                assert_eq!(
                    (walked.accepted() >> t) & 1 != 0,
                    a.matches(line),
                    "{line:?}"
                );
            }
        });
        assert!(walked);
        assert_eq!(given, lines::each(text.as_bytes()).collect::<Vec<_>>());
    }
}

#[test]
fn a_target_that_chooses_its_automaton_decides_by_it() {
    // Inputs starting with "h" go to the second automaton, others to the
    // first; "!" is decided at once.
    let automata = editions();
    let (first, second) = (automata[0].clone(), automata[6].clone());
    let choosing = Target::choosing(vec![first.clone(), second.clone()], |b| match b {
        [b'!', ..] => Pick::Valid(true),
        [b'h', ..] => Pick::By(1),
        _ => Pick::By(0),
    });
    let door = Door::new(vec![choosing]);
    assert!(!door.reads_as_printed());
    let (mut lines, _) = batch(50);
    lines.push(b"!");
    let verdicts = door.verdicts(&lines);
    for (i, line) in lines.iter().enumerate() {
        let text = std::str::from_utf8(line).ok();
        let want = match line {
            [b'!', ..] => true,
            [b'h', ..] => text.is_some_and(|t| second.matches(t)),
            _ => text.is_some_and(|t| first.matches(t)),
        };
        assert_eq!(verdicts.valid(i, 0), want, "{line:?}");
    }
}
