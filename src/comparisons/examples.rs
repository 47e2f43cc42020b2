//! Strings a rule derives and strings it just misses, computed: the shortest
//! from the rule's minimal DFA, typical ones from real URLs' text where the rule
//! derives some (else from the generator), and near misses
//! (one change from a typical string) with their diagnoses.

use std::collections::HashMap;

use arbitrary::Unstructured;
use serde::Serialize;

use crate::comparisons::diff;
use crate::edition::{Edition, PerEdition};
use crate::engine::automaton::{self, Automaton};
use crate::engine::generate::Generator;
use crate::error::CheckError;
use crate::grammar::{PestOutcome, peg};
use crate::verdicts::diagnosis;

/// How many strings of each kind.
const EACH: usize = 3;
/// Typical strings are kept to this many characters, so they can be read.
const TYPICAL_MAX: usize = 40;
/// Characters tried, in order, where a near miss puts a character the rule
/// cannot take: the ones that separate URL parts first.
const MISFITS: &str = " /:@%#?!\"<>^`{|}~\\[]=;&+$,'()*-._0A";

/// A string the rule does not derive, with its diagnosis.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct NearMiss {
    /// The string.
    pub input: String,
    /// Where the rule stops on it and what it could take there.
    pub error: CheckError,
    /// What the string has there: a character, or `end of input`.
    pub found: String,
}

/// A rule's examples.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Examples {
    /// The shortest strings the rule derives, then first in byte order.
    pub shortest: Vec<String>,
    /// Strings the rule derives that read like URLs (whole URLs of the
    /// documents' kind where the rule derives them), each part of at most 40
    /// characters: the parts the edition's derivations of URLs like the
    /// documents' own examples give the rule, longest first, then strings the
    /// generator derives (a fixed draw per rule, so the same every run).
    pub typical: Vec<String>,
    /// Strings one change away from a string the rule derives (cut short, or a
    /// character it cannot take put in), each with its diagnosis.
    pub near_misses: Vec<NearMiss>,
}

/// The examples of `rule` in `edition` (empty for an unknown rule).
///
/// ```
/// use urlbnf::{Edition, examples};
/// let ex = examples::examples(Edition::Rfc1738, "port");
/// assert_eq!(ex.shortest.first().map(String::as_str), Some("0"));
/// assert!(examples::examples(Edition::Rfc1738, "uri").shortest.is_empty());
/// ```
pub fn examples(edition: Edition, rule: &str) -> Examples {
    let Ok(dfa) = automaton::automaton(edition, rule) else {
        return Examples::default();
    };
    let shortest = diff::first_strings(&dfa, EACH);
    let mut typical = typical(edition, rule, &dfa);
    typical.retain(|t| !shortest.contains(t));
    let near_misses = near_misses(edition, rule, &dfa, typical.iter().chain(&shortest));
    Examples {
        shortest,
        typical,
        near_misses,
    }
}

