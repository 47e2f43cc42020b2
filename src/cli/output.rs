//! What every command writes: JSON lines, carets under offsets, visible control
//! characters, and the closing tally.

use std::borrow::Cow;
use std::io::{self, Write};

use serde::Serialize;

use super::CliError;
use super::input::Input;
pub(crate) use super::input::Tally;
use crate::error::Error;
use crate::verdicts::check::{CheckError, Reading, Verdict};

/// Why an input has no AST, as JSON: the diagnosis `check` gives, or the rule
/// that names no URL.
#[derive(Serialize, schemars::JsonSchema)]
#[serde(untagged)]
pub(crate) enum ErrorJson<'a> {
    Diagnosis(&'a CheckError),
    Rule { rule: &'a str },
    Message { message: String },
}

impl<'a> From<&'a Error> for ErrorJson<'a> {
    fn from(e: &'a Error) -> Self {
        match e {
            Error::Invalid(d) => ErrorJson::Diagnosis(d),
            Error::NotAUrlRule { rule, .. } => ErrorJson::Rule { rule },
            other => ErrorJson::Message {
                message: other.to_string(),
            },
        }
    }
}

/// One edition's parse of an input, as `parse` and `compare` write it: the
/// fields of a `check` verdict, and the AST.
#[derive(Serialize, schemars::JsonSchema)]
pub(crate) struct ParseJson<'a> {
    /// The input, as given.
    pub(crate) input: &'a str,
    /// A line that is not UTF-8: its bytes in hexadecimal (`input` shows
    /// U+FFFD for each bad byte).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) input_hex: Option<String>,
    /// The edition.
    pub(crate) grammar: crate::Edition,
    /// The rule, by its printed name.
    pub(crate) rule: &'a str,
    /// Whether the rule derives the whole input.
    pub(crate) valid: bool,
    /// The typed AST of a valid input.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) url: Option<&'a crate::ast::Url<'a>>,
    /// Where and why not, for an invalid input.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) error: Option<ErrorJson<'a>>,
    /// With `--lint`, the lints of a valid URL (each from the edition's document).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) lints: Option<Vec<crate::verdicts::lint::Lint>>,
    /// What the document's prose says of the input.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) notes: Vec<crate::prose::ProseNote>,
}

impl<'a> ParseJson<'a> {
    pub(crate) fn new(
        input: &'a str,
        grammar: crate::Edition,
        rule: &'a str,
        result: &'a Result<crate::ast::Url<'a>, Error>,
        reading: Reading,
    ) -> Self {
        ParseJson {
            input,
            input_hex: None,
            grammar,
            rule,
            valid: result.is_ok(),
            url: result.as_ref().ok(),
            error: result.as_ref().err().map(ErrorJson::from),
            lints: None,
            notes: prose_notes(grammar, rule, input, result, reading),
        }
    }
}

/// What the document's prose says about a parse: every note on a derived
/// URL; for an input the rule does not derive, the scheme-case note; in
/// either case, where the reading of known schemes and the letter part, the
/// catch-all's note.
pub(crate) fn prose_notes(
    edition: crate::Edition,
    rule: &str,
    input: &str,
    result: &Result<crate::ast::Url<'_>, Error>,
    reading: Reading,
) -> Vec<crate::prose::ProseNote> {
    let text = reading_text(input, edition, reading);
    let mut notes = Vec::new();
    if let Cow::Owned(folded) = &text {
        notes.extend(crate::prose::folded(edition, input, folded, result.is_ok()));
    }
    match result {
        Ok(url) => notes.extend(crate::prose::notes(url)),
        Err(Error::Invalid(_)) if !reading.fold_scheme_case => notes.extend(
            crate::Checker::new(edition, rule, crate::Engine::Dfa)
                .ok()
                .and_then(|c| c.scheme_case(input)),
        ),
        Err(_) => {}
    }
    // Where the edition's letter surprises a reader of an invalid input: the
    // scheme it has no rule for, RFC 1738's fragment, RFC 1630's `//`.
    if let (Err(Error::Invalid(_)), Ok(checker)) = (
        result,
        crate::Checker::new(edition, rule, crate::Engine::Dfa),
    ) {
        let verdict = checker.reading(reading).check(input);
        notes.extend(verdict.notes.into_iter().filter(|n| {
            matches!(
                n.code,
                "no-scheme-rule" | "fragment" | "generic-slashes" | "ip-literal" | "zone-id"
            )
        }));
    }
    // The readings part only where the catch-all derived the AST (the scheme
    // rules come first in every transcription), or with known schemes where
    // the input is invalid.
    let parted = match result {
        Ok(url) => matches!(url.body, crate::ast::Body::Generic(_)),
        Err(Error::Invalid(_)) => reading.known_schemes,
        Err(_) => false,
    };
    let known = crate::knowledge::known::catch_all(edition)
        .filter(|c| parted && c.applies_to(rule) && c.scheme_of(&text).is_some());
    let checker = known.and_then(|_| crate::Checker::new(edition, rule, crate::Engine::Dfa).ok());
    if let Some(checker) = checker {
        let verdict = checker.reading(reading).check(input);
        notes.extend(verdict.notes.into_iter().filter(|n| n.code == "catch-all"));
    }
    notes
}

