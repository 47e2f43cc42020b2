//! URLs in plain text, found by their wrappers, as each edition's document
//! delimits them (its descriptor's `[extraction]`).
//!
//! RFC 1738, appendix: "the URL be preceded by the characters "URL:"" and "angle
//! brackets around the URL (e.g. <URL:...>)"; "Whitespace ... should be ignored when
//! extracting the URL"; after a hyphen at a line break "the hyphen may or may not
//! actually be part of the URL". draft-1994, "Wrappers for URIs in plain text":
//! angle brackets, with or without `URL:`. RFC 3986 Appendix C: "usually
//! within double-quotes `"http://example.com/"`, angle brackets
//! `<http://example.com/>`, or just by using whitespace"; "The whitespace
//! should be ignored when the URI is extracted"; the prefix "URL:" "is no
//! longer recommended" (it is still stripped where it comes).
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
    /// `"..."` around something that starts like a URL right after the
    /// opening quote (RFC 3986 Appendix C).
    DoubleQuotes,
}

/// The wrappers a reading of plain text takes as a URL's delimiters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Delimiters {
    /// `<...>`.
    pub angle_brackets: bool,
    /// The prefix `URL:` inside a wrapper, stripped.
    pub url_prefix: bool,
    /// `"..."`.
    pub double_quotes: bool,
}

impl Default for Delimiters {
    /// The wrappers of the documents of 1994 (draft-1994, RFC 1738): angle
    /// brackets, with or without `URL:`.
    fn default() -> Self {
        Delimiters {
            angle_brackets: true,
            url_prefix: true,
            double_quotes: false,
        }
    }
}

impl Delimiters {
    /// The wrappers the editions' documents name, together; where none of
    /// them names any (the July 1993 draft, RFC 1630), [`Delimiters::default`].
    ///
    /// ```
    /// use urlbnf::Edition;
    /// use urlbnf::extract::Delimiters;
    /// assert!(Delimiters::of(&[Edition::Rfc3986]).double_quotes);
    /// assert!(!Delimiters::of(&[Edition::Rfc1738]).double_quotes);
    /// assert_eq!(Delimiters::of(&[Edition::Draft1993]), Delimiters::default());
    /// ```
    pub fn of(editions: &[crate::Edition]) -> Delimiters {
        let named: Vec<&str> = editions
            .iter()
            .filter_map(|e| e.descriptor().extraction)
            .flat_map(|x| x.delimiters.iter().copied())
            .collect();
        if named.is_empty() {
            return Delimiters::default();
        }
        Delimiters {
            angle_brackets: named.contains(&"angle-brackets"),
            url_prefix: named.contains(&"url-prefix"),
            double_quotes: named.contains(&"double-quotes"),
        }
    }
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

/// The line breaks right after a hyphen in the wrapper's `content`: for the first
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
    extract_with(text, Delimiters::default())
}

/// Every URL in the text wrapped by one of `delimiters`, in order.
///
/// ```
/// use urlbnf::Edition;
/// use urlbnf::extract::{Delimiters, Wrapper, extract_with};
///
/// let text = "under \"http://www.w3.org/Addressing/\", or <ftp://foo.example.\n com/rfc/>";
/// let found = extract_with(text, Delimiters::of(&[Edition::Rfc3986]));
/// let urls: Vec<(&str, Wrapper)> = found.iter().map(|f| (f.url.as_str(), f.wrapper)).collect();
/// assert_eq!(urls, [
///     ("http://www.w3.org/Addressing/", Wrapper::DoubleQuotes),
///     ("ftp://foo.example.com/rfc/", Wrapper::AngleBrackets),
/// ]);
/// ```
pub fn extract_with(text: &str, delimiters: Delimiters) -> Vec<Found> {
    scan(text, (1, 1), delimiters, true).found
}

/// The URLs of a text read piece by piece: each piece's URLs as soon as their
/// wrappers close, with lines and columns counted over the whole text. Only
/// the text from a wrapper not yet closed on is kept between pieces.
#[derive(Clone, Debug, Default)]
pub struct Extractor {
    pending: String,
    at: Place,
    delimiters: Delimiters,
}

/// A line and a column, from 1.
#[derive(Clone, Copy, Debug)]
struct Place(usize, usize);

impl Default for Place {
    fn default() -> Self {
        Place(1, 1)
    }
}

impl Extractor {
    /// A reader of text that takes `delimiters` as wrappers.
    ///
    /// ```
    /// use urlbnf::Edition;
    /// use urlbnf::extract::{Delimiters, Extractor};
    /// let mut reader = Extractor::new(Delimiters::of(&[Edition::Rfc3986]));
    /// let found = reader.feed("under \"http://www.w3.org/Addressing/\",\n");
    /// assert_eq!(found.first().map(|f| f.url.as_str()), Some("http://www.w3.org/Addressing/"));
    /// ```
    pub fn new(delimiters: Delimiters) -> Extractor {
        Extractor {
            delimiters,
            ..Extractor::default()
        }
    }

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
        // Held text starts at a wrapper not yet closed: until something
        // that closes (or abandons) it comes, only the new text is searched
        // (linear time over any number of pieces).
        let waits = match self.pending.chars().next() {
            Some('<') => !text.contains(['<', '>']),
            Some('"') => {
                // The held text's last line with the break before it.
                let tail = self
                    .pending
                    .rfind('\n')
                    .and_then(|i| self.pending.get(i..))
                    .unwrap_or(&self.pending);
                !text.contains('"') && !blank_line(&format!("{tail}{text}"))
            }
            _ => false,
        };
        self.pending.push_str(text);
        if waits {
            return Vec::new();
        }
        let scanned = scan(
            &self.pending,
            (self.at.0, self.at.1),
            self.delimiters,
            false,
        );
        self.at = Place(scanned.line, scanned.column);
        let held = scanned.held.unwrap_or(self.pending.len());
        self.pending.drain(..held);
        scanned.found
    }

    /// At the end of the text: the URLs after a wrapper that never closed
    /// (a `"` opens none where no `"` follows it), as the whole text read
    /// at once gives them.
    ///
    /// ```
    /// use urlbnf::Edition;
    /// use urlbnf::extract::{Delimiters, Extractor};
    /// let mut reader = Extractor::new(Delimiters::of(&[Edition::Rfc3986]));
    /// assert!(reader.feed("a \"http://x and <http://y/>").is_empty());
    /// let found = reader.finish();
    /// assert_eq!(found.first().map(|f| f.url.as_str()), Some("http://y/"));
    /// ```
    pub fn finish(&mut self) -> Vec<Found> {
        let pending = std::mem::take(&mut self.pending);
        let scanned = scan(&pending, (self.at.0, self.at.1), self.delimiters, true);
        self.at = Place(scanned.line, scanned.column);
        scanned.found
    }

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
            .then_some((self.at.0, self.at.1))
    }
}

