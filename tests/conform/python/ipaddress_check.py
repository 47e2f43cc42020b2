"""A line filter for `urlbnf conform`: Python's own ipaddress module judges
each line as an IPv4 address (argv[1] "4") or an IPv6 address ("6")."""
import ipaddress
import sys

parse = ipaddress.IPv4Address if sys.argv[1:] == ["4"] else ipaddress.IPv6Address
for line in sys.stdin:
    try:
        parse(line.rstrip("\n"))
        print(1)
    except ValueError:
        print(0)
