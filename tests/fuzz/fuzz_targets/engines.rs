//! The DFA and pest engines give the same verdict and offset on any bytes, for
//! every edition's whole-URL rule, as printed and in the known-scheme reading;
//! and the DFA's walks of the lines side by side, apart or as one piece of
//! input, and every edition's walked as one, give each line's verdict.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use urlbnf::check::Reading;
use urlbnf::engine::automaton::automaton;
use urlbnf::engine::lanes::product::{Product, Walks};
use urlbnf::{Checker, Edition, Engine};

fn checkers() -> &'static [(Checker, Checker)] {
    static ALL: OnceLock<Vec<(Checker, Checker)>> = OnceLock::new();
    ALL.get_or_init(|| {
        let known = Reading {
            known_schemes: true,
            ..Reading::default()
        };
        Edition::ALL
            .iter()
            .flat_map(|&e| {
                let rule = e.default_rule();
                let pair = |reading: Reading| {
                    let c = |engine| {
                        Checker::new(e, rule, engine)
                            .map(|c| c.reading(reading))
                            .ok()
                    };
                    c(Engine::Dfa).zip(c(Engine::Pest))
                };
                [pair(Reading::default()), pair(known)]
            })
            .flatten()
            .collect()
    })
}

fuzz_target!(|data: &[u8]| {
    let lines: Vec<&[u8]> = data.split(|&b| b == b'\n').collect();
    for (dfa, pest) in checkers() {
        // The whole verdict: validity, offsets, what was expected, notes.
        assert_eq!(dfa.check_bytes(data), pest.check_bytes(data));
        let one_by_one: Vec<bool> = lines.iter().map(|l| pest.check_bytes(l).valid).collect();
        assert_eq!(dfa.valid_each(&lines), one_by_one);
        // As a piece of input: a final "\n" adds no line, and a "\r" before
        // a "\n" is not part of its line.
        if let Some(counted) = dfa.count_valid_lines(data) {
            let body = data.strip_suffix(b"\n").unwrap_or(data);
            let pieces: Vec<&[u8]> = match data.is_empty() {
                true => Vec::new(),
                false => body.split(|&b| b == b'\n').collect(),
            };
            let last = pieces.len().saturating_sub(1);
            let each: Vec<bool> = pieces
                .iter()
                .enumerate()
                .map(|(i, line)| {
                    let ended = i < last || data.ends_with(b"\n");
                    let line = match ended {
                        true => line.strip_suffix(b"\r").unwrap_or(line),
                        false => line,
                    };
                    pest.check_bytes(line).valid
                })
                .collect();
            let valid = each.iter().filter(|&&v| v).count();
            assert_eq!(counted, (pieces.len(), valid));
            // Each line's verdict, from the same walk.
            assert_eq!(dfa.valid_lines(data), Some(each));
        }
    }
    // Every edition's automaton walked as one (the product itself, which
    // the front door makes only for long pieces) counts as each does alone.
    let (lines_walk, inputs_walk, pairs, triple, alone) = joint();
    let (count, each) = lines_walk.lines_derived(data);
    let apart: Vec<(usize, usize)> = alone
        .iter()
        .filter_map(|c| c.count_valid_lines(data))
        .collect();
    let together: Vec<(usize, usize)> = each.into_iter().map(|v| (count, v)).collect();
    assert_eq!(together, apart);
    // Line by line, two editions' automata walked as one (as `resolve` and
    // `normalize` walk a rule's with another automaton's).
    for (k, product) in pairs.iter().enumerate() {
        let mut bits = Vec::new();
        product.each_line_derived(data, |_, b| bits.push(b));
        for (i, checker) in alone.iter().skip(k).take(2).enumerate() {
            let together: Vec<bool> = bits.iter().map(|b| (b >> i) & 1 != 0).collect();
            assert_eq!(Some(together), checker.valid_lines(data));
        }
    }
    // Three editions' automata walked as one, each line end marked with how
    // many derive the line (as `normalize` marks its lines, with four bits a
    // lane).
    let mut counts = Vec::new();
    triple.each_line_derived(data, |_, n| counts.push(n));
    let mut each = vec![0u32; counts.len()];
    for checker in alone.iter().take(3) {
        let valid = checker.valid_lines(data).expect("read as printed");
        for (n, v) in each.iter_mut().zip(valid) {
            *n += u32::from(v);
        }
    }
    assert_eq!(counts, each);
    // And over the lines one by one.
    let bits = inputs_walk.matches_each(&lines);
    for (i, checker) in alone.iter().enumerate() {
        let apart = checker.valid_each(&lines);
        let together: Vec<bool> = bits.iter().map(|b| (b >> i) & 1 != 0).collect();
        assert_eq!(together, apart);
    }
});

/// Every edition's whole-URL checker, as printed, and their automata walked
/// as one over pieces of lines and over inputs, and each edition's with the
/// next one's over pieces of lines, and the first three's, coded as how many
/// derive a line.
fn joint() -> &'static (Walks, Walks, Vec<Product>, Product, Vec<Checker>) {
    static JOINT: OnceLock<(Walks, Walks, Vec<Product>, Product, Vec<Checker>)> = OnceLock::new();
    JOINT.get_or_init(|| {
        let checkers: Vec<Checker> = Edition::ALL
            .iter()
            .filter_map(|&e| Checker::for_edition(e).ok())
            .collect();
        let automata: Vec<_> = Edition::ALL
            .iter()
            .filter_map(|&e| automaton(e, e.default_rule()).ok())
            .collect();
        let tables: Vec<_> = automata.iter().map(|a| a.table()).collect();
        let inputs = Walks::of_inputs(&tables).expect("seven tables");
        let pairs = tables
            .windows(2)
            .map(|pair| Product::new(pair).expect("two editions' product fits"))
            .collect();
        let triple = Product::coded(tables.get(..3).expect("seven tables"), u32::count_ones)
            .expect("three editions' product fits");
        (Walks::new(&tables), inputs, pairs, triple, checkers)
    })
}
