//! Batches of lines checked on every core, in input order; and folds of a
//! whole corpus into one value.

use std::io::{BufRead, Write};
use std::sync::{Mutex, PoisonError};

use rayon::iter::{IntoParallelRefIterator, ParallelIterator};

use super::read::{Carry, cut, lines_at, read_batch, split_lines};
use super::stream::{dash_is_stdin, each_stream, hint_file_argument};
use super::{
    BATCH_LINES, Batch, Input, Jobs, MIN_SPLIT, PIECES_PER_THREAD, Stdin, line_input, progress_bar,
};
use crate::cli::CliError;

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
    each_lines_parallel(batch, stdin, out, Written::EachLine, |piece, out, tally| {
        for line in piece.lines().iter() {
            f(&line_input(line), out, tally)?;
        }
        Ok(())
    })
}

/// Inputs handed to a command's work together: a piece of the input as read
/// (whole lines, line ends included), or inputs given one by one.
pub(crate) enum Piece<'a> {
    Text(&'a [u8]),
    Lines(&'a [&'a [u8]]),
}

impl<'a> Piece<'a> {
    /// Its inputs, each without its line end.
    pub(crate) fn lines(&self) -> std::borrow::Cow<'_, [&'a [u8]]> {
        match self {
            Piece::Text(text) => split_lines(*text).into(),
            Piece::Lines(lines) => (*lines).into(),
        }
    }

    /// The piece as read, line ends included, where it was read so.
    pub(crate) fn text(&self) -> Option<&'a [u8]> {
        match self {
            Piece::Text(text) => Some(text),
            Piece::Lines(_) => None,
        }
    }

    /// Its inputs as text (as [`Piece::text_lines`]) and their verdicts,
    /// where `walk` gives each line's end and verdict from the piece as read
    /// (see `Checker::valid_line_ends`): no search for line ends of its own.
    pub(crate) fn text_lines_walked<M: Copy>(
        &self,
        walk: impl FnOnce(&[u8]) -> Option<Vec<(usize, M)>>,
    ) -> Option<(Vec<&'a str>, Vec<M>)> {
        let text = std::str::from_utf8(self.text()?).ok()?;
        let ends = walk(text.as_bytes())?;
        Some((
            lines_at(text, &ends),
            ends.iter().map(|&(_, v)| v).collect(),
        ))
    }

    /// Its inputs as text where every one is UTF-8: one check for the whole
    /// piece rather than one a line.
    pub(crate) fn text_lines(&self) -> Option<Vec<&'a str>> {
        match self {
            Piece::Text(text) => Some(split_lines(std::str::from_utf8(text).ok()?)),
            Piece::Lines(lines) => lines.iter().map(|l| std::str::from_utf8(l).ok()).collect(),
        }
    }
}

/// What a command writes of its inputs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Written {
    /// Output for each line: a batch is cut at [`BATCH_LINES`] lines, so that
    /// the output held stays bounded however short the lines.
    EachLine,
    /// A summary only: batches are cut by bytes alone.
    Summary,
}

/// [`each_input_parallel`] with `f` given the inputs of a piece together, to
/// work on them side by side.
pub(crate) fn each_lines_parallel<F>(
    batch: &Batch,
    stdin: &mut Stdin<'_>,
    out: &mut dyn Write,
    written: Written,
    f: F,
) -> Result<Tally, CliError>
where
    F: Fn(&Piece<'_>, &mut dyn Write, &mut Tally) -> Result<(), CliError> + Sync,
{
    let (urls, files) = dash_is_stdin(&batch.inputs.urls, &batch.inputs.files.files);
    let (urls, files) = (urls.as_slice(), files.as_slice());
    hint_file_argument(urls, files, stdin.err)?;
    if let Some(warning) = batch.jobs.warning() {
        writeln!(stdin.err, "{warning}")?;
    }
    let (jobs, progress) = (batch.jobs.count(), stdin.progress);
    let pool = batch.jobs.pool()?;
    let work = Work {
        f: &f,
        most_lines: match written {
            Written::EachLine => BATCH_LINES,
            Written::Summary => usize::MAX,
        },
        jobs,
        pool: &pool,
        spare: Default::default(),
    };
    let mut tally = Tally::default();
    if !urls.is_empty() {
        // An argument is an input like a line: not UTF-8, it is an invalid input.
        let lines: Vec<&[u8]> = urls.iter().map(|u| u.as_encoded_bytes()).collect();
        let t = work.run(&Piece::Lines(&lines), out)?;
        tally += said(t, stdin.err)?;
    }
    each_stream(!urls.is_empty(), files, stdin, |reader, err| {
        tally += work.stream(reader, progress, out, err)?;
        Ok(())
    })?;
    Ok(tally)
}

/// What the batches share: the work per input and the threads.
struct Work<'w, F> {
    f: &'w F,
    /// The most lines in a batch.
    most_lines: usize,
    jobs: usize,
    pool: &'w rayon::ThreadPool,
    spare: std::sync::Mutex<Vec<Vec<u8>>>,
}

