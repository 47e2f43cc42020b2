//! The pest grammars (`grammar/*.pest`), one parser type each, behind one
//! name-based interface so the rest of urlbnf can treat editions alike.

use std::collections::HashMap;

use pest::iterators::Pair;
use pest::{Parser, RuleType};
use serde::Serialize;

use crate::edition::{Edition, PerEdition, editions};
use crate::error::Error;
use crate::grammar::PrintedGrammar;

/// The pest rule name of a printed rule name: `-` becomes `_`, `+` becomes `_plus`.
pub fn pest_name(printed: &str) -> String {
    printed.replace('-', "_").replace('+', "_plus")
}

/// The printed rule a pest rule of the edition stands for: helper rules `x__how`
/// stand for `x`. (Per edition: RFC 2396's `hier_part` and RFC 3986's
/// `hier-part` have one pest name.)
pub fn printed_name(edition: Edition, pest: &str) -> String {
    static NAMES: PerEdition<HashMap<String, String>> = PerEdition::new();
    let names = NAMES.get_or_init(edition, || {
        PrintedGrammar::of(edition)
            .rules
            .iter()
            .map(|r| (pest_name(&r.name), r.name.clone()))
            .collect()
    });
    let base = pest.split("__").next().unwrap_or(pest);
    names.get(base).cloned().unwrap_or_else(|| base.to_string())
}

/// Whether a pest rule is a helper that stands in for a printed rule in one context.
pub fn is_helper(pest: &str) -> bool {
    pest.contains("__")
}

macro_rules! edition_parser {
    ($module:ident, $parser:ident, $path:literal) => {
        #[doc = concat!("The pest parser generated from `", $path, "`.")]
        mod $module {
            #[derive(pest_derive::Parser)]
            #[grammar = $path]
            pub struct $parser;
        }
    };
}

macro_rules! parsers {
    ($($variant:ident $id:literal $module:ident $path:literal;)*) => {
        $(edition_parser!($module, $variant, $path);)*
    };
}
editions!(parsers);

/// One node of a pest parse tree, with rule names as printed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Node {
    /// The printed rule name (helpers `x__how` show as `x`).
    pub rule: &'static str,
    /// The pest rule name, where it differs from the printed name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pest_rule: Option<&'static str>,
    /// Byte span in the input.
    pub start: usize,
    /// Byte offset where the node ends.
    pub end: usize,
    /// Its children, in order.
    pub children: Vec<Node>,
}

/// A derivation as a flat preorder list: what the AST is built from, whichever
/// engine derived it (pest's tree through `Derivation::of_node`, for the
/// tests, or the PEG machine compiled from the same grammar file).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Derivation {
    /// The nodes in preorder.
    pub tokens: Vec<Token>,
}

/// One node of a [`Derivation`]. Offsets are `u32` to keep a token small: a
/// long input's tokens are most of its derivation's memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    /// The printed rule name (helpers `x__how` show as `x`).
    pub rule: &'static str,
    /// Byte offset where the node starts.
    pub start: u32,
    /// Byte offset where the node ends.
    pub end: u32,
    /// How many tokens the node's subtree has, itself included.
    pub len: u32,
}

impl Derivation {
    /// The same derivation as a pest tree gives it: the reference the tests
    /// hold the PEG machine to (feature `internals`).
    #[cfg(feature = "internals")]
    pub fn of_node(node: &Node) -> Derivation {
        fn push(node: &Node, out: &mut Vec<Token>) {
            let at = out.len();
            out.push(Token {
                rule: node.rule,
                start: u32::try_from(node.start).unwrap_or(u32::MAX),
                end: u32::try_from(node.end).unwrap_or(u32::MAX),
                len: 1,
            });
            for child in &node.children {
                push(child, out);
            }
            let len = u32::try_from(out.len() - at).unwrap_or(u32::MAX);
            if let Some(t) = out.get_mut(at) {
                t.len = len;
            }
        }
        let mut tokens = Vec::new();
        push(node, &mut tokens);
        Derivation { tokens }
    }

    /// The root node, if there is one.
    pub fn root(&self) -> Option<NodeRef<'_>> {
        let len = self.tokens.first()?.len as usize;
        self.tokens.get(..len).map(|tokens| NodeRef { tokens })
    }
}

