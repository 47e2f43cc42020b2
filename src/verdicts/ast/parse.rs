//! Parsing into the AST: which printed rules name whole URLs and schemes, the
//! derivation from the PEG machine (or pest's own, the reference), and URLs
//! that own their text for property tests.

use super::{Kind, Part, Url, build};
use crate::edition::Edition;
use crate::error::Error;
use crate::grammar::{Derivation, PestOutcome, PrintedGrammar, Token, peg};
use crate::verdicts::diagnosis;

/// At most about how many bytes the AST of `input` takes: one [`Part`] per `;`
/// (its fields) and per `/` (path segments, counted as if held; the AST finds
/// them on demand, so for paths this is an over-estimate). Callers that bound
/// memory per input check this before parsing.
///
/// ```
/// use urlbnf::ast;
/// assert!(ast::size_estimate("http://h/a/b/c;d") > ast::size_estimate("http://h/"));
/// ```
pub fn size_estimate(input: &str) -> usize {
    let parts = input.bytes().filter(|&b| b == b'/' || b == b';').count() + 1;
    parts * std::mem::size_of::<Part<'_>>() + 1024
}

/// Parse under the edition's default rule. An input the rule does not derive is
/// [`Error::Invalid`], with the diagnosis `check` gives.
///
/// ```
/// use urlbnf::{Edition, Error, ast};
/// let url = ast::parse(Edition::Draft1994, "http://info.cern.ch/hypertext/")?;
/// assert_eq!((url.scheme.map(|s| s.text), url.body.kind()), (Some("http"), ast::Kind::Http));
/// assert!(matches!(ast::parse(Edition::Rfc1738, "http://h/~x"), Err(Error::Invalid(e)) if e.offset == 9));
/// # Ok::<(), urlbnf::Error>(())
/// ```
pub fn parse(edition: Edition, input: &str) -> Result<Url<'_>, Error> {
    parse_rule(edition, edition.default_rule(), input)
}

/// Parse under a URL rule (the default rules, `url`, `prefixedurl`) or any
/// scheme rule (`httpaddress`, `afsaddress`, `waisdoc`, `genericurl`…).
///
/// The derivation comes from the PEG machine compiled from the edition's pest
/// grammar (the same derivation as pest's, as the tests prove, without pest's
/// bookkeeping; the tests build every AST from pest's parser as well).
///
/// ```
/// use urlbnf::{Edition, ast};
/// let url = ast::parse_rule(Edition::Rfc1738, "ftpurl", "ftp://h/f;type=i")?;
/// assert_eq!(url.body.kind(), ast::Kind::Ftp);
/// assert!(ast::parse_rule(Edition::Rfc1738, "hostname", "h").is_err()); // no URL rule
/// # Ok::<(), urlbnf::Error>(())
/// ```
pub fn parse_rule<'a>(edition: Edition, rule: &str, input: &'a str) -> Result<Url<'a>, Error> {
    parse_rule_within(edition, rule, input, usize::MAX)
}

/// [`parse_rule`] with at most `tokens` nodes in the derivation; a larger one is
/// [`Error::TooLarge`]. Callers that bound memory per input set it.
///
/// ```
/// use urlbnf::{Edition, Error, ast};
/// let long = ast::parse_rule_within(Edition::Rfc1738, "url", "http://h/a/b/c/d/e", 4);
/// assert!(matches!(long, Err(Error::TooLarge { .. })));
/// ```
pub fn parse_rule_within<'a>(
    edition: Edition,
    rule: &str,
    input: &'a str,
    tokens: usize,
) -> Result<Url<'a>, Error> {
    use crate::engine::machine::{Failed, Machine};
    if !is_url_rule(edition, rule) {
        return url_rule(edition, rule).and(Err(Error::unknown_rule(edition, rule)));
    }
    let machine = Machine::of(edition)?;
    match machine.derive_in(rule, input, tokens, Buffer::take()) {
        Some(Ok(derivation)) => {
            let kept = Buffer(derivation);
            built(edition, rule, input, &kept.0)
        }
        Some(Err(Failed::NoMatch)) => {
            Err(Error::Invalid(diagnosis::diagnose(edition, rule, input)?))
        }
        Some(Err(Failed::TooLarge)) => Err(Error::TooLarge {
            needed: input.len().saturating_mul(std::mem::size_of::<Token>()),
            allowed: tokens.saturating_mul(std::mem::size_of::<Token>()),
            what: "its derivation",
        }),
        // A URL rule's name the edition does not print: the lookup's error.
        None => url_rule(edition, rule).and(Err(Error::unknown_rule(edition, rule))),
    }
}

