//! RFC 3986 §5.2, reference resolution exactly as printed: the base parsed
//! (§5.2.1), each reference transformed (§5.2.2) with merge (§5.2.3) and
//! remove_dot_segments (§5.2.4), the target recomposed (§5.3). Where the letter
//! surprises (a rootless path, a path that recomposes as an authority, `%2E`),
//! a note says so; the result stays the letter's.

use std::fmt::Write as _;

use super::Note;
use super::components::{Parts, first, recompose_into, split};

/// Whether a segment of `path` is "." or "..": without one, §5.2.4 gives
/// the path back.
pub(crate) fn has_dot_segment(path: &[u8]) -> bool {
    // Most paths have no dot: found in a few looks of eight bytes.
    if first(path, 0, [b'.']).is_none() {
        return false;
    }
    // One pass: the dots a segment has begun with, 3 once it has anything
    // else (a segment is no dot segment from then on).
    let mut dots = 0u8;
    for &b in path {
        match b {
            b'/' if dots == 1 || dots == 2 => return true,
            b'/' => dots = 0,
            b'.' => dots = dots.saturating_add(1).min(3),
            _ => dots = 3,
        }
    }
    dots == 1 || dots == 2
}

/// What remove_dot_segments met on its way.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Dots {
    /// Step 2C found no segment left in the output to remove.
    pub(crate) above_root: bool,
    /// Step 2C removed a first segment that had no "/" before it: the output
    /// of a rootless path then begins with "/".
    pub(crate) rootless_removed: bool,
    /// A rootless path (no "/" first) came out otherwise.
    pub(crate) rootless_changed: bool,
}

/// RFC 3986 §5.2.4, the two buffers as printed: the input a slice of `path`
/// (or the one "/" that steps 2B and 2C leave of a final "/." or "/.."),
/// the output `out` (empty when called). Linear: every step consumes input, and step 2C's
/// removal looks only at the characters it removes.
pub(crate) fn remove_dot_segments(path: &str, out: &mut String) -> Dots {
    let mut dots = Dots::default();
    if !has_dot_segment(path.as_bytes()) {
        // No dot segment: step E alone, moving every segment.
        out.push_str(path);
        return dots;
    }
    let mut input = path;
    while !input.is_empty() {
        // A. a prefix of "../" or "./" is removed.
        if let Some(rest) = input
            .strip_prefix("../")
            .or_else(|| input.strip_prefix("./"))
        {
            input = rest;
        // B. "/./" or a final "/." becomes "/".
        } else if input.starts_with("/./") {
            input = input.get(2..).unwrap_or("");
        } else if input == "/." {
            input = "/";
        // C. "/../" or a final "/.." becomes "/", and the output's last
        // segment goes with its preceding "/" (if any).
        } else if input.starts_with("/../") || input == "/.." {
            input = input.get(3..).filter(|r| !r.is_empty()).unwrap_or("/");
            match out.rfind('/') {
                Some(i) => out.truncate(i),
                None if out.is_empty() => dots.above_root = true,
                None => {
                    dots.rootless_removed = true;
                    out.clear();
                }
            }
        // D. an input of only "." or ".." is removed.
        } else if input == "." || input == ".." {
            input = "";
        // E. the first segment, with its initial "/" (if any), moves to the
        // output.
        } else {
            let from = usize::from(input.starts_with('/'));
            let end = input
                .get(from..)
                .and_then(|r| r.find('/'))
                .map_or(input.len(), |i| i + from);
            out.push_str(input.get(..end).unwrap_or(input));
            input = input.get(end..).unwrap_or("");
        }
    }
    // Every step only removes or moves: a changed path is a shorter one.
    dots.rootless_changed = !path.starts_with('/') && out.len() != path.len();
    dots
}

/// Whether a segment of `path` is a dot segment written with `%2E` (§2.3:
/// `.` is unreserved, and its encoding an alias of it).
pub(crate) fn encoded_dot_segment(path: &[u8]) -> bool {
    // A segment of one or two dots, each "." or "%2E" in either case, and at
    // least one of them "%2E" (a plain "." or ".." is a dot segment as
    // written).
    fn dots(segment: &[u8]) -> bool {
        let (mut n, mut encoded, mut rest) = (0, false, segment);
        while let Some(&b) = rest.first() {
            rest = match (b, rest.get(1..3)) {
                (b'.', _) => rest.get(1..).unwrap_or_default(),
                (b'%', Some([b'2', e])) if e.eq_ignore_ascii_case(&b'e') => {
                    encoded = true;
                    rest.get(3..).unwrap_or_default()
                }
                _ => return false,
            };
            n += 1;
        }
        encoded && (n == 1 || n == 2)
    }
    // Most escapes are no "%2E": a path without one is passed at once.
    let dot_at = |i: usize| matches!(path.get(i + 1..i + 3), Some([b'2', e]) if e.eq_ignore_ascii_case(&b'e'));
    let mut from = 0;
    while let Some(i) = first(path, from, [b'%']) {
        if dot_at(i) {
            return path.split(|&b| b == b'/').any(dots);
        }
        from = i + 1;
    }
    false
}

