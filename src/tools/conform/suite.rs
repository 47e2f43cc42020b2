//! The suite: strings made from a rule's minimal automaton (every live
//! transition, every way out at every state, every state's shortest prefix),
//! from its printed parts (bounds and case) and from a seed, each with the
//! rule's verdict; and the coverage the suite reaches.

use std::collections::HashSet;

use super::bounds::{Edges, Variant};
use super::graph::{Graph, NON_ASCII, text};
use super::{Case, Coverage, Kind, Suite, seeded};
use crate::edition::Edition;
use crate::engine::automaton::{self, Automaton};
use crate::error::Error;
use crate::grammar::PrintedGrammar;

/// What is spliced where `%` cannot come: the escape of `%` and a word.
const SPLICE: &str = "%25A0";

/// Strings derived from the rule by default, as many mutated, half as many truncated.
pub const DERIVED: usize = 300;

impl Suite {
    /// The suite of `rule` of `edition` for `seed`, with [`DERIVED`] derived
    /// strings: the same seed gives the same suite.
    ///
    /// ```
    /// use urlbnf::{Edition, conform::{Kind, Suite}};
    /// let suite = Suite::new(Edition::Rfc3986, "dec-octet", 1)?;
    /// let has = |s: &str| suite.cases.iter().any(|c| c.input == s);
    /// assert!(has("255") && has("256") && has("00"));
    /// assert!(suite.cases.iter().all(|c| c.valid == urlbnf::check::is_valid(
    ///     Edition::Rfc3986, "dec-octet", &c.input, urlbnf::Engine::Dfa).unwrap()));
    /// assert_eq!(suite.coverage.transitions_covered, suite.coverage.transitions);
    /// assert_eq!(suite, Suite::new(Edition::Rfc3986, "dec-octet", 1)?);
    /// assert!(suite.cases.iter().any(|c| c.kind == Kind::NearMiss));
    /// # Ok::<(), urlbnf::Error>(())
    /// ```
    pub fn new(edition: Edition, rule: &str, seed: u64) -> Result<Suite, Error> {
        Suite::with_size(edition, rule, seed, DERIVED)
    }

    /// [`Suite::new`] with `derived` strings derived from the rule (as many
    /// mutated, half as many truncated).
    ///
    /// ```
    /// use urlbnf::{Edition, conform::Suite};
    /// let small = Suite::with_size(Edition::Rfc1738, "port", 7, 0)?;
    /// let large = Suite::with_size(Edition::Rfc1738, "port", 7, 100)?;
    /// assert!(small.cases.len() < large.cases.len());
    /// # Ok::<(), urlbnf::Error>(())
    /// ```
    pub fn with_size(
        edition: Edition,
        rule: &str,
        seed: u64,
        derived: usize,
    ) -> Result<Suite, Error> {
        let a = automaton::automaton(edition, rule)?;
        let graph = Graph::new(&a, whole(edition).as_deref());
        let mut made = from_automaton(&graph);
        let edges = Edges::of(PrintedGrammar::of(edition), rule);
        let (sites, cased) = (edges.sites, edges.cased);
        made.extend(edges.out);
        made.extend(seeded::strings(edition, rule, &graph, seed, derived));
        let mut suite = Suite {
            edition,
            rule: rule.to_string(),
            seed,
            cases: Vec::new(),
            coverage: Coverage::default(),
        };
        suite.add(&a, made);
        suite.coverage = coverage(&graph, &suite.cases, sites, cased);
        Ok(suite)
    }

    /// The suite with `inputs` added (a corpus: `conform -f`), each judged
    /// by the rule; inputs already in the suite are not added twice.
    ///
    /// ```
    /// use urlbnf::{Edition, conform::{Kind, Suite}};
    /// let suite = Suite::with_size(Edition::Rfc3986, "port", 1, 0)?
    ///     .with_corpus(["8080".to_string(), "http".to_string()])?;
    /// let corpus: Vec<_> = suite.cases.iter().filter(|c| c.kind == Kind::Corpus).collect();
    /// assert_eq!(corpus.iter().map(|c| c.valid).collect::<Vec<_>>(), [true, false]);
    /// # Ok::<(), urlbnf::Error>(())
    /// ```
    pub fn with_corpus(mut self, inputs: impl IntoIterator<Item = String>) -> Result<Suite, Error> {
        let a = automaton::automaton(self.edition, &self.rule)?;
        let made = inputs.into_iter().enumerate().map(|(i, input)| Variant {
            input,
            kind: Kind::Corpus,
            covers: format!("corpus line {}", i + 1),
        });
        self.add(&a, made.collect());
        let graph = Graph::new(&a, whole(self.edition).as_deref());
        let (sites, cased) = (self.coverage.boundaries, self.coverage.case_strings);
        self.coverage = coverage(&graph, &self.cases, sites, cased);
        Ok(self)
    }

    /// Add each string not yet in the suite, with its verdict.
    fn add(&mut self, a: &Automaton, made: Vec<Variant>) {
        let mut seen: HashSet<String> = self.cases.iter().map(|c| c.input.clone()).collect();
        for v in made {
            if seen.insert(v.input.clone()) {
                self.cases.push(Case {
                    valid: a.matches(&v.input),
                    input: v.input,
                    kind: v.kind,
                    covers: v.covers,
                });
            }
        }
    }
}

