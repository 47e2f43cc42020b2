//! Each rule as one regular expression, in the syntax of the engines people
//! validate with: built from the printed rule's structure (the same
//! expression the automata are compiled from: rule references inlined, right
//! recursion as repetition, character-class rules as bracket expressions), and
//! matching a whole input exactly when the rule derives it (`tests/regex.rs`
//! proves the `rust` flavor equal to the rule's automaton, and runs the others
//! in their own engines).

use regex_syntax::hir::{Capture, Class, Hir, HirKind, Repetition};
use serde::Serialize;

use crate::edition::Edition;
use crate::engine::automaton::HirGrammar;
use crate::error::Error;
use crate::grammar::PrintedGrammar;

/// A regular-expression syntax.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[serde(rename_all = "lowercase")]
pub enum Flavor {
    /// Rust's `regex` crate.
    Rust,
    /// Perl, PCRE2, `grep -P`.
    Pcre,
    /// Python's `re`.
    Python,
    /// JavaScript `RegExp` (without the `u` flag) and JSON Schema `pattern`.
    Ecmascript,
    /// POSIX extended regular expressions (`grep -E`).
    Posix,
}

impl Flavor {
    /// Every flavor.
    pub const ALL: [Flavor; 5] = [
        Flavor::Rust,
        Flavor::Pcre,
        Flavor::Python,
        Flavor::Ecmascript,
        Flavor::Posix,
    ];

    /// The flavor's name on the command line.
    pub fn id(self) -> &'static str {
        match self {
            Flavor::Rust => "rust",
            Flavor::Pcre => "pcre",
            Flavor::Python => "python",
            Flavor::Ecmascript => "ecmascript",
            Flavor::Posix => "posix",
        }
    }

    /// A group that does not capture, around `inner`. POSIX has no other
    /// kind than the capturing one.
    fn group(self, inner: &str) -> String {
        match self {
            Flavor::Posix => format!("({inner})"),
            _ => format!("(?:{inner})"),
        }
    }

    /// A group named `name` (Python spells it `(?P<name>`; POSIX has no names).
    fn named(self, name: &str, inner: &str) -> String {
        match self {
            Flavor::Posix => format!("({inner})"),
            Flavor::Python => format!("(?P<{name}>{inner})"),
            _ => format!("(?<{name}>{inner})"),
        }
    }

    /// Whether the flavor names groups.
    pub fn has_names(self) -> bool {
        self != Flavor::Posix
    }

    /// Anchors that make a search match the whole input: where `$` would
    /// also match before a final line break (Perl, Python), the absolute end.
    fn anchored(self, body: &str) -> String {
        let inner = self.group(body);
        match self {
            Flavor::Rust | Flavor::Pcre => format!(r"\A{inner}\z"),
            Flavor::Python => format!(r"\A{inner}\Z"),
            Flavor::Ecmascript | Flavor::Posix => format!("^{inner}$"),
        }
    }
}

/// A rule's regular expression in one flavor.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RuleRegex {
    /// The edition.
    pub grammar: Edition,
    /// The rule, by its printed name.
    pub rule: String,
    /// The flavor.
    pub flavor: Flavor,
    /// The expression, anchored to match a whole input.
    pub pattern: String,
    /// The same without anchors, to embed in a larger expression.
    pub unanchored: String,
    /// The names of its groups, in order (see [`rule_regex`]); none in
    /// POSIX, which numbers groups only.
    pub groups: Vec<String>,
}

/// The regular expression of `rule` of `edition` in `flavor`: it matches a
/// whole input exactly when the rule derives it.
///
/// In a whole-URL rule, or a scheme's own rule, the components carry the
/// names the AST gives them ([`crate::ast::Url`]): `host`, `port`, `path`,
/// `search`... In a scheme's rule they are the names alone; in a rule with
/// several schemes each is `<production>_<name>` after the printed scheme
/// production it is in (`httpurl_host`, `ftpurl_path`), and `fragment` the
/// fragment. A match gives the parse.
///
/// ```
/// use urlbnf::Edition;
/// use urlbnf::regex::{Flavor, rule_regex};
///
/// let r = rule_regex(Edition::Rfc1738, "port", Flavor::Python).unwrap();
/// assert_eq!(r.pattern, r"\A(?:[0-9]+)\Z");
/// let http = rule_regex(Edition::Rfc1738, "httpurl", Flavor::Python).unwrap();
/// assert_eq!(http.groups, ["host", "port", "path", "search"]);
/// ```
pub fn rule_regex(edition: Edition, rule: &str, flavor: Flavor) -> Result<RuleRegex, Error> {
    let grammar = PrintedGrammar::of(edition);
    grammar.require(rule)?;
    let names = |above: &str, rule: &str| component(edition, above, rule);
    let mut hirs = if flavor.has_names() {
        HirGrammar::named(grammar, &names)
    } else {
        HirGrammar::new(grammar)
    };
    let hir = hirs.rule(rule).map_err(|e| Error::Transcription {
        edition,
        rule: Some(rule.to_string()),
        message: e.0,
    })?;
    let hir = if flavor.has_names() {
        ast_reading(edition, &hir)
    } else {
        hir
    };
    let unanchored = print(&hir, flavor);
    let mut groups = Vec::new();
    group_names(&hir, &mut groups);
    Ok(RuleRegex {
        grammar: edition,
        rule: rule.to_string(),
        flavor,
        pattern: flavor.anchored(&unanchored),
        unanchored,
        groups,
    })
}

