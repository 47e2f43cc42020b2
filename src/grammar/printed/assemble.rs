//! A grammar's rule blocks, as read, assembled into rules: each definition
//! parsed in the grammar's notation, `=/` alternatives added, a grammar
//! file's core rules supplied and names read without case, every reference
//! checked; and the defects found, with their line and column.

use std::collections::BTreeMap;

use super::{
    Correction, Expr, Notation, PrintedGrammar, PrintedRule, fold_space, parse_definition,
};
use crate::edition::Edition;

/// A defect in a grammar's text: where it is (line, and column where known:
/// 0 where not), what is wrong, and for a rule used and not defined, its name
/// (so that the caller can name the closest rules).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Defect {
    /// The line, from 1.
    pub line: usize,
    /// The column, in characters from 1 (0: the line as a whole).
    pub column: usize,
    /// What is wrong.
    pub message: String,
    /// A rule used and not defined, and the names the grammar defines.
    pub undefined: Option<(String, Vec<String>)>,
}

/// A defect at a line of a transcription.
pub(super) fn err<T>(line: usize, message: impl Into<String>) -> Result<T, Defect> {
    Err(Defect {
        line,
        column: 0,
        message: message.into(),
        undefined: None,
    })
}

/// How a grammar file (not a transcription) is read: RFC 5234's core rules
/// supplied where used and not defined, rule names without case (§2.1),
/// and, for an RFC's text, the columns its rules were moved from.
#[derive(Clone, Copy, Debug, Default)]
pub struct FileReading<'a> {
    /// Rules supplied where used and not defined: (name, definition).
    pub core: &'a [(&'a str, &'a str)],
    /// Per line (from line 1), the columns removed before the line was read.
    pub shift: &'a [usize],
    /// An RFC's text: a rule whose definition is not ABNF is prose (the
    /// text's `scheme = $2`), set aside rather than refused, and a rule
    /// printed twice alike is one rule.
    pub rfc_text: bool,
}

/// What reading a grammar file noted: a `<name>` read as a rule, a candidate
/// rule of an RFC's text that is not ABNF (line, column, note).
pub type Notes = Vec<(usize, usize, String)>;

/// Where the text of a block is in the file: from this byte of the block's
/// text, this line, starting at this column.
#[derive(Clone, Copy, Debug)]
pub(super) struct Span {
    pub(super) offset: usize,
    pub(super) line: usize,
    pub(super) column: usize,
}

/// A rule block under construction.
#[derive(Clone)]
pub(super) struct Block {
    pub(super) name: String,
    pub(super) line: usize,
    /// The column of the name (0 where the block is no printed line).
    pub(super) column: usize,
    pub(super) text: String,
    pub(super) printed_name: Option<(Correction, String)>,
    pub(super) read: Option<(Correction, String)>,
    pub(super) supplied: Option<Correction>,
    /// An RFC 5234 core rule (Appendix B.1) a grammar file uses and does not
    /// define: `%core NAME definition`.
    pub(super) core: bool,
    pub(super) comment: Option<String>,
    /// ABNF `=/`: alternatives added to the rule of this name.
    pub(super) incremental: bool,
    /// Where the text's lines are in the file.
    pub(super) spans: Vec<Span>,
}

impl Block {
    /// An RFC 5234 core rule (Appendix B.1) that a grammar uses and does
    /// not define, at `line` (`%core NAME definition`, or after the file's).
    pub(super) fn core(name: &str, definition: &str, line: usize) -> Block {
        Block {
            name: name.to_string(),
            line,
            column: 0,
            text: definition.to_string(),
            printed_name: None,
            read: None,
            supplied: None,
            core: true,
            comment: None,
            incremental: false,
            spans: Vec::new(),
        }
    }

    /// The line and column of a byte of the block's text.
    pub(super) fn position(&self, offset: usize) -> (usize, usize) {
        let Some(span) = self.spans.iter().rev().find(|s| s.offset <= offset) else {
            return (self.line, 0);
        };
        let before = self
            .text
            .get(span.offset..offset)
            .map_or(0, |t| t.chars().count());
        (span.line, span.column + before)
    }
}

