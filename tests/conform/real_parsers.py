"""Real parsers from the package registries run through `urlbnf conform`,
each against the rule it claims (RFC 3986's URI or URI-reference, RFC 3987's
IRI from tests/corpus/rfc3987.abnf): the
causes each shows (side, rule, witness) must be the ones established by
hand and kept, each with its reason in RFC 3986, in the manual's table
(src/render/book/manual/testing.md, between the conform-peers markers);
a cause that appears or disappears fails the run, and so does a parser
whose installed version is not the table's.

usage: real_parsers.py URLBNF TESTING.MD
"""

import json
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
PYTHON = sys.executable
NPM = ROOT / "target" / "conform-npm" / "node_modules"


def python_version(dist):
    from importlib.metadata import version
    return version(dist)


def npm_version(name):
    return json.loads((NPM / name / "package.json").read_text())["version"]


def cargo_version(name):
    lock = (HERE / "rust" / "Cargo.lock").read_text()
    block = lock.split(f'name = "{name}"\n')[1]
    return block.split('version = "')[1].split('"')[0]


def perl_version(module):
    out = subprocess.run(["perl", f"-M{module}", "-e", f"print ${module}::VERSION"],
                         capture_output=True, text=True, check=True)
    return out.stdout.strip()


RFC3986 = ["--grammar", "rfc3986"]
RFC3987 = ["--grammar-file", str(ROOT / "tests" / "corpus" / "rfc3987.abnf")]

# (parser, rule): (language, how its version is read, the peer's command, the
# grammar it claims)
PARSERS = {
    ("rfc3986-validator", "URI-reference"): (
        "Python", lambda: python_version("rfc3986-validator"),
        [PYTHON, str(HERE / "python" / "judge_rfc3986_validator.py")], RFC3986),
    ("rfc3987", "URI-reference"): (
        "Python", lambda: python_version("rfc3987"),
        [PYTHON, str(HERE / "python" / "judge_rfc3987.py")], RFC3986),
    ("rfc3987", "IRI"): (
        "Python", lambda: python_version("rfc3987"),
        [PYTHON, str(HERE / "python" / "judge_rfc3987_iri.py"), "IRI"], RFC3987),
    ("valid-url", "URI"): (
        "Node.js", lambda: npm_version("valid-url"),
        ["node", str(HERE / "node" / "valid-url.js"), str(NPM)], RFC3986),
    ("Data::Validate::URI", "URI"): (
        "Perl", lambda: perl_version("Data::Validate::URI"),
        ["perl", str(HERE / "perl" / "data-validate-uri.pl")], RFC3986),
    ("fluent-uri", "URI-reference"): (
        "Rust", lambda: cargo_version("fluent-uri"),
        [str(ROOT / "target" / "conform-rust" / "release" / "conform-fluent-uri")], RFC3986),
}


def table(manual):
    """The rows between the markers: parser, version, language, rule, side,
    cause's rule, witness (a JSON string in backquotes), why."""
    text = Path(manual).read_text(encoding="utf-8")
    inside = text.split("<!-- conform-peers -->")[1].split("<!-- /conform-peers -->")[0]
    rows = []
    for line in inside.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 8 or cells[0] == "parser" or set(cells[0]) <= set("-: "):
            continue
        parser, version, language, rule, side, cause, witness, why = cells
        rows.append({
            "parser": parser, "version": version, "language": language, "rule": rule,
            "side": side, "cause": cause.strip("`"), "witness": json.loads(witness.strip("`")),
            "why": why,
        })
    return rows


def main():
    urlbnf, manual = sys.argv[1], sys.argv[2]
    rows = table(manual)
    failures = 0
    for (parser, rule), (language, version, command, grammar) in PARSERS.items():
        expected = [r for r in rows if r["parser"] == parser and r["rule"] == rule]
        assert expected, f"{parser}: no row in the table"
        installed = version()
        if {r["version"] for r in expected} != {installed}:
            print(f"{parser}: the table is for {expected[0]['version']}, {installed} is installed")
            failures += 1
        run = subprocess.run(
            [urlbnf, "conform", *grammar, "--rule", rule, "--json", "--", *command],
            capture_output=True, text=True, check=False)
        if run.returncode not in (0, 1):
            print(f"{parser}: urlbnf conform exited {run.returncode}: {run.stderr}")
            failures += 1
            continue
        found = json.loads(run.stdout)
        seen = {(c["side"], c["rule"], c["witness"]) for c in found["causes"]}
        # A parser that agrees has one row, side "agrees", and no cause.
        kept = {(r["side"], r["cause"], r["witness"]) for r in expected
                if r["rule"] == rule and r["side"] != "agrees"}
        for side, cause, witness in sorted(seen - kept):
            print(f"{parser}: a new cause: {side} {cause} {json.dumps(witness)}")
        for side, cause, witness in sorted(kept - seen):
            print(f"{parser}: a cause gone: {side} {cause} {json.dumps(witness)}")
        failures += len(seen ^ kept)
        print(f"conform {parser} {installed} ({language}) against {Path(grammar[-1]).name} {rule}: "
              f"{len(seen & kept)} of {len(kept)} causes as established, {len(seen - kept)} new; "
              f"{found['inputs']} inputs, {found['disagreements']} departing")
    if failures:
        print(f"{failures} differences from the table", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
