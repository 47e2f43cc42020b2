//! The exact differences between two editions: rule by rule from the printed text,
//! and string by string from the languages (a product of the two rules' DFAs).

use std::collections::{BTreeSet, HashMap};

use serde::Serialize;

use crate::comparisons::by_cause;
use crate::comparisons::cause::{self, Reason};
use crate::edition::Edition;
use crate::engine::automaton::{self, Automaton};
use crate::grammar::CharSet;
use crate::grammar::{Expr, PrintedGrammar};
#[cfg(feature = "internals")]
#[doc(hidden)]
pub use crate::knowledge::correspond::{counterpart, split_whole};
#[cfg(not(feature = "internals"))]
use crate::knowledge::correspond::{counterpart, split_whole};

/// How two languages relate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Relation {
    /// The same language.
    Equal,
    /// Every string of A is in B, not conversely.
    ASubsetOfB,
    /// Every string of B is in A, not conversely.
    BSubsetOfA,
    /// Each has strings the other lacks.
    Incomparable,
}

impl Relation {
    /// The relation as a mathematical symbol (`=`, `⊂`, `⊃`, `≠`).
    ///
    /// ```
    /// use urlbnf::diff::Relation;
    /// assert_eq!(Relation::ASubsetOfB.symbol(), "⊂");
    /// ```
    pub fn symbol(self) -> &'static str {
        match self {
            Relation::Equal => "=",
            Relation::ASubsetOfB => "⊂",
            Relation::BSubsetOfA => "⊃",
            Relation::Incomparable => "≠",
        }
    }
}

/// The exact comparison of two rules' languages.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct LanguageDiff {
    /// How the two languages relate.
    pub relation: Relation,
    /// Up to [`WITNESSES`] shortest strings in A but not B, shortest first, then
    /// in byte order; once [`explained`](LanguageDiff::explained), followed by
    /// a witness for each further reason (a place where the languages part).
    pub a_not_b: Vec<String>,
    /// Likewise in B but not A.
    pub b_not_a: Vec<String>,
    /// Why each witness is in one language and not the other, those of
    /// `a_not_b` first (see [`crate::cause`]; empty until [`LanguageDiff::explained`]).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub reasons: Vec<Reason>,
}

impl LanguageDiff {
    /// The comparison with the reason for each witness, `ra` of `a` against `rb`
    /// of `b`, and a witness added for each reason the shortest do not show.
    ///
    /// ```
    /// use urlbnf::{Edition, diff};
    /// let d = diff::diff(Edition::Draft1994, Edition::Rfc1738, Some("reserved"));
    /// let language = d.pairs.iter().find_map(|p| p.language.clone()).unwrap();
    /// let bare = diff::LanguageDiff { reasons: Vec::new(), ..language.clone() };
    /// let again = bare.explained(Edition::Draft1994, "reserved", Edition::Rfc1738, "reserved");
    /// assert_eq!(again.reasons, language.reasons);
    /// ```
    pub fn explained(mut self, a: Edition, ra: &str, b: Edition, rb: &str) -> LanguageDiff {
        let mut left = cause::reasons(a, ra, b, rb, &self.a_not_b, &[]);
        let mut right = cause::reasons(a, ra, b, rb, &[], &self.b_not_a);
        // Beyond the shortest, a witness for each further reason.
        if let (Ok(da), Ok(db)) = (automaton::automaton(a, ra), automaton::automaton(b, rb)) {
            by_cause::add_by_cause((a, ra, &da), (b, rb, &db), &mut self.a_not_b, &mut left);
            by_cause::add_by_cause((b, rb, &db), (a, ra, &da), &mut self.b_not_a, &mut right);
        }
        left.extend(right);
        self.reasons = left;
        self
    }
}

/// How many shortest witnesses each side gets (witnesses by cause follow them).
pub const WITNESSES: usize = 5;
/// Witnesses are sought up to this length (every difference found has a shorter one).
const MAX_WITNESS: usize = 64;

/// Compare two languages exactly.
pub(crate) fn compare(a: &Automaton, b: &Automaton) -> LanguageDiff {
    let a_not_b = first_outside(a, Some(b), WITNESSES);
    let b_not_a = first_outside(b, Some(a), WITNESSES);
    let relation = match (a_not_b.is_empty(), b_not_a.is_empty()) {
        (true, true) => Relation::Equal,
        (true, false) => Relation::ASubsetOfB,
        (false, true) => Relation::BSubsetOfA,
        (false, false) => Relation::Incomparable,
    };
    LanguageDiff {
        relation,
        a_not_b,
        b_not_a,
        reasons: Vec::new(),
    }
}

