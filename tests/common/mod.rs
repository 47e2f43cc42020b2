//! What the tests and benchmarks share: the seed corpus and seeded strings
//! derived from a rule (valid by construction), each sequence reproducible
//! from its seed.
#![allow(dead_code)] // each test file uses part of it

pub mod browser;

use arbitrary::Unstructured;
use rand::rngs::StdRng;
use rand::{RngCore, SeedableRng};
use urlbnf::Edition;
use urlbnf::engine::Generator;

/// The seed corpus (`tests/corpus/seed-urls.txt`): every URL example of the seed
/// documents, in order, comments and blank lines left out.
pub fn corpus() -> Vec<&'static str> {
    include_str!("../corpus/seed-urls.txt")
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect()
}

/// A seeded source of entropy: each draw refills a buffer from the generator
/// and reads it as `arbitrary` input.
pub struct Seeded {
    rng: StdRng,
    entropy: Vec<u8>,
}

impl Seeded {
    /// A source seeded with `seed`, drawing `len` bytes at a time.
    pub fn new(seed: u64, len: usize) -> Seeded {
        Seeded {
            rng: StdRng::seed_from_u64(seed),
            entropy: vec![0u8; len],
        }
    }

    /// The random number generator, for choices between draws.
    pub fn rng(&mut self) -> &mut StdRng {
        &mut self.rng
    }

    /// Fresh entropy, as `arbitrary` input.
    pub fn draw(&mut self) -> Unstructured<'_> {
        self.rng.fill_bytes(&mut self.entropy);
        Unstructured::new(&self.entropy)
    }

    /// The entropy of the last draw, read again, and the generator.
    pub fn current(&mut self) -> (Unstructured<'_>, &mut StdRng) {
        (Unstructured::new(&self.entropy), &mut self.rng)
    }

    /// One string derived from `rule` by the generator.
    pub fn derive(&mut self, generator: &Generator, rule: &str) -> String {
        let mut u = self.draw();
        generator
            .generate(rule, &mut u)
            .unwrap_or_else(|e| panic!("generating {rule}: {e}"))
    }
}

/// `n` strings derived from a rule, from `seed`.
pub fn samples(edition: Edition, rule: &str, n: usize, seed: u64) -> Vec<String> {
    let generator = Generator::new(edition);
    let mut seeded = Seeded::new(seed, 256);
    (0..n).map(|_| seeded.derive(&generator, rule)).collect()
}
