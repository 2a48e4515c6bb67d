//! `referee bench [PROBLEM] [--mb N] [--style plain|varied]`: generates
//! about N MB of input per problem in memory (in the generator's style),
//! runs the solver on it five times into a sink, and prints the median
//! throughput; without PROBLEM, then how long `referee match` takes to
//! answer an entry late in a match. A measurement tool, not a test.

use crate::tool::cli::Style;
use crate::tool::gen;
use crate::tool::problem::Problem;
use std::io::{self, Write};
use std::time::{Duration, Instant};

const RUNS: usize = 5;

/// Runs the solver over `input` into a sink as `referee PROBLEM` does;
/// panics on an input error, which generated input never has.
fn solve(problem: Problem, input: &[u8]) {
    let sink = io::sink();
    let result = match problem {
        Problem::Snooker => crate::core::snooker::solve(input, sink),
        Problem::Fourrow => crate::core::fourrow::solve(input, sink),
        Problem::Rating => crate::core::rating::solve(input, sink),
    };
    if let Err(e) = result {
        panic!("generated {} input was refused: {}", problem.name(), e);
    }
}

/// Benchmarks one problem or all three and writes a table to `out`.
pub fn run<W: Write>(
    problem: Option<Problem>,
    mb: u64,
    style: Style,
    out: &mut W,
) -> io::Result<()> {
    let problems: Vec<Problem> = match problem {
        Some(p) => vec![p],
        None => Problem::ALL.to_vec(),
    };
    writeln!(
        out,
        "{:<8} {:<6} {:>8} {:>10} {:>9} {:>9} {:>11}",
        "problem", "style", "MB", "lines", "median s", "MB/s", "lines/s"
    )?;
    for problem in problems {
        let input = gen::generate_bytes_styled(problem, style, 1, (mb as usize).max(1) << 20);
        let lines = input.iter().filter(|&&b| b == b'\n').count();
        let mut times: Vec<Duration> = (0..RUNS)
            .map(|_| {
                let start = Instant::now();
                solve(problem, &input);
                start.elapsed()
            })
            .collect();
        times.sort();
        let median = times[RUNS / 2].as_secs_f64().max(1e-9);
        let megabytes = input.len() as f64 / (1u64 << 20) as f64;
        writeln!(
            out,
            "{:<8} {:<6} {:>8.1} {:>10} {:>9.3} {:>9.0} {:>11.0}",
            problem.name(),
            style.name(),
            megabytes,
            lines,
            median,
            megabytes / median,
            lines as f64 / median
        )?;
    }
    if problem.is_none() {
        write_match(out)?;
    }
    Ok(())
}

/// How long `referee match` takes to answer an entry late in a match.
fn write_match<W: Write>(out: &mut W) -> io::Result<()> {
    use crate::tool::scoreboard::live::bench;
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    for (with_report, what) in [
        (false, "match --json --log"),
        (true, "match --json --log --html"),
    ] {
        let (long, after) = bench::run(with_report).map_err(io::Error::other)?;
        writeln!(
            out,
            "{}: an entry's answer, median {:.3} ms, slowest {:.3} ms over {} entries; then {} more with undo: median {:.3} ms, slowest {:.3} ms",
            what,
            ms(long.median),
            ms(long.max),
            bench::LONG,
            bench::AFTER,
            ms(after.median),
            ms(after.max)
        )?;
    }
    Ok(())
}
