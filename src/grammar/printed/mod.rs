//! The printed BNF of each edition, read from its transcription in `grammar/*.bnf`.
//!
//! This reading is independent of the pest grammars: it follows each document's own
//! notation and is what the reference automata (`engine::automaton`), the generator
//! and the diffs are built from.
//!
//! Two notations occur:
//! - *letters* (both drafts, RFC 1630): "A vertical line "|" indicates alternatives,
//!   and \[brackets\] indicate optional parts. Spaces are represented by the word
//!   "space" [and the vertical line character by "vline"]. Single letters stand for
//!   single letters. All words of more than one letter below are entities." Every
//!   single character stands for itself; a `[`, `]` or `|` that cannot be notation
//!   where it stands (an alternative of its own, as in `national`) is the character.
//! - *rfc822* (RFC 1738 §5): quoted literals, `<">` for the quote, `[optional]`,
//!   `n*element` for n or more repetitions, `;` comments.

use std::collections::BTreeMap;
use std::fmt;

use crate::edition::{Edition, PerEdition};
use crate::error::Error;
use crate::grammar::CharSet;

mod notation;

pub use notation::parse_definition;

/// A grammar expression, as the printed notation states it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expr {
    /// Nothing: the body of `void`.
    Empty,
    /// Literal text, case-sensitive as printed.
    Lit(String),
    /// A rule, by its printed name.
    Ref(String),
    /// One after another.
    Seq(Vec<Expr>),
    /// One of these (the printed `|`).
    Alt(Vec<Expr>),
    /// `[ … ]`.
    Opt(Box<Expr>),
    /// RFC 822 `n*element`.
    Rep {
        /// At least this many repetitions.
        min: u32,
        /// What is repeated.
        item: Box<Expr>,
    },
}

impl Expr {
    /// Every rule name this expression refers to, in order of first use.
    pub fn refs(&self) -> Vec<&str> {
        let mut out = Vec::new();
        self.collect_refs(&mut out);
        out
    }

    fn collect_refs<'a>(&'a self, out: &mut Vec<&'a str>) {
        match self {
            Expr::Empty | Expr::Lit(_) => {}
            Expr::Ref(name) => {
                if !out.contains(&name.as_str()) {
                    out.push(name);
                }
            }
            Expr::Seq(items) | Expr::Alt(items) => items.iter().for_each(|e| e.collect_refs(out)),
            Expr::Opt(item) | Expr::Rep { item, .. } => item.collect_refs(out),
        }
    }
}

/// Which notation a document's BNF is printed in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    /// Both drafts and RFC 1630: juxtaposed single letters and rule words.
    Letters,
    /// RFC 1738 §5: RFC 822 conventions.
    Rfc822,
}

/// One of the corrections urlbnf applies to the printed text (the manual, "The grammars": "Corrections").
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Correction {
    /// draft-1994: `ur l` is the rule `url`.
    C1,
    /// `xpalphas xpalpha [ xpalpha ]` is read as `xpalpha [ xpalphas ]`.
    C2,
    /// RFC 1738 `gopherurl`: the bare `/` is the literal `"/"` (erratum 5118).
    C3,
    /// `addr-spec` and `content-identifier`, used but never defined, are `xalphas`.
    C4,
}

impl Correction {
    /// What the correction does, in one line.
    pub fn summary(self) -> &'static str {
        match self {
            Correction::C1 => "the printed rule name `ur l` is the rule `url`",
            Correction::C2 => {
                "`xpalphas xpalpha [ xpalpha ]` is read as `xpalphas xpalpha [ xpalphas ]`, as rfc1630-url prints it"
            }
            Correction::C3 => {
                "the bare `/` in `gopherurl` is the literal \"/\" (RFC 1738 erratum 5118)"
            }
            Correction::C4 => {
                "`addr-spec` and `content-identifier`, used but never defined, are `xalphas`"
            }
        }
    }
}

impl fmt::Display for Correction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

