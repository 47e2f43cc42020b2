//! The printed BNF of each edition, read from its transcription in `grammar/*.bnf`.
//!
//! This reading is independent of the pest grammars: it follows each document's own
//! notation and is what the reference automata ([`crate::automaton`]), the generator
//! and the diffs are built from.
//!
//! Two notations occur:
//! - *letters* (both drafts, RFC 1630): "A vertical line "|" indicates alternatives,
//!   and [brackets] indicate optional parts. Spaces are represented by the word
//!   "space" [and the vertical line character by "vline"]. Single letters stand for
//!   single letters. All words of more than one letter below are entities." Every
//!   single character stands for itself; a `[`, `]` or `|` that cannot be notation
//!   where it stands (an alternative of its own, as in `national`) is the character.
//! - *rfc822* (RFC 1738 §5): quoted literals, `<">` for the quote, `[optional]`,
//!   `n*element` for n or more repetitions, `;` comments.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::OnceLock;

use crate::edition::Edition;

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
    /// RFC 822 `n*element`: at least `min` repetitions.
    Rep { min: u32, item: Box<Expr> },
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

/// One of the corrections urlbnf applies to the printed text (README, "Corrections").
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
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

    /// Whether the document prints this rule (false for rules supplied by C4).
    pub fn is_printed(&self) -> bool {
        self.printed.is_some()
    }
}

/// One edition's printed grammar.
#[derive(Clone, Debug)]
pub struct PrintedGrammar {
    pub edition: Edition,
    /// The document, its authors and date.
    pub document: String,
    /// The section that prints the BNF.
    pub section: String,
    pub notation: Notation,
    /// The rules in printed order; supplied rules (C4) last.
    pub rules: Vec<PrintedRule>,
    index: BTreeMap<String, usize>,
}

impl PrintedGrammar {
    /// The printed grammar of an edition (read once, then shared).
    pub fn of(edition: Edition) -> &'static PrintedGrammar {
        static CELLS: [OnceLock<PrintedGrammar>; 5] = [const { OnceLock::new() }; 5];
        let slot = Edition::ALL.iter().position(|e| *e == edition).unwrap_or(0);
        CELLS[slot].get_or_init(|| match read(edition, edition.bnf_source()) {
            Ok(g) => g,
            // The transcriptions ship with the crate and are read by the test suite.
            Err(e) => panic!("grammar/{}.bnf: {e}", edition.id()),
        })
    }

    /// A rule by its name.
    pub fn rule(&self, name: &str) -> Option<&PrintedRule> {
        self.index.get(name).and_then(|&i| self.rules.get(i))
    }

    /// The rules whose definitions refer to `name`, in printed order.
    pub fn users_of(&self, name: &str) -> Vec<&PrintedRule> {
        self.rules
            .iter()
            .filter(|r| r.expr.refs().contains(&name))
            .collect()
    }
}

/// A defect in a transcription file: where, and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadError {
    pub line: usize,
    pub message: String,
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for ReadError {}

fn err<T>(line: usize, message: impl Into<String>) -> Result<T, ReadError> {
    Err(ReadError {
        line,
        message: message.into(),
    })
}

