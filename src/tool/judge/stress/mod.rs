//! `referee stress PROBLEM [--inputs N] [--seed S] [--timeout SECS] [-j N]
//! [--out FILE] -- CMD [ARG...]`: runs CMD on N generated inputs, small
//! ones first, each against the referee's answer; `-j N` runs N at a time.
//! The first failure in input order (whatever the order the runs end in)
//! is shrunk (`shrink`), written to FILE, and printed with the verdict on
//! it and the program's output beside the expected one; else `N passed,
//! 0 failed`.
//!
//! Input `i` (from 0) of a run has `1 + i * (most - 1) / N` cases, `most`
//! a number per problem within the statement's limit; each case is
//! generated from a seed drawn from the run's seed and `i`, in the plain
//! and the varied style by turns (the large inputs at the end of a long
//! run in the varied style alone), and kept only when `--strict` accepts
//! it: the same seed gives the same inputs. The referee's answers are
//! worked out in-process: one process per input.

mod report;

use self::report::{report, TAKEN};
use super::pool;
use super::progress::{self, Progress};
use super::shrink::{self, Oracle};
use super::{
    cannot_run, cannot_write_at, judge, solver, summary, Compare, Expected, Failure, Solution,
    Verdict, ACCEPTED, CANNOT_START, FAILED, NEVER_DROPPED, UNUSABLE,
};
use crate::core::io::{stderr_about, stderr_line};
use crate::core::limits;
use crate::tool::cli::Style;
use crate::tool::files;
use crate::tool::gen::Rng;
use crate::tool::problem::Problem;
use std::collections::hash_map::{DefaultHasher, RandomState};
use std::collections::HashMap;
use std::ffi::OsString;
use std::hash::{BuildHasher, Hash, Hasher};
use std::io;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// Candidates run while shrinking, at most.
const MOST_RUNS: usize = 2000;

/// Runs that may hit the time limit while shrinking a time limit failure
/// (each takes the whole limit), the failing input's run again included.
const MOST_TIMEOUTS: usize = 25;

/// Generated cases tried for one case of an input before giving up.
const MOST_TRIES: usize = 1000;

/// How `stress` runs, from its flags.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct StressRun {
    /// How many inputs to generate.
    pub(crate) inputs: u64,
    /// `None`: a random one, printed on stderr.
    pub(crate) seed: Option<u64>,
    pub(crate) timeout: Duration,
    pub(crate) jobs: usize,
    /// Where the shrunk input is written, a file that is not there yet
    /// or a path under `/dev`; `None`: a new file named `DEFAULT_OUT`, or
    /// with a number when that is taken.
    pub(crate) out: Option<String>,
}

/// The most cases of the inputs that grow one by one: small inputs find
/// most faults, and fast.
fn usual_cases(problem: Problem) -> u64 {
    match problem {
        Problem::Snooker => 20,
        Problem::Fourrow => 99,
        Problem::Rating => 10,
    }
}

/// The most cases the statement allows.
fn statement_cases(problem: Problem) -> u64 {
    match problem {
        Problem::Snooker => *limits::snooker::FRAMES.end(),
        Problem::Fourrow => *limits::fourrow::GAMES.end(),
        Problem::Rating => *limits::rating::TOURNAMENTS.end(),
    }
}

/// A run of at least this many inputs ends with the large ones.
const LONG_RUN: u64 = 100;

/// How many cases input `i` of `n` holds: from 1 up to `usual_cases`,
/// then, in a long run, the last inputs with ten times as many, a hundred
/// times and so on up to the statement's limit, so that a fault that
/// needs a hundredth case shows too.
fn case_count(problem: Problem, i: u64, n: u64) -> u64 {
    let (usual, limit) = (usual_cases(problem), statement_cases(problem));
    let mut large = Vec::new();
    let mut count = usual;
    while count < limit {
        count = (count * 10).min(limit);
        large.push(count);
    }
    let growing = if n >= LONG_RUN {
        n - large.len() as u64
    } else {
        n
    };
    match i.checked_sub(growing) {
        Some(k) => large[k as usize],
        None => 1 + i * (usual - 1) / (growing - 1).max(1),
    }
}

