//! A PEG machine for each edition, emitted as Rust at build time from the same
//! `grammar/<edition>.pest` file the pest parser is generated from (read by
//! pest's own grammar reader, `pest_meta`, compiled into a program by
//! `program.rs`, written out by `emit.rs`, which the build script runs). It runs pest's semantics without
//! pest's per-call bookkeeping for error reports, so the AST is built from its
//! derivation; pest stays the reference (`tree`, diagnoses), and
//! `tests/machine.rs` proves both derive the same tree.

use std::collections::HashMap;
use std::sync::OnceLock;

use rustc_hash::FxHashMap;

use crate::edition::{Edition, PerEdition, editions};
use crate::error::Error;
use crate::grammar::peg::{Derivation, Token, pest_name, printed_name};

#[cfg(feature = "internals")]
pub mod interpret;
#[cfg(feature = "internals")]
pub mod program;

/// Why a derivation could not be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failed {
    /// The rule does not derive the whole input.
    NoMatch,
    /// The derivation would have more tokens than allowed (or the input is
    /// longer than 4 GiB, past what a token's offsets hold).
    TooLarge,
}

/// An emitted rule: where its match from a position ends, its node and its
/// descendants' pushed.
type RuleFn = fn(&mut Run<'_>, usize) -> Option<usize>;

macro_rules! emitted {
    ($module:ident, $file:expr) => {
        // The build script's output for one edition: linted like the rest.
        mod $module {
            use super::{RuleFn, Run};
            include!(concat!(env!("OUT_DIR"), "/", $file));
        }
    };
}

/// Each edition's emitted machine: its rule names and entry points, indexed
/// like [`Edition::ALL`].
type Emitted = (&'static [&'static str], &'static [(&'static str, RuleFn)]);

macro_rules! machines {
    ($($variant:ident $id:literal $module:ident $path:literal;)*) => {
        $(emitted!($module, concat!("machine-", $id, ".rs"));)*
        const EMITTED: [Emitted; Edition::ALL.len()] =
            [$((&$module::PEST_NAMES, &$module::ENTRIES),)*];
    };
}
editions!(machines);

/// The machine of one edition: each rule's printed name, and each entry point
/// by printed and by pest name.
#[derive(Debug)]
pub struct Machine {
    names: Vec<&'static str>,
    entries: FxHashMap<String, RuleFn>,
}

/// The printed name of a pest rule, kept for the life of the process (one per
/// rule of each edition).
pub(crate) fn leak_printed(edition: Edition, pest: &str) -> &'static str {
    static NAMES: OnceLock<std::sync::Mutex<HashMap<(Edition, String), &'static str>>> =
        OnceLock::new();
    let names = NAMES.get_or_init(Default::default);
    let mut names = match names.lock() {
        Ok(n) => n,
        Err(poisoned) => poisoned.into_inner(),
    };
    names
        .entry((edition, pest.to_string()))
        .or_insert_with(|| Box::leak(printed_name(edition, pest).into_boxed_str()))
}

/// Entry points by pest name, and a printed rule's by its printed name too.
pub(crate) fn entry_names<'n, T: Copy>(
    edition: Edition,
    entries: impl Iterator<Item = (&'n str, T)>,
) -> FxHashMap<String, T> {
    let mut map = FxHashMap::default();
    for (name, entry) in entries {
        let printed = printed_name(edition, name);
        if pest_name(&printed) == name {
            map.insert(printed, entry);
        }
        map.insert(name.to_string(), entry);
    }
    map
}

/// One run: the input, the tokens so far, and how many are allowed. The
/// emitted rules call these; each that fails leaves the tokens as it found them.
struct Run<'i> {
    input: &'i [u8],
    names: &'i [&'static str],
    out: Vec<Token>,
    cap: usize,
    over: bool,
}

