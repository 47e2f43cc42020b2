//! The five components of a URI reference (RFC 3986 §3) as Appendix B's
//! expression splits any string, and their recomposition (§5.3): what
//! resolution (§5.2) and normalization (§6.2) work on.

/// The five components of §3 as RFC 3986 Appendix B's expression splits any
/// string: `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`. A
/// component is undefined (`None`) where its delimiter is absent (§5.2.1); the
/// path is always defined, possibly empty.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Parts<'a> {
    pub(crate) scheme: Option<&'a str>,
    pub(crate) authority: Option<&'a str>,
    pub(crate) path: &'a str,
    pub(crate) query: Option<&'a str>,
    pub(crate) fragment: Option<&'a str>,
}

/// Where Appendix B's expression puts each component of a string, as byte
/// offsets: what [`split`] cuts a `str` by and normalization a line of bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Cuts {
    /// The scheme's end (its ":" at this offset), where it has one.
    pub(crate) scheme: Option<usize>,
    /// The authority, after its "//".
    pub(crate) authority: Option<(usize, usize)>,
    /// The path (always defined, possibly empty).
    pub(crate) path: (usize, usize),
    /// The query, after its "?".
    pub(crate) query: Option<(usize, usize)>,
    /// The fragment's start, after its "#"; it runs to the end.
    pub(crate) fragment: Option<usize>,
}

/// RFC 3986 Appendix B's expression,
/// `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`, read left to
/// right in one pass: each group ends at the first delimiter it excludes.
pub(crate) fn cut(s: &[u8]) -> Cuts {
    // Where the group that starts at `from` ends: at the first byte it
    // excludes, one of `stops`.
    #[inline(always)]
    fn end_of<const N: usize>(s: &[u8], from: usize, stops: [u8; N]) -> usize {
        first(s, from, stops).unwrap_or(s.len())
    }
    let mut c = Cuts::default();
    let mut at = 0;
    if let Some(end) = scheme_end(s) {
        c.scheme = Some(end);
        at = end + 1;
    }
    if s.get(at..at + 2) == Some(b"//") {
        let end = end_of(s, at + 2, [b'/', b'?', b'#']);
        c.authority = Some((at + 2, end));
        at = end;
    }
    let end = end_of(s, at, [b'?', b'#']);
    c.path = (at, end);
    at = end;
    if s.get(at) == Some(&b'?') {
        let end = end_of(s, at + 1, [b'#']);
        c.query = Some((at + 1, end));
        at = end;
    }
    if s.get(at) == Some(&b'#') {
        c.fragment = Some(at + 1);
    }
    c
}

/// Where Appendix B's scheme ends (its ":"), where `s` has one: the first of
/// ":", "/", "?" and "#", if it is a ":" after at least one byte.
#[inline(always)]
pub(crate) fn scheme_end(s: &[u8]) -> Option<usize> {
    first(s, 0, [b':', b'/', b'?', b'#']).filter(|&end| end > 0 && s.get(end) == Some(&b':'))
}

/// The first byte of `s` at or after `from` that is one of `stops`. Eight
/// bytes are looked at together, so that a short component ends in one or
/// two looks, not a branch a byte.
#[inline(always)]
pub(crate) fn first<const N: usize>(s: &[u8], from: usize, stops: [u8; N]) -> Option<usize> {
    let mut at = from;
    while at < s.len() {
        let found = first_of(word(s, at), stops);
        if found < 8 {
            return Some(at + found).filter(|&i| i < s.len());
        }
        at += 8;
    }
    None
}

/// The eight bytes of `s` from `at`, the first in the lowest byte; past the
/// end, zero bytes (no delimiter is zero).
#[inline(always)]
fn word(s: &[u8], at: usize) -> u64 {
    let load = |from: usize| {
        s.get(from..from + 8)
            .and_then(|w| <[u8; 8]>::try_from(w).ok())
            .map(u64::from_le_bytes)
    };
    match load(at) {
        Some(w) => w,
        // The last eight bytes, shifted down to begin at `at`.
        None if at < s.len() && s.len() >= 8 => {
            load(s.len() - 8).map_or(0, |w| w >> (8 * (at + 8 - s.len())))
        }
        None => {
            let mut w = [0u8; 8];
            for (slot, &b) in w.iter_mut().zip(s.get(at..).unwrap_or_default()) {
                *slot = b;
            }
            u64::from_le_bytes(w)
        }
    }
}

