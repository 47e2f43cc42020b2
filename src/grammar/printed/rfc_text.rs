//! ABNF as an RFC prints it: the rules of a document's text, or of an
//! excerpt, found as the IETF's ABNF extractor finds them. A rule starts
//! where a line, after its indentation, is `name =` or `name =/` (RFC 5234
//! §4 `rulename defined-as`); lines indented deeper continue it (§3.1: "a
//! rule ... continues if next line starts with white space"), across a page
//! break (footer, form feed, header) but not across a blank line otherwise;
//! everything else (headings, prose, page furniture) is skipped and counted.

/// A text, rules set out as a plain grammar file holds them, line for line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RfcText {
    /// The text, one entry per line of the original: a rule's first line
    /// moved to column 0, its continuations as printed, `%` lines at column
    /// 0 kept; every other line empty.
    pub lines: Vec<String>,
    /// Per line, the columns a rule's first line was moved left by.
    pub shift: Vec<usize>,
    /// The lines skipped that were not blank, from 1.
    pub skipped: Vec<usize>,
}

/// Whether `text` (a line after its indentation) starts a rule: a rule name,
/// optional space, then `=` or `=/` and not `==`.
fn starts_rule(text: &str) -> bool {
    if !text.starts_with(|c: char| c.is_ascii_alphabetic()) {
        return false;
    }
    let rest = text.trim_start_matches(|c: char| c.is_ascii_alphanumeric() || c == '-');
    let Some(after) = rest.trim_start().strip_prefix('=') else {
        return false;
    };
    !after.starts_with('=')
}

/// A page footer as RFCs print it: `Author, et al.  Standards Track  [Page 22]`.
fn is_footer(line: &str) -> bool {
    line.trim_end()
        .strip_suffix(']')
        .and_then(|l| l.rsplit_once("[Page "))
        .is_some_and(|(_, n)| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
}

/// A page header, the first line after a page break: `RFC 3986  URI Generic
/// Syntax  January 2005`, or an Internet-Draft's.
fn is_header(line: &str) -> bool {
    let t = line.trim_start();
    t.strip_prefix("RFC ")
        .is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit()))
        || t.starts_with("Internet-Draft")
}

/// Whether a grammar file is an RFC's text rather than a plain grammar: it
/// has page breaks (a form feed, a `[Page n]` footer), or its first rule is
/// indented, as RFCs print their rules. A plain file's rules start at
/// column 0, and it is read as strictly as ever.
pub fn is_rfc_text(source: &str) -> bool {
    let mut lines = source.lines();
    if source.contains('\u{c}') || source.lines().any(is_footer) {
        return true;
    }
    lines
        .find(|l| {
            let t = l.trim_start();
            !t.starts_with([';', '%', '#']) && starts_rule(t)
        })
        .is_some_and(|l| l.starts_with(char::is_whitespace))
}

/// The rules of an RFC's text, set out as a plain grammar file holds them.
pub fn extract(source: &str) -> RfcText {
    let mut out = RfcText::default();
    // The indentation of the rule being read, if any.
    let mut rule: Option<usize> = None;
    // A blank line since the last line kept, and a page break among them.
    let (mut gap, mut paged) = (false, false);
    // The next line that is not blank may be a page header.
    let mut header_next = false;
    for (i, raw) in source.lines().enumerate() {
        let number = i + 1;
        let keep = |text: String, shift: usize, out: &mut RfcText| {
            out.lines.push(text);
            out.shift.push(shift);
        };
        let skip = |out: &mut RfcText| {
            out.lines.push(String::new());
            out.shift.push(0);
            out.skipped.push(number);
        };
        let text = raw.trim_start();
        let indent = raw.chars().count() - text.chars().count();
        if raw.contains('\u{c}') || is_footer(raw) {
            skip(&mut out);
            (gap, paged, header_next) = (true, true, true);
            continue;
        }
        if text.is_empty() {
            keep(String::new(), 0, &mut out);
            gap = true;
            continue;
        }
        if std::mem::take(&mut header_next) && is_header(raw) {
            skip(&mut out);
            continue;
        }
        let continues = rule.is_some_and(|r| indent > r) && (!gap || paged);
        (gap, paged) = (false, false);
        if continues {
            keep(raw.to_string(), 0, &mut out);
        } else if raw.starts_with('%') {
            // A directive of urlbnf's (`%notation abnf`).
            keep(raw.to_string(), 0, &mut out);
            rule = None;
        } else if starts_rule(text) {
            keep(text.to_string(), indent, &mut out);
            rule = Some(indent);
        } else if text.starts_with(';') && rule.is_some() {
            // A comment line between rules, as RFC 5234 §3.9 allows.
            keep(text.to_string(), indent, &mut out);
        } else {
            skip(&mut out);
            rule = None;
        }
    }
    out
}

/// Line numbers as runs: `1-641, 643-673, 700`.
pub fn runs(lines: &[usize]) -> Vec<(usize, usize)> {
    let mut out: Vec<(usize, usize)> = Vec::new();
    for &n in lines {
        match out.last_mut() {
            Some((_, last)) if *last + 1 == n => *last = n,
            _ => out.push((n, n)),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const PRINTED: &str = "Appendix A.  Collected ABNF\n\n   a = \"x\"\n     / b\n\n\n\nDoe          Standards Track       [Page 2]\n\u{c}\nRFC 9999        Title        May 2025\n\n        ; still b's\n   b = \"y\"\n   Prose that follows.\n";

    #[test]
    fn rules_continuations_and_page_breaks() {
        assert!(is_rfc_text(PRINTED));
        assert!(!is_rfc_text("a = \"x\"\n  / \"y\"\n"));
        let got = extract(PRINTED);
        assert_eq!(got.lines.get(2).map(String::as_str), Some("a = \"x\""));
        assert_eq!(got.shift.get(2), Some(&3));
        assert_eq!(got.lines.get(3).map(String::as_str), Some("     / b"));
        // The comment after the page break continues `a`, deeper than it.
        assert_eq!(
            got.lines.get(11).map(String::as_str),
            Some("        ; still b's")
        );
        assert_eq!(got.skipped, vec![1, 8, 9, 10, 14]);
        assert_eq!(runs(&got.skipped), vec![(1, 1), (8, 10), (14, 14)]);
    }

    #[test]
    fn a_blank_line_ends_a_rule_and_pseudocode_is_no_rule() {
        let got = extract("   a = \"x\"\n\n      example\n   T.path = x\n   x == y\n");
        assert_eq!(got.skipped, vec![3, 4, 5]);
    }
}
