//! What urlbnf knows of an edition's document beyond its BNF: its
//! descriptor, `grammar/<id>.toml`, defined once, here. The build script
//! includes this file, reads each descriptor into these types
//! (`generate.rs`, which also checks them against the BNF) and writes them
//! out as Rust (`emit.rs`, from their `Serialize`); the library compiles what
//! it wrote into its registry. The analyses read them instead of naming
//! editions.
//!
//! A field is required unless said optional; a table of the file is a
//! struct here, `[lints.<code>]` and the like a list keyed by its code.

use std::collections::BTreeMap;

use serde::{Deserialize, Deserializer, Serialize};

/// One edition's descriptor, as `grammar/<id>.toml` states it.
#[derive(Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Descriptor {
    /// The edition in a table of editions (`RFC 1738 (December 1994), section 5`).
    #[serde(deserialize_with = "kept")]
    pub title: &'static str,
    /// The document's date, as printed.
    #[serde(deserialize_with = "kept")]
    pub date: &'static str,
    /// The date as `YYYY[-MM[-DD]]`; editions are ordered by it, then by id.
    #[serde(deserialize_with = "kept")]
    pub published: &'static str,
    /// The set `--grammar` names it by (`early`, `later`).
    #[serde(deserialize_with = "kept")]
    pub set: &'static str,
    /// Optional: true for the one edition that is the standard in force (the
    /// default of the commands that read one edition's meaning).
    #[serde(default)]
    pub in_force: bool,
    /// The ids of the editions it continues, for "what changed" (the pairs
    /// `diff` and the book compare) and for following renamed rules.
    #[serde(deserialize_with = "kept")]
    pub follows: &'static [&'static str],
    /// The rule that names a whole URL: what `check` uses when none is named.
    #[serde(deserialize_with = "kept")]
    pub default_rule: &'static str,
    /// The file under `../shared/seeds` the BNF is transcribed from, which
    /// the transcription test reads.
    #[serde(deserialize_with = "kept")]
    pub seed: &'static str,
    /// What the edition is, in a sentence (Markdown code spans allowed).
    #[serde(deserialize_with = "kept")]
    pub summary: &'static str,
    /// The document's name in a citation (`RFC 1738`).
    #[serde(deserialize_with = "kept")]
    pub cite: &'static str,
    /// Whether its sections are cited by number (`RFC 1738 §3.3 HTTP`) or by
    /// heading (`URL draft of July 1993, “Path”`).
    pub numbered: bool,
    /// The rules whose characters the edition reserves.
    #[serde(deserialize_with = "kept")]
    pub reserved_rules: &'static [&'static str],
    /// The characters its prose gives a meaning besides.
    #[serde(deserialize_with = "kept")]
    pub reserved_chars: &'static str,
    /// The rules whose characters it allows unencoded.
    #[serde(deserialize_with = "kept")]
    pub unreserved_rules: &'static [&'static str],
    /// What the document says its URLs mean (`[meaning]`).
    pub meaning: MeaningText,
    /// Optional (`[roles]`): each rule's role, `wrapper` for a rule that
    /// wraps the scheme productions (`url`), else the AST kind it builds
    /// (`http`, `generic`, `uri`…).
    #[serde(default, deserialize_with = "pairs")]
    pub roles: &'static [(&'static str, &'static str)],
    /// `[gloss]`: every printed rule = `[meaning]` or `[meaning, section]`
    /// (the section by default is the one printing the BNF).
    #[serde(deserialize_with = "pairs")]
    pub gloss: &'static [(&'static str, &'static [&'static str])],
    /// Optional (`[renames]`): rules and the names they had in the editions
    /// this one follows (RFC 1738 `httpurl = ["httpaddress"]`).
    #[serde(default, deserialize_with = "pairs")]
    pub renames: &'static [(&'static str, &'static [&'static str])],
    /// Optional (`[splits]`): earlier rules and the rules split out of them.
    #[serde(default, deserialize_with = "pairs")]
    pub splits: &'static [(&'static str, &'static [&'static str])],
    /// Optional: rules that continue no earlier rule of their name.
    #[serde(default, deserialize_with = "kept")]
    pub new: &'static [&'static str],
    /// Optional (`[catch_all]`): where the document says what its rule for
    /// new schemes is for (`quote` unless the comment printed above it says
    /// it).
    pub catch_all: Option<Cited>,
    /// Optional (`[fold_scheme_case]`): where the prose asks scheme names to
    /// be read without case, which the BNF does not derive
    /// (`--fold-scheme-case`).
    pub fold_scheme_case: Option<Cited>,
    /// Optional (`[scheme_case_derived]`): where the prose reads scheme names
    /// without case and the BNF derives upper case already (RFC 3986 §3.1
    /// and its `ALPHA`), so that folding changes nothing, which
    /// `--fold-scheme-case`'s help says.
    pub scheme_case_derived: Option<Cited>,
    /// Optional (`[notes.<code>]`): where the prose says more of a URL than
    /// the BNF.
    #[serde(default, deserialize_with = "keyed")]
    pub notes: &'static [NoteText],
    /// Optional (`[lints.<code>]`): the security warnings the document gives
    /// (`check --lint`), each by the code the user sees and where the
    /// document says it; the codes are those of the table of lints
    /// (`src/verdicts/lint/mod.rs`, whose unit test checks every descriptor's).
    /// Nothing applies to an edition its document does not give.
    #[serde(default, deserialize_with = "keyed")]
    pub lints: &'static [LintText],
    /// Optional: the AST's components an ambiguous derivation reads as short
    /// as they can be.
    #[serde(default, deserialize_with = "kept")]
    pub lazy_groups: &'static [&'static str],
    /// Optional (`[extraction]`): how the document delimits URLs in plain
    /// text, which `urlbnf extract` takes.
    pub extraction: Option<ExtractionText>,
}

