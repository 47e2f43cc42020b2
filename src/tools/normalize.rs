//! A URL brought to a level of its edition's comparison before strings are
//! compared: RFC 3986 §6.2's ladder (simple string comparison §6.2.1,
//! syntax-based §6.2.2, scheme-based §6.2.3), or for the editions before it
//! RFC 1630's encoding level ("Encoding reserved characters"). Which reading
//! an edition has comes from [`crate::meaning`]. An input that is not a URL
//! of the edition is refused with where it stops, never compared.

use std::borrow::Cow;

use serde::Serialize;

use crate::edition::Edition;
use crate::knowledge::encoding;
use crate::knowledge::meaning::{Comparison, Level, default_port, meaning};
use crate::tools::resolve::Note;
use crate::tools::resolve::rfc3986::{
    encoded_dot_segment, has_dot_segment, position, remove_dot_segments, rootless_dots, split,
};
use crate::verdicts::check::{CheckError, Checker, Engine};

/// One URL at a level.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Normalized {
    /// The URL, as given.
    pub input: String,
    /// The URL at the level: what is compared (absent where it is refused).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub normalized: Option<String>,
    /// Why it is refused: where it stops being a URL of the edition, or
    /// (RFC 1630, Example 3) each malformed escape.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub errors: Vec<CheckError>,
    /// What the caller should know: each default the scheme-based level
    /// applied, with where it comes from; where the letter surprises.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<Note>,
}

/// Brings URLs of one edition to one level: the edition's checker is built
/// once.
#[derive(Clone, Debug)]
pub struct Normalizer {
    edition: Edition,
    level: Level,
    checker: Option<Checker>,
}

impl Normalizer {
    /// A normalizer for `edition` at `level`; a level the edition's comparison
    /// does not have is an error naming those it has.
    ///
    /// ```
    /// use urlbnf::{Edition, meaning::Level, normalize::Normalizer};
    /// let n = Normalizer::new(Edition::Rfc3986, Level::Syntax)?;
    /// assert_eq!(n.normalize("HTTP://www.EXAMPLE.com/").normalized.as_deref(), Some("http://www.example.com/"));
    /// assert!(Normalizer::new(Edition::Rfc1738, Level::Scheme).is_err());
    /// # Ok::<(), String>(())
    /// ```
    pub fn new(edition: Edition, level: Level) -> Result<Normalizer, String> {
        let m = meaning(edition);
        if !m.levels().contains(&level) {
            let ids: Vec<&str> = m.levels().iter().map(|l| l.id()).collect();
            return Err(format!(
                "{edition} has no {} level: its comparison is {} ({}), with the levels {}",
                level.id(),
                reading_name(m.comparison),
                m.comparison_source,
                ids.join(", ")
            ));
        }
        let rule = m.compared_rule.unwrap_or(edition.default_rule());
        let checker = Checker::new(edition, rule, Engine::Dfa).ok();
        Ok(Normalizer {
            edition,
            level,
            checker,
        })
    }

    /// Which document the reading comes from, and the level's section.
    ///
    /// ```
    /// use urlbnf::{Edition, meaning::Level, normalize::Normalizer};
    /// let n = Normalizer::new(Edition::Rfc3986, Level::Scheme).unwrap();
    /// assert_eq!(n.reading(), "RFC 3986 §6.2.3, scheme-based normalization, after §6.2.2");
    /// ```
    pub fn reading(&self) -> String {
        let m = meaning(self.edition);
        match (m.comparison, self.level) {
            (Comparison::Ladder, Level::String) => {
                format!("{} §6.2.1, simple string comparison", m.comparison_source)
            }
            (Comparison::Ladder, Level::Scheme) => format!(
                "{}.3, scheme-based normalization, after §6.2.2",
                m.comparison_source
            ),
            (Comparison::Ladder, _) => format!(
                "{}.2, syntax-based normalization: case, percent-encoding, dot segments",
                m.comparison_source
            ),
            (Comparison::EncodingLevel, Level::String) => {
                format!("character for character ({})", m.comparison_source)
            }
            (Comparison::EncodingLevel, _) => format!(
                "{}: the same encoding level, with {}'s reserved and unreserved characters",
                m.comparison_source, self.edition
            ),
        }
    }

    /// The edition.
    ///
    /// ```
    /// use urlbnf::{Edition, meaning::Level, normalize::Normalizer};
    /// assert_eq!(Normalizer::new(Edition::Rfc1738, Level::Encoding).unwrap().edition(), Edition::Rfc1738);
    /// ```
    pub fn edition(&self) -> Edition {
        self.edition
    }

