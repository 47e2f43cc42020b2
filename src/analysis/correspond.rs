//! Which rules of two editions are one concept: renamed (`httpaddress` is
//! `httpurl`) or split (RFC 1738's `hsegment`, `fsegment` and `psegment` from
//! `segment`). Both the diff and the causes of its witnesses follow these.

use crate::grammar::PrintedGrammar;

/// Rules that are one concept under different printed names. A rule is paired with
/// its own name where the other edition has it, else with the first name of its
/// group that the other edition has.
pub(crate) const CORRESPONDENCE: &[&[&str]] = &[
    &["httpaddress", "httpurl"],
    &["ftpaddress", "ftpurl"],
    &["fileaddress", "fileurl"],
    &["newsaddress", "newsurl"],
    &["nntpaddress", "nntpurl"],
    &["telnetaddress", "telneturl"],
    &["gopheraddress", "gopherurl"],
    &["waisaddress", "waisurl"],
    &["mailtoaddress", "mailtourl"],
    &["prosperolink", "prosperourl"],
    &["groupart", "grouppart"],
    &["generic", "uri", "genericurl"],
    &["hsoname", "ppath"],
    &["selector", "gcommand"],
    &["path", "hpath"],
    &["xalpha", "xchar"],
    &["alphanum", "alphadigit"],
    &["variant", "national"],
    // RFC 1738 to RFC 2396 to RFC 3986.
    &["hostnumber", "IPv4address"],
    &["escape", "escaped", "pct-encoded"],
    &["search", "query"],
    &["fragmentid", "fragment"],
    &["hex", "HEXDIG"],
    &["alpha", "ALPHA"],
    &["digit", "DIGIT"],
    &["hier_part", "hier-part"],
    &["absoluteURI", "absolute-URI"],
    &["relativeURI", "relative-ref"],
    &["reg_name", "reg-name"],
    &["abs_path", "path-absolute"],
];

/// Rules RFC 1738 split out of one earlier rule, one per scheme: (the earlier
/// rule, its parts). `explain`'s history follows a part back to the whole.
pub(crate) const SPLITS: &[(&str, &[&str])] = &[
    ("segment", &["hsegment", "fsegment", "psegment"]),
    ("path", &["hpath", "fpath", "ppath"]),
];

internal! {
    /// The rule in `g` that `name` descends from when `g` has neither it nor a
    /// renamed counterpart: the whole it was split out of. A rule with renamed
    /// counterparts follows those only (`ppath` is prospero's `hsoname`, not the
    /// `path` of an edition without prospero).
    fn split_whole(g: &PrintedGrammar, name: &str) -> Option<String> {
        if CORRESPONDENCE.iter().any(|group| group.contains(&name)) {
            return None;
        }
        SPLITS
            .iter()
            .find(|(whole, parts)| parts.contains(&name) && g.rule(whole).is_some())
            .map(|(whole, _)| whole.to_string())
    }
}

internal! {
    /// The counterpart in `g` of a rule named `name`.
    fn counterpart(g: &PrintedGrammar, name: &str) -> Option<String> {
        if g.rule(name).is_some() {
            return Some(name.to_string());
        }
        let group = CORRESPONDENCE.iter().find(|group| group.contains(&name))?;
        group
            .iter()
            .find(|n| g.rule(n).is_some())
            .map(|n| n.to_string())
    }
}
