//! A report's cause names a rule each of its inputs is in where it stops.
//!
//! The check is independent of the code that labels (which reads pest
//! derivations of the shortest prefix to an unminimized automaton's state):
//! it builds, from the printed grammar itself, the language of the checked
//! rule's strings with a marker byte put where a node of rule R holds the next
//! character (or is empty right there), and asks whether the example's prefix
//! followed by the marker starts some string of it. That is: some derivation of
//! some valid string that goes on from the prefix has R open at the offset.

use crate::common;

use std::collections::HashMap;

use regex_automata::nfa::thompson::{self, NFA, State};
use regex_automata::util::primitives::StateID;
use regex_syntax::hir::{Class, ClassUnicode, ClassUnicodeRange, Hir, Repetition};
use urlbnf::grammar::{Expr, PrintedGrammar};
use urlbnf::known;
use urlbnf::report::Reporter;
use urlbnf::{Checker, Edition};

/// The marker: a byte no printed grammar has.
const MARK: u8 = 0xFF;

fn star(h: Hir) -> Hir {
    Hir::repetition(Repetition {
        min: 0,
        max: None,
        greedy: true,
        sub: Box::new(h),
    })
}

/// `h` from `min` to `max` times (`None`: no limit).
fn times(h: Hir, min: u32, max: Option<u32>) -> Hir {
    Hir::repetition(Repetition {
        min,
        max,
        greedy: true,
        sub: Box::new(h),
    })
}

/// One character of a range (ABNF `%x41-5A`).
fn range(lo: char, hi: char) -> Hir {
    Hir::class(Class::Unicode(ClassUnicode::new([ClassUnicodeRange::new(
        lo, hi,
    )])))
}

fn opt(h: Hir) -> Hir {
    Hir::repetition(Repetition {
        min: 0,
        max: Some(1),
        greedy: true,
        sub: Box::new(h),
    })
}

/// The printed grammar as languages, plain and marked, with one alternative
/// of one rule left out (the known-scheme reading) or none.
struct Marked<'g> {
    g: &'g PrintedGrammar,
    without: Option<(String, String)>,
    target: String,
    plain: HashMap<String, Hir>,
    marked: HashMap<String, Hir>,
}

