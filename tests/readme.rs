//! Every `console` block of the README is a test: each `$ urlbnf ...` line is
//! run from the crate root and its output and exit status (`? N`) must be the
//! ones shown. `TRYCMD=overwrite cargo test --test readme` rewrites the README
//! with what the commands print (review the diff).

#[test]
fn readme_examples_print_what_they_show() {
    trycmd::TestCases::new()
        .register_bin("urlbnf", std::path::Path::new(env!("CARGO_BIN_EXE_urlbnf")))
        .case("README.md");
}
