//! Known schemes and the catch-all for new ones.
//!
//! Two editions end their list of schemes with a rule for any scheme at all:
//! RFC 1738 §5 `url = httpurl | … | prosperourl | otherurl`, whose comment
//! says "new schemes follow the general syntax", and the July 1993 draft's
//! `url = generic | httpaddress | …`, its generic syntax being "a framework for
//! new schemes". By the letter of the BNF the catch-all derives `http://h:abc/`
//! although `httpurl` does not. The *known-scheme reading* checks an input
//! whose scheme has a rule of its own by that rule alone, and leaves the
//! catch-all to new schemes.
//!
//! The known schemes are read from the grammar: each alternative of the scheme
//! rule whose strings all start with the same literal text up to a `:` is a
//! scheme rule, and that text is its scheme; the one alternative without such
//! a prefix is the catch-all.
//!
//! Why dispatching on the scheme is exact: every string of a scheme rule starts
//! with its scheme and a colon, and no scheme holds a colon, so an input whose
//! text before its first colon is a known scheme can be derived only by that
//! scheme's rule or the catch-all, and any other input only by the catch-all.
//! The reading's language is therefore the rule without its catch-all for
//! inputs of a known scheme, and the rule as printed for all others.
//! `tests/known_schemes.rs` proves this against each scheme rule's own automaton.

use crate::edition::{Edition, PerEdition};
use crate::engine::automaton::Form;
use crate::engine::{Head, first_word};
use crate::grammar::{Expr, PrintedGrammar, SchemeRule};

/// A scheme that has a rule of its own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KnownScheme {
    /// The scheme, as the rule spells it: `http`.
    pub scheme: String,
    /// Its rule: `httpurl`.
    pub rule: String,
    /// The scheme and its colon, as inputs are matched: `http:`.
    prefix: String,
    /// The prefix as a [`Head`], where it has at most 16 bytes: every
    /// input is asked, and a head compares without a call.
    head: Option<Head>,
}

/// An edition's scheme rule whose last resort is a catch-all for new schemes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CatchAll {
    /// The edition.
    pub edition: Edition,
    /// The rule whose alternatives are the schemes: `url`.
    pub rule: String,
    /// The alternative any scheme may take: `otherurl` (RFC 1738), `generic`
    /// (July 1993).
    pub catch_all: String,
    /// The schemes with a rule of their own, in printed order.
    pub schemes: Vec<KnownScheme>,
    /// Where the document says what the catch-all is for.
    pub section: &'static str,
    /// What it says.
    pub quote: String,
}

/// The catch-all of an edition, if its BNF has one.
///
/// ```
/// use urlbnf::{Edition, known};
/// assert_eq!(known::catch_all(Edition::Rfc1738).map(|c| c.catch_all.as_str()), Some("otherurl"));
/// assert!(known::catch_all(Edition::Rfc1630Uri).is_none());
/// ```
pub fn catch_all(edition: Edition) -> Option<&'static CatchAll> {
    static ALL: PerEdition<Option<CatchAll>> = PerEdition::new();
    ALL.get_or_init(edition, || read(PrintedGrammar::of(edition)))
        .as_ref()
}

impl CatchAll {
    /// The known scheme an input starts with (its scheme and colon).
    ///
    /// ```
    /// use urlbnf::{Edition, known};
    /// let c = known::catch_all(Edition::Rfc1738).unwrap();
    /// assert_eq!(c.scheme_of("http://h/").map(|s| s.rule.as_str()), Some("httpurl"));
    /// assert!(c.scheme_of("irc://h/").is_none());
    /// ```
    pub fn scheme_of(&self, input: &str) -> Option<&KnownScheme> {
        self.scheme_of_bytes(input.as_bytes())
    }

    /// [`CatchAll::scheme_of`] of an input's bytes, as a walk of a list
    /// reads them.
    pub(crate) fn scheme_of_bytes(&self, bytes: &[u8]) -> Option<&KnownScheme> {
        // A prefix ends in its `:`: a shorter input, zeros past its end,
        // never matches its head.
        let word = first_word(bytes);
        self.schemes.iter().find(|k| match k.head {
            Some(head) => head.starts(word),
            None => bytes.starts_with(k.prefix.as_bytes()),
        })
    }

