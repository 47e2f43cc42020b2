//! The command as a user runs it: `urlbnf check` (text, `--json`, `--quiet`),
//! `urlbnf parse --json` and `urlbnf compare --json` on one generated file of
//! 1,000,000 RFC 1738 http URLs, beside a `url`-crate loop that reads the same
//! lines and parses each (run as its own process, like the others). The
//! commands take turns, a run of each a round (three rounds; five on one
//! core): a row's wall time is the median of its runs, a ratio the median of
//! the rounds' ratios, each of two runs made close together. Peak memory is
//! each process's maximum resident set.
//!
//! Last, `conform`: its suite built, and runs over real line-filter peers
//! beside each peer's own time on the same inputs.
//!
//! Run: `cargo bench --bench process` (URLBNF_BENCH_LINES sets the line count).
//! It prints ratios to the `url` loop; it asserts nothing about time.

#[path = "../tests/common/mod.rs"]
mod common;

use std::collections::HashMap;
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use urlbnf::Edition;

/// Set in the child that runs the `url` loop.
const URL_LOOP: &str = "URLBNF_BENCH_URL_LOOP";
/// Set in the child that writes the input file, so the parent stays small (a
/// child's peak memory starts from its parent's at fork).
const GENERATE: &str = "URLBNF_BENCH_GENERATE";

/// Read lines, parse each with the `url` crate, count: the reference program.
fn url_loop(path: &Path) -> std::io::Result<()> {
    let mut input = BufReader::new(std::fs::File::open(path)?);
    let (mut line, mut ok, mut bad) = (Vec::new(), 0u64, 0u64);
    while input.read_until(b'\n', &mut line)? > 0 {
        let text = std::str::from_utf8(&line)
            .unwrap_or("")
            .trim_end_matches(['\n', '\r']);
        match url::Url::parse(text) {
            Ok(_) => ok += 1,
            Err(_) => bad += 1,
        }
        line.clear();
    }
    println!("{ok} parsed, {bad} not");
    Ok(())
}

/// Write `lines` generated URLs to `path` (seeded: every run reads the same).
fn generate(path: &Path, lines: usize) -> std::io::Result<()> {
    let tmp = path.with_extension("tmp");
    let mut out = BufWriter::new(std::fs::File::create(&tmp)?);
    for url in common::samples(Edition::Rfc1738, "httpurl", lines, 1994) {
        writeln!(out, "{url}")?;
    }
    out.flush()?;
    std::fs::rename(&tmp, path)
}

/// The input file, generated once by a child process.
fn input(lines: usize) -> std::io::Result<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let path = dir.join(format!("http-{lines}.txt"));
    if !path.exists() {
        let status = Command::new(std::env::current_exe()?)
            .env(GENERATE, lines.to_string())
            .env("URLBNF_BENCH_PATH", &path)
            .status()?;
        if !status.success() {
            return Err(std::io::Error::other("generating the input failed"));
        }
    }
    Ok(path)
}

/// One process run: wall time and peak resident memory (KiB), from `wait4`.
fn measure(cmd: &mut Command, input: &Path) -> std::io::Result<(Duration, u64)> {
    let start = Instant::now();
    let child = cmd
        .stdin(std::fs::File::open(input)?)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()?;
    let pid = child.id() as libc::pid_t;
    let mut status = 0;
    // SAFETY: `rusage` is plain data; wait4 fills it for the child we spawned
    // (and reaps it, so `child` is never waited on again).
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let rc = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    let elapsed = start.elapsed();
    if rc != pid {
        return Err(std::io::Error::last_os_error());
    }
    Ok((elapsed, usage.ru_maxrss as u64))
}

fn median(mut runs: Vec<(Duration, u64)>) -> (Duration, u64) {
    runs.sort();
    let peak = runs.iter().map(|r| r.1).max().unwrap_or(0);
    (
        runs.get(runs.len() / 2).map_or(Duration::ZERO, |r| r.0),
        peak,
    )
}

/// Wall time and peak memory of each run, by command.
type Runs<'a> = HashMap<&'a str, Vec<(Duration, u64)>>;

