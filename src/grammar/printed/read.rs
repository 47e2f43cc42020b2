//! Reading a transcription (`grammar/<edition>.bnf`): its header, its rule
//! blocks, the corrections beside them, each definition parsed in the
//! edition's notation and every reference checked.

use std::collections::BTreeMap;

use super::{
    Correction, Expr, Notation, PrintedGrammar, PrintedRule, fold_space, parse_definition,
};
use crate::edition::Edition;
use crate::error::Error;

/// A defect at a line of a transcription.
fn err<T>(line: usize, message: impl Into<String>) -> Result<T, (usize, String)> {
    Err((line, message.into()))
}

/// A rule block under construction.
struct Block {
    name: String,
    line: usize,
    text: String,
    printed_name: Option<(Correction, String)>,
    read: Option<(Correction, String)>,
    supplied: Option<Correction>,
    /// An RFC 5234 core rule (Appendix B.1) a grammar file uses and does not
    /// define: `%core NAME definition`.
    core: bool,
    comment: Option<String>,
    /// ABNF `=/`: alternatives added to the rule of this name.
    incremental: bool,
}

/// A transcription being read: its header and rule blocks so far.
#[derive(Default)]
struct Reader {
    document: String,
    section: String,
    notation: Option<Notation>,
    blocks: Vec<Block>,
    /// Comment lines read since the last rule.
    comment: Vec<String>,
    /// `%encoding octets`: numeric values are bytes.
    octets: bool,
    /// `%renames NEW OLD...` lines.
    renames: Vec<(String, Vec<String>)>,
}

impl Reader {
    /// A `%key value` line: the header, or a correction on the rule above.
    fn directive(&mut self, id: &str, line: usize, directive: &str) -> Result<(), (usize, String)> {
        let (key, value) = directive.split_once(' ').unwrap_or((directive, ""));
        let value = value.trim();
        match key {
            "edition" if value == id => {}
            "edition" => return err(line, format!("transcription of {value}, not {id}")),
            "core" => {
                let (name, def) = value.split_once(' ').unwrap_or((value, ""));
                self.blocks.push(Block {
                    name: name.to_string(),
                    line,
                    text: def.to_string(),
                    printed_name: None,
                    read: None,
                    supplied: None,
                    core: true,
                    comment: None,
                    incremental: false,
                });
            }
            "document" => self.document = value.to_string(),
            "renames" => {
                let mut names = value.split_whitespace().map(str::to_string);
                let (Some(new), olds) = (names.next(), names.collect::<Vec<_>>()) else {
                    return err(line, "%renames names no rule");
                };
                self.renames.push((new, olds));
            }
            // What a numeric value past 7F numbers: a code point (inputs are
            // UTF-8) or an octet.
            "encoding" => {
                self.octets = match value.to_ascii_lowercase().as_str() {
                    "octets" => true,
                    "utf-8" | "unicode" => false,
                    _ => {
                        return err(
                            line,
                            format!("unknown encoding '{value}' (octets or utf-8)"),
                        );
                    }
                }
            }
            "section" => self.section = value.to_string(),
            "notation" => {
                self.notation = Some(match value {
                    "letters" => Notation::Letters,
                    "rfc822" => Notation::Rfc822,
                    "abnf" => Notation::Abnf,
                    _ => return err(line, format!("unknown notation '{value}'")),
                })
            }
            "read" | "name" | "supplied" => {
                let (tag, rest) = value.split_once(' ').unwrap_or((value, ""));
                let correction = match tag {
                    "C1" => Correction::C1,
                    "C2" => Correction::C2,
                    "C3" => Correction::C3,
                    "C4" => Correction::C4,
                    "C5" => Correction::C5,
                    _ => return err(line, format!("unknown correction '{tag}'")),
                };
                let rest = rest.trim().to_string();
                if key == "supplied" {
                    let (name, def) = rest.split_once(' ').unwrap_or((&rest, ""));
                    self.blocks.push(Block {
                        name: name.to_string(),
                        line,
                        text: def.to_string(),
                        printed_name: None,
                        read: None,
                        supplied: Some(correction),
                        core: false,
                        comment: None,
                        incremental: false,
                    });
                    return Ok(());
                }
                let Some(block) = self.blocks.last_mut() else {
                    return err(line, format!("%{key} before any rule"));
                };
                if key == "read" {
                    block.read = Some((correction, rest));
                } else {
                    block.printed_name = Some((correction, rest));
                }
            }
            _ => return err(line, format!("unknown directive '%{key}'")),
        }
        Ok(())
    }

