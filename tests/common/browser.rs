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
