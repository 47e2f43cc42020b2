//! Tools over verdicts: the conformance of a corpus ([`report`]), each rule as a
//! regular expression ([`regex`]), partial forms resolved ([`resolve`]), URLs
//! in plain text ([`extract`]), normalization and equivalence ([`normalize`],
//! [`equivalence`]), another parser tested against a rule ([`conform`]), and
//! beside the editions, what a browser makes of an input (`whatwg`, with the
//! feature of that name).

pub mod conform;
pub mod equivalence;
pub mod extract;
pub mod normalize;
pub mod regex;
pub mod report;
pub mod resolve;
#[cfg(feature = "whatwg")]
pub mod whatwg;
