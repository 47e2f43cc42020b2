//! Where inputs come from: the arguments, or else the lines of standard input,
//! streamed. A line that is not UTF-8 is an input of its own, never skipped.
//!
//! Batch commands read standard input in batches of lines, check each batch on
//! every core (rayon), and write the results in input order; memory is one
//! batch and its output, whatever the length of the input.

use std::io::{self, BufRead, Read, Write};
use std::ops::AddAssign;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

use rayon::prelude::*;

use super::CliError;
use super::output::Tally;
use crate::analysis::check::CheckError;

/// A batch is the lines of at least this many bytes (or the rest of the input),
/// ending at a line's end: memory stays bounded by a batch and its longest line,
/// and every core has work.
const BATCH_BYTES: usize = 1 << 20;
/// How much one read asks for.
const READ_BYTES: usize = 256 << 10;

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
    }
}

/// One line read as an input: text, or its UTF-8 error.
fn line_input(line: &[u8]) -> Input<'_> {
    match std::str::from_utf8(line) {
        Ok(text) => Input::Text(text),
        Err(e) => Input::NotUtf8 {
            raw: line,
            shown: String::from_utf8_lossy(line).into_owned(),
            bad: e.valid_up_to(),
        },
    }
}

/// Strip the line end: `\n`, and a `\r` before it.
fn trim_line_end(mut line: &[u8]) -> &[u8] {
    if let Some(l) = line.strip_suffix(b"\n") {
        line = l.strip_suffix(b"\r").unwrap_or(l);
    }
    line
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
    /// How many threads work on each batch.
    pub(crate) fn count(&self) -> usize {
        self.jobs.map(usize::from).unwrap_or_else(cores).max(1)
    }

    /// A pool of that many threads; more than [`JOBS_PER_CORE`] per core is a
    /// usage error.
    fn pool(&self) -> Result<rayon::ThreadPool, CliError> {
        let jobs = self.count();
        let most = JOBS_PER_CORE * cores();
        if jobs > most {
            return Err(CliError::Usage(format!(
                "--jobs {jobs} is more than this machine uses: at most {most} ({JOBS_PER_CORE} per core, {} cores)",
                cores()
            )));
        }
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

    /// Inputs (default: lines of standard input)
    #[arg(value_name = "URL")]
    urls: Vec<std::ffi::OsString>,
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

/// The UTF-8 byte-order mark.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// A stream of lines whose leading byte-order mark is skipped (a BOM is no
/// part of the first line's text), and whose read errors name the file.
pub(crate) struct Stream<'r> {
    inner: &'r mut dyn BufRead,
    name: Option<&'r Path>,
    started: bool,
    pub(crate) skipped_bom: bool,
}

impl<'r> Stream<'r> {
    pub(crate) fn new(inner: &'r mut dyn BufRead, name: Option<&'r Path>) -> Self {
        Stream {
            inner,
            name,
            started: false,
            skipped_bom: false,
        }
    }

    /// Skip a BOM the first time the stream is read.
    fn start(&mut self) -> io::Result<()> {
        if !self.started {
            self.started = true;
            let name = self.name;
            let head = self.inner.fill_buf().map_err(|e| named(name, e))?;
            if head.starts_with(BOM) {
                self.inner.consume(BOM.len());
                self.skipped_bom = true;
            }
        }
        Ok(())
    }
}

impl Read for Stream<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.start()?;
        self.inner.read(buf).map_err(|e| named(self.name, e))
    }
}

impl BufRead for Stream<'_> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.start()?;
        let name = self.name;
        self.inner.fill_buf().map_err(|e| named(name, e))
    }

    fn consume(&mut self, n: usize) {
        self.inner.consume(n);
    }
}

/// A read error, naming the file read.
fn named(name: Option<&Path>, e: io::Error) -> io::Error {
    match name {
        Some(path) => io::Error::new(e.kind(), format!("{}: {e}", path.display())),
        None => e,
    }
}

