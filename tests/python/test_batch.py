"""The batch calls: pyarrow arrays in (read in place) and out, lists to
lists, nulls kept, two threads at once; and reports equal to the command's."""

import json
import random
import threading

import pyarrow as pa
import pytest

import urlbnf

from test_api import URLS


def corpus(n, seed=3986):
    rng = random.Random(seed)
    parts = ["http://", "https://h", "ftp://f/", "a", "b.c", "/", "?", "#", "%41", "%zz", "~",
             " ", ":80", "@", "[::1]", "mailto:x@y", "é", "\\", "//"]
    return ["".join(rng.choice(parts) for _ in range(rng.randint(0, 8))) for _ in range(n)]


def test_is_valid_many_on_lists_and_arrays():
    urls = URLS + corpus(2000)
    checker = urlbnf.Checker()
    one_by_one = [checker.is_valid(u) for u in urls]
    assert checker.is_valid_many(urls) == one_by_one
    for kind in (pa.string(), pa.large_string(), pa.string_view()):
        got = checker.is_valid_many(pa.array(urls, kind))
        assert isinstance(got, pa.BooleanArray) and got.to_pylist() == one_by_one
    # A slice is read from its offset; a chunked array chunk by chunk.
    sliced = pa.array(urls).slice(7, 100)
    assert checker.is_valid_many(sliced).to_pylist() == one_by_one[7:107]
    chunked = pa.chunked_array([urls[:500], urls[500:]])
    got = checker.is_valid_many(chunked)
    assert isinstance(got, pa.ChunkedArray) and got.to_pylist() == one_by_one
    # A value with a line break is one input (walked on its own).
    odd = ["http://h/\r", "http://h/", "http://h/\nx", "\r\n"] + urls[:50]
    assert checker.is_valid_many(pa.array(odd)).to_pylist() == [checker.is_valid(u) for u in odd]
    # Nulls are no URLs: null verdicts.
    uri = urlbnf.Checker(rule="URI")
    assert uri.is_valid_many(pa.array(["http://h/", None, "1"])).to_pylist() == [True, None, False]
    assert checker.is_valid_many(["http://h/", None]) == [True, None]
    with pytest.raises(TypeError):
        checker.is_valid_many(pa.array([1, 2]))


def test_check_many_is_check():
    urls = URLS + corpus(500) + [None]
    checker = urlbnf.Checker("rfc1738")
    table = checker.check_many(pa.array(urls))
    assert table.column_names == ["valid", "offset", "found", "rule", "fix"]
    rows = table.to_pylist()
    for url, row in zip(urls, rows):
        if url is None:
            assert row["valid"] is None
            continue
        v = checker.check(url)
        assert row["valid"] == v.valid, url
        if not v.valid:
            assert (row["offset"], row["found"], row["fix"], row["rule"]) == (
                v.error.offset, v.error.found, v.error.fix, "url")
        else:
            assert row["offset"] is None and row["found"] is None
    assert checker.check_many(urls).to_pylist() == rows


def test_two_threads_share_a_checker():
    urls = pa.array(corpus(20000))
    checker = urlbnf.Checker()
    whole = checker.is_valid_many(urls).to_pylist()
    halves = [None, None]

    def run(i):
        halves[i] = checker.is_valid_many(urls.slice(i * 10000, 10000)).to_pylist()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert halves[0] + halves[1] == whole


def strip_parts(report):
    report = dict(report)
    report.pop("parts")
    return report


def test_reports_are_the_commands(tmp_path, urlbnf_command):
    urls = URLS[:-3] + corpus(3000)
    path = tmp_path / "urls.txt"
    path.write_text("".join(u + "\n" for u in urls))
    want = json.loads(urlbnf_command("report", "--json", str(path)))

    reporter = urlbnf.Reporter()
    reporter.add_many(pa.array(urls[:1000]))
    reporter.add_many(urls[1000:2000])
    for u in urls[2000:]:
        reporter.add(u)
    assert reporter.inputs == len(urls)
    report = reporter.finish()
    assert strip_parts(report.to_dict()) == strip_parts(want)
    assert json.loads(report.to_json()) == report.to_dict()
    assert urlbnf.Report.from_json(report.to_json()) == report
    assert reporter.inputs == 0

    # Two parts, merged here and by the command: the same report.
    parts = []
    for half in (urls[:1500], urls[1500:]):
        r = urlbnf.Reporter()
        r.add_many(pa.array(half))
        parts.append(r.finish())
    merged = urlbnf.Report.merge(*parts)
    assert strip_parts(merged.to_dict()) == strip_parts(want)
    by_command = json.loads(urlbnf_command(
        "report", "--merge", "--json", "-", input="".join(p.to_json() + "\n" for p in parts)))
    assert merged.to_dict() == by_command
    with pytest.raises(urlbnf.UrlbnfError, match="counted"):
        urlbnf.Report.merge(parts[0], parts[0])
    with pytest.raises(urlbnf.UrlbnfError, match="not a urlbnf report"):
        urlbnf.Report.from_json('{"format": "urlbnf-report/0"}')


def test_reporter_editions_rule_and_lint(tmp_path, urlbnf_command):
    urls = URLS[:-3]
    path = tmp_path / "urls.txt"
    path.write_text("".join(u + "\n" for u in urls))
    want = json.loads(urlbnf_command("report", "--json", "--lint", "--grammar", "later", "--rule", "host",
                                     str(path)))
    for editions in ("later", ["rfc2396", "rfc3986"], "rfc2396,rfc3986"):
        r = urlbnf.Reporter(editions, rule="host", lint=True)
        r.add_many(urls)
        assert strip_parts(r.finish().to_dict()) == strip_parts(want)
