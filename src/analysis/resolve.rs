//! Partial (relative) forms: a partial URI read in the context of a full one.
//!
//! Two rule sets, each implemented as its document states it:
//! - RFC 1630, "Partial (relative) form" (the default);
//! - draft-1993, "Partial form".
//!
//! Where a rule does not say what to do (no run of N slashes in the context, no
//! path in the context, `..` above the root) the result says what urlbnf did, in a
//! [`Note`]; nothing loops or panics on any input.

use std::fmt;

use serde::Serialize;

/// Which document's rules to apply.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Rules {
    /// RFC 1630, June 1994.
    #[default]
    #[cfg_attr(feature = "cli", value(name = "rfc1630"))]
    #[serde(rename = "rfc1630")]
    Rfc1630,
    /// The URL Internet-Draft of 14 July 1993.
    #[cfg_attr(feature = "cli", value(name = "draft-1993"))]
    #[serde(rename = "draft-1993")]
    Draft1993,
}

/// Something the caller should know about a resolution.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Note {
    /// A stable identifier.
    pub code: &'static str,
    /// The note in words.
    pub message: String,
}

/// The full form of a partial one, and how it was reached.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Resolution {
    /// The full URL that is the context.
    pub context: String,
    /// The partial form.
    pub partial: String,
    /// The full form.
    pub result: String,
    /// Which rule applied.
    pub rule: &'static str,
    /// Each step, in words: what the rule did and what it gave.
    pub steps: Vec<String>,
    /// What the caller should know.
    pub notes: Vec<Note>,
}

impl fmt::Display for Resolution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.result)
    }
}

/// RFC 1630: "A partial form can be distinguished from an absolute form in that the
/// latter must have a colon and that colon must occur before any slash characters."
pub fn is_absolute(s: &str) -> bool {
    match (s.find(':'), s.find('/')) {
        (Some(colon), Some(slash)) => colon < slash,
        (Some(_), None) => true,
        _ => false,
    }
}

/// The scheme of an absolute form, with its colon: `magic:`.
fn scheme_prefix(s: &str) -> &str {
    match s.find(':') {
        Some(i) if is_absolute(s) => s.get(..=i).unwrap_or(""),
        _ => "",
    }
}

/// A URL's scheme (with its colon), its `//host:port` part if any, and the rest.
fn split_url(url: &str) -> (&str, &str, &str) {
    let scheme = scheme_prefix(url);
    let rest = url.get(scheme.len()..).unwrap_or("");
    let host_end = match rest.strip_prefix("//") {
        Some(after) => 2 + after.find('/').unwrap_or(after.len()),
        None => 0,
    };
    let (authority, path) = rest.split_at(host_end.min(rest.len()));
    (scheme, authority, path)
}

/// Resolve `partial` in the context of `context`.
pub fn resolve(rules: Rules, context: &str, partial: &str) -> Resolution {
    let mut notes = Vec::new();
    let mut steps = Vec::new();
    // Both documents: "If the scheme parts are different, the whole absolute URI
    // [locator] must be given", and a partial form has no colon before its slashes.
    let (rule, result) = if is_absolute(partial) {
        steps.push(format!(
            "{partial:?} has a colon before any slash: it is absolute, and is the result"
        ));
        ("absolute", partial.to_string())
    } else {
        match rules {
            Rules::Rfc1630 => rfc1630(context, partial, &mut notes, &mut steps),
            Rules::Draft1993 => draft_1993(context, partial, &mut notes, &mut steps),
        }
    };
    if let Some(expected) = printed_example_disagreement(rules, context, partial) {
        notes.push(Note {
            code: "printed-example-differs",
            message: format!(
                "RFC 1630 prints {partial:?} -> {expected:?} as an example, which its own rule \
                 does not give; its author later wrote that RFC 1630 \"has an error in the \
                 examples\" (uri mailing list, 27 January 1997). urlbnf follows the rule."
            ),
        });
    }
    Resolution {
        context: context.to_string(),
        partial: partial.to_string(),
        result,
        rule,
        steps,
        notes,
    }
}

/// RFC 1630's printed example that disagrees with its printed rule.
fn printed_example_disagreement(
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
    let joined = match context.rfind('/') {
        Some(i) => {
            let kept = context.get(..=i).unwrap_or("");
            steps.push(format!(
                "remove the context's last part {:?} (after the rightmost slash): {kept:?}",
                context.get(i + 1..).unwrap_or("")
            ));
            steps.push(format!("append the partial form: {kept}{partial}"));
            format!("{kept}{partial}")
        }
        None => {
            notes.push(Note {
                code: "context-without-path",
                message: "the context has no slash, so no path to replace a last part of: the \
                          partial form follows the context's scheme"
                    .into(),
            });
            let joined = format!("{}{partial}", scheme_prefix(context));
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

#[derive(Clone, Copy, PartialEq, Eq)]
enum DotRules {
    /// RFC 1630: `xxx/../` and `/.`.
    Rfc1630,
    /// draft-1993: `/xxx/..` and `/.`.
    Draft1993,
}

/// Remove dot segments from the path part (after `scheme:` and any `//host`),
/// repeatedly, as each document states; each removal shortens the text, so this
/// ends. A `..` with nothing left to remove stays, with a note.
fn remove_dots(url: &str, rules: DotRules, notes: &mut Vec<Note>) -> String {
    let (scheme, authority, path) = split_url(url);
    let head = format!("{scheme}{authority}");
    let mut path = path.to_string();
    // Leave a query or fragment alone: dots there are not path elements.
    let tail_at = path.find(['?', '#']).unwrap_or(path.len());
    let tail = path.split_off(tail_at);
    let path = remove_all(&path, rules);
    if path.split('/').any(|e| e == "..") {
        notes.push(Note {
            code: "dot-dot-above-root",
            message: "a \"..\" remains: the rule's pattern does not match it (no path element \
                      before it, or under RFC 1630 no slash after it); it is kept"
                .into(),
        });
    }
    format!("{head}{path}{tail}")
}

/// Every removal the rule allows, repeated until none applies, in one pass: a
/// stack of the elements kept, where a removal only ever exposes the element
/// before it.
fn remove_all(path: &str, rules: DotRules) -> String {
    let elements: Vec<&str> = path.split('/').collect();
    let last = elements.len().saturating_sub(1);
    let mut kept: Vec<&str> = Vec::with_capacity(elements.len());
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
        }
        kept.push(e);
    }
    kept.join("/")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn absolute_forms_have_a_colon_before_any_slash() {
        assert!(is_absolute("g:h"));
        assert!(is_absolute("magic://a"));
        assert!(!is_absolute("a/b:c"));
        assert!(!is_absolute("../g"));
    }

    #[test]
    fn slash_runs_anchor_at_the_first_run_with_no_longer_run_right_of_it() {
        let c = "magic://a/b/c//d/e/f";
        assert_eq!(slash_run_anchor(c, 1), Some(16)); // the "/" after d
        assert_eq!(slash_run_anchor(c, 2), Some(6)); // the "//" after magic:
        assert_eq!(slash_run_anchor(c, 3), None);
    }
}
