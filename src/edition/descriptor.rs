//! What urlbnf knows of an edition's document beyond its BNF, as its
//! descriptor `grammar/<id>.toml` states it (`generate.rs` says what each
//! field means). The analyses read these instead of naming editions.

use super::{Edition, EditionInfo};

/// A passage of a document: where it is, and its words (empty where the
/// words are the comment printed in the BNF).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Cited {
    /// The document and section (`RFC 1738 §2.1`).
    pub section: &'static str,
    /// The words, quoted.
    pub quote: &'static str,
}

/// Where the prose says more of a URL than the BNF: one kind of note.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct NoteText {
    /// The note's code (`fragment`, `gopher-tab`…).
    pub code: &'static str,
    /// The document and section.
    pub section: &'static str,
    /// The words, quoted.
    pub quote: &'static str,
    /// What the note says of an input, where the descriptor words it.
    pub message: Option<&'static str>,
    /// The rule that derives what the note speaks of, where another than
    /// the one checked (`URI-reference` for a relative reference).
    pub rule: Option<&'static str>,
}

/// What the document says its URLs mean (`[meaning]`; read by
/// `analysis::meaning`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct MeaningText {
    /// The rule set of `urlbnf resolve` for its partial forms.
    pub resolution: Option<&'static str>,
    /// Where the document gives it, or why there is none.
    pub resolution_source: &'static str,
    /// `encoding-level` (RFC 1630's) or `ladder` (RFC 3986 §6.2's).
    pub comparison: &'static str,
    /// Where that reading comes from.
    pub comparison_source: &'static str,
    /// The rule the compared inputs must match.
    pub compared_rule: Option<&'static str>,
    /// Whether `encode` escapes RFC 1738 §2.2's unsafe characters.
    pub encode_unsafe: bool,
    /// The rule bounding each component's characters (segment, path, query,
    /// fragment, userinfo, host).
    pub components: Option<[&'static str; 6]>,
}

/// A security warning the document gives (`[lints.<code>]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct LintText {
    /// The lint's code, as `check --lint` shows it (`password-in-url`…).
    pub code: &'static str,
    /// Where the document says it.
    pub section: &'static str,
    /// Its words.
    pub quote: &'static str,
}

/// How the document delimits URLs in plain text (`[extraction]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ExtractionText {
    /// Where it says so.
    pub section: &'static str,
    /// Its words.
    pub quote: &'static str,
    /// The wrappers it names: `angle-brackets`, `url-prefix`, `double-quotes`.
    pub delimiters: &'static [&'static str],
}

/// One edition's descriptor.
#[derive(Debug)]
pub(crate) struct Descriptor {
    /// The edition in a few words (public as [`Edition::info`]).
    pub info: EditionInfo,
    /// The set `--grammar` names it by.
    pub set: &'static str,
    /// The editions it continues.
    pub follows: &'static [Edition],
    /// The document's name in a citation (`RFC 1738`).
    pub cite: &'static str,
    /// Whether its sections are cited by number (`§3.3 HTTP`) or by heading.
    pub numbered: bool,
    /// The rules whose characters the edition reserves.
    pub reserved_rules: &'static [&'static str],
    /// The characters its prose reserves besides.
    pub reserved_chars: &'static str,
    /// The rules whose characters it allows unencoded.
    pub unreserved_rules: &'static [&'static str],
    /// What the document says its URLs mean.
    pub meaning: MeaningText,
    /// Each rule's role: `wrapper`, or the AST kind it builds.
    pub roles: &'static [(&'static str, &'static str)],
    /// Each printed rule's meaning and section (`None`: the BNF's own).
    pub glosses: &'static [(&'static str, &'static str, Option<&'static str>)],
    /// Rules and the names they had in the editions this one follows.
    pub renames: &'static [(&'static str, &'static [&'static str])],
    /// Earlier rules and the rules split out of them.
    pub splits: &'static [(&'static str, &'static [&'static str])],
    /// Rules that continue no earlier rule of their name.
    pub new: &'static [&'static str],
    /// What the document says of its rule for new schemes.
    pub catch_all: Option<Cited>,
    /// Where the prose asks scheme names to be read without case, which the
    /// BNF does not derive (`--fold-scheme-case`).
    pub fold_scheme_case: Option<Cited>,
    /// Where the prose reads scheme names without case and the BNF derives
    /// upper case already: folding changes nothing.
    pub scheme_case_derived: Option<Cited>,
    /// Where the prose says more of a URL than the BNF.
    pub notes: &'static [NoteText],
    /// The security warnings the document gives.
    pub lints: &'static [LintText],
    /// Components an ambiguous derivation reads as short as they can be.
    pub lazy_groups: &'static [&'static str],
    /// How the document delimits URLs in plain text, if it says.
    pub extraction: Option<ExtractionText>,
}

impl Descriptor {
    /// The role of `rule`: `wrapper`, or the AST kind it builds.
    pub fn role(&self, rule: &str) -> Option<&'static str> {
        self.roles
            .iter()
            .find(|(r, _)| *r == rule)
            .map(|&(_, role)| role)
    }

    /// The note of kind `code`, if the document has one.
    pub fn note(&self, code: &str) -> Option<&'static NoteText> {
        self.notes.iter().find(|n| n.code == code)
    }

    /// The warning of code `code`, if the document gives it.
    pub fn lint(&self, code: &str) -> Option<&'static LintText> {
        self.lints.iter().find(|l| l.code == code)
    }

    /// The rule's meaning and its section (`None`: the BNF's own).
    pub fn gloss(&self, rule: &str) -> Option<(&'static str, Option<&'static str>)> {
        self.glosses
            .iter()
            .find(|(r, _, _)| *r == rule)
            .map(|&(_, meaning, section)| (meaning, section))
    }
}
