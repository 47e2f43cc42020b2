//! The playground: a page that checks what the reader types against every
//! edition, in the browser. Its verdicts are `check`'s: each rule's automaton
//! (unminimized, as the report walks it: the same language as the minimal one
//! `check` walks, with states that also name the innermost printed rule) is
//! exported as a table, with what could come in each state named as `check`
//! names it. The tables are a script beside the page, not fetched, so the
//! page works from `file://`.

use std::collections::HashMap;
use std::fmt::Write as _;

use regex_automata::util::primitives::StateID;

use super::{esc, js, page};
use crate::edition::Edition;
use crate::engine::automaton::{self, Automaton, Form};
use crate::engine::derive::{self, Op};
use crate::grammar::PrintedGrammar;
use crate::knowledge::gloss::gloss;
use crate::knowledge::known;
use crate::tools::report::innermost_rule;
use crate::verdicts::diagnosis::describe;

/// The page's file name; links carry `#try=` and `&rule=`.
pub(crate) const PAGE: &str = "playground.html";
const TABLES: &str = "playground-tables.js";
const SCRIPT: &str = "playground.js";
/// The page's core, free of the page: `check`'s verdicts and notes and `tree
/// --printed`'s derivations from the tables (the tests run it under Node.js).
const CORE: &str = "playground-core.js";
/// The fixes check offers where an input stops, beside the core.
const FIXES: &str = "playground-fixes.js";

/// A link to the playground with `input` filled in, checked by `rule`.
pub(crate) fn link(input: &str, rule: &str) -> String {
    format!("{PAGE}#try={}&rule={}", encode(input), encode(rule))
}

/// Percent-encode all but RFC 3986's unreserved characters (what the page's
/// `decodeURIComponent` reads back).
fn encode(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
            out.push(char::from(b));
        } else {
            let _ = write!(out, "%{b:02X}");
        }
    }
    out
}

/// The words of one edition's tables, each written once and named by index.
#[derive(Default)]
struct Words {
    list: Vec<String>,
    index: HashMap<String, usize>,
}

impl Words {
    fn id(&mut self, w: String) -> usize {
        if let Some(&i) = self.index.get(&w) {
            return i;
        }
        self.list.push(w.clone());
        self.index.insert(w, self.list.len() - 1);
        self.list.len() - 1
    }
}

/// One rule's automaton as the page walks it: states numbered from the
/// start (0) over the live states, bytes grouped into classes that every
/// state treats alike, `-1` for a byte after which no valid string goes on.
fn table(edition: Edition, rule: &str, a: &Automaton, named: bool, words: &mut Words) -> String {
    let mut ids: HashMap<StateID, usize> = HashMap::from([(a.start(), 0)]);
    let mut states = vec![a.start()];
    let mut k = 0;
    while let Some(&s) = states.get(k) {
        k += 1;
        for b in 0u8..128 {
            let t = a.step(s, b);
            if a.is_live(t) && !ids.contains_key(&t) {
                ids.insert(t, states.len());
                states.push(t);
            }
        }
    }
    let next = |s: StateID, b: u8| -> i64 {
        let t = a.step(s, b);
        match ids.get(&t) {
            Some(&i) if a.is_live(t) => i64::try_from(i).unwrap_or(-1),
            _ => -1,
        }
    };
    // Bytes every state sends to the same place form one class.
    let mut classes: Vec<Vec<i64>> = Vec::new();
    let mut class_of = Vec::with_capacity(128);
    for b in 0u8..128 {
        let column: Vec<i64> = states.iter().map(|&s| next(s, b)).collect();
        let c = match classes.iter().position(|c| *c == column) {
            Some(c) => c,
            None => {
                classes.push(column);
                classes.len() - 1
            }
        };
        class_of.push(c.to_string());
    }
    let rows: Vec<String> = (0..states.len())
        .map(|s| {
            let row: Vec<String> = classes
                .iter()
                .map(|c| c.get(s).copied().unwrap_or(-1).to_string())
                .collect();
            format!("[{}]", row.join(","))
        })
        .collect();
    let accept: String = states
        .iter()
        .map(|&s| if a.accepts_at_end(s) { '1' } else { '0' })
        .collect();
    let expected: Vec<String> = states
        .iter()
        .map(|&s| {
            let items: Vec<String> = describe(edition, &a.stop_in(s))
                .iter()
                .map(|e| words.id(e.to_string()).to_string())
                .collect();
            format!("[{}]", items.join(","))
        })
        .collect();
    let mut out = format!(
        "{{c:[{}],n:[{}],a:{},e:[{}]",
        class_of.join(","),
        rows.join(","),
        js(&accept),
        expected.join(",")
    );
    if let Some(g) = gloss(edition, rule) {
        let _ = write!(out, ",g:{}", js(&format!("{} ({})", g.gloss, g.section)));
    }
    if named {
        let inner: Vec<String> = states
            .iter()
            .map(|&s| words.id(innermost_rule(edition, rule, a, s)).to_string())
            .collect();
        let _ = write!(out, ",r:[{}]", inner.join(","));
    }
    out.push('}');
    out
}

