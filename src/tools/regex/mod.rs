//! Each rule as one regular expression, in the syntax of the engines people
//! validate with: built from the printed rule's structure (the same
//! expression the automata are compiled from: rule references inlined, right
//! recursion as repetition, character-class rules as bracket expressions), and
//! matching a whole input exactly when the rule derives it (`tests/regex.rs`
//! proves the `rust` flavor equal to the rule's automaton, and runs the others
//! in their own engines).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use regex_syntax::hir::Hir;
use serde::Serialize;

use crate::edition::Edition;
use crate::engine::automaton::{CompileError, HirGrammar};
use crate::error::Error;
use crate::grammar::PrintedGrammar;

mod names;
mod print;
mod untangle;

use names::{ast_reading, component, group_names};
use print::print;
use untangle::untangle;

/// A regular-expression syntax.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
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
    ///
    /// ```
    /// use urlbnf::regex::Flavor;
    /// assert_eq!(Flavor::Ecmascript.id(), "ecmascript");
    /// ```
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
    ///
    /// ```
    /// use urlbnf::regex::Flavor;
    /// assert!(Flavor::Python.has_names());
    /// assert!(!Flavor::Posix.has_names());
    /// ```
    pub fn has_names(self) -> bool {
        self != Flavor::Posix
    }

    /// Whether the engine tries one way to match after another (and so needs
    /// an expression that matches each input one way to run in linear time).
    ///
    /// ```
    /// use urlbnf::regex::Flavor;
    /// assert!(Flavor::Python.backtracks());
    /// assert!(!Flavor::Rust.backtracks());
    /// ```
    pub fn backtracks(self) -> bool {
        matches!(self, Flavor::Pcre | Flavor::Python | Flavor::Ecmascript)
    }

    /// `body` anchored behind a lookahead that requires `guard` to match the
    /// whole input first.
    fn guarded(self, guard: &str, body: &str) -> String {
        let end = match self {
            Flavor::Rust | Flavor::Pcre => r"\z",
            Flavor::Python => r"\Z",
            Flavor::Ecmascript | Flavor::Posix => "$",
        };
        let start = if end == "$" { "^" } else { r"\A" };
        format!("{start}(?=(?:{guard}){end})(?:{body}){end}")
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
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct RuleRegex {
    /// The edition.
    #[serde(rename = "grammar")]
    pub edition: Edition,
    /// The rule, by its printed name.
    pub rule: String,
    /// The flavor.
    pub flavor: Flavor,
    /// The expression, anchored to match a whole input.
    pub pattern: String,
    /// The expression without anchors, to embed in a larger one. Where
    /// `pattern` is guarded (see [`rule_regex`]) this is the body alone: its
    /// time in a backtracking engine then depends on what it is embedded in.
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
/// In every flavor the expression decides an input in time linear in its
/// length, backtracking engines included: parts an input could match in
/// unboundedly many ways are rebuilt from their minimal DFA so that they
/// match each input one way. Where named groups keep a split that some input
/// makes two ways, the `pcre`, `python` and `ecmascript` patterns first
/// require, in a lookahead, the rule's group-free expression to match the
/// whole input.
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
    let shapes = shapes(edition, rule, flavor.has_names())?;
    let unanchored = print(&shapes.body, flavor);
    let mut groups = Vec::new();
    group_names(&shapes.body, &mut groups);
    // Where named groups keep a split some input makes two ways, a
    // backtracking engine first asks the rule's group-free expression whether
    // the whole input is derived: an input that is not is refused in linear
    // time.
    let pattern = match &shapes.guard {
        Some(guard) if flavor.backtracks() => flavor.guarded(&print(guard, flavor), &unanchored),
        _ => flavor.anchored(&unanchored),
    };
    Ok(RuleRegex {
        edition,
        rule: rule.to_string(),
        flavor,
        pattern,
        unanchored,
        groups,
    })
}

/// A rule's expression in every flavor's terms: the body (with named groups
/// or without) and, where the body keeps an ambiguous split, the group-free
/// guard.
struct Shapes {
    body: Hir,
    guard: Option<Hir>,
}

/// The shapes of a rule, built once (rebuilding parts from their DFAs is the
/// costly step) and shared by every flavor.
fn shapes(edition: Edition, rule: &str, named: bool) -> Result<Arc<Shapes>, Error> {
    type Cache = Mutex<HashMap<(Edition, String, bool), Arc<Shapes>>>;
    static SHAPES: OnceLock<Cache> = OnceLock::new();
    let key = (edition, rule.to_string(), named);
    let cache = SHAPES.get_or_init(Default::default);
    if let Some(done) = cache
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .get(&key)
    {
        return Ok(done.clone());
    }
    let grammar = PrintedGrammar::of(edition);
    grammar.require(rule)?;
    let transcription = |e: CompileError| Error::Transcription {
        edition,
        rule: Some(rule.to_string()),
        message: e.0,
    };
    let plain = || {
        HirGrammar::new(grammar)
            .rule(rule)
            .and_then(|h| untangle(&h))
            .map_err(transcription)
    };
    let done = if named {
        let names = |above: &str, rule: &str| component(edition, above, rule);
        let hir = HirGrammar::named(grammar, &names)
            .rule(rule)
            .map_err(transcription)?;
        let untangled = untangle(&ast_reading(edition, &hir)).map_err(transcription)?;
        Shapes {
            guard: match untangled.ambiguous {
                true => Some(plain()?.hir),
                false => None,
            },
            body: untangled.hir,
        }
    } else {
        Shapes {
            body: plain()?.hir,
            guard: None,
        }
    };
    let done = Arc::new(done);
    cache
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .insert(key, done.clone());
    Ok(done)
}

/// Every rule of an edition, in printed order.
///
/// ```
/// use urlbnf::{Edition, regex};
/// let all = regex::edition_regexes(Edition::Rfc1630Uri, regex::Flavor::Rust)?;
/// assert!(all.iter().any(|r| r.rule == "fragmentaddress"));
/// # Ok::<(), urlbnf::Error>(())
/// ```
pub fn edition_regexes(edition: Edition, flavor: Flavor) -> Result<Vec<RuleRegex>, Error> {
    PrintedGrammar::of(edition)
        .rules
        .iter()
        .map(|r| rule_regex(edition, &r.name, flavor))
        .collect()
}
