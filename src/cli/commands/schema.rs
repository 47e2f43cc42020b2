//! `urlbnf schema`: the JSON Schema of a command's `--json` output, generated
//! from the types the command writes.

use schemars::generate::SchemaSettings;
use serde_json::{Map, Value};

use super::super::output::Tally;
use super::super::{CliError, Io};
use super::Run;
use super::with_schema;

pub(crate) const LONG: &str = "\
Print the JSON Schema (draft 2020-12) of a command's --json output: each line
it writes is one instance. The schema is generated from the types the command
serializes, and no object has names the schema does not list; the tests
validate every command's output against it.

Exit status: 0 when the schema is written, 2 on a usage error, 3 when output
fails.";

pub(crate) const EXAMPLES: &str = "\
Examples:
  urlbnf schema check
  urlbnf schema report > report.schema.json";

#[derive(Debug, clap::Args)]
pub(crate) struct SchemaArgs {
    /// The command whose output is described
    #[arg(value_name = "COMMAND", value_parser = described())]
    command: String,
}

/// The commands that write JSON, as `COMMAND` takes them.
fn described() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(with_schema().iter().map(|(name, _)| name.as_str()))
}

/// A variant of an internally tagged enum (the AST's `body`, `kind`-tagged)
/// is generated as its tag beside a `$ref` to the variant's type, and a
/// flattened enum (wais's `form`) as alternatives beside a struct's names:
/// each written as whole objects, so that an object lists every name it has.
fn inline_tagged(node: &mut Value, defs: &Map<String, Value>) {
    match node {
        Value::Object(obj) => {
            let target = obj
                .get("$ref")
                .and_then(Value::as_str)
                .and_then(|r| r.strip_prefix("#/$defs/"))
                .and_then(|name| defs.get(name));
            if let (Some(def), true) = (target, obj.contains_key("properties")) {
                obj.remove("$ref");
                *node = merged(obj, def, defs);
            } else if obj.contains_key("properties") {
                // A flattened enum: its alternatives beside the struct's names.
                for alternatives in ["oneOf", "anyOf"] {
                    if let Some(alts) = obj.remove(alternatives) {
                        let mut def = Map::new();
                        def.insert(alternatives.into(), alts);
                        *node = merged(obj, &Value::Object(def), defs);
                        break;
                    }
                }
            }
            if let Value::Object(obj) = node {
                obj.values_mut().for_each(|v| inline_tagged(v, defs));
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|v| inline_tagged(v, defs)),
        _ => {}
    }
}

/// The object `tag` (its own `properties` and `required`) with `def`'s: one
/// object, or one per alternative where `def` has several.
fn merged(tag: &Map<String, Value>, def: &Value, defs: &Map<String, Value>) -> Value {
    let def = match def
        .get("$ref")
        .and_then(Value::as_str)
        .and_then(|r| r.strip_prefix("#/$defs/"))
        .and_then(|name| defs.get(name))
    {
        Some(target) => target,
        None => def,
    };
    let mut out = tag.clone();
    for (key, value) in def.as_object().into_iter().flatten() {
        match (key.as_str(), out.get_mut(key)) {
            ("oneOf" | "anyOf", _) => {}
            ("properties", Some(Value::Object(mine))) => {
                for (k, v) in value.as_object().into_iter().flatten() {
                    mine.entry(k.clone()).or_insert_with(|| v.clone());
                }
            }
            ("required", Some(Value::Array(mine))) => {
                mine.extend(value.as_array().into_iter().flatten().cloned());
            }
            (_, None) => {
                out.insert(key.clone(), value.clone());
            }
            _ => {}
        }
    }
    // Alternatives: each one whole, with the names above.
    for alternatives in ["oneOf", "anyOf"] {
        if let Some(Value::Array(alts)) = def.get(alternatives) {
            let each = alts.iter().map(|alt| merged(&out, alt, defs)).collect();
            let mut one = Map::new();
            if let Some(d) = out.get("description") {
                one.insert("description".into(), d.clone());
            }
            one.insert(alternatives.into(), Value::Array(each));
            return Value::Object(one);
        }
    }
    Value::Object(out)
}

/// Every object lists all its names: a name the schema does not know is an
/// error, not an extension.
fn close(node: &mut Value) {
    match node {
        Value::Object(obj) => {
            if obj.contains_key("properties") && !obj.contains_key("additionalProperties") {
                obj.insert("additionalProperties".into(), false.into());
            }
            obj.values_mut().for_each(close);
        }
        Value::Array(items) => items.iter_mut().for_each(close),
        _ => {}
    }
}

/// The schema of `command`'s JSON lines.
/// The schema of `command`'s JSON lines: each command says what it writes
/// ([`Run::SCHEMA`]), and no more than it writes (a field it leaves out when
/// empty is optional).
pub(crate) fn schema(command: &str) -> Value {
    let generator = SchemaSettings::draft2020_12()
        .for_serialize()
        .into_generator();
    let mut schema = with_schema()
        .iter()
        .find(|(name, _)| name == command)
        .map_or(Value::Null, |(_, schema)| schema(generator).to_value());
    let defs = schema
        .get("$defs")
        .and_then(Value::as_object)
        .cloned()
        .unwrap_or_default();
    inline_tagged(&mut schema, &defs);
    close(&mut schema);
    describe_in_values(&mut schema);
    // The dialect and what it describes first, as a reader looks for them.
    let mut ordered = Map::new();
    ordered.insert(
        "$schema".into(),
        "https://json-schema.org/draft/2020-12/schema".into(),
    );
    ordered.insert("title".into(), format!("urlbnf {command} --json").into());
    if let Value::Object(mut rest) = schema {
        if let Some(d) = rest.remove("description") {
            ordered.insert("description".into(), d);
        }
        for (key, value) in rest {
            if key != "$schema" && key != "title" {
                ordered.insert(key, value);
            }
        }
    }
    Value::Object(ordered)
}

/// What the Rust doc links in the types' descriptions stand for, in the
/// terms a script reading the JSON sees: a constant's value, or words.
fn link_words() -> Vec<(&'static str, String)> {
    use crate::comparisons::diff;
    use crate::tools::report;
    vec![
        ("[`FOUND_END`]", format!("\"{}\"", crate::error::FOUND_END)),
        (
            "[`FOUND_NON_ASCII`]",
            format!("\"{}\"", report::FOUND_NON_ASCII),
        ),
        ("[`NO_SCHEME`]", format!("\"{}\"", report::NO_SCHEME)),
        (
            "[`FOUND_NO_SCHEME_RULE`]",
            format!("\"{}\"", report::FOUND_NO_SCHEME_RULE),
        ),
        ("[`NOT_A_SCHEME`]", format!("\"{}\"", report::NOT_A_SCHEME)),
        (
            "[`OTHER_SCHEMES`]",
            format!("\"{}\"", report::OTHER_SCHEMES),
        ),
        ("[`FORMAT`]", format!("\"{}\"", report::FORMAT)),
        ("[`EXAMPLES`]", report::EXAMPLES.to_string()),
        ("[`WITNESSES`]", diff::WITNESSES.to_string()),
        ("[`Report::digest`]", "`digest`".to_string()),
        (
            "[`crate::cause`]",
            "the manual's \"Why a witness differs\"".to_string(),
        ),
        (
            "[`explained`](LanguageDiff::explained)",
            "explained".to_string(),
        ),
        ("[`LanguageDiff::explained`]", "explained".to_string()),
        (
            "[`lint::Lint::code`](crate::verdicts::lint::Lint)",
            "`code` of a lint".to_string(),
        ),
        ("[`prose::DISAGREEMENTS`]", "the notes' codes".to_string()),
    ]
}

/// Every description in the values and words of [`link_words`]: the
/// schema is read by people and programs that know no Rust names.
fn describe_in_values(node: &mut Value) {
    match node {
        Value::Object(map) => {
            for (key, value) in map.iter_mut() {
                match (key.as_str(), value) {
                    ("description", Value::String(text)) => {
                        for (link, words) in link_words() {
                            *text = text.replace(link, &words);
                        }
                    }
                    (_, value) => describe_in_values(value),
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(describe_in_values),
        _ => {}
    }
}

impl Run for SchemaArgs {
    fn run(self, io: &mut Io<'_>) -> Result<Tally, CliError> {
        let out = &mut *io.out;
        let text =
            serde_json::to_string_pretty(&schema(&self.command)).map_err(std::io::Error::from)?;
        writeln!(out, "{text}")?;
        Ok(Tally::default())
    }
}
