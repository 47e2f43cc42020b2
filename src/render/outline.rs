//! The typed AST as labelled lines: one description of each component's fields,
//! in order, walked by two renderers (the indented tree of `parse` and the
//! one-line summary of `compare`).

use std::fmt::Write as _;

use crate::verdicts::ast::{
    Body, FieldSpec, Gopher, Host, HostKind, HostPort, Login, News, Part, Path, Url, WaisForm,
    WpathField,
};

/// What a renderer is shown: labelled parts, words and nested groups.
trait Visit {
    /// A piece of input text; `kind` for a host (`name`, `number`).
    fn part(&mut self, key: &str, part: &Part<'_>, kind: Option<&str>);
    /// A path: its text, then its segments.
    fn path(&mut self, key: &str, path: &Path<'_>);
    /// A word naming a form (`index`, `group`…).
    fn word(&mut self, key: &str, word: &str);
    /// A nested group of fields, with its form where it has one.
    fn group(&mut self, key: &str, tag: Option<&str>, fields: &mut dyn FnMut(&mut dyn Visit));
    /// A list of groups.
    fn list(&mut self, key: &str, items: &mut dyn Iterator<Item = Item<'_>>);
}

/// One item of a list.
enum Item<'a> {
    Wpath(&'a WpathField<'a>),
    Field(&'a FieldSpec<'a>),
}

fn opt(v: &mut dyn Visit, key: &str, part: &Option<Part<'_>>) {
    if let Some(p) = part {
        v.part(key, p, None);
    }
}

fn host(v: &mut dyn Visit, key: &str, h: &Host<'_>) {
    let kind = match h.kind {
        HostKind::Name => "name",
        HostKind::Number => "number",
        HostKind::RegName => "reg-name",
        HostKind::Ipv6 => "IPv6",
        HostKind::IpvFuture => "IPvFuture",
    };
    v.part(key, &h.part, Some(kind));
}

fn hostport(v: &mut dyn Visit, hp: &HostPort<'_>) {
    host(v, "host", &hp.host);
    opt(v, "port", &hp.port);
}

fn login(v: &mut dyn Visit, l: &Login<'_>) {
    opt(v, "user", &l.user);
    opt(v, "password", &l.password);
    hostport(v, &l.hostport);
}

fn opt_path(v: &mut dyn Visit, key: &str, p: &Option<Path<'_>>) {
    if let Some(p) = p {
        v.path(key, p);
    }
}

fn gopher(v: &mut dyn Visit, g: &Gopher<'_>) {
    hostport(v, &g.hostport);
    opt(v, "gtype", &g.gtype);
    opt(v, "selector", &g.selector);
    opt(v, "search", &g.search);
    opt(v, "gopher_plus", &g.gopher_plus);
}

fn news(v: &mut dyn Visit, n: &News<'_>) {
    match n {
        News::All { part } => {
            v.word("form", "all");
            v.part("part", part, None);
        }
        News::Group { group } => {
            v.word("form", "group");
            v.part("group", group, None);
        }
        News::Article { id, host: h } => {
            v.word("form", "article");
            v.part("id", id, None);
            host(v, "host", h);
        }
    }
}

fn wais_form(v: &mut dyn Visit, form: &WaisForm<'_>) {
    match form {
        WaisForm::Database => v.word("form", "database"),
        WaisForm::Index { search } => {
            v.word("form", "index");
            opt(v, "search", search);
        }
        WaisForm::Doc {
            wtype,
            length,
            wpath,
            fields,
        } => {
            v.word("form", "doc");
            v.part("wtype", wtype, None);
            opt(v, "length", length);
            v.part("wpath", wpath, None);
            v.list("fields", &mut fields.iter().map(Item::Wpath));
        }
    }
}

/// The fields of a body, in the order the JSON shows them.
fn body(v: &mut dyn Visit, b: &Body<'_>) {
    match b {
        Body::Http(h) => {
            hostport(v, &h.hostport);
            opt_path(v, "path", &h.path);
            opt(v, "search", &h.search);
        }
        Body::Ftp(f) => {
            login(v, &f.login);
            opt_path(v, "path", &f.path);
            opt(v, "ftptype", &f.ftptype);
        }
        Body::File(f) => {
            if let Some(h) = &f.host {
                host(v, "host", h);
            }
            v.path("path", &f.path);
        }
        Body::Gopher(g) => gopher(v, g),
        Body::Mailto(m) => {
            v.part("address", &m.address, None);
            opt(v, "mailbox", &m.mailbox);
            opt(v, "host", &m.host);
        }
        Body::News(n) => news(v, n),
        Body::Nntp(n) => {
            if let Some(hp) = &n.hostport {
                v.group("hostport", None, &mut |v| hostport(v, hp));
            }
            v.part("group", &n.group, None);
            opt(v, "article", &n.article);
        }
        Body::Telnet(t) => login(v, &t.login),
        Body::Wais(w) => {
            hostport(v, &w.hostport);
            v.part("database", &w.database, None);
            wais_form(v, &w.form);
        }
        Body::Prospero(p) => {
            hostport(v, &p.hostport);
            v.path("hsoname", &p.hsoname);
            opt(v, "version", &p.version);
            opt(v, "attributes", &p.attributes);
            if !p.fields.is_empty() {
                v.list("fields", &mut p.fields.iter().map(Item::Field));
            }
        }
        Body::Afs(a) => {
            v.part("cell", &a.cell, None);
            v.path("path", &a.path);
        }
        Body::Mid { addr_spec } => v.part("addr_spec", addr_spec, None),
        Body::Cid { content_id } => v.part("content_id", content_id, None),
        Body::Uri(u) => {
            if let Some(a) = &u.authority {
                v.group("authority", None, &mut |v| {
                    v.part("text", &a.part, None);
                    opt(v, "userinfo", &a.userinfo);
                    if let Some(hp) = &a.hostport {
                        hostport(v, hp);
                    }
                });
            }
            opt_path(v, "path", &u.path);
            opt(v, "query", &u.query);
            if u.opaque {
                v.word("opaque", "true");
            }
        }
        Body::Generic(g) => {
            v.part("schemepart", &g.schemepart, None);
            opt_path(v, "path", &g.path);
            opt(v, "search", &g.search);
            if let Some(ip) = &g.ip {
                v.group("ip", None, &mut |v| {
                    login(v, &ip.login);
                    opt(v, "urlpath", &ip.urlpath);
                });
            }
        }
    }
}

/// The kind of a body, as JSON names it.
pub fn kind_name(b: &Body<'_>) -> &'static str {
    b.kind().name()
}

/// The indented tree: one line per component, with its text and span.
struct Tree<'o> {
    out: &'o mut dyn std::fmt::Write,
    depth: usize,
}

impl Tree<'_> {
    fn pad(&self) -> String {
        "  ".repeat(self.depth)
    }

    fn nested(&mut self, extra: usize, f: impl FnOnce(&mut dyn Visit)) {
        let mut inner = Tree {
            out: &mut *self.out,
            depth: self.depth + extra,
        };
        f(&mut inner);
    }
}

fn part_line(p: &Part<'_>, kind: Option<&str>) -> String {
    let kind = kind.map(|k| format!(" ({k})")).unwrap_or_default();
    format!("{:<24} {}..{}{kind}", shown(p.text), p.start, p.end)
}

/// The most characters of a component shown whole; a longer one shows its
/// start, its end and its length, as a long input's heading does (JSON keeps
/// every component whole).
const SHOWN: usize = 80;

/// A component's text, quoted, shortened past [`SHOWN`] characters.
fn shown(text: &str) -> String {
    let n = text.chars().count();
    if n <= SHOWN {
        return format!("{text:?}");
    }
    let head: String = text.chars().take(SHOWN / 2).collect();
    let tail: String = text.chars().skip(n - SHOWN / 2).collect();
    format!("{head:?}…{tail:?} ({n} characters)")
}

/// The most segments of a path listed; the rest are counted.
const SEGMENTS: usize = 100;

impl Visit for Tree<'_> {
    fn part(&mut self, key: &str, part: &Part<'_>, kind: Option<&str>) {
        let _ = writeln!(
            self.out,
            "{}{key:<12} {}",
            self.pad(),
            part_line(part, kind)
        );
    }

