//! The DFA and pest engines give the same verdict and offset on any bytes, for
//! every edition's whole-URL rule, as printed and in the known-scheme reading;
//! and the DFA's walk of the lines side by side gives each line's verdict.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use urlbnf::check::Reading;
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
    }
});
