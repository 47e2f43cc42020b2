//! A user's grammar file, read at run time and registered as an edition with
//! no transcription: ABNF (RFC 5234), or the RFC 822 notation of RFC 1738's
//! BNF, told apart by the file's `%notation` line or by the caller, and by the
//! first rule's `=/` or `/` (ABNF) or `|` (RFC 822) otherwise. RFC 5234's
//! core rules (Appendix B.1: `ALPHA`, `DIGIT`, `HEXDIG`…) are there when
//! used and not defined, as ABNF grammars expect. A defect is
//! [`Error::Grammar`] with its line: a rule used and not defined, a rule that
//! recurses other than in its own tail; one whose automaton passes urlbnf's
//! bounds says so when it is compiled.

use std::path::Path;

use crate::edition::{Edition, Registration};
use crate::error::Error;
use crate::grammar::PrintedGrammar;
use crate::grammar::printed::{Notation, read_lines};

use super::hir::HirGrammar;

/// RFC 5234 Appendix B.1, the core rules, in the order they are printed.
const CORE: &[(&str, &str)] = &[
    ("ALPHA", "%x41-5A / %x61-7A"),
    ("BIT", "\"0\" / \"1\""),
    ("CHAR", "%x01-7F"),
    ("CR", "%x0D"),
    ("CRLF", "CR LF"),
    ("CTL", "%x00-1F / %x7F"),
    ("DIGIT", "%x30-39"),
    ("DQUOTE", "%x22"),
    (
        "HEXDIG",
        "DIGIT / \"A\" / \"B\" / \"C\" / \"D\" / \"E\" / \"F\"",
    ),
    ("HTAB", "%x09"),
    ("LF", "%x0A"),
    ("LWSP", "*(WSP / CRLF WSP)"),
    ("OCTET", "%x00-FF"),
    ("SP", "%x20"),
    ("VCHAR", "%x21-7E"),
    ("WSP", "SP / HTAB"),
];

/// Read the grammar file at `path` (its path, as given, is its id) and
/// register it; the same file given twice is one edition. `notation` says how
/// to read it where the file does not.
///
/// ```
/// let dir = std::env::temp_dir().join(format!("urlbnf-doc-grammar-{}", std::process::id()));
/// std::fs::create_dir_all(&dir)?;
/// let path = dir.join("digits.abnf");
/// std::fs::write(&path, "number = 1*DIGIT [ \".\" 1*DIGIT ]\n")?;
/// let digits = urlbnf::load_grammar(&path, None)?;
/// let checker = urlbnf::Checker::for_edition(digits)?;
/// assert!(checker.is_valid("3.14") && !checker.is_valid("3."));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn load_grammar(path: &Path, notation: Option<Notation>) -> Result<Edition, Error> {
    let source = std::fs::read_to_string(path).map_err(|e| Error::io(path, &e))?;
    load_grammar_text(&path.display().to_string(), &source, notation)
}

/// [`load_grammar`] on a grammar's text, known by `id`.
pub fn load_grammar_text(
    id: &str,
    source: &str,
    notation: Option<Notation>,
) -> Result<Edition, Error> {
    let (notation, own_id, text) = effective(source, notation);
    if let Ok(known) = id.parse::<Edition>() {
        if known.bnf_source() == text {
            return Ok(known);
        }
        return Err(Error::Grammar {
            file: id.to_string(),
            line: 1,
            rule: None,
            message: format!("'{id}' names another grammar already; give the file another name"),
        });
    }
    let defect = |line: usize, message: String| Error::Grammar {
        file: id.to_string(),
        line,
        rule: None,
        message,
    };
    // Read as a stand-in edition first: a grammar that does not read is
    // never registered.
    let own_id = own_id.as_deref().unwrap_or(id);
    let mut g = read_lines(Edition::IN_FORCE, own_id, &text, Some(notation))
        .map_err(|(line, m)| defect(line, m))?;
    let Some(first) = g.rules.iter().find(|r| r.is_printed()) else {
        return Err(defect(1, "no rule".into()));
    };
    let document = source
        .lines()
        .find_map(|l| l.strip_prefix("%document "))
        .map_or_else(|| format!("the grammar file {id}"), str::to_string);
    let section = source
        .lines()
        .find_map(|l| l.strip_prefix("%section "))
        .unwrap_or("")
        .to_string();
    let edition = Edition::register(Registration {
        id: id.to_string(),
        document,
        section,
        default_rule: first.name.clone(),
        source: text,
    })
    .ok_or_else(|| defect(1, format!("'{id}' is registered already")))?;
    g.edition = edition;
    let g = PrintedGrammar::keep(g);
    // Every rule's language as an expression: recursion other than in a
    // rule's own tail has no automaton.
    let mut hir = HirGrammar::new(g);
    for r in &g.rules {
        if let Err(e) = hir.rule(&r.name) {
            return Err(Error::Grammar {
                file: id.to_string(),
                line: r.line,
                rule: Some(r.name.clone()),
                message: format!(
                    "{}: urlbnf reads a rule that refers to itself only as its last part \
                     (right recursion) as a repetition; write left recursion as one \
                     (a = \"y\" *\"x\" for a = a \"x\" / \"y\"); nesting (a = \"(\" a \")\") \
                     has no finite automaton",
                    e.0
                ),
            });
        }
    }
    Ok(edition)
}

