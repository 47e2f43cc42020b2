"""The package's answers are the command's: verdicts (`check --json`),
normal forms (`normalize`), resolutions (`resolve`), escapes (`encode`) and
reports (`report --json`, `--merge`), on the same inputs."""

import json
import re
import threading

import pytest

import urlbnf

URLS = [
    "http://www.w3.org/~timbl/",
    "ftp://ds.internic.net/rfc/rfc1738.txt;type=a",
    "http://a b/",
    "1",
    "HTTP://Example.COM:80/%7efoo/./bar/../baz?q#f",
    "mailto:joe@example.org",
    "http://[::1]:8080/p",
    "http://h/%zz",
    "//no/scheme",
    "gopher://h/0sel%09search",
    "",
    "http://user:pw@h:8080/p?q#f",
    "http://h/\u00e9",
]
EDITIONS = [e["id"] for e in urlbnf.editions()]


def test_editions_name_their_default_rule():
    assert "rfc3986" in EDITIONS and len(EDITIONS) == 7
    for e in urlbnf.editions():
        # rule=None is the edition's own whole-URL rule, whatever it is named.
        assert urlbnf.Checker(e["id"]).rule == e["default_rule"]


@pytest.mark.parametrize("edition", EDITIONS)
def test_check_is_check_json(edition, json_lines):
    expected = [v for v in json_lines("check", "--json", "--grammar", edition, *URLS) if "input" in v]
    assert len(expected) == len(URLS)
    checker = urlbnf.Checker(edition)
    for url, want in zip(URLS, expected):
        got = urlbnf.check(url, edition)
        assert got.to_dict() == want, url
        assert checker.check(url).to_dict() == want
        assert urlbnf.is_valid(url, edition) is want["valid"] is checker.is_valid(url)
        assert bool(got) is want["valid"]
        if not want["valid"]:
            e = got.error
            assert (e.offset, e.found, e.message) == (
                want["error"]["offset"], want["error"]["found"], want["error"]["message"])
            assert e.expected == want["error"]["expected"]
            assert e.fix == want["error"].get("fix")


def test_a_rule_by_name_and_the_known_schemes_reading(json_lines):
    want = json_lines("check", "--json", "--grammar", "rfc1738", "--rule", "hostname", "info.cern.ch", "a_b")
    assert [urlbnf.is_valid(u, "rfc1738", "hostname") for u in ("info.cern.ch", "a_b")] == [
        v["valid"] for v in want if "input" in v]
    assert urlbnf.Checker("rfc1738").is_valid("http://h:abc/")
    assert not urlbnf.Checker("rfc1738", known_schemes=True).is_valid("http://h:abc/")
    notes = urlbnf.Checker("rfc1738").check("http://h:abc/").notes
    assert [n.code for n in notes] == ["catch-all"]


def test_validate_raises_a_value_error_with_the_diagnosis():
    assert urlbnf.validate("http://example.com/") == "http://example.com/"
    with pytest.raises(urlbnf.InvalidURL) as caught:
        urlbnf.validate("http://www.w3.org/~timbl/", "rfc1738")
    e = caught.value
    assert isinstance(e, urlbnf.UrlbnfError) and isinstance(e, ValueError)
    assert (e.offset, e.found, e.fix, e.edition, e.rule) == (18, "~", "http://www.w3.org/%7Etimbl/", "rfc1738", "url")
    assert "at offset 18" in str(e)
    # A relative reference is no URI (RFC 3986 §4.3).
    with pytest.raises(ValueError):
        urlbnf.validate("1", rule="URI")
    assert urlbnf.validate("1", rule="URI-reference") == "1"


def test_unknown_names_say_what_was_meant():
    with pytest.raises(urlbnf.UnknownEdition, match="did you mean 'rfc3986'"):
        urlbnf.is_valid("http://h/", "rfc3968")
    with pytest.raises(urlbnf.UnknownRule, match="did you mean 'hostname'"):
        urlbnf.Checker("rfc1738", "hostnme")
    for e in (urlbnf.UnknownEdition, urlbnf.UnknownRule):
        assert issubclass(e, urlbnf.UrlbnfError) and issubclass(e, ValueError)
    # Bad input never raises from is_valid or check.
    assert urlbnf.is_valid("\x00\ud7ff\n") is False
    assert urlbnf.check("", rule="URI").valid is False


def test_parse_gives_the_parts():
    u = urlbnf.parse("http://user:pw@h:8080/p?q#f")
    assert (u.scheme, u.userinfo, u.host, u.port, u.path, u.query, u.fragment) == (
        "http", "user:pw", "h", 8080, "/p", "q", "f")
    assert u.ast["grammar"] == "rfc3986"
    old = urlbnf.parse("ftp://joe:pw@h/d/f;type=a", "rfc1738")
    assert (old.userinfo, old.host, old.port, old.path) == ("joe:pw", "h", None, "d/f")
    assert old.ast["body"]["ftptype"]["text"] == "a"
    with pytest.raises(urlbnf.InvalidURL) as caught:
        urlbnf.parse("http://a b/")
    assert caught.value.offset == 8