    /// A line of the printed grammar: a rule's first line or a continuation.
    fn rule_line(&mut self, line: usize, raw: &str) -> Result<(), (usize, String)> {
        let Some(notation) = self.notation else {
            return err(line, "%notation must come before the rules");
        };
        let trimmed = raw.trim_start();
        // ABNF: an indented comment belongs to the rule above (RFC 5234 §3.9).
        let own_line = notation == Notation::Rfc822
            || (notation == Notation::Abnf && !raw.starts_with(char::is_whitespace));
        if let Some(comment) = trimmed.strip_prefix(';').filter(|_| own_line) {
            // An RFC 822 comment line, as printed between rules.
            self.comment.push(comment.trim().to_string());
            return Ok(());
        }
        if raw.starts_with(char::is_whitespace) {
            let Some(block) = self.blocks.last_mut() else {
                return err(line, "continuation line before any rule");
            };
            block.text.push('\n');
            block.text.push_str(trimmed);
            return Ok(());
        }
        let (name, rest) = raw.split_once(char::is_whitespace).unwrap_or((raw, ""));
        let mut rest = rest.trim();
        let mut incremental = false;
        if notation != Notation::Letters {
            // ABNF `=/` adds alternatives to a rule defined above (RFC 5234 §3.3).
            if let Some(r) = rest
                .strip_prefix("=/")
                .filter(|_| notation == Notation::Abnf)
            {
                incremental = true;
                rest = r.trim();
            } else {
                rest = match rest.strip_prefix('=') {
                    Some(r) => r.trim(),
                    None => return err(line, format!("rule '{name}' lacks '='")),
                };
            }
        }
        self.blocks.push(Block {
            name: name.to_string(),
            line,
            text: rest.to_string(),
            printed_name: None,
            read: None,
            supplied: None,
            core: false,
            comment: (!self.comment.is_empty()).then(|| self.comment.join(" ")),
            incremental,
        });
        self.comment.clear();
        Ok(())
    }

    /// The blocks read as rules, each definition parsed, every reference checked.
    fn finish(self, edition: Edition) -> Result<PrintedGrammar, (usize, String)> {
        let Some(notation) = self.notation else {
            return err(1, "no %notation");
        };
        let mut rules = Vec::new();
        let mut index = BTreeMap::new();
        for b in self.blocks {
            let (reading, correction) = match (&b.read, b.supplied) {
                (Some((c, text)), _) => (text.clone(), Some(*c)),
                (None, Some(c)) => (b.text.clone(), Some(c)),
                (None, None) => (b.text.clone(), b.printed_name.as_ref().map(|(c, _)| *c)),
            };
            let expr = parse_definition(notation, &reading)
                .map_err(|message| (b.line, format!("rule '{}': {message}", b.name)))?;
            if b.incremental {
                add_alternatives(&mut rules, &index, &b, expr)?;
                continue;
            }
            if index.insert(b.name.clone(), rules.len()).is_some() {
                return err(b.line, format!("rule '{}' defined twice", b.name));
            }
            rules.push(PrintedRule {
                name: b.name,
                printed_name: b.printed_name.map(|(_, n)| n),
                printed: (b.supplied.is_none() && !b.core).then(|| fold_space(&b.text)),
                printed_lines: (b.supplied.is_none() && !b.core).then(|| lines(&b.text)),
                reading: fold_space(&reading),
                correction,
                expr,
                line: b.line,
                comment: b.comment,
            });
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
        for rule in &rules {
            if let Some(r) = rule
                .expr
                .refs()
                .into_iter()
                .find(|r| !index.contains_key(*r))
            {
                return err(
                    rule.line,
                    format!("rule '{}' uses undefined '{r}'", rule.name),
                );
            }
        }
        Ok(PrintedGrammar {
            edition,
            document: self.document,
            section: self.section,
            notation,
            rules,
            index,
            octets: self.octets,
            renames: self.renames,
        })
    }
}

/// ABNF `=/` (RFC 5234 §3.3): the block's alternatives added to the rule
/// defined above under its name.
fn add_alternatives(
    rules: &mut [PrintedRule],
    index: &BTreeMap<String, usize>,
    b: &Block,
    more: Expr,
) -> Result<(), (usize, String)> {
    let Some(rule) = index.get(&b.name).and_then(|&i| rules.get_mut(i)) else {
        return err(b.line, format!("'{} =/' before '{} ='", b.name, b.name));
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

/// Read a transcription (the `grammar/*.bnf` format described in its header).
/// A defect is [`Error::Transcription`], with its line.
pub fn read(edition: Edition, source: &str) -> Result<PrintedGrammar, Error> {
    read_lines(edition, edition.id(), source, None).map_err(|(line, message)| {
        Error::Transcription {
            edition,
            rule: None,
            message: format!("grammar/{edition}.bnf line {line}: {message}"),
        }
    })
}

/// Read a grammar in the transcriptions' format as the grammar `id` (its
/// `%edition` line, if any, must say so), for `edition`, in `notation` where
/// it has no `%notation` line; a defect as its line and what is wrong.
pub fn read_lines(
    edition: Edition,
    id: &str,
    source: &str,
    notation: Option<Notation>,
) -> Result<PrintedGrammar, (usize, String)> {
    let mut reader = Reader {
        notation,
        ..Reader::default()
    };
    let lines = source.lines().enumerate().map(|(i, raw)| (i + 1, raw));
    lines
        .filter(|(_, raw)| {
            let t = raw.trim_start();
            !t.is_empty() && !t.starts_with('#')
        })
        .try_for_each(|(line, raw)| match raw.trim_start().strip_prefix('%') {
            Some(directive) => reader.directive(id, line, directive),
            None => reader.rule_line(line, raw),
        })
        .and_then(|()| reader.finish(edition))
}
