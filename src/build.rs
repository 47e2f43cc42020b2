//! The build script: the edition registry from `grammar/` (the editions,
//! their descriptors, the list the parsers are generated from), and each
//! edition's PEG machine as Rust. Nothing here names an edition: an edition
//! is its files under `grammar/`.

#[path = "edition/generate.rs"]
mod registry;

#[path = "edition/emit.rs"]
mod registry_code;

#[allow(dead_code)]
#[path = "engine/machine/program.rs"]
mod program;

#[path = "engine/machine/emit.rs"]
mod emit;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let manifest = std::env::var("CARGO_MANIFEST_DIR")?;
    let out = std::env::var("OUT_DIR")?;
    for path in [
        "src/build.rs",
        "src/edition/generate.rs",
        "src/edition/emit.rs",
        "src/engine/machine/emit.rs",
        "src/engine/machine/program.rs",
        "grammar",
    ] {
        println!("cargo::rerun-if-changed={path}");
    }
    let editions = registry::read_all(&manifest)?;
    registry_code::write(&editions, &out)?;
    emit::generate(&manifest, &out)?;
    Ok(())
}
