//! Where a document's prose says more than its BNF, or other than it: notes on
//! a URL's components, each quoting the section it comes from. The verdicts
//! stay the BNF's; the notes say what the text around it adds.
//!
//! What a document says, and where, is in its edition's descriptor
//! (`grammar/<id>.toml`: `[fold_scheme_case]`, `[notes]`) and, for its
//! ports, in the one table of default ports; the notes here are what urlbnf
//! does with it. RFC 1738's prose says the most of its section
//! 5 BNF: scheme case (§2.1), default ports (§3.x), the gopher type and the
//! encoded tabs (§3.4), the empty or `localhost` file host (§3.10) and the
//! omitted FTP type code (§3.2.3).

use std::borrow::Cow;

use serde::Serialize;

use crate::edition::{Cited, Edition};
use crate::error::CheckError;
use crate::grammar::PrintedGrammar;
use crate::knowledge::known::{CatchAll, KnownScheme, SchemeList};
use crate::knowledge::meaning;
use crate::verdicts::ast::{Body, Url};

/// What the prose says about one component of one URL.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ProseNote {
    /// The note's name: `scheme-case`, `gopher-tab`, `catch-all`,
    /// `no-scheme-rule`, `fragment`, `generic-slashes`, `gopher-type`,
    /// `default-port`, `file-host`, `ftp-type`; on a fix (`check`):
    /// `gen-delim-data`, `ip-literal`, `white-space`, `colon-segment`,
    /// `idna`; on a reference with no scheme, `relative-only`.
    pub code: &'static str,
    /// The document and section, e.g. `RFC 1738 §3.4`.
    pub section: &'static str,
    /// The prose, quoted.
    pub quote: &'static str,
    /// Where the component starts in the input, in characters (Unicode
    /// scalar values), as every offset counts.
    pub start: usize,
    /// Where it ends, in characters.
    pub end: usize,
    /// What the prose means for this input, in words.
    pub message: String,
    /// `scheme-case`: the verdict with the scheme lowercased; `catch-all`: the
    /// verdict under the other reading (the known-scheme reading of a valid
    /// verdict, the letter of an invalid one); a fix's note: the verdict on
    /// the input corrected (`error.fix`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub valid: Option<bool>,
    /// `catch-all`: the rule of the input's scheme (`httpurl`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
    /// `catch-all` on a valid verdict: where and why the scheme's own rule
    /// does not derive the input.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<CheckError>,
}

impl ProseNote {
    /// A note quoting `section` on the characters `start..end` of an input,
    /// with no verdict of its own.
    pub(crate) fn at(
        code: &'static str,
        section: &'static str,
        quote: &'static str,
        (start, end): (usize, usize),
        message: String,
    ) -> ProseNote {
        ProseNote {
            code,
            section,
            quote,
            start,
            end,
            message,
            valid: None,
            rule: None,
            error: None,
        }
    }
}

/// The notes where prose and BNF disagree: they change what a reader takes
/// the URL to be (`check` shows these; `parse` and `tree` show all).
pub const DISAGREEMENTS: &[&str] = &["scheme-case", "gopher-tab", "catch-all"];

/// The note on an input of a known scheme that only the catch-all derives.
/// Read by the letter (`known_reading` false) the verdict is valid and
/// `own_error` says where the scheme's own rule stops; read with known
/// schemes the verdict is that error, and the note says the letter accepts.
pub(crate) fn catch_all(
    c: &'static CatchAll,
    scheme: &KnownScheme,
    own_error: Option<CheckError>,
    known_reading: bool,
) -> ProseNote {
    let head = format!(
        "{:?} has a rule of its own, {}; only {}, which the BNF keeps for new schemes, derives this input",
        scheme.scheme, scheme.rule, c.catch_all
    );
    let message = match (&own_error, known_reading) {
        (_, true) => format!(
            "{head}: valid by the letter of the BNF, invalid as {}",
            scheme.rule
        ),
        (Some(e), false) => format!(
            "{head}: as {} it stops at offset {}: {} (--known-schemes reads it so)",
            scheme.rule, e.offset, e.message
        ),
        (None, false) => head,
    };
    ProseNote {
        code: "catch-all",
        section: c.section,
        quote: &c.quote,
        start: 0,
        end: scheme.scheme.len(),
        message,
        valid: Some(known_reading),
        rule: Some(scheme.rule.clone()),
        error: own_error.filter(|_| !known_reading),
    }
}