impl Marked<'_> {
    fn expr_of(&self, name: &str) -> Expr {
        let e = self.g.rule(name).expect("rule").expr.clone();
        match (&self.without, e) {
            (Some((r, alt)), Expr::Alt(items)) if r == name => Expr::Alt(
                items
                    .into_iter()
                    .filter(|i| !matches!(i, Expr::Ref(n) if n == alt))
                    .collect(),
            ),
            (_, e) => e,
        }
    }

    /// `N = A | B N` as (A, B); every printed recursion is in tail position.
    fn split(e: &Expr, n: &str) -> (Vec<Expr>, Vec<Expr>) {
        let mentions = |e: &Expr| e.refs().contains(&n);
        match e {
            Expr::Ref(r) if r == n => (vec![], vec![Expr::Empty]),
            e if !mentions(e) => (vec![e.clone()], vec![]),
            Expr::Seq(items) => {
                let (last, init) = items.split_last().expect("a sequence");
                let (a, b) = Self::split(last, n);
                let pre = |x: Expr| {
                    let mut v = init.to_vec();
                    v.push(x);
                    Expr::Seq(v)
                };
                (
                    a.into_iter().map(pre).collect(),
                    b.into_iter().map(pre).collect(),
                )
            }
            Expr::Alt(items) => items.iter().fold((vec![], vec![]), |(mut a, mut b), i| {
                let (x, y) = Self::split(i, n);
                a.extend(x);
                b.extend(y);
                (a, b)
            }),
            Expr::Opt(item) => {
                let (a, b) = Self::split(item, n);
                let a = if a.is_empty() {
                    Expr::Empty
                } else {
                    Expr::Opt(Box::new(Expr::Alt(a)))
                };
                (vec![a], b)
            }
            other => panic!("recursion inside {other:?}"),
        }
    }

    /// The language of a rule.
    fn rule(&mut self, name: &str) -> Hir {
        if let Some(h) = self.plain.get(name) {
            return h.clone();
        }
        let e = self.expr_of(name);
        let h = if e.refs().contains(&name) {
            let (a, b) = Self::split(&e, name);
            let a = self.plain_expr(&Expr::Alt(a));
            let b = self.plain_expr(&Expr::Alt(b));
            Hir::concat(vec![star(b), a])
        } else {
            self.plain_expr(&e)
        };
        self.plain.insert(name.to_string(), h.clone());
        h
    }

    fn plain_expr(&mut self, e: &Expr) -> Hir {
        match e {
            Expr::Empty => Hir::empty(),
            Expr::Lit(s) => Hir::literal(s.as_bytes()),
            Expr::Ref(r) => self.rule(r),
            Expr::Seq(v) => Hir::concat(v.iter().map(|i| self.plain_expr(i)).collect()),
            Expr::Alt(v) if v.is_empty() => Hir::fail(),
            Expr::Alt(v) => Hir::alternation(v.iter().map(|i| self.plain_expr(i)).collect()),
            Expr::Opt(i) => opt(self.plain_expr(i)),
            Expr::Range(lo, hi) => range(*lo, *hi),
            Expr::Rep { min, max, item } => times(self.plain_expr(item), *min, *max),
        }
    }

    /// Strings of `e` with the marker anywhere before their end.
    fn inside(&mut self, e: &Expr) -> Hir {
        let m = Hir::literal([MARK]);
        match e {
            Expr::Empty => Hir::fail(),
            Expr::Lit(s) => Hir::alternation(
                (0..s.len())
                    .map(|k| {
                        let (x, y) = s.as_bytes().split_at(k);
                        Hir::concat(vec![Hir::literal(x), m.clone(), Hir::literal(y)])
                    })
                    .collect(),
            ),
            Expr::Ref(r) => {
                let body = self.expr_of(r);
                if body.refs().contains(&r.as_str()) {
                    // N = B* A: the marker in a B or in the A.
                    let (a, b) = Self::split(&body, r);
                    let (a, b) = (Expr::Alt(a), Expr::Alt(b));
                    let n = self.rule(r);
                    let bs = star(self.plain_expr(&b));
                    let in_b = Hir::concat(vec![bs.clone(), self.inside(&b), n]);
                    let in_a = Hir::concat(vec![bs, self.inside(&a)]);
                    Hir::alternation(vec![in_b, in_a])
                } else {
                    self.inside(&body)
                }
            }
            Expr::Seq(v) => self.seq(v, |me, e| me.inside(e)),
            Expr::Alt(v) => Hir::alternation(v.iter().map(|i| self.inside(i)).collect()),
            Expr::Opt(i) => self.inside(i),
            Expr::Range(lo, hi) => Hir::concat(vec![m, range(*lo, *hi)]),
            Expr::Rep { item, min, max } => self.rep(item, *min, *max, |me, e| me.inside(e)),
        }
    }

    /// One item of a sequence marked by `mark`, the others plain.
    fn seq(&mut self, v: &[Expr], mark: impl Fn(&mut Self, &Expr) -> Hir) -> Hir {
        let plain: Vec<Hir> = v.iter().map(|i| self.plain_expr(i)).collect();
        let alts = (0..v.len())
            .map(|k| {
                let mut parts = plain.clone();
                parts[k] = mark(self, &v[k]);
                Hir::concat(parts)
            })
            .collect();
        Hir::alternation(alts)
    }

    /// A repetition with one repeat marked: `a` plain repeats, the marked
    /// one, then as many as make the count between `min` and `max`.
    fn rep(
        &mut self,
        item: &Expr,
        min: u32,
        max: Option<u32>,
        mark: impl Fn(&mut Self, &Expr) -> Hir,
    ) -> Hir {
        let p = self.plain_expr(item);
        let marked = mark(self, item);
        let after = |a: u32| min.saturating_sub(a + 1);
        let mut alts: Vec<Hir> = match max {
            Some(max) => (0..max)
                .map(|a| {
                    let rest = times(p.clone(), after(a), Some(max - a - 1));
                    Hir::concat(vec![times(p.clone(), a, Some(a)), marked.clone(), rest])
                })
                .collect(),
            None => (0..min)
                .map(|a| {
                    let rest = times(p.clone(), after(a), None);
                    Hir::concat(vec![times(p.clone(), a, Some(a)), marked.clone(), rest])
                })
                .collect(),
        };
        if max.is_none() {
            let before = times(p.clone(), min, None);
            alts.push(Hir::concat(vec![before, marked, star(p)]));
        }
        Hir::alternation(alts)
    }

    /// Strings of `e` with the marker where a node of the target rule holds
    /// the next character or is empty.
    fn marked(&mut self, e: &Expr) -> Hir {
        match e {
            Expr::Empty | Expr::Lit(_) | Expr::Range(..) => Hir::fail(),
            Expr::Ref(r) if *r == self.target => {
                let body = self.expr_of(r);
                let inside = self.inside(&Expr::Ref(r.clone()));
                let mut empty = if self.nullable(&body) {
                    Hir::literal([MARK])
                } else {
                    Hir::fail()
                };
                if body.refs().contains(&r.as_str()) {
                    // N = B* A: a nested N is empty at the end where A is.
                    let (a, b) = Self::split(&body, r);
                    if self.nullable(&Expr::Alt(a)) {
                        let bs = star(self.plain_expr(&Expr::Alt(b)));
                        empty = Hir::alternation(vec![
                            empty,
                            Hir::concat(vec![bs, Hir::literal([MARK])]),
                        ]);
                    }
                }
                Hir::alternation(vec![inside, empty])
            }
            Expr::Ref(r) => {
                if let Some(h) = self.marked.get(r.as_str()) {
                    return h.clone();
                }
                let body = self.expr_of(r);
                let h = if body.refs().contains(&r.as_str()) {
                    let (a, b) = Self::split(&body, r);
                    let (a, b) = (Expr::Alt(a), Expr::Alt(b));
                    let n = self.rule(r);
                    let bs = star(self.plain_expr(&b));
                    let in_b = Hir::concat(vec![bs.clone(), self.marked(&b), n]);
                    let in_a = Hir::concat(vec![bs, self.marked(&a)]);
                    Hir::alternation(vec![in_b, in_a])
                } else {
                    self.marked(&body)
                };
                self.marked.insert(r.clone(), h.clone());
                h
            }
            Expr::Seq(v) => self.seq(v, |me, e| me.marked(e)),
            Expr::Alt(v) => Hir::alternation(v.iter().map(|i| self.marked(i)).collect()),
            Expr::Opt(i) => self.marked(i),
            Expr::Rep { item, min, max } => self.rep(item, *min, *max, |me, e| me.marked(e)),
        }
    }

    fn nullable(&mut self, e: &Expr) -> bool {
        let h = self.plain_expr(e);
        h.properties().minimum_len() == Some(0)
    }
}

