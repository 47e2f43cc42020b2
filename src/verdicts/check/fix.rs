//! The fix for an input where it stops: the input corrected where a
//! correction is known, said in the message, and a note citing why, each
//! where the edition's document says it (its descriptor's `[notes]`): a
//! gen-delim used as data escaped (RFC 3986 §2.2), white space around a URI
//! stripped (Appendix C), `./` before a first segment with a colon (§4.2), a
//! non-ASCII host in its IDNA form (§3.2.2), a `%` that starts no escape
//! escaped itself (`%25`, §2.4). Where an escape would change what the input
//! means (a `[` opening an IP literal where the edition's host has none) no
//! escape is offered: where a later edition reads the literal, the note says
//! which document brought them; a zone identifier, which RFC 3986's IP
//! literals have not (§3.2.2), gets RFC 6874's form.

use super::Checker;
use crate::edition::{Edition, NoteText};
use crate::engine::automaton;
use crate::error::{CheckError, Expected};
use crate::grammar::PrintedGrammar;
use crate::verdicts::diagnosis::{
    authority_span, error_at, escape_fix, escaped, expected_words, found_char, gen_delim, host_span,
};
use crate::verdicts::prose::ProseNote;

impl Checker {
    /// The diagnosis of an input the rule does not derive, with its fix and
    /// the note saying why.
    pub(super) fn diagnosis(&self, input: &str) -> (CheckError, Option<ProseNote>) {
        // Folding keeps every offset: it changes letters, not lengths.
        let input = &*self.text(input);
        let error = match self.automaton_for(input).map(|a| a.diagnose(input)) {
            Some(Err(stop)) => error_at(self.edition, input, &stop),
            // The engines agree on every tested input; should the automaton accept
            // what pest rejected, report pest's own furthest point.
            _ => super::pest_diagnosis(self.edition, &self.rule, input),
        };
        self.fixed(input, error)
    }

    fn fixed(&self, input: &str, mut e: CheckError) -> (CheckError, Option<ProseNote>) {
        let c = input.get(e.byte_offset..).and_then(|s| s.chars().next());
        let fix = self
            .stray_percent(input, &e)
            .or_else(|| c.and_then(|c| self.fix(input, &e, c)));
        let Some(fix) = fix else {
            return (e, None);
        };
        if let Some(words) = &fix.words {
            let expected = expected_words(&e.expected);
            let found = c.map_or_else(|| "end of input".to_string(), found_char);
            e.message = format!("expected {expected}; found {found} ({words})");
        }
        let note = fix.note.map(|(n, message)| {
            let end = e.offset + 1;
            note(n, e.offset, end, message)
        });
        e.fix = fix.corrected;
        (e, note)
    }