    /// Whether the reading changes `rule`: the scheme rule itself, or a rule
    /// that starts with it (draft-1993 `fragmentaddress = url [ # fragmentid ]`),
    /// so that the input's scheme is the scheme rule's. Other rules, the
    /// catch-all among them, read as printed.
    ///
    /// ```
    /// use urlbnf::{Edition, known};
    /// let c = known::catch_all(Edition::Rfc1738).unwrap();
    /// assert!(c.applies_to("url"));
    /// assert!(!c.applies_to("otherurl"));
    /// ```
    pub fn applies_to(&self, rule: &str) -> bool {
        PrintedGrammar::of(self.edition).starts_with_rule(rule, &self.rule)
    }

    /// The automaton form of a rule without the catch-all.
    pub(crate) fn form(&self) -> Form {
        Form {
            without: Some((self.rule.clone(), self.catch_all.clone())),
            positions: false,
        }
    }
}

/// The edition's scheme rule with a catch-all
/// ([`PrintedGrammar::catch_all_rule`]), with what its document says of it.
fn read(g: &PrintedGrammar) -> Option<CatchAll> {
    let found = g.catch_all_rule()?;
    let catch_all = found.catch_all.as_str();
    // Where the document says what the catch-all is for (its descriptor,
    // else the BNF's own section): its words, or the comment printed above
    // the catch-all or above the rule it names.
    let prose = g.edition.descriptor().catch_all;
    let section = prose.map_or(g.edition.info().title, |p| p.section);
    let (section, quote) = match prose.map(|p| p.quote) {
        Some(quote) if !quote.is_empty() => (section, quote.to_string()),
        _ => {
            let comment = |name: &str| g.rule(name).and_then(|r| r.comment.clone());
            let named = g.rule(catch_all).and_then(|r| match &r.expr {
                Expr::Ref(n) => Some(n.as_str()),
                _ => None,
            });
            (
                section,
                comment(catch_all)
                    .or_else(|| named.and_then(comment))
                    .unwrap_or_default(),
            )
        }
    };
    Some(CatchAll {
        edition: g.edition,
        rule: found.rule,
        catch_all: found.catch_all,
        schemes: found.schemes.into_iter().map(KnownScheme::from).collect(),
        section,
        quote,
    })
}

impl From<SchemeRule> for KnownScheme {
    fn from(k: SchemeRule) -> KnownScheme {
        KnownScheme {
            head: Head::of(k.prefix.as_bytes()),
            scheme: k.scheme,
            rule: k.rule,
            prefix: k.prefix,
        }
    }
}

/// An edition's closed list of schemes: a whole-URL rule whose every
/// alternative is a scheme's rule, with no catch-all (draft-ietf-uri-url-03
/// and RFC 1630's `url`). An input of another scheme has no rule at all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SchemeList {
    /// The edition.
    pub edition: Edition,
    /// The rule whose alternatives are the schemes: `url`.
    pub rule: String,
    /// The schemes, in printed order.
    pub schemes: Vec<KnownScheme>,
}

/// The closed list of schemes of an edition, if its BNF has one.
///
/// ```
/// use urlbnf::{Edition, known};
/// let list = known::scheme_list(Edition::Draft1994).unwrap();
/// assert_eq!(list.unlisted("https://example.com/", "url"), Some("https"));
/// assert_eq!(list.unlisted("http://example.com/", "url"), None);
/// assert!(known::scheme_list(Edition::Rfc1738).is_none()); // otherurl takes any
/// ```
pub fn scheme_list(edition: Edition) -> Option<&'static SchemeList> {
    static ALL: PerEdition<Option<SchemeList>> = PerEdition::new();
    ALL.get_or_init(edition, || {
        let g = PrintedGrammar::of(edition);
        g.rules.iter().find_map(|rule| {
            let (schemes, others) = g.scheme_alternatives(&rule.expr)?;
            let schemes: Vec<KnownScheme> = schemes.into_iter().map(KnownScheme::from).collect();
            // Two schemes at least: RFC 1738's `waisurl` is three forms of one.
            let distinct: std::collections::BTreeSet<&str> =
                schemes.iter().map(|k| k.scheme.as_str()).collect();
            (others.is_empty() && distinct.len() >= 2).then(|| SchemeList {
                edition,
                rule: rule.name.clone(),
                schemes,
            })
        })
    })
    .as_ref()
}

