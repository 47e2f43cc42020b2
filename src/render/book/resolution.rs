//! The page "Resolution along the line": RFC 3986 §5.4's examples resolved by
//! every rule set, where they part and why, what RFC 3986 Appendix D says
//! changed from RFC 2396, the url crate's departures from the URL Standard,
//! and §6.2's comparison ladder with its examples.

use std::fmt::Write as _;

use super::{esc, page};
use crate::edition::Edition;
use crate::knowledge::meaning::Level;
use crate::tools::equivalence::equivalent;
#[cfg(feature = "whatwg")]
use crate::tools::resolve::whatwg::DEPARTURES;
use crate::tools::resolve::{self, Rules};

pub(super) const PAGE: &str = "resolution.html";

const BASE: &str = "http://a/b/c/d;p?q";

/// RFC 3986 §5.4.1 and §5.4.2: each reference and its printed target.
const EXAMPLES: &[(&str, &str)] = &[
    ("g:h", "g:h"),
    ("g", "http://a/b/c/g"),
    ("./g", "http://a/b/c/g"),
    ("g/", "http://a/b/c/g/"),
    ("/g", "http://a/g"),
    ("//g", "http://g"),
    ("?y", "http://a/b/c/d;p?y"),
    ("g?y", "http://a/b/c/g?y"),
    ("#s", "http://a/b/c/d;p?q#s"),
    ("g#s", "http://a/b/c/g#s"),
    ("g?y#s", "http://a/b/c/g?y#s"),
    (";x", "http://a/b/c/;x"),
    ("g;x", "http://a/b/c/g;x"),
    ("g;x?y#s", "http://a/b/c/g;x?y#s"),
    ("", "http://a/b/c/d;p?q"),
    (".", "http://a/b/c/"),
    ("./", "http://a/b/c/"),
    ("..", "http://a/b/"),
    ("../", "http://a/b/"),
    ("../g", "http://a/b/g"),
    ("../..", "http://a/"),
    ("../../", "http://a/"),
    ("../../g", "http://a/g"),
    ("../../../g", "http://a/g"),
    ("../../../../g", "http://a/g"),
    ("/./g", "http://a/g"),
    ("/../g", "http://a/g"),
    ("g.", "http://a/b/c/g."),
    (".g", "http://a/b/c/.g"),
    ("g..", "http://a/b/c/g.."),
    ("..g", "http://a/b/c/..g"),
    ("./../g", "http://a/b/g"),
    ("./g/.", "http://a/b/c/g/"),
    ("g/./h", "http://a/b/c/g/h"),
    ("g/../h", "http://a/b/c/h"),
    ("g;x=1/./y", "http://a/b/c/g;x=1/y"),
    ("g;x=1/../y", "http://a/b/c/y"),
    ("g?y/./x", "http://a/b/c/g?y/./x"),
    ("g?y/../x", "http://a/b/c/g?y/../x"),
    ("g#s/./x", "http://a/b/c/g#s/./x"),
    ("g#s/../x", "http://a/b/c/g#s/../x"),
    ("http:g", "http:g"),
];

fn code(s: &str) -> String {
    if s.is_empty() {
        "<span class=\"muted\">(empty)</span>".into()
    } else {
        format!("<code>{}</code>", esc(s))
    }
}

fn examples_table(b: &mut String) {
    let _ = writeln!(
        b,
        "<table><tr><th>reference</th><th>printed (RFC 3986)</th>{}<th>why they part</th></tr>",
        Rules::ALL
            .iter()
            .map(|r| format!("<th>{}</th>", r.id()))
            .collect::<String>()
    );
    let (mut differing, mut cells) = (0, 0);
    for (reference, printed) in EXAMPLES {
        let mut row = format!("<tr><td>{}</td><td>{}</td>", code(reference), code(printed));
        let mut why = Vec::new();
        for &rules in Rules::ALL {
            let r = resolve::resolve(rules, BASE, reference);
            let shown = match &r.failure {
                Some(f) => format!("failure: {}", esc(f)),
                None => code(&r.result),
            };
            cells += 1;
            if r.result == *printed && r.failure.is_none() {
                let _ = write!(row, "<td>{shown} ✓</td>");
            } else {
                differing += 1;
                let _ = write!(row, "<td class=\"differs\"><strong>{shown}</strong></td>");
                for n in &r.notes {
                    let item = format!("{}: <code>{}</code>", rules.id(), esc(n.code));
                    if !why.contains(&item) {
                        why.push(item);
                    }
                }
                if r.notes.is_empty() {
                    why.push(format!("{}: its own rule", rules.id()));
                }
            }
        }
        let _ = writeln!(row, "<td>{}</td></tr>", why.join("<br>"));
        b.push_str(&row);
    }
    let _ = writeln!(
        b,
        "</table>\n<p class=\"muted\">✓: RFC 3986's printed target. {differing} of {cells} results differ from it; \
         <code>http:g</code> is §5.4.2's strict reading (<code>urlbnf resolve --non-strict</code> gives the \
         backward-compatible <code>http://a/b/c/g</code>). Each code is the note <code>urlbnf resolve</code> \
         gives; <code>urlbnf resolve --compare</code> shows them in full.</p>"
    );
}

