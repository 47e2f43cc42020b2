//! Text fed to the extractor in pieces gives what the whole text gives, and
//! what each URL keeps is bounded by the text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urlbnf::extract::{Extractor, HYPHEN_READINGS, extract};

fuzz_target!(|data: &[u8]| {
    // The first byte chooses the cuts; the rest is the text.
    let Some((&step, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    let whole = extract(&text);
    let step = usize::from(step % 16) + 1;
    let mut extractor = Extractor::default();
    let mut pieces = Vec::new();
    let mut start = 0;
    let cuts: Vec<usize> = text
        .char_indices()
        .map(|(i, _)| i)
        .chain([text.len()])
        .filter(|i| i % step == 0 || *i == text.len())
        .collect();
    for end in cuts {
        pieces.extend(extractor.feed(text.get(start..end).unwrap_or_default()));
        start = end;
    }
    assert_eq!(pieces, whole);
    for f in &whole {
        assert!(f.without_hyphen.len() <= HYPHEN_READINGS);
        assert!(f.url.len() <= text.len());
    }
});
