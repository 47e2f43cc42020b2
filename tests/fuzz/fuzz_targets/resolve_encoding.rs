//! Resolving any partial form in any context, by every rule set, ends; an
//! encoded text is canonical and equivalent to itself, and decoding keeps
//! every escape of a reserved character.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urlbnf::Edition;
use urlbnf::encoding::{canonical, encode_bytes, equivalent};
use urlbnf::resolve::{Rules, resolve};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    // The first line is the context, the rest the partial form.
    let (context, partial) = text.split_once('\n').unwrap_or((&text, ""));
    for rules in [Rules::Rfc1630, Rules::Draft1993, Rules::Libwww1993] {
        let r = resolve(rules, context, partial);
        assert!(r.result.len() <= 2 * (context.len() + partial.len()) + 8);
    }
    for e in Edition::ALL {
        let encoded = encode_bytes(e, data);
        assert!(encoded.is_ascii());
        let once = canonical(e, &encoded).expect("an encoded text has no malformed escape");
        assert_eq!(
            canonical(e, &once).ok().as_deref(),
            Some(once.as_str()),
            "{e}: stable"
        );
        assert!(equivalent(e, &encoded, &encoded).equivalent, "{e}");
        if let Ok(c) = canonical(e, &text) {
            assert_eq!(
                canonical(e, &c).ok(),
                Some(c.clone()),
                "{e}: canonical is stable"
            );
        }
    }
});
