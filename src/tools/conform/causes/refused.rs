//! The causes where the peer rejects what the rule derives: the part it
//! refuses, found by probing the derivation's places one by one (a bound, a
//! case, a repetition count, an alternative).

use std::collections::HashMap;

use super::{Named, cause};
use crate::grammar::printed::Notation;
use crate::grammar::{Node, PestOutcome, PrintedGrammar, peg};
use crate::tools::conform::shrink::{Asker, Oracle};
use crate::tools::conform::{Answer, Side};

/// A printed rule's node in a derivation: its depth, span, rule, and the
/// rules from the root down to it.
pub(super) struct RuleNode {
    /// The place of the rule above it, by index.
    pub(super) parent: Option<usize>,
    pub(super) depth: usize,
    pub(super) start: usize,
    pub(super) end: usize,
    pub(super) rule: &'static str,
    pub(super) through: Vec<&'static str>,
}

/// The strings asked about a refused witness.
pub(super) struct Probes {
    places: Vec<RuleNode>,
    /// Per place (but the root): its text replaced by its rule's shortest.
    replaced: Vec<Option<String>>,
    /// Per letter: its position and the witness with it in the other case.
    flipped: Vec<(usize, String)>,
    /// Per character: its position and the witness without it.
    deleted: Vec<(usize, String)>,
}

impl Probes {
    pub(super) fn of(oracle: &Oracle<'_>, shortest: &HashMap<String, String>, w: &str) -> Probes {
        let derives = |s: &String| s != w && oracle.graph.automaton.matches(s);
        let places = match peg::run(oracle.edition, oracle.rule, w) {
            Ok(PestOutcome::Whole(tree)) => places(PrintedGrammar::of(oracle.edition), &tree),
            _ => Vec::new(),
        };
        let replaced = places
            .iter()
            .map(|p| {
                let short = shortest.get(p.rule)?;
                let s = format!("{}{short}{}", w.get(..p.start)?, w.get(p.end..)?);
                derives(&s).then_some(s)
            })
            .collect();
        let bytes = w.as_bytes();
        let flipped = (0..bytes.len())
            .filter(|&i| bytes.get(i).is_some_and(u8::is_ascii_alphabetic))
            .filter_map(|i| {
                let mut b = bytes.to_vec();
                let slot = b.get_mut(i)?;
                *slot ^= 0x20;
                let s = String::from_utf8(b).ok()?;
                derives(&s).then_some((i, s))
            })
            .collect();
        let deleted = w
            .char_indices()
            .filter_map(|(i, c)| {
                let s = format!("{}{}", w.get(..i)?, w.get(i + c.len_utf8()..)?);
                derives(&s).then_some((i, s))
            })
            .collect();
        Probes {
            places,
            replaced,
            flipped,
            deleted,
        }
    }

    pub(super) fn inputs(&self) -> Vec<String> {
        let replaced = self.replaced.iter().flatten().cloned();
        let flipped = self.flipped.iter().map(|(_, s)| s.clone());
        let deleted = self.deleted.iter().map(|(_, s)| s.clone());
        replaced.chain(flipped).chain(deleted).collect()
    }
}

/// The printed rules of a derivation (PEG helpers and character classes
/// left out), root first.
pub(super) fn places(grammar: &PrintedGrammar, tree: &Node) -> Vec<RuleNode> {
    let mut out = Vec::new();
    let mut stack = vec![(tree, 0usize, Vec::new(), None)];
    while let Some((node, depth, mut through, mut parent)) = stack.pop() {
        let printed = node.pest_rule.is_none() && grammar.char_class(node.rule).is_none();
        if printed {
            through.push(node.rule);
            out.push(RuleNode {
                parent,
                depth,
                start: node.start,
                end: node.end,
                rule: node.rule,
                through: through.clone(),
            });
        }
        let below = depth + usize::from(printed);
        if printed {
            parent = Some(out.len() - 1);
        }
        for child in node.children.iter().rev() {
            stack.push((child, below, through.clone(), parent));
        }
    }
    out
}

pub(super) fn accepts(asker: &Asker<'_>, s: &str) -> bool {
    asker.answer(s).is_some_and(Answer::accepts)
}