    /// The fix for `c`, where the input stops.
    // Long: the fixes in the order they are tried, each under its document's note and section,
    // reading the same spans.
    fn fix(&self, input: &str, e: &CheckError, c: char) -> Option<Fix> {
        let d = self.edition.descriptor();
        let at = e.byte_offset;
        let host = host_span(input);
        let in_authority = authority_span(input).is_some_and(|(s, end)| s <= at && at < end);
        let percent = self.percent_expected(&e.expected);
        // White space around a URI is not part of it (RFC 3986 Appendix C).
        if let Some(n) = d.note("white-space")
            && c.is_whitespace()
            && (e.offset == 0 || input.get(at..).is_some_and(|s| s.trim().is_empty()))
            && !input.trim().is_empty()
        {
            let corrected = input.trim().to_string();
            let (words, message) = words::white_space(&corrected);
            return Some(Fix::new(Some(corrected), words, n, message));
        }
        // A zone identifier in an IP literal, which RFC 3986's has not
        // (§3.2.2): no fix here, RFC 6874's form in the note.
        if let (Some(n), Some((s, end))) = (d.note("zone-id"), host)
            && s <= at
            && at < end
            && (c == '%' || input.get(s..at).is_some_and(|h| h.contains('%')))
            && let Some(zoned) = input.get(s..end).and_then(zoned)
        {
            let (words, message) = words::zone_id(&zoned);
            return Some(Fix::new(None, words, n, message));
        }
        // `[` opening a host, where the edition's host has no IP literal:
        // no escape, and the note only where a later edition reads it.
        if c == '[' && host.is_some_and(|(s, _)| s == at) {
            let literal = host.and_then(|(s, end)| input.get(s..end)).unwrap_or("[");
            let (n, words, _) = ip_literal(self.edition, literal)?;
            let message = words::ip_literal(self.edition, literal);
            return Some(Fix::new(None, words, n, message));
        }
        // A non-ASCII host: its IDNA form, as §3.2.2 asks of DNS names.
        if let (Some(n), Some((s, end))) = (d.note("idna"), host)
            && !c.is_ascii()
            && s <= at
            && at < end
            && let Some(ascii) = input.get(s..end).and_then(idna_form)
        {
            let corrected = format!("{}{ascii}{}", input.get(..s)?, input.get(end..)?);
            let (words, message) = words::idna(&escaped(c), &ascii, &corrected);
            return Some(Fix::new(Some(corrected), words, n, message));
        }
        // Without the `idna` feature no IDNA form is computed: said so,
        // rather than a percent-encoded host the DNS cannot resolve.
        if cfg!(not(feature = "idna"))
            && d.note("idna").is_some()
            && !c.is_ascii()
            && host.is_some_and(|(s, end)| s <= at && at < end)
        {
            return Some(Fix {
                corrected: None,
                words: Some(words::no_idna()),
                note: None,
            });
        }
        let gen_delim = d
            .note("gen-delim-data")
            .filter(|_| self.gen_delim(c) && percent);
        // A second `@`: user information ends at the first, the host follows
        // the last (§3.2.1); a reader most often means the last to delimit.
        if let (Some(n), '@', Some((s, end))) = (gen_delim, c, authority_span(input))
            && in_authority
        {
            let authority = input.get(s..end)?;
            let last = authority.rfind('@')?;
            let user = authority.get(..last)?.replace('@', "%40");
            let corrected = format!("{}{user}{}", input.get(..s)?, input.get(s + last..)?);
            let (words, message) = words::at_sign(&corrected);
            return Some(Fix::new(Some(corrected), words, n, message));
        }
        // A gen-delim as data: escaped where the input stops and after, in
        // the path, query or fragment (in the authority an escaped `[` or
        // `]` would name another host).
        if let Some(n) = gen_delim
            && !in_authority
        {
            let corrected = self.escaped_on(input, at, c);
            let (words, message) = words::gen_delim(&found_char(c), &escaped(c), &corrected);
            if self.goes_further(&corrected, e.offset + 3) {
                return Some(Fix::new(Some(corrected), words, n, message));
            }
            // The escape is the character's; the input needs more than it.
            return Some(Fix {
                corrected: None,
                words: Some(words),
                note: None,
            });
        }
        // A first segment with a colon reads as a scheme (§4.2).
        if let Some(n) = d.note("colon-segment")
            && c == ':'
            && !input.get(..at)?.contains(['/', '?', '#'])
        {
            let corrected = format!("./{input}");
            if self.goes_further(&corrected, e.offset + 3) {
                let (words, message) = words::colon_segment(&corrected);
                return Some(Fix::new(Some(corrected), words, n, message));
            }
        }
        // The escape the message already names, applied.
        let escape = escape_fix(self.edition, c, percent)?;
        let corrected = self.escaped_on(input, at, c);
        self.goes_further(&corrected, e.offset + escape.chars().count())
            .then_some(Fix {
                corrected: Some(corrected),
                words: None,
                note: None,
            })
    }

