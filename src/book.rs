//! A static HTML book: the five documents, every rule with its printed text, PEG
//! and railroad diagram, the diffs between editions, the partial-form examples
//! worked step by step, and the corrections and rewrites. It works from `file://`
//! with no JavaScript and no network.

use std::fmt::Write as _;
use std::io;
use std::path::{Path, PathBuf};

use railroad::{
    Choice, Diagram, Empty, Link, Node, NonTerminal, Optional, Repeat, Sequence, SimpleEnd,
    SimpleStart, Stylesheet, Terminal,
};

use crate::diff;
use crate::edition::Edition;
use crate::explain;
use crate::printed::{Correction, Expr, Notation, PrintedGrammar};
use crate::report::CHRONOLOGY;
use crate::resolve::{self, Rules};

/// What each document is, in a sentence, and when.
fn about(edition: Edition) -> (&'static str, &'static str) {
    match edition {
        Edition::Draft1993 => (
            "14 July 1993",
            "The IETF URL working group's Internet-Draft (url6, ID 01): the first BNF, with a generic form any scheme may use and `#` fragments.",
        ),
        Edition::Draft1994 => (
            "21 March 1994",
            "draft-ietf-uri-url-03: a closed list of schemes, logins for ftp and telnet, mailto, mid and cid, and the `url:` prefix.",
        ),
        Edition::Rfc1630Uri => (
            "June 1994",
            "RFC 1630, the generic URI syntax \"at the level at which specific schemes are not considered\".",
        ),
        Edition::Rfc1630Url => (
            "June 1994",
            "RFC 1630's BNF for specific URL schemes, close to the March 1994 draft.",
        ),
        Edition::Rfc1738 => (
            "December 1994",
            "RFC 1738, the Proposed Standard: RFC 822 notation, per-scheme grammars, `otherurl` for new schemes.",
        ),
    }
}

/// Escape text for HTML.
pub fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The anchor of a rule on its edition's page.
pub fn anchor(rule: &str) -> String {
    let safe: String = rule
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect();
    format!("rule-{safe}")
}

fn page_name(edition: Edition) -> String {
    format!("{}.html", edition.id())
}

fn diff_page(a: Edition, b: Edition) -> String {
    format!("diff-{a}-{b}.html")
}