impl Run<'_> {
    #[inline(always)]
    fn byte(&self, p: usize) -> Option<u8> {
        self.input.get(p).copied()
    }

    #[inline(always)]
    fn rest(&self, p: usize) -> &[u8] {
        self.input.get(p..).unwrap_or(&[])
    }

    #[inline(always)]
    fn lit(&self, p: usize, lit: &[u8]) -> Option<usize> {
        let end = p.checked_add(lit.len())?;
        (self.input.get(p..end)? == lit).then_some(end)
    }

    /// The end of input (pest's `EOI`, a node when `node`).
    #[inline]
    fn eoi(&mut self, p: usize, node: bool) -> Option<usize> {
        if p != self.input.len() {
            return None;
        }
        if node {
            let at = self.push("EOI", p)?;
            return self.close(at, Some(p));
        }
        Some(p)
    }

    fn push(&mut self, rule: &'static str, p: usize) -> Option<usize> {
        if self.out.len() >= self.cap {
            self.over = true;
            return None;
        }
        let at = self.out.len();
        // Offsets fit: inputs past 4 GiB are refused before a run.
        let p = u32::try_from(p).ok()?;
        self.out.push(Token {
            rule,
            start: p,
            end: p,
            len: 1,
        });
        Some(at)
    }

    /// A node of compiled rule `id` opens at `p`: where its token is.
    #[inline]
    fn open(&mut self, id: usize, p: usize) -> Option<usize> {
        let rule = self.names.get(id).copied().unwrap_or_default();
        self.push(rule, p)
    }

    /// The node whose token is at `at` ends at `end`, or is undone.
    #[inline]
    fn close(&mut self, at: usize, end: Option<usize>) -> Option<usize> {
        let descendants = self.out.len().saturating_sub(at);
        match (end, self.out.get_mut(at)) {
            (Some(end), Some(token)) => {
                token.end = u32::try_from(end).ok()?;
                token.len = u32::try_from(descendants).ok()?;
                Some(end)
            }
            _ => {
                self.out.truncate(at);
                None
            }
        }
    }
}

impl Machine {
    fn new(edition: Edition, (pest_names, entries): Emitted) -> Machine {
        Machine {
            names: pest_names
                .iter()
                .map(|n| leak_printed(edition, n))
                .collect(),
            entries: entry_names(edition, entries.iter().copied()),
        }
    }

    /// The machine of an edition, set up once per process.
    pub fn of(edition: Edition) -> Result<&'static Machine, Error> {
        static MACHINES: PerEdition<Machine> = PerEdition::new();
        let emitted = EMITTED
            .get(edition.index())
            .copied()
            .ok_or_else(|| Error::unknown_rule(edition, ""))?;
        Ok(MACHINES.get_or_init(edition, || Machine::new(edition, emitted)))
    }

    /// The derivation of the whole input from the rule, with at most `cap`
    /// tokens. `None` when the machine has no such rule. (The AST reuses a
    /// buffer through [`Machine::derive_in`]; tests ask this.)
    #[cfg(feature = "internals")]
    pub fn derive(
        &self,
        rule: &str,
        input: &str,
        cap: usize,
    ) -> Option<Result<Derivation, Failed>> {
        // Room for a typical URL's nodes without growing.
        self.derive_in(rule, input, cap, Vec::with_capacity(32.min(cap)))
    }

    /// [`Machine::derive`] into a buffer of tokens (cleared first), so a caller
    /// that parses many inputs allocates it once.
    pub fn derive_in(
        &self,
        rule: &str,
        input: &str,
        cap: usize,
        mut tokens: Vec<Token>,
    ) -> Option<Result<Derivation, Failed>> {
        let &entry = self.entries.get(rule)?;
        if u32::try_from(input.len()).is_err() {
            return Some(Err(Failed::TooLarge));
        }
        tokens.clear();
        let mut run = Run {
            input: input.as_bytes(),
            names: &self.names,
            out: tokens,
            cap,
            over: false,
        };
        let end = entry(&mut run, 0);
        Some(match end {
            _ if run.over => Err(Failed::TooLarge),
            Some(end) if end == input.len() => Ok(Derivation { tokens: run.out }),
            _ => Err(Failed::NoMatch),
        })
    }
}
