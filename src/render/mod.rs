//! Renderers: typed results from the analyses, presented for people. Plain text
//! (the CLI, the snapshots, the README's generated sections) and the HTML book.

mod outline;
pub mod text;

#[cfg(feature = "book")]
pub mod book;