    /// The level.
    ///
    /// ```
    /// use urlbnf::{Edition, meaning::Level, normalize::Normalizer};
    /// assert_eq!(Normalizer::new(Edition::Rfc3986, Level::String).unwrap().level(), Level::String);
    /// ```
    pub fn level(&self) -> Level {
        self.level
    }

    /// `input` at the level, or why it is refused.
    ///
    /// ```
    /// use urlbnf::{Edition, meaning::Level, normalize::Normalizer};
    /// let n = Normalizer::new(Edition::Rfc3986, Level::Scheme).unwrap();
    /// assert_eq!(n.normalize("http://example.com:80").normalized.as_deref(), Some("http://example.com/"));
    /// assert_eq!(n.normalize("http://a b/").errors[0].offset, 8);
    /// ```
    pub fn normalize(&self, input: &str) -> Normalized {
        let mut out = Normalized {
            input: input.to_string(),
            normalized: None,
            errors: Vec::new(),
            notes: Vec::new(),
        };
        if let Some(checker) = &self.checker
            && !checker.is_valid(input)
        {
            out.errors.push(checker.diagnose(input));
            return out;
        }
        let mut normal = String::new();
        match self.normalize_valid(input, &mut normal, &mut out.notes) {
            Ok(()) => out.normalized = Some(normal),
            Err(errors) => out.errors = errors,
        }
        out
    }

    /// Whether each input is a URL of the edition (what
    /// [`Normalizer::normalize`] checks first), eight walked side by side;
    /// one that is not UTF-8 is not.
    #[cfg(feature = "cli")]
    pub(crate) fn valid_each(&self, inputs: &[&[u8]]) -> Vec<bool> {
        match &self.checker {
            Some(checker) => checker.valid_each(inputs),
            None => inputs
                .iter()
                .map(|i| std::str::from_utf8(i).is_ok())
                .collect(),
        }
    }

    /// [`Normalizer::normalize`] of an input [`Normalizer::valid_each`]
    /// found valid: the normalized URL added to `to`, its notes to `notes`,
    /// or (RFC 1630, Example 3) its malformed escapes.
    pub(crate) fn normalize_valid(
        &self,
        input: &str,
        to: &mut String,
        notes: &mut Vec<Note>,
    ) -> Result<(), Vec<CheckError>> {
        match (meaning(self.edition).comparison, self.level) {
            (_, Level::String) => to.push_str(input),
            (Comparison::EncodingLevel, _) => {
                to.push_str(&encoding::canonical(self.edition, input)?)
            }
            (Comparison::Ladder, level) => ladder(input, level == Level::Scheme, notes, to),
        }
        Ok(())
    }
}

impl Normalizer {
    /// [`Normalizer::normalize`] for input given as bytes: text that is not
    /// UTF-8 is refused where it stops (shown with U+FFFD for each bad byte).
    ///
    /// ```
    /// use urlbnf::{Edition, meaning::Level, normalize::Normalizer};
    /// let n = Normalizer::new(Edition::Rfc3986, Level::Syntax).unwrap();
    /// assert_eq!(n.normalize_bytes(b"http://a/\xff").errors[0].offset, 9);
    /// ```
    pub fn normalize_bytes(&self, input: &[u8]) -> Normalized {
        match (std::str::from_utf8(input), &self.checker) {
            (Ok(text), _) => self.normalize(text),
            (Err(_), checker) => {
                let shown = String::from_utf8_lossy(input).into_owned();
                let error = checker.as_ref().and_then(|c| c.check_bytes(input).error);
                Normalized {
                    input: shown,
                    normalized: None,
                    errors: error.into_iter().collect(),
                    notes: Vec::new(),
                }
            }
        }
    }
}

fn reading_name(c: Comparison) -> &'static str {
    match c {
        Comparison::EncodingLevel => "the encoding level",
        Comparison::Ladder => "the comparison ladder",
    }
}

/// RFC 2234 §6.1 `HEXDIG`'s value.
fn hex(b: u8) -> Option<u8> {
    char::from(b)
        .to_digit(16)
        .and_then(|d| u8::try_from(d).ok())
}

/// A hexadecimal digit in upper case, as §6.2.2.1 writes percent-encodings.
fn upper_hex(d: u8) -> char {
    char::from_digit(u32::from(d), 16).map_or('0', |c| c.to_ascii_uppercase())
}

