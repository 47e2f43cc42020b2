//! The diagnosis of an input a rule does not derive: the exact point where it
//! stops being a prefix of any derived string (from the reference automaton of
//! the printed BNF), what could come there, named by the edition's character
//! classes, and what came instead, with the escape that fixes it where one
//! does. Below `check` and `ast`, which both report it.

use crate::edition::Edition;
use crate::engine::automaton::{self, Frontier};
use crate::error::{CheckError, Error, Expected, found_at};
use crate::grammar::printed::{count, minus};
use crate::grammar::{PestOutcome, PrintedGrammar, peg};

pub(crate) fn error_at(edition: Edition, input: &str, stop: &Frontier) -> CheckError {
    let expected = describe(edition, stop);
    let message = message(edition, input, stop, &expected);
    CheckError {
        offset: stop.offset,
        byte_offset: stop.byte_offset,
        expected,
        found: found_at(input, stop.byte_offset),
        message,
        fix: None,
    }
}

/// The diagnosis of an input the rule does not derive, by the letter.
///
/// ```
/// use urlbnf::{Edition, check};
/// let e = check::diagnose(Edition::Rfc1738, "httpurl", "http://h/a b")?;
/// assert_eq!((e.offset, e.found.as_str()), (10, " "));
/// # Ok::<(), urlbnf::Error>(())
/// ```
pub fn diagnose(edition: Edition, rule: &str, input: &str) -> Result<CheckError, Error> {
    match automaton::automaton(edition, rule) {
        Ok(a) => Ok(match a.diagnose(input) {
            Err(stop) => error_at(edition, input, &stop),
            // The engines agree on every tested input; should the automaton
            // accept what pest rejected, report pest's own furthest point.
            Ok(_) => pest_diagnosis(edition, rule, input),
        }),
        Err(e @ Error::UnknownRule { .. }) => Err(e),
        Err(_) => Ok(pest_diagnosis(edition, rule, input)),
    }
}

pub(crate) fn pest_diagnosis(edition: Edition, rule: &str, input: &str) -> CheckError {
    let (byte_offset, expected) = match peg::run(edition, rule, input) {
        Ok(PestOutcome::Failed { pos, expected }) => {
            (pos, expected.into_iter().map(Expected::Class).collect())
        }
        Ok(PestOutcome::Prefix { end }) => (end, vec![Expected::End]),
        _ => (input.len(), Vec::new()),
    };
    let offset = input.get(..byte_offset).map_or(0, |s| s.chars().count());
    CheckError {
        offset,
        byte_offset,
        message: "pest stops here".to_string(),
        expected,
        found: found_at(input, byte_offset),
        fix: None,
    }
}

internal! {
    /// Name a set of next characters by the edition's character-class rules where a
    /// whole class fits, and by single characters otherwise (a run of
    /// non-ASCII characters no class names, by its range in ABNF).
    fn describe(edition: Edition, stop: &Frontier) -> Vec<Expected> {
        let classes = PrintedGrammar::of(edition).wide_classes();
        let mut left = stop.next;
        let mut left_wide = stop.wide.clone();
        let mut out = Vec::new();
        loop {
            // The class that names the most characters still unnamed, printed order first.
            let best = classes
                .iter()
                .enumerate()
                .filter(|(_, (_, (set, wide)))| {
                    set.is_subset(stop.next) && minus(wide, &stop.wide).is_empty()
                })
                .map(|(i, (name, (set, wide)))| {
                    let gain = u64::from((*set & left).len())
                        + count(wide)
                        - count(&minus(wide, &left_wide));
                    (name, (*set, wide), gain, std::cmp::Reverse(i))
                })
                .filter(|(_, _, gain, _)| *gain >= 2)
                .max_by_key(|(_, _, gain, first)| (*gain, *first));
            let Some((name, (set, wide), _, _)) = best else { break };
            left = left & !set;
            left_wide = minus(&left_wide, wide);
            out.push(Expected::Class(name.clone()));
        }
        out.extend(left.iter().map(|b| Expected::Char(char::from(b))));
        for (lo, hi) in left_wide {
            match char::from_u32(lo) {
                Some(c) if lo == hi => out.push(Expected::Char(c)),
                _ if lo == hi => out.push(Expected::Class(format!("%x{lo:X}"))),
                _ => out.push(Expected::Class(format!("%x{lo:X}-{hi:X}"))),
            }
        }
        if stop.may_end {
            out.push(Expected::End);
        }
        out
    }
}

/// A character found, quoted; one that would print as an escape such as
/// `\u{feff}` is named by its code point instead.
pub(crate) fn found_char(c: char) -> String {
    let quoted = format!("{:?}", c.to_string());
    match c {
        _ if !quoted.contains("\\u{") => quoted,
        '\u{feff}' => "U+FEFF (a byte-order mark)".to_string(),
        _ => format!("U+{:04X}", u32::from(c)),
    }
}

