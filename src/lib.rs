//! urlbnf makes the early URL specifications executable.
//!
//! Five documents from 1993-1994 each print a BNF for URLs. urlbnf reads each
//! printed BNF as its document states it ([`grammar::printed`], from
//! `grammar/*.bnf`) into exact automata, transcribes it into a pest grammar
//! ([`grammar::peg`], from `grammar/*.pest`) proven to give the same verdicts, and
//! builds its analyses on those: verdicts with exact diagnoses ([`check`]), one
//! typed AST for every edition ([`ast`]), exact differences between editions
//! ([`diff`]), rule explanations ([`explain`]), partial forms ([`resolve`]),
//! escaping ([`encoding`]), URLs in plain text ([`extract`]) and security lints
//! ([`lint`]). [`render`] presents them for people.
//!
//! ```
//! use urlbnf::{Checker, Edition, Engine};
//!
//! let rfc1738 = Checker::new(Edition::Rfc1738, "url", Engine::Dfa)?;
//! assert!(rfc1738.is_valid("ftp://ds.internic.net/rfc/rfc1738.txt;type=a"));
//!
//! // RFC 1630's generic path cannot start with "/": the diagnosis says where.
//! let v = urlbnf::check::check(Edition::Rfc1630Uri, "fragmentaddress", "http://info.cern.ch/", Engine::Pest)?;
//! assert_eq!(v.error.map(|e| e.offset), Some(5));
//!
//! let url = urlbnf::ast::parse(Edition::Rfc1738, "http://info.cern.ch:8000/imaginary/test")?;
//! assert_eq!(url.port(), Some(8000));
//! # Ok::<(), urlbnf::Error>(())
//! ```
//!
//! Cargo features: `cli` (the `urlbnf` command: clap, indicatif, serde_json) and
//! `book` (the HTML book: railroad), both on by default. With
//! `default-features = false` the library needs pest, regex-automata, serde and
//! arbitrary only.

#![warn(missing_docs)]

mod edition;
mod error;

pub mod analysis;
pub mod grammar;
pub mod render;

// The engines are internals: analyses ask them, users ask the analyses. Tests and
// benchmarks reach them through the `internals` feature.
#[cfg(feature = "internals")]
#[doc(hidden)]
pub mod engine;
#[cfg(not(feature = "internals"))]
mod engine;

#[cfg(feature = "cli")]
#[doc(hidden)]
pub mod cli;

pub use analysis::check::{CheckError, Checker, Engine, Expected, Verdict};
pub use analysis::{
    ast, cause, check, diff, encoding, explain, extract, known, lint, prose, regex, report, resolve,
};
pub use edition::{Edition, EditionInfo};
pub use error::Error;