/// What came of one generated input.
enum Outcome {
    Passed,
    /// The input, the program's output on it and the verdict.
    Failed(Vec<u8>, Kept, Verdict),
    /// The generator made no valid input.
    NoInput,
    CannotRun(io::Error),
}

/// Runs the stress test and returns the exit status.
pub(crate) fn stress(problem: Problem, how: &StressRun, command: &[OsString]) -> u8 {
    // A file that is there already may be someone's: said before the run,
    // not after it.
    if let Some(path) = how.out.as_deref() {
        if let Some(why) = cannot_write_at(Path::new(path), |_| false, TAKEN) {
            stderr_about(files::shown(path), why);
            say!("{}", summary(0, 0));
            return UNUSABLE;
        }
    }
    let seed = how.seed.unwrap_or_else(|| {
        let seed = RandomState::new().build_hasher().finish();
        // An input's size depends on how many there are: both repeat it.
        stderr_line(format_args!(
            "referee: stress seed {} (repeat with --seed {} --inputs {})",
            seed, seed, how.inputs
        ));
        seed
    });
    let solution = Solution::Program(command);
    let n = how.inputs;
    let progress = Progress::new(n, "inputs");
    // The first input, in order, that did not pass, and what came of it.
    let mut first_bad = None;
    let run_one = |i: usize, dropped: &AtomicBool| {
        let i = i as u64;
        let Some((input, expected)) = input(problem, seed, i, n) else {
            return Outcome::NoInput;
        };
        match solution.run(&input, expected.len(), Compare::Exact, how.timeout, dropped) {
            Err(e) => Outcome::CannotRun(e),
            Ok(run) => match judge(&run, output(&expected), how.timeout, Compare::Exact) {
                Verdict::Accepted => Outcome::Passed,
                verdict => Outcome::Failed(input, Kept::of(run), verdict),
            },
        }
    };
    let failed = |outcome: &Outcome| !matches!(outcome, Outcome::Passed);
    let take = |i: usize, outcome| {
        if let Outcome::Passed = outcome {
            progress.update(i as u64 + 1, 0);
            return true;
        }
        first_bad = Some((i as u64, outcome));
        false
    };
    pool::in_order(n as usize, how.jobs, run_one, failed, take, || {
        progress.tick()
    });
    progress::clear();
    let (i, outcome) = match first_bad {
        None => {
            say!("{}", summary(n, 0));
            return ACCEPTED;
        }
        Some(bad) => bad,
    };
    let (input, stdout, verdict) = match outcome {
        Outcome::Failed(input, stdout, verdict) => (input, stdout, verdict),
        Outcome::NoInput => {
            stderr_line(format_args!(
                "referee: the generator made no valid input {}",
                i + 1
            ));
            say!("{}", summary(i, 0));
            return UNUSABLE;
        }
        Outcome::CannotRun(e) => {
            stderr_line(format_args!("{}", cannot_run(command, &e)));
            say!("{}", summary(i, 0));
            return CANNOT_START;
        }
        Outcome::Passed => unreachable!("only a failure stops the run"),
    };
    say!("input {} of {} failed: {}", i + 1, n, verdict);
    let mut oracle = Judge::new(problem, solution, how.timeout, verdict, stdout);
    if oracle.failure == Failure::TimeLimit {
        stderr_line(format_args!(
            "referee: shrinking; each run that hangs takes the whole time limit"
        ));
    }
    let shrunk = shrink::shrink(problem, &input, &mut oracle);
    let written = report(problem, &input, &shrunk, &oracle, how.out.as_deref());
    say!("{}", summary(i, 1));
    // A shrunk input that could not be kept is a file of ours unusable,
    // as for `test --junit`.
    if written {
        FAILED
    } else {
        UNUSABLE
    }
}

/// A failing input found by [`killer`], shrunk.
pub(crate) struct Killer {
    pub(crate) input: Vec<u8>,
    /// Whether no single part of it can go and it still fail.
    pub(crate) minimal: bool,
    /// The verdict on it, in words.
    pub(crate) verdict: String,
}

