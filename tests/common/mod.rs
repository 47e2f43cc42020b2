//! What the tests and benchmarks share: the seed corpus and seeded strings
//! derived from a rule (valid by construction), each sequence reproducible
//! from its seed.
#![allow(dead_code)] // each test file uses part of it

pub mod browser;

use arbitrary::{Arbitrary, Unstructured};
use rand::rngs::StdRng;
use rand::{Rng, RngCore, SeedableRng};
use urlbnf::Edition;
use urlbnf::engine::Generator;

/// The notes a fix carries (`check`'s and `report`'s `fix`), each quoting
/// the edition's own document.
pub const FIX_NOTES: [&str; 7] = [
    "gen-delim-data",
    "ip-literal",
    "zone-id",
    "white-space",
    "relative-only",
    "colon-segment",
    "idna",
];

/// Where the seed documents are: `../shared/seeds` beside the repository, or
/// `URLBNF_SEEDS`. Without them a test that reads them says SKIPPED and
/// passes, except under CI, where it fails.
pub fn seeds_dir() -> Option<std::path::PathBuf> {
    let dir = std::env::var_os("URLBNF_SEEDS")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| {
            std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/seeds")
        });
    if dir.is_dir() {
        return Some(dir);
    }
    skip_seeds(&dir);
    None
}

/// What every test that reads the seeds says without them: what they are,
/// where they come from, how to point the tests at them.
pub fn skip_seeds(dir: &std::path::Path) {
    skip(
        &format!(
            "no seed documents at {} (the seeds are the documents urlbnf transcribes, as \
             captured plain text: the 1993 and 1994 URL Internet-Drafts, RFC 1630, RFC 1738, \
             RFC 2396's Appendix A and RFC 3986; their README.md maps files to editions, and \
             each grammar/<id>.toml names its `seed`)",
            dir.display()
        ),
        "they are kept beside the repository, in ../shared/seeds; the RFCs are published at \
         https://www.rfc-editor.org/rfc/ and the drafts in the IETF's Internet-Draft archive, \
         but the tests quote the captured files. Put the folder at ../shared/seeds or set \
         URLBNF_SEEDS=/path/to/seeds",
    );
}

/// A test that cannot run here for want of `what`: under CI (`CI` set) a
/// failure saying what to install; elsewhere a line cargo shows whatever it
/// captures (written to standard error directly, not through `eprintln!`).
pub fn skip(what: &str, install: &str) {
    assert!(
        std::env::var_os("CI").is_none(),
        "CI must have this: {what}; {install}"
    );
    let test = std::thread::current()
        .name()
        .unwrap_or("a test")
        .to_string();
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "SKIPPED {test}: {what} ({install})");
}

/// An edition's descriptor, `grammar/<id>.toml`, as TOML.
pub fn descriptor(edition: Edition) -> toml::Table {
    let path = format!(
        "{}/grammar/{}.toml",
        env!("CARGO_MANIFEST_DIR"),
        edition.id()
    );
    let text = std::fs::read_to_string(&path).unwrap();
    text.parse().unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The seed file an edition is transcribed from (its descriptor's `seed`;
/// `shared/seeds/README.md` maps them).
pub fn seed_file(edition: Edition) -> String {
    descriptor(edition)["seed"].as_str().unwrap().to_string()
}

/// The edition's place among all, oldest first (a seed for generators).
pub fn ordinal(edition: Edition) -> u64 {
    Edition::ALL.iter().position(|e| *e == edition).unwrap() as u64
}

/// The editions by name, for tests that list them (`use crate::common::editions::*`).
#[allow(non_upper_case_globals, dead_code)]
pub mod editions {
    use urlbnf::Edition;
    pub const Draft1993: Edition = Edition::Draft1993;
    pub const Draft1994: Edition = Edition::Draft1994;
    pub const Rfc1630Uri: Edition = Edition::Rfc1630Uri;
    pub const Rfc1630Url: Edition = Edition::Rfc1630Url;
    pub const Rfc1738: Edition = Edition::Rfc1738;
    pub const Rfc2396: Edition = Edition::Rfc2396;
    pub const Rfc3986: Edition = Edition::Rfc3986;
}

/// The seed corpus (`tests/corpus/seed-urls.txt`): every URL example of the seed
/// documents, in order, comments and blank lines left out.
pub fn corpus() -> Vec<&'static str> {
    include_str!("../corpus/seed-urls.txt")
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect()
}

/// A seeded source of entropy: each draw refills a buffer from the generator
/// and reads it as `arbitrary` input.
pub struct Seeded {
    rng: StdRng,
    entropy: Vec<u8>,
}

impl Seeded {
    /// A source seeded with `seed`, drawing `len` bytes at a time.
    pub fn new(seed: u64, len: usize) -> Seeded {
        Seeded {
            rng: StdRng::seed_from_u64(seed),
            entropy: vec![0u8; len],
        }
    }

    /// The random number generator, for choices between draws.
    pub fn rng(&mut self) -> &mut StdRng {
        &mut self.rng
    }

    /// Fresh entropy, as `arbitrary` input.
    pub fn draw(&mut self) -> Unstructured<'_> {
        self.rng.fill_bytes(&mut self.entropy);
        Unstructured::new(&self.entropy)
    }

    /// The entropy of the last draw, read again, and the generator.
    pub fn current(&mut self) -> (Unstructured<'_>, &mut StdRng) {
        (Unstructured::new(&self.entropy), &mut self.rng)
    }

    /// One string derived from `rule` by the generator.
    pub fn derive(&mut self, generator: &Generator, rule: &str) -> String {
        let mut u = self.draw();
        generator
            .generate(rule, &mut u)
            .unwrap_or_else(|e| panic!("generating {rule}: {e}"))
    }
}

