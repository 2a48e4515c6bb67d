//! Judging a contestant's own solution against the referee:
//! - `referee check`: one output file against an answer file or the
//!   referee's answer;
//! - `referee test`: a folder of cases through a program (or the referee
//!   itself), with a JUnit report if asked (`junit`);
//! - `referee stress`: generated inputs through a program until one fails,
//!   which is then shrunk to a small input that still fails.
//!
//! Runs go through `run` (a process group each), several at a time
//! through `pool`, with a progress line on a terminal (`progress`). The
//! three commands share one scheme of exit statuses, below. Outputs are
//! compared byte for byte, as the judges compare them, unless
//! `--ignore-space` asks otherwise. The solvers, the generators and the
//! parsing of snooker strokes are reached through `solver` only; the
//! snooker shrinker also plays on `Frame`.

/// `println!` for the verdicts, through `say_line`.
macro_rules! say {
    ($($arg:tt)*) => {
        $crate::tool::judge::say_line(format_args!($($arg)*))
    };
}

mod cannot_run;
mod check;
mod diff;
#[cfg(unix)]
mod guard;
mod junit;
mod pool;
mod progress;
mod run;
mod shrink;
mod solver;
mod stress;
mod suite;

pub(crate) use check::check;
pub(crate) use stress::{killer, stress, StressRun};
pub(crate) use suite::{test, TestRun};

use crate::core::io::error::{char_start, escaped_path};
use crate::core::io::stderr_line;
use crate::tool::files;
use crate::tool::problem::Problem;
use cannot_run::cannot_run;
use diff::Difference;
use run::{End, Run};
use std::ffi::OsString;
use std::fmt;
use std::io::{self, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The exit statuses of `check`, `test` and `stress`, one scheme for the
/// three: accepted or all passed; a wrong answer or a failure of the
/// solution; (2 is a usage error, from the parser); the input or a file of
/// ours unusable; the solution cannot be started.
pub(crate) const ACCEPTED: u8 = 0;
pub(crate) const FAILED: u8 = 1;
pub(crate) const UNUSABLE: u8 = 3;
pub(crate) const CANNOT_START: u8 = 4;

/// Bytes of a program's output kept beyond the expected output's length:
/// enough to show what it wrote there, not all of a runaway program.
const EXTRA_OUTPUT_KEPT: usize = 1 << 16;

/// Output past what is kept by this much more is a runaway: the program
/// is killed then, rather than at its time limit.
const RUNAWAY_OUTPUT: usize = 1 << 24;

/// The flag of a run whose result is always looked at.
pub(crate) static NEVER_DROPPED: AtomicBool = AtomicBool::new(false);

/// What is judged: the referee's own solver (as `referee PROBLEM
/// [--strict] FILE` would run on the file `name`), or a program to run.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Solution<'a> {
    Referee {
        problem: Problem,
        strict: bool,
        name: &'a str,
    },
    Program(&'a [OsString]),
}

impl Solution<'_> {
    /// Runs the solution on `input`, keeping enough of its output to
    /// compare with `expected_len` bytes as `compare` does; a program is
    /// killed as soon as `dropped` is set (its result will not be looked
    /// at). An error: the program could not be started.
    fn run(
        &self,
        input: &[u8],
        expected_len: usize,
        compare: Compare,
        timeout: Duration,
        dropped: &AtomicBool,
    ) -> io::Result<Run> {
        match *self {
            Solution::Program(command) => {
                let limit = expected_len + EXTRA_OUTPUT_KEPT + RUNAWAY_OUTPUT;
                let kept = match compare {
                    Compare::Exact => expected_len + EXTRA_OUTPUT_KEPT,
                    // Blanks it forgives may take any room: all is kept.
                    Compare::IgnoreSpace => limit,
                };
                run::run(command, input, timeout, kept, limit, dropped)
            }
            // As `referee PROBLEM` would run it, in-process.
            Solution::Referee {
                problem,
                strict,
                name,
            } => {
                let start = Instant::now();
                let (stdout, result) = solver::solve(problem, strict, input);
                let (end, stderr) = match result {
                    Ok(()) => (End::Success, Vec::new()),
                    Err(e) => (
                        End::Failed("exit status 1".to_string()),
                        format!("referee: {}:{}\n", name, e).into_bytes(),
                    ),
                };
                Ok(Run {
                    end,
                    stdout,
                    text_dropped: false,
                    stdout_whole: true,
                    stderr,
                    time: start.elapsed(),
                })
            }
        }
    }
}

