//! The comparison: the peer's answers on the suite against the rule's, the
//! disagreements grouped first by what the rule says of them (where it stops,
//! the rules deriving the input, the component), a few of each group shrunk
//! with the peer in the loop, each named by its cause, and the groups counted
//! under their causes.

use std::collections::{BTreeMap, HashMap, HashSet};

use super::bounds::shortest;
use super::causes::name_all;
use super::components::differing;
use super::graph::Graph;
use super::shrink::{Asker, Goal, Oracle, Progress, better, shrink_all};
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
    compare_with(suite, peer, Options::default())
}

/// How [`compare_with`] runs.
pub struct Options<'p> {
    /// Inputs the peer may be asked beyond the suite before no further
    /// round of masked faults is begun (a round begun is finished).
    pub budget: usize,
    /// Inputs per call to the peer (a batch of a line filter): progress is
    /// told between calls.
    pub chunk: usize,
    /// Told where the comparison is after each call to the peer.
    pub progress: Option<&'p mut dyn FnMut(&Progress)>,
}

/// Inputs asked beyond the suite by default before rounds stop.
pub const BUDGET: usize = 20_000;

impl Default for Options<'_> {
    fn default() -> Self {
        Options {
            budget: BUDGET,
            chunk: usize::MAX,
            progress: None,
        }
    }
}

/// Rounds of masked faults, at most.
const ROUNDS: usize = 8;

/// Disagreements grouped by what the rule says of them: each input with
/// how it departs.
type Groups = BTreeMap<String, Vec<(String, Goal)>>;

/// [`compare`], with a budget for masked faults and progress told.
///
/// A cause found hides the faults an input has after it: each input that
/// departs by a cause already named has the character where the rule stops
/// deleted, and asked again; where the peer still accepts what the rule
/// refuses, it departs further on, and the new places are shrunk and named
/// in a further round, until a round names no new cause, no input departs
/// further on, or `budget` further inputs have been asked.
///
/// ```
/// use urlbnf::{Edition, conform::{self, Options, Side, Suite}};
/// let suite = Suite::new(Edition::Rfc3986, "fragment", 1)?;
/// // Takes '"' anywhere, and a second '#' too: the '"' would hide the '#'.
/// let mut peer = |s: &str| urlbnf::check::is_valid(Edition::Rfc3986, "fragment",
///     &s.replace(['"', '#'], "!"), urlbnf::Engine::Dfa).unwrap();
/// let found = conform::compare_with(&suite, &mut peer, Options::default())?;
/// for c in ["\"", "#"] {
///     assert!(found.causes.iter().any(|x| x.found.as_deref() == Some(c)), "{c}");
/// }
/// # Ok::<(), urlbnf::Error>(())
/// ```
pub fn compare_with(
    suite: &Suite,
    peer: &mut dyn Peer,
    options: Options<'_>,
) -> Result<Conformance, Error> {
    let (edition, rule) = (suite.edition, suite.rule.as_str());
    let a = automaton::automaton(edition, rule)?;
    let oracle = Oracle {
        edition,
        rule,
        graph: Graph::new(&a, whole(edition).as_deref()),
    };
    let inputs: Vec<String> = suite.cases.iter().map(|c| c.input.clone()).collect();
    let progress: Option<&mut dyn FnMut(&Progress)> = match options.progress {
        Some(p) => Some(p),
        None => None,
    };
    let mut asker = Asker::new(peer, options.chunk, progress);
    asker.state.inputs = inputs.len();
    asker.report();
    asker.ask(&inputs)?;
    let answers: Vec<&Answer> = inputs
        .iter()
        .map(|i| asker.answer(i))
        .collect::<Option<_>>()
        .ok_or_else(|| Error::Peer("the peer left an input unanswered".into()))?;
    let parts = answers.iter().any(|a| matches!(a, Answer::Parts(_)));
    if parts && !ast::is_url_rule(edition, rule) {
        return Err(Error::NotAUrlRule {
            edition,
            rule: rule.to_string(),
        });
    }
    // Each disagreement in its group.
    let mut groups = Groups::new();
    let (mut agreed, mut disagreements, mut compared) = (0, 0, 0);
    for (case, answer) in suite.cases.iter().zip(&answers) {
        let input = case.input.as_str();
        let mut found = Vec::new();
        match (answer.accepts(), case.valid) {
            (true, false) => found.extend(accepted_group(&oracle, input)),
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
            groups
                .entry(key)
                .or_default()
                .push((input.to_string(), goal));
        }
    }
    let suite_asked = asker.asked;
    let shortest = shortest(PrintedGrammar::of(edition));
    let mut causes: Vec<(String, Cause)> = Vec::new();
    let mut seen: HashSet<String> = groups.keys().cloned().collect();
    let mut rounds = 0;
    // Named this round, and departing further on (repaired) next.
    let mut named = groups;
    let mut further: Vec<(String, Goal)> = named.values().flatten().cloned().collect();
    loop {
        rounds += 1;
        asker.state.round = rounds;
        let before = causes.len();
        name_groups(&oracle, &mut asker, &shortest, &named, &mut causes)?;
        asker.state.causes = causes.len();
        asker.report();
        let spent = asker.asked - suite_asked >= options.budget;
        if rounds >= ROUNDS || spent || (rounds > 1 && causes.len() == before) {
            break;
        }
        // Each input departing by a known place, with the character where
        // the rule stops deleted: what the peer accepts after it.
        let mut repaired: Vec<String> = further
            .iter()
            .filter_map(|(input, goal)| repair(&oracle, input, goal))
            .collect();
        repaired.sort_unstable();
        repaired.dedup();
        asker.ask(&repaired)?;
        named = Groups::new();
        further = Vec::new();
        for r in repaired {
            if !asker.answer(&r).is_some_and(Answer::accepts) {
                continue;
            }
            if let Some((key, goal)) = accepted_group(&oracle, &r) {
                further.push((r.clone(), goal.clone()));
                if !seen.contains(&key) {
                    named.entry(key).or_default().push((r.clone(), goal));
                }
            }
        }
        seen.extend(named.keys().cloned());
        if further.is_empty() {
            break;
        }
    }
    let mut causes: Vec<Cause> = merge_any(causes)
        .into_iter()
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
        asked: asker.asked - suite_asked,
        rounds,
        causes,
    })
}

