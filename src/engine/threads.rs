//! Work spread over threads, one an item, results in input order: a
//! command's rules compile at once on every core.

use std::sync::Mutex;

/// `work` on each item, one thread each, results in order: a command's
/// rules compile at once on every core, not one after another. An item whose
/// thread cannot start is worked on here; one whose thread panicked has no
/// result (`None`).
pub fn on_threads<T: Send, R: Send>(items: Vec<T>, work: impl Fn(T) -> R + Sync) -> Vec<Option<R>> {
    let slots: Vec<Mutex<Option<T>>> = items.into_iter().map(|i| Mutex::new(Some(i))).collect();
    let take = |slot: &Mutex<Option<T>>| slot.lock().ok().and_then(|mut s| s.take());
    let (work, take) = (&work, &take);
    std::thread::scope(|s| {
        let handles: Vec<_> = slots
            .iter()
            .map(|slot| std::thread::Builder::new().spawn_scoped(s, move || take(slot).map(work)))
            .collect();
        handles
            .into_iter()
            .zip(&slots)
            .map(|(h, slot)| {
                let done = h.ok().and_then(|h| h.join().ok()).flatten();
                done.or_else(|| take(slot).map(work))
            })
            .collect()
    })
}