/// What `stress` does, one input at a time and printing nothing: the first
/// input among `inputs` of a run with `seed` that `command` fails, shrunk;
/// `None` when it passes all. An error: the generator made no valid input,
/// the program could not be started, or the failing input did not fail
/// the same way when run again.
pub(crate) fn killer(
    problem: Problem,
    seed: u64,
    inputs: u64,
    timeout: Duration,
    command: &[OsString],
) -> Result<Option<Killer>, String> {
    let solution = Solution::Program(command);
    for i in 0..inputs {
        let (input, expected) = input(problem, seed, i, inputs)
            .ok_or_else(|| format!("the generator made no valid input {}", i + 1))?;
        let run = solution
            .run(
                &input,
                expected.len(),
                Compare::Exact,
                timeout,
                &NEVER_DROPPED,
            )
            .map_err(|e| cannot_run(command, &e))?;
        let verdict = judge(&run, output(&expected), timeout, Compare::Exact);
        if verdict != Verdict::Accepted {
            let first = verdict.to_string();
            let mut oracle = Judge::new(problem, solution, timeout, verdict, Kept::of(run));
            let shrunk = shrink::shrink(problem, &input, &mut oracle);
            if !shrunk.failed_again {
                let again = match oracle.not_started {
                    0 => "did not fail the same way",
                    _ => "could not be started",
                };
                return Err(format!(
                    "input {} failed ({}), and run again the solution {}",
                    i + 1,
                    first,
                    again
                ));
            }
            return Ok(Some(Killer {
                input: shrunk.input,
                // A candidate the program could not run is not known to pass.
                minimal: shrunk.minimal && oracle.not_started == 0,
                verdict: oracle.last.to_string(),
            }));
        }
    }
    Ok(None)
}

/// What is kept of a failing run's standard output, and whether it is
/// all the program wrote there.
#[derive(Clone, Default)]
struct Kept {
    bytes: Vec<u8>,
    whole: bool,
}

impl Kept {
    fn of(run: super::run::Run) -> Kept {
        Kept {
            bytes: run.stdout,
            whole: run.stdout_whole,
        }
    }
}

/// Only standard output is expected of a generated input.
fn output(expected: &[u8]) -> Expected<'_> {
    Expected {
        stdout: expected,
        stderr: None,
    }
}

/// Input `i` of `n` of a run with `seed` and the referee's answer: its
/// cases generated and checked one by one (`None` if the generator keeps
/// making invalid ones).
fn input(problem: Problem, seed: u64, i: u64, n: u64) -> Option<(Vec<u8>, Vec<u8>)> {
    let count = case_count(problem, i, n);
    let mut rng = Rng::new(seed ^ i.wrapping_mul(0xd1b5_4a32_d192_ed03));
    let mut body = Vec::new();
    for k in 0..count {
        // The large inputs that end a long run take the varied style
        // alone, whose cases are the biggest.
        let style = match count > usual_cases(problem) {
            true => Style::Varied,
            false => Style::ALL[((i + k) % 2) as usize],
        };
        let case = (0..MOST_TRIES).find_map(|_| {
            let one = solver::generate_one(problem, style, rng.next_u64());
            solver::strict_answer(problem, &one).map(|_| one)
        })?;
        // Without its count line.
        let start = case.iter().position(|&b| b == b'\n').map_or(0, |i| i + 1);
        body.extend_from_slice(&case[start..]);
    }
    let mut input = format!("{}\n", count).into_bytes();
    input.extend_from_slice(&renumbered(problem, &body));
    let expected = solver::strict_answer(problem, &input)?;
    Some((input, expected))
}

/// Four-in-a-row cases are generated as game 1 each: number them.
fn renumbered(problem: Problem, body: &[u8]) -> Vec<u8> {
    if problem != Problem::Fourrow {
        return body.to_vec();
    }
    let mut out = Vec::with_capacity(body.len() + 256);
    for (k, line) in body.split_inclusive(|&b| b == b'\n').enumerate() {
        let moves = line.strip_prefix(b"Game #1:").unwrap_or(line);
        out.extend_from_slice(format!("Game #{}:", k + 1).as_bytes());
        out.extend_from_slice(moves);
    }
    out
}

