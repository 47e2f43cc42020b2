//! urlbnf makes the early URL specifications executable.
//!
//! Five documents from 1993-1994 each print a BNF for URLs. urlbnf transcribes
//! each into a pest grammar (`grammar/*.pest`, module [`grammars`]) and, separately,
//! reads the printed text itself (`grammar/*.bnf`, module [`printed`]) into exact
//! reference automata ([`automaton`]). [`check`] gives verdicts and diagnoses.
//!
//! ```
//! use urlbnf::{check, Edition, Engine};
//!
//! let v = check::check(Edition::Rfc1738, "url", "ftp://ds.internic.net/rfc/rfc1738.txt;type=a", Engine::Pest).unwrap();
//! assert!(v.valid);
//! let v = check::check(Edition::Rfc1630Uri, "fragmentaddress", "http://info.cern.ch/", Engine::Pest).unwrap();
//! assert_eq!(v.error.unwrap().offset, 5); // RFC 1630's generic path cannot start with "/"
//! ```

pub mod ast;
pub mod automaton;
pub mod book;
pub mod check;
pub mod cli;
pub mod diff;
pub mod edition;
pub mod encoding;
pub mod explain;
pub mod extract;
pub mod generate;
pub mod grammars;
pub mod lint;
pub mod printed;
pub mod report;
pub mod resolve;

pub use check::{CheckError, Engine, Expected, Verdict};
pub use edition::Edition;
