//! Where each early edition's document says more on a topic: its sections'
//! own headings; and how a document and its BNF's section are named.

use super::Topic::{self, *};
use crate::edition::Edition;

/// The section of `edition`'s document on `topic`, if its prose has one.
pub(super) fn section(edition: Edition, topic: Topic) -> Option<&'static str> {
    match edition {
        Edition::Rfc1738 => Some(match topic {
            Url | Scheme => "§2.1 The main parts of URLs",
            Chars => "§2.2 URL Character Encoding Issues",
            Internet => "§3.1 Common Internet Scheme Syntax",
            Ftp => "§3.2 FTP",
            Http | Path | Search => "§3.3 HTTP",
            Gopher => "§3.4 GOPHER",
            Mailto => "§3.5 MAILTO",
            News => "§3.6 NEWS",
            Nntp => "§3.7 NNTP",
            Telnet => "§3.8 TELNET",
            Wais => "§3.9 WAIS",
            File => "§3.10 FILES",
            Prospero => "§3.11 PROSPERO",
            Fragment | Afs | Mid | Cid => return None,
        }),
        Edition::Draft1994 => Some(match topic {
            Url | Scheme | Internet | Path | Search | Fragment => "URL SYNTAX",
            Chars => "ENCODING PROHIBITED CHARACTERS",
            Ftp | File => "FTP",
            Http => "HTTP",
            Gopher => "GOPHER",
            Mailto => "MAILTO",
            News => "NEWS",
            Nntp => "NNTP",
            Prospero => "PROSPERO",
            Telnet => "TELNET, RLOGIN, TN3270",
            Wais => "WAIS",
            Afs | Mid | Cid => return None,
        }),
        Edition::Draft1993 => Some(match topic {
            Url => "Full form",
            Fragment => "Fragment-id",
            Scheme => "Scheme",
            Internet => "Internet protocol parts",
            Path | Search => "Path",
            Chars => "Encoding prohibited characters",
            Http => "HTTP",
            Ftp | File => "FTP",
            News | Nntp => "News",
            Wais => "WAIS",
            Prospero => "Prospero",
            Gopher => "Gopher",
            Mailto | Telnet | Afs | Mid | Cid => return None,
        }),
        Edition::Rfc1630Uri | Edition::Rfc1630Url => Some(match topic {
            Url | Scheme | Path | Search => "URI syntax",
            Internet => "Specific Schemes",
            Fragment => "Fragment-id",
            Chars => "Reserved characters",
            Http => "HTTP",
            Ftp | File => "FTP",
            Gopher => "Gopher",
            Mailto => "Mailto",
            News | Nntp => "News",
            Telnet => "Telnet, rlogin, tn3270",
            Wais => "WAIS",
            Mid => "Message-Id",
            Cid => "Content-Id",
            Prospero => "Prospero",
            Afs => "Schemes for Further Study",
        }),
        // Their glosses are per rule (`later.rs`).
        Edition::Rfc2396 | Edition::Rfc3986 => None,
    }
}

/// The document's short name in a section reference.
pub(super) fn document(edition: Edition) -> &'static str {
    match edition {
        Edition::Draft1993 => "URL draft of July 1993",
        Edition::Draft1994 => "draft-ietf-uri-url-03",
        Edition::Rfc1630Uri | Edition::Rfc1630Url => "RFC 1630",
        Edition::Rfc1738 => "RFC 1738",
        Edition::Rfc2396 => "RFC 2396",
        Edition::Rfc3986 => "RFC 3986",
    }
}

/// The BNF's own section (the edition's [`section`](crate::EditionInfo::section)),
/// for a rule whose topic has no prose section; RFC 1738's number written as a
/// reference (`5. BNF …` as `§5 BNF …`).
pub(super) fn bnf_section(edition: Edition) -> String {
    let printed = edition.info().section;
    match printed.split_once(". ") {
        Some((n, title)) if !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()) => {
            format!("§{n} {title}")
        }
        _ => printed.to_string(),
    }
}
