//! Where inputs come from: the arguments, or else the lines of standard input,
//! streamed. A line that is not UTF-8 is an input of its own, never skipped.
//!
//! Batch commands read standard input in batches of lines, check each batch on
//! every core (rayon), and write the results in input order; memory is one
//! batch and its output, whatever the length of the input.

use std::io::{BufRead, Write};
use std::ops::AddAssign;

use rayon::prelude::*;

use super::CliError;
use super::output::Tally;
use crate::analysis::check::CheckError;

/// A batch is the lines of at least this many bytes (or the rest of the input),
/// ending at a line's end: memory stays bounded by a batch and its longest line,
/// and every core has work.
const BATCH_BYTES: usize = 1 << 20;
/// Below this many inputs a batch is not split across threads.
const MIN_SPLIT: usize = 256;

/// One input: text, or a line that is not UTF-8 (shown lossily, with its error).
pub(crate) enum Input<'s> {
    Text(&'s str),
    NotUtf8 {
        raw: &'s [u8],
        shown: String,
        error: CheckError,
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
    }
}

/// One line read as an input: text, or its UTF-8 error.
fn line_input(line: &[u8]) -> Input<'_> {
    match std::str::from_utf8(line) {
        Ok(text) => Input::Text(text),
        Err(e) => {
            let valid = line
                .get(..e.valid_up_to())
                .and_then(|p| std::str::from_utf8(p).ok())
                .unwrap_or("");
            let offset = valid.chars().count();
            Input::NotUtf8 {
                raw: line,
                shown: String::from_utf8_lossy(line).into_owned(),
                error: CheckError {
                    offset,
                    byte_offset: e.valid_up_to(),
                    expected: Vec::new(),
                    message: format!(
                        "at offset {offset}: the input is not UTF-8 (invalid byte at byte {})",
                        e.valid_up_to()
                    ),
                },
            }
        }
    }
}

/// Strip the line end: `\n`, and a `\r` before it.
fn trim_line_end(mut line: &[u8]) -> &[u8] {
    if let Some(l) = line.strip_suffix(b"\n") {
        line = l.strip_suffix(b"\r").unwrap_or(l);
    }
    line
}

/// How many threads work on each batch.
pub(crate) fn jobs(requested: Option<usize>) -> usize {
    requested
        .or_else(|| std::thread::available_parallelism().ok().map(|n| n.get()))
        .unwrap_or(1)
        .max(1)
}

