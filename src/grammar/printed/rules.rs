//! A printed grammar as read: its rules and their expressions. Nothing here
//! names the crate beyond the edition and the corrections, so the build
//! script reads the transcriptions with this code too (`src/build.rs`), to
//! compile the editions' automata before the program runs.

use std::collections::BTreeMap;

use super::Correction;
use crate::edition::Edition;

/// A grammar expression, as the printed notation states it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expr {
    /// Nothing: the body of `void`.
    Empty,
    /// Literal text, case-sensitive as printed.
    Lit(String),
    /// One character from a range, both ends included (ABNF `%x41-5A`).
    Range(char, char),
    /// A rule, by its printed name.
    Ref(String),
    /// One after another.
    Seq(Vec<Expr>),
    /// One of these (the printed `|`).
    Alt(Vec<Expr>),
    /// `[ … ]`.
    Opt(Box<Expr>),
    /// RFC 822 `n*element`; ABNF `n*m`, `n` and `*m` too.
    Rep {
        /// At least this many repetitions.
        min: u32,
        /// At most this many (`None`: no limit).
        max: Option<u32>,
        /// What is repeated.
        item: Box<Expr>,
    },
}

impl Expr {
    /// Every rule name this expression refers to, in order of first use.
    pub fn refs(&self) -> Vec<&str> {
        let mut out = Vec::new();
        self.collect_refs(&mut out);
        out
    }

    fn collect_refs<'a>(&'a self, out: &mut Vec<&'a str>) {
        match self {
            Expr::Empty | Expr::Lit(_) | Expr::Range(..) => {}
            Expr::Ref(name) => {
                if !out.contains(&name.as_str()) {
                    out.push(name);
                }
            }
            Expr::Seq(items) | Expr::Alt(items) => items.iter().for_each(|e| e.collect_refs(out)),
            Expr::Opt(item) | Expr::Rep { item, .. } => item.collect_refs(out),
        }
    }
}

/// Which notation a document's BNF is printed in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    /// Both drafts and RFC 1630: juxtaposed single letters and rule words.
    Letters,
    /// RFC 1738 §5 and RFC 2396 Appendix A: RFC 822 conventions.
    Rfc822,
    /// RFC 3986 Appendix A: ABNF (RFC 2234, now RFC 5234).
    Abnf,
}

/// One rule of a printed grammar.
#[derive(Clone, Debug)]
pub struct PrintedRule {
    /// The rule's name as urlbnf uses it (the printed name, after C1).
    pub name: String,
    /// The name as printed, where a correction changed it (C1).
    pub printed_name: Option<String>,
    /// The printed definition, line breaks and runs of spaces folded to one
    /// space (an ABNF `;` comment then runs on over the lines after it:
    /// [`PrintedRule::printed_text`] shows them); `None` for a rule a
    /// correction supplies (C4).
    pub printed: Option<String>,
    /// The printed definition line by line, each line's own spacing kept
    /// (the columns of its comments).
    pub printed_lines: Option<String>,
    /// The definition as urlbnf reads it: the printed one, or the correction's.
    pub reading: String,
    /// The correction applied to this rule, if any.
    pub correction: Option<Correction>,
    /// The parsed reading.
    pub expr: Expr,
    /// Line of the transcription (`grammar/<edition>.bnf`) where the rule starts.
    pub line: usize,
    /// Column of that line where the rule's name starts, in characters from
    /// 1 (0 for a rule not printed: a core rule, a correction's).
    pub column: usize,
    /// The comment printed just above the rule (RFC 822 `;` lines since the
    /// rule before), without its `;`s: RFC 1738's `otherurl` has "new
    /// schemes follow the general syntax".
    pub comment: Option<String>,
}

/// One edition's printed grammar.
#[derive(Clone, Debug)]
pub struct PrintedGrammar {
    /// The edition.
    pub edition: Edition,
    /// The document, its authors and date.
    #[cfg_attr(not(feature = "book"), allow(dead_code))] // the book's pages name it
    pub document: String,
    /// The section that prints the BNF.
    #[cfg_attr(not(feature = "book"), allow(dead_code))]
    pub section: String,
    /// The notation the BNF is printed in.
    pub notation: Notation,
    /// The rules in printed order; supplied rules (C4) last.
    pub rules: Vec<PrintedRule>,
    /// Whether a numeric value past 7F is an octet (`%encoding octets`), not
    /// a Unicode code point of a UTF-8 input (the default).
    pub octets: bool,
    /// A grammar file's `%renames NEW OLD...` lines: its rule `NEW` is the
    /// rule `OLD` of another grammar (RFC 3987's `IRI` is RFC 3986's `URI`),
    /// as an edition's descriptor says in `[renames]`.
    pub renames: Vec<(String, Vec<String>)>,
    /// Each rule's place in `rules`, by name (and, where names are
    /// case-insensitive, by the name in lower case too).
    pub(super) index: BTreeMap<String, usize>,
    /// Rule names are case-insensitive (an ABNF grammar file, RFC 5234 §2.1).
    pub(super) fold_case: bool,
}

impl PrintedGrammar {
    /// A rule by its name, spelled as defined (references in ABNF, whose
    /// names are case-insensitive, are respelled so when read), or in any
    /// case in an ABNF grammar file.
    pub fn rule(&self, name: &str) -> Option<&PrintedRule> {
        let i = self.index.get(name).or_else(|| {
            self.fold_case
                .then(|| self.index.get(&name.to_ascii_lowercase()))
                .flatten()
        });
        i.and_then(|&i| self.rules.get(i))
    }

    /// A rule's name as defined, for `name` as a user spells it: exactly,
    /// or in ABNF, whose rule names are case-insensitive (RFC 5234 §2.1),
    /// in any case (`uri` is RFC 3986's `URI`). RFC 822-style BNF names
    /// keep their case. (The command's `--rule` reads names so.)
    #[cfg(any(feature = "cli", feature = "internals"))]
    pub fn rule_named(&self, name: &str) -> Option<&str> {
        if let Some(r) = self.rule(name) {
            return Some(&r.name);
        }
        let abnf = self.notation == super::Notation::Abnf;
        let r = self
            .rules
            .iter()
            .find(|r| abnf && r.name.eq_ignore_ascii_case(name))?;
        Some(&r.name)
    }

    /// The rules whose definitions refer to `name`, in printed order.
    pub fn users_of(&self, name: &str) -> Vec<&PrintedRule> {
        self.rules
            .iter()
            .filter(|r| r.expr.refs().contains(&name))
            .collect()
    }
}

/// Fold line breaks and runs of white space to single spaces.
pub fn fold_space(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}
