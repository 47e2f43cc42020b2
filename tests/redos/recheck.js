// The recheck ReDoS analyzer on every rule's ECMAScript expression.
//
// Usage: node recheck.js RECHECK_DIR FILE.json... (each `urlbnf regex --flavor
// ecmascript --json`). Prints one line per rule and a closing count; writes the
// attack strings recheck reports (if any) as JSON lines to stdout after
// "attacks:", for the engines to run. Exits 1 when an expression is found
// exponential, or when recheck cannot read one.
'use strict';
const fs = require('fs');
const path = require('path');
const { checkSync } = require(path.resolve(process.argv[2], 'node_modules', 'recheck'));

const counts = { safe: 0, vulnerable: 0, unknown: 0 };
const attacks = [];
let failed = false;
for (const file of process.argv.slice(3)) {
  const doc = JSON.parse(fs.readFileSync(file, 'utf8'));
  for (const { rule, pattern } of doc.patterns) {
    const r = checkSync(pattern, '', { timeout: 20000 });
    counts[r.status] = (counts[r.status] || 0) + 1;
    const type = r.complexity ? r.complexity.summary : (r.error ? r.error.kind : '');
    console.log(`recheck ${doc.grammar} ${rule}: ${r.status} (${type})`);
    if (r.status === 'vulnerable') {
      attacks.push({ grammar: doc.grammar, rule, pumps: r.attack.pumps, suffix: r.attack.suffix });
      if (r.complexity.type === 'exponential') failed = true;
    }
    if (r.status === 'unknown' && r.error && r.error.kind !== 'timeout') failed = true;
  }
}
console.log(`recheck: ${counts.safe} safe, ${counts.vulnerable} vulnerable, ${counts.unknown} unknown`);
console.log('attacks:');
for (const a of attacks) console.log(JSON.stringify(a));
process.exit(failed ? 1 : 0);