/// A transcription being read: its header and rule blocks so far.
#[derive(Default)]
pub(super) struct Reader<'a> {
    pub(super) document: String,
    pub(super) section: String,
    pub(super) notation: Option<Notation>,
    pub(super) blocks: Vec<Block>,
    /// Comment lines read since the last rule.
    pub(super) comment: Vec<String>,
    /// How a grammar file is read (`None`: a transcription).
    pub(super) file: Option<FileReading<'a>>,
    /// The number of lines read.
    pub(super) lines: usize,
    /// `%encoding octets`: numeric values are bytes.
    pub(super) octets: bool,
    /// `%renames NEW OLD...` lines.
    pub(super) renames: Vec<(String, Vec<String>)>,
}

impl Reader<'_> {
    /// The blocks read as rules, each definition parsed, every reference checked.
    // Long: one pass over the blocks whose steps (definitions, `=/`, core rules, references) share
    // the index and places it builds.
    pub(super) fn finish(
        mut self,
        edition: Edition,
        notes: &mut Notes,
    ) -> Result<PrintedGrammar, Defect> {
        let Some(notation) = self.notation else {
            return err(1, "no %notation");
        };
        let file = self.file.unwrap_or_default();
        // The names a `<name>` may refer to: the rules and the core rules.
        let names: Vec<String> = self
            .blocks
            .iter()
            .map(|b| b.name.to_ascii_lowercase())
            .chain(file.core.iter().map(|(n, _)| n.to_ascii_lowercase()))
            .collect();
        let is_rule = |n: &str| names.contains(&n.to_ascii_lowercase());
        let mut rules: Vec<PrintedRule> = Vec::new();
        let mut index = BTreeMap::new();
        // A grammar file's rules by their name without case (RFC 5234 §2.1).
        let fold = self.file.is_some() && notation == Notation::Abnf;
        let key = |name: &str| match fold {
            true => name.to_ascii_lowercase(),
            false => name.to_string(),
        };
        let mut folded: BTreeMap<String, usize> = BTreeMap::new();
        // RFC text: definitions that are not ABNF, set aside (name, line, why).
        let mut prose: Vec<(String, usize, String)> = Vec::new();
        let blocks = std::mem::take(&mut self.blocks);
        let mut core_done = Vec::new();
        // Each rule's blocks (its `=/` ones too), for the places of its references.
        let mut places: Vec<Vec<Block>> = Vec::new();
        let mut todo = blocks;
        loop {
            for b in std::mem::take(&mut todo) {
                let (reading, correction) = match (&b.read, b.supplied) {
                    (Some((c, text)), _) => (text.clone(), Some(*c)),
                    (None, Some(c)) => (b.text.clone(), Some(c)),
                    (None, None) => (b.text.clone(), b.printed_name.as_ref().map(|(c, _)| *c)),
                };
                let mut found = Vec::new();
                let expr = match parse_definition(notation, &reading, &is_rule, &mut found) {
                    Ok(expr) => expr,
                    Err((at, message)) if file.rfc_text && !b.core => {
                        let (line, column) = b.position(at);
                        notes.push((
                            line,
                            column,
                            format!(
                                "'{} = …' is not ABNF ({message}): read as prose, not as a rule",
                                b.name
                            ),
                        ));
                        prose.push((b.name.clone(), b.line, message));
                        continue;
                    }
                    Err((at, message)) => {
                        let (line, column) = match b.read.is_some() {
                            true => (b.line, 0),
                            false => b.position(at),
                        };
                        return Err(Defect {
                            line,
                            column,
                            message: format!("rule '{}': {message}", b.name),
                            undefined: None,
                        });
                    }
                };
                for (at, note) in found {
                    let (line, column) = b.position(at);
                    notes.push((line, column, note));
                }
                if b.incremental {
                    add_alternatives(&mut rules, &folded, &key, &b, expr)?;
                    if let Some(place) = folded.get(&key(&b.name)).and_then(|&i| places.get_mut(i))
                    {
                        place.push(b);
                    }
                    continue;
                }
                if let Some(&i) = folded.get(&key(&b.name)) {
                    let Some(first) = rules.get(i) else {
                        continue;
                    };
                    // An RFC that prints its rules in its sections and
                    // again collected (RFC 3986 Appendix A) prints them alike.
                    if file.rfc_text && first.expr == expr && first.name == b.name {
                        continue;
                    }
                    let (line, column) = (b.line, b.column);
                    let case = match first.name == b.name {
                        true => String::new(),
                        false => format!(
                            " as '{}' (rule names are case-insensitive, RFC 5234 §2.1; \
                             '=/' adds alternatives)",
                            first.name
                        ),
                    };
                    let alike = match file.rfc_text {
                        true => ", differently",
                        false => "",
                    };
                    return Err(Defect {
                        line,
                        column,
                        message: format!(
                            "rule '{}' defined twice{alike}: at line {} and here{case}",
                            b.name, first.line
                        ),
                        undefined: None,
                    });
                }
                index.insert(b.name.clone(), rules.len());
                folded.insert(key(&b.name), rules.len());
                places.push(vec![b.clone()]);
                rules.push(PrintedRule {
                    name: b.name,
                    printed_name: b.printed_name.map(|(_, n)| n),
                    printed: (b.supplied.is_none() && !b.core).then(|| fold_space(&b.text)),
                    printed_lines: (b.supplied.is_none() && !b.core).then(|| lines(&b.text)),
                    reading: fold_space(&reading),
                    correction,
                    expr,
                    line: b.line,
                    column: b.column,
                    comment: b.comment,
                });
            }
            // RFC 5234 Appendix B.1: the core rules used and not defined, in
            // their printed order, after the file's lines.
            let wanted: Vec<&(&str, &str)> = file
                .core
                .iter()
                .filter(|(n, _)| {
                    !core_done.contains(n) && !folded.contains_key(&n.to_ascii_lowercase())
                })
                .filter(|(n, _)| {
                    rules
                        .iter()
                        .any(|r| r.expr.refs().iter().any(|x| x.eq_ignore_ascii_case(n)))
                })
                .collect();
            if wanted.is_empty() {
                break;
            }
            for (name, def) in wanted {
                core_done.push(name);
                todo.push(Block::core(name, def, 0));
            }
            // Numbered as the lines after the file's, in printed order.
            todo.sort_by_key(|b| file.core.iter().position(|(n, _)| *n == b.name));
            let after = self.lines + rules.iter().filter(|r| r.printed.is_none()).count();
            for (i, b) in todo.iter_mut().enumerate() {
                b.line = after + 1 + i;
            }
        }
        if notation == Notation::Abnf {
            // ABNF rule names are case-insensitive (RFC 5234 §2.1): each
            // reference is spelled as its rule is defined.
            let spelled: BTreeMap<String, String> = rules
                .iter()
                .map(|r| (r.name.to_ascii_lowercase(), r.name.clone()))
                .collect();
            for rule in &mut rules {
                respell(&mut rule.expr, &spelled);
            }
        }
        for (i, rule) in rules.iter().enumerate() {
            if let Some(r) = rule
                .expr
                .refs()
                .into_iter()
                .find(|r| !index.contains_key(*r))
            {
                let (line, column) = places
                    .get(i)
                    .into_iter()
                    .flatten()
                    .find_map(|b| Some(b.position(word_at(&b.text, r)?)))
                    .unwrap_or((rule.line, 0));
                let aside = prose
                    .iter()
                    .find(|(n, ..)| n.eq_ignore_ascii_case(r))
                    .map_or(String::new(), |(_, line, why)| {
                        format!(" (line {line} defines it in what is not ABNF: {why})")
                    });
                return Err(Defect {
                    line,
                    column,
                    message: format!("rule '{}' uses undefined '{r}'{aside}", rule.name),
                    undefined: Some((
                        r.to_string(),
                        rules.iter().map(|r| r.name.clone()).collect(),
                    )),
                });
            }
        }
        let index = match fold {
            // Every spelling of a name finds its rule.
            true => folded
                .into_iter()
                .chain(index.iter().map(|(k, v)| (k.clone(), *v)))
                .collect(),
            false => index,
        };
        Ok(PrintedGrammar {
            edition,
            document: self.document,
            section: self.section,
            notation,
            rules,
            index,
            fold_case: fold,
            octets: self.octets,
            renames: self.renames,
        })
    }
}

