//! Programs as peers. A [`LineFilter`] is run once per batch: the batch's
//! inputs one a line on its standard input, closed at the end (so a program
//! that buffers its output still answers), one answer a line on its standard
//! output. An [`EachRun`] runs the program once per input, the input its last
//! argument, and reads the exit status. Either is stopped when it outlasts
//! its timeout; every line read from it is capped at [`MAX_LINE`] bytes and
//! the lines at the batch's size, so memory stays bounded whatever it prints.

use std::ffi::OsString;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use super::{Answer, Peer};
use crate::engine::meta::lines;
use crate::error::Error;

/// The longest line read from a peer, in bytes.
pub const MAX_LINE: usize = 64 * 1024;
/// What is kept of a peer's standard error, its last bytes.
const STDERR_TAIL: usize = 2048;
/// What an error shows of a line, in characters.
const SHOWN: usize = 120;

/// A line filter's verdict: `1`, `true`, `valid` or `ok` (any case, blanks
/// around ignored) accepts; anything else rejects.
///
/// ```
/// use urlbnf::conform::parse_verdict;
/// assert!(parse_verdict("1") && parse_verdict(" True") && parse_verdict("ok\r"));
/// assert!(!parse_verdict("0") && !parse_verdict("invalid") && !parse_verdict("error: bad port"));
/// ```
pub fn parse_verdict(line: &str) -> bool {
    let word = line.trim().to_ascii_lowercase();
    matches!(word.as_str(), "1" | "true" | "valid" | "ok")
}

/// A decoder of a peer's output line.
type Decode = Box<dyn Fn(&str) -> Result<Answer, String>>;

/// A program run as a line filter, once per batch.
pub struct LineFilter {
    program: OsString,
    args: Vec<OsString>,
    batch: usize,
    timeout: Duration,
    decode: Decode,
    /// Batches run so far.
    pub batches: usize,
}

impl LineFilter {
    /// `program` with `args`, in batches of 1000 inputs, each given 60
    /// seconds; lines read by [`parse_verdict`].
    ///
    /// ```
    /// use urlbnf::conform::{Answer, LineFilter, Peer};
    /// let mut sed = LineFilter::new("sed", ["s/^h.*/ok/"]);
    /// let answers = sed.judge(&["http://a/", "x"])?;
    /// assert_eq!(answers, [Answer::Accepts, Answer::Rejects]);
    /// # Ok::<(), urlbnf::Error>(())
    /// ```
    pub fn new<A: Into<OsString>>(
        program: impl Into<OsString>,
        args: impl IntoIterator<Item = A>,
    ) -> LineFilter {
        LineFilter {
            program: program.into(),
            args: args.into_iter().map(Into::into).collect(),
            batch: 1000,
            timeout: Duration::from_secs(60),
            decode: Box::new(|line| {
                Ok(if parse_verdict(line) {
                    Answer::Accepts
                } else {
                    Answer::Rejects
                })
            }),
            batches: 0,
        }
    }

    /// Inputs per run (at least one).
    ///
    /// ```
    /// use urlbnf::conform::{LineFilter, Peer};
    /// let mut cat = LineFilter::new("cat", [] as [&str; 0]).batch(2);
    /// cat.judge(&["1", "0", "1"])?;
    /// assert_eq!(cat.batches, 2);
    /// # Ok::<(), urlbnf::Error>(())
    /// ```
    pub fn batch(self, inputs: usize) -> LineFilter {
        LineFilter {
            batch: inputs.max(1),
            ..self
        }
    }

    /// How long one run may take.
    ///
    /// ```
    /// use std::time::Duration;
    /// use urlbnf::conform::{LineFilter, Peer};
    /// let mut slow = LineFilter::new("sleep", ["5"]).timeout(Duration::from_millis(100));
    /// assert!(slow.judge(&["x"]).unwrap_err().to_string().contains("did not finish"));
    /// ```
    pub fn timeout(self, timeout: Duration) -> LineFilter {
        LineFilter { timeout, ..self }
    }

