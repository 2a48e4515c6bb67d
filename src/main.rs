//! `referee`: parse the command line, open the input, run one solver, and
//! map what happened to an exit status (0 ok, 1 bad input or I/O, 2 usage).

use referee::core::io::Error;
use referee::core::{fourrow, rating, snooker};
use referee::tool::cli::{self, Command};
use referee::tool::problem::Problem;
use referee::tool::{bench, bundle, gen, judge, parallel, scoreboard};
use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::process::ExitCode;

/// Big buffers: the solvers stream, so these are all the memory they need.
const BUFFER: usize = 1 << 16;

/// What to run on the input (a problem, strict or not; or the scoreboard).
#[derive(Clone, Copy)]
enum Job {
    Solve(Problem, bool),
    Scoreboard { tsv: bool },
}

fn stdout() -> BufWriter<io::StdoutLock<'static>> {
    BufWriter::with_capacity(BUFFER, io::stdout().lock())
}

/// Runs `job` on `input`: generic, so each reader gets its own fast copy.
/// Snooker and four-in-a-row run on every core (`parallel`) and read
/// `input` in big blocks of their own; the other jobs read it buffered.
fn run_job<R: Read>(job: Job, input: R) -> Result<(), Error> {
    let out = stdout();
    let buffered = |input| BufReader::with_capacity(BUFFER, input);
    match job {
        Job::Solve(Problem::Snooker, false) => parallel::run::<parallel::Snooker, _, _>(input, out),
        Job::Solve(Problem::Fourrow, false) => parallel::run::<parallel::Fourrow, _, _>(input, out),
        Job::Solve(Problem::Rating, false) => rating::run(buffered(input), out),
        Job::Solve(Problem::Snooker, true) => snooker::run_strict(buffered(input), out),
        Job::Solve(Problem::Fourrow, true) => fourrow::run_strict(buffered(input), out),
        Job::Solve(Problem::Rating, true) => rating::run_strict(buffered(input), out),
        Job::Scoreboard { tsv: true } => scoreboard::run_tsv(buffered(input), out),
        Job::Scoreboard { tsv: false } => scoreboard::run(buffered(input), out),
    }
}

/// Reports how a run ended; a closed output pipe ends quietly (CLI.md).
fn report(result: Result<(), Error>, name: &str) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Error::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(Error::Io(e)) => {
            eprintln!("referee: {}: {}", name, e);
            ExitCode::from(1)
        }
        Err(e) => {
            eprintln!("referee: {}:{}", name, e);
            ExitCode::from(1)
        }
    }
}

/// Writes a text to stdout (help, version, a bundle).
fn print(text: &[u8]) -> ExitCode {
    let mut out = stdout();
    report(
        out.write_all(text)
            .and_then(|_| out.flush())
            .map_err(Error::Io),
        "<stdout>",
    )
}

fn main() -> ExitCode {
    let command = match cli::parse(std::env::args().skip(1).collect()) {
        Ok(command) => command,
        Err(usage) => {
            eprintln!("referee: {}\nTry `referee --help`.", usage);
            return ExitCode::from(2);
        }
    };
    let (job, file) = match command {
        Command::Help(text) => return print(text.as_bytes()),
        Command::Version => {
            return print(format!("referee {}\n", env!("CARGO_PKG_VERSION")).as_bytes())
        }
        Command::Bundle { problem } => return print(bundle::bundle(problem).as_bytes()),
        Command::Gen {
            problem,
            seed,
            cases,
        } => {
            let mut out = stdout();
            let result = gen::generate(problem, seed, cases, &mut out).and_then(|_| out.flush());
            return report(result.map_err(Error::Io), "<stdout>");
        }
        Command::Bench { problem, mb } => {
            let mut out = stdout();
            let result = bench::run(problem, mb, &mut out).and_then(|_| out.flush());
            return report(result.map_err(Error::Io), "<stdout>");
        }
        Command::Solve {
            problem,
            strict,
            file,
        } => (Job::Solve(problem, strict), file),
        Command::Scoreboard { tsv, file } => (Job::Scoreboard { tsv }, file),
        Command::Check {
            problem,
            input,
            output,
        } => return ExitCode::from(judge::check(problem, &input, &output)),
        Command::Test {
            problem,
            dir,
            timeout,
            jobs,
            command,
        } => return ExitCode::from(judge::test(problem, &dir, timeout, jobs, &command)),
        Command::Stress {
            problem,
            cases,
            seed,
            timeout,
            out,
            command,
        } => {
            let code = judge::stress(problem, cases, seed, timeout, &out, &command);
            return ExitCode::from(code);
        }
    };
    match file {
        None => report(run_job(job, io::stdin().lock()), "<stdin>"),
        Some(path) => match File::open(&path) {
            Ok(f) => report(run_job(job, f), &path),
            Err(e) => {
                eprintln!("referee: {}: {}", path, e);
                ExitCode::from(1)
            }
        },
    }
}
