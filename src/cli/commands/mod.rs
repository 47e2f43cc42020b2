//! One file per subcommand: its arguments, its help and its [`Run`]; and
//! the list of subcommands, written once ([`subcommands!`]): the `Command`
//! enum clap parses, its dispatch and the commands `schema` describes are
//! made from it.

use std::sync::OnceLock;

use clap::Subcommand;
use schemars::{Schema, SchemaGenerator};

use super::output::Tally;
use super::{CliError, Io};

pub(crate) mod book;
pub(crate) mod check;
pub(crate) mod compare;
pub(crate) mod conform;
pub(crate) mod diff;
pub(crate) mod encode;
pub(crate) mod equiv;
pub(crate) mod explain;
pub(crate) mod extract;
pub(crate) mod normalize;
pub(crate) mod parse;
pub(crate) mod regex;
pub(crate) mod report;
pub(crate) mod resolve;
pub(crate) mod schema;
pub(crate) mod tree;

/// A subcommand: its parsed arguments, run with the process's streams.
pub(crate) trait Run {
    /// The JSON Schema of one line `--json` writes (`urlbnf schema`), for a
    /// command that has the flag.
    const SCHEMA: Option<fn(SchemaGenerator) -> Schema> = None;

    /// A shared flag ([`flags`](super::flags)) in the command's own words:
    /// (the flag's id, its help).
    const HELP: &'static [(&'static str, &'static str)] = &[];

    /// An argument as the command has it: a shared flag in its own words
    /// ([`Run::HELP`]), and what else the command asks of one (a value's
    /// name, a conflict).
    fn arg(arg: clap::Arg) -> clap::Arg {
        in_words(Self::HELP, arg)
    }

