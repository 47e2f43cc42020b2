//! The components every scheme shares: a piece of the input ([`Part`]), hosts,
//! ports, logins and paths, and the one place a `%XX` escape is decoded.

use std::fmt;

use serde::Serialize;

use crate::error::Error;

/// A piece of the input: its text and byte span.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Part<'a> {
    /// The text, exactly as in the input (escapes raw).
    pub text: &'a str,
    /// Where it starts in the input, in characters (a valid input is ASCII,
    /// so in bytes too).
    pub start: usize,
    /// Where it ends, in characters.
    pub end: usize,
}

/// Shown, a part is its text as in the input.
impl fmt::Display for Part<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text)
    }
}

/// A `%` not followed by two hexadecimal digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct MalformedEscape {
    /// Byte offset of the `%` in the input.
    pub offset: usize,
}

impl fmt::Display for MalformedEscape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "malformed escape at byte {}", self.offset)
    }
}

impl std::error::Error for MalformedEscape {}

impl From<MalformedEscape> for Error {
    fn from(e: MalformedEscape) -> Error {
        Error::MalformedEscape { offset: e.offset }
    }
}

impl<'a> Part<'a> {
    pub(super) fn of(input: &'a str, start: usize, end: usize) -> Part<'a> {
        Part {
            text: input.get(start..end).unwrap_or(""),
            start,
            end,
        }
    }

    /// The bytes the text stands for: each `%XX` decoded (RFC 1738 §2.2).
    ///
    /// ```
    /// use urlbnf::{Edition, ast};
    /// let url = ast::parse(Edition::Rfc1738, "http://h/p?a%20b")?;
    /// assert_eq!(url.search().map(|s| s.decode()).transpose()?, Some(b"a b".to_vec()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn decode(&self) -> Result<Vec<u8>, MalformedEscape> {
        use crate::knowledge::encoding::{Piece, pieces};
        let mut out = Vec::with_capacity(self.text.len());
        for (i, piece) in pieces(self.text) {
            match piece {
                Piece::Char(c) => out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes()),
                Piece::Escape(b) => out.push(b),
                Piece::Malformed => {
                    return Err(MalformedEscape {
                        offset: self.start + i,
                    });
                }
            }
        }
        Ok(out)
    }

    /// The decoded text, where it is UTF-8 (lossy otherwise).
    ///
    /// ```
    /// use urlbnf::{Edition, ast};
    /// let url = ast::parse(Edition::Rfc1738, "http://h/p?caf%C3%A9")?;
    /// assert_eq!(url.search().map(|s| s.decode_lossy()).transpose()?.as_deref(), Some("café"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn decode_lossy(&self) -> Result<String, MalformedEscape> {
        Ok(String::from_utf8_lossy(&self.decode()?).into_owned())
    }
}

/// A host: a name or a dotted number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Host<'a> {
    #[serde(flatten)]
    /// The host's text and span.
    pub part: Part<'a>,
    /// A name or a dotted number.
    pub kind: HostKind,
}

/// Which `host` alternative a host is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum HostKind {
    /// `hostname`: dot-separated labels.
    Name,
    /// `hostnumber` (RFC 2396, RFC 3986: `IPv4address`): dotted digits.
    Number,
    /// RFC 3986 `reg-name`: a registered name, any of its characters (possibly
    /// empty).
    #[serde(rename = "reg-name")]
    RegName,
    /// RFC 3986 `IP-literal` holding an `IPv6address`; the part keeps the brackets.
    #[serde(rename = "ipv6")]
    Ipv6,
    /// RFC 3986 `IP-literal` holding an `IPvFuture`; the part keeps the brackets.
    #[serde(rename = "ipvfuture")]
    IpvFuture,
}

/// Shown, a host is its text.
impl fmt::Display for Host<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.part.fmt(f)
    }
}

/// Shown, a path is its text.
impl fmt::Display for Path<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.part.fmt(f)
    }
}

impl Host<'_> {
    /// RFC 1738 §3.10: `localhost` (or no host) is the machine the URL is read on.
    ///
    /// ```
    /// use urlbnf::{Edition, ast};
    /// let url = ast::parse(Edition::Rfc1738, "file://localhost/etc/motd")?;
    /// assert!(url.host().is_some_and(|h| h.is_localhost()));
    /// # Ok::<(), urlbnf::Error>(())
    /// ```
    pub fn is_localhost(&self) -> bool {
        self.kind == HostKind::Name && self.part.text == "localhost"
    }
}

