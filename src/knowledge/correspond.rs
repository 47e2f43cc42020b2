//! Which rules of editions are one concept: renamed (`httpaddress` is
//! `httpurl`) or split (RFC 1738's `hsegment`, `fsegment` and `psegment` from
//! `segment`), as each edition's descriptor says (`[renames]`, `[splits]`,
//! `new` in `grammar/<id>.toml`), keyed by edition and rule. A rule continues
//! the rules of its name, or of the names it declares it had, in the nearest
//! editions before it (along `follows`) that print them, unless its edition
//! lists it as `new`; one concept is every rule so linked. Rules of one name
//! in editions on different lines (RFC 1630's generic syntax and the drafts)
//! are one concept too, unless an edition declared one of them `new`. Both
//! the diff and the causes of its witnesses follow these.

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::edition::Edition;
use crate::grammar::PrintedGrammar;

/// A rule of an edition.
type Node = (Edition, String);

/// Every printed rule's concept: an id shared by the rules linked to it.
struct Concepts {
    of: HashMap<Node, usize>,
    /// Concepts that start at a rule an edition declared `new`: they share
    /// no name with rules outside them.
    fresh: Vec<usize>,
}

/// Whether `edition` prints `rule`.
fn prints(edition: Edition, rule: &str) -> bool {
    PrintedGrammar::of(edition).rule(rule).is_some()
}

/// The nearest editions before `edition` (along `follows`) that print `rule`:
/// on each line back, the first that does.
fn nearest(edition: Edition, rule: &str) -> Vec<Edition> {
    let mut out = Vec::new();
    let mut seen = vec![edition];
    let mut todo: Vec<Edition> = edition.descriptor().follows.to_vec();
    while let Some(e) = todo.pop() {
        if seen.contains(&e) {
            continue;
        }
        seen.push(e);
        if prints(e, rule) {
            out.push(e);
        } else {
            todo.extend(e.descriptor().follows);
        }
    }
    out
}

/// The editions before `edition`, along `follows`.
fn ancestors(edition: Edition) -> Vec<Edition> {
    let mut out: Vec<Edition> = Vec::new();
    let mut todo: Vec<Edition> = edition.descriptor().follows.to_vec();
    while let Some(e) = todo.pop() {
        if !out.contains(&e) {
            out.push(e);
            todo.extend(e.descriptor().follows);
        }
    }
    out
}

fn root(parent: &mut [usize], mut i: usize) -> usize {
    while let Some(&p) = parent.get(i) {
        if p == i {
            break;
        }
        i = p;
    }
    i
}

fn concepts() -> &'static Concepts {
    static ALL: OnceLock<Concepts> = OnceLock::new();
    ALL.get_or_init(|| {
        let mut index: HashMap<Node, usize> = HashMap::new();
        for e in Edition::ALL {
            for r in &PrintedGrammar::of(e).rules {
                let n = index.len();
                index.entry((e, r.name.clone())).or_insert(n);
            }
        }
        let mut parent: Vec<usize> = (0..index.len()).collect();
        let mut link = |a: &Node, b: &Node| {
            if let (Some(&x), Some(&y)) = (index.get(a), index.get(b)) {
                let (x, y) = (root(&mut parent, x), root(&mut parent, y));
                if let Some(p) = parent.get_mut(x) {
                    *p = y;
                }
            }
        };
        for e in Edition::ALL {
            let d = e.descriptor();
            for r in &PrintedGrammar::of(e).rules {
                let node = (e, r.name.clone());
                if !d.new.contains(&r.name.as_str()) {
                    for before in nearest(e, &r.name) {
                        link(&node, &(before, r.name.clone()));
                    }
                }
                let olds = d.renames.iter().filter(|(n, _)| *n == r.name);
                for old in olds.flat_map(|(_, olds)| olds.iter()) {
                    for before in nearest(e, old) {
                        link(&node, &(before, old.to_string()));
                    }
                }
            }
        }
        let of: HashMap<Node, usize> = index
            .iter()
            .map(|(node, &i)| (node.clone(), root(&mut parent, i)))
            .collect();
        let fresh = of
            .iter()
            .filter(|((e, rule), _)| e.descriptor().new.contains(&rule.as_str()))
            .map(|(_, &c)| c)
            .collect();
        Concepts { of, fresh }
    })
}

