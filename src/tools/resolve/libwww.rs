//! The third reading: what CERN libwww 2.11 (1993), the reference
//! implementation of the time, did with `HTParse(name, related, PARSE_ALL)`,
//! written from its behaviour (`Library/Implementation/HTParse.c`).
//!
//! libwww counts no slashes: it knows `//` (a new host) and `/` (a path on this
//! host). That is why RFC 1630 prints `/g -> magic://a/g`, which its own N-slash
//! rule does not give. Each place where libwww departs from both documents adds
//! a note naming the departure.

use super::Note;
use crate::knowledge::meaning::default_port;

/// A name cut into libwww's parts (its `scan`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct NameParts<'a> {
    /// The text before the first `:` that comes before any `/` or `#`.
    access: Option<&'a str>,
    /// Colons after the first, before any `/` or `#`: libwww keeps only the
    /// text after the last of them.
    dropped: Option<&'a str>,
    /// After `//`, up to the next `/`.
    host: Option<&'a str>,
    /// After the `/` that starts the path (the root), without it.
    absolute: Option<&'a str>,
    /// A path with no leading `/`.
    relative: Option<&'a str>,
    /// After the first `#`, up to any second `#`.
    anchor: Option<&'a str>,
}

/// Cut a name into its parts as libwww's `scan` does.
fn scan(name: &str) -> NameParts<'_> {
    let mut parts = NameParts::default();
    // The access: every ':' before the first '/' or '#' ends it, and the rest
    // starts after the last one.
    let stop = name.find(['/', '#']).unwrap_or(name.len());
    let head = name.get(..stop).unwrap_or("");
    let mut after_access = 0;
    if let (Some(first), Some(last)) = (head.find(':'), head.rfind(':')) {
        parts.access = name.get(..first);
        if last > first {
            parts.dropped = name.get(first + 1..last);
        }
        after_access = last + 1;
    }
    // The anchor: after the first '#'; a second '#' ends it and the rest is lost.
    let mut body_end = name.len();
    if let Some(hash) = name.find('#') {
        let anchor = name.get(hash + 1..).unwrap_or("");
        parts.anchor = Some(anchor.split('#').next().unwrap_or(""));
        body_end = hash;
    }
    let rest = name.get(after_access..body_end).unwrap_or("");
    if let Some(after) = rest.strip_prefix("//") {
        match after.split_once('/') {
            Some((host, absolute)) => {
                parts.host = Some(host);
                parts.absolute = Some(absolute);
            }
            None => parts.host = Some(after),
        }
    } else if let Some(absolute) = rest.strip_prefix('/') {
        parts.absolute = Some(absolute);
    } else if !rest.is_empty() {
        parts.relative = Some(rest);
    }
    // "Access specified but no host: the anchor was not really one" (news:
    // message ids hold '#'): the '#' goes back into the path.
    if parts.access.is_some()
        && parts.host.is_none()
        && let Some(anchor) = parts.anchor.take()
    {
        let end = body_end + 1 + anchor.len();
        let start = after_access.min(body_end);
        let path = name.get(start..end).unwrap_or("");
        if let Some(absolute) = parts.absolute.as_mut() {
            *absolute = path.get(1..).unwrap_or("");
        } else {
            parts.relative = Some(path);
        }
    }
    parts
}

fn note(notes: &mut Vec<Note>, code: &'static str, message: String) {
    if !notes.iter().any(|n| n.code == code) {
        notes.push(Note { code, message });
    }
}

