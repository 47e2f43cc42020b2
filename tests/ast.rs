//! The typed AST: prose readings, typed accessors, a mapping for every scheme
//! production, and lossless round trips.

use crate::common;

use crate::common::editions::*;
use arbitrary::Arbitrary;
use common::{Seeded, corpus};
use urlbnf::Edition;
use urlbnf::ast::{self, Body, HostKind, Kind, News, OwnedUrl, Url, WaisForm};
use urlbnf::engine::Generator;
use urlbnf::grammar::printed::PrintedGrammar;

fn parse(edition: Edition, input: &str) -> Url<'_> {
    ast::parse(edition, input).unwrap_or_else(|e| panic!("{edition} {input}: {e}"))
}

fn text(p: Option<ast::Part<'_>>) -> Option<&str> {
    p.map(|p| p.text)
}

// ---- Readings the prose gives where the grammar admits several parses ----

#[test]
fn draft_1993_host_port_is_host_and_port_though_xalpha_allows_a_colon() {
    let url = parse(Draft1993, "http://host:80/");
    let hp = url.hostport().unwrap();
    assert_eq!(hp.host.part.text, "host");
    assert_eq!(text(hp.port), Some("80"));
    assert_eq!(url.port(), Some(80));
    // A colon not followed by digits to the end of the host stays in the host name.
    let url = parse(Draft1993, "http://a:b/");
    assert_eq!(url.hostport().unwrap().host.part.text, "a:b");
    assert_eq!(url.hostport().unwrap().port, None);
}

#[test]
fn rfc1738_gopher_splits_selector_search_and_gopher_plus_at_tabs() {
    let Body::Gopher(g) = parse(Rfc1738, "gopher://h/7sel%09find").body else {
        panic!()
    };
    assert_eq!(
        (text(g.gtype), text(g.selector), text(g.search)),
        (Some("7"), Some("sel"), Some("find"))
    );
    let Body::Gopher(g) = parse(
        Rfc1738,
        "gopher://h/0a_gopher_selector%09%09+application/postscript%20Es_ES",
    )
    .body
    else {
        panic!()
    };
    assert_eq!(text(g.selector), Some("a_gopher_selector"));
    assert_eq!(text(g.search), Some(""));
    assert_eq!(text(g.gopher_plus), Some("+application/postscript%20Es_ES"));
    // A search may not hold "/": then all of it is selector, as the grammar allows.
    let Body::Gopher(g) = parse(Rfc1738, "gopher://h/1a%09b/c").body else {
        panic!()
    };
    assert_eq!((text(g.selector), g.search), (Some("a%09b/c"), None));
}

#[test]
fn specific_schemes_win_over_draft_1993_generic() {
    assert_eq!(parse(Draft1993, "news:a@b").body.kind(), Kind::News);
    assert_eq!(parse(Draft1993, "http:foo").body.kind(), Kind::Generic);
}

#[test]
fn user_and_article_split_at_the_last_at_sign_that_a_host_follows() {
    let url = parse(Draft1994, "ftp://me@x.com@ftp.host/f");
    let Body::Ftp(f) = &url.body else { panic!() };
    assert_eq!(
        (text(f.login.user), f.login.hostport.host.part.text),
        (Some("me@x.com"), "ftp.host")
    );
    let Body::News(News::Article { id, host }) = parse(Draft1994, "news:a@b@1.2.3.4").body else {
        panic!()
    };
    assert_eq!(
        (id.text, host.part.text, host.kind),
        ("a@b", "1.2.3.4", HostKind::Number)
    );
    // After the last "@" no host can follow ("1"): the first "@" before a letter.
    let Body::News(News::Article { id, host }) = parse(Draft1994, "news:a@b@1").body else {
        panic!()
    };
    assert_eq!((id.text, host.part.text), ("a", "b@1"));
}

#[test]
fn prospero_version_and_attributes_follow_the_final_percent_00() {
    let Body::Prospero(p) = parse(Draft1994, "prospero://h/pros/name%00123abc").body else {
        panic!()
    };
    assert_eq!(p.hsoname.part.text, "pros/name");
    assert_eq!(
        (text(p.version), text(p.attributes)),
        (Some("123"), Some("abc"))
    );
    let Body::Prospero(p) = parse(Rfc1738, "prospero://host.dom//pros/name;a=b").body else {
        panic!()
    };
    assert_eq!(p.hsoname.part.text, "/pros/name");
    assert_eq!((p.fields[0].name.text, p.fields[0].value.text), ("a", "b"));
    assert_eq!(p.version, None);
}

