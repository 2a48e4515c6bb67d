//! Runs of `test` and `stress` several at a time (`-j N`), their results
//! taken in the order of the runs whatever the order they end in, so that
//! the report and the first failure are the same for any N.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// How often `in_order` calls `idle`.
const IDLE: Duration = Duration::from_millis(250);

/// Runs `work(i, dropped)` for `i` in `0..count` on up to `jobs` threads
/// and gives each result to `take` in the order of `i`. When `take` returns
/// false no further `i` is started, and `dropped` is set: the runs under
/// way may end at once, their results are dropped. A result that `last`
/// says ends the run (`take` will return false on it) stops it as soon
/// as it comes: no later `i` is started, and the later results are
/// dropped instead of kept until the earlier ones come. Until the end,
/// `idle` is called every `IDLE`, whether results come or not (a
/// progress line's clock ticks while an early run is slow).
pub(crate) fn in_order<T, W, L, F, I>(count: usize, jobs: usize, work: W, last: L, take: F, idle: I)
where
    T: Send,
    W: Fn(usize, &AtomicBool) -> T + Sync,
    L: Fn(&T) -> bool + Sync,
    F: FnMut(usize, T) -> bool,
    I: FnMut(),
{
    by_clock(count, jobs, work, last, take, idle, Instant::now)
}

