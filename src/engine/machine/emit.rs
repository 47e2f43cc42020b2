//! Each edition's PEG machine, emitted as Rust by the build script (`src/build.rs`).
//!
//! `grammar/<edition>.pest` is compiled into a program by `program.rs` (the same
//! file the library's tests interpret), and each rule of the program that gives
//! a node becomes one function: a sequence becomes straight-line code, an
//! ordered choice a chain of tries behind a test of the next byte, a byte class
//! a `match` or a table. Run-time interpretation of the program cost about 10 ns
//! per step, most of the typed AST's time; `tests/machine.rs` proves the
//! emitted machines derive pest's tree on the robust corpus.

use std::fmt::Write as _;

use super::program::{Class, Op, Program};

/// Emit each edition's machine, `$OUT_DIR/machine-<id>.rs`, from every
/// `grammar/<id>.pest`.
pub fn generate(manifest: &str, out: &str) -> Result<(), Box<dyn std::error::Error>> {
    let mut editions: Vec<String> = std::fs::read_dir(format!("{manifest}/grammar"))?
        .filter_map(|entry| {
            let name = entry.ok()?.file_name().into_string().ok()?;
            Some(name.strip_suffix(".pest")?.to_string())
        })
        .collect();
    editions.sort();
    for edition in &editions {
        let grammar = format!("grammar/{edition}.pest");
        let source = std::fs::read_to_string(format!("{manifest}/{grammar}"))?;
        let program = Program::from_pest(&source).map_err(|e| format!("{grammar}: {e}"))?;
        let code = Emitter::new(&program).file(&grammar)?;
        std::fs::write(format!("{out}/machine-{edition}.rs"), code)?;
    }
    Ok(())
}

/// Writes one program as Rust.
struct Emitter<'p> {
    program: &'p Program,
    /// Byte classes too scattered for a `match`, emitted as tables `C<i>`.
    tables: Vec<Class>,
    /// The next block label's number.
    labels: usize,
}

/// A class's bytes as inclusive ranges.
fn ranges(class: &Class) -> Vec<(u8, u8)> {
    let mut out: Vec<(u8, u8)> = Vec::new();
    for b in (0..=255u8).filter(|&b| class[usize::from(b)]) {
        match out.last_mut() {
            Some((_, hi)) if hi.checked_add(1) == Some(b) => *hi = b,
            _ => out.push((b, b)),
        }
    }
    out
}

/// Whether an operation can leave tokens behind when it matches (a rule call,
/// or the end of input as a node); lookahead never does.
fn may_push(op: &Op) -> bool {
    match op {
        Op::Call(_) | Op::Eoi(true) => true,
        Op::Seq(ops) | Op::Choice(ops) | Op::Scan(_, ops) => ops.iter().any(may_push),
        Op::Opt(op) | Op::Rep(op) => may_push(op),
        Op::Lit(_) | Op::Class(_) | Op::Run(_) | Op::Pos(_) | Op::Neg(_) | Op::Eoi(false) => false,
    }
}

impl<'p> Emitter<'p> {
    fn new(program: &'p Program) -> Self {
        Emitter {
            program,
            tables: Vec::new(),
            labels: 0,
        }
    }

    fn file(mut self, grammar: &str) -> Result<String, std::fmt::Error> {
        let mut functions = String::new();
        for (id, rule) in self.program.rules.iter().enumerate() {
            let body = self.expr(&rule.body);
            writeln!(
                functions,
                "// {name}\nfn r{id}(run: &mut Run<'_>, p: usize) -> Option<usize> {{\n    \
                 let at = run.open({id}, p)?;\n    let end = {body};\n    run.close(at, end)\n}}\n",
                name = rule.name,
            )?;
        }
        let mut out = String::new();
        writeln!(
            out,
            "// Emitted by src/engine/machine/emit.rs from {grammar}.\n"
        )?;
        let names = self.program.rules.iter().map(|r| format!("{:?}", r.name));
        writeln!(
            out,
            "/// Each compiled rule's pest name.\npub(super) const PEST_NAMES: [&str; {}] = [{}];\n",
            self.program.rules.len(),
            names.collect::<Vec<_>>().join(", ")
        )?;
        let entries = self
            .program
            .entries
            .iter()
            .map(|(name, id)| format!("({name:?}, r{id} as RuleFn)"));
        writeln!(
            out,
            "/// Each rule that gives a node, by pest name.\npub(super) const ENTRIES: [(&str, RuleFn); {}] = [{}];\n",
            self.program.entries.len(),
            entries.collect::<Vec<_>>().join(", ")
        )?;
        for (i, table) in self.tables.iter().enumerate() {
            let flags: Vec<&str> = table
                .iter()
                .map(|&b| if b { "true" } else { "false" })
                .collect();
            writeln!(out, "static C{i}: [bool; 256] = [{}];", flags.join(", "))?;
        }
        out.push('\n');
        out.push_str(&functions);
        Ok(out)
    }

    fn label(&mut self) -> String {
        self.labels += 1;
        format!("'b{}", self.labels)
    }

    /// A class as a pattern on one byte: its ranges when they are few,
    /// else `b` tested against a table.
    fn pattern(&mut self, class: &Class) -> Pattern {
        let ranges = ranges(class);
        match ranges.as_slice() {
            [] => Pattern::Guarded("false".into()),
            few if few.len() <= 3 => Pattern::Ranges(
                few.iter()
                    .map(|&(lo, hi)| match lo == hi {
                        true => format!("{lo:#04x}"),
                        false => format!("{lo:#04x}..={hi:#04x}"),
                    })
                    .collect::<Vec<_>>()
                    .join(" | "),
            ),
            _ => {
                let i = match self.tables.iter().position(|t| t == class) {
                    Some(i) => i,
                    None => {
                        self.tables.push(*class);
                        self.tables.len() - 1
                    }
                };
                Pattern::Guarded(format!("C{i}[usize::from(b)]"))
            }
        }
    }

