//! The port lints: a port past 65535, one in the well-known range, one
//! other than the scheme's default (RFC 1738 §6, RFC 3986 §7.2), each
//! against the one table of default ports.

use super::{Found, scheme_of};
use crate::knowledge::meaning;
use crate::verdicts::ast::{Part, Url};

/// The default port of `scheme` and where it comes from: the edition's
/// document where it states one (RFC 1738 §3), else what the table gives
/// for normalization, with its source.
fn default_port(url: &Url<'_>, scheme: &str) -> Option<(u16, &'static str)> {
    match meaning::stated_port(url.edition.descriptor().cite, scheme) {
        Some((port, stated)) => Some((port, stated.section)),
        None => meaning::default_port(scheme).map(|d| (d.port, d.source)),
    }
}

/// The port the URL writes, and its number where it names one: a port of
/// any number of digits, past 65535 none at all. An empty port (RFC 3986's
/// `http://h:/`) is none.
fn written_port<'a>(url: &Url<'a>) -> Option<(Part<'a>, Option<u16>)> {
    let port = url.hostport().and_then(|hp| hp.port)?;
    if port.text.is_empty() {
        return None;
    }
    let digits = port.text.trim_start_matches('0');
    let value = match digits.len() {
        0 => Some(0),
        1..=5 => digits.parse::<u32>().ok(),
        _ => None,
    };
    Some((port, value.and_then(|v| u16::try_from(v).ok())))
}

/// A port past 65535 names no port at all.
pub(super) fn port_out_of_range(url: &Url<'_>, found: &mut Found<'_>) {
    if let Some((port, None)) = written_port(url) {
        found.push(
            port,
            format!(
                "port {} is above 65535, the largest port number",
                shown_digits(port.text)
            ),
        );
    }
}

/// A port other than the scheme's default, "especially when it is a number
/// within the reserved space" (RFC 1738 §6); "the "well-known port" range
/// (0 - 1023)" (RFC 3986 §7.2), whether or not urlbnf knows the default.
pub(super) fn port_reserved_range(url: &Url<'_>, found: &mut Found<'_>) {
    let Some((port, Some(number))) = written_port(url) else {
        return;
    };
    let scheme = scheme_of(url);
    let default = default_port(url, &scheme);
    if number >= 1024 || default.is_some_and(|(d, _)| d == number) {
        return;
    }
    let message = match default {
        Some((d, source)) => format!(
            "port {} is not {scheme}'s default port, {d} ({source}), and is below 1024, \
             where other protocols' servers listen",
            port.text
        ),
        None => {
            let whose = if scheme.is_empty() {
                "a reference without a scheme".to_string()
            } else {
                format!("{scheme:?}")
            };
            format!(
                "port {} is below 1024, where other protocols' servers listen, and urlbnf \
                 knows no default port for {whose}",
                port.text
            )
        }
    };
    found.push(port, message);
}

/// A port other than the scheme's default from 1024 on (RFC 1738 §6, RFC
/// 3986 §7.2), where urlbnf knows the default.
pub(super) fn port_not_default(url: &Url<'_>, found: &mut Found<'_>) {
    let Some((port, Some(number))) = written_port(url) else {
        return;
    };
    let scheme = scheme_of(url);
    let Some((d, source)) = default_port(url, &scheme) else {
        return;
    };
    if number >= 1024 && d != number {
        found.push(
            port,
            format!(
                "port {} is not {scheme}'s default port, {d} ({source})",
                port.text
            ),
        );
    }
}

/// A long run of digits by its start and length.
fn shown_digits(text: &str) -> String {
    match text.get(..20) {
        Some(start) if text.len() > 20 => format!("{start}… ({} digits)", text.len()),
        _ => text.to_string(),
    }
}
