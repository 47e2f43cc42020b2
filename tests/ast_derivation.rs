//! The typed AST and the pest derivation cannot disagree: every component of
//! the AST is the text of a node of the derivation, of a rule that component
//! stands for (`host` is a `hostname` or `hostnumber`, `path` a `path`,
//! `hpath`, `fpath`…), checked on 100,000 derived URLs per edition. The few
//! components that are not one printed rule are named below with what they
//! are made of, and checked as that.

use crate::common;

use std::collections::HashSet;

use common::Seeded;
use serde_json::Value;
use urlbnf::engine::Generator;
use urlbnf::grammar::peg::{self, Node, PestOutcome};
use urlbnf::grammar::printed::PrintedGrammar;
use urlbnf::{Edition, ast};

/// The printed rules an AST field stands for.
fn rules_of(field: &str) -> &'static [&'static str] {
    match field {
        "host" => &[
            "hostname",
            "hostnumber",
            "IPv4address",
            "IP-literal",
            "reg-name",
        ],
        "cell" => &["cellname"],
        "port" => &["port"],
        "user" => &["user"],
        "password" => &["password"],
        "path" => &[
            "path",
            "hpath",
            "fpath",
            "path-abempty",
            "path-absolute",
            "path-noscheme",
            "path-rootless",
            "path-empty",
            "abs_path",
            "rel_path",
            "opaque_part",
        ],
        "authority" => &["authority"],
        "userinfo" => &["userinfo"],
        "query" => &["query"],
        "hsoname" => &["hsoname", "ppath"],
        "search" => &["search"],
        "fragment" => &["fragmentid", "fragment"],
        "gtype" => &["gtype"],
        // RFC 1630's `gcommand` is a `path`.
        "selector" => &["selector", "path"],
        "gopher_plus" => &["gopher+_string"],
        "ftptype" => &["ftptype"],
        "database" => &["database"],
        "wtype" => &["wtype"],
        "wpath" => &["wpath"],
        "length" | "article" | "digits" => &["digits"],
        "group" => &["group"],
        "part" => &["groupart", "grouppart"],
        "id" | "mailbox" => &["xalphas"],
        "address" => &["encoded822addr"],
        "addr_spec" => &["addr-spec"],
        "content_id" => &["content-identifier"],
        "attributes" => &["attribute"],
        "version" => &["version"],
        "name" => &["fieldname"],
        "value" => &["fieldvalue"],
        "urlpath" => &["urlpath"],
        "schemepart" => &["schemepart", "ip-schemepart"],
        "scheme" => &["scheme"],
        _ => &[],
    }
}

/// A component: its field name, the object it is in, and its span.
struct Component<'v> {
    field: String,
    parent: &'v serde_json::Map<String, Value>,
    start: usize,
    end: usize,
}

fn span(v: &Value) -> Option<(usize, usize)> {
    Some((
        v.get("start")?.as_u64()? as usize,
        v.get("end")?.as_u64()? as usize,
    ))
}

fn components<'v>(v: &'v Value, out: &mut Vec<Component<'v>>) {
    match v {
        Value::Object(m) => {
            for (k, child) in m {
                let items: Vec<&Value> = match child {
                    Value::Array(a) => a.iter().collect(),
                    other => vec![other],
                };
                for item in items {
                    if let Some((start, end)) = span(item) {
                        out.push(Component {
                            field: k.clone(),
                            parent: m,
                            start,
                            end,
                        });
                    }
                }
                components(child, out);
            }
        }
        Value::Array(a) => a.iter().for_each(|c| components(c, out)),
        _ => {}
    }
}