impl SchemeList {
    /// The scheme of `input`, checked with `rule`, when the list applies to
    /// the rule and has no rule for it: the text before the first `:`, where
    /// it is a scheme by RFC 3986 §3.1's syntax (a letter, then letters,
    /// digits, `+`, `-`, `.`).
    ///
    /// ```
    /// use urlbnf::{Edition, known};
    /// let list = known::scheme_list(Edition::Rfc1630Url).unwrap();
    /// assert_eq!(list.unlisted("git://h/r", "url"), Some("git"));
    /// assert_eq!(list.unlisted("git://h/r", "hostname"), None); // not a scheme rule
    /// assert_eq!(list.unlisted("not a url", "url"), None); // no scheme at all
    /// ```
    pub fn unlisted<'i>(&self, input: &'i str, rule: &str) -> Option<&'i str> {
        let scheme = input.get(..input.find(':')?)?;
        let mut bytes = scheme.bytes();
        let well_formed = bytes.next().is_some_and(|b| b.is_ascii_alphabetic())
            && bytes.all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'));
        let listed = self.schemes.iter().any(|k| k.scheme == scheme);
        (well_formed && !listed && self.applies_to(rule)).then_some(scheme)
    }

    /// Whether an input checked with `rule` has its scheme from the list:
    /// `rule` is the list's rule or starts with it.
    ///
    /// ```
    /// use urlbnf::{Edition, known};
    /// let list = known::scheme_list(Edition::Draft1994).unwrap();
    /// assert!(list.applies_to("url") && !list.applies_to("prefixedurl"));
    /// ```
    pub fn applies_to(&self, rule: &str) -> bool {
        PrintedGrammar::of(self.edition).starts_with_rule(rule, &self.rule)
    }
}

/// How long the text is that every string of `rule` starts with (`mailto:`
/// for RFC 1738's `mailtourl`, `mailto::` for draft-1994's `mailtoaddress`).
pub(crate) fn literal_prefix_len(edition: Edition, rule: &str) -> usize {
    static LENGTHS: PerEdition<std::sync::Mutex<std::collections::HashMap<String, usize>>> =
        PerEdition::new();
    let lengths = LENGTHS.get_or_init(edition, Default::default);
    let mut lengths = match lengths.lock() {
        Ok(l) => l,
        Err(poisoned) => poisoned.into_inner(),
    };
    *lengths.entry(rule.to_string()).or_insert_with(|| {
        let g = PrintedGrammar::of(edition);
        g.literal_prefix(&Expr::Ref(rule.to_string()), 0).0.len()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_known_scheme_is_the_one_whose_prefix_an_input_starts_with() {
        // Every edition's catch-all asked each known prefix, cut short,
        // longer, in upper case, inside another text, and texts past the
        // 16 bytes its words hold: the scheme found is the first whose
        // prefix (scheme and colon, as printed) starts the input.
        let all: Vec<&CatchAll> = Edition::ALL.iter().filter_map(|&e| catch_all(e)).collect();
        assert!(!all.is_empty());
        let mut asked = 0;
        for c in all {
            let prefixes: Vec<String> = c.schemes.iter().map(|k| k.prefix.clone()).collect();
            for p in &prefixes {
                let texts = [
                    p.clone(),
                    p.get(..p.len() - 1).unwrap_or_default().to_string(),
                    format!("{p}//h/"),
                    format!("{p}{}", "x".repeat(40)),
                    p.to_uppercase(),
                    format!("x{p}"),
                    p.replace(':', "\0"),
                    String::new(),
                    "averyveryverylongscheme:x".to_string(),
                ];
                for text in texts {
                    let want = c.schemes.iter().find(|k| text.starts_with(&k.prefix));
                    assert_eq!(c.scheme_of(&text), want, "{text:?}");
                    asked += usize::from(want.is_some());
                }
            }
        }
        // Found and not found both occur.
        assert!(asked > 0);
    }
}
