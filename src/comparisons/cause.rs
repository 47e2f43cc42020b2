//! Why a string is in one rule's language and not in its counterpart's: the
//! smallest corresponding sub-rules the string exercises.
//!
//! The accepting edition's derivation of the string (its pest tree) and the
//! point where the other edition's automaton stops give it: of the derivation's
//! nodes over that point, the deepest whose text the rejecting edition's
//! counterpart rule does not derive is the cause (else the smallest such node
//! before the point, else the whole). Every claim is one a reader can check:
//! the rule derives the text, the counterpart stops at the offset.

use std::collections::{HashMap, VecDeque};

use serde::Serialize;

use crate::edition::Edition;
use crate::engine::automaton::{self, Frontier};
use crate::error::Expected;
use crate::grammar::{Expr, Node, PestOutcome, PrintedGrammar, peg};
use crate::knowledge::correspond;
use crate::verdicts::diagnosis;

pub use super::literal::Literal;
use super::literal::literal;

/// Why one string is derived by a rule of one edition and not by its
/// counterpart in another.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Reason {
    /// The string (a witness of the difference).
    pub input: String,
    /// The edition whose rule derives it.
    pub accepted_by: Edition,
    /// The edition whose counterpart does not.
    pub rejected_by: Edition,
    /// The smallest rule of `accepted_by`, in the derivation of the input, whose
    /// text the counterpart does not derive.
    pub rule: String,
    /// That rule's counterpart in `rejected_by`.
    pub counterpart: String,
    /// The text `rule` derives: `input[start..end]`.
    pub text: String,
    /// Where that text starts in the input (bytes).
    pub start: usize,
    /// Where it ends (bytes).
    pub end: usize,
    /// Where the counterpart stops on the text, in characters of the input.
    pub offset: usize,
    /// The same place in bytes.
    pub byte_offset: usize,
    /// What the counterpart could take there.
    pub expected: Vec<Expected>,
    /// What the input has there: a character, or `end of input`.
    pub found: String,
    /// The rules from `rule` down to the character found: the derivation's
    /// nodes, then, inside a rule pest matches whole, the shortest chain of
    /// references to the smallest character class holding the character
    /// (empty where the counterpart stops at the text's end).
    pub through: Vec<String>,
    /// A rule on that path that is a whole alternative of the rule above it
    /// and has no counterpart in `rejected_by` (a scheme dropped or added).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub alternative: Option<String>,
    /// Where the character found is a literal of `rule`'s own definition:
    /// that literal and the rule after it, and where `rejected_by` prints
    /// them instead (RFC 3986's relative-ref ends with `"#" fragment`,
    /// which RFC 2396 prints in URI-reference, not in relativeURI).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub literal: Option<Literal>,
    /// The reason in words.
    pub message: String,
}

/// One derivation of `input` from `rule` by the printed grammar.
#[cfg(any(feature = "book", feature = "internals"))]
fn printed_derivation(edition: Edition, rule: &str, input: &str) -> Option<Node> {
    crate::engine::derive::derive(edition, rule, input).ok()
}

#[cfg(not(any(feature = "book", feature = "internals")))]
fn printed_derivation(_: Edition, _: &str, _: &str) -> Option<Node> {
    None
}

/// The reasons for every witness of a language comparison of `ra` in `a` with
/// `rb` in `b`, witnesses in order, those of `a_not_b` first.
///
/// ```
/// use urlbnf::{Edition, cause};
/// let why = cause::reasons(
///     Edition::Draft1994, "reserved", Edition::Rfc1738, "reserved",
///     &["#".to_string()], &["&".to_string()],
/// );
/// let sides: Vec<_> = why.iter().map(|r| (r.input.as_str(), r.accepted_by)).collect();
/// assert_eq!(sides, [("#", Edition::Draft1994), ("&", Edition::Rfc1738)]);
/// ```
pub fn reasons(
    a: Edition,
    ra: &str,
    b: Edition,
    rb: &str,
    a_not_b: &[String],
    b_not_a: &[String],
) -> Vec<Reason> {
    let left = a_not_b.iter().filter_map(|w| reason(a, ra, b, rb, w));
    let right = b_not_a.iter().filter_map(|w| reason(b, rb, a, ra, w));
    left.chain(right).collect()
}

