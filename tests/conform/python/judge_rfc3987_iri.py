"""A line filter for `urlbnf conform` against RFC 3987's grammar
(tests/corpus/rfc3987.abnf): rfc3987 (PyPI) matches each line, read as
UTF-8, against its pattern for an RFC 3987 rule (argv[1], default IRI:
RFC 3987's names with "_" for "-")."""
import sys

import rfc3987

rule = sys.argv[1] if len(sys.argv) > 1 else "IRI"
sys.stdin.reconfigure(encoding="utf-8", errors="surrogateescape")
sys.stdout.reconfigure(encoding="utf-8")
for line in sys.stdin:
    print(1 if rfc3987.match(line.rstrip("\n"), rule=rule) else 0, flush=False)