/// §5.2.3: the merged path.
fn merge(base: &Parts<'_>, path: &str) -> String {
    if base.authority.is_some() && base.path.is_empty() {
        format!("/{path}")
    } else {
        let kept = base
            .path
            .rfind('/')
            .map_or("", |i| base.path.get(..=i).unwrap_or(""));
        format!("{kept}{path}")
    }
}

/// Each step in words, or nothing (many references: only the results).
pub(super) struct Trace<'s>(pub(super) Option<&'s mut Vec<String>>);

impl Trace<'_> {
    fn say(&mut self, f: impl FnOnce() -> String) {
        if let Some(steps) = self.0.as_mut() {
            steps.push(f());
        }
    }
}

fn shown(c: Option<&str>) -> String {
    c.map_or_else(|| "undefined".to_string(), |s| format!("{s:?}"))
}

/// §5.2.2: the target of `reference` against `base` (already without its
/// fragment, §5.1), added to `to`; the step that applied.
// Long: RFC 3986 §5.2.2's steps as printed, in their order, with the notes each adds.
pub(super) fn transform(
    base: &Parts<'_>,
    reference: &str,
    strict: bool,
    notes: &mut Vec<Note>,
    mut trace: Trace<'_>,
    to: &mut String,
) -> &'static str {
    let mut r = split(reference);
    trace.say(|| {
        format!(
            "§5.2.2: R = parse({reference:?}): scheme {}, authority {}, path {:?}, query {}, fragment {}",
            shown(r.scheme),
            shown(r.authority),
            r.path,
            shown(r.query),
            shown(r.fragment)
        )
    });
    // "A non-strict parser may ignore a scheme in the reference if it is
    // identical to the base URI's scheme." Schemes are case-insensitive (§3.1).
    let same_scheme =
        matches!((r.scheme, base.scheme), (Some(a), Some(b)) if a.eq_ignore_ascii_case(b));
    if same_scheme && strict && r.authority.is_none() {
        notes.push(Note {
            code: "same-scheme-strict",
            message: "the reference names the base's scheme: a strict parser reads it as a \
                      URI of its own (§5.4.2: \"http:g\" = \"http:g\" for strict parsers); \
                      --non-strict ignores the scheme, as §5.2.2 allows for backward \
                      compatibility"
                .into(),
        });
    }
    if same_scheme && !strict {
        r.scheme = None;
        trace.say(|| "§5.2.2: not strict, and R.scheme is Base.scheme: R.scheme undefined".into());
        notes.push(Note {
            code: "non-strict",
            message: "not strict: the reference's scheme, identical to the base's, is ignored \
                      (§5.2.2; \"a loophole in prior specifications\", §5.4.2, allowed for \
                      backward compatibility)"
                .into(),
        });
    }
    let mut t = Parts {
        fragment: r.fragment,
        ..Parts::default()
    };
    let mut dots = Dots::default();
    let mut path = String::new();
    let mut remove = |from: &str, path: &mut String, trace: &mut Trace<'_>| {
        dots = remove_dot_segments(from, path);
        trace.say(|| format!("§5.2.4: remove_dot_segments({from:?}) = {path:?}"));
    };
    let step;
    if r.scheme.is_some() {
        step = "absolute";
        trace.say(|| {
            "§5.2.2: R.scheme is defined: T takes R's scheme, authority, path and query".into()
        });
        t.scheme = r.scheme;
        t.authority = r.authority;
        t.query = r.query;
        remove(r.path, &mut path, &mut trace);
    } else {
        if r.authority.is_some() {
            step = "host";
            trace.say(|| {
                "§5.2.2: R.authority is defined: T takes R's authority, path and query".into()
            });
            t.authority = r.authority;
            t.query = r.query;
            remove(r.path, &mut path, &mut trace);
        } else {
            if r.path.is_empty() {
                step = "empty-path";
                path.push_str(base.path);
                t.query = r.query.or(base.query);
                trace.say(|| {
                    format!(
                        "§5.2.2: R.path is empty: T.path = Base.path {:?}, T.query = {}",
                        base.path,
                        if r.query.is_some() {
                            "R.query"
                        } else {
                            "Base.query"
                        }
                    )
                });
            } else if r.path.starts_with('/') {
                step = "absolute-path";
                trace.say(|| {
                    "§5.2.2: R.path starts with \"/\": T.path = remove_dot_segments(R.path)".into()
                });
                remove(r.path, &mut path, &mut trace);
                t.query = r.query;
            } else {
                step = "relative";
                let merged = merge(base, r.path);
                trace.say(|| {
                    format!(
                        "§5.2.3: merge(Base.path {:?}, R.path {:?}) = {merged:?}{}",
                        base.path,
                        r.path,
                        if base.authority.is_some() && base.path.is_empty() {
                            " (the base has an authority and an empty path)"
                        } else {
                            ""
                        }
                    )
                });
                remove(&merged, &mut path, &mut trace);
                if encoded_dot_segment(merged.as_bytes()) {
                    notes.push(encoded_dot());
                }
                t.query = r.query;
            }
            t.authority = base.authority;
        }
        t.scheme = base.scheme;
    }
    if step != "relative" && step != "empty-path" && encoded_dot_segment(r.path.as_bytes()) {
        notes.push(encoded_dot());
    }
    if dots.above_root {
        notes.push(Note {
            code: "dot-dot-above-root",
            message: "a \"..\" with no segment left to remove is dropped (§5.2.4, step 2C; \
                      §5.4.2: \"../../../g\" = \"http://a/g\": \"..\" cannot change the authority)"
                .into(),
        });
    }
    if dots.rootless_changed && !dots.rootless_removed {
        notes.push(rootless_dots());
    }
    if dots.rootless_removed {
        notes.push(Note {
            code: "rootless-path-rooted",
            message: "by the letter of §5.2.4, a \"..\" that removes the first segment of a \
                      rootless path leaves a path that begins with \"/\" (step 2C replaces \
                      \"/../\" with \"/\"): \"s:a/../b\" gives \"s:/b\""
                .into(),
        });
    }
    if t.authority.is_none() && path.starts_with("//") {
        notes.push(Note {
            code: "path-reads-as-authority",
            message: format!(
                "the target has no authority and its path {path:?} begins with \"//\": \
                 recomposed as §5.3 prints it, the result reads as a URI whose authority is \
                 the path's first segment (§3.3 forbids such a path without an authority)"
            ),
        });
    }
    let start = to.len();
    recompose_into(&t, &path, to);
    trace.say(|| {
        let mut s = String::from("§5.3: recomposed: ");
        let _ = write!(s, "{}", to.get(start..).unwrap_or(""));
        s
    });
    step
}

