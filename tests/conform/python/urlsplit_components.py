"""A line filter for `urlbnf conform --components`: Python's own
urllib.parse.urlsplit, each component as written (the authority split at its
last "@" and at the ":" after the host), or null where it raises."""
import json
import sys
from urllib.parse import urlsplit


def parts(s):
    u = urlsplit(s)
    out = {"scheme": u.scheme or None, "path": u.path}
    out["query"] = u.query if "?" in s else None
    out["fragment"] = u.fragment if "#" in s else None
    if s.startswith("//") or "://" in s.split("?")[0].split("#")[0]:
        userinfo, at, hostport = u.netloc.rpartition("@")
        host, colon, port = hostport, "", ""
        if not hostport.endswith("]"):
            host, colon, port = hostport.rpartition(":") if ":" in hostport else (hostport, "", "")
        out.update(userinfo=userinfo if at else None, host=host, port=port if colon else None)
    return out


for line in sys.stdin:
    try:
        print(json.dumps(parts(line.rstrip("\n"))))
    except ValueError:
        print("null")
