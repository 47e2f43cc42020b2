//! The ABNF reader (RFC 5234) on grammars other than the editions': RFC
//! 5234's own grammar, and the defects it names with their line.

use urlbnf::Edition;
use urlbnf::grammar::Expr;
use urlbnf::grammar::printed::read;

/// RFC 5234 §4, its own grammar, with its core rules (Appendix B.1) and one
/// rule given in two parts with `=/`: any RFC 5234 grammar reads.
const RFC5234: &str = r#"
%edition rfc3986
%document RFC 5234
%section 4. ABNF Definition of ABNF
%notation abnf
rulelist       =  1*( rule / (*c-wsp c-nl) )
rule           =  rulename defined-as elements c-nl
                       ; continues if next line starts
                       ;  with white space
rulename       =  ALPHA *(ALPHA / DIGIT / "-")
defined-as     =  *c-wsp ("=" / "=/") *c-wsp
elements       =  alternation *c-wsp
c-wsp          =  WSP / (c-nl WSP)
c-nl           =  comment / CRLF
comment        =  ";" *(WSP / VCHAR) CRLF
alternation    =  concatenation
                  *(*c-wsp "/" *c-wsp concatenation)
concatenation  =  repetition *(1*c-wsp repetition)
repetition     =  [repeat] element
repeat         =  1*DIGIT / (*DIGIT "*" *DIGIT)
element        =  rulename / group / option /
                  char-val / num-val
element        =/ prose-val
group          =  "(" *c-wsp alternation *c-wsp ")"
option         =  "[" *c-wsp alternation *c-wsp "]"
char-val       =  DQUOTE *(%x20-21 / %x23-7E) DQUOTE
num-val        =  "%" (bin-val / dec-val / hex-val)
bin-val        =  "b" 1*BIT [ 1*("." 1*BIT) / ("-" 1*BIT) ]
dec-val        =  "d" 1*DIGIT [ 1*("." 1*DIGIT) / ("-" 1*DIGIT) ]
hex-val        =  "x" 1*HEXDIG [ 1*("." 1*HEXDIG) / ("-" 1*HEXDIG) ]
prose-val      =  "<" *(%x20-3D / %x3F-7E) ">"
ALPHA          =  %x41-5A / %x61-7A
BIT            =  "0" / "1"
CR             =  %x0D
CRLF           =  CR LF
DIGIT          =  %x30-39
DQUOTE         =  %x22
HEXDIG         =  DIGIT / "A" / "B" / "C" / "D" / "E" / "F"
HTAB           =  %x09
LF             =  %x0A
SP             =  %x20
VCHAR          =  %x21-7E
WSP            =  SP / HTAB
"#;

#[test]
fn rfc_5234_reads_its_own_grammar() {
    let g = read(Edition::Rfc3986, RFC5234).unwrap();
    assert_eq!(g.rules.len(), 33);
    // `=/` adds to the alternatives: six elements.
    let element = g.rule("element").unwrap();
    assert!(matches!(&element.expr, Expr::Alt(alts) if alts.len() == 6));
    assert!(
        element
            .printed
            .as_deref()
            .unwrap()
            .ends_with("=/ prose-val")
    );
    // A quoted letter matches either case; a value range is one class.
    let bin = g.rule("bin-val").unwrap();
    let Expr::Seq(items) = &bin.expr else {
        panic!("{:?}", bin.expr)
    };
    assert_eq!(
        items.first(),
        Some(&Expr::Alt(vec![
            Expr::Lit("b".into()),
            Expr::Lit("B".into())
        ]))
    );
    assert_eq!(g.rule("VCHAR").unwrap().expr, Expr::Range('!', '~'));
    // An indented comment belongs to the rule above.
    assert!(
        g.rule("rule")
            .unwrap()
            .printed
            .as_deref()
            .unwrap()
            .contains("; continues")
    );
}

#[test]
fn abnf_defects_name_their_line() {
    let undefined = RFC5234.replace("WSP            =  SP / HTAB", "");
    let e = read(Edition::Rfc3986, &undefined).unwrap_err().to_string();
    assert!(e.contains("uses undefined 'WSP'"), "{e}");
    let early = "%edition rfc3986\n%notation abnf\na =/ \"x\"\n";
    let e = read(Edition::Rfc3986, early).unwrap_err().to_string();
    assert!(
        e.contains("line 3") && e.contains("'a =/' before 'a ='"),
        "{e}"
    );
}

/// RFC 7405's `%s` (case-sensitive) and `%i` strings; `<name>` the rule
/// where the grammar has one (RFC 5234 §2.1); a `;` inside a string is the
/// character, not a comment.
#[test]
fn rfc_7405_strings_and_bracketed_rule_names() {
    let text = "%edition rfc3986\n%notation abnf\na = %s\"aB\" %i\"c\" <b> \";\" b\nb = \"x\"\n";
    let g = read(Edition::Rfc3986, text).unwrap();
    let a = g.rule("a").unwrap();
    let Expr::Seq(items) = &a.expr else {
        panic!("{:?}", a.expr)
    };
    assert_eq!(items[0], Expr::Lit("aB".into()));
    assert_eq!(
        items[1],
        Expr::Alt(vec![Expr::Lit("c".into()), Expr::Lit("C".into())])
    );
    assert_eq!(items[2], Expr::Ref("b".into()));
    assert_eq!(items[3], Expr::Lit(";".into()));
    let prose = "%edition rfc3986\n%notation abnf\na = <no such rule>\n";
    let e = read(Edition::Rfc3986, prose).unwrap_err().to_string();
    assert!(e.contains("<no such rule> is prose"), "{e}");
}