/// The index of the first byte of `w` that is one of `stops`, 8 where none
/// is: a byte of `x` is zero where `(x - 0x01..) & !x & 0x80..` has its top
/// bit, exactly for the first such byte (a borrow only ever marks bytes
/// above a zero one).
#[inline(always)]
fn first_of<const N: usize>(w: u64, stops: [u8; N]) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let zero = |x: u64| x.wrapping_sub(ONES) & !x & (ONES << 7);
    let found = stops
        .iter()
        .fold(0, |m, &b| m | zero(w ^ (ONES * u64::from(b))));
    (found.trailing_zeros() / 8) as usize
}

/// RFC 3986 Appendix B.
pub(crate) fn split(s: &str) -> Parts<'_> {
    parts(s, cut(s.as_bytes()))
}

/// The components of `s` where [`cut`] of it put them.
pub(crate) fn parts(s: &str, c: Cuts) -> Parts<'_> {
    // Each delimiter is ASCII, so every offset is a character boundary.
    let part = |(from, to): (usize, usize)| s.get(from..to).unwrap_or("");
    Parts {
        scheme: c.scheme.map(|end| part((0, end))),
        authority: c.authority.map(part),
        path: part(c.path),
        query: c.query.map(part),
        fragment: c.fragment.map(|from| part((from, s.len()))),
    }
}

/// RFC 3986 §5.3, Component Recomposition, added to `out`.
pub(crate) fn recompose_into(p: &Parts<'_>, path: &str, out: &mut String) {
    let len = p.scheme.map_or(0, |s| s.len() + 1)
        + p.authority.map_or(0, |a| a.len() + 2)
        + path.len()
        + p.query.map_or(0, |q| q.len() + 1)
        + p.fragment.map_or(0, |f| f.len() + 1);
    out.reserve(len);
    if let Some(scheme) = p.scheme {
        out.push_str(scheme);
        out.push(':');
    }
    if let Some(authority) = p.authority {
        out.push_str("//");
        out.push_str(authority);
    }
    out.push_str(path);
    if let Some(query) = p.query {
        out.push('?');
        out.push_str(query);
    }
    if let Some(fragment) = p.fragment {
        out.push('#');
        out.push_str(fragment);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cut_is_appendix_b_expression() {
        // The expression as printed, run by regex-automata, on every string
        // of up to six of the delimiters and a letter.
        let printed = r"^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?";
        let re = regex_automata::meta::Regex::new(printed).unwrap();
        let group = |caps: &regex_automata::util::captures::Captures, i| {
            caps.get_group(i).map(|m| (m.start, m.end))
        };
        let alphabet = [':', '/', '?', '#', 'a'];
        // Longer strings too, mostly letters, so that components span
        // several words of eight bytes: drawn by a fixed sequence.
        let mut x = 1994u64;
        let mut next = move || {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (x >> 33) as usize
        };
        let longer: Vec<String> = (0..20_000)
            .map(|_| {
                let len = 7 + next() % 40;
                (0..len)
                    .map(|_| match next() % 16 {
                        d @ 0..4 => alphabet[d],
                        _ => 'a',
                    })
                    .collect()
            })
            .collect();
        for s in crate::testing::every_string(&alphabet, 6).chain(longer) {
            let mut caps = re.create_captures();
            re.captures(s.as_str(), &mut caps);
            let c = cut(s.as_bytes());
            assert_eq!(c.scheme, group(&caps, 2).map(|(_, end)| end), "{s:?}");
            assert_eq!(c.authority, group(&caps, 4), "{s:?}");
            assert_eq!(Some(c.path), group(&caps, 5), "{s:?}");
            assert_eq!(c.query, group(&caps, 7), "{s:?}");
            assert_eq!(c.fragment, group(&caps, 9).map(|(start, _)| start), "{s:?}");
        }
    }

    #[test]
    fn appendix_b_splits_any_string() {
        let p = split("http://www.ics.uci.edu/pub/ietf/uri/#Related");
        assert_eq!(p.scheme, Some("http"));
        assert_eq!(p.authority, Some("www.ics.uci.edu"));
        assert_eq!(p.path, "/pub/ietf/uri/");
        assert_eq!((p.query, p.fragment), (None, Some("Related")));
        let p = split("a/b:c?x#y?z");
        assert_eq!((p.scheme, p.path, p.query), (None, "a/b:c", Some("x")));
        assert_eq!(p.fragment, Some("y?z"));
        assert_eq!(split(":x").scheme, None);
        let p = split("s:p#f?q");
        assert_eq!((p.path, p.query, p.fragment), ("p", None, Some("f?q")));
        let mut out = String::new();
        recompose_into(&split("s://a?#"), "/p", &mut out);
        assert_eq!(out, "s://a/p?#");
    }
}
