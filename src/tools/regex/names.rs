//! Named groups: which printed rule is which component of the AST, and,
//! where the printed grammar derives an input two ways, the AST's reading.

use regex_syntax::hir::{Capture, Hir, HirKind, Repetition};

use crate::edition::Edition;
use crate::verdicts::ast::{Kind, scheme_kind};

/// The named-group policy for [`HirGrammar::named`]: which rule, reached
/// from where, is which component of the AST. States: `""` at the rule
/// asked for, `top` in the wrappers around the scheme productions (the ones
/// the AST unwraps), `in:<prefix>|<production>` on the way from a scheme
/// production to its components through the rules that only group them
/// (`hostport`, `login`...), `off` anywhere else.
pub(super) fn component(edition: Edition, above: &str, rule: &str) -> (Option<String>, String) {
    let off = (None, "off".to_string());
    let production = scheme_kind(edition, rule).is_some();
    // Group names hold no "-" (`relative-ref` names as `relative_ref`).
    let stem = rule.replace('-', "_");
    match above {
        // The later editions' `URI-reference` is a choice of references: it
        // wraps them as `url` wraps the schemes, each naming its own groups.
        "" if rule == "URI-reference" => (None, "top".to_string()),
        "" if production => (None, format!("in:|{rule}")),
        "" | "top" if production => (None, format!("in:{stem}|{rule}")),
        "" | "top" if matches!(rule, "fragmentaddress" | "prefixedurl" | "url") => {
            (None, "top".to_string())
        }
        "top" if matches!(rule, "fragmentid" | "fragment") => {
            (Some("fragment".to_string()), "off".to_string())
        }
        _ => {
            let Some((prefix, outer)) = above.strip_prefix("in:").and_then(|s| s.split_once('|'))
            else {
                return off;
            };
            // A production inside another (`otherurl = genericurl`) is the one
            // the AST reads; the prefix stays the outer one's, if any.
            if production {
                let prefix = if prefix.is_empty() { "" } else { &stem };
                return (None, format!("in:{prefix}|{rule}"));
            }
            let Some(kind) = scheme_kind(edition, outer) else {
                return off;
            };
            // The later editions' paths are alternatives of one another, and
            // RFC 2396's `abs_path` comes alone or after `net_path`'s authority:
            // each is named by its rule (`abempty_path`, `net_abs_path`).
            let prefix = match (kind, rule) {
                (Kind::Uri, "net_path") => join(prefix, "net"),
                (Kind::Uri, _) if field(kind, rule) == Some("path") => join(
                    prefix,
                    rule.trim_start_matches("path-")
                        .trim_end_matches("_path")
                        .trim_end_matches("_part"),
                ),
                _ => prefix.to_string(),
            };
            match field(kind, rule) {
                Some(f) if prefix.is_empty() => (Some(f.to_string()), "off".to_string()),
                Some(f) => (Some(format!("{prefix}_{f}")), "off".to_string()),
                None if rule == "net_path" => (None, format!("in:{prefix}|{outer}")),
                None if matches!(
                    rule,
                    "hostport"
                        | "login"
                        | "schemepart"
                        | "ip-schemepart"
                        | "groupart"
                        | "grouppart"
                        | "article"
                        // The later editions' grouping rules.
                        | "hier-part"
                        | "relative-part"
                        | "authority"
                        | "hier_part"
                        | "net_path"
                        | "server"
                ) =>
                {
                    (None, above.to_string())
                }
                None => off,
            }
        }
    }
}

/// Two parts of a group name, `_` between them where both are there.
fn join(a: &str, b: &str) -> String {
    match (a.is_empty(), b.is_empty()) {
        (true, _) => b.to_string(),
        (_, true) => a.to_string(),
        _ => format!("{a}_{b}"),
    }
}

/// The AST's name for a printed rule in a scheme of `kind`
/// (`crate::verdicts::ast::build` reads the same rules).
fn field(kind: Kind, rule: &str) -> Option<&'static str> {
    use Kind::*;
    Some(match (kind, rule) {
        (_, "host") => "host",
        (_, "port") => "port",
        (_, "user") => "user",
        (_, "password") => "password",
        (Http | Ftp | File | Afs | Generic, "path" | "hpath" | "fpath") => "path",
        (Http | Gopher | Wais | Generic, "search") => "search",
        (Generic | Uri, "scheme") => "scheme",
        (Uri, "userinfo") => "userinfo",
        (
            Uri,
            "path-abempty" | "path-absolute" | "path-noscheme" | "path-rootless" | "path-empty"
            | "abs_path" | "rel_path" | "opaque_part",
        ) => "path",
        (Uri, "query") => "query",
        (Uri, "fragment") => "fragment",
        (Generic, "urlpath") => "urlpath",
        (Ftp, "ftptype") => "ftptype",
        (Gopher, "gtype") => "gtype",
        (Gopher, "selector" | "gcommand") => "selector",
        (News | Nntp, "group") => "group",
        (Wais, "database") => "database",
        (Afs, "cellname") => "cell",
        (Prospero, "hsoname" | "ppath") => "hsoname",
        (Prospero, "version") => "version",
        (Prospero, "attributes") => "attributes",
        (Mailto, "xalphas") => "mailbox",
        (Mailto, "hostname") => "host",
        _ => return None,
    })
}

