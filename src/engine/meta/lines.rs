//! The one line-end rule: how a piece of text is split into inputs, by
//! every command that reads lines, the front door's walks of lines and the
//! Python package alike. A `\n` ends a line, and a `\r` before it is not
//! part of the line; a final `\n` adds no line, and a last line with none is
//! a line (its `\r`, if any, kept). The walks of lines that read a piece
//! whole ([`Table`](super::Table)'s line walk, the product of records) hold
//! the same rule as states; the tests of the door hold them to this.

use std::ops::Range;

/// Each line of `text`, in order, as its range (line end excluded):
/// `a\r\nb\n\nc\r` is the lines `a`, `b`, an empty one and `c\r`.
#[cfg_attr(not(any(feature = "cli", feature = "internals")), allow(dead_code))]
pub fn each(text: &[u8]) -> impl Iterator<Item = Range<usize>> + '_ {
    each_ended(text).map(|(line, _)| line)
}

/// [`each`] with where each line ends: the offset of its `\n`, or the
/// text's end for a last line with none.
pub fn each_ended(text: &[u8]) -> impl Iterator<Item = (Range<usize>, usize)> + '_ {
    let last = (!text.is_empty() && !text.ends_with(b"\n")).then_some(text.len());
    let mut start = 0;
    memchr::memchr_iter(b'\n', text)
        .chain(last)
        .map(move |end| {
            let line = ending_at(text, start, end);
            start = end + 1;
            (line, end)
        })
}

/// The line of `text` that starts at `start` and ends at `end`: the offset
/// of its `\n`, whose `\r` before it (if any) is not part of the line, or
/// the text's end for a last line with none.
pub fn ending_at(text: &[u8], start: usize, end: usize) -> Range<usize> {
    match (text.get(end), text.get(start..end)) {
        (Some(b'\n'), Some(line)) => start..start + before_newline(line).len(),
        _ => start..end,
    }
}

/// A line that a `\n` ends (the line before it): without its `\r`, if any.
pub fn before_newline(line: &[u8]) -> &[u8] {
    line.strip_suffix(b"\r").unwrap_or(line)
}

/// A line as read, with its line end (a `\n`) if it has one: the line
/// without it.
pub fn without_end(line: &[u8]) -> &[u8] {
    match line.strip_suffix(b"\n") {
        Some(line) => before_newline(line),
        None => line,
    }
}

/// How many lines `text` has.
pub fn count(text: &[u8]) -> usize {
    let ends = memchr::memchr_iter(b'\n', text).count();
    ends + usize::from(!text.is_empty() && !text.ends_with(b"\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_split_by_the_rule() {
        // Every text of up to six of these: the lines are the pieces
        // between "\n"s, each without a "\r" before its "\n", a final "\n"
        // adding none; the count is theirs; and a line's range read back
        // from its end is the line.
        for text in crate::testing::every(b"a\r\n", 6) {
            let mut want: Vec<Vec<u8>> = Vec::new();
            let body = text.strip_suffix(b"\n").unwrap_or(&text);
            if !text.is_empty() {
                let parts: Vec<&[u8]> = body.split(|&b| b == b'\n').collect();
                let last = parts.len() - 1;
                for (i, part) in parts.into_iter().enumerate() {
                    let ended = i < last || text.ends_with(b"\n");
                    let part = match ended {
                        true => part.strip_suffix(b"\r").unwrap_or(part),
                        false => part,
                    };
                    want.push(part.to_vec());
                }
            }
            let got: Vec<Vec<u8>> = each(&text).map(|r| text[r].to_vec()).collect();
            assert_eq!(got, want, "{text:?}");
            assert_eq!(count(&text), want.len(), "{text:?}");
        }
    }
}
