"""The attack strings recheck reports, run by the engines themselves.

Usage: python3 attacks.py URLBNF < recheck-output. For each attack (the JSON
lines after "attacks:"), the rule's expression is run by Python's re, Node's
RegExp and PCRE2 (grep -P) on the attack pumped to about 512 and 4,096
characters: each verdict must be check's, and no run may grow faster than
linearly (at most 3 times the 8-fold of the length; under 2 ms is too short
to measure). Prints one line per attack and engine; exits 1 on a failure.
"""
import json
import re
import subprocess
import sys
import time

urlbnf = sys.argv[1]
lines = sys.stdin.read().split("attacks:\n", 1)
attacks = [json.loads(l) for l in lines[1].splitlines() if l.strip()] if len(lines) > 1 else []
failed = False


def pumped(attack, size):
    pumps = attack["pumps"]
    unit = sum(len(p["pump"]) for p in pumps) or 1
    n = max(1, size // unit)
    return "".join(p["prefix"] + p["pump"] * n for p in pumps) + attack["suffix"]


def pattern(grammar, rule, flavor):
    return subprocess.run([urlbnf, "regex", "--grammar", grammar, "--rule", rule, "--flavor", flavor],
                          check=True, capture_output=True, text=True).stdout.rstrip("\n")


def valid(grammar, rule, text):
    r = subprocess.run([urlbnf, "check", "--grammar", grammar, "--rule", rule, "--json", "-f", "-"],
                       input=text.encode("utf-8", "surrogatepass"), capture_output=True)
    return json.loads(r.stdout.splitlines()[0])["valid"]


def python_run(p, text):
    r = re.compile(p)
    t = time.perf_counter()
    m = r.search(text)
    return bool(m), time.perf_counter() - t


NODE = ("const fs=require('fs');const p=fs.readFileSync(process.argv[1],'utf8');"
        "const x=fs.readFileSync(process.argv[2],'utf8');const r=new RegExp(p);"
        "const t=process.hrtime.bigint();const m=r.test(x);"
        "console.log((m?1:0)+' '+Number(process.hrtime.bigint()-t)/1e9);")


def node_run(p, text):
    with open("/tmp/urlbnf-attack-p", "w") as f:
        f.write(p)
    with open("/tmp/urlbnf-attack-x", "w") as f:
        f.write(text)
    out = subprocess.run(["node", "-e", NODE, "/tmp/urlbnf-attack-p", "/tmp/urlbnf-attack-x"],
                         check=True, capture_output=True, text=True).stdout.split()
    return out[0] == "1", float(out[1])


def grep_run(p, text):
    t = time.perf_counter()
    r = subprocess.run(["grep", "-P", "-c", "-a", "--", p], input=text.encode() + b"\n",
                       capture_output=True, env={"LC_ALL": "C"})
    if b"too large" in r.stderr:
        return None, 0.0
    if r.returncode > 1:
        raise RuntimeError(r.stderr.decode())
    return r.stdout.strip() != b"0", time.perf_counter() - t


for a in attacks:
    g, rule = a["grammar"], a["rule"]
    texts = [pumped(a, 512), pumped(a, 4096)]
    want = [valid(g, rule, x) for x in texts]
    for name, flavor, run in [("python3", "python", python_run), ("node", "ecmascript", node_run),
                              ("grep -P", "pcre", grep_run)]:
        p = pattern(g, rule, flavor)
        got = [run(p, x) for x in texts]
        if got[0][0] is None:
            print(f"attack {g} {rule} in {name}: grep -P refuses an expression this large")
            continue
        small, large = max(got[0][1], 1e-6), got[1][1]
        ok = [v for v, _ in got] == want and (large < 0.002 or large <= small * 24)
        failed |= not ok
        print(f"attack {g} {rule} in {name}: {'ok' if ok else 'FAILED'}, "
              f"{len(texts[1])} characters in {large * 1000:.2f} ms ({len(texts[0])} in {small * 1000:.2f} ms), "
              f"verdicts {[v for v, _ in got]} (check {want})")
sys.exit(1 if failed else 0)
