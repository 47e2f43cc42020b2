//! The two documents of 1993-1994 that resolve partial forms: RFC 1630,
//! "Partial (relative) form", and the 1993 draft, "Partial form", each as
//! printed.

use super::dots::{DotRules, remove_dots, scheme_prefix, split_url};
use super::{Note, Rules, is_absolute};

/// Resolve `partial` in the context of `context` by RFC 1630's rules or the
/// 1993 draft's.
pub(super) fn resolve(
    rules: Rules,
    context: &str,
    partial: &str,
    notes: &mut Vec<Note>,
    steps: &mut Vec<String>,
) -> (&'static str, String) {
    if is_absolute(partial) {
        // Both documents: "If the scheme parts are different, the whole absolute
        // URI [locator] must be given", and a partial form has no colon before
        // its slashes.
        steps.push(format!(
            "{partial:?} has a colon before any slash: it is absolute, and is the result"
        ));
        return ("absolute", partial.to_string());
    }
    let base = locator(context, notes, steps);
    if partial.is_empty() || partial.starts_with(['#', '?']) {
        let document = match rules {
            Rules::Draft1993 => "the 1993 draft",
            _ => "RFC 1630",
        };
        notes.push(Note {
            code: "partial-without-path",
            message: format!(
                "{partial:?} has no path: {document} gives no rule for it, and the rule for a \
                 path is applied as written (the context's last part is replaced by nothing); \
                 RFC 3986 §5.2.2 keeps the base's path, and its query unless the reference \
                 has one (§5.4.1: \"?y\" = \"http://a/b/c/d;p?y\"; Appendix D: the behaviour of \
                 RFC 1808 restored)"
            ),
        });
    }
    match rules {
        Rules::Draft1993 => draft_1993(base, partial, notes, steps),
        _ => rfc1630(base, partial, notes, steps),
    }
}

/// Whether `url` starts with a scheme: a letter, then letters, digits, `+`,
/// `-` or `.`, then `:`.
pub(super) fn has_scheme(url: &str) -> bool {
    let Some((scheme, _)) = url.split_once(':') else {
        return false;
    };
    let mut chars = scheme.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
}

/// The part of the context the documents' rules work on: without its fragment
/// (not part of the URI) and without its search (not part of the path). A `/`
/// in either is outside both BNFs (`search` and `fragmentid` are `xalphas`).
fn locator<'c>(context: &'c str, notes: &mut Vec<Note>, steps: &mut Vec<String>) -> &'c str {
    let uri = context.split_once('#').map_or(context, |(u, fragment)| {
        steps.push(format!(
            "leave out the context's fragment \"#{fragment}\": it is not part of the URI \
             (RFC 1630: fragmentaddress uri [ # fragmentid ])"
        ));
        if fragment.contains('/') {
            notes.push(outside_grammar("fragment", fragment));
        }
        u
    });
    uri.split_once('?').map_or(uri, |(path, search)| {
        steps.push(format!(
            "leave out the context's search \"?{search}\": it is not part of the path"
        ));
        if search.contains('/') {
            notes.push(outside_grammar("search", search));
        }
        path
    })
}

fn outside_grammar(part: &str, text: &str) -> Note {
    Note {
        code: "context-outside-grammar",
        message: format!(
            "the context's {part} {text:?} has a \"/\", which neither BNF allows there \
             (search and fragmentid are xalphas): the context is not a URL of either \
             document; it is resolved without its {part}"
        ),
    }
}

/// RFC 1630's printed example that disagrees with its printed rule.
pub(super) fn printed_example_disagreement(
    rules: Rules,
    context: &str,
    partial: &str,
) -> Option<&'static str> {
    let contexts = ["magic://a/b/c//d/e/f", "magic://a/b/c//d/e/"];
    (rules == Rules::Rfc1630 && partial == "/g" && contexts.contains(&context))
        .then_some("magic://a/g")
}

