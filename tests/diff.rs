//! `urlbnf diff`: exact language comparisons, their witnesses checked by both pest
//! grammars, subset verdicts checked by sampling, and the diffs as snapshots.

use crate::common;

use common::samples;
use urlbnf::diff::{self, Relation};
use urlbnf::engine::automaton;
use urlbnf::grammar::peg as grammars;
use urlbnf::render::text as report;
use urlbnf::{Edition, cause};

fn all_pairs() -> Vec<(Edition, Edition)> {
    let mut out = Vec::new();
    for (i, &a) in Edition::ALL.iter().enumerate() {
        for &b in Edition::ALL.iter().skip(i + 1) {
            out.push((a, b));
        }
    }
    out
}

#[test]
fn every_witness_is_confirmed_by_both_pest_grammars() {
    let mut checked = 0;
    for (a, b) in all_pairs() {
        for p in diff::diff(a, b, None).pairs {
            let Some(l) = p.language else { continue };
            for w in &l.a_not_b {
                assert!(
                    grammars::matches(a, &p.a, w).unwrap(),
                    "{a} {} should derive {w:?}",
                    p.a
                );
                assert!(
                    !grammars::matches(b, &p.b, w).unwrap(),
                    "{b} {} should not derive {w:?}",
                    p.b
                );
                checked += 1;
            }
            for w in &l.b_not_a {
                assert!(
                    grammars::matches(b, &p.b, w).unwrap(),
                    "{b} {} should derive {w:?}",
                    p.b
                );
                assert!(
                    !grammars::matches(a, &p.a, w).unwrap(),
                    "{a} {} should not derive {w:?}",
                    p.a
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 1000, "only {checked} witnesses");
}

#[test]
fn witnesses_are_the_shortest_first_then_in_byte_order() {
    for (a, b) in all_pairs() {
        for p in diff::diff(a, b, None).pairs {
            let Some(l) = p.language else { continue };
            for ws in [&l.a_not_b, &l.b_not_a] {
                // The shortest come first; witnesses by cause follow, each once.
                let shortest = &ws[..ws.len().min(diff::WITNESSES)];
                let mut all = ws.clone();
                all.sort();
                all.dedup();
                assert_eq!(all.len(), ws.len(), "{a}/{b} {}: a witness twice", p.a);
                let keys: Vec<(usize, &[u8])> =
                    shortest.iter().map(|w| (w.len(), w.as_bytes())).collect();
                assert!(
                    keys.windows(2).all(|k| k[0] < k[1]),
                    "{a}/{b} {}: {ws:?}",
                    p.a
                );
            }
        }
    }
}

#[test]
fn no_shorter_witness_was_missed() {
    // Every string of up to two characters over the printable ASCII that is in one
    // language and not the other must be among (or no longer than) the witnesses.
    let alphabet: Vec<char> = (b' '..=b'~').map(char::from).collect();
    let mut short = vec![String::new()];
    for &x in &alphabet {
        short.push(x.to_string());
        for &y in &alphabet {
            short.push([x, y].iter().collect());
        }
    }
    for (a, b) in Edition::CHRONOLOGY {
        for p in diff::diff(a, b, None).pairs {
            let Some(l) = p.language else { continue };
            let (da, db) = (
                automaton::automaton(a, &p.a).unwrap(),
                automaton::automaton(b, &p.b).unwrap(),
            );
            for (ws, inx, outy) in [(&l.a_not_b, &da, &db), (&l.b_not_a, &db, &da)] {
                let ws = &ws[..ws.len().min(diff::WITNESSES)];
                let longest = ws.last().map_or(0, |w| w.len());
                for s in short.iter().filter(|s| inx.matches(s) && !outy.matches(s)) {
                    assert!(
                        ws.len() == diff::WITNESSES && s.len() >= longest || ws.contains(s),
                        "{a}/{b} {}: {s:?} missing from {ws:?}",
                        p.a
                    );
                }
            }
        }
    }
}

#[test]
fn subset_verdicts_hold_on_samples_of_each_side() {
    let mut checked = 0;
    for (a, b) in all_pairs() {
        for p in diff::diff(a, b, None).pairs {
            let Some(l) = p.language else { continue };
            let a_in_b = matches!(l.relation, Relation::Equal | Relation::ASubsetOfB);
            let b_in_a = matches!(l.relation, Relation::Equal | Relation::BSubsetOfA);
            if a_in_b {
                for s in samples(a, &p.a, 100, 1) {
                    assert!(
                        grammars::matches(b, &p.b, &s).unwrap(),
                        "{a} {} ⊆ {b} {}, yet {s:?}",
                        p.a,
                        p.b
                    );
                    checked += 1;
                }
            }
            if b_in_a {
                for s in samples(b, &p.b, 100, 2) {
                    assert!(
                        grammars::matches(a, &p.a, &s).unwrap(),
                        "{b} {} ⊆ {a} {}, yet {s:?}",
                        p.b,
                        p.a
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 10_000, "only {checked} samples");
}

#[test]
fn a_rule_equals_itself_and_renamed_pairs_follow_the_table() {
    let d = diff::diff(Edition::Rfc1738, Edition::Rfc1738, None);
    assert!(d.added.is_empty() && d.removed.is_empty());
    assert!(
        d.pairs
            .iter()
            .all(|p| p.language.as_ref().unwrap().relation == Relation::Equal)
    );
    let d = diff::diff(Edition::Draft1994, Edition::Rfc1738, None);
    let renamed: Vec<(&str, &str)> = d.renamed().map(|p| (p.a.as_str(), p.b.as_str())).collect();
    for pair in [
        ("httpaddress", "httpurl"),
        ("groupart", "grouppart"),
        ("prosperolink", "prosperourl"),
    ] {
        assert!(renamed.contains(&pair), "{pair:?} in {renamed:?}");
    }
    let d = diff::diff(Edition::Draft1993, Edition::Rfc1738, Some("fileaddress"));
    let p = &d.pairs[0];
    assert_eq!((p.a.as_str(), p.b.as_str()), ("fileaddress", "fileurl"));
    // draft-1993's "fileaddress" is spelled ftp://: the two share no string.
    assert_eq!(
        p.language.as_ref().unwrap().relation,
        Relation::Incomparable
    );
}

#[test]
fn character_class_changes_are_exact() {
    let d = diff::diff(Edition::Draft1993, Edition::Draft1994, Some("extra"));
    let c = d.pairs[0].class.clone().unwrap();
    assert_eq!((c.added.as_str(), c.removed.as_str()), ("", "!*:;"));
    let d = diff::diff(Edition::Rfc1630Url, Edition::Rfc1738, Some("safe"));
    let c = d.pairs[0].class.clone().unwrap();
    assert_eq!((c.added.as_str(), c.removed.as_str()), ("", "&@"));
}

#[test]
fn chronological_diffs() {
    common::snapshot_settings().bind(|| {
        for (a, b) in Edition::CHRONOLOGY {
            let name = format!("diff-{a}-{b}");
            insta::assert_snapshot!(name, report::diff(&diff::diff(a, b, None)));
        }
    });
}

#[test]
fn the_manual_says_what_the_diffs_say() {
    let chapter_path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/src/render/book/manual/diffing.md"
    );
    let chapter = std::fs::read_to_string(chapter_path).unwrap();
    let (start, end) = (
        "<!-- what-changed: generated by tests/diff.rs -->\n",
        "<!-- /what-changed -->",
    );
    let from = chapter
        .find(start)
        .expect("the chapter has the what-changed markers")
        + start.len();
    let to = chapter.find(end).expect("the chapter has the end marker");
    let now = report::what_changed();
    if std::env::var_os("URLBNF_BLESS").is_some() {
        let updated = format!("{}{now}{}", &chapter[..from], &chapter[to..]);
        std::fs::write(chapter_path, updated).unwrap();
        return;
    }
    assert_eq!(
        &chapter[from..to],
        now,
        "the manual's \"What changed\" is stale: URLBNF_BLESS=1 cargo test --test suite diff::"
    );
}

/// `explain`'s history follows a rule through renames and through RFC 1738's
/// splits of one rule into one per scheme, saying which at each step.
#[test]
fn history_follows_renames_and_splits() {
    use urlbnf::explain::{Via, history};
    // Each rule as RFC 1738 prints it.
    let steps = |rule: &str| -> Vec<(String, String, Option<Via>)> {
        history(urlbnf::Edition::Rfc1738, rule)
            .into_iter()
            .map(|h| (h.edition.id().to_string(), h.rule, h.via))
            .collect()
    };
    let s = |e: &str, r: &str, v: Option<Via>| (e.to_string(), r.to_string(), v);
    assert_eq!(
        steps("hsegment"),
        [
            s("draft-1994", "segment", None),
            s("rfc1630-url", "segment", None),
            s("rfc1738", "hsegment", Some(Via::Split)),
            // One `segment` for every scheme again from 1998.
            s("rfc2396", "segment", Some(Via::Renamed)),
            s("rfc3986", "segment", None),
        ]
    );
    let fpath = steps("fpath");
    assert_eq!(fpath.len(), 7, "every edition prints path: {fpath:?}");
    assert!(fpath.contains(&s("rfc1738", "fpath", Some(Via::Split))));
    // ppath is prospero's hsoname renamed, not the path of editions without prospero.
    assert_eq!(
        steps("ppath")
            .iter()
            .map(|(e, r, _)| format!("{e} {r}"))
            .collect::<Vec<_>>(),
        [
            "draft-1993 hsoname",
            "draft-1994 hsoname",
            "rfc1630-url hsoname",
            "rfc1738 ppath"
        ]
    );
    assert_eq!(
        steps("ppath").last().and_then(|x| x.2.clone()),
        Some(Via::Renamed)
    );
    assert_eq!(
        steps("httpurl").last(),
        Some(&s("rfc1738", "httpurl", Some(Via::Renamed)))
    );
    // A rule under one name throughout has no step.
    assert!(steps("hostport").iter().all(|(_, _, v)| v.is_none()));
}

/// Every witness of every pair of every two editions has a reason, and each
/// reason holds: the named rule of the accepting edition derives the named part
/// of the witness, its named counterpart in the other edition does not and
/// stops at the stated character, the two rules correspond, the path down to
/// that character is a chain of references ending in a class that holds it,
/// and a named alternative is one the rejecting edition lacks.
#[test]
fn every_cause_named_by_diff_holds() {
    use urlbnf::grammar::PrintedGrammar;
    use urlbnf::{Checker, Engine};
    let mut checked = 0;
    for (a, b) in all_pairs() {
        for p in diff::diff(a, b, None).pairs {
            let Some(l) = p.language else { continue };
            let witnesses: Vec<&String> = l.a_not_b.iter().chain(&l.b_not_a).collect();
            let inputs: Vec<&String> = l.reasons.iter().map(|r| &r.input).collect();
            assert_eq!(
                inputs, witnesses,
                "{a} {} / {b} {}: a reason per witness",
                p.a, p.b
            );
            for r in &l.reasons {
                let (acc, rej) = (r.accepted_by, r.rejected_by);
                let (ga, gb) = (PrintedGrammar::of(acc), PrintedGrammar::of(rej));
                let at = format!(
                    "{acc} {} / {rej} {} on {:?}",
                    r.rule, r.counterpart, r.input
                );
                assert_eq!(r.input.get(r.start..r.end), Some(r.text.as_str()), "{at}");
                let derives = Checker::new(acc, &r.rule, Engine::Dfa).unwrap();
                assert!(
                    derives.is_valid(&r.text),
                    "{at}: {} derives {:?}",
                    r.rule,
                    r.text
                );
                let other = Checker::new(rej, &r.counterpart, Engine::Dfa).unwrap();
                assert!(!other.is_valid(&r.text), "{at}");
                let stop = other.diagnose(&r.text);
                let before = r.input[..r.start].chars().count();
                assert_eq!(before + stop.offset, r.offset, "{at}: stated offset");
                assert_eq!(r.start + stop.byte_offset, r.byte_offset, "{at}");
                assert_eq!(stop.expected, r.expected, "{at}");
                let found = r.input[r.byte_offset..].chars().next();
                assert_eq!(found.map_or("end of input".into(), String::from), r.found);
                // The rules correspond: the compared pair itself, or by name,
                // renaming or split.
                let whole = (r.start, r.end) == (0, r.input.len());
                let pair = [p.a.as_str(), p.b.as_str()];
                let from = r.accepted_by;
                let corresponds = diff::counterpart(from, &r.rule, gb).as_deref()
                    == Some(r.counterpart.as_str())
                    || diff::split_whole(from, &r.rule, gb).as_deref()
                        == Some(r.counterpart.as_str())
                    || (whole
                        && pair.contains(&r.rule.as_str())
                        && pair.contains(&r.counterpart.as_str()));
                assert!(corresponds, "{at}: not counterparts");
                // Each rule on the path is used by the one before it.
                let mut up = r.rule.as_str();
                for down in &r.through {
                    let uses = ga.rule(up).unwrap().expr.refs();
                    assert!(
                        uses.contains(&down.as_str()),
                        "{at}: {up} does not use {down}"
                    );
                    up = down;
                }
                if let (Some(last), Some(c)) = (r.through.last(), found)
                    && let Some(set) = ga.char_class(last)
                {
                    assert!(set.contains_char(c), "{at}: {last} lacks {c:?}");
                }
                if let Some(alt) = &r.alternative {
                    assert!(ga.rule(alt).is_some(), "{at}");
                    assert!(
                        diff::counterpart(r.accepted_by, alt, gb).is_none(),
                        "{at}: {rej} has {alt}"
                    );
                    assert!(r.message.contains(alt.as_str()), "{at}");
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 2000, "only {checked} reasons");
}

/// The issue's example and the kinds of reason, spelled out.
#[test]
fn causes_name_the_sub_rule_and_the_character() {
    let reason = |a, b, rule: &str, witness: &str| {
        diff::diff(a, b, Some(rule))
            .pairs
            .into_iter()
            .filter_map(|p| p.language)
            .flat_map(|l| l.reasons)
            .find(|r| r.input == witness)
            .unwrap_or_else(|| panic!("no reason for {witness:?}"))
    };
    use crate::common::editions::*;
    // `!` goes on an RFC 1630 host name through xalpha's extra; RFC 1738's
    // toplabel has no room for it.
    let r = reason(Rfc1630Url, Rfc1738, "httpaddress", "http://A!");
    assert_eq!(
        (r.rule.as_str(), r.counterpart.as_str()),
        ("hostname", "hostname")
    );
    assert_eq!(
        (r.text.as_str(), r.offset, r.found.as_str()),
        ("A!", 8, "!")
    );
    assert_eq!(r.through.last().map(String::as_str), Some("extra"));
    // A character class that lost a character: the class itself.
    let r = reason(Draft1994, Rfc1738, "safe", "@");
    assert_eq!(
        r.message,
        "\"@\" is in draft-1994 safe, not in rfc1738 safe"
    );
    // A scheme RFC 1738 dropped: the alternative is named.
    let r = reason(Rfc1630Url, Rfc1738, "url", "cid:\"");
    assert_eq!(r.alternative.as_deref(), Some("cidaddress"));
    // RFC 1738's otherurl: an alternative the 1994 draft lacks.
    let r = reason(Draft1994, Rfc1738, "url", "+:");
    assert_eq!(r.alternative.as_deref(), Some("otherurl"));
    assert_eq!((r.rule.as_str(), r.found.as_str()), ("scheme", "+"));
}

/// The Rust-quoted strings at the start of `text`, up to the first that is
/// not followed by a space and another.
fn quoted(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = text.chars().peekable();
    while chars.peek() == Some(&'"') {
        let mut w = String::from(chars.next().unwrap_or('"'));
        while let Some(c) = chars.next() {
            w.push(c);
            match c {
                '\\' => w.extend(chars.next()),
                '"' => break,
                _ => {}
            }
        }
        out.push(w);
        if chars.peek() != Some(&' ') {
            break;
        }
        chars.next();
    }
    out
}

/// "And alike" groups witnesses of one side only: draft-1994's `reserved`
/// has `#` that RFC 1738's lacks, and RFC 1738's has `&` and `@` that
/// draft-1994's lacks; the text says each on its own side.
#[test]
fn alike_witnesses_are_on_the_same_side() {
    let d = diff::diff(Edition::Draft1994, Edition::Rfc1738, Some("reserved"));
    let text = report::diff(&d);
    assert!(
        text.contains("\"#\": \"#\" is in draft-1994 reserved, not in rfc1738 reserved\n"),
        "{text}"
    );
    assert!(
        text.contains(
            "\"&\" (and alike \"@\"): \"&\" is in rfc1738 reserved, not in draft-1994 reserved\n"
        ),
        "{text}"
    );
    // Every diff: a group's witnesses share the side that accepts them.
    let mut groups = 0;
    for (a, b) in all_pairs() {
        let d = diff::diff(a, b, None);
        let mut current: Option<&diff::RulePair> = None;
        for line in report::diff(&d).lines() {
            // A language's heading: "  ra <relation> rb", two spaces in.
            if line.starts_with("  ") && !line.starts_with("   ") {
                let name = line.trim_start().split(' ').next().unwrap_or_default();
                current = d.pairs.iter().find(|p| p.a == name && p.language.is_some());
            }
            let (Some(pair), Some((head, rest))) =
                (current, line.trim().split_once(" (and alike "))
            else {
                continue;
            };
            let reasons = &pair.language.as_ref().unwrap().reasons;
            let side = |w: &str| {
                reasons
                    .iter()
                    .find(|r| format!("{:?}", r.input) == w)
                    .map(|r| r.accepted_by)
            };
            let head_side = side(head);
            assert!(head_side.is_some(), "{a} {b} {}: {line}", pair.a);
            // The others are quoted witnesses (which may hold spaces).
            let others = quoted(rest);
            assert!(!others.is_empty(), "{a} {b} {}: {line}", pair.a);
            for w in &others {
                assert_eq!(side(w), head_side, "{a} {b} {}: {w} in {line}", pair.a);
            }
            groups += 1;
        }
    }
    assert!(groups > 10, "{groups} groups checked");
}

/// The diff follows splits as `explain` does: RFC 1738's `hsegment`,
/// `fsegment` and `psegment` come from `segment`, so none of them is new and
/// `segment` is not gone.
#[test]
fn split_rules_are_neither_added_nor_removed() {
    let d = diff::diff(Edition::Rfc1630Url, Edition::Rfc1738, None);
    let segment = d.splits.iter().find(|s| s.rule == "segment").unwrap();
    assert_eq!(segment.into, ["fsegment", "hsegment", "psegment"]);
    for r in ["hsegment", "fsegment", "psegment"] {
        assert!(!d.added.iter().any(|a| a == r), "{r} is not new");
    }
    assert!(!d.removed.iter().any(|r| r == "segment"));
    let text = report::diff(&d);
    assert!(text.contains("Rules split (2)\n"), "{text}");
    assert!(text.contains("  segment -> fsegment, hsegment, psegment\n"));
    // One rule asked for: its split alone.
    let one = diff::diff(Edition::Rfc1630Url, Edition::Rfc1738, Some("hsegment"));
    assert_eq!(one.splits.len(), 1);
    assert!(one.added.is_empty());
}

/// The reason's parts that make it one reason: the rule, its counterpart,
/// what the counterpart could take and the alternative taken.
fn reason_key(r: &cause::Reason) -> (String, String, Vec<String>, Option<String>) {
    let expected = r.expected.iter().map(ToString::to_string).collect();
    (
        r.rule.clone(),
        r.counterpart.clone(),
        expected,
        r.alternative.clone(),
    )
}

#[test]
fn every_witness_past_the_shortest_shows_a_reason_of_its_own() {
    let mut added = 0;
    for (a, b) in Edition::CHRONOLOGY {
        for p in diff::diff(a, b, None).pairs {
            let Some(l) = p.language else { continue };
            for (side, ws) in [(a, &l.a_not_b), (b, &l.b_not_a)] {
                let mine: Vec<&cause::Reason> =
                    l.reasons.iter().filter(|r| r.accepted_by == side).collect();
                for (i, w) in ws.iter().enumerate().skip(diff::WITNESSES) {
                    let r = mine.iter().find(|r| &r.input == w).expect("a reason");
                    let earlier = mine
                        .iter()
                        .filter(|e| ws[..i].contains(&e.input))
                        .any(|e| reason_key(e) == reason_key(r));
                    assert!(!earlier, "{a}/{b} {}: {w:?} repeats a reason", p.a);
                    added += 1;
                }
            }
        }
    }
    assert!(added > 50, "{added} witnesses by cause");
}

/// `http://h?x`, a search with no path, stopped being an HTTP URL in RFC 1738;
/// the shortest witnesses are all about host characters, yet the diff shows
/// this cause too.
#[test]
fn the_diff_shows_a_search_without_a_path() {
    let d = diff::diff(Edition::Draft1994, Edition::Rfc1738, Some("httpurl"));
    let l = d
        .pairs
        .iter()
        .find_map(|p| p.language.clone())
        .expect("compared");
    assert!(
        l.a_not_b
            .iter()
            .take(diff::WITNESSES)
            .all(|w| !w.contains('?'))
    );
    let h = cause::reason(
        Edition::Draft1994,
        "httpaddress",
        Edition::Rfc1738,
        "httpurl",
        "http://h?x",
    )
    .expect("draft-1994 derives it, rfc1738 does not");
    assert_eq!((h.offset, h.found.as_str()), (8, "?"));
    let shown = l
        .reasons
        .iter()
        .find(|r| reason_key(r) == reason_key(&h))
        .expect("a witness with the reason of http://h?x");
    assert!(l.a_not_b.contains(&shown.input));
    // The text says it.
    let out = common::run_urlbnf(&["diff", "draft-1994", "rfc1738", "--rule", "httpurl"], b"");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains(&format!("{:?}: draft-1994 httpaddress", shown.input)),
        "{text}"
    );
}

/// A witness made of spaces alone says so: quotes around blanks are easy to
/// misread.
#[test]
fn a_witness_of_spaces_says_so() {
    let d = diff::diff(Edition::Draft1994, Edition::Rfc1630Url, Some("extra"));
    let text = report::diff(&d);
    assert!(text.contains(r#"only draft-1994: " " (a space)"#), "{text}");
}

/// RFC 3986's relative-ref ends with `"#" fragment`; RFC 2396 puts its
/// fragment on URI-reference, so its relativeURI stops at the "#" of `//#`.
/// The empty reg-name of `//#` is no cause: RFC 2396's authority derives
/// the empty authority (its server may be empty).
#[test]
fn a_fragment_rfc2396_prints_elsewhere_is_the_reason_not_an_empty_host() {
    let r = cause::reason(
        Edition::Rfc3986,
        "relative-ref",
        Edition::Rfc2396,
        "relativeURI",
        "//#",
    )
    .expect("rfc3986 derives it, rfc2396 does not");
    assert_eq!(
        (r.rule.as_str(), r.offset, r.found.as_str()),
        ("relative-ref", 2, "#")
    );
    let literal = r.literal.as_ref().expect("the \"#\" is the rule's own");
    assert_eq!(literal.printed, "\"#\" fragment");
    assert_eq!(literal.printed_in, ["URI-reference"]);
    assert!(
        r.message.ends_with(
            "in rfc3986, \"#\" is relative-ref's own (\"#\" fragment), which rfc2396 prints in URI-reference, not in relativeURI"
        ),
        "{}",
        r.message
    );
    // Where the counterpart prints the same pair, the character is no cause.
    let r = cause::reason(
        Edition::Rfc1630Url,
        "hostport",
        Edition::Rfc1738,
        "hostport",
        "A-:0",
    )
    .expect("rfc1630-url derives it, rfc1738 does not");
    assert!(r.literal.is_none(), "{}", r.message);
}