/// URLs of the kind the documents show (most from their own examples): the
/// text typical examples are drawn from first, so they read like URLs.
///
/// ```
/// use urlbnf::examples::{REAL, examples};
/// let http = examples(urlbnf::Edition::Rfc1738, "httpurl");
/// assert!(http.typical.iter().all(|t| REAL.contains(&t.as_str())));
/// ```
pub const REAL: &[&str] = &[
    "http://info.cern.ch/hypertext/WWW/TheProject.html",
    "http://info.cern.ch:8000/imaginary/test?x",
    "http://www.w3.org/Addressing/URL/Overview.html",
    "http://www.w3.org/Search?query=urls;lang=en",
    "http://www.acl.lanl.gov/URI/archive/uri-archive.index.html",
    "ftp://ds.internic.net/rfc/rfc1738.txt",
    "ftp://info.cern.ch/pub/www/doc;type=d",
    "ftp://ftp.uu.net/published/oreilly/nutshell/",
    "ftp://anonymous:guest@ftp.funet.fi/pub/README",
    "gopher://gopher.tc.umn.edu/11/",
    "gopher://spinaltap.micro.umn.edu/00/Weather/California",
    "mailto:timbl@info.cern.ch",
    // draft-ietf-uri-url-03's BNF prints "mailto::", the letter its rule reads.
    "mailto::timbl@info.cern.ch",
    "news:comp.infosystems.www",
    "news:1234@news.cern.ch",
    "nntp://news.cern.ch/alt.hypertext/1234",
    // The 1994 drafts' form, with no host.
    "nntp:alt.hypertext/1234",
    "telnet://melvyl.ucop.edu/",
    "telnet://guest@info.cern.ch:23/",
    // The drafts' form, with no "/" after the host.
    "telnet://guest@info.cern.ch",
    "wais://cnidr.org/directory-of-servers",
    "wais://cnidr.org/directory-of-servers?www",
    "wais://quake.think.com/wais-docs/1/wdoc",
    "file://vms.host.edu/disk$user/notes/note12345.txt",
    "file://localhost/etc/motd",
    "prospero://prospero.isi.edu:1525/pub/papers;type=ps",
    "prospero://prospero.isi.edu:1525/pub/papers",
    "afs://transarc.com/public/www/Public/Overview.html",
    "mid:960817.1234@info.cern.ch",
    "cid:foo4%25foo1@bar.net",
    "irc://irc.funet.fi:6667/urlbnf",
];

/// The text each printed rule derives in the edition's derivations of the
/// [`REAL`] URLs, per rule, in the order met, each text once: computed once
/// per edition.
fn real_parts(edition: Edition) -> &'static HashMap<&'static str, Vec<String>> {
    static PARTS: PerEdition<HashMap<&'static str, Vec<String>>> = PerEdition::new();
    PARTS.get_or_init(edition, || {
        let mut parts: HashMap<&'static str, Vec<String>> = HashMap::new();
        for url in REAL {
            let Ok(PestOutcome::Whole(tree)) = peg::run(edition, edition.default_rule(), url)
            else {
                continue;
            };
            let mut stack = vec![&tree];
            while let Some(node) = stack.pop() {
                stack.extend(node.children.iter().rev());
                if let Some(text) = url.get(node.start..node.end) {
                    let seen = parts.entry(node.rule).or_default();
                    if !seen.iter().any(|t| t == text) {
                        seen.push(text.to_string());
                    }
                }
            }
        }
        parts
    })
}

/// Up to three texts `rule` derives in the edition's derivations of the
/// [`REAL`] URLs, longest first, each of 2 to [`TYPICAL_MAX`] characters but
/// a whole URL, shown whole (the cap keeps parts short, not URLs).
fn realistic(edition: Edition, rule: &str, dfa: &Automaton) -> Vec<String> {
    let mut found: Vec<&String> = real_parts(edition)
        .get(rule)
        .into_iter()
        .flatten()
        .filter(|t| {
            let short = (2..=TYPICAL_MAX).contains(&t.chars().count());
            (short || REAL.contains(&t.as_str())) && dfa.matches(t)
        })
        .collect();
    // Longest first; among equals, the order met.
    found.sort_by_key(|t| std::cmp::Reverse(t.len()));
    found.into_iter().take(EACH).cloned().collect()
}

/// Up to three distinct strings longer than the shortest: what the rule
/// derives in the [`REAL`] URLs, then generated ones drawn from a stream
/// fixed by the rule's name.
fn typical(edition: Edition, rule: &str, dfa: &Automaton) -> Vec<String> {
    let mut out = realistic(edition, rule, dfa);
    if out.len() == EACH {
        return out;
    }
    let generator = Generator::new(edition);
    let mut seed = format!("{}/{rule}", edition.id())
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        });
    for _ in 0..64 {
        let entropy: Vec<u8> = (0..256)
            .map(|_| {
                // xorshift64: a fixed, portable stream.
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                seed.to_le_bytes().first().copied().unwrap_or(0)
            })
            .collect();
        let Ok(s) = generator.generate(rule, &mut Unstructured::new(&entropy)) else {
            continue;
        };
        let fits = s.chars().count() <= TYPICAL_MAX && s.chars().count() >= 2;
        if fits && dfa.matches(&s) && !out.contains(&s) {
            out.push(s);
            if out.len() == EACH {
                break;
            }
        }
    }
    out
}