/// The shrinker's oracle: a candidate fails when `--strict` takes it and
/// the program fails on it. Every verdict is kept, by the candidate's
/// hash: no candidate runs twice.
struct Judge<'a> {
    problem: Problem,
    solution: Solution<'a>,
    timeout: Duration,
    /// How the first failing input failed.
    failure: Failure,
    /// The verdict on the smallest failing input so far, and the
    /// program's output on it.
    last: Verdict,
    last_output: Kept,
    /// What the program wrote on the first failing input's first run.
    first_output: Vec<u8>,
    /// Verdicts and outputs by hash; `None` for an invalid candidate.
    seen: HashMap<u64, Option<(Verdict, Kept)>>,
    runs: usize,
    timeouts: usize,
    /// Runs whose solution could not be started (it was there before).
    not_started: usize,
}

impl<'a> Judge<'a> {
    /// The oracle for an input on which `solution` got the failing
    /// `verdict`, writing `stdout`.
    fn new(
        problem: Problem,
        solution: Solution<'a>,
        timeout: Duration,
        verdict: Verdict,
        stdout: Kept,
    ) -> Judge<'a> {
        Judge {
            problem,
            solution,
            timeout,
            failure: verdict.failure().expect("a failing verdict"),
            last: verdict,
            first_output: stdout.bytes.clone(),
            last_output: stdout,
            seen: HashMap::new(),
            runs: 0,
            timeouts: 0,
            not_started: 0,
        }
    }

    /// The verdict on `input` and the program's output (kept only when it
    /// failed), or `None` for an invalid candidate.
    fn verdict(&mut self, input: &[u8]) -> Option<(Verdict, Kept)> {
        let key = key(input);
        if let Some(judged) = self.seen.get(&key) {
            return judged.clone();
        }
        let judged = solver::strict_answer(self.problem, input).and_then(|expected| {
            self.runs += 1;
            // It started before: failing to start now is not a verdict,
            // and the input is then not known to be the smallest.
            let run = self.solution.run(
                input,
                expected.len(),
                Compare::Exact,
                self.timeout,
                &NEVER_DROPPED,
            );
            let Ok(run) = run else {
                self.not_started += 1;
                return None;
            };
            let verdict = judge(&run, output(&expected), self.timeout, Compare::Exact);
            let stdout = match verdict {
                Verdict::Accepted => Kept::default(),
                _ => Kept::of(run),
            };
            Some((verdict, stdout))
        });
        if judged.as_ref().and_then(|(v, _)| v.failure()) == Some(Failure::TimeLimit) {
            self.timeouts += 1;
        }
        self.seen.insert(key, judged.clone());
        judged
    }

    /// The verdict on `input` and what was kept of the output, if it was
    /// run.
    fn judged(&self, input: &[u8]) -> Option<&(Verdict, Kept)> {
        self.seen.get(&key(input))?.as_ref()
    }

    /// Whether the first failing input, `original`, run again wrote other
    /// than on its first run; never after a time limit, where what was
    /// written depends on when the program was stopped.
    fn wrote_another_output(&self, original: &[u8]) -> bool {
        self.judged(original).is_some_and(|(verdict, again)| {
            verdict.failure() != Some(Failure::TimeLimit) && again.bytes != self.first_output
        })
    }
}

/// The key of an input's verdict among those kept.
fn key(input: &[u8]) -> u64 {
    let mut hasher = DefaultHasher::new();
    input.hash(&mut hasher);
    hasher.finish()
}

impl Oracle for Judge<'_> {
    fn fails(&mut self, input: &[u8], same: bool) -> bool {
        let (verdict, stdout) = match self.verdict(input) {
            Some(judged) => judged,
            None => return false,
        };
        let kept = match verdict.failure() {
            Some(failure) => !same || failure == self.failure,
            None => false,
        };
        if kept {
            self.last = verdict;
            self.last_output = stdout;
        }
        kept
    }

    fn exhausted(&self) -> bool {
        self.runs >= MOST_RUNS || self.timeouts >= MOST_TIMEOUTS
    }
}

#[cfg(test)]
mod tests;