    fn path(&mut self, key: &str, path: &Path<'_>) {
        self.part(key, &path.part, None);
        let pad = "  ".repeat(self.depth + 1);
        let _ = writeln!(self.out, "{pad}segments");
        let mut segments = path.segments();
        for s in segments.by_ref().take(SEGMENTS) {
            let _ = writeln!(self.out, "{pad}  - {}", part_line(&s, None));
        }
        let more = segments.count();
        if more > 0 {
            let _ = writeln!(self.out, "{pad}  … {more} more segments");
        }
    }

    fn word(&mut self, key: &str, word: &str) {
        let _ = writeln!(self.out, "{}{key:<12} {word}", self.pad());
    }

    fn group(&mut self, key: &str, tag: Option<&str>, fields: &mut dyn FnMut(&mut dyn Visit)) {
        let tag = tag.map(|t| format!(" ({t})")).unwrap_or_default();
        let _ = writeln!(self.out, "{}{key}{tag}", self.pad());
        self.nested(1, |v| fields(v));
    }

    fn list(&mut self, key: &str, items: &mut dyn Iterator<Item = Item<'_>>) {
        let pad = self.pad();
        let _ = writeln!(self.out, "{pad}{key}");
        for item in items {
            let _ = writeln!(self.out, "{pad}  -");
            self.nested(2, |v| match item {
                Item::Wpath(w) => {
                    v.part("digits", &w.digits, None);
                    v.part("path", &w.path, None);
                }
                Item::Field(f) => {
                    v.part("name", &f.name, None);
                    v.part("value", &f.value, None);
                }
            });
        }
    }
}

