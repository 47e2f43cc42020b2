//! ABNF, as RFC 5234 (formerly RFC 2234) defines it, read into [`Expr`]: the
//! notation of RFC 3986 Appendix A, and of any grammar written to RFC 5234.
//!
//! One definition (the `elements` of RFC 5234 §4) at a time; the transcription
//! reader splits rules at `=` and `=/`. What each construct reads as:
//! - `/` alternatives, juxtaposition concatenation, `( )` groups, `[ ]` options
//!   (§3.2-3.5, §3.8);
//! - `n*m`, `n*`, `*m`, `*` and `n` (exactly n) repetitions (§3.6-3.7);
//! - `"text"`: case-insensitive (§2.3), so each letter reads as either case;
//!   RFC 7405's `%s"text"` case-sensitive, `%i"text"` as `"text"`;
//! - `%x`, `%d`, `%b` values, `.`-concatenated or `-` ranges (§2.3, §3.4);
//! - `;` comments to the end of the line (§3.9);
//! - `<name>` is the rule `name` where the grammar has one (§2.1: angle
//!   brackets may surround a rule name); other `<prose>` (§4) has no
//!   reading, except where it is repeated zero times (RFC 3986's
//!   `path-empty = 0<pchar>`): zero of anything is the empty string.

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
    /// A quoted string, as printed, and whether it is case-sensitive
    /// (RFC 7405 `%s"…"`).
    Str(String, bool),
    /// A numeric value: one character or a concatenation of them.
    Chars(Vec<char>),
    /// A numeric range, both ends included.
    Range(char, char),
    Prose(String),
    Name(String),
}

impl Tok {
    /// The token as a reader of the grammar knows it, for messages.
    fn shown(&self) -> String {
        match self {
            Tok::Slash => "'/'".into(),
            Tok::Open => "'['".into(),
            Tok::Close => "']'".into(),
            Tok::LParen => "'('".into(),
            Tok::RParen => "')'".into(),
            Tok::Repeat(..) => "a repetition count".into(),
            Tok::Str(s, _) => format!("the string \"{s}\""),
            Tok::Chars(_) | Tok::Range(..) => "a numeric value".into(),
            Tok::Prose(p) => format!("<{p}>"),
            Tok::Name(n) => format!("the rule name '{n}'"),
        }
    }
}

/// What went wrong in a definition, at a byte offset of its text.
pub(super) type DefinitionDefect = (usize, String);

/// A character stream that knows its byte offset.
struct Chars<'a> {
    text: &'a str,
    at: usize,
}

impl Chars<'_> {
    fn peek(&self) -> Option<char> {
        self.text.get(self.at..).and_then(|s| s.chars().next())
    }

    fn next(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at += c.len_utf8();
        Some(c)
    }
}

fn number(chars: &mut Chars<'_>, radix: u32) -> Option<u32> {
    let mut n: Option<u32> = None;
    while let Some(d) = chars.peek().and_then(|c| c.to_digit(radix)) {
        n = Some(n.unwrap_or(0).checked_mul(radix)?.checked_add(d)?);
        chars.next();
    }
    n
}

fn code_point(n: Option<u32>, radix: u32, at: usize) -> Result<char, DefinitionDefect> {
    let base = match radix {
        16 => "hexadecimal",
        10 => "decimal",
        _ => "binary",
    };
    match n {
        None => Err((at, format!("a {base} number was expected here"))),
        Some(n) => char::from_u32(n).ok_or_else(|| {
            (
                at,
                format!(
                    "the value {n} (U+{n:X}) is no Unicode character (a surrogate or past U+10FFFF)"
                ),
            )
        }),
    }
}

