//! What each printed rule means, in one line, and where its document says
//! more: the section of prose on the rule's topic (the scheme it belongs to,
//! the common Internet part, the characters), else the section that prints
//! the BNF. The glosses are urlbnf's words, kept per edition in its
//! descriptor (`grammar/<id>.toml`, `[gloss]`); the sections are the
//! documents' own headings (RFC 1738 and RFC 3986 number them; the others do
//! not).

use serde::Serialize;

use crate::edition::Edition;

/// A rule's meaning and the section to read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Gloss {
    /// What the rule is, in one line.
    pub gloss: &'static str,
    /// The document and section that says more (`RFC 1738 §3.3 HTTP`).
    pub section: String,
}

/// What `rule` means and where `edition`'s document says more; `None` for a
/// name the edition does not print.
///
/// ```
/// use urlbnf::{Edition, gloss};
/// let g = gloss::gloss(Edition::Rfc1738, "hsegment").unwrap();
/// assert_eq!(g.gloss, "one segment of an HTTP path");
/// assert_eq!(g.section, "RFC 1738 §3.3 HTTP");
/// assert_eq!(gloss::gloss(Edition::Draft1993, "hostport").unwrap().section,
///     "URL draft of July 1993, “Internet protocol parts”");
/// assert_eq!(gloss::gloss(Edition::Rfc3986, "dec-octet").unwrap().section, "RFC 3986 §3.2.2 Host");
/// ```
pub fn gloss(edition: Edition, rule: &str) -> Option<Gloss> {
    let d = edition.descriptor();
    let (gloss, section) = d.gloss(rule)?;
    let section = section.map_or_else(|| bnf_section(edition), str::to_string);
    // Numbered sections are cited as `RFC 3986 §3.2.2 Host`, others by heading.
    let section = match d.numbered {
        true => format!("{} {section}", d.cite),
        false => format!("{}, “{section}”", d.cite),
    };
    Some(Gloss { gloss, section })
}

/// The section that prints the BNF (the edition's
/// [`section`](crate::EditionInfo::section)); a number written as a reference
/// (`5. BNF …` as `§5 BNF …`).
fn bnf_section(edition: Edition) -> String {
    let printed = edition.info().section;
    match printed.split_once(". ") {
        Some((n, title)) if !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()) => {
            format!("§{n} {title}")
        }
        _ => printed.to_string(),
    }
}
