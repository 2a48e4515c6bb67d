//! `referee test PROBLEM DIR [-- CMD [ARG...]]`: every `*.in` under DIR
//! (recursively, sorted by path a part at a time; DIR may also be one
//! input file) through CMD, each against the `.ans` or else `.out`
//! beside it, or the referee's own answer where there is none. One line
//! per failing case (per case with `-v`, with its time), the slowest
//! case, then `N passed, M failed`. `-j N` judges N cases at a time; the
//! lines keep the order of the cases. `--junit FILE` also writes the run
//! as a JUnit report, one in error when the run stops early.
//!
//! Without CMD the referee itself is run, the project's regression run:
//! then `.args` beside an input holds options of `referee PROBLEM` (such
//! as `--strict`), and `.err` the message on stderr that the run must end
//! with, exit status 1. Those cases test the referee alone: a CMD skips
//! them. Subfolders and inputs named after another problem or
//! `scoreboard` (alone or before a `-`: `rating-strict`,
//! `snooker-sample.in`) are other commands' cases and are passed over;
//! DIR itself is always taken.

mod cases;

use self::cases::{find_cases, Case};
use super::junit::{self, Entry, Fault};
use super::pool;
use super::progress::{self, Progress};
use super::run;
use super::{
    cannot_run, cannot_write_at, judge, may_write_over, seconds, solver, summary, write_ours,
    Compare, Expected, Solution, Verdict, ACCEPTED, CANNOT_START, FAILED, UNUSABLE,
};
use crate::core::io::error::{escaped_name, escaped_path};
use crate::core::io::{stderr_about, stderr_line};
use crate::tool::cli::{self, Command};
use crate::tool::files;
use crate::tool::problem::Problem;
use crate::tool::solvers;
use std::ffi::OsString;
use std::fs;
use std::io;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// How `test` runs, from its flags.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct TestRun {
    pub(crate) timeout: Duration,
    pub(crate) jobs: usize,
    /// A line for every case, with its time.
    pub(crate) verbose: bool,
    /// Where to write a JUnit XML report.
    pub(crate) junit: Option<String>,
    pub(crate) compare: Compare,
}

/// What came of one case.
enum Outcome {
    Judged(Verdict, Duration),
    /// The case itself is broken: a file that cannot be read, an input the
    /// referee does not answer (an invalid one), `.args` it does not take.
    Broken(Broken),
    /// A case of the referee's own (`.args` or `.err`) while a CMD runs.
    Skipped,
    /// The program could not be started (no use trying other cases).
    CannotRun(io::Error),
}

/// Why a case of the referee's own is skipped while a CMD runs.
const SKIPPED: &str = "`.args` or `.err`: a case of the referee itself";

/// What the cases came to, in their order.
#[derive(Default)]
struct Tally {
    passed: u64,
    failed: u64,
    broken: u64,
    skipped: u64,
    slowest: Option<(Duration, String)>,
    entries: Vec<Entry>,
}

impl Tally {
    /// Counts one outcome and prints its line.
    fn add(&mut self, name: &str, outcome: Outcome, verbose: bool) {
        let (time, failure) = match outcome {
            Outcome::Judged(verdict, time) => {
                if verbose {
                    say!("{} ({}): {}", name, seconds(time), verdict);
                } else if verdict != Verdict::Accepted {
                    say!("{}: {}", name, verdict);
                }
                if self.slowest.as_ref().is_none_or(|(t, _)| time > *t) {
                    self.slowest = Some((time, name.to_string()));
                }
                match verdict {
                    Verdict::Accepted => {
                        self.passed += 1;
                        (time, None)
                    }
                    verdict => {
                        self.failed += 1;
                        (
                            time,
                            Some(Fault::Failure(verdict.kind(), verdict.to_string())),
                        )
                    }
                }
            }
            Outcome::Broken(Broken { why, message }) => {
                say!("{}: {}", name, why);
                // Said on standard error too, as every command says a
                // file it cannot use.
                stderr_line(format_args!("referee: {}", message));
                self.broken += 1;
                (Duration::ZERO, Some(Fault::Failure("broken case", why)))
            }
            Outcome::Skipped => {
                if verbose {
                    say!("{}: skipped ({})", name, SKIPPED);
                }
                self.skipped += 1;
                (Duration::ZERO, Some(Fault::Skipped(SKIPPED)))
            }
            Outcome::CannotRun(_) => unreachable!("handled by the caller"),
        };
        self.entries.push(Entry {
            name: name.to_string(),
            time,
            failure,
        });
    }
}