/// The `url` loop and each of `runs` (the `report` ones where the binary
/// has `report`), `rounds` times, taking turns (a run of each a round), so
/// that a machine that speeds up or slows down between runs (a shared one
/// does, by a third) moves every command alike. `program` makes the command
/// of a binary (pinned to a core, or not); `also` ends each urlbnf command.
fn take_turns<'a>(
    rounds: usize,
    file: &Path,
    (urlbnf, exe): (&str, &Path),
    runs: &[(&'a str, Vec<&str>)],
    program: &dyn Fn(&Path) -> Command,
    also: &[&str],
) -> std::io::Result<Runs<'a>> {
    let report = has_report(urlbnf);
    let runs: Vec<_> = runs
        .iter()
        .filter(|(name, _)| report || !name.starts_with("report"))
        .collect();
    let mut times = Runs::new();
    for _ in 0..rounds {
        let mut reference = program(exe);
        reference.env(URL_LOOP, file);
        let run = measure(&mut reference, file)?;
        times.entry("url loop").or_default().push(run);
        for (name, args) in &runs {
            let mut command = program(Path::new(urlbnf));
            command.args(args).args(also);
            times
                .entry(*name)
                .or_default()
                .push(measure(&mut command, file)?);
        }
    }
    Ok(times)
}

/// `a`'s time over `b`'s, round by round (each pair ran in the same round),
/// the median of the rounds; "-" where either was not run.
fn paired(runs: &Runs<'_>, a: &str, b: &str) -> String {
    let (Some(a), Some(b)) = (runs.get(a), runs.get(b)) else {
        return "-".to_string();
    };
    let mut ratios: Vec<f64> = a
        .iter()
        .zip(b)
        .map(|(a, b)| a.0.as_secs_f64() / b.0.as_secs_f64().max(1e-9))
        .collect();
    ratios.sort_by(f64::total_cmp);
    ratios
        .get(ratios.len() / 2)
        .map_or("-".to_string(), |r| format!("{r:.2}x"))
}

