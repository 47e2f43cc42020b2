//! A static HTML book: the documents, every rule with its printed text, PEG
//! and railroad diagram, the diffs between editions, the partial-form examples
//! worked step by step, and the corrections and rewrites, and a playground that
//! checks what the reader types. It works from `file://` with no network; only
//! the playground needs JavaScript.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use crate::edition::Edition;
use crate::error::Error;
use crate::grammar::PrintedGrammar;

mod corrections;
mod diagram;
mod diff_page;
mod edition_page;
mod manual;
mod partial_forms;
mod playground;
mod playground_notes;
mod resolution;

pub use diagram::diagram;

pub use super::esc;

/// A string as a JavaScript string literal (JSON's escapes, and `<` escaped
/// so no `</script>` can end a script).
pub(crate) fn js(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '<' => out.push_str("\\u003c"),
            c if u32::from(c) < 0x20 || c == '\u{2028}' || c == '\u{2029}' => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
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

pub(crate) fn page_name(edition: Edition) -> String {
    format!("{}.html", edition.id())
}

pub(crate) fn diff_page(a: Edition, b: Edition) -> String {
    format!("diff-{a}-{b}.html")
}

const CSS: &str = r#"
:root { --ink: #1d2433; --muted: #5b6475; --line: #d9dee7; --accent: #2457a6; --paper: #fbfbf8; --code: #f1f3f6; }
* { box-sizing: border-box; }
body { margin: 0; background: var(--paper); color: var(--ink); font: 17px/1.55 Georgia, "Iowan Old Style", "Times New Roman", serif; }
header.site { background: #1d2433; color: #fff; padding: 0.8rem 1.5rem; }
header.site a { color: #cfd6e4; text-decoration: none; margin-right: 1.1rem; font: 600 0.95rem/1.9 system-ui, sans-serif; white-space: nowrap; }
header.site a[aria-current="page"] { color: #fff; border-bottom: 2px solid #8fb3ff; }
@media (max-width: 40rem) {
  header.site { display: flex; overflow-x: auto; padding: 0.5rem 1rem; }
  main { padding: 1rem; }
  h1 { font-size: 1.6rem; }
}
td, th { overflow-wrap: break-word; }
p code, li code { overflow-wrap: anywhere; }
table { display: block; max-width: 100%; overflow-x: auto; }
header.site .sep { color: #8a93a6; margin-right: 0.6rem; font: 0.85rem/1.9 system-ui, sans-serif; }
main { max-width: 64rem; margin: 0 auto; padding: 1.5rem; }
h1, h2, h3 { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; line-height: 1.25; }
h1 { font-size: 2rem; margin: 0.5rem 0 1rem; }
h2 { font-size: 1.35rem; margin: 2.2rem 0 0.6rem; border-bottom: 1px solid var(--line); padding-bottom: 0.3rem; }
h3 { font-size: 1.1rem; margin: 1.2rem 0 0.4rem; }
a { color: var(--accent); }
code, pre { font: 0.88rem/1.45 ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; }
pre { background: var(--code); padding: 0.7rem 0.9rem; border-radius: 6px; overflow-x: auto; white-space: pre-wrap; }
pre.regex { word-break: break-all; }
p.muted, span.muted { color: var(--muted); }
table { border-collapse: collapse; width: 100%; margin: 0.6rem 0 1rem; font-size: 0.95rem; }
th, td { border-bottom: 1px solid var(--line); padding: 0.35rem 0.5rem; text-align: left; vertical-align: top; }
th { font-family: system-ui, sans-serif; font-size: 0.85rem; color: var(--muted); }
section.rule { border-top: 2px solid var(--line); padding-top: 0.2rem; margin-top: 2.2rem; }
section.rule h2 { font-size: 1.45rem; border-bottom: none; margin: 0.6rem 0 0.5rem; }
ul.notes { margin: 0.3rem 0 0.8rem; padding-left: 1.2rem; }
ul.why { margin: 0.2rem 0; padding-left: 1.1rem; font-size: 0.85rem; }
.why { color: var(--muted); font-size: 0.85rem; }
details summary { cursor: pointer; color: var(--accent); font-size: 0.85rem; }
.ws { color: var(--muted); }
.badge { display: inline-block; font: 600 0.72rem/1 system-ui, sans-serif; padding: 0.25rem 0.45rem; border-radius: 4px; margin-left: 0.4rem; vertical-align: middle; }
.badge.c { background: #fde9c8; color: #7a4a00; }
.badge.peg { background: #dde8fb; color: #1b3f7a; }
.diagram { overflow-x: auto; margin: 0.6rem 0; padding: 0.4rem 0; }
.diagram svg { max-width: 100%; height: auto; }
h1 code, h2 code, h3 code { font-size: 1em; }
ol.timeline { list-style: none; padding-left: 0; border-left: 3px solid var(--accent); }
ol.timeline li { margin: 0 0 1rem 0; padding-left: 1rem; position: relative; }
ol.timeline li::before { content: ""; position: absolute; left: -0.55rem; top: 0.45rem; width: 0.8rem; height: 0.8rem; background: var(--accent); border-radius: 50%; }
.rules-index { columns: 4 11rem; font-size: 0.92rem; }
form.playground { display: grid; grid-template-columns: auto 1fr; gap: 0.5rem 0.8rem; align-items: center; margin: 1rem 0; }
form.playground textarea, form.playground select { font: 1rem/1.4 ui-monospace, "DejaVu Sans Mono", monospace; padding: 0.35rem 0.5rem; width: 100%; min-width: 0; box-sizing: border-box; resize: vertical; }
section.result { border-left: 4px solid var(--line); padding: 0.1rem 0 0.1rem 0.8rem; margin: 0.8rem 0; }
section.result[data-valid="true"] { border-color: #2e7d4f; }
section.result[data-valid="false"] { border-color: #b3261e; }
section.result h3 { margin: 0.3rem 0; }
.verdict.valid { color: #2e7d4f; }
.verdict.invalid { color: #b3261e; }
.verdict.none { color: var(--muted); }
pre.caret { white-space: pre; }
code.printed { white-space: pre; display: inline-block; vertical-align: top; }
.readings label { display: inline-block; margin-right: 1rem; }
p.note q { display: block; font-size: 0.9em; margin-top: 0.2rem; }
details.tree { overflow-x: auto; }
details.tree ul { list-style: none; padding-left: 0.8rem; margin: 0; }
details.tree > ul { padding-left: 0; }
details.tree code.derived { color: var(--muted); overflow-wrap: anywhere; }
a.try { text-decoration: none; }
td.differs { background: #fdf1dc; }
.witness { font-family: ui-monospace, monospace; background: var(--code); padding: 0 0.25rem; border-radius: 3px; }
"#;

/// A page of the book: `file` is its name, for the navigation's current mark.
pub(crate) fn page(file: &str, title: &str, body: &str) -> String {
    let link = |href: &str, text: &str| {
        // A chapter of the manual is under "manual".
        let here = href == file || (href == "manual.html" && file.starts_with("manual-"));
        let current = if here { r#" aria-current="page""# } else { "" };
        // The newline lets the bar wrap between links.
        format!("<a href=\"{href}\"{current}>{}</a>\n", esc(text))
    };
    let mut nav = link("index.html", "urlbnf");
    for e in Edition::ALL {
        nav.push_str(&link(&page_name(e), e.id()));
    }
    nav.push_str("<span class=\"sep\">changes:</span>\n");
    for (a, b) in Edition::CHRONOLOGY {
        nav.push_str(&link(
            &diff_page(a, b),
            &format!("{} → {}", short(a), short(b)),
        ));
    }
    nav.push_str(&link(playground::PAGE, "playground"));
    nav.push_str(&link("partial-forms.html", "partial forms"));
    nav.push_str(&link(resolution::PAGE, "resolution"));
    nav.push_str(&link("corrections.html", "corrections"));
    nav.push_str(&link("manual.html", "manual"));
    let title = if title == "urlbnf" {
        title.to_string()
    } else {
        format!("{title} · urlbnf")
    };
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{}</title>\n<link rel=\"stylesheet\" href=\"style.css\">\n</head>\n<body>\n<header class=\"site\">{nav}</header>\n<main>\n{body}\n</main>\n</body>\n</html>\n",
        esc(&title)
    )
}

/// An edition's id, short enough for the navigation bar (`1630-url`).
fn short(e: Edition) -> &'static str {
    e.id()
        .trim_start_matches("rfc")
        .trim_start_matches("draft-")
}

/// A string as code, with each space, tab and other control made visible
/// (a witness `"A "` must not look like `"A"`); the empty string in words.
pub(crate) fn witness(s: &str) -> String {
    if s.is_empty() {
        return r#"<span class="muted">(the empty string)</span>"#.to_string();
    }
    let mut out = String::from(r#"<code class="witness">"#);
    for c in s.chars() {
        match c {
            ' ' => out.push_str(r#"<span class="ws" title="space">␣</span>"#),
            '\t' => out.push_str(r#"<span class="ws" title="tab">→</span>"#),
            c if c.is_control() => {
                let _ = write!(
                    out,
                    r#"<span class="ws" title="U+{:04X}">·</span>"#,
                    u32::from(c)
                );
            }
            c => out.push_str(&esc(&c.to_string())),
        }
    }
    out.push_str("</code>");
    out
}

/// Prose with `code` spans, escaped for HTML.
pub(crate) fn prose(s: &str) -> String {
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

pub(crate) fn rule_link(edition: Edition, rule: &str, from: Edition) -> String {
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

fn index_page() -> String {
    // How many documents, and of when, from the registry.
    let years = |set: &[Edition]| {
        let year = |e: Option<&Edition>| {
            e.map_or("", |e| e.info().date)
                .rsplit(' ')
                .next()
                .unwrap_or("")
                .to_string()
        };
        match (year(set.first()), year(set.last())) {
            (a, b) if a == b => a,
            (a, b) => format!("{a}-{b}"),
        }
    };
    let later: Vec<String> = Edition::LATER
        .iter()
        .map(|e| format!("{} ({})", esc(e.descriptor().cite), years(&[*e])))
        .collect();
    let mut b = format!(
        "<h1>The URL specifications, executable</h1>\n<p>{} documents from {} each print a BNF for URLs, and {} later ones, {}, continue the line to the standard in force, {}. urlbnf reads each as printed (with five corrections), runs it as a pest grammar proven equal to the printed BNF, and compares the editions exactly. This book shows every rule with its printed text, its PEG and its railroad diagram, and how each changed.</p>\n<h2>Timeline</h2>\n<ol class=\"timeline\">\n",
        Edition::EARLY.len(),
        years(&Edition::EARLY),
        Edition::LATER.len(),
        later.join(" and "),
        esc(Edition::IN_FORCE.descriptor().cite),
    );
    for e in Edition::ALL {
        let (date, what) = (e.info().date, e.info().summary);
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
    for (a, bb) in Edition::CHRONOLOGY {
        let _ = writeln!(
            b,
            "<li><a href=\"{}\">{} → {}</a></li>",
            diff_page(a, bb),
            a.id(),
            bb.id()
        );
    }
    b.push_str("</ul>\n<h2>More</h2>\n<ul>\n<li><a href=\"partial-forms.html\">Partial (relative) forms</a>: RFC 1630's examples, worked step by step.</li>\n<li><a href=\"resolution.html\">Resolution along the line</a>: RFC 3986's 42 examples by every rule set, what changed from RFC 2396, and the comparison ladder.</li>\n<li><a href=\"corrections.html\">Corrections and PEG rewrites</a>.</li>\n<li><a href=\"manual.html\">The manual</a>: each command, the grammars, JSON, robustness and performance.</li>\n</ul>\n");
    page("index.html", "urlbnf", &b)
}

/// Write the book as the folder `out`: made if missing, replaced whole if it
/// holds an earlier book or nothing (or, with `force`, whatever it holds),
/// refused otherwise. The pages are written into a new folder renamed into
/// place, so a failure leaves the earlier book or none; it names the path it
/// happened at. Returns the pages written.
///
/// ```
/// let out = std::env::temp_dir().join(format!("urlbnf-doc-book-{}", std::process::id()));
/// let pages = urlbnf::write_book(&out, false)?;
/// assert!(pages.iter().any(|p| p.ends_with("index.html")));
/// std::fs::remove_dir_all(&out).ok();
/// # Ok::<(), urlbnf::Error>(())
/// ```
pub fn build(out: &Path, force: bool) -> Result<Vec<PathBuf>, Error> {
    // Refused before the work, not after it.
    let claim = crate::render::write::claim_folder(out, force)?;
    let mut pages: Vec<(String, String)> = vec![("index.html".into(), index_page())];
    for e in Edition::ALL {
        pages.push((page_name(e), edition_page::page_html(e)));
    }
    for (a, b) in Edition::CHRONOLOGY {
        pages.push((diff_page(a, b), diff_page::page_html(a, b)));
    }
    pages.push((
        "partial-forms.html".into(),
        partial_forms::partial_forms_page(),
    ));
    pages.push((resolution::PAGE.into(), resolution::page_html()));
    pages.push(("corrections.html".into(), corrections::corrections_page()));
    pages.extend(manual::pages());
    let mut extra = playground::files().into_iter();
    pages.extend(extra.next());
    let count = pages.len();
    pages.extend(extra);
    pages.push(("style.css".into(), CSS.to_string()));
    pages.push((
        crate::render::write::BOOK_MARK.into(),
        "A book urlbnf wrote; `urlbnf book` replaces this folder.\n".into(),
    ));
    let mut written = claim.write(&pages)?;
    written.truncate(count);
    Ok(written)
}