/// Why `rule` of `accepted_by` derives `input` and `counterpart` of
/// `rejected_by` does not; `None` if that is not so.
///
/// ```
/// use urlbnf::{Edition, cause};
/// let why = cause::reason(Edition::Rfc1738, "reserved", Edition::Draft1994, "reserved", "&");
/// assert_eq!(why.map(|r| r.rejected_by), Some(Edition::Draft1994));
/// // Not so the other way round.
/// assert!(cause::reason(Edition::Draft1994, "reserved", Edition::Rfc1738, "reserved", "&").is_none());
/// ```
pub fn reason(
    accepted_by: Edition,
    rule: &str,
    rejected_by: Edition,
    counterpart: &str,
    input: &str,
) -> Option<Reason> {
    let tree = match peg::run(accepted_by, rule, input) {
        Ok(PestOutcome::Whole(tree)) => tree,
        // A grammar read at run time has no pest grammar: its derivation by
        // the printed grammar itself.
        Err(_) if !accepted_by.has_transcription() => printed_derivation(accepted_by, rule, input)?,
        _ => return None,
    };
    let stop = automaton::automaton(rejected_by, counterpart)
        .ok()?
        .stop(input)?
        .byte_offset;
    let gb = PrintedGrammar::of(rejected_by);
    // A part of the derivation whose counterpart does not derive its text.
    let rejected = |node: &Node| -> Option<(String, String, Frontier)> {
        if node.pest_rule.is_some() {
            // A PEG helper covers part of its rule only.
            return None;
        }
        let y = correspond::stands_for(accepted_by, node.rule, gb)?;
        let text = input.get(node.start..node.end)?;
        if !automaton::automaton(accepted_by, node.rule)
            .ok()?
            .matches(text)
        {
            return None;
        }
        let at = automaton::automaton(rejected_by, &y)
            .ok()?
            .diagnose(text)
            .err()?;
        Some((node.rule.to_string(), y, at))
    };
    // The deepest such part over the stop; else the smallest that starts
    // before it; else the whole.
    let chain = chain(&tree, stop, input.len());
    let over = chain
        .iter()
        .skip(1)
        .rev()
        .find_map(|n| Some((*n, rejected(n)?)));
    // A part inside one whose counterpart derives its text is no cause:
    // the difference is absorbed there (RFC 2396's authority derives the
    // empty authority that RFC 3986's empty reg-name makes).
    let absorbed = |node: &Node| {
        let mut path = Vec::new();
        ancestors(&tree, node, &mut path);
        path.pop();
        path.iter().any(|a| {
            a.pest_rule.is_none()
                && correspond::stands_for(accepted_by, a.rule, gb).is_some_and(|y| {
                    let text = input.get(a.start..a.end).unwrap_or("");
                    automaton::automaton(rejected_by, &y).is_ok_and(|m| m.matches(text))
                })
        })
    };
    let before = || {
        let mut all = Vec::new();
        nodes(&tree, &mut all);
        // Of equal spans, the deepest (last in preorder).
        all.into_iter()
            .skip(1)
            .enumerate()
            .filter(|(_, n)| n.start <= stop)
            .filter(|(_, n)| !absorbed(n))
            .filter_map(|(i, n)| Some((i, n, rejected(n)?)))
            .min_by_key(|(i, n, _)| (n.end - n.start, n.start, std::cmp::Reverse(*i)))
            .map(|(_, n, r)| (n, r))
    };
    let whole = || {
        let at = automaton::automaton(rejected_by, counterpart)
            .ok()?
            .diagnose(input)
            .err()?;
        Some((&tree, (rule.to_string(), counterpart.to_string(), at)))
    };
    let (node, (x, y, at)) = over.or_else(before).or_else(whole)?;
    let text = input.get(node.start..node.end)?;
    let byte_offset = node.start + at.byte_offset;
    let offset = input.get(..node.start)?.chars().count() + at.offset;
    let mut through = path_to(node, byte_offset);
    let c = input.as_bytes().get(byte_offset).copied();
    if let Some(c) = c.filter(|c| c.is_ascii()) {
        let deepest = through.last().map_or(x.as_str(), String::as_str);
        through.extend(class_path(accepted_by, deepest, c));
    }
    let mut nodes_above = Vec::new();
    ancestors(&tree, node, &mut nodes_above);
    let mut path: Vec<&str> = nodes_above.iter().map(|n| n.rule).collect();
    path.extend(through.iter().map(String::as_str));
    let alternative = alternative(accepted_by, rejected_by, &path);
    // A character of the rule's own text, right before a part it derives
    // (the "#" before fragment): where the counterpart lacks that pair.
    let literal = c
        .filter(|c| c.is_ascii() && through.is_empty())
        .and_then(|c| {
            let next = node
                .children
                .iter()
                .find(|n| n.start == byte_offset + 1 && n.pest_rule.is_none())?;
            literal(accepted_by, (&x, next.rule), rejected_by, &y, char::from(c))
        });
    let mut r = Reason {
        input: input.to_string(),
        accepted_by,
        rejected_by,
        counterpart: y,
        text: text.to_string(),
        start: node.start,
        end: node.end,
        offset,
        byte_offset,
        expected: diagnosis::describe(rejected_by, &at),
        found: crate::error::found_at(input, byte_offset),
        through,
        alternative,
        literal,
        rule: x,
        message: String::new(),
    };
    r.message = r.words_with(|s| format!("{s:?}"));
    Some(r)
}

