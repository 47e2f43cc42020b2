//! Escaping: bringing URLs to the same encoding level, and encoding unsafe text.
//!
//! RFC 1630, "Encoding reserved characters": "Before two URIs can be compared, it is
//! therefore necessary to bring them to the same encoding level. However, the
//! reserved characters ... have a quite different significance when encoded, and so
//! may NEVER be encoded and unencoded in this way." RFC 1738 §2.2: octets must be
//! encoded if they have no graphic US-ASCII character, are unsafe, or are reserved.

use crate::edition::Edition;
use crate::error::{CheckError, Expected, FOUND_END, found_at};
use crate::grammar::{CharSet, PrintedGrammar};

fn set(chars: &str) -> CharSet {
    CharSet::of(chars)
}

fn class(edition: Edition, rule: &str) -> CharSet {
    PrintedGrammar::of(edition).class_of(rule)
}

/// One piece of URL text, as the `%XX` convention reads it (RFC 1738 §2.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Piece {
    /// A character that stands for itself.
    Char(char),
    /// `%XX`: the octet it encodes (three characters of text).
    Escape(u8),
    /// A `%` not followed by two hexadecimal digits; reading goes on after it.
    Malformed,
}

/// The one `%XX` scanner: each piece of the text with its byte offset.
pub(crate) fn pieces(text: &str) -> impl Iterator<Item = (usize, Piece)> + '_ {
    let mut chars = text.char_indices();
    std::iter::from_fn(move || {
        let (i, c) = chars.next()?;
        if c != '%' {
            return Some((i, Piece::Char(c)));
        }
        let hex = text
            .get(i + 1..i + 3)
            .filter(|h| h.bytes().all(|b| b.is_ascii_hexdigit()))
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        Some(match hex {
            Some(byte) => {
                chars.nth(1);
                (i, Piece::Escape(byte))
            }
            None => (i, Piece::Malformed),
        })
    })
}

/// Characters each edition reserves: its `reserved` rule where it prints one, and
/// the characters its prose gives a meaning (RFC 1630, "Reserved characters": `/`,
/// `#`, `?`, `+` in queries, `*` and `!` for schemes; draft-1993, "Partial form":
/// `/`, with `#` and `?` as delimiters of its syntax).
///
/// ```
/// use urlbnf::{Edition, encoding};
/// assert!(encoding::reserved(Edition::Rfc1738).contains(b';'));
/// assert!(!encoding::reserved(Edition::Rfc1738).contains(b'a'));
/// ```
pub fn reserved(edition: Edition) -> CharSet {
    match edition {
        Edition::Draft1993 => set("/#?+"),
        Edition::Draft1994 => class(edition, "reserved") | set("+"),
        Edition::Rfc1630Uri | Edition::Rfc1630Url => class(edition, "reserved") | set("/#?+*!"),
        Edition::Rfc1738 | Edition::Rfc2396 | Edition::Rfc3986 => class(edition, "reserved"),
    }
}

/// Characters an escape may be decoded to: those the edition allows unencoded
/// (`xalpha`'s characters, or RFC 1738's `unreserved`) that it does not reserve.
///
/// ```
/// use urlbnf::{Edition, encoding};
/// assert!(encoding::decodable(Edition::Rfc1738).contains(b'a'));
/// assert!(!encoding::decodable(Edition::Rfc1738).contains(b'/'));
/// ```
pub fn decodable(edition: Edition) -> CharSet {
    let allowed = match edition {
        Edition::Rfc1738 | Edition::Rfc2396 | Edition::Rfc3986 => class(edition, "unreserved"),
        _ => {
            class(edition, "alpha")
                | class(edition, "digit")
                | class(edition, "safe")
                | class(edition, "extra")
        }
    };
    allowed & !reserved(edition) & !set("%")
}

/// RFC 1738 §2.2: characters that are unsafe (they must always be encoded).
///
/// ```
/// use urlbnf::encoding;
/// assert!(encoding::unsafe_chars().contains(b'~'));
/// assert!(!encoding::unsafe_chars().contains(b'a'));
/// ```
pub fn unsafe_chars() -> CharSet {
    set(" <>\"#%{}|\\^~[]`")
}

/// The error for a `%` at byte `at` (character `offset`) not followed by two
/// hexadecimal digits: where the escape goes wrong, as [`crate::Checker`]
/// says where an input does.
fn illegal_escape(url: &str, at: usize, offset: usize) -> CheckError {
    let after = url.get(at + 1..).unwrap_or("");
    // The first of the two that is not a hexadecimal digit.
    let good = after
        .bytes()
        .take(2)
        .take_while(u8::is_ascii_hexdigit)
        .count();
    let found = found_at(after, good);
    let shown = if found == FOUND_END {
        found.clone()
    } else {
        format!("{found:?}")
    };
    CheckError {
        offset: offset + 1 + good,
        byte_offset: at + 1 + good,
        expected: vec![Expected::Class("hex".to_string())],
        message: format!(
            "expected hex: \"%\" begins an escape of two hexadecimal digits; found {shown}"
        ),
        found,
    }
}

/// The URL at the edition's canonical encoding level: each escape of a decodable
/// character decoded, every other escape kept with upper-case hexadecimal.
///
/// ```
/// use urlbnf::{Edition, encoding};
/// assert_eq!(encoding::canonical(Edition::Rfc1738, "http://h/%7e%41"), Ok("http://h/%7EA".to_string()));
/// ```
pub fn canonical(edition: Edition, url: &str) -> Result<String, Vec<CheckError>> {
    let ok = decodable(edition);
    let mut out = String::with_capacity(url.len());
    let mut errors = Vec::new();
    // Offsets in this report count characters.
    let mut offset = 0;
    for (i, piece) in pieces(url) {
        match piece {
            Piece::Char(c) => {
                out.push(c);
                offset += 1;
            }
            Piece::Escape(byte) => {
                if ok.contains(byte) {
                    out.push(char::from(byte));
                } else {
                    out.push_str(&format!("%{byte:02X}"));
                }
                offset += 3;
            }
            Piece::Malformed => {
                errors.push(illegal_escape(url, i, offset));
                out.push('%');
                offset += 1;
            }
        }
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}

/// Encode text for use in a URL of the edition: every octet the edition does not
/// allow unencoded, and every RFC 1738 §2.2 unsafe character (space, `<>"#%{}|\^~[]`
/// and backquote), controls, and octets 80-FF (non-ASCII text as its UTF-8
/// octets), become `%XX`. Reserved characters are kept: they carry meaning.
///
/// ```
/// use urlbnf::{Edition, encoding};
///
/// assert_eq!(encoding::encode(Edition::Rfc1738, "a b<c>/é"), "a%20b%3Cc%3E/%C3%A9");
/// ```
pub fn encode(edition: Edition, text: &str) -> String {
    encode_bytes(edition, text.as_bytes())
}

/// [`encode`] for octets that need not be UTF-8: each octet that is not kept
/// becomes its own `%XX` (RFC 1738 §2.2 encodes octets, not characters).
///
/// ```
/// use urlbnf::{Edition, encoding};
/// assert_eq!(encoding::encode_bytes(Edition::Rfc1738, b"a b\xff"), "a%20b%FF");
/// ```
pub fn encode_bytes(edition: Edition, bytes: &[u8]) -> String {
    let keep = (decodable(edition) | reserved(edition)) & !unsafe_chars();
    let mut out = String::with_capacity(bytes.len());
    for &b in bytes {
        if keep.contains(b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}