    /// Where the input stops after a `%` and at most one hex digit: that
    /// `%` starts no escape, and as data is itself escaped, `%25` (RFC 3986
    /// §2.4), as is every such `%` after it.
    fn stray_percent(&self, input: &str, e: &CheckError) -> Option<Fix> {
        let head = input.get(..e.byte_offset)?;
        let p = head.rfind('%')?;
        let digits = head.get(p + 1..)?;
        if digits.len() > 1 || !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        let corrected = format!("{}{}", input.get(..p)?, percent_data(input.get(p..)?));
        self.goes_further(&corrected, e.offset + 2).then(|| Fix {
            corrected: Some(corrected),
            words: Some(words::stray_percent()),
            note: None,
        })
    }

    /// `input` with `c` escaped from byte `at` on, and each character where
    /// it then stops that an escape lets go on, escaped the same way.
    fn escaped_on(&self, input: &str, at: usize, c: char) -> String {
        let mut text = escape_from(input, at, |x| x == c);
        // Each round escapes one more character everywhere after its stop.
        for _ in 0..32 {
            let Some(Err(stop)) = self.automaton_for(&text).map(|a| a.diagnose(&text)) else {
                break;
            };
            let Some(x) = text.get(stop.byte_offset..).and_then(|t| t.chars().next()) else {
                break;
            };
            let percent = stop.next.contains(b'%');
            let in_authority = authority_span(&text)
                .is_some_and(|(s, end)| s <= stop.byte_offset && stop.byte_offset < end);
            let data = self.gen_delim(x) && percent && !in_authority && x != '@';
            if !data && escape_fix(self.edition, x, percent).is_none() {
                break;
            }
            text = escape_from(&text, stop.byte_offset, |y| y == x);
        }
        text
    }

    /// Whether `%` may come where an input stops.
    fn percent_expected(&self, expected: &[Expected]) -> bool {
        let classes = PrintedGrammar::of(self.edition);
        expected.iter().any(|x| match x {
            Expected::Char(c) => *c == '%',
            Expected::Class(name) => classes.char_class(name).is_some_and(|s| s.contains(b'%')),
            Expected::End => false,
        })
    }

    /// [`gen_delim`] in the checker's edition.
    fn gen_delim(&self, c: char) -> bool {
        gen_delim(self.edition, c)
    }

    /// Whether the rule derives `text`, or it stops after `past` characters.
    fn goes_further(&self, text: &str, past: usize) -> bool {
        match self.automaton_for(text).map(|a| a.diagnose(text)) {
            Some(Ok(())) => true,
            Some(Err(stop)) => stop.offset > past,
            None => false,
        }
    }
}

/// A note of an edition's descriptor on a span of an input.
pub(crate) fn note(n: &'static NoteText, start: usize, end: usize, message: String) -> ProseNote {
    ProseNote::at(n.code, n.section, n.quote, (start, end), message)
}

