//! Reading a transcription (`grammar/<edition>.bnf`): its header, its rule
//! blocks, the corrections beside them, each definition parsed in the
//! edition's notation and every reference checked.

use super::assemble::{Block, Defect, FileReading, Notes, Reader, Span, err};
use super::{Correction, Notation, PrintedGrammar};
use crate::edition::Edition;
use crate::error::Error;

impl Reader<'_> {
    /// A `%key value` line: the header, or a correction on the rule above.
    fn directive(&mut self, id: &str, line: usize, directive: &str) -> Result<(), Defect> {
        let (key, value) = directive.split_once(' ').unwrap_or((directive, ""));
        let value = value.trim();
        match key {
            "edition" if value == id => {}
            "edition" => return err(line, format!("transcription of {value}, not {id}")),
            "core" => {
                let (name, def) = value.split_once(' ').unwrap_or((value, ""));
                self.blocks.push(Block::core(name, def, line));
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
                        column: 0,
                        text: def.to_string(),
                        printed_name: None,
                        read: None,
                        supplied: Some(correction),
                        core: false,
                        comment: None,
                        incremental: false,
                        spans: Vec::new(),
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

    /// The column in the file of byte `at` of line `line` as read.
    fn column(&self, line: usize, raw: &str, at: usize) -> usize {
        let shift = self
            .file
            .and_then(|f| f.shift.get(line.saturating_sub(1)).copied())
            .unwrap_or(0);
        shift + raw.get(..at).map_or(0, |t| t.chars().count()) + 1
    }

    /// A line of the printed grammar: a rule's first line or a continuation.
    // Long: a printed line's cases in the order a reader meets them (comment, continuation, name,
    // operator), per notation.
    fn rule_line(&mut self, line: usize, raw: &str) -> Result<(), Defect> {
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
            let column = self.column(line, raw, raw.len() - trimmed.len());
            let Some(block) = self.blocks.last_mut() else {
                return Err(Defect {
                    line,
                    column,
                    message: "an indented line continues a rule, and no rule comes before it \
                              (a rule starts at the line's start)"
                        .into(),
                    undefined: None,
                });
            };
            block.text.push('\n');
            block.spans.push(Span {
                offset: block.text.len(),
                line,
                column,
            });
            block.text.push_str(trimmed.trim_end());
            return Ok(());
        }
        // ABNF: a rule name is a letter, then letters, digits and '-'
        // (RFC 5234 §4), and `=` may follow it with no space.
        let split = match notation {
            Notation::Abnf => raw
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
                .unwrap_or(raw.len()),
            _ => raw.find(char::is_whitespace).unwrap_or(raw.len()),
        };
        let (name, rest) = raw.split_at(split);
        let mut rest = rest.trim_start();
        let mut incremental = false;
        let lacks = |name: &str, what: &str| Defect {
            line,
            column: self.column(line, raw, 0),
            message: match (name.is_empty(), self.file.is_some()) {
                (true, _) => format!("a rule starts with its name, not {what}"),
                (false, false) => format!("rule '{name}' lacks '='"),
                (false, true) => format!(
                    "rule '{name}' lacks '=' (a plain grammar file holds rules, comments and \
                     blank lines only; an RFC's text is read as one where its rules are \
                     indented, as RFCs print them)"
                ),
            },
            undefined: None,
        };
        if notation == Notation::Abnf && !name.starts_with(|c: char| c.is_ascii_alphabetic()) {
            let what = trimmed
                .chars()
                .next()
                .map_or(String::new(), |c| format!("'{c}'"));
            return Err(lacks("", &what));
        }
        if notation != Notation::Letters {
            // ABNF `=/` adds alternatives to a rule defined above (RFC 5234 §3.3).
            if let Some(r) = rest
                .strip_prefix("=/")
                .filter(|_| notation == Notation::Abnf)
            {
                incremental = true;
                rest = r.trim_start();
            } else {
                rest = match rest.strip_prefix('=') {
                    Some(r) => r.trim_start(),
                    None => return Err(lacks(name, "")),
                };
            }
        }
        let column = self.column(line, raw, raw.len() - rest.len());
        self.blocks.push(Block {
            name: name.to_string(),
            line,
            column: self.column(line, raw, 0),
            text: rest.trim_end().to_string(),
            printed_name: None,
            read: None,
            supplied: None,
            core: false,
            comment: (!self.comment.is_empty()).then(|| self.comment.join(" ")),
            incremental,
            spans: vec![Span {
                offset: 0,
                line,
                column,
            }],
        });
        self.comment.clear();
        Ok(())
    }
}

/// Read a transcription (the `grammar/*.bnf` format described in its header).
/// A defect is [`Error::Transcription`], with its line.
pub fn read(edition: Edition, source: &str) -> Result<PrintedGrammar, Error> {
    read_lines(edition, edition.id(), source, None, None)
        .map(|(g, _)| g)
        .map_err(|d| Error::Transcription {
            edition,
            rule: None,
            message: format!("grammar/{edition}.bnf line {}: {}", d.line, d.message),
        })
}

/// Read a grammar in the transcriptions' format as the grammar `id` (its
/// `%edition` line, if any, must say so), for `edition`, in `notation` where
/// it has no `%notation` line, as a grammar file where `file` says how; the
/// grammar and what its reading noted, or the defect.
pub fn read_lines(
    edition: Edition,
    id: &str,
    source: &str,
    notation: Option<Notation>,
    file: Option<FileReading<'_>>,
) -> Result<(PrintedGrammar, Notes), Defect> {
    let mut reader = Reader {
        notation,
        file,
        lines: source.lines().count(),
        ..Reader::default()
    };
    let mut notes = Notes::new();
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
        .and_then(|()| reader.finish(edition, &mut notes))
        .map(|g| (g, notes))
}