/// One rule of a printed grammar.
#[derive(Clone, Debug)]
pub struct PrintedRule {
    /// The rule's name as urlbnf uses it (the printed name, after C1).
    pub name: String,
    /// The name as printed, where a correction changed it (C1).
    pub printed_name: Option<String>,
    /// The printed definition, line breaks and runs of spaces folded to one space;
    /// `None` for a rule a correction supplies (C4).
    pub printed: Option<String>,
    /// The definition as urlbnf reads it: the printed one, or the correction's.
    pub reading: String,
    /// The correction applied to this rule, if any.
    pub correction: Option<Correction>,
    /// The parsed reading.
    pub expr: Expr,
    /// Line of the transcription (`grammar/<edition>.bnf`) where the rule starts.
    pub line: usize,
    /// The comment printed just above the rule (RFC 822 `;` lines since the
    /// rule before), without its `;`s: RFC 1738's `otherurl` has "new
    /// schemes follow the general syntax".
    pub comment: Option<String>,
}

impl PrintedRule {
    /// The whole printed line, name and definition, as the document shows it
    /// (spaces folded); for a supplied rule, the supplied definition.
    pub fn printed_line(&self, notation: Notation) -> String {
        let name = self.printed_name.as_deref().unwrap_or(&self.name);
        let def = self.printed.as_deref().unwrap_or(&self.reading);
        match (notation, def.is_empty()) {
            (_, true) => name.to_string(),
            (Notation::Letters, false) => format!("{name} {def}"),
            (Notation::Rfc822, false) => format!("{name} = {def}"),
        }
    }

    internal! {
        /// Whether the document prints this rule (false for rules supplied by C4).
        fn is_printed(&self) -> bool {
            self.printed.is_some()
        }
    }
}

/// One edition's printed grammar.
#[derive(Clone, Debug)]
pub struct PrintedGrammar {
    /// The edition.
    pub edition: Edition,
    /// The document, its authors and date.
    #[cfg_attr(not(feature = "book"), allow(dead_code))] // the book's pages name it
    pub document: String,
    /// The section that prints the BNF.
    #[cfg_attr(not(feature = "book"), allow(dead_code))]
    pub section: String,
    /// The notation the BNF is printed in.
    pub notation: Notation,
    /// The rules in printed order; supplied rules (C4) last.
    pub rules: Vec<PrintedRule>,
    index: BTreeMap<String, usize>,
}

impl PrintedGrammar {
    /// The printed grammar of an edition (read once, then shared).
    pub fn of(edition: Edition) -> &'static PrintedGrammar {
        static GRAMMARS: PerEdition<PrintedGrammar> = PerEdition::new();
        GRAMMARS.get_or_init(edition, || match read(edition, edition.bnf_source()) {
            Ok(g) => g,
            // The transcriptions ship inside the crate and every test reads them:
            // a defect here is urlbnf's, found before release, never the input's.
            Err(e) => panic!("{e}"),
        })
    }

    /// A rule by its name.
    pub fn rule(&self, name: &str) -> Option<&PrintedRule> {
        self.index.get(name).and_then(|&i| self.rules.get(i))
    }

    /// The rule, or [`Error::UnknownRule`].
    pub fn require(&self, name: &str) -> Result<&PrintedRule, Error> {
        self.rule(name)
            .ok_or_else(|| Error::unknown_rule(self.edition, name))
    }

    /// The rules whose definitions refer to `name`, in printed order.
    pub fn users_of(&self, name: &str) -> Vec<&PrintedRule> {
        self.rules
            .iter()
            .filter(|r| r.expr.refs().contains(&name))
            .collect()
    }

    /// The character-class rules: those whose every string is one character
    /// (`alpha`, `safe`, `reserved`…), with their characters, in printed order
    /// (so ties go to the rule the document names first). Computed once.
    pub fn char_classes(&self) -> &[(String, CharSet)] {
        static CLASSES: PerEdition<Vec<(String, CharSet)>> = PerEdition::new();
        CLASSES.get_or_init(self.edition, || {
            self.rules
                .iter()
                .filter_map(|r| Some((r.name.clone(), self.class(&r.expr, 0)?)))
                .collect()
        })
    }

    /// The characters of a character-class rule; `None` for any other rule.
    pub fn char_class(&self, rule: &str) -> Option<CharSet> {
        self.char_classes()
            .iter()
            .find(|(name, _)| name == rule)
            .map(|(_, set)| *set)
    }

    /// The characters of a character-class rule (empty for any other rule).
    pub fn class_of(&self, rule: &str) -> CharSet {
        self.char_class(rule).unwrap_or(CharSet::EMPTY)
    }

    fn class(&self, e: &Expr, depth: usize) -> Option<CharSet> {
        if depth > 64 {
            return None;
        }
        match e {
            Expr::Lit(s) if s.len() == 1 && s.is_ascii() => Some(CharSet::of(s)),
            Expr::Ref(r) => self.class(&self.rule(r)?.expr, depth + 1),
            Expr::Alt(items) => items.iter().try_fold(CharSet::EMPTY, |acc, i| {
                Some(acc | self.class(i, depth + 1)?)
            }),
            Expr::Seq(items) if items.len() == 1 => self.class(items.first()?, depth + 1),
            _ => None,
        }
    }
}

