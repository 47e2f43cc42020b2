//! A user's grammar file, read at run time and registered as an edition with
//! no transcription: ABNF (RFC 5234), or the RFC 822 notation of RFC 1738's
//! BNF, told apart by the file's `%notation` line or by the caller, and by the
//! first rule's `=/` or `/` (ABNF) or `|` (RFC 822) otherwise. RFC 5234's
//! core rules (Appendix B.1: `ALPHA`, `DIGIT`, `HEXDIG`…) are there when
//! used and not defined, as ABNF grammars expect; ABNF rule names are
//! case-insensitive (§2.1). An ABNF file whose rules are indented or that has
//! page breaks is an RFC's text, its rules found as the IETF's extractor
//! finds them (`grammar::printed::rfc_text`). A defect is [`Error::Grammar`]
//! with its line and column: a rule used and not defined (with the closest
//! names); a rule that recurses other than in its own tail, or whose
//! automaton passes urlbnf's bounds, says so when a rule that needs it is
//! compiled, so that every other rule of the file is served.

use std::collections::HashMap;
use std::path::Path;
use std::sync::Mutex;

use crate::edition::{Edition, Registration};
use crate::error::Error;
use crate::grammar::PrintedGrammar;
use crate::grammar::printed::{
    Defect, FileReading, Notation, closest_names, extract_rfc_text, is_rfc_text, read_lines, runs,
};

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

/// How a grammar file was read: as a plain grammar or as an RFC's text
/// (with the lines skipped), and what the reading noted.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct FileRead {
    /// The file, as given.
    pub file: String,
    /// Read as an RFC's text: rules found where a line is `name =`, the
    /// rest skipped.
    pub rfc_text: bool,
    /// The rules read.
    pub rules: usize,
    /// How many lines that are not blank were skipped (RFC text).
    pub skipped_lines: usize,
    /// The lines skipped, as runs `[first, last]`.
    pub skipped: Vec<(usize, usize)>,
    /// What the reading noted: `<name>` read as a rule, a candidate rule
    /// that is not ABNF.
    pub notes: Vec<String>,
}

impl std::fmt::Display for FileRead {
    /// One line for a person, with the notes after it; nothing for a plain
    /// file that noted nothing.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.rfc_text {
            let shown: Vec<String> = self
                .skipped
                .iter()
                .take(8)
                .map(|&(a, b)| match a == b {
                    true => a.to_string(),
                    false => format!("{a}-{b}"),
                })
                .collect();
            let more = match self.skipped.len() > shown.len() {
                true => format!(" and {} more runs", self.skipped.len() - shown.len()),
                false => String::new(),
            };
            writeln!(
                f,
                "note: {} read as an RFC's text: {} rules; {} lines skipped (headings, prose, \
                 page breaks): {}{more}",
                self.file,
                self.rules,
                self.skipped_lines,
                shown.join(", ")
            )?;
        }
        for n in &self.notes {
            writeln!(f, "note: {}: {n}", self.file)?;
        }
        Ok(())
    }
}

/// How each grammar file loaded was read, by edition.
static READS: Mutex<Option<HashMap<Edition, FileRead>>> = Mutex::new(None);

/// How a grammar file was read (`None` for an edition of urlbnf's own).
pub fn file_read(edition: Edition) -> Option<FileRead> {
    let reads = READS.lock().ok()?;
    reads.as_ref()?.get(&edition).cloned()
}

