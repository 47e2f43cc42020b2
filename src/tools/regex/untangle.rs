//! The printed rule's expression made safe for backtracking engines: each
//! part that an input could match in an unbounded number of ways is rebuilt
//! from its minimal DFA ([`unambiguous`]), and the rest keeps the printed
//! structure and the named groups.
//!
//! Why it is linear: an expression that matches each input in at most `k`
//! ways, all of whose positions can still reach the end, lets no prefix
//! reach one position in more than `k` ways, so a backtracker visits at most
//! `k × positions × (length + 1)` partial matches. Alternatives add their
//! ways; a concatenation multiplies them only when each input splits one
//! way between its parts ([`splits_two_ways`] decides it); a repetition is
//! rebuilt whole.

use regex_syntax::hir::{Capture, Hir, HirKind, Repetition};

use crate::engine::ambiguity::splits_two_ways;
use crate::engine::automaton::{Automaton, CompileError};
use crate::engine::unambiguous::unambiguous;

use super::names::lazy;

/// The rebuilt expression, and whether named groups had to keep a split
/// that some input makes two ways (the groups are never merged away): such
/// an expression is guarded by its rule's group-free one.
pub(super) struct Untangled {
    pub hir: Hir,
    pub ambiguous: bool,
}

pub(super) fn untangle(h: &Hir) -> Result<Untangled, CompileError> {
    let mut ambiguous = false;
    let hir = build(h, &mut ambiguous)?;
    Ok(Untangled { hir, ambiguous })
}

fn build(h: &Hir, ambiguous: &mut bool) -> Result<Hir, CompileError> {
    Ok(match h.kind() {
        HirKind::Empty | HirKind::Literal(_) | HirKind::Class(_) | HirKind::Look(_) => h.clone(),
        HirKind::Capture(c) => Hir::capture(Capture {
            sub: Box::new(build(&c.sub, ambiguous)?),
            ..c.clone()
        }),
        HirKind::Alternation(items) => Hir::alternation(
            items
                .iter()
                .map(|i| build(i, ambiguous))
                .collect::<Result<Vec<_>, _>>()?,
        ),
        HirKind::Concat(items) => sequence(items, ambiguous)?,
        HirKind::Repetition(_) if !has_group(h) => whole(h)?,
        // `x?` matches each input as often as `x` when `x` cannot be empty.
        HirKind::Repetition(r)
            if r.max == Some(1) && r.sub.properties().minimum_len() != Some(0) =>
        {
            Hir::repetition(Repetition {
                sub: Box::new(build(&r.sub, ambiguous)?),
                ..r.clone()
            })
        }
        HirKind::Repetition(r) => {
            // A repeated group: kept, and guarded.
            *ambiguous = true;
            Hir::repetition(Repetition {
                sub: Box::new(build(&r.sub, ambiguous)?),
                ..r.clone()
            })
        }
    })
}

/// A concatenation whose parts are kept apart where each input splits one
/// way between them, and merged into one rebuilt part where not.
fn sequence(items: &[Hir], ambiguous: &mut bool) -> Result<Hir, CompileError> {
    // Each part: the printed expression (its language) and its rebuilt form.
    let mut parts: Vec<(Hir, Hir)> = Vec::new();
    for item in items {
        let mut part = (item.clone(), build(item, ambiguous)?);
        while let Some(before) = parts.last() {
            let prefix = Hir::concat(parts.iter().map(|(p, _)| p.clone()).collect());
            let a = Automaton::from_hir(&prefix)?;
            let b = Automaton::from_hir(&part.0)?;
            if !splits_two_ways(&a, &b) {
                break;
            }
            if has_group(&before.0) || has_group(&part.0) {
                *ambiguous = true;
                break;
            }
            let Some((printed, _)) = parts.pop() else {
                break;
            };
            let joined = Hir::concat(vec![printed, part.0]);
            part = (joined.clone(), whole(&joined)?);
        }
        parts.push(part);
    }
    Ok(Hir::concat(parts.into_iter().map(|(_, r)| r).collect()))
}

/// A part rebuilt from its minimal DFA (a literal or a class is left as it
/// is). A part that was lazy (the AST's reading of an ambiguous split) stays
/// lazy.
fn whole(h: &Hir) -> Result<Hir, CompileError> {
    if matches!(
        h.kind(),
        HirKind::Empty | HirKind::Literal(_) | HirKind::Class(_)
    ) {
        return Ok(h.clone());
    }
    let rebuilt = unambiguous(&Automaton::from_hir(h)?);
    Ok(if is_lazy(h) { lazy(rebuilt) } else { rebuilt })
}

fn has_group(h: &Hir) -> bool {
    match h.kind() {
        HirKind::Capture(_) => true,
        HirKind::Repetition(r) => has_group(&r.sub),
        HirKind::Concat(items) | HirKind::Alternation(items) => items.iter().any(has_group),
        _ => false,
    }
}

fn is_lazy(h: &Hir) -> bool {
    match h.kind() {
        HirKind::Repetition(r) => !r.greedy || is_lazy(&r.sub),
        HirKind::Capture(c) => is_lazy(&c.sub),
        HirKind::Concat(items) | HirKind::Alternation(items) => items.iter().any(is_lazy),
        _ => false,
    }
}
