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
pub const DEPARTURES: &[Departure] = &[Departure {
    code: "url-crate-empty-host",
    base: "http://a/b/c/d;p?q",
    reference: "///g",
    url_crate: "failure (empty host)",
    standard: "http://g/",
    why: "against a base of a special scheme, the Standard's \"special authority ignore \
          slashes state\" skips every slash before the host; the url crate's join reads \
          an empty host after \"//\" and fails",
}];

/// The departure a pair shows, if it is of a known kind.
fn departure(base: &url::Url, reference: &str) -> Option<&'static Departure> {
    let special = matches!(base.scheme(), "http" | "https" | "ws" | "wss" | "ftp");
    let slashes = reference.len() - reference.trim_start_matches(['/', '\\']).len();
    DEPARTURES.first().filter(|_| special && slashes >= 3)
}

/// The target of `reference` against `base`, or the Standard's failure.
pub(super) fn join(
    base: &url::Url,
    reference: &str,
    notes: &mut Vec<Note>,
    steps: &mut Vec<String>,
) -> Result<String, String> {
    let result = base.join(reference);
    steps.push(match &result {
        Ok(u) => format!(
            "the WHATWG URL Standard's basic URL parser with the base (the url crate's Url::join): {u}"
        ),
        Err(e) => format!(
            "the WHATWG URL Standard's basic URL parser with the base (the url crate's Url::join) fails: {e}"
        ),
    });
    if let Some(d) = departure(base, reference) {
        notes.push(Note {
            code: d.code,
            message: format!(
                "the url crate departs from the URL Standard here: {} (the Standard's \
                 reference implementation gives {} for {:?} against {})",
                d.why, d.standard, d.reference, d.base
            ),
        });
    }
    result.map(|u| u.to_string()).map_err(|e| e.to_string())
}