/// `hostport`: a host and perhaps a port.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct HostPort<'a> {
    /// The host.
    pub host: Host<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    /// The port digits, after `:`.
    pub port: Option<Part<'a>>,
}

/// `login`: `[ user [ : password ] @ ] hostport`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Login<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    /// The user name, before `:` or `@`.
    pub user: Option<Part<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    /// The password, after `user:`.
    pub password: Option<Part<'a>>,
    #[serde(flatten)]
    /// The host and port after `@`.
    pub hostport: HostPort<'a>,
}

/// A slash-separated path. Its segments (split at each `/`, never escaped) are
/// found when asked for, not held: a path costs the same whatever its length,
/// and building an AST allocates nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Path<'a> {
    /// The whole path's text and span.
    pub part: Part<'a>,
}

impl<'a> Path<'a> {
    pub(super) fn of(input: &'a str, start: usize, end: usize) -> Path<'a> {
        Path {
            part: Part::of(input, start, end),
        }
    }

    /// Its segments, in order: one more than it has `/`.
    ///
    /// ```
    /// use urlbnf::{Edition, ast};
    /// let url = ast::parse(Edition::Rfc1738, "http://h/hypertext/WWW/")?;
    /// let segments: Vec<&str> = url.path().map(|p| p.segments().map(|s| s.text).collect()).unwrap_or_default();
    /// assert_eq!(segments, ["hypertext", "WWW", ""]);
    /// # Ok::<(), urlbnf::Error>(())
    /// ```
    pub fn segments(&self) -> Segments<'a> {
        Segments {
            rest: Some(self.part),
        }
    }
}

/// Serialised as its part with its segments: `{"text", "start", "end",
/// "segments": [parts]}`.
impl Serialize for Path<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        struct List<'a>(Path<'a>);
        impl Serialize for List<'_> {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_seq(self.0.segments())
            }
        }
        let mut path = serializer.serialize_struct("Path", 4)?;
        path.serialize_field("text", self.part.text)?;
        path.serialize_field("start", &self.part.start)?;
        path.serialize_field("end", &self.part.end)?;
        path.serialize_field("segments", &List(*self))?;
        path.end()
    }
}

#[cfg(feature = "schema")]
impl schemars::JsonSchema for Path<'_> {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Path".into()
    }

    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let part = generator.subschema_for::<Part<'_>>();
        schemars::json_schema!({
            "description": "A part of the input and its segments, split at each \"/\".",
            "type": "object",
            "properties": {
                "text": {"type": "string"},
                "start": {"type": "integer", "minimum": 0},
                "end": {"type": "integer", "minimum": 0},
                "segments": {"type": "array", "items": part},
            },
            "required": ["text", "start", "end", "segments"],
            "additionalProperties": false,
        })
    }
}

/// The segments of a [`Path`], from either end.
#[derive(Clone, Debug)]
pub struct Segments<'a> {
    /// What is left: none once every segment has been given.
    rest: Option<Part<'a>>,
}

impl<'a> Segments<'a> {
    /// No segments (the segments of no path).
    ///
    /// ```
    /// use urlbnf::ast::Segments;
    /// assert_eq!(Segments::none().count(), 0);
    /// ```
    pub fn none() -> Segments<'a> {
        Segments { rest: None }
    }
}

/// `part` split at byte `i` (a `/`): before it, and after it.
fn split(part: Part<'_>, i: usize) -> (Part<'_>, Part<'_>) {
    let (before, after) = part.text.split_at_checked(i).unwrap_or((part.text, ""));
    let before = Part {
        text: before,
        start: part.start,
        end: part.start + i,
    };
    let after = Part {
        text: after.get(1..).unwrap_or(""),
        start: part.start + i + 1,
        end: part.end,
    };
    (before, after)
}

impl<'a> Iterator for Segments<'a> {
    type Item = Part<'a>;

    fn next(&mut self) -> Option<Part<'a>> {
        let rest = self.rest?;
        match rest.text.bytes().position(|b| b == b'/') {
            Some(i) => {
                let (segment, rest) = split(rest, i);
                self.rest = Some(rest);
                Some(segment)
            }
            None => self.rest.take(),
        }
    }
}

impl DoubleEndedIterator for Segments<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        let rest = self.rest?;
        match rest.text.bytes().rposition(|b| b == b'/') {
            Some(i) => {
                let (rest, segment) = split(rest, i);
                self.rest = Some(rest);
                Some(segment)
            }
            None => self.rest.take(),
        }
    }
}