#[test]
fn rfc1630_url_ftp_type_without_separator_stays_in_the_path() {
    let Body::Ftp(f) = parse(Rfc1630Url, "ftp://h/fileI").body else {
        panic!()
    };
    assert_eq!(
        (f.path.as_ref().map(|p| p.part.text), f.ftptype),
        (Some("fileI"), None)
    );
}

// ---- Meanings the prose gives, as typed accessors ----

#[test]
fn default_ports_are_rfc_1738s() {
    for (input, port) in [
        ("ftp://h/", 21),
        ("http://h/", 80),
        ("gopher://h/", 70),
        ("nntp://h/g", 119),
        ("telnet://h/", 23),
        ("wais://h/db", 210),
        ("prospero://h/p", 1525),
        ("http://h:8000/", 8000),
    ] {
        assert_eq!(
            parse(Rfc1738, input).port_or_known_default(),
            Some(port),
            "{input}"
        );
    }
    assert_eq!(parse(Rfc1738, "news:*").port_or_known_default(), None);
}

#[test]
fn a_port_is_the_written_one_and_fits_a_port_number_or_is_none() {
    // As written: none is written here, whatever the default.
    assert_eq!(parse(Rfc1738, "http://h/").port(), None);
    assert_eq!(parse(Rfc1738, "http://h:8000/").port(), Some(8000));
    assert_eq!(parse(Rfc1738, "http://h:65535/").port(), Some(65535));
    // Past 65535 it names no port: neither the written one nor a default.
    for input in [
        "http://h:65536/",
        "http://h:99999999999/",
        "ftp://h:4294967376/",
    ] {
        let url = parse(Rfc1738, input);
        assert_eq!(url.port(), None, "{input}");
        assert_eq!(url.port_or_known_default(), None, "{input}");
        let text = url.hostport().and_then(|hp| hp.port).map(|p| p.text);
        assert!(
            text.is_some_and(|t| input.contains(t)),
            "{input}: kept as text"
        );
    }
}

#[test]
fn gopher_type_defaults_to_1_when_the_path_is_empty() {
    let Body::Gopher(g) = parse(Rfc1738, "gopher://h").body else {
        panic!()
    };
    assert_eq!(g.item_type(), "1");
    let Body::Gopher(g) = parse(Rfc1738, "gopher://h/0x").body else {
        panic!()
    };
    assert_eq!(g.item_type(), "0");
}

#[test]
fn ftp_paths_are_cwd_segments_a_name_and_a_type() {
    let Body::Ftp(f) = parse(Rfc1738, "ftp://myname@host.dom/%2Fetc/motd;type=a").body else {
        panic!()
    };
    let cwd: Vec<&str> = f.cwd().map(|p| p.text).collect();
    assert_eq!(cwd, ["%2Fetc"]);
    assert_eq!(f.cwd().next().unwrap().decode().unwrap(), b"/etc");
    assert_eq!(
        (f.name().map(|n| n.text), text(f.ftptype)),
        (Some("motd"), Some("a"))
    );
    let Body::Ftp(f) = parse(Rfc1738, "ftp://myname@host.dom//etc/motd").body else {
        panic!()
    };
    let cwd: Vec<&str> = f.cwd().map(|p| p.text).collect();
    assert_eq!(cwd, ["", "etc"]);
    let Body::Ftp(f) = parse(Draft1994, "ftp://h/a/b!I").body else {
        panic!()
    };
    assert_eq!(
        (f.name().map(|n| n.text), text(f.ftptype)),
        (Some("b"), Some("I"))
    );
}

#[test]
fn news_is_a_group_an_article_or_everything() {
    assert!(matches!(
        parse(Rfc1738, "news:*").body,
        Body::News(News::All { .. })
    ));
    assert!(matches!(
        parse(Rfc1738, "news:comp.infosystems.www").body,
        Body::News(News::Group { .. })
    ));
    let Body::News(News::Article { id, host }) = parse(Rfc1738, "news:1234@info.cern.ch").body
    else {
        panic!()
    };
    assert_eq!((id.text, host.part.text), ("1234", "info.cern.ch"));
}