fn main() -> std::io::Result<()> {
    if let Some(path) = std::env::var_os(URL_LOOP) {
        return url_loop(Path::new(&path));
    }
    if let (Some(n), Some(path)) = (
        std::env::var_os(GENERATE),
        std::env::var_os("URLBNF_BENCH_PATH"),
    ) {
        let lines = n.to_str().and_then(|n| n.parse().ok()).unwrap_or(0);
        return generate(Path::new(&path), lines);
    }
    let lines = std::env::var("URLBNF_BENCH_LINES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1_000_000);
    let file = input(lines)?;
    let urlbnf = env!("CARGO_BIN_EXE_urlbnf");
    let rfc1738 = ["--grammar", "rfc1738"];
    let runs: Vec<(&str, Vec<&str>)> = vec![
        (
            "check (text)",
            [&["check"][..], &rfc1738, &["--rule", "httpurl"]].concat(),
        ),
        (
            "check --json",
            [&["check", "--json"][..], &rfc1738, &["--rule", "httpurl"]].concat(),
        ),
        (
            "check --quiet",
            [&["check", "--quiet"][..], &rfc1738, &["--rule", "httpurl"]].concat(),
        ),
        (
            "check --jobs 1",
            [
                &["check", "--jobs", "1"][..],
                &rfc1738,
                &["--rule", "httpurl"],
            ]
            .concat(),
        ),
        (
            "check --jobs 2",
            [
                &["check", "--jobs", "2"][..],
                &rfc1738,
                &["--rule", "httpurl"],
            ]
            .concat(),
        ),
        (
            "parse --json",
            [&["parse", "--json"][..], &rfc1738].concat(),
        ),
        // The later editions against RFC 1738, each by its whole-URL rule.
        (
            "check -q rfc1738",
            vec!["check", "--quiet", "--grammar", "rfc1738"],
        ),
        (
            "check -q rfc2396",
            vec!["check", "--quiet", "--grammar", "rfc2396"],
        ),
        (
            "check -q rfc3986",
            vec!["check", "--quiet", "--grammar", "rfc3986"],
        ),
        // The meaning commands on the same lines, against check --quiet of
        // the rule they read by (rfc3986's URI): normalize checks each line
        // then normalizes it; resolve takes each line as a reference.
        (
            "check -q rfc3986 URI",
            vec!["check", "--quiet", "--grammar", "rfc3986", "--rule", "URI"],
        ),
        ("normalize", vec!["normalize"]),
        ("normalize scheme", vec!["normalize", "--level", "scheme"]),
        ("resolve rfc3986", vec!["resolve", "http://a/b/c/d;p?q"]),
        // `report` against what it adds to: the same verdicts, counted only;
        // and without the WHATWG reading it counts beside them.
        ("check --quiet, all", vec!["check", "--quiet"]),
        ("report, all", vec!["report"]),
        ("report, no whatwg", vec!["report", "--no-whatwg"]),
    ];
    let exe = std::env::current_exe()?;
    let plain = |program: &Path| Command::new(program);
    let times = take_turns(3, &file, (urlbnf, &exe), &runs, &plain, &[])?;
    let reference = times
        .get("url loop")
        .cloned()
        .map_or_else(|| (Duration::ZERO, 0), median);
    println!(
        "{lines} RFC 1738 http URLs, {} cores",
        std::thread::available_parallelism().map_or(1, |n| n.get())
    );
    println!(
        "{:<18} {:>9} {:>10} {:>12}",
        "command", "time", "vs url", "peak memory"
    );
    let row = |name: &str, (t, kb): (Duration, u64)| {
        println!(
            "{name:<18} {:>8.2}s {:>9.2}x {:>9.1} MB",
            t.as_secs_f64(),
            t.as_secs_f64() / reference.0.as_secs_f64().max(1e-9),
            kb as f64 / 1024.0
        );
    };
    row("url loop", reference);
    for (name, _) in &runs {
        if let Some(r) = times.get(name) {
            row(name, median(r.clone()));
        }
    }
    println!(
        "report / check --quiet (all editions): {}",
        paired(&times, "report, all", "check --quiet, all")
    );
    for later in ["check -q rfc2396", "check -q rfc3986"] {
        let r = paired(&times, later, "check -q rfc1738");
        println!("{later} / check -q rfc1738: {r}");
    }
    for meaning in ["normalize", "normalize scheme", "resolve rfc3986"] {
        let r = paired(&times, meaning, "check -q rfc3986 URI");
        println!("{meaning} / check -q rfc3986 URI: {r}");
    }
    one_core(urlbnf, &exe, &file)?;
    growth(urlbnf)?;
    conform(urlbnf)
}

/// `conform`: the suite of rfc3986 URI-reference built and written
/// (`--export`), and runs over real line-filter peers beside each peer's own
/// time on the same inputs in the same batches of 1000: awk with urlbnf's
/// POSIX expression for URI-reference (it agrees: no shrinking), and
/// Python's ipaddress on IPv6address (it departs: shrinking asks it more).
fn conform(urlbnf: &str) -> std::io::Result<()> {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let null = Path::new("/dev/null");
    let time =
        |cmd: &mut dyn FnMut() -> Command, input: &Path| -> std::io::Result<(Duration, u64)> {
            Ok(median(
                (0..5)
                    .map(|_| measure(&mut cmd(), input))
                    .collect::<Result<_, _>>()?,
            ))
        };
    println!(
        "
{:<40} {:>9} {:>12}",
        "conform", "time", "peak memory"
    );
    let suite = dir.join("conform-uri-reference.jsonl");
    let export = time(
        &mut || {
            let mut c = Command::new(urlbnf);
            c.args([
                "conform",
                "--grammar",
                "rfc3986",
                "--rule",
                "URI-reference",
                "--export",
            ])
            .arg(&suite);
            c
        },
        null,
    )?;
    println!(
        "{:<40} {:>8.3}s {:>9.1} MB",
        "suite of URI-reference, --export",
        export.0.as_secs_f64(),
        export.1 as f64 / 1024.0
    );
    let pattern = Command::new(urlbnf)
        .args([
            "regex",
            "--grammar",
            "rfc3986",
            "--rule",
            "URI-reference",
            "--flavor",
            "posix",
        ])
        .output()?;
    let pattern = String::from_utf8_lossy(&pattern.stdout).trim().to_string();
    let ipaddress = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/conform/python/ipaddress_check.py"
    );
    let peers: [(&str, &str, Vec<String>); 2] = [
        (
            "awk, URI-reference",
            "URI-reference",
            vec![
                "awk".into(),
                "-v".into(),
                format!("re={pattern}"),
                "{print ($0 ~ re) ? 1 : 0}".into(),
            ],
        ),
        (
            "python3 ipaddress, IPv6address",
            "IPv6address",
            vec!["python3".into(), ipaddress.into(), "6".into()],
        ),
    ];
    for (name, rule, peer) in peers {
        let Some((program, args)) = peer.split_first() else {
            continue;
        };
        if Command::new(program).arg("--version").output().is_err() {
            println!("{name}: no {program}, left out");
            continue;
        }
        // The suite's inputs, in conform's batches of 1000.
        let inputs = dir.join(format!("conform-{rule}.jsonl"));
        Command::new(urlbnf)
            .args([
                "conform",
                "--grammar",
                "rfc3986",
                "--rule",
                rule,
                "--export",
            ])
            .arg(&inputs)
            .output()?;
        let lines: Vec<String> = std::fs::read_to_string(&inputs)?
            .lines()
            .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
            .filter_map(|v| v["input"].as_str().map(str::to_string))
            .collect();
        let mut batches = Vec::new();
        for (k, chunk) in lines.chunks(1000).enumerate() {
            let path = dir.join(format!("conform-{rule}-{k}.txt"));
            std::fs::write(
                &path,
                chunk.iter().map(|l| format!("{l}\n")).collect::<String>(),
            )?;
            batches.push(path);
        }
        let (mut alone, mut peak) = (Duration::ZERO, 0);
        for b in &batches {
            let (t, kb) = time(
                &mut || {
                    let mut c = Command::new(program);
                    c.args(args);
                    c
                },
                b,
            )?;
            alone += t;
            peak = peak.max(kb);
        }
        let run = time(
            &mut || {
                let mut c = Command::new(urlbnf);
                c.args(["conform", "--grammar", "rfc3986", "--rule", rule, "--"])
                    .arg(program)
                    .args(args);
                c
            },
            null,
        )?;
        println!(
            "{:<40} {:>8.3}s {:>9.1} MB",
            format!("{name}: the peer alone ({} inputs)", lines.len()),
            alone.as_secs_f64(),
            peak as f64 / 1024.0
        );
        println!(
            "{:<40} {:>8.3}s {:>9.1} MB   {:.2}x the peer alone",
            format!("{name}: conform"),
            run.0.as_secs_f64(),
            run.1 as f64 / 1024.0,
            run.0.as_secs_f64() / alone.as_secs_f64().max(1e-9)
        );
    }
    Ok(())
}

