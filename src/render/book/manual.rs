//! The manual: the reference that outgrows the README, written in Markdown
//! (`manual/*.md`, read on GitHub as they are and run by `tests/readme.rs`),
//! and rendered here as pages of the book.

use std::fmt::Write as _;

use pulldown_cmark::{CowStr, Event, Options, Parser, Tag, TagEnd, html};

use super::{esc, page};

/// The chapters, in reading order: file stem and Markdown.
const CHAPTERS: [(&str, &str); 11] = [
    ("checking", include_str!("manual/checking.md")),
    ("diffing", include_str!("manual/diffing.md")),
    ("ast", include_str!("manual/ast.md")),
    ("beyond", include_str!("manual/beyond.md")),
    ("testing", include_str!("manual/testing.md")),
    ("python", include_str!("manual/python.md")),
    ("teaching", include_str!("manual/teaching.md")),
    ("json", include_str!("manual/json.md")),
    ("grammars", include_str!("manual/grammars.md")),
    ("engineering", include_str!("manual/engineering.md")),
    ("developing", include_str!("manual/developing.md")),
];

/// The page of a chapter.
fn page_name(stem: &str) -> String {
    format!("manual-{stem}.html")
}

/// A chapter's title: its first heading.
fn title(markdown: &str) -> &str {
    markdown
        .lines()
        .find_map(|l| l.strip_prefix("# "))
        .unwrap_or("urlbnf")
}

/// A heading's anchor as GitHub makes it, so that links work in both places:
/// lower case, letters, digits, `-` and `_` kept, spaces as `-`.
fn slug(text: &str) -> String {
    text.chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c.to_ascii_lowercase()),
            _ => None,
        })
        .collect()
}

/// A link as the book has it: `json.md#x` is the page `manual-json.html#x`.
fn link(dest: &str) -> String {
    let (file, fragment) = dest.split_once('#').unwrap_or((dest, ""));
    match file.strip_suffix(".md") {
        Some(stem) if !stem.contains('/') && !dest.contains("://") => {
            let hash = if fragment.is_empty() { "" } else { "#" };
            format!("{}{hash}{fragment}", page_name(stem))
        }
        _ => dest.to_string(),
    }
}

/// A chapter as HTML: headings get their anchors, links between chapters
/// point to their pages.
fn html_of(markdown: &str) -> String {
    let events: Vec<Event<'_>> = Parser::new_ext(markdown, Options::ENABLE_TABLES).collect();
    let mut out: Vec<Event<'_>> = Vec::with_capacity(events.len());
    let mut i = 0;
    while let Some(event) = events.get(i) {
        match event {
            Event::Start(Tag::Heading {
                level,
                classes,
                attrs,
                ..
            }) => {
                // The heading's text, up to its end.
                let mut text = String::new();
                for e in events.iter().skip(i + 1) {
                    match e {
                        Event::End(TagEnd::Heading(_)) => break,
                        Event::Text(t) | Event::Code(t) => text.push_str(t),
                        _ => {}
                    }
                }
                out.push(Event::Start(Tag::Heading {
                    level: *level,
                    id: Some(CowStr::from(slug(&text))),
                    classes: classes.clone(),
                    attrs: attrs.clone(),
                }));
            }
            Event::Start(Tag::Link {
                link_type,
                dest_url,
                title,
                id,
            }) => out.push(Event::Start(Tag::Link {
                link_type: *link_type,
                dest_url: CowStr::from(link(dest_url)),
                title: title.clone(),
                id: id.clone(),
            })),
            // A backtick the text quotes (RFC 1738's `the machine...') stays
            // visibly apart from the code spans Markdown makes of backticks.
            Event::Text(t) if t.contains('`') => out.push(Event::InlineHtml(CowStr::from(
                esc(t).replace('`', "&#96;"),
            ))),
            other => out.push(other.clone()),
        }
        i += 1;
    }
    let mut body = String::new();
    html::push_html(&mut body, out.into_iter());
    body
}

/// Every page of the manual: its contents, then one page per chapter.
pub(super) fn pages() -> Vec<(String, String)> {
    let mut contents = String::from(
        "<h1>The manual</h1>\n<p>Each command, how the printed grammars are read and proven, \
         the JSON, robustness and performance. Every example is run by the tests.</p>\n<ol>\n",
    );
    let mut pages = Vec::new();
    for (stem, markdown) in CHAPTERS {
        let name = page_name(stem);
        let _ = writeln!(
            contents,
            "<li><a href=\"{name}\">{}</a></li>",
            esc(&title(markdown).replace('`', ""))
        );
        let heading_free = title(markdown).replace('`', "");
        pages.push((name.clone(), page(&name, &heading_free, &html_of(markdown))));
    }
    contents.push_str("</ol>\n");
    pages.insert(
        0,
        (
            "manual.html".into(),
            page("manual.html", "The manual", &contents),
        ),
    );
    pages
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn anchors_are_githubs() {
        assert_eq!(
            slug("A whole corpus: urlbnf report"),
            "a-whole-corpus-urlbnf-report"
        );
        assert_eq!(link("json.md#x"), "manual-json.html#x");
        assert_eq!(link("https://a/b.md"), "https://a/b.md");
    }
}
