//! Exactness: for every printed rule of every edition, the pest grammar gives the
//! same verdict as the automaton compiled from the printed BNF (an independent
//! reading: `grammar/*.bnf`, never the `.pest` files).
//!
//! Inputs: strings derived from the rule by the seeded generator (so valid by
//! construction), near-miss mutations of them, and every string of up to two
//! characters over an alphabet that meets every character class.

use crate::common;

use common::Seeded;
use rand::Rng;
use rand::rngs::StdRng;
use urlbnf::Edition;
use urlbnf::engine::Generator;
use urlbnf::engine::automaton::{self, Automaton, Form};
use urlbnf::engine::lanes;
use urlbnf::grammar::peg as grammars;
use urlbnf::grammar::printed::{Expr, PrintedGrammar};

/// Characters mutations insert: the delimiters of every edition, white space,
/// and non-ASCII.
const POOL: &[char] = &[
    '%', '/', ':', '@', ';', ' ', '\t', '?', '#', '=', '&', '+', '-', '.', '_', '*', '!', '"',
    '\'', '(', ')', ',', '$', '~', '|', '<', '>', '[', ']', '{', '}', '\\', '^', '`', 'a', 'Z',
    '0', '9', 'F', 'é', '中', '😀', '\0', '\n',
];

fn mutate(s: &str, rng: &mut StdRng) -> String {
    let mut chars: Vec<char> = s.chars().collect();
    for _ in 0..rng.gen_range(1..=3) {
        let c = if rng.gen_bool(0.8) {
            POOL[rng.gen_range(0..POOL.len())]
        } else {
            char::from(rng.gen_range(0x20u8..0x7f))
        };
        let at = rng.gen_range(0..=chars.len());
        match rng.gen_range(0..3) {
            0 => chars.insert(at, c),
            1 if at < chars.len() => {
                chars.remove(at);
            }
            _ if at < chars.len() => chars[at] = c,
            _ => chars.push(c),
        }
    }
    chars.into_iter().collect()
}

struct Mismatch {
    edition: Edition,
    rule: String,
    input: String,
    pest: bool,
    reference: bool,
}

fn compare(edition: Edition, rule: &str, dfa: &Automaton, input: &str, out: &mut Vec<Mismatch>) {
    let pest = grammars::matches(edition, rule, input).expect("every printed rule is a pest rule");
    let reference = dfa.matches(input);
    if pest != reference {
        out.push(Mismatch {
            edition,
            rule: rule.to_string(),
            input: input.to_string(),
            pest,
            reference,
        });
    }
}