fn message(edition: Edition, input: &str, stop: &Frontier, expected: &[Expected]) -> String {
    let c = input.get(stop.byte_offset..).and_then(|s| s.chars().next());
    let found = match c {
        Some(c) => format!("found {}", found_char(c)),
        None => "found end of input".to_string(),
    };
    let fix = c
        .and_then(|c| {
            named_escape(
                edition,
                input,
                stop.byte_offset,
                c,
                stop.next.contains(b'%'),
            )
        })
        .map(|e| format!(" (escaped: {e})"))
        .unwrap_or_default();
    format!("expected {}; {found}{fix}", expected_words(expected))
}

/// The fix for a character where an input stops: where an escape could
/// come (`percent_next`), a character the edition does not reserve can come
/// escaped (a reserved one escaped would mean another thing, RFC 1738 §2.2).
pub(crate) fn escape_fix(edition: Edition, c: char, percent_next: bool) -> Option<String> {
    let reserved = crate::knowledge::encoding::reserved(edition);
    (percent_next && c != '%' && !reserved.contains_char(c)).then(|| escaped(c))
}

/// A character as `%XX` escapes of its UTF-8 bytes, upper case as the
/// documents print them (`~` as `%7E`, `é` as `%C3%A9`).
pub(crate) fn escaped(c: char) -> String {
    let mut buf = [0; 4];
    c.encode_utf8(&mut buf)
        .bytes()
        .map(|b| format!("%{b:02X}"))
        .collect()
}

/// What could come, in words: `alpha, "-" or end of input`.
pub(crate) fn expected_words(expected: &[Expected]) -> String {
    expected_words_with(expected, |c| format!("{c:?}"))
}

/// [`expected_words`] with each character shown by `show`.
pub(crate) fn expected_words_with(expected: &[Expected], show: impl Fn(&str) -> String) -> String {
    let words: Vec<String> = expected
        .iter()
        .map(|e| match e {
            Expected::Char(c) => show(&c.to_string()),
            other => other.to_string(),
        })
        .collect();
    match words.as_slice() {
        [] => "nothing (no string of this rule starts this way)".to_string(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// The escape a diagnosis names for `c` where `input` stops at byte `at`
/// (`percent`: an escape may come there), or none where the input's fix is
/// another or an escape would change what it means: the one answer `check`,
/// `parse`, `compare` and a report's cause give (and the playground's
/// `namedEscape`). White space around a URI is stripped, not escaped (RFC
/// 3986 Appendix C); a `[` opening a host escaped would name another host;
/// a gen-delim is escaped where it is data (§2.2), in the authority only `@`.
pub(crate) fn named_escape(
    edition: Edition,
    input: &str,
    at: usize,
    c: char,
    percent: bool,
) -> Option<String> {
    let d = edition.descriptor();
    let around = at == 0 || input.get(at..).is_some_and(|s| s.trim().is_empty());
    if d.note("white-space").is_some() && c.is_whitespace() && around && !input.trim().is_empty() {
        return None;
    }
    if c == '[' && host_span(input).is_some_and(|(s, _)| s == at) {
        return None;
    }
    let in_authority = authority_span(input).is_some_and(|(s, end)| s <= at && at < end);
    if d.note("gen-delim-data").is_some() && gen_delim(edition, c) && percent {
        return (c == '@' || !in_authority).then(|| escaped(c));
    }
    escape_fix(edition, c, percent)
}

/// Whether the grammar prints `c` among its delimiters of components
/// (RFC 3986 §2.2 `gen-delims`) and it can be data: all but `:`, `/` and
/// `?`, which a path, query or fragment holds as they are.
pub(crate) fn gen_delim(edition: Edition, c: char) -> bool {
    let delims = PrintedGrammar::of(edition).char_class("gen-delims");
    c.is_ascii() && !":/?".contains(c) && delims.is_some_and(|d| d.contains_char(c))
}

/// Where the input's scheme ends, at its colon (RFC 3986 §3.1, §4.1): a
/// letter, then letters, digits, `+`, `-` or `.`.
pub(crate) fn scheme_end(input: &str) -> Option<usize> {
    input.find(':').filter(|&i| {
        let s = input.get(..i).unwrap_or("");
        s.starts_with(|c: char| c.is_ascii_alphabetic())
            && s.chars()
                .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
    })
}

/// The bytes of the authority: after a leading `//` or `scheme://`, up to
/// the first `/`, `?` or `#` (RFC 3986 §3.2).
pub(crate) fn authority_span(input: &str) -> Option<(usize, usize)> {
    let scheme = scheme_end(input).map_or(0, |i| i + 1);
    let rest = input.get(scheme..)?.strip_prefix("//")?;
    let start = scheme + 2;
    Some((
        start,
        start + rest.find(['/', '?', '#']).unwrap_or(rest.len()),
    ))
}

/// The bytes of the host: the authority after its last `@`, up to a `:`
/// and port (§3.2.2, §3.2.3); an IP literal up to its `]`.
pub(crate) fn host_span(input: &str) -> Option<(usize, usize)> {
    let (s, end) = authority_span(input)?;
    let authority = input.get(s..end)?;
    let start = s + authority.rfind('@').map_or(0, |i| i + 1);
    let host = input.get(start..end)?;
    let len = match host.strip_prefix('[') {
        Some(_) => host.find(']').map_or(host.len(), |i| i + 1),
        None => host.rfind(':').unwrap_or(host.len()),
    };
    Some((start, start + len))
}