/// Near misses of the given strings: each cut one character short where that
/// ends too early, and with a character the rule cannot take put in its middle
/// and at its start; the first three distinct diagnoses.
fn near_misses<'s>(
    edition: Edition,
    rule: &str,
    dfa: &Automaton,
    derived: impl Iterator<Item = &'s String>,
) -> Vec<NearMiss> {
    let mut out: Vec<NearMiss> = Vec::new();
    for s in derived {
        let chars: Vec<(usize, char)> = s.char_indices().collect();
        let middle = chars.get(chars.len() / 2).map_or(s.len(), |(i, _)| *i);
        let cut = chars
            .last()
            .and_then(|(i, _)| s.get(..*i))
            .map(String::from);
        // The misfits are chosen as they come, so each can differ from those before.
        let mut cut = cut;
        // A grammar with non-ASCII characters also misses by one of those.
        let wide = dfa.is_wide().then_some((middle, true));
        for kind in [None, Some((middle, false)), Some((0, false)), wide] {
            let candidate = match kind {
                None => cut.take(),
                Some((at, false)) => misfit(dfa, s, at, &out),
                Some((at, true)) => wide_misfit(dfa, s, at),
            };
            let Some(input) = candidate else { continue };
            if dfa.matches(&input) || out.iter().any(|m| m.input == input) {
                continue;
            }
            let Ok(error) = diagnosis::diagnose(edition, rule, &input) else {
                continue;
            };
            let found = crate::error::found_at(&input, error.byte_offset);
            // One of each diagnosis: a reader learns from the difference (a
            // non-ASCII character found differs from an ASCII one).
            if out.iter().any(|m| {
                (m.error.offset, &m.error.expected, m.found.is_ascii())
                    == (error.offset, &error.expected, found.is_ascii())
            }) {
                continue;
            }
            out.push(NearMiss {
                input,
                error,
                found,
            });
            if out.len() == EACH {
                return out;
            }
        }
    }
    out
}

/// Non-ASCII characters a near miss may put in, in order: one of each
/// length of UTF-8 sequence, RFC 3987's `iprivate` and a noncharacter.
const WIDE_MISFITS: [char; 6] = [
    '\u{A0}',
    'é',
    '\u{E000}',
    '\u{FDD0}',
    '\u{10000}',
    '\u{10FFFD}',
];

/// `s` with the first of [`WIDE_MISFITS`] the rule cannot take after
/// `s[..at]` put in at byte `at`.
fn wide_misfit(dfa: &Automaton, s: &str, at: usize) -> Option<String> {
    let before = s.get(..at)?;
    let state = dfa.state_after(before.as_bytes())?;
    let next = dfa.live_wide(state);
    let c = WIDE_MISFITS.into_iter().find(|&c| {
        let c = u32::from(c);
        !next.iter().any(|&(lo, hi)| lo <= c && c <= hi)
    })?;
    Some(format!("{before}{c}{}", s.get(at..)?))
}

/// `s` with the first character of [`MISFITS`] the rule cannot take after
/// `s[..at]` put in at byte `at`, one no earlier near miss used if there is one.
fn misfit(dfa: &Automaton, s: &str, at: usize, earlier: &[NearMiss]) -> Option<String> {
    let before = s.get(..at)?;
    let state = dfa.state_after(before.as_bytes())?;
    let next = dfa.live_bytes(state);
    let mut misfits = MISFITS
        .chars()
        .filter(|&c| c.is_ascii() && !next.contains_char(c));
    let first = misfits.clone().next()?;
    let c = misfits
        .find(|c| earlier.iter().all(|m| m.found != c.to_string()))
        .unwrap_or(first);
    Some(format!("{before}{c}{}", s.get(at..)?))
}
