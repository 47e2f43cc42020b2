//! A PEG machine for each edition, compiled at first use from the same
//! `grammar/<edition>.pest` file the pest parser is generated from, read by
//! pest's own grammar reader (`pest_meta`). It runs pest's semantics (ordered
//! choice, greedy repetition, lookahead; atomic rules hide their inner rules,
//! silent rules themselves) without pest's per-call bookkeeping for error
//! reports, so the AST is built from its derivation; pest stays the reference
//! (`tree`, diagnoses), and `tests/machine.rs` proves both derive the same tree.
//!
//! Compiling folds what runs per character: a silent or hidden rule is inlined,
//! literals of one byte and ranges become byte classes, alternatives that are
//! byte classes merge into one where the order cannot matter, and a repeated
//! class is one loop.

use std::collections::HashMap;
use std::sync::OnceLock;

use pest_meta::ast::{Expr, Rule as AstRule, RuleType};
use rustc_hash::FxHashMap;

use crate::edition::Edition;
use crate::error::Error;
use crate::grammar::peg::{Derivation, Token, pest_name, printed_name};

/// A set of bytes, one flag per byte.
type Class = [bool; 256];

/// One matching operation. Every operation that fails leaves the token list
/// as it found it.
#[derive(Clone, Debug)]
enum Op {
    /// These bytes.
    Lit(Box<[u8]>),
    /// One byte of the class.
    Class(Box<Class>),
    /// Bytes of the class, as many as there are (pest's `c*`: greedy, never given back).
    Run(Box<Class>),
    /// `(c | e1 | e2 …)*` with the class first: bytes of the class in one loop,
    /// the other alternatives tried where it stops.
    Scan(Box<Class>, Box<[Op]>),
    /// Each in turn.
    Seq(Box<[Op]>),
    /// The first that matches.
    Choice(Box<[Op]>),
    /// Perhaps.
    Opt(Box<Op>),
    /// As many times as it matches.
    Rep(Box<Op>),
    /// `&e`: matches, consuming nothing.
    Pos(Box<Op>),
    /// `!e`: does not match here.
    Neg(Box<Op>),
    /// A rule that gives a node: index into [`Machine::rules`].
    Call(usize),
    /// The end of input (pest's `EOI`, a node when `true`).
    Eoi(bool),
}

/// A rule that gives a node, compiled.
#[derive(Debug)]
struct Compiled {
    /// Its printed name.
    name: &'static str,
    body: Op,
}

/// The machine of one edition: its rules that give nodes, and each entry
/// point by printed and by pest name.
#[derive(Debug)]
pub struct Machine {
    rules: Vec<Compiled>,
    entries: FxHashMap<String, usize>,
}

/// Why a derivation could not be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The rule does not derive the whole input.
    NoMatch,
    /// The derivation would have more tokens than allowed (or the input is
    /// longer than 4 GiB, past what a token's offsets hold).
    TooLarge,
}

/// Compiles rules into operations; `stack` holds the rules being compiled,
/// so recursion is found (the five grammars have none, and none is allowed:
/// it is what keeps the machine's own stack bounded on any input).
struct Compiler<'g> {
    source: HashMap<&'g str, &'g AstRule>,
    rules: Vec<Compiled>,
    ids: HashMap<(String, bool), usize>,
    stack: Vec<String>,
}

fn class_of(pred: impl Fn(u8) -> bool) -> Box<Class> {
    let mut c = Box::new([false; 256]);
    for (b, slot) in c.iter_mut().enumerate() {
        *slot = u8::try_from(b).is_ok_and(&pred);
    }
    c
}

/// pest's built-in character rules the grammars use (ASCII only).
fn builtin(name: &str) -> Option<Box<Class>> {
    Some(match name {
        "ASCII_DIGIT" => class_of(|b| b.is_ascii_digit()),
        "ASCII_ALPHA" => class_of(|b| b.is_ascii_alphabetic()),
        "ASCII_ALPHANUMERIC" => class_of(|b| b.is_ascii_alphanumeric()),
        "ASCII_HEX_DIGIT" => class_of(|b| b.is_ascii_hexdigit()),
        "ASCII_ALPHA_LOWER" => class_of(|b| b.is_ascii_lowercase()),
        "ASCII_ALPHA_UPPER" => class_of(|b| b.is_ascii_uppercase()),
        _ => return None,
    })
}

