//! Engines built from the printed grammars: exact automata (one minimal DFA per
//! rule, compiled by regex-automata) and a generator of strings each rule derives.
//! Analyses ask these, never the grammar files.

mod ahead;
pub mod ambiguity;
pub mod automaton;
pub mod chars;
mod dense;
pub(crate) use dense::{Head, first_word};
// For `tree` and the book's playground: not compiled into the library alone.
#[cfg(any(feature = "book", feature = "internals"))]
pub mod derive;
pub mod generate;
pub mod grammar_file;
pub mod hir;
pub mod lanes;
pub mod lazy;
pub mod machine;
pub mod meta;
mod shortest;
mod stop;
mod threads;
pub mod unambiguous;

pub use generate::Generator;