/// Delimiters (and letters or digits) this many or more, taken at one
/// place: the peer takes any character there, one fault.
const ANY: usize = 4;

/// The causes, those of one place where the peer takes [`ANY`] or more
/// characters the rule does not (delimiters, letters, digits) made one:
/// the peer takes any character there. Characters no rule derives, and
/// ones that are not ASCII, stay causes of their own.
fn merge_any(causes: Vec<(String, Cause)>) -> Vec<Cause> {
    let place = |key: &str, c: &Cause| {
        let mut parts = key.split('|');
        let (side, rule, kind) = (parts.next(), parts.next(), parts.next());
        (side == Some("A") && matches!(kind, Some("delimiter" | "misplaced")))
            .then(|| (rule.unwrap_or_default().to_string(), c.expected.clone()))
    };
    let mut taken: HashMap<(String, Vec<String>), usize> = HashMap::new();
    for (key, c) in &causes {
        if let Some(p) = place(key, c) {
            *taken.entry(p).or_default() += 1;
        }
    }
    let mut out: Vec<Cause> = Vec::new();
    let mut merged: HashMap<(String, Vec<String>), usize> = HashMap::new();
    for (key, c) in causes {
        let Some(p) = place(&key, &c).filter(|p| taken.get(p).is_some_and(|&n| n >= ANY)) else {
            out.push(c);
            continue;
        };
        match merged.get(&p) {
            Some(&i) => {
                if let Some(known) = out.get_mut(i) {
                    known.count += c.count;
                    let found = c.found.clone().unwrap_or_default();
                    if better(&c.witness, &known.witness) {
                        *known = Cause {
                            count: known.count,
                            fault: known.fault.clone(),
                            ..c
                        };
                    }
                    known.fault = format!("{}, {found:?}", known.fault);
                }
            }
            None => {
                merged.insert(p, out.len());
                let found = c.found.clone().unwrap_or_default();
                let expected = c.expected.join(", ");
                let fault = format!(
                    "the peer takes any character in {}, where only {expected} can come; it took {found:?}",
                    c.rule
                );
                out.push(Cause { fault, ..c });
            }
        }
    }
    out
}

/// The group of an input the peer accepts and the rule refuses: where the
/// rule stops, and the kind of what is found there.
fn accepted_group(oracle: &Oracle<'_>, input: &str) -> Option<(String, Goal)> {
    let goal = oracle.stop(input)?;
    Some((format!("A|{goal:?}"), goal))
}

/// The input with the character where the rule stops deleted, where the
/// rule still refuses it: the fault after the first, if the peer takes it.
fn repair(oracle: &Oracle<'_>, input: &str, goal: &Goal) -> Option<String> {
    if !matches!(goal, Goal::Accepts(..)) {
        return None;
    }
    let at = oracle.graph.automaton.stop(input)?.byte_offset;
    let c = input.get(at..)?.chars().next()?;
    let out = format!("{}{}", input.get(..at)?, input.get(at + c.len_utf8()..)?);
    (!oracle.graph.automaton.matches(&out)).then_some(out)
}

/// Shrink a few inputs of each group with the peer in the loop, name each
/// witness's cause, and count the groups under their causes in `causes`.
fn name_groups(
    oracle: &Oracle<'_>,
    asker: &mut Asker<'_>,
    shortest: &HashMap<String, String>,
    groups: &Groups,
    causes: &mut Vec<(String, Cause)>,
) -> Result<(), Error> {
    // The largest groups shrink first; each group's shortest inputs.
    let mut order: Vec<(&String, &Vec<(String, Goal)>)> = groups.iter().collect();
    order.sort_by_key(|(_, members)| std::cmp::Reverse(members.len()));
    let mut reps: Vec<(&String, String, Goal)> = Vec::new();
    let mut unshrunk = Vec::new();
    for (n, (key, members)) in order.iter().enumerate() {
        let mut sorted: Vec<&(String, Goal)> = members.iter().collect();
        sorted.sort_by(|x, y| (x.0.len(), &x.0).cmp(&(y.0.len(), &y.0)));
        sorted.dedup_by(|x, y| x.0 == y.0);
        let take = if n < LARGEST { PER_GROUP } else { 1 };
        for (input, goal) in sorted.into_iter().take(take) {
            if n < SHRUNK {
                reps.push((key, input.clone(), goal.clone()));
            } else {
                unshrunk.push((*key, input.clone(), goal.clone()));
            }
        }
    }
    let shrunk = shrink_all(
        oracle,
        asker,
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
        oracle,
        asker,
        shortest,
        &witnesses
            .iter()
            .map(|(_, w, g)| (w.clone(), g.clone()))
            .collect::<Vec<_>>(),
    )?;
    // Each group counted under its first witness's cause; the witness of a
    // cause is the shortest of its groups'.
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
    Ok(())
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