/// The grammar's notation (its `%notation` line, the caller's, or a guess),
/// the id its `%edition` line gives if it has one, and the text as urlbnf
/// reads it: the file's own lines, in place (so that lines are the file's),
/// then the core rules it uses and does not define.
fn effective(source: &str, notation: Option<Notation>) -> (Notation, Option<String>, String) {
    let header = |key: &str| {
        source
            .lines()
            .find_map(|l| l.trim().strip_prefix(key).map(|v| v.trim().to_string()))
    };
    let said = header("%notation ").and_then(|n| match n.as_str() {
        "abnf" => Some(Notation::Abnf),
        "rfc822" => Some(Notation::Rfc822),
        "letters" => Some(Notation::Letters),
        _ => None,
    });
    let notation = said.or(notation).unwrap_or_else(|| guess(source));
    let mut text = source.to_string();
    if !text.ends_with('\n') {
        text.push('\n');
    }
    if notation == Notation::Abnf {
        for (rule, definition) in core_rules_used(source) {
            text.push_str(&format!("%core {rule} {definition}\n"));
        }
    }
    (notation, header("%edition "), text)
}

/// ABNF where a definition has `=/` or `/`, RFC 822 where it has `|`; ABNF
/// otherwise, the notation of today's RFCs.
fn guess(source: &str) -> Notation {
    let definitions = source
        .lines()
        .filter(|l| !l.trim_start().starts_with([';', '#', '%']))
        .map(|l| l.split(';').next().unwrap_or(""));
    for d in definitions {
        if d.contains("=/") || d.contains(" / ") {
            return Notation::Abnf;
        }
        if d.contains(" | ") {
            return Notation::Rfc822;
        }
    }
    Notation::Abnf
}

/// The core rules a grammar names (outside comments and quoted strings)
/// and does not define, with those they use in turn (`HEXDIG` uses `DIGIT`).
fn core_rules_used(source: &str) -> Vec<(&'static str, &'static str)> {
    let mut defined = Vec::new();
    let mut words = Vec::new();
    for line in source.lines() {
        if line.trim_start().starts_with(['%', '#']) {
            continue;
        }
        let code = line.split(';').next().unwrap_or("");
        if !line.starts_with(char::is_whitespace)
            && let Some(name) = code.split(['=', ' ', '\t']).next()
            && !name.is_empty()
        {
            defined.push(name.to_ascii_uppercase());
        }
        // Quoted strings are text, not names.
        for (i, part) in code.split('"').enumerate() {
            if i % 2 == 0 {
                // A repetition's count is no part of the name (`6HEXDIG`).
                words.extend(
                    part.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
                        .map(|w| w.trim_start_matches(|c: char| c.is_ascii_digit()))
                        .map(str::to_ascii_uppercase),
                );
            }
        }
    }
    let mut wanted: Vec<&str> = Vec::new();
    let mut todo: Vec<String> = words;
    while let Some(w) = todo.pop() {
        let Some(&(name, def)) = CORE.iter().find(|(n, _)| *n == w) else {
            continue;
        };
        if wanted.contains(&name) || defined.contains(&w) {
            continue;
        }
        wanted.push(name);
        todo.extend(
            def.split(|c: char| !c.is_ascii_alphanumeric())
                .filter(|w| !w.is_empty())
                .map(str::to_string),
        );
    }
    CORE.iter()
        .filter(|(n, _)| wanted.contains(n))
        .copied()
        .collect()
}