def test_normalize_and_equivalent_are_the_commands(json_lines):
    urls = [u for u in URLS if urlbnf.is_valid(u, rule="URI")]
    for level in (None, "string", "syntax", "scheme"):
        args = ["normalize", "--json"] + (["--level", level] if level else []) + urls
        want = [n["normalized"] for n in json_lines(*args)]
        assert [urlbnf.normalize(u, level=level) for u in urls] == want
    assert urlbnf.normalize("eXAMPLE://a/./b/../b/%63/%7bfoo%7d") == "example://a/b/c/%7Bfoo%7D"
    assert urlbnf.equivalent("http://example.com/%7Efoo", "http://EXAMPLE.com/~foo")
    assert not urlbnf.equivalent("http://example.com:80/", "http://example.com/")
    assert urlbnf.equivalent("http://example.com:80/", "http://example.com/", level="scheme")
    with pytest.raises(urlbnf.InvalidURL):
        urlbnf.normalize("http://a b/")
    with pytest.raises(urlbnf.UrlbnfError, match="level"):
        urlbnf.normalize("http://h/", "rfc1738", level="scheme")


def test_resolve_is_the_commands(json_lines):
    base = "http://a/b/c/d;p?q"
    refs = ["g:h", "g", "./g", "g/", "/g", "//g", "?y", "g?y", "#s", "g;x?y#s", "", ".", "..",
            "../g", "../..", "../../../g", "/./g", "g/../h", "http:g"]
    want = [r["result"] for r in json_lines("resolve", "--json", base, *refs)]
    assert [urlbnf.resolve(base, r) for r in refs] == want and len(want) == len(refs)
    for rules, context in (("rfc1630", "magic://a/b/c//d/e/f"), ("whatwg", base)):
        want = [r["result"] for r in json_lines("resolve", "--json", "--rules", rules, context, "../g", "//g")]
        assert [urlbnf.resolve(context, r, rules) for r in ("../g", "//g")] == want
    with pytest.raises(urlbnf.InvalidURL) as caught:
        urlbnf.resolve("/no/scheme", "g")
    assert caught.value.offset == 0


def test_encode_is_the_commands(urlbnf_command):
    texts = ["a b<c>", "a/b c~", "q=a/b?#", "é"]
    for edition in ("rfc3986", "rfc1738"):
        want = urlbnf_command("encode", "--grammar", edition, *texts).splitlines()
        assert [urlbnf.encode(t, edition) for t in texts] == want
    want = urlbnf_command("encode", "--grammar", "rfc3986", "--component", "segment", *texts).splitlines()
    assert [urlbnf.encode(t, component="segment") for t in texts] == want
    assert urlbnf.encode("a&b=c!~", data=True) == "a%26b%3Dc%21~"


def test_regex_decides_as_the_checker():
    pattern = re.compile(urlbnf.regex("rfc3986"))
    for url in URLS:
        assert bool(pattern.match(url)) == urlbnf.is_valid(url), url
    port = re.compile(urlbnf.regex("rfc1738", "port"))
    assert port.match("8080") and not port.match("80a")


def test_conform_tests_a_python_parser():
    def peer(s):  # refuses ports past 65535, which RFC 3986's *DIGIT derives
        return s == "" or (len(s) <= 5 and s.isdigit() and int(s) <= 65535)

    found = urlbnf.conform(peer, "rfc3986", "port")
    cause = found["causes"][0]
    assert (cause["side"], cause["rule"]) == ("peer-rejects", "port")
    assert int(cause["witness"]) > 65535 and found["disagreements"] > 0
    assert urlbnf.conform(lambda s: urlbnf.is_valid(s, rule="port"), "rfc3986", "port")["causes"] == []

    def broken(s):
        raise KeyError(s)

    with pytest.raises(KeyError):
        urlbnf.conform(broken, "rfc3986", "port")


def test_a_grammar_file_is_an_edition(tmp_path, json_lines):
    path = tmp_path / "digits.abnf"
    path.write_text('number = 1*DIGIT [ "." 1*DIGIT ]\n')
    checker = urlbnf.Checker(grammar_file=str(path))
    assert checker.rule == "number"
    inputs = ["3.14", "3.", "x"]
    want = [v for v in json_lines("check", "--json", "--grammar-file", str(path), *inputs) if "input" in v]
    assert [checker.check(u).to_dict() for u in inputs] == want