/// The text a reading parses: the input, or with its scheme's case folded.
pub(crate) fn reading_text(input: &str, edition: crate::Edition, reading: Reading) -> Cow<'_, str> {
    if reading.fold_scheme_case && edition.descriptor().fold_scheme_case.is_some() {
        crate::prose::fold_scheme_case(input)
    } else {
        Cow::Borrowed(input)
    }
}

/// What `parse` and `compare` give for one input under one rule, `text` being
/// its [`reading_text`]: the AST, or why not. A line that is not UTF-8 stops
/// where [`Input::not_utf8_error`] says; with known schemes, an input of a
/// known scheme that only the catch-all derives is invalid, with its own
/// rule's diagnosis.
pub(crate) fn parse_in<'a>(
    edition: crate::Edition,
    rule: &str,
    input: &Input<'_>,
    text: &'a str,
    reading: Reading,
) -> Result<crate::ast::Url<'a>, crate::Error> {
    if let Input::NotUtf8 { .. } = input {
        let error = input.not_utf8_error(edition, rule);
        return Err(error.map_or_else(|| Error::unknown_rule(edition, rule), Error::Invalid));
    }
    if reading.known_schemes {
        let checker = crate::Checker::new(edition, rule, crate::Engine::Dfa)?.known_schemes(true);
        if !checker.is_valid(text) {
            return Err(Error::Invalid(checker.diagnose(text)));
        }
    }
    match parse_bounded(edition, rule, text) {
        // The words and fix `check` gives, decided in one place.
        Err(Error::Invalid(_)) => {
            let checker = crate::Checker::new(edition, rule, crate::Engine::Dfa)?;
            Err(Error::Invalid(checker.diagnose(text)))
        }
        other => other,
    }
}

/// Memory for one input, over its own bytes: 16 MiB, and 32 bytes per byte.
const MEMORY_BASE: usize = 16 << 20;
const MEMORY_PER_BYTE: usize = 32;

/// The AST of `input` under a URL rule of the edition, within the memory
/// allowed for an input of its length (with room for the line buffer and the
/// parser). An input whose AST would not fit still gets its exact diagnosis when
/// it is invalid (from the DFA, in bounded memory), and otherwise
/// [`Error::TooLarge`](crate::Error::TooLarge) as its own result.
pub(crate) fn parse_bounded<'a>(
    edition: crate::Edition,
    rule: &str,
    input: &'a str,
) -> Result<crate::ast::Url<'a>, crate::Error> {
    let allowed = MEMORY_BASE / 2 + MEMORY_PER_BYTE * input.len();
    let needed = crate::ast::size_estimate(input) + 4 * input.len();
    if needed <= allowed {
        // What is left bounds the derivation's nodes.
        let tokens = (allowed - needed) / std::mem::size_of::<crate::grammar::Token>();
        return crate::ast::parse_rule_within(edition, rule, input, tokens);
    }
    let checker = crate::Checker::new(edition, rule, crate::Engine::Dfa)?;
    if !checker.is_valid(input) {
        return Err(Error::Invalid(checker.diagnose(input)));
    }
    Err(Error::TooLarge {
        needed,
        allowed,
        what: "its AST",
    })
}

