//! The build script: the edition registry from `grammar/` (the editions,
//! their descriptors, the list the parsers are generated from), and each
//! edition's PEG machine as Rust. Nothing here names an edition: an edition
//! is its files under `grammar/`.

// The descriptor's schema, the library's own file: read here, compiled there.
#[allow(dead_code)]
#[path = "edition/descriptor.rs"]
mod descriptor;

#[path = "edition/generate.rs"]
mod registry;

#[path = "edition/emit.rs"]
mod registry_code;

#[path = "edition/literal.rs"]
mod registry_literal;

#[allow(dead_code)]
#[path = "engine/machine/program.rs"]
mod program;

#[path = "engine/machine/emit.rs"]
mod emit;

// The reader of the printed grammars and the engines, included as they are,
// to compile each edition's whole-URL rule ahead (`engine/ahead_emit.rs`);
// `edition`, `error` and `Correction` stand in for the crate's own here.
mod edition {
    /// An edition, by its id.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub struct Edition(pub &'static str);

    impl Edition {
        pub fn id(self) -> &'static str {
            self.0
        }
    }

    impl std::fmt::Display for Edition {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str(self.0)
        }
    }
}

mod error {
    /// A defect in a transcription.
    #[derive(Debug)]
    pub enum Error {
        Transcription {
            edition: crate::edition::Edition,
            rule: Option<String>,
            message: String,
        },
    }

    impl std::fmt::Display for Error {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            let Error::Transcription {
                edition,
                rule,
                message,
            } = self;
            write!(f, "{edition} {}: {message}", rule.as_deref().unwrap_or(""))
        }
    }

    impl std::error::Error for Error {}
}

#[allow(dead_code)]
mod grammar {
    pub mod printed {
        /// The corrections a transcription may name (`src/grammar/printed/mod.rs`).
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Correction {
            C1,
            C2,
            C3,
            C4,
            C5,
        }

        #[path = "abnf.rs"]
        mod abnf;
        #[path = "assemble.rs"]
        mod assemble;
        #[path = "notation.rs"]
        mod notation;
        #[path = "read.rs"]
        mod read;
        #[path = "rules.rs"]
        mod rules;
        #[path = "schemes.rs"]
        mod schemes;

        pub use notation::parse_definition;
        pub use read::read;
        pub use rules::{Expr, Notation, PrintedGrammar, PrintedRule, fold_space};
    }

    pub use printed::{Expr, PrintedGrammar};
}

#[allow(dead_code)]
mod engine {
    #[path = "ahead_emit.rs"]
    pub mod ahead_emit;
    #[path = "dense.rs"]
    pub mod dense;
    #[path = "hir.rs"]
    pub mod hir;
    #[path = "lanes/mod.rs"]
    pub mod lanes;
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let manifest = std::env::var("CARGO_MANIFEST_DIR")?;
    let out = std::env::var("OUT_DIR")?;
    for path in [
        "src/build.rs",
        "src/edition/descriptor.rs",
        "src/edition/generate.rs",
        "src/edition/emit.rs",
        "src/edition/literal.rs",
        "src/engine/machine/emit.rs",
        "src/engine/machine/program.rs",
        "src/engine/ahead_emit.rs",
        "src/engine/dense.rs",
        "src/engine/hir.rs",
        "src/engine/lanes",
        "src/grammar/printed",
        "grammar",
    ] {
        println!("cargo::rerun-if-changed={path}");
    }
    let editions = registry::read_all(&manifest)?;
    registry_code::write(&editions, &out)?;
    emit::generate(&manifest, &out)?;
    // Each edition's whole-URL rule, and the rule its comparison reads by
    // (`normalize`, `equiv`; RFC 3986's `URI`) where that is another.
    let rules: Vec<(&'static str, String, bool)> = editions
        .iter()
        .flat_map(|e| {
            let id: &'static str = e.id.clone().leak();
            let compared = e.d.meaning.compared_rule;
            let compared = compared.filter(|r| *r != e.d.default_rule);
            std::iter::once((id, e.d.default_rule.to_string(), true))
                .chain(compared.map(|r| (id, r.to_string(), false)))
        })
        .collect();
    engine::ahead_emit::write(&manifest, &out, &rules)?;
    Ok(())
}