#[cfg(feature = "internals")]
/// The AST as an indented, labelled tree: a component shows its text and span;
/// groups nest. `depth` is the starting indentation.
pub fn ast_tree(url: &Url<'_>, depth: usize) -> String {
    let mut out = String::new();
    tree_into(&mut out, url, depth);
    out
}

/// The same tree, written as it is made (a long path's lines are never held).
pub fn write_ast_tree(
    out: &mut dyn std::io::Write,
    url: &Url<'_>,
    depth: usize,
) -> std::io::Result<()> {
    let mut adapter = IoFmt { out, error: None };
    tree_into(&mut adapter, url, depth);
    adapter.error.map_or(Ok(()), Err)
}

/// `fmt::Write` over an `io::Write`, keeping the first I/O error.
struct IoFmt<'a> {
    out: &'a mut dyn std::io::Write,
    error: Option<std::io::Error>,
}

impl std::fmt::Write for IoFmt<'_> {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        if self.error.is_some() {
            return Err(std::fmt::Error);
        }
        self.out.write_all(s.as_bytes()).map_err(|e| {
            self.error = Some(e);
            std::fmt::Error
        })
    }
}

fn tree_into(out: &mut dyn std::fmt::Write, url: &Url<'_>, depth: usize) {
    let mut t = Tree { out, depth };
    opt(&mut t, "prefix", &url.prefix);
    opt(&mut t, "scheme", &url.scheme);
    t.group("body", Some(kind_name(&url.body)), &mut |v| {
        body(v, &url.body)
    });
    opt(&mut t, "fragment", &url.fragment);
}

/// An authority's parts in the summary, without its whole text.
struct AuthoritySummary<'s>(&'s mut Summary);

impl Visit for AuthoritySummary<'_> {
    fn part(&mut self, key: &str, part: &Part<'_>, kind: Option<&str>) {
        if key != "text" {
            self.0.part(key, part, kind);
        }
    }

    fn path(&mut self, key: &str, path: &Path<'_>) {
        self.0.path(key, path);
    }

    fn word(&mut self, key: &str, word: &str) {
        self.0.word(key, word);
    }

    fn group(&mut self, _: &str, _: Option<&str>, _: &mut dyn FnMut(&mut dyn Visit)) {}

    fn list(&mut self, _: &str, _: &mut dyn Iterator<Item = Item<'_>>) {}
}

/// The one-line summary: the body's top-level components as `name=text`.
struct Summary(String);

impl Visit for Summary {
    fn part(&mut self, key: &str, part: &Part<'_>, _: Option<&str>) {
        let _ = write!(self.0, " {key}={}", part.text);
    }

    fn path(&mut self, key: &str, path: &Path<'_>) {
        self.part(key, &path.part, None);
    }

    fn word(&mut self, key: &str, word: &str) {
        let _ = write!(self.0, " {key}={word}");
    }

    fn group(&mut self, key: &str, _: Option<&str>, f: &mut dyn FnMut(&mut dyn Visit)) {
        // The later editions' authority holds the host and port.
        if key == "authority" {
            f(&mut AuthoritySummary(self));
        }
    }

    fn list(&mut self, _: &str, _: &mut dyn Iterator<Item = Item<'_>>) {}
}

/// The main components of a parsed URL on one line: kind, then `name=text`.
pub fn url_summary(url: &Url<'_>) -> String {
    let mut s = Summary(kind_name(&url.body).to_string());
    body(&mut s, &url.body);
    if let Some(f) = &url.fragment {
        let _ = write!(s.0, " fragment={}", f.text);
    }
    s.0
}
