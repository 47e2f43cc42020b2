//! Throughput of verdicts and full parses, per edition, against the `url` crate's
//! `Url::parse` on the same inputs in the same run.
//!
//! Inputs: (a) the seed corpus; (b) 100,000 URLs derived from a scheme rule and
//! parsed by `url` too (RFC 1738 `httpurl` and `ftpurl`, draft-1993 `httpaddress`,
//! draft-1994 `ftpaddress`), every engine; (c) for every scheme rule of every
//! edition, 10,000 such URLs, the AST against `url`; (d) adversarial inputs of
//! 10 KB, 100 KB and 1 MB.

#[path = "../tests/common/mod.rs"]
mod common;

use std::hint::black_box;
use std::time::Duration;

use common::{corpus, samples};
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use urlbnf::{Edition, Engine, ast, check};

const GENERATED: usize = 100_000;

/// `n` URLs derived from the rule that `url` parses too: both sides do the
/// whole work (`url` gives up early on what it rejects).
fn generated(edition: Edition, rule: &str, n: usize) -> Vec<String> {
    samples(edition, rule, 4 * n, 1738)
        .into_iter()
        .filter(|s| url::Url::parse(s).is_ok())
        .take(n)
        .collect()
}

fn bytes(inputs: &[impl AsRef<str>]) -> u64 {
    inputs.iter().map(|s| s.as_ref().len() as u64).sum()
}

/// Verdicts and parses over a batch, each engine and `url` on the same inputs.
fn batch(c: &mut Criterion, name: &str, edition: Edition, inputs: &[String], with_url: bool) {
    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Bytes(bytes(inputs)));
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(5));
    let rule = edition.default_rule();
    let dfa = check::Checker::new(edition, rule, Engine::Dfa).expect("rule");
    let pest = check::Checker::new(edition, rule, Engine::Pest).expect("rule");
    group.bench_function("check-dfa", |b| {
        b.iter(|| inputs.iter().filter(|s| dfa.is_valid(s)).count())
    });
    group.bench_function("check-pest", |b| {
        b.iter(|| inputs.iter().filter(|s| pest.is_valid(s)).count())
    });
    group.bench_function("parse-ast", |b| {
        b.iter(|| {
            inputs
                .iter()
                .filter(|s| ast::parse(edition, s).is_ok())
                .count()
        })
    });
    if with_url {
        group.bench_function("url-crate", |b| {
            b.iter(|| inputs.iter().filter(|s| url::Url::parse(s).is_ok()).count())
        });
    }
    group.finish();
}

fn seed_corpus(c: &mut Criterion) {
    let inputs: Vec<String> = corpus().into_iter().map(String::from).collect();
    let mut group = c.benchmark_group("corpus");
    group.throughput(Throughput::Bytes(bytes(&inputs)));
    group.sample_size(20);
    group.measurement_time(Duration::from_secs(2));
    for edition in Edition::ALL {
        let rule = edition.default_rule();
        let dfa = check::Checker::new(edition, rule, Engine::Dfa).expect("rule");
        let pest = check::Checker::new(edition, rule, Engine::Pest).expect("rule");
        group.bench_with_input(
            BenchmarkId::new("check-dfa", edition),
            &inputs,
            |b, inputs| b.iter(|| inputs.iter().filter(|s| dfa.is_valid(s)).count()),
        );
        group.bench_with_input(
            BenchmarkId::new("check-pest", edition),
            &inputs,
            |b, inputs| b.iter(|| inputs.iter().filter(|s| pest.is_valid(s)).count()),
        );
        group.bench_with_input(
            BenchmarkId::new("parse-ast", edition),
            &inputs,
            |b, inputs| {
                b.iter(|| {
                    inputs
                        .iter()
                        .filter(|s| ast::parse(edition, s).is_ok())
                        .count()
                })
            },
        );
    }
    group.bench_with_input(
        BenchmarkId::new("url-crate", "all"),
        &inputs,
        |b, inputs| b.iter(|| inputs.iter().filter(|s| url::Url::parse(s).is_ok()).count()),
    );
    group.finish();
}

