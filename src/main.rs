//! `referee`: parse the command line, open the input, run one solver, and
//! map what happened to an exit status (0 ok, 1 bad input or I/O, 2 usage).

use referee::cli::{self, Command, Problem};
use referee::input::Error;
use referee::{bundle, fourrow, gen, rating, scoreboard, snooker};
use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::process::ExitCode;

/// Big buffers: the solvers stream, so these are all the memory they need.
const BUFFER: usize = 1 << 16;

/// A solver's entry point over the types main gives it.
type Solver = fn(Box<dyn BufRead>, BufWriter<io::StdoutLock<'static>>) -> Result<(), Error>;

fn solver(problem: Problem) -> Solver {
    match problem {
        Problem::Snooker => |i, o| snooker::run(i, o),
        Problem::Fourrow => |i, o| fourrow::run(i, o),
        Problem::Rating => |i, o| rating::run(i, o),
    }
}

/// The input named on the command line, and its name for messages.
fn open(file: &Option<String>) -> Result<(Box<dyn BufRead>, String), String> {
    match file {
        None => Ok((
            Box::new(BufReader::with_capacity(BUFFER, io::stdin().lock())),
            "<stdin>".to_string(),
        )),
        Some(path) => match File::open(path) {
            Ok(f) => Ok((Box::new(BufReader::with_capacity(BUFFER, f)), path.clone())),
            Err(e) => Err(format!("referee: {}: {}", path, e)),
        },
    }
}

fn stdout() -> BufWriter<io::StdoutLock<'static>> {
    BufWriter::with_capacity(BUFFER, io::stdout().lock())
}

/// Reports how a solver ended; a closed output pipe ends quietly (CLI.md).
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

fn main() -> ExitCode {
    let command = match cli::parse(std::env::args().skip(1).collect()) {
        Ok(command) => command,
        Err(usage) => {
            eprintln!("referee: {}\nTry `referee --help`.", usage);
            return ExitCode::from(2);
        }
    };
    let (file, run): (Option<String>, Solver) = match command {
        Command::Help(text) => return print(text.as_bytes()),
        Command::Version => {
            return print(format!("referee {}\n", env!("CARGO_PKG_VERSION")).as_bytes())
        }
        Command::Solve { problem, file, .. } => (file, solver(problem)),
        Command::Scoreboard { tsv, file } => {
            let run: Solver = if tsv {
                |i, o| scoreboard::run_tsv(i, o)
            } else {
                |i, o| scoreboard::run(i, o)
            };
            (file, run)
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
        other => {
            eprintln!("referee: {:?} is not built yet", other);
            return ExitCode::from(2);
        }
    };
    let (input, name) = match open(&file) {
        Ok(opened) => opened,
        Err(message) => {
            eprintln!("{}", message);
            return ExitCode::from(1);
        }
    };
    report(run(input, stdout()), &name)
}

/// Writes a fixed text to stdout (help, version).
fn print(text: &[u8]) -> ExitCode {
    let mut out = stdout();
    report(
        out.write_all(text)
            .and_then(|_| out.flush())
            .map_err(Error::Io),
        "<stdout>",
    )
}
