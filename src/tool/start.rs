//! What the program sets up before its command runs. On Linux with glibc
//! the binary starts at C's `main` (see `src/main.rs`), so std's own
//! start-up does not run; of what it did, the program needs two things,
//! done here for less: a reader closing the pipe is a write error
//! (`EPIPE`), not a signal that kills the program, and a standard
//! descriptor closed at start is held by `/dev/null`, so that no file the
//! program opens takes its place. Where std's start-up does run, it has
//! done both already, and a closed standard output cannot be told from
//! `/dev/null` (std put it there).

use std::sync::atomic::{AtomicBool, Ordering};

/// Whether descriptor 1 was closed at start (`>&-`).
static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

/// Call first, before anything is opened or written.
pub fn prepare() {
    ignore_sigpipe();
    hold_closed_standard_descriptors();
}

/// Whether standard output was closed when the program started: writing
/// to it is then an error, not output thrown away.
pub fn stdout_was_closed() -> bool {
    STDOUT_CLOSED.load(Ordering::Relaxed)
}

/// A file opened takes the lowest free descriptor: while that is 0, 1 or
/// 2, the standard descriptor was closed and `/dev/null` is left in it;
/// the first one past 2 is closed again. Std's start-up asks the kernel
/// about all three with `poll` for the same end; here a run with all three
/// open costs an `open` and a `close`, and needs no `unsafe`.
fn hold_closed_standard_descriptors() {
    #[cfg(unix)]
    {
        use std::os::fd::{AsRawFd, IntoRawFd};
        let open_null = || {
            std::fs::OpenOptions::new()
                .read(true)
                .write(true)
                .open("/dev/null")
        };
        while let Ok(null) = open_null() {
            match null.as_raw_fd() {
                0 | 2 => {}
                1 => STDOUT_CLOSED.store(true, Ordering::Relaxed),
                _ => return,
            }
            let _kept_open = null.into_raw_fd();
        }
    }
}

/// `SIGPIPE` ignored, as std's start-up would have it: a write to a pipe
/// whose reader is gone then fails with `BrokenPipe`, which ends the
/// program quietly with status 0 (CLI.md), after what was written.
#[cfg(unix)]
fn ignore_sigpipe() {
    const SIGPIPE: i32 = 13;
    const SIG_IGN: usize = 1;
    extern "C" {
        fn signal(signal: i32, handler: usize) -> usize;
    }
    // SAFETY: `SIG_IGN` installs no handler of ours; the call touches no
    // memory of the program's.
    unsafe {
        signal(SIGPIPE, SIG_IGN);
    }
}

#[cfg(not(unix))]
fn ignore_sigpipe() {}
