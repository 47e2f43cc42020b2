//! Printing a rule's HIR in a flavor's syntax: groups only where binding
//! needs them, single characters side by side as one bracket expression.
//! A non-ASCII character (a grammar's code point, as UTF-8 in the HIR) is
//! written as the flavor writes a code point: `\x{A0}` (Rust, PCRE),
//! `\u00A0` / `\U00010000` (Python), `\u00A0` and UTF-16 surrogate pairs
//! (JavaScript without the `u` flag), the character itself (POSIX, for a
//! UTF-8 locale).

use regex_syntax::hir::{Hir, HirKind};

use crate::engine::hir::class_ranges;

use super::Flavor;

/// How tightly an expression binds, to know when it needs a group.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Binding {
    Alternation,
    Concat,
    Atom,
}

fn binding(h: &Hir) -> Binding {
    match h.kind() {
        // Single characters only: written as one bracket expression.
        HirKind::Alternation(items) if items.iter().all(|i| ranges_of(i).is_some()) => {
            Binding::Atom
        }
        HirKind::Alternation(_) => Binding::Alternation,
        HirKind::Concat(_) => Binding::Concat,
        // One character of several bytes binds as one, except in JavaScript,
        // where one past U+FFFF is two code units.
        HirKind::Literal(l) if l.0.len() > 1 => Binding::Concat,
        // An empty expression quantified or concatenated needs a group.
        HirKind::Empty => Binding::Concat,
        _ => Binding::Atom,
    }
}

pub(super) fn print(h: &Hir, flavor: Flavor) -> String {
    let mut out = String::new();
    write(h, flavor, &mut out);
    out
}

/// `h` grouped unless it binds at least as tightly as `at_least`.
fn operand(h: &Hir, flavor: Flavor, at_least: Binding, out: &mut String) {
    if binding(h) >= at_least {
        write(h, flavor, out);
    } else {
        out.push_str(&flavor.group(&print(h, flavor)));
    }
}

fn write(h: &Hir, flavor: Flavor, out: &mut String) {
    match h.kind() {
        HirKind::Empty => {}
        HirKind::Literal(l) => match std::str::from_utf8(&l.0) {
            Ok(text) => {
                for c in text.chars() {
                    match u8::try_from(c) {
                        Ok(b) if b.is_ascii() => literal_byte(b, flavor, out),
                        _ => code_point(u32::from(c), flavor, out),
                    }
                }
            }
            // Octets (`%encoding octets`): each byte as itself.
            Err(_) => {
                for &b in l.0.iter() {
                    literal_byte(b, flavor, out);
                }
            }
        },
        HirKind::Class(c) => class(&class_ranges(c), flavor, out),
        HirKind::Look(_) => {}
        HirKind::Repetition(r) => {
            // `x+` repeated again is `(?:x+)*`: `x+*` is an error, `x+?` lazy.
            if matches!(r.sub.kind(), HirKind::Repetition(_)) {
                out.push_str(&flavor.group(&print(&r.sub, flavor)));
            } else {
                operand(&r.sub, flavor, Binding::Atom, out);
            }
            out.push_str(&match (r.min, r.max) {
                (0, None) => "*".to_string(),
                (1, None) => "+".to_string(),
                (0, Some(1)) => "?".to_string(),
                (m, None) => format!("{{{m},}}"),
                (m, Some(n)) if m == n => format!("{{{m}}}"),
                (m, Some(n)) => format!("{{{m},{n}}}"),
            });
            // Only named groups ask for lazy repetition; POSIX has neither.
            if !r.greedy && flavor != Flavor::Posix {
                out.push('?');
            }
        }
        HirKind::Capture(c) => out.push_str(&match &c.name {
            Some(name) => flavor.named(name, &print(&c.sub, flavor)),
            None => flavor.group(&print(&c.sub, flavor)),
        }),
        HirKind::Concat(items) => {
            for item in items {
                operand(item, flavor, Binding::Concat, out);
            }
        }
        HirKind::Alternation(items) => {
            // An empty alternative makes the rest optional: POSIX leaves
            // `(a|)` undefined.
            let (empty, rest): (Vec<&Hir>, Vec<&Hir>) = items
                .iter()
                .partition(|i| matches!(i.kind(), HirKind::Empty));
            // Single characters side by side (`hex = digit | "A" | ...`) are
            // one bracket expression.
            let (single, rest): (Vec<&Hir>, Vec<&Hir>) =
                rest.into_iter().partition(|i| ranges_of(i).is_some());
            let mut alternatives: Vec<String> = Vec::new();
            if single.len() > 1 {
                let mut all: Vec<(u32, u32)> = single
                    .iter()
                    .flat_map(|i| ranges_of(i).unwrap_or_default())
                    .collect();
                let mut merged = String::new();
                class(
                    &crate::grammar::printed::union(&mut all),
                    flavor,
                    &mut merged,
                );
                alternatives.push(merged);
            } else {
                alternatives.extend(single.iter().map(|i| print(i, flavor)));
            }
            alternatives.extend(rest.iter().map(|i| {
                let mut s = String::new();
                operand(i, flavor, Binding::Concat, &mut s);
                s
            }));
            if empty.is_empty() {
                out.push_str(&alternatives.join("|"));
            } else {
                out.push_str(&flavor.group(&alternatives.join("|")));
                out.push('?');
            }
        }
    }
}

