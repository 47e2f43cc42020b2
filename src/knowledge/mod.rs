//! What urlbnf knows of each document beyond its grammar, read from the
//! editions' descriptors and printed grammars: each rule's meaning ([`gloss`]),
//! what a document says its URLs mean ([`meaning`]), which rules of editions are
//! one concept ([`correspond`]), the known schemes and the catch-all for new ones
//! ([`known`]), and the characters each edition reserves ([`encoding`]).

pub(crate) mod correspond;
pub mod encoding;
pub mod gloss;
pub mod known;
pub mod meaning;
