//! Escaping: bringing URLs to the same encoding level, and encoding text by
//! each edition's own character sets ([`crate::meaning`] says which).
//!
//! RFC 1630, "Encoding reserved characters": "Before two URIs can be compared, it is
//! therefore necessary to bring them to the same encoding level. However, the
//! reserved characters ... have a quite different significance when encoded, and so
//! may NEVER be encoded and unencoded in this way." RFC 1738 §2.2: octets must be
//! encoded if they have no graphic US-ASCII character, are unsafe, or are reserved.

use crate::edition::Edition;
use crate::engine::automaton::automaton;
use crate::error::{CheckError, Expected, FOUND_END, found_at};
use crate::grammar::{CharSet, PrintedGrammar};
use crate::knowledge::meaning::{Component, meaning};

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

/// Characters each edition reserves (its descriptor's `reserved_rules`, `reserved_chars`): its
/// `reserved` rule where it prints one, and the characters its prose gives a meaning (RFC 1630, "Reserved characters": `/`,
/// `#`, `?`, `+` in queries, `*` and `!` for schemes; draft-1993, "Partial form":
/// `/`, with `#` and `?` as delimiters of its syntax).
///
/// ```
/// use urlbnf::{Edition, encoding};
/// assert!(encoding::reserved(Edition::Rfc1738).contains(b';'));
/// assert!(!encoding::reserved(Edition::Rfc1738).contains(b'a'));
/// assert!(encoding::reserved(Edition::Rfc3986).contains(b'['));
/// ```
pub fn reserved(edition: Edition) -> CharSet {
    let d = edition.descriptor();
    d.reserved_rules
        .iter()
        .fold(set(d.reserved_chars), |all, rule| {
            all | class(edition, rule)
        })
}

