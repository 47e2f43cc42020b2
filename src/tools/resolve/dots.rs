//! Dot segments (`.` and `..`) removed from a path as each document states it.

use super::{Note, is_absolute};

/// The scheme of an absolute form, with its colon: `magic:`.
pub(super) fn scheme_prefix(s: &str) -> &str {
    match s.find(':') {
        Some(i) if is_absolute(s) => s.get(..=i).unwrap_or(""),
        _ => "",
    }
}

/// A URL's scheme (with its colon), its `//host:port` part if any, and the rest.
pub(super) fn split_url(url: &str) -> (&str, &str, &str) {
    let scheme = scheme_prefix(url);
    let rest = url.get(scheme.len()..).unwrap_or("");
    let host_end = match rest.strip_prefix("//") {
        Some(after) => 2 + after.find('/').unwrap_or(after.len()),
        None => 0,
    };
    let (authority, path) = rest.split_at(host_end.min(rest.len()));
    (scheme, authority, path)
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum DotRules {
    /// RFC 1630: `xxx/../` and `/.`.
    Rfc1630,
    /// draft-1993: `/xxx/..` and `/.`.
    Draft1993,
}

/// Remove dot segments from the path part (after `scheme:` and any `//host`),
/// repeatedly, as each document states; each removal shortens the text, so this
/// ends. A `..` with nothing left to remove stays, with a note.
pub(super) fn remove_dots(url: &str, rules: DotRules, notes: &mut Vec<Note>) -> String {
    let (scheme, authority, path) = split_url(url);
    let head = format!("{scheme}{authority}");
    let mut path = path.to_string();
    // Leave a query or fragment alone: dots there are not path elements.
    let tail_at = path.find(['?', '#']).unwrap_or(path.len());
    let tail = path.split_off(tail_at);
    let (path, kept) = remove_all(&path, rules);
    for reason in kept {
        let message = match reason {
            DotDot::AboveRoot => {
                "a \"..\" remains: there is no path element before it to remove (it would go \
                 above the root); it is kept"
            }
            DotDot::NoSlashAfter => {
                "a \"..\" at the end remains: RFC 1630's pattern \"xxx/../\" needs a slash \
                 after it; it is kept"
            }
            DotDot::NoSlashBefore => {
                "a \"..\" remains: the 1993 draft's pattern \"/xxx/..\" needs a slash before \
                 the element it removes; it is kept"
            }
        };
        let code = reason.code();
        if !notes.iter().any(|n| n.code == code) {
            notes.push(Note {
                code,
                message: message.into(),
            });
        }
    }
    format!("{head}{path}{tail}")
}

/// Why a `..` stays in the path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum DotDot {
    /// No real element before it.
    AboveRoot,
    /// RFC 1630's `xxx/../` needs a slash after it.
    NoSlashAfter,
    /// The draft's `/xxx/..` needs a slash before `xxx`.
    NoSlashBefore,
}

impl DotDot {
    fn code(self) -> &'static str {
        match self {
            DotDot::AboveRoot => "dot-dot-above-root",
            DotDot::NoSlashAfter => "dot-dot-without-slash-after",
            DotDot::NoSlashBefore => "dot-dot-without-slash-before",
        }
    }
}

/// Every removal the rule allows, repeated until none applies, in one pass: a
/// stack of the elements kept, where a removal only ever exposes the element
/// before it. Also why each `..` left was left.
fn remove_all(path: &str, rules: DotRules) -> (String, Vec<DotDot>) {
    let elements: Vec<&str> = path.split('/').collect();
    let last = elements.len().saturating_sub(1);
    let mut kept: Vec<&str> = Vec::with_capacity(elements.len());
    let mut left = Vec::new();
    for (i, &e) in elements.iter().enumerate() {
        // "/.": a "." element after a slash goes, with its slash.
        if e == "." && i > 0 {
            continue;
        }
        if e == ".." {
            let real = kept
                .last()
                .is_some_and(|x| !x.is_empty() && *x != ".." && *x != ".");
            let fits = match rules {
                // "xxx/../": a slash must follow the "..".
                DotRules::Rfc1630 => i < last,
                // "/xxx/..": a slash must come before xxx.
                DotRules::Draft1993 => kept.len() >= 2,
            };
            if real && fits {
                kept.pop();
                continue;
            }
            left.push(match (real, rules) {
                (false, _) => DotDot::AboveRoot,
                (true, DotRules::Rfc1630) => DotDot::NoSlashAfter,
                (true, DotRules::Draft1993) => DotDot::NoSlashBefore,
            });
        }
        kept.push(e);
    }
    (kept.join("/"), left)
}