/// The named-group policy for [`HirGrammar::named`]: which rule, reached
/// from where, is which component of the AST. States: `""` at the rule
/// asked for, `top` in the wrappers around the scheme productions (the ones
/// the AST unwraps), `in:<prefix>|<production>` on the way from a scheme
/// production to its components through the rules that only group them
/// (`hostport`, `login`...), `off` anywhere else.
fn component(edition: Edition, above: &str, rule: &str) -> (Option<String>, String) {
    let off = (None, "off".to_string());
    let production = crate::analysis::ast::scheme_kind(edition, rule).is_some();
    match above {
        "" if production => (None, format!("in:|{rule}")),
        "" | "top" if production => (None, format!("in:{rule}|{rule}")),
        "" | "top" if matches!(rule, "fragmentaddress" | "prefixedurl" | "url") => {
            (None, "top".to_string())
        }
        "top" if rule == "fragmentid" => (Some("fragment".to_string()), "off".to_string()),
        _ => {
            let Some((prefix, outer)) = above.strip_prefix("in:").and_then(|s| s.split_once('|'))
            else {
                return off;
            };
            // A production inside another (`otherurl = genericurl`) is the one
            // the AST reads; the prefix stays the outer one's, if any.
            if production {
                let prefix = if prefix.is_empty() { "" } else { rule };
                return (None, format!("in:{prefix}|{rule}"));
            }
            let Some(kind) = crate::analysis::ast::scheme_kind(edition, outer) else {
                return off;
            };
            match field(kind, rule) {
                Some(f) if prefix.is_empty() => (Some(f.to_string()), "off".to_string()),
                Some(f) => (Some(format!("{prefix}_{f}")), "off".to_string()),
                None if matches!(
                    rule,
                    "hostport"
                        | "login"
                        | "schemepart"
                        | "ip-schemepart"
                        | "groupart"
                        | "grouppart"
                        | "article"
                ) =>
                {
                    (None, above.to_string())
                }
                None => off,
            }
        }
    }
}