/// The first `limit` strings of L(a) \ L(b) in (length, byte) order: for
/// the tests (feature `internals`), no part of the API.
#[cfg(feature = "internals")]
#[doc(hidden)]
pub fn difference(a: &Automaton, b: &Automaton, limit: usize) -> Vec<String> {
    first_outside(a, Some(b), limit)
}

/// The first `limit` strings of L(a) in (length, byte) order.
pub(crate) fn first_strings(a: &Automaton, limit: usize) -> Vec<String> {
    first_outside(a, None, limit)
}

/// The first `limit` strings of L(a) outside L(b) (all of L(a) without `b`).
fn first_outside(a: &Automaton, b: Option<&Automaton>, limit: usize) -> Vec<String> {
    type P = (
        regex_automata::util::primitives::StateID,
        regex_automata::util::primitives::StateID,
    );
    // The product, restricted to pairs where `a` can still accept.
    // Without `b`, its side of each pair stays at `a`'s start: never accepting.
    let start: P = (a.start(), b.map_or(a.start(), Automaton::start));
    if !a.is_live(start.0) {
        return Vec::new();
    }
    let mut index: HashMap<P, usize> = HashMap::from([(start, 0)]);
    let mut pairs = vec![start];
    let mut next: Vec<Vec<(u8, usize)>> = Vec::new();
    let mut i = 0;
    while let Some(&(sa, sb)) = pairs.get(i) {
        let mut out = Vec::new();
        // Every byte: a non-ASCII character is its UTF-8 bytes.
        for byte in 0u8..=255 {
            let ta = a.step(sa, byte);
            if !a.is_live(ta) {
                continue;
            }
            let t = (ta, b.map_or(sb, |b| b.step(sb, byte)));
            let j = *index.entry(t).or_insert_with(|| {
                pairs.push(t);
                pairs.len() - 1
            });
            out.push((byte, j));
        }
        next.push(out);
        i += 1;
    }
    let target: Vec<bool> = pairs
        .iter()
        .map(|&(sa, sb)| a.accepts_at_end(sa) && !b.is_some_and(|b| b.accepts_at_end(sb)))
        .collect();
    // reach[r][p]: a path of exactly r bytes leads from p to a target.
    let mut reach: Vec<Vec<bool>> = vec![target];
    for r in 1..=MAX_WITNESS {
        let prev = &reach[r - 1];
        let row = next
            .iter()
            .map(|edges| {
                edges
                    .iter()
                    .any(|&(_, j)| prev.get(j).copied().unwrap_or(false))
            })
            .collect();
        reach.push(row);
    }
    let mut found = Vec::new();
    for len in 0..=MAX_WITNESS {
        let mut prefix = Vec::new();
        enumerate(&next, &reach, 0, len, &mut prefix, &mut found, limit);
        if found.len() >= limit {
            break;
        }
    }
    found
}

/// Depth-first in byte order through pairs from which a target is exactly
/// `left` bytes away: every branch taken yields a string.
fn enumerate(
    next: &[Vec<(u8, usize)>],
    reach: &[Vec<bool>],
    p: usize,
    left: usize,
    prefix: &mut Vec<u8>,
    found: &mut Vec<String>,
    limit: usize,
) {
    if found.len() >= limit
        || !reach
            .get(left)
            .and_then(|row| row.get(p))
            .copied()
            .unwrap_or(false)
    {
        return;
    }
    if left == 0 {
        // A grammar of octets may derive bytes no text has.
        if let Ok(s) = std::str::from_utf8(prefix) {
            found.push(s.to_string());
        }
        return;
    }
    for &(byte, j) in next.get(p).map(Vec::as_slice).unwrap_or(&[]) {
        prefix.push(byte);
        enumerate(next, reach, j, left - 1, prefix, found, limit);
        prefix.pop();
        if found.len() >= limit {
            return;
        }
    }
}