/// A marked language's NFA, with the states from which a match can be reached.
struct Judge {
    nfa: NFA,
    alive: Vec<bool>,
}

/// A state's edges: the bytes each reads (none for an edge that reads none)
/// and where it goes.
fn edges(state: &State) -> Vec<(Option<(u8, u8)>, StateID)> {
    match state {
        State::ByteRange { trans } => vec![(Some((trans.start, trans.end)), trans.next)],
        State::Sparse(s) => s
            .transitions
            .iter()
            .map(|t| (Some((t.start, t.end)), t.next))
            .collect(),
        State::Dense(d) => (0..=255u8)
            .filter_map(|b| d.matches_byte(b).map(|t| (Some((b, b)), t)))
            .collect(),
        State::Union { alternates } => alternates.iter().map(|&t| (None, t)).collect(),
        State::BinaryUnion { alt1, alt2 } => vec![(None, *alt1), (None, *alt2)],
        State::Capture { next, .. } | State::Look { next, .. } => vec![(None, *next)],
        State::Fail | State::Match { .. } => vec![],
    }
}

impl Judge {
    fn new(hir: &Hir) -> Judge {
        let nfa = thompson::Compiler::new()
            .configure(
                thompson::Config::new()
                    .utf8(false)
                    .which_captures(thompson::WhichCaptures::None),
            )
            .build_from_hir(hir)
            .expect("nfa");
        let n = nfa.states().len();
        let mut into: Vec<Vec<usize>> = vec![Vec::new(); n];
        let mut work = Vec::new();
        for (i, state) in nfa.states().iter().enumerate() {
            if matches!(state, State::Match { .. }) {
                work.push(i);
            }
            for (_, t) in edges(state) {
                into[t.as_usize()].push(i);
            }
        }
        let mut alive = vec![false; n];
        while let Some(t) = work.pop() {
            if !alive[t] {
                alive[t] = true;
                work.extend(into[t].iter().copied());
            }
        }
        Judge { nfa, alive }
    }

    /// The live states reached from `from` without reading a byte.
    fn closure(&self, from: Vec<StateID>) -> Vec<StateID> {
        let mut seen = vec![false; self.nfa.states().len()];
        let (mut out, mut work) = (Vec::new(), from);
        while let Some(s) = work.pop() {
            if std::mem::replace(&mut seen[s.as_usize()], true) || !self.alive[s.as_usize()] {
                continue;
            }
            out.push(s);
            for (on, t) in edges(&self.nfa.states()[s.as_usize()]) {
                if on.is_none() {
                    work.push(t);
                }
            }
        }
        out
    }

    /// Whether `text` starts a string of the language.
    fn viable(&self, text: &[u8]) -> bool {
        let mut set = self.closure(vec![self.nfa.start_anchored()]);
        for &b in text {
            let next = set
                .iter()
                .flat_map(|&s| edges(&self.nfa.states()[s.as_usize()]))
                .filter(|(on, _)| on.is_some_and(|(lo, hi)| lo <= b && b <= hi))
                .map(|(_, t)| t)
                .collect();
            set = self.closure(next);
            if set.is_empty() {
                return false;
            }
        }
        true
    }
}

