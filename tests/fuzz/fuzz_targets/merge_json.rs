//! Any JSON given to a merge is refused or merged, never a panic, an
//! allocation sized by a number in it, or a count that wraps; what merges
//! renders, and a merged report is itself valid.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use urlbnf::report::{Report, Reporter};
use urlbnf::{Checker, Edition, Engine};

/// A real report, the first part of every merge.
fn good() -> &'static Report {
    static GOOD: OnceLock<Report> = OnceLock::new();
    GOOD.get_or_init(|| {
        let checker = Checker::new(Edition::Rfc1738, "url", Engine::Dfa).expect("rfc1738 url");
        let reporter = Reporter::new(vec![checker]).expect("a reporter");
        let mut p = reporter.partial();
        for line in ["http://a/", "http://h:abc/", "mailto:x", "foo bar", ""] {
            reporter.add(&mut p, line);
        }
        reporter.finish(p)
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(part) = serde_json::from_slice::<Report>(data) else {
        return;
    };
    let valid = part.validate().is_ok();
    let mut whole = good().clone();
    match whole.merge(&part) {
        Ok(()) => {
            assert!(valid, "an invalid part merged");
            whole.validate().expect("a merged report is valid");
            let _ = urlbnf::render::report::text(&whole, 10);
            let _ = urlbnf::render::report::html(&whole, 10, &[], "1970-01-01");
        }
        Err(_) => assert_eq!(whole, *good(), "a refused merge changes nothing"),
    }
});
