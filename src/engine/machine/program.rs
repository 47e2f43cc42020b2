//! A pest grammar compiled into a program of matching operations: what the PEG
//! machine runs. The build script reads this file too (it emits each edition's
//! program as Rust), so it uses nothing but std and pest's own grammar reader
//! (`pest_meta`).
//!
//! pest's semantics (ordered choice, greedy repetition, lookahead; atomic rules
//! hide their inner rules, silent rules themselves) are kept; compiling folds
//! what runs per character: a silent or hidden rule is inlined, literals of one
//! byte and ranges become byte classes, alternatives that are byte classes
//! merge into one where the order cannot matter, and a repeated class is one
//! loop.

use std::collections::HashMap;

use pest_meta::ast::{Expr, Rule as AstRule, RuleType};

/// A set of bytes, one flag per byte.
pub type Class = [bool; 256];

/// One matching operation. Every operation that fails leaves the token list
/// as it found it.
#[derive(Clone, Debug)]
pub enum Op {
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
    /// A rule that gives a node: index into [`Program::rules`].
    Call(usize),
    /// The end of input (pest's `EOI`, a node when `true`).
    Eoi(bool),
}

/// A rule that gives a node, compiled.
#[derive(Debug)]
pub struct Compiled {
    /// Its pest name.
    pub name: String,
    /// What it matches.
    pub body: Op,
}

/// Compiles rules into operations; `stack` holds the rules being compiled,
/// so recursion is found (the grammars have none, and none is allowed:
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
            name: name.to_string(),
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
            // pest: `e{n}` is n times `e`; `e{m,n}` m times, then up to n-m more,
            // each tried only after the one before matched (nested options).
            Expr::RepExact(e, n) => self.bounded(e, *n, Some(*n), atomic)?,
            Expr::RepMin(e, n) => self.bounded(e, *n, None, atomic)?,
            Expr::RepMax(e, n) => self.bounded(e, 0, Some(*n), atomic)?,
            Expr::RepMinMax(e, m, n) => self.bounded(e, *m, Some(*n), atomic)?,
            // `^"text"`: each ASCII letter either case (RFC 5234 strings).
            Expr::Insens(s) => seq(s
                .bytes()
                .map(|b| {
                    let (lo, up) = (b.to_ascii_lowercase(), b.to_ascii_uppercase());
                    Op::Class(class_of(|x| x == lo || x == up))
                })
                .collect()),
            other => return Err(format!("`{other:?}` is not used by urlbnf's grammars")),
        })
    }
}

impl Compiler<'_> {
    /// `e` at least `min` times and at most `max` (no limit: `None`).
    fn bounded(
        &mut self,
        e: &Expr,
        min: u32,
        max: Option<u32>,
        atomic: bool,
    ) -> Result<Op, String> {
        let one = self.expr(e, atomic)?;
        let mut ops: Vec<Op> = (0..min).map(|_| one.clone()).collect();
        match max {
            None => ops.push(rep(one)),
            Some(max) => {
                let mut more: Option<Op> = None;
                for _ in min..max {
                    more = Some(Op::Opt(Box::new(match more {
                        None => one.clone(),
                        Some(inner) => seq(vec![one.clone(), inner]),
                    })));
                }
                ops.extend(more);
            }
        }
        Ok(seq(ops))
    }
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
pub fn first(op: &Op) -> (Class, bool) {
    first_with(op, &|_| None)
}

/// [`first`], with what `called` says of the rules an operation calls (an
/// over-estimate where it says nothing).
fn first_with(op: &Op, called: &dyn Fn(usize) -> Option<(Class, bool)>) -> (Class, bool) {
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
                let (s, nullable) = first_with(op, called);
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
                let (s, nullable) = first_with(op, called);
                union(&mut set, &s);
                any_nullable |= nullable;
            }
            (set, any_nullable)
        }
        Op::Opt(op) | Op::Rep(op) => (first_with(op, called).0, true),
        Op::Scan(c, rest) => {
            let mut set = **c;
            for op in rest.iter() {
                union(&mut set, &first_with(op, called).0);
            }
            (set, true)
        }
        Op::Call(id) => called(*id).unwrap_or(([true; 256], true)),
        Op::Pos(_) | Op::Neg(_) | Op::Eoi(_) => ([true; 256], true),
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

/// A grammar's program: its rules that give nodes, and each rule that gives a
/// node by pest name.
#[derive(Debug)]
pub struct Program {
    /// The compiled rules; [`Op::Call`] indexes them.
    pub rules: Vec<Compiled>,
    /// Every rule of the grammar that is not silent, by pest name, and its index.
    pub entries: Vec<(String, usize)>,
}

impl Program {
    /// The program of a pest grammar's text.
    pub fn from_pest(source: &str) -> Result<Program, String> {
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
        let mut entries = Vec::new();
        for rule in &rules {
            if rule.ty == RuleType::Silent {
                continue;
            }
            let Op::Call(id) = compiler.call(&rule.name, false)? else {
                return Err(format!("rule `{}` gives no node", rule.name));
            };
            entries.push((rule.name.clone(), id));
        }
        Ok(Program {
            rules: compiler.rules,
            entries,
        })
    }

    /// [`first`], looking into the rules an operation calls (there is no
    /// recursion to stop it): exact but for lookahead.
    pub fn first(&self, op: &Op) -> (Class, bool) {
        first_with(op, &|id| self.rules.get(id).map(|r| self.first(&r.body)))
    }
}
