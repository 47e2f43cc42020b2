//! Naming a shrunk witness's cause, in the grammar's words.
//!
//! Peer accepts: where the rule stops on the witness, as `report` names a
//! cause (the innermost printed rule open there, what was found, what could
//! come). Peer rejects: the part of the witness the peer refuses, found by
//! asking it: each rule of the witness's derivation has its text replaced by
//! the rule's shortest string, and the deepest whose replacement the peer
//! takes is the cause; within it, the characters whose deletion the peer
//! takes; and a letter whose other case the peer takes, where the rule
//! derives both, is a case the peer refuses. Components: the component and
//! the rule deriving it.

use std::collections::HashMap;

use super::components::{Component, Components, differing, spans};
use super::shrink::{Asker, Found, Goal, Oracle};
use super::{Answer, Cause, Side};
use crate::engine::automaton::{self, Form};
use crate::error::{Error, found_at};
use crate::grammar::{Expr, PestOutcome, PrintedGrammar, peg};
use crate::knowledge::gloss;
use crate::tools::report::innermost_rule;
use crate::verdicts::diagnosis::{describe, expected_words};

mod refused;
use refused::{Probes, accepts, places, refused};

/// A named cause and the key that groups witnesses of it.
pub(super) type Named = (String, Cause);

/// Each witness's cause, in order.
pub(super) fn name_all(
    oracle: &Oracle<'_>,
    asker: &mut Asker<'_>,
    shortest: &HashMap<String, String>,
    witnesses: &[(String, Goal)],
) -> Result<Vec<Named>, Error> {
    // The probes of every refused witness, asked in one call.
    let probes: Vec<Option<Probes>> = witnesses
        .iter()
        .map(|(w, goal)| (*goal == Goal::Rejects).then(|| Probes::of(oracle, shortest, w)))
        .collect();
    // Each accepted witness cut where the rule stops: a peer that takes
    // the cut too takes what the rule leaves unfinished there (a `%` and
    // no hexadecimal digits), whatever comes after it.
    let cuts: Vec<Option<String>> = witnesses
        .iter()
        .map(|(w, goal)| match goal {
            Goal::Accepts(.., found) if *found != Found::End => {
                let at = oracle.graph.automaton.stop(w)?.byte_offset;
                let cut = w.get(..at)?.to_string();
                (!oracle.graph.automaton.matches(&cut)).then_some(cut)
            }
            _ => None,
        })
        .collect();
    let mut wanted: Vec<String> = probes.iter().flatten().flat_map(Probes::inputs).collect();
    wanted.extend(cuts.iter().flatten().cloned());
    asker.ask(&wanted)?;
    Ok(witnesses
        .iter()
        .zip(&probes)
        .zip(&cuts)
        .map(|(((w, goal), probes), cut)| match (goal, probes) {
            (Goal::Rejects, Some(p)) => refused(oracle, asker, w, p),
            (Goal::Component(c), _) => component(oracle, asker, w, *c),
            _ => match cut {
                Some(cut) if accepts(asker, cut) => accepted(oracle, cut),
                _ => accepted(oracle, w),
            },
        })
        .collect())
}

fn section(oracle: &Oracle<'_>, rule: &str) -> String {
    gloss::gloss(oracle.edition, rule).map_or_else(
        || {
            let info = oracle.edition.info();
            // A grammar file may name no section: no dangling comma then.
            if info.section.is_empty() {
                info.title.to_string()
            } else {
                format!("{}, {}", info.title, info.section)
            }
        },
        |g| g.section,
    )
}

fn cause(oracle: &Oracle<'_>, side: Side, witness: &str, rule: &str, message: String) -> Cause {
    Cause {
        side,
        count: 0,
        witness: witness.to_string(),
        rule: rule.to_string(),
        section: section(oracle, rule),
        found: None,
        expected: Vec::new(),
        through: Vec::new(),
        alternative: None,
        text: None,
        component: None,
        peer_value: None,
        fault: message.clone(),
        message,
    }
}

/// What a peer takes where the rule stops, as the grammar sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Taken {
    /// The input ends too early.
    End,
    /// A character that is not ASCII, which no rule derives.
    NonAscii,
    /// An ASCII character no rule of the edition derives anywhere.
    Outside,
    /// One more of what came just before, past the rule's count.
    Repetition,
    /// A delimiter the edition uses elsewhere, with another meaning.
    Delimiter,
    /// A letter or digit where the rule takes other characters.
    Misplaced,
}