/// Each stream of inputs in order: the `--file`s (`-` is standard input), or
/// standard input when no input was given at all. A byte-order mark at the
/// start of one is skipped, and said.
pub(crate) fn each_stream(
    arguments: bool,
    files: &[PathBuf],
    stdin: &mut Stdin<'_>,
    mut f: impl FnMut(&mut dyn BufRead) -> Result<(), CliError>,
) -> Result<(), CliError> {
    let standard = [PathBuf::from("-")];
    let files = match (files.is_empty(), arguments) {
        (false, _) => files,
        (true, false) => &standard[..],
        (true, true) => &[],
    };
    for path in files {
        let skipped = if path.as_os_str() == "-" {
            if stdin.terminal {
                writeln!(
                    stdin.err,
                    "urlbnf: reading standard input, one input per line (end it with Ctrl-D)"
                )?;
            }
            let mut stream = Stream::new(&mut *stdin.reader, None);
            f(&mut stream)?;
            stream.skipped_bom
        } else {
            let file = std::fs::File::open(path).map_err(|e| crate::Error::io(path, &e))?;
            let mut reader = io::BufReader::with_capacity(1 << 16, file);
            let mut stream = Stream::new(&mut reader, Some(path));
            f(&mut stream)?;
            stream.skipped_bom
        };
        if skipped {
            say_bom(path, stdin.err)?;
        }
    }
    Ok(())
}

/// Say that the stream read from `path` (`-`: standard input) started with a
/// byte-order mark, which was skipped.
pub(crate) fn say_bom(path: &Path, err: &mut dyn Write) -> io::Result<()> {
    let name = match path.as_os_str() == "-" {
        true => "standard input".to_string(),
        false => crate::render::visible(&path.display().to_string()),
    };
    writeln!(
        err,
        "urlbnf: {name} starts with a byte-order mark (U+FEFF); skipped"
    )
}

/// A lone argument that names a file is most likely meant as one: say how.
fn hint_file_argument(
    urls: &[std::ffi::OsString],
    files: &[PathBuf],
    err: &mut dyn Write,
) -> Result<(), CliError> {
    if let ([url], []) = (urls, files)
        && Path::new(url).is_file()
    {
        let shown = crate::render::visible(&url.to_string_lossy());
        writeln!(
            err,
            "urlbnf: hint: '{shown}' is read as an input; to read the inputs in that file, give --file '{shown}'"
        )?;
    }
    Ok(())
}

