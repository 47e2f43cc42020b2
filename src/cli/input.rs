//! Where inputs come from: the arguments, or else the lines of standard input,
//! streamed. A line that is not UTF-8 is an input of its own, never skipped.

use std::io::BufRead;

use super::CliError;
use crate::analysis::check::CheckError;

/// One input: text, or a line that is not UTF-8 (shown lossily, with its error).
pub(crate) enum Input<'s> {
    Text(&'s str),
    NotUtf8 { shown: String, error: CheckError },
}

impl Input<'_> {
    pub(crate) fn shown(&self) -> &str {
        match self {
            Input::Text(s) => s,
            Input::NotUtf8 { shown, .. } => shown,
        }
    }
}

/// Feed each input to `f`: the arguments, or else each line of standard input,
/// streamed.
pub(crate) fn each_input(
    urls: &[String],
    stdin: &mut dyn BufRead,
    progress: bool,
    mut f: impl FnMut(&Input<'_>) -> Result<(), CliError>,
) -> Result<(), CliError> {
    if !urls.is_empty() {
        for u in urls {
            f(&Input::Text(u))?;
        }
        return Ok(());
    }
    let bar = if progress {
        let bar = indicatif::ProgressBar::new_spinner();
        let style =
            indicatif::ProgressStyle::with_template("{spinner} {human_pos} inputs, {elapsed}")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner());
        bar.set_style(style);
        bar
    } else {
        indicatif::ProgressBar::hidden()
    };
    let mut line = Vec::new();
    loop {
        line.clear();
        if stdin.read_until(b'\n', &mut line)? == 0 {
            bar.finish_and_clear();
            return Ok(());
        }
        bar.inc(1);
        if line.last() == Some(&b'\n') {
            line.pop();
            if line.last() == Some(&b'\r') {
                line.pop();
            }
        }
        match std::str::from_utf8(&line) {
            Ok(text) => f(&Input::Text(text))?,
            Err(e) => {
                let valid = line
                    .get(..e.valid_up_to())
                    .and_then(|p| std::str::from_utf8(p).ok())
                    .unwrap_or("");
                let offset = valid.chars().count();
                let error = CheckError {
                    offset,
                    byte_offset: e.valid_up_to(),
                    expected: Vec::new(),
                    message: format!(
                        "at offset {offset}: the input is not UTF-8 (invalid byte at byte {})",
                        e.valid_up_to()
                    ),
                };
                f(&Input::NotUtf8 {
                    shown: String::from_utf8_lossy(&line).into_owned(),
                    error,
                })?
            }
        }
    }
}
