//! The automata compiled when urlbnf was built: each edition's whole-URL rule
//! (the rule the commands check by default), minimal and by positions, as
//! printed and without its catch-all, and the rule its comparison reads by
//! where that is another (RFC 3986's `URI`), which the build script compiles with
//! the crate's own reader and engines (`ahead_emit.rs`) and writes as
//! regex-automata's serialized DFAs, their live states and their tables.
//! Read back when first asked for, they cost a copy instead of a compile; any
//! other rule is compiled at run time, as a user's grammar would be.

use super::dense::Dense;
use super::lanes::Table;

/// Bytes aligned as a DFA's words must be to be read in place.
#[repr(C, align(4))]
struct Aligned<B: ?Sized>(B);

/// One automaton compiled ahead, by what it is of.
struct Ahead {
    edition: &'static str,
    rule: &'static str,
    /// The alternative left out of a rule (the catch-all), if any.
    without: Option<(&'static str, &'static str)>,
    /// Not minimized: its states are sets of positions.
    positions: bool,
    /// The DFA as regex-automata serializes it.
    dfa: &'static Aligned<[u8]>,
    /// Its live states, a byte each.
    live: &'static [u8],
    /// Its table, as little-endian words.
    table: &'static [u8],
}

// `AHEAD`: every automaton the build script compiled.
include!(concat!(env!("OUT_DIR"), "/ahead.rs"));

/// The automaton of `rule` of the edition `edition` in a form, and its table,
/// if it was compiled ahead and reads back (a DFA regex-automata refuses to
/// read, as it would from another build, is compiled again instead).
pub fn find(
    edition: &str,
    rule: &str,
    without: Option<(&str, &str)>,
    positions: bool,
) -> Option<(Dense, Option<Table>)> {
    let ahead = AHEAD.iter().find(|a| {
        (a.edition, a.rule, a.without, a.positions) == (edition, rule, without, positions)
    })?;
    let dense = Dense::from_bytes(&ahead.dfa.0, ahead.live)?;
    let words: Vec<u32> = ahead
        .table
        .chunks_exact(4)
        .map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]))
        .collect();
    Some((dense, Table::from_words(&words)))
}