/// `%x41`, `%x41.42`, `%x41-5A`; RFC 7405's `%s"…"` and `%i"…"` (the `%`,
/// at `start`, already read).
fn num_val(chars: &mut Chars<'_>, start: usize) -> Result<Tok, DefinitionDefect> {
    let radix = match chars.next() {
        Some('x' | 'X') => 16,
        Some('d' | 'D') => 10,
        Some('b' | 'B') => 2,
        // RFC 7405 §2.1: a case-sensitive or (as a bare string) case-insensitive string.
        Some(c @ ('s' | 'S' | 'i' | 'I')) if chars.peek() == Some('"') => {
            chars.next();
            return Ok(Tok::Str(
                delimited(chars, '"', start)?,
                c.eq_ignore_ascii_case(&'s'),
            ));
        }
        _ => {
            return Err((
                start,
                "'%' starts a numeric value (%x, %d or %b, RFC 5234 §2.3) or a string \
                 (%s\"…\" case-sensitive, %i\"…\" not, RFC 7405)"
                    .into(),
            ));
        }
    };
    let first = code_point(number(chars, radix), radix, chars.at)?;
    match chars.peek() {
        Some('-') => {
            chars.next();
            let last = code_point(number(chars, radix), radix, chars.at)?;
            if last < first {
                return Err((
                    start,
                    format!(
                        "the range %x{:X}-{:X} runs backwards",
                        u32::from(first),
                        u32::from(last)
                    ),
                ));
            }
            Ok(Tok::Range(first, last))
        }
        Some('.') => {
            let mut all = vec![first];
            while chars.peek() == Some('.') {
                chars.next();
                all.push(code_point(number(chars, radix), radix, chars.at)?);
            }
            Ok(Tok::Chars(all))
        }
        _ => Ok(Tok::Chars(vec![first])),
    }
}

/// The text up to `end` (its opening character, at `start`, already read).
fn delimited(chars: &mut Chars<'_>, end: char, start: usize) -> Result<String, DefinitionDefect> {
    let mut text = String::new();
    loop {
        match chars.next() {
            Some(c) if c == end => return Ok(text),
            Some('\n') | None => {
                return Err((start, format!("'{end}' missing before the line ends")));
            }
            Some(c) => text.push(c),
        }
    }
}

fn tokenize(def: &str) -> Result<Vec<(usize, Tok)>, DefinitionDefect> {
    let mut toks = Vec::new();
    let mut chars = Chars { text: def, at: 0 };
    while let Some(c) = chars.peek() {
        let at = chars.at;
        match c {
            c if c.is_whitespace() => {
                chars.next();
            }
            ';' => {
                while let Some(c) = chars.next() {
                    if c == '\n' {
                        break;
                    }
                }
            }
            '"' => {
                chars.next();
                toks.push((at, Tok::Str(delimited(&mut chars, '"', at)?, false)));
            }
            '<' => {
                chars.next();
                toks.push((at, Tok::Prose(delimited(&mut chars, '>', at)?)));
            }
            '%' => {
                chars.next();
                toks.push((at, num_val(&mut chars, at)?));
            }
            '/' | '[' | ']' | '(' | ')' => {
                chars.next();
                toks.push((
                    at,
                    match c {
                        '/' => Tok::Slash,
                        '[' => Tok::Open,
                        ']' => Tok::Close,
                        '(' => Tok::LParen,
                        _ => Tok::RParen,
                    },
                ));
            }
            '0'..='9' | '*' => {
                let min = number(&mut chars, 10);
                if chars.peek() == Some('*') {
                    chars.next();
                    toks.push((at, Tok::Repeat(min.unwrap_or(0), number(&mut chars, 10))));
                } else {
                    let n = min.ok_or((at, "a repetition count out of range".to_string()))?;
                    toks.push((at, Tok::Repeat(n, Some(n))));
                }
            }
            c if c.is_ascii_alphabetic() => {
                let mut name = String::new();
                while let Some(c) = chars.peek() {
                    if !(c.is_ascii_alphanumeric() || c == '-') {
                        break;
                    }
                    name.push(c);
                    chars.next();
                }
                toks.push((at, Tok::Name(name)));
            }
            c => return Err((at, format!("'{c}' is not ABNF notation (RFC 5234 §4)"))),
        }
    }
    Ok(toks)
}

/// Parse one ABNF definition (RFC 5234 `elements`). `is_rule` says whether
/// a name is a rule of the grammar: `<name>` then refers to it (RFC 5234
/// §2.1), with a note in `notes`, and is prose otherwise. A defect is at a
/// byte offset of `def`.
pub(super) fn parse(
    def: &str,
    is_rule: &dyn Fn(&str) -> bool,
    notes: &mut Vec<DefinitionDefect>,
) -> Result<Expr, DefinitionDefect> {
    let mut p = Parser {
        toks: tokenize(def)?,
        pos: 0,
        end: def.len(),
        is_rule,
        notes,
    };
    let e = p.alternation()?;
    match p.toks.get(p.pos) {
        None => Ok(e),
        Some((at, Tok::RParen | Tok::Close)) => Err((
            *at,
            format!(
                "{} closes nothing",
                p.toks.get(p.pos).map_or(String::new(), |(_, t)| t.shown())
            ),
        )),
        Some((at, t)) => Err((*at, format!("unexpected {}", t.shown()))),
    }
}

