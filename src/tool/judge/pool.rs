//! Runs of `test` and `stress` several at a time (`-j N`), their results
//! taken in the order of the runs whatever the order they end in, so that
//! the report and the first failure are the same for any N.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;

/// Runs `work(i, dropped)` for `i` in `0..count` on up to `jobs` threads
/// and gives each result to `take` in the order of `i`. When `take` returns
/// false no further `i` is started, and `dropped` is set: the runs under
/// way may end at once, their results are dropped.
pub(crate) fn in_order<T, W, F>(count: usize, jobs: usize, work: W, mut take: F)
where
    T: Send,
    W: Fn(usize, &AtomicBool) -> T + Sync,
    F: FnMut(usize, T) -> bool,
{
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (sender, results) = mpsc::channel();
    thread::scope(|scope| {
        for _ in 0..jobs.clamp(1, count.max(1)) {
            let sender = sender.clone();
            let (next, stop, work) = (&next, &stop, &work);
            scope.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= count || stop.load(Ordering::Relaxed) {
                    break;
                }
                if sender.send((i, work(i, stop))).is_err() {
                    break;
                }
            });
        }
        drop(sender);
        let mut waiting = BTreeMap::new();
        let mut taken = 0;
        for (i, result) in results {
            waiting.insert(i, result);
            while let Some(result) = waiting.remove(&taken) {
                taken += 1;
                if !take(taken - 1, result) {
                    stop.store(true, Ordering::Relaxed);
                    return;
                }
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_in_order_and_stop_when_asked() {
        for jobs in [1, 3, 8] {
            let mut seen = Vec::new();
            in_order(
                20,
                jobs,
                |i, _| i * 10,
                |i, result| {
                    seen.push((i, result));
                    i < 11
                },
            );
            let expected: Vec<(usize, usize)> = (0..12).map(|i| (i, i * 10)).collect();
            assert_eq!(seen, expected, "-j {}", jobs);
        }
        let mut none = 0;
        in_order(
            0,
            4,
            |i, _| i,
            |_, _| {
                none += 1;
                true
            },
        );
        assert_eq!(none, 0);
    }
}
