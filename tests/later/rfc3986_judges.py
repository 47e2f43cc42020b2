"""Third-party judges of RFC 3986 against `urlbnf check --grammar rfc3986`.

Two validators from PyPI, each written from RFC 3986's ABNF independently of
urlbnf: `rfc3986-validator` (regular expressions for `URI` and
`URI-reference`) and `rfc3987` (every rule of RFC 3986, and RFC 3987's,
compiled into `regex` patterns). Every input is judged under every rule both
have and by urlbnf; any disagreement fails the run, naming the input, unless
the judge's own construction explains it (`EXPLAINED`, with why).

Inputs: every URL example in the seed corpora and in RFC 3986's own text,
then strings built from the URI syntax's parts (schemes, user information,
hosts of every kind, ports, paths, queries, fragments, escapes) and one to
three mutations of each, from a fixed seed.

usage: rfc3986_judges.py URLBNF [RFC3986.TXT]
"""

import json
import random
import re
import subprocess
import sys
from pathlib import Path

from rfc3986_validator import validate_rfc3986
import rfc3987

HERE = Path(__file__).resolve().parent
# rfc3986-validator has the two whole-reference rules; rfc3987 every rule of
# RFC 3986 (its names with "_" for "-"; `hexdig` is the core rule HEXDIG, and
# the names starting with "i", holding "IRI", or `ucschar` are RFC 3987's).
VALIDATOR_RULES = {"URI-reference": "URI_reference", "URI": "URI"}
RFC3987_RULES = [
    name for name in rfc3987.patterns
    if not name.startswith("i") and "IRI" not in name and name not in ("hexdig", "ucschar")
]

PIECES = {
    "scheme": ["http", "https", "ftp", "mailto", "urn", "git+ssh", "a.b-c", "H", "1x", "", "a_b"],
    "userinfo": ["", "u", "user:pass", "a%20b", "u@", "%zz", "!$&'()*+,;=", "[x]"],
    "host": [
        "example.com", "EXAMPLE.com", "1.2.3.4", "255.255.255.255", "256.1.1.1", "01.2.3.4",
        "[::1]", "[2001:db8::7]", "[::ffff:192.0.2.1]", "[1:2:3:4:5:6:7:8]", "[1:2:3:4:5:6:7::]",
        "[::1:2:3:4:5:6:7]", "[1::2::3]", "[:::]", "[12345::]", "[v1.x]", "[V7.a:b]", "[v.x]",
        "[vz.x]", "", "a b", "%41", "h_", "xn--nxasmq6b", "[fe80::1%25eth0]", "[1.2.3.4]",
    ],
    "port": ["", "80", "8080", "x", "65536", "-1"],
    "path": ["", "/", "/a/b", "//x", "/a%2Fb", "/~u/", "/a b", "/%", "/a;p=1/b", "/:@!$&'()*+,;=",
             "/%E2%82%AC", "/\u20ac", "a/b", "./a", "../b", ":x", "a:b/c"],
    "query": ["", "q", "a=1&b=2", "?/", "a b", "%", "[]", "é"],
    "fragment": ["", "f", "a/b?c", "#", "%20", "^", "x y"],
}


def built(rng):
    """One string from the parts, in one of the shapes of RFC 3986 §3 and §4.2."""
    p = {k: rng.choice(v) for k, v in PIECES.items()}
    authority = (p["userinfo"] + "@" if p["userinfo"] and rng.random() < 0.5 else "") + p["host"]
    if p["port"] or rng.random() < 0.1:
        authority += ":" + p["port"]
    shape = rng.randrange(4)
    if shape == 0:
        s = p["scheme"] + "://" + authority + (p["path"] if p["path"].startswith("/") or not p["path"] else "/" + p["path"])
    elif shape == 1:
        s = p["scheme"] + ":" + p["path"]
    elif shape == 2:
        s = "//" + authority + p["path"]
    else:
        s = p["path"]
    if rng.random() < 0.4:
        s += "?" + p["query"]
    if rng.random() < 0.3:
        s += "#" + p["fragment"]
    return s