/// The same commands pinned to one core (`taskset -c 0`, `--jobs 1`): what
/// one core does, beside the `url` loop pinned alike, in bytes per second and
/// per cycle at the clock /proc/cpuinfo reports; then four ratios: `check`
/// of one URL under every edition against `compare` of it, every edition
/// against one, `report --no-whatwg` against `check --quiet`, and `report`
/// against the `url` loop; and `normalize` and `resolve` against `check
/// --quiet` of the rule they read by.
fn one_core(urlbnf: &str, exe: &Path, file: &Path) -> std::io::Result<()> {
    if !Command::new("taskset")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success())
    {
        println!("\nno taskset: the one-core rows are left out");
        return Ok(());
    }
    let pinned = |program: &Path| {
        let mut c = Command::new("taskset");
        c.args(["-c", "0"]).arg(program);
        c
    };
    let bytes = std::fs::metadata(file)?.len() as f64;
    let mhz = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find(|l| l.starts_with("cpu MHz"))
                .and_then(|l| l.split(':').nth(1))
                .and_then(|v| v.trim().parse::<f64>().ok())
        })
        .unwrap_or(0.0);
    let httpurl = ["--grammar", "rfc1738", "--rule", "httpurl"];
    let runs: [(&str, Vec<&str>); 9] = [
        (
            "check --quiet",
            [&["check", "--quiet"][..], &httpurl].concat(),
        ),
        (
            "report --no-whatwg",
            [&["report", "--no-whatwg"][..], &httpurl].concat(),
        ),
        (
            "check --quiet, rfc3986",
            vec!["check", "--quiet", "--grammar", "rfc3986"],
        ),
        ("check --quiet, all", vec!["check", "--quiet"]),
        ("report --no-whatwg, all", vec!["report", "--no-whatwg"]),
        // With the WHATWG reading: one `url` parse an input, beside the
        // reference loop's.
        ("report, all", vec!["report"]),
        // What RFC 3986 §5.2 and §6.2.2 add to the walk that decides.
        (
            "check --quiet, URI",
            vec!["check", "--quiet", "--grammar", "rfc3986", "--rule", "URI"],
        ),
        ("normalize", vec!["normalize"]),
        ("resolve", vec!["resolve", "http://a/b/c/d;p?q"]),
    ];
    let times = take_turns(5, file, (urlbnf, exe), &runs, &pinned, &["--jobs", "1"])?;
    let reference = times
        .get("url loop")
        .cloned()
        .map_or((Duration::ZERO, 0), median);
    println!("\none core ({mhz:.0} MHz), --jobs 1");
    println!(
        "{:<24} {:>9} {:>8} {:>9} {:>11} {:>12}",
        "command", "time", "vs url", "MB/s", "bytes/cycle", "peak memory"
    );
    let row = |name: &str, (t, kb): (Duration, u64)| {
        let rate = bytes / t.as_secs_f64().max(1e-9);
        println!(
            "{name:<24} {:>8.3}s {:>7.2}x {:>9.0} {:>11.2} {:>9.1} MB",
            t.as_secs_f64(),
            t.as_secs_f64() / reference.0.as_secs_f64().max(1e-9),
            rate / 1e6,
            if mhz > 0.0 {
                rate / (mhz * 1e6)
            } else {
                f64::NAN
            },
            kb as f64 / 1024.0
        );
    };
    row("url loop", reference);
    for (name, _) in &runs {
        if let Some(r) = times.get(name) {
            row(name, median(r.clone()));
        }
    }
    // One URL as an argument, each a process: what a shell loop, a hook or
    // an editor pays per URL, all seven editions against `compare` (pest's
    // parsers, no automata), median of 21.
    let url = "http://www.w3.org/Addressing/";
    let once = |args: &[&str]| -> std::io::Result<Duration> {
        let runs = (0..21)
            .map(|_| {
                let mut c = pinned(Path::new(urlbnf));
                c.args(args);
                measure(&mut c, Path::new("/dev/null"))
            })
            .collect::<Result<_, _>>()?;
        Ok(median(runs).0)
    };
    let (check_one, compare_one) = (once(&["check", url])?, once(&["compare", url])?);
    println!(
        "one URL ({url}): check, all editions {:.1} ms; compare {:.1} ms",
        check_one.as_secs_f64() * 1e3,
        compare_one.as_secs_f64() * 1e3
    );
    let ratio = |a: &str, b: &str| paired(&times, a, b);
    println!(
        "check of one URL / compare: {:.2}x",
        check_one.as_secs_f64() / compare_one.as_secs_f64().max(1e-9)
    );
    println!(
        "all editions / one (check --quiet, rfc3986): {}",
        ratio("check --quiet, all", "check --quiet, rfc3986")
    );
    println!(
        "report --no-whatwg / check --quiet: {} (httpurl), {} (all editions)",
        ratio("report --no-whatwg", "check --quiet"),
        ratio("report --no-whatwg, all", "check --quiet, all")
    );
    println!(
        "report / url loop (all editions): {}",
        ratio("report, all", "url loop")
    );
    println!(
        "normalize, resolve / check --quiet (rfc3986 URI): {}, {}",
        ratio("normalize", "check --quiet, URI"),
        ratio("resolve", "check --quiet, URI")
    );
    Ok(())
}