/// Where `name` is used in an ABNF definition (outside strings, prose and
/// comments), without case: its byte offset.
fn word_at(text: &str, name: &str) -> Option<usize> {
    let mut chars = text.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        let end = match c {
            '"' => Some('"'),
            '<' => Some('>'),
            ';' => Some('\n'),
            _ => None,
        };
        if let Some(end) = end {
            for (_, c) in chars.by_ref() {
                if c == end {
                    break;
                }
            }
            continue;
        }
        if c == '%' {
            // A value's letters (`%x41`, `%s"…"`) are no name.
            while chars
                .next_if(|(_, c)| c.is_ascii_alphanumeric() || *c == '.' || *c == '-')
                .is_some()
            {}
            continue;
        }
        if !c.is_ascii_alphabetic() {
            continue;
        }
        let mut word_end = at + c.len_utf8();
        while let Some((i, c)) = chars.next_if(|(_, c)| c.is_ascii_alphanumeric() || *c == '-') {
            word_end = i + c.len_utf8();
        }
        if text
            .get(at..word_end)
            .is_some_and(|w| w.eq_ignore_ascii_case(name))
        {
            return Some(at);
        }
    }
    None
}

/// ABNF `=/` (RFC 5234 §3.3): the block's alternatives added to the rule
/// defined above under its name.
fn add_alternatives(
    rules: &mut [PrintedRule],
    index: &BTreeMap<String, usize>,
    key: &dyn Fn(&str) -> String,
    b: &Block,
    more: Expr,
) -> Result<(), Defect> {
    let Some(rule) = index.get(&key(&b.name)).and_then(|&i| rules.get_mut(i)) else {
        let (line, column) = (b.line, b.column);
        return Err(Defect {
            line,
            column,
            message: format!("'{} =/' before '{} ='", b.name, b.name),
            undefined: None,
        });
    };
    let mut alts = match std::mem::replace(&mut rule.expr, Expr::Empty) {
        Expr::Alt(alts) => alts,
        one => vec![one],
    };
    match more {
        Expr::Alt(more) => alts.extend(more),
        one => alts.push(one),
    }
    rule.expr = Expr::Alt(alts);
    let more_text = fold_space(&b.text);
    for text in [&mut rule.reading].into_iter().chain(rule.printed.as_mut()) {
        text.push_str(" =/ ");
        text.push_str(&more_text);
    }
    if let Some(printed) = rule.printed_lines.as_mut() {
        printed.push_str("\n=/ ");
        printed.push_str(&lines(&b.text));
    }
    Ok(())
}

/// A definition's lines as printed: each line's own spacing kept (the
/// columns of its comments), the indentation of continuations dropped (the
/// printed text's layout is [`PrintedRule::printed_text`]'s).
fn lines(text: &str) -> String {
    text.lines()
        .map(|l| l.trim())
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join("\n")
}

fn respell(e: &mut Expr, spelled: &BTreeMap<String, String>) {
    match e {
        Expr::Ref(name) => {
            if let Some(s) = spelled.get(&name.to_ascii_lowercase()) {
                name.clone_from(s);
            }
        }
        Expr::Seq(items) | Expr::Alt(items) => items.iter_mut().for_each(|i| respell(i, spelled)),
        Expr::Opt(item) | Expr::Rep { item, .. } => respell(item, spelled),
        Expr::Empty | Expr::Lit(_) | Expr::Range(..) => {}
    }
}
