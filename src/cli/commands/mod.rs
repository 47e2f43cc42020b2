//! One file per subcommand: its arguments, its help and its run.

pub(crate) mod book;
pub(crate) mod check;
pub(crate) mod compare;
pub(crate) mod conform;
pub(crate) mod diff;
pub(crate) mod encode;
pub(crate) mod equiv;
pub(crate) mod explain;
pub(crate) mod extract;
pub(crate) mod normalize;
pub(crate) mod parse;
pub(crate) mod regex;
pub(crate) mod report;
pub(crate) mod resolve;
pub(crate) mod schema;
pub(crate) mod tree;
