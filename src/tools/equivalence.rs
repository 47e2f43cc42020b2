//! Whether two URLs are equivalent by their edition's own reading: both
//! brought to one level ([`crate::normalize`]), then compared as strings (RFC
//! 3986 §6.2's ladder, or RFC 1630's encoding level before it). A URL that is
//! not one of the edition is refused with where it stops, never compared.

use serde::Serialize;

use crate::edition::Edition;
use crate::knowledge::meaning::{Comparison, Level, meaning};
use crate::tools::normalize::{Normalized, Normalizer};
use crate::tools::resolve::Note;

/// Two URLs compared at a level.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Equivalence {
    /// The edition whose reading compares them.
    #[serde(rename = "grammar")]
    pub edition: Edition,
    /// The level both were brought to.
    pub level: Level,
    /// Which document the reading comes from, and the level's section.
    pub reading: String,
    /// The two URLs, each at the level (`normalized`) or refused (`errors`).
    pub urls: [Normalized; 2],
    /// Whether both are URLs of the edition and equal at the level.
    pub equivalent: bool,
    /// What the caller should know about the comparison itself.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<Note>,
}

/// Compare `a` and `b` under `edition` at `level` (its default level:
/// [`crate::meaning::Meaning::default_level`]); a level the edition's
/// reading lacks is an error naming those it has.
///
/// ```
/// use urlbnf::{Edition, equivalence::equivalent, meaning::Level};
///
/// // RFC 3986 §6.2.2.1: scheme and host are case-insensitive.
/// let e = equivalent(Edition::Rfc3986, Level::Syntax, "HTTP://www.EXAMPLE.com/", "http://www.example.com/")?;
/// assert!(e.equivalent);
/// // Not at this level, but at §6.2.3's: a note says so.
/// let e = equivalent(Edition::Rfc3986, Level::Syntax, "http://example.com/", "HTTP://EXAMPLE.COM:80")?;
/// assert_eq!(e.notes.first().map(|n| n.code), Some("equivalent-at"));
/// // RFC 1630's Example 1: %2D is "-"; Example 2: %2F is not "/".
/// let level = Level::Encoding;
/// assert!(equivalent(Edition::Rfc1738, level, "http://h/marie-claude", "http://h/marie%2Dclaude")?.equivalent);
/// assert!(!equivalent(Edition::Rfc1738, level, "http://h/a/b", "http://h/a%2Fb")?.equivalent);
/// # Ok::<(), String>(())
/// ```
pub fn equivalent(edition: Edition, level: Level, a: &str, b: &str) -> Result<Equivalence, String> {
    let n = Normalizer::new(edition, level)?;
    let urls = [n.normalize(a), n.normalize(b)];
    let (equivalent, case_only) = match (&urls[0].normalized, &urls[1].normalized) {
        (Some(x), Some(y)) => (x == y, x != y && x.eq_ignore_ascii_case(y)),
        _ => (false, false),
    };
    let mut notes = Vec::new();
    // Not a URL of the edition: refused, not compared.
    for (side, url) in ["A", "B"].iter().zip(&urls) {
        if url.normalized.is_none() {
            notes.push(Note {
                code: "not-a-url",
                message: format!("{side} is not a URL of {edition}: not compared"),
            });
        }
    }
    // The first higher level of the ladder at which they are equivalent.
    if let (false, Some(_), Some(_)) = (equivalent, &urls[0].normalized, &urls[1].normalized)
        && let Some(higher) = meaning(edition)
            .levels()
            .iter()
            .filter(|l| **l > level)
            .find(|&&l| {
                Normalizer::new(edition, l).is_ok_and(|n| {
                    let (x, y) = (n.normalize(a).normalized, n.normalize(b).normalized);
                    x.is_some() && x == y
                })
            })
    {
        notes.push(Note {
            code: "equivalent-at",
            message: format!("equivalent at the {0} level (--level {0})", higher.id()),
        });
    }
    if case_only && meaning(edition).comparison == Comparison::EncodingLevel {
        notes.push(Note {
            code: "case-only",
            message: format!(
                "they differ only in letter case, which {} compares exactly; RFC 3986 \
                 §6.2.2.1 reads the scheme and the host without case (equiv --grammar rfc3986)",
                meaning(edition).comparison_source
            ),
        });
    }
    Ok(Equivalence {
        edition,
        level,
        reading: n.reading(),
        urls,
        equivalent,
        notes,
    })
}
