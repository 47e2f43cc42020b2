//! An input's scheme, read from its first bytes (the text before its first
//! `:`, lowercased), and the order that decides which schemes a report
//! counts one by one.

use std::collections::HashSet;
use std::sync::OnceLock;

#[cfg(doc)]
use super::MAX_SCHEMES;
use super::{NO_SCHEME, NOT_A_SCHEME, OTHER_SCHEMES, SCHEME_BYTES};
use crate::edition::Edition;
use crate::knowledge::known;

/// A byte of a scheme name. RFC 1738 §2.1: lower case letters, digits, "+",
/// "." and "-" (upper case read as lower case).
pub(super) fn scheme_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'+' | b'.' | b'-')
}

/// [`scheme_of`] as [`packed`] makes it, for a scheme of at most 15 bytes
/// (almost every input): one pass over at most 16 bytes, no string made.
pub(super) fn packed_scheme(input: &str) -> Option<u128> {
    let mut key = [0u8; 16];
    for (i, &b) in input.as_bytes().iter().take(16).enumerate() {
        if b == b':' && i > 0 {
            key[15] = u8::try_from(i).ok()?;
            return Some(u128::from_le_bytes(key));
        }
        if !scheme_byte(b) {
            return None;
        }
        // The 16th byte is no `:`: a longer scheme, or none.
        *key.get_mut(i).filter(|_| i < 15)? = b.to_ascii_lowercase();
    }
    None
}

/// The scheme of an input: the text before its first `:`, lowercased. Read
/// in one pass over at most [`SCHEME_BYTES`] + 1 bytes; only an input with no
/// scheme is searched further, for a `:` at all.
pub(super) fn scheme_of<'b>(input: &str, buf: &'b mut [u8; SCHEME_BYTES]) -> &'b str {
    let ok = scheme_byte;
    let bytes = input.as_bytes();
    let mut len = 0;
    for (&b, out) in bytes.iter().zip(buf.iter_mut()) {
        if !ok(b) {
            break;
        }
        *out = b.to_ascii_lowercase();
        len += 1;
    }
    match bytes.get(len) {
        Some(b':') if len > 0 => buf
            .get(..len)
            .and_then(|name| std::str::from_utf8(name).ok())
            .unwrap_or(NOT_A_SCHEME),
        _ if bytes.get(len..).is_some_and(|rest| rest.contains(&b':')) => NOT_A_SCHEME,
        _ => NO_SCHEME,
    }
}

/// Whether a scheme count is one of the rows that are not a scheme.
pub(super) fn is_bucket(name: &str) -> bool {
    [NO_SCHEME, NOT_A_SCHEME, OTHER_SCHEMES].contains(&name)
}

/// Where a scheme stands in the order that decides which schemes are counted
/// one by one: those a printed grammar gives a rule of its own first, then
/// shorter before longer, then byte order.
pub(super) type KeepKey = (bool, usize, Box<str>);

/// The order of [`KeepKey`]. It depends on the name alone, so the kept
/// schemes are the same however a corpus is split or ordered: a scheme summed
/// under [`OTHER_SCHEMES`] in a part has [`MAX_SCHEMES`] schemes before it
/// there, and so in the whole.
pub(super) fn keep_order(scheme: &str) -> KeepKey {
    static KNOWN: OnceLock<HashSet<String>> = OnceLock::new();
    let known = KNOWN.get_or_init(|| {
        Edition::ALL
            .iter()
            .filter_map(|&e| known::catch_all(e))
            .flat_map(|c| c.schemes.iter().map(|k| k.scheme.to_ascii_lowercase()))
            .collect()
    });
    (!known.contains(scheme), scheme.len(), scheme.into())
}

/// A name of at most 15 bytes as a number: its bytes and its length.
pub(super) fn packed(name: &str) -> Option<u128> {
    let bytes = name.as_bytes();
    let mut key = [0u8; 16];
    key.get_mut(..bytes.len())
        .filter(|k| k.len() < 16)?
        .copy_from_slice(bytes);
    key[15] = u8::try_from(bytes.len()).ok()?;
    Some(u128::from_le_bytes(key))
}