fn nodes(n: &Node, out: &mut Vec<(usize, usize, &'static str)>) {
    out.push((n.start, n.end, n.rule));
    n.children.iter().for_each(|c| nodes(c, out));
}

/// Whether a component that is not one printed rule is what it is made of.
fn composite(c: &Component<'_>, input: &str, tree: &[(usize, usize, &'static str)]) -> bool {
    let at = |i: usize| input.as_bytes().get(i).copied();
    let sibling = |name: &str| c.parent.get(name).and_then(span);
    match c.field.as_str() {
        // The scheme name is a literal of the scheme's production: the text
        // before the first ":".
        // (after `url:` in a `prefixedurl`).
        "scheme" => {
            (c.start == 0 || input.get(..c.start) == Some("url:"))
                && at(c.end) == Some(b':')
                && !input[c.start..c.end].contains(':')
        }
        // `prefixedurl`'s literal `u r l :`.
        "prefix" => c.start == 0 && input.get(c.start..c.end) == Some("url:"),
        // A path segment: the text between two "/" of its path.
        "segments" => {
            let path = c.parent;
            span(&Value::Object(path.clone())).is_some_and(|(s, e)| {
                s <= c.start
                    && c.end <= e
                    && !input[c.start..c.end].contains('/')
                    && (c.start == s || at(c.start - 1) == Some(b'/'))
                    && (c.end == e || at(c.end) == Some(b'/'))
            })
        }
        // draft-1994 and RFC 1630 `mailtoaddress`: `xalphas @ hostname`.
        "address" => sibling("mailbox")
            .zip(sibling("host"))
            .is_some_and(|((ms, me), (hs, he))| {
                c.start == ms && c.end == he && at(me) == Some(b'@') && hs == me + 1
            }),
        // draft-1993 `waisdoc` prints `digits / path` where the others have `wpath`.
        "wpath" => sibling("length").is_some_and(|(ls, le)| {
            c.start == ls
                && at(le) == Some(b'/')
                && tree
                    .iter()
                    .any(|&(s, e, r)| r == "path" && s == le + 1 && e == c.end)
        }),
        // RFC 1738 `article`: the message id, before the "@" of the host.
        "id" => tree.iter().any(|&(s, e, r)| {
            r == "article" && s == c.start && c.end < e && at(c.end) == Some(b'@')
        }),
        // The letters editions' `generic` and `uri`: `path [ ? search ]`,
        // everything after "scheme:".
        "schemepart" => {
            at(c.start.wrapping_sub(1)) == Some(b':')
                && tree
                    .iter()
                    .any(|&(s, e, r)| matches!(r, "generic" | "uri") && s == 0 && e == c.end)
        }
        _ => false,
    }
}

#[test]
#[ignore = "costly: .ci/run runs it (cargo test --test suite -- --ignored)"]
fn every_ast_component_is_the_text_of_its_rule_in_the_derivation() {
    // One thread per edition: the editions are independent.
    std::thread::scope(|s| {
        for edition in Edition::ALL {
            s.spawn(move || check_edition(edition, 100_000));
        }
    });
}

fn check_edition(edition: Edition, per_edition: usize) {
    let generator = Generator::new(edition);
    let url_rules: Vec<String> = PrintedGrammar::of(edition)
        .rules
        .iter()
        .map(|r| r.name.clone())
        .filter(|r| ast::is_url_rule(edition, r))
        .collect();
    let mut seeded = Seeded::new(0xa57 ^ common::ordinal(edition), 256);
    let mut fields = HashSet::new();
    let mut checked = 0usize;
    for i in 0..per_edition {
        let rule = &url_rules[i % url_rules.len()];
        let s = seeded.derive(&generator, rule);
        let url = ast::parse_rule(edition, rule, &s)
            .unwrap_or_else(|e| panic!("{edition} {rule}: {s:?}: {e}"));
        let Ok(PestOutcome::Whole(root)) = peg::run(edition, rule, &s) else {
            panic!("{edition} {rule}: {s:?} has no derivation");
        };
        let mut tree = Vec::new();
        nodes(&root, &mut tree);
        let json = serde_json::to_value(&url).unwrap();
        let mut parts = Vec::new();
        components(&json, &mut parts);
        for c in &parts {
            let by_rule = rules_of(&c.field)
                .iter()
                .any(|r| tree.contains(&(c.start, c.end, r)));
            assert!(
                by_rule || composite(c, &s, &tree),
                "{edition} {rule}: {s:?}: `{}` at {}..{} ({:?}) is no {:?} of the derivation",
                c.field,
                c.start,
                c.end,
                s.get(c.start..c.end),
                rules_of(&c.field)
            );
            fields.insert(c.field.clone());
            checked += 1;
        }
    }
    // Every URL has at least its scheme and one more component.
    assert!(
        checked > 2 * per_edition,
        "{edition}: only {checked} components"
    );
    assert!(
        fields.contains("host") || edition == Edition::Rfc1630Uri,
        "{edition}: {fields:?}"
    );
}
