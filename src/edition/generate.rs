//! The edition registry, made by the build script from the files under
//! `grammar/`: an edition is `<id>.bnf` (the printed grammar, whose header
//! names the edition, the document, the section and the notation), `<id>.pest`
//! (its transcription) and `<id>.toml` (its descriptor: what urlbnf knows of
//! the document beyond its BNF). Adding the three files adds the edition; no
//! Rust names one. The build script reads them here (`read_all`) and writes
//! the registry with `emit.rs`.
//!
//! What a descriptor holds is defined once, in `descriptor.rs` (which the
//! build script includes as the library does); here it is read, and
//! checked against the BNF: every rule it names printed, every printed rule
//! glossed, and the words urlbnf knows in the places that take one.

use std::collections::BTreeMap;

use crate::descriptor::Descriptor;

/// The wrappers `[extraction]` may name.
const DELIMITERS: &[&str] = &["angle-brackets", "url-prefix", "double-quotes"];

/// How a document may compare URLs (`[meaning]` `comparison`).
const COMPARISONS: &[&str] = &["encoding-level", "ladder"];

/// One edition's files, read.
pub struct Edition {
    pub id: String,
    pub variant: String,
    pub module: String,
    pub document: String,
    pub section: String,
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

// Long: one edition's files read and checked in order (descriptor, printed
// grammar, pest file), each check naming its file and line.
fn read(dir: &str, id: &str) -> Result<Edition, String> {
    let file = |ext: &str| {
        let path = format!("{dir}/{id}.{ext}");
        std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))
    };
    let toml_path = format!("grammar/{id}.toml");
    // Held for the build script's life: the descriptor's strings are read
    // into the `'static` form the library's are.
    let text: &'static str = Box::leak(file("toml")?.into_boxed_str());
    let d: Descriptor = toml::from_str(text).map_err(|e| format!("{toml_path}: {e}"))?;
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
    let printed = |r: &str| rules.iter().any(|p| p == r);
    if !printed(d.default_rule) {
        return fail(format!(
            "default_rule {:?} is no rule of {id}.bnf",
            d.default_rule
        ));
    }
    for n in d.notes {
        if let Some(rule) = n.rule.filter(|r| !printed(r)) {
            return fail(format!(
                "[notes.{}] rule {rule:?} is no rule of {id}.bnf",
                n.code
            ));
        }
    }
    for r in &rules {
        if !d.gloss.iter().any(|(g, _)| g == r) {
            return fail(format!("[gloss] has no entry for the printed rule {r:?}"));
        }
    }
    if let Some((r, _)) = d.gloss.iter().find(|(_, g)| !matches!(g.len(), 1 | 2)) {
        return fail(format!(
            "[gloss] {r:?} is not [meaning] or [meaning, section]"
        ));
    }
    let components: Vec<&str> = d
        .meaning
        .components
        .iter()
        .flat_map(|c| [c.segment, c.path, c.query, c.fragment, c.userinfo, c.host])
        .collect();
    for (name, named) in [
        ("gloss", d.gloss.iter().map(|p| p.0).collect::<Vec<_>>()),
        ("roles", d.roles.iter().map(|p| p.0).collect()),
        ("renames", d.renames.iter().map(|p| p.0).collect()),
        ("reserved_rules", d.reserved_rules.to_vec()),
        ("unreserved_rules", d.unreserved_rules.to_vec()),
        (
            "splits",
            d.splits.iter().flat_map(|p| p.1).copied().collect(),
        ),
        (
            "meaning",
            d.meaning
                .compared_rule
                .into_iter()
                .chain(components)
                .collect(),
        ),
        ("new", d.new.to_vec()),
    ] {
        if let Some(r) = named.into_iter().find(|r| !printed(r)) {
            return fail(format!(
                "[{name}] names {r:?}, which {id}.bnf does not print"
            ));
        }
    }
    if !COMPARISONS.contains(&d.meaning.comparison) {
        return fail(format!(
            "[meaning] comparison {:?}: urlbnf knows {COMPARISONS:?}",
            d.meaning.comparison
        ));
    }
    if let Some(l) = d.lints.iter().find(|l| l.quote.is_empty()) {
        return fail(format!("[lints.{}] has no quote", l.code));
    }
    if let Some(x) = &d.extraction {
        if let Some(w) = x.delimiters.iter().find(|w| !DELIMITERS.contains(w)) {
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
    eds.sort_by(|a, b| (a.d.published, &a.id).cmp(&(b.d.published, &b.id)));
    Ok(eds)
}
