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
    ink_in(png_path, 0, u32::MAX)
}

/// [`ink`] of the columns `from..to` of the image.
pub fn ink_in(png_path: &Path, from: u32, to: u32) -> f64 {
    let decoder = png::Decoder::new(std::io::BufReader::new(
        std::fs::File::open(png_path).unwrap(),
    ));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let channels = info.color_type.samples();
    let row = info.width as usize * channels;
    let (from, to) = (from.min(info.width) as usize, to.min(info.width) as usize);
    let pixels: Vec<&[u8]> = buf[..info.buffer_size()]
        .chunks(row)
        .flat_map(|r| r[from * channels..to * channels].chunks(channels))
        .collect();
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

/// What a page is in Chromium, measured at several widths in one run.
pub struct Layout {
    /// Whether the rendered DOM has a `<main>` (no attributes).
    pub main: bool,
    /// `<section class="rule">` elements in the rendered DOM.
    pub sections: usize,
    /// `<svg>` elements in the rendered DOM.
    pub svgs: usize,
    /// At each width asked for: the document's scroll width, and the elements
    /// whose right edge passes the viewport with no ancestor that scrolls or
    /// clips them.
    pub widths: Vec<(u32, Vec<String>)>,
}

/// The [`Layout`] of `page` at each of `widths`, from one Chromium run.
/// Headless Chromium lays out no window narrower than 500 px, so the page is
/// opened in frames of the widths: a copy of it with a measuring script posts
/// what it finds to the frames' parent, which writes it into the DOM that
/// Chromium dumps. The copies are removed.
pub fn layout(chrome: &Path, profile: &Path, page: &Path, widths: &[u32]) -> Layout {
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
    var main = Array.prototype.some.call(document.getElementsByTagName("main"), function (m) {
      return m.attributes.length === 0;
    });
    parent.postMessage({
      width: w,
      scroll: document.documentElement.scrollWidth,
      wide: wide.slice(0, 8).join(" | "),
      main: main ? 1 : 0,
      sections: document.querySelectorAll('section[class="rule"]').length,
      svgs: document.getElementsByTagName("svg").length
    }, "*");
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
    let frames: String = widths
        .iter()
        .map(|w| {
            format!(r#"<iframe src="{name}" style="width:{w}px;height:900px;border:0"></iframe>"#)
        })
        .collect();
    std::fs::write(
        &frame,
        format!(
            r#"<!DOCTYPE html><meta charset="utf-8"><body style="margin:0">{frames}
<script>window.addEventListener("message", function (m) {{
  var d = document.createElement("div");
  d.className = "urlbnf-fit";
  ["width", "scroll", "main", "sections", "svgs"].forEach(function (k) {{
    d.setAttribute("data-" + k, String(m.data[k]));
  }});
  d.textContent = m.data.wide;
  document.body.appendChild(d);
}});</script>"#
        ),
    )
    .expect("the frame");
    let out = headless(chrome, profile)
        .arg(format!(
            "--window-size={},1000",
            widths.iter().sum::<u32>() + 100
        ))
        .arg("--virtual-time-budget=5000")
        .arg("--dump-dom")
        .arg(format!("file://{}", frame.display()))
        .output()
        .expect("chromium runs");
    let _ = std::fs::remove_file(&copy);
    let _ = std::fs::remove_file(&frame);
    let dom = String::from_utf8_lossy(&out.stdout);
    let tags: Vec<&str> = dom.split("<div class=\"urlbnf-fit\"").skip(1).collect();
    assert_eq!(
        tags.len(),
        widths.len(),
        "the measure ran in {}",
        page.display()
    );
    let attr = |tag: &str, name: &str| -> u32 {
        tag.split(&format!("{name}=\""))
            .nth(1)
            .and_then(|s| s.split('"').next())
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("{name} measured"))
    };
    let mut by_width: Vec<(u32, (u32, Vec<String>))> = tags
        .iter()
        .map(|tag| {
            let wide = tag
                .split('>')
                .nth(1)
                .and_then(|s| s.split("</div").next())
                .unwrap_or_default()
                .split(" | ")
                .filter(|s| !s.is_empty())
                .map(String::from)
                .collect();
            (attr(tag, "data-width"), (attr(tag, "data-scroll"), wide))
        })
        .collect();
    by_width.sort_by_key(|(w, _)| widths.iter().position(|x| x == w));
    let measured: Vec<u32> = by_width.iter().map(|(w, _)| *w).collect();
    assert_eq!(measured, widths, "the frames are as wide as asked");
    let first = tags.first().copied().unwrap_or_default();
    Layout {
        main: attr(first, "data-main") == 1,
        sections: attr(first, "data-sections") as usize,
        svgs: attr(first, "data-svgs") as usize,
        widths: by_width.into_iter().map(|(_, m)| m).collect(),
    }
}

/// Screenshot `page` at each of `widths` in one Chromium run (frames side by
/// side, each 1600 px tall) into `shot`, and measure each frame's ink; `None`
/// if no screenshot was written.
pub fn screenshot_inks(
    chrome: &Path,
    profile: &Path,
    page: &Path,
    shot: &Path,
    widths: &[u32],
) -> Option<Vec<f64>> {
    let frame = page.with_extension("shot.html");
    let name = page
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let frames: String = widths
        .iter()
        .map(|w| format!(r#"<iframe src="{name}" style="width:{w}px;height:1600px;border:0;flex:none"></iframe>"#))
        .collect();
    std::fs::write(
        &frame,
        format!(r#"<!DOCTYPE html><meta charset="utf-8"><body style="margin:0;display:flex">{frames}</body>"#),
    )
    .expect("the frame");
    let status = headless(chrome, profile)
        .arg(format!("--window-size={},1600", widths.iter().sum::<u32>()))
        .arg("--virtual-time-budget=5000")
        .arg(format!("--screenshot={}", shot.display()))
        .arg(format!("file://{}", frame.display()))
        .output()
        .expect("chromium runs");
    let _ = std::fs::remove_file(&frame);
    if !(status.status.success() && shot.exists()) {
        return None;
    }
    let mut x = 0;
    Some(
        widths
            .iter()
            .map(|&w| {
                let ink = ink_in(shot, x, x + w);
                x += w;
                ink
            })
            .collect(),
    )
}

/// The pixels of `png_path` from (`x`, 0), `width` by `height`, as RGB.
pub fn crop_rgb(png_path: &Path, x: u32, width: u32, height: u32) -> Option<Vec<u8>> {
    let mut decoder =
        png::Decoder::new(std::io::BufReader::new(std::fs::File::open(png_path).ok()?));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().ok()?;
    let mut buf = vec![0; reader.output_buffer_size()?];
    let info = reader.next_frame(&mut buf).ok()?;
    let channels = info.color_type.samples();
    if channels < 3 || x + width > info.width || height > info.height {
        return None;
    }
    let row = info.width as usize * channels;
    let mut out = Vec::with_capacity((width * height * 3) as usize);
    for r in buf.chunks(row).take(height as usize) {
        for p in r[x as usize * channels..(x + width) as usize * channels].chunks(channels) {
            out.extend_from_slice(&p[..3]);
        }
    }
    Some(out)
}

/// Writes RGB pixels as a PNG.
pub fn write_rgb(path: &Path, width: u32, height: u32, rgb: &[u8]) {
    let file = std::io::BufWriter::new(std::fs::File::create(path).expect("the picture"));
    let mut encoder = png::Encoder::new(file, width, height);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::High);
    let mut writer = encoder.write_header().expect("a PNG header");
    writer.write_image_data(rgb).expect("the pixels");
}
