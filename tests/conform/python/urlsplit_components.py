"""A line filter for `urlbnf conform --components`: Python's own
urllib.parse.urlsplit, each component as written (the authority split at its
last "@" and at the ":" after the host), or null where it raises."""
import json
import sys
from urllib.parse import urlsplit


def parts(s):
    u = urlsplit(s)
    # What follows the scheme's ":" (urlsplit lowercases the scheme it returns).
    rest = s[len(u.scheme) + 1:] if u.scheme else s
    before_fragment = rest.split("#", 1)[0]
    out = {
        "scheme": u.scheme or None,
        "path": u.path,
        "query": u.query if "?" in before_fragment else None,
        "fragment": u.fragment if "#" in rest else None,
    }
    if rest.startswith("//"):
        userinfo, at, hostport = u.netloc.rpartition("@")
        host, colon, port = hostport, "", ""
        if ":" in hostport and not hostport.endswith("]"):
            host, colon, port = hostport.rpartition(":")
        out.update(userinfo=userinfo if at else None, host=host, port=port if colon else None)
    return out


for line in sys.stdin:
    try:
        print(json.dumps(parts(line.rstrip("\n"))))
    except ValueError:
        print("null")