/// A node of a [`Derivation`] and its subtree.
#[derive(Clone, Copy, Debug)]
pub struct NodeRef<'t> {
    /// The node's token first, then its descendants'.
    tokens: &'t [Token],
}

impl<'t> NodeRef<'t> {
    fn token(&self) -> Token {
        self.tokens.first().copied().unwrap_or(Token {
            rule: "",
            start: 0,
            end: 0,
            len: 1,
        })
    }

    /// The printed rule name.
    pub fn rule(&self) -> &'static str {
        self.token().rule
    }

    /// Byte offset where the node starts.
    pub fn start(&self) -> usize {
        self.token().start as usize
    }

    /// Byte offset where the node ends.
    pub fn end(&self) -> usize {
        self.token().end as usize
    }

    /// The node's children, in order.
    pub fn children(self) -> impl Iterator<Item = NodeRef<'t>> + 't {
        let mut rest = self.tokens.get(1..).unwrap_or(&[]);
        std::iter::from_fn(move || {
            let len = (rest.first()?.len as usize).max(1);
            let (child, tail) = rest.split_at_checked(len)?;
            rest = tail;
            Some(NodeRef { tokens: child })
        })
    }
}

/// A rule's printed name and, for a helper, its pest name.
type Names = (&'static str, Option<&'static str>);

impl Node {
    fn from_pair<R: RuleType>(pair: Pair<'_, R>, names: &impl Fn(R) -> Names) -> Node {
        let (rule, pest_rule) = names(pair.as_rule());
        let span = pair.as_span();
        Node {
            rule,
            pest_rule,
            start: span.start(),
            end: span.end(),
            children: pair
                .into_inner()
                .map(|p| Node::from_pair(p, names))
                .collect(),
        }
    }
}

/// Printed names for a grammar's rules, computed once: the table and each rule's
/// index in it.
struct NameTable<R> {
    index: HashMap<R, usize>,
    names: Vec<(String, Option<String>)>,
}

impl<R: RuleType + std::hash::Hash> NameTable<R> {
    fn new(edition: Edition, all: &[R]) -> Self {
        let mut index = HashMap::new();
        let mut names = Vec::new();
        for (i, r) in all.iter().enumerate() {
            let pest = format!("{r:?}");
            let printed = printed_name(edition, &pest);
            let helper = (pest_name(&printed) != pest).then_some(pest);
            index.insert(*r, i);
            names.push((printed, helper));
        }
        NameTable { index, names }
    }

    fn get(&'static self, r: R) -> Names {
        match self.index.get(&r).and_then(|&i| self.names.get(i)) {
            Some((printed, helper)) => (printed.as_str(), helper.as_deref()),
            None => ("?", None),
        }
    }
}

/// What a pest parse of a rule did with an input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PestOutcome {
    /// The rule matched the whole input; its tree.
    Whole(Node),
    /// The rule matched only a prefix of the input.
    Prefix {
        /// Where the match ends (bytes).
        end: usize,
    },
    /// The rule did not match.
    Failed {
        /// pest's furthest position (bytes).
        pos: usize,
        /// The rules pest expected there, by printed name.
        expected: Vec<String>,
    },
}

trait EditionParser {
    #[cfg(feature = "internals")]
    fn pest_rule_names() -> Vec<String>;
    fn run(rule: &str, input: &str) -> Option<PestOutcome>;
    fn whole(rule: &str, input: &str) -> Option<bool>;
}

fn outcome<R: RuleType>(
    edition: Edition,
    result: Result<pest::iterators::Pairs<'_, R>, pest::error::Error<R>>,
    len: usize,
    names: &impl Fn(R) -> Names,
) -> PestOutcome {
    match result {
        Ok(mut pairs) => match pairs.next() {
            Some(pair) if pair.as_span().end() == len => {
                PestOutcome::Whole(Node::from_pair(pair, names))
            }
            Some(pair) => PestOutcome::Prefix {
                end: pair.as_span().end(),
            },
            None => PestOutcome::Prefix { end: 0 },
        },
        Err(e) => {
            let pos = match e.location {
                pest::error::InputLocation::Pos(p) => p,
                pest::error::InputLocation::Span((s, _)) => s,
            };
            let expected = match &e.variant {
                pest::error::ErrorVariant::ParsingError { positives, .. } => positives
                    .iter()
                    .map(|r| printed_name(edition, &format!("{r:?}")))
                    .collect(),
                pest::error::ErrorVariant::CustomError { message } => vec![message.clone()],
            };
            PestOutcome::Failed { pos, expected }
        }
    }
}

