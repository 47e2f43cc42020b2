//! The later editions' rules: what each means and the section of its document
//! that says more, per edition (RFC 2396 and RFC 3986 share names that mean
//! different things: `path`, `host`, `authority`). The sections are RFC 3986's
//! own numbered headings.

use crate::edition::Edition;

/// RFC 2396 (August 1998): rule, meaning. The seed holds Appendix A alone,
/// so each rule cites it.
const RFC2396: &[(&str, &str)] = &[
    (
        "URI-reference",
        "a URI reference: an absolute or relative URI, with an optional #fragment",
    ),
    (
        "absoluteURI",
        "a URI with its scheme: scheme \":\" and a hierarchical or opaque part",
    ),
    (
        "relativeURI",
        "a reference without a scheme: a network path, an absolute path or a relative path",
    ),
    (
        "hier_part",
        "the hierarchical part: //authority and a path, or an absolute path, then an optional ?query",
    ),
    (
        "opaque_part",
        "the part after the scheme of a URI that is not hierarchical (mailto:, news:)",
    ),
    (
        "uric_no_slash",
        "a URI character other than \"/\": what an opaque part starts with",
    ),
    (
        "net_path",
        "\"//\", an authority and an optional absolute path",
    ),
    ("abs_path", "a path from the root: \"/\" and segments"),
    (
        "rel_path",
        "a relative path: a first segment without \":\" and an optional absolute path",
    ),
    (
        "rel_segment",
        "the first segment of a relative path: no \":\", so it cannot be read as a scheme",
    ),
    (
        "scheme",
        "the scheme: a letter, then letters, digits, +, - or .",
    ),
    (
        "authority",
        "the naming authority: a server or a registry-based name",
    ),
    (
        "reg_name",
        "a registry-based authority: any non-empty run of its characters",
    ),
    (
        "server",
        "a server: optional userinfo@ and a host with an optional port; may be empty",
    ),
    (
        "userinfo",
        "user information before \"@\": a user name and perhaps a password",
    ),
    ("hostport", "a host and an optional :port"),
    ("host", "a host: a domain name or a dotted IPv4 address"),
    (
        "hostname",
        "a domain name: labels separated by dots, the last starting with a letter, a final dot allowed",
    ),
    (
        "domainlabel",
        "one label of a domain name: letters, digits and inner hyphens",
    ),
    (
        "toplabel",
        "the last label of a domain name: starts with a letter",
    ),
    (
        "IPv4address",
        "four runs of digits separated by dots (any number of digits each)",
    ),
    ("port", "a port number: digits, possibly none"),
    (
        "path",
        "a path: absolute or opaque, or none (used by no other rule)",
    ),
    ("path_segments", "segments separated by \"/\""),
    ("segment", "one path segment, with optional ;parameters"),
    (
        "param",
        "a segment parameter, after \";\" (dropped by RFC 3986)",
    ),
    ("pchar", "a character of a path segment"),
    ("query", "the query, after \"?\": URI characters"),
    (
        "fragment",
        "the fragment identifier, after \"#\": URI characters",
    ),
    ("uric", "any URI character: reserved, unreserved or escaped"),
    (
        "reserved",
        "characters with a meaning in the syntax: ; / ? : @ & = + $ ,",
    ),
    (
        "unreserved",
        "characters that need no escaping: letters, digits and marks",
    ),
    ("mark", "the unreserved punctuation: - _ . ! ~ * ' ( )"),
    ("escaped", "an escape: \"%\" and two hexadecimal digits"),
    ("hex", "a hexadecimal digit, either case"),
    ("alphanum", "a letter or a digit"),
    ("alpha", "a letter"),
    ("lowalpha", "a lower-case letter"),
    ("upalpha", "an upper-case letter"),
    ("digit", "a decimal digit"),
];