impl Taken {
    fn name(self) -> &'static str {
        match self {
            Taken::End => "end",
            Taken::NonAscii => "non-ascii",
            Taken::Outside => "outside",
            Taken::Repetition => "repetition",
            Taken::Delimiter => "delimiter",
            Taken::Misplaced => "misplaced",
        }
    }
}

/// Every character some rule of the grammar has in a literal or a range.
fn alphabet(grammar: &PrintedGrammar) -> Vec<(char, char)> {
    fn walk(e: &Expr, out: &mut Vec<(char, char)>) {
        match e {
            Expr::Lit(s) => out.extend(s.chars().map(|c| (c, c))),
            Expr::Range(lo, hi) => out.push((*lo, *hi)),
            Expr::Seq(items) | Expr::Alt(items) => items.iter().for_each(|i| walk(i, out)),
            Expr::Opt(item) | Expr::Rep { item, .. } => walk(item, out),
            Expr::Empty | Expr::Ref(_) => {}
        }
    }
    let mut out = Vec::new();
    for r in &grammar.rules {
        walk(&r.expr, &mut out);
    }
    out
}

/// The rules whose own text has `c` (in a literal or a range), in printed order.
fn rules_taking(grammar: &PrintedGrammar, c: char) -> Vec<&str> {
    grammar
        .rules
        .iter()
        .filter(|r| {
            let mut own = Vec::new();
            let mut stack = vec![&r.expr];
            while let Some(e) = stack.pop() {
                match e {
                    Expr::Lit(s) => own.extend(s.chars().map(|c| (c, c))),
                    Expr::Range(lo, hi) => own.push((*lo, *hi)),
                    Expr::Seq(items) | Expr::Alt(items) => stack.extend(items),
                    Expr::Opt(item) | Expr::Rep { item, .. } => stack.push(item),
                    Expr::Empty | Expr::Ref(_) => {}
                }
            }
            own.iter().any(|(lo, hi)| (*lo..=*hi).contains(&c))
        })
        .map(|r| r.name.as_str())
        .collect()
}

/// What the peer takes at byte `at` of `w`, where the rule stops.
fn taken(oracle: &Oracle<'_>, w: &str, at: usize) -> Taken {
    let Some(c) = w.get(at..).and_then(|s| s.chars().next()) else {
        return Taken::End;
    };
    let grammar = PrintedGrammar::of(oracle.edition);
    let known = alphabet(grammar)
        .iter()
        .any(|(lo, hi)| (*lo..=*hi).contains(&c));
    if !known {
        return if c.is_ascii() {
            Taken::Outside
        } else {
            Taken::NonAscii
        };
    }
    // The two characters before are of the same class, and the one found
    // could have come in their place: a repetition one too long.
    let a = oracle.graph.automaton;
    let class = |b: u8| oracle.graph.class_of.get(usize::from(b)).copied().flatten();
    let bytes = w.as_bytes();
    let same = c.is_ascii()
        && at >= 2
        && (at - 2..at).all(|i| bytes.get(i).is_some_and(|&b| class(b) == class(c as u8)));
    let again = same
        && bytes
            .get(..at - 1)
            .and_then(|p| a.state_after(p))
            .is_some_and(|s| a.is_live(a.step(s, c as u8)));
    if again {
        Taken::Repetition
    } else if c.is_ascii_alphanumeric() {
        Taken::Misplaced
    } else {
        Taken::Delimiter
    }
}