impl<'g> Compiler<'g> {
    /// A rule called in a context: `atomic` when an atomic rule is around it.
    fn call(&mut self, name: &str, atomic: bool) -> Result<Op, String> {
        if name == "EOI" {
            return Ok(Op::Eoi(!atomic));
        }
        if let Some(c) = builtin(name) {
            return Ok(Op::Class(c));
        }
        let rule = *self
            .source
            .get(name)
            .ok_or_else(|| format!("rule `{name}` is not defined"))?;
        // pest: a rule gives a node unless silent or inside an atomic rule;
        // atomic rules hide what they call, compound-atomic and non-atomic
        // ones do not.
        let node = !atomic && rule.ty != RuleType::Silent;
        let inner = match rule.ty {
            RuleType::Atomic => true,
            RuleType::CompoundAtomic | RuleType::NonAtomic => false,
            RuleType::Normal | RuleType::Silent => atomic,
        };
        if self.stack.iter().any(|r| r == name) {
            return Err(format!("rule `{name}` is recursive"));
        }
        if !node {
            self.stack.push(name.to_string());
            let body = self.expr(&rule.expr, inner);
            self.stack.pop();
            return body;
        }
        if let Some(&id) = self.ids.get(&(name.to_string(), atomic)) {
            return Ok(Op::Call(id));
        }
        self.stack.push(name.to_string());
        let body = self.expr(&rule.expr, inner);
        self.stack.pop();
        let id = self.rules.len();
        self.rules.push(Compiled {
            name: leak_printed(name),
            body: body?,
        });
        self.ids.insert((name.to_string(), atomic), id);
        Ok(Op::Call(id))
    }

    fn expr(&mut self, e: &Expr, atomic: bool) -> Result<Op, String> {
        Ok(match e {
            Expr::Str(s) => match s.as_bytes() {
                [b] => Op::Class(class_of(|x| x == *b)),
                bytes => Op::Lit(bytes.into()),
            },
            Expr::Range(lo, hi) => match (lo.as_bytes(), hi.as_bytes()) {
                // ASCII bounds: a byte in range is exactly a char in range.
                ([lo], [hi]) if lo.is_ascii() && hi.is_ascii() => {
                    let (lo, hi) = (*lo, *hi);
                    Op::Class(class_of(|x| (lo..=hi).contains(&x)))
                }
                _ => return Err(format!("range '{lo}'..'{hi}' is not ASCII")),
            },
            Expr::Ident(name) => self.call(name, atomic)?,
            Expr::PosPred(e) => Op::Pos(Box::new(self.expr(e, atomic)?)),
            Expr::NegPred(e) => Op::Neg(Box::new(self.expr(e, atomic)?)),
            Expr::Seq(a, b) => seq(vec![self.expr(a, atomic)?, self.expr(b, atomic)?]),
            Expr::Choice(a, b) => choice(vec![self.expr(a, atomic)?, self.expr(b, atomic)?]),
            Expr::Opt(e) => Op::Opt(Box::new(self.expr(e, atomic)?)),
            Expr::Rep(e) => rep(self.expr(e, atomic)?),
            // pest: `e+` is `e ~ e*`.
            Expr::RepOnce(e) => {
                let once = self.expr(e, atomic)?;
                seq(vec![once.clone(), rep(once)])
            }
            other => return Err(format!("`{other:?}` is not used by urlbnf's grammars")),
        })
    }
}

/// The printed name of a pest rule, kept for the life of the process (one per
/// rule of each edition, compiled once).
fn leak_printed(pest: &str) -> &'static str {
    static NAMES: OnceLock<std::sync::Mutex<HashMap<String, &'static str>>> = OnceLock::new();
    let names = NAMES.get_or_init(Default::default);
    let mut names = match names.lock() {
        Ok(n) => n,
        Err(poisoned) => poisoned.into_inner(),
    };
    names
        .entry(pest.to_string())
        .or_insert_with(|| Box::leak(printed_name(pest).into_boxed_str()))
}

