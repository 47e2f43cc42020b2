//! The partial-forms page: each document's examples of partial forms worked
//! step by step, under every set of rules.

use std::fmt::Write as _;

use super::{esc, page};
use crate::tools::resolve::{self, Rules};

pub(super) fn partial_forms_page() -> String {
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
    b.push_str("<h2>Three readings of the printed examples</h2>\n<p>RFC 1630's printed result for <code>/g</code> is not what its own N-slash rule gives. The reason is historical: CERN's libwww 2.11 (1993), the reference implementation of the time, counted no slashes. Its <code>HTParse</code> knew only <code>//</code> (a new host) and <code>/</code> (a path on this host), and the printed examples are what it produced, except <code>//g</code>, after which libwww wrote a <code>/</code>.</p>\n<table><tr><th>partial</th><th>printed in RFC 1630</th><th>RFC 1630's rule</th><th>libwww 1993</th></tr>\n");
    for (partial, printed) in [
        ("g", "magic://a/b/c//d/e/g"),
        ("/g", "magic://a/g"),
        ("//g", "magic://g"),
        ("../g", "magic://a/b/c//d/g"),
        ("g:h", "g:h"),
    ] {
        let context = "magic://a/b/c//d/e/f";
        let rule = resolve::resolve(Rules::Rfc1630, context, partial).result;
        let libwww = resolve::resolve(Rules::Libwww1993, context, partial);
        let mark = |r: &str| if r == printed { " ✓" } else { "" };
        let _ = writeln!(
            b,
            "<tr><td><code>{}</code></td><td><code>{}</code></td><td><code>{}</code>{}</td><td><code>{}</code>{}</td></tr>",
            esc(partial),
            esc(printed),
            esc(&rule),
            mark(&rule),
            esc(&libwww.result),
            mark(&libwww.result)
        );
    }
    b.push_str("</table>\n<p>✓: the printed result. libwww departs from both documents in other ways too, each noted by <code>urlbnf resolve --rules libwww-1993</code>: a partial form with the context's scheme and no host (<code>http:g</code>) is relative; the context's fragment is carried into the result; <code>xxx/..</code> is simplified in one scan, inside the search too, and not after an empty element; the default ports of http and gopher and a final dot of the host are dropped; <code>a:b:c/d</code> is read as <code>a:c/d</code>.</p>\n");
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
    page("partial-forms.html", "Partial forms", &b)
}