/// Varied inputs: the seed corpus, strings derived from each edition's
/// whole-URL rule and from each of its scheme rules, the same with a character
/// put in, taken out or cut off.
fn corpus() -> Vec<String> {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(1738);
    let mut out: Vec<String> = common::corpus().iter().map(|s| s.to_string()).collect();
    for e in Edition::ALL {
        let mut rules = vec![e.default_rule().to_string()];
        if let Some(c) = known::catch_all(e) {
            rules.extend(c.schemes.iter().map(|k| k.rule.clone()));
        }
        for rule in &rules {
            for s in common::samples(e, rule, 2200 / rules.len(), 25) {
                let mut chars: Vec<char> = s.chars().collect();
                out.push(s.clone());
                match rng.gen_range(0..3) {
                    0 => {
                        let at = rng.gen_range(0..=chars.len());
                        chars.insert(at, char::from(rng.gen_range(0x20u8..0x7f)));
                    }
                    1 if !chars.is_empty() => {
                        chars.remove(rng.gen_range(0..chars.len()));
                    }
                    _ => chars.truncate(rng.gen_range(0..=chars.len())),
                }
                out.push(chars.into_iter().collect());
            }
        }
    }
    out
}

#[test]
#[ignore = "costly: .ci/run runs it (cargo test --test suite -- --ignored)"]
fn every_cause_names_a_rule_its_inputs_are_in() {
    let inputs = corpus();
    assert!(inputs.len() >= 10_000, "{} inputs", inputs.len());
    let mut judges: HashMap<(Edition, bool, String, bool), Judge> = HashMap::new();
    let mut checked = 0;
    for known_schemes in [false, true] {
        let checkers: Vec<Checker> = Edition::ALL
            .into_iter()
            .map(|e| {
                Checker::for_edition(e)
                    .expect("checker")
                    .known_schemes(known_schemes)
            })
            .collect();
        let reporter = Reporter::new(checkers).expect("reporter");
        // Small parts: every cause of every part keeps its own examples.
        for part in inputs.chunks(40) {
            let mut partial = reporter.partial();
            for i in part {
                reporter.add(&mut partial, i);
            }
            let report = reporter.finish(partial);
            for e in &report.editions {
                let g = PrintedGrammar::of(e.edition);
                for cause in &e.causes {
                    for ex in &cause.examples {
                        if cause.rule == e.rule {
                            continue; // the checked rule holds every input
                        }
                        let byte = ex
                            .input
                            .char_indices()
                            .nth(ex.offset)
                            .map_or(ex.input.len(), |(b, _)| b);
                        let prefix = &ex.input.as_bytes()[..byte];
                        let catch_all = known::catch_all(e.edition)
                            .filter(|c| c.applies_to(&e.rule) && known_schemes)
                            .filter(|c| c.scheme_of(&ex.input).is_some());
                        let key = (
                            e.edition,
                            catch_all.is_some(),
                            cause.rule.clone(),
                            known_schemes,
                        );
                        let judge = judges.entry(key).or_insert_with(|| {
                            let mut m = Marked {
                                g,
                                without: catch_all.map(|c| (c.rule.clone(), c.catch_all.clone())),
                                target: cause.rule.clone(),
                                plain: HashMap::new(),
                                marked: HashMap::new(),
                            };
                            Judge::new(&m.marked(&Expr::Ref(e.rule.clone())))
                        });
                        let mut text = prefix.to_vec();
                        text.push(MARK);
                        assert!(
                            judge.viable(&text),
                            "{} {} ({}): no derivation going on from {:?} has {} open at offset {}",
                            e.edition,
                            e.rule,
                            if known_schemes {
                                "known schemes"
                            } else {
                                "letter"
                            },
                            ex.input,
                            cause.rule,
                            ex.offset
                        );
                        checked += 1;
                    }
                }
            }
        }
    }
    eprintln!("{checked} cause examples checked, {} judges", judges.len());
    assert!(checked > 10_000, "{checked}");
}

#[test]
fn the_judge_tells_a_rule_the_input_is_not_in() {
    // draft-1994: a search of an http URL is no content-identifier (reachable
    // only after "cid:"), and is a search.
    let g = PrintedGrammar::of(Edition::Draft1994);
    let judge = |rule: &str| {
        let mut m = Marked {
            g,
            without: None,
            target: rule.to_string(),
            plain: HashMap::new(),
            marked: HashMap::new(),
        };
        Judge::new(&m.marked(&Expr::Ref("url".into())))
    };
    let prefix = b"http://git.kpe.io/?p\xff";
    assert!(!judge("content-identifier").viable(prefix));
    assert!(judge("search").viable(prefix));
}
