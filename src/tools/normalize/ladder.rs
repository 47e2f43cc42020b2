//! RFC 3986 §6.2's ladder on the bytes of one URI: each component cut once
//! (Appendix B) and written once, in case (§6.2.2.1), percent-encoding
//! (§6.2.2.2), path segment (§6.2.2.3) and scheme-based (§6.2.3) form.

use std::borrow::Cow;

use crate::knowledge::meaning::default_port;
use crate::tools::resolve::Note;
use crate::tools::resolve::components::{Cuts, cut, first};
use crate::tools::resolve::rfc3986::{
    encoded_dot_segment, has_dot_segment, remove_dot_segments, rootless_dots,
};

/// RFC 2234 §6.1 `HEXDIG`'s value.
pub(super) fn hex(b: u8) -> Option<u8> {
    char::from(b)
        .to_digit(16)
        .and_then(|d| u8::try_from(d).ok())
}

/// A hexadecimal digit in upper case, as §6.2.2.1 writes percent-encodings.
pub(super) fn upper_hex(d: u8) -> u8 {
    b"0123456789ABCDEF"
        .get(usize::from(d))
        .copied()
        .unwrap_or(b'0')
}

/// RFC 3986 §2.3: `unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"`.
pub(super) fn unreserved(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~')
}

/// §6.2.2.1 and §6.2.2.2 on one component: each percent-encoding of an
/// unreserved character decoded, every other one in upper case; with
/// `lower`, the other letters in lower case (a host, §6.2.2.1). A byte of a
/// character beyond ASCII is copied as it is (lowering touches only ASCII).
fn percent(component: &[u8], lower: bool, out: &mut Vec<u8>) {
    let case = |b: u8| if lower { b.to_ascii_lowercase() } else { b };
    // The text between escapes copied whole; each escape found eight bytes
    // at a time.
    let mut from = 0;
    while let Some(at) = first(component, from, [b'%']) {
        copy(component.get(from..at).unwrap_or_default(), lower, out);
        let digit = |i: usize| component.get(at + i).copied().and_then(hex);
        from = match digit(1).zip(digit(2)) {
            Some((hi, lo)) if unreserved(hi * 16 + lo) => {
                out.push(case(hi * 16 + lo));
                at + 3
            }
            Some((hi, lo)) => {
                out.extend_from_slice(&[b'%', upper_hex(hi), upper_hex(lo)]);
                at + 3
            }
            // A "%" that begins no escape (none in a URI) is copied.
            None => {
                out.push(b'%');
                at + 1
            }
        };
    }
    copy(component.get(from..).unwrap_or_default(), lower, out);
}

/// A component without percent-encodings, added to `out`; with `lower`, in
/// lower case.
fn copy(component: &[u8], lower: bool, out: &mut Vec<u8>) {
    let start = out.len();
    out.extend_from_slice(component);
    if lower && let Some(tail) = out.get_mut(start..) {
        tail.make_ascii_lowercase();
    }
}

/// An authority's parts (§3.2): userinfo before the first `@` (it has none),
/// the host (an IP literal in brackets, or up to the port's `:`), the port.
fn authority(a: &[u8]) -> (Option<&[u8]>, &[u8], Option<&[u8]>) {
    let (userinfo, hostport) = match first(a, 0, [b'@']) {
        Some(at) => (a.get(..at), a.get(at + 1..).unwrap_or_default()),
        None => (None, a),
    };
    let host_end = if hostport.starts_with(b"[") {
        first(hostport, 0, [b']']).map_or(hostport.len(), |i| i + 1)
    } else {
        first(hostport, 0, [b':']).unwrap_or(hostport.len())
    };
    let (host, port) = hostport.split_at(host_end.min(hostport.len()));
    (userinfo, host, port.strip_prefix(b":"))
}

/// A port's value, where it is all digits.
fn port_number(port: &[u8]) -> Option<u32> {
    std::str::from_utf8(port).ok()?.parse().ok()
}

