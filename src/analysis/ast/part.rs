//! The components every scheme shares: a piece of the input ([`Part`]), hosts,
//! ports, logins and paths, and the one place a `%XX` escape is decoded.

use std::fmt;

use serde::Serialize;

use crate::error::Error;

/// A piece of the input: its text and byte span.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Part<'a> {
    /// The text, exactly as in the input (escapes raw).
    pub text: &'a str,
    /// Byte offset where it starts in the input.
    pub start: usize,
    /// Byte offset where it ends.
    pub end: usize,
}

/// A `%` not followed by two hexadecimal digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
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
    pub fn decode(&self) -> Result<Vec<u8>, MalformedEscape> {
        use crate::analysis::encoding::{Piece, pieces};
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
    pub fn decode_lossy(&self) -> Result<String, MalformedEscape> {
        Ok(String::from_utf8_lossy(&self.decode()?).into_owned())
    }
}

/// A host: a name or a dotted number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Host<'a> {
    #[serde(flatten)]
    /// The host's text and span.
    pub part: Part<'a>,
    /// A name or a dotted number.
    pub kind: HostKind,
}

/// Which `host` alternative a host is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum HostKind {
    /// `hostname`: dot-separated labels.
    Name,
    /// `hostnumber`: dotted digits.
    Number,
}

impl Host<'_> {
    /// RFC 1738 §3.10: `localhost` (or no host) is the machine the URL is read on.
    pub fn is_localhost(&self) -> bool {
        self.kind == HostKind::Name && self.part.text == "localhost"
    }
}

/// `hostport`: a host and perhaps a port.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct HostPort<'a> {
    /// The host.
    pub host: Host<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    /// The port digits, after `:`.
    pub port: Option<Part<'a>>,
}

/// `login`: `[ user [ : password ] @ ] hostport`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
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

/// A slash-separated path; its segments split at each `/` (never escaped).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Path<'a> {
    #[serde(flatten)]
    /// The whole path's text and span.
    pub part: Part<'a>,
    /// Its segments, split at each `/`.
    pub segments: Vec<Part<'a>>,
}

impl<'a> Path<'a> {
    pub(super) fn of(input: &'a str, start: usize, end: usize) -> Path<'a> {
        let part = Part::of(input, start, end);
        let bytes = part.text.as_bytes();
        // Sized once: a long path's segments are most of an AST's memory.
        let mut segments = Vec::with_capacity(bytes.iter().filter(|&&b| b == b'/').count() + 1);
        let mut at = start;
        // One pass over the bytes: a `/` is never part of a multi-byte character.
        for (i, _) in bytes.iter().enumerate().filter(|&(_, &b)| b == b'/') {
            segments.push(Part::of(input, at, start + i));
            at = start + i + 1;
        }
        segments.push(Part::of(input, at, start + bytes.len()));
        Path { part, segments }
    }
}