/// The AST's name for a printed rule in a scheme of `kind`
/// (`crate::analysis::ast::build` reads the same rules).
fn field(kind: crate::analysis::ast::Kind, rule: &str) -> Option<&'static str> {
    use crate::analysis::ast::Kind::*;
    Some(match (kind, rule) {
        (_, "host") => "host",
        (_, "port") => "port",
        (_, "user") => "user",
        (_, "password") => "password",
        (Http | Ftp | File | Afs | Generic, "path" | "hpath" | "fpath") => "path",
        (Http | Gopher | Wais | Generic, "search") => "search",
        (Generic, "scheme") => "scheme",
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
fn ast_reading(edition: Edition, h: &Hir) -> Hir {
    let lazy_group = |name: &str| {
        let field = name.rsplit('_').next().unwrap_or(name);
        match edition {
            // `hostname` and `scheme` may hold `:` (an `xalpha`), so `host [ : port ]`
            // splits `h:80` two ways and `scheme : path` `a:b:c`; the AST takes a
            // final `:` digits as the port (`hostport`), the first `:` as the
            // scheme's end.
            Edition::Draft1993 if matches!(field, "host" | "scheme") => true,
            // `hsoname` may hold `%00`: a final `%00` digits is the version
            // (`prosperolink`).
            _ => field == "hsoname",
        }
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
            let generic = |p: &str| {
                crate::analysis::ast::scheme_kind(edition, p)
                    == Some(crate::analysis::ast::Kind::Generic)
            };
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
fn lazy(h: Hir) -> Hir {
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
fn group_names(h: &Hir, out: &mut Vec<String>) {
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

/// Every rule of an edition, in printed order.
pub fn edition_regexes(edition: Edition, flavor: Flavor) -> Result<Vec<RuleRegex>, Error> {
    PrintedGrammar::of(edition)
        .rules
        .iter()
        .map(|r| rule_regex(edition, &r.name, flavor))
        .collect()
}

/// How tightly an expression binds, to know when it needs a group.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Binding {
    Alternation,
    Concat,
    Atom,
}

fn binding(h: &Hir) -> Binding {
    match h.kind() {
        // Single characters only: written as one bracket expression.
        HirKind::Alternation(items) if items.iter().all(|i| ranges_of(i).is_some()) => {
            Binding::Atom
        }
        HirKind::Alternation(_) => Binding::Alternation,
        HirKind::Concat(_) => Binding::Concat,
        HirKind::Literal(l) if l.0.len() > 1 => Binding::Concat,
        // An empty expression quantified or concatenated needs a group.
        HirKind::Empty => Binding::Concat,
        _ => Binding::Atom,
    }
}

fn print(h: &Hir, flavor: Flavor) -> String {
    let mut out = String::new();
    write(h, flavor, &mut out);
    out
}

/// `h` grouped unless it binds at least as tightly as `at_least`.
fn operand(h: &Hir, flavor: Flavor, at_least: Binding, out: &mut String) {
    if binding(h) >= at_least {
        write(h, flavor, out);
    } else {
        out.push_str(&flavor.group(&print(h, flavor)));
    }
}

fn write(h: &Hir, flavor: Flavor, out: &mut String) {
    match h.kind() {
        HirKind::Empty => {}
        HirKind::Literal(l) => {
            for &b in l.0.iter() {
                literal_byte(b, flavor, out);
            }
        }
        HirKind::Class(c) => class(&class_ranges(c), flavor, out),
        HirKind::Look(_) => {}
        HirKind::Repetition(r) => {
            operand(&r.sub, flavor, Binding::Atom, out);
            out.push_str(&match (r.min, r.max) {
                (0, None) => "*".to_string(),
                (1, None) => "+".to_string(),
                (0, Some(1)) => "?".to_string(),
                (m, None) => format!("{{{m},}}"),
                (m, Some(n)) if m == n => format!("{{{m}}}"),
                (m, Some(n)) => format!("{{{m},{n}}}"),
            });
            // Only named groups ask for lazy repetition; POSIX has neither.
            if !r.greedy && flavor != Flavor::Posix {
                out.push('?');
            }
        }
        HirKind::Capture(c) => out.push_str(&match &c.name {
            Some(name) => flavor.named(name, &print(&c.sub, flavor)),
            None => flavor.group(&print(&c.sub, flavor)),
        }),
        HirKind::Concat(items) => {
            for item in items {
                operand(item, flavor, Binding::Concat, out);
            }
        }
        HirKind::Alternation(items) => {
            // An empty alternative makes the rest optional: POSIX leaves
            // `(a|)` undefined.
            let (empty, rest): (Vec<&Hir>, Vec<&Hir>) = items
                .iter()
                .partition(|i| matches!(i.kind(), HirKind::Empty));
            // Single characters side by side (`hex = digit | "A" | ...`) are
            // one bracket expression.
            let (single, rest): (Vec<&Hir>, Vec<&Hir>) =
                rest.into_iter().partition(|i| ranges_of(i).is_some());
            let mut alternatives: Vec<String> = Vec::new();
            if single.len() > 1 {
                let mut all: Vec<(u32, u32)> = single
                    .iter()
                    .flat_map(|i| ranges_of(i).unwrap_or_default())
                    .collect();
                let mut merged = String::new();
                class(&union(&mut all), flavor, &mut merged);
                alternatives.push(merged);
            } else {
                alternatives.extend(single.iter().map(|i| print(i, flavor)));
            }
            alternatives.extend(rest.iter().map(|i| {
                let mut s = String::new();
                operand(i, flavor, Binding::Concat, &mut s);
                s
            }));
            if empty.is_empty() {
                out.push_str(&alternatives.join("|"));
            } else {
                out.push_str(&flavor.group(&alternatives.join("|")));
                out.push('?');
            }
        }
    }
}

/// A byte outside a bracket expression.
fn literal_byte(b: u8, flavor: Flavor, out: &mut String) {
    let c = char::from(b);
    match c {
        '\\' | '.' | '+' | '*' | '?' | '(' | ')' | '|' | '[' | ']' | '{' | '}' | '^' | '$' => {
            out.push('\\');
            out.push(c);
        }
        // Perl and PCRE read `#` and whitespace literally without /x; `/`
        // needs no escape in these flavors' strings.
        _ if c.is_ascii_graphic() || c == ' ' => out.push(c),
        _ => hex(b, flavor, out),
    }
}

/// A byte no flavor shows as itself: `\xHH` (POSIX has no escape: the byte).
fn hex(b: u8, flavor: Flavor, out: &mut String) {
    match flavor {
        Flavor::Posix => out.push(char::from(b)),
        _ => out.push_str(&format!("\\x{b:02X}")),
    }
}

/// The characters of an expression that is one character: a class or a
/// one-byte literal.
fn ranges_of(h: &Hir) -> Option<Vec<(u32, u32)>> {
    match h.kind() {
        HirKind::Class(c) => Some(class_ranges(c)),
        HirKind::Literal(l) => match *l.0 {
            [b] => Some(vec![(u32::from(b), u32::from(b))]),
            _ => None,
        },
        _ => None,
    }
}

fn class_ranges(c: &Class) -> Vec<(u32, u32)> {
    match c {
        Class::Unicode(u) => u
            .ranges()
            .iter()
            .map(|r| (u32::from(r.start()), u32::from(r.end())))
            .collect(),
        Class::Bytes(b) => b
            .ranges()
            .iter()
            .map(|r| (u32::from(r.start()), u32::from(r.end())))
            .collect(),
    }
}

/// Ranges sorted and joined where they touch or overlap.
fn union(ranges: &mut [(u32, u32)]) -> Vec<(u32, u32)> {
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

/// A character class as a bracket expression of ASCII ranges.
fn class(ranges: &[(u32, u32)], flavor: Flavor, out: &mut String) {
    // One byte is a literal.
    if let [(a, b)] = ranges
        && a == b
        && let Ok(byte) = u8::try_from(*a)
    {
        literal_byte(byte, flavor, out);
        return;
    }
    out.push('[');
    match flavor {
        // POSIX brackets have no escapes: `]` first, `-` last, `^` not first.
        Flavor::Posix => {
            let has = |ch: u32| ranges.iter().any(|&(a, b)| a <= ch && ch <= b);
            let specials = [u32::from(b']'), u32::from(b'-'), u32::from(b'^')];
            if has(specials[0]) {
                out.push(']');
            }
            for &(a, b) in ranges {
                for (lo, hi) in split_out(a, b, &specials) {
                    range(lo, hi, flavor, out);
                }
            }
            if has(specials[2]) {
                out.push('^');
            }
            if has(specials[1]) {
                out.push('-');
            }
        }
        _ => {
            for &(a, b) in ranges {
                range(a, b, flavor, out);
            }
        }
    }
    out.push(']');
}

/// The range `a..=b` without the characters `out`.
fn split_out(a: u32, b: u32, out: &[u32]) -> Vec<(u32, u32)> {
    let mut pieces = vec![(a, b)];
    for &x in out {
        pieces = pieces
            .into_iter()
            .flat_map(|(lo, hi)| {
                if x < lo || x > hi {
                    vec![(lo, hi)]
                } else {
                    let mut v = Vec::new();
                    if lo < x {
                        v.push((lo, x - 1));
                    }
                    if x < hi {
                        v.push((x + 1, hi));
                    }
                    v
                }
            })
            .collect();
    }
    pieces
}

fn range(a: u32, b: u32, flavor: Flavor, out: &mut String) {
    class_char(a, flavor, out);
    if b > a {
        if b > a + 1 {
            out.push('-');
        }
        class_char(b, flavor, out);
    }
}

/// A character inside a bracket expression.
fn class_char(c: u32, flavor: Flavor, out: &mut String) {
    let Ok(b) = u8::try_from(c) else {
        out.push_str(&format!("\\x{{{c:X}}}"));
        return;
    };
    let ch = char::from(b);
    match (flavor, ch) {
        (Flavor::Posix, _) if ch.is_ascii_graphic() || ch == ' ' => out.push(ch),
        (_, '\\' | ']' | '[' | '^' | '-') => {
            out.push('\\');
            out.push(ch);
        }
        _ if ch.is_ascii_graphic() || ch == ' ' => out.push(ch),
        _ => hex(b, flavor, out),
    }
}