/// `ops`, with the parts of any that `parts` opens (a sequence's in a
/// sequence, a choice's in a choice) spliced in its place.
fn spliced(ops: Vec<Op>, parts: impl Fn(Op) -> Result<Box<[Op]>, Op>) -> Vec<Op> {
    let mut flat = Vec::new();
    for op in ops {
        match parts(op) {
            Ok(inner) => flat.extend(inner.into_vec()),
            Err(op) => flat.push(op),
        }
    }
    flat
}

/// The one operation of `ops`, else `many` of them.
fn one_or(ops: Vec<Op>, many: impl FnOnce(Box<[Op]>) -> Op) -> Op {
    match <[Op; 1]>::try_from(ops) {
        Ok([one]) => one,
        Err(ops) => many(ops.into()),
    }
}

fn seq(ops: Vec<Op>) -> Op {
    let flat = spliced(ops, |op| match op {
        Op::Seq(inner) => Ok(inner),
        op => Err(op),
    });
    one_or(flat, Op::Seq)
}

fn rep(op: Op) -> Op {
    match op {
        Op::Class(c) => Op::Run(c),
        Op::Choice(alts) => match alts.split_first() {
            Some((Op::Class(c), rest)) => Op::Scan(c.clone(), rest.into()),
            _ => Op::Rep(Box::new(Op::Choice(alts))),
        },
        op => Op::Rep(Box::new(op)),
    }
}

/// The bytes an operation's match can start with, and whether it can match
/// the empty string; an over-estimate where exactness would cost (lookahead,
/// rule calls).
fn first(op: &Op) -> (Class, bool) {
    match op {
        Op::Lit(l) => match l.first() {
            Some(&b) => (*class_of(|x| x == b), false),
            None => ([false; 256], true),
        },
        Op::Class(c) => (**c, false),
        Op::Run(c) => (**c, true),
        Op::Seq(ops) => {
            let mut set = [false; 256];
            for op in ops.iter() {
                let (s, nullable) = first(op);
                union(&mut set, &s);
                if !nullable {
                    return (set, false);
                }
            }
            (set, true)
        }
        Op::Choice(ops) => {
            let mut set = [false; 256];
            let mut any_nullable = false;
            for op in ops.iter() {
                let (s, nullable) = first(op);
                union(&mut set, &s);
                any_nullable |= nullable;
            }
            (set, any_nullable)
        }
        Op::Opt(op) | Op::Rep(op) => (first(op).0, true),
        Op::Scan(c, rest) => {
            let mut set = **c;
            for op in rest.iter() {
                union(&mut set, &first(op).0);
            }
            (set, true)
        }
        Op::Pos(_) | Op::Neg(_) | Op::Call(_) | Op::Eoi(_) => ([true; 256], true),
    }
}

fn union(into: &mut Class, from: &Class) {
    for (a, b) in into.iter_mut().zip(from.iter()) {
        *a |= *b;
    }
}

/// Alternatives, flattened; the byte classes among them merged into one, tried
/// first, when no other alternative can match empty or start with one of their
/// bytes: then at most one alternative can match at any point, so the order
/// gives the same match.
fn choice(ops: Vec<Op>) -> Op {
    let mut flat = spliced(ops, |op| match op {
        Op::Choice(inner) => Ok(inner),
        op => Err(op),
    });
    let (classes, others): (Vec<Op>, Vec<Op>) = flat
        .iter()
        .cloned()
        .partition(|o| matches!(o, Op::Class(_)));
    let mut merged = [false; 256];
    for c in &classes {
        if let Op::Class(c) = c {
            union(&mut merged, c);
        }
    }
    let apart = others.iter().all(|o| {
        let (set, nullable) = first(o);
        !nullable && set.iter().zip(merged.iter()).all(|(a, b)| !(*a && *b))
    });
    if classes.len() > 1 && apart {
        flat = std::iter::once(Op::Class(Box::new(merged)))
            .chain(others)
            .collect();
    }
    one_or(flat, Op::Choice)
}

/// One run: the input, the tokens so far, and how many are allowed.
struct Run<'m, 'i> {
    rules: &'m [Compiled],
    input: &'i [u8],
    out: Vec<Token>,
    cap: usize,
    over: bool,
}

