//! URLs in plain text, found by their wrappers.
//!
//! RFC 1738, appendix: "the URL be preceded by the characters "URL:"" and "angle
//! brackets around the URL (e.g. <URL:...>)"; "Whitespace ... should be ignored when
//! extracting the URL"; after a hyphen at a line break "the hyphen may or may not
//! actually be part of the URL". draft-1994, "Wrappers for URIs in plain text":
//! angle brackets, with or without `URL:`.

use serde::Serialize;

/// Readings without a hyphen kept per URL: each is a copy of the URL, so a URL
/// broken after many hyphens keeps the first ones and counts the rest.
pub const HYPHEN_READINGS: usize = 8;

/// How a URL was wrapped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum Wrapper {
    /// `<URL:...>`
    UrlPrefix,
    /// `<...>` around something that starts like a URL (`scheme:`).
    AngleBrackets,
}

/// One URL found in text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Found {
    /// The URL, with the whitespace of line breaks and indentation removed.
    pub url: String,
    /// Line and column (from 1, in characters) of the opening `<`.
    pub line: usize,
    /// Column (in characters, from 1) where the URL starts.
    pub column: usize,
    /// How it was wrapped.
    pub wrapper: Wrapper,
    /// Where a line break follows a hyphen: the reading without that hyphen
    /// (RFC 1738: "the hyphen may or may not actually be part of the URL"),
    /// for the first [`HYPHEN_READINGS`] such breaks.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub without_hyphen: Vec<String>,
    /// How many line breaks follow a hyphen (readings beyond the first
    /// [`HYPHEN_READINGS`] are counted, not kept).
    pub hyphen_breaks: usize,
}

/// Whether `s` starts like an absolute URL: a scheme (a letter, then letters,
/// digits, `+`, `-`, `.`) and a colon.
fn starts_like_url(s: &str) -> bool {
    let Some(colon) = s.find(':') else {
        return false;
    };
    let scheme = s.get(..colon).unwrap_or("");
    let mut chars = scheme.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
}

/// Line breaks right after a hyphen in the wrapper's `content`: for the first
/// [`HYPHEN_READINGS`], the URL read without that hyphen (it may have been
/// added by the line break); and how many there are.
fn hyphen_readings(content: &str, url: &str) -> (Vec<String>, usize) {
    let mut without_hyphen = Vec::new();
    let mut breaks = 0;
    let mut prefix_len = 0; // characters of the URL before the current point
    let mut after_hyphen = false;
    let mut at_break = false;
    for ch in content.chars() {
        if ch == '\n' && after_hyphen {
            at_break = true;
        }
        if ch.is_whitespace() {
            continue;
        }
        if at_break && prefix_len > 0 {
            breaks += 1;
            if breaks <= HYPHEN_READINGS {
                // The hyphen is the URL's character before this one.
                let at = url.char_indices().nth(prefix_len - 1);
                if let Some((i, '-')) = at {
                    let mut alt = url.to_string();
                    alt.remove(i);
                    without_hyphen.push(alt);
                }
            }
        }
        at_break = false;
        after_hyphen = ch == '-';
        prefix_len += 1;
    }
    (without_hyphen, breaks)
}

/// Every wrapped URL in the text, in order.
///
/// ```
/// use urlbnf::extract::extract;
///
/// let found = extract("see <URL:ftp://ds.internic.net/rfc/rfc1738.txt> and <news:comp.infosystems.www>");
/// let urls: Vec<&str> = found.iter().map(|f| f.url.as_str()).collect();
/// assert_eq!(urls, ["ftp://ds.internic.net/rfc/rfc1738.txt", "news:comp.infosystems.www"]);
/// ```
pub fn extract(text: &str) -> Vec<Found> {
    scan(text, 1, 1).0
}

/// The URLs of a text read piece by piece: each piece's URLs as soon as their
/// wrappers close, with lines and columns counted over the whole text. Only
/// the text from an unclosed `<` on is kept between pieces.
#[derive(Clone, Debug)]
pub struct Extractor {
    pending: String,
    line: usize,
    column: usize,
}

impl Default for Extractor {
    fn default() -> Self {
        Extractor {
            pending: String::new(),
            line: 1,
            column: 1,
        }
    }
}

