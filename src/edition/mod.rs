//! The editions urlbnf makes executable: what each document is, when, where it
//! prints its BNF, which rule names a whole URL, and what urlbnf knows of its
//! prose. An edition is its files under `grammar/` (`<id>.bnf`, `<id>.pest`,
//! `<id>.toml`); the build script makes this registry from them
//! (`generate.rs`), so no Rust names an edition. Everything that describes an
//! edition (the CLI help, the book, the manual's generated sections) reads it
//! from here.

use std::fmt;
use std::ops::Deref;
use std::str::FromStr;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

mod descriptor;
mod registered;

pub(crate) use descriptor::{
    Cited, Components, Descriptor, ExtractionText, LintText, MeaningText, NoteText,
};
pub(crate) use registered::Registration;

/// One printed grammar for URLs, known by its id (`rfc1738`): the editions
/// under `grammar/`, oldest first ([`Edition::ALL`]), each also a constant
/// (`Edition::Rfc1738`).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(into = "&'static str", try_from = "String")]
pub struct Edition(u16);

/// An edition shows as its id: `Rfc3986`'s Debug is `Edition("rfc3986")`.
///
/// ```
/// use urlbnf::Edition;
/// assert_eq!(format!("{:?}", Edition::Rfc3986), "Edition(\"rfc3986\")");
/// ```
impl fmt::Debug for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Edition").field(&self.id()).finish()
    }
}

// The editions' constants, `ALL`, the sets, `CHRONOLOGY`, the descriptors and
// the `editions!` list, generated from `grammar/` by the build script.
include!(concat!(env!("OUT_DIR"), "/editions.rs"));

/// An edition in the registry: what its files say, its descriptor among
/// them, with the editions it follows as editions. It reads as its
/// descriptor (`edition.descriptor().cite`).
#[derive(Debug)]
pub(crate) struct Entry {
    /// The edition in a few words (public as [`Edition::info`]).
    pub info: EditionInfo,
    /// The editions it continues (its descriptor's `follows`).
    pub follows: &'static [Edition],
    /// Its descriptor, `grammar/<id>.toml`.
    pub descriptor: Descriptor,
}

impl Deref for Entry {
    type Target = Descriptor;

    fn deref(&self) -> &Descriptor {
        &self.descriptor
    }
}

/// What urlbnf knows about an edition, in one place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EditionInfo {
    /// The id used on the command line and in JSON.
    pub id: &'static str,
    /// The document, its authors and date (the transcription's `%document`).
    pub document: &'static str,
    /// The section that prints the BNF (the transcription's `%section`).
    pub section: &'static str,
    /// The document and section in a few words, for a table of editions.
    pub title: &'static str,
    /// The document's date.
    pub date: &'static str,
    /// What the edition is, in a sentence (Markdown code spans allowed).
    pub summary: &'static str,
    /// The rule that names a whole URL: what `check` uses when none is named.
    pub default_rule: &'static str,
}

impl Edition {
    /// Whether the edition is one of the early ones (the set `early`, 1993-1994).
    ///
    /// ```
    /// use urlbnf::Edition;
    /// assert!(Edition::Rfc1738.is_early() && !Edition::Rfc3986.is_early());
    /// ```
    pub fn is_early(self) -> bool {
        self.descriptor().set == "early"
    }

    /// The editions a name on the command line stands for: an edition id, or a
    /// set (`early`, `later`, `all`); oldest first.
    ///
    /// ```
    /// use urlbnf::Edition;
    /// assert_eq!(Edition::set("later").unwrap(), vec![Edition::Rfc2396, Edition::Rfc3986]);
    /// assert_eq!(Edition::set("rfc1738").unwrap(), vec![Edition::Rfc1738]);
    /// assert_eq!(Edition::set("all").unwrap().len(), 7);
    /// ```
    pub fn set(name: &str) -> Result<Vec<Edition>, UnknownEdition> {
        let members: Vec<Edition> = Edition::ALL
            .into_iter()
            .filter(|e| {
                name.eq_ignore_ascii_case("all") || e.descriptor().set.eq_ignore_ascii_case(name)
            })
            .collect();
        if members.is_empty() {
            return Ok(vec![name.parse()?]);
        }
        Ok(members)
    }

    /// The edition's place in [`Edition::ALL`].
    pub(crate) const fn index(self) -> usize {
        self.0 as usize
    }