/// §6.2.2 of a URI with no percent-encoding and no dot segment, where only
/// case changes (§6.2.2.1): the input added to `to` whole, then its scheme
/// and host in lower case. `false` (nothing added) where the path has a dot
/// segment.
fn as_it_is_but_case(input: &[u8], c: &Cuts, to: &mut Vec<u8>) -> bool {
    if has_dot_segment(input.get(c.path.0..c.path.1).unwrap_or_default()) {
        return false;
    }
    let start = to.len();
    to.extend_from_slice(input);
    let out = to.get_mut(start..).unwrap_or_default();
    if let Some(scheme) = out.get_mut(..c.scheme.unwrap_or(0)) {
        scheme.make_ascii_lowercase();
    }
    if let Some((from, end)) = c.authority {
        let (userinfo, host, _) = authority(input.get(from..end).unwrap_or_default());
        let host_start = from + userinfo.map_or(0, |u| u.len() + 1);
        if let Some(host) = out.get_mut(host_start..host_start + host.len()) {
            host.make_ascii_lowercase();
        }
    }
    true
}

/// §6.2.2, then with `scheme_based` §6.2.3, on a URI (`URI`, so it has a
/// scheme; the caller has checked it), added to `to` (§5.3's recomposition).
/// Each component is cut once (Appendix B) and copied once.
pub(super) fn ladder(input: &[u8], scheme_based: bool, notes: &mut Vec<Note>, to: &mut Vec<u8>) {
    // Most URLs have no percent-encoding: then no component is searched for
    // one.
    let escapes = input.iter().fold(false, |found, &b| found | (b == b'%'));
    let c = cut(input);
    let plain = !scheme_based && !escapes && c.scheme.is_some();
    if !(plain && as_it_is_but_case(input, &c, to)) {
        each_component(input, &c, escapes, scheme_based, notes, to);
    }
}

/// [`ladder`] a component at a time, for any URI.
// Long: RFC 3986 §6.2.2's steps on each component, in the section's order, as rfc3986.rs follows
// §5.2.2.
pub(super) fn each_component(
    input: &[u8],
    c: &Cuts,
    escapes: bool,
    scheme_based: bool,
    notes: &mut Vec<Note>,
    to: &mut Vec<u8>,
) {
    let part = |(from, end): (usize, usize)| input.get(from..end).unwrap_or_default();
    let put = if escapes { percent } else { copy };
    // §6.2.2.1: the scheme in lower case.
    let start = to.len();
    to.extend_from_slice(part((0, c.scheme.unwrap_or(0))));
    let scheme = to.get_mut(start..).unwrap_or_default();
    scheme.make_ascii_lowercase();
    let (default, mailto) = match scheme_based {
        true => (
            std::str::from_utf8(scheme).ok().and_then(default_port),
            scheme == b"mailto",
        ),
        false => (None, false),
    };
    to.push(b':');
    if let Some(a) = c.authority {
        let (userinfo, host, port) = authority(part(a));
        to.extend_from_slice(b"//");
        if let Some(u) = userinfo {
            put(u, false, to);
            to.push(b'@');
        }
        put(host, true, to);
        let port = match port {
            // §6.2.3: "an explicit ":port", for which the port is empty or
            // the default for the scheme, is equivalent to one where the port
            // and its ":" delimiter are elided".
            Some(b"") if scheme_based => {
                notes.push(Note {
                    code: "empty-port-dropped",
                    message: "the empty port and its \":\" are dropped (RFC 3986 §6.2.3)".into(),
                });
                None
            }
            Some(port) if scheme_based => match default {
                Some(d) if port_number(port) == Some(u32::from(d.port)) => {
                    notes.push(Note {
                        code: "default-port-dropped",
                        message: format!(
                            "port {} is {}'s default and is dropped (RFC 3986 §6.2.3); the \
                             default comes from {}",
                            String::from_utf8_lossy(port),
                            d.scheme,
                            d.source
                        ),
                    });
                    None
                }
                _ => Some(port),
            },
            port => port,
        };
        if let Some(port) = port {
            to.push(b':');
            to.extend_from_slice(port);
        }
    }
    // §6.2.2.2 then §6.2.2.3: a dot segment written "%2E" is decoded first,
    // then removed. A path without "%" is its own decoding.
    let raw = part(c.path);
    let decoded: Cow<'_, [u8]> = if escapes && raw.contains(&b'%') {
        let mut decoded = Vec::with_capacity(raw.len());
        percent(raw, false, &mut decoded);
        Cow::Owned(decoded)
    } else {
        Cow::Borrowed(raw)
    };
    // Without a dot segment, remove_dot_segments gives the path back.
    let dotted = has_dot_segment(&decoded);
    let (mut path, dots) = match dotted.then(|| std::str::from_utf8(&decoded)) {
        Some(Ok(text)) => {
            let mut path = String::with_capacity(text.len());
            let dots = remove_dot_segments(text, &mut path);
            (Cow::Owned(path.into_bytes()), dots)
        }
        _ => (decoded, Default::default()),
    };
    if escapes && encoded_dot_segment(raw) {
        notes.push(Note {
            code: "encoded-dot-removed",
            message: "a dot segment written with \"%2E\" is decoded (§6.2.2.2: \".\" is \
                      unreserved) and then removed (§6.2.2.3)"
                .into(),
        });
    }
    if dots.rootless_changed && !dots.rootless_removed {
        notes.push(rootless_dots());
    }
    if dots.rootless_removed {
        notes.push(Note {
            code: "rootless-path-rooted",
            message: "by the letter of §5.2.4, which §6.2.2.3 applies, a \"..\" that removes \
                      the first segment of a rootless path leaves a path that begins with \"/\""
                .into(),
        });
    }
    if c.authority.is_none() && path.starts_with(b"//") {
        notes.push(Note {
            code: "path-reads-as-authority",
            message: format!(
                "the path {:?} begins with \"//\" and there is no authority: written out, \
                 it reads as an authority (remove_dot_segments as §5.2.4 prints it)",
                String::from_utf8_lossy(&path)
            ),
        });
    }
    if scheme_based {
        if c.authority.is_some()
            && path.is_empty()
            && let Some(d) = default.filter(|d| d.empty_path_is_root)
        {
            // §6.2.3: "In general, a URI that uses the generic syntax for
            // authority with an empty path should be normalized to a path of
            // "/"": done for the schemes that define it so.
            path.to_mut().push(b'/');
            notes.push(Note {
                code: "empty-path-as-root",
                message: format!(
                    "the empty path is written \"/\" (RFC 3986 §6.2.3): {} defines an empty \
                     path as \"/\"; the source: {}",
                    d.scheme, d.path_source
                ),
            });
        }
        if mailto && let Ok(text) = std::str::from_utf8(&path) {
            path = Cow::Owned(mailto_domains(text, notes).into_bytes());
        }
    }
    to.extend_from_slice(&path);
    if let Some(q) = c.query {
        to.push(b'?');
        put(part(q), false, to);
    }
    if let Some(f) = c.fragment {
        to.push(b'#');
        put(part((f, input.len())), false, to);
    }
}