fn schemes(c: &mut Criterion) {
    for rule in ["httpurl", "ftpurl"] {
        let inputs = generated(Edition::Rfc1738, rule, GENERATED);
        batch(
            c,
            &format!("generated-{rule}"),
            Edition::Rfc1738,
            &inputs,
            true,
        );
    }
    for (edition, rule) in [
        (Edition::Draft1993, "httpaddress"),
        (Edition::Draft1994, "ftpaddress"),
    ] {
        let inputs = generated(edition, rule, GENERATED);
        batch(
            c,
            &format!("generated-{edition}-{rule}"),
            edition,
            &inputs,
            true,
        );
    }
}

/// The typed AST of every scheme rule of every edition, beside `url`.
fn every_scheme(c: &mut Criterion) {
    let mut group = c.benchmark_group("ast-vs-url");
    // Twenty samples over two seconds: a median the machine's noisy moments
    // do not move (ten over one second did, by up to 1.6x on a 100 ns parse).
    group.sample_size(20);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(2));
    for edition in Edition::ALL {
        for rule in &urlbnf::grammar::printed::PrintedGrammar::of(edition).rules {
            let rule = rule.name.as_str();
            if ast::scheme_kind(edition, rule).is_none() {
                continue;
            }
            let inputs = generated(edition, rule, 10_000);
            group.throughput(Throughput::Elements(inputs.len() as u64));
            let id = format!("{edition}/{rule}");
            group.bench_with_input(BenchmarkId::new("parse-ast", &id), &inputs, |b, inputs| {
                b.iter(|| {
                    inputs
                        .iter()
                        .filter(|s| ast::parse_rule(edition, rule, s).is_ok())
                        .count()
                })
            });
            group.bench_with_input(BenchmarkId::new("url-crate", &id), &inputs, |b, inputs| {
                b.iter(|| inputs.iter().filter(|s| url::Url::parse(s).is_ok()).count())
            });
        }
    }
    group.finish();
}

/// Inputs that grow without structure: a path of many segments, a long host name,
/// long runs of one class, many escapes.
fn adversarial(c: &mut Criterion) {
    let mut group = c.benchmark_group("adversarial");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(3));
    for size in [10_000usize, 100_000, 1_000_000] {
        let path = format!("http://h/{}", "a/".repeat(size / 2));
        let escapes = format!("http://h/{}", "%00".repeat(size / 3));
        group.throughput(Throughput::Bytes(size as u64));
        for (what, input) in [("segments", &path), ("escapes", &escapes)] {
            let dfa = check::Checker::new(Edition::Rfc1738, "url", Engine::Dfa).expect("rule");
            let pest = check::Checker::new(Edition::Rfc1738, "url", Engine::Pest).expect("rule");
            group.bench_with_input(
                BenchmarkId::new(format!("check-dfa/{what}"), size),
                input,
                |b, s| b.iter(|| dfa.is_valid(black_box(s))),
            );
            group.bench_with_input(
                BenchmarkId::new(format!("check-pest/{what}"), size),
                input,
                |b, s| b.iter(|| pest.is_valid(black_box(s))),
            );
            group.bench_with_input(
                BenchmarkId::new(format!("parse-ast/{what}"), size),
                input,
                |b, s| b.iter(|| ast::parse(Edition::Rfc1738, black_box(s)).is_ok()),
            );
            group.bench_with_input(
                BenchmarkId::new(format!("url-crate/{what}"), size),
                input,
                |b, s| b.iter(|| url::Url::parse(black_box(s)).is_ok()),
            );
        }
    }
    group.finish();
}

criterion_group!(benches, seed_corpus, schemes, every_scheme, adversarial);
criterion_main!(benches);
