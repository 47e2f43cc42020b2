//! The comparison: the peer's answers on the suite against the rule's, the
//! disagreements grouped first by what the rule says of them (where it stops,
//! the rules deriving the input, the component), a few of each group shrunk
//! with the peer in the loop, each named by its cause, and the groups counted
//! under their causes.

use std::collections::{BTreeMap, HashMap};

use super::bounds::shortest;
use super::causes::name_all;
use super::components::differing;
use super::graph::Graph;
use super::shrink::{Asker, Goal, Oracle, better, shrink_all};
use super::suite::whole;
use super::{Answer, Cause, Conformance, Peer, Suite};
use crate::engine::automaton;
use crate::error::Error;
use crate::grammar::{Node, PestOutcome, PrintedGrammar, peg};
use crate::verdicts::ast;

/// Witnesses shrunk per group, the shortest first, in the largest groups.
const PER_GROUP: usize = 2;
/// Groups that shrink two witnesses.
const LARGEST: usize = 64;
/// Groups shrunk at most; the others are named by their shortest input.
const SHRUNK: usize = 400;

/// Ask `peer` about every string of `suite` and compare its answers with the
/// rule's: the causes of every disagreement, each with its shortest witness.
/// A peer that answers with components ([`Answer::Parts`]) has them compared
/// too, where the rule is a URL rule (else [`Error::NotAUrlRule`]).
///
/// ```
/// use urlbnf::{Edition, conform::{self, Side, Suite}};
/// let suite = Suite::new(Edition::Rfc3986, "IPv4address", 5)?;
/// // A peer that takes any four dotted numbers.
/// let mut loose = |s: &str| s.split('.').count() == 4
///     && s.split('.').all(|n| !n.is_empty() && n.len() <= 3 && n.bytes().all(|b| b.is_ascii_digit()));
/// let found = conform::compare(&suite, &mut loose)?;
/// assert!(found.causes.iter().all(|c| c.side == Side::PeerAccepts));
/// assert!(found.causes.iter().any(|c| c.witness == "0.0.0.00" || c.witness == "0.0.0.256"));
/// let mut exact = |s: &str| urlbnf::check::is_valid(
///     Edition::Rfc3986, "IPv4address", s, urlbnf::Engine::Dfa).unwrap();
/// assert!(conform::compare(&suite, &mut exact)?.causes.is_empty());
/// # Ok::<(), urlbnf::Error>(())
/// ```
pub fn compare(suite: &Suite, peer: &mut dyn Peer) -> Result<Conformance, Error> {
    let (edition, rule) = (suite.edition, suite.rule.as_str());
    let a = automaton::automaton(edition, rule)?;
    let oracle = Oracle {
        edition,
        rule,
        graph: Graph::new(&a, whole(edition).as_deref()),
    };
    let inputs: Vec<&str> = suite.cases.iter().map(|c| c.input.as_str()).collect();
    let answers = peer.judge(&inputs)?;
    if answers.len() != inputs.len() {
        return Err(Error::Peer(format!(
            "the peer gave {} answers for {} inputs",
            answers.len(),
            inputs.len()
        )));
    }
    let parts = answers.iter().any(|a| matches!(a, Answer::Parts(_)));
    if parts && !ast::is_url_rule(edition, rule) {
        return Err(Error::NotAUrlRule {
            edition,
            rule: rule.to_string(),
        });
    }
    // Each disagreement in its group.
    let mut groups: BTreeMap<String, Vec<(usize, Goal)>> = BTreeMap::new();
    let (mut agreed, mut disagreements, mut compared) = (0, 0, 0);
    for (i, (case, answer)) in suite.cases.iter().zip(&answers).enumerate() {
        let input = case.input.as_str();
        let mut found = Vec::new();
        match (answer.accepts(), case.valid) {
            (true, false) => {
                if let Some(goal) = oracle.stop(input) {
                    // Grouped by what could come where the rule stops, and
                    // the class of what is found there.
                    let at = a.stop_point(input).map_or(0, |(_, _, at)| at);
                    let class = input
                        .as_bytes()
                        .get(at)
                        .map(|&b| oracle.graph.class_of.get(usize::from(b)).copied().flatten());
                    found.push((format!("A|{goal:?}|{class:?}"), goal));
                }
            }
            (false, true) => found.push((format!("R|{}", rules_of(&oracle, input)), Goal::Rejects)),
            (true, true) => {
                if let Answer::Parts(theirs) = answer {
                    compared += 1;
                    for (c, _) in differing(edition, rule, input, theirs) {
                        found.push((format!("C|{c}"), Goal::Component(c)));
                    }
                }
            }
            (false, false) => {}
        }
        if found.is_empty() {
            agreed += 1;
        } else {
            disagreements += 1;
        }
        for (key, goal) in found {
            groups.entry(key).or_default().push((i, goal));
        }
    }
    let mut asker = Asker::new(peer);
    for (case, answer) in suite.cases.iter().zip(answers) {
        asker.remember(&case.input, answer);
    }
    // The largest groups shrink first; each group's shortest inputs.
    let mut order: Vec<(&String, &Vec<(usize, Goal)>)> = groups.iter().collect();
    order.sort_by_key(|(_, members)| std::cmp::Reverse(members.len()));
    let input = |i: usize| inputs.get(i).copied().unwrap_or_default();
    let mut reps: Vec<(&String, String, Goal)> = Vec::new();
    let mut unshrunk = Vec::new();
    for (n, (key, members)) in order.iter().enumerate() {
        let mut sorted: Vec<&(usize, Goal)> = members.iter().collect();
        sorted.sort_by(|x, y| {
            let (a, b) = (input(x.0), input(y.0));
            (a.len(), a).cmp(&(b.len(), b))
        });
        let take = if n < LARGEST { PER_GROUP } else { 1 };
        for (i, goal) in sorted.into_iter().take(take) {
            if n < SHRUNK {
                reps.push((key, input(*i).to_string(), goal.clone()));
            } else {
                unshrunk.push((*key, input(*i).to_string(), goal.clone()));
            }
        }
    }
    let shrunk = shrink_all(
        &oracle,
        &mut asker,
        reps.iter()
            .map(|(_, w, g)| (w.clone(), g.clone()))
            .collect(),
    )?;
    let witnesses: Vec<(&String, String, Goal)> = reps
        .into_iter()
        .zip(shrunk)
        .map(|((key, _, goal), w)| (key, w, goal))
        .chain(unshrunk)
        .collect();
    let named = name_all(
        &oracle,
        &mut asker,
        &shortest(PrintedGrammar::of(edition)),
        &witnesses
            .iter()
            .map(|(_, w, g)| (w.clone(), g.clone()))
            .collect::<Vec<_>>(),
    )?;
    // Each group counted under its first witness's cause; the witness of a
    // cause is the shortest of its groups'.
    let mut causes: Vec<(String, Cause)> = Vec::new();
    let mut first_key: HashMap<&String, String> = HashMap::new();
    for ((group, _, _), (key, cause)) in witnesses.iter().zip(named) {
        let size = groups.get(*group).map_or(0, Vec::len);
        // A group counts under its first witness's cause, but for one input
        // per further witness with a cause of its own.
        let count = match first_key.get(*group) {
            None => {
                first_key.insert(group, key.clone());
                size
            }
            Some(k) if *k == key => 0,
            Some(k) => {
                if let Some((_, c)) = causes.iter_mut().find(|(kk, _)| kk == k) {
                    c.count = c.count.saturating_sub(1);
                }
                1
            }
        };
        match causes.iter_mut().find(|(k, _)| *k == key) {
            Some((_, known)) => {
                known.count += count;
                if better(&cause.witness, &known.witness) {
                    *known = Cause {
                        count: known.count,
                        ..cause
                    };
                }
            }
            None => causes.push((key, Cause { count, ..cause })),
        }
    }
    let mut causes: Vec<Cause> = causes
        .into_iter()
        .map(|(_, c)| c)
        .filter(|c| c.count > 0)
        .collect();
    causes.sort_by(|x, y| {
        (
            x.side,
            std::cmp::Reverse(x.count),
            x.witness.len(),
            &x.witness,
        )
            .cmp(&(
                y.side,
                std::cmp::Reverse(y.count),
                y.witness.len(),
                &y.witness,
            ))
    });
    Ok(Conformance {
        grammar: edition,
        rule: rule.to_string(),
        inputs: inputs.len(),
        agreed,
        disagreements,
        compared,
        asked: asker.asked,
        causes,
    })
}

/// The printed rules an input's derivation goes through (character classes
/// and PEG helpers left out), sorted: a refused input's group.
fn rules_of(oracle: &Oracle<'_>, input: &str) -> String {
    let Ok(PestOutcome::Whole(tree)) = peg::run(oracle.edition, oracle.rule, input) else {
        return String::new();
    };
    let grammar = PrintedGrammar::of(oracle.edition);
    let mut names = Vec::new();
    let mut stack: Vec<&Node> = vec![&tree];
    while let Some(n) = stack.pop() {
        if n.pest_rule.is_none() && grammar.char_class(n.rule).is_none() {
            names.push(n.rule);
        }
        stack.extend(&n.children);
    }
    names.sort_unstable();
    names.dedup();
    names.join(" ")
}