impl Run<'_, '_> {
    /// [`Run::eval`], with a class or literal matched here: most operations
    /// are one, and a call for each costs more than the match.
    #[inline(always)]
    fn step(&mut self, op: &Op, pos: usize) -> Option<usize> {
        match op {
            Op::Class(c) => {
                let &b = self.input.get(pos)?;
                c[usize::from(b)].then_some(pos + 1)
            }
            op => self.eval(op, pos),
        }
    }

    fn eval(&mut self, op: &Op, pos: usize) -> Option<usize> {
        match op {
            Op::Lit(l) => {
                let end = pos.checked_add(l.len())?;
                let here = self.input.get(pos..end)?;
                // Literals are a few bytes: a loop beats a call to memcmp.
                here.iter()
                    .zip(l.iter())
                    .all(|(a, b)| a == b)
                    .then_some(end)
            }
            Op::Class(c) => {
                let &b = self.input.get(pos)?;
                c[usize::from(b)].then_some(pos + 1)
            }
            Op::Run(c) => {
                let rest = self.input.get(pos..).unwrap_or(&[]);
                Some(pos + rest.iter().take_while(|&&b| c[usize::from(b)]).count())
            }
            Op::Scan(c, rest) => {
                let mut at = pos;
                loop {
                    let tail = self.input.get(at..).unwrap_or(&[]);
                    at += tail.iter().take_while(|&&b| c[usize::from(b)]).count();
                    match self.first_of(rest, at) {
                        Some(next) if next > at => at = next,
                        _ => return Some(at),
                    }
                }
            }
            Op::Seq(ops) => {
                let mark = self.out.len();
                let mut at = pos;
                for op in ops.iter() {
                    match self.step(op, at) {
                        Some(next) => at = next,
                        None => {
                            self.out.truncate(mark);
                            return None;
                        }
                    }
                }
                Some(at)
            }
            Op::Choice(ops) => self.first_of(ops, pos),
            Op::Opt(op) => Some(self.step(op, pos).unwrap_or(pos)),
            Op::Rep(op) => {
                let mut at = pos;
                // pest's grammar checker forbids a repetition that can match
                // empty; stopping on no progress keeps that from looping.
                while let Some(next) = self.step(op, at) {
                    if next == at {
                        break;
                    }
                    at = next;
                }
                Some(at)
            }
            // Lookahead keeps no tokens (pest makes none under it).
            Op::Pos(op) => (!self.cannot_start(op, pos, 3) && self.look(op, pos)).then_some(pos),
            Op::Neg(op) => (self.cannot_start(op, pos, 3) || !self.look(op, pos)).then_some(pos),
            Op::Call(id) => {
                let rule = self.rules.get(*id)?;
                self.node(rule.name, &rule.body, pos)
            }
            Op::Eoi(node) => {
                if pos != self.input.len() {
                    return None;
                }
                if *node {
                    self.push("EOI", pos, pos);
                }
                Some(pos)
            }
        }
    }

    /// The first alternative that matches at `pos`: where it ends.
    fn first_of(&mut self, alternatives: &[Op], pos: usize) -> Option<usize> {
        for op in alternatives {
            if !matches!(op, Op::Class(_)) && self.cannot_start(op, pos, 3) {
                continue;
            }
            if let Some(end) = self.step(op, pos) {
                return Some(end);
            }
        }
        None
    }

    /// Whether the operation fails at `pos` for its first byte alone, seen
    /// without running it (looking `depth` operations down): most alternatives
    /// and lookaheads are decided so.
    fn cannot_start(&self, op: &Op, pos: usize, depth: u8) -> bool {
        let byte = self.input.get(pos);
        match op {
            Op::Class(c) => byte.is_none_or(|&b| !c[usize::from(b)]),
            Op::Lit(l) => l.first().is_some_and(|f| byte != Some(f)),
            Op::Seq(ops) if depth > 0 => ops
                .first()
                .is_some_and(|op| self.cannot_start(op, pos, depth - 1)),
            Op::Call(id) if depth > 0 => self
                .rules
                .get(*id)
                .is_some_and(|r| self.cannot_start(&r.body, pos, depth - 1)),
            _ => false,
        }
    }