/// Runs the cases under `dir` through `command` (the referee's own solver
/// when empty) and returns the exit status.
pub(crate) fn test(problem: Problem, dir: &str, how: &TestRun, command: &[OsString]) -> u8 {
    // A file that is there already is written over only if it is a report
    // of ours; else it may be someone's, which is said before the run.
    if let Some(path) = how.junit.as_deref() {
        if let Some(why) = cannot_write_at(Path::new(path), junit::is_report, NOT_A_REPORT) {
            stderr_about(files::shown(path), why);
            say!("{}", summary(0, 0));
            return UNUSABLE;
        }
    }
    let cases = match find_cases(Path::new(dir), problem) {
        Ok(cases) if cases.is_empty() => {
            return stopped(problem, dir, how, dir, "no `*.in` files to test")
        }
        Ok(cases) => cases,
        Err((path, e)) => return stopped(problem, dir, how, &path.display().to_string(), e),
    };
    let mut tally = Tally::default();
    let progress = Progress::new(cases.len() as u64, "cases");
    let mut broken_command = None;
    let judge_one = |i, dropped: &_| judge_case(problem, &cases[i], command, how, dropped);
    let broken = |outcome: &Outcome| matches!(outcome, Outcome::CannotRun(_));
    let take = |i: usize, outcome| {
        if let Outcome::CannotRun(e) = outcome {
            broken_command = Some((i, e));
            return false;
        }
        tally.add(&cases[i].name, outcome, how.verbose);
        progress.update(i as u64 + 1, tally.failed + tally.broken);
        true
    };
    pool::in_order(cases.len(), how.jobs, judge_one, broken, take, || {
        progress.tick()
    });
    progress::clear();
    if let Some((i, e)) = broken_command {
        let message = cannot_run(command, &e);
        stderr_line(format_args!("{}", message));
        // The case it stopped at is in error: the run did not pass.
        let why = message.strip_prefix("referee: ").unwrap_or(&message);
        tally
            .entries
            .push(in_error(&cases[i].name, why.to_string()));
        let status = write_report(problem, how, &tally.entries, CANNOT_START);
        say!("{}", summary(tally.passed, tally.failed + tally.broken));
        return status;
    }
    // A run whose every case was skipped tested nothing: not a pass.
    let ran = tally.passed + tally.failed + tally.broken;
    if tally.skipped > 0 {
        let why = format!(
            "skipped {} {} with `.args` or `.err`: they test the referee itself",
            tally.skipped,
            if tally.skipped == 1 { "case" } else { "cases" }
        );
        stderr_line(format_args!("referee: {}", why));
        if ran == 0 {
            tally.entries.push(in_error(&escaped_name(dir), why));
        }
    }
    let status = if tally.failed > 0 {
        FAILED
    } else if tally.broken > 0 || ran == 0 {
        UNUSABLE
    } else {
        ACCEPTED
    };
    // Before the last lines: the summary stays last on `--junit /dev/stdout`.
    let status = write_report(problem, how, &tally.entries, status);
    if let Some((time, name)) = &tally.slowest {
        say!("slowest: {} ({})", name, seconds(*time));
    }
    say!("{}", summary(tally.passed, tally.failed + tally.broken));
    status
}