struct Parser<'a> {
    toks: Vec<(usize, Tok)>,
    pos: usize,
    /// The definition's length: where a defect at its end is.
    end: usize,
    is_rule: &'a dyn Fn(&str) -> bool,
    notes: &'a mut Vec<DefinitionDefect>,
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

/// Whether `text` is spelled as a rule name (RFC 5234 §4 `rulename`).
fn is_rulename(text: &str) -> bool {
    text.starts_with(|c: char| c.is_ascii_alphabetic())
        && text.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
}

impl Parser<'_> {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos).map(|(_, t)| t)
    }

    /// Where the next token is (the definition's end after the last).
    fn here(&self) -> usize {
        self.toks.get(self.pos).map_or(self.end, |(at, _)| *at)
    }

    fn alternation(&mut self) -> Result<Expr, DefinitionDefect> {
        let mut alts = vec![self.concatenation()?];
        while self.peek() == Some(&Tok::Slash) {
            self.pos += 1;
            alts.push(self.concatenation()?);
        }
        Ok(one_or_many(alts, Expr::Alt))
    }

    fn concatenation(&mut self) -> Result<Expr, DefinitionDefect> {
        let mut items = Vec::new();
        while !matches!(
            self.peek(),
            None | Some(Tok::Slash | Tok::Close | Tok::RParen)
        ) {
            items.push(self.repetition()?);
        }
        if items.is_empty() {
            return Err((self.here(), "an alternative with no element".into()));
        }
        Ok(one_or_many(items, Expr::Seq))
    }

    fn repetition(&mut self) -> Result<Expr, DefinitionDefect> {
        let Some(Tok::Repeat(min, max)) = self.peek().cloned() else {
            return self.element(false);
        };
        let at = self.here();
        self.pos += 1;
        if let Some(max) = max.filter(|&max| max < min) {
            return Err((at, format!("repetition {min}*{max} allows nothing")));
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
    fn element(&mut self, unread: bool) -> Result<Expr, DefinitionDefect> {
        let at = self.here();
        let Some(tok) = self.peek().cloned() else {
            return Err((
                at,
                "the definition ends where an element was expected".into(),
            ));
        };
        self.pos += 1;
        match tok {
            Tok::Name(n) => Ok(Expr::Ref(n)),
            Tok::Str(s, false) => Ok(caseless(&s)),
            Tok::Str(s, true) => Ok(Expr::Lit(s)),
            Tok::Chars(cs) => Ok(Expr::Lit(cs.into_iter().collect())),
            Tok::Range(lo, hi) => Ok(Expr::Range(lo, hi)),
            Tok::Prose(_) if unread => Ok(Expr::Empty),
            // RFC 5234 §2.1: "angle brackets ... may be used around a rule name".
            Tok::Prose(p) if is_rulename(&p) && (self.is_rule)(&p) => {
                self.notes.push((
                    at,
                    format!("<{p}> read as the rule {p} (RFC 5234 §2.1), not as prose"),
                ));
                Ok(Expr::Ref(p))
            }
            Tok::Prose(p) => Err((
                at,
                format!(
                    "<{p}> is prose (RFC 5234 §4), which has no reading; no rule of the file \
                     is named so"
                ),
            )),
            Tok::Open | Tok::LParen => {
                let inner = self.alternation()?;
                let close = if tok == Tok::Open {
                    Tok::Close
                } else {
                    Tok::RParen
                };
                if self.peek() != Some(&close) {
                    return Err((
                        at,
                        format!(
                            "{} is never closed ({} expected)",
                            tok.shown(),
                            close.shown()
                        ),
                    ));
                }
                self.pos += 1;
                Ok(if tok == Tok::Open {
                    Expr::Opt(Box::new(inner))
                } else {
                    inner
                })
            }
            t => Err((at, format!("unexpected {}", t.shown()))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(def: &str) -> Result<Expr, DefinitionDefect> {
        super::parse(def, &|n| n == "rule", &mut Vec::new())
    }

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