/// Fold line breaks and runs of white space to single spaces.
pub fn fold_space(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

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
    comment: Option<String>,
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
}

impl Reader {
    /// A `%key value` line: the header, or a correction on the rule above.
    fn directive(
        &mut self,
        edition: Edition,
        line: usize,
        directive: &str,
    ) -> Result<(), (usize, String)> {
        let (key, value) = directive.split_once(' ').unwrap_or((directive, ""));
        let value = value.trim();
        match key {
            "edition" if value == edition.id() => {}
            "edition" => return err(line, format!("transcription of {value}, not {edition}")),
            "document" => self.document = value.to_string(),
            "section" => self.section = value.to_string(),
            "notation" => {
                self.notation = Some(match value {
                    "letters" => Notation::Letters,
                    "rfc822" => Notation::Rfc822,
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
                        comment: None,
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
        if let Some(comment) = trimmed
            .strip_prefix(';')
            .filter(|_| notation == Notation::Rfc822)
        {
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
        if notation == Notation::Rfc822 {
            rest = match rest.strip_prefix('=') {
                Some(r) => r.trim(),
                None => return err(line, format!("rule '{name}' lacks '='")),
            };
        }
        self.blocks.push(Block {
            name: name.to_string(),
            line,
            text: rest.to_string(),
            printed_name: None,
            read: None,
            supplied: None,
            comment: (!self.comment.is_empty()).then(|| self.comment.join(" ")),
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
            if index.insert(b.name.clone(), rules.len()).is_some() {
                return err(b.line, format!("rule '{}' defined twice", b.name));
            }
            rules.push(PrintedRule {
                name: b.name,
                printed_name: b.printed_name.map(|(_, n)| n),
                printed: b.supplied.is_none().then(|| fold_space(&b.text)),
                reading: fold_space(&reading),
                correction,
                expr,
                line: b.line,
                comment: b.comment,
            });
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
        })
    }
}

/// Read a transcription (the `grammar/*.bnf` format described in its header).
/// A defect is [`Error::Transcription`], with its line.
pub fn read(edition: Edition, source: &str) -> Result<PrintedGrammar, Error> {
    let mut reader = Reader::default();
    let lines = source.lines().enumerate().map(|(i, raw)| (i + 1, raw));
    let result = lines
        .filter(|(_, raw)| {
            let t = raw.trim_start();
            !t.is_empty() && !t.starts_with('#')
        })
        .try_for_each(|(line, raw)| match raw.trim_start().strip_prefix('%') {
            Some(directive) => reader.directive(edition, line, directive),
            None => reader.rule_line(line, raw),
        })
        .and_then(|()| reader.finish(edition));
    result.map_err(|(line, message)| Error::Transcription {
        edition,
        rule: None,
        message: format!("grammar/{edition}.bnf line {line}: {message}"),
    })
}