/// Whether `s` holds a blank line: two line breaks with only white space
/// between them. A quoted URL does not run past one (a paragraph's end).
fn blank_line(s: &str) -> bool {
    s.split('\n')
        .skip(1)
        .take(s.matches('\n').count().saturating_sub(1))
        .any(|l| l.trim().is_empty())
}

/// What a scan of a text found, where it ended, and where it stopped at a
/// wrapper the text does not yet close (a piece's text only).
struct Scanned {
    found: Vec<Found>,
    line: usize,
    column: usize,
    held: Option<usize>,
}

/// Where a wrapper opened at byte `i` of `text` with `open` closes: the
/// byte of its closing character; `Err(true)` where text yet to come
/// could close it, `Err(false)` where it is no wrapper.
fn closing(text: &str, i: usize, open: char) -> Result<usize, bool> {
    let body_start = i + open.len_utf8();
    let rest = text.get(body_start..).unwrap_or("");
    match open {
        // The content runs to the next '>' (a '<' opens another).
        '<' => match rest.find(['<', '>']) {
            Some(len) if rest.get(len..len + 1) == Some(">") => Ok(body_start + len),
            Some(_) => Err(false),
            None => Err(true),
        },
        // A URL starts right after the quote, and the content runs to the
        // next '"' within the paragraph.
        _ => {
            let word: String = rest
                .chars()
                .take_while(|c| !c.is_whitespace() && *c != '"')
                .collect();
            let complete = word.len() < rest.len();
            if !starts_like_url(&word) && (complete || word.contains(':') || !scheme_prefix(&word))
            {
                return Err(false);
            }
            match rest.find('"') {
                Some(len) if !blank_line(rest.get(..len).unwrap_or("")) => {
                    if starts_like_url(&word) {
                        Ok(body_start + len)
                    } else {
                        Err(false)
                    }
                }
                Some(_) => Err(false),
                None if blank_line(rest) => Err(false),
                None => Err(true),
            }
        }
    }
}

/// Whether `s` could still become a scheme's start (a letter, then letters,
/// digits, `+`, `-`, `.`).
fn scheme_prefix(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_none_or(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
}

/// The wrapped URLs of `text`, which starts at `(line, column)`; and the
/// line and column after it. A `complete` text is all there is; in a
/// piece, the scan stops at a wrapper the text does not yet close.
fn scan(
    text: &str,
    (mut line, mut column): (usize, usize),
    delimiters: Delimiters,
    complete: bool,
) -> Scanned {
    let mut found = Vec::new();
    let mut rest = text.char_indices().peekable();
    let step = |ch: char, line: &mut usize, column: &mut usize| {
        if ch == '\n' {
            *line += 1;
            *column = 1;
        } else {
            *column += 1;
        }
    };
    while let Some((i, c)) = rest.next() {
        let wraps = match c {
            '<' => delimiters.angle_brackets,
            '"' => delimiters.double_quotes,
            _ => false,
        };
        if !wraps {
            step(c, &mut line, &mut column);
            continue;
        }
        let body_end = match closing(text, i, c) {
            Ok(end) => end,
            Err(true) if !complete => {
                return Scanned {
                    found,
                    line,
                    column,
                    held: Some(i),
                };
            }
            Err(_) => {
                step(c, &mut line, &mut column);
                continue;
            }
        };
        let (start_line, start_column) = (line, column);
        column += 1;
        let body = text.get(i + 1..body_end).unwrap_or("");
        let joined: String = body.chars().filter(|c| !c.is_whitespace()).collect();
        let prefixed = delimiters.url_prefix
            && joined
                .get(..4)
                .is_some_and(|p| p.eq_ignore_ascii_case("url:"));
        let url = if prefixed {
            joined.get(4..).unwrap_or("").to_string()
        } else {
            joined
        };
        let wrapper = match (c, prefixed) {
            ('"', _) => Wrapper::DoubleQuotes,
            (_, true) => Wrapper::UrlPrefix,
            (_, false) => Wrapper::AngleBrackets,
        };
        if !starts_like_url(&url) {
            continue;
        }
        let content: &str = if prefixed {
            body.trim_start().get(4..).unwrap_or("")
        } else {
            body
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
            step(ch, &mut line, &mut column);
            if j >= body_end {
                break;
            }
        }
    }
    Scanned {
        found,
        line,
        column,
        held: None,
    }
}
