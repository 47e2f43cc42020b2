//! What the playground needs to give `check`'s prose notes and readings: each
//! edition's catch-all and closed list of schemes, the characters it reserves
//! (for the `%XX` fix), and each note its document has as a template made by
//! the library's own note functions, with `{0}`, `{1}`, `{2}` where the
//! input's parts go (`null` where the document has no such note). The English
//! is the library's; the page fills in the parts, and names no edition.

use std::fmt::Write as _;

use super::js;
use crate::edition::Edition;
use crate::grammar::PrintedGrammar;
use crate::knowledge::encoding;
use crate::knowledge::known::{self, CatchAll};
use crate::verdicts::ast;
use crate::verdicts::check::CheckError;
use crate::verdicts::check::fix::{self, words};
use crate::verdicts::prose::{self, ProseNote};

/// Stand-ins for the input's parts, each replaced by a placeholder.
const PART: &str = "\u{1}";
const OFFSET: usize = 4_294_967;

/// A note as a JavaScript object: all but its span, which the page sets;
/// `parts` are the texts in the message to turn into `{0}`, `{1}`, ….
fn note(n: &ProseNote, parts: &[&str]) -> String {
    let mut message = n.message.clone();
    for (i, p) in parts.iter().enumerate() {
        message = message.replace(p, &format!("{{{i}}}"));
    }
    let mut out = format!(
        "{{code:{},section:{},quote:{},message:{}",
        js(n.code),
        js(n.section),
        js(n.quote),
        js(&message)
    );
    if let Some(v) = n.valid {
        let _ = write!(out, ",valid:{v}");
    }
    if let Some(r) = &n.rule {
        let _ = write!(out, ",rule:{}", js(r));
    }
    out.push('}');
    out
}

fn list(items: impl IntoIterator<Item = String>) -> String {
    format!("[{}]", items.into_iter().collect::<Vec<_>>().join(","))
}

/// The rules of `edition` a reading applies to.
fn rules_where(edition: Edition, applies: impl Fn(&str) -> bool) -> String {
    let g = PrintedGrammar::of(edition);
    list(
        g.rules
            .iter()
            .filter(|r| applies(&r.name))
            .map(|r| js(&r.name)),
    )
}

/// The catch-all: the rules it applies to, each known scheme with its rule
/// and its note under each reading (the own rule's stop as `{0}` and `{1}`).
fn catch_all(c: &'static CatchAll) -> String {
    let stop = CheckError {
        offset: OFFSET,
        byte_offset: OFFSET,
        expected: Vec::new(),
        found: String::new(),
        message: PART.to_string(),
        fix: None,
    };
    let offset = OFFSET.to_string();
    let schemes = c.schemes.iter().map(|k| {
        let letter = prose::catch_all(c, k, Some(stop.clone()), false);
        let known = prose::catch_all(c, k, None, true);
        format!(
            "[{},{},{},{}]",
            js(&k.scheme),
            js(&k.rule),
            note(&letter, &[&offset, PART]),
            note(&known, &[])
        )
    });
    format!(
        "{{applies:{},schemes:{}}}",
        rules_where(c.edition, |r| c.applies_to(r)),
        list(schemes)
    )
}

/// The closed list of schemes: the rules it applies to, its schemes, the
/// note on an unlisted scheme (`{0}`) and on each listed one in upper case.
fn scheme_list(edition: Edition) -> Option<String> {
    let l = known::scheme_list(edition)?;
    let unlisted = prose::no_scheme_rule(l, PART);
    let quoted = format!("{PART:?}");
    let upper = l.schemes.iter().map(|k| {
        let up = k.scheme.to_ascii_uppercase();
        let n = prose::no_scheme_rule(l, &up);
        format!("[{},{}]", js(&k.scheme), note(&n, &[&format!("{up:?}")]))
    });
    Some(format!(
        "{{applies:{},schemes:{},unlisted:{},upper:{}}}",
        rules_where(edition, |r| l.applies_to(r)),
        list(l.schemes.iter().map(|k| js(&k.scheme))),
        note(&unlisted, &[&quoted]),
        list(upper)
    ))
}

/// The notes the edition's document gives, as templates (`null` for one it
/// does not): `[invalid, valid]` pairs where the note carries the other
/// verdict.
fn notes(edition: Edition) -> String {
    let both = |f: &dyn Fn(bool) -> Option<ProseNote>, parts: &[&str]| {
        let pair = [false, true].map(|v| f(v).map(|n| note(&n, parts)));
        match pair {
            [Some(invalid), Some(valid)] => list([invalid, valid]),
            _ => "null".into(),
        }
    };
    let sample = "ZQZ:";
    let folded = "\"zqz:\"";
    // A gopher URL with a search and a gopher+ string after encoded tabs.
    let tab = |url: &str| {
        ast::parse(edition, url).ok().and_then(|u| {
            prose::notes(&u)
                .into_iter()
                .find(|n| n.code == "gopher-tab")
        })
    };
    // (A "/" in the search keeps the BNF's search from taking it.)
    let tabs = [
        tab("gopher://h/1ZQA%09ZQB/"),
        tab("gopher://h/1ZQA%09ZQB/%09ZQC"),
    ]
    .map(|n| n.map(|n| note(&n, &["\"ZQA\"", "\"ZQB/\"", "\"ZQC\""])));
    let tabs = match tabs {
        [Some(search), Some(plus)] => format!("[{search},{plus}]"),
        _ => "null".into(),
    };
    format!(
        "{{fragment:{},slashes:{},schemeCase:{},folded:{},gopherTab:{tabs}}}",
        both(&|v| prose::fragment_outside(edition, 0, v), &[]),
        prose::generic_slashes(edition, 0).map_or("null".into(), |n| note(&n, &[])),
        both(&|v| prose::scheme_case(edition, sample, |_| v), &[folded]),
        both(&|v| prose::folded(edition, sample, "zqz:", v), &[folded]),
    )
}

