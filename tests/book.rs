//! The book: every page renders in a real browser (headless Chromium) from
//! `file://`, with no broken internal link, no missing diagram, no blank page, no
//! script and no network.
//!
//! Without Chromium this test says SKIPPED and checks the HTML only, except under
//! CI, where Chromium must be there (`.ci/run` installs it).

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use crate::common;

use common::browser::{chromium_or_skip, layout, screenshot_inks};
use urlbnf::Edition;
use urlbnf::grammar::printed::PrintedGrammar;
use urlbnf::render::book;

fn out_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("urlbnf-book-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Every `href="..."` in a page.
fn hrefs(html: &str) -> Vec<String> {
    html.split("href=\"")
        .skip(1)
        .filter_map(|s| s.split('"').next())
        .map(String::from)
        .collect()
}

/// Every `id="..."` in a page.
fn ids(html: &str) -> Vec<String> {
    html.split(" id=\"")
        .skip(1)
        .filter_map(|s| s.split('"').next())
        .map(String::from)
        .collect()
}

/// A percent-encoded ASCII string, decoded.
fn decode(s: &str) -> String {
    let mut out = Vec::new();
    let mut bytes = s.bytes();
    while let Some(b) = bytes.next() {
        if b == b'%' {
            let hex: String = bytes.by_ref().take(2).map(char::from).collect();
            out.push(u8::from_str_radix(&hex, 16).expect("two hex digits"));
        } else {
            out.push(b);
        }
    }
    String::from_utf8(out).expect("UTF-8")
}

fn read_pages(dir: &Path) -> HashMap<String, String> {
    std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "html"))
        .map(|p| {
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                std::fs::read_to_string(&p).unwrap(),
            )
        })
        .collect()
}

