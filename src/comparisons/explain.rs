//! Everything a student needs about one rule: its printed text, its PEG and why it
//! differs, the rules it uses and the rules that use it, and its history across
//! the editions.

use serde::Serialize;

use crate::comparisons::diff;
use crate::comparisons::examples::{self, Examples};
use crate::edition::Edition;
use crate::engine::automaton;
use crate::grammar::peg::pest_name;
use crate::grammar::{Correction, PrintedGrammar};
use crate::knowledge::correspond;
use crate::knowledge::gloss::{Gloss, gloss};

/// A rule's pest source: the rule and its helpers, with the comments above them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct PestSource {
    /// `// PEG:` and `// Cn:` comments, and any other comment above the rule.
    pub notes: Vec<String>,
    /// The rule's text, and its helpers' (`x__how`) after it.
    pub text: String,
}

/// Comment lines as notes: a note starts at a tag (`PEG:`, `C1:`...) and runs
/// over the lines that continue it.
fn join_notes(lines: Vec<String>) -> Vec<String> {
    let tagged = |l: &str| {
        l.split_once(':')
            .is_some_and(|(tag, _)| tag == "PEG" || (tag.len() == 2 && tag.starts_with('C')))
    };
    let mut notes: Vec<String> = Vec::new();
    for line in lines {
        match notes.last_mut() {
            Some(last) if !tagged(&line) => {
                last.push(' ');
                last.push_str(&line);
            }
            _ => notes.push(line),
        }
    }
    notes
}

/// The rules an edition prints, by their printed names, in printed order
/// (rules a correction supplies last): the names a checker takes.
///
/// ```
/// use urlbnf::{Edition, explain};
/// let names = explain::rule_names(Edition::Rfc1738);
/// assert!(names.contains(&"httpurl") && names.contains(&"hostname"));
/// ```
pub fn rule_names(edition: Edition) -> Vec<&'static str> {
    PrintedGrammar::of(edition)
        .rules
        .iter()
        .map(|r| r.name.as_str())
        .collect()
}

/// The pest source of a printed rule, with its helpers.
///
/// ```
/// use urlbnf::{Edition, explain};
/// let pest = explain::pest_source(Edition::Rfc1738, "httpurl").unwrap();
/// assert!(pest.text.contains("httpurl"));
/// ```
pub fn pest_source(edition: Edition, rule: &str) -> Option<PestSource> {
    let name = pest_name(rule);
    let source = edition.pest_source();
    let lines: Vec<&str> = source.lines().collect();
    let mut notes = Vec::new();
    let mut text = Vec::new();
    let mut i = 0;
    while let Some(line) = lines.get(i) {
        let defines = |n: &str| line.starts_with(&format!("{n} = "));
        let is_helper = line
            .split(" = ")
            .next()
            .is_some_and(|n| n.starts_with(&format!("{name}__")));
        if defines(&name) || is_helper {
            // The comments directly above (not the `///` printed line).
            let mut j = i;
            let mut above = Vec::new();
            while j > 0 {
                j -= 1;
                match lines.get(j).map(|l| l.trim()) {
                    Some(l) if l.starts_with("///") => continue,
                    Some(l) if l.starts_with("//") => {
                        above.push(l.trim_start_matches('/').trim().to_string())
                    }
                    _ => break,
                }
            }
            above.reverse();
            if defines(&name) {
                notes.extend(join_notes(above));
            } else {
                text.extend(above.iter().map(|c| format!("// {c}")));
            }
            // The rule runs until its braces balance.
            let mut depth = 0i32;
            while let Some(l) = lines.get(i) {
                depth += l.matches('{').count() as i32 - l.matches('}').count() as i32;
                text.push(l.to_string());
                i += 1;
                if depth <= 0 {
                    break;
                }
            }
            continue;
        }
        i += 1;
    }
    (!text.is_empty()).then(|| PestSource {
        notes,
        text: text.join("\n"),
    })
}

/// How the rule read in one edition, and what changed from the edition before.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct HistoryEntry {
    /// The edition (JSON `grammar`, as in every command's output).
    #[serde(rename = "grammar")]
    pub edition: Edition,
    /// The rule's name there (a renamed counterpart, the whole it was split
    /// from, or itself).
    pub rule: String,
    /// How it descends from the entry before, where the name changed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub via: Option<Via>,
    /// The rule as printed there, line by line (its comments on their lines).
    pub printed: String,
    /// Against the previous edition that has the rule: definition changed?
    #[serde(skip_serializing_if = "Option::is_none")]
    pub changed: Option<bool>,
    /// Against the previous edition that has the rule: the languages.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub language: Option<diff::LanguageDiff>,
}

/// How a rule descends from an earlier edition's rule of another name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Via {
    /// The same rule under a new name (the diff's table of renamed rules).
    Renamed,
    /// One of the parts the earlier rule was split into (the diff's table of split rules).
    Split,
}