/// Every node of a tree, parents before children.
fn nodes<'t>(n: &'t Node, out: &mut Vec<&'t Node>) {
    out.push(n);
    for c in &n.children {
        nodes(c, out);
    }
}

/// The nodes over byte `at`, root first: those whose text holds the byte, or,
/// where the stop is the input's end, those that end there.
fn chain(root: &Node, at: usize, len: usize) -> Vec<&Node> {
    let over = |n: &Node| n.start <= at && (at < n.end || (at == len && n.end == len));
    let mut out = vec![root];
    let mut node = root;
    while let Some(child) = node.children.iter().find(|c| over(c)) {
        out.push(child);
        node = child;
    }
    out
}

/// The printed rules from below `node` down to the character at byte `at`
/// (none if `at` is the node's end), each once.
fn path_to(node: &Node, at: usize) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut n = node;
    while let Some(child) = n.children.iter().find(|c| c.start <= at && at < c.end) {
        let last = out.last().map_or(node.rule, String::as_str);
        if child.rule != last {
            out.push(child.rule.to_string());
        }
        n = child;
    }
    out
}

/// Inside a rule pest matches whole (its tree stops there): the shortest chain
/// of references from `from` to a character class holding `c`, then on through
/// that class's alternatives to the smallest class holding it (`unreserved` →
/// `extra`).
fn class_path(edition: Edition, from: &str, c: u8) -> Vec<String> {
    let g = PrintedGrammar::of(edition);
    let holds = |name: &str| g.char_class(name).is_some_and(|set| set.contains(c));
    let mut parent: HashMap<&str, &str> = HashMap::from([(from, "")]);
    let mut queue = VecDeque::from([from]);
    let mut found = None;
    while let Some(name) = queue.pop_front() {
        if holds(name) {
            found = Some(name);
            break;
        }
        for next in g.rule(name).map(|r| r.expr.refs()).unwrap_or_default() {
            if !parent.contains_key(next) {
                parent.insert(next, name);
                queue.push_back(next);
            }
        }
    }
    let Some(class) = found else {
        return Vec::new();
    };
    let mut path = Vec::new();
    let mut at = class;
    while at != from {
        path.push(at.to_string());
        at = parent.get(at).copied().unwrap_or(from);
    }
    path.reverse();
    // Within the class, the alternative holding `c` with the fewest characters.
    let mut at = class;
    while let Some(next) = g
        .rule(at)
        .map(|r| r.expr.refs())
        .unwrap_or_default()
        .into_iter()
        .filter(|n| holds(n))
        .min_by_key(|n| g.class_of(n).len())
    {
        path.push(next.to_string());
        at = next;
    }
    path
}

