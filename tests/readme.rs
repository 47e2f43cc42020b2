//! Every `console` block of the README and of the manual (the book's
//! chapters, `src/render/book/manual/*.md`) is a test: each `$ urlbnf ...`
//! line is run from the crate root and its output and exit status (`? N`)
//! must be the ones shown. `TRYCMD=overwrite cargo test --test suite readme::`
//! rewrites them with what the commands print (review the diff).

#[test]
fn readme_and_manual_examples_print_what_they_show() {
    trycmd::TestCases::new()
        .register_bin("urlbnf", std::path::Path::new(env!("CARGO_BIN_EXE_urlbnf")))
        .case("README.md")
        .case("src/render/book/manual/*.md");
}

/// The README is what a newcomer reads first, and stays short enough to be
/// read: at most 400 lines, the reference in the manual.
#[test]
fn the_readme_is_at_most_400_lines() {
    let lines = include_str!("../README.md").lines().count();
    assert!(
        lines <= 400,
        "README.md has {lines} lines: move reference material into the manual (src/render/book/manual/)"
    );
}
