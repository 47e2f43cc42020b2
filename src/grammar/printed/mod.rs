//! The printed BNF of each edition, read from its transcription in `grammar/*.bnf`.
//!
//! This reading is independent of the pest grammars: it follows each document's own
//! notation and is what the reference automata (`engine::automaton`), the generator
//! and the diffs are built from.
//!
//! Two notations occur:
//! - *letters* (both drafts, RFC 1630): "A vertical line "|" indicates alternatives,
//!   and \[brackets\] indicate optional parts. Spaces are represented by the word
//!   "space" [and the vertical line character by "vline"]. Single letters stand for
//!   single letters. All words of more than one letter below are entities." Every
//!   single character stands for itself; a `[`, `]` or `|` that cannot be notation
//!   where it stands (an alternative of its own, as in `national`) is the character.
//! - *rfc822* (RFC 1738 §5): quoted literals, `<">` for the quote, `[optional]`,
//!   `n*element` for n or more repetitions, `;` comments.

use std::fmt;

use crate::edition::{Edition, PerEdition};
use crate::error::Error;
use crate::grammar::CharSet;

mod abnf;
mod assemble;
mod notation;
mod read;
mod rfc_text;
mod rules;
mod schemes;
mod wide;

pub use assemble::{Defect, FileReading};
pub use notation::parse_definition;
pub use read::{read, read_lines};
pub use rfc_text::{extract as extract_rfc_text, is_rfc_text, runs};
pub use rules::{Expr, Notation, PrintedGrammar, PrintedRule, fold_space};
pub use schemes::SchemeRule;
pub(crate) use wide::{count, minus, union};

impl Notation {
    /// How to read the notation, in a line.
    #[cfg_attr(not(feature = "book"), allow(dead_code))] // the book's pages say it
    pub fn summary(self) -> &'static str {
        match self {
            Notation::Letters => {
                "single letters stand for themselves, words are rules, | alternatives, [ ] optional"
            }
            Notation::Rfc822 => {
                "RFC 822: quoted literals, n*element repetition, [ ] optional or grouping, ; comments"
            }
            Notation::Abnf => {
                "ABNF (RFC 5234): / alternatives, n*m repetition, [ ] optional, ( ) grouping, %x ranges, quoted literals of either case, ; comments"
            }
        }
    }
}

/// One of the corrections urlbnf applies to the printed text (the manual, "The grammars": "Corrections").
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Correction {
    /// draft-1994: `ur l` is the rule `url`.
    C1,
    /// `xpalphas xpalpha [ xpalpha ]` is read as `xpalpha [ xpalphas ]`.
    C2,
    /// RFC 1738 `gopherurl`: the bare `/` is the literal `"/"` (erratum 5118).
    C3,
    /// `addr-spec` and `content-identifier`, used but never defined, are `xalphas`.
    C4,
    /// RFC 3986's core rules `ALPHA`, `DIGIT`, `HEXDIG`, used but not printed, are
    /// RFC 2234 §6.1's.
    C5,
}

impl Correction {
    /// Every correction, in order.
    pub const ALL: [Correction; 5] = [
        Correction::C1,
        Correction::C2,
        Correction::C3,
        Correction::C4,
        Correction::C5,
    ];

    /// What the correction does, in one line.
    pub fn summary(self) -> &'static str {
        match self {
            Correction::C1 => "the printed rule name `ur l` is the rule `url`",
            Correction::C2 => {
                "`xpalphas xpalpha [ xpalpha ]` is read as `xpalphas xpalpha [ xpalphas ]`, as rfc1630-url prints it"
            }
            Correction::C3 => {
                "the bare `/` in `gopherurl` is the literal \"/\" (RFC 1738 erratum 5118)"
            }
            Correction::C4 => {
                "`addr-spec` and `content-identifier`, used but never defined, are `xalphas`"
            }
            Correction::C5 => {
                "RFC 3986's core rules `ALPHA`, `DIGIT` and `HEXDIG`, used but not printed, are RFC 2234 §6.1's"
            }
        }
    }
}

impl fmt::Display for Correction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

impl PrintedRule {
    /// The rule as the document prints it, name and definition, line by
    /// line: a continuation under the definition, one that starts with an
    /// operator or a comment (`/`, `|`, `;`, `=/`) under the `=`, as the
    /// documents align them; for a supplied rule, the supplied definition.
    pub fn printed_text(&self, notation: Notation) -> String {
        let name = self.printed_name.as_deref().unwrap_or(&self.name);
        let def = self.printed_lines.as_deref().unwrap_or(&self.reading);
        let (head, under_def) = match (notation, def.is_empty()) {
            (_, true) => return name.to_string(),
            (Notation::Letters, false) => (format!("{name} "), name.chars().count() + 1),
            (Notation::Rfc822 | Notation::Abnf, false) => {
                (format!("{name} = "), name.chars().count() + 3)
            }
        };
        let mut out = head;
        for (i, line) in def.lines().enumerate() {
            if i > 0 {
                let operator = ["/", "|", ";", "=/"].iter().any(|o| line.starts_with(o));
                let indent = if operator && notation != Notation::Letters {
                    under_def.saturating_sub(2)
                } else {
                    under_def
                };
                out.push('\n');
                out.push_str(&" ".repeat(indent));
            }
            out.push_str(line);
        }
        out
    }

