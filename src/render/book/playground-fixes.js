"use strict";
// urlbnf playground, its fixes (src/verdicts/check/fix.rs): where an input
// stops, the input corrected, the words the diagnosis adds and the note, from
// the templates the book exports (an edition's `fixes`); and what check adds
// on a valid reference read other than a reader may. Loaded after
// playground-core.js, whose words it uses.
(function (root) {
  var h = root.urlbnfWords;
  var walk = h.walk, utf8 = h.utf8, quoted = h.quoted, foundChar = h.foundChar, fill = h.fill, chars = h.chars;

  function put(template, parts) {
    return template.replace(/\{(\d)\}/g, function (_, i) { return String(parts[+i]); });
  }

  function escapeOf(ch) {
    return utf8(ch).map(function (b) {
      return "%" + b.toString(16).toUpperCase().padStart(2, "0");
    }).join("");
  }

  // Rust's char::is_whitespace (White_Space), and str::trim by it.
  var WHITE = "\t\n\u000b\f\r \u0085\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005" +
    "\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000";
  function trim(s) {
    var a = 0, b = s.length;
    while (a < b && WHITE.indexOf(s[a]) >= 0) a++;
    while (b > a && WHITE.indexOf(s[b - 1]) >= 0) b--;
    return s.slice(a, b);
  }

  // Where the scheme ends, at its colon (RFC 3986 §3.1), or -1.
  function schemeEnd(input) {
    var i = input.indexOf(":");
    return i > 0 && /^[A-Za-z][A-Za-z0-9+.-]*$/.test(input.slice(0, i)) ? i : -1;
  }

  // The authority: after "//" or "scheme://", up to "/", "?" or "#".
  function authoritySpan(input) {
    var s = schemeEnd(input) + 1;
    if (input.slice(s, s + 2) !== "//") return null;
    var start = s + 2;
    var m = /[\/?#]/.exec(input.slice(start));
    return [start, m ? start + m.index : input.length];
  }

  // The host: the authority after its last "@", up to ":" and a port; an
  // IP literal up to its "]".
  function hostSpan(input) {
    var a = authoritySpan(input);
    if (!a) return null;
    var auth = input.slice(a[0], a[1]);
    var start = a[0] + auth.lastIndexOf("@") + 1;
    var host = input.slice(start, a[1]);
    var len;
    if (host[0] === "[") len = host.indexOf("]") < 0 ? host.length : host.indexOf("]") + 1;
    else len = host.lastIndexOf(":") < 0 ? host.length : host.lastIndexOf(":");
    return [start, start + len];
  }

  function inside(span, at) {
    return !!span && span[0] <= at && at < span[1];
  }

  // A host's IDNA form where it differs (RFC 3986 §3.2.2), as URL gives it.
  function idnaForm(host) {
    if (/[\x00-\x20#%\/:<>?@\[\\\]^|\x7f]/.test(host)) return null;
    try {
      var ascii = new URL("http://" + host + "/").hostname;
      var last = ascii.replace(/\.$/, "").split(".").pop();
      var number = /^[0-9]*$/.test(last) || /^0x/i.test(last);
      return ascii && !number && ascii !== host ? ascii : null;
    } catch (e) {
      return null;
    }
  }

  function escapeFrom(text, at, pick) {
    var out = text.slice(0, at);
    for (var ch of text.slice(at)) out += pick(ch) ? escapeOf(ch) : ch;
    return out;
  }

  function percentAt(t, s) {
    return t.n[s][t.c[37]] >= 0;
  }

  function genDelim(ed, ch) {
    return ch.length === 1 && ed.fixes.genDelims.indexOf(ch) >= 0;
  }

  function plainEscape(ed, ch, pct) {
    return pct && ch !== "%" && ed.reserved.indexOf(ch) < 0;
  }

  // The rule derives text, or it stops after more than past characters.
  function goesFurther(t, text, past) {
    var w = walk(t, text);
    return !w || w[1] > past;
  }

  // text with ch escaped from at on, and each character it then stops at
  // that an escape lets go on, escaped the same way.
  function escapedOn(ed, t, text, at, ch) {
    var out = escapeFrom(text, at, function (x) { return x === ch; });
    for (var round = 0; round < 32; round++) {
      var w = walk(t, out);
      if (!w || w[2] === null) break;
      var x = w[2], pct = percentAt(t, w[0]);
      var data = genDelim(ed, x) && pct && !inside(authoritySpan(out), w[1]) && x !== "@";
      if (!data && !plainEscape(ed, x, pct)) break;
      out = escapeFrom(out, w[1], function (y) { return y === x; });
    }
    return out;
  }

  // Whether edition id's rule derives text (another edition's table).
  function derives(id, rule, text) {
    var ed = (root.URLBNF_TABLES || []).find(function (e) { return e.id === id; });
    var t = ed && ed.rules[rule];
    return !!t && walk(t, text) === null;
  }

  // The escape the message names (diagnosis.rs named_escape): none for
  // white space around, a "[" opening a host, a gen-delim in the
  // authority but "@"; a gen-delim as data; else an unreserved one's.
  function namedEscape(ed, text, at, ch, pct) {
    var f = ed.fixes || {};
    var around = at === 0 || trim(text.slice(at)) === "";
    if (f.whiteSpace && WHITE.indexOf(ch) >= 0 && around && trim(text) !== "") return null;
    var host = hostSpan(text);
    if (ch === "[" && host && host[0] === at) return null;
    if (f.genDelim && genDelim(ed, ch) && pct) {
      return ch === "@" || !inside(authoritySpan(text), at) ? escapeOf(ch) : null;
    }
    return plainEscape(ed, ch, pct) ? escapeOf(ch) : null;
  }

  // A bracketed host with a "%" as RFC 6874 writes a zone identifier.
  function zoned(literal) {
    var p = literal[0] === "[" ? literal.indexOf("%") : -1;
    if (p < 0) return null;
    return literal.slice(p, p + 3) === "%25" ? literal : literal.slice(0, p) + "%25" + literal.slice(p + 1);
  }

  // Where text stops after a "%" and at most one hex digit: every "%"
  // from there on that starts no escape, escaped as %25 (RFC 3986 §2.4).
  function strayPercent(ed, t, text, at, offset) {
    var head = text.slice(0, at), p = head.lastIndexOf("%");
    if (p < 0 || at - p > 2 || !/^[0-9A-Fa-f]*$/.test(head.slice(p + 1))) return null;
    var corrected = text.slice(0, p) + text.slice(p).replace(/%(?![0-9A-Fa-f]{2})/g, "%25");
    return goesFurther(t, corrected, offset + 2) ? { fix: corrected, words: ed.fixes.stray } : null;
  }

  // The fix where table t stops on text: the input corrected, the words
  // the message adds, the note; or null.
  function fixAt(ed, t, text, w, offset) {
    var f = ed.fixes, ch = w[2], at = w[1];
    if (!f) return null;
    var stray = strayPercent(ed, t, text, at, offset);
    if (stray || ch === null) return stray;
    var host = hostSpan(text), auth = authoritySpan(text);
    var pct = percentAt(t, w[0]);
    var made = function (fix, tpl, parts, noteParts) {
      return { fix: fix, words: put(tpl.words, parts), note: fill(tpl.note, offset, offset + 1, noteParts || parts) };
    };
    var corrected;
    if (f.whiteSpace && WHITE.indexOf(ch) >= 0 && (offset === 0 || trim(text.slice(at)) === "") && trim(text) !== "") {
      corrected = trim(text);
      return made(corrected, f.whiteSpace, [corrected]);
    }
    if (f.zone && inside(host, at) && (ch === "%" || text.slice(host[0], at).indexOf("%") >= 0)) {
      var zone = zoned(text.slice(host[0], host[1]));
      if (zone) return made(null, f.zone, [zone]);
    }
    if (ch === "[" && host && host[0] === at) {
      var literal = text.slice(host[0], host[1]);
      if (!f.ip || !derives(f.ip.by, "host", literal)) return null;
      return made(null, f.ip, [], [literal]);
    }
    if (f.idna && ch.codePointAt(0) >= 128 && inside(host, at)) {
      var ascii = idnaForm(text.slice(host[0], host[1]));
      if (ascii) {
        corrected = text.slice(0, host[0]) + ascii + text.slice(host[1]);
        return made(corrected, f.idna, [escapeOf(ch), ascii, corrected]);
      }
    }
    var delim = f.genDelim && genDelim(ed, ch) && pct;
    if (delim && ch === "@" && auth && inside(auth, at)) {
      var a = text.slice(auth[0], auth[1]);
      var last = a.lastIndexOf("@");
      corrected = text.slice(0, auth[0]) + a.slice(0, last).split("@").join("%40") + text.slice(auth[0] + last);
      return made(corrected, f.at, [corrected]);
    }
    if (delim && !inside(auth, at)) {
      corrected = escapedOn(ed, t, text, at, ch);
      if (goesFurther(t, corrected, offset + 3)) {
        return made(corrected, f.genDelim, [foundChar(ch), escapeOf(ch), corrected]);
      }
      // The escape is the character's; the input needs more than it.
      return { fix: null, words: put(f.genDelim.words, [foundChar(ch), escapeOf(ch), corrected]) };
    }
    if (f.colon && ch === ":" && !/[\/?#]/.test(text.slice(0, at))) {
      corrected = "./" + text;
      if (goesFurther(t, corrected, offset + 3)) return made(corrected, f.colon, [corrected]);
    }
    if (!plainEscape(ed, ch, pct)) return null;
    corrected = escapedOn(ed, t, text, at, ch);
    return goesFurther(t, corrected, offset + chars(escapeOf(ch))) ? { fix: corrected } : null;
  }

  // What check adds where a reader may take an input for another kind
  // (RFC 3986 §4.1, §4.2): on an input the whole-URL rule refuses and the
  // reference rule derives, on a valid reference of the reference rule, and
  // on a valid URI whose scheme looks like a host or a path; or null.
  function referenceNote(ed, rule, input, valid) {
    var f = ed.fixes;
    if (!f) return null;
    var end = chars(input), colon = schemeEnd(input);
    if (colon < 0) {
      if (!f.relative) return null;
      var reference = f.relative[4], asked = rule === reference;
      if (asked ? !valid : valid || rule !== ed.rule || !ed.rules[reference] || walk(ed.rules[reference], input) !== null) return null;
      var first = input.split(/[\/?#]/)[0];
      var host = first.indexOf(".") >= 0 && first !== "." && first !== "..";
      var k = asked ? 0 : 2;
      return host ? fill(f.relative[k + 1], 0, end, [input, quoted(first)]) : fill(f.relative[k], 0, end, [input]);
    }
    if (!f.scheme || !valid || rule !== ed.rule && !(f.relative && rule === f.relative[4])) return null;
    var scheme = input.slice(0, colon);
    var port = /^[0-9]/.test(input.slice(colon + 1));
    if (!(port || scheme.indexOf(".") >= 0 || scheme.length === 1)) return null;
    return fill(f.scheme[port ? 1 : 0], 0, end, [quoted(scheme), input]);
  }

  root.urlbnfFixes = { fixAt: fixAt, referenceNote: referenceNote, namedEscape: namedEscape };
})(typeof window !== "undefined" ? window : globalThis);
