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