/// A grammar file's own `%renames`: `to`'s rule that renames `name`, or
/// the rule of `to` that `from`'s rule `name` renames; only where `to` does
/// not print `name` itself.
fn file_rename(from: Edition, name: &str, to: &PrintedGrammar) -> Option<String> {
    if to.rule(name).is_some() {
        return None;
    }
    let printed = |n: &str| to.rule(n).map(|r| r.name.clone());
    let ahead = to
        .renames
        .iter()
        .find(|(_, olds)| olds.iter().any(|o| o == name))
        .and_then(|(new, _)| printed(new));
    ahead.or_else(|| {
        PrintedGrammar::of(from)
            .renames
            .iter()
            .filter(|(new, _)| new == name)
            .flat_map(|(_, olds)| olds.iter())
            .find_map(|o| printed(o))
    })
}

fn concept(edition: Edition, rule: &str) -> Option<usize> {
    concepts().of.get(&(edition, rule.to_string())).copied()
}

/// The rule of `to` that is one concept with `from`'s rule `name`: its own
/// name where `to` prints it (as the same concept, or neither is one an
/// edition declared `new`), else the first rule of `to`, in printed order,
/// linked to it. (`pub` in this crate-private module: the tests reach it
/// through `diff`'s re-export under `internals`.)
#[doc(hidden)]
pub fn counterpart(from: Edition, name: &str, to: &PrintedGrammar) -> Option<String> {
    if let Some(renamed) = file_rename(from, name, to) {
        return Some(renamed);
    }
    let Some(id) = concept(from, name) else {
        // A name `from` does not print: the same name, if `to` prints it.
        return to.rule(name).map(|r| r.name.clone());
    };
    if to.rule(name).is_some() {
        let other = concept(to.edition, name);
        let fresh = |c: Option<usize>| c.is_some_and(|c| concepts().fresh.contains(&c));
        if other == Some(id) || !fresh(Some(id)) && !fresh(other) {
            return Some(name.to_string());
        }
    }
    to.rules
        .iter()
        .find(|r| concept(to.edition, &r.name) == Some(id))
        .map(|r| r.name.clone())
}

/// The rule of `to` that `from`'s rule `name` was split out of, when `to`
/// has no counterpart of it: the whole of a split that `from` or an edition
/// before it declares. A rule linked to rules of other names follows those
/// only (`ppath` is prospero's `hsoname`, not the `path` of an edition
/// without prospero). (`pub` for the tests, as [`counterpart`].)
#[doc(hidden)]
pub fn split_whole(from: Edition, name: &str, to: &PrintedGrammar) -> Option<String> {
    let id = concept(from, name);
    let renamed = concepts()
        .of
        .iter()
        .any(|((_, rule), c)| Some(*c) == id && rule != name);
    if renamed {
        return None;
    }
    std::iter::once(from)
        .chain(ancestors(from))
        .flat_map(|e| e.descriptor().splits.iter())
        .find(|(whole, parts)| parts.contains(&name) && to.rule(whole).is_some())
        .map(|(whole, _)| whole.to_string())
}

/// The rules an edition split out of `whole`, if one did.
pub(crate) fn split_parts(whole: &str) -> &'static [&'static str] {
    Edition::ALL
        .iter()
        .flat_map(|e| e.descriptor().splits.iter())
        .find(|(w, _)| *w == whole)
        .map_or(&[], |(_, parts)| parts)
}

/// The rule in `to` that stands for `from`'s rule `name`: its counterpart, or
/// the whole it was split out of.
pub(crate) fn stands_for(from: Edition, name: &str, to: &PrintedGrammar) -> Option<String> {
    counterpart(from, name, to).or_else(|| split_whole(from, name, to))
}
