//! Starting a program, or reading a case's file, when file descriptors
//! run short. Each run holds three pipes while it goes on, so with `-j`
//! high and a low limit on open files (256 is usual on macOS) a start
//! can find none: it then waits for another run of ours to end, or
//! another start to fail, and tries again. Only when no other run or
//! start is under way is the failure the program's start's.

use std::io;
use std::sync::{Condvar, Mutex};

/// Runs and starts under way, and how many times one gave its
/// descriptors back, with a signal each time.
pub(super) struct Gate {
    runs: Mutex<Runs>,
    given_back: Condvar,
}

struct Runs {
    /// Starts being tried and runs under way: each holds descriptors.
    busy: usize,
    /// Runs that ended and starts that failed so far.
    given_back: u64,
}

/// The gate of every run of this process.
pub(super) static GATE: Gate = Gate::new();

/// A run under way; its drop ends it.
pub(super) struct UnderWay<'g>(&'g Gate);

impl Drop for UnderWay<'_> {
    fn drop(&mut self) {
        drop(self.0.give_back());
    }
}

impl Gate {
    const fn new() -> Gate {
        Gate {
            runs: Mutex::new(Runs {
                busy: 0,
                given_back: 0,
            }),
            given_back: Condvar::new(),
        }
    }

    /// A run ended or a start failed: what it held is free.
    fn give_back(&self) -> std::sync::MutexGuard<'_, Runs> {
        let mut runs = lock(&self.runs);
        runs.busy -= 1;
        runs.given_back += 1;
        self.given_back.notify_all();
        runs
    }

    /// `start()`, again each time another run ends or another start
    /// fails while it fails for want of file descriptors; the run is
    /// under way until the `UnderWay` given back is dropped.
    pub(super) fn start<T>(
        &self,
        mut start: impl FnMut() -> io::Result<T>,
    ) -> io::Result<(T, UnderWay<'_>)> {
        loop {
            let before = {
                let mut runs = lock(&self.runs);
                runs.busy += 1;
                runs.given_back
            };
            let error = match start() {
                Ok(started) => return Ok((started, UnderWay(self))),
                Err(e) => e,
            };
            let mut runs = self.give_back();
            if !out_of_descriptors(&error) {
                return Err(error);
            }
            // Given back by another since this try began (this try's own
            // failure counts once): try again.
            while runs.given_back == before + 1 {
                if runs.busy == 0 {
                    return Err(error);
                }
                runs = self
                    .given_back
                    .wait(runs)
                    .unwrap_or_else(|e| e.into_inner());
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
