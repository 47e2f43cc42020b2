//! The `urlbnf` command: a thin shell over the library (see `urlbnf --help`).

fn main() -> std::process::ExitCode {
    urlbnf::cli::main()
}