/// Characters an escape may be decoded to: those the edition allows unencoded
/// (its descriptor's `unreserved_rules`: `xalpha`'s characters, or
/// `unreserved`) that it does not reserve.
///
/// ```
/// use urlbnf::{Edition, encoding};
/// assert!(encoding::decodable(Edition::Rfc1738).contains(b'a'));
/// assert!(!encoding::decodable(Edition::Rfc1738).contains(b'/'));
/// assert!(encoding::decodable(Edition::Rfc3986).contains(b'~'));
/// ```
pub fn decodable(edition: Edition) -> CharSet {
    let allowed = edition
        .descriptor()
        .unreserved_rules
        .iter()
        .fold(set(""), |all, rule| all | class(edition, rule));
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
        fix: None,
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

/// Encode text for use in a URL of the edition: every octet outside what is
/// kept becomes `%XX` (non-ASCII text as its UTF-8 octets, RFC 3986 §2.5), `%`
/// always. Left as they are: from RFC 2396 on, the edition's unreserved and reserved
/// characters (never an escape of an unreserved one: RFC 3986 §2.3 "should
/// not be created by URI producers"); before it, the characters the edition
/// allows unencoded and its reserved ones, less RFC 1738 §2.2's unsafe
/// characters (space, `<>"#%{}|\^~[]` and backquote). Reserved characters are
/// kept because they carry meaning: text holding one as data wants
/// [`encode_component`] or [`encode_data`].
///
/// ```
/// use urlbnf::{Edition, encoding};
///
/// assert_eq!(encoding::encode(Edition::Rfc1738, "a b<c>/é"), "a%20b%3Cc%3E/%C3%A9");
/// assert_eq!(encoding::encode(Edition::Rfc3986, "~a b[]#"), "~a%20b[]#");
/// ```
pub fn encode(edition: Edition, text: &str) -> String {
    encode_bytes(edition, text.as_bytes())
}

/// What [`encode_bytes`] keeps for `edition`.
fn kept(edition: Edition) -> CharSet {
    let m = meaning(edition);
    let keep = decodable(edition) | reserved(edition);
    if m.encode_unsafe {
        keep & !unsafe_chars()
    } else {
        keep & !set("%")
    }
}

/// Every octet not in `keep` as `%XX`.
fn escape(bytes: &[u8], keep: CharSet) -> String {
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

/// [`encode`] for octets that need not be UTF-8: each octet that is not kept
/// becomes its own `%XX` (RFC 1738 §2.2 encodes octets, not characters).
///
/// ```
/// use urlbnf::{Edition, encoding};
/// assert_eq!(encoding::encode_bytes(Edition::Rfc1738, b"a b\xff"), "a%20b%FF");
/// ```
pub fn encode_bytes(edition: Edition, bytes: &[u8]) -> String {
    escape(bytes, kept(edition))
}

/// The characters a component allows unencoded, `%` aside: every character
/// that some string of the component's rule holds (RFC 3986 `segment`,
/// `path-abempty`, `query`, `fragment`, `userinfo`, `reg-name`; RFC 2396's
/// alike), read from the rule's automaton, not written out by hand. `None`
/// for an edition with no such rules (the early ones).
///
/// ```
/// use urlbnf::{Edition, encoding, meaning::Component};
/// let query = encoding::component_set(Edition::Rfc3986, Component::Query).unwrap();
/// assert!(query.contains(b'/') && query.contains(b'?') && !query.contains(b'#'));
/// let segment = encoding::component_set(Edition::Rfc3986, Component::Segment).unwrap();
/// assert!(segment.contains(b':') && !segment.contains(b'/'));
/// assert!(encoding::component_set(Edition::Rfc1738, Component::Query).is_none());
/// ```
pub fn component_set(edition: Edition, component: Component) -> Option<CharSet> {
    let rule = meaning(edition).component_rule(component)?;
    let dfa = automaton(edition, rule).ok()?;
    // Every byte on a transition between live states, from the start.
    let mut seen = vec![dfa.start()];
    let mut todo = vec![dfa.start()];
    let mut set = CharSet::EMPTY;
    while let Some(state) = todo.pop() {
        let live = dfa.live_bytes(state);
        set |= live;
        for b in live.iter() {
            let next = dfa.step(state, b);
            if !seen.contains(&next) {
                seen.push(next);
                todo.push(next);
            }
        }
    }
    Some(set & !self::set("%"))
}

/// Encode text as one component of a URI of `edition` (RFC 3986 §2.1: an
/// octet "outside the allowed set" of the component is percent-encoded):
/// the output is derived by the component's rule (a path once it begins
/// with `/`), and every unreserved
/// character stays. A reserved character the component allows (a sub-delim,
/// `:` or `@` in a segment; `/` and `?` in a query) stays too: where it is
/// data that would be read as a delimiter, [`encode_data`] encodes it (§2.2).
/// An edition without component rules is an error.
///
/// ```
/// use urlbnf::{Edition, encoding, meaning::Component};
/// assert_eq!(encoding::encode_component(Edition::Rfc3986, Component::Segment, b"a/b c~").unwrap(), "a%2Fb%20c~");
/// assert_eq!(encoding::encode_component(Edition::Rfc3986, Component::Query, b"q=a/b?#").unwrap(), "q=a/b?%23");
/// ```
pub fn encode_component(
    edition: Edition,
    component: Component,
    bytes: &[u8],
) -> Result<String, String> {
    let keep = component_set(edition, component).ok_or_else(|| {
        format!(
            "{edition} has no rule per component: --component needs rfc3986 or rfc2396 (their \
             segment, path, query, fragment, userinfo and registered-name rules)"
        )
    })?;
    Ok(escape(bytes, keep))
}

/// Encode text as data that no delimiter may be read in: every octet but the
/// edition's unreserved characters becomes `%XX` (RFC 3986 §2.2: "URI
/// producing applications should percent-encode data octets that correspond to
/// characters in the reserved set unless these characters are specifically
/// allowed by the URI scheme to represent data in that component"). Under
/// rfc2396 this is what JavaScript's `encodeURIComponent` keeps.
///
/// ```
/// use urlbnf::{Edition, encoding};
/// assert_eq!(encoding::encode_data(Edition::Rfc3986, b"a&b=c!~"), "a%26b%3Dc%21~");
/// assert_eq!(encoding::encode_data(Edition::Rfc2396, b"a&b=c!~"), "a%26b%3Dc!~");
/// ```
pub fn encode_data(edition: Edition, bytes: &[u8]) -> String {
    escape(bytes, decodable(edition))
}
