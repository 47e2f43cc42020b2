// A line filter for `urlbnf conform`: valid-url (npm) judges each line with
// isUri, its RFC 3986 check. usage: node valid-url.js [NODE_MODULES]
const path = require("path");
const readline = require("readline");
const modules = process.argv[2] || "node_modules";
const validUrl = require(path.resolve(modules, "valid-url"));

const out = [];
readline
  .createInterface({ input: process.stdin, crlfDelay: Infinity })
  .on("line", (line) => out.push(validUrl.isUri(line) === undefined ? "0" : "1"))
  .on("close", () => process.stdout.write(out.map((v) => v + "\n").join("")));