/// RFC 3986 §2.3: `unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"`.
fn unreserved(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~')
}

/// §6.2.2.1 and §6.2.2.2 on one component: each percent-encoding of an
/// unreserved character decoded, every other one in upper case; with
/// `lower`, the other letters in lower case (a host, §6.2.2.1).
fn percent(component: &str, lower: bool, out: &mut String) {
    let start = out.len();
    if !component.bytes().any(|b| b == b'%') {
        // Most components: copied whole (lowering a letter keeps each
        // character's length).
        out.push_str(component);
        if lower && let Some(tail) = out.get_mut(start..) {
            tail.make_ascii_lowercase();
        }
        return;
    }
    let bytes = component.as_bytes();
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        let pair = bytes
            .get(i + 1)
            .copied()
            .and_then(hex)
            .zip(bytes.get(i + 2).copied().and_then(hex));
        match (b, pair) {
            (b'%', Some((hi, lo))) => {
                let octet = hi * 16 + lo;
                if unreserved(octet) {
                    let c = char::from(octet);
                    out.push(if lower { c.to_ascii_lowercase() } else { c });
                } else {
                    out.push('%');
                    out.push(upper_hex(hi));
                    out.push(upper_hex(lo));
                }
                i += 3;
            }
            _ => {
                // A character of any length: copy it whole.
                let len = component
                    .get(i..)
                    .and_then(|r| r.chars().next())
                    .map_or(1, char::len_utf8);
                let text = component.get(i..i + len).unwrap_or("");
                let at = out.len();
                out.push_str(text);
                if lower && let Some(tail) = out.get_mut(at..) {
                    tail.make_ascii_lowercase();
                }
                i += len;
            }
        }
    }
}

/// An authority's parts (§3.2): userinfo before the first `@` (it has none),
/// the host (an IP literal in brackets, or up to the port's `:`), the port.
fn authority(a: &str) -> (Option<&str>, &str, Option<&str>) {
    let (userinfo, hostport) = match position(a, |b| b == b'@') {
        Some(at) => (a.get(..at), a.get(at + 1..).unwrap_or("")),
        None => (None, a),
    };
    let host_end = if hostport.starts_with('[') {
        position(hostport, |b| b == b']').map_or(hostport.len(), |i| i + 1)
    } else {
        position(hostport, |b| b == b':').unwrap_or(hostport.len())
    };
    let (host, port) = hostport.split_at(host_end.min(hostport.len()));
    (userinfo, host, port.strip_prefix(':'))
}

