//! Readers of the grammar files: the printed BNF as each document states it
//! ([`printed`], read from `grammar/*.bnf`) and the pest transcriptions ([`peg`],
//! compiled from `grammar/*.pest`). The two are independent readings; the engines
//! and analyses build on them, never the other way round.

pub mod charset;
pub mod peg;
pub mod printed;

pub use charset::CharSet;
pub use peg::{Derivation, Node, NodeRef, PestOutcome, Token};
#[cfg(feature = "internals")]
pub use printed::Notation;
#[cfg(feature = "internals")]
pub use printed::PrintedRule;
pub use printed::{Correction, Expr, PrintedGrammar, SchemeRule};