    /// How each line is read (components as JSON, say); an `Err` names what
    /// is wrong with the line.
    ///
    /// ```
    /// use urlbnf::conform::{Answer, LineFilter, Peer};
    /// let mut peer = LineFilter::new("cat", [] as [&str; 0])
    ///     .decoder(|l| if l == "y" { Ok(Answer::Accepts) } else { Err("not y".into()) });
    /// assert!(peer.judge(&["y"]).is_ok());
    /// assert!(peer.judge(&["n"]).unwrap_err().to_string().contains("not y"));
    /// ```
    pub fn decoder(self, decode: impl Fn(&str) -> Result<Answer, String> + 'static) -> LineFilter {
        LineFilter {
            decode: Box::new(decode),
            ..self
        }
    }

    fn run(&mut self, inputs: &[&str], first: usize) -> Result<Vec<Answer>, Error> {
        self.batches += 1;
        let mut child = Command::new(&self.program)
            .args(&self.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| Error::Peer(format!("cannot run {}: {e}", self.shown())))?;
        let started = Instant::now();
        let stdin = child.stdin.take();
        let text: Vec<u8> = inputs
            .iter()
            .flat_map(|i| [i.as_bytes(), b"\n"].concat())
            .collect();
        // Written by a thread: a peer that answers as it reads would block
        // on a full pipe while this waits to write.
        std::thread::spawn(move || {
            if let Some(mut stdin) = stdin {
                let _ = stdin.write_all(&text);
            }
        });
        let errors = tail_of(child.stderr.take());
        let (tx, rx) = mpsc::channel();
        let stdout = child.stdout.take();
        let most = inputs.len();
        std::thread::spawn(move || {
            if let Some(out) = stdout {
                read_lines(BufReader::new(out), most + 1, &tx);
            }
        });
        let mut lines: Vec<String> = Vec::with_capacity(most);
        let failure = loop {
            let left = self.timeout.saturating_sub(started.elapsed());
            match rx.recv_timeout(left) {
                Ok(Ok(line)) => lines.push(line),
                Ok(Err(why)) => break Some(why),
                Err(mpsc::RecvTimeoutError::Disconnected) => break None,
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    break Some(format!("did not finish within {:?}", self.timeout));
                }
            }
        };
        let status = finish(&mut child, self.timeout.saturating_sub(started.elapsed()));
        let at = |k: usize| {
            inputs.get(k).map_or(String::new(), |i| {
                format!("input {} ({})", first + k + 1, shown(i))
            })
        };
        let said = |why: String| {
            let last = lines
                .last()
                .map(|l| format!("; its last line was {}", shown(l)))
                .unwrap_or_else(|| "; it printed no line".to_string());
            let err = errors
                .join()
                .ok()
                .filter(|e| !e.trim().is_empty())
                .map(|e| format!("\nits standard error ended with:\n{}", e.trim_end()))
                .unwrap_or_default();
            Error::Peer(format!(
                "{} {why}, in the batch of inputs {} to {}: it printed {} lines for {} inputs, the first without its line being {}{last}{err}",
                self.shown(),
                first + 1,
                first + most,
                lines.len(),
                most,
                at(lines.len()),
            ))
        };
        if let Some(why) = failure {
            let _ = child.kill();
            let _ = child.wait();
            return Err(said(why));
        }
        match status {
            Some(s) if !s.success() => return Err(said(format!("failed ({s})"))),
            None => return Err(said(format!("did not exit within {:?}", self.timeout))),
            Some(_) => {}
        }
        if lines.len() != most {
            let why = if lines.len() > most {
                "printed too many lines".to_string()
            } else {
                "printed too few lines".to_string()
            };
            return Err(said(why));
        }
        lines
            .iter()
            .enumerate()
            .map(|(k, l)| {
                (self.decode)(l).map_err(|why| {
                    Error::Peer(format!(
                        "{}: line {} of its output, {}, for {}: {why}",
                        self.shown(),
                        k + 1,
                        shown(l),
                        at(k)
                    ))
                })
            })
            .collect()
    }

    fn shown(&self) -> String {
        shown_command(&self.program, &self.args)
    }
}

