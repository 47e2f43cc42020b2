//! The library as a user meets it: only the crate root's API (no internals),
//! every error type carried by `?` into `Box<dyn Error>`, shown with where it
//! happened.

use std::error::Error as StdError;

use urlbnf::{Checker, Edition, Engine, ast};

/// `urlbnf::Error`: an unknown rule, and an input `parse` cannot derive.
fn parse_port(url: &str) -> Result<Option<u16>, Box<dyn StdError>> {
    Checker::new(Edition::Rfc1738, "url", Engine::Dfa)?;
    Ok(ast::parse(Edition::Rfc1738, url)?.port())
}

/// `urlbnf::CheckError`: a verdict's diagnosis.
fn first_stop(url: &str) -> Result<(), Box<dyn StdError>> {
    let checker = Checker::for_edition(Edition::Draft1994)?;
    match checker.check(url).error {
        Some(e) => Err(e.into()),
        None => Ok(()),
    }
}

/// `urlbnf::ast::MalformedEscape`: decoding a part.
fn decoded_path(url: &str) -> Result<Vec<u8>, Box<dyn StdError>> {
    let url = ast::parse(Edition::Rfc1738, url)?;
    Ok(url
        .path()
        .map(|p| p.part.decode())
        .transpose()?
        .unwrap_or_default())
}

fn edition_named(id: &str) -> Result<Edition, Box<dyn StdError>> {
    Ok(id.parse::<Edition>()?)
}

#[test]
fn every_error_type_travels_with_question_mark() {
    assert_eq!(edition_named("draft-1994").unwrap(), Edition::Draft1994);
    let e = edition_named("rfc9999").unwrap_err();
    assert!(
        e.to_string().starts_with("unknown grammar 'rfc9999'"),
        "{e}"
    );

    assert_eq!(parse_port("http://h:8080/").unwrap(), Some(8080));
    let e = parse_port("http://h/~joe").unwrap_err();
    assert_eq!(
        e.to_string(),
        "at offset 9: expected unreserved, reserved, \"%\" or end of input; found \"~\" (escaped: %7E)"
    );
    let unknown = Checker::new(Edition::Rfc1738, "httpaddress", Engine::Dfa).unwrap_err();
    assert_eq!(unknown.to_string(), "rfc1738 prints no rule 'httpaddress'");

    let e = first_stop("http://www.w3.org/~timbl/").unwrap_err();
    assert!(e.to_string().starts_with("at offset 18: expected"), "{e}");
    assert!(first_stop("http://www.w3.org/").is_ok());

    assert_eq!(decoded_path("http://h/a%20b").unwrap(), b"a b");
}

#[test]
fn errors_are_matched_by_kind() {
    match ast::parse(Edition::Rfc1738, "http://h/~joe") {
        Err(urlbnf::Error::Invalid(e)) => {
            assert_eq!((e.offset, e.byte_offset, e.found.as_str()), (9, 9, "~"));
            assert_eq!(
                e.message,
                "expected unreserved, reserved, \"%\" or end of input; found \"~\" (escaped: %7E)"
            );
        }
        other => panic!("{other:?}"),
    }
}