/// Resolve as libwww 2.11's `HTParse(partial, context, PARSE_ALL)`.
pub(super) fn resolve(
    context: &str,
    partial: &str,
    notes: &mut Vec<Note>,
    steps: &mut Vec<String>,
) -> (&'static str, String) {
    let given = scan(partial);
    let mut related = scan(context);
    for (parts, which) in [(&given, "partial form"), (&related, "context")] {
        if let (Some(access), Some(dropped)) = (parts.access, parts.dropped) {
            note(
                notes,
                "extra-colon-dropped",
                format!(
                    "libwww keeps the text before the first colon as the scheme and the text \
                     after the last one as the rest: the {which}'s \":{dropped}\" is dropped \
                     (\"{access}:{dropped}:...\" is read as \"{access}:...\")"
                ),
            );
        }
    }
    let access = given.access.or(related.access);
    let mut result = access.map(|a| format!("{a}:")).unwrap_or_default();
    if given.access.is_some() && given.access != related.access {
        // A different scheme inherits nothing.
        related = NameParts {
            access: related.access,
            ..NameParts::default()
        };
    } else if given.access.is_some() && given.host.is_none() {
        note(
            notes,
            "same-scheme-relative",
            "the partial form names the context's scheme and no host: libwww reads it as \
             relative to the context; both documents read a form with a colon before any \
             slash as absolute"
                .into(),
        );
    }
    if let Some(host) = given.host.or(related.host) {
        result.push_str("//");
        result.push_str(&clean_host(host, access, notes));
        steps.push(format!("the host: {result}"));
    }
    if given.host.is_some() && related.host.is_some() && given.host != related.host {
        // A different host inherits no path and no anchor.
        related.absolute = None;
        related.relative = None;
        related.anchor = None;
    }
    path(&given, &related, &mut result, notes, steps);
    if let Some(anchor) = given.anchor.or(related.anchor) {
        if given.anchor.is_none() {
            note(
                notes,
                "fragment-inherited",
                format!(
                    "libwww carries the context's fragment \"#{anchor}\" into a result that has \
                     none; in both documents the fragment is not part of the context's URI"
                ),
            );
        }
        result.push('#');
        result.push_str(anchor);
    }
    let step = match (
        given.access.is_some() && given.access != related.access,
        &given,
    ) {
        (true, _) => "absolute",
        (_, NameParts { host: Some(_), .. }) => "host",
        (
            _,
            NameParts {
                absolute: Some(_), ..
            },
        ) => "absolute-path",
        _ => "relative",
    };
    steps.push(format!("libwww's result: {result}"));
    (step, result)
}

/// The path part of the result.
fn path(
    given: &NameParts<'_>,
    related: &NameParts<'_>,
    result: &mut String,
    notes: &mut Vec<Note>,
    steps: &mut Vec<String>,
) {
    if let Some(absolute) = given.absolute {
        if given.host.is_none() {
            note(
                notes,
                "no-slash-counting",
                "libwww counts no slashes: a partial form starting with one \"/\" is a path on \
                 the context's host (RFC 1630 keeps the context up to its last run of exactly \
                 as many slashes)"
                    .into(),
            );
        }
        result.push('/');
        result.push_str(absolute);
    } else if let Some(absolute) = related.absolute {
        result.push('/');
        result.push_str(absolute);
        if let Some(relative) = given.relative {
            // The last part goes: up to the last '/' before any '?' of the whole
            // result so far.
            let search = result.find('?').unwrap_or(result.len());
            let cut = result
                .get(..search)
                .and_then(|r| r.rfind('/'))
                .map_or(0, |i| i + 1);
            result.truncate(cut);
            result.push_str(relative);
            steps.push(format!(
                "replace the context's last part with the partial form: {result}"
            ));
            let before = result.clone();
            *result = simplify(result, notes);
            if *result != before {
                steps.push(format!("simplify \"xxx/..\" and \"/.\": {result}"));
            }
        }
    } else if let Some(relative) = given.relative {
        result.push_str(relative);
    } else if let Some(relative) = related.relative {
        result.push_str(relative);
    } else {
        if given.host.is_some() {
            note(
                notes,
                "trailing-slash-added",
                "a partial form that is only \"//host\" gets a \"/\" after the host from \
                 libwww (RFC 1630's example prints magic://g)"
                    .into(),
            );
        }
        result.push('/');
    }
}

