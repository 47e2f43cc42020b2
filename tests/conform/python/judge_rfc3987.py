"""A line filter for `urlbnf conform`: rfc3987 (PyPI) matches each line
against its pattern for an RFC 3986 rule (argv[1], default URI_reference:
RFC 3986's names with "_" for "-")."""
import sys

import rfc3987

rule = sys.argv[1] if len(sys.argv) > 1 else "URI_reference"
for line in sys.stdin:
    print(1 if rfc3987.match(line.rstrip("\n"), rule=rule) else 0)
