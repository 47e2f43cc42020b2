//! urlbnf makes the URL specifications executable: the line of documents that
//! print a BNF for URLs, from the first Internet-Drafts to RFC 3986, the
//! standard in force.
//!
#![doc = include_str!(concat!(env!("OUT_DIR"), "/editions.md"))]
//!
//! urlbnf reads each printed BNF as its document states it (from `grammar/*.bnf`) into exact
//! automata, transcribes it into a pest grammar (`grammar/*.pest`) proven to
//! give the same verdicts, and builds its analyses on those: verdicts with
//! exact diagnoses ([`check`]), one typed AST for every edition ([`ast`]),
//! exact differences between editions
//! ([`diff`]), rule explanations ([`explain`]), partial forms ([`resolve`]),
//! escaping ([`encoding`]), URLs in plain text ([`extract`]) and security lints
//! ([`lint`]). The `urlbnf` command and its book present them for people.
//!
//! ```
//! use urlbnf::{Checker, Edition, ast};
//!
//! let rfc1738 = Checker::for_edition(Edition::Rfc1738)?;
//! assert!(rfc1738.is_valid("ftp://ds.internic.net/rfc/rfc1738.txt;type=a"));
//!
//! // Where an invalid URL stops, what could come there, what came instead.
//! let e = rfc1738.check("http://www.w3.org/~timbl/").error.unwrap();
//! assert_eq!((e.offset, e.found.as_str()), (18, "~"));
//! println!("{e}"); // at offset 18: expected unreserved, reserved, "%" or end of input; found "~"
//!
//! // The typed AST, whatever the scheme.
//! let url = ast::parse(Edition::Rfc1738, "http://info.cern.ch:8000/imaginary/test?x")?;
//! assert_eq!(url.host().map(|h| h.to_string()).as_deref(), Some("info.cern.ch"));
//! assert_eq!((url.port(), url.search().map(|s| s.text)), (Some(8000), Some("x")));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Cargo features, with what each adds and the crates it pulls in:
//!
//! | feature | adds | crates |
//! |---|---|---|
//! | `cli` (default) | the `urlbnf` command; turns on `book`, `schema`, `idna` and `whatwg` | clap, indicatif, rayon, serde_json, strsim |
//! | `book` (default) | `write_book`, the HTML book with railroad diagrams and the manual | railroad, pulldown-cmark |
//! | `schema` | each result type's JSON Schema | schemars |
//! | `idna` | a non-ASCII host's IDNA form in `check`'s fixes (RFC 3986 §3.2.2); without it the fix says the form needs this feature | idna |
//! | `whatwg` | the `whatwg` module: what the WHATWG URL Standard makes of an input, a reading beside the editions | url |
//! | `internals` | the readers, engines and renderers as public modules, for the tests and benchmarks: no part of the API | pest_meta |
//!
//! With `default-features = false` the library needs pest, pest_derive,
//! regex-automata, regex-syntax, memchr, rustc-hash, xxhash-rust, serde and
//! arbitrary only. The modules here are the API.

#![deny(missing_docs)]

/// An item the analyses share with the tests: public (and hidden) under the
/// `internals` feature, crate-private otherwise. Its signature names engine or
/// grammar types a user cannot name, so it is no part of the API.
macro_rules! internal {
    ($(#[$meta:meta])* fn $($rest:tt)*) => {
        #[cfg(feature = "internals")]
        #[doc(hidden)]
        $(#[$meta])*
        pub fn $($rest)*
        #[cfg(not(feature = "internals"))]
        #[allow(dead_code)]
        $(#[$meta])*
        pub(crate) fn $($rest)*
    };
}

mod edition;
mod error;
#[cfg(test)]
mod testing;

// The analyses, one layer a folder: what is known of each document, verdicts
// over one input, editions compared, tools over verdicts.
mod comparisons;
mod knowledge;
mod tools;
mod verdicts;

// The readers, engines and renderers are internals: analyses ask them, users
// ask the analyses (re-exported below). Tests and benchmarks reach them through
// the `internals` feature, which is not part of the stable API.
#[cfg(feature = "internals")]
#[doc(hidden)]
pub mod engine;
#[cfg(not(feature = "internals"))]
mod engine;
#[cfg(feature = "internals")]
#[doc(hidden)]
pub mod grammar;
#[cfg(not(feature = "internals"))]
mod grammar;
#[cfg(feature = "internals")]
#[doc(hidden)]
pub mod render;
// Only the command and the book present results.
#[cfg(all(not(feature = "internals"), any(feature = "cli", feature = "book")))]
mod render;

#[cfg(feature = "cli")]
#[doc(hidden)]
pub mod cli;

pub use comparisons::{cause, diff, examples, explain};
pub use edition::{Edition, EditionInfo, UnknownEdition};
pub use engine::grammar_file::{FileRead, file_read, load_grammar, load_grammar_text};
pub use error::Error;
pub use grammar::printed::{Notation, closest_names};
pub use knowledge::{encoding, gloss, known, meaning};
/// Write the HTML book (feature `book`): every rule with its railroad diagram,
/// the differences between editions, the corrections and the manual.
#[cfg(feature = "book")]
pub use render::book::build as write_book;
#[cfg(feature = "whatwg")]
pub use tools::whatwg;
pub use tools::{conform, equivalence, extract, normalize, regex, report, resolve};
pub use verdicts::check::{CheckError, Checker, Engine, Expected, Verdict};
pub use verdicts::{ast, check, lint, prose};
