//! The package's time limit, measured: the accepted submission (the judge
//! bundle) compiled with `rustc -O` and run on every secret input; the
//! limit is then what problemtools' `verifyproblem` derives for a package
//! in the legacy format: the slowest accepted run times the time
//! multiplier, rounded up to whole seconds (its time resolution), and at
//! least one second. It is written to `.timelimit`, which the legacy
//! format's judges and statements read.
//!
//! The slowest input takes a few hundredths of a second, against the
//! fifth of a second that would lift the limit past the rule's floor of
//! one second. Each input counts by the fastest of a few runs, as other
//! work on a busy machine only slows a run down: so the limit, and with it
//! the package's bytes, come out the same on a machine that is busy or a
//! few times slower.

use super::killers::compiled;
use crate::tool::problem::Problem;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// problemtools' multiplier from the slowest accepted run to the time
/// limit, for the legacy format (its `time_multiplier`).
pub(crate) const TIME_MULTIPLIER: u32 = 5;

/// problemtools' factor from the time limit to the run time past which a
/// submission counts as too slow even with extra time (its
/// `time_safety_margin`).
pub(crate) const TIME_SAFETY_MARGIN: u32 = 2;

/// Why the package has no submission that is right but too slow, as
/// comment lines for `problem.yaml`: none exists within the statement's
/// limits that the time limit would reliably reject.
pub(crate) fn no_slow_solution(problem: Problem) -> &'static str {
    match problem {
        Problem::Snooker => {
            "# a stroke is a few steps of bookkeeping whatever the approach, and\n\
             # no natural solution looks back over the strokes before it.\n"
        }
        Problem::Fourrow => {
            "# at most 99 games of at most 42 moves: even a solution that checks\n\
             # the whole board after every move makes some 10^5 steps.\n"
        }
        Problem::Rating => {
            "# at the statement's limits (1000 tournaments of 500 players and 500\n\
             # games, some 25 MB of input) a solution that finds each player by a\n\
             # linear scan makes some 5 * 10^8 name comparisons, about a second:\n\
             # not reliably past the limit and its safety margin, and data of that\n\
             # size would make the package slow to check.\n"
        }
    }
}

/// The time limit in whole seconds for a slowest accepted run of `slowest`.
pub(crate) fn limit_for(slowest: Duration) -> u64 {
    let exact = slowest.as_secs_f64() * f64::from(TIME_MULTIPLIER);
    (exact.ceil() as u64).max(1)
}

/// How many times each input is run; the fastest run counts.
const ROUNDS: usize = 3;

/// The accepted submission's slowest run over `inputs`, each input's
/// run the fastest of `ROUNDS`; an error when it does not compile or
/// fails on an input.
pub(crate) fn slowest_run(source: &[u8], inputs: &[&[u8]]) -> Result<Duration, String> {
    let program = compiled("accepted", &String::from_utf8_lossy(source))
        .map_err(|e| format!("the accepted submission: {}", e))?;
    let mut slowest = Duration::ZERO;
    for input in inputs {
        let mut fastest = run(&program, input)?;
        for _ in 1..ROUNDS {
            fastest = fastest.min(run(&program, input)?);
        }
        slowest = slowest.max(fastest);
    }
    Ok(slowest)
}

/// How long one run of `program` on `input` takes, to its end.
fn run(program: &Path, input: &[u8]) -> Result<Duration, String> {
    let start = Instant::now();
    let mut child = Command::new(program)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("the accepted submission: {}", e))?;
    let mut stdin = child.stdin.take().expect("stdin is piped");
    // A program that stops reading is judged by its exit status below.
    let _ = stdin.write_all(input);
    drop(stdin);
    let status = child
        .wait()
        .map_err(|e| format!("the accepted submission: {}", e))?;
    if !status.success() {
        return Err(format!("the accepted submission failed: {}", status));
    }
    Ok(start.elapsed())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_limit_follows_problemtools_rule() {
        assert_eq!(limit_for(Duration::ZERO), 1);
        assert_eq!(limit_for(Duration::from_millis(40)), 1);
        assert_eq!(limit_for(Duration::from_millis(200)), 1);
        assert_eq!(limit_for(Duration::from_millis(201)), 2);
        assert_eq!(limit_for(Duration::from_millis(1000)), 5);
    }
}