const WHY: &str = "<h2>Why they part</h2>\n<ul>\n\
<li><strong>A reference without a path</strong> (<code>?y</code>, <code>#s</code>, the empty one): RFC 1630 and the 1993 draft give no rule for it, and their rule for a path, applied as written, replaces the base's last segment by nothing (<code>http://a/b/c/?y</code>). RFC 3986 §5.2.2 keeps the base's path and, unless the reference has one, its query; Appendix D calls this the behaviour of RFC 1808 restored.</li>\n\
<li><strong>A trailing <code>..</code> or <code>.</code></strong>: RFC 1630 removes <code>xxx/../</code> and <code>/.</code>, patterns that need a slash after the dots, so <code>..</code> stays (<code>http://a/b/c/..</code>); the draft removes <code>/xxx/..</code> and leaves no trailing slash (<code>http://a/b</code>); RFC 3986's remove_dot_segments (§5.2.4) keeps the slash (<code>http://a/b/</code>).</li>\n\
<li><strong>More <code>..</code> than the path has</strong>: the early rules keep the extra <code>..</code>; RFC 3986 drops it (§5.4.2: \"the <code>..</code> syntax cannot be used to change the authority component\").</li>\n\
<li><strong><code>http:g</code></strong>: libwww 1993 read a reference with the base's scheme as relative; RFC 3986 §5.4.2 calls that \"a loophole in prior specifications of partial URI [RFC1630]\", strict parsers read it as a URI of its own, and the WHATWG Standard, like libwww, resolves it.</li>\n\
<li><strong>Dots in a query or fragment</strong>: libwww simplified <code>xxx/..</code> over the whole result, search included; every other rule set stops at the path (§5.4.2 warns of such \"older, erroneous implementations\").</li>\n\
<li><strong><code>//g</code></strong>: the WHATWG Standard writes an empty path of an http URL as <code>/</code> (<code>http://g/</code>), as RFC 3986's scheme-based normalization does (§6.2.3).</li>\n\
</ul>\n";

const APPENDIX_D: &str = "<h2>What changed from RFC 2396 (RFC 3986 Appendix D)</h2>\n\
<p>RFC 2396's resolution (its §5.2) is not among urlbnf's documents; RFC 3986 Appendix D says what its own §5.2 changed: \"The resolving relative references algorithm of [RFC2396] has been rewritten with pseudocode for this revision to improve clarity and fix the following issues\":</p>\n<ul>\n\
<li>\"[RFC2396] section 5.2, step 6a, failed to account for a base URI with no path.\" (RFC 3986 §5.2.3's merge: a base with an authority and an empty path gives <code>/</code> followed by the reference's path.)</li>\n\
<li>\"Restored the behavior of [RFC1808] where, if the reference contains an empty path and a defined query component, the target URI inherits the base URI's path component.\" (<code>?y</code> gives <code>http://a/b/c/d;p?y</code>.)</li>\n\
<li>\"The determination of whether a URI reference is a same-document reference has been decoupled from the URI parser ... now based on comparison to the base URI after transforming a reference to absolute form\".</li>\n</ul>\n\
<p>Beside resolution, Appendix D says the syntax changed: IP literals in brackets came from RFC 2732, with <code>[</code> and <code>]</code> reserved; <code>!</code>, <code>*</code>, <code>'</code>, <code>(</code> and <code>)</code> moved from the unreserved marks to the reserved set; <code>#</code> came back to the reserved set with the fragment reintegrated into the generic syntax; the path may be empty; and §6 on normalization and comparison \"has been completely rewritten and extended\", giving normalizers \"license to decode any percent-encoded octets corresponding to unreserved characters\". urlbnf's rfc2396 therefore keeps RFC 1630's encoding level for <code>equiv</code>, with RFC 2396's own classes.</p>\n";

