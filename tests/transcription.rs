//! The transcriptions (`grammar/*.bnf`) are the printed text: joined in order,
//! their rules equal each seed document's BNF section, page furniture removed and
//! white space folded. So no printed rule is missing, invented, reordered or
//! altered (corrections are kept apart, in `%read`/`%name`/`%supplied` lines).
//!
//! The seeds live beside the repository (`../shared/seeds`, or `URLBNF_SEEDS`).
//! Without them this test says so and skips, except under CI, where it fails.

use crate::common;

use common::{seed_file, seeds_dir};
use urlbnf::Edition;
use urlbnf::grammar::printed::{Notation, PrintedGrammar, fold_space};

/// Whether a line is page furniture (running headers and footers), not text.
fn is_furniture(line: &str) -> bool {
    let t = line.trim();
    let starts = |p: &str| t.starts_with(p);
    let words: Vec<&str> = t.split_whitespace().collect();
    starts("Internet Draft ")
        // draft-1993's running header wraps its last letter: "Locator" / "s  Berners-Lee".
        || words == ["s", "Berners-Lee"]
        || matches!(words.as_slice(), ["Berners-Lee", n] if n.chars().all(|c| c.is_ascii_digit()))
        || starts("Berners-Lee [Page ")
        || starts("RFC 1630 URIs in WWW")
        || starts("Berners-Lee, Masinter & McCahill")
        || starts("RFC 1738            Uniform Resource Locators")
        || starts("Berners-Lee, et al.         Standards Track")
        || starts("RFC 3986                   URI Generic Syntax")
}

/// The seed's text, furniture and RFC 822 comment lines removed, folded.
fn folded_seed(edition: Edition, raw: &str) -> String {
    let lines = raw.lines().map(|l| {
        // draft-1994 was captured with "- " before every line.
        if edition == Edition::Draft1994 {
            l.strip_prefix('-').unwrap_or(l)
        } else {
            l
        }
    });
    let kept: Vec<&str> = lines
        .filter(|l| !is_furniture(l))
        .filter(|l| !(edition == Edition::Rfc1738 && l.trim_start().starts_with(';')))
        .collect();
    fold_space(&kept.join("\n"))
}

#[test]
fn every_transcription_is_the_printed_bnf_section() {
    let Some(dir) = seeds_dir() else { return };
    for edition in Edition::ALL {
        let g = PrintedGrammar::of(edition);
        let raw = std::fs::read_to_string(dir.join(seed_file(edition))).expect("seed readable");
        let mut seed = folded_seed(edition, &raw);
        // RFC 3986 prints its rules in its sections too: the BNF is the
        // section the header names (its last heading: the contents name it first).
        if let Some(at) = seed.rfind(&g.section) {
            seed = seed.split_off(at + g.section.len());
        }
        let printed: Vec<String> = g
            .rules
            .iter()
            .filter(|r| r.is_printed())
            .map(|r| fold_space(&r.printed_text(g.notation)))
            .collect();
        let joined = printed.join(" ");
        if seed.contains(&joined) {
            continue;
        }
        // Name the first rule whose text is not where the document has it.
        let first = printed.first().map(String::as_str).unwrap_or("");
        let start = seed
            .find(first)
            .unwrap_or_else(|| panic!("{edition}: first rule not in the seed: {first}"));
        let mut at = start;
        for line in &printed {
            let here = seed.get(at..).unwrap_or("");
            let whole = here
                .strip_prefix(line.as_str())
                .is_some_and(|rest| rest.is_empty() || rest.starts_with(' '));
            assert!(
                whole,
                "{edition}: the transcription has\n  {line}\nwhere the document prints\n  {}",
                here.chars().take(line.len() + 40).collect::<String>()
            );
            at += line.len() + 1;
        }
        panic!("{edition}: transcription and seed differ");
    }
}

#[test]
fn the_notation_and_corrections_are_where_the_readme_says() {
    use urlbnf::grammar::printed::Correction::*;
    let expect = [
        (
            Edition::Draft1993,
            Notation::Letters,
            vec![("xpalphas", C2)],
        ),
        (
            Edition::Draft1994,
            Notation::Letters,
            vec![
                ("url", C1),
                ("xpalphas", C2),
                ("addr-spec", C4),
                ("content-identifier", C4),
            ],
        ),
        (
            Edition::Rfc1630Uri,
            Notation::Letters,
            vec![("xpalphas", C2)],
        ),
        (
            Edition::Rfc1630Url,
            Notation::Letters,
            vec![("addr-spec", C4), ("content-identifier", C4)],
        ),
        (Edition::Rfc1738, Notation::Rfc822, vec![("gopherurl", C3)]),
    ];
    for (edition, notation, corrections) in expect {
        let g = PrintedGrammar::of(edition);
        assert_eq!(g.notation, notation, "{edition}");
        let found: Vec<(&str, _)> = g
            .rules
            .iter()
            .filter_map(|r| Some((r.name.as_str(), r.correction?)))
            .collect();
        assert_eq!(found, corrections, "{edition}");
    }
}

#[test]
fn edition_metadata_is_what_each_transcription_header_says() {
    for edition in Edition::ALL {
        let g = PrintedGrammar::of(edition);
        let info = edition.info();
        assert_eq!(g.document, info.document, "{edition} %document");
        assert_eq!(g.section, info.section, "{edition} %section");
        assert_eq!(info.id, edition.id());
        assert!(
            g.rule(info.default_rule).is_some(),
            "{edition} default rule"
        );
    }
}

#[test]
fn a_defect_in_a_transcription_is_reported_as_urlbnfs_with_its_line() {
    let source = "%edition rfc1738\n%notation rfc822\nurl = nosuchrule\n";
    match urlbnf::grammar::printed::read(Edition::Rfc1738, source) {
        Err(urlbnf::Error::Transcription {
            edition, message, ..
        }) => {
            assert_eq!(edition, Edition::Rfc1738);
            assert!(
                message.contains("line 3") && message.contains("nosuchrule"),
                "{message}"
            );
        }
        other => panic!("expected a transcription defect, got {other:?}"),
    }
    // A rule the caller names that the edition lacks is the caller's mistake.
    assert!(matches!(
        urlbnf::Checker::new(Edition::Rfc1738, "nosuchrule", urlbnf::Engine::Dfa),
        Err(urlbnf::Error::UnknownRule { .. })
    ));
}