/// A text with each of `parts` turned into `{0}`, `{1}`, …, as a string.
fn template(text: &str, parts: &[&str]) -> String {
    let mut out = text.to_string();
    for (i, p) in parts.iter().enumerate() {
        out = out.replace(p, &format!("{{{i}}}"));
    }
    js(&out)
}

/// The fixes the edition's document words (`null` for one it does not),
/// each as the words the diagnosis adds and its note, with the input's parts
/// as `{0}`, `{1}`, `{2}`; the gen-delims that can be data; what check adds
/// on a valid reference read other than a reader may (RFC 3986 §4.1, §4.2);
/// the words on a `%` that starts no escape (every edition's).
fn fixes(edition: Edition) -> String {
    let d = edition.descriptor();
    let [a, b, c] = ["\u{1}", "\u{2}", "\u{3}"];
    let qa = format!("{a:?}");
    let fix = |n: Option<&'static crate::edition::NoteText>,
               (words, message): (String, String),
               parts: &[&str]| {
        n.map_or("null".into(), |n| {
            let note = note(&fix::note(n, 0, 0, message), parts);
            format!("{{words:{},note:{note}}}", template(&words, parts))
        })
    };
    // The page walks `by`'s host on the literal, as `fix::ip_literal` does.
    let ip = fix::ip_literals_by(edition).map_or("null".into(), |(n, words, by)| {
        let note = note(&fix::note(n, 0, 0, words::ip_literal(edition, a)), &[a]);
        format!("{{words:{},note:{note},by:{}}}", js(&words), js(by.id()))
    });
    let gen_delims: String = PrintedGrammar::of(edition)
        .char_class("gen-delims")
        .map(|set| {
            set.iter()
                .map(char::from)
                .filter(|c| !":/?".contains(*c))
                .collect()
        })
        .unwrap_or_default();
    // On a valid reference of the reference rule, then on an input the
    // whole-URL rule refuses and the reference rule derives; last, that rule.
    let relative = d.note("relative-only").map_or("null".into(), |n| {
        let reference = n.rule.unwrap_or(edition.default_rule());
        let rule = edition.default_rule();
        let plain = fix::note(n, 0, 0, words::relative_only(a, None));
        let host = fix::note(n, 0, 0, words::relative_only(a, Some(b)));
        let only = fix::note(n, 0, 0, words::reference_only(rule, reference, a, None));
        let only_host = fix::note(n, 0, 0, words::reference_only(rule, reference, a, Some(b)));
        let qb = format!("{b:?}");
        list([
            note(&plain, &[a]),
            note(&host, &[a, &qb]),
            note(&only, &[a]),
            note(&only_host, &[a, &qb]),
            js(reference),
        ])
    });
    let scheme = d.note("colon-segment").map_or("null".into(), |n| {
        let notes = [false, true].map(|port| {
            let n = fix::note(n, 0, 0, words::scheme_or_path(a, b, port));
            note(&n, &[&qa, b])
        });
        list(notes)
    });
    format!(
        "{{whiteSpace:{},zone:{},ip:{ip},idna:{},at:{},genDelims:{},genDelim:{},colon:{},relative:{relative},scheme:{scheme},stray:{}}}",
        fix(d.note("white-space"), words::white_space(a), &[a]),
        fix(d.note("zone-id"), words::zone_id(a), &[a]),
        fix(d.note("idna"), words::idna(a, b, c), &[a, b, c]),
        fix(d.note("gen-delim-data"), words::at_sign(a), &[a]),
        js(&gen_delims),
        fix(
            d.note("gen-delim-data"),
            words::gen_delim(a, b, c),
            &[a, b, c]
        ),
        fix(d.note("colon-segment"), words::colon_segment(a), &[a]),
        js(&words::stray_percent()),
    )
}

/// An edition's readings and notes, as the fields of its object.
pub(super) fn fields(edition: Edition) -> String {
    let reserved: String = (0u8..128)
        .filter(|&b| encoding::reserved(edition).contains(b))
        .map(char::from)
        .collect();
    let url_rules = rules_where(edition, |r| ast::is_url_rule(edition, r));
    format!(
        "reserved:{},urlRules:{url_rules},catchAll:{},list:{},notes:{},fixes:{}",
        js(&reserved),
        known::catch_all(edition).map_or("null".into(), catch_all),
        scheme_list(edition).unwrap_or_else(|| "null".into()),
        notes(edition),
        fixes(edition)
    )
}
