//! Judging a contestant's own solution against the referee:
//! - `referee check`: one output file against the referee's answer;
//! - `referee test`: a folder of cases through a program;
//! - `referee stress`: generated inputs through a program until one fails,
//!   which is then shrunk to a small input that still fails.
//!
//! Outputs are compared byte for byte, as the judges compare them. The
//! solvers, the generators and the parsing of snooker strokes are reached
//! through `solver` only; the snooker shrinker also plays on `Frame`.

/// `println!` for the verdicts, through `say_line`.
macro_rules! say {
    ($($arg:tt)*) => {
        $crate::tool::judge::say_line(format_args!($($arg)*))
    };
}

mod check;
mod diff;
mod run;
mod shrink;
mod solver;
mod stress;
mod suite;

pub use check::check;
pub use stress::{killer, stress, Killer};
pub use suite::test;

use crate::tool::problem::Problem;
use diff::Difference;
use run::{End, Run};
use std::fmt;
use std::io::{self, Write};
use std::time::Duration;

/// Bytes of a program's output kept beyond the expected output's length:
/// enough to show what it wrote there, not all of a runaway program.
const EXTRA_OUTPUT_KEPT: usize = 1 << 16;

/// What is judged: the referee's own solver, or a program to run.
#[derive(Clone, Copy, Debug)]
pub enum Solution<'a> {
    Referee(Problem),
    Program(&'a [String]),
}

impl Solution<'_> {
    /// Runs the solution on `input`, keeping enough of its output to
    /// compare with `expected_len` bytes. An error: the program could not
    /// be started.
    fn run(&self, input: &[u8], expected_len: usize, timeout: Duration) -> io::Result<Run> {
        match *self {
            Solution::Program(command) => {
                run::run(command, input, timeout, expected_len + EXTRA_OUTPUT_KEPT)
            }
            // As `referee PROBLEM` would run it, in-process.
            Solution::Referee(problem) => {
                let (stdout, result) = solver::solve(problem, false, input);
                let (end, stderr) = match result {
                    Ok(()) => (End::Success, Vec::new()),
                    Err(e) => (
                        End::Failed("exit status 1".to_string()),
                        format!("referee: <stdin>:{}\n", e).into_bytes(),
                    ),
                };
                Ok(Run {
                    end,
                    stdout,
                    stderr,
                })
            }
        }
    }
}

/// The message for a program that cannot be started.
fn cannot_run(command: &[String], error: &io::Error) -> String {
    let hint = match command {
        [whole] if whole.contains(' ') => {
            " (the program and each argument are words of their own after `--`)"
        }
        _ => "",
    };
    format!(
        "referee: cannot run `{}`: {}{}",
        command.join(" "),
        error,
        hint
    )
}

/// The verdict on one run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    Accepted,
    WrongAnswer(Difference),
    /// A non-zero exit or a signal; the last line of standard error.
    RuntimeError {
        status: String,
        stderr: Option<String>,
    },
    TimeLimit(Duration),
}

/// The kinds of failure: a shrunk input must keep failing the same way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    WrongAnswer,
    RuntimeError,
    TimeLimit,
}

impl Verdict {
    /// `None` for an accepted run.
    pub fn failure(&self) -> Option<Failure> {
        match self {
            Verdict::Accepted => None,
            Verdict::WrongAnswer(_) => Some(Failure::WrongAnswer),
            Verdict::RuntimeError { .. } => Some(Failure::RuntimeError),
            Verdict::TimeLimit(_) => Some(Failure::TimeLimit),
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
        }
    }
}

/// Judges a run against the expected output. A failed exit is a runtime
/// error even when the output is right.
pub fn judge(run: &Run, expected: &[u8], timeout: Duration) -> Verdict {
    match &run.end {
        End::TimedOut => Verdict::TimeLimit(timeout),
        End::Failed(status) => Verdict::RuntimeError {
            status: status.clone(),
            stderr: last_stderr_line(&run.stderr),
        },
        End::Success => match diff::first_difference(expected, &run.stdout) {
            None => Verdict::Accepted,
            Some(difference) => Verdict::WrongAnswer(difference),
        },
    }
}