/// Run `f` on each input, `jobs` threads at a time, and write what it writes in
/// input order. `f` writes one input's output to the writer it is given and
/// counts into the tally it is given; the tallies are summed. A batch too small
/// to split (one long line, say) is written straight through, so its output is
/// never held in memory.
pub(crate) fn each_input_parallel<F>(
    urls: &[std::ffi::OsString],
    stdin: &mut dyn BufRead,
    progress: bool,
    jobs: usize,
    out: &mut dyn Write,
    f: F,
) -> Result<Tally, CliError>
where
    F: Fn(&Input<'_>, &mut dyn Write, &mut Tally) -> Result<(), CliError> + Sync,
{
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .map_err(|e| CliError::Usage(format!("cannot start {jobs} threads: {e}")))?;
    let work = Work {
        f: &f,
        jobs,
        pool: &pool,
    };
    if !urls.is_empty() {
        // An argument is an input like a line: not UTF-8, it is an invalid input.
        let lines: Vec<&[u8]> = urls.iter().map(|u| u.as_encoded_bytes()).collect();
        return work.batch(&lines, out);
    }
    let bar = progress_bar(progress);
    let mut tally = Tally::default();
    let mut buf: Vec<u8> = Vec::new();
    let mut eof = false;
    while !eof {
        // Read at least BATCH_BYTES, then on to the end of a line.
        let mut scanned = 0;
        loop {
            let chunk = stdin.fill_buf()?;
            if chunk.is_empty() {
                eof = true;
                break;
            }
            let n = chunk.len();
            buf.extend_from_slice(chunk);
            stdin.consume(n);
            let enough = buf.len() >= BATCH_BYTES;
            if enough && memchr::memchr(b'\n', buf.get(scanned..).unwrap_or_default()).is_some() {
                break;
            }
            if enough {
                scanned = buf.len();
            }
        }
        let cut = match memchr::memrchr(b'\n', &buf) {
            _ if eof => buf.len(),
            Some(i) => i + 1,
            None => buf.len(),
        };
        let complete = buf.get(..cut).unwrap_or_default();
        // Each line without its end; a final newline adds no input.
        let body = complete.strip_suffix(b"\n").unwrap_or(complete);
        let mut lines: Vec<&[u8]> = Vec::new();
        if !complete.is_empty() {
            let mut start = 0;
            for end in memchr::memchr_iter(b'\n', body).chain([body.len()]) {
                lines.push(trim_line_end_cr(body.get(start..end).unwrap_or_default()));
                start = end + 1;
            }
        }
        // A last line with no line end keeps its "\r", as a line does.
        if !complete.is_empty() && !complete.ends_with(b"\n") {
            if let (Some(last), Some(start)) = (lines.last_mut(), memchr::memrchr(b'\n', body)) {
                *last = body.get(start + 1..).unwrap_or_default();
            } else if let Some(last) = lines.last_mut() {
                *last = body;
            }
        }
        tally += work.batch(&lines, out)?;
        bar.inc(lines.len() as u64);
        buf.drain(..cut);
    }
    bar.finish_and_clear();
    Ok(tally)
}

/// A line's `\r` before the `\n` the split removed.
fn trim_line_end_cr(line: &[u8]) -> &[u8] {
    line.strip_suffix(b"\r").unwrap_or(line)
}

/// What the batches share: the work per input and the threads.
struct Work<'w, F> {
    f: &'w F,
    jobs: usize,
    pool: &'w rayon::ThreadPool,
}

impl<F> Work<'_, F>
where
    F: Fn(&Input<'_>, &mut dyn Write, &mut Tally) -> Result<(), CliError> + Sync,
{
    /// Run one batch of lines, writing its output to `out` in input order.
    fn batch(&self, lines: &[&[u8]], out: &mut dyn Write) -> Result<Tally, CliError> {
        let f = self.f;
        let run = |chunk: &[&[u8]], buf: &mut dyn Write| -> Result<Tally, CliError> {
            let mut t = Tally::default();
            for line in chunk {
                f(&line_input(line), buf, &mut t)?;
            }
            Ok(t)
        };
        if self.jobs == 1 || lines.len() < MIN_SPLIT {
            return run(lines, out);
        }
        let piece = lines.len().div_ceil(self.jobs * 4);
        let pieces: Vec<Result<(Vec<u8>, Tally), CliError>> = self.pool.install(|| {
            lines
                .par_chunks(piece)
                .map(|chunk| {
                    let mut buf: Vec<u8> = Vec::with_capacity(chunk.len() * 64);
                    run(chunk, &mut buf).map(|t| (buf, t))
                })
                .collect()
        });
        let mut tally = Tally::default();
        for p in pieces {
            let (buf, t) = p?;
            out.write_all(&buf)?;
            tally += t;
        }
        Ok(tally)
    }
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

/// Feed each input to `f`: the arguments, or else each line of standard input,
/// streamed.
pub(crate) fn each_input(
    urls: &[std::ffi::OsString],
    stdin: &mut dyn BufRead,
    progress: bool,
    mut f: impl FnMut(&Input<'_>) -> Result<(), CliError>,
) -> Result<(), CliError> {
    if !urls.is_empty() {
        for u in urls {
            f(&line_input(u.as_encoded_bytes()))?;
        }
        return Ok(());
    }
    let bar = progress_bar(progress);
    let mut line = Vec::new();
    loop {
        line.clear();
        if stdin.read_until(b'\n', &mut line)? == 0 {
            bar.finish_and_clear();
            return Ok(());
        }
        bar.inc(1);
        f(&line_input(trim_line_end(&line)))?;
    }
}
