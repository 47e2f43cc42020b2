//! Usage that teaches: a flag another command spells differently, a rule
//! name with the closest ones the editions print; help written from the
//! editions' descriptors.

use clap::CommandFactory;
use clap::error::ErrorKind;

use super::Cli;
use crate::edition::Edition;
use crate::grammar::PrintedGrammar;
use crate::knowledge::meaning::{SchemeCase, meaning};

/// Whether the edition prints (or a correction supplies) the rule.
pub(super) fn has_rule(edition: Edition, rule: &str) -> bool {
    PrintedGrammar::of(edition).rule_named(rule).is_some()
}

/// The rule's name as `edition` defines it (in ABNF, in any case: RFC 5234
/// §2.1), or as given where it has none.
pub(crate) fn rule_name(edition: Edition, rule: &str) -> String {
    PrintedGrammar::of(edition)
        .rule_named(rule)
        .unwrap_or(rule)
        .to_string()
}

/// Flags one command spells another way: (command, flag given, the flag
/// meant, why).
const FLAGS_ELSEWHERE: &[(&str, &str, &str, &str)] = &[
    (
        "resolve",
        "--grammar",
        "--rules",
        "resolve reads partial forms by a document's rules (rfc1630, draft-1993) or libwww's",
    ),
    (
        "resolve",
        "--rule",
        "--rules",
        "the rule set resolve follows",
    ),
    (
        "check",
        "--rules",
        "--rule",
        "the printed rule to check against",
    ),
    ("parse", "--rules", "--rule", "the printed rule to parse by"),
    ("tree", "--rules", "--rule", "the printed rule to derive by"),
    (
        "report",
        "--rules",
        "--rule",
        "the printed rule to count against",
    ),
    ("encode", "--rule", "--grammar", "encode works per edition"),
    ("equiv", "--rule", "--grammar", "equiv works per edition"),
];

/// "Did you mean" for a flag that exists under another name: clap suggests
/// only names spelled alike.
pub(super) fn flag_elsewhere(e: &clap::Error, args: &[std::ffi::OsString]) -> Option<clap::Error> {
    if e.kind() != ErrorKind::UnknownArgument {
        return None;
    }
    let given = match e.get(clap::error::ContextKind::InvalidArg) {
        Some(clap::error::ContextValue::String(s)) => s.clone(),
        _ => return None,
    };
    let flag = given.split('=').next().unwrap_or_default();
    let command = args.get(1)?.to_str()?;
    let (_, _, meant, why) = FLAGS_ELSEWHERE
        .iter()
        .find(|(c, f, ..)| *c == command && *f == flag)?;
    let mut cli = Cli::command().bin_name("urlbnf");
    cli.build();
    let sub = cli.find_subcommand_mut(command)?;
    Some(sub.error(
        ErrorKind::UnknownArgument,
        format!("unexpected argument '{flag}'\n\n  tip: did you mean '{meant}'? ({why})"),
    ))
}

/// A usage error for a rule none of `editions` has: the closest rule names
/// ([`PrintedGrammar::closest_rules`]) of the editions that have close
/// ones, or every name of each edition when none is close.
pub(super) fn unknown_rule(rule: &str, editions: &[Edition]) -> String {
    let mut msg = format!("unknown rule '{rule}'");
    let close: Vec<(Edition, Vec<&str>)> = editions
        .iter()
        .map(|e| (*e, PrintedGrammar::of(*e).closest_rules(rule)))
        .collect();
    if close.iter().all(|(_, c)| c.is_empty()) {
        for e in editions {
            let names: Vec<&str> = PrintedGrammar::of(*e)
                .rules
                .iter()
                .map(|r| r.name.as_str())
                .collect();
            msg.push_str(&format!("\n  {e} has: {}", names.join(", ")));
        }
    }
    for (e, names) in close.iter().filter(|(_, c)| !c.is_empty()) {
        msg.push_str(&format!("\n  {e}: did you mean {}?", names.join(", ")));
    }
    msg
}

/// `--fold-scheme-case`'s help, true of every edition: where the document
/// asks programs to read scheme names without case and its BNF does not
/// derive upper case (the flag applies), where the BNF derives it already
/// (the flag changes nothing), and the documents that say nothing of case.
pub(crate) fn fold_scheme_case_help() -> String {
    // `rfc1738 (RFC 1738 §2.1: "…")`, listed with "and".
    let cited = |es: &[(Edition, &str, &str)]| {
        let items: Vec<String> = es
            .iter()
            .map(|(e, section, quote)| {
                format!("{e} ({section}: \"{}\")", quote.trim_end_matches('.'))
            })
            .collect();
        match items.split_last() {
            Some((last, [])) => last.clone(),
            Some((last, init)) => format!("{} and {last}", init.join(", ")),
            None => String::new(),
        }
    };
    let (mut folds, mut derived, mut silent) = (Vec::new(), Vec::new(), Vec::new());
    for e in Edition::ALL {
        match meaning(e).scheme_case {
            SchemeCase::Folded { section, quote } => folds.push((e, section, quote)),
            SchemeCase::Derived { section, quote } => derived.push((e, section, quote)),
            SchemeCase::Silent => silent.push(e.to_string()),
        }
    }
    let mut out = String::from(
        "Read upper case letters in a scheme as lower case where the edition's document asks it of programs and its BNF's scheme names are lower case",
    );
    if !folds.is_empty() {
        out.push_str(&format!(": {}", cited(&folds)));
    }
    out.push_str(". Each folded verdict carries a note.");
    if !derived.is_empty() {
        out.push_str(&format!(
            " Where the BNF derives upper case letters in a scheme already, folding changes nothing: {}.",
            cited(&derived)
        ));
    }
    if !silent.is_empty() {
        out.push_str(&format!(
            " The other documents ({}) say nothing of scheme case.",
            silent.join(", ")
        ));
    }
    out
}
