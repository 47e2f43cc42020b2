//! What the unit tests share: the exhaustive inputs they run a reading on.

/// Every string of one to `longest` items of `alphabet`, shorter first, and
/// within one length in the alphabet's order (the last item changing fastest).
pub(crate) fn every<T: Copy>(alphabet: &[T], longest: usize) -> impl Iterator<Item = Vec<T>> + '_ {
    let n = alphabet.len();
    (1..=longest).flat_map(move |len| {
        // String `i` of this length is `i` written in base `n`, `len` digits.
        (0..n.pow(len as u32)).map(move |i| {
            let mut s: Vec<T> = (0..len)
                .scan(i, |rest, _| {
                    let item = alphabet.get(*rest % n).copied();
                    *rest /= n;
                    item
                })
                .collect();
            s.reverse();
            s
        })
    })
}

/// [`every`] string of characters of `alphabet`.
pub(crate) fn every_string(alphabet: &[char], longest: usize) -> impl Iterator<Item = String> + '_ {
    every(alphabet, longest).map(|s| s.into_iter().collect())
}

#[test]
fn every_string_of_up_to_two_in_order() {
    let all: Vec<String> = every_string(&['a', 'b'], 2).collect();
    assert_eq!(all, ["a", "b", "aa", "ab", "ba", "bb"]);
    assert_eq!(every(&[0u8; 7], 5).count(), 7 + 49 + 343 + 2401 + 16807);
    assert_eq!(every::<u8>(&[], 3).count(), 0);
}
