//! Renderers: typed results from the analyses, presented for people. Plain text
//! (the CLI, the snapshots, the manual's generated sections) and the HTML book.

// The book alone (feature `book` without `cli`) uses only part of them.
#![cfg_attr(
    not(any(feature = "cli", feature = "internals")),
    allow(dead_code, unused_imports)
)]

pub mod conform;
mod outline;
pub mod report;
pub mod text;
mod whatwg;

#[cfg(feature = "book")]
pub mod book;
#[cfg(any(feature = "book", feature = "cli"))]
pub mod write;

/// Escape text for HTML.
pub fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// Whether a character must not reach a terminal as it is: C0 and C1
/// controls and DEL (escape sequences, hyperlinks, bells, backspaces) and the
/// bidirectional controls that reorder the text after them (U+061C, U+200E,
/// U+200F, U+202A-U+202E, U+2066-U+2069).
pub fn unsafe_on_terminal(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'
        )
}

/// Whether every byte is printable ASCII: such text is shown as it is. No
/// branch a byte: most lines are.
#[cfg(feature = "cli")]
pub(crate) fn printable_ascii(text: &[u8]) -> bool {
    !text
        .iter()
        .fold(false, |bad, &b| bad | !(0x20..0x7f).contains(&b))
}

/// Whether `text` has a character [`unsafe_on_terminal`]. Printable ASCII is
/// never unsafe and an ASCII control always is, so a run of 32 printable
/// ASCII bytes is passed at once, and only a character beyond ASCII is
/// decoded: a message with a "§" is not read a character at a time.
#[cfg(feature = "cli")]
pub(crate) fn has_unsafe(text: &str) -> bool {
    let bytes = text.as_bytes();
    let mut at = 0;
    while let Some(chunk) = bytes.get(at..).filter(|c| !c.is_empty()) {
        let chunk = chunk.get(..32).unwrap_or(chunk);
        // One check with no branch a byte: messages are long, and mostly
        // ASCII.
        if printable_ascii(chunk) {
            at += chunk.len();
            continue;
        }
        // Else each character of the run, to its end (a character that
        // crosses the end is read whole: `at` stays on a character's start).
        let end = at + chunk.len();
        while at < end {
            if bytes.get(at).is_some_and(|b| (0x20..0x7f).contains(b)) {
                at += 1;
                continue;
            }
            let Some(c) = text.get(at..).and_then(|t| t.chars().next()) else {
                return false;
            };
            if unsafe_on_terminal(c) {
                return true;
            }
            at += c.len_utf8();
        }
    }
    false
}

/// Text with each character [`unsafe_on_terminal`] shown as `·`, safe for a
/// terminal.
pub fn visible(s: &str) -> String {
    s.chars()
        .map(|c| if unsafe_on_terminal(c) { '·' } else { c })
        .collect()
}

/// [`visible`], keeping line breaks: for messages of several lines.
pub fn visible_lines(s: &str) -> String {
    s.split('\n').map(visible).collect::<Vec<_>>().join("\n")
}

/// Today's date (UTC), or the one `SOURCE_DATE_EPOCH` gives (reproducible
/// output), as `YYYY-MM-DD`.
pub fn today() -> String {
    let secs = std::env::var("SOURCE_DATE_EPOCH")
        .ok()
        .and_then(|s| s.parse::<i64>().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(0))
        });
    // Days since 1970-01-01 to a civil date (proleptic Gregorian).
    let z = secs.div_euclid(86_400) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

/// `1234567` as `1,234,567`.
pub fn count(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `part` of `whole` as a percentage with one decimal.
pub fn percent(part: u64, whole: u64) -> String {
    if whole == 0 {
        return "-".to_string();
    }
    format!("{:.1}%", part as f64 * 100.0 / whole as f64)
}

pub(crate) fn plural(n: u64, one: &str, many: &str) -> String {
    format!("{} {}", count(n), if n == 1 { one } else { many })
}

#[cfg(all(test, feature = "cli"))]
mod tests {
    use super::*;

    #[test]
    fn has_unsafe_is_any_character_unsafe_on_terminal() {
        let mut characters: Vec<char> = (0..0x3000).filter_map(char::from_u32).collect();
        characters.extend(['\u{FEFF}', '\u{10FFFF}', '§', 'é']);
        // Runs of 32 bytes: a character before, across and after a run's end.
        let (a30, a31, a40) = ("a".repeat(30), "a".repeat(31), "a".repeat(40));
        for &c in &characters {
            for text in [
                format!("{c}"),
                format!("a§{c}b"),
                format!("{c}\u{2067}"),
                format!("ab{c}"),
                format!("{a31}{c}b"),
                format!("{a30}§{c}"),
                format!("{a40}{c}"),
                format!("{c}{a40}"),
            ] {
                let expected = text.chars().any(unsafe_on_terminal);
                assert_eq!(has_unsafe(&text), expected, "{text:?}");
            }
        }
    }
}
