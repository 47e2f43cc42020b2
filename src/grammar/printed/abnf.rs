//! ABNF, as RFC 5234 (formerly RFC 2234) defines it, read into [`Expr`]: the
//! notation of RFC 3986 Appendix A, and of any grammar written to RFC 5234.
//!
//! One definition (the `elements` of RFC 5234 §4) at a time; the transcription
//! reader splits rules at `=` and `=/`. What each construct reads as:
//! - `/` alternatives, juxtaposition concatenation, `( )` groups, `[ ]` options
//!   (§3.2-3.5, §3.8);
//! - `n*m`, `n*`, `*m`, `*` and `n` (exactly n) repetitions (§3.6-3.7);
//! - `"text"`: case-insensitive (§2.3), so each letter reads as either case;
//! - `%x`, `%d`, `%b` values, `.`-concatenated or `-` ranges (§2.3, §3.4);
//! - `;` comments to the end of the line (§3.9);
//! - `<prose>` (§4) has no reading, except where it is repeated zero times
//!   (RFC 3986's `path-empty = 0<pchar>`): zero of anything is the empty string.

use super::Expr;

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Slash,
    Open,
    Close,
    LParen,
    RParen,
    /// `n*m`, `n*`, `*m`, `*` or `n`: at least, at most.
    Repeat(u32, Option<u32>),
    /// A quoted string, as printed.
    Str(String),
    /// A numeric value: one character or a concatenation of them.
    Chars(Vec<char>),
    /// A numeric range, both ends included.
    Range(char, char),
    Prose(String),
    Name(String),
}

fn number(chars: &mut std::iter::Peekable<std::str::Chars<'_>>, radix: u32) -> Option<u32> {
    let mut n: Option<u32> = None;
    while let Some(d) = chars.peek().and_then(|c| c.to_digit(radix)) {
        n = Some(n.unwrap_or(0).checked_mul(radix)?.checked_add(d)?);
        chars.next();
    }
    n
}

fn code_point(n: Option<u32>) -> Result<char, String> {
    n.and_then(char::from_u32)
        .ok_or_else(|| "a numeric value that is no character".to_string())
}

/// `%x41`, `%x41.42`, `%x41-5A` (the `%` already read).
fn num_val(chars: &mut std::iter::Peekable<std::str::Chars<'_>>) -> Result<Tok, String> {
    let radix = match chars.next() {
        Some('x' | 'X') => 16,
        Some('d' | 'D') => 10,
        Some('b' | 'B') => 2,
        other => return Err(format!("'%' followed by {other:?}, not x, d or b")),
    };
    let first = code_point(number(chars, radix))?;
    match chars.peek() {
        Some('-') => {
            chars.next();
            let last = code_point(number(chars, radix))?;
            if last < first {
                return Err(format!("range {first:?}-{last:?} runs backwards"));
            }
            Ok(Tok::Range(first, last))
        }
        Some('.') => {
            let mut all = vec![first];
            while chars.peek() == Some(&'.') {
                chars.next();
                all.push(code_point(number(chars, radix))?);
            }
            Ok(Tok::Chars(all))
        }
        _ => Ok(Tok::Chars(vec![first])),
    }
}

fn delimited(
    chars: &mut std::iter::Peekable<std::str::Chars<'_>>,
    end: char,
) -> Result<String, String> {
    let mut text = String::new();
    loop {
        match chars.next() {
            Some(c) if c == end => return Ok(text),
            Some('\n') | None => return Err(format!("'{end}' missing before the line ends")),
            Some(c) => text.push(c),
        }
    }
}

fn tokenize(def: &str) -> Result<Vec<Tok>, String> {
    let mut toks = Vec::new();
    let mut chars = def.chars().peekable();
    while let Some(&c) = chars.peek() {
        match c {
            c if c.is_whitespace() => {
                chars.next();
            }
            ';' => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        break;
                    }
                }
            }
            '"' => {
                chars.next();
                toks.push(Tok::Str(delimited(&mut chars, '"')?));
            }
            '<' => {
                chars.next();
                toks.push(Tok::Prose(delimited(&mut chars, '>')?));
            }
            '%' => {
                chars.next();
                toks.push(num_val(&mut chars)?);
            }
            '/' | '[' | ']' | '(' | ')' => {
                chars.next();
                toks.push(match c {
                    '/' => Tok::Slash,
                    '[' => Tok::Open,
                    ']' => Tok::Close,
                    '(' => Tok::LParen,
                    _ => Tok::RParen,
                });
            }
            '0'..='9' | '*' => {
                let min = number(&mut chars, 10);
                if chars.peek() == Some(&'*') {
                    chars.next();
                    toks.push(Tok::Repeat(min.unwrap_or(0), number(&mut chars, 10)));
                } else {
                    let n = min.ok_or("a repetition count out of range")?;
                    toks.push(Tok::Repeat(n, Some(n)));
                }
            }
            c if c.is_ascii_alphabetic() => {
                let mut name = String::new();
                while let Some(&c) = chars.peek() {
                    if !(c.is_ascii_alphanumeric() || c == '-') {
                        break;
                    }
                    name.push(c);
                    chars.next();
                }
                toks.push(Tok::Name(name));
            }
            c => return Err(format!("'{c}' is not ABNF notation")),
        }
    }
    Ok(toks)
}

/// Parse one ABNF definition (RFC 5234 `elements`).
pub(super) fn parse(def: &str) -> Result<Expr, String> {
    let mut p = Parser {
        toks: tokenize(def)?,
        pos: 0,
    };
    let e = p.alternation()?;
    match p.toks.get(p.pos) {
        None => Ok(e),
        Some(t) => Err(format!("unexpected {t:?}")),
    }
}

