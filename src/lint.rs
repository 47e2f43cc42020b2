//! Security lints (RFC 1738 §6): warnings about valid URLs, never errors.

use serde::Serialize;

use crate::ast::{self, Body, Url};
use crate::encoding;

/// How loud a lint is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    Note,
    Warning,
}

/// One finding, with a stable code and the span it concerns (bytes).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Lint {
    pub code: &'static str,
    pub level: Level,
    pub start: usize,
    pub end: usize,
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

/// The lints of a parsed URL.
pub fn lints(url: &Url<'_>) -> Vec<Lint> {
    let mut out = Vec::new();
    let scheme = url.scheme.text;
    // "...specifying a port number other than that reserved for the network
    // protocol in question... especially when it is a number within the reserved
    // space."
    if let Some(port) = url.hostport().and_then(|hp| hp.port) {
        let default = ast::default_port(scheme);
        let number: Option<u32> = port.text.parse().ok();
        if number.is_some() && number != default.map(u32::from) {
            let low = number.is_some_and(|n| n < 1024);
            let default_words = default.map_or("no default port".to_string(), |d| {
                format!("default port {d}")
            });
            out.push(Lint {
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
            });
        }
    }
    // RFC 1738 §3.1: a password in the URL is visible to anyone who sees it.
    let password = match &url.body {
        Body::Ftp(f) => f.login.password,
        Body::Telnet(t) => t.login.password,
        Body::Generic(g) => g.ip.and_then(|ip| ip.login.password),
        _ => None,
    };
    if let Some(p) = password {
        out.push(Lint {
            code: "password-in-url",
            level: Level::Warning,
            start: p.start,
            end: p.end,
            message: "the URL carries a password in clear".into(),
        });
    }
    // "Care should be taken when URLs contain embedded encoded delimiters for a
    // given protocol (for example, CR and LF characters for telnet protocols)".
    if LINE_PROTOCOLS.contains(&scheme) {
        let bytes = url.input.as_bytes();
        for (i, _) in url.input.match_indices('%') {
            let hex = bytes
                .get(i + 1..i + 3)
                .and_then(|h| std::str::from_utf8(h).ok());
            if let Some(b) = hex.and_then(|h| u8::from_str_radix(h, 16).ok()) {
                if b < 0x20 || b == 0x7f {
                    let what = match b {
                        0x0d => "CR".to_string(),
                        0x0a => "LF".to_string(),
                        0x00 => "NUL".to_string(),
                        _ => format!("control character {b:#04x}"),
                    };
                    // Gopher's %09 separates selector, search and gopher+ string.
                    if scheme == "gopher" && b == 0x09 {
                        continue;
                    }
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
        }
    }
    // RFC 1738 §2.2: "All unsafe characters must always be encoded within a URL."
    let unsafe_set = encoding::unsafe_chars();
    let fragment_at = url.fragment.map(|f| f.start.saturating_sub(1));
    for (i, c) in url.input.char_indices() {
        let is_unsafe = c.is_ascii() && unsafe_set & (1u128 << (c as u32)) != 0 && c != '%';
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
    out
}
