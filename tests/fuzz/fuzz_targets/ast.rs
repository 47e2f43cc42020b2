//! Whatever parses into an AST prints back as the same text, and an input
//! parses exactly when the edition's whole-URL rule derives it.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urlbnf::{Edition, ast, check};

fuzz_target!(|data: &[u8]| {
    let Ok(input) = std::str::from_utf8(data) else {
        return;
    };
    for e in Edition::ALL {
        let parsed = ast::parse(e, input);
        let valid = check::is_valid(e, e.default_rule(), input, check::Engine::Dfa);
        assert_eq!(parsed.is_ok(), valid.unwrap_or(false), "{e}: {input:?}");
        if let Ok(url) = parsed {
            assert_eq!(url.to_string(), input, "{e}");
        }
    }
});