/// The peer rejects what the rule derives: the part it refuses.
// Long: the probes in order (case, deepest part, deletions, counts): the first the peer's answers
// fit names the part.
pub(super) fn refused(oracle: &Oracle<'_>, asker: &Asker<'_>, w: &str, p: &Probes) -> Named {
    let rule = oracle.rule;
    let deepest = |fits: &dyn Fn(&RuleNode) -> bool| {
        p.places
            .iter()
            .filter(|place| fits(place))
            .max_by_key(|place| (place.depth, std::cmp::Reverse(place.end - place.start)))
    };
    // A letter the peer takes in the other case.
    if let Some((at, _)) = p.flipped.iter().find(|(_, s)| accepts(asker, s)) {
        let place = deepest(&|pl| pl.start <= *at && *at < pl.end);
        let (name, text) = place.map_or((rule, w), |pl| {
            (pl.rule, w.get(pl.start..pl.end).unwrap_or(w))
        });
        let letter = w.get(*at..at + 1).unwrap_or_default();
        let case = if letter.bytes().all(|b| b.is_ascii_uppercase()) {
            "upper"
        } else {
            "lower"
        };
        let why = match PrintedGrammar::of(oracle.edition).notation {
            Notation::Abnf => "a quoted string matches either case (RFC 5234 §2.3)",
            _ => "the rule takes either case there",
        };
        let message =
            format!("{name}: the peer refuses {letter:?} in {case} case in {text:?}; {why}");
        let mut c = cause(oracle, Side::PeerRejects, w, name, message);
        c.fault = format!(
            "the peer refuses {letter:?} in {case} case in {name}, which takes either case"
        );
        c.text = Some(text.to_string());
        c.through = place
            .map(|pl| pl.through.iter().map(|r| r.to_string()).collect())
            .unwrap_or_default();
        return (format!("R|{name}|case {case}"), c);
    }
    // The deepest part whose shortest string the peer takes.
    let replaced: Vec<usize> = p
        .replaced
        .iter()
        .enumerate()
        .filter(|(_, s)| s.as_deref().is_some_and(|s| accepts(asker, s)))
        .map(|(i, _)| i)
        .collect();
    let index = replaced
        .iter()
        .copied()
        .max_by_key(|&i| {
            p.places
                .get(i)
                .map(|pl| (pl.depth, std::cmp::Reverse(pl.end - pl.start)))
        })
        .or((!p.places.is_empty()).then_some(0));
    let place = index.and_then(|i| p.places.get(i));
    let (name, start, end) = place.map_or((rule, 0, w.len()), |pl| (pl.rule, pl.start, pl.end));
    let text = w.get(start..end).unwrap_or(w);
    // Within it, the characters whose deletion the peer takes.
    let culprits: Vec<usize> = p
        .deleted
        .iter()
        .filter(|(at, s)| start <= *at && *at < end && accepts(asker, s))
        .map(|(at, _)| *at)
        .collect();
    let some = !culprits.is_empty() && culprits.len() < text.chars().count();
    let mut chars: Vec<String> = culprits
        .iter()
        .filter_map(|&at| w.get(at..).and_then(|s| s.chars().next()))
        .map(|c| format!("{:?}", c.to_string()))
        .collect();
    chars.dedup();
    let first = culprits.first().copied().unwrap_or(start);
    let children = || {
        p.places
            .iter()
            .filter(|c| c.parent.is_some() && c.parent == index)
    };
    let alternative = children()
        .find(|c| c.start <= first && first < c.end)
        .or_else(|| children().next())
        .map(|c| c.rule.to_string());
    let within = if some {
        format!(" (its {})", chars.join(", "))
    } else {
        String::new()
    };
    let via = alternative
        .as_ref()
        .map(|a| format!(", a {a}"))
        .unwrap_or_default();
    let message = format!("{name}: the peer refuses {text:?}{via}{within}");
    // Every character's deletion taken, and all of them alike: the peer
    // counts them, and one fewer is within its cap.
    let n = text.chars().count();
    let mut alike = text.chars();
    let one = alike.next();
    let capped = n >= 2 && culprits.len() == n && alike.all(|c| Some(c) == one);
    let (key, fault) = if capped {
        (
            format!("R|{name}|count"),
            format!(
                "the peer refuses {n} {:?} in {name}, and takes {}: a cap on a repetition the rule does not bound",
                one.map(String::from).unwrap_or_default(),
                n - 1
            ),
        )
    } else {
        let fault = if some {
            format!("the peer refuses {} in {name}{via}", chars.join(", "))
        } else {
            format!("the peer refuses {name} {text:?}{via}, which the rule derives")
        };
        let key = format!(
            "R|{name}|{}|{}",
            alternative.clone().unwrap_or_default(),
            if some { chars.join("") } else { String::new() }
        );
        (key, fault)
    };
    let mut c = cause(oracle, Side::PeerRejects, w, name, message);
    c.fault = fault;
    c.text = Some(text.to_string());
    c.alternative = alternative;
    c.through = place
        .map(|pl| pl.through.iter().map(|r| r.to_string()).collect())
        .unwrap_or_default();
    (key, c)
}