/// Time and memory on the worst inputs known for paths that were once
/// quadratic, from 100 KB to 1.6 MB: a linear path doubles (or less) per
/// doubling of its input.
fn growth(urlbnf: &str) -> std::io::Result<()> {
    type Text = fn(usize) -> String;
    let cases: [(&str, Vec<&str>, Text); 2] = [
        // A wrapped URL broken after a hyphen on every line.
        ("extract, hyphen breaks", vec!["extract"], |bytes| {
            format!("<URL:http://a/{}c>\n", "b-\n".repeat(bytes / 3))
        }),
        // A long path, then as many "../" as it has elements.
        (
            "resolve, libwww",
            vec!["resolve", "--rules", "libwww-1993", "http://h/a"],
            |bytes| format!("{}{}\n", "d/".repeat(bytes / 5), "../".repeat(bytes / 5)),
        ),
    ];
    println!(
        "\n{:<24} {:>7} {:>9} {:>12} {:>14}",
        "growth", "input", "time", "peak memory", "per doubling"
    );
    for (name, args, text) in cases {
        let mut last: Option<(Duration, u64)> = None;
        for kb in [100, 200, 400, 800, 1600] {
            let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("growth-{kb}.txt"));
            std::fs::write(&path, text(kb * 1024))?;
            let m = median(
                (0..3)
                    .map(|_| measure(Command::new(urlbnf).args(&args), &path))
                    .collect::<Result<_, _>>()?,
            );
            let ratio = last.map_or(String::new(), |(t, kb0)| {
                format!(
                    "{:.2}x, {:.2}x",
                    m.0.as_secs_f64() / t.as_secs_f64().max(1e-9),
                    m.1 as f64 / kb0.max(1) as f64
                )
            });
            println!(
                "{name:<24} {:>5} KB {:>8.3}s {:>9.1} MB {ratio:>14}",
                kb,
                m.0.as_secs_f64(),
                m.1 as f64 / 1024.0
            );
            last = Some(m);
        }
    }
    Ok(())
}

/// Whether this build of urlbnf has the `report` command.
fn has_report(urlbnf: &str) -> bool {
    Command::new(urlbnf)
        .args(["report", "--help"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}
