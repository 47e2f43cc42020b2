//! Renderers: typed results from the analyses, presented for people. Plain text
//! (the CLI, the snapshots, the README's generated sections) and the HTML book.

mod outline;
pub mod report;
pub mod text;

#[cfg(feature = "book")]
pub mod book;

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

/// Text with each control character shown as `·`, safe for a terminal.
pub fn visible(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_control() { '·' } else { c })
        .collect()
}
