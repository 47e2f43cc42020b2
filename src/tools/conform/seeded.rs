//! Strings drawn from a seed: derived from the rule by the grammar's
//! generator, then mutated (one to three characters inserted, deleted or
//! replaced, from the automaton's classes) and truncated. The entropy is
//! XXH3 of a counter under the seed, so a seed gives the same strings on
//! every machine.

use arbitrary::Unstructured;

use super::Kind;
use super::bounds::Variant;
use super::graph::{Graph, NON_ASCII, unsendable};
use crate::edition::Edition;
use crate::engine::Generator;

/// Entropy bytes per derived string.
const ENTROPY: usize = 256;

/// A stream of pseudo-random numbers: XXH3 of a counter, keyed by the seed.
pub(super) struct Draw {
    seed: u64,
    n: u64,
}

impl Draw {
    pub(super) fn new(seed: u64, stream: u64) -> Draw {
        Draw {
            seed: seed ^ stream.rotate_left(32),
            n: 0,
        }
    }

    pub(super) fn next(&mut self) -> u64 {
        self.n += 1;
        xxhash_rust::xxh3::xxh3_64_with_seed(&self.n.to_le_bytes(), self.seed)
    }

    /// A number below `n` (`n` > 0).
    pub(super) fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    fn bytes(&mut self, len: usize) -> Vec<u8> {
        let mut out = Vec::with_capacity(len + 8);
        while out.len() < len {
            out.extend(self.next().to_le_bytes());
        }
        out.truncate(len);
        out
    }
}

/// `n` strings derived from the rule, `n` of them mutated and `n / 2`
/// truncated, from `seed`.
pub(super) fn strings(
    edition: Edition,
    rule: &str,
    graph: &Graph<'_>,
    seed: u64,
    n: usize,
) -> Vec<Variant> {
    let generator = Generator::new(edition);
    let mut draw = Draw::new(seed, 1);
    let mut derived = Vec::with_capacity(n);
    for i in 0..n {
        let entropy = draw.bytes(ENTROPY);
        let mut u = Unstructured::new(&entropy);
        if let Ok(s) = generator.generate(rule, &mut u)
            && !s.bytes().any(unsendable)
        {
            derived.push(Variant {
                input: s,
                kind: Kind::Derived,
                covers: format!("derived from {rule}, draw {i}"),
            });
        }
    }
    // The characters mutations insert: one of each class, and one that is
    // not ASCII.
    let mut pool: Vec<String> = graph
        .classes
        .iter()
        .map(|c| char::from(c.rep).to_string())
        .collect();
    pool.extend(NON_ASCII.iter().map(|c| c.to_string()));
    let mut out = Vec::with_capacity(n * 5 / 2);
    for (i, d) in derived.iter().enumerate() {
        let mut chars: Vec<String> = d.input.chars().map(String::from).collect();
        let edits = 1 + draw.below(3);
        for _ in 0..edits {
            let at = draw.below(chars.len() + 1);
            let c = pool
                .get(draw.below(pool.len()))
                .cloned()
                .unwrap_or_default();
            match draw.below(3) {
                0 => chars.insert(at, c),
                1 if at < chars.len() => {
                    chars.remove(at);
                }
                _ if at < chars.len() => {
                    if let Some(slot) = chars.get_mut(at) {
                        *slot = c;
                    }
                }
                _ => chars.push(c),
            }
        }
        out.push(Variant {
            input: chars.concat(),
            kind: Kind::Mutated,
            covers: format!("draw {i} with {edits} characters changed"),
        });
        if i % 2 == 0 && !d.input.is_empty() {
            let cut = d.input.chars().count();
            let keep = draw.below(cut);
            out.push(Variant {
                input: d.input.chars().take(keep).collect(),
                kind: Kind::Truncation,
                covers: format!("draw {i} cut after {keep} of its {cut} characters"),
            });
        }
    }
    derived.extend(out);
    derived
}