const CSS: &str = r#"
:root { --ink: #1d2433; --muted: #5b6475; --line: #d9dee7; --accent: #2457a6; --paper: #fbfbf8; --code: #f1f3f6; }
* { box-sizing: border-box; }
body { margin: 0; background: var(--paper); color: var(--ink); font: 17px/1.55 Georgia, "Iowan Old Style", "Times New Roman", serif; }
header.site { background: #1d2433; color: #fff; padding: 0.8rem 1.5rem; }
header.site a { color: #fff; text-decoration: none; margin-right: 1.2rem; font: 600 0.95rem/1.4 system-ui, sans-serif; }
main { max-width: 64rem; margin: 0 auto; padding: 1.5rem; }
h1, h2, h3 { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; line-height: 1.25; }
h1 { font-size: 2rem; margin: 0.5rem 0 1rem; }
h2 { font-size: 1.35rem; margin: 2.2rem 0 0.6rem; border-bottom: 1px solid var(--line); padding-bottom: 0.3rem; }
h3 { font-size: 1.1rem; margin: 1.2rem 0 0.4rem; }
a { color: var(--accent); }
code, pre { font: 0.88rem/1.45 ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; }
pre { background: var(--code); padding: 0.7rem 0.9rem; border-radius: 6px; overflow-x: auto; white-space: pre-wrap; }
p.muted, span.muted { color: var(--muted); }
table { border-collapse: collapse; width: 100%; margin: 0.6rem 0 1rem; font-size: 0.95rem; }
th, td { border-bottom: 1px solid var(--line); padding: 0.35rem 0.5rem; text-align: left; vertical-align: top; }
th { font-family: system-ui, sans-serif; font-size: 0.85rem; color: var(--muted); }
section.rule { border-top: 1px solid var(--line); padding-top: 0.4rem; margin-top: 1.6rem; }
.badge { display: inline-block; font: 600 0.72rem/1 system-ui, sans-serif; padding: 0.25rem 0.45rem; border-radius: 4px; margin-left: 0.4rem; vertical-align: middle; }
.badge.c { background: #fde9c8; color: #7a4a00; }
.badge.peg { background: #dde8fb; color: #1b3f7a; }
.diagram { overflow-x: auto; margin: 0.6rem 0; padding: 0.4rem 0; }
.diagram svg { max-width: none; height: auto; }
h1 code, h2 code, h3 code { font-size: 1em; }
ol.timeline { list-style: none; padding-left: 0; border-left: 3px solid var(--accent); }
ol.timeline li { margin: 0 0 1rem 0; padding-left: 1rem; position: relative; }
ol.timeline li::before { content: ""; position: absolute; left: -0.55rem; top: 0.45rem; width: 0.8rem; height: 0.8rem; background: var(--accent); border-radius: 50%; }
.rules-index { columns: 4 11rem; font-size: 0.92rem; }
.witness { font-family: ui-monospace, monospace; background: var(--code); padding: 0 0.25rem; border-radius: 3px; }
"#;

fn page(title: &str, body: &str) -> String {
    let mut nav = String::from(r#"<a href="index.html">urlbnf</a>"#);
    for e in Edition::ALL {
        let _ = write!(nav, r#"<a href="{}">{}</a>"#, page_name(e), e.id());
    }
    nav.push_str(r#"<a href="partial-forms.html">partial forms</a><a href="corrections.html">corrections</a>"#);
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{} · urlbnf</title>\n<link rel=\"stylesheet\" href=\"style.css\">\n</head>\n<body>\n<header class=\"site\">{nav}</header>\n<main>\n{body}\n</main>\n</body>\n</html>\n",
        esc(title)
    )
}

/// Literal text as a terminal's label (a space shows as `space`).
fn label(s: &str) -> String {
    if s == " " {
        "space".into()
    } else {
        s.to_string()
    }
}

/// A set of single characters, compressed into ranges: `a-z A-Z 0-9 $ -`.
fn char_set_label(chars: &[char]) -> String {
    let mut sorted: Vec<char> = chars.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    let mut parts = Vec::new();
    let mut i = 0;
    while let Some(&start) = sorted.get(i) {
        let mut j = i;
        while sorted
            .get(j + 1)
            .is_some_and(|&n| n as u32 == sorted[j] as u32 + 1)
        {
            j += 1;
        }
        let end = sorted[j];
        if j >= i + 2 {
            parts.push(format!("{start}-{end}"));
        } else {
            for c in &sorted[i..=j] {
                parts.push(label(&c.to_string()));
            }
        }
        i = j + 1;
    }
    parts.join(" ")
}

/// The railroad node of an expression; rule references link to their sections.
fn node(e: &Expr, link: &dyn Fn(&str) -> String) -> Box<dyn Node> {
    match e {
        Expr::Empty => Box::new(Empty),
        Expr::Lit(s) => Box::new(Terminal::new(label(s))),
        Expr::Ref(r) => Box::new(Link::new(NonTerminal::new(r.clone()), link(r))),
        Expr::Seq(items) => Box::new(Sequence::new(items.iter().map(|i| node(i, link)).collect())),
        Expr::Alt(items) => {
            // A long choice of single characters reads better as one set.
            let chars: Option<Vec<char>> = items
                .iter()
                .map(|i| match i {
                    Expr::Lit(s) if s.chars().count() == 1 => s.chars().next(),
                    _ => None,
                })
                .collect();
            match chars {
                Some(cs) if cs.len() > 6 => {
                    Box::new(Terminal::new(format!("one of: {}", char_set_label(&cs))))
                }
                _ => Box::new(Choice::new(items.iter().map(|i| node(i, link)).collect())),
            }
        }
        Expr::Opt(item) => Box::new(Optional::new(node(item, link))),
        Expr::Rep { min, item } => {
            let mut seq: Vec<Box<dyn Node>> = (1..*min).map(|_| node(item, link)).collect();
            let looped: Box<dyn Node> = Box::new(Repeat::new(node(item, link), Empty));
            if *min == 0 {
                seq.push(Box::new(Optional::new(looped)));
            } else {
                seq.push(looped);
            }
            Box::new(Sequence::new(seq))
        }
    }
}

/// The railroad diagram (SVG) of a rule's reading.
pub fn diagram(edition: Edition, rule: &str) -> Option<String> {
    let g = PrintedGrammar::of(edition);
    let r = g.rule(rule)?;
    let link = |name: &str| format!("#{}", anchor(name));
    let body = node(&r.expr, &link);
    let seq: Sequence<Box<dyn Node>> =
        Sequence::new(vec![Box::new(SimpleStart), body, Box::new(SimpleEnd)]);
    let d = Diagram::new_with_stylesheet(seq, &Stylesheet::Light);
    Some(natural_size(&d.to_string()))
}

/// Give an SVG its viewBox's size, so browsers draw it at its natural size
/// instead of stretching it to the column.
fn natural_size(svg: &str) -> String {
    let dims = svg
        .split_once("viewBox=\"")
        .and_then(|(_, rest)| rest.split_once('"'))
        .map(|(vb, _)| {
            vb.split_whitespace()
                .filter_map(|n| n.parse::<f64>().ok())
                .collect::<Vec<_>>()
        });
    match dims.as_deref() {
        Some([_, _, w, h]) => {
            svg.replacen("<svg ", &format!("<svg width=\"{w}\" height=\"{h}\" "), 1)
        }
        _ => svg.to_string(),
    }
}

/// Prose with `code` spans, escaped for HTML.
fn prose(s: &str) -> String {
    let mut out = String::new();
    for (i, part) in esc(s).split('`').enumerate() {
        if i % 2 == 1 {
            let _ = write!(out, "<code>{part}</code>");
        } else {
            out.push_str(part);
        }
    }
    out
}

fn rule_link(edition: Edition, rule: &str, from: Edition) -> String {
    if edition == from {
        format!(
            "<a href=\"#{}\"><code>{}</code></a>",
            anchor(rule),
            esc(rule)
        )
    } else {
        format!(
            "<a href=\"{}#{}\"><code>{}</code></a>",
            page_name(edition),
            anchor(rule),
            esc(rule)
        )
    }
}

fn edition_page(edition: Edition) -> String {
    let g = PrintedGrammar::of(edition);
    let (date, what) = about(edition);
    let mut b = String::new();
    let _ = write!(
        b,
        "<h1><code>{}</code></h1>\n<p>{}. Section “{}”. {}</p>\n<p class=\"muted\">{date}. {} rules; default rule <a href=\"#{}\"><code>{}</code></a>; notation: {}.</p>\n",
        edition.id(),
        esc(&g.document),
        esc(&g.section),
        prose(what),
        g.rules.len(),
        anchor(edition.default_rule()),
        edition.default_rule(),
        match g.notation {
            Notation::Letters =>
                "single letters stand for themselves, words are rules, | alternatives, [ ] optional",
            Notation::Rfc822 =>
                "RFC 822: quoted literals, n*element repetition, [ ] optional or grouping, ; comments",
        }
    );
    b.push_str("<div class=\"rules-index\">\n");
    for r in &g.rules {
        let _ = writeln!(
            b,
            "<a href=\"#{}\">{}</a><br>",
            anchor(&r.name),
            esc(&r.name)
        );
    }
    b.push_str("</div>\n");
    for r in &g.rules {
        let Some(ex) = explain::explain(edition, &r.name) else {
            continue;
        };
        let rewritten = ex.pest.as_ref().is_some_and(|p| {
            p.notes.iter().any(|n| n.starts_with("PEG:")) || p.text.contains("__")
        });
        let _ = write!(
            b,
            "<section class=\"rule\" id=\"{}\">\n<h3><code>{}</code>",
            anchor(&r.name),
            esc(&r.name)
        );
        if let Some(c) = ex.correction {
            let _ = write!(
                b,
                "<span class=\"badge c\" title=\"{}\">{c}</span>",
                esc(c.summary())
            );
        }
        if rewritten {
            b.push_str("<span class=\"badge peg\">PEG rewrite</span>");
        }
        b.push_str("</h3>\n");
        let _ = writeln!(
            b,
            "<p class=\"muted\">As printed:</p>\n<pre>{}</pre>",
            esc(&ex.printed)
        );
        if let Some(reading) = &ex.reading {
            let _ = writeln!(
                b,
                "<p class=\"muted\">Read as ({}):</p>\n<pre>{}</pre>",
                ex.correction.map(|c| c.to_string()).unwrap_or_default(),
                esc(reading)
            );
        }
        if let Some(svg) = diagram(edition, &r.name) {
            let _ = writeln!(b, "<div class=\"diagram\">{svg}</div>");
        }
        if let Some(p) = &ex.pest {
            if !p.notes.is_empty() {
                let _ = writeln!(
                    b,
                    "<p class=\"muted\">Notes in the pest grammar:</p>\n<pre>{}</pre>",
                    esc(&p.notes.join("\n"))
                );
            }
            let _ = writeln!(
                b,
                "<p class=\"muted\">PEG (grammar/{}.pest):</p>\n<pre>{}</pre>",
                edition.id(),
                esc(&p.text)
            );
        }
        let links = |names: &[String]| {
            names
                .iter()
                .map(|n| rule_link(edition, n, edition))
                .collect::<Vec<_>>()
                .join(", ")
        };
        if !ex.uses.is_empty() {
            let _ = writeln!(b, "<p>Uses: {}</p>", links(&ex.uses));
        }
        if !ex.used_by.is_empty() {
            let _ = writeln!(b, "<p>Used by: {}</p>", links(&ex.used_by));
        }
        if ex.history.len() > 1 {
            b.push_str("<table><tr><th>edition</th><th>as printed</th><th>against the edition before</th></tr>\n");
            let mut before: Option<Edition> = None;
            for h in &ex.history {
                let change = match (&h.language, before) {
                    (Some(l), Some(pe)) => esc(&explain::change_words(l, pe, h.edition)),
                    _ => "first printed here".into(),
                };
                let _ = writeln!(
                    b,
                    "<tr><td>{} {}</td><td><code>{}</code></td><td>{change}</td></tr>",
                    h.edition.id(),
                    rule_link(h.edition, &h.rule, edition),
                    esc(&h.printed)
                );
                before = Some(h.edition);
            }
            b.push_str("</table>\n");
        }
        b.push_str("</section>\n");
    }
    page(edition.id(), &b)
}

fn witnesses(ws: &[String]) -> String {
    ws.iter()
        .map(|w| format!("<span class=\"witness\">{}</span>", esc(&format!("{w:?}"))))
        .collect::<Vec<_>>()
        .join(" ")
}

fn diff_page_html(a: Edition, b_ed: Edition) -> String {
    let d = diff::diff(a, b_ed, None);
    let mut b = String::new();
    let _ = writeln!(b, "<h1>{} → {}</h1>", a.id(), b_ed.id());
    let _ = writeln!(
        b,
        "<p>From <a href=\"{}\">{}</a> to <a href=\"{}\">{}</a>, exactly: languages are compared by a product of the rules' minimal DFAs, and each witness is a shortest string (then first in byte order) in one language and not the other.</p>",
        page_name(a),
        a.id(),
        page_name(b_ed),
        b_ed.id()
    );
    for p in d.pairs.iter().filter(|p| p.whole) {
        if let Some(l) = &p.language {
            let _ = writeln!(
                b,
                "<h2>Whole URL</h2>\n<p>{} {} {}</p>\n<p>Only {}: {}</p>\n<p>Only {}: {}</p>",
                rule_link(a, &p.a, b_ed),
                l.relation.symbol(),
                rule_link(b_ed, &p.b, a),
                a.id(),
                witnesses(&l.a_not_b),
                b_ed.id(),
                witnesses(&l.b_not_a)
            );
        }
    }
    let list = |title: &str, ed: Edition, names: &[String], other: Edition| {
        let links: Vec<String> = names.iter().map(|n| rule_link(ed, n, other)).collect();
        format!(
            "<h2>{title} ({})</h2>\n<p>{}</p>\n",
            names.len(),
            if links.is_empty() {
                "none".into()
            } else {
                links.join(", ")
            }
        )
    };
    b.push_str(&list(
        &format!("Rules only in {}", a.id()),
        a,
        &d.removed,
        b_ed,
    ));
    b.push_str(&list(
        &format!("Rules only in {}", b_ed.id()),
        b_ed,
        &d.added,
        a,
    ));
    b.push_str(
        "<h2>Rules in both</h2>\n<table><tr><th>rule</th><th>printed</th><th>language</th></tr>\n",
    );
    for p in d.pairs.iter().filter(|p| !p.whole) {
        let name = if p.a == p.b {
            rule_link(b_ed, &p.b, a)
        } else {
            format!(
                "{} → {}",
                rule_link(a, &p.a, b_ed),
                rule_link(b_ed, &p.b, a)
            )
        };
        let printed = if p.changed {
            format!(
                "<code>{}</code><br><code>{}</code>",
                esc(&p.a_printed),
                esc(&p.b_printed)
            )
        } else {
            format!(
                "<span class=\"muted\">unchanged</span> <code>{}</code>",
                esc(&p.b_printed)
            )
        };
        let mut lang = match &p.language {
            Some(l) if l.relation == diff::Relation::Equal => "= same language".to_string(),
            Some(l) => {
                let mut s = format!("{} ", l.relation.symbol());
                if !l.a_not_b.is_empty() {
                    let _ = write!(s, "only {}: {} ", a.id(), witnesses(&l.a_not_b));
                }
                if !l.b_not_a.is_empty() {
                    let _ = write!(s, "<br>only {}: {}", b_ed.id(), witnesses(&l.b_not_a));
                }
                s
            }
            None => String::new(),
        };
        if let Some(c) = &p.class {
            let _ = write!(
                lang,
                "<br>characters gained {}, lost {}",
                esc(&format!("{:?}", c.added)),
                esc(&format!("{:?}", c.removed))
            );
        }
        let _ = writeln!(
            b,
            "<tr><td>{name}</td><td>{printed}</td><td>{lang}</td></tr>"
        );
    }
    b.push_str("</table>\n");
    page(&format!("{a} → {b_ed}"), &b)
}

fn partial_forms_page() -> String {
    let mut b = String::from("<h1>Partial (relative) forms</h1>\n");
    b.push_str("<p>RFC 1630 gives its rules and then examples “in the context of URI <code>magic://a/b/c//d/e/f</code>”, adding that “in the context of the URI <code>magic://a/b/c//d/e/</code> the results would be exactly the same.” Here each example is worked by the rule as printed.</p>\n");
    for context in ["magic://a/b/c//d/e/f", "magic://a/b/c//d/e/"] {
        let _ = writeln!(b, "<h2>Context <code>{}</code></h2>", esc(context));
        for partial in ["g", "/g", "//g", "../g", "g:h"] {
            let r = resolve::resolve(Rules::Rfc1630, context, partial);
            let _ = writeln!(
                b,
                "<h3><code>{}</code> → <code>{}</code></h3>\n<ol>",
                esc(partial),
                esc(&r.result)
            );
            for s in &r.steps {
                let _ = writeln!(b, "<li>{}</li>", esc(s));
            }
            b.push_str("</ol>\n");
            for n in &r.notes {
                let _ = writeln!(b, "<p><strong>Note.</strong> {}</p>", esc(&n.message));
            }
        }
    }
    b.push_str("<h2>The 1993 draft's rules</h2>\n<p>The draft keys on host and leading slash instead of runs of slashes, and removes <code>/xxx/..</code> rather than <code>xxx/../</code>:</p>\n<table><tr><th>context</th><th>partial</th><th>draft-1993</th><th>RFC 1630</th></tr>\n");
    for (c, p) in [
        ("http://h/a/b/c", "../d"),
        ("http://h/a/b/c", "/x"),
        ("http://h/a/b/c", "d/.."),
        ("magic://a/b/c//d/e/f", "/g"),
    ] {
        let _ = writeln!(
            b,
            "<tr><td><code>{}</code></td><td><code>{}</code></td><td><code>{}</code></td><td><code>{}</code></td></tr>",
            esc(c),
            esc(p),
            esc(&resolve::resolve(Rules::Draft1993, c, p).result),
            esc(&resolve::resolve(Rules::Rfc1630, c, p).result)
        );
    }
    b.push_str("</table>\n");
    page("Partial forms", &b)
}

fn corrections_page() -> String {
    let mut b = String::from(
        "<h1>Corrections and PEG rewrites</h1>\n<h2>The four corrections</h2>\n<p>The printed text is used as printed, with exactly these corrections.</p>\n<table><tr><th></th><th>correction</th><th>applied to</th></tr>\n",
    );
    for c in [
        Correction::C1,
        Correction::C2,
        Correction::C3,
        Correction::C4,
    ] {
        let mut places = Vec::new();
        for e in Edition::ALL {
            for r in PrintedGrammar::of(e)
                .rules
                .iter()
                .filter(|r| r.correction == Some(c))
            {
                places.push(format!(
                    "{} <a href=\"{}#{}\"><code>{}</code></a>",
                    e.id(),
                    page_name(e),
                    anchor(&r.name),
                    esc(&r.name)
                ));
            }
        }
        let _ = writeln!(
            b,
            "<tr><td>{c}</td><td>{}</td><td>{}</td></tr>",
            esc(c.summary()),
            places.join("<br>")
        );
    }
    b.push_str("</table>\n<h2>PEG rewrites</h2>\n<p>pest is a PEG: ordered choice commits to the first alternative that matches and repetition never gives back. Where a literal transcription would not derive what the printed BNF derives, or would not give the reading the prose describes, the pest grammar has a rewrite, proven exact by the exactness tests.</p>\n");
    for e in Edition::ALL {
        let _ = writeln!(
            b,
            "<h3>{}</h3>\n<table><tr><th>rule</th><th>why</th></tr>",
            e.id()
        );
        for r in &PrintedGrammar::of(e).rules {
            let Some(p) = explain::pest_source(e, &r.name) else {
                continue;
            };
            let why: Vec<&String> = p.notes.iter().filter(|n| n.starts_with("PEG:")).collect();
            if why.is_empty() {
                continue;
            }
            let text: Vec<String> = why
                .iter()
                .map(|w| esc(w.trim_start_matches("PEG:").trim()))
                .collect();
            let link = format!(
                "<a href=\"{}#{}\"><code>{}</code></a>",
                page_name(e),
                anchor(&r.name),
                esc(&r.name)
            );
            let _ = writeln!(b, "<tr><td>{link}</td><td>{}</td></tr>", text.join(" "));
        }
        b.push_str("</table>\n");
    }
    page("Corrections and rewrites", &b)
}

fn index_page() -> String {
    let mut b = String::from(
        "<h1>The early URL specifications, executable</h1>\n<p>Five documents from 1993-1994 each print a BNF for URLs. urlbnf reads each as printed (with four corrections), runs it as a pest grammar proven equal to the printed BNF, and compares the editions exactly. This book shows every rule with its printed text, its PEG and its railroad diagram, and how each changed.</p>\n<h2>Timeline</h2>\n<ol class=\"timeline\">\n",
    );
    for e in Edition::ALL {
        let (date, what) = about(e);
        let g = PrintedGrammar::of(e);
        let _ = writeln!(
            b,
            "<li><strong>{date}</strong>: <a href=\"{}\"><code>{}</code></a>. {}<br><span class=\"muted\">{}; {} rules, section “{}”</span></li>",
            page_name(e),
            e.id(),
            prose(what),
            esc(&g.document),
            g.rules.len(),
            esc(&g.section)
        );
    }
    b.push_str("</ol>\n<h2>What changed</h2>\n<ul>\n");
    for (a, bb) in CHRONOLOGY {
        let _ = writeln!(
            b,
            "<li><a href=\"{}\">{} → {}</a></li>",
            diff_page(a, bb),
            a.id(),
            bb.id()
        );
    }
    b.push_str("</ul>\n<h2>More</h2>\n<ul>\n<li><a href=\"partial-forms.html\">Partial (relative) forms</a>: RFC 1630's examples, worked step by step.</li>\n<li><a href=\"corrections.html\">Corrections and PEG rewrites</a>.</li>\n</ul>\n");
    page("urlbnf", &b)
}

/// Write the book into `out`; returns the pages written.
pub fn build(out: &Path) -> io::Result<Vec<PathBuf>> {
    std::fs::create_dir_all(out)?;
    let mut pages: Vec<(String, String)> = vec![("index.html".into(), index_page())];
    for e in Edition::ALL {
        pages.push((page_name(e), edition_page(e)));
    }
    for (a, b) in CHRONOLOGY {
        pages.push((diff_page(a, b), diff_page_html(a, b)));
    }
    pages.push(("partial-forms.html".into(), partial_forms_page()));
    pages.push(("corrections.html".into(), corrections_page()));
    std::fs::write(out.join("style.css"), CSS)?;
    let mut written = Vec::new();
    for (name, html) in pages {
        let path = out.join(&name);
        std::fs::write(&path, html)?;
        written.push(path);
    }
    Ok(written)
}
