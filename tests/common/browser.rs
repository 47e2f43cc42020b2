//! Headless Chromium for the HTML tests: find it, run it, and measure a
//! screenshot.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Chromium, from `URLBNF_CHROMIUM` or the path.
pub fn chromium() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("URLBNF_CHROMIUM") {
        return Some(PathBuf::from(p));
    }
    ["chromium", "chromium-browser"].iter().find_map(|name| {
        let found = Command::new("which").arg(name).output().ok()?;
        found
            .status
            .success()
            .then(|| PathBuf::from(String::from_utf8_lossy(&found.stdout).trim().to_string()))
    })
}

/// Chromium, or `None` after saying the test is skipped for want of it (a
/// failure under CI, which must have it).
pub fn chromium_or_skip() -> Option<PathBuf> {
    let found = chromium();
    if found.is_none() {
        super::skip(
            "no chromium on this machine",
            "apt-get install chromium, or set URLBNF_CHROMIUM",
        );
    }
    found
}

/// A headless Chromium command with a throwaway profile.
pub fn headless(chrome: &Path, profile: &Path) -> Command {
    let mut c = Command::new(chrome);
    c.args([
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--hide-scrollbars",
    ])
    .arg(format!("--user-data-dir={}", profile.display()));
    c
}

/// The share of pixels that differ from the page's most common colour.
pub fn ink(png_path: &Path) -> f64 {
    let decoder = png::Decoder::new(std::io::BufReader::new(
        std::fs::File::open(png_path).unwrap(),
    ));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let channels = info.color_type.samples();
    let pixels: Vec<&[u8]> = buf[..info.buffer_size()].chunks(channels).collect();
    let mut counts: HashMap<&[u8], usize> = HashMap::new();
    for p in &pixels {
        *counts.entry(p).or_default() += 1;
    }
    let background = counts.values().max().copied().unwrap_or(0);
    1.0 - background as f64 / pixels.len().max(1) as f64
}

/// The DOM Chromium built from the page at `url`.
pub fn dom(chrome: &Path, profile: &Path, url: &str) -> String {
    let out = headless(chrome, profile)
        .arg("--dump-dom")
        .arg(url)
        .output()
        .expect("chromium runs");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Screenshot the page at `url` into `shot` and measure its ink; `None` if no
/// screenshot was written.
pub fn screenshot_ink(chrome: &Path, profile: &Path, url: &str, shot: &Path) -> Option<f64> {
    let status = headless(chrome, profile)
        .arg("--window-size=1280,1600")
        .arg(format!("--screenshot={}", shot.display()))
        .arg(url)
        .output()
        .expect("chromium runs");
    (status.status.success() && shot.exists()).then(|| ink(shot))
}

/// Screenshot the page at `url`, `width` pixels wide, into `shot` and measure
/// its ink; `None` if no screenshot was written.
pub fn screenshot_ink_at(
    chrome: &Path,
    profile: &Path,
    url: &str,
    shot: &Path,
    width: u32,
) -> Option<f64> {
    let status = headless(chrome, profile)
        .arg(format!("--window-size={width},1600"))
        .arg(format!("--screenshot={}", shot.display()))
        .arg(url)
        .output()
        .expect("chromium runs");
    (status.status.success() && shot.exists()).then(|| ink(shot))
}

/// What overflows a page `width` pixels wide: the document's scroll width and
/// the elements whose right edge passes the viewport with no ancestor that
/// scrolls or clips them. Headless Chromium lays out no window narrower than
/// 500 px, so the page is opened in a frame `width` pixels wide: a copy of it
/// beside itself measures and posts the result to the frame's parent, which
/// writes it into the DOM that Chromium dumps. The copies are removed.
pub fn overflow(chrome: &Path, profile: &Path, page: &Path, width: u32) -> (u32, Vec<String>) {
    const MEASURE: &str = r#"<script>
(function () {
  function clipped(e) {
    for (var p = e.parentElement; p; p = p.parentElement) {
      var o = getComputedStyle(p).overflowX;
      if (o === "auto" || o === "scroll" || o === "hidden") return true;
    }
    return false;
  }
  window.addEventListener("load", function () {
    var w = document.documentElement.clientWidth, wide = [];
    document.querySelectorAll("body *").forEach(function (e) {
      var r = e.getBoundingClientRect();
      if (r.width > 0 && r.right > w + 1 && !clipped(e)) {
        wide.push(e.tagName.toLowerCase() + (e.className ? "." + e.className : "") + " to " + Math.round(r.right));
      }
    });
    parent.postMessage({ width: w, scroll: document.documentElement.scrollWidth, wide: wide.slice(0, 8).join(" | ") }, "*");
  });
})();
</script>"#;
    let html = std::fs::read_to_string(page).expect("the page");
    let copy = page.with_extension("fit.html");
    let measured = match html.rfind("</body>") {
        Some(at) => format!("{}{MEASURE}{}", &html[..at], &html[at..]),
        None => format!("{html}{MEASURE}"),
    };
    std::fs::write(&copy, measured).expect("the copy");
    let frame = page.with_extension("frame.html");
    let name = copy
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    std::fs::write(
        &frame,
        format!(
            r#"<!DOCTYPE html><meta charset="utf-8"><body style="margin:0">
<iframe src="{name}" style="width:{width}px;height:900px;border:0"></iframe>
<script>window.addEventListener("message", function (m) {{
  var d = document.createElement("div");
  d.id = "urlbnf-fit";
  d.setAttribute("data-width", String(m.data.width));
  d.setAttribute("data-scroll", String(m.data.scroll));
  d.textContent = m.data.wide;
  document.body.appendChild(d);
}});</script>"#
        ),
    )
    .expect("the frame");
    let out = headless(chrome, profile)
        .arg("--window-size=1280,1000")
        .arg("--virtual-time-budget=5000")
        .arg("--dump-dom")
        .arg(format!("file://{}", frame.display()))
        .output()
        .expect("chromium runs");
    let _ = std::fs::remove_file(&copy);
    let _ = std::fs::remove_file(&frame);
    let dom = String::from_utf8_lossy(&out.stdout);
    let tag = dom
        .split("<div id=\"urlbnf-fit\"")
        .nth(1)
        .unwrap_or_else(|| panic!("the measure ran in {}", page.display()));
    let attr = |name: &str| -> u32 {
        tag.split(&format!("{name}=\""))
            .nth(1)
            .and_then(|s| s.split('"').next())
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("{name} measured"))
    };
    assert_eq!(attr("data-width"), width, "the frame is {width} px wide");
    let wide = tag
        .split('>')
        .nth(1)
        .and_then(|s| s.split("</div").next())
        .unwrap_or_default()
        .split(" | ")
        .filter(|s| !s.is_empty())
        .map(String::from)
        .collect();
    (attr("data-scroll"), wide)
}
