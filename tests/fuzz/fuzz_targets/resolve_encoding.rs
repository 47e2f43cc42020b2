//! Resolving any partial form in any context, by every rule set, ends; an
//! encoded text is canonical, and canonical is stable; normalizing at any
//! level of an edition's comparison is stable (normalizing twice changes
//! nothing) but where the note says the letter of §5.2.4 makes another URL.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use urlbnf::Edition;
use urlbnf::encoding::{canonical, encode_bytes};
use urlbnf::meaning::meaning;
use urlbnf::normalize::Normalizer;
use urlbnf::resolve::{Rules, resolve};

/// One normalizer per edition and level, built once: building compiles the
/// edition's automata.
fn normalizers() -> &'static [Normalizer] {
    static ALL: OnceLock<Vec<Normalizer>> = OnceLock::new();
    ALL.get_or_init(|| {
        Edition::ALL
            .iter()
            .flat_map(|&e| meaning(e).levels().iter().map(move |&l| (e, l)))
            .filter_map(|(e, l)| Normalizer::new(e, l).ok())
            .collect()
    })
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    // The first line is the context, the rest the partial form.
    let (context, partial) = text.split_once('\n').unwrap_or((&text, ""));
    for rules in [
        Rules::Rfc3986,
        Rules::Rfc1630,
        Rules::Draft1993,
        Rules::Libwww1993,
    ] {
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
        if let Ok(c) = canonical(e, &text) {
            assert_eq!(
                canonical(e, &c).ok(),
                Some(c.clone()),
                "{e}: canonical is stable"
            );
        }
    }
    for n in normalizers() {
        let first = n.normalize(&text);
        // RFC 3986 §5.2.4 as printed can leave a path that begins with "//"
        // and no authority (`s:/..//a` gives `s://a`): written out, that reads
        // as an authority, which the note says. Everything else is stable.
        if first
            .notes
            .iter()
            .any(|note| note.code == "path-reads-as-authority")
        {
            continue;
        }
        let Some(once) = first.normalized else {
            continue;
        };
        let twice = n.normalize(&once).normalized;
        assert_eq!(
            twice.as_deref(),
            Some(once.as_str()),
            "{:?} at {:?}: normalizing twice changes {text:?}",
            n.edition(),
            n.level()
        );
    }
});
