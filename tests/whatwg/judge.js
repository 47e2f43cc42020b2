// The WHATWG reading of `urlbnf resolve --rules whatwg` (the url crate's
// Url::join) judged by the URL Standard's reference implementation, npm
// whatwg-url: RFC 3986 §5.4's examples and generated (base, reference)
// pairs. Every pair where the two part must carry urlbnf's note naming a
// known departure of the url crate (code url-crate-...), and no pair where
// they agree may carry one.
//
// Usage: node tests/whatwg/judge.js URLBNF WHATWG_URL_DIR [SECTION_5_4_FILE]
"use strict";
const { spawnSync } = require("child_process");
const path = require("path");
const [urlbnf, moduleDir] = process.argv.slice(2);
const { URL } = require(path.resolve(moduleDir, "node_modules", "whatwg-url"));

// RFC 3986 §5.4's references, against its base.
const SECTION_5_4 = [
  "g:h", "g", "./g", "g/", "/g", "//g", "?y", "g?y", "#s", "g#s", "g?y#s", ";x",
  "g;x", "g;x?y#s", "", ".", "./", "..", "../", "../g", "../..", "../../",
  "../../g", "../../../g", "../../../../g", "/./g", "/../g", "g.", ".g", "g..",
  "..g", "./../g", "./g/.", "g/./h", "g/../h", "g;x=1/./y", "g;x=1/../y",
  "g?y/./x", "g?y/../x", "g#s/./x", "g#s/../x", "http:g",
];

// File URLs with a host are left out of the generated pairs: the url crate's
// path handling there departs in ways not yet classified (see the book).
const BASES = [
  "http://a/b/c/d;p?q", "https://h:8080/a/b?x#f", "file:///c:/x/y", "ftp://u@h/d/",
  "http://[::1]/a/", "s://h/a/b", "s:a/b", "s:/a/b", "mailto:x@y", "ws://h/p",
];
const PIECES = [
  "g", "..", ".", "/", "//", "\\", "?y", "#s", ";x", "%2E", "%2e", "h:", "%",
  "é", " ", "@", ":", "[", "]", "http:", "s:", "a", "\t", "~",
];

// A seeded generator (mulberry32): every run judges the same pairs.
function rng(seed) {
  return () => {
    seed |= 0; seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = rng(3986);
// The drive-letter departure, against a file base with a host.
const FILE_WITH_HOST = [["file://h/x/y", "/g:"], ["file://h/x/y", "\\g:/"]];
const generated = [];
for (let i = 0; i < 1500; i++) {
  let s = "";
  const n = Math.floor(random() * 6);
  for (let j = 0; j < n; j++) s += PIECES[Math.floor(random() * PIECES.length)];
  generated.push(s);
}

function standard(base, reference) {
  try {
    return new URL(reference, base).href;
  } catch (e) {
    return null;
  }
}

let pairs = 0, agree = 0, known = 0;
const unknown = [];
const wrongNotes = []; // noted where they agree, or the Standard misquoted
const counts = {};
const groups = BASES.map((base, i) => [base, i === 0 ? SECTION_5_4.concat(generated) : generated]);
groups.push(["file://h/x/y", FILE_WITH_HOST.map(([, r]) => r)]);
for (const [base, references] of groups) {
  // One reference a line: none may hold a line break.
  const lines = references.filter((r) => !/[\r\n]/.test(r));
  const run = spawnSync(urlbnf, ["resolve", "--rules", "whatwg", "--json", base], {
    input: lines.join("\n") + "\n",
    maxBuffer: 1 << 28,
  });
  if (run.status !== 0 && run.status !== 1) {
    console.error(`urlbnf resolve failed on ${base}: ${run.stderr}`);
    process.exit(2);
  }
  const out = run.stdout.toString().split("\n").filter((l) => l);
  out.forEach((line, i) => {
    const r = JSON.parse(line);
    const reference = lines[i];
    const crate = r.failure === undefined ? r.result : null;
    const std = standard(base, reference);
    const departures = (r.notes || []).filter((n) => n.code.startsWith("url-crate-"));
    pairs++;
    if (crate === std) {
      agree++;
      if (departures.length) wrongNotes.push({ base, reference, result: crate, notes: departures });
    } else if (departures.length) {
      known++;
      // Where urlbnf says what the Standard gives, it must be what it gives.
      for (const d of departures) {
        const said = /the Standard gives (\S+)$/.exec(d.message);
        const fails = /the Standard fails$/.test(d.message);
        if ((said && said[1] !== std) || (fails && std !== null)) {
          wrongNotes.push({ base, reference, standard: std, notes: [d] });
        }
      }
      for (const d of departures) counts[d.code] = (counts[d.code] || 0) + 1;
    } else {
      unknown.push({ base, reference, url_crate: crate, standard: std });
    }
  });
}
console.log(
  `whatwg-url: ${agree} of ${pairs} pairs agree with the url crate; ` +
  `${known} part where a known departure is noted (${JSON.stringify(counts)}); ` +
  `${unknown.length} part unnoted; ${wrongNotes.length} notes wrong`
);
for (const u of unknown.slice(0, 40)) console.log("unnoted: " + JSON.stringify(u));
for (const w of wrongNotes.slice(0, 20)) console.log("wrong note: " + JSON.stringify(w));
process.exit(unknown.length || wrongNotes.length ? 1 : 0);
