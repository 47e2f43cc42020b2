"use strict";
// urlbnf playground: the verdicts of `urlbnf check`, from the exported tables.
(function () {
  var editions = window.URLBNF_TABLES || [];

  // One rule's verdict on input, as check --json gives it.
  function check(ed, ruleName, input) {
    var t = ed.rules[ruleName];
    if (!t) return null;
    var s = 0, i = 0;
    for (var ch of input) {
      var c = ch.codePointAt(0);
      var n = c < 128 ? t.n[s][t.c[c]] : -1;
      if (n < 0) return stop(ed, t, s, i, ch);
      s = n;
      i++;
    }
    if (t.a[s] === "1") return { valid: true };
    return stop(ed, t, s, i, "end of input");
  }

  function stop(ed, t, s, i, found) {
    return {
      valid: false,
      offset: i,
      expected: t.e[s].map(function (k) { return ed.words[k]; }),
      found: found,
      inside: t.r ? ed.words[t.r[s]] : null
    };
  }

  // Every edition's verdict: the named rule, or each one's whole-URL rule.
  function checkAll(input, ruleName) {
    return editions.map(function (ed) {
      var rule = ruleName || ed.rule;
      return { edition: ed.id, rule: rule, result: check(ed, rule, input) };
    });
  }
  window.urlbnfCheck = checkAll;

  function ruleTable(id, rule) {
    for (var k = 0; k < editions.length; k++) {
      if (editions[k].id === id) return editions[k].rules[rule] || null;
    }
    return null;
  }

  function words(list) {
    if (list.length === 0) return "nothing (no string of this rule starts this way)";
    if (list.length === 1) return list[0];
    return list.slice(0, -1).join(", ") + " or " + list[list.length - 1];
  }

  // One character per column: controls shown as a dot, so the caret lines up.
  function visible(s) {
    var out = "";
    for (var ch of s) {
      var c = ch.codePointAt(0);
      out += c < 32 || c === 127 ? "\u00b7" : ch;
    }
    return out;
  }

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function ruleLink(edition, rule) {
    var a = el("a", null);
    a.href = edition + ".html#rule-" + rule.replace(/[^A-Za-z0-9-]/g, "_");
    a.appendChild(el("code", null, rule));
    return a;
  }

  function draw(input, ruleName) {
    var out = document.getElementById("results");
    out.textContent = "";
    checkAll(input, ruleName).forEach(function (v) {
      var box = el("section", "result");
      box.setAttribute("data-edition", v.edition);
      var head = el("h3", null);
      head.appendChild(el("span", "edition", v.edition + " "));
      var r = v.result;
      if (!r) {
        head.appendChild(el("span", "verdict none", "prints no rule " + ruleName));
        box.appendChild(head);
        out.appendChild(box);
        return;
      }
      head.appendChild(ruleLink(v.edition, v.rule));
      box.setAttribute("data-valid", String(r.valid));
      var t = ruleTable(v.edition, v.rule);
      if (r.valid) {
        head.appendChild(el("span", "verdict valid", " valid"));
        box.appendChild(head);
        if (t && t.g) box.appendChild(el("p", "gloss muted", v.rule + ": " + t.g));
      } else {
        box.setAttribute("data-offset", String(r.offset));
        head.appendChild(el("span", "verdict invalid", " invalid at offset " + r.offset));
        box.appendChild(head);
        box.appendChild(el("pre", "caret", visible(input) + "\n" + " ".repeat(r.offset) + "^"));
        var found = r.found === "end of input" ? "end of input" : JSON.stringify(r.found);
        var p = el("p", null, "expected " + words(r.expected) + "; found " + found);
        if (r.inside) {
          p.appendChild(document.createTextNode(" (inside "));
          p.appendChild(ruleLink(v.edition, r.inside));
          p.appendChild(document.createTextNode(")"));
        }
        box.appendChild(p);
        var inner = r.inside ? ruleTable(v.edition, r.inside) : t;
        var name = r.inside || v.rule;
        if (inner && inner.g) box.appendChild(el("p", "gloss muted", name + ": " + inner.g));
      }
      out.appendChild(box);
    });
  }

  function decoded(s) {
    try { return decodeURIComponent(s); } catch (e) { return s; } // kept as written
  }

  // #try=<percent-encoded input>&rule=NAME. A link typed by hand may hold a
  // raw "&" (a query's): the input runs to the last "&rule=", not the first "&".
  function fromAddress() {
    var got = { input: "", rule: "", given: false };
    var hash = location.hash.replace(/^#/, "");
    var at = hash.lastIndexOf("&rule=");
    if (at >= 0) {
      got.rule = decoded(hash.slice(at + 6));
      hash = hash.slice(0, at);
    } else if (hash.indexOf("rule=") === 0) {
      got.rule = decoded(hash.slice(5));
      hash = "";
    }
    if (hash.indexOf("try=") === 0) {
      got.input = decoded(hash.slice(4));
      got.given = true;
    }
    return got;
  }

  function toAddress(input, rule) {
    var hash = "#try=" + encodeURIComponent(input) + (rule ? "&rule=" + encodeURIComponent(rule) : "");
    try { history.replaceState(null, "", hash); } catch (e) { /* file:// may refuse */ }
  }

  var field = document.getElementById("try");
  var select = document.getElementById("rule");
  if (!field || !select) return;
  function update() {
    toAddress(field.value, select.value);
    draw(field.value, select.value);
  }
  function load() {
    var a = fromAddress();
    // An empty page opens on an example, not on a row of refusals.
    field.value = a.given ? a.input : field.getAttribute("data-example") || "";
    select.value = a.rule;
    // A rule no edition prints is still checked (each says it has none).
    if (a.rule && select.value !== a.rule) {
      var o = el("option", null, a.rule);
      o.value = a.rule;
      select.appendChild(o);
      select.value = a.rule;
    }
    draw(field.value, select.value);
  }
  field.addEventListener("input", update);
  select.addEventListener("change", update);
  window.addEventListener("hashchange", load);
  load();
})();