/// Fold line breaks and runs of white space to single spaces.
pub fn fold_space(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A rule block under construction.
struct Block {
    name: String,
    line: usize,
    text: String,
    printed_name: Option<(Correction, String)>,
    read: Option<(Correction, String)>,
    supplied: Option<Correction>,
}

/// Read a transcription (the `grammar/*.bnf` format described in its header).
pub fn read(edition: Edition, source: &str) -> Result<PrintedGrammar, ReadError> {
    let mut document = String::new();
    let mut section = String::new();
    let mut notation = None;
    let mut blocks: Vec<Block> = Vec::new();

    for (i, raw) in source.lines().enumerate() {
        let line = i + 1;
        let trimmed = raw.trim_start();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        if let Some(directive) = trimmed.strip_prefix('%') {
            let (key, value) = directive.split_once(' ').unwrap_or((directive, ""));
            let value = value.trim();
            match key {
                "edition" if value == edition.id() => {}
                "edition" => return err(line, format!("transcription of {value}, not {edition}")),
                "document" => document = value.to_string(),
                "section" => section = value.to_string(),
                "notation" => {
                    notation = Some(match value {
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
                        blocks.push(Block {
                            name: name.to_string(),
                            line,
                            text: def.to_string(),
                            printed_name: None,
                            read: None,
                            supplied: Some(correction),
                        });
                        continue;
                    }
                    let Some(block) = blocks.last_mut() else {
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
            continue;
        }
        let notation = notation.ok_or(ReadError {
            line,
            message: "%notation must come before the rules".into(),
        })?;
        if notation == Notation::Rfc822 && trimmed.starts_with(';') {
            continue; // an RFC 822 comment line, as printed between rules
        }
        if raw.starts_with(char::is_whitespace) {
            let Some(block) = blocks.last_mut() else {
                return err(line, "continuation line before any rule");
            };
            block.text.push('\n');
            block.text.push_str(trimmed);
            continue;
        }
        let (name, rest) = raw.split_once(char::is_whitespace).unwrap_or((raw, ""));
        let mut rest = rest.trim();
        if notation == Notation::Rfc822 {
            rest = match rest.strip_prefix('=') {
                Some(r) => r.trim(),
                None => return err(line, format!("rule '{name}' lacks '='")),
            };
        }
        blocks.push(Block {
            name: name.to_string(),
            line,
            text: rest.to_string(),
            printed_name: None,
            read: None,
            supplied: None,
        });
    }

    let notation = notation.ok_or(ReadError {
        line: 1,
        message: "no %notation".into(),
    })?;
    let mut rules = Vec::new();
    let mut index = BTreeMap::new();
    for b in blocks {
        let (reading, correction) = match (&b.read, b.supplied) {
            (Some((c, text)), _) => (text.clone(), Some(*c)),
            (None, Some(c)) => (b.text.clone(), Some(c)),
            (None, None) => (b.text.clone(), b.printed_name.as_ref().map(|(c, _)| *c)),
        };
        let expr = parse_definition(notation, &reading).map_err(|message| ReadError {
            line: b.line,
            message: format!("rule '{}': {message}", b.name),
        })?;
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
        });
    }
    for rule in &rules {
        for r in rule.expr.refs() {
            if !index.contains_key(r) {
                return err(
                    rule.line,
                    format!("rule '{}' uses undefined '{r}'", rule.name),
                );
            }
        }
    }
    Ok(PrintedGrammar {
        edition,
        document,
        section,
        notation,
        rules,
        index,
    })
}

/// One token of a definition.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    Bar,
    Open,
    Close,
    LParen,
    RParen,
    /// RFC 822 `n*`.
    Star(u32),
    Lit(String),
    Word(String),
}

fn tokenize_letters(def: &str) -> Vec<Tok> {
    let mut toks = Vec::new();
    for chunk in def.split_whitespace() {
        // Glued notation (`[/`, `|1`) is split; a chunk of one character stands for itself.
        let mut word = String::new();
        let chars: Vec<char> = chunk.chars().collect();
        if chars.len() == 1 {
            toks.push(match chars[0] {
                '|' => Tok::Bar,
                '[' => Tok::Open,
                ']' => Tok::Close,
                c => Tok::Lit(c.to_string()),
            });
            continue;
        }
        for c in chars {
            let t = match c {
                '|' => Tok::Bar,
                '[' => Tok::Open,
                ']' => Tok::Close,
                _ => {
                    word.push(c);
                    continue;
                }
            };
            flush_word(&mut word, &mut toks);
            toks.push(t);
        }
        flush_word(&mut word, &mut toks);
    }
    toks
}

fn flush_word(word: &mut String, toks: &mut Vec<Tok>) {
    if word.is_empty() {
        return;
    }
    let w = std::mem::take(word);
    toks.push(match w.as_str() {
        "space" => Tok::Lit(" ".into()),
        "vline" => Tok::Lit("|".into()),
        _ if w.chars().count() == 1 => Tok::Lit(w),
        _ => Tok::Word(w),
    });
}

fn tokenize_rfc822(def: &str) -> Result<Vec<Tok>, String> {
    let mut toks = Vec::new();
    let mut chars = def.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => {}
            ';' => {
                // A comment runs to the end of its line.
                for c in chars.by_ref() {
                    if c == '\n' {
                        break;
                    }
                }
            }
            '"' => {
                let mut lit = String::new();
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some(c) => lit.push(c),
                        None => return Err("unterminated quoted literal".into()),
                    }
                }
                toks.push(Tok::Lit(lit));
            }
            '<' => {
                let mut name = String::new();
                loop {
                    match chars.next() {
                        Some('>') => break,
                        Some(c) => name.push(c),
                        None => return Err("unterminated <…>".into()),
                    }
                }
                if name != "\"" {
                    return Err(format!("unknown <{name}>"));
                }
                toks.push(Tok::Lit("\"".into()));
            }
            '|' => toks.push(Tok::Bar),
            '[' => toks.push(Tok::Open),
            ']' => toks.push(Tok::Close),
            '(' => toks.push(Tok::LParen),
            ')' => toks.push(Tok::RParen),
            '*' => toks.push(Tok::Star(0)),
            '0'..='9' => {
                let mut n = c.to_digit(10).unwrap_or(0);
                while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
                    n = n * 10 + d;
                    chars.next();
                }
                if chars.next() != Some('*') {
                    return Err(format!("number {n} not followed by '*'"));
                }
                toks.push(Tok::Star(n));
            }
            c if c.is_ascii_alphabetic() => {
                let mut name = c.to_string();
                while let Some(&c) = chars.peek() {
                    if c.is_ascii_alphanumeric() || matches!(c, '-' | '+' | '_') {
                        name.push(c);
                        chars.next();
                    } else {
                        break;
                    }
                }
                toks.push(Tok::Word(name));
            }
            c => return Err(format!("bare character '{c}' is not RFC 822 notation")),
        }
    }
    Ok(toks)
}

