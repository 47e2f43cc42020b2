//! Each `grammar/<edition>.pest` has exactly the printed rules, in printed order,
//! each after a `///` line with its printed definition; corrections are marked
//! where they apply; helper rules (`x__how`) stand for a printed rule and say why.

use urlbnf::Edition;
use urlbnf::grammar::peg::{is_helper, pest_name, pest_rule_names, printed_name};
use urlbnf::grammar::printed::{PrintedGrammar, fold_space};

/// One rule of a .pest file: its name, the comment lines above it.
struct PestRule {
    name: String,
    docs: Vec<String>,
    comments: Vec<String>,
}

fn pest_rules(source: &str) -> Vec<PestRule> {
    let mut rules = Vec::new();
    let mut docs = Vec::new();
    let mut comments = Vec::new();
    for line in source.lines() {
        let t = line.trim();
        if let Some(d) = t.strip_prefix("///") {
            docs.push(d.trim().to_string());
        } else if t.starts_with("//!") || t.is_empty() {
            docs.clear();
            comments.clear();
        } else if let Some(c) = t.strip_prefix("//") {
            comments.push(c.trim().to_string());
        } else if let Some((name, _)) = line.split_once(" = ")
            && !name.starts_with(' ')
        {
            rules.push(PestRule {
                name: name.trim().to_string(),
                docs: std::mem::take(&mut docs),
                comments: std::mem::take(&mut comments),
            });
        }
    }
    rules
}

#[test]
fn each_pest_file_has_exactly_the_printed_rules_in_printed_order() {
    for edition in Edition::ALL {
        let printed: Vec<String> = PrintedGrammar::of(edition)
            .rules
            .iter()
            .map(|r| pest_name(&r.name))
            .collect();
        let in_file: Vec<String> = pest_rule_names(edition)
            .into_iter()
            .filter(|n| !is_helper(n))
            .collect();
        assert_eq!(
            in_file, printed,
            "{edition}: rules of the .pest file vs the printed BNF"
        );
    }
}

#[test]
fn each_printed_rule_is_preceded_by_its_printed_definition() {
    for edition in Edition::ALL {
        let g = PrintedGrammar::of(edition);
        let rules = pest_rules(edition.pest_source());
        for r in &g.rules {
            let pr = rules
                .iter()
                .find(|p| p.name == pest_name(&r.name))
                .unwrap_or_else(|| panic!("{edition}: no rule {}", r.name));
            if r.is_printed() {
                assert_eq!(
                    pr.docs,
                    vec![fold_space(&r.printed_text(g.notation))],
                    "{edition} {}: the /// line must be the printed definition",
                    r.name
                );
            } else {
                assert!(
                    pr.docs.is_empty(),
                    "{edition} {}: a supplied rule has no printed text",
                    r.name
                );
            }
            // A correction is marked beside the rule it applies to, and nowhere else.
            let marked: Vec<&str> = pr
                .comments
                .iter()
                .filter_map(|c| c.split_once(':').map(|(tag, _)| tag))
                .filter(|tag| matches!(*tag, "C1" | "C2" | "C3" | "C4" | "C5"))
                .collect();
            let want: Vec<String> = r.correction.iter().map(|c| c.to_string()).collect();
            assert_eq!(marked, want, "{edition} {}: correction markers", r.name);
        }
    }
}

#[test]
fn each_helper_rule_stands_for_a_printed_rule_and_says_why() {
    for edition in Edition::ALL {
        let g = PrintedGrammar::of(edition);
        for pr in pest_rules(edition.pest_source())
            .iter()
            .filter(|p| is_helper(&p.name))
        {
            let stands_for = printed_name(edition, &pr.name);
            assert!(
                g.rule(&stands_for).is_some(),
                "{edition}: helper {} stands for no printed rule",
                pr.name
            );
            assert!(
                pr.docs.is_empty() && pr.comments.iter().any(|c| c.starts_with("PEG:")),
                "{edition}: helper {} needs a `// PEG:` comment saying why",
                pr.name
            );
        }
    }
}

#[test]
fn printed_names_map_to_pest_names_and_back() {
    for (edition, printed, pest) in [
        (Edition::Rfc1738, "ip-schemepart", "ip_schemepart"),
        (Edition::Rfc1738, "gopher+_string", "gopher_plus_string"),
        (Edition::Draft1994, "addr-spec", "addr_spec"),
        (Edition::Rfc1738, "hostname", "hostname"),
        (Edition::Rfc3986, "IP-literal", "IP_literal"),
    ] {
        assert_eq!(pest_name(printed), pest);
        assert_eq!(printed_name(edition, pest), printed);
    }
    assert_eq!(
        printed_name(Edition::Draft1994, "xalphas__to_last_at"),
        "xalphas"
    );
    // One pest name, two printed names: RFC 2396's `_`, RFC 3986's `-`.
    assert_eq!(printed_name(Edition::Rfc2396, "hier_part"), "hier_part");
    assert_eq!(printed_name(Edition::Rfc3986, "hier_part"), "hier-part");
}
