//! Input read in batches of whole lines, and a batch cut into pieces and
//! lines.

use std::io::BufRead;

use super::{BATCH_BYTES, READ_BYTES};
use crate::engine::meta::lines;

/// Text cut into lines: bytes, or text already known to be UTF-8 (a line end
/// is ASCII, so every cut is a character boundary).
pub(super) trait LineText {
    fn bytes(&self) -> &[u8];
    fn part(&self, from: usize, to: usize) -> &Self;
}

impl LineText for [u8] {
    fn bytes(&self) -> &[u8] {
        self
    }
    fn part(&self, from: usize, to: usize) -> &Self {
        self.get(from..to).unwrap_or_default()
    }
}

impl LineText for str {
    fn bytes(&self) -> &[u8] {
        self.as_bytes()
    }
    fn part(&self, from: usize, to: usize) -> &Self {
        self.get(from..to).unwrap_or_default()
    }
}

/// `batch` cut into about `n` pieces of whole lines.
pub(super) fn cut(batch: &[u8], n: usize) -> Vec<&[u8]> {
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
pub(super) struct BatchRead {
    /// The input has ended.
    pub(super) eof: bool,
    /// The input paused: a read gave less than asked, and the batch was cut
    /// there at a line's end rather than waited on.
    pub(super) paused: bool,
}

/// What a batch leaves to the next: the bytes read after its end, and
/// whether the read that brought them came short (the input had no more
/// ready then).
#[derive(Default)]
pub(super) struct Carry {
    bytes: Vec<u8>,
    short: bool,
}

/// Read the next batch into `batch`: what `carry` held, then at least
/// [`BATCH_BYTES`] more, up to a line's end, or less where the input pauses
/// (a terminal, a pipe that waits) or at the end of the `most_lines`th line;
/// the part after the batch's last line end goes back to `carry`. At the end
/// of input the batch is all that is left.
pub(super) fn read_batch(
    stdin: &mut dyn BufRead,
    carry: &mut Carry,
    batch: &mut Vec<u8>,
    most_lines: usize,
) -> std::io::Result<BatchRead> {
    batch.clear();
    batch.append(&mut carry.bytes);
    let after_short = carry.short;
    let (carry, short_read) = (&mut carry.bytes, &mut carry.short);
    let mut scanned = 0;
    let mut counted = Counted::default();
    let full = BatchRead {
        eof: false,
        paused: false,
    };
    if counted.cut(batch, carry, most_lines) {
        return Ok(full);
    }
    // Lines left by a batch cut at its most lines go before any read where
    // the read that brought them came short: the input may have paused
    // while they wait. After a full read the batch goes on: it is not cut
    // into a small one of its own, worked on alone.
    if after_short && keep_whole_lines(batch, carry) {
        return Ok(BatchRead {
            eof: false,
            paused: true,
        });
    }
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
        if counted.cut(batch, carry, most_lines) {
            *short_read = short;
            return Ok(full);
        }
        if batch.len() < BATCH_BYTES && !short {
            continue;
        }
        // Searched from where the last search ended: a long line is not
        // searched again after every read.
        if memchr::memchr(b'\n', batch.get(scanned..).unwrap_or_default()).is_some() {
            keep_whole_lines(batch, carry);
            return Ok(BatchRead {
                eof: false,
                paused: short && batch.len() < BATCH_BYTES,
            });
        }
        scanned = batch.len();
    }
}

/// Cut `batch` after its last line end, the rest going back to `carry`; say
/// whether it has one.
fn keep_whole_lines(batch: &mut Vec<u8>, carry: &mut Vec<u8>) -> bool {
    let Some(i) = memchr::memrchr(b'\n', batch) else {
        return false;
    };
    carry.extend_from_slice(batch.get(i + 1..).unwrap_or_default());
    batch.truncate(i + 1);
    true
}

/// The line ends of a batch being read, counted once each.
#[derive(Default)]
struct Counted {
    lines: usize,
    /// The bytes counted.
    bytes: usize,
}