    /// An expression: whether byte `b` is in the class.
    fn test(&mut self, class: &Class) -> String {
        match self.pattern(class) {
            Pattern::Ranges(ranges) => format!("matches!(b, {ranges})"),
            Pattern::Guarded(test) => test,
        }
    }

    /// A `match` arm's pattern on `run.byte(p)`: the next byte is in the class.
    fn next_in(&mut self, class: &Class) -> String {
        match self.pattern(class) {
            Pattern::Ranges(ranges) => format!("Some({ranges})"),
            Pattern::Guarded(test) => format!("Some(b) if {test}"),
        }
    }

    /// A guard that is false only where the operation cannot match at `p`:
    /// the next byte is none it can start with (`None` when it tells nothing).
    fn guard(&mut self, op: &Op) -> Option<String> {
        if matches!(op, Op::Class(_) | Op::Lit(_)) {
            return None;
        }
        let (set, nullable) = self.program.first(op);
        if nullable || set.iter().all(|&b| b) {
            return None;
        }
        Some(format!("matches!(run.byte(p), {})", self.next_in(&set)))
    }

    /// Rust for an operation: an expression of type `Option<usize>` (where the
    /// match ends) that reads its position from `p`, and leaves the tokens as
    /// it found them when it fails. An inner operation's result is bound to
    /// `r` before it is looked at: no block sits in a condition.
    fn expr(&mut self, op: &Op) -> String {
        match op {
            Op::Lit(bytes) => {
                let bytes: Vec<String> = bytes.iter().map(|b| format!("{b:#04x}")).collect();
                format!("run.lit(p, &[{}])", bytes.join(", "))
            }
            Op::Class(c) => {
                let next = self.next_in(c);
                format!("match run.byte(p) {{ {next} => Some(p + 1), _ => None }}")
            }
            Op::Run(c) => {
                let test = self.test(c);
                format!("Some(p + run.rest(p).iter().take_while(|&&b| {test}).count())")
            }
            Op::Scan(c, rest) => {
                let test = self.test(c);
                let rest = self.choice(rest);
                format!(
                    "{{ let mut q = p; loop {{ q += run.rest(q).iter().take_while(|&&b| {test}).count(); \
                     let p = q; let r = {rest}; match r {{ Some(n) if n > q => q = n, _ => break Some(q) }} }} }}"
                )
            }
            Op::Seq(ops) => {
                let label = self.label();
                let pushes = ops.iter().any(may_push);
                let mut code = format!("{label}: {{\n");
                if pushes {
                    code.push_str("let m = run.out.len();\n");
                }
                for (i, op) in ops.iter().enumerate() {
                    let e = self.expr(op);
                    let undo = if pushes && i > 0 {
                        "run.out.truncate(m); "
                    } else {
                        ""
                    };
                    code.push_str(&format!(
                        "let r = {e};\nlet Some(p) = r else {{ {undo}break {label} None; }};\n"
                    ));
                }
                code.push_str("Some(p) }");
                code
            }
            Op::Choice(ops) => self.choice(ops),
            Op::Opt(op) => {
                let e = self.expr(op);
                format!("{{ let r = {e}; Some(r.unwrap_or(p)) }}")
            }
            Op::Rep(op) => {
                let e = self.expr(op);
                format!(
                    "{{ let mut q = p; loop {{ let p = q; let r = {e}; \
                     match r {{ Some(n) if n != q => q = n, _ => break Some(q) }} }} }}"
                )
            }
            Op::Pos(inner) | Op::Neg(inner) => {
                // Lookahead keeps no tokens (pest makes none under it).
                let e = self.expr(inner);
                let (matched, unmatched) = match op {
                    Op::Pos(_) => ("Some(p)", "None"),
                    _ => ("None", "Some(p)"),
                };
                let undo = match may_push(inner) {
                    true => "run.out.truncate(m); ",
                    false => "",
                };
                let mark = match may_push(inner) {
                    true => "let m = run.out.len(); ",
                    false => "",
                };
                format!(
                    "{{ {mark}let found = {e}.is_some(); {undo}\
                     if found {{ {matched} }} else {{ {unmatched} }} }}"
                )
            }
            Op::Call(id) => format!("r{id}(run, p)"),
            Op::Eoi(node) => format!("run.eoi(p, {node})"),
        }
    }

    /// The first alternative that matches.
    fn choice(&mut self, ops: &[Op]) -> String {
        let label = self.label();
        let mut code = format!("{label}: {{\n");
        for op in ops {
            let e = self.expr(op);
            let attempt = format!("let r = {e};\nif r.is_some() {{ break {label} r; }}");
            match self.guard(op) {
                Some(guard) => code.push_str(&format!("if {guard} {{\n{attempt}\n}}\n")),
                None => code.push_str(&format!("{{\n{attempt}\n}}\n")),
            }
        }
        code.push_str("None }");
        code
    }
}

/// A byte class in emitted code.
enum Pattern {
    /// Byte ranges, as a pattern: `0x61..=0x7a | 0x2d`.
    Ranges(String),
    /// A test of `b`: a table lookup, or `false` for the empty class.
    Guarded(String),
}
