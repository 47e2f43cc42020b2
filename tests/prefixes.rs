//! The NFA's answer to "does the rule derive a longer string starting with this
//! text" (`engine::prefixes`, used to describe a report's causes) equals the
//! minimal DFA's, on every rule of every edition: for every prefix of derived
//! strings and of the same strings with one byte changed.

mod common;

use rand::{Rng, SeedableRng};
use urlbnf::Edition;
use urlbnf::engine::{automaton, prefixes};
use urlbnf::grammar::PrintedGrammar;

#[test]
fn the_nfa_and_the_dfa_agree_on_what_goes_on() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(1738);
    let (mut asked, mut open, mut differ) = (0usize, 0usize, Vec::new());
    for edition in Edition::ALL {
        for rule in &PrintedGrammar::of(edition).rules {
            let dfa = automaton::automaton(edition, &rule.name).expect("compiles");
            let nfa = prefixes::prefixes(edition, &rule.name).expect("compiles");
            for s in common::samples(edition, &rule.name, 8, rng.r#gen()) {
                let mut bytes = s.into_bytes();
                let texts = if bytes.is_empty() {
                    vec![bytes]
                } else {
                    let mut changed = bytes.clone();
                    let at = rng.gen_range(0..changed.len());
                    changed[at] = rng.gen_range(0x20u8..0x7f);
                    bytes.push(b'/');
                    vec![bytes, changed]
                };
                for text in texts {
                    for end in 0..=text.len() {
                        let t = &text[..end];
                        let by_dfa = dfa.goes_on_after(t);
                        asked += 1;
                        open += usize::from(by_dfa);
                        if nfa.goes_on_after(t) != by_dfa {
                            differ.push(format!(
                                "{edition} {}: {:?} dfa={by_dfa}",
                                rule.name,
                                String::from_utf8_lossy(t)
                            ));
                        }
                    }
                }
            }
        }
    }
    assert!(
        differ.is_empty(),
        "{} of {asked} differ:\n{}",
        differ.len(),
        differ.join("\n")
    );
    // Both answers occur often: the comparison is not one-sided.
    assert!(
        open > asked / 10 && asked - open > asked / 10,
        "{open} of {asked} go on"
    );
}