/// The characters a character-class rule gained and lost.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ClassChange {
    /// Characters the later rule adds (JSON `chars_added`: `added` names
    /// rules).
    #[serde(rename = "chars_added")]
    pub added: String,
    /// Characters it drops (JSON `chars_removed`).
    #[serde(rename = "chars_removed")]
    pub removed: String,
}

/// Two corresponding rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct RulePair {
    /// The editions' default (whole-URL) rules, compared whatever their names.
    pub whole: bool,
    /// The rule's name in A.
    pub a: String,
    /// Its name in B.
    pub b: String,
    /// The rule as printed in A, line by line.
    pub a_printed: String,
    /// The rule as printed in B, line by line.
    pub b_printed: String,
    /// The definitions differ (compared as read, letters joined; not the notation).
    pub changed: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    /// For character-class rules: the characters gained and lost.
    pub class: Option<ClassChange>,
    #[serde(skip_serializing_if = "Option::is_none")]
    /// The exact language comparison.
    pub language: Option<LanguageDiff>,
    #[serde(skip_serializing_if = "Option::is_none")]
    /// Why the languages were not compared: a rule of a grammar file with no
    /// automaton (one that nests), as its error says.
    pub not_compared: Option<String>,
}

/// Everything that differs from edition A to edition B.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Diff {
    /// The earlier edition.
    pub a: Edition,
    /// The later edition.
    pub b: Edition,
    /// Rules of A with no counterpart in B.
    pub removed: Vec<String>,
    /// Rules of B with no counterpart in A.
    pub added: Vec<String>,
    /// Rules of A that B split into several, one per scheme (RFC 1738's
    /// `hsegment`, `fsegment` and `psegment` from `segment`): neither removed
    /// nor added.
    pub splits: Vec<Split>,
    /// Corresponding rules, in A's printed order; the default rules first.
    pub pairs: Vec<RulePair>,
}

/// A rule of the earlier edition and the rules of the later one it was split
/// into.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Split {
    /// The earlier rule.
    pub rule: String,
    /// The later rules, in printed order.
    pub into: Vec<String>,
}

impl Diff {
    /// Rules paired under different names (by the table of renamed rules).
    ///
    /// ```
    /// use urlbnf::{Edition, diff};
    /// let d = diff::diff(Edition::Draft1994, Edition::Rfc1738, None);
    /// assert!(d.renamed().any(|p| (p.a.as_str(), p.b.as_str()) == ("httpaddress", "httpurl")));
    /// ```
    pub fn renamed(&self) -> impl Iterator<Item = &RulePair> {
        self.pairs.iter().filter(|p| !p.whole && p.a != p.b)
    }

    /// The pairs whose printed definitions differ.
    ///
    /// ```
    /// use urlbnf::{Edition, diff};
    /// let d = diff::diff(Edition::Draft1994, Edition::Rfc1738, None);
    /// assert!(d.changed().any(|p| p.a == "reserved"));
    /// ```
    pub fn changed(&self) -> impl Iterator<Item = &RulePair> {
        self.pairs.iter().filter(|p| p.changed)
    }
}

/// Whether two definitions say the same, whatever their notation.
pub(crate) fn same_definition(a: &Expr, b: &Expr) -> bool {
    normal(a) == normal(b)
}

/// Normalise a definition for comparison across notations: runs of literal
/// characters joined, one-element groups unwrapped.
fn normal(e: &Expr) -> Expr {
    match e {
        Expr::Seq(items) => {
            let mut out: Vec<Expr> = Vec::new();
            for i in items.iter().map(normal) {
                match (out.last_mut(), i) {
                    (Some(Expr::Lit(prev)), Expr::Lit(s)) => prev.push_str(&s),
                    (_, Expr::Seq(inner)) => out.extend(inner),
                    (_, other) => out.push(other),
                }
            }
            if out.len() == 1 {
                out.pop().unwrap_or(Expr::Empty)
            } else {
                Expr::Seq(out)
            }
        }
        Expr::Alt(items) => Expr::Alt(items.iter().map(normal).collect()),
        Expr::Opt(item) => Expr::Opt(Box::new(normal(item))),
        Expr::Rep { min, max, item } => Expr::Rep {
            min: *min,
            max: *max,
            item: Box::new(normal(item)),
        },
        other => other.clone(),
    }
}

fn chars_of(set: CharSet) -> String {
    set.chars()
}