POOL = list("%/:@;?#=&+-._*!\"'(),$~|<>[]{}\\^` \taZ09Fv") + ["é", "\u20ac"]


def mutated(s, rng):
    chars = list(s)
    for _ in range(rng.randint(1, 3)):
        at = rng.randint(0, len(chars))
        c = rng.choice(POOL)
        op = rng.randrange(3)
        if op == 0 or not chars:
            chars.insert(at, c)
        elif op == 1 and at < len(chars):
            del chars[at]
        elif at < len(chars):
            chars[at] = c
    return "".join(chars)


def corpus_inputs(rfc3986_text):
    out = []
    for name in ["seed-urls.txt", "tour-urls.txt", "rfc1738-appendix.txt"]:
        path = HERE.parent / "corpus" / name
        for line in path.read_text(encoding="utf-8").splitlines():
            if line and not line.startswith("#"):
                out.append(line)
    if rfc3986_text:
        # RFC 3986's examples: quoted references and URIs in its text.
        out += re.findall(r'"([^"\s]+)"', rfc3986_text)
        out += re.findall(r"\b[a-z][a-z0-9+.-]*:[^\s\"<>]+", rfc3986_text)
    return out


# Where a judge differs from the ABNF by its own construction. Each entry:
# (judge, a test on the input, why).
EXPLAINED = [
    (
        judge,
        lambda s: re.search(r"\[V[0-9A-Fa-f]+\.", s) is not None,
        "RFC 5234 §2.3: a quoted string matches either case, so IPvFuture's "
        '"v" also matches "V"; the judge compiles it as lower case only',
    )
    for judge in ("rfc3986-validator", "rfc3987")
]


def main():
    urlbnf = sys.argv[1]
    text = Path(sys.argv[2]).read_text(encoding="utf-8") if len(sys.argv) > 2 else ""
    rng = random.Random(3986)
    inputs = corpus_inputs(text)
    for _ in range(12000):
        s = built(rng)
        inputs.append(s)
        inputs.append(mutated(s, rng))
    # Lines: no line break inside an input (check reads one per line).
    inputs = list(dict.fromkeys(s for s in inputs if "\n" not in s and "\r" not in s))
    stdin = "".join(s + "\n" for s in inputs).encode("utf-8")
    failures = 0
    for theirs_name in RFC3987_RULES:
        rule = theirs_name.replace("_", "-")
        run = subprocess.run(
            [urlbnf, "check", "--grammar", "rfc3986", "--rule", rule, "--json"],
            input=stdin, capture_output=True, check=False,
        )
        verdicts = [json.loads(line)["valid"] for line in run.stdout.decode().splitlines()]
        assert len(verdicts) == len(inputs), (rule, len(verdicts), len(inputs), run.stderr)
        judges = [("rfc3987", lambda s, r=theirs_name: rfc3987.match(s, rule=r) is not None)]
        if rule in VALIDATOR_RULES:
            judges.append((
                "rfc3986-validator",
                lambda s, r=VALIDATOR_RULES[rule]: validate_rfc3986(s, rule=r) is not None,
            ))
        for judge, verdict in judges:
            agree = explained = 0
            for s, ours in zip(inputs, verdicts):
                if verdict(s) == ours:
                    agree += 1
                elif any(j == judge and test(s) for j, test, _ in EXPLAINED):
                    explained += 1
                else:
                    failures += 1
                    if failures <= 40:
                        print(f"DISAGREE {rule} {judge}: {s!r}: urlbnf {ours}")
            print(
                f"rfc3986 {rule}: {judge} agrees with urlbnf on {agree} of {len(inputs)}"
                f" inputs ({explained} explained: {judge}'s case-sensitive \"v\")"
                if explained else
                f"rfc3986 {rule}: {judge} agrees with urlbnf on {agree} of {len(inputs)} inputs"
            )
    if failures:
        print(f"{failures} disagreements", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
