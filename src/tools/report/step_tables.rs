//! What counting by step keeps from one list to the next: its tables, kept
//! by a partial beside the product whose tuples they are by (see
//! [`step_counts`](super::step_counts)).

use crate::engine::Head;

/// A bar not read yet from the causes (a bar is at most
/// [`EXAMPLE_BYTES`](super::EXAMPLE_BYTES)).
pub(super) const UNREAD: u16 = u16::MAX;
/// No block yet.
pub(super) const NONE: u32 = u32::MAX;
/// The found codes a step may have: ASCII, non-ASCII, the end.
pub(super) const CODES: usize = 130;

/// The inputs counted at one step with one byte found: eight bytes, so
/// that the entries a corpus meets stay in cache.
#[derive(Clone, Copy, Debug)]
pub(super) struct StepEntry {
    /// Fewer than 2^32: a list walked whole has fewer bytes.
    pub(super) inputs: u32,
    /// The printed rules' automata that stop on the step, a bit each (at
    /// most 16 automata).
    pub(super) died: u16,
    /// The longest input that may become an example of one of the causes
    /// counted here ([`UNREAD`] before it is read).
    pub(super) bar: u16,
}

/// What an input's scheme (its text through the first `:`) says of it in
/// every target.
#[derive(Clone, Copy, Debug)]
pub(super) struct SchemeBits {
    /// The scheme as the scheme table keys it (`None`: not a name).
    pub(super) packed: Option<u128>,
    /// Bit t: target t's catch-all has a rule for the scheme.
    pub(super) known: u32,
    /// Bit t: target t's closed list has no rule for it.
    pub(super) unlisted: u32,
}

/// What counting by step keeps from one list to the next (a partial keeps
/// it with its product, whose tuples its entries are by): made once for a
/// partial's walks, not once a piece.
#[derive(Clone, Debug, Default)]
pub(super) struct StepTables {
    /// What it was made for: the places of the targets' automata, and the
    /// product's number (`Walked::made`).
    pub(super) made_for: (Vec<(usize, Option<usize>)>, u64),
    /// By automaton, its target, and whether it is the printed rule's.
    pub(super) automata: Vec<(usize, bool)>,
    /// The printed rules' automata, a bit each.
    pub(super) printed: u32,
    /// By the bits of the automata that derive an input: the targets whose
    /// printed rule does, and those whose rule without its catch-all does.
    pub(super) by_bits: Vec<(u32, u32)>,
    /// By tuple: where its entries start (one per found code), [`NONE`]
    /// before any input stops there.
    pub(super) blocks: Vec<u32>,
    pub(super) entries: Vec<StepEntry>,
    /// By block of entries, its tuple.
    pub(super) rows: Vec<u32>,
    /// The entries counted in since the last list was finished.
    pub(super) touched: Vec<u32>,
    /// Inputs counted here by verdict pattern (bit t: target t derives it).
    pub(super) patterns: Vec<u64>,
    /// The last scheme read, by its head.
    pub(super) last: Option<(Head, SchemeBits)>,
}