/// [`load_grammar`] on a grammar's text, known by `id`.
pub fn load_grammar_text(
    id: &str,
    source: &str,
    notation: Option<Notation>,
) -> Result<Edition, Error> {
    // A byte-order mark is no part of the text.
    let source = source.strip_prefix('\u{feff}').unwrap_or(source);
    let (notation, own_id, text) = effective(source, notation);
    if let Ok(known) = id.parse::<Edition>() {
        if known.bnf_source() == text {
            return Ok(known);
        }
        return Err(Error::Grammar {
            file: id.to_string(),
            line: 1,
            column: 0,
            rule: None,
            message: format!("'{id}' names another grammar already; give the file another name"),
        });
    }
    let defect = |line: usize, column: usize, message: String| Error::Grammar {
        file: id.to_string(),
        line,
        column,
        rule: None,
        message,
    };
    // An RFC's text: its rules, set out line for line as a plain file's.
    let rfc = (notation == Notation::Abnf && is_rfc_text(&text)).then(|| extract_rfc_text(&text));
    let read_text = rfc.as_ref().map_or_else(
        || text.clone(),
        |r| {
            let mut t = r.lines.join("\n");
            t.push('\n');
            t
        },
    );
    let reading = FileReading {
        core: CORE,
        shift: rfc.as_ref().map_or(&[], |r| r.shift.as_slice()),
        rfc_text: rfc.is_some(),
    };
    // Read as a stand-in edition first: a grammar that does not read is
    // never registered.
    let own_id = own_id.as_deref().unwrap_or(id);
    let (mut g, notes) = read_lines(
        Edition::IN_FORCE,
        own_id,
        &read_text,
        Some(notation),
        Some(reading),
    )
    .map_err(|d| undefined(id, d))?;
    let Some(first) = g.rules.iter().find(|r| r.is_printed()) else {
        return Err(defect(1, 0, "no rule".into()));
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
    .ok_or_else(|| defect(1, 0, format!("'{id}' is registered already")))?;
    g.edition = edition;
    let rules = g.rules.iter().filter(|r| r.is_printed()).count();
    PrintedGrammar::keep(g);
    let rfc_text = rfc.is_some();
    let skipped = rfc.map(|r| r.skipped).unwrap_or_default();
    let read = FileRead {
        file: id.to_string(),
        rfc_text,
        rules,
        skipped_lines: skipped.len(),
        skipped: runs(&skipped),
        notes: notes
            .into_iter()
            .map(|(line, column, note)| match column {
                0 => format!("line {line}: {note}"),
                c => format!("line {line}, column {c}: {note}"),
            })
            .collect(),
    };
    if let Ok(mut reads) = READS.lock() {
        reads.get_or_insert_with(HashMap::new).insert(edition, read);
    }
    // Each rule is compiled when asked, with the rules it uses only: a rule
    // that nests (RFC 9110's `comment`) keeps no other rule of the file
    // from being served.
    Ok(edition)
}

/// A defect of the file's text as an error; for a rule used and not
/// defined, the closest names of the file.
fn undefined(id: &str, d: Defect) -> Error {
    let mut message = d.message;
    if let Some((name, names)) = &d.undefined {
        let close = closest_names(name, names.iter().map(String::as_str));
        if !close.is_empty() {
            message.push_str(&format!("; did you mean {}?", close.join(", ")));
        }
    }
    Error::Grammar {
        file: id.to_string(),
        line: d.line,
        column: d.column,
        rule: None,
        message,
    }
}

/// The grammar's notation (its `%notation` line, the caller's, or a guess),
/// the id its `%edition` line gives if it has one, and the text as urlbnf
/// reads it: the file's own lines (the core rules it uses and does not
/// define are added as it is read).
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
    (notation, header("%edition "), text)
}

/// ABNF where a definition has `=/` or `/`, RFC 822 where it has `|`; ABNF
/// otherwise, the notation of today's RFCs. Only a rule's first line
/// (`name =`) and a continuation that starts with `/` or `|` are looked at,
/// so that an RFC's prose says nothing.
fn guess(source: &str) -> Notation {
    let definitions = source
        .lines()
        .map(str::trim_start)
        .filter(|l| {
            l.starts_with(['/', '|'])
                || l.split_once('=').is_some_and(|(name, _)| {
                    let name = name.trim_end();
                    !name.is_empty() && !name.contains(char::is_whitespace)
                })
        })
        .filter(|l| !l.starts_with([';', '#', '%']))
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
