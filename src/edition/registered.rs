//! Grammars read at run time (a user's grammar file): editions with a
//! printed grammar and no transcription, registered for the life of the
//! process after the editions under `grammar/`. What needs only the printed
//! grammar (automata, verdicts, diffs, regular expressions) serves them; what
//! needs a transcription (pest, the AST) says they have none.

use std::sync::{OnceLock, RwLock};

use super::{Descriptor, Edition, EditionInfo, Entry, MeaningText};

/// What a registered grammar is known by.
#[derive(Clone, Debug)]
pub(crate) struct Registration {
    /// Its id (`--grammar`, JSON).
    pub id: String,
    /// The document it comes from, in words.
    pub document: String,
    /// Its section, if it says.
    pub section: String,
    /// The rule a command uses when none is named.
    pub default_rule: String,
    /// Its text, in the `grammar/*.bnf` format (with or without a header).
    pub source: String,
}

struct Loaded {
    entry: Entry,
    source: &'static str,
}

fn entries() -> &'static RwLock<Vec<&'static Loaded>> {
    static ENTRIES: OnceLock<RwLock<Vec<&'static Loaded>>> = OnceLock::new();
    ENTRIES.get_or_init(Default::default)
}

fn leak(s: String) -> &'static str {
    Box::leak(s.into_boxed_str())
}

/// Register a grammar as an edition; `None` if its id is taken.
pub(crate) fn register(r: Registration) -> Option<Edition> {
    let mut all = match entries().write() {
        Ok(all) => all,
        Err(poisoned) => poisoned.into_inner(),
    };
    let taken =
        Edition::ALL.iter().any(|e| e.id() == r.id) || all.iter().any(|e| e.entry.info.id == r.id);
    if taken {
        return None;
    }
    let index = u16::try_from(Edition::ALL.len() + all.len()).ok()?;
    let id = leak(r.id);
    let document = leak(r.document);
    let default_rule = leak(r.default_rule);
    let info = EditionInfo {
        id,
        document,
        section: leak(r.section),
        title: document,
        date: "",
        summary: "a grammar read at run time",
        default_rule,
    };
    let loaded = Loaded {
        entry: Entry {
            info,
            follows: &[],
            descriptor: Descriptor {
                title: document,
                date: "",
                published: "",
                set: "file",
                in_force: false,
                follows: &[],
                default_rule,
                seed: "",
                summary: info.summary,
                cite: document,
                numbered: false,
                reserved_rules: &["reserved"],
                reserved_chars: "",
                unreserved_rules: &["unreserved"],
                meaning: MeaningText {
                    resolution: None,
                    resolution_source: "a grammar file says nothing of resolution",
                    comparison: "encoding-level",
                    comparison_source: "a grammar file says nothing of comparison",
                    compared_rule: None,
                    encode_unsafe: false,
                    components: None,
                },
                roles: &[],
                gloss: &[],
                renames: &[],
                splits: &[],
                new: &[],
                catch_all: None,
                fold_scheme_case: None,
                scheme_case_derived: None,
                notes: &[],
                lints: &[],
                lazy_groups: &[],
                extraction: None,
            },
        },
        source: leak(r.source),
    };
    all.push(Box::leak(Box::new(loaded)));
    Some(Edition(index))
}

fn loaded(edition: Edition) -> Option<&'static Loaded> {
    let i = edition.index().checked_sub(Edition::ALL.len())?;
    let all = match entries().read() {
        Ok(all) => all,
        Err(poisoned) => poisoned.into_inner(),
    };
    all.get(i).copied()
}

/// A registered edition's descriptor.
pub(crate) fn descriptor(edition: Edition) -> Option<&'static Entry> {
    loaded(edition).map(|e| &e.entry)
}

/// A registered edition's printed grammar, as given.
pub(crate) fn source(edition: Edition) -> Option<&'static str> {
    loaded(edition).map(|e| e.source)
}

/// The registered edition of this id.
pub(crate) fn by_id(id: &str) -> Option<Edition> {
    let all = match entries().read() {
        Ok(all) => all,
        Err(poisoned) => poisoned.into_inner(),
    };
    let i = all.iter().position(|e| e.entry.info.id == id)?;
    u16::try_from(Edition::ALL.len() + i).ok().map(Edition)
}
