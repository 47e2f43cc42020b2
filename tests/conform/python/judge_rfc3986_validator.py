"""A line filter for `urlbnf conform`: rfc3986-validator (PyPI) judges each
line by its regular expression for RFC 3986's URI-reference (or URI: argv[1])."""
import sys

from rfc3986_validator import validate_rfc3986

rule = sys.argv[1] if len(sys.argv) > 1 else "URI_reference"
for line in sys.stdin:
    print(1 if validate_rfc3986(line.rstrip("\n"), rule=rule) else 0)