/// The printed grammar as the derivation compiles it (`engine::derive`), for
/// the page's derivation tree: `ops` numbered as there (`[kind, …]`: 0 empty,
/// 1 text, 2 range, 3 rule, 4 sequence, 5 alternatives, 6 repetition with
/// -1 for no limit), `rules` as `[name, body, short, block]`.
fn grammar(edition: Edition) -> String {
    let g = derive::Compiled::of(edition);
    let ops: Vec<String> = g
        .ops
        .iter()
        .map(|op| match op {
            Op::Empty => "[0]".to_string(),
            Op::Lit(s) => format!("[1,{}]", js(&String::from_utf8_lossy(s))),
            Op::Range(a, b) => format!("[2,{a},{b}]"),
            Op::Ref(r) => format!("[3,{r}]"),
            Op::Seq(a, b) => format!("[4,{a},{b}]"),
            Op::Alt(alts) => format!(
                "[5,[{}]]",
                alts.iter()
                    .map(|a| a.to_string())
                    .collect::<Vec<_>>()
                    .join(",")
            ),
            Op::Rep { min, max, item } => {
                format!("[6,{min},{},{item}]", max.map_or(-1, i64::from))
            }
        })
        .collect();
    let rules: Vec<String> = g
        .rules
        .iter()
        .map(|r| format!("[{},{},{},{}]", js(r.name), r.body, r.short, r.block))
        .collect();
    format!("{{ops:[{}],rules:[{}]}}", ops.join(","), rules.join(","))
}

/// One rule's table as `"name":{…}`, without the alternative `without` if
/// given. It is walked in its unminimized form, whose states name the
/// innermost rule (as the report's causes do); the minimal one where that
/// does not compile. A rule that does not compile at all is a transcription
/// defect the tests rule out; the page then says it has no table.
fn entry(
    edition: Edition,
    rule: &str,
    without: Option<(String, String)>,
    words: &mut Words,
) -> Option<String> {
    let places = Form {
        without: without.clone(),
        positions: true,
    };
    let (a, named) = match automaton::automaton_of(edition, rule, &places) {
        Ok(a) => (Ok(a), true),
        Err(_) if without.is_none() => (automaton::automaton(edition, rule), false),
        Err(_) => {
            let minimal = Form {
                without,
                positions: false,
            };
            (automaton::automaton_of(edition, rule, &minimal), false)
        }
    };
    let a = a.ok()?;
    Some(format!(
        "{}:{}",
        js(rule),
        table(edition, rule, &a, named, words)
    ))
}

