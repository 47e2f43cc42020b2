//! Security lints: warnings about valid URLs, never errors, each from the
//! edition's own document (its descriptor's `[lints.<code>]`, which says
//! where the document gives it). RFC 1738 §6 warns of ports and encoded
//! delimiters; RFC 3986 §7 of those (§7.2), of `%00` and encoded dot
//! segments (§7.3), rare IPv4 forms (§7.4), passwords (§3.2.1, §7.5) and
//! user information that looks like a host (§7.6). Nothing applies to an
//! edition whose document does not give it.

use serde::Serialize;

use crate::edition::LintText;
use crate::knowledge::encoding;
use crate::verdicts::ast::{Body, Part, Url};

mod port;

use port::{port_not_default, port_out_of_range, port_reserved_range};

/// How loud a lint is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// Worth knowing; not a risk by itself.
    Note,
    /// A risk the document names.
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
    /// Where it starts, in characters (a valid input is ASCII, so in
    /// bytes too).
    pub start: usize,
    /// Where it ends, in characters.
    pub end: usize,
    /// Where the edition's document gives the warning.
    pub section: &'static str,
    /// The finding in words.
    pub message: String,
}

/// Schemes whose components travel on a line-oriented protocol, where an encoded
/// CR or LF could become a command (RFC 1738 §6, RFC 3986 §7.2).
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

/// One lint: the code the user sees, how loud it is, and the one function
/// that finds it.
struct Rule {
    code: &'static str,
    level: Level,
    find: fn(&Url<'_>, &mut Found<'_>),
}

impl Rule {
    const fn new(code: &'static str, level: Level, find: fn(&Url<'_>, &mut Found<'_>)) -> Rule {
        Rule { code, level, find }
    }
}

/// Every lint, keyed by its code, in the order a URL's are reported: port,
/// password, user information, host, escapes, dot segments, unsafe
/// characters. A descriptor names those its document gives by these codes
/// (`[lints.<code>]`, with where the document says it); the manual's
/// "Adding a lint" says how to add one.
const LINTS: &[Rule] = &[
    Rule::new("port-out-of-range", Level::Warning, port_out_of_range),
    Rule::new("port-reserved-range", Level::Warning, port_reserved_range),
    Rule::new("port-not-default", Level::Warning, port_not_default),
    Rule::new("password-in-url", Level::Warning, password_in_url),
    Rule::new("misleading-userinfo", Level::Warning, misleading_userinfo),
    Rule::new("rare-ip-format", Level::Warning, rare_ip_format),
    Rule::new("encoded-control", Level::Warning, encoded_control),
    Rule::new("encoded-nul", Level::Warning, encoded_nul),
    Rule::new("encoded-dot-segment", Level::Warning, encoded_dot_segment),
    Rule::new("unsafe-character", Level::Note, unsafe_character),
];

/// The lints of a parsed URL that its edition's document gives, in the
/// order of their table: port, password, user information, host, escapes,
/// unsafe characters.
///
/// ```
/// use urlbnf::{Edition, ast, lint};
///
/// let url = ast::parse(Edition::Rfc1738, "ftp://anon:secret@h:25/a%0D%0Aquit")?;
/// let codes: Vec<&str> = lint::lints(&url).iter().map(|l| l.code).collect();
/// assert!(codes.contains(&"password-in-url"), "{codes:?}");
/// // RFC 3986 §7.6: user information that looks like a host.
/// let url = ast::parse(Edition::Rfc3986, "ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm")?;
/// let lints = lint::lints(&url);
/// assert_eq!(lints.first().map(|l| (l.code, l.section)), Some(("misleading-userinfo", "RFC 3986 §7.6")));
/// # Ok::<(), urlbnf::Error>(())
/// ```
pub fn lints(url: &Url<'_>) -> Vec<Lint> {
    let d = url.edition.descriptor();
    let mut out = Vec::new();
    for rule in LINTS {
        if let Some(t) = d.lint(rule.code) {
            let mut found = Found {
                rule,
                text: t,
                out: &mut out,
            };
            (rule.find)(url, &mut found);
        }
    }
    out
}

/// What a lint's function reports into: its row of the table, where the
/// edition's document gives it, and the lints so far.
struct Found<'a> {
    rule: &'static Rule,
    text: &'static LintText,
    out: &'a mut Vec<Lint>,
}

impl Found<'_> {
    fn push(&mut self, part: Part<'_>, message: String) {
        self.out.push(Lint {
            code: self.rule.code,
            level: self.rule.level,
            start: part.start,
            end: part.end,
            section: self.text.section,
            message,
        });
    }
}

/// The scheme in lower case (RFC 3986 §3.1: schemes are case-insensitive).
fn scheme_of(url: &Url<'_>) -> String {
    url.scheme
        .map_or(String::new(), |s| s.text.to_ascii_lowercase())
}