impl Extractor {
    /// Read the next piece of text; the URLs whose wrappers it closes.
    ///
    /// ```
    /// use urlbnf::extract::Extractor;
    /// let mut reader = Extractor::default();
    /// assert!(reader.feed("see <URL:http://info.cern").is_empty());
    /// let found = reader.feed(".ch/> today");
    /// assert_eq!(found.first().map(|f| (f.url.as_str(), f.column)), Some(("http://info.cern.ch/", 5)));
    /// ```
    pub fn feed(&mut self, text: &str) -> Vec<Found> {
        // Held text starts at an unclosed `<`; until a `<` or `>` comes, only
        // the new text is searched (linear time over any number of pieces).
        if self.pending.starts_with('<') && !text.contains(['<', '>']) {
            self.pending.push_str(text);
            return Vec::new();
        }
        self.pending.push_str(text);
        // A wrapper's content runs to the next `<` or `>`: text before the
        // last `<` is settled; so is all of it once that `<` is closed.
        let cut = match self.pending.rfind('<') {
            Some(i)
                if !self
                    .pending
                    .get(i + 1..)
                    .is_some_and(|t| t.contains(['<', '>'])) =>
            {
                i
            }
            _ => self.pending.len(),
        };
        let (found, line, column) = scan(
            self.pending.get(..cut).unwrap_or_default(),
            self.line,
            self.column,
        );
        (self.line, self.column) = (line, column);
        self.pending.drain(..cut);
        found
    }
}

impl Extractor {
    /// At the end of the text: where a `<URL:` wrapper was opened and never
    /// closed (line, column), if one was. Its text is read as no URL, so a
    /// reader should be told.
    ///
    /// ```
    /// use urlbnf::extract::Extractor;
    /// let mut reader = Extractor::default();
    /// assert!(reader.feed("see <URL:http://info.cern.ch/ and more").is_empty());
    /// assert_eq!(reader.unclosed(), Some((1, 5)));
    /// ```
    pub fn unclosed(&self) -> Option<(usize, usize)> {
        let opened: String = self
            .pending
            .strip_prefix('<')?
            .chars()
            .filter(|c| !c.is_whitespace())
            .take(4)
            .collect();
        opened
            .eq_ignore_ascii_case("url:")
            .then_some((self.line, self.column))
    }
}

/// The wrapped URLs of `text`, which starts at `line` and `column`; and the
/// line and column after it.
fn scan(text: &str, mut line: usize, mut column: usize) -> (Vec<Found>, usize, usize) {
    let mut found = Vec::new();
    let mut rest = text.char_indices().peekable();
    while let Some((i, c)) = rest.next() {
        if c != '<' {
            if c == '\n' {
                line += 1;
                column = 1;
            } else {
                column += 1;
            }
            continue;
        }
        let (start_line, start_column) = (line, column);
        column += 1;
        // The wrapper's content runs to the next '>' (or '<', which opens another).
        let body_start = i + 1;
        let Some(len) = text.get(body_start..).and_then(|t| t.find(['<', '>'])) else {
            continue;
        };
        let body_end = body_start + len;
        if text.get(body_end..body_end + 1) != Some(">") {
            continue;
        }
        let body = text.get(body_start..body_end).unwrap_or("");
        let joined: String = body.chars().filter(|c| !c.is_whitespace()).collect();
        let (wrapper, url) = match joined.get(..4) {
            Some(p) if p.eq_ignore_ascii_case("url:") => (
                Wrapper::UrlPrefix,
                joined.get(4..).unwrap_or("").to_string(),
            ),
            _ => (Wrapper::AngleBrackets, joined),
        };
        if !starts_like_url(&url) {
            continue;
        }
        let content: &str = match wrapper {
            Wrapper::UrlPrefix => body.trim_start().get(4..).unwrap_or(""),
            Wrapper::AngleBrackets => body,
        };
        let (without_hyphen, hyphen_breaks) = hyphen_readings(content, &url);
        found.push(Found {
            url,
            line: start_line,
            column: start_column,
            wrapper,
            without_hyphen,
            hyphen_breaks,
        });
        // Continue after the wrapper, keeping line and column right.
        for (j, ch) in rest.by_ref() {
            if ch == '\n' {
                line += 1;
                column = 1;
            } else {
                column += 1;
            }
            if j >= body_end {
                break;
            }
        }
    }
    (found, line, column)
}
