//! Verdicts over one input: whether a rule derives it and where it stops
//! ([`check`], its diagnosis), the typed AST of a URL ([`ast`]), what the
//! documents' prose adds to their BNF ([`prose`]), and the security lints of a
//! valid URL ([`lint`]).

pub mod ast;
pub mod check;
pub(crate) mod diagnosis;
pub mod lint;
pub mod prose;