/// A password in the URL is visible to anyone who sees it (RFC 1738 §6);
/// "Use of the format "user:password" in the userinfo field is deprecated"
/// unless "the data after the colon is the empty string" (RFC 3986 §3.2.1).
fn password_in_url(url: &Url<'_>, found: &mut Found<'_>) {
    if let Some(p) = password(url) {
        found.push(p, "the URL carries a password in clear".into());
    }
}

/// The password the URL writes, where its scheme has one.
fn password<'a>(url: &Url<'a>) -> Option<Part<'a>> {
    match &url.body {
        Body::Ftp(f) => f.login.password,
        Body::Telnet(t) => t.login.password,
        Body::Generic(g) => g.ip.and_then(|ip| ip.login.password),
        Body::Uri(_) => {
            let info = url.authority()?.userinfo?;
            let colon = info.text.find(':')?;
            let after = info.text.get(colon + 1..)?;
            (!after.is_empty()).then(|| Part {
                text: after,
                start: info.start + colon + 1,
                end: info.end,
            })
        }
        _ => None,
    }
}

/// The start of `text` that reads as a host name (dot-separated labels of
/// letters, digits and hyphens, at least two, the last starting with a
/// letter) or a dotted IPv4 address.
fn host_like(text: &str) -> Option<&str> {
    let end = text
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '.'))
        .unwrap_or(text.len());
    let head = text.get(..end)?.trim_end_matches('.');
    let labels: Vec<&str> = head.split('.').collect();
    let named = labels.len() >= 2
        && labels.iter().all(|l| !l.is_empty())
        && labels
            .last()
            .is_some_and(|l| l.starts_with(|c: char| c.is_ascii_alphabetic()));
    let numbered = labels.len() == 4
        && labels
            .iter()
            .all(|l| !l.is_empty() && l.bytes().all(|b| b.is_ascii_digit()));
    (named || numbered).then_some(head)
}

/// RFC 3986 §7.6: "the userinfo subcomponent ... can be used to construct a
/// URI intended to mislead a human user by appearing to identify one
/// (trusted) naming authority while actually identifying a different
/// authority hidden behind the noise".
fn misleading_userinfo(url: &Url<'_>, found: &mut Found<'_>) {
    let info = match url.authority() {
        Some(a) => a.userinfo,
        None => url.login().and_then(|l| l.user),
    };
    let Some((info, looks)) = info.and_then(|i| Some((i, host_like(i.text)?))) else {
        return;
    };
    let host = url.host().map_or("", |h| h.part.text);
    let like = if looks == info.text {
        String::new()
    } else {
        format!(" ({looks:?})")
    };
    found.push(
        info,
        format!(
            "the user information {} looks like a host{like}, but the host is {host:?}",
            shown(info.text)
        ),
    );
}

/// A part of the input in a message, quoted; a long one by its start and length.
fn shown(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() <= 60 {
        return format!("{text:?}");
    }
    let start: String = chars.iter().take(30).collect();
    format!("{start:?}… ({} characters)", chars.len())
}

/// A number as C's `strtoul` reads it with base 0, as inet_aton() does:
/// `0x` hexadecimal, a leading `0` octal, else decimal.
fn c_number(s: &str) -> Option<u64> {
    let (digits, radix) = match s.get(..2) {
        Some("0x" | "0X") => (s.get(2..)?, 16),
        _ if s.len() > 1 && s.starts_with('0') => (s.get(1..)?, 8),
        _ => (s, 10),
    };
    if digits.is_empty() || digits.len() > 12 {
        return None;
    }
    u64::from_str_radix(digits, radix).ok()
}

/// The IPv4 address inet_aton() reads `host` as (RFC 3986 §7.4: "dotted
/// forms of three numbers ... two numbers ... a single number", each part
/// decimal, octal or hexadecimal), if it reads one.
fn inet_aton(host: &str) -> Option<[u8; 4]> {
    let parts: Vec<u64> = host.split('.').map(c_number).collect::<Option<_>>()?;
    let (last, init) = parts.split_last()?;
    if init.len() > 3 || init.iter().any(|&p| p > 255) {
        return None;
    }
    let room = 8 * (4 - init.len());
    if room < 64 && *last >= 1u64 << room {
        return None;
    }
    let mut value: u64 = *last;
    for (i, &p) in init.iter().enumerate() {
        value |= p << (24 - 8 * i);
    }
    u32::try_from(value).ok().map(u32::to_be_bytes)
}

/// RFC 3986 §7.4: a host that the grammar reads as a name (or, in RFC
/// 2396, as an IPv4 address of any digits) but that system routines such
/// as inet_aton() read as an IPv4 address of another spelling.
fn rare_ip_format(url: &Url<'_>, found: &mut Found<'_>) {
    let Some(host) = url.host() else { return };
    let Some([a, b, c, d]) = inet_aton(host.part.text) else {
        return;
    };
    let dotted = format!("{a}.{b}.{c}.{d}");
    if dotted == host.part.text {
        return;
    }
    found.push(
        host.part,
        format!(
            "the host {:?} is no dotted-decimal IPv4 address, but system routines such as \
             inet_aton() read it as {dotted}: filter on that address, not on the text",
            host.part.text
        ),
    );
}