/// `n` strings derived from a rule, from `seed`.
pub fn samples(edition: Edition, rule: &str, n: usize, seed: u64) -> Vec<String> {
    let generator = Generator::new(edition);
    let mut seeded = Seeded::new(seed, 256);
    (0..n).map(|_| seeded.derive(&generator, rule)).collect()
}

/// Insta settings for the project's snapshots: `snapshots/<name>.snap`.
pub fn snapshot_settings() -> insta::Settings {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../snapshots");
    settings.set_prepend_module_to_snapshot(false);
    settings
}

/// Run the `urlbnf` binary with `stdin` written by a thread of its own (so a
/// large input never blocks on a full output pipe); all of it must be read.
pub fn run_urlbnf(args: &[&str], stdin: &[u8]) -> std::process::Output {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_urlbnf"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("urlbnf runs");
    let mut input = child.stdin.take().expect("stdin");
    let bytes = stdin.to_vec();
    let writer = std::thread::spawn(move || input.write_all(&bytes));
    let out = child.wait_with_output().expect("urlbnf ends");
    // A command that reads no input may end before it is written.
    if let Err(e) = writer.join().expect("writer") {
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "stdin written");
    }
    out
}

/// One input of the robust corpus: raw arbitrary text, a derived string, or a derived string cut and
/// spliced with arbitrary text.
pub fn robust_input(rule: &str, generator: &Generator, seeded: &mut Seeded) -> String {
    seeded.draw();
    let (mut u, rng) = seeded.current();
    match rng.gen_range(0..3) {
        0 => String::arbitrary(&mut u).unwrap_or_default(),
        1 => generator.generate(rule, &mut u).unwrap_or_default(),
        _ => {
            let derived = generator.generate(rule, &mut u).unwrap_or_default();
            let noise = String::arbitrary(&mut u).unwrap_or_default();
            let boundaries: Vec<usize> = derived
                .char_indices()
                .map(|(i, _)| i)
                .chain([derived.len()])
                .collect();
            let cut = boundaries[rng.gen_range(0..boundaries.len())];
            format!("{}{noise}{}", &derived[..cut], &derived[cut..])
        }
    }
}

/// A new pseudo-terminal: its controlling side, and the side a child is given
/// as a standard stream.
pub fn pty() -> (std::fs::File, std::os::fd::OwnedFd) {
    use std::os::fd::{FromRawFd, OwnedFd};
    let (mut master, mut slave) = (0, 0);
    // SAFETY: openpty writes two new descriptors, owned below.
    let opened = unsafe {
        libc::openpty(
            &mut master,
            &mut slave,
            std::ptr::null_mut(),
            std::ptr::null(),
            std::ptr::null(),
        )
    };
    assert_eq!(opened, 0, "openpty");
    // SAFETY: both descriptors are fresh and owned here alone.
    unsafe {
        (
            std::fs::File::from_raw_fd(master),
            OwnedFd::from_raw_fd(slave),
        )
    }
}

/// The CPU time this thread has used: what its own work costs, which other
/// programs on a busy machine do not add to (wall-clock time they do).
pub fn thread_cpu() -> std::time::Duration {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes the timespec it is given.
    let ok = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) } == 0;
    assert!(ok, "the thread's CPU clock");
    std::time::Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}

/// Whether `work(n)` grows at most linearly from `n` to `8 * n`: in CPU time,
/// at most 3 times the 8-fold (a run under 2 ms at `8 * n` is too short to
/// measure and passes), the least of three runs of each size. A size pair
/// that grows too fast is measured again, twice at most: a pause of a busy
/// machine makes one measurement slow, a quadratic algorithm every one.
pub fn grows_linearly(mut work: impl FnMut(usize), n: usize) -> Result<(), String> {
    let mut time = |size: usize| {
        (0..3)
            .map(|_| {
                let start = thread_cpu();
                work(size);
                thread_cpu().saturating_sub(start)
            })
            .min()
            .unwrap_or_default()
    };
    let mut last = String::new();
    for _ in 0..3 {
        let (small, large) = (time(n), time(8 * n));
        if large.as_micros() < 2_000 || large <= small * 24 {
            return Ok(());
        }
        last = format!("{small:?} at {n}, {large:?} at {}", 8 * n);
    }
    Err(last)
}
