"use strict";
// urlbnf playground, its core: the verdicts, diagnoses and prose notes of
// `urlbnf check --json` and the derivations of `urlbnf tree --printed --json`,
// from the exported tables and note templates. No page here: the same code
// runs in the book's page (playground.js draws it) and under Node.js in the
// tests, where `window` is the global object.
(function (root) {
  var editions = root.URLBNF_TABLES || [];

  // ---- Walking a table -------------------------------------------------

  function matches(t, text) {
    return walk(t, text) === null;
  }

  // Where the walk of text stops: [state, characters read, the character
  // there or null at the end], or null when t derives text. Every character
  // read is ASCII (no table goes on after another), so the characters read
  // are also the bytes read.
  function walk(t, text) {
    var s = 0, i = 0;
    for (var ch of text) {
      var c = ch.codePointAt(0);
      var n = c < 128 ? t.n[s][t.c[c]] : -1;
      if (n < 0) return [s, i, ch];
      s = n;
      i++;
    }
    return t.a[s] === "1" ? null : [s, i, null];
  }

  function utf8(ch) {
    return Array.from(new TextEncoder().encode(ch));
  }

  // ---- Words, as the library writes them --------------------------------

  // A string as Rust's {:?} writes the strings these messages quote.
  function quoted(s) {
    var out = "";
    for (var ch of s) {
      var c = ch.codePointAt(0);
      var esc = { "\t": "\\t", "\r": "\\r", "\n": "\\n", "\"": "\\\"", "\\": "\\\\", "\0": "\\0" }[ch];
      if (esc) out += esc;
      else if (unprintable(ch)) out += "\\u{" + c.toString(16) + "}";
      else out += ch;
    }
    return "\"" + out + "\"";
  }

  // Controls, format and private characters, separators other than the
  // space and combining marks: those Rust's {:?} writes as \u{…}.
  function unprintable(ch) {
    return ch !== " " && /[\p{C}\p{Z}\p{M}]/u.test(ch);
  }

  // The character an input stops at, as a diagnosis names it.
  function foundChar(ch) {
    var c = ch.codePointAt(0);
    if (!unprintable(ch) || ch === "\t" || ch === "\r" || ch === "\n" || ch === "\0") return quoted(ch);
    if (c === 0xfeff) return "U+FEFF (a byte-order mark)";
    return "U+" + c.toString(16).toUpperCase().padStart(4, "0");
  }

  function expectedWords(list) {
    if (list.length === 0) return "nothing (no string of this rule starts this way)";
    if (list.length === 1) return list[0];
    return list.slice(0, -1).join(", ") + " or " + list[list.length - 1];
  }

  // A long part of the input in a note: its start and its length.
  function shown(part) {
    var chars = Array.from(part);
    if (chars.length <= 60) return quoted(part);
    return quoted(chars.slice(0, 30).join("")) + "\u2026 (" + chars.length + " characters)";
  }

  function fill(template, start, end, parts) {
    var n = {};
    Object.keys(template).forEach(function (k) { n[k] = template[k]; });
    n.message = template.message.replace(/\{(\d)\}/g, function (_, i) { return String(parts[+i]); });
    var out = { code: n.code, section: n.section, quote: n.quote, start: start, end: end, message: n.message };
    if (n.valid !== undefined) out.valid = n.valid;
    if (n.rule !== undefined) out.rule = n.rule;
    return out;
  }

  // ---- A verdict -------------------------------------------------------

  // Where and why table t does not derive text: check's `error`.
  function errorAt(ed, t, text) {
    var w = walk(t, text);
    if (!w) return null;
    var s = w[0], ch = w[2];
    var expected = t.e[s].map(function (k) { return ed.words[k]; });
    var found = ch === null ? "found end of input" : "found " + foundChar(ch);
    // The fix: where an escape could come, a character the edition does
    // not reserve, escaped (RFC 1738 §2.2), unless the escape would change
    // what the input means (the fixes' namedEscape).
    var pct = t.n[s][t.c[37]] >= 0;
    var escape = null;
    if (ch !== null && root.urlbnfFixes) escape = root.urlbnfFixes.namedEscape(ed, text, w[1], ch, pct);
    else if (ch !== null && ch !== "%" && ed.reserved.indexOf(ch) < 0 && pct) {
      escape = utf8(ch).map(function (b) {
        return "%" + b.toString(16).toUpperCase().padStart(2, "0");
      }).join("");
    }
    if (escape !== null) found += " (escaped: " + escape + ")";
    return {
      error: {
        offset: w[1],
        byte_offset: w[1],
        expected: expected,
        found: ch === null ? "end of input" : ch,
        message: "expected " + expectedWords(expected) + "; " + found
      },
      inside: t.r ? ed.words[t.r[s]] : null,
      fixed: !root.urlbnfFixes ? null : root.urlbnfFixes.fixAt(ed, t, text, w, w[1])
    };
  }

  // RFC 1738 §2.1: the scheme (letters, digits, "+", "." and "-" before
  // the first ":") lowercased.
  function foldScheme(input) {
    var m = /^[A-Za-z0-9+.-]*:/.exec(input);
    if (!m || !/[A-Z]/.test(m[0])) return input;
    return m[0].toLowerCase() + input.slice(m[0].length);
  }

  function schemeOf(input) {
    var i = input.indexOf(":");
    return i < 0 ? "" : input.slice(0, i + 1);
  }

  function chars(s) {
    return Array.from(s).length;
  }

  // One rule's verdict in one reading, as `check --json` gives it (its
  // `input`, `grammar` and `rule` aside); `inside` is the innermost rule
  // open where an invalid input stops.
  function verdict(ed, rule, input, reading) {
    var t = ed.rules[rule];
    if (!t) return null;
    // Folding applies where the document asks for it (RFC 1738 §2.1).
    var text = reading.fold && ed.notes.folded ? foldScheme(input) : input;
    var letter = function (s) { return matches(t, s); };
    // The catch-all applies: the known scheme and the rule without it.
    var known = null;
    var c = ed.catchAll;
    if (c && c.applies.indexOf(rule) >= 0 && ed.own[rule]) {
      for (var k = 0; k < c.schemes.length; k++) {
        if (text.indexOf(c.schemes[k][0] + ":") === 0) {
          known = { scheme: c.schemes[k], own: ed.own[rule] };
          break;
        }
      }
    }
    var valid, parted = false;
    if (!known) valid = letter(text);
    else if (matches(known.own, text)) valid = true;
    else {
      parted = letter(text);
      valid = parted && !reading.known;
    }
    var out = { valid: valid };
    var fixed = null;
    if (!valid) {
      var at = errorAt(ed, known && reading.known ? known.own : t, text);
      out.error = at.error;
      out.inside = at.inside;
      fixed = at.fixed;
      if (fixed && fixed.words) {
        var ch = Array.from(text.slice(at.error.byte_offset))[0];
        out.error.message = "expected " + expectedWords(at.error.expected) + "; found " +
          (ch === undefined ? "end of input" : foundChar(ch)) + " (" + fixed.words + ")";
      }
      if (fixed && fixed.fix !== null) out.error.fix = fixed.fix;
    }
    var notes = [];
    if (known && parted && valid !== reading.known) {
      var own = errorAt(ed, known.own, text).error;
      var scheme = known.scheme;
      var n = fill(reading.known ? scheme[3] : scheme[2], 0, scheme[0].length,
        [own.offset, own.message]);
      if (!reading.known) n.error = own;
      notes.push(n);
    }
    var unlisted = unlistedScheme(ed, rule, input);
    var reference = root.urlbnfFixes ? root.urlbnfFixes.referenceNote(ed, rule, input, valid) : null;
    var mayNote = !valid && (unlisted !== null || maySurprise(ed, input)) || reference !== null ||
      (valid
        ? ed.notes.folded && reading.fold && text !== input ||
          ed.notes.gopherTab && /^gopher:/i.test(input) && input.indexOf("%09") >= 0
        : ed.notes.schemeCase && /[A-Z]/.test(input.split(":")[0]));
    if (mayNote) {
      if (reference) notes.push(reference);
      if (!valid && unlisted !== null) notes.push(noScheme(ed.list, unlisted));
      if (!valid) {
        var s = surprise(ed, rule, input, letter);
        if (s) notes.push(s);
      }
      var end = Math.max(input.indexOf(":"), 0);
      var folded = foldScheme(input);
      if (text !== input) {
        notes.push(fill(ed.notes.folded[valid ? 1 : 0], 0, end, [quoted(schemeOf(text))]));
      } else if (!valid && ed.notes.schemeCase && folded !== input) {
        var ok = letter(folded);
        notes.push(fill(ed.notes.schemeCase[ok ? 1 : 0], 0, end, [quoted(schemeOf(folded))]));
      }
      if (valid && ed.notes.gopherTab) {
        var g = gopherTab(ed, rule, text);
        if (g) notes.push(g);
      }
    }
    if (fixed && fixed.note) notes.push(fixed.note);
    if (notes.length) out.notes = notes;
    return out;
  }

  // The scheme an edition's closed list of schemes has no rule for (an
  // `https:` where the list predates it), or null.
  function unlistedScheme(ed, rule, input) {
    var l = ed.list;
    var i = input.indexOf(":");
    if (!l || i < 0 || l.applies.indexOf(rule) < 0) return null;
    var scheme = input.slice(0, i);
    if (!/^[A-Za-z][A-Za-z0-9+.-]*$/.test(scheme) || l.schemes.indexOf(scheme) >= 0) return null;
    return scheme;
  }

  function noScheme(l, scheme) {
    for (var k = 0; k < l.upper.length; k++) {
      if (l.upper[k][0] === scheme.toLowerCase()) return fill(l.upper[k][1], 0, scheme.length, [quoted(scheme)]);
    }
    return fill(l.unlisted, 0, scheme.length, [quoted(scheme)]);
  }

  function maySurprise(ed, input) {
    return !!(ed.notes.fragment && input.indexOf("#") >= 0 ||
      ed.notes.slashes && input.indexOf("://") >= 0);
  }

  // Where the edition's letter surprises a reader: where its URL ends
  // before a "#" (RFC 1738 §2.2), or its generic syntax has no "//" (RFC 1630).
  function surprise(ed, rule, input, letter) {
    var urlRule = ed.catchAll && ed.catchAll.applies.indexOf(rule) >= 0 || rule === ed.rule;
    if (!urlRule || !maySurprise(ed, input)) return null;
    if (ed.notes.fragment) {
      var before = input.slice(0, input.indexOf("#"));
      var at = chars(before);
      return fill(ed.notes.fragment[letter(before) ? 1 : 0], at, at + 1, []);
    }
    var colon = input.indexOf(":");
    if (colon < 0 || !/^[A-Za-z]/.test(input) || input.slice(colon, colon + 3) !== "://") return null;
    var from = chars(input.slice(0, colon)) + 1;
    return fill(ed.notes.slashes, from, from + 2, []);
  }

  // RFC 1738 §3.4: where the BNF's search cannot take what follows an
  // encoded tab, the selector is all of it, and the prose reads it apart.
  // The AST splits at the first "%09" when search (and a gopher+ string
  // after a second one) fit to the end.
  function gopherTab(ed, rule, text) {
    if (!(rule === "url" || rule === "gopherurl") || !ed.rules.gopherurl || !matches(ed.rules.gopherurl, text)) return null;
    var slash = text.indexOf("/", 9);
    if (slash < 0 || slash + 2 > text.length) return null;
    var from = slash + 2;
    var sel = text.slice(from);
    var tab = sel.indexOf("%09");
    if (tab < 0) return null;
    var rest = sel.slice(tab + 3);
    var next = rest.indexOf("%09");
    var search = next < 0 ? rest : rest.slice(0, next);
    var plus = next < 0 ? null : rest.slice(next + 3);
    var fits = matches(ed.rules.search, search) &&
      (plus === null || matches(ed.rules["gopher+_string"], plus));
    if (fits) return null;
    var parts = [shown(sel.slice(0, tab)), shown(search)];
    if (plus !== null) parts.push(shown(plus));
    return fill(ed.notes.gopherTab[plus === null ? 0 : 1], from, text.length, parts);
  }

  // Every edition's verdict: the named rule, or each one's whole-URL rule.
  function checkAll(input, ruleName, reading) {
    reading = reading || {};
    return editions.map(function (ed) {
      var rule = ruleName || ed.rule;
      return { edition: ed.id, rule: rule, result: verdict(ed, rule, input, reading) };
    });
  }
  root.urlbnfCheck = checkAll;

  // ---- A derivation by the printed grammar ------------------------------
  // The derivation `urlbnf tree --printed` gives (src/engine/derive.rs, on
  // the grammar as it compiles it): for each expression and place, the set
  // of places a derivation of it can end (bit sets, memoized); then one
  // derivation: the first alternative, the longest first part that lets the
  // rest derive the remainder.

  var LIMIT = 1024;

  function deriver(g, text) {
    var words = (text.length >> 5) + 1;
    var ends = new Map(), reps = new Map(), open = new Set();
    function empty() { return new Uint32Array(words); }
    function one(at) { var b = empty(); b[at >> 5] |= 1 << (at & 31); return b; }
    function has(b, at) { return at >> 5 < b.length && (b[at >> 5] & (1 << (at & 31))) !== 0; }
    function or(into, from) { for (var i = 0; i < into.length; i++) into[i] |= from[i]; }
    // The places in a set, in increasing order: each word's bits, lowest first.
    function members(b) {
      var out = [];
      for (var w = 0; w < b.length; w++) {
        for (var x = b[w]; x !== 0; x &= x - 1) out.push(w * 32 + 31 - Math.clz32(x & -x));
      }
      return out;
    }
    function endsOf(op, at) {
      var key = op * (text.length + 1) + at;
      var got = ends.get(key);
      if (got) return got;
      var o = g.ops[op], out;
      switch (o[0]) {
        case 0: out = one(at); break;
        case 1: out = text.startsWith(o[1], at) ? one(at + o[1].length) : empty(); break;
        case 2:
          var c = at < text.length ? text.charCodeAt(at) : -1;
          out = c >= o[1] && c <= o[2] ? one(at + 1) : empty();
          break;
        case 3:
          // Left recursion, which no printed grammar has, derives nothing.
          var k = o[1] * (text.length + 1) + at;
          if (open.has(k)) return empty();
          open.add(k);
          out = endsOf(g.rules[o[1]][1], at);
          open.delete(k);
          break;
        case 4:
          out = empty();
          members(endsOf(o[1], at)).forEach(function (m) { or(out, endsOf(o[2], m)); });
          break;
        case 5:
          out = empty();
          o[1].forEach(function (x) { or(out, endsOf(x, at)); });
          break;
        default: out = rep(op, 0, at);
      }
      ends.set(key, out);
      return out;
    }
    function nextCount(o, done) {
      return o[2] < 0 ? Math.min(done + 1, o[1]) : done + 1;
    }
    function rep(op, done, at) {
      var o = g.ops[op];
      if (o[2] < 0) done = Math.min(done, o[1]);
      var key = (op * (text.length + 1) + at) + ":" + done;
      var got = reps.get(key);
      if (got) return got;
      var out = empty();
      if (done >= o[1]) out[at >> 5] |= 1 << (at & 31);
      if (o[2] < 0 || done < o[2]) {
        var next = nextCount(o, done);
        members(endsOf(o[3], at)).forEach(function (k) {
          if (k > at || next > done) or(out, rep(op, next, k));
        });
      }
      reps.set(key, out);
      return out;
    }
    function tree(op, at, to, out) {
      var o = g.ops[op];
      if (o[0] === 3) {
        var r = g.rules[o[1]];
        if (r[3] && to === at + 1) return;
        var children = [];
        if (!r[2]) tree(r[1], at, to, children);
        out.push({ rule: r[0], start: at, end: to, children: children });
      } else if (o[0] === 4) {
        var split = members(endsOf(o[1], at)).reverse().find(function (k) {
          return k <= to && has(endsOf(o[2], k), to);
        });
        if (split !== undefined) { tree(o[1], at, split, out); tree(o[2], split, to, out); }
      } else if (o[0] === 5) {
        var x = o[1].find(function (x) { return has(endsOf(x, at), to); });
        if (x !== undefined) tree(x, at, to, out);
      } else if (o[0] === 6) {
        repTree(op, 0, at, to, out);
      }
    }
    function repTree(op, done, at, to, out) {
      var o = g.ops[op];
      if (at === to && done >= o[1]) return;
      var next = nextCount(o, done);
      var k = members(endsOf(o[3], at)).reverse().find(function (k) {
        return k <= to && (k > at || next > done) && has(rep(op, next, k), to);
      });
      if (k !== undefined) { tree(o[3], at, k, out); repTree(op, next, k, to, out); }
    }
    return { ends: endsOf, tree: tree, has: has };
  }

  // One derivation of the whole text from rule, or null (not derived, or
  // longer than LIMIT).
  function derive(ed, ruleName, text) {
    var g = ed.grammar;
    var r = -1;
    for (var i = 0; i < g.rules.length; i++) if (g.rules[i][0] === ruleName) r = i;
    if (r < 0 || text.length > LIMIT || /[^\x00-\x7f]/.test(text)) return null;
    var d = deriver(g, text);
    var body = g.rules[r][1];
    if (!d.has(d.ends(body, 0), text.length)) return null;
    var children = [];
    d.tree(body, 0, text.length, children);
    return { rule: ruleName, start: 0, end: text.length, children: children };
  }
  root.urlbnfDerive = function (id, rule, text) {
    var ed = editions.find(function (e) { return e.id === id; });
    return ed ? derive(ed, rule || ed.rule, text) : null;
  };

  // What playground-fixes.js words its fixes with.
  root.urlbnfWords = { walk: walk, utf8: utf8, quoted: quoted, foundChar: foundChar, fill: fill, chars: chars };

  // What the page draws with.
  root.urlbnfCore = {
    editions: editions,
    checkAll: checkAll,
    derive: derive,
    foldScheme: foldScheme,
    LIMIT: LIMIT
  };
})(typeof window !== "undefined" ? window : globalThis);