struct Parser {
    toks: Vec<Tok>,
    pos: usize,
}

fn one_or_many(mut items: Vec<Expr>, many: fn(Vec<Expr>) -> Expr) -> Expr {
    match items.len() {
        0 => Expr::Empty,
        1 => items.pop().unwrap_or(Expr::Empty),
        _ => many(items),
    }
}

/// A quoted string: each letter either case (RFC 5234 §2.3), runs of other
/// characters kept as one literal.
fn caseless(text: &str) -> Expr {
    let mut items = Vec::new();
    let mut run = String::new();
    for c in text.chars() {
        if c.is_ascii_alphabetic() {
            if !run.is_empty() {
                items.push(Expr::Lit(std::mem::take(&mut run)));
            }
            items.push(Expr::Alt(vec![
                Expr::Lit(c.to_ascii_lowercase().to_string()),
                Expr::Lit(c.to_ascii_uppercase().to_string()),
            ]));
        } else {
            run.push(c);
        }
    }
    if !run.is_empty() || items.is_empty() {
        items.push(Expr::Lit(run));
    }
    one_or_many(items, Expr::Seq)
}

impl Parser {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos)
    }

    fn alternation(&mut self) -> Result<Expr, String> {
        let mut alts = vec![self.concatenation()?];
        while self.peek() == Some(&Tok::Slash) {
            self.pos += 1;
            alts.push(self.concatenation()?);
        }
        Ok(one_or_many(alts, Expr::Alt))
    }

    fn concatenation(&mut self) -> Result<Expr, String> {
        let mut items = Vec::new();
        while !matches!(
            self.peek(),
            None | Some(Tok::Slash | Tok::Close | Tok::RParen)
        ) {
            items.push(self.repetition()?);
        }
        if items.is_empty() {
            return Err("an alternative with no element".into());
        }
        Ok(one_or_many(items, Expr::Seq))
    }

    fn repetition(&mut self) -> Result<Expr, String> {
        let Some(Tok::Repeat(min, max)) = self.peek().cloned() else {
            return self.element(false);
        };
        self.pos += 1;
        if max.is_some_and(|max| max < min) {
            return Err(format!("repetition {min}*{max:?} allows nothing"));
        }
        let item = self.element(max == Some(0))?;
        Ok(match max {
            // Zero of anything is the empty string.
            Some(0) => Expr::Empty,
            _ => Expr::Rep {
                min,
                max,
                item: Box::new(item),
            },
        })
    }

    /// One element; `unread` where it is repeated zero times, so a prose
    /// value needs no reading.
    fn element(&mut self, unread: bool) -> Result<Expr, String> {
        let Some(tok) = self.peek().cloned() else {
            return Err("definition ends early".into());
        };
        self.pos += 1;
        match tok {
            Tok::Name(n) => Ok(Expr::Ref(n)),
            Tok::Str(s) => Ok(caseless(&s)),
            Tok::Chars(cs) => Ok(Expr::Lit(cs.into_iter().collect())),
            Tok::Range(lo, hi) => Ok(Expr::Range(lo, hi)),
            Tok::Prose(_) if unread => Ok(Expr::Empty),
            Tok::Prose(p) => Err(format!("prose value <{p}> has no reading")),
            Tok::Open | Tok::LParen => {
                let inner = self.alternation()?;
                let close = if tok == Tok::Open {
                    Tok::Close
                } else {
                    Tok::RParen
                };
                if self.peek() != Some(&close) {
                    return Err(format!("unclosed {tok:?}"));
                }
                self.pos += 1;
                Ok(if tok == Tok::Open {
                    Expr::Opt(Box::new(inner))
                } else {
                    inner
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
    fn repetitions_ranges_and_comments() {
        let e = parse("1*4HEXDIG / %x31-39 2DIGIT ; 10-99\n / *( a )").unwrap();
        let rep = |min, max, item| Expr::Rep {
            min,
            max,
            item: Box::new(item),
        };
        let want = Expr::Alt(vec![
            rep(1, Some(4), Expr::Ref("HEXDIG".into())),
            Expr::Seq(vec![
                Expr::Range('1', '9'),
                rep(2, Some(2), Expr::Ref("DIGIT".into())),
            ]),
            rep(0, None, Expr::Ref("a".into())),
        ]);
        assert_eq!(e, want);
    }

    #[test]
    fn quoted_strings_match_either_case() {
        let v = Expr::Alt(vec![lit("v"), lit("V")]);
        assert_eq!(parse("\"v\"").unwrap(), v);
        assert_eq!(
            parse("\"25\" \"a:\"").unwrap(),
            Expr::Seq(vec![
                lit("25"),
                Expr::Seq(vec![Expr::Alt(vec![lit("a"), lit("A")]), lit(":")])
            ])
        );
    }

    #[test]
    fn values_concatenate_and_prose_repeated_zero_times_is_empty() {
        assert_eq!(parse("%x0D.0A").unwrap(), lit("\r\n"));
        assert_eq!(parse("%d65").unwrap(), lit("A"));
        assert_eq!(parse("0<pchar>").unwrap(), Expr::Empty);
        assert!(parse("<pchar>").is_err());
    }

    #[test]
    fn defects_are_refused() {
        for bad in [
            "( a", "[ a", "%q41", "3*2a", "a / / b", "\"open", "%x5A-41", "a _",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }
}