#[test]
fn file_urls_know_the_local_machine() {
    let Body::File(f) = parse(Rfc1738, "file:///etc/motd").body else {
        panic!()
    };
    assert!(f.host.is_none() && f.is_local());
    let Body::File(f) = parse(Rfc1738, "file://localhost/etc/motd").body else {
        panic!()
    };
    assert!(f.is_local());
    let Body::File(f) = parse(
        Rfc1738,
        "file://vms.host.edu/disk$user/my/notes/note12345.txt",
    )
    .body
    else {
        panic!()
    };
    assert!(!f.is_local());
    // draft-1993's fileaddress is `ftp://host/path`.
    assert_eq!(parse(Draft1993, "ftp://h/x").body.kind(), Kind::File);
}

#[test]
fn wais_documents_have_wpath_fields() {
    let Body::Wais(w) = parse(Draft1994, "wais://h/db/TEXT/12=a/b;3=c;").body else {
        panic!()
    };
    let WaisForm::Doc { wtype, fields, .. } = w.form else {
        panic!()
    };
    assert_eq!(wtype.text, "TEXT");
    let f: Vec<(&str, &str)> = fields
        .iter()
        .map(|f| (f.digits.text, f.path.text))
        .collect();
    assert_eq!(f, [("12", "a/b"), ("3", "c")]);
    let Body::Wais(w) = parse(Rfc1738, "wais://h/db?query").body else {
        panic!()
    };
    assert!(matches!(w.form, WaisForm::Index { search: Some(s) } if s.text == "query"));
}

#[test]
fn components_an_edition_lacks_are_absent() {
    // draft-1994's nntp: has no host; its ftp URL no fragment.
    let Body::Nntp(n) = parse(Draft1994, "nntp:comp.x/12").body else {
        panic!()
    };
    assert!(n.hostport.is_none());
    assert_eq!(
        parse(Draft1993, "http://h/#frag").fragment.map(|f| f.text),
        Some("frag")
    );
    let prefixed = ast::parse_rule(Rfc1630Url, "prefixedurl", "url:http://h/").unwrap();
    assert_eq!(prefixed.prefix.map(|p| p.text), Some("url:"));
    assert_eq!(prefixed.scheme.map(|s| s.text), Some("http"));
    assert!(parse(Rfc1738, "http://h/").fragment.is_none());
}

/// Each part's text and span.
fn spans<'a>(parts: Vec<ast::Part<'a>>) -> Vec<(&'a str, usize, usize)> {
    parts.iter().map(|p| (p.text, p.start, p.end)).collect()
}

#[test]
fn path_segments_split_at_each_slash_from_either_end() {
    let Body::Http(h) = parse(Rfc1738, "http://h/a//b%2Fc/").body else {
        panic!()
    };
    let path = h.path.unwrap();
    let forward = vec![("a", 9, 10), ("", 11, 11), ("b%2Fc", 12, 17), ("", 18, 18)];
    assert_eq!(spans(path.segments().collect()), forward);
    let mut backward = path.segments().rev().collect::<Vec<_>>();
    backward.reverse();
    assert_eq!(spans(backward), forward);
    // From both ends at once: each segment once.
    let mut both = path.segments();
    let (first, last) = (both.next().unwrap(), both.next_back().unwrap());
    assert_eq!((first.text, last.start), ("a", 18));
    assert_eq!(spans(both.collect()), forward[1..3]);
    // Each segment's text is the input at its span; an empty path has one segment.
    let input = "http://h/a//b%2Fc/";
    assert!(
        path.segments()
            .all(|p| input.get(p.start..p.end) == Some(p.text))
    );
    let Body::Http(h) = parse(Rfc1738, "http://h/").body else {
        panic!()
    };
    assert_eq!(spans(h.path.unwrap().segments().collect()), [("", 9, 9)]);
}

