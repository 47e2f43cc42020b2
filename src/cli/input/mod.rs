//! Where inputs come from: the arguments, then the lines of each `--file`,
//! or else the lines of standard input, streamed. A line that is not UTF-8 is
//! an input of its own, never skipped.
//!
//! Batch commands read in batches of lines, check each batch on every core
//! (rayon), and write the results in input order; memory is one batch and its
//! output, whatever the length of the input ([`batch`]). The streams and the
//! commands that take one input at a time are in [`stream`].

use std::io::{BufRead, Write};
use std::ops::AddAssign;
use std::path::PathBuf;

use super::CliError;

use crate::verdicts::check::CheckError;

mod batch;
mod read;
mod stream;

pub(crate) use batch::{
    Lines, Piece, Tally, Written, each_input_parallel, each_lines_parallel, fold_lines,
};
pub(crate) use stream::{Stream, each_input, each_stream, say_bom, say_reading};

/// A batch is the lines of at least this many bytes (or the rest of the input),
/// ending at a line's end: memory stays bounded by a batch and its longest line,
/// and every core has work.
const BATCH_BYTES: usize = 1 << 20;
/// How much one read asks for.
const READ_BYTES: usize = 256 << 10;
/// A batch whose lines each have output of their own holds at most this many
/// lines: two batches' output is held at once, and a line's output does not
/// shrink with the line (an empty line's diagnoses under seven editions are
/// near a kilobyte), so a batch of short lines is cut by their number.
const BATCH_LINES: usize = 1 << 15;

/// Pieces of a batch per thread in [`fold_lines`].
const PIECES_PER_THREAD: usize = 8;
/// Below this many inputs a batch is not split across threads.
const MIN_SPLIT: usize = 256;

/// One input: text, or a line that is not UTF-8 (shown lossily, with the
/// byte offset of its first ill-formed byte).
pub(crate) enum Input<'s> {
    Text(&'s str),
    NotUtf8 {
        raw: &'s [u8],
        shown: String,
        bad: usize,
    },
}

impl Input<'_> {
    /// The input as text (a line that is not UTF-8, lossily).
    pub(crate) fn shown(&self) -> &str {
        match self {
            Input::Text(s) => s,
            Input::NotUtf8 { shown, .. } => shown,
        }
    }

    /// A line that is not UTF-8 as its bytes in hexadecimal, for JSON, whose
    /// strings hold text only (`input` shows U+FFFD for each bad byte).
    pub(crate) fn hex(&self) -> Option<String> {
        let Input::NotUtf8 { raw, .. } = self else {
            return None;
        };
        Some(raw.iter().map(|b| format!("{b:02x}")).collect())
    }

    /// Where a line that is not UTF-8 stops under `rule` of `edition`: at its
    /// first ill-formed byte only if the grammar has not stopped before
    /// ([`Checker::check_bytes`](crate::Checker::check_bytes)).
    pub(crate) fn not_utf8_error(&self, edition: crate::Edition, rule: &str) -> Option<CheckError> {
        let Input::NotUtf8 { raw, .. } = self else {
            return None;
        };
        crate::Checker::new(edition, rule, crate::Engine::Dfa)
            .ok()?
            .check_bytes(raw)
            .error
    }

    /// The input's bytes, exactly as read.
    pub(crate) fn raw(&self) -> &[u8] {
        match self {
            Input::Text(s) => s.as_bytes(),
            Input::NotUtf8 { raw, .. } => raw,
        }
    }
}

impl AddAssign for Tally {
    fn add_assign(&mut self, t: Tally) {
        self.inputs += t.inputs;
        self.good += t.good;
        self.bad += t.bad;
        self.lints += t.lints;
        self.notes += t.notes;
        self.prose += t.prose;
        self.said.extend(t.said);
    }
}