impl Counted {
    /// Cut `batch` after its `most`th line, the rest going back to `carry`,
    /// where it has that many; say whether it did.
    fn cut(&mut self, batch: &mut Vec<u8>, carry: &mut Vec<u8>, most: usize) -> bool {
        if most == usize::MAX {
            return false;
        }
        let new = batch.get(self.bytes..).unwrap_or_default();
        // Counted fast (memchr's count); walked line by line only where the
        // batch ends.
        let seen = memchr::memchr_iter(b'\n', new).count();
        if self.lines.saturating_add(seen) < most {
            self.lines += seen;
            self.bytes = batch.len();
            return false;
        }
        for i in memchr::memchr_iter(b'\n', new) {
            self.lines += 1;
            if self.lines >= most {
                let end = self.bytes + i + 1;
                carry.extend_from_slice(batch.get(end..).unwrap_or_default());
                batch.truncate(end);
                return true;
            }
        }
        self.bytes = batch.len();
        false
    }
}

/// The lines of a batch, each without its line end, split by the engine's
/// one rule ([`lines`]).
pub(super) fn split_lines<T: LineText + ?Sized>(batch: &T) -> Vec<&T> {
    let each = lines::each(batch.bytes());
    each.map(|line| batch.part(line.start, line.end)).collect()
}