/// The note on an input whose scheme the edition's closed list of schemes
/// has no rule for: the cause is the scheme, not the character where the
/// first scheme's rule gave up; the fix is an edition that takes it.
pub(crate) fn no_scheme_rule(list: &'static SchemeList, scheme: &str) -> ProseNote {
    let names: Vec<&str> = list.schemes.iter().map(|k| k.scheme.as_str()).collect();
    let edition = list.edition;
    let rule = PrintedGrammar::of(edition).rule(&list.rule);
    ProseNote {
        code: "no-scheme-rule",
        section: edition.info().title,
        quote: rule.and_then(|r| r.printed.as_deref()).unwrap_or(""),
        start: 0,
        end: scheme.len(),
        message: match names.iter().find(|n| n.eq_ignore_ascii_case(scheme)) {
            Some(lower) => format!(
                "no rule for scheme {scheme:?} in {edition}: its {} lists {lower:?} in lower case only",
                list.rule
            ),
            None => format!(
                "no rule for scheme {scheme:?} in {edition}: its {} lists {}; RFC 2396 and RFC 3986 take any scheme (--grammar later)",
                list.rule,
                names.join(", ")
            ),
        },
        valid: None,
        rule: Some(list.rule.clone()),
        error: None,
    }
}

/// Where the edition's prose says its URL ends before a `#` (RFC 1738
/// §2.2), the note on an input with one: the fragment is not part of the
/// URL; `before_valid` says whether the URL before it is valid.
pub(crate) fn fragment_outside(
    edition: Edition,
    at: usize,
    before_valid: bool,
) -> Option<ProseNote> {
    let d = edition.descriptor();
    let prose = d.note("fragment")?;
    Some(ProseNote {
        code: "fragment",
        section: prose.section,
        quote: prose.quote,
        start: at,
        end: at + 1,
        // RFC 1738 words it in prose; RFC 2396 by its BNF alone
        // (`URI-reference` holds the fragment, `absoluteURI` does not).
        message: match prose.message {
            Some(m) => m.replace("{0}", if before_valid { "valid" } else { "invalid too" }),
            None => format!(
                "{}'s URL ends before \"#\": a fragment follows the URL and is not part of it; the URL before it is {}",
                d.cite,
                if before_valid { "valid" } else { "invalid too" }
            ),
        },
        valid: Some(before_valid),
        rule: None,
        error: None,
    })
}

/// Where the edition's generic syntax has no `//` (RFC 1630's: its path is
/// `xpalphas` separated by `/`, so nothing there starts with `/`), the
/// note on `scheme://…`.
pub(crate) fn generic_slashes(edition: Edition, at: usize) -> Option<ProseNote> {
    let prose = edition.descriptor().note("generic-slashes")?;
    Some(ProseNote {
        code: "generic-slashes",
        section: prose.section,
        quote: prose.quote,
        start: at,
        end: at + 2,
        message: prose.message.unwrap_or(prose.quote).to_string(),
        valid: None,
        rule: None,
        error: None,
    })
}

/// The passage asking for scheme names without case, and the section as the
/// message says it (`section 2.1`).
fn scheme_case_prose(edition: Edition) -> Option<(Cited, String)> {
    let d = edition.descriptor();
    let prose = d.fold_scheme_case?;
    let number = prose
        .section
        .strip_prefix(d.cite)
        .map(|s| s.trim().trim_start_matches('§'))
        .filter(|s| !s.is_empty());
    let words = number.map_or_else(|| prose.section.to_string(), |n| format!("section {n}"));
    Some((prose, words))
}

/// The scheme of an input and its colon: `http:`.
fn scheme_of(input: &str) -> &str {
    input.find(':').and_then(|i| input.get(..=i)).unwrap_or("")
}

/// A part of the input in a message, quoted; a long one by its start and its
/// length, so a message stays a line.
fn shown(part: &str) -> String {
    const MAX: usize = 60;
    let n = part.chars().count();
    if n <= MAX {
        format!("{part:?}")
    } else {
        let start: String = part.chars().take(MAX / 2).collect();
        format!("{start:?}… ({n} characters)")
    }
}

/// The input with its scheme (the letters, digits, `+`, `.` and `-` before
/// the first `:`) lowercased: RFC 1738 §2.1's reading. Borrowed when there is
/// nothing to fold.
///
/// ```
/// use urlbnf::prose;
/// assert_eq!(prose::fold_scheme_case("HTTP://Info.CERN.ch/"), "http://Info.CERN.ch/");
/// ```
pub fn fold_scheme_case(input: &str) -> Cow<'_, str> {
    let scheme_len = input
        .bytes()
        .position(|b| !(b.is_ascii_alphanumeric() || b"+.-".contains(&b)))
        .filter(|&n| input.as_bytes().get(n) == Some(&b':'))
        .unwrap_or(0);
    match input.get(..scheme_len) {
        Some(scheme) if scheme.bytes().any(|b| b.is_ascii_uppercase()) => Cow::Owned(format!(
            "{}{}",
            scheme.to_ascii_lowercase(),
            input.get(scheme_len..).unwrap_or("")
        )),
        _ => Cow::Borrowed(input),
    }
}