/// RFC 3986 (January 2005): rule, section, meaning.
const RFC3986: &[(&str, &str, &str)] = &[
    (
        "URI",
        "§3 Syntax Components",
        "a URI: scheme \":\", hierarchical part, optional ?query and #fragment",
    ),
    (
        "hier-part",
        "§3 Syntax Components",
        "the hierarchical part: //authority and a path, or a path alone",
    ),
    (
        "URI-reference",
        "§4.1 URI Reference",
        "a URI or a relative reference",
    ),
    (
        "absolute-URI",
        "§4.3 Absolute URI",
        "a URI without a fragment",
    ),
    (
        "relative-ref",
        "§4.2 Relative Reference",
        "a reference without a scheme, resolved against a base URI",
    ),
    (
        "relative-part",
        "§4.2 Relative Reference",
        "the part of a relative reference before ?query and #fragment",
    ),
    (
        "scheme",
        "§3.1 Scheme",
        "the scheme: a letter, then letters, digits, +, - or . (compared without case)",
    ),
    (
        "authority",
        "§3.2 Authority",
        "optional userinfo@, a host and an optional :port",
    ),
    (
        "userinfo",
        "§3.2.1 User Information",
        "user information before \"@\"",
    ),
    (
        "host",
        "§3.2.2 Host",
        "a host: an IP literal in brackets, an IPv4 address or a registered name",
    ),
    (
        "port",
        "§3.2.3 Port",
        "a port number: digits, possibly none",
    ),
    (
        "IP-literal",
        "§3.2.2 Host",
        "an IPv6 or future IP address in square brackets",
    ),
    (
        "IPvFuture",
        "§3.2.2 Host",
        "a future IP address format: v, a version in hex, \".\" and the address",
    ),
    (
        "IPv6address",
        "§3.2.2 Host",
        "an IPv6 address: eight 16-bit pieces, \"::\" for a run of zeros, perhaps an IPv4 tail",
    ),
    (
        "h16",
        "§3.2.2 Host",
        "16 bits of an IPv6 address: one to four hexadecimal digits",
    ),
    (
        "ls32",
        "§3.2.2 Host",
        "the last 32 bits of an IPv6 address: two pieces or an IPv4 address",
    ),
    (
        "IPv4address",
        "§3.2.2 Host",
        "a dotted IPv4 address, each octet 0-255 without leading zeros",
    ),
    (
        "dec-octet",
        "§3.2.2 Host",
        "a decimal number 0-255, without leading zeros",
    ),
    (
        "reg-name",
        "§3.2.2 Host",
        "a registered name (usually a domain name), possibly empty",
    ),
    (
        "path",
        "§3.3 Path",
        "a path, of one of the five kinds (used by no other rule)",
    ),
    (
        "path-abempty",
        "§3.3 Path",
        "a path after an authority: empty, or \"/\" and segments",
    ),
    (
        "path-absolute",
        "§3.3 Path",
        "a path from the root that does not start with \"//\"",
    ),
    (
        "path-noscheme",
        "§3.3 Path",
        "a relative path whose first segment has no \":\"",
    ),
    (
        "path-rootless",
        "§3.3 Path",
        "a path that starts with a segment, not \"/\"",
    ),
    ("path-empty", "§3.3 Path", "no path at all: zero characters"),
    ("segment", "§3.3 Path", "one path segment, possibly empty"),
    ("segment-nz", "§3.3 Path", "a non-empty path segment"),
    (
        "segment-nz-nc",
        "§3.3 Path",
        "a non-empty path segment without \":\"",
    ),
    ("pchar", "§3.3 Path", "a character of a path segment"),
    ("query", "§3.4 Query", "the query, after \"?\""),
    (
        "fragment",
        "§3.5 Fragment",
        "the fragment identifier, after \"#\"",
    ),
    (
        "pct-encoded",
        "§2.1 Percent-Encoding",
        "a percent-encoded octet: \"%\" and two hexadecimal digits",
    ),
    (
        "unreserved",
        "§2.3 Unreserved Characters",
        "characters that need no encoding: letters, digits, - . _ ~",
    ),
    (
        "reserved",
        "§2.2 Reserved Characters",
        "the delimiters: general and sub-delimiters",
    ),
    (
        "gen-delims",
        "§2.2 Reserved Characters",
        "the delimiters of the components: : / ? # [ ] @",
    ),
    (
        "sub-delims",
        "§2.2 Reserved Characters",
        "delimiters within a component: ! $ & ' ( ) * + , ; =",
    ),
    (
        "ALPHA",
        "§1.3 Syntax Notation",
        "a letter (RFC 2234 core rule)",
    ),
    (
        "DIGIT",
        "§1.3 Syntax Notation",
        "a decimal digit (RFC 2234 core rule)",
    ),
    (
        "HEXDIG",
        "§1.3 Syntax Notation",
        "a hexadecimal digit, either case (RFC 2234 core rule)",
    ),
];

/// The later edition's meaning of a rule and its numbered section (`None`:
/// the BNF's own); `None` for an early edition or a name the edition does not
/// print.
pub(super) fn gloss(edition: Edition, rule: &str) -> Option<(Option<&'static str>, &'static str)> {
    match edition {
        Edition::Rfc2396 => RFC2396
            .iter()
            .find(|(name, _)| *name == rule)
            .map(|&(_, gloss)| (None, gloss)),
        Edition::Rfc3986 => RFC3986
            .iter()
            .find(|(name, _, _)| *name == rule)
            .map(|&(_, section, gloss)| (Some(section), gloss)),
        _ => None,
    }
}