/// The named groups as the AST reads an ambiguous input, where the printed
/// grammar derives it two ways (`grammar/*.pest` marks each such PEG
/// rewrite). The language stays the same; only which way a match goes.
pub(super) fn ast_reading(edition: Edition, h: &Hir) -> Hir {
    let lazy_group = |name: &str| {
        let field = name.rsplit('_').next().unwrap_or(name);
        // The edition's descriptor names its components read as short as they
        // can be (draft-1993: `hostname` and `scheme` may hold `:`, an
        // `xalpha`, so `host [ : port ]` splits `h:80` two ways; the AST takes a
        // final `:` digits as the port, the first `:` as the scheme's end).
        // `hsoname` may hold `%00` in every edition: a final `%00` digits is
        // the version (`prosperolink`).
        edition.descriptor().lazy_groups.contains(&field) || field == "hsoname"
    };
    rebuild(h, &|n| match n.kind() {
        // A lazy group takes the AST's split.
        HirKind::Capture(c) if c.name.as_deref().is_some_and(lazy_group) => lazy(n),
        HirKind::Alternation(items) => {
            // The generic production derives every scheme's text: the AST tries
            // it after the schemes' own (draft-1993 `url`). Where one
            // alternative has a host and another does not, the one with the host
            // first: a news article before a group that reads the same text
            // (`groupart`), `ip-schemepart` before `*xchar` (RFC 1738 `schemepart`).
            let names: Vec<Vec<String>> = items
                .iter()
                .map(|i| {
                    let mut v = Vec::new();
                    group_names(i, &mut v);
                    v
                })
                .collect();
            let production = |n: &String| n.split_once('_').map(|(p, _)| p.to_string());
            let generic = |p: &str| scheme_kind(edition, p) == Some(Kind::Generic);
            let specific = names
                .iter()
                .flatten()
                .filter_map(production)
                .any(|p| !generic(&p));
            let priority = |v: &Vec<String>| {
                let all_generic =
                    !v.is_empty() && v.iter().filter_map(production).all(|p| generic(&p));
                if specific && all_generic {
                    2
                } else if v.iter().any(|n| n == "host" || n.ends_with("_host")) {
                    0
                } else {
                    1
                }
            };
            let mut order: Vec<(usize, &Hir)> =
                names.iter().map(priority).zip(items.iter()).collect();
            order.sort_by_key(|(p, _)| *p);
            Hir::alternation(order.into_iter().map(|(_, i)| i.clone()).collect())
        }
        _ => n,
    })
}

/// `h` with every repetition and option lazy: the shortest that lets the
/// rest match.
pub(super) fn lazy(h: Hir) -> Hir {
    rebuild(&h, &|r| match r.kind() {
        HirKind::Repetition(rep) => Hir::repetition(Repetition {
            greedy: false,
            ..rep.clone()
        }),
        // `void | x`, an option too.
        HirKind::Alternation(items) if items.iter().any(|i| i.kind() == &HirKind::Empty) => {
            Hir::repetition(Repetition {
                min: 0,
                max: Some(1),
                greedy: false,
                sub: Box::new(Hir::alternation(
                    items
                        .iter()
                        .filter(|i| i.kind() != &HirKind::Empty)
                        .cloned()
                        .collect(),
                )),
            })
        }
        _ => r,
    })
}

/// `h` with `f` applied to each node, children first.
fn rebuild(h: &Hir, f: &dyn Fn(Hir) -> Hir) -> Hir {
    let node = match h.kind() {
        HirKind::Capture(c) => Hir::capture(Capture {
            sub: Box::new(rebuild(&c.sub, f)),
            ..c.clone()
        }),
        HirKind::Repetition(r) => Hir::repetition(Repetition {
            sub: Box::new(rebuild(&r.sub, f)),
            ..r.clone()
        }),
        HirKind::Concat(items) => Hir::concat(items.iter().map(|i| rebuild(i, f)).collect()),
        HirKind::Alternation(items) => {
            Hir::alternation(items.iter().map(|i| rebuild(i, f)).collect())
        }
        _ => h.clone(),
    };
    f(node)
}

/// The names of `h`'s groups, in order.
pub(super) fn group_names(h: &Hir, out: &mut Vec<String>) {
    match h.kind() {
        HirKind::Capture(c) => {
            if let Some(name) = &c.name {
                out.push(name.to_string());
            }
            group_names(&c.sub, out);
        }
        HirKind::Repetition(r) => group_names(&r.sub, out),
        HirKind::Concat(items) | HirKind::Alternation(items) => {
            items.iter().for_each(|i| group_names(i, out))
        }
        _ => {}
    }
}
