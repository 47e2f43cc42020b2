//! The answer of a rule's closed list of schemes, kept for a run of inputs
//! of one scheme.

use crate::engine::{Head, first_word};
use crate::knowledge::known::SchemeList;

/// The last scheme a target asked of its rule's list of schemes, with its
/// `:`, and whether the list lacks it: a run of invalid inputs of one scheme
/// asks the list once.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct LastAsked(Option<(Head, bool)>);

impl LastAsked {
    /// Whether `list` has no rule for the scheme of `text`, as
    /// [`SchemeList::unlisted`] says (it reads only the text before the
    /// first `:`, and `rule` is the target's at every call).
    pub(super) fn unlisted(&mut self, list: &SchemeList, text: &str, rule: &str) -> bool {
        let bytes = text.as_bytes();
        if let Some((scheme, lacks)) = self.0
            && scheme.starts(first_word(bytes))
        {
            return lacks;
        }
        let lacks = list.unlisted(text, rule).is_some();
        // Held with its `:` (a scheme of at most 15 bytes): a text that
        // starts with those bytes has its first `:` there, and this scheme.
        if let Some(scheme) = Head::scheme(bytes) {
            self.0 = Some((scheme, lacks));
        }
        lacks
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edition::Edition;
    use crate::knowledge::known;

    #[test]
    fn a_scheme_asked_after_another_gets_the_lists_own_answer() {
        // Every edition's list of schemes (where its URL rule is a closed
        // list) asked schemes that are prefixes of each other, upper case,
        // none, and longer than the 15 bytes kept, in turn: the kept answer
        // is the list's, whatever was asked before.
        let lists: Vec<&SchemeList> = Edition::ALL
            .iter()
            .filter_map(|&e| known::scheme_list(e))
            .collect();
        assert!(!lists.is_empty());
        for list in lists {
            asked_in_turn(list);
        }
    }

    fn asked_in_turn(list: &SchemeList) {
        let rule = list.rule.clone();
        let mut asked = LastAsked::default();
        let texts = [
            "http://h/",
            "https://h/",
            "http://h/",
            "httpx:",
            "http:x",
            "news:x",
            "x:",
            "x",
            ":x",
            "Http://h/",
            "averyveryverylongscheme:x",
            "averyveryverylongscheme:y",
            "averyveryverylon:",
            "http://h/",
        ];
        for text in texts {
            let want = list.unlisted(text, &rule).is_some();
            assert_eq!(asked.unlisted(list, text, &rule), want, "{text}");
        }
        // Both answers occur, so the sequence tests the kept one.
        assert!(texts.iter().any(|t| list.unlisted(t, &rule).is_some()));
        assert!(texts.iter().any(|t| list.unlisted(t, &rule).is_none()));
    }
}