/// One rule, explained.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Explanation {
    /// The edition explained (JSON `grammar`).
    #[serde(rename = "grammar")]
    pub edition: Edition,
    /// The rule, by its printed name.
    pub rule: String,
    /// What it means in one line, and where its document says more (JSON
    /// `gloss` and `section` beside the fields here).
    #[serde(flatten)]
    pub gloss: Option<Gloss>,
    /// The rule as printed, line by line (an ABNF `;` comment on its line).
    pub printed: String,
    /// The reading a correction puts in place of the printed text.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reading: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    /// The correction applied to it, if any.
    pub correction: Option<Correction>,
    #[serde(skip_serializing_if = "Option::is_none")]
    /// Its pest source and the notes on it.
    pub pest: Option<PestSource>,
    /// The rules its definition uses.
    pub uses: Vec<String>,
    /// The rules whose definitions use it.
    pub used_by: Vec<String>,
    /// Its text in every edition that has it (or a counterpart), oldest first.
    pub history: Vec<HistoryEntry>,
    /// Strings it derives and near misses (JSON: `shortest`, `typical`,
    /// `near_misses` beside the fields above).
    #[serde(flatten)]
    pub examples: Examples,
}

/// Explain a rule of an edition (`None` if the edition has no such rule).
///
/// ```
/// use urlbnf::{Edition, explain};
///
/// let e = explain::explain(Edition::Rfc1738, "hostport").unwrap();
/// assert_eq!(e.printed, r#"hostport = host [ ":" port ]"#);
/// assert!(explain::explain(Edition::Rfc1738, "httpaddress").is_none());
/// ```
pub fn explain(edition: Edition, rule: &str) -> Option<Explanation> {
    let g = PrintedGrammar::of(edition);
    let r = g.rule(rule)?;
    let printed = r.printed_text(g.notation);
    let reading = r
        .correction
        .filter(|_| r.printed.as_deref() != Some(r.reading.as_str()))
        .map(|_| r.reading.clone());
    Some(Explanation {
        edition,
        rule: rule.to_string(),
        gloss: gloss(edition, rule),
        printed,
        reading,
        correction: r.correction,
        pest: pest_source(edition, rule),
        uses: r
            .expr
            .refs()
            .into_iter()
            .filter(|n| *n != rule)
            .map(String::from)
            .collect(),
        used_by: g
            .users_of(rule)
            .into_iter()
            .filter(|u| u.name != rule)
            .map(|u| u.name.clone())
            .collect(),
        history: history(edition, rule),
        examples: examples::examples(edition, rule),
    })
}

/// `edition`'s rule (or its counterpart) in every edition that has it, oldest
/// first, each compared with the one before.
///
/// ```
/// use urlbnf::{Edition, explain};
/// let h = explain::history(Edition::Rfc1738, "hsegment");
/// let steps: Vec<_> = h.iter().map(|e| (e.edition, e.rule.as_str())).collect();
/// assert!(steps.contains(&(Edition::Rfc1738, "hsegment")));
/// // Split from `segment`, and one `segment` for every scheme again from 1998.
/// assert_eq!(steps.last(), Some(&(Edition::Rfc3986, "segment")));
/// ```
pub fn history(from: Edition, rule: &str) -> Vec<HistoryEntry> {
    let mut out: Vec<HistoryEntry> = Vec::new();
    let mut prev: Option<(Edition, String)> = None;
    for edition in Edition::ALL {
        let g = PrintedGrammar::of(edition);
        let Some(name) = correspond::counterpart(from, rule, g)
            .or_else(|| correspond::split_whole(from, rule, g))
        else {
            continue;
        };
        let Some(r) = g.rule(&name) else { continue };
        let (changed, language) = match &prev {
            Some((pe, pn)) => {
                let pr = PrintedGrammar::of(*pe).rule(pn);
                let changed = pr.map(|p| !diff::same_definition(&p.expr, &r.expr));
                let language = match (
                    automaton::automaton(*pe, pn),
                    automaton::automaton(edition, &name),
                ) {
                    (Ok(a), Ok(b)) => {
                        Some(diff::compare(&a, &b).explained(*pe, pn, edition, &name))
                    }
                    _ => None,
                };
                (changed, language)
            }
            None => (None, None),
        };
        let via = prev.as_ref().filter(|(_, pn)| *pn != name).map(|(_, pn)| {
            let split = correspond::split_parts(pn).contains(&name.as_str());
            if split { Via::Split } else { Via::Renamed }
        });
        out.push(HistoryEntry {
            edition,
            rule: name.clone(),
            via,
            printed: r.printed_text(g.notation),
            changed,
            language,
        });
        prev = Some((edition, name));
    }
    out
}