/// The peer accepts, the rule stops: where, as `report` says it, and what
/// the peer takes there, as the grammar sees it.
fn accepted(oracle: &Oracle<'_>, w: &str) -> Named {
    let (edition, rule) = (oracle.edition, oracle.rule);
    let form = Form {
        without: None,
        positions: true,
    };
    let places = automaton::automaton_of(edition, rule, &form).ok();
    let stop = places.as_ref().and_then(|a| Some((a, a.stop(w)?)));
    let Some((places, stop)) = stop else {
        let c = cause(
            oracle,
            Side::PeerAccepts,
            w,
            rule,
            format!("{rule}: not derived"),
        );
        return (format!("A|{rule}"), c);
    };
    let (state, at) = (stop.state, stop.byte_offset);
    let inner = innermost_rule(edition, rule, places, state);
    let expected = describe(edition, &places.stop_in(state));
    let found = found_at(w, at);
    let shown = if found == crate::error::FOUND_END {
        found.clone()
    } else {
        format!("{found:?}")
    };
    let words = expected_words(&expected);
    let message = format!("{inner}: found {shown}, expected {words}");
    let id = edition.info().id;
    let kind = taken(oracle, w, at);
    let fault = match kind {
        Taken::End => {
            format!("the peer takes an input that ends in {inner}, where {words} must come")
        }
        Taken::NonAscii => format!(
            "the peer takes {shown}, a character that is not ASCII, in {inner}; no rule of {id} derives one"
        ),
        Taken::Outside => {
            format!("the peer takes {shown} in {inner}; no rule of {id} derives it anywhere")
        }
        Taken::Repetition => format!(
            "the peer takes one {shown} more than {inner} allows there (a count or bound of the rule)"
        ),
        Taken::Delimiter => {
            let c = found.chars().next().unwrap_or(' ');
            let grammar = PrintedGrammar::of(edition);
            let mut users: Vec<&str> = rules_taking(grammar, c)
                .into_iter()
                .filter(|r| *r != inner)
                .collect();
            let more = if users.len() > 4 { ", …" } else { "" };
            users.truncate(4);
            format!(
                "the peer takes {shown} in {inner}, where it cannot come; {id} takes it in {}{more}, with another meaning",
                users.join(", ")
            )
        }
        Taken::Misplaced => {
            format!("the peer takes {shown} in {inner}, where only {words} can come")
        }
    };
    let expected: Vec<String> = expected.iter().map(ToString::to_string).collect();
    // One cause per rule, kind and character found: the peer takes that
    // character in that part, wherever in it.
    // A letter or digit where the rule takes others is one fault whichever
    // it is (a leading zero, a digit after an address); so is a character
    // that is not ASCII, of two bytes or four.
    let key = match kind {
        Taken::Misplaced | Taken::NonAscii => format!("A|{inner}|{}", kind.name()),
        _ => format!("A|{inner}|{}|{found}", kind.name()),
    };
    let mut c = cause(oracle, Side::PeerAccepts, w, &inner, message);
    c.found = Some(found);
    c.expected = expected;
    c.fault = fault;
    (key, c)
}

/// Both accept; the peer sees component `c` otherwise.
fn component(oracle: &Oracle<'_>, asker: &Asker<'_>, w: &str, c: Component) -> Named {
    let empty = Components::new();
    let theirs = match asker.answer(w) {
        Some(Answer::Parts(parts)) => parts,
        _ => &empty,
    };
    let peer_value = theirs.get(&c).cloned().flatten();
    let ours = differing(oracle.edition, oracle.rule, w, theirs)
        .into_iter()
        .find(|(d, _)| *d == c)
        .and_then(|(_, v)| v);
    // The outermost printed rule whose text is the component, where the
    // AST has it.
    let span = spans(oracle.edition, oracle.rule, w).and_then(|s| s.get(&c).copied().flatten());
    let rule = span
        .and_then(|(s, e)| match peg::run(oracle.edition, oracle.rule, w) {
            Ok(PestOutcome::Whole(tree)) => places(PrintedGrammar::of(oracle.edition), &tree)
                .into_iter()
                .filter(|p| p.start == s && p.end == e)
                .min_by_key(|p| p.depth)
                .map(|p| p.rule.to_string()),
            _ => None,
        })
        .unwrap_or_else(|| c.name().to_string());
    let said = |v: &Option<String>| v.as_ref().map_or("none".to_string(), |v| format!("{v:?}"));
    let message = format!(
        "{c}: the peer sees {}, {} sees {}",
        said(&peer_value),
        oracle.edition.info().id,
        said(&ours)
    );
    let mut cause = cause(oracle, Side::Component, w, &rule, message);
    cause.component = Some(c);
    cause.text = ours;
    cause.peer_value = peer_value;
    (format!("C|{c}"), cause)
}