/// libwww's clean-up of a host it writes: the default port of http (80) and
/// gopher (70) dropped, and a final `.` of the name (with whatever follows it).
fn clean_host(host: &str, access: Option<&str>, notes: &mut Vec<Note>) -> String {
    let mut host = host.to_string();
    let colon = host.find(':');
    if let (Some(v), Some(access)) = (colon, access) {
        let port = host.get(v..).unwrap_or("");
        // libwww drops the default of these two schemes only; the ports are
        // the table's (RFC 1738 §3.3, §3.4.1).
        let default = matches!(access, "http" | "gopher")
            .then(|| default_port(access))
            .flatten();
        if default.is_some_and(|d| port == format!(":{}", d.port)) {
            note(
                notes,
                "default-port-dropped",
                format!("libwww drops the default port {port} of {access}; neither document does"),
            );
            host.truncate(v);
        }
    }
    let end = colon.filter(|&v| v < host.len()).unwrap_or(host.len());
    if end > 0 && host.get(end - 1..end) == Some(".") {
        note(
            notes,
            "trailing-dot-dropped",
            "libwww drops a final \".\" of the host name (and whatever follows it); neither \
             document does"
                .into(),
        );
        host.truncate(end - 1);
    }
    host
}

/// libwww's `HTSimplify`, on the whole result: one scan from the third
/// character; at each `/`, `/xxx/..` (followed by `/` or the end) is removed
/// unless `xxx` is `..` or follows an empty element or the host (`//`), and the
/// scan goes on from the slash before `xxx`; `/.` (followed by `/` or the end) is
/// removed and the character after it passed over. The search is not spared.
/// Written as a stack (the text scanned so far), with the place of its first
/// `?` kept as it grows and shrinks, so it is linear.
fn simplify(s: &str, notes: &mut Vec<Note>) -> String {
    let input = s.as_bytes();
    let at = |i: usize| input.get(i).copied();
    let ends = |i: usize| matches!(at(i), Some(b'/') | None);
    let mut out: Vec<u8> = input.get(..2).unwrap_or(input).to_vec();
    let mut search = out.iter().position(|&c| c == b'?');
    let mut i = out.len();
    let mut removed = false;
    while let Some(c) = at(i) {
        if c == b'/' && at(i + 1) == Some(b'.') && at(i + 2) == Some(b'.') && ends(i + 3) {
            let q = out.iter().rposition(|&c| c == b'/');
            let before = |q: usize| q >= 2 && out.get(q - 1) == Some(&b'/');
            match q {
                Some(q) if out.get(q..).is_none_or(|t| t != b"/..") && !before(q) => {
                    if search.is_some_and(|s| s < q) {
                        note_search(notes);
                    } else {
                        search = None;
                    }
                    out.truncate(q);
                    removed = true;
                    i += 3;
                    continue;
                }
                Some(q) if before(q) => note(
                    notes,
                    "dot-dot-after-empty-segment",
                    "libwww leaves \"xxx/..\" where xxx follows an empty element or the host \
                     (\"//\"); RFC 1630 removes it whenever xxx is a complete element"
                        .into(),
                ),
                _ => {}
            }
        } else if c == b'/' && at(i + 1) == Some(b'.') && ends(i + 2) {
            if search.is_some() {
                note_search(notes);
            }
            // The "/." goes; the character after it is passed over unexamined.
            i += 2;
            if let Some(next) = at(i) {
                if next == b'?' && search.is_none() {
                    search = Some(out.len());
                }
                out.push(next);
                i += 1;
            }
            continue;
        }
        if c == b'?' && search.is_none() {
            search = Some(out.len());
        }
        out.push(c);
        i += 1;
    }
    if out.is_empty() && removed {
        out.push(b'/');
    }
    String::from_utf8(out).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

fn note_search(notes: &mut Vec<Note>) {
    note(
        notes,
        "dots-in-search-simplified",
        "libwww simplifies \"xxx/..\" and \"/.\" inside the search too; both documents \
         remove them from path elements only"
            .into(),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scan_cuts_names_as_libwww_does() {
        let p = scan("http://h:80/a/b?q#f");
        assert_eq!(
            (p.access, p.host, p.absolute, p.anchor),
            (Some("http"), Some("h:80"), Some("a/b?q"), Some("f"))
        );
        let p = scan("a:b:c/d");
        assert_eq!(
            (p.access, p.dropped, p.relative),
            (Some("a"), Some("b"), Some("c/d"))
        );
        // news: message ids keep their '#'.
        let p = scan("news:j462#36487@foo.bar");
        assert_eq!((p.relative, p.anchor), (Some("j462#36487@foo.bar"), None));
        assert_eq!(scan("").relative, None);
    }

    #[test]
    fn simplify_is_one_scan_that_spares_nothing_after_the_host() {
        let mut notes = Vec::new();
        assert_eq!(simplify("http://h/a/b/../c", &mut notes), "http://h/a/c");
        assert_eq!(simplify("http://h/..", &mut notes), "http://h/..");
        assert_eq!(
            simplify("http://h/a//b/../c", &mut notes),
            "http://h/a//b/../c"
        );
        assert_eq!(
            simplify("http://h/a?x/y/../z", &mut notes),
            "http://h/a?x/z"
        );
        assert_eq!(simplify("http://h/a/./b", &mut notes), "http://h/a/b");
    }

    /// Whether the search is among the text scanned so far, found by
    /// searching it every time (the plain reading of `HTSimplify`).
    fn simplify_searching(s: &str, notes: &mut Vec<Note>) -> String {
        let input = s.as_bytes();
        let at = |i: usize| input.get(i).copied();
        let ends = |i: usize| matches!(at(i), Some(b'/') | None);
        let mut out: Vec<u8> = input.get(..2).unwrap_or(input).to_vec();
        let (mut i, mut removed) = (out.len(), false);
        while let Some(c) = at(i) {
            if c == b'/' && at(i + 1) == Some(b'.') && at(i + 2) == Some(b'.') && ends(i + 3) {
                let q = out.iter().rposition(|&c| c == b'/');
                let before = |q: usize| q >= 2 && out.get(q - 1) == Some(&b'/');
                match q {
                    Some(q) if out.get(q..).is_none_or(|t| t != b"/..") && !before(q) => {
                        if out.get(..q).is_some_and(|h| h.contains(&b'?')) {
                            note_search(notes);
                        }
                        out.truncate(q);
                        (removed, i) = (true, i + 3);
                        continue;
                    }
                    Some(q) if before(q) => {
                        note(notes, "dot-dot-after-empty-segment", String::new())
                    }
                    _ => {}
                }
            } else if c == b'/' && at(i + 1) == Some(b'.') && ends(i + 2) {
                if out.contains(&b'?') {
                    note_search(notes);
                }
                i += 2;
                if let Some(next) = at(i) {
                    out.push(next);
                    i += 1;
                }
                continue;
            }
            out.push(c);
            i += 1;
        }
        if out.is_empty() && removed {
            out.push(b'/');
        }
        String::from_utf8_lossy(&out).into_owned()
    }

    #[test]
    fn the_linear_simplify_is_the_searching_one() {
        // Every string of up to 6 pieces that matter to it.
        let pieces = ["/", ".", "..", "a", "?", "/..", "/.", "//"];
        let mut strings = vec![String::new()];
        for _ in 0..6 {
            let longer: Vec<String> = strings
                .iter()
                .flat_map(|s| pieces.iter().map(move |p| format!("{s}{p}")))
                .collect();
            strings.extend(longer);
        }
        strings.sort();
        strings.dedup();
        assert!(strings.len() > 100_000);
        for s in strings {
            let (mut fast, mut plain) = (Vec::new(), Vec::new());
            assert_eq!(
                simplify(&s, &mut fast),
                simplify_searching(&s, &mut plain),
                "{s}"
            );
            let codes = |n: &[Note]| n.iter().map(|n| n.code).collect::<Vec<_>>();
            assert_eq!(codes(&fast), codes(&plain), "{s}");
        }
    }
}