/// What a run must give to pass.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Expected<'a> {
    pub(crate) stdout: &'a [u8],
    /// `Some`: the run must end with exit status 1 and write this on
    /// standard error (a `.err` beside an input).
    pub(crate) stderr: Option<&'a [u8]>,
}

/// How outputs are compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Compare {
    /// Byte for byte, as the contest judges compare.
    Exact,
    /// Spaces, tabs and CRs at line ends, blank lines at the end and a
    /// missing final newline forgiven.
    IgnoreSpace,
}

impl Compare {
    /// The first difference of what `run` wrote from `expected`. An
    /// output compared exactly is kept only in part (see `Solution::run`):
    /// where it went on with more than blanks, what was kept is its start,
    /// which differs, and nothing is said of its whitespace. With
    /// `--ignore-space` it is kept whole up to the output limit.
    fn first_difference(self, expected: &[u8], run: &Run) -> Option<Difference> {
        let found = &run.stdout;
        match self {
            Compare::Exact if run.text_dropped => diff::first_difference_in_start(expected, found),
            Compare::Exact => diff::first_difference(expected, found),
            Compare::IgnoreSpace => {
                diff::first_difference(&diff::trimmed(expected), &diff::trimmed(found))
            }
        }
    }
}

/// The verdict on one run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    Accepted,
    WrongAnswer(Difference),
    /// A non-zero exit or a signal; the last line of standard error.
    RuntimeError {
        status: String,
        stderr: Option<String>,
    },
    TimeLimit(Duration),
    /// Killed for writing more than this many bytes.
    OutputLimit(usize),
    /// An expected error message (`.err`) not matched.
    WrongError(Difference),
    /// A run that should have failed (`.err`) and ended with status 0.
    NoError,
}

/// The kinds of failure: a shrunk input must keep failing the same way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Failure {
    WrongAnswer,
    RuntimeError,
    TimeLimit,
    OutputLimit,
}

impl Verdict {
    /// `None` for an accepted run.
    pub(crate) fn failure(&self) -> Option<Failure> {
        match self {
            Verdict::Accepted => None,
            Verdict::WrongAnswer(_) | Verdict::WrongError(_) | Verdict::NoError => {
                Some(Failure::WrongAnswer)
            }
            Verdict::RuntimeError { .. } => Some(Failure::RuntimeError),
            Verdict::TimeLimit(_) => Some(Failure::TimeLimit),
            Verdict::OutputLimit(_) => Some(Failure::OutputLimit),
        }
    }

    /// The short name of the verdict, for a JUnit report's failure type.
    pub(crate) fn kind(&self) -> &'static str {
        match self {
            Verdict::Accepted => "accepted",
            Verdict::WrongAnswer(_) => "wrong answer",
            Verdict::RuntimeError { .. } => "runtime error",
            Verdict::TimeLimit(_) => "time limit exceeded",
            Verdict::OutputLimit(_) => "output limit exceeded",
            Verdict::WrongError(_) | Verdict::NoError => "wrong error",
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Accepted => f.write_str("accepted"),
            Verdict::WrongAnswer(difference) => write!(f, "wrong answer: {}", difference),
            Verdict::RuntimeError { status, stderr } => {
                write!(f, "runtime error: {}", status)?;
                match stderr {
                    Some(line) => write!(f, "; stderr: {}", line),
                    None => Ok(()),
                }
            }
            Verdict::TimeLimit(limit) => write!(f, "time limit exceeded: killed after {:?}", limit),
            Verdict::OutputLimit(limit) => write!(
                f,
                "output limit exceeded: killed after writing more than {} bytes",
                limit
            ),
            Verdict::WrongError(difference) => write!(f, "wrong error: {}", difference),
            Verdict::NoError => f.write_str("wrong error: exit status 0, expected 1"),
        }
    }
}