    /// What urlbnf knows of the edition's document (its `grammar/<id>.toml`;
    /// for a grammar read at run time, what its file says).
    pub(crate) fn descriptor(self) -> &'static Entry {
        // An `Edition` is made only by the registry: its constants, or a
        // registration, whose descriptor lives as long as the process.
        match DESCRIPTORS.get(self.index()) {
            Some(d) => d,
            None => registered::descriptor(self).unwrap_or(&DESCRIPTORS[0]),
        }
    }

    /// Register a grammar read at run time as an edition (`None`: its id is
    /// taken); the grammar layer reads and checks it first.
    pub(crate) fn register(r: Registration) -> Option<Edition> {
        registered::register(r)
    }

    /// Whether the edition has a transcription (`grammar/<id>.pest`, and the
    /// AST over it): every edition under `grammar/`, no grammar read at run
    /// time.
    ///
    /// ```
    /// use urlbnf::Edition;
    /// assert!(Edition::Rfc3986.has_transcription());
    /// ```
    pub fn has_transcription(self) -> bool {
        self.index() < Edition::ALL.len()
    }

    /// Everything urlbnf knows about the edition.
    ///
    /// ```
    /// use urlbnf::Edition;
    /// let info = Edition::Rfc1738.info();
    /// assert_eq!((info.id, info.date), ("rfc1738", "December 1994"));
    /// ```
    pub fn info(self) -> &'static EditionInfo {
        &self.descriptor().info
    }

    /// The edition id used on the command line and in JSON.
    ///
    /// ```
    /// use urlbnf::Edition;
    /// assert_eq!(Edition::Draft1994.id(), "draft-1994");
    /// ```
    pub fn id(self) -> &'static str {
        self.info().id
    }

    /// The rule `check` uses when none is named: the edition's whole-URL production.
    ///
    /// ```
    /// use urlbnf::Edition;
    /// assert_eq!(Edition::Rfc1738.default_rule(), "url");
    /// assert_eq!(Edition::Draft1993.default_rule(), "fragmentaddress");
    /// ```
    pub fn default_rule(self) -> &'static str {
        self.info().default_rule
    }

    /// The printed BNF, as transcribed in `grammar/<id>.bnf`.
    ///
    /// ```
    /// use urlbnf::Edition;
    /// assert!(Edition::Rfc1738.bnf_source().contains("httpurl"));
    /// ```
    pub fn bnf_source(self) -> &'static str {
        macro_rules! bnf {
            ($($variant:ident $id:literal $module:ident $path:literal;)*) => {
                match self {
                    $(Edition::$variant => include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/grammar/", $id, ".bnf")),)*
                    _ => registered::source(self).unwrap_or(""),
                }
            };
        }
        editions!(bnf)
    }

    /// The pest grammar, as in `grammar/<id>.pest`.
    ///
    /// ```
    /// use urlbnf::Edition;
    /// assert!(Edition::Rfc1738.pest_source().contains("httpurl ="));
    /// ```
    pub fn pest_source(self) -> &'static str {
        macro_rules! pest {
            ($($variant:ident $id:literal $module:ident $path:literal;)*) => {
                match self {
                    $(Edition::$variant => include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/grammar/", $id, ".pest")),)*
                    _ => "",
                }
            };
        }
        editions!(pest)
    }
}

impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl From<Edition> for &'static str {
    fn from(e: Edition) -> &'static str {
        e.id()
    }
}

/// An edition id that names no edition (converts into
/// [`Error::UnknownEdition`](crate::Error::UnknownEdition)).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct UnknownEdition {
    /// The id given.
    pub id: String,
}

impl fmt::Display for UnknownEdition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ids: Vec<&str> = Edition::ALL.iter().map(|e| e.id()).collect();
        write!(
            f,
            "unknown grammar '{}' (choose from: {})",
            self.id,
            ids.join(", ")
        )
    }
}

impl std::error::Error for UnknownEdition {}

impl FromStr for Edition {
    type Err = UnknownEdition;

    /// ```
    /// use urlbnf::Edition;
    /// assert_eq!("rfc1738".parse(), Ok(Edition::Rfc1738));
    /// assert_eq!("rfc3986".parse(), Ok(Edition::Rfc3986));
    /// assert!("rfc3987".parse::<Edition>().is_err());
    /// // Ids as the documents name themselves: without case.
    /// assert_eq!("RFC3986".parse(), Ok(Edition::Rfc3986));
    /// ```
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        // A grammar file's id is its path, which keeps its case.
        Edition::ALL
            .into_iter()
            .find(|e| e.id().eq_ignore_ascii_case(s))
            .or_else(|| registered::by_id(s))
            .ok_or_else(|| UnknownEdition { id: s.to_string() })
    }
}

/// One value per edition, computed on first use and then shared: the per-edition
/// caches (printed grammars, class tables, parser name tables) use this. A
/// grammar read at run time has its value kept for the life of the process,
/// as the grammar itself is.
pub(crate) struct PerEdition<T: 'static> {
    builtin: [OnceLock<T>; Edition::ALL.len()],
    registered: OnceLock<std::sync::Mutex<Vec<(Edition, &'static T)>>>,
}

impl<T> PerEdition<T> {
    pub(crate) const fn new() -> Self {
        PerEdition {
            builtin: [const { OnceLock::new() }; Edition::ALL.len()],
            registered: OnceLock::new(),
        }
    }

    pub(crate) fn get_or_init(&self, edition: Edition, init: impl FnOnce() -> T) -> &T {
        if let Some(cell) = self.builtin.get(edition.index()) {
            return cell.get_or_init(init);
        }
        let lock = || match self.registered.get_or_init(Default::default).lock() {
            Ok(v) => v,
            Err(poisoned) => poisoned.into_inner(),
        };
        let found = lock().iter().find(|(e, _)| *e == edition).map(|(_, v)| *v);
        if let Some(v) = found {
            return v;
        }
        // Made outside the lock: `init` may read other editions' values.
        let made: &'static T = Box::leak(Box::new(init()));
        let mut all = lock();
        match all.iter().find(|(e, _)| *e == edition) {
            Some((_, v)) => v,
            None => {
                all.push((edition, made));
                made
            }
        }
    }
}

impl TryFrom<String> for Edition {
    type Error = UnknownEdition;

    fn try_from(id: String) -> Result<Edition, UnknownEdition> {
        id.parse()
    }
}

/// In JSON an edition is its id.
#[cfg(feature = "schema")]
impl schemars::JsonSchema for Edition {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Edition".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let ids: Vec<&str> = Edition::ALL.iter().map(|e| e.id()).collect();
        schemars::json_schema!({
            "description": "An edition's id.",
            "type": "string",
            "enum": ids,
        })
    }
}
