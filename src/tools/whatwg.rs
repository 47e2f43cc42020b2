//! What a browser makes of an input today: the WHATWG URL Standard's parser,
//! as the `url` crate implements it. A reading shown beside the editions, not
//! an edition: the Standard is an algorithm that repairs many inputs (it trims
//! spaces, lowercases hosts, percent-encodes), not a grammar.

use serde::Serialize;

/// The WHATWG URL Standard's verdict on one input, with no base URL.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Whatwg {
    /// Whether the parser returns a URL.
    pub valid: bool,
    /// Why it does not: the `url` crate's error, in its words.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// The URL as the Standard serializes it, where that differs from the input.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub serialization: Option<String>,
}

/// Parse `input` as the WHATWG URL Standard does (no base URL).
///
/// ```
/// use urlbnf::whatwg;
/// let w = whatwg::read("HTTP://Example.COM");
/// assert!(w.valid);
/// assert_eq!(w.serialization.as_deref(), Some("http://example.com/"));
/// assert_eq!(whatwg::read("//h/p").message.as_deref(), Some("relative URL without a base"));
/// ```
pub fn read(input: &str) -> Whatwg {
    match url::Url::parse(input) {
        Ok(u) => Whatwg {
            valid: true,
            message: None,
            serialization: (u.as_str() != input).then(|| u.as_str().to_string()),
        },
        Err(e) => Whatwg {
            valid: false,
            message: Some(e.to_string()),
            serialization: None,
        },
    }
}

/// What a count of many inputs needs of [`read`], with nothing copied:
/// whether the parser writes the URL otherwise, or its error.
#[cfg(feature = "whatwg")]
pub(crate) fn rewrites(input: &str) -> Result<bool, url::ParseError> {
    url::Url::parse(input).map(|u| u.as_str() != input)
}