/// A byte outside a bracket expression.
fn literal_byte(b: u8, flavor: Flavor, out: &mut String) {
    let c = char::from(b);
    match c {
        '\\' | '.' | '+' | '*' | '?' | '(' | ')' | '|' | '[' | ']' | '{' | '}' | '^' | '$' => {
            out.push('\\');
            out.push(c);
        }
        // Perl and PCRE read `#` and whitespace literally without /x; `/`
        // needs no escape in these flavors' strings.
        _ if c.is_ascii_graphic() || c == ' ' => out.push(c),
        _ => hex(b, flavor, out),
    }
}

/// A byte no flavor shows as itself: `\xHH` (POSIX has no escape: the byte).
fn hex(b: u8, flavor: Flavor, out: &mut String) {
    match flavor {
        Flavor::Posix => out.push(char::from(b)),
        _ => out.push_str(&format!("\\x{b:02X}")),
    }
}

/// The characters of an expression that is one character: a class or a
/// one-byte literal.
fn ranges_of(h: &Hir) -> Option<Vec<(u32, u32)>> {
    match h.kind() {
        HirKind::Class(c) => Some(class_ranges(c)),
        HirKind::Literal(l) => match *l.0 {
            [b] => Some(vec![(u32::from(b), u32::from(b))]),
            // One character's UTF-8 bytes.
            _ => {
                let mut chars = std::str::from_utf8(&l.0).ok()?.chars();
                let (Some(c), None) = (chars.next(), chars.next()) else {
                    return None;
                };
                Some(vec![(u32::from(c), u32::from(c))])
            }
        },
        _ => None,
    }
}

/// A character class as a bracket expression of ranges.
fn class(ranges: &[(u32, u32)], flavor: Flavor, out: &mut String) {
    // One byte is a literal.
    if let [(a, b)] = ranges
        && a == b
        && let Ok(byte) = u8::try_from(*a)
    {
        literal_byte(byte, flavor, out);
        return;
    }
    // JavaScript without the `u` flag reads UTF-16 code units: a code point
    // past U+FFFF is a surrogate pair, and no range holds a lone surrogate.
    let surrogate_or_past = |&(a, b): &(u32, u32)| b > 0xFFFF || (a <= 0xDFFF && b >= 0xD800);
    if flavor == Flavor::Ecmascript && ranges.iter().any(surrogate_or_past) {
        utf16_class(ranges, out);
        return;
    }
    out.push('[');
    match flavor {
        // POSIX brackets have no escapes: `]` first, `-` last, `^` not first.
        Flavor::Posix => {
            let has = |ch: u32| ranges.iter().any(|&(a, b)| a <= ch && ch <= b);
            let specials = [u32::from(b']'), u32::from(b'-'), u32::from(b'^')];
            if has(specials[0]) {
                out.push(']');
            }
            for &(a, b) in ranges {
                for (lo, hi) in split_out(a, b, &specials) {
                    range(lo, hi, flavor, out);
                }
            }
            if has(specials[2]) {
                out.push('^');
            }
            if has(specials[1]) {
                out.push('-');
            }
        }
        _ => {
            for &(a, b) in ranges {
                range(a, b, flavor, out);
            }
        }
    }
    out.push(']');
}

/// The range `a..=b` without the characters `out`.
fn split_out(a: u32, b: u32, out: &[u32]) -> Vec<(u32, u32)> {
    let mut pieces = vec![(a, b)];
    for &x in out {
        pieces = pieces
            .into_iter()
            .flat_map(|(lo, hi)| {
                if x < lo || x > hi {
                    vec![(lo, hi)]
                } else {
                    let mut v = Vec::new();
                    if lo < x {
                        v.push((lo, x - 1));
                    }
                    if x < hi {
                        v.push((x + 1, hi));
                    }
                    v
                }
            })
            .collect();
    }
    pieces
}