impl Peer for LineFilter {
    fn judge(&mut self, inputs: &[&str]) -> Result<Vec<Answer>, Error> {
        let mut out = Vec::with_capacity(inputs.len());
        for (k, chunk) in inputs.chunks(self.batch).enumerate() {
            out.extend(self.run(chunk, k * self.batch)?);
        }
        Ok(out)
    }
}

/// A program run once per input, the input its last argument: exit status
/// 0 accepts, any other rejects; death by a signal is the peer failing.
pub struct EachRun {
    program: OsString,
    args: Vec<OsString>,
    timeout: Duration,
    jobs: usize,
}

impl EachRun {
    /// `program` with `args`, each run given 10 seconds, as many at once as
    /// there are cores.
    ///
    /// ```
    /// use urlbnf::conform::{Answer, EachRun, Peer};
    /// let mut test = EachRun::new("test", ["-n"]);
    /// assert_eq!(test.judge(&["x", ""])?, [Answer::Accepts, Answer::Rejects]);
    /// # Ok::<(), urlbnf::Error>(())
    /// ```
    pub fn new<A: Into<OsString>>(
        program: impl Into<OsString>,
        args: impl IntoIterator<Item = A>,
    ) -> EachRun {
        EachRun {
            program: program.into(),
            args: args.into_iter().map(Into::into).collect(),
            timeout: Duration::from_secs(10),
            jobs: std::thread::available_parallelism().map_or(1, usize::from),
        }
    }

    /// How long one run may take.
    ///
    /// ```
    /// use std::time::Duration;
    /// use urlbnf::conform::{EachRun, Peer};
    /// let mut slow = EachRun::new("sleep", [] as [&str; 0]).timeout(Duration::from_millis(50));
    /// assert!(slow.judge(&["5"]).is_err());
    /// ```
    pub fn timeout(self, timeout: Duration) -> EachRun {
        EachRun { timeout, ..self }
    }

    fn one(&self, input: &str, k: usize) -> Result<Answer, Error> {
        let mut child = Command::new(&self.program)
            .args(&self.args)
            .arg(input)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| Error::Peer(format!("cannot run {}: {e}", self.shown())))?;
        let errors = tail_of(child.stderr.take());
        let status = finish(&mut child, self.timeout);
        let fail = |why: String| {
            let err = errors
                .join()
                .ok()
                .filter(|e| !e.trim().is_empty())
                .map(|e| format!("\nits standard error ended with:\n{}", e.trim_end()))
                .unwrap_or_default();
            Error::Peer(format!(
                "{} {why} on input {} ({}){err}",
                self.shown(),
                k + 1,
                shown(input)
            ))
        };
        match status {
            None => {
                let _ = child.kill();
                let _ = child.wait();
                Err(fail(format!("did not finish within {:?}", self.timeout)))
            }
            Some(s) if s.code().is_none() => Err(fail(format!("died ({s})"))),
            Some(s) if s.success() => Ok(Answer::Accepts),
            Some(_) => Ok(Answer::Rejects),
        }
    }

    fn shown(&self) -> String {
        shown_command(&self.program, &self.args)
    }
}

impl Peer for EachRun {
    fn judge(&mut self, inputs: &[&str]) -> Result<Vec<Answer>, Error> {
        let next = std::sync::atomic::AtomicUsize::new(0);
        let this = &*self;
        let results: Vec<Vec<(usize, Result<Answer, Error>)>> = std::thread::scope(|s| {
            let workers: Vec<_> = (0..this.jobs.max(1))
                .map(|_| {
                    s.spawn(|| {
                        let mut done = Vec::new();
                        loop {
                            let k = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                            let Some(input) = inputs.get(k) else { break };
                            let answer = this.one(input, k);
                            let failed = answer.is_err();
                            done.push((k, answer));
                            if failed {
                                // The others stop at their next input.
                                next.fetch_add(inputs.len(), std::sync::atomic::Ordering::Relaxed);
                                break;
                            }
                        }
                        done
                    })
                })
                .collect();
            workers.into_iter().filter_map(|w| w.join().ok()).collect()
        });
        let mut answers: Vec<Option<Answer>> = vec![None; inputs.len()];
        for (k, answer) in results.into_iter().flatten() {
            if let Some(slot) = answers.get_mut(k) {
                *slot = Some(answer?);
            }
        }
        answers
            .into_iter()
            .enumerate()
            .map(|(k, a)| a.ok_or_else(|| Error::Peer(format!("no answer for input {}", k + 1))))
            .collect()
    }
}