/// Write one value as one JSON line: serialised into a per-thread buffer first,
/// so the writer gets one call per line, not one per token.
pub(crate) fn json_line(out: &mut dyn Write, value: &impl Serialize) -> Result<(), CliError> {
    thread_local! {
        static LINE: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
    }
    LINE.with_borrow_mut(|line| {
        line.clear();
        let mut spill = Spill { line, out };
        serde_json::to_writer(&mut spill, value).map_err(io::Error::from)?;
        spill.line.push(b'\n');
        spill.out.write_all(spill.line)?;
        Ok(())
    })
}

/// A buffer that passes its bytes on once it holds 64 KiB: one write per short
/// line, and never a long line held whole.
struct Spill<'a> {
    line: &'a mut Vec<u8>,
    out: &'a mut dyn Write,
}

impl Write for Spill<'_> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.write_all(bytes)?;
        Ok(bytes.len())
    }

    #[inline]
    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.line.extend_from_slice(bytes);
        if self.line.len() >= 1 << 16 {
            self.out.write_all(self.line)?;
            self.line.clear();
        }
        Ok(())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// With `--lint` (`text` given), the lints of a valid URL under a URL rule
/// (none otherwise); counted in `tally` with the verdict's prose notes.
pub(crate) fn verdict_lints(
    verdict: &crate::Verdict,
    text: Option<&str>,
    tally: &mut Tally,
) -> Vec<crate::verdicts::lint::Lint> {
    let (edition, rule) = (verdict.edition, verdict.rule.as_str());
    let lints = match text {
        Some(text) if verdict.valid && crate::verdicts::ast::is_url_rule(edition, rule) => {
            crate::verdicts::ast::parse_rule(edition, rule, text)
                .map(|u| crate::verdicts::lint::lints(&u))
                .unwrap_or_default()
        }
        _ => Vec::new(),
    };
    tally.prose += verdict.notes.len();
    for l in &lints {
        match l.level {
            crate::verdicts::lint::Level::Warning => tally.lints += 1,
            crate::verdicts::lint::Level::Note => tally.notes += 1,
        }
    }
    lints
}

/// `--lint`'s summary line: every kind of line printed under a verdict,
/// counted.
pub(crate) fn lint_summary(out: &mut dyn Write, tally: &Tally) -> io::Result<()> {
    writeln!(
        out,
        "{} lint warning{}, {} lint note{}, {} prose note{}",
        number(tally.lints),
        plural(tally.lints),
        number(tally.notes),
        plural(tally.notes),
        number(tally.prose),
        plural(tally.prose)
    )
}

pub(crate) fn summary(
    out: &mut dyn Write,
    tally: &Tally,
    grammars: usize,
    good: &str,
    bad: &str,
) -> io::Result<()> {
    // Counts of verdicts (one per input and grammar), said as such: `report`'s
    // `valid` counts inputs of one edition. Text groups digits as `report`
    // does (1,620,000); JSON never does.
    let verdicts = tally.good + tally.bad;
    writeln!(
        out,
        "{} input{}, {} grammar{}: {} verdict{}, {} {good}, {} {bad}",
        number(tally.inputs),
        plural(tally.inputs),
        grammars,
        plural(grammars),
        number(verdicts),
        plural(verdicts),
        number(tally.good),
        number(tally.bad)
    )
}

/// A count in text, digits grouped by thousands.
pub(crate) fn number(n: usize) -> String {
    crate::render::count(u64::try_from(n).unwrap_or(u64::MAX))
}

pub(crate) fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

pub(crate) fn emit_verdict(v: &Verdict, json: bool, out: &mut dyn Write) -> Result<(), CliError> {
    if json {
        json_line(out, v)?;
        return Ok(());
    }
    let head = format!("  {:<12} {:<16}", v.edition.id(), v.rule);
    match &v.error {
        None => writeln!(out, "{head} valid")?,
        Some(e) => {
            write!(out, "{head} invalid at offset {}", e.offset)?;
            // The whole input corrected, as JSON's `fix` has it.
            if let Some(fix) = &e.fix {
                out.write_all(b"; fix: ")?;
                write_heading(out, fix)?;
            }
            writeln!(out)?;
            caret(out, &v.input, e)?;
        }
    }
    write_prose_notes(out, &v.notes, "      ")
}

