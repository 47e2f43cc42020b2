//! The character-class rules with their non-ASCII characters: RFC 3987's
//! `ucschar` and `iprivate`, HTTP's `obs-text`. A diagnosis names them rather
//! than listing their characters.

use super::{Expr, PrintedGrammar};
use crate::edition::PerEdition;
use crate::grammar::CharSet;

/// A class's characters: the ASCII ones, and the others as ranges of code
/// points (of byte values, in a grammar of octets) in ascending order.
pub type WideClass = (CharSet, Vec<(u32, u32)>);

impl PrintedGrammar {
    /// Every rule whose every string is one character, in printed order, with
    /// its characters: [`PrintedGrammar::char_classes`] and those with a
    /// non-ASCII character. Computed once.
    pub fn wide_classes(&self) -> &[(String, WideClass)] {
        static CLASSES: PerEdition<Vec<(String, WideClass)>> = PerEdition::new();
        CLASSES.get_or_init(self.edition, || {
            self.rules
                .iter()
                .filter_map(|r| {
                    let (set, mut wide) = self.wide_class(&r.expr, 0)?;
                    Some((r.name.clone(), (set, union(&mut wide))))
                })
                .collect()
        })
    }

    fn wide_class(&self, e: &Expr, depth: usize) -> Option<(CharSet, Vec<(u32, u32)>)> {
        if depth > 64 {
            return None;
        }
        match e {
            Expr::Lit(s) => {
                let mut chars = s.chars();
                let (Some(c), None) = (chars.next(), chars.next()) else {
                    return None;
                };
                Some(split(c, c))
            }
            Expr::Range(lo, hi) => Some(split(*lo, *hi)),
            Expr::Ref(r) => self.wide_class(&self.rule(r)?.expr, depth + 1),
            Expr::Alt(items) => {
                items
                    .iter()
                    .try_fold((CharSet::EMPTY, Vec::new()), |(set, mut wide), i| {
                        let (s, w) = self.wide_class(i, depth + 1)?;
                        wide.extend(w);
                        Some((set | s, wide))
                    })
            }
            Expr::Seq(items) if items.len() == 1 => self.wide_class(items.first()?, depth + 1),
            _ => None,
        }
    }
}

/// A range of characters as its ASCII part and the rest.
fn split(lo: char, hi: char) -> (CharSet, Vec<(u32, u32)>) {
    let (lo, hi) = (u32::from(lo), u32::from(hi));
    let set = (lo..=hi.min(0x7F))
        .filter_map(|c| u8::try_from(c).ok())
        .fold(CharSet::EMPTY, CharSet::with);
    let wide = if hi >= 0x80 {
        vec![(lo.max(0x80), hi)]
    } else {
        Vec::new()
    };
    (set, wide)
}

/// Ranges sorted and joined where they touch or overlap.
pub fn union(ranges: &mut [(u32, u32)]) -> Vec<(u32, u32)> {
    ranges.sort_unstable();
    let mut out: Vec<(u32, u32)> = Vec::new();
    for &(a, b) in ranges.iter() {
        match out.last_mut() {
            Some(last) if a <= last.1.saturating_add(1) => last.1 = last.1.max(b),
            _ => out.push((a, b)),
        }
    }
    out
}

/// The ranges of `a` without those of `b` (both sorted, disjoint).
pub fn minus(a: &[(u32, u32)], b: &[(u32, u32)]) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    for &(lo, hi) in a {
        let mut at = lo;
        for &(x, y) in b {
            if y < at || x > hi {
                continue;
            }
            if x > at {
                out.push((at, x - 1));
            }
            at = y.saturating_add(1);
            if at > hi {
                break;
            }
        }
        if at <= hi {
            out.push((at, hi));
        }
    }
    out
}

/// How many values the ranges hold.
pub fn count(ranges: &[(u32, u32)]) -> u64 {
    ranges.iter().map(|&(a, b)| u64::from(b - a) + 1).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_subtract_and_count() {
        let a = [(0xA0, 0xD7FF), (0x10000, 0x1FFFD)];
        assert_eq!(
            minus(&a, &[(0xA0, 0xA0), (0x10000, 0x2FFFD)]),
            vec![(0xA1, 0xD7FF)]
        );
        assert_eq!(minus(&a, &a), vec![]);
        assert_eq!(count(&[(0xA0, 0xA1)]), 2);
        assert_eq!(
            union(&mut [(5, 9), (1, 4), (20, 30)]),
            vec![(1, 9), (20, 30)]
        );
    }
}
