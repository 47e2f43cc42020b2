//! The edition registry, made by the build script from the files under
//! `grammar/`: an edition is `<id>.bnf` (the printed grammar, whose header
//! names the edition, the document, the section and the notation), `<id>.pest`
//! (its transcription) and `<id>.toml` (its descriptor: what urlbnf knows of
//! the document beyond its BNF). Adding the three files adds the edition; no
//! Rust names one. The build script reads them here (`read_all`) and writes
//! the registry with `emit.rs`.
//!
//! The descriptor's fields, each required unless marked optional:
//!
//! - `title`, `date`, `summary`, `default_rule`: the edition in a table, its
//!   date as printed, a sentence on it, and the rule that names a whole URL;
//! - `published`: the date as `YYYY[-MM[-DD]]`; editions are ordered by it,
//!   then by id;
//! - `seed`: the file under `../shared/seeds` the BNF is transcribed from,
//!   which the transcription test reads;
//! - `set`: the set `--grammar` names it by (`early`, `later`);
//! - `in_force` (optional): true for the one edition that is the standard in
//!   force (the default of the commands that read one edition's meaning);
//! - `follows`: the editions it continues, for "what changed" (the pairs
//!   `diff` and the book compare) and for following renamed rules;
//! - `[cite]` `document`, `numbered`: the document's name in a citation, and
//!   whether its sections are numbered (`RFC 1738 §3.3 HTTP`) or cited by
//!   heading (`URL draft of July 1993, “Path”`);
//! - `[characters]` `reserved_rules`, `reserved_chars`, `unreserved_rules`:
//!   the characters the edition reserves (its rules' and those its prose
//!   gives a meaning), and those it allows unencoded;
//! - `[meaning]`: what the document says its URLs mean: `resolution`
//!   (optional, the rule set of `urlbnf resolve` for its partial forms) and
//!   `resolution_source`; `comparison` (`encoding-level`, RFC 1630's; or
//!   `ladder`, RFC 3986 §6.2's) and `comparison_source`; `compared_rule`
//!   (optional, the rule the compared inputs must match); `encode_unsafe`
//!   (whether `encode` escapes RFC 1738 §2.2's unsafe characters);
//!   `[meaning.components]` (optional, each of segment, path, query,
//!   fragment, userinfo, host = the rule bounding its characters);
//! - `[roles]` (optional): rule = role, `wrapper` for a rule that wraps the
//!   scheme productions (`url`), else the AST kind a production builds (`http`,
//!   `generic`, `uri`…);
//! - `[gloss]`: every printed rule = `[meaning]` or `[meaning, section]` (the
//!   section by default is the one printing the BNF);
//! - `[renames]` (optional): rule = the names it had in the editions it
//!   follows (RFC 1738 `httpurl = ["httpaddress"]`); `[splits]` (optional):
//!   earlier rule = the rules split out of it; `new` (optional): rules that
//!   continue no earlier rule of the same name;
//! - `[catch_all]` (optional): where the document says what its rule for new
//!   schemes is for (`section`, and `quote` unless the comment printed above
//!   it says it);
//! - `[readings.fold-scheme-case]` (optional): where the prose asks that
//!   scheme names be read without case (`section`, `quote`), which the BNF
//!   does not derive; with `derived = true`, where the BNF derives upper
//!   case already, so that folding changes nothing (RFC 3986 §3.1 and its
//!   `ALPHA`), which `--fold-scheme-case`'s help says;
//! - `[notes.<code>]` (optional): where the prose says more of a URL than the
//!   BNF (`section`, `quote`, optional `message`);
//! - `[lints.<code>]` (optional): the security warnings the document gives
//!   (`check --lint`), each by the code the user sees and where the document
//!   says it (`section`, `quote`); the codes are those of the table of lints
//!   (`src/verdicts/lint/mod.rs`, whose unit test checks every descriptor's);
//!   nothing applies to an edition its document does not give;
//! - `[regex]` `lazy` (optional): the AST's components that an ambiguous
//!   derivation reads as short as they can be;
//! - `[extraction]` (optional): where the document says how URLs are
//!   delimited in plain text (`section`, `quote`) and the wrappers it names
//!   (`delimiters`: `angle-brackets`, `url-prefix`, `double-quotes`), which
//!   `urlbnf extract` takes.

use std::collections::BTreeMap;

