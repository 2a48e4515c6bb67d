//! `referee stress PROBLEM [--cases N] [--seed S] [--timeout SECS]
//! [--out FILE] -- CMD [ARG...]`: runs CMD on N generated inputs, small
//! ones first, each against the referee's answer. At the first failure the
//! input is shrunk (`shrink`), written to FILE, and the verdict on it is
//! printed; else `N passed, 0 failed`.
//!
//! Input `i` of a run is made of `1 + i * MOST_CASES / N` cases, each one
//! generated from a seed drawn from the run's seed and `i`, and kept only
//! when `--strict` accepts it: the same seed gives the same inputs.

use super::shrink::{self, Oracle};
use super::{cannot_run, judge, solver, summary, Failure, Solution, Verdict};
use crate::tool::gen::Rng;
use crate::tool::problem::Problem;
use std::collections::hash_map::{DefaultHasher, RandomState};
use std::collections::HashMap;
use std::hash::{BuildHasher, Hash, Hasher};
use std::time::Duration;

/// Candidates run while shrinking, at most.
const MOST_RUNS: usize = 2000;

/// Candidates that may run into the time limit while shrinking a time
/// limit failure (each takes the whole limit).
const MOST_TIMEOUTS: usize = 40;

/// Generated cases tried for one case of an input before giving up.
const MOST_TRIES: usize = 1000;

/// Shrunk inputs and answers up to this many lines are printed.
const SHOWN_LINES: usize = 30;

/// The most cases in one input: the last inputs of a run have this many.
fn most_cases(problem: Problem) -> u64 {
    match problem {
        Problem::Snooker => 12,
        Problem::Fourrow => 60,
        Problem::Rating => 6,
    }
}

/// Runs the stress test and returns the exit status.
pub fn stress(
    problem: Problem,
    cases: u64,
    seed: Option<u64>,
    timeout: Duration,
    out: &str,
    command: &[String],
) -> u8 {
    let seed = seed.unwrap_or_else(|| {
        let seed = RandomState::new().build_hasher().finish();
        eprintln!(
            "referee: stress seed {} (repeat with --seed {})",
            seed, seed
        );
        seed
    });
    let solution = Solution::Program(command);
    for i in 0..cases {
        let input = match input(problem, seed, i, cases) {
            Some(input) => input,
            None => {
                eprintln!(
                    "referee: the generator made no valid case for input {}",
                    i + 1
                );
                return 1;
            }
        };
        let expected = solver::strict_answer(problem, &input).expect("made of valid cases");
        let verdict = match solution.run(&input, expected.len(), timeout) {
            Ok(run) => judge(&run, &expected, timeout),
            Err(e) => {
                eprintln!("{}", cannot_run(command, &e));
                return 1;
            }
        };
        let failure = match verdict.failure() {
            Some(failure) => failure,
            None => continue,
        };
        println!("input {} of {} failed: {}", i + 1, cases, verdict);
        if failure == Failure::TimeLimit {
            eprintln!("referee: shrinking; every run that hangs takes the whole time limit");
        }
        let mut oracle = Judge {
            problem,
            solution,
            timeout,
            failure,
            last: verdict,
            seen: HashMap::new(),
            runs: 0,
            timeouts: 0,
        };
        let shrunk = shrink::shrink(problem, &input, &mut oracle);
        report(problem, &input, &shrunk, &oracle, out);
        println!("{}", summary(i, 1));
        return 1;
    }
    println!("{}", summary(cases, 0));
    0
}

/// Input `i` of `n` of a run with `seed`: its cases generated and checked
/// one by one (`None` if the generator keeps making invalid ones).
fn input(problem: Problem, seed: u64, i: u64, n: u64) -> Option<Vec<u8>> {
    let count = 1 + i * (most_cases(problem) - 1) / n.max(1);
    let mut rng = Rng::new(seed ^ i.wrapping_mul(0xd1b5_4a32_d192_ed03));
    let mut body = Vec::new();
    for _ in 0..count {
        let case = (0..MOST_TRIES).find_map(|_| {
            let one = solver::generate_one(problem, rng.next_u64());
            solver::strict_answer(problem, &one).map(|_| one)
        })?;
        // Without its count line.
        let start = case.iter().position(|&b| b == b'\n').map_or(0, |i| i + 1);
        body.extend_from_slice(&case[start..]);
    }
    let mut input = format!("{}\n", count).into_bytes();
    input.extend_from_slice(&renumbered(problem, &body));
    Some(input)
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
    /// The verdict on the smallest failing input so far.
    last: Verdict,
    /// Verdicts by hash; `None` for an invalid candidate.
    seen: HashMap<u64, Option<Verdict>>,
    runs: usize,
    timeouts: usize,
}

impl Judge<'_> {
    fn verdict(&mut self, input: &[u8]) -> Option<Verdict> {
        let mut hasher = DefaultHasher::new();
        input.hash(&mut hasher);
        let key = hasher.finish();
        if let Some(verdict) = self.seen.get(&key) {
            return verdict.clone();
        }
        let verdict = solver::strict_answer(self.problem, input).and_then(|expected| {
            self.runs += 1;
            // It started before: failing to start now is not a verdict.
            let run = self
                .solution
                .run(input, expected.len(), self.timeout)
                .ok()?;
            Some(judge(&run, &expected, self.timeout))
        });
        if verdict.as_ref().and_then(Verdict::failure) == Some(Failure::TimeLimit) {
            self.timeouts += 1;
        }
        self.seen.insert(key, verdict.clone());
        verdict
    }
}

impl Oracle for Judge<'_> {
    fn fails(&mut self, input: &[u8], same: bool) -> bool {
        let verdict = match self.verdict(input) {
            Some(verdict) => verdict,
            None => return false,
        };
        let kept = match verdict.failure() {
            Some(failure) => !same || failure == self.failure,
            None => false,
        };
        if kept {
            self.last = verdict;
        }
        kept
    }

    fn exhausted(&self) -> bool {
        self.runs >= MOST_RUNS || self.timeouts >= MOST_TIMEOUTS
    }
}

/// Writes the shrunk input to `out` and prints what it is and the verdict.
fn report(
    problem: Problem,
    original: &[u8],
    shrunk: &shrink::Shrunk,
    oracle: &Judge<'_>,
    out: &str,
) {
    let lines = |text: &[u8]| text.iter().filter(|&&b| b == b'\n').count();
    let how = if shrunk.minimal {
        "1-minimal".to_string()
    } else {
        format!(
            "stopped by the bound of {} runs or {} time limits, not 1-minimal",
            MOST_RUNS, MOST_TIMEOUTS
        )
    };
    println!(
        "shrunk from {} to {} lines in {} runs ({})",
        lines(original),
        lines(&shrunk.input),
        oracle.runs,
        how
    );
    match std::fs::write(out, &shrunk.input) {
        Ok(()) => println!("wrote {}", out),
        Err(e) => eprintln!("referee: {}: {}", out, e),
    }
    show("input", &shrunk.input);
    if let Some(expected) = solver::strict_answer(problem, &shrunk.input) {
        show("expected output", &expected);
    }
    if oracle.last.failure() != Some(oracle.failure) {
        println!("(a smaller input fails another way: shown is how it fails)");
    }
    println!("{}: {}", out, oracle.last);
}

/// Prints a short text indented under a heading.
fn show(heading: &str, text: &[u8]) {
    let text = String::from_utf8_lossy(text);
    if text.lines().count() > SHOWN_LINES {
        return;
    }
    println!("{}:", heading);
    for line in text.lines() {
        if line.is_empty() {
            println!();
        } else {
            println!("    {}", line);
        }
    }
}