/// Run `f` on each input, `jobs` threads at a time, and write what it writes in
/// input order. `f` writes one input's output to the writer it is given and
/// counts into the tally it is given; the tallies are summed. A batch too small
/// to split (one long line, say) is written straight through, so its output is
/// never held in memory. Output is flushed whenever input pauses, so results
/// appear as slow input arrives.
pub(crate) fn each_input_parallel<F>(
    batch: &Batch,
    stdin: &mut Stdin<'_>,
    out: &mut dyn Write,
    f: F,
) -> Result<Tally, CliError>
where
    F: Fn(&Input<'_>, &mut dyn Write, &mut Tally) -> Result<(), CliError> + Sync,
{
    let (urls, files) = (&batch.urls, &batch.files.files);
    hint_file_argument(urls, files, stdin.err)?;
    let (jobs, progress) = (batch.jobs.count(), stdin.progress);
    let pool = batch.jobs.pool()?;
    let work = Work {
        f: &f,
        jobs,
        pool: &pool,
        spare: Default::default(),
    };
    let mut tally = Tally::default();
    if !urls.is_empty() {
        // An argument is an input like a line: not UTF-8, it is an invalid input.
        let lines: Vec<&[u8]> = urls.iter().map(|u| u.as_encoded_bytes()).collect();
        tally += work.batch(&lines, out)?;
    }
    each_stream(!urls.is_empty(), files, stdin, |reader| {
        tally += work.stream(reader, progress, out)?;
        Ok(())
    })?;
    Ok(tally)
}

/// `batch` cut into about `n` pieces of whole lines.
fn cut(batch: &[u8], n: usize) -> Vec<&[u8]> {
    let size = batch.len().div_ceil(n.max(1)).max(1);
    let mut pieces = Vec::with_capacity(n);
    let mut rest = batch;
    while !rest.is_empty() {
        let end = match memchr::memchr(b'\n', rest.get(size..).unwrap_or_default()) {
            Some(i) => size + i + 1,
            None => rest.len(),
        };
        let (piece, tail) = rest.split_at(end.min(rest.len()));
        pieces.push(piece);
        rest = tail;
    }
    pieces
}

/// How a batch was read.
#[derive(Clone, Copy, Debug)]
struct BatchRead {
    /// The input has ended.
    eof: bool,
    /// The input paused: a read gave less than asked, and the batch was cut
    /// there at a line's end rather than waited on.
    paused: bool,
}

/// Read the next batch into `batch`: what `carry` held, then at least
/// [`BATCH_BYTES`] more, up to a line's end, or less where the input pauses
/// (a terminal, a pipe that waits); the part after the last line end goes
/// back to `carry`. At the end of input the batch is all that is left.
fn read_batch(
    stdin: &mut dyn BufRead,
    carry: &mut Vec<u8>,
    batch: &mut Vec<u8>,
) -> std::io::Result<BatchRead> {
    batch.clear();
    batch.append(carry);
    let mut scanned = 0;
    loop {
        // One large read (standard input's buffer is passed by when empty),
        // not one system call per 8 KiB.
        let old = batch.len();
        batch.resize(old + READ_BYTES, 0);
        let read = stdin.read(batch.get_mut(old..).unwrap_or_default());
        batch.truncate(old + *read.as_ref().unwrap_or(&0));
        let short = match read {
            Ok(0) => {
                return Ok(BatchRead {
                    eof: true,
                    paused: false,
                });
            }
            Ok(n) => n < READ_BYTES,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if batch.len() < BATCH_BYTES && !short {
            continue;
        }
        if memchr::memchr(b'\n', batch.get(scanned..).unwrap_or_default()).is_some() {
            if let Some(i) = memchr::memrchr(b'\n', batch) {
                carry.extend_from_slice(batch.get(i + 1..).unwrap_or_default());
                batch.truncate(i + 1);
            }
            return Ok(BatchRead {
                eof: false,
                paused: short && batch.len() < BATCH_BYTES,
            });
        }
        scanned = batch.len();
    }
}

/// The lines of a batch, each without its line end; a final newline adds no
/// input, and a last line with no line end keeps its "\r", as a line does.
fn split_lines(batch: &[u8]) -> Vec<&[u8]> {
    let mut lines = Vec::new();
    if batch.is_empty() {
        return lines;
    }
    let body = batch.strip_suffix(b"\n").unwrap_or(batch);
    let mut start = 0;
    for end in memchr::memchr_iter(b'\n', body).chain([body.len()]) {
        lines.push(trim_line_end_cr(body.get(start..end).unwrap_or_default()));
        start = end + 1;
    }
    if !batch.ends_with(b"\n")
        && let Some(last) = lines.last_mut()
    {
        *last = body.get(body.len() - last_len(body)..).unwrap_or_default();
    }
    lines
}

/// The length of the text after the last line end.
fn last_len(body: &[u8]) -> usize {
    memchr::memrchr(b'\n', body).map_or(body.len(), |i| body.len() - i - 1)
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
    spare: std::sync::Mutex<Vec<Vec<u8>>>,
}

impl<F> Work<'_, F>
where
    F: Fn(&Input<'_>, &mut dyn Write, &mut Tally) -> Result<(), CliError> + Sync,
{
    /// One input's work, for each input of `chunk`, into `buf`.
    fn run(&self, chunk: &[&[u8]], buf: &mut dyn Write) -> Result<Tally, CliError> {
        let mut t = Tally::default();
        for line in chunk {
            (self.f)(&line_input(line), buf, &mut t)?;
        }
        Ok(t)
    }

    /// A batch's output, in pieces of whole lines each split and checked by
    /// the pool, in input order.
    fn pieces(&self, batch: &[u8]) -> Result<Vec<(Vec<u8>, Tally)>, CliError> {
        self.pool.install(|| {
            cut(batch, self.jobs * 4)
                .par_iter()
                .map(|piece| self.output(&split_lines(piece)))
                .collect()
        })
    }

    /// The output of some lines, in a buffer a batch before used when there is
    /// one: reused, their pages are not faulted in again for every batch.
    fn output(&self, lines: &[&[u8]]) -> Result<(Vec<u8>, Tally), CliError> {
        let mut buf = self.spares().pop().unwrap_or_default();
        self.run(lines, &mut buf).map(|t| (buf, t))
    }

    fn spares(&self) -> std::sync::MutexGuard<'_, Vec<Vec<u8>>> {
        self.spare.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Write the pieces' output in order, sum their tallies, and keep their
    /// buffers for the next batch.
    fn flush(
        &self,
        pieces: &mut Vec<(Vec<u8>, Tally)>,
        out: &mut dyn Write,
    ) -> Result<Tally, CliError> {
        let mut tally = Tally::default();
        for (mut buf, t) in pieces.drain(..) {
            out.write_all(&buf)?;
            tally += t;
            buf.clear();
            // Locked only to hand the buffer back: the pool takes buffers
            // while this thread writes.
            self.spares().push(buf);
        }
        Ok(tally)
    }

    /// Every line of `reader`, in batches, each checked on the pool while the
    /// output of the one before is written and the next is read.
    fn stream(
        &self,
        reader: &mut dyn BufRead,
        progress: bool,
        out: &mut dyn Write,
    ) -> Result<Tally, CliError> {
        let bar = progress_bar(progress);
        let mut tally = Tally::default();
        let (mut carry, mut current, mut next) = (Vec::new(), Vec::new(), Vec::new());
        let mut read = read_batch(reader, &mut carry, &mut current)?;
        // The output of the batch before, written while this one is checked.
        let mut written: Vec<(Vec<u8>, Tally)> = Vec::new();
        while !current.is_empty() {
            let mut next_read = read;
            // One thread, a batch of a few long lines, or input that paused:
            // written straight through (a long line's output is never held in
            // memory, and a slow input's results are seen before it goes on).
            let lines = memchr::memchr_iter(b'\n', &current).take(MIN_SPLIT).count();
            if self.jobs == 1 || lines < MIN_SPLIT || read.paused {
                tally += self.flush(&mut written, out)?;
                let lines = split_lines(&current);
                tally += self.batch(&lines, out)?;
                bar.inc(lines.len() as u64);
                if read.paused {
                    out.flush()?;
                }
                if !read.eof {
                    next_read = read_batch(reader, &mut carry, &mut next)?;
                }
            } else {
                // Check this batch on the pool while this thread writes the
                // last one's output and reads the next.
                let mut pieces = None;
                let mut reading = Ok(read);
                let mut wrote = Ok(Tally::default());
                self.pool.in_place_scope(|s| {
                    s.spawn(|_| pieces = Some(self.pieces(&current)));
                    wrote = self.flush(&mut written, out);
                    if !read.eof {
                        reading = read_batch(reader, &mut carry, &mut next);
                    }
                });
                tally += wrote?;
                written = pieces.unwrap_or_else(|| Ok(Vec::new()))?;
                bar.inc(written.iter().map(|(_, t)| t.inputs).sum::<usize>() as u64);
                next_read = reading?;
            }
            std::mem::swap(&mut current, &mut next);
            next.clear();
            read = next_read;
        }
        tally += self.flush(&mut written, out)?;
        bar.finish_and_clear();
        Ok(tally)
    }

    /// Run one batch of lines, writing its output to `out` in input order.
    fn batch(&self, lines: &[&[u8]], out: &mut dyn Write) -> Result<Tally, CliError> {
        if self.jobs == 1 || lines.len() < MIN_SPLIT {
            return self.run(lines, out);
        }
        let piece = lines.len().div_ceil(self.jobs * 4).max(1);
        let pieces: Result<Vec<(Vec<u8>, Tally)>, CliError> = self.pool.install(|| {
            lines
                .par_chunks(piece)
                .map(|chunk| self.output(chunk))
                .collect()
        });
        self.flush(&mut pieces?, out)
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

/// What a fold reads: lines from a reader, of a known total size for a file.
pub(crate) struct Lines<'r> {
    pub(crate) reader: &'r mut dyn BufRead,
    /// The file's size in bytes: the progress bar shows a rate and an ETA.
    pub(crate) size: Option<u64>,
    /// Show progress on standard error.
    pub(crate) progress: bool,
}

/// Fold every line of `lines` into one value, on every core: `init` makes an
/// empty value per thread, `add` counts one input into it, `merge` joins two at
/// the end (it must not depend on how the input was split). Each batch is split
/// in one piece per thread, each piece added to that thread's value, while the
/// next batch is read; memory is two batches and the values.
pub(crate) fn fold_lines<A, I, F, M>(
    lines: Lines<'_>,
    jobs: &Jobs,
    init: I,
    add: F,
    merge: M,
) -> Result<A, CliError>
where
    A: Send,
    I: Fn() -> A,
    F: Fn(&mut A, &Input<'_>) + Sync,
    M: Fn(&mut A, A),
{
    let Lines {
        reader,
        size,
        progress,
    } = lines;
    let pool = jobs.pool()?;
    let bar = match size {
        Some(total) if progress => bytes_bar(total),
        _ => progress_bar(progress),
    };
    // One value per thread, kept across batches; a batch is cut into many
    // more pieces than threads so that no thread waits at its end for another.
    let threads = pool.current_num_threads().max(1);
    let values: Vec<Mutex<A>> = (0..threads).map(|_| Mutex::new(init())).collect();
    let (mut carry, mut current, mut next) = (Vec::new(), Vec::new(), Vec::new());
    let mut eof = read_batch(reader, &mut carry, &mut current)?.eof;
    while !current.is_empty() {
        // Pieces of whole lines, each split into lines by the thread that takes it.
        let pieces = cut(&current, threads * PIECES_PER_THREAD);
        let mut read = Ok(eof);
        pool.in_place_scope(|s| {
            let (values, pieces, add) = (&values, &pieces, &add);
            s.spawn(move |_| {
                pieces.par_iter().for_each(|piece| {
                    let i = rayon::current_thread_index().unwrap_or(0);
                    let Some(value) = values.get(i % values.len()) else {
                        return;
                    };
                    // Only this thread takes its value: never contended.
                    let mut value = value.lock().unwrap_or_else(PoisonError::into_inner);
                    for line in split_lines(piece) {
                        add(&mut value, &line_input(line));
                    }
                });
            });
            if !eof {
                read = read_batch(reader, &mut carry, &mut next).map(|r| r.eof);
            }
        });
        if progress {
            bar.inc(if size.is_some() {
                current.len() as u64
            } else {
                split_lines(&current).len() as u64
            });
        }
        drop(pieces);
        eof = read?;
        std::mem::swap(&mut current, &mut next);
        next.clear();
    }
    bar.finish_and_clear();
    let mut values = values
        .into_iter()
        .map(|v| v.into_inner().unwrap_or_else(PoisonError::into_inner));
    let mut total = values.next().unwrap_or_else(&init);
    for v in values {
        merge(&mut total, v);
    }
    Ok(total)
}

/// A bar over a file's bytes, with the rate and the time left.
fn bytes_bar(total: u64) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new(total);
    let style = indicatif::ProgressStyle::with_template(
        "{bar:30} {bytes}/{total_bytes} {bytes_per_sec}, {eta} left",
    )
    .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar());
    bar.set_style(style);
    bar
}

/// Feed each input to `f` with `out`: the arguments, then the lines of each
/// `--file`, or else each line of standard input, streamed. Output is flushed
/// whenever the input read so far is used up, so results appear as slow input
/// arrives, and a large input is written in large pieces.
pub(crate) fn each_input(
    urls: &[std::ffi::OsString],
    files: &Files,
    stdin: &mut Stdin<'_>,
    out: &mut dyn Write,
    mut f: impl FnMut(&Input<'_>, &mut dyn Write) -> Result<(), CliError>,
) -> Result<(), CliError> {
    hint_file_argument(urls, &files.files, stdin.err)?;
    for u in urls {
        f(&line_input(u.as_encoded_bytes()), out)?;
    }
    let progress = stdin.progress;
    each_stream(!urls.is_empty(), &files.files, stdin, |reader| {
        let bar = progress_bar(progress);
        let mut line = Vec::new();
        loop {
            let chunk = reader.fill_buf()?;
            if chunk.is_empty() {
                if !line.is_empty() {
                    bar.inc(1);
                    f(&line_input(trim_line_end(&line)), out)?;
                }
                bar.finish_and_clear();
                return Ok(());
            }
            let taken = chunk.len();
            let mut start = 0;
            for end in memchr::memchr_iter(b'\n', chunk) {
                let piece = chunk.get(start..=end).unwrap_or_default();
                start = end + 1;
                bar.inc(1);
                if line.is_empty() {
                    f(&line_input(trim_line_end(piece)), out)?;
                } else {
                    line.extend_from_slice(piece);
                    f(&line_input(trim_line_end(&line)), out)?;
                    line.clear();
                }
            }
            line.extend_from_slice(chunk.get(start..).unwrap_or_default());
            reader.consume(taken);
            out.flush()?;
        }
    })
}