#[test]
fn escapes_stay_raw_and_decode_on_request() {
    let Body::Http(h) = parse(Rfc1738, "http://h/a%20b").body else {
        panic!()
    };
    let seg = h.path.unwrap().segments().next().unwrap();
    assert_eq!(seg.text, "a%20b");
    assert_eq!(seg.decode().unwrap(), b"a b");
    let bad = ast::Part {
        text: "x%4",
        start: 10,
        end: 13,
    };
    assert_eq!(bad.decode().map_err(|e| e.offset), Err(11));
}

// ---- Every scheme production maps to an AST node ----

/// Rules that name a scheme's whole URL: `…address`, `…url`, `…link`, the wais
/// forms, and the generic productions; in the later editions, the references.
fn is_scheme_production(edition: Edition, rule: &str) -> bool {
    if !edition.is_early() {
        return matches!(
            rule,
            "URI-reference"
                | "URI"
                | "absolute-URI"
                | "relative-ref"
                | "absoluteURI"
                | "relativeURI"
        );
    }
    let wrapper = matches!(rule, "url" | "prefixedurl" | "fragmentaddress");
    !wrapper
        && (rule.ends_with("address")
            || rule.ends_with("url")
            || rule.ends_with("link")
            || matches!(
                rule,
                "waisindex" | "waisdoc" | "waisdatabase" | "generic" | "uri"
            ))
}

#[test]
fn every_scheme_production_of_every_edition_maps_to_an_ast_node() {
    let mut seeded = Seeded::new(3, 256);
    for edition in Edition::ALL {
        let generator = Generator::new(edition);
        for rule in PrintedGrammar::of(edition)
            .rules
            .iter()
            .filter(|r| is_scheme_production(edition, &r.name))
        {
            let kind = ast::scheme_kind(edition, &rule.name).unwrap_or_else(|| {
                panic!("{edition}: scheme rule {} has no AST mapping", rule.name)
            });
            for _ in 0..50 {
                let s = seeded.derive(&generator, &rule.name);
                let url = ast::parse_rule(edition, &rule.name, &s)
                    .unwrap_or_else(|e| panic!("{edition} {}: {s:?}: {e}", rule.name));
                assert_eq!(url.body.kind(), kind, "{edition} {}: {s:?}", rule.name);
                assert_eq!(url.to_string(), s);
            }
        }
    }
}

// ---- Lossless ----

/// Every part of the AST is the input's text at its span.
fn assert_spans_are_input_slices(url: &Url<'_>) {
    let json = serde_json::to_value(url).unwrap();
    fn walk(v: &serde_json::Value, input: &str) {
        match v {
            serde_json::Value::Object(m) => {
                if let (Some(t), Some(s), Some(e)) = (m.get("text"), m.get("start"), m.get("end")) {
                    let (s, e) = (s.as_u64().unwrap() as usize, e.as_u64().unwrap() as usize);
                    assert_eq!(t.as_str(), input.get(s..e), "{input}");
                }
                m.values().for_each(|v| walk(v, input));
            }
            serde_json::Value::Array(a) => a.iter().for_each(|v| walk(v, input)),
            _ => {}
        }
    }
    walk(&json, url.input);
}

#[test]
fn corpus_and_generated_urls_display_as_their_input() {
    let mut inputs: Vec<(Edition, String)> = Vec::new();
    for edition in Edition::ALL {
        inputs.extend(corpus().into_iter().map(|s| (edition, s.to_string())));
        let generator = Generator::new(edition);
        let mut seeded = Seeded::new(7, 256);
        for _ in 0..500 {
            inputs.push((edition, seeded.derive(&generator, edition.default_rule())));
        }
    }
    let mut parsed = 0;
    for (edition, s) in &inputs {
        if let Ok(url) = ast::parse(*edition, s) {
            assert_eq!(url.to_string(), *s);
            assert_spans_are_input_slices(&url);
            parsed += 1;
        }
    }
    assert!(parsed >= 5 * 500, "only {parsed} inputs parsed");
}

#[test]
fn arbitrary_asts_display_and_parse_back_equal() {
    let mut seeded = Seeded::new(11, 512);
    let mut per_edition = std::collections::BTreeMap::new();
    for _ in 0..2_000 {
        let owned = OwnedUrl::arbitrary(&mut seeded.draw()).unwrap();
        let url = owned
            .url()
            .unwrap_or_else(|e| panic!("{} {:?}: {e}", owned.edition, owned.text));
        let shown = url.to_string();
        assert_eq!(ast::parse(owned.edition, &shown).unwrap(), url);
        *per_edition.entry(owned.edition).or_insert(0) += 1;
    }
    assert_eq!(
        per_edition.len(),
        Edition::ALL.len(),
        "every edition drawn: {per_edition:?}"
    );
}

