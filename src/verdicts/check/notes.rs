//! The prose notes a verdict carries: where the document's words read the
//! input other than its BNF (the catch-all, scheme case, gopher's tabs), as
//! the edition's descriptor says its document has them.

use std::borrow::Cow;

use super::fix::{self, words};
use super::{Checker, Judgement};
use crate::engine::automaton;
use crate::knowledge::known::{self, SchemeList};
use crate::verdicts::diagnosis::{error_at, scheme_end};
use crate::verdicts::prose::{self, ProseNote};

impl Checker {
    /// Whether a verdict on `input` may carry a prose note of scheme case
    /// (RFC 1738 §2.1) or gopher tabs (§3.4), where the edition's document
    /// has them, so most inputs are never parsed for one. (The catch-all's
    /// note is decided with the verdict: [`Checker::judge`].)
    pub(crate) fn may_note(&self, input: &str, valid: bool) -> bool {
        let d = self.edition.descriptor();
        let case = d.fold_scheme_case.is_some();
        !valid && (self.unlisted_scheme(input).is_some() || self.may_surprise(input))
            || self.relative_only(input, valid).is_some()
            || if valid {
                case && self.reading.fold_scheme_case && matches!(self.text(input), Cow::Owned(_))
                    || d.note("gopher-tab").is_some()
                        && input
                            .get(..7)
                            .is_some_and(|s| s.eq_ignore_ascii_case("gopher:"))
                        && input.contains("%09")
            } else {
                case && input
                    .bytes()
                    .take_while(|&b| b != b':')
                    .any(|b| b.is_ascii_uppercase())
            }
    }

    /// The prose notes on a verdict (see [`Checker::judge`]).
    pub(super) fn notes(&self, input: &str, judged: Judgement) -> Vec<ProseNote> {
        if !judged.noted {
            return Vec::new();
        }
        let valid = judged.valid;
        let text = self.text(input);
        let mut out = Vec::new();
        // Where the readings part: the catch-all alone derives a known scheme.
        if let Some((c, scheme, own)) = self.known_scheme(&text)
            && valid != self.reading.known_schemes
            && !own.matches(&text)
            && self.letter(&text)
        {
            let error = own
                .diagnose(&text)
                .err()
                .map(|stop| error_at(self.edition, &text, &stop));
            out.push(prose::catch_all(
                c,
                scheme,
                error,
                self.reading.known_schemes,
            ));
        }
        if !self.may_note(input, valid) {
            return out;
        }
        out.extend(self.relative_only(input, valid));
        if let (false, Some((list, scheme))) = (valid, self.unlisted_scheme(input)) {
            out.push(prose::no_scheme_rule(list, scheme));
        }
        if !valid {
            out.extend(self.surprise(input));
        }
        if let Cow::Owned(folded) = &text {
            out.extend(prose::folded(self.edition, input, folded, valid));
        } else if !valid {
            out.extend(self.scheme_case(input));
        }
        if valid
            && crate::verdicts::ast::is_url_rule(self.edition, &self.rule)
            && let Ok(url) = crate::verdicts::ast::parse_rule(self.edition, &self.rule, &text)
        {
            let notes = prose::notes(&url);
            out.extend(
                notes
                    .into_iter()
                    .filter(|n| prose::DISAGREEMENTS.contains(&n.code)),
            );
        }
        out
    }

    /// Whether an invalid input may be one the edition's letter surprises:
    /// a `#` where the URL ends before one (RFC 1738), `scheme://` where the
    /// generic syntax has no `//` (RFC 1630's).
    fn may_surprise(&self, input: &str) -> bool {
        let d = self.edition.descriptor();
        d.note("fragment").is_some() && input.contains('#')
            || d.note("generic-slashes").is_some() && input.contains("://")
    }