/// The tables of every rule of every edition, as a script.
pub(crate) fn tables() -> String {
    let mut out = String::from(
        "// Written by `urlbnf book`: each rule's automaton, as `check` walks it.\nwindow.URLBNF_TABLES = [\n",
    );
    for edition in Edition::ALL {
        let g = PrintedGrammar::of(edition);
        let mut words = Words::default();
        let rules: Vec<String> = g
            .rules
            .iter()
            .filter_map(|r| entry(edition, &r.name, None, &mut words))
            .collect();
        // The rules the catch-all applies to, without it: the known-scheme
        // reading of an input whose scheme has a rule of its own.
        let own: Vec<String> = known::catch_all(edition)
            .into_iter()
            .flat_map(|c| {
                g.rules
                    .iter()
                    .filter(|r| c.applies_to(&r.name))
                    .map(move |r| (c, r))
            })
            .filter_map(|(c, r)| entry(edition, &r.name, c.form().without, &mut words))
            .collect();
        let list: Vec<String> = words.list.iter().map(|w| js(w)).collect();
        let _ = writeln!(
            out,
            "{{id:{},rule:{},words:[{}],rules:{{{}}},own:{{{}}},{},grammar:{}}},",
            js(edition.id()),
            js(edition.default_rule()),
            list.join(","),
            rules.join(",\n"),
            own.join(",\n"),
            super::playground_notes::fields(edition),
            grammar(edition)
        );
    }
    out.push_str("];\n");
    out
}

/// The page.
pub(crate) fn page_html() -> String {
    let mut names: Vec<&str> = Edition::ALL
        .iter()
        .flat_map(|&e| PrintedGrammar::of(e).rules.iter().map(|r| r.name.as_str()))
        .collect();
    names.sort_unstable();
    names.dedup();
    let options: String = names
        .iter()
        .map(|n| format!("<option value=\"{0}\">{0}</option>", esc(n)))
        .collect();
    let body = format!(
        r#"<h1>Playground</h1>
<p>Type or paste a URL: each edition checks it as <code>urlbnf check</code> does, by the letter of its BNF, in this page (no server, no network). An invalid input shows where it stops: the first character no valid string has at that place, what could come there (with the <code>%XX</code> fix where an escape could come) and the innermost printed rule open there; a derived input shows its derivation. Notes say where the document's prose reads the input other than its BNF, and the two readings it invites can be switched on, as <code>check</code>'s flags do. A link can carry all of it: <code>{PAGE}#try=…&amp;rule=…&amp;read=known-schemes,fold-scheme-case</code>; every example in the book links here.</p>
<form class="playground" onsubmit="return false">
<label for="try">URL</label>
<textarea id="try" rows="1" spellcheck="false" autocomplete="off" autofocus data-example="http://info.cern.ch/hypertext/WWW/TheProject.html"></textarea>
<label for="rule">Rule</label>
<select id="rule"><option value="">each edition's whole-URL rule</option>{options}</select>
<span>Reading</span>
<span class="readings"><label><input type="checkbox" id="known-schemes"> known schemes by their own rules (<code>--known-schemes</code>)</label>
<label><input type="checkbox" id="fold-scheme-case"> scheme case folded (<code>--fold-scheme-case</code>)</label></span>
</form>
<div id="results" aria-live="polite"></div>
<noscript><p>The playground runs in JavaScript; every other page of the book works without it.</p></noscript>
<script src="{TABLES}"></script>
<script src="{CORE}"></script>
<script src="{FIXES}"></script>
<script src="{SCRIPT}"></script>
"#
    );
    page(PAGE, "Playground", &body)
}

/// The page's script: walks the tables, draws the results, keeps the
/// address in step with the input.
pub(crate) const SCRIPT_JS: &str = include_str!("playground.js");

/// The core the page draws with (DOM-free).
pub(crate) const CORE_JS: &str = include_str!("playground-core.js");

/// The fixes, loaded after the core.
pub(crate) const FIXES_JS: &str = include_str!("playground-fixes.js");

/// The files the playground adds to the book: the page, its script and its tables.
pub(crate) fn files() -> Vec<(String, String)> {
    vec![
        (PAGE.into(), page_html()),
        (CORE.into(), CORE_JS.into()),
        (FIXES.into(), FIXES_JS.into()),
        (SCRIPT.into(), SCRIPT_JS.into()),
        (TABLES.into(), tables()),
    ]
}