#[cfg(feature = "whatwg")]
fn departures(b: &mut String) {
    b.push_str("<h2>The WHATWG reading and the url crate</h2>\n<p>The <code>whatwg</code> rule set is the WHATWG URL Standard's basic URL parser given a base, as the <code>url</code> crate implements it (<code>Url::join</code>): a reading, not an edition. CI compares it with the Standard's reference implementation (npm <code>whatwg-url</code>) on RFC 3986's examples and about 15,000 generated pairs (<code>tests/whatwg/judge.js</code>); they part in these ways, each noted by <code>urlbnf resolve --rules whatwg</code> on the pairs it shows on:</p>\n<table><tr><th>note</th><th>base</th><th>reference</th><th>url crate</th><th>URL Standard</th><th>why</th></tr>\n");
    for d in DEPARTURES {
        let _ = writeln!(
            b,
            "<tr><td><code>{}</code></td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            esc(d.code),
            code(d.base),
            code(d.reference),
            esc(d.url_crate),
            esc(d.standard),
            esc(d.why)
        );
    }
    b.push_str("</table>\n<p class=\"muted\">File URLs with a host are compared on these examples only: the crate's path handling there departs in further ways not yet classified (for example <code>..//#s</code> against <code>file://h/x/y</code>: the crate gives <code>file://h/#s</code>, the Standard <code>file://h//#s</code>).</p>\n");
}

/// §6.2's examples: each pair and whether it is equivalent at each rung.
const LADDER: &[(&str, &str, &str)] = &[
    (
        "§6.2.2",
        "example://a/b/c/%7Bfoo%7D",
        "eXAMPLE://a/./b/../b/%63/%7bfoo%7d",
    ),
    (
        "§6.2.2.1",
        "HTTP://www.EXAMPLE.com/",
        "http://www.example.com/",
    ),
    ("§6.2.2.1", "http://h/%3a", "http://h/%3A"),
    ("§2.3, §6.2.2.2", "http://h/%7Efred", "http://h/~fred"),
    ("§6.2.2.3", "http://a/b/../c", "http://a/c"),
    ("§6.2.3", "http://example.com", "http://example.com/"),
    ("§6.2.3", "http://example.com:/", "http://example.com:80/"),
    ("§6.2.3", "http://example.com/", "http://example.com/?"),
    ("§6.2.3", "mailto:Joe@Example.COM", "mailto:Joe@example.com"),
    ("§2.2", "http://h/a%2Fb", "http://h/a/b"),
];

fn ladder(b: &mut String) {
    b.push_str("<h2>The comparison ladder (RFC 3986 §6.2)</h2>\n<p>RFC 3986 compares URIs on a ladder, each rung costing more and missing fewer equivalences: simple string comparison (§6.2.1), syntax-based normalization (§6.2.2: case, percent-encoding, dot segments) and scheme-based normalization (§6.2.3: default ports, an empty path as <code>/</code>, scheme rules such as mailto's domain case). <code>urlbnf equiv --level</code> and <code>urlbnf normalize</code> climb it; the editions before RFC 3986 keep RFC 1630's encoding level. The document's examples:</p>\n<table><tr><th>section</th><th>A</th><th>B</th><th>string</th><th>syntax</th><th>scheme</th></tr>\n");
    for (section, a, bb) in LADDER {
        let mut row = format!(
            "<tr><td>{section}</td><td>{}</td><td>{}</td>",
            code(a),
            code(bb)
        );
        for level in [Level::String, Level::Syntax, Level::Scheme] {
            let same = equivalent(Edition::IN_FORCE, level, a, bb).is_ok_and(|e| e.equivalent);
            row.push_str(if same {
                "<td>equivalent</td>"
            } else {
                "<td class=\"muted\">different</td>"
            });
        }
        row.push_str("</tr>\n");
        b.push_str(&row);
    }
    b.push_str("</table>\n");
}

pub(super) fn page_html() -> String {
    let mut b = String::from(
        "<h1>Resolution along the line</h1>\n<p>RFC 3986 §5.4 resolves 42 references against the base <code>http://a/b/c/d;p?q</code>. Here each is resolved by every rule set urlbnf runs: the 1993 draft's \"Partial form\", RFC 1630's \"Partial (relative) form\", what CERN libwww did in 1993, RFC 3986 §5.2 as printed, and the WHATWG URL Standard's reading. Where a result differs from RFC 3986's printed target it is marked, with the note that says why.</p>\n",
    );
    examples_table(&mut b);
    b.push_str(WHY);
    b.push_str(APPENDIX_D);
    #[cfg(feature = "whatwg")]
    departures(&mut b);
    ladder(&mut b);
    page(PAGE, "Resolution along the line", &b)
}
