//! `referee`: parse the command line, open the input, run one solver, and
//! map what happened to an exit status (0 ok, 1 bad input or I/O, 2 usage).

use referee::core::io::Error;
use referee::core::{fourrow, rating, snooker};
use referee::tool::cli::{self, Command};
use referee::tool::problem::Problem;
use referee::tool::{bench, bundle, gen, judge, package, parallel, scoreboard, validate};
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

/// A seed for `gen` without `--seed`: std's per-process random hash keys
/// mixed with the clock, so two runs in the same instant still differ.
fn random_seed() -> u64 {
    use std::collections::hash_map::RandomState;
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = RandomState::new().build_hasher();
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
    hasher.write_u128(now.map_or(0, |d| d.as_nanos()));
    hasher.finish()
}

fn main() -> ExitCode {
    // Temporary: the new core, while it is being built.
    let args: Vec<String> = std::env::args_os()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    if args.first().map(String::as_str) == Some("next") {
        let input: Box<dyn Read> = match args.get(3) {
            Some(path) => Box::new(File::open(path).unwrap()),
            None => Box::new(io::stdin().lock()),
        };
        let out = io::stdout().lock();
        let result = match (args[1].as_str(), args[2].as_str()) {
            ("snooker", "plain") => referee::next::snooker::solve(input, out),
            ("snooker", "strict") => referee::next::snooker::solve_strict(input, out),
            _ => panic!("next PROBLEM plain|strict FILE"),
        };
        return ExitCode::from(referee::next::io::report(
            result,
            args.get(3).map_or("<stdin>", String::as_str),
        ) as u8);
    }
    let command = match cli::parse_os(std::env::args_os().skip(1)) {
        Ok(command) => command,
        Err(usage) => {
            eprint!("{}", usage.report());
            return ExitCode::from(2);
        }
    };
    let (job, file) = match command {
        Command::Help(text) => return print(text.as_bytes()),
        Command::Version => {
            return print(format!("referee {}\n", env!("CARGO_PKG_VERSION")).as_bytes())
        }
        Command::Man => return print(cli::man_page().as_bytes()),
        Command::Completions(shell) => return print(cli::completions(shell).as_bytes()),
        Command::Bundle { problem, readable } => {
            let form = if readable {
                bundle::Form::Readable
            } else {
                bundle::Form::Judge
            };
            return print(bundle::bundle(problem, form).as_bytes());
        }
        Command::Gen {
            problem,
            seed,
            cases,
            style,
        } => {
            let seed = seed.unwrap_or_else(|| {
                let seed = random_seed();
                eprintln!("referee: gen seed {}", seed);
                seed
            });
            if let Some(note) = cases.and_then(|cases| gen::past_limit(problem, cases)) {
                eprintln!("referee: note: {}", note);
            }
            let mut out = stdout();
            let result = gen::generate_styled(problem, style, seed, cases, &mut out)
                .and_then(|_| out.flush());
            return report(result.map_err(Error::Io), "<stdout>");
        }
        Command::Bench { problem, mb, style } => {
            let mut out = stdout();
            let result = bench::run(problem, mb, style, &mut out).and_then(|_| out.flush());
            return report(result.map_err(Error::Io), "<stdout>");
        }
        Command::Validate { problem, files } => {
            let mut out = stdout();
            return match validate::run(problem, &files, &mut out) {
                Ok(true) => ExitCode::SUCCESS,
                Ok(false) => ExitCode::from(1),
                Err(e) => report(Err(Error::Io(e)), "<stdout>"),
            };
        }
        Command::Package { problem, dir } => {
            return match package::write(problem, std::path::Path::new(&dir)) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("referee: {}: {}", dir, e);
                    ExitCode::from(1)
                }
            };
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