/// §6.2.2, then with `scheme_based` §6.2.3, on a URI (`URI`, so it has a
/// scheme; the caller has checked it), added to `to` (§5.3's recomposition).
fn ladder(input: &str, scheme_based: bool, notes: &mut Vec<Note>, to: &mut String) {
    let p = split(input);
    // §6.2.2.1: the scheme in lower case.
    let start = to.len();
    to.push_str(p.scheme.unwrap_or(""));
    if let Some(scheme) = to.get_mut(start..) {
        scheme.make_ascii_lowercase();
    }
    let scheme = to.get(start..).unwrap_or("");
    let (default, mailto) = (default_port(scheme), scheme == "mailto");
    to.push(':');
    if let Some(a) = p.authority {
        let (userinfo, host, port) = authority(a);
        to.push_str("//");
        if let Some(u) = userinfo {
            percent(u, false, to);
            to.push('@');
        }
        percent(host, true, to);
        let port = match port {
            // §6.2.3: "an explicit ":port", for which the port is empty or
            // the default for the scheme, is equivalent to one where the port
            // and its ":" delimiter are elided".
            Some("") if scheme_based => {
                notes.push(Note {
                    code: "empty-port-dropped",
                    message: "the empty port and its \":\" are dropped (RFC 3986 §6.2.3)".into(),
                });
                None
            }
            Some(port) if scheme_based => match default {
                Some(d) if port.parse::<u32>().ok() == Some(u32::from(d.port)) => {
                    notes.push(Note {
                        code: "default-port-dropped",
                        message: format!(
                            "port {port} is {}'s default and is dropped (RFC 3986 §6.2.3); the \
                             default comes from {}",
                            d.scheme, d.source
                        ),
                    });
                    None
                }
                _ => Some(port),
            },
            port => port,
        };
        if let Some(port) = port {
            to.push(':');
            to.push_str(port);
        }
    }
    // §6.2.2.2 then §6.2.2.3: a dot segment written "%2E" is decoded first,
    // then removed.
    // A path without "%" is its own decoding.
    let decoded: Cow<'_, str> = if p.path.bytes().any(|b| b == b'%') {
        let mut decoded = String::with_capacity(p.path.len());
        percent(p.path, false, &mut decoded);
        Cow::Owned(decoded)
    } else {
        Cow::Borrowed(p.path)
    };
    // Without a dot segment, remove_dot_segments gives the path back.
    let (mut path, dots, rootless_changed) = if has_dot_segment(&decoded) {
        let mut path = String::with_capacity(decoded.len());
        let dots = remove_dot_segments(&decoded, &mut path);
        let changed = !decoded.starts_with('/') && path != decoded;
        (Cow::Owned(path), dots, changed)
    } else {
        (decoded, Default::default(), false)
    };
    if encoded_dot_segment(p.path) {
        notes.push(Note {
            code: "encoded-dot-removed",
            message: "a dot segment written with \"%2E\" is decoded (§6.2.2.2: \".\" is \
                      unreserved) and then removed (§6.2.2.3)"
                .into(),
        });
    }
    if rootless_changed && !dots.rootless_removed {
        notes.push(rootless_dots());
    }
    if dots.rootless_removed {
        notes.push(Note {
            code: "rootless-path-rooted",
            message: "by the letter of §5.2.4, which §6.2.2.3 applies, a \"..\" that removes \
                      the first segment of a rootless path leaves a path that begins with \"/\""
                .into(),
        });
    }
    if p.authority.is_none() && path.starts_with("//") {
        notes.push(Note {
            code: "path-reads-as-authority",
            message: format!(
                "the path {path:?} begins with \"//\" and there is no authority: written out, \
                 it reads as an authority (remove_dot_segments as §5.2.4 prints it)"
            ),
        });
    }
    if scheme_based {
        if p.authority.is_some()
            && path.is_empty()
            && let Some(d) = default.filter(|d| d.empty_path_is_root)
        {
            // §6.2.3: "In general, a URI that uses the generic syntax for
            // authority with an empty path should be normalized to a path of
            // "/"": done for the schemes that define it so.
            path.to_mut().push('/');
            notes.push(Note {
                code: "empty-path-as-root",
                message: format!(
                    "the empty path is written \"/\" (RFC 3986 §6.2.3): {} defines an empty \
                     path as \"/\"; the source: {}",
                    d.scheme, d.path_source
                ),
            });
        }
        if mailto {
            path = Cow::Owned(mailto_domains(&path, notes));
        }
    }
    to.push_str(&path);
    if let Some(q) = p.query {
        to.push('?');
        percent(q, false, to);
    }
    if let Some(f) = p.fragment {
        to.push('#');
        percent(f, false, to);
    }
}

/// §6.2.3's example: "mailto:Joe@Example.COM" is equivalent to
/// "mailto:Joe@example.com": the domain of each address (after its last `@`,
/// addresses separated by `,`) in lower case.
fn mailto_domains(path: &str, notes: &mut Vec<Note>) -> String {
    let lowered: Vec<String> = path
        .split(',')
        .map(|address| match address.rsplit_once('@') {
            Some((local, domain)) => format!("{local}@{}", domain.to_ascii_lowercase()),
            None => address.to_string(),
        })
        .collect();
    let out = lowered.join(",");
    if out != path {
        notes.push(Note {
            code: "mailto-domain-case",
            message: "a mailto address's domain is a host name, case-insensitive: in lower \
                      case (RFC 3986 §6.2.3: \"mailto:Joe@Example.COM\" is equivalent to \
                      \"mailto:Joe@example.com\")"
                .into(),
        });
    }
    out
}

/// `input` under `edition` at `level` (see [`Normalizer`]).
///
/// ```
/// use urlbnf::{Edition, meaning::Level, normalize::normalize};
/// // RFC 3986 §6.2.2's example.
/// let n = normalize(Edition::Rfc3986, Level::Syntax, "eXAMPLE://a/./b/../b/%63/%7bfoo%7d")?;
/// assert_eq!(n.normalized.as_deref(), Some("example://a/b/c/%7Bfoo%7D"));
/// # Ok::<(), String>(())
/// ```
pub fn normalize(edition: Edition, level: Level, input: &str) -> Result<Normalized, String> {
    Ok(Normalizer::new(edition, level)?.normalize(input))
}