/// One line read as an input: text, or its UTF-8 error.
pub(crate) fn line_input(line: &[u8]) -> Input<'_> {
    match std::str::from_utf8(line) {
        Ok(text) => Input::Text(text),
        Err(e) => Input::NotUtf8 {
            raw: line,
            shown: String::from_utf8_lossy(line).into_owned(),
            bad: e.valid_up_to(),
        },
    }
}

/// Strip the line end, as the engine's one rule has it ([`lines`]).
fn trim_line_end(line: &[u8]) -> &[u8] {
    crate::engine::meta::lines::without_end(line)
}

/// `--jobs`, shared by the commands that read many inputs.
#[derive(Debug, clap::Args)]
pub(crate) struct Jobs {
    /// Threads to work with (default: every core); output stays in input order
    #[arg(long, short, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    jobs: Option<u16>,
}

/// `--jobs` may ask for at most this many threads per core: more only add
/// memory and switching (8192 threads took 1.25 GB and minutes).
const JOBS_PER_CORE: usize = 4;

impl Jobs {
    /// How many threads work on each batch: as asked, but at most
    /// [`JOBS_PER_CORE`] per core ([`Jobs::warning`] says so).
    pub(crate) fn count(&self) -> usize {
        let asked = self.jobs.map(usize::from).unwrap_or_else(cores).max(1);
        asked.min(JOBS_PER_CORE * cores())
    }

    /// What to tell the user when `--jobs` asks for more threads than
    /// [`Jobs::count`] starts: the work goes on with fewer.
    pub(crate) fn warning(&self) -> Option<String> {
        let asked = usize::from(self.jobs?);
        let most = JOBS_PER_CORE * cores();
        (asked > most).then(|| {
            format!(
                "urlbnf: --jobs {asked} is more than this machine uses: working with {most} threads ({JOBS_PER_CORE} per core, {} cores)",
                cores()
            )
        })
    }

    /// A pool of [`Jobs::count`] threads.
    fn pool(&self) -> Result<rayon::ThreadPool, CliError> {
        let jobs = self.count();
        rayon::ThreadPoolBuilder::new()
            .num_threads(jobs)
            .build()
            .map_err(|e| CliError::Usage(format!("cannot start {jobs} threads: {e}")))
    }
}

/// The cores this process may use.
fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The inputs and `--jobs`, shared by the commands that check many inputs.
#[derive(Debug, clap::Args)]
pub(crate) struct Batch {
    #[command(flatten)]
    jobs: Jobs,

    #[command(flatten)]
    files: Files,

    /// Inputs; `-` reads the lines of standard input after
    /// them (standard input is the default when none is given)
    #[arg(value_name = "URL")]
    urls: Vec<std::ffi::OsString>,
}

impl Batch {
    /// The inputs of a command whose first argument is something else (the
    /// base of `resolve`).
    pub(crate) fn new(jobs: Jobs, files: Files, urls: Vec<std::ffi::OsString>) -> Batch {
        Batch { jobs, files, urls }
    }
}

/// `--file`: inputs read from files, one per line.
#[derive(Debug, Default, clap::Args)]
pub(crate) struct Files {
    /// Read inputs from FILE, one per line ('-' is standard input); repeatable,
    /// read after any inputs given as arguments
    #[arg(id = "file", long = "file", short = 'f', value_name = "FILE")]
    pub(crate) files: Vec<PathBuf>,
}

/// Standard input, and where to say what is done with it.
pub(crate) struct Stdin<'a> {
    pub(crate) reader: &'a mut dyn BufRead,
    /// Standard error: the main thread's, which holds its lock.
    pub(crate) err: &'a mut dyn Write,
    /// Standard input is a terminal: say that it is read and how to end it.
    pub(crate) terminal: bool,
    /// Show a progress line on standard error.
    pub(crate) progress: bool,
}

/// A spinner with the count and elapsed time, or a hidden one.
fn progress_bar(progress: bool) -> indicatif::ProgressBar {
    if !progress {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new_spinner();
    let style = indicatif::ProgressStyle::with_template("{spinner} {human_pos} inputs, {elapsed}")
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner());
    bar.set_style(style);
    bar
}