/// Judges a run against what is expected. A failed exit is a runtime
/// error even when the output is right, unless a failure is expected.
pub(crate) fn judge(
    run: &Run,
    expected: Expected<'_>,
    timeout: Duration,
    compare: Compare,
) -> Verdict {
    let stdout = || match compare.first_difference(expected.stdout, run) {
        None => Verdict::Accepted,
        Some(difference) => Verdict::WrongAnswer(difference),
    };
    match (&run.end, expected.stderr) {
        (End::TimedOut, _) => Verdict::TimeLimit(timeout),
        (End::OutputLimit(limit), _) => Verdict::OutputLimit(*limit),
        (End::Success, None) => stdout(),
        (End::Success, Some(_)) => Verdict::NoError,
        (End::Failed(status), Some(stderr)) if status == "exit status 1" => match stdout() {
            Verdict::Accepted => match diff::first_difference(stderr, &run.stderr) {
                None => Verdict::Accepted,
                Some(difference) => Verdict::WrongError(difference),
            },
            wrong => wrong,
        },
        (End::Failed(status), _) => Verdict::RuntimeError {
            status: status.clone(),
            stderr: last_stderr_line(&run.stderr),
        },
    }
}

/// The last line of standard error that says something. After a Rust
/// panic that is the panic's message: the backtrace and the notes about
/// `RUST_BACKTRACE` that follow it are passed over.
fn last_stderr_line(stderr: &[u8]) -> Option<String> {
    // Read as bytes, so that a byte that is not UTF-8 is shown as such.
    let backtrace = b"\nstack backtrace:\n";
    let end = stderr
        .windows(backtrace.len())
        .position(|w| w == backtrace)
        .unwrap_or(stderr.len());
    let says_nothing = |l: &&[u8]| {
        let about_backtraces = l.windows(14).any(|w| w == b"RUST_BACKTRACE");
        l.is_empty() || l.starts_with(b"note: ") && about_backtraces
    };
    let line = stderr[..end]
        .split(|&b| b == b'\n')
        .map(trimmed)
        .rfind(|l| !says_nothing(l))?;
    Some(match line.len() > STDERR_SHOWN {
        true => format!(
            "{}...",
            diff::visible_start(&line[..char_start(line, STDERR_SHOWN)])
        ),
        false => diff::visible(line),
    })
}

/// The most bytes shown of the line of standard error in a verdict.
const STDERR_SHOWN: usize = 200;

/// `line` without the ASCII blanks at either end.
fn trimmed(line: &[u8]) -> &[u8] {
    let start = line.iter().position(|b| !b.is_ascii_whitespace());
    let stop = line.iter().rposition(|b| !b.is_ascii_whitespace());
    match (start, stop) {
        (Some(start), Some(stop)) => &line[start..=stop],
        _ => &[],
    }
}

/// Set once standard output is gone (a closed pipe, a full disk).
static STDOUT_GONE: AtomicBool = AtomicBool::new(false);

/// Prints one line on stdout. Once stdout cannot be written the verdict
/// commands go on without it and keep their verdict's status, whatever
/// happened to it (the README's Usage): a closed pipe silently, another
/// error said once on stderr.
fn say_line(line: fmt::Arguments<'_>) {
    say_bytes(format!("{}\n", line).as_bytes());
}

/// Prints `bytes` on stdout, as `say_line` does.
fn say_bytes(bytes: &[u8]) {
    progress::clear();
    if STDOUT_GONE.load(Ordering::Relaxed) {
        return;
    }
    let mut out = io::stdout().lock();
    if let Err(e) = out.write_all(bytes).and_then(|()| out.flush()) {
        STDOUT_GONE.store(true, Ordering::Relaxed);
        if e.kind() != io::ErrorKind::BrokenPipe {
            stderr_line(format_args!("referee: <stdout>: {}", e));
        }
    }
}