/// The automaton of the edition's whole-URL rule, whose classes split the
/// rule's (none where it cannot be compiled).
pub(super) fn whole(edition: Edition) -> Option<std::sync::Arc<Automaton>> {
    automaton::automaton(edition, edition.default_rule()).ok()
}

/// Strings from the automaton: for each live state, the shortest input that
/// reaches it (a truncation of every valid input through it), then for each
/// byte class the shortest valid string through that transition, or, where
/// the class leaves the language, the near miss: the state's shortest prefix,
/// the class's byte, and the shortest completion from the state.
fn from_automaton(graph: &Graph<'_>) -> Vec<Variant> {
    let a = graph.automaton;
    let mut out = Vec::new();
    for (i, &s) in graph.states.iter().enumerate() {
        let (Some(prefix), Some(rest)) = (a.shortest_to(s), a.shortest_completion(s)) else {
            continue;
        };
        let shown = text(&prefix);
        // The first class that goes on from the state, and the shortest
        // completion after it.
        let going_on = graph.classes.iter().find_map(|c| {
            let t = graph.next(s, c)?;
            let mut on = vec![c.rep];
            on.extend(a.shortest_completion(t)?);
            (on != rest).then(|| text(&on))
        });
        out.push(Variant {
            input: shown.clone(),
            kind: Kind::Truncation,
            covers: format!("state {i}: the shortest input that reaches it"),
        });
        for c in &graph.classes {
            let byte = char::from(c.rep);
            let mut input = shown.clone();
            input.push(byte);
            match graph.next(s, c) {
                Some(t) => {
                    let Some(completion) = a.shortest_completion(t) else {
                        continue;
                    };
                    input.push_str(&text(&completion));
                    out.push(Variant {
                        input,
                        kind: Kind::Transition,
                        covers: format!("state {i} by {byte:?}"),
                    });
                }
                None => {
                    // Inserted before the shortest completion, and before
                    // the first character that goes on (a zone "%" before
                    // an IPv6 address's last digit is not at its end).
                    if let Some(on) = going_on.as_ref() {
                        out.push(Variant {
                            input: format!("{input}{on}"),
                            kind: Kind::NearMiss,
                            covers: format!(
                                "state {i}: {byte:?} cannot come, here before {:?}",
                                on.chars().next().unwrap_or(' ')
                            ),
                        });
                    }
                    input.push_str(&text(&rest));
                    out.push(Variant {
                        input,
                        kind: Kind::NearMiss,
                        covers: format!("state {i}: {byte:?} cannot come"),
                    });
                }
            }
        }
        for c in NON_ASCII {
            out.push(Variant {
                input: format!("{shown}{c}{}", text(&rest)),
                kind: Kind::NearMiss,
                covers: format!("state {i}: {c:?}, a character that is not ASCII, cannot come"),
            });
        }
        // A splice: where `%` cannot come, an escape of the grammar's own
        // `pct-encoded` (the escape of `%` itself, `%25`) and a word, as a
        // neighbouring grammar puts one there (RFC 6874's zone, `[::%25A0]`).
        if graph.escapes
            && graph
                .class_of
                .get(usize::from(b'%'))
                .copied()
                .flatten()
                .is_some_and(|k| {
                    graph
                        .classes
                        .get(usize::from(k))
                        .is_some_and(|c| graph.next(s, c).is_none())
                })
        {
            out.push(Variant {
                input: format!("{shown}{SPLICE}{}", text(&rest)),
                kind: Kind::NearMiss,
                covers: format!("state {i}: an escape and a word spliced in, {SPLICE:?}"),
            });
        }
    }
    out
}

/// What the cases reach of the automaton: each live transition and each way
/// out taken by some case's walk.
fn coverage(graph: &Graph<'_>, cases: &[Case], boundaries: usize, cased: usize) -> Coverage {
    let a = graph.automaton;
    let classes = graph.classes.len();
    // Per state, one slot per class and one for a character that is not ASCII.
    let mut taken = vec![false; graph.states.len() * (classes + 1)];
    for case in cases {
        let mut s = a.start();
        for b in case.input.bytes() {
            let Some(&i) = graph.number.get(&s) else {
                break;
            };
            let k = match graph.class_of.get(usize::from(b)) {
                Some(Some(k)) => usize::from(*k),
                Some(None) => break,
                None => classes,
            };
            if let Some(slot) = taken.get_mut(i * (classes + 1) + k) {
                *slot = true;
            }
            if !b.is_ascii() {
                break;
            }
            s = a.step(s, b);
            if !a.is_live(s) {
                break;
            }
        }
    }
    let (mut transitions, mut exits) = (0, 0);
    for (i, &s) in graph.states.iter().enumerate() {
        for k in 0..=classes {
            let live = graph
                .classes
                .get(k)
                .and_then(|c| graph.next(s, c))
                .is_some();
            if taken.get(i * (classes + 1) + k).copied().unwrap_or(false) {
                if live {
                    transitions += 1;
                } else {
                    exits += 1;
                }
            }
        }
    }
    Coverage {
        states: graph.states.len(),
        classes,
        transitions: graph.transitions(),
        transitions_covered: transitions,
        exits: graph.exits(),
        exits_covered: exits,
        boundaries,
        case_strings: cased,
    }
}
