//! Security lints (RFC 1738 §6): warnings about valid URLs, never errors.

use serde::Serialize;

use crate::knowledge::encoding;
use crate::verdicts::ast::{self, Body, Url};

/// How loud a lint is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// Worth knowing; not a risk by itself.
    Note,
    /// A risk RFC 1738 section 6 names.
    Warning,
}

/// One finding, with a stable code and the span it concerns (bytes).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Lint {
    /// A stable identifier.
    pub code: &'static str,
    /// How serious.
    pub level: Level,
    /// Where the finding starts, in characters (a valid input is ASCII, so
    /// in bytes too).
    pub start: usize,
    /// Where it ends, in characters.
    pub end: usize,
    /// The finding in words.
    pub message: String,
}

/// Schemes whose components travel on a line-oriented protocol, where an encoded
/// CR or LF could become a command (RFC 1738 §6).
const LINE_PROTOCOLS: &[&str] = &[
    "ftp", "gopher", "nntp", "news", "telnet", "wais", "prospero", "http",
];

/// "a" or "an" before a scheme name, as it is read aloud ("an ftp URL").
fn article(scheme: &str) -> &'static str {
    match scheme {
        "ftp" | "http" | "nntp" => "an",
        _ => "a",
    }
}

/// The lints of a parsed URL, in this order: port, password, encoded controls,
/// unsafe characters.
///
/// ```
/// use urlbnf::{Edition, ast, lint};
///
/// let url = ast::parse(Edition::Rfc1738, "ftp://anon:secret@h:25/a%0D%0Aquit")?;
/// let codes: Vec<&str> = lint::lints(&url).iter().map(|l| l.code).collect();
/// assert!(codes.contains(&"password-in-url"), "{codes:?}");
/// # Ok::<(), urlbnf::Error>(())
/// ```
pub fn lints(url: &Url<'_>) -> Vec<Lint> {
    let mut out = Vec::new();
    out.extend(port(url));
    out.extend(password(url));
    encoded_controls(url, &mut out);
    unsafe_characters(url, &mut out);
    out
}

/// "...specifying a port number other than that reserved for the network
/// protocol in question... especially when it is a number within the reserved
/// space." (RFC 1738 §6)
fn port(url: &Url<'_>) -> Option<Lint> {
    let scheme = url.scheme.map_or("", |s| s.text);
    let port = url.hostport().and_then(|hp| hp.port)?;
    let default = ast::default_port(scheme);
    // A port of any number of digits: past 65535 it names no port at all.
    let digits = port.text.trim_start_matches('0');
    let value = match digits.len() {
        0 => Some(0),
        1..=5 => digits.parse::<u32>().ok(),
        _ => None,
    };
    let number = match value.and_then(|v| u16::try_from(v).ok()) {
        Some(n) => n,
        None => {
            return Some(Lint {
                code: "port-out-of-range",
                level: Level::Warning,
                start: port.start,
                end: port.end,
                message: format!(
                    "port {} is above 65535, the largest port number",
                    shown_digits(port.text)
                ),
            });
        }
    };
    if Some(number) == default {
        return None;
    }
    let low = number < 1024;
    let default_words = default.map_or("no default port".to_string(), |d| {
        format!("default port {d}")
    });
    Some(Lint {
        code: if low {
            "port-reserved-range"
        } else {
            "port-not-default"
        },
        level: Level::Warning,
        start: port.start,
        end: port.end,
        message: format!(
            "port {} is not {scheme}'s {default_words}{}",
            port.text,
            if low {
                ", and is below 1024, where other protocols' servers listen"
            } else {
                ""
            }
        ),
    })
}

/// A long run of digits by its start and length.
fn shown_digits(text: &str) -> String {
    match text.get(..20) {
        Some(start) if text.len() > 20 => format!("{start}… ({} digits)", text.len()),
        _ => text.to_string(),
    }
}

/// RFC 1738 §3.1: a password in the URL is visible to anyone who sees it.
fn password(url: &Url<'_>) -> Option<Lint> {
    let p = match &url.body {
        Body::Ftp(f) => f.login.password,
        Body::Telnet(t) => t.login.password,
        Body::Generic(g) => g.ip.and_then(|ip| ip.login.password),
        _ => None,
    }?;
    Some(Lint {
        code: "password-in-url",
        level: Level::Warning,
        start: p.start,
        end: p.end,
        message: "the URL carries a password in clear".into(),
    })
}

/// "Care should be taken when URLs contain embedded encoded delimiters for a
/// given protocol (for example, CR and LF characters for telnet protocols)".
fn encoded_controls(url: &Url<'_>, out: &mut Vec<Lint>) {
    let scheme = url.scheme.map_or("", |s| s.text);
    if !LINE_PROTOCOLS.contains(&scheme) {
        return;
    }
    for (i, piece) in encoding::pieces(url.input) {
        let encoding::Piece::Escape(b) = piece else {
            continue;
        };
        // Gopher's %09 separates selector, search and gopher+ string.
        if !(b < 0x20 || b == 0x7f) || (scheme == "gopher" && b == 0x09) {
            continue;
        }
        let what = match b {
            0x0d => "CR".to_string(),
            0x0a => "LF".to_string(),
            0x00 => "NUL".to_string(),
            _ => format!("control character {b:#04x}"),
        };
        out.push(Lint {
            code: "encoded-control",
            level: Level::Warning,
            start: i,
            end: i + 3,
            message: format!(
                "encoded {what} in {} {scheme} URL reaches a line protocol",
                article(scheme)
            ),
        });
    }
}

/// RFC 1738 §2.2: "All unsafe characters must always be encoded within a URL."
fn unsafe_characters(url: &Url<'_>, out: &mut Vec<Lint>) {
    let unsafe_set = encoding::unsafe_chars();
    let fragment_at = url.fragment.map(|f| f.start.saturating_sub(1));
    for (i, c) in url.input.char_indices() {
        let is_unsafe = unsafe_set.contains_char(c) && c != '%';
        // The "#" before a fragment is the edition's own delimiter.
        if is_unsafe && Some(i) != fragment_at {
            out.push(Lint {
                code: "unsafe-character",
                level: Level::Note,
                start: i,
                end: i + c.len_utf8(),
                message: format!("{c:?} is unsafe (RFC 1738 section 2.2) and should be encoded"),
            });
        }
    }
}