/// A time as the reports give it: `0.012s`.
fn seconds(time: Duration) -> String {
    format!("{:.3}s", time.as_secs_f64())
}

/// Why a file of ours (`--junit`, `--out`) cannot be written at `path`,
/// asked before a run so that its end is not lost: the folder is not
/// there, or `may_write_over` says no and `taken` says why.
fn cannot_write_at(path: &Path, ours: impl Fn(&[u8]) -> bool, taken: &str) -> Option<String> {
    if path.as_os_str().to_string_lossy().ends_with('/') {
        return Some("a folder's name (it ends with /), not a file's".to_string());
    }
    let folder = match path.parent() {
        Some(folder) if !folder.as_os_str().is_empty() => folder,
        _ => Path::new("."),
    };
    if !folder.is_dir() {
        return Some(format!("no folder {} to write it in", escaped_path(folder)));
    }
    (!may_write_over(path, ours)).then(|| taken.to_string())
}

/// Whether a file of ours (`--junit`, `--out`) may be written at `path`:
/// nothing is there; a file whose start `ours` knows for one of ours; a
/// path under `/dev`; or no file but a pipe or a device, which keeps
/// nothing. Not a folder, a link to nothing, or anyone else's file, even
/// empty (an expected empty answer): that may be someone's work. Only
/// the start of a file is read, and only a file's.
fn may_write_over(path: &Path, ours: impl Fn(&[u8]) -> bool) -> bool {
    // `/dev/stdout`, `/dev/fd/3`: where the shell was told to send it.
    if path.starts_with("/dev") {
        return true;
    }
    let Ok(found) = path.metadata() else {
        // Nothing there: but a link to nothing would be written through.
        return path.symlink_metadata().is_err();
    };
    if found.is_dir() {
        return false;
    }
    if !found.is_file() {
        return true;
    }
    let mut start = Vec::new();
    let read = std::fs::File::open(path)
        .and_then(|file| io::Read::read_to_end(&mut io::Read::take(file, 256), &mut start));
    read.is_ok() && ours(&start)
}

/// Writes a file of ours (`--junit`, `--out`) at `path`, which
/// `may_write_over` allowed. `/dev/stdout` (or `/dev/stderr`) naming our
/// own standard output is written through that stream: opened anew, it
/// would truncate a file that `>` made, or write at an offset of its own
/// over the lines printed before. There it is printed as the other lines
/// are (`say_line`): stdout failing does not change the verdict. Any
/// other special path is appended to (`files::is_special`): what
/// `/dev/fd/3` leads to keeps what it held.
fn write_ours(path: &Path, bytes: &[u8]) -> io::Result<()> {
    if path.starts_with("/dev") {
        if is_stream(path, io::stdout()) {
            say_bytes(bytes);
            return Ok(());
        }
        if is_stream(path, io::stderr()) {
            return io::stderr().lock().write_all(bytes);
        }
    }
    if files::is_special(path) {
        return files::append(path, bytes);
    }
    std::fs::write(path, bytes)
}

/// Whether `path` is the file that `stream` writes to.
#[cfg(unix)]
fn is_stream(path: &Path, stream: impl std::os::fd::AsFd) -> bool {
    use std::os::unix::fs::MetadataExt;
    let opened = stream.as_fd().try_clone_to_owned().map(std::fs::File::from);
    match (path.metadata(), opened.and_then(|file| file.metadata())) {
        (Ok(at), Ok(of)) => (at.dev(), at.ino()) == (of.dev(), of.ino()),
        _ => false,
    }
}

/// (No `/dev` elsewhere, and no way to tell.)
#[cfg(not(unix))]
fn is_stream<S>(_: &Path, _: S) -> bool {
    false
}

/// `N passed, M failed`, the last line of `test` and `stress`.
fn summary(passed: u64, failed: u64) -> String {
    format!("{} passed, {} failed", passed, failed)
}

#[cfg(test)]
mod tests;