/// The last line of standard error that says something. After a Rust
/// panic that is the panic's message: the backtrace and the notes about
/// `RUST_BACKTRACE` that follow it are passed over.
fn last_stderr_line(stderr: &[u8]) -> Option<String> {
    let text = String::from_utf8_lossy(stderr);
    let text = match text.find("\nstack backtrace:\n") {
        Some(at) => &text[..at],
        None => &text[..],
    };
    let says_nothing =
        |l: &str| l.is_empty() || l.starts_with("note: ") && l.contains("RUST_BACKTRACE");
    text.lines()
        .map(str::trim)
        .rfind(|l| !says_nothing(l))
        .map(|line| diff::visible(line.as_bytes()))
}

/// Prints one line on stdout. A closed pipe ends the program quietly, as
/// everywhere in the tool (CLI.md); another write error ends it with 1.
fn say_line(line: fmt::Arguments<'_>) {
    let mut out = io::stdout().lock();
    if let Err(e) = writeln!(out, "{}", line).and_then(|_| out.flush()) {
        if e.kind() != io::ErrorKind::BrokenPipe {
            eprintln!("referee: <stdout>: {}", e);
            std::process::exit(1);
        }
        std::process::exit(0);
    }
}

/// `N passed, M failed`, the last line of `test` and `stress`.
fn summary(passed: u64, failed: u64) -> String {
    format!("{} passed, {} failed", passed, failed)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn finished(end: End, stdout: &[u8], stderr: &[u8]) -> Run {
        Run {
            end,
            stdout: stdout.to_vec(),
            stderr: stderr.to_vec(),
        }
    }

    #[test]
    fn verdicts_read_well() {
        let second = Duration::from_secs(1);
        let ok = finished(End::Success, b"a\n", b"");
        assert_eq!(judge(&ok, b"a\n", second).to_string(), "accepted");
        let wrong = finished(End::Success, b"b\n", b"");
        assert_eq!(
            judge(&wrong, b"a\n", second).to_string(),
            "wrong answer: 1:1: expected `a\\n`, found `b\\n`"
        );
        let panicked = finished(
            End::Failed("exit status 101".to_string()),
            b"a\n",
            b"thread 'main' panicked at x.rs:1:1:\nboom\nnote: run with `RUST_BACKTRACE=1` for more\n",
        );
        assert_eq!(
            judge(&panicked, b"a\n", second).to_string(),
            "runtime error: exit status 101; stderr: boom"
        );
        let traced = finished(
            End::Failed("exit status 101".to_string()),
            b"",
            b"thread 'main' panicked at x.rs:1:1:\nboom\nstack backtrace:\n   0: f\n             at x.rs:3\nnote: Some details are omitted, run with `RUST_BACKTRACE=full` for a verbose backtrace.\n",
        );
        assert_eq!(
            judge(&traced, b"a\n", second).to_string(),
            "runtime error: exit status 101; stderr: boom"
        );
        let hung = finished(End::TimedOut, b"", b"");
        assert_eq!(
            judge(&hung, b"a\n", second).to_string(),
            "time limit exceeded: killed after 1s"
        );
    }

    #[test]
    fn a_command_in_one_word_gets_a_hint() {
        let missing = io::Error::new(io::ErrorKind::NotFound, "not found");
        let one = ["python3 sol.py".to_string()];
        assert!(cannot_run(&one, &missing).ends_with("after `--`)"));
        let two = ["python3".to_string(), "sol.py".to_string()];
        assert_eq!(
            cannot_run(&two, &missing),
            "referee: cannot run `python3 sol.py`: not found"
        );
    }

    #[test]
    fn the_referee_as_a_solution_fails_like_the_binary_on_bad_input() {
        let referee = Solution::Referee(Problem::Fourrow);
        let run = referee
            .run(b"1\nGame #1: 8\n", 0, Duration::from_secs(1))
            .unwrap();
        assert_eq!(run.end, End::Failed("exit status 1".to_string()));
        assert!(String::from_utf8_lossy(&run.stderr).starts_with("referee: <stdin>:2:"));
    }
}
