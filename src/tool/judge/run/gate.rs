//! Starting a program when file descriptors run short. Each run holds
//! three pipes while it goes on, so with `-j` high and a low limit on
//! open files (256 is usual on macOS) a start can find none: it then
//! waits for another run of ours to end and tries again. Only when no
//! other run is under way is the failure the program's start's. Programs
//! are started one at a time, so that the pipes a start makes for a
//! moment are never what another start finds missing.

use std::io;
use std::sync::{Condvar, Mutex};

/// Runs under way, and how many have ended so far, with a signal at each
/// end.
pub(super) struct Gate {
    runs: Mutex<Runs>,
    ended: Condvar,
}

#[derive(Default)]
struct Runs {
    under_way: usize,
    ended: u64,
}

/// The gate of every run of this process.
pub(super) static GATE: Gate = Gate::new();

/// A run under way; its drop ends it.
pub(super) struct UnderWay<'g>(&'g Gate);

impl Drop for UnderWay<'_> {
    fn drop(&mut self) {
        let mut runs = lock(&self.0.runs);
        runs.under_way -= 1;
        runs.ended += 1;
        self.0.ended.notify_all();
    }
}

impl Gate {
    const fn new() -> Gate {
        Gate {
            runs: Mutex::new(Runs {
                under_way: 0,
                ended: 0,
            }),
            ended: Condvar::new(),
        }
    }

    /// `start()`, again each time another run ends while it fails for
    /// want of file descriptors; the run is under way until the
    /// `UnderWay` given back is dropped.
    pub(super) fn start<T>(
        &self,
        mut start: impl FnMut() -> io::Result<T>,
    ) -> io::Result<(T, UnderWay<'_>)> {
        let mut runs = lock(&self.runs);
        loop {
            match start() {
                Ok(started) => {
                    runs.under_way += 1;
                    return Ok((started, UnderWay(self)));
                }
                Err(e) if out_of_descriptors(&e) && runs.under_way > 0 => {
                    let ended_before = runs.ended;
                    while runs.ended == ended_before {
                        runs = self.ended.wait(runs).unwrap_or_else(|e| e.into_inner());
                    }
                }
                Err(e) => return Err(e),
            }
        }
    }
}

fn lock(runs: &Mutex<Runs>) -> std::sync::MutexGuard<'_, Runs> {
    runs.lock().unwrap_or_else(|e| e.into_inner())
}

/// Whether `error` says the process (EMFILE) or the system (ENFILE) has
/// no file descriptor left: 24 and 23 on Linux and the BSDs, macOS
/// included.
fn out_of_descriptors(error: &io::Error) -> bool {
    cfg!(unix) && matches!(error.raw_os_error(), Some(23 | 24))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;

    fn too_many() -> io::Error {
        io::Error::from_raw_os_error(24)
    }

    #[cfg(unix)]
    #[test]
    fn a_start_short_of_descriptors_waits_for_another_run_to_end() {
        let gate = Gate::new();
        let (_, other) = gate.start(|| Ok(())).unwrap();
        let (failed, told) = mpsc::channel();
        std::thread::scope(|scope| {
            // The other run ends once the start has failed.
            scope.spawn(move || {
                told.recv().unwrap();
                drop(other);
            });
            let mut tries = 0;
            let started = gate.start(|| {
                tries += 1;
                match tries {
                    1 => {
                        failed.send(()).unwrap();
                        Err(too_many())
                    }
                    _ => Ok(tries),
                }
            });
            assert_eq!(started.map(|(tries, _)| tries).ok(), Some(2));
        });
    }

    #[test]
    fn a_start_short_of_descriptors_with_no_other_run_fails() {
        let gate = Gate::new();
        let mut tries = 0;
        let started = gate.start(|| -> io::Result<()> {
            tries += 1;
            Err(too_many())
        });
        assert_eq!(started.err().and_then(|e| e.raw_os_error()), Some(24));
        assert_eq!(tries, 1);
        // Other failures are not tried again, runs under way or not.
        let (_, _other) = gate.start(|| Ok(())).unwrap();
        let missing = gate.start(|| -> io::Result<()> { Err(io::ErrorKind::NotFound.into()) });
        assert!(missing.is_err());
    }
}