#[test]
fn only_draft_1994_prints_two_colons_after_mailto() {
    // RFC 1738 `mailtourl = "mailto:" encoded822addr`: a second colon is the
    // address's first character, as the derivation says.
    fn address(e: Edition, input: &str) -> (&str, usize, usize) {
        match parse(e, input).body {
            Body::Mailto(m) => (m.address.text, m.address.start, m.address.end),
            other => panic!("{input}: {other:?}"),
        }
    }
    assert_eq!(address(Rfc1738, "mailto::O"), (":O", 7, 9));
    assert_eq!(address(Rfc1738, "mailto:joe@h"), ("joe@h", 7, 12));
    assert_eq!(address(Draft1994, "mailto::joe@h"), ("joe@h", 8, 13));
    assert_eq!(address(Rfc1630Url, "mailto:joe@h"), ("joe@h", 7, 12));
}

/// The text of a component as `parse --json` writes it: in the body, in a
/// generic URL's `ip` part, in a later edition's `authority`, or (the scheme,
/// the fragment) at the top.
fn json_text(json: &serde_json::Value, name: &str) -> Option<String> {
    let body = &json["body"];
    [
        &json[name],
        &body[name],
        &body["ip"][name],
        &body["authority"][name],
    ]
    .into_iter()
    .find_map(|v| v["text"].as_str())
    .map(str::to_string)
}

/// Every accessor, on URLs derived from each scheme production of every
/// edition, gives the component `parse --json` gives.
#[test]
fn accessors_give_the_components_parse_json_gives() {
    let mut checked = std::collections::BTreeSet::new();
    for edition in Edition::ALL {
        for rule in &PrintedGrammar::of(edition).rules {
            if ast::scheme_kind(edition, &rule.name).is_none() {
                continue;
            }
            for input in common::samples(edition, &rule.name, 20, 11) {
                // Its own rule: draft-1994 prints `afsaddress` outside `url`.
                let Ok(url) = ast::parse_rule(edition, &rule.name, &input) else {
                    continue;
                };
                let json = serde_json::to_value(&url).unwrap();
                let at = format!("{edition} {} {input:?}", rule.name);
                assert_eq!(
                    url.scheme().map(|s| s.to_string()),
                    json_text(&json, "scheme"),
                    "{at}"
                );
                assert_eq!(
                    url.host().map(|h| h.to_string()),
                    json_text(&json, "host"),
                    "{at}"
                );
                assert_eq!(
                    url.port(),
                    json_text(&json, "port").and_then(|p| p.parse().ok()),
                    "{at}"
                );
                let path = json_text(&json, "path").or_else(|| json_text(&json, "hsoname"));
                assert_eq!(url.path().map(|p| p.to_string()), path, "{at}");
                // The later editions call it the query.
                let search = json_text(&json, "search").or_else(|| json_text(&json, "query"));
                assert_eq!(url.search().map(|s| s.to_string()), search, "{at}");
                assert_eq!(
                    url.fragment().map(|f| f.to_string()),
                    json_text(&json, "fragment"),
                    "{at}"
                );
                let login = url.login();
                assert_eq!(
                    login.and_then(|l| l.user).map(|u| u.to_string()),
                    json_text(&json, "user"),
                    "{at}"
                );
                assert_eq!(
                    login.and_then(|l| l.password).map(|p| p.to_string()),
                    json_text(&json, "password"),
                    "{at}"
                );
                checked.insert((edition, url.body.kind()));
            }
        }
    }
    // Every scheme of every edition was read.
    for edition in Edition::ALL {
        let kinds: Vec<Kind> = PrintedGrammar::of(edition)
            .rules
            .iter()
            .filter_map(|r| ast::scheme_kind(edition, &r.name))
            .collect();
        for kind in kinds {
            assert!(
                checked.contains(&(edition, kind)),
                "{edition} {kind:?}: no URL read"
            );
        }
    }
}
