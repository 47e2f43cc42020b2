//! `urlbnf book`: the static HTML book.

use super::super::output::Tally;
use super::super::{CliError, Io};
use super::Run;

pub(crate) const LONG: &str = "\
Write a static HTML site that works from file:// with no network: an index
with the documents and a timeline, one page per edition (every rule with
printed text, PEG and railroad diagram, linked), one page per chronological
pair of editions (the diff with witnesses), the partial-form examples worked
step by step, the corrections and PEG rewrites, the manual, and a playground
that checks what you type (the one page with a script: the book's own,
playground-core.js, which gives check's answers from the tables, with
playground-fixes.js, the fixes it offers, and playground.js, which draws
them; every other page has none).

The book is written into a new folder beside DIR, then renamed to DIR: a
failure leaves the earlier book, and nothing is written through a link in DIR.
DIR may be missing, empty or an earlier book; a folder holding anything else is
refused unless --force (which replaces it and everything in it).

Exit status: 0 when the book is written, 2 on a usage error (DIR refused
included), 3 when a file cannot be written or output fails.";

#[derive(Debug, clap::Args)]
pub(crate) struct BookArgs {
    /// Directory to write the book into (created if missing)
    #[arg(long, value_name = "DIR")]
    out: std::path::PathBuf,
    /// Replace DIR even if it holds files that are not an earlier book
    #[arg(long)]
    force: bool,
}

impl Run for BookArgs {
    fn run(self, io: &mut Io<'_>) -> Result<Tally, CliError> {
        let out = &mut *io.out;
        let pages = crate::render::book::build(&self.out, self.force)?;
        writeln!(out, "wrote {} pages to {}", pages.len(), self.out.display())?;
        writeln!(out, "open {}", self.out.join("index.html").display())?;
        Ok(Tally::default())
    }
}