/// §6.2.3's example: "mailto:Joe@Example.COM" is equivalent to
/// "mailto:Joe@example.com": the domain of each address (after its last `@`,
/// addresses separated by `,`) in lower case.
fn mailto_domains(path: &str, notes: &mut Vec<Note>) -> String {
    let lowered: Vec<String> = path
        .split(',')
        .map(|address| match address.rsplit_once('@') {
            Some((local, domain)) => format!("{local}@{}", domain.to_ascii_lowercase()),
            None => address.to_string(),
        })
        .collect();
    let out = lowered.join(",");
    if out != path {
        notes.push(Note {
            code: "mailto-domain-case",
            message: "a mailto address's domain is a host name, case-insensitive: in lower \
                      case (RFC 3986 §6.2.3: \"mailto:Joe@Example.COM\" is equivalent to \
                      \"mailto:Joe@example.com\")"
                .into(),
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::every;

    #[test]
    fn percent_is_the_byte_at_a_time_reading() {
        // The reading as first written, a byte at a time, on every string of
        // up to six of these, in a host and elsewhere.
        fn each_byte(component: &[u8], lower: bool) -> Vec<u8> {
            let case = |b: u8| if lower { b.to_ascii_lowercase() } else { b };
            let (mut out, mut i) = (Vec::new(), 0);
            while let Some(&b) = component.get(i) {
                let digit = |k: usize| component.get(i + k).copied().and_then(hex);
                match (b, digit(1).zip(digit(2))) {
                    (b'%', Some((hi, lo))) if unreserved(hi * 16 + lo) => {
                        out.push(case(hi * 16 + lo));
                        i += 3;
                    }
                    (b'%', Some((hi, lo))) => {
                        out.extend_from_slice(&[b'%', upper_hex(hi), upper_hex(lo)]);
                        i += 3;
                    }
                    _ => {
                        out.push(case(b));
                        i += 1;
                    }
                }
            }
            out
        }
        for s in every(b"%41aFg2e", 6) {
            for lower in [false, true] {
                let mut out = Vec::new();
                percent(&s, lower, &mut out);
                assert_eq!(
                    out,
                    each_byte(&s, lower),
                    "{:?}",
                    String::from_utf8_lossy(&s)
                );
            }
        }
    }
}