#[test]
fn the_book_links_resolve_and_every_rule_has_a_diagram() {
    let dir = out_dir("static");
    let written = book::build(&dir, false).unwrap();
    assert_eq!(
        written.len(),
        30,
        "index, 7 editions, 6 diffs, the playground, partial forms, resolution along the line, corrections, the manual's contents and 11 chapters"
    );
    let pages = read_pages(&dir);
    let anchors: HashMap<&str, Vec<String>> =
        pages.iter().map(|(n, h)| (n.as_str(), ids(h))).collect();
    let mut tried = 0;
    for (name, html) in &pages {
        // Only the playground runs a script, its own, from the book's folder.
        if name == "playground.html" {
            for src in html.split("<script src=\"").skip(1) {
                let src = src.split('"').next().unwrap_or_default();
                assert!(
                    dir.join(src).is_file(),
                    "{name}: script {src} is in the book"
                );
            }
        } else {
            assert!(!html.contains("<script"), "{name}: no JavaScript");
        }
        assert!(!html.contains("src=\"http"), "{name}: no network");
        for href in hrefs(html) {
            assert!(!href.starts_with("http"), "{name}: external link {href}");
            let (file, frag) = href.split_once('#').unwrap_or((href.as_str(), ""));
            let file = if file.is_empty() { name.as_str() } else { file };
            if file == "style.css" {
                assert!(dir.join(file).exists());
                continue;
            }
            let target = anchors
                .get(file)
                .unwrap_or_else(|| panic!("{name}: broken link {href}"));
            // An example handed to the playground: `#try=…&rule=…`, the rule
            // one the book's editions print.
            if let Some(args) = frag.strip_prefix("try=") {
                assert_eq!(file, "playground.html", "{name}: {href}");
                let rule = decode(args.split("&amp;rule=").nth(1).expect("a rule"));
                let rule = rule.as_str();
                assert!(
                    Edition::ALL
                        .iter()
                        .any(|&e| PrintedGrammar::of(e).rule(rule).is_some()),
                    "{name}: {href} names no rule"
                );
                tried += 1;
                continue;
            }
            assert!(
                frag.is_empty() || target.iter().any(|id| id == frag),
                "{name}: broken anchor {href}"
            );
        }
    }
    assert!(tried > 1000, "{tried} examples link to the playground");
    for e in Edition::ALL {
        let html = &pages[&format!("{}.html", e.id())];
        let sections = html.matches("<section class=\"rule\"").count();
        assert_eq!(
            sections,
            PrintedGrammar::of(e).rules.len(),
            "{e}: one section per rule"
        );
        assert_eq!(
            html.matches("<svg ").count(),
            sections,
            "{e}: one diagram per rule"
        );
        assert_eq!(
            html.matches("<p class=\"gloss\">").count(),
            sections,
            "{e}: what each rule means, and where to read more"
        );
        // And its regular expression, as `urlbnf regex --flavor python` writes it.
        assert_eq!(
            html.matches("<pre class=\"regex\">").count(),
            sections,
            "{e}: one regular expression per rule"
        );
        let port = urlbnf::regex::rule_regex(e, "port", urlbnf::regex::Flavor::Python);
        if let Ok(port) = port {
            assert!(
                html.contains(&book::esc(&port.pattern)),
                "{e}: port's regex"
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn every_page_renders_in_headless_chromium() {
    let Some(chrome) = chromium_or_skip() else {
        return;
    };
    let dir = out_dir("browser");
    let pages = book::build(&dir, false).unwrap();
    let profile = dir.join(".profile");
    // On a phone and on a desktop, each page opened twice: once measured,
    // once photographed.
    let widths = [400, 1280];
    for page in pages {
        let name = page.file_name().unwrap().to_string_lossy().into_owned();
        // The DOM the browser built: every rule section holds its diagram.
        let layout = layout(&chrome, &profile, &page, &widths);
        assert!(layout.main, "{name}: the browser rendered no page");
        assert_eq!(
            layout.svgs, layout.sections,
            "{name}: a diagram is missing in the rendered DOM"
        );
        // Nothing wider than the window, and a screenshot that is not blank.
        let shot = dir.join(format!("{name}.png"));
        let inks = screenshot_inks(&chrome, &profile, &page, &shot, &widths)
            .unwrap_or_else(|| panic!("{name}: no screenshot"));
        if name == "rfc1738.html" {
            readme_picture(&shot, widths[0]);
        }
        for ((width, (scroll, wide)), ink) in widths.iter().zip(&layout.widths).zip(inks) {
            assert!(
                scroll <= width && wide.is_empty(),
                "{name} at {width} px: {scroll} px wide; {wide:?}"
            );
            assert!(
                ink > 0.02,
                "{name} at {width} px: the page looks blank ({:.1}% ink)",
                ink * 100.0
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The README shows the top of the rfc1738 page at 1280 px
/// (`snapshots/book-rfc1738.png`): it must be the page as the book writes it
/// today, which `shot` (frames side by side, the 1280 px one from `x`)
/// shows. `URLBNF_BLESS=1` writes it anew.
fn readme_picture(shot: &Path, x: u32) {
    const PICTURE: &str = "snapshots/book-rfc1738.png";
    let (width, height) = (1280, 900);
    let now = common::browser::crop_rgb(shot, x, width, height).expect("the 1280 px frame");
    if std::env::var_os("URLBNF_BLESS").is_some() {
        common::browser::write_rgb(Path::new(PICTURE), width, height, &now);
        return;
    }
    let then = common::browser::crop_rgb(Path::new(PICTURE), 0, width, height)
        .expect("the README's picture, 1280 by 900");
    // Glyphs may be smoothed a little differently; a changed page moves
    // whole words.
    let changed = now
        .chunks(3)
        .zip(then.chunks(3))
        .filter(|(a, b)| a.iter().zip(*b).any(|(x, y)| x.abs_diff(*y) > 48))
        .count();
    let share = changed as f64 / f64::from(width * height);
    assert!(
        share < 0.001,
        "{PICTURE} is not the rfc1738 page as the book writes it: {:.2}% of its pixels differ \
         (URLBNF_BLESS=1 cargo test --test suite -- book::every_page writes it anew)",
        share * 100.0
    );
}

/// What a reader sees: the index titled once, the navigation marking the page
/// it is on and reaching the diff pages, a heading per rule above body size,
/// Markdown backticks turned into code, witnesses as code with visible
/// whitespace, each printed definition of a changed pair labelled with its
/// edition, and diagrams scaled to the column.
#[test]
fn pages_show_what_a_reader_needs() {
    let dir = out_dir("reader");
    book::build(&dir, false).unwrap();
    let pages = read_pages(&dir);
    assert!(pages["index.html"].contains("<title>urlbnf</title>"));
    for (name, html) in &pages {
        let current: Vec<&str> = html
            .match_indices(r#" aria-current="page""#)
            .map(|(i, _)| &html[..i])
            .collect();
        assert_eq!(current.len(), 1, "{name}: one page is current");
        // A chapter of the manual marks the manual's link.
        let own = if name.starts_with("manual-") {
            "manual.html"
        } else {
            name.as_str()
        };
        assert!(
            current[0].ends_with(&format!("href=\"{own}\"")),
            "{name}: the current mark is on its own link"
        );
        for (a, b) in Edition::CHRONOLOGY {
            assert!(
                html.contains(&format!("href=\"diff-{a}-{b}.html\"")),
                "{name}: no link to the {a} → {b} diff"
            );
        }
        // Outside code (<pre>, <code>) and diagrams, no backtick is left as text.
        let mut prose = html.clone();
        for (open, close) in [
            ("<pre>", "</pre>"),
            ("<pre class=\"regex\">", "</pre>"),
            ("<code", "</code>"),
            ("<svg", "</svg>"),
        ] {
            let mut kept = String::new();
            for (i, part) in prose.split(open).enumerate() {
                kept.push_str(if i == 0 {
                    part
                } else {
                    part.split_once(close).map_or("", |(_, after)| after)
                });
            }
            prose = kept;
        }
        assert!(
            !prose.contains('`'),
            "{name}: a literal backtick: {}",
            prose
                .split('`')
                .next()
                .unwrap_or_default()
                .chars()
                .rev()
                .take(80)
                .collect::<String>()
        );
        // Witnesses are shown as they are, not as escaped strings (`"cid:\""`).
        assert!(
            !html.split("class=\"witness\">").skip(1).any(|w| w
                .split("</code>")
                .next()
                .unwrap_or_default()
                .contains("\\&quot;")),
            "{name}: a witness shown as an escaped string"
        );
    }
    for e in Edition::ALL {
        let html = &pages[&format!("{}.html", e.id())];
        assert_eq!(
            html.matches("<section class=\"rule\"").count(),
            html.matches("\n<h2><code>").count(),
            "{e}: each rule's heading is an h2"
        );
        // Each rule's section shows strings it derives, and near misses with
        // where they stop.
        for section in html.split("<section class=\"rule\"").skip(1) {
            let examples = section
                .split("<p class=\"examples\">")
                .nth(1)
                .and_then(|p| p.split("</p>").next())
                .unwrap_or_else(|| panic!("{e}: a rule without examples: {}", &section[..80]));
            assert!(
                examples.contains("class=\"witness\"") || examples.contains("(the empty string)"),
                "{e}: {examples}"
            );
            assert!(
                section.contains("Near misses:") && section.contains("stops at"),
                "{e}: a rule without near misses: {}",
                &section[..80]
            );
        }
    }
    // The corrections page keeps every line of a rewrite's reason.
    assert!(pages["corrections.html"].contains("each must reach the end"));
    // A whitespace witness is visible.
    let diffs: String = pages
        .iter()
        .filter(|(n, _)| n.starts_with("diff-"))
        .map(|(_, h)| h.as_str())
        .collect();
    assert!(diffs.contains(r#"<span class="ws" title="space">␣</span>"#));
    assert!(
        diffs.contains("draft-1993: <code class=\"printed\">"),
        "changed definitions are labelled"
    );
    let css = std::fs::read_to_string(dir.join("style.css")).unwrap();
    assert!(css.contains(".diagram svg { max-width: 100%;"));
    assert!(css.contains("section.rule h2 { font-size: 1.45rem;"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The command on `dir`, with its exit status and standard error.
fn book_command(dir: &std::path::Path, extra: &[&str]) -> (Option<i32>, String) {
    let mut args = vec!["book", "--out", dir.to_str().unwrap()];
    args.extend(extra);
    let out = common::run_urlbnf(&args, b"");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Names in `dir`'s parent that a book left behind (its hidden work folders).
fn leftovers(dir: &Path) -> Vec<String> {
    let name = dir.file_name().unwrap().to_string_lossy().into_owned();
    std::fs::read_dir(dir.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(&format!(".{name}.urlbnf-")))
        .collect()
}

#[test]
#[ignore = "costly: .ci/run runs it (cargo test --test suite -- --ignored)"]
fn a_link_planted_in_an_earlier_book_is_not_followed() {
    let dir = out_dir("planted");
    assert_eq!(book_command(&dir, &[]).0, Some(0));
    let victim = out_dir("planted-victim");
    std::fs::write(&victim, "not the book's").unwrap();
    let index = dir.join("index.html");
    std::fs::remove_file(&index).unwrap();
    std::os::unix::fs::symlink(&victim, &index).unwrap();
    assert_eq!(book_command(&dir, &[]).0, Some(0));
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "not the book's");
    let meta = std::fs::symlink_metadata(&index).unwrap();
    assert!(meta.is_file(), "index.html is the book's own file again");
    assert!(leftovers(&dir).is_empty(), "{:?}", leftovers(&dir));
    // A link as the folder itself is refused.
    let link = out_dir("planted-link");
    std::os::unix::fs::symlink(&dir, &link).unwrap();
    let (code, err) = book_command(&link, &[]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("symbolic link"), "{err}");
    let _ = std::fs::remove_file(&victim);
    let _ = std::fs::remove_file(&link);
}

#[test]
#[ignore = "costly: .ci/run runs it (cargo test --test suite -- --ignored)"]
fn a_folder_holding_something_else_is_refused_unless_forced() {
    let dir = out_dir("foreign");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("index.html"), "someone's page").unwrap();
    let (code, err) = book_command(&dir, &[]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains(dir.to_str().unwrap()) && err.contains("--force"),
        "{err}"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("index.html")).unwrap(),
        "someone's page"
    );
    assert_eq!(book_command(&dir, &["--force"]).0, Some(0));
    assert!(
        std::fs::read_to_string(dir.join("index.html"))
            .unwrap()
            .contains("<title>urlbnf</title>")
    );
    // An empty folder, and the book just written, are replaced without it.
    assert_eq!(book_command(&dir, &[]).0, Some(0));
    let empty = out_dir("empty");
    std::fs::create_dir_all(&empty).unwrap();
    assert_eq!(book_command(&empty, &[]).0, Some(0));
}

#[test]
#[ignore = "costly: .ci/run runs it (cargo test --test suite -- --ignored)"]
fn a_failed_write_leaves_the_earlier_book() {
    let dir = out_dir("failing");
    assert_eq!(book_command(&dir, &[]).0, Some(0));
    std::fs::write(dir.join("index.html"), "the earlier book's index").unwrap();
    // Files may grow to 4 KB only: the first large page fails (EFBIG, with
    // SIGXFSZ ignored).
    let out = std::process::Command::new("sh")
        .args([
            "-c",
            "trap '' XFSZ; ulimit -f 8; exec \"$0\" book --out \"$1\"",
            env!("CARGO_BIN_EXE_urlbnf"),
            dir.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{err}");
    assert!(err.contains(dir.to_str().unwrap()), "{err}");
    assert_eq!(
        std::fs::read_to_string(dir.join("index.html")).unwrap(),
        "the earlier book's index"
    );
    assert!(leftovers(&dir).is_empty(), "{:?}", leftovers(&dir));
}

/// `book --help` says what the book holds: the playground's script is the
/// one script, and the help names it (it said "no JavaScript" once the
/// playground had one).
#[test]
fn the_book_help_names_the_one_script() {
    let out = common::run_urlbnf(&["book", "--help"], b"");
    assert_eq!(out.status.code(), Some(0));
    let help = String::from_utf8_lossy(&out.stdout);
    assert!(!help.contains("no JavaScript"), "{help}");
    assert!(help.contains("playground.js"), "{help}");
    assert!(help.contains("playground-core.js"), "{help}");
}
