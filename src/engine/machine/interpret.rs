//! The program of any pest grammar, interpreted: the machine the emitted ones
//! are made from, run directly and plainly (no first-byte guards). Tests use it
//! to pin the program's folds on small grammars, and to check it derives what
//! the emitted machines derive.

use rustc_hash::FxHashMap;

use super::program::{Compiled, Op, Program};
use super::{Failed, entry_names, leak_printed};
use crate::edition::Edition;
use crate::grammar::peg::{Derivation, Token};

/// A program and its rules' printed names.
#[derive(Debug)]
pub struct Interpreter {
    program: Program,
    names: Vec<&'static str>,
    entries: FxHashMap<String, usize>,
}

impl Interpreter {
    /// The interpreter of a pest grammar's text.
    pub fn from_pest(edition: Edition, source: &str) -> Result<Interpreter, String> {
        let program = Program::from_pest(source)?;
        let names = program
            .rules
            .iter()
            .map(|r| leak_printed(edition, &r.name))
            .collect();
        let entries = entry_names(
            edition,
            program.entries.iter().map(|(n, id)| (n.as_str(), *id)),
        );
        Ok(Interpreter {
            program,
            names,
            entries,
        })
    }

    /// The derivation of the whole input from the rule, with at most `cap`
    /// tokens. `None` when the grammar has no such rule.
    pub fn derive(
        &self,
        rule: &str,
        input: &str,
        cap: usize,
    ) -> Option<Result<Derivation, Failed>> {
        let id = *self.entries.get(rule)?;
        let entry = self.program.rules.get(id)?;
        if u32::try_from(input.len()).is_err() {
            return Some(Err(Failed::TooLarge));
        }
        let mut run = Run {
            rules: &self.program.rules,
            names: &self.names,
            input: input.as_bytes(),
            out: Vec::with_capacity(32.min(cap)),
            cap,
            over: false,
        };
        let end = run.node(self.names.get(id)?, &entry.body, 0);
        Some(match end {
            _ if run.over => Err(Failed::TooLarge),
            Some(end) if end == input.len() => Ok(Derivation { tokens: run.out }),
            _ => Err(Failed::NoMatch),
        })
    }
}

/// One run: the input, the tokens so far, and how many are allowed.
struct Run<'m, 'i> {
    rules: &'m [Compiled],
    names: &'m [&'static str],
    input: &'i [u8],
    out: Vec<Token>,
    cap: usize,
    over: bool,
}

impl Run<'_, '_> {
    fn eval(&mut self, op: &Op, pos: usize) -> Option<usize> {
        match op {
            Op::Lit(l) => {
                let end = pos.checked_add(l.len())?;
                (self.input.get(pos..end)? == &l[..]).then_some(end)
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
                    match self.eval(op, at) {
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
            Op::Opt(op) => Some(self.eval(op, pos).unwrap_or(pos)),
            Op::Rep(op) => {
                let mut at = pos;
                // pest's grammar checker forbids a repetition that can match
                // empty; stopping on no progress keeps that from looping.
                while let Some(next) = self.eval(op, at) {
                    if next == at {
                        break;
                    }
                    at = next;
                }
                Some(at)
            }
            // Lookahead keeps no tokens (pest makes none under it).
            Op::Pos(op) => self.look(op, pos).then_some(pos),
            Op::Neg(op) => (!self.look(op, pos)).then_some(pos),
            Op::Call(id) => {
                let rule = self.rules.get(*id)?;
                self.node(self.names.get(*id)?, &rule.body, pos)
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
        alternatives.iter().find_map(|op| self.eval(op, pos))
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
