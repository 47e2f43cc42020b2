//! Partial (relative) forms: a partial URI read in the context of a full one.
//!
//! Two rule sets, each implemented as its document states it:
//! - RFC 1630, "Partial (relative) form" (the default);
//! - draft-1993, "Partial form";
//!
//! and a third reading, what the reference implementation of the time did:
//! CERN libwww 2.11's `HTParse(name, related, PARSE_ALL)` (1993), [`Rules::Libwww1993`].
//!
//! Both documents resolve against the context's URI without its fragment
//! (RFC 1630: `fragmentaddress uri [ # fragmentid ]`), and replace the last part
//! of its path, of which the search is not a part.
//!
//! Where a rule does not say what to do (no run of N slashes in the context, no
//! path in the context, `..` above the root) the result says what urlbnf did, in a
//! [`Note`]; nothing loops or panics on any input.

use std::fmt;

use serde::Serialize;

mod dots;
mod libwww;

use dots::{DotRules, remove_dots};

/// Which document's rules to apply.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
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
    /// What CERN libwww 2.11 (1993), the reference implementation of the time,
    /// did: `HTParse(name, related, PARSE_ALL)`.
    #[cfg_attr(feature = "cli", value(name = "libwww-1993"))]
    #[serde(rename = "libwww-1993")]
    Libwww1993,
}

impl Rules {
    /// Every reading, documents first.
    pub const ALL: [Rules; 3] = [Rules::Rfc1630, Rules::Draft1993, Rules::Libwww1993];

    /// The id, as `--rules` takes it.
    ///
    /// ```
    /// use urlbnf::resolve::Rules;
    /// assert_eq!(Rules::Libwww1993.id(), "libwww-1993");
    /// ```
    pub fn id(self) -> &'static str {
        match self {
            Rules::Rfc1630 => "rfc1630",
            Rules::Draft1993 => "draft-1993",
            Rules::Libwww1993 => "libwww-1993",
        }
    }
}

/// Something the caller should know about a resolution.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Note {
    /// A stable identifier.
    pub code: &'static str,
    /// The note in words.
    pub message: String,
}

/// The full form of a partial one, and how it was reached.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Resolution {
    /// Whose rules gave it.
    pub rules: Rules,
    /// The full URL that is the context.
    pub context: String,
    /// The partial form.
    pub partial: String,
    /// The full form.
    pub result: String,
    /// Which step of the rules applied (`absolute`, `slashes`, `relative`,
    /// `host`, `absolute-path`).
    pub step: &'static str,
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
///
/// ```
/// use urlbnf::resolve;
/// assert!(resolve::is_absolute("g:h"));
/// assert!(!resolve::is_absolute("a/b:c"));
/// ```
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
///
/// ```
/// use urlbnf::resolve::{Rules, resolve};
///
/// // RFC 1630's examples, in the context of magic://a/b/c//d/e/f.
/// assert_eq!(resolve(Rules::Rfc1630, "magic://a/b/c//d/e/f", "../g").result, "magic://a/b/c//d/g");
/// assert_eq!(resolve(Rules::Rfc1630, "magic://a/b/c//d/e/f", "//g").result, "magic://g");
/// ```
pub fn resolve(rules: Rules, context: &str, partial: &str) -> Resolution {
    let mut notes = Vec::new();
    let mut steps = Vec::new();
    let (step, result) =
        if rules == Rules::Libwww1993 {
            libwww::resolve(context, partial, &mut notes, &mut steps)
        } else if is_absolute(partial) {
            // Both documents: "If the scheme parts are different, the whole absolute
            // URI [locator] must be given", and a partial form has no colon before
            // its slashes.
            steps.push(format!(
                "{partial:?} has a colon before any slash: it is absolute, and is the result"
            ));
            ("absolute", partial.to_string())
        } else {
            let base = locator(context, &mut notes, &mut steps);
            if partial.is_empty() || partial.starts_with(['#', '?']) {
                notes.push(Note {
                code: "partial-without-path",
                message: format!(
                    "{partial:?} has no path: {} gives no rule for it, and the rule for a path is \
                     applied as written (the context's last part is replaced by nothing); later \
                     practice (RFC 1808, RFC 3986) keeps the whole context",
                    if rules == Rules::Rfc1630 { "RFC 1630" } else { "the 1993 draft" }
                ),
            });
            }
            match rules {
                Rules::Draft1993 => draft_1993(base, partial, &mut notes, &mut steps),
                _ => rfc1630(base, partial, &mut notes, &mut steps),
            }
        };
    if let Some(expected) = printed_example_disagreement(rules, context, partial) {
        notes.push(Note {
            code: "printed-example-differs",
            message: format!(
                "RFC 1630 prints {partial:?} -> {expected:?} as an example, which its own rule \
                 does not give; its author later wrote that RFC 1630 \"has an error in the \
                 examples\" (uri mailing list, 27 January 1997). urlbnf follows the rule; \
                 libwww 1993 gives the printed result (resolve --rules libwww-1993)."
            ),
        });
    }
    Resolution {
        rules,
        context: context.to_string(),
        partial: partial.to_string(),
        result,
        step,
        steps,
        notes,
    }
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