macro_rules! impl_edition_parser {
    ($module:ident, $parser:ident) => {
        impl_edition_parser!($module, $parser, Edition::$parser);
    };
    ($module:ident, $parser:ident, $edition:expr) => {
        impl EditionParser for $module::$parser {
            #[cfg(feature = "internals")]
            fn pest_rule_names() -> Vec<String> {
                $module::Rule::all_rules()
                    .iter()
                    .map(|r| format!("{r:?}"))
                    .collect()
            }

            fn run(rule: &str, input: &str) -> Option<PestOutcome> {
                use std::sync::OnceLock;
                static NAMES: OnceLock<NameTable<$module::Rule>> = OnceLock::new();
                let names =
                    NAMES.get_or_init(|| NameTable::new($edition, $module::Rule::all_rules()));
                let r = lookup::<$module::Rule>(rule, rules_of!($module, $edition))?;
                let result = $module::$parser::parse(r, input);
                Some(outcome($edition, result, input.len(), &|r| names.get(r)))
            }

            fn whole(rule: &str, input: &str) -> Option<bool> {
                let r = lookup::<$module::Rule>(rule, rules_of!($module, $edition))?;
                Some(match $module::$parser::parse(r, input) {
                    Ok(mut pairs) => pairs
                        .next()
                        .is_some_and(|p| p.as_span().end() == input.len()),
                    Err(_) => false,
                })
            }
        }
    };
}

/// The edition's rules by printed name and by pest name, built once.
macro_rules! rules_of {
    ($module:ident, $edition:expr) => {{
        use std::sync::OnceLock;
        static RULES: OnceLock<HashMap<String, $module::Rule>> = OnceLock::new();
        RULES.get_or_init(|| {
            $module::Rule::all_rules()
                .iter()
                .flat_map(|r| {
                    let pest = format!("{r:?}");
                    let printed = if is_helper(&pest) {
                        String::new()
                    } else {
                        printed_name($edition, &pest)
                    };
                    [(printed, *r), (pest, *r)]
                })
                .filter(|(name, _)| !name.is_empty())
                .collect()
        })
    }};
}

fn lookup<R: Copy>(rule: &str, rules: &HashMap<String, R>) -> Option<R> {
    rules.get(rule).copied()
}

/// Each edition's parser behind function pointers, indexed like [`Edition::ALL`].
struct Parsers {
    #[cfg(feature = "internals")]
    rule_names: fn() -> Vec<String>,
    run: fn(&str, &str) -> Option<PestOutcome>,
    whole: fn(&str, &str) -> Option<bool>,
}

macro_rules! parser_table {
    ($($variant:ident $id:literal $module:ident $path:literal;)*) => {
        $(impl_edition_parser!($module, $variant);)*
        const PARSERS: [Parsers; Edition::ALL.len()] = [$(Parsers {
            #[cfg(feature = "internals")]
            rule_names: $module::$variant::pest_rule_names,
            run: $module::$variant::run,
            whole: $module::$variant::whole,
        },)*];
    };
}
editions!(parser_table);

/// The parser of an edition; a grammar read at run time has none.
fn parser(edition: Edition) -> Result<&'static Parsers, Error> {
    PARSERS.get(edition.index()).ok_or(Error::NoTranscription {
        edition,
        what: "a pest parser",
    })
}

#[cfg(feature = "internals")]
/// Every rule name of the edition's pest grammar (pest spelling), helpers
/// included (none for a grammar read at run time).
pub fn pest_rule_names(edition: Edition) -> Vec<String> {
    parser(edition).map_or_else(|_| Vec::new(), |p| (p.rule_names)())
}

/// Run the pest rule for a printed rule name on the input.
pub fn run(edition: Edition, rule: &str, input: &str) -> Result<PestOutcome, Error> {
    (parser(edition)?.run)(rule, input).ok_or_else(|| Error::unknown_rule(edition, rule))
}

/// Whether the pest grammar derives the whole input from the rule (no tree built).
pub fn matches(edition: Edition, rule: &str, input: &str) -> Result<bool, Error> {
    (parser(edition)?.whole)(rule, input).ok_or_else(|| Error::unknown_rule(edition, rule))
}
