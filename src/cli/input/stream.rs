//! Streams of inputs: the `--file`s and standard input, each with a leading
//! byte-order mark skipped and read errors naming their file; and the
//! commands that take one input at a time.

use std::io::{self, BufRead, Read, Write};
use std::path::{Path, PathBuf};

use super::{Files, Input, Stdin, line_input, progress_bar, trim_line_end};
use crate::cli::CliError;

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
    mut f: impl FnMut(&mut dyn BufRead, &mut dyn Write) -> Result<(), CliError>,
) -> Result<(), CliError> {
    let standard = [PathBuf::from("-")];
    let files = match (files.is_empty(), arguments) {
        (false, _) => files,
        (true, false) => &standard[..],
        (true, true) => &[],
    };
    for path in files {
        let skipped = if path.as_os_str() == "-" {
            say_reading(stdin)?;
            let mut stream = Stream::new(&mut *stdin.reader, None);
            f(&mut stream, &mut *stdin.err)?;
            stream.skipped_bom
        } else {
            let file = std::fs::File::open(path).map_err(|e| crate::Error::io(path, &e))?;
            let mut reader = io::BufReader::with_capacity(1 << 16, file);
            let mut stream = Stream::new(&mut reader, Some(path));
            f(&mut stream, &mut *stdin.err)?;
            stream.skipped_bom
        };
        if skipped {
            say_bom(path, stdin.err)?;
        }
    }
    Ok(())
}

/// On a terminal, say that standard input is read and how to end it: a
/// command waiting silently looks hung.
pub(crate) fn say_reading(stdin: &mut Stdin<'_>) -> io::Result<()> {
    if !stdin.terminal {
        return Ok(());
    }
    writeln!(
        stdin.err,
        "urlbnf: reading standard input, one input per line (end it with Ctrl-D)"
    )
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
        "urlbnf: {name} starts with a byte-order mark (U+FEFF): the mark is skipped, its first line is read without it"
    )
}

/// A lone argument that names a file is most likely meant as one: say how.
/// An argument `-` is standard input, as `--file -` is and as in every
/// command: the other arguments, and the files with standard input first.
pub(super) fn dash_is_stdin(
    urls: &[std::ffi::OsString],
    files: &[PathBuf],
) -> (Vec<std::ffi::OsString>, Vec<PathBuf>) {
    let dash = urls.iter().any(|u| u == "-");
    let args = urls.iter().filter(|u| *u != "-").cloned().collect();
    let mut files = files.to_vec();
    if dash && !files.iter().any(|f| f.as_os_str() == "-") {
        files.insert(0, PathBuf::from("-"));
    }
    (args, files)
}

pub(super) fn hint_file_argument(
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
    let (urls, files) = dash_is_stdin(urls, &files.files);
    let (urls, files) = (urls.as_slice(), files.as_slice());
    hint_file_argument(urls, files, stdin.err)?;
    for u in urls {
        f(&line_input(u.as_encoded_bytes()), out)?;
    }
    let progress = stdin.progress;
    each_stream(!urls.is_empty(), files, stdin, |reader, _| {
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
