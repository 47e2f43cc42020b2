//! What each printed rule means, in one line, and where its document says
//! more: the section of prose on the rule's topic (the scheme it belongs to,
//! the common Internet part, the characters), else the section that prints
//! the BNF. The glosses are urlbnf's words; the sections are the documents'
//! own headings (RFC 1738 numbers them; the others do not).

use serde::Serialize;

use crate::edition::Edition;

mod later;
mod sections;

use sections::{bnf_section, document, section};

/// A rule's meaning and the section to read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Gloss {
    /// What the rule is, in one line.
    pub gloss: &'static str,
    /// The document and section that says more (`RFC 1738 §3.3 HTTP`).
    pub section: String,
}

/// What a rule is about, for finding its section.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Topic {
    Url,
    Scheme,
    Internet,
    Path,
    Search,
    Fragment,
    Chars,
    Http,
    Ftp,
    File,
    Gopher,
    Mailto,
    News,
    Nntp,
    Telnet,
    Wais,
    Prospero,
    Afs,
    Mid,
    Cid,
}

use Topic::*;

/// Every printed rule name of the five early editions: its topic and its meaning.
const GLOSSES: &[(&str, Topic, &str)] = &[
    (
        "addr-spec",
        Mid,
        "an RFC 822 address: local-part@domain (C4 reads it as xalphas)",
    ),
    (
        "afsaddress",
        Afs,
        "an AFS URL: a cell and a path in the Andrew File System",
    ),
    ("alpha", Chars, "a letter"),
    (
        "alphadigit",
        Internet,
        "a letter or a digit, as a host name's labels use them",
    ),
    ("alphanum", Chars, "a letter or a digit"),
    ("alphanum2", Chars, "a letter, a digit, or one of - _ . +"),
    ("alphanums", Chars, "one or more letters or digits"),
    (
        "article",
        News,
        "a news article by its message id (unique@host)",
    ),
    ("attribute", Prospero, "one attribute name"),
    ("attributes", Prospero, "a list of attribute names"),
    ("cellname", Afs, "the AFS cell, written as a host name"),
    ("cidaddress", Cid, "a cid URL: a MIME content id"),
    (
        "content-identifier",
        Cid,
        "a MIME content id (C4 reads it as xalphas)",
    ),
    ("database", Wais, "the name of a WAIS database"),
    ("digit", Chars, "a decimal digit"),
    ("digits", Chars, "one or more decimal digits"),
    (
        "domainlabel",
        Internet,
        "one dot-separated label of a host name",
    ),
    (
        "encoded822addr",
        Mailto,
        "an RFC 822 mail address, escaped where it must be",
    ),
    (
        "escape",
        Chars,
        "a character written as % and two hexadecimal digits",
    ),
    (
        "extra",
        Chars,
        "more punctuation allowed as is (which, varies by edition)",
    ),
    ("fieldname", Prospero, "the name of a Prospero field"),
    (
        "fieldspec",
        Prospero,
        "one ;name=value field of a Prospero link",
    ),
    ("fieldvalue", Prospero, "the value of a Prospero field"),
    (
        "fileaddress",
        File,
        "a file URL: a file on a host, read by whatever means",
    ),
    (
        "fileurl",
        File,
        "a file URL: a file on a host (none, or localhost, for this machine)",
    ),
    ("formcode", Ftp, "the FTP form code: N, T or C"),
    (
        "fpath",
        Ftp,
        "the path of an FTP URL: directories, then the file",
    ),
    (
        "fragmentaddress",
        Fragment,
        "a URL with an optional #fragment: what a link holds",
    ),
    (
        "fragmentid",
        Fragment,
        "the fragment after #: a place within the object",
    ),
    (
        "fsegment",
        Ftp,
        "one segment of an FTP path: a directory or the file",
    ),
    (
        "ftpaddress",
        Ftp,
        "an FTP URL: a file or directory on an FTP server",
    ),
    ("ftptype", Ftp, "the FTP transfer type code"),
    (
        "ftpurl",
        Ftp,
        "an FTP URL: a file or directory on an FTP server",
    ),
    (
        "gcommand",
        Gopher,
        "the selector string sent to the gopher server",
    ),
    (
        "generic",
        Url,
        "any URL by the generic syntax: scheme, path, search",
    ),
    (
        "genericurl",
        Url,
        "any URL by the generic syntax: a scheme, a colon, the rest",
    ),
    (
        "gopher+_string",
        Gopher,
        "the Gopher+ string after the second tab",
    ),
    (
        "gopheraddress",
        Gopher,
        "a gopher URL: an item on a gopher server",
    ),
    (
        "gopherurl",
        Gopher,
        "a gopher URL: an item on a gopher server",
    ),
    (
        "group",
        News,
        "a newsgroup name, such as comp.infosystems.www",
    ),
    ("groupart", News, "all groups (*), a group or an article"),
    ("grouppart", News, "all groups (*), a group or an article"),
    ("gtype", Gopher, "the gopher item type, one character"),
    ("hex", Chars, "a hexadecimal digit"),
    ("hialpha", Chars, "an upper case letter"),
    ("host", Internet, "the host: a domain name or an IP address"),
    (
        "hostname",
        Internet,
        "a domain name, such as info.cern.ch: dotted names, each starting with a letter",
    ),
    ("hostnumber", Internet, "an IP address in dotted decimal"),
    ("hostport", Internet, "a host and an optional :port"),
    ("hpath", Http, "the path of an HTTP URL"),
    ("hsegment", Http, "one segment of an HTTP path"),
    (
        "hsoname",
        Prospero,
        "the host-specific object name of a Prospero link",
    ),
    (
        "httpaddress",
        Http,
        "an HTTP URL: a document on a web server",
    ),
    ("httpurl", Http, "an HTTP URL: a document on a web server"),
    ("ialpha", Chars, "a letter followed by any name characters"),
    (
        "ip-schemepart",
        Internet,
        "//, a login, and an optional /path: the common Internet form",
    ),
    (
        "login",
        Internet,
        "[user[:password]@]host[:port]: where and as whom to connect",
    ),
    ("lowalpha", Chars, "a lower case letter"),
    (
        "mailtoaddress",
        Mailto,
        "a mailto URL: a mailbox to write to",
    ),
    ("mailtourl", Mailto, "a mailto URL: a mailbox to write to"),
    (
        "midaddress",
        Mid,
        "a mid URL: a mail message by its message id",
    ),
    (
        "national",
        Chars,
        "characters some national sets replace: unsafe in a URL",
    ),
    ("newsaddress", News, "a news URL: a newsgroup or an article"),
    ("newsurl", News, "a news URL: a newsgroup or an article"),
    (
        "nntpaddress",
        Nntp,
        "an nntp URL: an article in a group on a given server",
    ),
    (
        "nntpurl",
        Nntp,
        "an nntp URL: an article in a group on a given server",
    ),
    (
        "otherurl",
        Url,
        "a URL of a scheme with no rule of its own, by the generic syntax",
    ),
    ("password", Internet, "the password in a login"),
    ("path", Path, "the path: segments separated by /"),
    ("port", Internet, "the port number after :"),
    ("ppath", Prospero, "the path of a Prospero URL"),
    ("prefixedurl", Url, "a URL written with its url: prefix"),
    (
        "prosperoaddress",
        Prospero,
        "a Prospero URL: an object in the Prospero directory service",
    ),
    (
        "prosperolink",
        Prospero,
        "a Prospero link: host, object name and fields",
    ),
    (
        "prosperourl",
        Prospero,
        "a Prospero URL: an object in the Prospero directory service",
    ),
    ("psegment", Prospero, "one segment of a Prospero path"),
    (
        "punctuation",
        Chars,
        "characters that delimit URLs in text: unsafe in a URL",
    ),
    (
        "reserved",
        Chars,
        "characters with a meaning in some scheme, escaped to stand for themselves",
    ),
    (
        "safe",
        Chars,
        "punctuation allowed as is, such as $ - _ . (which, varies by edition)",
    ),
    ("scheme", Scheme, "the scheme name before the first colon"),
    ("schemepart", Url, "everything after the scheme's colon"),
    (
        "search",
        Search,
        "the search (query) after ?: words (xalphas) joined by +",
    ),
    ("segment", Path, "one segment of a path"),
    ("selector", Gopher, "the gopher selector string"),
    (
        "telnetaddress",
        Telnet,
        "a telnet URL: an interactive session on a host",
    ),
    (
        "telneturl",
        Telnet,
        "a telnet URL: an interactive session on a host",
    ),
    (
        "toplabel",
        Internet,
        "the last label of a host name, which starts with a letter",
    ),
    ("uchar", Chars, "a character allowed as is or escaped"),
    (
        "unreserved",
        Chars,
        "characters that need no escaping: letters, digits, safe and extra",
    ),
    (
        "uri",
        Url,
        "a URI by the generic syntax: scheme, path, search",
    ),
    ("url", Url, "a whole URL: one of the schemes, or a new one"),
    (
        "urlpath",
        Internet,
        "the scheme-specific path after host and port",
    ),
    ("user", Internet, "the user name in a login"),
    (
        "variant",
        Chars,
        "characters that vary between national sets (as printed, garbled)",
    ),
    ("version", Prospero, "the Prospero version number"),
    ("void", Url, "nothing: the empty string"),
    (
        "waisaddress",
        Wais,
        "a WAIS URL: a database, a search of it, or a document",
    ),
    ("waisdatabase", Wais, "a WAIS URL naming a database"),
    (
        "waisdoc",
        Wais,
        "a WAIS URL naming a document of a database",
    ),
    ("waisindex", Wais, "a WAIS URL searching a database"),
    (
        "waisurl",
        Wais,
        "a WAIS URL: a database, a search of it, or a document",
    ),
    ("wpath", Wais, "the WAIS document path"),
    ("wtype", Wais, "the WAIS document type"),
    (
        "xalpha",
        Chars,
        "a name character: letter, digit, safe, extra or escape",
    ),
    ("xalphas", Chars, "one or more name characters"),
    (
        "xchar",
        Chars,
        "any character a URL may hold: unreserved, reserved or escaped",
    ),
    (
        "xpalpha",
        Chars,
        "a path name character: a name character or +",
    ),
    ("xpalphas", Chars, "one or more path name characters"),
];

