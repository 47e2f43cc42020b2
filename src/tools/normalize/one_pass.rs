//! RFC 3986 §6.2.2 in one pass, for the URIs that need no more: those with
//! no dot segment and no userinfo, as automata the command walks with the
//! edition's rule (see `no_dots::line_ends`), and what each is written as.

use super::ladder::{hex, unreserved, upper_hex};
use crate::tools::resolve::components::first;
use crate::tools::resolve::no_dots::NoDots;

/// The URIs [`no_dots`] is for: a scheme, no userinfo and no dot segment
/// (plain or "%2E").
pub(super) const NO_DOTS: NoDots = NoDots {
    authority: false,
    userinfo: false,
    escapes: true,
    upper: true,
};

/// The URIs of [`NO_DOTS`] with no escape: their normal form at the syntax
/// level is the URI with its scheme and authority in lower case (§6.2.2.1),
/// as long as it is ([`lower_run`]).
pub(super) const NO_ESCAPES: NoDots = NoDots {
    escapes: false,
    ..NO_DOTS
};

/// The URIs of [`NO_ESCAPES`] that are their own normal form: the scheme and
/// the authority in lower case already.
pub(super) const AS_THEY_ARE: NoDots = NoDots {
    upper: false,
    ..NO_ESCAPES
};

/// [`ladder`](super::ladder::ladder) at the syntax level (§6.2.2) of a URI
/// of [`NO_DOTS`], in one pass: there is nothing to remove (§6.2.2.3), and no
/// note, so the URI is written as it is but for case (§6.2.2.1) and escapes
/// (§6.2.2.2). It is copied whole, then changed where it lies: the run
/// lowered, each escape decoded or put in upper case.
pub(super) fn no_dots(input: &[u8], to: &mut Vec<u8>) {
    let start = to.len();
    to.extend_from_slice(input);
    // The scheme and the authority, in lower case (an escape's digits too,
    // put in upper case below).
    let run = start + run_end(input);
    if let Some(lowered) = to.get_mut(start..run) {
        lowered.make_ascii_lowercase();
    }
    // Each escape rewritten where it lies, the text after a decoded one
    // moved back as it is reached: one pass, however many escapes.
    let (mut read, mut write) = (start, start);
    while let Some(p) = first(to, read, [b'%']) {
        if write != read {
            to.copy_within(read..p, write);
        }
        write += p - read;
        let digit = |i: usize| to.get(p + i).copied().and_then(hex);
        let (written, read_here): (&[u8], usize) = match digit(1).zip(digit(2)) {
            Some((hi, lo)) if unreserved(hi * 16 + lo) && p < run => {
                (&[(hi * 16 + lo).to_ascii_lowercase()], 3)
            }
            Some((hi, lo)) if unreserved(hi * 16 + lo) => (&[hi * 16 + lo], 3),
            Some((hi, lo)) => (&[b'%', upper_hex(hi), upper_hex(lo)], 3),
            // A "%" that begins no escape (none in a URI) stays.
            None => (b"%", 1),
        };
        read = p + read_here;
        if let Some(slot) = to.get_mut(write..write + written.len()) {
            slot.copy_from_slice(written);
        }
        write += written.len();
    }
    let end = to.len();
    if write != read {
        to.copy_within(read..end, write);
    }
    to.truncate(write + (end - read));
}

/// The scheme and the authority of a URI of [`NO_ESCAPES`] in lower case,
/// where it lies: its normal form at the syntax level (§6.2.2.1).
pub(crate) fn lower_run(uri: &mut [u8]) {
    let run = run_end(uri);
    if let Some(run) = uri.get_mut(..run) {
        run.make_ascii_lowercase();
    }
}

/// Where the scheme and the authority of a URI of [`NO_DOTS`] end: one run,
/// the authority being the host and a port of digits (§3.2.3), which have no
/// case.
fn run_end(uri: &[u8]) -> usize {
    // The scheme has none of ":/?#" (§3.1), and a ":" follows it.
    let colon = first(uri, 0, [b':']).unwrap_or(0);
    match uri.get(colon + 1..colon + 3) {
        Some(b"//") => first(uri, colon + 3, [b'/', b'?', b'#']).unwrap_or(uri.len()),
        _ => colon,
    }
}

#[cfg(test)]
mod tests {
    use super::super::ladder::{each_component, ladder};
    use super::*;
    use crate::testing::every_string;
    use crate::tools::resolve::components::cut;

    #[test]
    fn a_uri_with_no_dot_segment_is_written_as_each_component_writes_it() {
        // Every URI of "Sc:" or "Sc://" and up to five of these: the
        // whole-line paths (no dot segment and no userinfo, in one pass; no
        // escape, lowered where it lies; its own normal form, as it is; no
        // escape, the components cut) and the component-at-a-time one agree,
        // notes and all. Each shape is within the one before, as the walk's
        // count of them takes it.
        let normalizer = super::super::Normalizer::new(
            crate::Edition::Rfc3986,
            crate::knowledge::meaning::Level::Syntax,
        )
        .unwrap();
        let uri = normalizer.checker.unwrap();
        let table = |shape: &NoDots| crate::engine::lanes::Table::new(shape);
        let shapes = [&NO_DOTS, &NO_ESCAPES, &AS_THEY_ARE].map(table);
        let alphabet = [
            'A', 'z', ':', '/', '@', '.', '[', ']', '?', '%', '2', 'E', '1',
        ];
        let (mut uris, mut held) = (0, [0; 3]);
        for tail in every_string(&alphabet, 5) {
            for input in [
                format!("Sc:{tail}"),
                format!("Sc://{tail}"),
                format!("sc://{tail}"),
            ] {
                if !uri.is_valid(&input) {
                    continue;
                }
                uris += 1;
                let input = input.as_bytes();
                let (mut each, mut each_notes) = (Vec::new(), Vec::new());
                let c = cut(input);
                let escapes = input.contains(&b'%');
                each_component(input, &c, escapes, false, &mut each_notes, &mut each);
                let (mut whole, mut notes) = (Vec::new(), Vec::new());
                ladder(input, false, &mut notes, &mut whole);
                assert_eq!((&whole, &notes), (&each, &each_notes), "{tail:?}");
                let within = shapes.iter().map(|t| t.matches(input)).collect::<Vec<_>>();
                assert!(within.windows(2).all(|w| w[0] || !w[1]), "{tail:?}");
                type Writes = fn(&[u8]) -> Vec<u8>;
                let written: [Writes; 3] = [
                    |input| {
                        let mut fast = Vec::new();
                        no_dots(input, &mut fast);
                        fast
                    },
                    |input| {
                        let mut lowered = input.to_vec();
                        lower_run(&mut lowered);
                        lowered
                    },
                    <[u8]>::to_vec,
                ];
                for ((n, write), _) in held
                    .iter_mut()
                    .zip(written)
                    .zip(&within)
                    .filter(|(_, w)| **w)
                {
                    *n += 1;
                    assert_eq!((&write(input), &notes), (&each, &Vec::new()), "{tail:?}");
                }
            }
        }
        assert!(uris > 50_000, "{uris}");
        // Most have no dot segment and no userinfo; tens of thousands are
        // in each shape.
        assert!(held[0] * 2 > uris, "{held:?} of {uris}");
        assert!(held.iter().all(|&n| n > 20_000), "{held:?}");
    }
}
