//! A set of ASCII characters: what a character-class rule (`alpha`, `safe`,
//! `reserved`…) stands for. No edition has a non-ASCII character; a grammar
//! file's non-ASCII ones are ranges of code points beside a set
//! (`PrintedGrammar::wide_classes`, an automaton stop's `wide`).

use std::fmt;
use std::ops::{BitAnd, BitOr, BitOrAssign, Not};

/// A set of ASCII characters, one bit each.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct CharSet(u128);

impl CharSet {
    /// No character.
    pub const EMPTY: CharSet = CharSet(0);

    /// The ASCII characters of `chars` (others are not in any set).
    pub fn of(chars: &str) -> CharSet {
        chars.bytes().fold(CharSet::EMPTY, |s, b| s.with(b))
    }

    /// This set and the byte `b`, if it is ASCII.
    #[must_use]
    pub fn with(self, b: u8) -> CharSet {
        match 1u128.checked_shl(u32::from(b)) {
            Some(bit) if b < 128 => CharSet(self.0 | bit),
            _ => self,
        }
    }

    /// Whether the byte is in the set (never for a non-ASCII byte).
    pub fn contains(self, b: u8) -> bool {
        b < 128 && self.0 & (1u128 << b) != 0
    }

    /// Whether the character is in the set.
    pub fn contains_char(self, c: char) -> bool {
        u8::try_from(c).is_ok_and(|b| self.contains(b))
    }

    /// The bytes of the set, in ascending order.
    pub fn iter(self) -> impl Iterator<Item = u8> {
        (0u8..128).filter(move |&b| self.contains(b))
    }

    /// How many characters the set has.
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set has no character.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether every character of `self` is in `other`.
    pub fn is_subset(self, other: CharSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// The set's characters, in ascending order, as a string.
    pub fn chars(self) -> String {
        self.iter().map(char::from).collect()
    }
}

impl BitOr for CharSet {
    type Output = CharSet;
    fn bitor(self, rhs: CharSet) -> CharSet {
        CharSet(self.0 | rhs.0)
    }
}

impl BitOrAssign for CharSet {
    fn bitor_assign(&mut self, rhs: CharSet) {
        self.0 |= rhs.0;
    }
}

impl BitAnd for CharSet {
    type Output = CharSet;
    fn bitand(self, rhs: CharSet) -> CharSet {
        CharSet(self.0 & rhs.0)
    }
}

impl Not for CharSet {
    type Output = CharSet;
    /// The ASCII characters not in the set.
    fn not(self) -> CharSet {
        CharSet(!self.0)
    }
}

impl FromIterator<u8> for CharSet {
    fn from_iter<I: IntoIterator<Item = u8>>(iter: I) -> CharSet {
        iter.into_iter().fold(CharSet::EMPTY, CharSet::with)
    }
}

impl fmt::Debug for CharSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CharSet({:?})", self.chars())
    }
}

impl fmt::Display for CharSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.chars())
    }
}

#[cfg(test)]
mod tests {
    use super::CharSet;

    #[test]
    fn holds_ascii_only() {
        let s = CharSet::of("a/é%");
        assert!(s.contains(b'a') && s.contains(b'/') && s.contains(b'%'));
        assert!(!s.contains(0xC3) && !s.contains_char('é'));
        assert_eq!(s.len(), 3);
        assert_eq!(s.chars(), "%/a");
        assert!(CharSet::of("a").is_subset(s) && !s.is_subset(CharSet::of("a")));
        assert_eq!((!s & s), CharSet::EMPTY);
    }
}