/// Where a rule's meaning is the edition's own: the scheme rule, closed in
/// the 1994 documents and open to new schemes in the others.
const BY_EDITION: &[(Edition, &str, &str)] = &[
    (
        Edition::Draft1993,
        "url",
        "a whole URL: one of its eight schemes, or a new one by the generic syntax",
    ),
    (
        Edition::Draft1994,
        "url",
        "a whole URL of one of the eleven schemes it lists; no rule takes a new one",
    ),
    (
        Edition::Rfc1630Url,
        "url",
        "a whole URL of one of the eleven schemes it lists; no rule takes a new one",
    ),
    (
        Edition::Rfc1738,
        "url",
        "a whole URL: one of the ten schemes of section 5, or a new one by otherurl",
    ),
    // RFC 1738 changed what these take: labels of letters, digits and inner
    // hyphens (only the last must start with a letter); any uchar and ; : @ & =.
    (
        Edition::Rfc1738,
        "hostname",
        "a domain name, such as info.cern.ch: labels of letters, digits and inner hyphens",
    ),
    (
        Edition::Rfc1738,
        "search",
        "the search (query) after ?: characters (uchar) and ; : @ & =",
    ),
];

/// What `rule` means and where `edition`'s document says more; `None` for a
/// name no edition prints.
///
/// ```
/// use urlbnf::{Edition, gloss};
/// let g = gloss::gloss(Edition::Rfc1738, "hsegment").unwrap();
/// assert_eq!(g.gloss, "one segment of an HTTP path");
/// assert_eq!(g.section, "RFC 1738 §3.3 HTTP");
/// assert_eq!(gloss::gloss(Edition::Draft1993, "hostport").unwrap().section,
///     "URL draft of July 1993, “Internet protocol parts”");
/// assert_eq!(gloss::gloss(Edition::Rfc3986, "dec-octet").unwrap().section, "RFC 3986 §3.2.2 Host");
/// ```
pub fn gloss(edition: Edition, rule: &str) -> Option<Gloss> {
    let (section, gloss) = match later::gloss(edition, rule) {
        Some(found) => found,
        None => {
            let &(_, topic, gloss) = GLOSSES.iter().find(|(name, _, _)| *name == rule)?;
            let own = BY_EDITION
                .iter()
                .find(|(e, name, _)| *e == edition && *name == rule)
                .map(|&(_, _, own)| own);
            (section(edition, topic), own.unwrap_or(gloss))
        }
    };
    // RFC 1738 and RFC 3986 number their sections: `RFC 3986 §3.2.2 Host`.
    let section = match (
        matches!(edition, Edition::Rfc1738 | Edition::Rfc3986),
        section,
    ) {
        (true, Some(s)) => format!("{} {s}", document(edition)),
        (true, None) => format!("{} {}", document(edition), bnf_section(edition)),
        (false, s) => format!(
            "{}, “{}”",
            document(edition),
            s.map_or_else(|| bnf_section(edition), str::to_string)
        ),
    };
    Some(Gloss { gloss, section })
}