fn range(a: u32, b: u32, flavor: Flavor, out: &mut String) {
    class_char(a, flavor, out);
    if b > a {
        if b > a + 1 {
            out.push('-');
        }
        class_char(b, flavor, out);
    }
}

/// A class with code points at or past the surrogates, for JavaScript
/// without the `u` flag: the code points below U+10000 (surrogates left out)
/// as one bracket expression, each range past it as surrogate pairs
/// (Unicode §3.9, D91), the whole as alternatives.
fn utf16_class(ranges: &[(u32, u32)], out: &mut String) {
    let mut bmp: Vec<(u32, u32)> = Vec::new();
    let mut pairs: Vec<String> = Vec::new();
    for &(a, b) in ranges {
        if a < 0xD800 {
            bmp.push((a, b.min(0xD7FF)));
        }
        if a <= 0xFFFF && b >= 0xE000 {
            bmp.push((a.max(0xE000), b.min(0xFFFF)));
        }
        if b >= 0x10000 {
            pairs.extend(surrogate_pairs(a.max(0x10000), b));
        }
    }
    let mut bracket = String::new();
    if !bmp.is_empty() {
        class(&bmp, Flavor::Ecmascript, &mut bracket);
    }
    let all: Vec<String> = std::iter::once(bracket)
        .filter(|b| !b.is_empty())
        .chain(pairs)
        .collect();
    out.push_str(&Flavor::Ecmascript.group(&all.join("|")));
}

/// The code points `a..=b` (all past U+FFFF) as alternatives of surrogate
/// pairs: a high surrogate, or a range of them, then a range of low ones.
fn surrogate_pairs(a: u32, b: u32) -> Vec<String> {
    let split = |c: u32| {
        (
            0xD800 + ((c - 0x10000) >> 10),
            0xDC00 + ((c - 0x10000) & 0x3FF),
        )
    };
    let ((ha, la), (hb, lb)) = (split(a), split(b));
    let unit = |x: u32| format!("\\u{x:04X}");
    let units = |x: u32, y: u32| match x == y {
        true => unit(x),
        false => format!("[{}-{}]", unit(x), unit(y)),
    };
    if ha == hb {
        return vec![format!("{}{}", unit(ha), units(la, lb))];
    }
    let mut out = vec![format!("{}{}", unit(ha), units(la, 0xDFFF))];
    if ha + 1 < hb {
        out.push(format!(
            "{}{}",
            units(ha + 1, hb - 1),
            units(0xDC00, 0xDFFF)
        ));
    }
    out.push(format!("{}{}", unit(hb), units(0xDC00, lb)));
    out
}

/// A code point past U+007F in the flavor's own syntax (a character of a
/// string in POSIX, whose locale is UTF-8).
fn code_point(c: u32, flavor: Flavor, out: &mut String) {
    match flavor {
        Flavor::Posix => out.extend(char::from_u32(c)),
        Flavor::Python if c > 0xFFFF => out.push_str(&format!("\\U{c:08X}")),
        Flavor::Ecmascript if c > 0xFFFF => {
            for unit in char::from_u32(c).into_iter().flat_map(|ch| {
                let mut buf = [0u16; 2];
                ch.encode_utf16(&mut buf).to_vec()
            }) {
                out.push_str(&format!("\\u{unit:04X}"));
            }
        }
        Flavor::Python | Flavor::Ecmascript if c > 0xFF => out.push_str(&format!("\\u{c:04X}")),
        _ if c <= 0xFF => out.push_str(&format!("\\x{c:02X}")),
        _ => out.push_str(&format!("\\x{{{c:X}}}")),
    }
}

/// A character inside a bracket expression.
fn class_char(c: u32, flavor: Flavor, out: &mut String) {
    let Ok(b) = u8::try_from(c) else {
        code_point(c, flavor, out);
        return;
    };
    let ch = char::from(b);
    match (flavor, ch) {
        (Flavor::Posix, _) if ch.is_ascii_graphic() || ch == ' ' => out.push(ch),
        (_, '\\' | ']' | '[' | '^' | '-') => {
            out.push('\\');
            out.push(ch);
        }
        _ if ch.is_ascii_graphic() || ch == ' ' => out.push(ch),
        _ => hex(b, flavor, out),
    }
}