/// The lines of a batch whose line ends are known (`ends`, in order: the
/// offset of each line's "\n", or the batch's length for a last line with
/// none), as [`split_lines`] splits it.
pub(super) fn lines_at<'t, T: LineText + ?Sized, M>(
    batch: &'t T,
    ends: &[(usize, M)],
) -> Vec<&'t T> {
    let bytes = batch.bytes();
    let mut start = 0;
    let mut each = Vec::with_capacity(ends.len());
    for &(end, _) in ends {
        let line = lines::ending_at(bytes, start, end);
        each.push(batch.part(line.start, line.end));
        start = end + 1;
    }
    each
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_at_their_ends_are_the_lines_split() {
        // Every batch of up to seven of these: the ends of its lines (each
        // "\n", and the end for a last line with none) give split_lines.
        for batch in crate::testing::every(b"a\r\n", 7) {
            let mut ends: Vec<(usize, bool)> = memchr::memchr_iter(b'\n', &batch)
                .map(|e| (e, true))
                .collect();
            if !batch.ends_with(b"\n") {
                ends.push((batch.len(), true));
            }
            assert_eq!(
                lines_at(&batch[..], &ends),
                split_lines(&batch[..]),
                "{batch:?}"
            );
        }
    }

    /// A pipe that gives at most 1000 bytes a read.
    struct Trickle<'a>(&'a [u8]);

    impl std::io::Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let n = buf.len().min(self.0.len()).min(1000);
            let (head, tail) = self.0.split_at(n);
            buf.get_mut(..n).unwrap().copy_from_slice(head);
            self.0 = tail;
            Ok(n)
        }
    }

    /// Every batch `read_batch` reads from `input`, up to `most` lines each,
    /// read whole or trickling.
    fn batches(input: &[u8], most: usize) -> Vec<Vec<u8>> {
        let whole = read_all(&mut std::io::BufReader::new(input), most);
        let trickling = read_all(&mut std::io::BufReader::new(Trickle(input)), most);
        assert_eq!(whole.concat(), trickling.concat());
        assert!(
            trickling
                .iter()
                .all(|b| memchr::memchr_iter(b'\n', b).count() <= most)
        );
        whole
    }

    fn read_all(reader: &mut dyn BufRead, most: usize) -> Vec<Vec<u8>> {
        let (mut carry, mut batch, mut all) = (Carry::default(), Vec::new(), Vec::new());
        loop {
            let read = read_batch(reader, &mut carry, &mut batch, most).unwrap();
            if !batch.is_empty() {
                all.push(batch.clone());
            }
            if read.eof {
                return all;
            }
        }
    }

    #[test]
    fn a_batch_of_short_lines_ends_at_its_most_lines_and_nothing_is_lost() {
        // Lines of 0 to 4 bytes: 300,000 of them are under a megabyte, so
        // only the line count cuts them.
        let lines = |n: usize| -> Vec<u8> {
            (0..n)
                .flat_map(|i| "abcd".get(..i % 5).unwrap().bytes().chain([b'\n']))
                .collect()
        };
        let input = lines(300_000);
        for (most, input) in [(1, lines(2000)), (7, lines(2000)), (1 << 15, input.clone())] {
            let read = batches(&input, most);
            assert_eq!(read.concat(), input, "{most}: every byte, in order");
            let lines: Vec<usize> = read
                .iter()
                .map(|b| memchr::memchr_iter(b'\n', b).count())
                .collect();
            // Batches of `most` lines, and after a read that came short the
            // lines it left.
            assert!(
                lines.iter().all(|n| (1..=most).contains(n)),
                "{most}: {lines:?}"
            );
            let in_full: usize = lines.iter().filter(|&&n| n == most).sum();
            assert!(
                in_full * 2 > lines.iter().sum::<usize>(),
                "{most}: {lines:?}"
            );
            assert!(read.iter().all(|b| b.ends_with(b"\n")));
        }
        // Counted by bytes alone, the input is one batch.
        assert_eq!(batches(&input, usize::MAX), vec![input.clone()]);
    }

    /// An input that gives all it has in one read, then pauses: a second
    /// read would wait.
    struct Pausing(Option<Vec<u8>>);

    impl std::io::Read for Pausing {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let data = self.0.take().expect("no read while whole lines wait");
            let n = data.len().min(buf.len());
            buf.get_mut(..n)
                .unwrap()
                .copy_from_slice(data.get(..n).unwrap());
            Ok(n)
        }
    }

    #[test]
    fn lines_left_by_a_batch_cut_at_its_most_lines_are_not_held_for_a_read() {
        // 40,000 lines arrive, then the input pauses: 32,768 make a batch,
        // and the other 7,232 the next, at once (marked paused, so that
        // they are written out), not after the input goes on.
        let input = b"a\n".repeat(40_000);
        let mut reader = std::io::BufReader::new(Pausing(Some(input)));
        let (mut carry, mut batch) = (Carry::default(), Vec::new());
        let read = read_batch(&mut reader, &mut carry, &mut batch, 1 << 15).unwrap();
        assert_eq!((batch.len(), read.paused), (2 << 15, false));
        let read = read_batch(&mut reader, &mut carry, &mut batch, 1 << 15).unwrap();
        assert_eq!((batch.len(), read.paused), (2 * 7232, true));
    }

    #[test]
    fn lines_left_by_a_full_read_go_on_into_the_next_batch() {
        // 300,000 lines of three bytes from a file: each read fills its
        // buffer (256 KiB, not a whole number of lines), so the input had
        // more ready. Every batch has 32,768 lines but the last, and none
        // before it is marked paused (worked on alone, its output flushed).
        let input = b"ab\n".repeat(300_000);
        let mut reader = std::io::BufReader::new(&input[..]);
        let (mut carry, mut batch) = (Carry::default(), Vec::new());
        let mut read = Vec::new();
        loop {
            let r = read_batch(&mut reader, &mut carry, &mut batch, 1 << 15).unwrap();
            if !batch.is_empty() {
                read.push((batch.len() / 3, r.paused));
            }
            if r.eof {
                break;
            }
        }
        let (last, before) = read.split_last().unwrap();
        assert_eq!(before, [(1 << 15, false); 9]);
        assert_eq!(last.0, 300_000 - 9 * (1 << 15));
    }

    #[test]
    fn a_long_line_is_one_batch_whatever_the_line_count() {
        // 3 MB without a line end, then two short lines: the long line is
        // read whole.
        let mut input = vec![b'a'; 3 << 20];
        input.extend_from_slice(b"\nb\nc");
        let read = batches(&input, 1);
        assert_eq!(read.len(), 3);
        assert_eq!(read.concat(), input);
        assert_eq!(read.first().map(Vec::len), Some((3 << 20) + 1));
    }
}