    fn look(&mut self, op: &Op, pos: usize) -> bool {
        let mark = self.out.len();
        let matched = self.eval(op, pos).is_some();
        self.out.truncate(mark);
        matched
    }

    fn push(&mut self, rule: &'static str, start: usize, end: usize) -> Option<usize> {
        if self.out.len() >= self.cap {
            self.over = true;
            return None;
        }
        let at = self.out.len();
        self.out.push(Token {
            rule,
            start: u32::try_from(start).ok()?,
            end: u32::try_from(end).ok()?,
            len: 1,
        });
        Some(at)
    }

    fn node(&mut self, rule: &'static str, body: &Op, pos: usize) -> Option<usize> {
        let at = self.push(rule, pos, pos)?;
        match self.eval(body, pos) {
            Some(end) => {
                let len = u32::try_from(self.out.len() - at).ok()?;
                let token = self.out.get_mut(at)?;
                token.end = u32::try_from(end).ok()?;
                token.len = len;
                Some(end)
            }
            None => {
                self.out.truncate(at);
                None
            }
        }
    }
}

impl Machine {
    fn compile(edition: Edition) -> Result<Machine, Error> {
        Machine::from_pest(edition.pest_source()).map_err(|message| Error::Transcription {
            edition,
            rule: None,
            message: format!("compiling grammar/{edition}.pest: {message}"),
        })
    }

    /// The machine of a pest grammar's text.
    pub fn from_pest(source: &str) -> Result<Machine, String> {
        let pairs = pest_meta::parser::parse(pest_meta::parser::Rule::grammar_rules, source)
            .map_err(|e| e.to_string())?;
        let rules = pest_meta::parser::consume_rules(pairs).map_err(|errors| {
            errors
                .iter()
                .map(|e| e.to_string())
                .collect::<Vec<_>>()
                .join("; ")
        })?;
        let mut compiler = Compiler {
            source: rules.iter().map(|r| (r.name.as_str(), r)).collect(),
            rules: Vec::new(),
            ids: HashMap::new(),
            stack: Vec::new(),
        };
        let mut entries = FxHashMap::default();
        for rule in &rules {
            if rule.ty == RuleType::Silent {
                continue;
            }
            let Op::Call(id) = compiler.call(&rule.name, false)? else {
                return Err(format!("rule `{}` gives no node", rule.name));
            };
            // Found by pest name, and a printed rule by its printed name too.
            if pest_name(&printed_name(&rule.name)) == rule.name {
                entries.insert(printed_name(&rule.name), id);
            }
            entries.insert(rule.name.clone(), id);
        }
        Ok(Machine {
            rules: compiler.rules,
            entries,
        })
    }

    /// The machine of an edition, compiled once per process.
    pub fn of(edition: Edition) -> Result<&'static Machine, Error> {
        static MACHINES: [OnceLock<Result<Machine, Error>>; 5] = [const { OnceLock::new() }; 5];
        let index = Edition::ALL
            .iter()
            .position(|&e| e == edition)
            .unwrap_or_default();
        match MACHINES.get(index) {
            Some(cell) => cell
                .get_or_init(|| Machine::compile(edition))
                .as_ref()
                .map_err(Clone::clone),
            None => Err(Error::unknown_rule(edition, "")),
        }
    }

    /// The derivation of the whole input from the rule, with at most `cap`
    /// tokens. `None` when the machine has no such rule.
    pub fn derive(&self, rule: &str, input: &str, cap: usize) -> Option<Result<Derivation, Stop>> {
        let entry = self.rules.get(*self.entries.get(rule)?)?;
        if u32::try_from(input.len()).is_err() {
            return Some(Err(Stop::TooLarge));
        }
        let mut run = Run {
            rules: &self.rules,
            input: input.as_bytes(),
            // Room for a typical URL's nodes without growing.
            out: Vec::with_capacity(32.min(cap)),
            cap,
            over: false,
        };
        let end = run.node(entry.name, &entry.body, 0);
        Some(match end {
            _ if run.over => Err(Stop::TooLarge),
            Some(end) if end == input.len() => Ok(Derivation { tokens: run.out }),
            _ => Err(Stop::NoMatch),
        })
    }
}