/// Prose notes, one a line: the code, the section, what it means here.
pub(crate) fn write_prose_notes(
    out: &mut dyn Write,
    notes: &[crate::prose::ProseNote],
    indent: &str,
) -> Result<(), CliError> {
    for n in notes {
        writeln!(out, "{indent}note[{}] {}: {}", n.code, n.section, n.message)?;
    }
    Ok(())
}

/// `--lint`: the lints of a valid URL, a line each, as `check --lint` writes them.
pub(crate) fn write_lints(
    out: &mut dyn Write,
    lints: &[crate::verdicts::lint::Lint],
    indent: &str,
) -> io::Result<()> {
    for l in lints {
        let level = match l.level {
            crate::verdicts::lint::Level::Warning => "warning",
            crate::verdicts::lint::Level::Note => "note",
        };
        writeln!(
            out,
            "{indent}{level}[{}] at {}..{}: {}: {}",
            l.code, l.start, l.end, l.section, l.message
        )?;
    }
    Ok(())
}

/// `--only`: the input as read, one line (control characters as `·` on a
/// terminal), where every verdict is valid (`want_valid`) or one is not.
pub(crate) fn write_only(
    out: &mut dyn Write,
    input: &Input<'_>,
    want_valid: bool,
    all_valid: bool,
    terminal: bool,
) -> io::Result<()> {
    if want_valid != all_valid {
        return Ok(());
    }
    if terminal {
        write_visible(out, input.shown())?;
    } else {
        out.write_all(input.raw())?;
    }
    writeln!(out)
}

/// The input, and under it a caret at the error's offset with the diagnosis.
/// An input as the heading of its results: whole, or for a long input its start
/// and its length (the caret lines show the part that matters).
pub(crate) fn write_heading(out: &mut dyn Write, input: &str) -> io::Result<()> {
    if input.len() <= HEADING_MAX {
        return write_visible(out, input);
    }
    let start: String = input.chars().take(HEADING_MAX / 2).collect();
    write_visible(out, &start)?;
    write!(out, "… ({} characters)", input.chars().count())
}

/// The longest input shown whole as a heading, in bytes.
const HEADING_MAX: usize = 240;

/// A long input shows only this many characters each side of the offset, so a
/// 5 MB line prints a line's worth, not the input twice (JSON keeps it whole).
const CARET_CONTEXT: usize = 60;

pub(crate) fn caret(out: &mut dyn Write, input: &str, e: &CheckError) -> io::Result<()> {
    let from = e.offset.saturating_sub(CARET_CONTEXT);
    let shown: String = input.chars().skip(from).take(2 * CARET_CONTEXT).collect();
    let before = if from > 0 { "…" } else { "" };
    let after = if input.chars().nth(from + 2 * CARET_CONTEXT).is_some() {
        "…"
    } else {
        ""
    };
    writeln!(out, "      {before}{}{after}", visible(&shown))?;
    let column = e.offset - from + usize::from(from > 0);
    writeln!(
        out,
        "      {}^ {}",
        " ".repeat(column),
        visible(&e.to_string())
    )
}

/// Write the input with control characters shown as `·`, without allocating
/// when it has none.
pub(crate) fn write_visible(out: &mut (impl Write + ?Sized), input: &str) -> io::Result<()> {
    if crate::render::has_unsafe(input) {
        out.write_all(visible(input).as_bytes())
    } else {
        out.write_all(input.as_bytes())
    }
}

/// How much output a command gathers before handing it on: one call a line
/// costs more than the line, and a piece's whole output held twice costs
/// memory.
pub(crate) const GATHERED: usize = 1 << 16;

/// [`write_visible`] and a line end: `writeln!(out, "{}", visible(input))`
/// without the copy.
pub(crate) fn write_visible_line(out: &mut (impl Write + ?Sized), input: &str) -> io::Result<()> {
    write_visible(out, input)?;
    out.write_all(b"\n")
}

/// A verdict that borrows its input and rule: what `check` writes as JSON
/// without copying either (the same fields as [`Verdict`]).
#[derive(Serialize)]
pub(crate) struct VerdictRef<'a> {
    pub(crate) input: &'a str,
    pub(crate) grammar: crate::Edition,
    pub(crate) rule: &'a str,
    pub(crate) valid: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) error: Option<&'a CheckError>,
}

pub(crate) use crate::render::{printable_ascii, visible};