/// Where the edition's prose asks for scheme names without case (RFC 1738
/// §2.1), on an input its rule does not derive: if its scheme has upper case
/// letters, what the input is with them lowercased (`derives` says whether
/// the rule derives a text; see
/// [`Checker::scheme_case`](crate::Checker::scheme_case)).
pub(crate) fn scheme_case(
    edition: Edition,
    input: &str,
    derives: impl FnOnce(&str) -> bool,
) -> Option<ProseNote> {
    let (prose, section) = scheme_case_prose(edition)?;
    let Cow::Owned(folded) = fold_scheme_case(input) else {
        return None;
    };
    let valid = derives(&folded);
    let end = input.find(':').unwrap_or(0);
    Some(ProseNote {
        code: "scheme-case",
        section: prose.section,
        quote: prose.quote,
        start: 0,
        end,
        message: format!(
            "the BNF's scheme names are lower case; {section} asks programs to accept upper case too: with the scheme lowercased ({:?}) the input is {}",
            scheme_of(&folded),
            if valid {
                "valid (--fold-scheme-case reads it so)"
            } else {
                "still invalid"
            }
        ),
        valid: Some(valid),
        rule: None,
        error: None,
    })
}

/// The note on an input checked with its scheme lowercased (`folded`), as
/// the edition's prose asks.
pub(crate) fn folded(
    edition: Edition,
    input: &str,
    folded: &str,
    valid: bool,
) -> Option<ProseNote> {
    let (prose, section) = scheme_case_prose(edition)?;
    Some(ProseNote {
        code: "scheme-case",
        section: prose.section,
        quote: prose.quote,
        start: 0,
        end: input.find(':').unwrap_or(0),
        message: format!(
            "checked with the scheme lowercased, as {section} asks: {:?}",
            scheme_of(folded)
        ),
        valid: Some(valid),
        rule: None,
        error: None,
    })
}

/// The notes on a URL the grammar derives.
///
/// ```
/// use urlbnf::{Edition, ast, prose};
/// let url = ast::parse(Edition::Rfc1738, "gopher://gopher.tc.umn.edu")?;
/// assert!(prose::notes(&url).iter().any(|n| n.code == "gopher-type"));
/// # Ok::<(), urlbnf::Error>(())
/// ```
pub fn notes(url: &Url<'_>) -> Vec<ProseNote> {
    let d = url.edition.descriptor();
    let note = ProseNote::at;
    let mut out = Vec::new();
    let scheme = url.scheme.map_or("", |s| s.text);
    if let (Some(hp), Some((port, prose))) = (url.hostport(), meaning::stated_port(d.cite, scheme))
        && hp.port.is_none()
    {
        let host = hp.host.part;
        out.push(note(
            "default-port",
            prose.section,
            prose.quote,
            (host.start, host.end),
            format!("no port given: {scheme} means port {port}"),
        ));
    }
    match &url.body {
        Body::Gopher(g) => {
            let end = url.input.len();
            match (
                g.gtype,
                g.selector,
                d.note("gopher-type"),
                d.note("gopher-tab"),
            ) {
                (None, _, Some(prose), _) => out.push(note(
                    "gopher-type",
                    prose.section,
                    prose.quote,
                    (g.hostport.host.part.end, end),
                    "no gopher path: the gopher type is \"1\" (a directory) and the selector empty"
                        .into(),
                )),
                (Some(_), Some(sel), _, Some(prose)) if sel.text.contains("%09") => {
                    let (selector, rest) = sel.text.split_once("%09").unwrap_or((sel.text, ""));
                    let (search, plus) = match rest.split_once("%09") {
                        Some((s, p)) => (s, Some(p)),
                        None => (rest, None),
                    };
                    let mut reading =
                        format!("selector {}, search {}", shown(selector), shown(search));
                    if let Some(p) = plus {
                        reading.push_str(&format!(", gopher+ string {}", shown(p)));
                    }
                    out.push(note(
                        "gopher-tab",
                        prose.section,
                        prose.quote,
                        (sel.start, sel.end),
                        format!(
                            "the BNF's search cannot hold what follows the encoded tab here, so its only derivation makes it all the selector; the prose reads {reading}"
                        ),
                    ));
                }
                _ => {}
            }
        }
        Body::File(f) if f.is_local() && d.note("file-host").is_some() => {
            let prose = d.note("file-host");
            let span = f.host.map_or((7, 7), |h| (h.part.start, h.part.end));
            out.push(note(
                "file-host",
                prose.map_or("", |p| p.section),
                prose.map_or("", |p| p.quote),
                span,
                "the file is on the machine reading the URL".into(),
            ));
        }
        Body::Ftp(f) if f.ftptype.is_none() && d.note("ftp-type").is_some() => {
            let prose = d.note("ftp-type");
            let end = url.input.len();
            out.push(note(
                "ftp-type",
                prose.map_or("", |p| p.section),
                prose.map_or("", |p| p.quote),
                (end, end),
                "no ;type=: the client guesses the transfer mode".into(),
            ));
        }
        _ => {}
    }
    out
}
