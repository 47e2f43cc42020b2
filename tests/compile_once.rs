//! A rule's automata are compiled once per process, even when threads ask for
//! the same rule at the same moment (the threads that describe a report's
//! causes do): every caller gets the one compiled value.

use std::sync::{Arc, Barrier};

use urlbnf::Edition;
use urlbnf::engine::automaton::{self, Form};

/// Eight threads ask at once; all must get the same `Arc`.
fn asked_together<T: Send + Sync + 'static>(ask: fn() -> Arc<T>) -> Vec<Arc<T>> {
    let barrier = Arc::new(Barrier::new(8));
    let threads: Vec<_> = (0..8)
        .map(|_| {
            let barrier = Arc::clone(&barrier);
            std::thread::spawn(move || {
                barrier.wait();
                ask()
            })
        })
        .collect();
    threads
        .into_iter()
        .map(|t| t.join().expect("joins"))
        .collect()
}

#[test]
fn an_automaton_is_compiled_once_when_threads_ask_together() {
    let got = asked_together(|| automaton::automaton(Edition::Draft1994, "url").expect("compiles"));
    assert!(got.iter().all(|a| Arc::ptr_eq(a, &got[0])));
}

#[test]
fn an_unminimized_automaton_is_compiled_once_when_threads_ask_together() {
    let got = asked_together(|| {
        let form = Form {
            without: None,
            positions: true,
        };
        automaton::automaton_of(Edition::Draft1993, "url", &form).expect("compiles")
    });
    assert!(got.iter().all(|a| Arc::ptr_eq(a, &got[0])));
}