/// The command as it would be typed, for messages.
fn shown_command(program: &OsString, args: &[OsString]) -> String {
    let words: Vec<String> = std::iter::once(program)
        .chain(args)
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    format!("the peer ({})", words.join(" "))
}

/// A line or input quoted for a message, cut to [`SHOWN`] characters.
fn shown(s: &str) -> String {
    let cut: String = s.chars().take(SHOWN).collect();
    let more = if cut.len() < s.len() { "…" } else { "" };
    format!("{cut:?}{more}")
}

/// The child's exit status, waiting at most `timeout`; `None` when it is
/// still running then.
fn finish(child: &mut Child, timeout: Duration) -> Option<ExitStatus> {
    let started = Instant::now();
    let mut pause = Duration::from_micros(200);
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return Some(status),
            Ok(None) if started.elapsed() < timeout => {
                std::thread::sleep(pause);
                pause = (pause * 2).min(Duration::from_millis(20));
            }
            _ => return None,
        }
    }
}

/// Read a stream to its end on a thread, keeping its last bytes.
fn tail_of<R: Read + Send + 'static>(stream: Option<R>) -> std::thread::JoinHandle<String> {
    std::thread::spawn(move || {
        let mut kept: Vec<u8> = Vec::new();
        let mut buf = [0u8; 4096];
        if let Some(mut s) = stream {
            while let Ok(n) = s.read(&mut buf) {
                if n == 0 {
                    break;
                }
                kept.extend(buf.get(..n).unwrap_or_default());
                if kept.len() > 2 * STDERR_TAIL {
                    kept.drain(..kept.len() - STDERR_TAIL);
                }
            }
        }
        let from = kept.len().saturating_sub(STDERR_TAIL);
        String::from_utf8_lossy(kept.get(from..).unwrap_or_default()).into_owned()
    })
}

/// Send each line (without its line end) until `most` lines, the end, or
/// one longer than [`MAX_LINE`].
fn read_lines(mut reader: impl BufRead, most: usize, tx: &mpsc::Sender<Result<String, String>>) {
    let mut line: Vec<u8> = Vec::new();
    let mut count = 0;
    loop {
        let (used, done) = match reader.fill_buf() {
            Ok([]) => {
                if !line.is_empty() {
                    let _ = tx.send(Ok(String::from_utf8_lossy(&line).into_owned()));
                }
                return;
            }
            Ok(buf) => match memchr_nl(buf) {
                Some(i) => {
                    line.extend(buf.get(..i).unwrap_or_default());
                    (i + 1, true)
                }
                None => {
                    line.extend_from_slice(buf);
                    (buf.len(), false)
                }
            },
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => {
                let _ = tx.send(Err(format!("could not be read ({e})")));
                return;
            }
        };
        reader.consume(used);
        if line.len() > MAX_LINE {
            let _ = tx.send(Err(format!("printed a line longer than {MAX_LINE} bytes")));
            return;
        }
        if done {
            // The engine's one line-end rule: a "\r" before the "\n" goes.
            let kept = lines::before_newline(&line).len();
            line.truncate(kept);
            count += 1;
            if count > most {
                let _ = tx.send(Err("printed too many lines".to_string()));
                return;
            }
            if tx
                .send(Ok(String::from_utf8_lossy(&line).into_owned()))
                .is_err()
            {
                return;
            }
            line.clear();
        }
    }
}

fn memchr_nl(buf: &[u8]) -> Option<usize> {
    buf.iter().position(|&b| b == b'\n')
}