/// `in_order`, keeping time for `idle` by `now`.
fn by_clock<T, W, L, F, I>(
    count: usize,
    jobs: usize,
    work: W,
    last: L,
    mut take: F,
    mut idle: I,
    now: fn() -> Instant,
) where
    T: Send,
    W: Fn(usize, &AtomicBool) -> T + Sync,
    L: Fn(&T) -> bool + Sync,
    F: FnMut(usize, T) -> bool,
    I: FnMut(),
{
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    // The first `i` known to end the run.
    let end = AtomicUsize::new(usize::MAX);
    let (sender, results) = mpsc::channel();
    thread::scope(|scope| {
        for _ in 0..jobs.clamp(1, count.max(1)) {
            let sender = sender.clone();
            let (next, stop, end, work, last) = (&next, &stop, &end, &work, &last);
            scope.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= count || i > end.load(Ordering::Relaxed) || stop.load(Ordering::Relaxed) {
                    break;
                }
                let result = work(i, stop);
                if last(&result) {
                    end.fetch_min(i, Ordering::Relaxed);
                }
                if sender.send((i, result)).is_err() {
                    break;
                }
            });
        }
        drop(sender);
        let mut waiting = BTreeMap::new();
        let mut taken = 0;
        let mut due = now() + IDLE;
        loop {
            let got = results.recv_timeout(due.saturating_duration_since(now()));
            // Results of later runs, coming while an earlier one is awaited,
            // do not hold `idle` off.
            if now() >= due {
                idle();
                due = now() + IDLE;
            }
            let (i, result) = match got {
                Ok(got) => got,
                Err(RecvTimeoutError::Timeout) => continue,
                Err(RecvTimeoutError::Disconnected) => break,
            };
            let end = end.load(Ordering::Relaxed);
            if i > end {
                continue;
            }
            waiting.insert(i, result);
            // Results after the end, kept before it was known, go.
            drop(waiting.split_off(&end.saturating_add(1)));
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
                |_| false,
                |i, result| {
                    seen.push((i, result));
                    i < 11
                },
                || {},
            );
            let expected: Vec<(usize, usize)> = (0..12).map(|i| (i, i * 10)).collect();
            assert_eq!(seen, expected, "-j {}", jobs);
        }
        let mut none = 0;
        in_order(
            0,
            4,
            |i, _| i,
            |_| false,
            |_, _| {
                none += 1;
                true
            },
            || {},
        );
        assert_eq!(none, 0);
    }

    /// A signal sent when dropped: by a thread-local, when its thread
    /// ends.
    struct OnDrop(mpsc::Sender<()>);

    impl Drop for OnDrop {
        fn drop(&mut self) {
            let _ = self.0.send(());
        }
    }

    thread_local! {
        static AT_EXIT: std::cell::RefCell<Option<OnDrop>> = const { std::cell::RefCell::new(None) };
    }

    /// While an early run goes on, a later one that ends the run stops
    /// the runs after it from starting: the thread that ran it ends. Run
    /// 0 waits until that thread has ended or has started another run,
    /// so the test ends whichever happens.
    #[test]
    fn a_result_that_ends_the_run_stops_later_runs_from_starting() {
        let started = std::sync::Mutex::new(Vec::new());
        let (release, wait) = mpsc::channel::<()>();
        let release = std::sync::Mutex::new(release);
        let wait = std::sync::Mutex::new(wait);
        let mut seen = Vec::new();
        in_order(
            1000,
            2,
            |i, _| {
                started.lock().unwrap().push(i);
                let signal = || OnDrop(release.lock().unwrap().clone());
                match i {
                    0 => drop(wait.lock().unwrap().recv()),
                    1 => AT_EXIT.with(|at_exit| *at_exit.borrow_mut() = Some(signal())),
                    _ => drop(signal()),
                }
                i
            },
            |&i| i == 1,
            |i, result| {
                seen.push((i, result));
                i != 1
            },
            || {},
        );
        assert_eq!(seen, vec![(0, 0), (1, 1)]);
        let mut started = started.into_inner().unwrap();
        started.sort_unstable();
        assert_eq!(started, vec![0, 1]);
    }

    /// A run that takes long gets `idle` called while it goes on: here
    /// the run waits for the call (a test that fails waits 60 s, then
    /// fails, rather than hang).
    #[test]
    fn idle_is_called_while_no_result_comes() {
        let (called, wait) = mpsc::channel::<()>();
        let wait = std::sync::Mutex::new(wait);
        let mut seen = Vec::new();
        in_order(
            1,
            1,
            |_, _| {
                wait.lock()
                    .unwrap()
                    .recv_timeout(Duration::from_secs(60))
                    .is_ok()
            },
            |_| false,
            |_, called| {
                seen.push(called);
                true
            },
            || {
                let _ = called.send(());
            },
        );
        assert_eq!(seen, vec![true]);
    }

    thread_local! {
        static QUICK: std::cell::Cell<Instant> = std::cell::Cell::new(Instant::now());
    }

    /// A clock that moves on a tenth of a second each time it is read.
    fn quick_clock() -> Instant {
        QUICK.with(|clock| {
            let now = clock.get() + Duration::from_millis(100);
            clock.set(now);
            now
        })
    }

    /// With `-j` above 1, the results of later runs coming all the time
    /// do not hold `idle` off while an earlier run is slow. The clock
    /// moves on at each reading, so `idle` is due after a few results,
    /// long before the other thread has given all of its.
    #[test]
    fn idle_is_called_while_later_runs_give_results() {
        const COUNT: usize = 1_000_000;
        let (called, wait) = mpsc::channel::<()>();
        let wait = std::sync::Mutex::new(wait);
        let given = AtomicUsize::new(0);
        let mut given_at_idle = None;
        let mut first = None;
        by_clock(
            COUNT,
            2,
            |i, _| match i {
                0 => wait
                    .lock()
                    .unwrap()
                    .recv_timeout(Duration::from_secs(60))
                    .is_ok(),
                _ => {
                    given.fetch_add(1, Ordering::Relaxed);
                    false
                }
            },
            |_| false,
            |_, called| {
                first = Some(called);
                false
            },
            || {
                given_at_idle.get_or_insert(given.load(Ordering::Relaxed));
                let _ = called.send(());
            },
            quick_clock,
        );
        assert_eq!(first, Some(true));
        let given_at_idle = given_at_idle.unwrap();
        assert!(given_at_idle < COUNT - 1, "{}", given_at_idle);
    }
}
