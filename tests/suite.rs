//! urlbnf's tests, one binary: each file of `tests/` is a module here, so the
//! library is linked once for all of them (one binary per file linked it 35
//! times) and expensive fixtures built once per run are shared.

mod common;

// Readers: the printed text and its transcriptions.
mod abnf;
mod editions;
mod grammar_files;
mod pest_files;
mod transcription;

// Engines: the automata, the PEG machine, the generator.
mod compile_once;
mod exactness;
mod machine;

// Analyses.
mod ast;
mod ast_derivation;
mod cause_labels;
mod conform;
mod corpus;
mod derive;
mod diff;
mod escaping;
mod explain;
mod extract;
mod fixes;
mod known_schemes;
mod lint;
mod normalize;
mod prose;
mod regex;
mod report;
mod resolve;
mod resolve_rfc3986;

// The command, its input and output, and the book.
mod agreement;
mod batch;
mod book;
mod cli;
mod inputs;
mod json;
mod merge_untrusted;
mod outputs;
mod playground;
mod robust;

// The crate as a whole: its API, layers, README and installation.
mod install;
mod layers;
mod library;
mod public_api;
mod readme;
