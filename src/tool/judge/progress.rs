//! The progress line of `test` and `stress`: how many done and failed,
//! the time so far and the rate. It goes to standard error only when
//! that is a terminal that can wipe a line (not `TERM=dumb`), so a pipe
//! or a file gets none of it; it is redrawn in place a few times a
//! second and wiped before any other line is printed.

use crate::tool::terminal::is_dumb;
use std::cell::Cell;
use std::io::{self, IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The shortest time between two drawings.
const REDRAW: Duration = Duration::from_millis(200);

/// Whether a progress line is on the terminal now.
static SHOWN: AtomicBool = AtomicBool::new(false);

/// The progress of one run over `total` inputs or cases. It is updated
/// as runs end and redrawn, with the time, while they do not (`tick`).
pub(crate) struct Progress {
    on: bool,
    start: Instant,
    drawn: Cell<Option<Instant>>,
    total: u64,
    /// Done and failed, as last updated.
    done: Cell<u64>,
    failed: Cell<u64>,
    /// `inputs` or `cases`.
    noun: &'static str,
}

impl Progress {
    pub(crate) fn new(total: u64, noun: &'static str) -> Progress {
        Progress {
            on: shown(
                io::stderr().is_terminal(),
                std::env::var_os("TERM").as_deref(),
            ),
            start: Instant::now(),
            drawn: Cell::new(None),
            total,
            done: Cell::new(0),
            failed: Cell::new(0),
            noun,
        }
    }

    /// Takes the counts, and redraws the line unless it was drawn a
    /// moment ago.
    pub(crate) fn update(&self, done: u64, failed: u64) {
        self.done.set(done);
        self.failed.set(failed);
        self.tick();
    }

    /// Redraws the line with the time so far, unless it was drawn a
    /// moment ago: while a slow run goes on, the line is there and its
    /// time goes on.
    pub(crate) fn tick(&self) {
        if !self.on || self.drawn.get().is_some_and(|at| at.elapsed() < REDRAW) {
            return;
        }
        self.drawn.set(Some(Instant::now()));
        let (done, failed) = (self.done.get(), self.failed.get());
        let text = line(done, self.total, failed, self.start.elapsed(), self.noun);
        let mut err = io::stderr().lock();
        let _ = write!(err, "\r\x1b[K{}", text).and_then(|_| err.flush());
        SHOWN.store(true, Ordering::Relaxed);
    }
}

/// Whether a progress line is shown: on a terminal that can wipe it
/// (`term`, the value of `TERM`).
fn shown(terminal: bool, term: Option<&std::ffi::OsStr>) -> bool {
    terminal && !is_dumb(term)
}

/// Wipes the progress line if one is shown.
pub(crate) fn clear() {
    if SHOWN.swap(false, Ordering::Relaxed) {
        let mut err = io::stderr().lock();
        let _ = write!(err, "\r\x1b[K").and_then(|_| err.flush());
    }
}

/// `120/1000 inputs, 0 failed, 3.1s, 38.7/s`.
fn line(done: u64, total: u64, failed: u64, elapsed: Duration, noun: &str) -> String {
    let secs = elapsed.as_secs_f64();
    let rate = if secs > 0.0 { done as f64 / secs } else { 0.0 };
    format!(
        "{}/{} {}, {} failed, {:.1}s, {:.1}/s",
        done, total, noun, failed, secs, rate
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_terminal_that_cannot_wipe_a_line_gets_none() {
        let term = |value: &str| Some(std::ffi::OsString::from(value));
        assert!(shown(true, term("xterm").as_deref()));
        assert!(shown(true, None));
        assert!(!shown(true, term("dumb").as_deref()));
        assert!(!shown(false, term("xterm").as_deref()));
    }

    #[test]
    fn the_line_says_done_failed_time_and_rate() {
        assert_eq!(
            line(120, 1000, 2, Duration::from_secs(4), "inputs"),
            "120/1000 inputs, 2 failed, 4.0s, 30.0/s"
        );
        assert_eq!(
            line(0, 5, 0, Duration::ZERO, "cases"),
            "0/5 cases, 0 failed, 0.0s, 0.0/s"
        );
    }
}