/// Ends a run stopped before any case ran, `name` (DIR or a file below
/// it) unusable for `why`: said on stderr and, in place of an earlier
/// report that would still show a pass, in a report of the run in error.
fn stopped(
    problem: Problem,
    dir: &str,
    how: &TestRun,
    name: &str,
    why: impl std::fmt::Display,
) -> u8 {
    stderr_about(name, &why);
    let why = format!("{}: {}", escaped_name(name), why);
    let status = write_report(problem, how, &[in_error(&escaped_name(dir), why)], UNUSABLE);
    say!("{}", summary(0, 0));
    status
}

/// A testcase of the report that could not be judged, for `why`.
fn in_error(name: &str, why: String) -> Entry {
    Entry {
        name: name.to_string(),
        time: Duration::ZERO,
        failure: Some(Fault::Error(why)),
    }
}

/// Writes the `--junit` report of `entries`, if asked; returns the run's
/// `status`, made at least `UNUSABLE` if the report cannot be written.
fn write_report(problem: Problem, how: &TestRun, entries: &[Entry], status: u8) -> u8 {
    let Some(path) = &how.junit else {
        return status;
    };
    // Asked again: a file may have come there during the run.
    let written = match may_write_over(Path::new(path), junit::is_report) {
        true => write_ours(
            Path::new(path),
            junit::report(problem.name(), entries).as_bytes(),
        )
        .map_err(|e| e.to_string()),
        false => Err(NOT_A_REPORT.to_string()),
    };
    match written {
        Ok(()) => status,
        Err(e) => {
            stderr_about(files::shown(path), e);
            status.max(UNUSABLE)
        }
    }
}

/// Why `--junit` names no file to write.
const NOT_A_REPORT: &str = "there already, and no report of `referee test`: not written over";

/// The files of one case, read.
struct Files {
    input: Vec<u8>,
    /// Set by `.args`.
    strict: bool,
    stdout: Vec<u8>,
    stderr: Option<Vec<u8>>,
}

/// Judges one case; a run is cut short once `dropped` is set.
fn judge_case(
    problem: Problem,
    case: &Case,
    command: &[OsString],
    how: &TestRun,
    dropped: &AtomicBool,
) -> Outcome {
    let own_case = case.args.is_some() || case.error.is_some();
    if !command.is_empty() && own_case {
        return Outcome::Skipped;
    }
    let files = match read_case(problem, case) {
        Ok(files) => files,
        Err(why) => return Outcome::Broken(why),
    };
    // Named as `referee PROBLEM FILE` names it in its messages.
    let name = escaped_path(&case.input);
    let solution = if command.is_empty() {
        Solution::Referee {
            problem,
            strict: files.strict,
            name: &name,
        }
    } else {
        Solution::Program(command)
    };
    let expected = Expected {
        stdout: &files.stdout,
        stderr: files.stderr.as_deref(),
    };
    let expected_len = files.stdout.len();
    match solution.run(
        &files.input,
        expected_len,
        how.compare,
        how.timeout,
        dropped,
    ) {
        Ok(run) => Outcome::Judged(judge(&run, expected, how.timeout, how.compare), run.time),
        Err(e) => Outcome::CannotRun(e),
    }
}

/// Why a case is broken: for its line in the report, and the message of
/// standard error (`FILE: why`, `FILE:LINE:COL: message`).
struct Broken {
    why: String,
    message: String,
}

