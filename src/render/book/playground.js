"use strict";
// urlbnf playground, its page: the input, the verdicts drawn, the address kept
// in step (the verdicts and derivations are playground-core.js's).
(function () {
  var core = window.urlbnfCore;
  var editions = core.editions;
  var checkAll = core.checkAll;
  var derive = core.derive;
  var foldScheme = core.foldScheme;
  var LIMIT = core.LIMIT;

  // ---- The page --------------------------------------------------------

  function editionOf(id) {
    for (var k = 0; k < editions.length; k++) {
      if (editions[k].id === id) return editions[k];
    }
    return null;
  }

  function ruleTable(id, rule) {
    var ed = editionOf(id);
    return ed ? ed.rules[rule] || null : null;
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

  // The derivation, as nested lists: each rule linked to its section,
  // with the text it derives.
  // A derivation takes time and memory growing with the square of the
  // input's length: past EAGER characters it is made when the reader opens
  // it, not on every keystroke.
  var EAGER = 256;

  function treeBox(edition, rule, input) {
    var ed = editions.find(function (e) { return e.id === edition; });
    var details = el("details", "tree");
    details.appendChild(el("summary", null, "derivation by the printed grammar"));
    function fill() {
      var tree = ed ? derive(ed, rule, input) : null;
      if (!tree) {
        details.appendChild(el("p", "muted", "not shown: inputs over " + LIMIT + " characters are not derived here (urlbnf tree shows them)"));
        return;
      }
      function list(nodes) {
        var ul = el("ul", null);
        nodes.forEach(function (n) {
          var li = el("li", null);
          li.setAttribute("data-rule", n.rule);
          li.appendChild(ruleLink(edition, n.rule));
          li.appendChild(document.createTextNode(" "));
          li.appendChild(el("code", "derived", input.slice(n.start, n.end)));
          if (n.children.length) li.appendChild(list(n.children));
          ul.appendChild(li);
        });
        return ul;
      }
      details.appendChild(list([tree]));
    }
    if (input.length <= EAGER) {
      fill();
    } else {
      details.addEventListener("toggle", function once() {
        details.removeEventListener("toggle", once);
        fill();
      });
    }
    return details;
  }

  function noteBox(n) {
    var p = el("p", "note");
    p.setAttribute("data-code", n.code);
    p.appendChild(el("strong", null, "note[" + n.code + "] "));
    p.appendChild(document.createTextNode(n.section + ": " + n.message));
    var q = el("q", "muted", n.quote);
    p.appendChild(document.createTextNode(" "));
    p.appendChild(q);
    return p;
  }

  function draw(input, ruleName, reading) {
    var out = document.getElementById("results");
    out.textContent = "";
    checkAll(input, ruleName, reading).forEach(function (v) {
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
        box.appendChild(treeBox(v.edition, v.rule, reading && reading.fold && editionOf(v.edition).notes.folded ? foldScheme(input) : input));
      } else {
        var e = r.error;
        box.setAttribute("data-offset", String(e.offset));
        head.appendChild(el("span", "verdict invalid", " invalid at offset " + e.offset));
        box.appendChild(head);
        box.appendChild(el("pre", "caret", visible(input) + "\n" + " ".repeat(e.offset) + "^"));
        var p = el("p", "message", e.message);
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
      (r.notes || []).forEach(function (n) { box.appendChild(noteBox(n)); });
      out.appendChild(box);
    });
  }

  function decoded(s) {
    try { return decodeURIComponent(s); } catch (e) { return s; } // kept as written
  }

  // #try=<percent-encoded input>&rule=NAME&read=known-schemes,fold-scheme-case.
  // A link typed by hand may hold a raw "&" (a query's): the input runs to
  // the trailing "&rule=" and "&read=", not to the first "&".
  function fromAddress() {
    var got = { input: "", rule: "", read: "", given: false };
    var hash = location.hash.replace(/^#/, "");
    for (;;) {
      var m = /(^|&)(rule|read)=([^&]*)$/.exec(hash);
      if (!m) break;
      got[m[2]] = decoded(m[3]);
      hash = hash.slice(0, m.index);
    }
    if (hash.indexOf("try=") === 0) {
      got.input = decoded(hash.slice(4));
      got.given = true;
    }
    return got;
  }

  function toAddress(input, rule, read) {
    var hash = "#try=" + encodeURIComponent(input) + (rule ? "&rule=" + encodeURIComponent(rule) : "") +
      (read ? "&read=" + read : "");
    try { history.replaceState(null, "", hash); } catch (e) { /* file:// may refuse */ }
  }

  var field = document.getElementById("try");
  var select = document.getElementById("rule");
  var knownBox = document.getElementById("known-schemes");
  var foldBox = document.getElementById("fold-scheme-case");
  if (!field || !select || !knownBox || !foldBox) return;
  function reading() {
    return { known: knownBox.checked, fold: foldBox.checked };
  }
  function readWords() {
    return [knownBox.checked ? "known-schemes" : "", foldBox.checked ? "fold-scheme-case" : ""]
      .filter(Boolean).join(",");
  }
  function update() {
    toAddress(field.value, select.value, readWords());
    draw(field.value, select.value, reading());
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
    var read = a.read.split(",");
    knownBox.checked = read.indexOf("known-schemes") >= 0;
    foldBox.checked = read.indexOf("fold-scheme-case") >= 0;
    draw(field.value, select.value, reading());
  }
  field.addEventListener("input", update);
  select.addEventListener("change", update);
  knownBox.addEventListener("change", update);
  foldBox.addEventListener("change", update);
  window.addEventListener("hashchange", load);
  load();
})();