/// A derivation whose tokens go back to the thread's buffer when it is dropped,
/// for the next parse (one allocation per thread, not per input), unless a long
/// input made it large: memory stays bounded by what one parse needs.
struct Buffer(Derivation);

thread_local! {
    static TOKENS: std::cell::Cell<Vec<Token>> = const { std::cell::Cell::new(Vec::new()) };
}

impl Buffer {
    /// Tokens this many or fewer are kept (24 KiB).
    const KEPT: usize = 1024;

    fn take() -> Vec<Token> {
        TOKENS.take()
    }
}

impl Drop for Buffer {
    fn drop(&mut self) {
        let tokens = std::mem::take(&mut self.0.tokens);
        if tokens.capacity() <= Buffer::KEPT {
            TOKENS.set(tokens);
        }
    }
}

internal! {
    /// The reference: the AST built from pest's own derivation.
    fn parse_rule_by_pest<'a>(
        edition: Edition,
        rule: &str,
        input: &'a str,
    ) -> Result<Url<'a>, Error> {
        url_rule(edition, rule)?;
        match peg::run(edition, rule, input)? {
            PestOutcome::Whole(node) => built(edition, rule, input, &Derivation::of_node(&node)),
            _ => Err(Error::Invalid(diagnosis::diagnose(edition, rule, input)?)),
        }
    }
}

fn url_rule(edition: Edition, rule: &str) -> Result<(), Error> {
    PrintedGrammar::of(edition).require(rule)?;
    if !is_url_rule(edition, rule) {
        return Err(Error::NotAUrlRule {
            edition,
            rule: rule.into(),
        });
    }
    Ok(())
}

#[inline]
fn built<'a>(
    edition: Edition,
    rule: &str,
    input: &'a str,
    derivation: &Derivation,
) -> Result<Url<'a>, Error> {
    let unknown = || Error::Transcription {
        edition,
        rule: Some(rule.into()),
        message: "the AST builder does not know this derivation".into(),
    };
    match derivation.root() {
        Some(root) => build::build(edition, input, root, unknown),
        None => Err(unknown()),
    }
}

/// The printed rules that name whole URLs: wrappers and scheme productions
/// (the roles in the edition's descriptor, `grammar/<id>.toml`).
///
/// ```
/// use urlbnf::{Edition, ast};
/// assert!(ast::is_url_rule(Edition::Rfc1738, "httpurl"));
/// assert!(!ast::is_url_rule(Edition::Rfc1738, "hostname"));
/// ```
pub fn is_url_rule(edition: Edition, rule: &str) -> bool {
    edition.descriptor().role(rule).is_some()
}

/// The AST kind a printed scheme production maps to (its role in the
/// edition's descriptor).
///
/// ```
/// use urlbnf::{Edition, ast};
/// assert_eq!(ast::scheme_kind(Edition::Rfc1738, "httpurl"), Some(ast::Kind::Http));
/// assert_eq!(ast::scheme_kind(Edition::Rfc1738, "hostname"), None);
/// ```
pub fn scheme_kind(edition: Edition, rule: &str) -> Option<Kind> {
    Kind::named(edition.descriptor().role(rule)?)
}

/// A URL that owns its text: what [`arbitrary::Arbitrary`] builds for property
/// tests. Its text is derived from the edition's default rule by the grammar
/// generator, so it always parses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OwnedUrl {
    /// The edition whose default rule derives the text.
    pub edition: Edition,
    /// The URL.
    pub text: String,
}

impl OwnedUrl {
    /// The AST, borrowing this text.
    ///
    /// ```
    /// use urlbnf::{Edition, ast::OwnedUrl};
    /// let owned = OwnedUrl { edition: Edition::Rfc1738, text: "http://info.cern.ch/".to_string() };
    /// assert_eq!(owned.url()?.host().map(|h| h.to_string()).as_deref(), Some("info.cern.ch"));
    /// # Ok::<(), urlbnf::Error>(())
    /// ```
    pub fn url(&self) -> Result<Url<'_>, Error> {
        parse(self.edition, &self.text)
    }
}

impl<'a> arbitrary::Arbitrary<'a> for OwnedUrl {
    fn arbitrary(u: &mut arbitrary::Unstructured<'a>) -> arbitrary::Result<Self> {
        let edition = *u.choose(&Edition::ALL)?;
        let text = crate::engine::Generator::new(edition).generate(edition.default_rule(), u)?;
        Ok(OwnedUrl { edition, text })
    }
}