    /// Whether the document prints this rule (false for rules supplied by C4).
    pub fn is_printed(&self) -> bool {
        self.printed.is_some()
    }
}

/// The names closest to `name` (by Jaro-Winkler similarity, ignoring
/// case), closest first, at most three: what "did you mean" offers, for the
/// command, a grammar file's references and the Python package alike.
///
/// ```
/// assert_eq!(urlbnf::closest_names("pchr", ["pchar", "path", "query"]), ["pchar"]);
/// ```
pub fn closest_names<'a>(name: &str, names: impl IntoIterator<Item = &'a str>) -> Vec<&'a str> {
    let lower = name.to_lowercase();
    let mut close: Vec<(f64, &str)> = names
        .into_iter()
        .map(|n| (strsim::jaro_winkler(&lower, &n.to_lowercase()), n))
        .filter(|(score, _)| *score >= 0.8)
        .collect();
    close.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(b.1)));
    close.into_iter().take(3).map(|(_, n)| n).collect()
}

/// Every edition's printed grammar, read once.
static GRAMMARS: PerEdition<PrintedGrammar> = PerEdition::new();

impl PrintedGrammar {
    /// The printed grammar of an edition (read once, then shared).
    pub fn of(edition: Edition) -> &'static PrintedGrammar {
        GRAMMARS.get_or_init(edition, || match read(edition, edition.bnf_source()) {
            Ok(g) => g,
            // The transcriptions ship inside the crate and every test reads them:
            // a defect here is urlbnf's, found before release, never the input's.
            Err(e) => panic!("{e}"),
        })
    }

    /// Keep `grammar`, read from a grammar file, as its edition's (a
    /// registered edition's grammar is read by the loader, which knows its
    /// notation; never re-read).
    pub(crate) fn keep(grammar: PrintedGrammar) -> &'static PrintedGrammar {
        let edition = grammar.edition;
        GRAMMARS.get_or_init(edition, || grammar)
    }

    /// The names of the grammar closest to `name` (by Jaro-Winkler
    /// similarity, ignoring case), closest first, at most three: what "did
    /// you mean" offers for a rule name misspelled.
    #[cfg_attr(not(feature = "cli"), allow(dead_code))] // the command's `--rule`
    pub fn closest_rules(&self, name: &str) -> Vec<&str> {
        closest_names(name, self.rules.iter().map(|r| r.name.as_str()))
    }

    /// The rule, or [`Error::UnknownRule`].
    pub fn require(&self, name: &str) -> Result<&PrintedRule, Error> {
        self.rule(name)
            .ok_or_else(|| Error::unknown_rule(self.edition, name))
    }

    /// The character-class rules: those whose every string is one character
    /// (`alpha`, `safe`, `reserved`…), with their characters, in printed order
    /// (so ties go to the rule the document names first). Computed once.
    pub fn char_classes(&self) -> &[(String, CharSet)] {
        static CLASSES: PerEdition<Vec<(String, CharSet)>> = PerEdition::new();
        CLASSES.get_or_init(self.edition, || {
            self.rules
                .iter()
                .filter_map(|r| Some((r.name.clone(), self.class(&r.expr, 0)?)))
                .collect()
        })
    }

    /// The characters of a character-class rule; `None` for any other rule.
    pub fn char_class(&self, rule: &str) -> Option<CharSet> {
        self.char_classes()
            .iter()
            .find(|(name, _)| name == rule)
            .map(|(_, set)| *set)
    }

    /// The characters of a character-class rule (empty for any other rule).
    pub fn class_of(&self, rule: &str) -> CharSet {
        self.char_class(rule).unwrap_or(CharSet::EMPTY)
    }

    fn class(&self, e: &Expr, depth: usize) -> Option<CharSet> {
        if depth > 64 {
            return None;
        }
        match e {
            Expr::Lit(s) if s.len() == 1 && s.is_ascii() => Some(CharSet::of(s)),
            Expr::Range(lo, hi) if hi.is_ascii() => {
                Some((*lo..=*hi).fold(CharSet::EMPTY, |set, c| set.with(c as u8)))
            }
            Expr::Ref(r) => self.class(&self.rule(r)?.expr, depth + 1),
            Expr::Alt(items) => items.iter().try_fold(CharSet::EMPTY, |acc, i| {
                Some(acc | self.class(i, depth + 1)?)
            }),
            Expr::Seq(items) if items.len() == 1 => self.class(items.first()?, depth + 1),
            _ => None,
        }
    }
}