/// Diff two editions; with `only`, just the rule of that name (in A or B). Every
/// pair gets a language comparison: every rule compiles, and products are small.
///
/// ```
/// use urlbnf::{Edition, diff};
///
/// let d = diff::diff(Edition::Draft1994, Edition::Rfc1738, Some("reserved"));
/// let reserved = &d.pairs[0];
/// let language = reserved.language.as_ref().unwrap();
/// assert_eq!(language.a_not_b, ["#"]); // "#" reserved in 1994, not in RFC 1738
/// assert_eq!(language.b_not_a, ["&", "@"]);
/// ```
pub fn diff(a: Edition, b: Edition, only: Option<&str>) -> Diff {
    let ga = PrintedGrammar::of(a);
    let gb = PrintedGrammar::of(b);

    let mut pairs = Vec::new();
    let mut paired_b = BTreeSet::new();
    let mut removed = Vec::new();
    // The default rules are compared whatever their names; a grammar file's
    // is the other's where it has a rule of that name (its first rule is
    // only a guess).
    let (mut da, mut db) = (a.default_rule(), b.default_rule());
    if !b.has_transcription() && gb.rule(da).is_some() {
        db = da;
    } else if !a.has_transcription() && ga.rule(db).is_some() {
        da = db;
    }
    let mut candidates: Vec<(String, Option<String>)> = vec![(da.into(), Some(db.into()))];
    // The whole URL aside, A's default rule still continues under its own
    // name or another (rfc2396's absoluteURI is rfc3986's absolute-URI).
    if let Some(c) = counterpart(a, da, gb).filter(|c| c != db) {
        candidates.push((da.into(), Some(c)));
    }
    for r in &ga.rules {
        if r.name != da {
            candidates.push((r.name.clone(), counterpart(a, &r.name, gb)));
        }
    }
    for (i, (ra, rb)) in candidates.into_iter().enumerate() {
        let Some(rb) = rb else {
            removed.push(ra);
            continue;
        };
        paired_b.insert(rb.clone());
        if only.is_some_and(|o| o != ra && o != rb) {
            continue;
        }
        let (Some(pa), Some(pb)) = (ga.rule(&ra), gb.rule(&rb)) else {
            continue;
        };
        let class = match (ga.char_class(&ra), gb.char_class(&rb)) {
            (Some(ca), Some(cb)) if ca != cb => Some(ClassChange {
                added: chars_of(cb & !ca),
                removed: chars_of(ca & !cb),
            }),
            _ => None,
        };
        let (language, not_compared) =
            match (automaton::automaton(a, &ra), automaton::automaton(b, &rb)) {
                (Ok(da), Ok(db)) => (Some(compare(&da, &db).explained(a, &ra, b, &rb)), None),
                (Err(e), _) | (_, Err(e)) => (None, Some(e.to_string())),
            };
        pairs.push(RulePair {
            whole: i == 0,
            a_printed: pa.printed_text(ga.notation),
            b_printed: pb.printed_text(gb.notation),
            changed: normal(&pa.expr) != normal(&pb.expr),
            a: ra,
            b: rb.clone(),
            class,
            language,
            not_compared,
        });
    }
    let mut added: Vec<String> = gb
        .rules
        .iter()
        .filter(|r| !paired_b.contains(&r.name) && counterpart(b, &r.name, ga).is_none())
        .map(|r| r.name.clone())
        .collect();
    // A rule of B split out of one of A is not new, nor is the whole gone
    // (`explain` follows the same table back).
    let mut splits: Vec<Split> = Vec::new();
    for part in &added {
        if let Some(whole) = split_whole(b, part, ga) {
            match splits.iter_mut().find(|s| s.rule == whole) {
                Some(s) => s.into.push(part.clone()),
                None => splits.push(Split {
                    rule: whole,
                    into: vec![part.clone()],
                }),
            }
        }
    }
    added.retain(|r| !splits.iter().any(|s| s.into.contains(r)));
    removed.retain(|r| !splits.iter().any(|s| &s.rule == r));
    if let Some(o) = only {
        removed.retain(|r| r == o);
        added.retain(|r| r == o);
        splits.retain(|s| s.rule == o || s.into.iter().any(|r| r == o));
    }
    Diff {
        a,
        b,
        removed,
        added,
        splits,
        pairs,
    }
}