/// The first rule on `path` (rule names, each used by the one before) that
/// is a whole alternative of the rule before it and has no counterpart in
/// `rejected_by`. Character classes are alternatives of characters, not of
/// forms: the search stops at the first.
fn alternative(accepted_by: Edition, rejected_by: Edition, path: &[&str]) -> Option<String> {
    let ga = PrintedGrammar::of(accepted_by);
    let gb = PrintedGrammar::of(rejected_by);
    path.windows(2)
        .take_while(|w| w.iter().all(|r| ga.char_class(r).is_none()))
        .find_map(|w| {
            let [parent, child] = w else { return None };
            let alternative = ga.rule(parent).is_some_and(|r| match &r.expr {
                Expr::Alt(items) => items.contains(&Expr::Ref(child.to_string())),
                _ => false,
            });
            (alternative && correspond::stands_for(accepted_by, child, gb).is_none())
                .then(|| child.to_string())
        })
}

/// The nodes from `n` down to `target` (both included); false if `target` is
/// not in `n`'s tree.
fn ancestors<'t>(n: &'t Node, target: &Node, out: &mut Vec<&'t Node>) -> bool {
    out.push(n);
    if std::ptr::eq(n, target) || n.children.iter().any(|c| ancestors(c, target, out)) {
        return true;
    }
    out.pop();
    false
}

impl Reason {
    /// The reason in words, each string from the input shown by `show` (the
    /// message quotes them; the book shows them as code).
    ///
    /// ```
    /// use urlbnf::{Edition, cause};
    /// let why = cause::reason(Edition::Rfc1738, "reserved", Edition::Draft1994, "reserved", "&").unwrap();
    /// let words = why.words_with(|s| format!("`{s}`"));
    /// assert!(words.contains("`&`"), "{words}");
    /// ```
    pub fn words_with(&self, show: impl Fn(&str) -> String) -> String {
        let (acc, rej) = (self.accepted_by.id(), self.rejected_by.id());
        let ga = PrintedGrammar::of(self.accepted_by);
        let gb = PrintedGrammar::of(self.rejected_by);
        let (rule, counterpart) = (&self.rule, &self.counterpart);
        let one_char = self.text.chars().count() == 1;
        if one_char && ga.char_class(rule).is_some() && gb.char_class(counterpart).is_some() {
            return format!(
                "{} is in {acc} {rule}, not in {rej} {counterpart}",
                show(&self.text)
            );
        }
        // Shown in characters, as the offset beside it (JSON keeps bytes).
        let chars = |at: usize| self.input.get(..at).map_or(at, |s| s.chars().count());
        let span = if self.start == 0 && self.end == self.input.len() {
            String::new()
        } else {
            format!(" ({}..{})", chars(self.start), chars(self.end))
        };
        let found = if self.found == crate::error::FOUND_END {
            "the end".to_string()
        } else {
            show(&self.found)
        };
        let mut s = format!(
            "{acc} {rule} {}{span} is no {rej} {counterpart}: that stops at {found} (offset {}), expecting {}",
            show(&self.text),
            self.offset,
            diagnosis::expected_words_with(&self.expected, &show)
        );
        if let Some(last) = self.through.last() {
            let path = format!("{rule} → {}", self.through.join(" → "));
            if self.found != crate::error::FOUND_END && ga.char_class(last).is_some() {
                s.push_str(&format!("; in {acc}, {found} is {last} ({path})"));
            } else {
                s.push_str(&format!("; in {acc}, {found} is in {path}"));
            }
        }
        if let Some(alt) = &self.alternative {
            s.push_str(&format!(
                "; {acc} derives it through {alt}, an alternative {rej} lacks"
            ));
        }
        if let Some(l) = &self.literal {
            s.push_str(&format!(
                "; in {acc}, {found} is {rule}'s own ({})",
                l.printed
            ));
            if !l.printed_in.is_empty() {
                s.push_str(&format!(
                    ", which {rej} prints in {}, not in {counterpart}",
                    l.printed_in.join(", ")
                ));
            }
        }
        s
    }
}