fn seed_of(edition: Edition, rule: &str, seed: u64) -> u64 {
    // FNV-1a: a stable seed per (edition, rule), so a failure names its own replay.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325 ^ seed;
    for b in edition.id().bytes().chain(rule.bytes()) {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// Generated and mutated strings for every rule; panics listing the mismatches.
fn exactness(per_rule: usize, seed: u64) {
    let mut mismatches = Vec::new();
    let mut generated_invalid = Vec::new();
    let mut checked = 0usize;
    let mut whole_urls = Vec::new();
    for edition in Edition::ALL {
        let generator = Generator::new(edition);
        let mut rules = Vec::new();
        for rule in &PrintedGrammar::of(edition).rules {
            let dfa =
                automaton::automaton(edition, &rule.name).expect("every printed rule compiles");
            let mut seeded = Seeded::new(seed_of(edition, &rule.name, seed), 256);
            let mut inputs = Vec::new();
            for _ in 0..per_rule {
                let s = seeded.derive(&generator, &rule.name);
                if !dfa.matches(&s) {
                    generated_invalid.push(format!("{edition} {}: {s:?}", rule.name));
                }
                compare(edition, &rule.name, &dfa, &s, &mut mismatches);
                let m = mutate(&s, seeded.rng());
                compare(edition, &rule.name, &dfa, &m, &mut mismatches);
                checked += 2;
                inputs.extend([s, m]);
            }
            walks_agree(edition, &rule.name, &dfa, &inputs);
            bytes_derived_agree(edition, &rule.name, &dfa);
            if rule.name == edition.default_rule() {
                whole_urls.push((dfa.clone(), inputs.clone()));
            }
            rules.push((dfa, inputs));
        }
        joint_walks_agree(&edition.to_string(), &rules);
    }
    joint_walks_agree("every edition's whole-URL rule", &whole_urls);
    report(checked, &generated_invalid, &mismatches);
}

/// Several tables walked as one (the product of their line walks, in groups
/// of at most seven, split where a product would not fit) count each table's
/// lines as that table alone does, on a piece of every table's inputs; and
/// walked as one over the inputs one by one, each decides as it alone does.
fn joint_walks_agree(what: &str, rules: &[(std::sync::Arc<Automaton>, Vec<String>)]) {
    let inputs: Vec<&[u8]> = rules
        .iter()
        .flat_map(|(_, inputs)| inputs)
        .map(|i| i.as_bytes())
        .collect();
    for group in rules.chunks(lanes::product::MOST_INPUTS) {
        let tables: Vec<&lanes::Table> = group.iter().map(|(a, _)| a.table()).collect();
        let walks = lanes::product::Walks::of_inputs(&tables).expect("at most 32 tables");
        let alone: Vec<u32> = inputs
            .iter()
            .map(|i| {
                let bits = tables.iter().enumerate().filter(|(_, t)| t.matches(i));
                bits.fold(0, |b, (k, _)| b | 1 << k)
            })
            .collect();
        assert_eq!(
            walks.matches_each(&inputs),
            alone,
            "{what}: the tables walked as one over inputs"
        );
    }
    let mut piece = Vec::new();
    for (i, input) in rules.iter().flat_map(|(_, inputs)| inputs).enumerate() {
        if input.contains(['\n', '\r']) {
            continue;
        }
        piece.extend_from_slice(input.as_bytes());
        piece.extend_from_slice(if i % 5 == 4 { b"\r\n" } else { b"\n" });
    }
    let tables: Vec<&lanes::Table> = rules.iter().map(|(a, _)| a.table()).collect();
    let walks = lanes::product::Walks::new(&tables);
    // With its last line end, without it, and cut at two thirds.
    for end in [
        piece.len(),
        piece.len().saturating_sub(1),
        piece.len() * 2 / 3,
    ] {
        let part = piece.get(..end).unwrap();
        let alone: Vec<(usize, usize)> = tables.iter().map(|t| t.lines_derived(part)).collect();
        let (lines, each) = walks.lines_derived(part);
        let together: Vec<(usize, usize)> = each.into_iter().map(|d| (lines, d)).collect();
        assert_eq!(
            together, alone,
            "{what}: the tables walked as one, {end} bytes"
        );
        // Line by line, in products of two (marks of two bits a lane), of
        // three (four bits) and of up to seven (a byte a lane), where they
        // fit; and with the marks coded, as how many tables derive the line.
        for size in [2, 3, lanes::product::MOST] {
            for group in tables.chunks(size) {
                let Some(product) = lanes::product::Product::new(group) else {
                    continue;
                };
                let mut alone: Vec<(usize, u32)> = Vec::new();
                for (i, table) in group.iter().enumerate() {
                    let mut line = 0;
                    table.each_line_derived(part, |end, derived| {
                        match alone.get_mut(line) {
                            Some(l) => l.1 |= u32::from(derived) << i,
                            None => alone.push((end, u32::from(derived) << i)),
                        }
                        line += 1;
                    });
                }
                let mut together = Vec::new();
                product.each_line_derived(part, |end, bits| together.push((end, bits)));
                assert_eq!(
                    together,
                    alone,
                    "{what}: {} tables walked as one line by line, {end} bytes",
                    group.len()
                );
                assert_eq!(together.len(), lines, "{what}: {end} bytes");
                let coded = lanes::product::Product::coded(group, u32::count_ones).unwrap();
                let mut counted = Vec::new();
                coded.each_line_derived(part, |end, n| counted.push((end, n)));
                let counts: Vec<(usize, u32)> =
                    alone.iter().map(|&(e, b)| (e, b.count_ones())).collect();
                assert_eq!(
                    counted,
                    counts,
                    "{what}: {} tables walked as one, coded, {end} bytes",
                    group.len()
                );
            }
        }
    }
}

/// The bytes the table says some derived input has are those the automaton
/// reads between live states, from the start: its live states searched
/// breadth first, every byte tried from each.
fn bytes_derived_agree(edition: Edition, rule: &str, dfa: &Automaton) {
    let mut seen = std::collections::HashSet::new();
    let mut queue = std::collections::VecDeque::new();
    let mut bytes = [false; 256];
    if dfa.is_live(dfa.start()) {
        seen.insert(dfa.start());
        queue.push_back(dfa.start());
    }
    while let Some(s) = queue.pop_front() {
        for b in 0..128u8 {
            let t = dfa.step(s, b);
            if dfa.is_live(t) {
                bytes[usize::from(b)] = true;
                if seen.insert(t) {
                    queue.push_back(t);
                }
            }
        }
    }
    for (b, &expected) in (0..=255u8).zip(&bytes) {
        assert_eq!(
            dfa.table().derives_any_of([b]),
            expected,
            "{edition} {rule}: byte {b:#04x}"
        );
    }
}

/// The fast walks decide as the automaton does: its table one input at a
/// time and side by side, and the table of its unminimized form (which the
/// report walks) side by side.
fn walks_agree(edition: Edition, rule: &str, dfa: &Automaton, inputs: &[String]) {
    let places = automaton::automaton_of(
        edition,
        rule,
        &Form {
            positions: true,
            ..Form::default()
        },
    )
    .expect("every printed rule compiles unminimized");
    let reference: Vec<bool> = inputs.iter().map(|i| dfa.matches(i)).collect();
    for (a, name) in [(dfa, "table"), (&*places, "unminimized form's table")] {
        let mut each = vec![None; inputs.len()];
        lanes::matches_each(inputs.iter().map(|i| (a.table(), i.as_bytes())), |k, v| {
            each[k] = Some(v);
        });
        for ((input, want), got) in inputs.iter().zip(&reference).zip(each) {
            assert_eq!(
                got,
                Some(*want),
                "{edition} {rule}: {input:?}: the {name} walked side by side"
            );
            assert_eq!(
                a.table().matches(input.as_bytes()),
                *want,
                "{edition} {rule}: {input:?}: the {name} alone"
            );
        }
        // As one piece of input (the inputs that are lines), every third line
        // ended by "\r\n", with and without a last line end.
        let lines: Vec<(&String, bool)> = inputs
            .iter()
            .zip(reference.iter().copied())
            .filter(|(i, _)| !i.contains(['\n', '\r']))
            .collect();
        let mut piece = Vec::new();
        for (i, (input, _)) in lines.iter().enumerate() {
            piece.extend_from_slice(input.as_bytes());
            piece.extend_from_slice(if i % 3 == 2 { b"\r\n" } else { b"\n" });
        }
        let valid = lines.iter().filter(|(_, v)| *v).count();
        assert_eq!(
            a.table().lines_derived(&piece),
            (lines.len(), valid),
            "{edition} {rule}: the {name} walked over the lines as one piece"
        );
        // (An empty last line without its end is no line.)
        if let Some(&(last, want)) = lines.last().filter(|(l, _)| !l.is_empty()) {
            let cut = piece.len() - if lines.len().is_multiple_of(3) { 2 } else { 1 };
            let valid = valid - usize::from(want) + usize::from(a.matches(last));
            assert_eq!(
                a.table().lines_derived(piece.get(..cut).unwrap()),
                (lines.len(), valid),
                "{edition} {rule}: the {name} over the lines, the last without its end"
            );
        }
    }
}

fn report(checked: usize, generated_invalid: &[String], mismatches: &[Mismatch]) {
    assert!(
        generated_invalid.is_empty(),
        "the automaton rejects derived strings:\n{}",
        generated_invalid
            .iter()
            .take(20)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
    if !mismatches.is_empty() {
        let lines: Vec<String> = mismatches
            .iter()
            .take(40)
            .map(|m| {
                format!(
                    "{} {}: {:?} pest={} printed BNF={}",
                    m.edition, m.rule, m.input, m.pest, m.reference
                )
            })
            .collect();
        panic!(
            "{} of {checked} verdicts differ:\n{}",
            mismatches.len(),
            lines.join("\n")
        );
    }
    eprintln!("{checked} verdicts agree");
}

#[test]
#[ignore = "costly: .ci/run runs it (cargo test --test suite -- --ignored)"]
fn pest_agrees_with_the_printed_bnf_on_generated_and_mutated_strings() {
    exactness(500, 1994);
}

/// The same agreement on a tenth of the strings, in every run of `cargo
/// test` (the whole count runs in CI).
#[test]
fn pest_agrees_with_the_printed_bnf_on_a_sample_of_generated_strings() {
    exactness(50, 2005);
}

/// `check::Checkers` counts and decides as its checkers one by one, on a short
/// piece and list (walked checker by checker) and a long one (the product);
/// each checker decides the lines of a piece as it decides them one by one.
#[test]
fn checkers_walked_jointly_count_and_decide_as_each_alone() {
    let checkers: Vec<urlbnf::Checker> = Edition::ALL
        .iter()
        .map(|&e| urlbnf::Checker::for_edition(e).unwrap())
        .collect();
    let joint = urlbnf::check::Checkers::new(&checkers);
    let mut lines: Vec<String> = Vec::new();
    for (i, e) in Edition::ALL.iter().enumerate() {
        for s in common::samples(*e, e.default_rule(), 400, 1738 + i as u64) {
            lines.push(s.replace(['\n', '\r'], ""));
            lines.push(s.replacen('/', "/ ", 1).replace(['\n', '\r'], ""));
        }
    }
    let piece = lines.join("\r\n").into_bytes();
    assert!(
        piece.len() > 1 << 16 && lines.len() > 1024,
        "long enough for the product"
    );
    let inputs: Vec<&[u8]> = lines.iter().map(|l| l.as_bytes()).collect();
    // Short first, so that they are walked before the products are made.
    for (piece, inputs) in [(&piece[..4096], &inputs[..100]), (&piece[..], &inputs[..])] {
        let (count, each) = joint.line_counts(piece);
        let alone: Vec<(usize, usize)> = checkers
            .iter()
            .map(|c| c.count_valid_lines(piece).unwrap())
            .collect();
        let together: Vec<(usize, usize)> = each.into_iter().map(|v| (count, v)).collect();
        assert_eq!(together, alone, "{} bytes", piece.len());
        // Each line's verdict from the walk of the whole piece, with and
        // without a last line end, as the lines one by one.
        let ended = [piece, b"\n"].concat();
        for piece in [piece, &ended[..]] {
            let body = piece.strip_suffix(b"\n").unwrap_or(piece);
            let mut lines: Vec<&[u8]> = body.split(|&b| b == b'\n').collect();
            let last = lines.len() - 1;
            for (i, line) in lines.iter_mut().enumerate() {
                if i < last || piece.ends_with(b"\n") {
                    *line = line.strip_suffix(b"\r").unwrap_or(line);
                }
            }
            for c in &checkers {
                let each = c.valid_lines(piece).unwrap();
                assert_eq!(each, c.valid_each(&lines), "{}", c.edition());
            }
        }
        let verdicts = joint.verdicts(inputs);
        for (i, c) in checkers.iter().enumerate() {
            let together: Vec<bool> = verdicts.of_target(i).collect();
            assert_eq!(
                together,
                c.valid_each(inputs),
                "{}, {} inputs",
                c.edition(),
                inputs.len()
            );
        }
    }
}

#[test]
#[ignore = "100x the CI run: cargo test --release -- --ignored"]
fn pest_agrees_with_the_printed_bnf_at_scale() {
    exactness(50_000, 1738);
}

#[test]
fn pest_agrees_with_the_printed_bnf_on_every_short_string() {
    // One or more characters of every class any edition prints, and of none.
    let alphabet: Vec<char> = "aF0%/:@;?#=+-._*!\" ,&$~<é".chars().collect();
    let mut inputs = vec![String::new()];
    for &a in &alphabet {
        inputs.push(a.to_string());
        for &b in &alphabet {
            inputs.push([a, b].iter().collect());
        }
    }
    let mut mismatches = Vec::new();
    let mut checked = 0;
    for edition in Edition::ALL {
        for rule in &PrintedGrammar::of(edition).rules {
            let dfa =
                automaton::automaton(edition, &rule.name).expect("every printed rule compiles");
            for s in &inputs {
                compare(edition, &rule.name, &dfa, s, &mut mismatches);
                checked += 1;
            }
            walks_agree(edition, &rule.name, &dfa, &inputs);
        }
    }
    report(checked, &[], &mismatches);
}

/// Code points at the edges of UTF-8's one- to four-byte sequences and of
/// the surrogates, and a few inside: where an automaton of UTF-8 could part
/// from the characters its grammar numbers.
const EDGES: &[u32] = &[
    0x41, 0x7E, 0x7F, 0x80, 0x81, 0xA0, 0xFF, 0x100, 0x7FF, 0x800, 0x801, 0xFFF, 0x1000, 0xD7FF,
    0xE000, 0xE001, 0xF8FF, 0xFDCF, 0xFDD0, 0xFFEF, 0xFFFD, 0xFFFF, 0x10000, 0x1FFFD, 0x1FFFE,
    0x3FFFF, 0x40000, 0xFFFFF, 0x100000, 0x10FFFD, 0x10FFFF,
];

/// Whether `e` derives `input[at..]` up to each end: an independent reading
/// of a rule, by the characters, that knows nothing of UTF-8 or automata.
fn ends(g: &PrintedGrammar, e: &Expr, input: &[char], at: usize, depth: usize) -> Vec<usize> {
    let mut out: Vec<usize> = match e {
        _ if depth > 200 => Vec::new(),
        Expr::Empty => vec![at],
        Expr::Lit(s) => {
            let lit: Vec<char> = s.chars().collect();
            let fits = input
                .get(at..at + lit.len())
                .is_some_and(|x| x == lit.as_slice());
            if fits {
                vec![at + lit.len()]
            } else {
                Vec::new()
            }
        }
        Expr::Range(lo, hi) => match input.get(at) {
            Some(c) if lo <= c && c <= hi => vec![at + 1],
            _ => Vec::new(),
        },
        Expr::Ref(r) => ends(g, &g.rule(r).unwrap().expr, input, at, depth + 1),
        Expr::Seq(items) => items.iter().fold(vec![at], |from, item| {
            from.iter()
                .flat_map(|&f| ends(g, item, input, f, depth + 1))
                .collect()
        }),
        Expr::Alt(items) => items
            .iter()
            .flat_map(|i| ends(g, i, input, at, depth + 1))
            .collect(),
        Expr::Opt(item) => {
            let mut v = vec![at];
            v.extend(ends(g, item, input, at, depth + 1));
            v
        }
        Expr::Rep { min, max, item } => {
            let (mut all, mut here) = (Vec::new(), vec![at]);
            for n in 0.. {
                if n >= *min {
                    all.extend(here.iter().copied());
                }
                if max.is_some_and(|m| n >= m) || here.is_empty() || n as usize > input.len() + 1 {
                    break;
                }
                let mut next: Vec<usize> = here
                    .iter()
                    .flat_map(|&f| ends(g, item, input, f, depth + 1))
                    .collect();
                next.sort_unstable();
                next.dedup();
                // Past `min`, a step that reads nothing adds nothing.
                if n >= *min {
                    next.retain(|x| !all.contains(x));
                }
                here = next;
            }
            all
        }
    };
    out.sort_unstable();
    out.dedup();
    out
}

/// Random grammars of non-ASCII ranges and literals, and random inputs of
/// the characters at UTF-8's edges: the automaton, its table and the
/// diagnosis agree with the reading by characters, and a stop is at a
/// character's start (never inside one).
#[test]
fn non_ascii_grammars_agree_with_a_reading_by_characters() {
    use rand::SeedableRng;
    let mut rng = StdRng::seed_from_u64(70);
    let pick =
        |rng: &mut StdRng| char::from_u32(EDGES[rng.gen_range(0..EDGES.len())]).unwrap_or('a');
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("non-ascii");
    std::fs::create_dir_all(&dir).unwrap();
    let mut files = vec![
        "tests/corpus/rfc3987.abnf".to_string(),
        "tests/corpus/rfc3986-rfc6874.abnf".to_string(),
    ];
    for k in 0..12 {
        let mut alts = Vec::new();
        for _ in 0..rng.gen_range(1..4) {
            let (a, b) = (pick(&mut rng), pick(&mut rng));
            let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
            alts.push(format!("%x{:X}-{:X}", u32::from(lo), u32::from(hi)));
        }
        alts.push(format!("%x{:X}", u32::from(pick(&mut rng))));
        alts.push(format!(
            "%x{:X}.{:X}",
            u32::from(pick(&mut rng)),
            u32::from(pick(&mut rng))
        ));
        let text = format!(
            "r = 1*2( c / \"x\" ) *( \"-\" c ) [ d ]\nc = {}\nd = %x80-10FFFF / %x41\n",
            alts.join(" / ")
        );
        let path = dir.join(format!("g{k}.abnf"));
        std::fs::write(&path, text).unwrap();
        files.push(path.display().to_string());
    }
    let mut checked = 0;
    for file in &files {
        let edition = urlbnf::load_grammar(std::path::Path::new(file), None).unwrap();
        let g = PrintedGrammar::of(edition);
        for rule in g.rules.iter().filter(|r| r.is_printed()) {
            let dfa = automaton::automaton(edition, &rule.name).unwrap();
            let mut inputs: Vec<String> = common::samples(edition, &rule.name, 30, 70);
            for _ in 0..60 {
                let n = rng.gen_range(0..5);
                let mut s: String = (0..n).map(|_| pick(&mut rng)).collect();
                if rng.gen_bool(0.5) {
                    s.insert(0, 'x');
                }
                inputs.push(s);
            }
            let mutated: Vec<String> = inputs.iter().map(|s| mutate(s, &mut rng)).collect();
            inputs.extend(mutated);
            for input in &inputs {
                let chars: Vec<char> = input.chars().collect();
                let want = ends(g, &rule.expr, &chars, 0, 0).contains(&chars.len());
                assert_eq!(dfa.matches(input), want, "{file} {}: {input:?}", rule.name);
                assert_eq!(
                    dfa.table().matches(input.as_bytes()),
                    want,
                    "{file} {}: {input:?}",
                    rule.name
                );
                if let Err(stop) = dfa.diagnose(input) {
                    assert!(input.is_char_boundary(stop.byte_offset), "{input:?}");
                    assert_eq!(input[..stop.byte_offset].chars().count(), stop.offset);
                    // The longest prefix some derived string starts with.
                    let next = input[stop.byte_offset..].chars().next();
                    if let Some(c) = next.filter(|c| !c.is_ascii()) {
                        let c = u32::from(c);
                        assert!(
                            !stop.wide.iter().any(|&(a, b)| a <= c && c <= b),
                            "{input:?}"
                        );
                    }
                }
                checked += 1;
            }
        }
    }
    println!("{checked} verdicts on non-ASCII grammars agree with the reading by characters");
    assert!(checked > 2000, "{checked}");
}

/// What may come in a state, by whole character: RFC 3987's `ucschar`, in
/// part, across two-, three- and four-byte sequences, and every character
/// past ASCII, surrogates excepted (they are no characters).
#[test]
fn a_states_non_ascii_characters_are_code_point_ranges() {
    use regex_syntax::hir::{Class, ClassUnicode, ClassUnicodeRange, Hir};
    use urlbnf::engine::automaton::Automaton;
    use urlbnf::engine::chars::live_ranges;
    let class = |ranges: &[(char, char)]| {
        let class = ClassUnicode::new(ranges.iter().map(|&(a, b)| ClassUnicodeRange::new(a, b)));
        let hir = Hir::concat(vec![Hir::class(Class::Unicode(class)), Hir::literal(*b"!")]);
        Automaton::from_hir(&hir).unwrap()
    };
    let a = class(&[
        ('a', 'a'),
        ('\u{A0}', '\u{D7FF}'),
        ('\u{10000}', '\u{1FFFD}'),
    ]);
    assert_eq!(
        live_ranges(&a, a.start()),
        [(0xA0, 0xD7FF), (0x10000, 0x1FFFD)]
    );
    let all = class(&[('\u{80}', '\u{10FFFF}')]);
    assert_eq!(
        live_ranges(&all, all.start()),
        [(0x80, 0xD7FF), (0xE000, 0x10FFFF)]
    );
}