    /// Do the work: a tally of the verdicts (any invalid makes the status
    /// 1), or why the work could not be done.
    fn run(self, io: &mut Io<'_>) -> Result<Tally, CliError>;
}

/// The argument in the words `help` has for it, if any.
pub(crate) fn in_words(help: &[(&str, &'static str)], arg: clap::Arg) -> clap::Arg {
    match help.iter().find(|(id, _)| arg.get_id() == *id) {
        Some((_, help)) => arg.help(*help),
        None => arg,
    }
}

/// The subcommands, each once: its summary, its help, its variant and its
/// arguments (which [`Run`]). Makes the `Command` enum, its
/// [`run`](Command::run) and [`with_schema`].
macro_rules! subcommands {
    ($( $(#[$attr:meta])* $variant:ident($args:ty), )*) => {
        #[derive(Debug, Subcommand)]
        pub(crate) enum Command {
            $(
                $(#[$attr])*
                #[command(mut_args(<$args as Run>::arg))]
                $variant($args),
            )*
        }

        impl Command {
            /// Run the subcommand.
            pub(crate) fn run(self, io: &mut Io<'_>) -> Result<Tally, CliError> {
                match self {
                    $( Command::$variant(args) => args.run(io), )*
                }
            }
        }

        /// Every subcommand with a schema, by name, in the order listed.
        pub(crate) fn with_schema() -> &'static [(String, fn(SchemaGenerator) -> Schema)] {
            static LIST: OnceLock<Vec<(String, fn(SchemaGenerator) -> Schema)>> = OnceLock::new();
            LIST.get_or_init(|| {
                [$( (stringify!($variant), <$args as Run>::SCHEMA), )*]
                    .into_iter()
                    // clap names a one-word variant by its lower case.
                    .filter_map(|(name, schema)| Some((name.to_lowercase(), schema?)))
                    .collect()
            })
        }

        /// Each subcommand's own words for shared flags, by variant.
        #[cfg(test)]
        const OWN_WORDS: &[(&str, &[(&str, &str)])] =
            &[$( (stringify!($variant), <$args as Run>::HELP), )*];
    };
}

/// What reading standard input means, for the commands that read inputs.
const INPUTS: &str = "\
With no URL arguments, or with `-` among them (as in every command),
standard input is read: one input per line, the empty line included; \\r\\n ends a line like \\n; a final newline adds no input. A line
that is not UTF-8 is reported as invalid, never skipped.";

subcommands! {
    /// Check inputs against a rule of one or more editions
    #[command(long_about = format!("{}\n\n{INPUTS}", check::LONG), after_help = check::EXAMPLES)]
    Check(check::CheckArgs),
    /// Parse inputs into the typed AST
    #[command(long_about = format!("{}\n\n{INPUTS}", parse::LONG), after_help = parse::EXAMPLES)]
    Parse(parse::ParseArgs),
    /// Show the raw derivation of inputs (a teaching view)
    #[command(long_about = format!("{}\n\n{INPUTS}", tree::LONG), after_help = tree::EXAMPLES)]
    Tree(tree::TreeArgs),
    /// The exact differences between two editions, rule by rule and string by string
    #[command(long_about = diff::LONG, after_help = diff::EXAMPLES)]
    Diff(diff::DiffArgs),
    /// One URL against every edition, side by side, and what the WHATWG URL Standard makes of it
    #[command(long_about = format!("{}\n\n{INPUTS}", compare::LONG), after_help = compare::EXAMPLES)]
    Compare(compare::CompareArgs),
    /// Resolve partial (relative) forms in the context of a full URL
    #[command(long_about = resolve::LONG, after_help = resolve::EXAMPLES)]
    Resolve(resolve::ResolveArgs),
    /// Whether two URLs are equivalent by their edition's own reading (RFC 3986 §6.2, RFC 1630)
    #[command(long_about = equiv::LONG, after_help = equiv::EXAMPLES)]
    Equiv(equiv::EquivArgs),
    /// URLs normalized by their edition's reading: RFC 3986 §6.2.2, §6.2.3
    #[command(long_about = format!("{}\n\n{INPUTS}", normalize::LONG), after_help = normalize::EXAMPLES)]
    Normalize(normalize::NormalizeArgs),
    /// Encode text for a URL: unsafe and disallowed characters as %XX
    #[command(long_about = encode::LONG, after_help = encode::EXAMPLES)]
    Encode(encode::EncodeArgs),
    /// Find wrapped URLs in plain text and check them
    #[command(long_about = extract::LONG, after_help = extract::EXAMPLES)]
    Extract(extract::ExtractArgs),
    /// Explain a rule: printed text, PEG, uses, users, history across editions
    #[command(long_about = explain::LONG, after_help = explain::EXAMPLES)]
    Explain(explain::ExplainArgs),
    /// A rule as one exact regular expression, for Rust, PCRE, Python, JavaScript or grep -E
    #[command(long_about = regex::LONG, after_help = regex::EXAMPLES)]
    Regex(regex::RegexArgs),
    /// Report the conformance of a corpus: counts, causes, schemes, editions compared
    #[command(long_about = report::LONG, after_help = report::EXAMPLES)]
    Report(report::ReportArgs),
    /// Test another parser against a rule: a suite from the grammar, each disagreement shrunk and named
    #[command(long_about = conform::LONG, after_help = conform::EXAMPLES)]
    Conform(conform::ConformArgs),
    /// Write the static HTML book (rules, railroad diagrams, diffs, partial forms)
    #[command(long_about = book::LONG)]
    Book(book::BookArgs),
    /// The JSON Schema of a command's --json output
    #[command(long_about = schema::LONG, after_help = schema::EXAMPLES)]
    Schema(schema::SchemaArgs),
}

#[cfg(test)]
mod tests {
    use clap::Subcommand;

    use super::{Command, OWN_WORDS, with_schema};

    fn subcommands() -> clap::Command {
        let mut cli = Command::augment_subcommands(clap::Command::new("urlbnf"));
        cli.build();
        cli
    }

    /// A command's own words name an argument it has: a misspelt id would
    /// leave the flag's shared words in its help.
    #[test]
    fn own_words_name_arguments_the_command_has() {
        let cli = subcommands();
        for (variant, words) in OWN_WORDS {
            let name = variant.to_lowercase();
            let Some(command) = cli.find_subcommand(&name) else {
                panic!("{variant} is not named {name}");
            };
            for (id, _) in *words {
                assert!(
                    command.get_arguments().any(|a| a.get_id() == id),
                    "{name} has no argument {id}"
                );
            }
        }
    }

    /// `schema` names each command as it is typed, and only commands that
    /// write JSON.
    #[test]
    fn the_commands_schema_describes_are_subcommands_with_json() {
        let cli = subcommands();
        assert!(with_schema().len() > 10);
        for (name, _) in with_schema() {
            let command = cli.find_subcommand(name);
            assert!(
                command.is_some_and(|c| c.get_arguments().any(|a| a.get_id() == "json")),
                "{name}"
            );
        }
    }
}