    /// The note where the edition's letter surprises a reader: RFC 1738's URL
    /// ends before a `#` fragment (§2.2); RFC 1630's generic syntax has no
    /// `//` (its path never starts with `/`).
    fn surprise(&self, input: &str) -> Option<ProseNote> {
        let url_rule = known::catch_all(self.edition).is_some_and(|c| c.applies_to(&self.rule))
            || self.rule == self.edition.default_rule();
        if !url_rule || !self.may_surprise(input) {
            return None;
        }
        if self.edition.descriptor().note("fragment").is_some() {
            let at = input.find('#')?;
            let before = input.get(..at)?;
            // Spans count characters, as every offset does.
            let at = before.chars().count();
            return prose::fragment_outside(self.edition, at, self.letter(before));
        }
        let colon = input.find(':')?;
        let scheme_ok = input
            .get(..colon)
            .is_some_and(|s| s.bytes().next().is_some_and(|b| b.is_ascii_alphabetic()));
        let at = input.get(..colon)?.chars().count() + 1;
        if !(scheme_ok && input.get(colon..)?.starts_with("://")) {
            return None;
        }
        prose::generic_slashes(self.edition, at)
    }

    /// The edition's closed list of schemes and the input's scheme, when the
    /// list has no rule for it (draft-1994's `url` and `https:`).
    fn unlisted_scheme<'i>(&self, input: &'i str) -> Option<(&'static SchemeList, &'i str)> {
        let list = known::scheme_list(self.edition)?;
        Some((list, list.unlisted(input, &self.rule)?))
    }

    /// Where the edition's prose asks for scheme names without case (RFC 1738
    /// §2.1), on an input this rule does not derive: if its scheme has upper
    /// case letters, a note saying whether the input is valid with them
    /// lowercased (by the letter). Only such an edition's checker gives one.
    ///
    /// ```
    /// use urlbnf::{Checker, Edition};
    /// let rfc1738 = Checker::for_edition(Edition::Rfc1738)?;
    /// let note = rfc1738.scheme_case("HTTP://info.cern.ch/").unwrap();
    /// assert_eq!((note.code, note.valid), ("scheme-case", Some(true)));
    /// # Ok::<(), urlbnf::Error>(())
    /// ```
    pub fn scheme_case(&self, input: &str) -> Option<ProseNote> {
        prose::scheme_case(self.edition, input, |folded| self.letter(folded))
    }

    /// Where a reader may take an input for another kind than its letter,
    /// and the document says how to tell (RFC 3986 §4.1, §4.2; RFC 2396
    /// Appendix A). Without a scheme: not the edition's whole-URL rule but
    /// valid as a relative reference (the note's `rule`, `URI-reference`),
    /// said on the invalid verdict of the default rule; on a valid verdict
    /// of the reference rule, valid only as a relative reference; and a
    /// first segment that looks like a host is a path segment. With a
    /// "scheme" that looks like a host, a drive letter or a path
    /// (`localhost:8080`, `a:b`): a URI of that scheme by the letter, and as
    /// a relative path `./a:b`.
    fn relative_only(&self, input: &str, valid: bool) -> Option<ProseNote> {
        let d = self.edition.descriptor();
        let default = self.rule == self.edition.default_rule();
        let end = input.chars().count();
        let Some(colon) = scheme_end(input) else {
            let n = d.note("relative-only")?;
            let reference = n.rule.unwrap_or(self.edition.default_rule());
            let asked = self.rule == reference;
            let derived = if asked {
                valid
            } else {
                !valid && default && self.derives(reference, input)
            };
            if !derived {
                return None;
            }
            let first = input.split(['/', '?', '#']).next().unwrap_or("");
            let host = first.contains('.') && !matches!(first, "." | "..");
            let host = host.then_some(first);
            let message = if asked {
                words::relative_only(input, host)
            } else {
                words::reference_only(&self.rule, reference, input, host)
            };
            return Some(fix::note(n, 0, end, message));
        };
        let n = d.note("colon-segment")?;
        if !valid || !(default || n.rule.is_some_and(|r| r == self.rule)) {
            return None;
        }
        let scheme = input.get(..colon)?;
        let rest = input.get(colon + 1..)?;
        let port = rest.starts_with(|c: char| c.is_ascii_digit());
        if !(port || scheme.contains('.') || scheme.len() == 1) {
            return None;
        }
        Some(fix::note(
            n,
            0,
            end,
            words::scheme_or_path(scheme, input, port),
        ))
    }

    /// Whether another rule of the edition derives `input` (by the letter).
    fn derives(&self, rule: &str, input: &str) -> bool {
        automaton::automaton(self.edition, rule).is_ok_and(|a| a.matches(input))
    }
}
