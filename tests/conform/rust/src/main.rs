//! A line filter for `urlbnf conform`: fluent-uri judges each line of
//! standard input as an RFC 3986 URI reference and prints 1 or 0.

use std::io::{BufRead, Write};

fn main() -> std::io::Result<()> {
    let stdin = std::io::stdin();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for line in stdin.lock().lines() {
        let line = line?;
        let ok = fluent_uri::UriRef::parse(line.as_str()).is_ok();
        writeln!(out, "{}", u8::from(ok))?;
    }
    out.flush()
}
