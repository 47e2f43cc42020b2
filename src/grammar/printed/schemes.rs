//! The scheme rules of a printed grammar, read from its structure alone: an
//! alternative of a rule whose strings all start with the same literal text
//! up to a `:` is a scheme's rule (`httpurl`, whose strings start `http:`).
//! The analyses build the known-scheme reading on these
//! ([`known`](crate::known)); the build script reads them too
//! (`src/build.rs`), to compile the rule without its catch-all ahead.

use super::{Expr, PrintedGrammar};

/// An alternative that is a scheme's own rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SchemeRule {
    /// The scheme, as the rule spells it: `http`.
    pub scheme: String,
    /// Its rule: `httpurl`.
    pub rule: String,
    /// The scheme and its colon: `http:`.
    pub prefix: String,
}

/// A rule whose alternatives are scheme rules and one catch-all for new
/// schemes (RFC 1738's `url` and `otherurl`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CatchAllRule {
    /// The rule whose alternatives are the schemes: `url`.
    pub rule: String,
    /// The alternative with no scheme of its own: `otherurl`.
    pub catch_all: String,
    /// The alternatives with a scheme of their own, in printed order.
    pub schemes: Vec<SchemeRule>,
}

impl PrintedGrammar {
    /// A rule's alternatives when all are rules: those with a scheme of their
    /// own, and the others.
    pub fn scheme_alternatives(&self, e: &Expr) -> Option<(Vec<SchemeRule>, Vec<String>)> {
        let Expr::Alt(items) = e else {
            return None;
        };
        let mut schemes = Vec::new();
        let mut others = Vec::new();
        for item in items {
            let Expr::Ref(name) = item else { return None };
            let (prefix, _) = self.literal_prefix(item, 0);
            match prefix.find(':').and_then(|i| prefix.get(..=i)) {
                Some(p) if p.len() > 1 => schemes.push(SchemeRule {
                    scheme: p.trim_end_matches(':').to_string(),
                    rule: name.clone(),
                    prefix: p.to_string(),
                }),
                _ => others.push(name.clone()),
            }
        }
        Some((schemes, others))
    }

    /// The scheme rule with a catch-all: the first rule, in printed order,
    /// whose alternatives are rules, at least two of them with a scheme of
    /// their own and exactly one without.
    pub fn catch_all_rule(&self) -> Option<CatchAllRule> {
        self.rules.iter().find_map(|rule| {
            let (schemes, others) = self.scheme_alternatives(&rule.expr)?;
            let [catch_all] = others.as_slice() else {
                return None;
            };
            (schemes.len() >= 2).then(|| CatchAllRule {
                rule: rule.name.clone(),
                catch_all: catch_all.clone(),
                schemes,
            })
        })
    }

    /// Whether `rule` is `target`, or starts with it (draft-1993
    /// `fragmentaddress = url [ # fragmentid ]`): an input's scheme is then
    /// `target`'s.
    pub fn starts_with_rule(&self, rule: &str, target: &str) -> bool {
        let mut name = rule;
        for _ in 0..self.rules.len() {
            if name == target {
                return true;
            }
            let first = match self.rule(name).map(|r| &r.expr) {
                Some(Expr::Ref(r)) => r,
                Some(Expr::Seq(items)) => match items.first() {
                    Some(Expr::Ref(r))
                        if !items.iter().skip(1).any(|i| i.refs().contains(&r.as_str())) =>
                    {
                        r
                    }
                    _ => return false,
                },
                _ => return false,
            };
            name = first;
        }
        false
    }

    /// The text every string of `e` starts with, and whether `e` derives that
    /// text alone.
    pub fn literal_prefix(&self, e: &Expr, depth: usize) -> (String, bool) {
        if depth > 64 {
            return (String::new(), false);
        }
        match e {
            Expr::Empty => (String::new(), true),
            Expr::Lit(s) => (s.clone(), true),
            Expr::Ref(r) => self.rule(r).map_or((String::new(), false), |r| {
                self.literal_prefix(&r.expr, depth + 1)
            }),
            Expr::Seq(items) => {
                let mut out = String::new();
                for item in items {
                    let (p, whole) = self.literal_prefix(item, depth + 1);
                    out.push_str(&p);
                    if !whole {
                        return (out, false);
                    }
                }
                (out, true)
            }
            Expr::Alt(items) => {
                let mut all = items.iter();
                let Some(first) = all.next() else {
                    return (String::new(), false);
                };
                let (mut common, mut whole) = self.literal_prefix(first, depth + 1);
                for item in all {
                    // Nothing in common: no later alternative can change
                    // that, and reading them is what made this costly.
                    if common.is_empty() && !whole {
                        break;
                    }
                    let (b, bw) = self.literal_prefix(item, depth + 1);
                    whole = whole && bw && common == b;
                    let same = common
                        .char_indices()
                        .zip(b.chars())
                        .find(|((_, x), y)| x != y)
                        .map(|((i, _), _)| i);
                    let kept = same.unwrap_or(common.len().min(b.len()));
                    common.truncate(kept);
                }
                (common, whole)
            }
            Expr::Opt(_) | Expr::Rep { .. } | Expr::Range(..) => (String::new(), false),
        }
    }
}
