//! Analyses over the grammars and engines: verdicts and diagnoses ([`check`]), the
//! typed AST ([`ast`]), exact differences between editions ([`diff`]) and their causes
//! ([`cause`]), one rule
//! explained ([`explain`]) with computed [`examples`], partial forms ([`resolve`]), escaping ([`encoding`]), what each edition's
//! document says its URLs mean ([`meaning`]),
//! URLs in plain text ([`extract`]), security lints ([`lint`]), what the documents' prose adds to
//! their BNF ([`prose`]) and the
//! conformance of a corpus ([`report`]), each rule as a regular expression
//! ([`regex`]), and beside the editions, what a browser makes of an input
//! (`whatwg`, with the feature of that name). Each returns
//! typed values; the renderers and the CLI present them.

pub mod ast;
pub(crate) mod by_cause;
pub mod cause;
pub mod check;
pub mod conform;
pub(crate) mod correspond;
pub(crate) mod diagnosis;
pub mod diff;
pub mod encoding;
pub mod equivalence;
pub mod examples;
pub mod explain;
pub mod extract;
pub mod gloss;
pub mod known;
pub mod lint;
pub mod meaning;
pub mod normalize;
pub mod prose;
pub mod regex;
pub mod report;
pub mod resolve;
#[cfg(feature = "whatwg")]
pub mod whatwg;