impl<F> Work<'_, F>
where
    F: Fn(&Piece<'_>, &mut dyn Write, &mut Tally) -> Result<(), CliError> + Sync,
{
    /// The work on the inputs of `piece`, into `buf`.
    fn run(&self, piece: &Piece<'_>, buf: &mut dyn Write) -> Result<Tally, CliError> {
        let mut t = Tally::default();
        (self.f)(piece, buf, &mut t)?;
        Ok(t)
    }

    /// A batch's output, in pieces of whole lines each split and checked by
    /// the pool, in input order.
    fn pieces(&self, batch: &[u8]) -> Result<Vec<(Vec<u8>, Tally)>, CliError> {
        self.pool.install(|| {
            cut(batch, self.jobs * 4)
                .par_iter()
                .map(|piece| self.output(&Piece::Text(piece)))
                .collect()
        })
    }

    /// The output of some lines, in a buffer a batch before used when there is
    /// one: reused, their pages are not faulted in again for every batch.
    fn output(&self, piece: &Piece<'_>) -> Result<(Vec<u8>, Tally), CliError> {
        let mut buf = self.spares().pop().unwrap_or_default();
        self.run(piece, &mut buf).map(|t| (buf, t))
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
        err: &mut dyn Write,
    ) -> Result<Tally, CliError> {
        let mut tally = Tally::default();
        for (mut buf, t) in pieces.drain(..) {
            out.write_all(&buf)?;
            tally += said(t, err)?;
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
        err: &mut dyn Write,
    ) -> Result<Tally, CliError> {
        let bar = progress_bar(progress);
        let mut tally = Tally::default();
        let (mut carry, mut current, mut next) = (Carry::default(), Vec::new(), Vec::new());
        let mut read = read_batch(reader, &mut carry, &mut current, self.most_lines)?;
        // The output of the batch before, written while this one is checked.
        let mut written: Vec<(Vec<u8>, Tally)> = Vec::new();
        while !current.is_empty() {
            let mut next_read = read;
            // One thread, a batch of a few long lines, or input that paused:
            // written straight through (a long line's output is never held in
            // memory, and a slow input's results are seen before it goes on).
            let lines = memchr::memchr_iter(b'\n', &current).take(MIN_SPLIT).count();
            if self.jobs == 1 || lines < MIN_SPLIT || read.paused {
                tally += self.flush(&mut written, out, err)?;
                let done = self.batch(&current, out, err)?;
                bar.inc(done.inputs as u64);
                tally += done;
                if read.paused {
                    out.flush()?;
                }
                if !read.eof {
                    next_read = read_batch(reader, &mut carry, &mut next, self.most_lines)?;
                }
            } else {
                // Check this batch on the pool while this thread writes the
                // last one's output and reads the next.
                let mut pieces = None;
                let mut reading = Ok(read);
                let mut wrote = Ok(Tally::default());
                self.pool.in_place_scope(|s| {
                    s.spawn(|_| pieces = Some(self.pieces(&current)));
                    wrote = self.flush(&mut written, out, &mut *err);
                    if !read.eof {
                        reading = read_batch(reader, &mut carry, &mut next, self.most_lines);
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
        tally += self.flush(&mut written, out, err)?;
        bar.finish_and_clear();
        Ok(tally)
    }

    /// Run one batch of lines, writing its output to `out` in input order.
    fn batch(
        &self,
        text: &[u8],
        out: &mut dyn Write,
        err: &mut dyn Write,
    ) -> Result<Tally, CliError> {
        let lines = memchr::memchr_iter(b'\n', text).take(MIN_SPLIT).count();
        if self.jobs == 1 || lines < MIN_SPLIT {
            return said(self.run(&Piece::Text(text), out)?, err);
        }
        let mut pieces = self.pieces(text)?;
        self.flush(&mut pieces, out, err)
    }
}

/// A piece's tally, what it says on standard error (`Tally::said`) written
/// there, after its output.
fn said(mut t: Tally, err: &mut dyn Write) -> Result<Tally, CliError> {
    err.write_all(&t.said)?;
    t.said = Vec::new();
    Ok(t)
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
/// empty value per thread, `add` counts the lines of a piece (without their
/// line ends) into it, `merge` joins two at
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
    F: Fn(&mut A, &Piece<'_>) + Sync,
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
    let (mut carry, mut current, mut next) = (Carry::default(), Vec::new(), Vec::new());
    // Its output is one value: batches are cut by bytes alone.
    let mut eof = read_batch(reader, &mut carry, &mut current, usize::MAX)?.eof;
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
                    add(&mut value, &Piece::Text(piece));
                });
            });
            if !eof {
                read = read_batch(reader, &mut carry, &mut next, usize::MAX).map(|r| r.eof);
            }
        });
        if progress {
            bar.inc(if size.is_some() {
                current.len() as u64
            } else {
                split_lines(current.as_slice()).len() as u64
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

/// How many results were good and bad.
#[derive(Default)]
pub(crate) struct Tally {
    pub(crate) inputs: usize,
    pub(crate) good: usize,
    pub(crate) bad: usize,
    /// Lints by level: warnings and notes.
    pub(crate) lints: usize,
    pub(crate) notes: usize,
    /// Prose notes on verdicts (`note[catch-all]`…).
    pub(crate) prose: usize,
    /// What a piece says on standard error, beside its results (a filter's
    /// notes): written after the piece's output, then dropped.
    pub(crate) said: Vec<u8>,
}

impl Tally {
    pub(crate) fn count(&mut self, good: bool) {
        if good {
            self.good += 1;
        } else {
            self.bad += 1;
        }
    }
}