fn rfc1630(
    context: &str,
    partial: &str,
    notes: &mut Vec<Note>,
    steps: &mut Vec<String>,
) -> (&'static str, String) {
    let slashes = partial.len() - partial.trim_start_matches('/').len();
    if slashes > 0 {
        // "...everything from the context URI up to (but not including) the first
        // occurrence of exactly the same number of consecutive slashes which has no
        // greater number of consecutive slashes anywhere to the right of it..."
        return match slash_run_anchor(context, slashes) {
            Some(at) => {
                let kept = context.get(..at).unwrap_or("");
                steps.push(format!(
                    "{partial:?} starts with {slashes} slash(es); the first run of exactly {slashes} \
                     in the context with no longer run to its right starts at offset {at}: keep {kept:?}"
                ));
                steps.push(format!("append the partial form: {kept}{partial}"));
                ("slashes", format!("{kept}{partial}"))
            }
            None => {
                notes.push(Note {
                    code: "no-slash-run",
                    message: format!(
                        "the context has no run of exactly {slashes} slash(es) without a longer run \
                         to its right; the rule does not say what to do: the partial form is put \
                         after the context's scheme"
                    ),
                });
                let result = format!("{}{partial}", scheme_prefix(context));
                steps.push(format!(
                    "no such run: put the partial form after the context's scheme: {result}"
                ));
                ("slashes", result)
            }
        };
    }
    // "The last part of the path of the context URI (anything following the
    // rightmost slash) is removed, and the given partial URI appended in its place"
    let (scheme, authority, path) = split_url(context);
    let joined = match path.rfind('/') {
        Some(i) => {
            let kept = format!("{scheme}{authority}{}", path.get(..=i).unwrap_or(""));
            steps.push(format!(
                "remove the context's last part {:?} (after the rightmost slash): {kept:?}",
                path.get(i + 1..).unwrap_or("")
            ));
            steps.push(format!("append the partial form: {kept}{partial}"));
            format!("{kept}{partial}")
        }
        None if !authority.is_empty() => {
            notes.push(Note {
                code: "context-without-path",
                message: format!(
                    "the context has a host but no path, so no last part to remove; the rule \
                     does not say what to do: the host is kept and the partial form becomes \
                     its path ({scheme}{authority}/), as the 1993 draft says"
                ),
            });
            let joined = format!("{scheme}{authority}/{partial}");
            steps.push(format!(
                "the context has no path: the partial form follows its host: {joined}"
            ));
            joined
        }
        None => {
            notes.push(Note {
                code: "context-without-path",
                message: "the context has no slash, so no path to replace a last part of: the \
                          partial form follows the context's scheme"
                    .into(),
            });
            let joined = format!("{scheme}{partial}");
            steps.push(format!(
                "the context has no slash: the partial form follows its scheme: {joined}"
            ));
            joined
        }
    };
    // "...and then: Within the result, all occurrences of "xxx/../" or "/." are
    // recursively removed, where xxx, ".." and "." are complete path elements."
    let result = remove_dots(&joined, DotRules::Rfc1630, notes);
    if result != joined {
        steps.push(format!("remove \"xxx/../\" and \"/.\" elements: {result}"));
    }
    ("relative", result)
}

/// The byte offset where the anchoring run of exactly `n` slashes starts.
fn slash_run_anchor(context: &str, n: usize) -> Option<usize> {
    // Runs of slashes: (start, length), left to right.
    let bytes = context.as_bytes();
    let mut runs = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes.get(i) == Some(&b'/') {
            let start = i;
            while bytes.get(i) == Some(&b'/') {
                i += 1;
            }
            runs.push((start, i - start));
        } else {
            i += 1;
        }
    }
    // A run qualifies if no run to its right is longer.
    let mut longest_right = 0;
    let mut qualifying = Vec::new();
    for &(start, len) in runs.iter().rev() {
        if len == n && longest_right <= n {
            qualifying.push(start);
        }
        longest_right = longest_right.max(len);
    }
    qualifying.last().copied()
}

fn draft_1993(
    context: &str,
    partial: &str,
    notes: &mut Vec<Note>,
    steps: &mut Vec<String>,
) -> (&'static str, String) {
    let (scheme, authority, path) = split_url(context);
    // ". If the host and/or port parts are different, the host, port name and all
    // the rest of the locator must be given."
    if partial.starts_with("//") {
        steps.push(format!(
            "{partial:?} gives host, port and the rest: {scheme}{partial}"
        ));
        return ("host", format!("{scheme}{partial}"));
    }
    // ". If a leading slash is present, the path is absolute."
    if partial.starts_with('/') {
        steps.push(format!("{partial:?} has a leading slash: an absolute path on the context's host: {scheme}{authority}{partial}"));
        return ("absolute-path", format!("{scheme}{authority}{partial}"));
    }
    // ". The last part of the path of the context locator (anything following the
    // rightmost slash) is removed, and the given partial URL appended in its place."
    let kept = match path.rfind('/') {
        Some(i) => path.get(..=i).unwrap_or(""),
        None => {
            notes.push(Note {
                code: "context-without-path",
                message: "the context has no path to replace a last part of: the partial form \
                          becomes the path"
                    .into(),
            });
            if authority.is_empty() { "" } else { "/" }
        }
    };
    let joined = format!("{scheme}{authority}{kept}{partial}");
    // ". Within the result, all occurrences of "/xxx/.." or "/." are recursively
    // removed, where xxx, ".." and "." are complete path elements."
    steps.push(format!(
        "replace the context's last path part with the partial form: {joined}"
    ));
    let result = remove_dots(&joined, DotRules::Draft1993, notes);
    if result != joined {
        steps.push(format!("remove \"/xxx/..\" and \"/.\" elements: {result}"));
    }
    ("relative", result)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slash_runs_anchor_at_the_first_run_with_no_longer_run_right_of_it() {
        let c = "magic://a/b/c//d/e/f";
        assert_eq!(slash_run_anchor(c, 1), Some(16)); // the "/" after d
        assert_eq!(slash_run_anchor(c, 2), Some(6)); // the "//" after magic:
        assert_eq!(slash_run_anchor(c, 3), None);
    }
}
