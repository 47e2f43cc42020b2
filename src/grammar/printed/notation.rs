//! The two notations the early documents print their BNF in, read into [`Expr`]:
//! tokenizers for each, and one recursive-descent parser over the tokens (ABNF
//! has its own reader, `abnf.rs`).

use super::{Expr, Notation};

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

impl std::fmt::Display for Tok {
    /// The token as printed, for messages.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Tok::Bar => f.write_str("'|'"),
            Tok::Open => f.write_str("'['"),
            Tok::Close => f.write_str("']'"),
            Tok::LParen => f.write_str("'('"),
            Tok::RParen => f.write_str("')'"),
            Tok::Star(n) => write!(f, "'{n}*'"),
            Tok::Lit(s) => write!(f, "the literal \"{s}\""),
            Tok::Word(w) => write!(f, "the rule name '{w}'"),
        }
    }
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

/// Parse one definition in the given notation. In ABNF, `is_rule` says
/// which names are rules (`<name>` refers to one, with a note in `notes`). A
/// defect is at a byte offset of `def` (in ABNF; at its start otherwise).
pub fn parse_definition(
    notation: Notation,
    def: &str,
    is_rule: &dyn Fn(&str) -> bool,
    notes: &mut Vec<(usize, String)>,
) -> Result<Expr, (usize, String)> {
    let toks = match notation {
        Notation::Letters => tokenize_letters(def),
        Notation::Rfc822 => tokenize_rfc822(def).map_err(|m| (0, m))?,
        Notation::Abnf => return super::abnf::parse(def, is_rule, notes),
    };
    let mut p = Parser {
        toks,
        pos: 0,
        depth: 0,
        notation,
    };
    let e = p.alt().map_err(|m| (0, m))?;
    match p.toks.get(p.pos) {
        None => Ok(e),
        Some(t) => Err((0, format!("unexpected {t}"))),
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
                    max: None,
                    item: Box::new(item),
                })
            }
            t => Err(format!("unexpected {t}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_definition(notation: Notation, def: &str) -> Result<Expr, (usize, String)> {
        super::parse_definition(notation, def, &|_| false, &mut Vec::new())
    }

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
                max: None,
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
                max: None,
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