/// Parse one definition in the given notation.
pub fn parse_definition(notation: Notation, def: &str) -> Result<Expr, String> {
    let toks = match notation {
        Notation::Letters => tokenize_letters(def),
        Notation::Rfc822 => tokenize_rfc822(def)?,
    };
    let mut p = Parser {
        toks,
        pos: 0,
        depth: 0,
        notation,
    };
    let e = p.alt()?;
    match p.toks.get(p.pos) {
        None => Ok(e),
        Some(t) => Err(format!("unexpected {t:?}")),
    }
}

struct Parser {
    toks: Vec<Tok>,
    pos: usize,
    /// Open `[` brackets.
    depth: usize,
    notation: Notation,
}

impl Parser {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos)
    }

    fn alt(&mut self) -> Result<Expr, String> {
        let mut alts = vec![self.seq()?];
        while self.peek() == Some(&Tok::Bar) {
            self.pos += 1;
            alts.push(self.seq()?);
        }
        Ok(if alts.len() == 1 {
            alts.pop().unwrap_or(Expr::Empty)
        } else {
            Expr::Alt(alts)
        })
    }

    fn seq(&mut self) -> Result<Expr, String> {
        let mut items = Vec::new();
        loop {
            let letters = self.notation == Notation::Letters;
            match self.peek().cloned() {
                None | Some(Tok::RParen) => break,
                // Letters: a `|` where an alternative should start is the character.
                Some(Tok::Bar) if letters && items.is_empty() => {
                    self.pos += 1;
                    items.push(Expr::Lit("|".into()));
                }
                Some(Tok::Bar) => break,
                // Letters: a `]` with no `[` open is the character.
                Some(Tok::Close) if letters && self.depth == 0 => {
                    self.pos += 1;
                    items.push(Expr::Lit("]".into()));
                }
                Some(Tok::Close) => break,
                _ => items.push(self.item()?),
            }
        }
        Ok(match items.len() {
            0 => Expr::Empty,
            1 => items.pop().unwrap_or(Expr::Empty),
            _ => Expr::Seq(items),
        })
    }

    fn item(&mut self) -> Result<Expr, String> {
        let Some(tok) = self.peek().cloned() else {
            return Err("definition ends early".into());
        };
        self.pos += 1;
        match tok {
            Tok::Lit(s) => Ok(Expr::Lit(s)),
            Tok::Word(w) => Ok(Expr::Ref(w)),
            Tok::Open => {
                // Letters: a `[` standing as an alternative of its own is the character.
                let alone = matches!(self.peek(), None | Some(Tok::Bar));
                if self.notation == Notation::Letters && alone {
                    return Ok(Expr::Lit("[".into()));
                }
                self.depth += 1;
                let inner = self.alt()?;
                self.depth -= 1;
                match self.peek() {
                    Some(Tok::Close) => {
                        self.pos += 1;
                        Ok(Expr::Opt(Box::new(inner)))
                    }
                    _ => Err("unclosed '['".into()),
                }
            }
            Tok::LParen => {
                let inner = self.alt()?;
                match self.peek() {
                    Some(Tok::RParen) => {
                        self.pos += 1;
                        Ok(inner)
                    }
                    _ => Err("unclosed '('".into()),
                }
            }
            Tok::Star(min) => {
                // RFC 1738 §5: "brackets [] are used around optional or repeated
                // elements": after `n*` the brackets group what repeats.
                let item = match self.item()? {
                    Expr::Opt(inner) => *inner,
                    other => other,
                };
                Ok(Expr::Rep {
                    min,
                    item: Box::new(item),
                })
            }
            t => Err(format!("unexpected {t:?}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lit(s: &str) -> Expr {
        Expr::Lit(s.into())
    }

    #[test]
    fn letters_read_single_characters_words_and_brackets() {
        let e = parse_definition(Notation::Letters, "h t [/ gtype ] | space").unwrap();
        let want = Expr::Alt(vec![
            Expr::Seq(vec![
                lit("h"),
                lit("t"),
                Expr::Opt(Box::new(Expr::Seq(vec![
                    lit("/"),
                    Expr::Ref("gtype".into()),
                ]))),
            ]),
            lit(" "),
        ]);
        assert_eq!(e, want);
    }

    #[test]
    fn letters_read_notation_characters_standing_alone_as_characters() {
        let e = parse_definition(Notation::Letters, "{ | } | | | | | [ | ] | \\").unwrap();
        let want = Expr::Alt(vec![
            lit("{"),
            lit("}"),
            lit("|"),
            lit("|"),
            lit("["),
            lit("]"),
            lit("\\"),
        ]);
        assert_eq!(e, want);
    }

    #[test]
    fn rfc822_reads_repetitions_quotes_and_comments() {
        let e = parse_definition(Notation::Rfc822, "1*[ a | \"+\" ] <\"> ; note").unwrap();
        let want = Expr::Seq(vec![
            Expr::Rep {
                min: 1,
                item: Box::new(Expr::Alt(vec![Expr::Ref("a".into()), lit("+")])),
            },
            lit("\""),
        ]);
        assert_eq!(e, want);
    }

    #[test]
    fn rfc822_brackets_after_a_repetition_group_and_elsewhere_make_optional() {
        let e = parse_definition(Notation::Rfc822, "*[ a ] [ b ]").unwrap();
        let want = Expr::Seq(vec![
            Expr::Rep {
                min: 0,
                item: Box::new(Expr::Ref("a".into())),
            },
            Expr::Opt(Box::new(Expr::Ref("b".into()))),
        ]);
        assert_eq!(e, want);
    }

    #[test]
    fn rfc822_rejects_a_bare_slash() {
        assert!(parse_definition(Notation::Rfc822, "\"a\" [ / b ]").is_err());
    }
}