/// A passage of a document: where it is, and its words (empty where the
/// words are the comment printed in the BNF).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Cited {
    /// The document and section (`RFC 1738 §2.1`).
    #[serde(deserialize_with = "kept")]
    pub section: &'static str,
    /// The words, quoted.
    #[serde(default, deserialize_with = "kept")]
    pub quote: &'static str,
}

/// Where the prose says more of a URL than the BNF: one kind of note.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct NoteText {
    /// The note's code (`fragment`, `gopher-tab`…): its key in the file.
    #[serde(skip_deserializing)]
    pub code: &'static str,
    /// The document and section.
    #[serde(deserialize_with = "kept")]
    pub section: &'static str,
    /// The words, quoted.
    #[serde(deserialize_with = "kept")]
    pub quote: &'static str,
    /// Optional: what the note says of an input, where the descriptor words
    /// it.
    #[serde(default, deserialize_with = "kept")]
    pub message: Option<&'static str>,
    /// Optional: the rule that derives what the note speaks of, where another
    /// than the one checked (RFC 3986 §4.1's `URI-reference` for a relative
    /// reference).
    #[serde(default, deserialize_with = "kept")]
    pub rule: Option<&'static str>,
}

/// What the document says its URLs mean (`[meaning]`; read by
/// `knowledge::meaning`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct MeaningText {
    /// Optional: the rule set of `urlbnf resolve` for its partial forms.
    #[serde(default, deserialize_with = "kept")]
    pub resolution: Option<&'static str>,
    /// Where the document gives it, or why there is none.
    #[serde(deserialize_with = "kept")]
    pub resolution_source: &'static str,
    /// `encoding-level` (RFC 1630's) or `ladder` (RFC 3986 §6.2's).
    #[serde(deserialize_with = "kept")]
    pub comparison: &'static str,
    /// Where that reading comes from.
    #[serde(deserialize_with = "kept")]
    pub comparison_source: &'static str,
    /// Optional: the rule the compared inputs must match.
    #[serde(default, deserialize_with = "kept")]
    pub compared_rule: Option<&'static str>,
    /// Whether `encode` escapes RFC 1738 §2.2's unsafe characters.
    pub encode_unsafe: bool,
    /// Optional (`[meaning.components]`): the rule bounding each component's
    /// characters (`encode --component`).
    pub components: Option<Components>,
}

/// The rule bounding each component's characters, for `encode --component`
/// (RFC 3986 §3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Components {
    /// One path segment.
    #[serde(deserialize_with = "kept")]
    pub segment: &'static str,
    /// A path.
    #[serde(deserialize_with = "kept")]
    pub path: &'static str,
    /// A query.
    #[serde(deserialize_with = "kept")]
    pub query: &'static str,
    /// A fragment.
    #[serde(deserialize_with = "kept")]
    pub fragment: &'static str,
    /// The user information of an authority.
    #[serde(deserialize_with = "kept")]
    pub userinfo: &'static str,
    /// A registered name as a host.
    #[serde(deserialize_with = "kept")]
    pub host: &'static str,
}

