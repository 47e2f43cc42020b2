//! A corpus split anywhere, each part reported and the reports merged, gives
//! the report of the whole (its parts listed aside); and the lines added side
//! by side give the report of the lines added one by one, and so do the
//! lines repeated past the length a list is walked by every automaton at once
//! (and counted by the step where each stopped).
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use urlbnf::report::{Report, Reporter};
use urlbnf::{Checker, Edition, Engine};

fn reporter() -> &'static Reporter {
    static R: OnceLock<Reporter> = OnceLock::new();
    R.get_or_init(|| {
        let checkers = Edition::ALL
            .iter()
            .map(|&e| Checker::new(e, e.default_rule(), Engine::Dfa).expect("a checker"))
            .collect();
        Reporter::new(checkers).expect("a reporter")
    })
}

fn report(lines: &[&str]) -> Report {
    let r = reporter();
    let mut p = r.partial();
    for l in lines {
        r.add(&mut p, l);
    }
    r.finish(p)
}

fuzz_target!(|data: &[u8]| {
    let Some((&cut, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    let lines: Vec<&str> = text.lines().collect();
    let at = usize::from(cut) % (lines.len() + 1);
    let (a, b) = lines.split_at(at);
    let whole = report(&lines);
    let r = reporter();
    let mut each = r.partial();
    r.add_each(&mut each, &lines);
    let each = r.finish(each);
    assert_eq!(
        Report {
            parts: Vec::new(),
            ..each
        },
        Report {
            parts: Vec::new(),
            ..whole.clone()
        }
    );
    // Repeated past a long list's length, the second time round most
    // causes have their examples: counted by step, as one by one.
    if cut & 1 == 1 && !lines.is_empty() {
        let long: Vec<&str> = lines
            .iter()
            .copied()
            .cycle()
            .take(1100.max(lines.len()))
            .collect();
        let mut each = r.partial();
        r.add_each(&mut each, &long);
        let (mut each, mut one) = (r.finish(each), report(&long));
        each.parts.clear();
        one.parts.clear();
        assert_eq!(each, one);
    }
    let (mut merged, other) = (report(a), report(b));
    // Two reports are two parts, whatever lines they hold.
    merged.merge(&other).expect("two reports merge");
    assert_eq!(merged.digest, whole.digest);
    merged.parts.clear();
    assert_eq!(
        merged,
        Report {
            parts: Vec::new(),
            ..whole
        }
    );
});
