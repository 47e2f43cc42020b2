//! The corrections page: the corrections made to the printed text, and the
//! PEG rewrites of each transcription.

use std::fmt::Write as _;

use super::{anchor, esc, page, page_name, prose};
use crate::comparisons::explain;
use crate::edition::Edition;
use crate::grammar::{Correction, PrintedGrammar};

pub(super) fn corrections_page() -> String {
    let mut b = String::from(
        "<h1>Corrections and PEG rewrites</h1>\n<h2>The five corrections</h2>\n<p>The printed text is used as printed, with exactly these corrections.</p>\n<table><tr><th></th><th>correction</th><th>applied to</th></tr>\n",
    );
    for c in Correction::ALL {
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
            prose(c.summary()),
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
                .map(|w| prose(w.trim_start_matches("PEG:").trim()))
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
    page("corrections.html", "Corrections and rewrites", &b)
}