/// A security warning the document gives (`[lints.<code>]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct LintText {
    /// The lint's code, as `check --lint` shows it (`password-in-url`…): its
    /// key in the file.
    #[serde(skip_deserializing)]
    pub code: &'static str,
    /// Where the document says it.
    #[serde(deserialize_with = "kept")]
    pub section: &'static str,
    /// Its words.
    #[serde(deserialize_with = "kept")]
    pub quote: &'static str,
}

/// How the document delimits URLs in plain text (`[extraction]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ExtractionText {
    /// Where it says so.
    #[serde(deserialize_with = "kept")]
    pub section: &'static str,
    /// Its words.
    #[serde(deserialize_with = "kept")]
    pub quote: &'static str,
    /// The wrappers it names: `angle-brackets`, `url-prefix`, `double-quotes`.
    #[serde(deserialize_with = "kept")]
    pub delimiters: &'static [&'static str],
}

impl Descriptor {
    /// The role of `rule`: `wrapper`, or the AST kind it builds.
    pub fn role(&self, rule: &str) -> Option<&'static str> {
        self.roles
            .iter()
            .find(|(r, _)| *r == rule)
            .map(|&(_, role)| role)
    }

    /// The note of code `code`, if the document has one.
    pub fn note(&self, code: &str) -> Option<&'static NoteText> {
        self.notes.iter().find(|n| n.code == code)
    }

    /// The warning of code `code`, if the document gives it.
    pub fn lint(&self, code: &str) -> Option<&'static LintText> {
        self.lints.iter().find(|l| l.code == code)
    }

    /// The rule's meaning and its section (`None`: the BNF's own).
    pub fn gloss(&self, rule: &str) -> Option<(&'static str, Option<&'static str>)> {
        match self.gloss.iter().find(|(r, _)| *r == rule)?.1 {
            [meaning] => Some((meaning, None)),
            [meaning, section] => Some((meaning, Some(section))),
            _ => None,
        }
    }
}

// Reading a descriptor, which only the build script does: the library's
// descriptors are the Rust it wrote. A string or list read is leaked into
// the `'static` form the library's literals have; the build script reads
// each file once.

/// What a field is read as before it is leaked into its `'static` form.
trait Leaked: Sized + 'static {
    type Read: for<'de> Deserialize<'de>;
    fn keep(read: Self::Read) -> Self;
}

impl Leaked for &'static str {
    type Read = String;
    fn keep(read: String) -> Self {
        Box::leak(read.into_boxed_str())
    }
}

impl<T: Leaked> Leaked for &'static [T] {
    type Read = Vec<T::Read>;
    fn keep(read: Vec<T::Read>) -> Self {
        let kept: Vec<T> = read.into_iter().map(T::keep).collect();
        Box::leak(kept.into_boxed_slice())
    }
}

impl<T: Leaked> Leaked for Option<T> {
    type Read = Option<T::Read>;
    fn keep(read: Option<T::Read>) -> Self {
        read.map(T::keep)
    }
}

/// A string, a list or an optional one, kept.
fn kept<'de, D: Deserializer<'de>, T: Leaked>(d: D) -> Result<T, D::Error> {
    T::Read::deserialize(d).map(T::keep)
}

/// A table (`[roles]`) as its pairs, in key order.
fn pairs<'de, D, V>(d: D) -> Result<&'static [(&'static str, V)], D::Error>
where
    D: Deserializer<'de>,
    V: Leaked,
{
    let table = BTreeMap::<String, V::Read>::deserialize(d)?;
    let kept: Vec<(&'static str, V)> = table
        .into_iter()
        .map(|(k, v)| (<&str>::keep(k), V::keep(v)))
        .collect();
    Ok(Box::leak(kept.into_boxed_slice()))
}

/// An entry of a table keyed by its code (`[notes.<code>]`).
trait Coded: Sized + 'static {
    fn with_code(self, code: &'static str) -> Self;
}

impl Coded for NoteText {
    fn with_code(self, code: &'static str) -> Self {
        NoteText { code, ..self }
    }
}

impl Coded for LintText {
    fn with_code(self, code: &'static str) -> Self {
        LintText { code, ..self }
    }
}

/// A table of entries keyed by their codes, as a list in code order.
fn keyed<'de, D, T>(d: D) -> Result<&'static [T], D::Error>
where
    D: Deserializer<'de>,
    T: Coded + Deserialize<'de>,
{
    let table = BTreeMap::<String, T>::deserialize(d)?;
    let kept: Vec<T> = table
        .into_iter()
        .map(|(code, t)| t.with_code(<&str>::keep(code)))
        .collect();
    Ok(Box::leak(kept.into_boxed_slice()))
}
