//! RFC 3986 §6.2.2 in one pass, for the URIs that need no more: those with
//! no dot segment and no userinfo, as automata the command walks with the
//! edition's rule (see `no_dots::line_ends`), and what each is written as.

use super::ladder::{hex, unreserved, upper_hex};
use crate::engine::meta::Dfa;
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

/// The inputs each of whose escapes is of an octet that is not unreserved
/// (§2.3): a URI of [`NO_DOTS`] that is also one of these keeps every escape
/// (§6.2.2.2 decodes only unreserved ones), so its normal form is its own
/// length: the scheme and authority lowered and each escape's digits in upper
/// case ([`lower_in_place`]). An automaton of the escape read so far.
#[derive(Clone, Copy, Debug)]
pub(crate) struct KeptEscapes;

/// Where [`KeptEscapes`] is: outside an escape, after its "%", after its
/// first digit (the digit's value), or out of the language.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Escape {
    Outside,
    Percent,
    First(u8),
    No,
}

impl Dfa for KeptEscapes {
    type State = Escape;

    fn start(&self) -> Escape {
        Escape::Outside
    }

    fn step(&self, place: Escape, b: u8) -> Escape {
        match (place, hex(b)) {
            (Escape::Outside, _) if b == b'%' => Escape::Percent,
            (Escape::Outside, _) => Escape::Outside,
            (Escape::Percent, Some(d)) => Escape::First(d),
            (Escape::First(hi), Some(lo)) if !unreserved(hi * 16 + lo) => Escape::Outside,
            _ => Escape::No,
        }
    }

    fn is_live(&self, place: Escape) -> bool {
        place != Escape::No
    }

    fn accepts_at_end(&self, place: Escape) -> bool {
        place == Escape::Outside
    }
}

/// A URI of [`NO_DOTS`] and [`KeptEscapes`] written in its normal form at the
/// syntax level, where it lies: its scheme and authority lowered
/// (§6.2.2.1), then each escape's digits put in upper case (§6.2.2.1).
pub(super) fn lower_in_place(uri: &mut [u8]) {
    lower_run(uri);
    let mut at = 0;
    while let Some(p) = first(uri, at, [b'%']) {
        for digit in uri.get_mut(p + 1..p + 3).unwrap_or_default() {
            digit.make_ascii_uppercase();
        }
        at = p + 3;
    }
}

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
pub(super) fn lower_run(uri: &mut [u8]) {
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
    use crate::engine::meta::Table;
    use crate::testing::every_string;
    use crate::tools::resolve::components::cut;

    #[test]
    fn a_uri_with_no_dot_segment_is_written_as_each_component_writes_it() {
        // Every URI of "Sc:" or "Sc://" and up to five of these: the
        // whole-line paths (no dot segment and no userinfo, in one pass;
        // every escape kept, lowered and its escapes' digits put in upper
        // case where it lies; no escape, lowered where it lies; its own
        // normal form, as it is) and the component-at-a-time one agree,
        // notes and all, for each shape held from the first on.
        let normalizer = super::super::Normalizer::new(
            crate::Edition::Rfc3986,
            crate::knowledge::meaning::Level::Syntax,
        )
        .unwrap();
        let uri = normalizer.checker.unwrap();
        let shapes = [
            Table::new(&NO_DOTS),
            Table::new(&KeptEscapes),
            Table::new(&NO_ESCAPES),
            Table::new(&AS_THEY_ARE),
        ];
        let alphabet = [
            'A', 'e', ':', '/', '@', '.', '[', ']', '?', '%', '2', 'E', '1',
        ];
        let (mut uris, mut held) = (0, [0; 4]);
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
                // The walk counts the shapes that hold from the first to the
                // first that does not. The last two are each within the one
                // before, and within the first; a URI with no escape has
                // none to decode, so it is within the second too.
                assert!(within[3] <= within[2] && within[2] <= within[0], "{tail:?}");
                assert!(within[2] <= within[1], "{tail:?}");
                let shapes_held = within.iter().take_while(|w| **w).count();
                type Writes = fn(&[u8]) -> Vec<u8>;
                let written: [Writes; 4] = [
                    |input| {
                        let mut fast = Vec::new();
                        no_dots(input, &mut fast);
                        fast
                    },
                    |input| {
                        let mut lowered = input.to_vec();
                        lower_in_place(&mut lowered);
                        lowered
                    },
                    |input| {
                        let mut lowered = input.to_vec();
                        lower_run(&mut lowered);
                        lowered
                    },
                    <[u8]>::to_vec,
                ];
                for (n, write) in held.iter_mut().zip(written).take(shapes_held) {
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
