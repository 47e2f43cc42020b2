//! The WHATWG URL Standard's reading of a reference against a base: its basic
//! URL parser given the base, as the `url` crate implements it (`Url::join`).
//! A reading beside the documents, not one of them; where the crate departs
//! from the Standard's reference implementation, [`DEPARTURES`] says how.

use super::Note;

/// A case where the `url` crate's `join` gives another answer than the URL
/// Standard's reference implementation (npm `whatwg-url`), found by CI's
/// comparison of the two (`tests/whatwg/`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Departure {
    /// A stable identifier, also the note's code.
    pub code: &'static str,
    /// A base the departure shows on.
    pub base: &'static str,
    /// A reference.
    pub reference: &'static str,
    /// What the `url` crate gives (`failure` where it fails).
    pub url_crate: &'static str,
    /// What the Standard's reference implementation gives.
    pub standard: &'static str,
    /// The departure in words.
    pub why: &'static str,
}

/// Every departure of the `url` crate from the Standard that CI has found on
/// RFC 3986's examples and the generated pairs.
pub const DEPARTURES: &[Departure] = &[
    Departure {
        code: "url-crate-empty-host",
        base: "http://a/b/c/d;p?q",
        reference: "///g",
        url_crate: "failure (empty host)",
        standard: "http://g/",
        why: "against a base of a special scheme other than file, the Standard's \"special \
              authority ignore slashes state\" skips every slash and backslash before the \
              host; the url crate reads an empty host after the first two",
    },
    Departure {
        code: "url-crate-backslash-path",
        base: "s://h/a/b",
        reference: "\\g",
        url_crate: "s://h/g",
        standard: "s://h/a/\\g",
        why: "a backslash is a slash only in URLs of special schemes; against a base of \
              another scheme the url crate reads a leading backslash as a slash",
    },
    Departure {
        code: "url-crate-file-slashes",
        base: "file:///c:/x/y",
        reference: "/////",
        url_crate: "file:///",
        standard: "file://///",
        why: "against a file base, after \"//\" and an empty host the Standard keeps the \
              further slashes as the path; the url crate collapses them",
    },
    Departure {
        code: "url-crate-file-drive-host",
        base: "file://h/x/y",
        reference: "/g:",
        url_crate: "file:///g:",
        standard: "file://h/g:",
        why: "against a file base with a host, a path that starts with a Windows drive \
              letter keeps the base's host in the Standard; the url crate drops it",
    },
    Departure {
        code: "url-crate-empty-host-after-at",
        base: "http://a/b/c/d;p?q",
        reference: "s://@",
        url_crate: "s://",
        standard: "failure (host missing)",
        why: "an authority that ends in \"@\" has no host: the Standard fails \
              (\"host-missing\"); the url crate gives a URL with an empty host",
    },
];

/// The authority an absolute or network-path reference gives, if any.
fn authority_of(r: &str) -> Option<&str> {
    let after_scheme = match r.split_once(':') {
        Some((scheme, rest))
            if scheme.starts_with(|c: char| c.is_ascii_alphabetic())
                && scheme
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c)) =>
        {
            rest
        }
        _ => r,
    };
    let after = after_scheme.strip_prefix("//")?;
    Some(after.split(['/', '?', '#']).next().unwrap_or(after))
}

/// The reference as the Standard's parser reads it: leading and trailing C0
/// controls and spaces stripped, tabs and newlines removed.
fn cleaned(reference: &str) -> String {
    reference
        .trim_matches(|c: char| c <= ' ')
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect()
}

fn departure(code: &str) -> Option<&'static Departure> {
    DEPARTURES.iter().find(|d| d.code == code)
}

/// The departure a pair shows, with what the Standard gives (a URL, or
/// `None`: failure) where it can be had from the crate itself by rewriting
/// the reference as the Standard reads it; `None` where they agree.
fn departs(
    base: &url::Url,
    reference: &str,
    crate_result: &Result<url::Url, url::ParseError>,
) -> Option<(&'static Departure, Option<Option<String>>)> {
    let r = cleaned(reference);
    let slash = |c: char| c == '/' || c == '\\';
    let run = r.chars().take_while(|&c| slash(c)).count();
    let rest = r.get(run..).unwrap_or("");
    let crate_text = crate_result.as_ref().ok().map(url::Url::as_str);
    let differs = |alt: Result<url::Url, url::ParseError>| {
        let alt = alt.ok().map(|u| u.to_string());
        (alt.as_deref() != crate_text).then_some(alt)
    };
    if crate_result.is_ok() && authority_of(&r).is_some_and(|a| a.ends_with('@')) {
        return departure("url-crate-empty-host-after-at").map(|d| (d, Some(None)));
    }
    match base.scheme() {
        "file" => {
            let drive = {
                let mut c = rest.chars();
                run == 1
                    && c.next().is_some_and(|c| c.is_ascii_alphabetic())
                    && matches!(c.next(), Some(':' | '|'))
                    && c.next().is_none_or(|c| slash(c) || c == '?' || c == '#')
            };
            if run >= 4 {
                departure("url-crate-file-slashes").map(|d| (d, None))
            } else if drive && base.host_str().is_some_and(|h| !h.is_empty()) {
                departure("url-crate-file-drive-host").map(|d| (d, None))
            } else {
                None
            }
        }
        "http" | "https" | "ws" | "wss" | "ftp" if run >= 3 => {
            let alt = differs(base.join(&format!("//{rest}")))?;
            departure("url-crate-empty-host").map(|d| (d, Some(alt)))
        }
        "http" | "https" | "ws" | "wss" | "ftp" => None,
        _ if r.starts_with('\\') || r.starts_with("/\\") => {
            let rewritten = if r.starts_with('\\') {
                format!("./{r}")
            } else {
                format!("/.{r}")
            };
            let alt = differs(base.join(&rewritten))?;
            departure("url-crate-backslash-path").map(|d| (d, Some(alt)))
        }
        _ => None,
    }
}

/// The target of `reference` against `base`, or the Standard's failure.
pub(super) fn join(
    base: &url::Url,
    reference: &str,
    notes: &mut Vec<Note>,
    steps: &mut Vec<String>,
) -> Result<String, String> {
    let result = base.join(reference);
    let departed = departs(base, reference, &result);
    steps.push(match &result {
        Ok(u) => format!(
            "the WHATWG URL Standard's basic URL parser with the base (the url crate's Url::join): {u}"
        ),
        Err(e) => format!(
            "the WHATWG URL Standard's basic URL parser with the base (the url crate's Url::join) fails: {e}"
        ),
    });
    if let Some((d, standard)) = departed {
        let standard = match standard {
            Some(Some(url)) => format!("the Standard gives {url}"),
            Some(None) => "the Standard fails".to_string(),
            None => format!(
                "for {:?} against {} the Standard's reference implementation gives {}",
                d.reference, d.base, d.standard
            ),
        };
        notes.push(Note {
            code: d.code,
            message: format!(
                "the url crate departs from the URL Standard here: {}; {standard}",
                d.why
            ),
        });
    }
    result.map(|u| u.to_string()).map_err(|e| e.to_string())
}
