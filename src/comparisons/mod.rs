//! Editions compared: the exact differences between two editions ([`diff`])
//! and why each witness is on its side ([`cause`]), one rule explained across
//! editions ([`explain`]) with computed [`examples`].

pub(crate) mod by_cause;
pub mod cause;
pub mod diff;
pub mod examples;
pub mod explain;
mod literal;