/// A fix: the input corrected, what the message adds, and the note.
struct Fix {
    corrected: Option<String>,
    words: Option<String>,
    note: Option<(&'static NoteText, String)>,
}

impl Fix {
    fn new(corrected: Option<String>, words: String, n: &'static NoteText, message: String) -> Fix {
        Fix {
            corrected,
            words: Some(words),
            note: Some((n, message)),
        }
    }
}

/// `input` with each character after byte `at` that `escape` picks escaped.
fn escape_from(input: &str, at: usize, escape: impl Fn(char) -> bool) -> String {
    let (head, tail) = input.split_at_checked(at).unwrap_or((input, ""));
    let tail: String = tail
        .chars()
        .map(|x| if escape(x) { escaped(x) } else { x.to_string() })
        .collect();
    format!("{head}{tail}")
}

/// Whether the edition's `host` derives strings that start with `[`.
fn has_ip_literals(edition: Edition) -> bool {
    automaton::automaton(edition, "host").is_ok_and(|a| match a.diagnose("[") {
        Ok(()) => true,
        Err(stop) => stop.offset > 0,
    })
}

/// Where `edition`'s host has no IP literal, a later edition's host derives
/// `literal`, and that edition's document says where IP literals came from:
/// its note, what the diagnosis adds, and that edition. (`[zz]` gets none:
/// no edition reads it.)
pub(crate) fn ip_literal(
    edition: Edition,
    literal: &str,
) -> Option<(&'static NoteText, String, Edition)> {
    let (n, words, by) = ip_literals_by(edition)?;
    let read = automaton::automaton(by, "host").is_ok_and(|a| a.diagnose(literal).is_ok());
    read.then_some((n, words, by))
}

/// Where `edition`'s host has no IP literal and another edition's document
/// says where they came from: its note, what the diagnosis adds, and that
/// edition (the playground decides for each literal as [`ip_literal`] does).
pub(crate) fn ip_literals_by(edition: Edition) -> Option<(&'static NoteText, String, Edition)> {
    if has_ip_literals(edition) {
        return None;
    }
    let (n, by) = Edition::ALL
        .into_iter()
        .filter(|e| has_ip_literals(*e))
        .find_map(|e| Some((e.descriptor().note("ip-literal")?, e)))?;
    let words = n
        .message
        .unwrap_or_default()
        .replace("{0}", edition.id())
        .replace("{1}", by.id());
    Some((n, words, by))
}

/// A bracketed host with a `%` as RFC 6874 §2 writes a zone identifier:
/// after `%25`, the `%` escaped (`[fe80::1%eth0]` as `[fe80::1%25eth0]`).
fn zoned(literal: &str) -> Option<String> {
    let p = literal.strip_prefix('[')?.find('%')? + 1;
    let (head, tail) = literal.split_at_checked(p)?;
    Some(match tail.strip_prefix("%25") {
        Some(_) => literal.to_string(),
        None => format!("{head}%25{}", tail.get(1..)?),
    })
}

/// Every `%` of `text` that starts no escape (two hex digits) as `%25`.
pub(crate) fn percent_data(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for (i, c) in text.char_indices() {
        out.push(c);
        let escape = text
            .get(i + 1..i + 3)
            .is_some_and(|h| h.len() == 2 && h.bytes().all(|b| b.is_ascii_hexdigit()));
        if c == '%' && !escape {
            out.push_str("25");
        }
    }
    out
}

/// A host's IDNA form (RFC 3490, which RFC 3986 §3.2.2 names), where it
/// differs from the host: by UTS 46 as the WHATWG URL Standard applies it,
/// so the playground's `URL` gives the same. A host with a character no
/// domain name may hold (an escape, a delimiter, a control), or whose last
/// label is a number (an address, not a name), has none.
#[cfg(feature = "idna")]
fn idna_form(host: &str) -> Option<String> {
    if host.contains(|c: char| c <= ' ' || c == '\u{7f}') {
        return None;
    }
    let ascii = idna::domain_to_ascii_cow(host.as_bytes(), idna::AsciiDenyList::URL).ok()?;
    let last = ascii.strip_suffix('.').unwrap_or(&ascii);
    let last = last.rsplit('.').next().unwrap_or("");
    let number = last.bytes().all(|b| b.is_ascii_digit())
        || last.starts_with("0x")
        || last.starts_with("0X");
    (!ascii.is_empty() && !number && ascii != host).then(|| ascii.into_owned())
}

/// Without the `idna` feature no IDNA form is computed.
#[cfg(not(feature = "idna"))]
fn idna_form(_: &str) -> Option<String> {
    None
}

/// The words of each fix: what the diagnosis adds, and the note's message
/// (the playground fills the same words in).
pub(crate) mod words {
    use crate::edition::Edition;

    pub(crate) fn white_space(corrected: &str) -> (String, String) {
        (
            "strip it: white space before or after is not part of it".to_string(),
            format!("white space around is not part of it; stripped: {corrected}"),
        )
    }

    pub(crate) fn ip_literal(edition: Edition, literal: &str) -> String {
        let by = super::ip_literals_by(edition).map_or("", |(_, _, by)| by.id());
        format!(
            "{literal} is an IP literal as {by} reads it, and no host of {}: no escape makes it one",
            edition.id()
        )
    }