use serde::Deserialize;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Descriptor {
    pub title: String,
    pub date: String,
    pub published: String,
    pub set: String,
    #[serde(default)]
    pub in_force: bool,
    pub follows: Vec<String>,
    pub default_rule: String,
    /// The seed file the BNF is transcribed from (for the tests).
    #[allow(dead_code)]
    pub seed: String,
    pub summary: String,
    pub cite: Cite,
    pub characters: Characters,
    pub meaning: Meaning,
    #[serde(default)]
    pub roles: BTreeMap<String, String>,
    pub gloss: toml::Table,
    #[serde(default)]
    pub renames: BTreeMap<String, Vec<String>>,
    #[serde(default)]
    pub splits: BTreeMap<String, Vec<String>>,
    #[serde(default)]
    pub new: Vec<String>,
    pub catch_all: Option<Cited>,
    #[serde(default)]
    pub readings: BTreeMap<String, Reading>,
    #[serde(default)]
    pub notes: BTreeMap<String, Note>,
    #[serde(default)]
    pub lints: BTreeMap<String, Cited>,
    #[serde(default)]
    pub regex: Regex,
    pub extraction: Option<Extraction>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Extraction {
    pub section: String,
    pub quote: String,
    pub delimiters: Vec<String>,
}

/// The wrappers `[extraction]` may name.
const DELIMITERS: &[&str] = &["angle-brackets", "url-prefix", "double-quotes"];

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cite {
    pub document: String,
    pub numbered: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Characters {
    pub reserved_rules: Vec<String>,
    pub reserved_chars: String,
    pub unreserved_rules: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Meaning {
    pub resolution: Option<String>,
    pub resolution_source: String,
    pub comparison: String,
    pub comparison_source: String,
    pub compared_rule: Option<String>,
    pub encode_unsafe: bool,
    pub components: Option<BTreeMap<String, String>>,
}

/// How a document may compare URLs (`[meaning]` `comparison`).
const COMPARISONS: &[&str] = &["encoding-level", "ladder"];

/// The components `encode --component` knows, in its order.
pub const COMPONENTS: &[&str] = &["segment", "path", "query", "fragment", "userinfo", "host"];

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cited {
    pub section: String,
    #[serde(default)]
    pub quote: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Note {
    pub section: String,
    pub quote: String,
    pub message: Option<String>,
    /// The rule that derives what the note speaks of, where another than
    /// the one checked (RFC 3986 §4.1's `URI-reference` for a relative
    /// reference).
    pub rule: Option<String>,
}

/// A reading the prose asks for (`[readings.<flag>]`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reading {
    pub section: String,
    #[serde(default)]
    pub quote: String,
    /// The BNF already derives what the reading would give.
    #[serde(default)]
    pub derived: bool,
}

#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Regex {
    pub lazy: Vec<String>,
}

/// The readings a descriptor may name (the flags `check` takes).
const READINGS: &[&str] = &["fold-scheme-case"];

/// One edition's files, read.
pub struct Edition {
    pub id: String,
    pub variant: String,
    pub module: String,
    pub document: String,
    pub section: String,
    pub rules: Vec<String>,
    pub d: Descriptor,
}

/// `draft-1993` as a type's name: `Draft1993`.
fn variant(id: &str) -> String {
    id.split(|c: char| !c.is_ascii_alphanumeric())
        .map(|w| {
            let mut cs = w.chars();
            cs.next()
                .map(|c| c.to_ascii_uppercase().to_string() + cs.as_str())
                .unwrap_or_default()
        })
        .collect()
}

/// The `%key value` header of a `.bnf` file, and its rule names (a rule
/// starts at column 0 with its name).
fn bnf_header(text: &str) -> (BTreeMap<String, String>, Vec<String>) {
    let mut header = BTreeMap::new();
    let mut rules = Vec::new();
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix('%') {
            let (k, v) = rest.split_once(' ').unwrap_or((rest, ""));
            // `%supplied Cn name definition`: a rule the document uses but
            // never defines.
            if k == "supplied"
                && let Some(name) = v.split_whitespace().nth(1)
            {
                rules.push(name.to_string());
            }
            header
                .entry(k.to_string())
                .or_insert_with(|| v.trim().to_string());
        } else if line.starts_with(|c: char| c.is_ascii_alphabetic()) {
            let name: String = line
                .chars()
                .take_while(|c| !c.is_whitespace() && *c != '=')
                .collect();
            rules.push(name);
        }
    }
    (header, rules)
}

fn read(dir: &str, id: &str) -> Result<Edition, String> {
    let file = |ext: &str| {
        let path = format!("{dir}/{id}.{ext}");
        std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))
    };
    let toml_path = format!("grammar/{id}.toml");
    let d: Descriptor = toml::from_str(&file("toml")?).map_err(|e| format!("{toml_path}: {e}"))?;
    file("pest")?;
    let (header, rules) = bnf_header(&file("bnf")?);
    let get = |k: &str| {
        header
            .get(k)
            .cloned()
            .ok_or_else(|| format!("grammar/{id}.bnf: no %{k} line in its header"))
    };
    if get("edition")? != id {
        return Err(format!("grammar/{id}.bnf: its %edition is not {id:?}"));
    }
    let fail = |what: String| Err(format!("{toml_path}: {what}"));
    if !rules.contains(&d.default_rule) {
        return fail(format!(
            "default_rule {:?} is no rule of {id}.bnf",
            d.default_rule
        ));
    }
    for (code, n) in &d.notes {
        if let Some(rule) = n.rule.as_ref().filter(|r| !rules.contains(r)) {
            return fail(format!(
                "[notes.{code}] rule {rule:?} is no rule of {id}.bnf"
            ));
        }
    }
    for r in &rules {
        if !d.gloss.contains_key(r) {
            return fail(format!("[gloss] has no entry for the printed rule {r:?}"));
        }
    }
    for (name, table) in [
        ("gloss", d.gloss.keys().collect::<Vec<_>>()),
        ("roles", d.roles.keys().collect()),
        ("renames", d.renames.keys().collect()),
        (
            "characters",
            d.characters
                .reserved_rules
                .iter()
                .chain(&d.characters.unreserved_rules)
                .collect(),
        ),
        ("splits", d.splits.values().flatten().collect()),
        (
            "meaning",
            d.meaning
                .compared_rule
                .iter()
                .chain(d.meaning.components.iter().flat_map(|c| c.values()))
                .collect(),
        ),
        ("new", d.new.iter().collect()),
    ] {
        if let Some(r) = table.into_iter().find(|r| !rules.contains(r)) {
            return fail(format!(
                "[{name}] names {r:?}, which {id}.bnf does not print"
            ));
        }
    }
    if let Some(r) = d.readings.keys().find(|r| !READINGS.contains(&r.as_str())) {
        return fail(format!("[readings] names {r:?}; urlbnf knows {READINGS:?}"));
    }
    if !COMPARISONS.contains(&d.meaning.comparison.as_str()) {
        return fail(format!(
            "[meaning] comparison {:?}: urlbnf knows {COMPARISONS:?}",
            d.meaning.comparison
        ));
    }
    if let Some(c) = &d.meaning.components {
        if let Some(k) = c.keys().find(|k| !COMPONENTS.contains(&k.as_str())) {
            return fail(format!(
                "[meaning.components] {k:?}: urlbnf knows {COMPONENTS:?}"
            ));
        }
        if c.len() != COMPONENTS.len() {
            return fail(format!("[meaning.components] names each of {COMPONENTS:?}"));
        }
    }
    if let Some((k, _)) = d.lints.iter().find(|(_, c)| c.quote.is_empty()) {
        return fail(format!("[lints.{k}] has no quote"));
    }
    if let Some(x) = &d.extraction {
        if let Some(w) = x
            .delimiters
            .iter()
            .find(|w| !DELIMITERS.contains(&w.as_str()))
        {
            return fail(format!(
                "[extraction] names {w:?}; urlbnf knows {DELIMITERS:?}"
            ));
        }
        if x.delimiters.is_empty() {
            return fail("[extraction] names no delimiters".to_string());
        }
    }
    let published_ok = {
        let parts: Vec<&str> = d.published.split('-').collect();
        !parts.is_empty()
            && parts.len() <= 3
            && parts
                .iter()
                .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
    };
    if !published_ok {
        return fail(format!("published {:?} is not YYYY[-MM[-DD]]", d.published));
    }
    Ok(Edition {
        id: id.to_string(),
        variant: variant(id),
        module: id.replace(|c: char| !c.is_ascii_alphanumeric(), "_"),
        document: get("document")?,
        section: get("section")?,
        rules,
        d,
    })
}

/// Every edition under `grammar/`, read and checked, oldest first.
pub fn read_all(manifest: &str) -> Result<Vec<Edition>, String> {
    let dir = format!("{manifest}/grammar");
    let mut ids: Vec<String> = std::fs::read_dir(&dir)
        .map_err(|e| format!("{dir}: {e}"))?
        .filter_map(|entry| {
            let name = entry.ok()?.file_name().into_string().ok()?;
            Some(name.strip_suffix(".toml")?.to_string())
        })
        .collect();
    ids.sort();
    let mut eds = ids
        .iter()
        .map(|id| read(&dir, id))
        .collect::<Result<Vec<_>, _>>()?;
    // Oldest first; editions of one date by id.
    eds.sort_by(|a, b| (&a.d.published, &a.id).cmp(&(&b.d.published, &b.id)));
    Ok(eds)
}