/// A rootless path whose dot segments went: §5.2.2 applies remove_dot_segments
/// to every path, rooted or not.
pub(crate) fn rootless_dots() -> Note {
    Note {
        code: "rootless-path-dots",
        message: "remove_dot_segments applies to a rootless path too (§5.2.2: T.path = \
                  remove_dot_segments(R.path), whatever the path): \"s:../g\" gives \"s:g\"; \
                  many implementations leave a rootless path as it is"
            .into(),
    }
}

fn encoded_dot() -> Note {
    Note {
        code: "encoded-dot",
        message: "\"%2E\" is not a dot segment here: §5.2.4 removes only the complete segments \
                  \".\" and \"..\"; \"%2E\" is the encoding of the unreserved \".\" (§2.3), \
                  which a normalizer decodes first (§6.2.2.2) and then removes (§6.2.2.3): \
                  urlbnf normalize"
            .into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::every_string;

    fn rds(path: &str) -> String {
        let mut out = String::new();
        remove_dot_segments(path, &mut out);
        out
    }

    #[test]
    fn section_5_2_4_worked_examples() {
        // The two traces printed in §5.2.4.
        assert_eq!(rds("/a/b/c/./../../g"), "/a/g");
        assert_eq!(rds("mid/content=5/../6"), "mid/6");
        assert_eq!(rds("a/../b"), "/b");
        assert_eq!(rds("/.."), "/");
        assert_eq!(rds(".."), "");
        assert_eq!(rds("a/..//b"), "//b");
    }

    #[test]
    fn has_dot_segment_is_a_segment_of_one_or_two_dots() {
        for path in every_string(&['.', '/', 'a'], 7) {
            let expected = path.split('/').any(|s| s == "." || s == "..");
            assert_eq!(has_dot_segment(path.as_bytes()), expected, "{path:?}");
        }
    }

    #[test]
    fn an_encoded_dot_segment_is_found_without_decoding() {
        // The reading as first written: each segment lowered and "%2e"
        // replaced, a dot segment only by that, on every path of up to six
        // characters of these.
        let decoded = |path: &str| {
            path.split('/').any(|s| {
                let lowered = s.to_ascii_lowercase();
                let s = lowered.replace("%2e", ".");
                s != lowered && (s == "." || s == "..")
            })
        };
        for path in every_string(&['.', '%', '2', 'e', 'E', '/', 'a'], 6) {
            assert_eq!(
                encoded_dot_segment(path.as_bytes()),
                decoded(&path),
                "{path:?}"
            );
        }
    }
}
