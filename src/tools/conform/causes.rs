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
use crate::grammar::printed::Notation;
use crate::grammar::{Expr, Node, PestOutcome, PrintedGrammar, peg};
use crate::knowledge::gloss;
use crate::tools::report::innermost_rule;
use crate::verdicts::diagnosis::{describe, expected_words};

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
                let (_, _, at) = oracle.graph.automaton.stop_point(w)?;
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
    let stop = places.as_ref().and_then(|a| Some((a, a.stop_point(w)?)));
    let Some((places, (state, _, at))) = stop else {
        let c = cause(
            oracle,
            Side::PeerAccepts,
            w,
            rule,
            format!("{rule}: not derived"),
        );
        return (format!("A|{rule}"), c);
    };
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

/// A printed rule's node in a derivation: its depth, span, rule, and the
/// rules from the root down to it.
struct Place {
    /// The place of the rule above it, by index.
    parent: Option<usize>,
    depth: usize,
    start: usize,
    end: usize,
    rule: &'static str,
    through: Vec<&'static str>,
}

/// The strings asked about a refused witness.
struct Probes {
    places: Vec<Place>,
    /// Per place (but the root): its text replaced by its rule's shortest.
    replaced: Vec<Option<String>>,
    /// Per letter: its position and the witness with it in the other case.
    flipped: Vec<(usize, String)>,
    /// Per character: its position and the witness without it.
    deleted: Vec<(usize, String)>,
}

impl Probes {
    fn of(oracle: &Oracle<'_>, shortest: &HashMap<String, String>, w: &str) -> Probes {
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

    fn inputs(&self) -> Vec<String> {
        let replaced = self.replaced.iter().flatten().cloned();
        let flipped = self.flipped.iter().map(|(_, s)| s.clone());
        let deleted = self.deleted.iter().map(|(_, s)| s.clone());
        replaced.chain(flipped).chain(deleted).collect()
    }
}

/// The printed rules of a derivation (PEG helpers and character classes
/// left out), root first.
fn places(grammar: &PrintedGrammar, tree: &Node) -> Vec<Place> {
    let mut out = Vec::new();
    let mut stack = vec![(tree, 0usize, Vec::new(), None)];
    while let Some((node, depth, mut through, mut parent)) = stack.pop() {
        let printed = node.pest_rule.is_none() && grammar.char_class(node.rule).is_none();
        if printed {
            through.push(node.rule);
            out.push(Place {
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

fn accepts(asker: &Asker<'_>, s: &str) -> bool {
    asker.answer(s).is_some_and(Answer::accepts)
}

/// The peer rejects what the rule derives: the part it refuses.
fn refused(oracle: &Oracle<'_>, asker: &Asker<'_>, w: &str, p: &Probes) -> Named {
    let rule = oracle.rule;
    let deepest = |fits: &dyn Fn(&Place) -> bool| {
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