/// Reads a case's files; the expected output is the referee's answer
/// when there is no answer file. An error says why the case is broken.
fn read_case(problem: Problem, case: &Case) -> Result<Files, Broken> {
    // Only a file is read: a fifo or a device (a link to `/dev/zero`)
    // could keep the run waiting, or filling memory, for good.
    let read = |path: &Path| {
        let cannot = |why: &dyn std::fmt::Display| Broken {
            why: format!("cannot read {}: {}", escaped_path(path), why),
            message: format!("{}: {}", escaped_path(path), why),
        };
        match fs::metadata(path) {
            Ok(found) if !found.is_file() => Err(cannot(&"not a file")),
            _ => run::with_descriptors(|| fs::read(path)).map_err(|e| cannot(&e)),
        }
    };
    let strict = match &case.args {
        Some(path) => referee_strict(problem, &read(path)?).ok_or_else(|| {
            let why = format!(
                "holds options that `referee {}` does not take",
                problem.name()
            );
            Broken {
                why: format!("{} {}", escaped_path(path), why),
                message: format!("{}: {}", escaped_path(path), why),
            }
        })?,
        None => false,
    };
    let input = read(&case.input)?;
    // The input must be one the referee answers, as for `check`, even when
    // an answer file is given; but for a case of the referee's own that
    // ends in an error (`.err`).
    let (own_answer, answered) = solver::solve(problem, strict, &input[..]);
    if let (Err(e), None) = (answered, &case.error) {
        return Err(Broken {
            why: format!("invalid input: {}", e),
            message: solvers::describe(&escaped_path(&case.input), &e),
        });
    }
    let stdout = match &case.answer {
        Some(path) => read(path)?,
        None => own_answer,
    };
    let stderr = case.error.as_deref().map(read).transpose()?;
    let stderr = stderr.map(|expected| named_as_run(expected, &case.input));
    Ok(Files {
        input,
        strict,
        stdout,
        stderr,
    })
}

/// The expected message of a `.err` with its input named as the run
/// names it (`input` as found, escaped as in any message): a `.err`
/// names its input by its path from wherever it was written (`fixtures/...` from the project), so that the cases pass
/// from any folder. Only the path before the first `FILE:` that ends in
/// the input's file name is replaced.
fn named_as_run(expected: Vec<u8>, input: &Path) -> Vec<u8> {
    let name = escaped_path(input);
    let (Some(file), Ok(text)) = (input.file_name(), String::from_utf8(expected.clone())) else {
        return expected;
    };
    let file = format!("{}:", escaped_path(Path::new(file)));
    let start = "referee: ";
    let Some(path_end) = text
        .strip_prefix(start)
        .and_then(|rest| rest.find(&file))
        .map(|at| start.len() + at + file.len() - 1)
    else {
        return expected;
    };
    let before = &text[start.len()..path_end - (file.len() - 1)];
    if !(before.is_empty() || before.ends_with('/')) {
        return expected;
    }
    format!("{}{}{}", start, name, &text[path_end..]).into_bytes()
}

/// Whether the options of a `.args` file ask `referee PROBLEM` for
/// `--strict`; `None` when they are not options it takes.
fn referee_strict(problem: Problem, args: &[u8]) -> Option<bool> {
    let text = std::str::from_utf8(args).ok()?;
    let mut words = vec![problem.name().to_string()];
    words.extend(text.split_whitespace().map(String::from));
    match cli::parse(words) {
        Ok(Command::Solve {
            problem: asked,
            strict,
            file: None,
        }) if asked == problem => Some(strict),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_expected_error_names_the_input_as_the_run_does() {
        let named = |expected: &str, input: &str| {
            String::from_utf8(named_as_run(expected.into(), Path::new(input))).unwrap()
        };
        let expected = "referee: fixtures/e/count.in:3:1: expected x, found y\n";
        assert_eq!(
            named(expected, "/tmp/p/fixtures/e/count.in"),
            "referee: /tmp/p/fixtures/e/count.in:3:1: expected x, found y\n"
        );
        assert_eq!(
            named("referee: count.in:3:1: m\n", "e/count.in"),
            "referee: e/count.in:3:1: m\n"
        );
        // Another file, or a name that only ends like it, stays.
        let other = "referee: fixtures/e/other.in:3:1: m\n";
        assert_eq!(named(other, "e/count.in"), other);
        let longer = "referee: fixtures/e/mycount.in:3:1: m\n";
        assert_eq!(named(longer, "e/count.in"), longer);
    }

    #[test]
    fn args_files_are_read_as_options_of_the_problem() {
        assert_eq!(referee_strict(Problem::Rating, b"--strict\n"), Some(true));
        assert_eq!(referee_strict(Problem::Rating, b""), Some(false));
        assert_eq!(referee_strict(Problem::Snooker, b"--tsv\n"), None);
        assert_eq!(referee_strict(Problem::Snooker, b"x.in"), None);
    }
}