/// The input's escapes (`%XX`): each as a part, and its octet.
fn escapes<'a>(url: &Url<'a>) -> impl Iterator<Item = (Part<'a>, u8)> {
    encoding::pieces(url.input).filter_map(|(i, piece)| match piece {
        encoding::Piece::Escape(b) => Some((
            Part {
                text: url.input.get(i..i + 3).unwrap_or(""),
                start: i,
                end: i + 3,
            },
            b,
        )),
        _ => None,
    })
}

/// "Care should be taken when URLs contain embedded encoded delimiters for a
/// given protocol (for example, CR and LF characters for telnet protocols)"
/// (RFC 1738 §6; RFC 3986 §7.2).
fn encoded_control(url: &Url<'_>, found: &mut Found<'_>) {
    let scheme = scheme_of(url);
    if !LINE_PROTOCOLS.contains(&scheme.as_str()) {
        return;
    }
    for (part, b) in escapes(url) {
        // Gopher's %09 separates selector, search and gopher+ string.
        let line_control = (b < 0x20 || b == 0x7f) && !(scheme == "gopher" && b == 0x09);
        if !line_control {
            continue;
        }
        let what = match b {
            0x0d => "CR".to_string(),
            0x0a => "LF".to_string(),
            0x00 => "NUL".to_string(),
            _ => format!("control character {b:#04x}"),
        };
        found.push(
            part,
            format!(
                "encoded {what} in {} {scheme} URL reaches a line protocol",
                article(&scheme)
            ),
        );
    }
}

/// "the "%00" percent-encoding (NUL) may require special handling and
/// should be rejected if the application is not expecting to receive raw
/// data within a component" (RFC 3986 §7.3): where `encoded-control` does
/// not report it already (a line protocol's, where the edition gives that).
fn encoded_nul(url: &Url<'_>, found: &mut Found<'_>) {
    let d = url.edition.descriptor();
    if LINE_PROTOCOLS.contains(&scheme_of(url).as_str()) && d.lint("encoded-control").is_some() {
        return;
    }
    for (part, b) in escapes(url) {
        if b == 0 {
            found.push(
                part,
                "an encoded NUL: reject it where a component is not raw data".into(),
            );
        }
    }
}

/// RFC 3986 §7.3: file systems give "." and ".." an operational meaning. A
/// segment that decodes to one is no dot segment for resolution and
/// normalization (§2.3, §6.2.2.3 remove dot segments as written), so it
/// reaches the server whole, where a back-end that decodes it sees "..".
fn encoded_dot_segment(url: &Url<'_>, found: &mut Found<'_>) {
    let Some(path) = url.path() else { return };
    for seg in path.segments() {
        if !seg.text.contains('%') {
            continue;
        }
        let decoded = seg.text.replace("%2E", ".").replace("%2e", ".");
        if decoded == "." || decoded == ".." {
            found.push(
                seg,
                format!(
                    "the segment {:?} decodes to {decoded:?}, which a back-end file system \
                     reads as a dot segment; resolution does not remove it",
                    seg.text
                ),
            );
        }
    }
}

/// RFC 1738 §2.2: "All unsafe characters must always be encoded within a URL."
fn unsafe_character(url: &Url<'_>, found: &mut Found<'_>) {
    let unsafe_set = encoding::unsafe_chars();
    let fragment_at = url.fragment.map(|f| f.start.saturating_sub(1));
    for (i, c) in url.input.char_indices() {
        let is_unsafe = unsafe_set.contains_char(c) && c != '%';
        // The "#" before a fragment is the edition's own delimiter.
        if is_unsafe && Some(i) != fragment_at {
            let part = Part {
                text: url.input.get(i..i + c.len_utf8()).unwrap_or(""),
                start: i,
                end: i + c.len_utf8(),
            };
            found.push(
                part,
                format!("{c:?} is unsafe (RFC 1738 section 2.2) and should be encoded"),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::LINTS;
    use crate::edition::Edition;

    /// Each code is in the table once, and a descriptor names its lints by
    /// the table's codes: a code it misspelt would silently give nothing.
    #[test]
    fn descriptors_name_lints_by_the_tables_codes() {
        for (i, r) in LINTS.iter().enumerate() {
            assert!(
                !LINTS.iter().skip(i + 1).any(|s| s.code == r.code),
                "{}",
                r.code
            );
        }
        for e in Edition::ALL {
            for l in e.descriptor().lints {
                let known = LINTS.iter().any(|r| r.code == l.code);
                assert!(known, "grammar/{e}.toml: [lints.{}] is no lint", l.code);
            }
        }
    }
}