    pub(crate) fn idna(escape: &str, ascii: &str, corrected: &str) -> (String, String) {
        (
            format!("escaped: {escape}; as a domain name, its IDNA form: {ascii}"),
            format!("a name for the DNS is written in its IDNA form: {corrected}"),
        )
    }

    /// RFC 6874 §2: a zone identifier after `%25`; `zoned` the literal so.
    pub(crate) fn zone_id(zoned: &str) -> (String, String) {
        (
            format!(
                "a zone identifier, which RFC 3986's IP literals have not; RFC 6874 writes it {zoned}"
            ),
            format!(
                "RFC 3986's IP literal has no zone identifier; RFC 6874 §2 adds one after \"%25\", the \"%\" escaped: {zoned} (check it with --grammar-file rfc6874)"
            ),
        )
    }

    /// A `%` that starts no escape (RFC 3986 §2.4).
    pub(crate) fn stray_percent() -> String {
        "the \"%\" before it starts no escape; as data it is escaped: %25".to_string()
    }

    /// A non-ASCII host where urlbnf is built without the `idna` feature.
    pub(crate) fn no_idna() -> String {
        "as a domain name it is written in its IDNA form (RFC 3986 §3.2.2), which this urlbnf computes only with the `idna` feature; escaped, the host would be a name the DNS cannot resolve".to_string()
    }

    pub(crate) fn at_sign(corrected: &str) -> (String, String) {
        (
            format!("escaped: %40, in the user information: {corrected}"),
            format!(
                "a \"@\" in user information is data, escaped as %40: {corrected}; escaped here instead, it would be part of the host"
            ),
        )
    }

    pub(crate) fn gen_delim(found: &str, escape: &str, corrected: &str) -> (String, String) {
        (
            format!("escaped: {escape}"),
            format!("{found} delimits components; as data it is escaped ({escape}): {corrected}"),
        )
    }

    pub(crate) fn colon_segment(corrected: &str) -> (String, String) {
        (
            format!("a first segment with a colon reads as a scheme: {corrected}"),
            format!(
                "a relative path whose first segment has a colon starts with a dot-segment: {corrected}"
            ),
        )
    }

    /// On a valid reference without a scheme; `first` is its first segment
    /// where it looks like a host name.
    pub(crate) fn relative_only(input: &str, first: Option<&str>) -> String {
        let mut message =
            "no scheme: valid only as a relative reference, resolved against a base URI (§5)"
                .to_string();
        if let Some(first) = first {
            message.push_str(&format!(
                "; {first:?} is a path segment, not a host: for the host, //{input} (a network-path reference) or with a scheme, http://{input}"
            ));
        }
        message
    }

    /// On an input the whole-URL rule (`URI`) does not derive and the
    /// reference rule (`URI-reference`) does: no scheme, so a relative
    /// reference; `first` is its first segment where it looks like a host.
    pub(crate) fn reference_only(
        rule: &str,
        reference: &str,
        input: &str,
        first: Option<&str>,
    ) -> String {
        let mut message = format!(
            "no scheme, so no {rule}: valid as a relative reference, which is resolved against a base URI (--rule {reference} reads it so)"
        );
        if let Some(first) = first {
            message.push_str(&format!(
                "; {first:?} is then a path segment, not a host: for the host, //{input} (a network-path reference) or with a scheme, http://{input}"
            ));
        }
        message
    }

    /// On a valid URI whose scheme may be meant as a path or a host; with
    /// `port`, as a host and port.
    pub(crate) fn scheme_or_path(scheme: &str, input: &str, port: bool) -> String {
        let mut message = format!(
            "by the letter a URI of scheme {scheme:?} (§3.1); as a relative path, ./{input}"
        );
        if port {
            message.push_str(&format!("; as a host and port, //{input}"));
        }
        message
    }
}
