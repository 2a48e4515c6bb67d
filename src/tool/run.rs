//! What each subcommand does, from a parsed [`Command`] to an exit status
//! (CLI.md: 0 success, 1 bad input or I/O error, and the verdict
//! commands' own statuses). Messages go to stderr as `referee: ...`.

use crate::core::io::{report, Error};
use crate::core::{fourrow, rating, snooker};
use crate::tool::cli::{self, Command};
use crate::tool::problem::Problem;
use crate::tool::{bench, bundle, gen, judge, package, scoreboard, validate};
use std::fs::File;
use std::io::{self, BufWriter, Read, Write};

/// Runs a command; returns the exit status.
pub fn run(command: Command) -> u8 {
    match command {
        Command::Help(text) => print(text.as_bytes()),
        Command::Version => print(format!("referee {}\n", env!("CARGO_PKG_VERSION")).as_bytes()),
        Command::Man => print(cli::man_page().as_bytes()),
        Command::Completions(shell) => print(cli::completions(shell).as_bytes()),
        Command::Bundle { problem, readable } => {
            let form = if readable {
                bundle::Form::Readable
            } else {
                bundle::Form::Judge
            };
            print(bundle::bundle(problem, form).as_bytes())
        }
        Command::Solve {
            problem,
            strict,
            file,
        } => with_input(file, |input, out| match (problem, strict) {
            (Problem::Snooker, false) => snooker::solve(input, out),
            (Problem::Snooker, true) => snooker::solve_strict(input, out),
            (Problem::Fourrow, false) => fourrow::solve(input, out),
            (Problem::Fourrow, true) => fourrow::solve_strict(input, out),
            (Problem::Rating, false) => rating::solve(input, out),
            (Problem::Rating, true) => rating::solve_strict(input, out),
        }),
        Command::Scoreboard { tsv, file } => with_input(file, |input, out| {
            if tsv {
                scoreboard::run_tsv(input, out)
            } else {
                scoreboard::run(input, out)
            }
        }),
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
            write_with(|out| gen::generate_styled(problem, style, seed, cases, out))
        }
        Command::Bench { problem, mb, style } => {
            write_with(|out| bench::run(problem, mb, style, out))
        }
        Command::Validate {
            problem,
            coverage,
            files,
        } => {
            let mut out = BufWriter::new(stdout());
            let result = validate::run(problem, &files, coverage, &mut out);
            match result.and_then(|ok| out.flush().map(|_| ok)) {
                Ok(true) => 0,
                Ok(false) => 1,
                Err(e) => report(Err(Error::Write(e)), "<stdout>") as u8,
            }
        }
        Command::Package {
            problem,
            force,
            dir,
        } => match package::write(problem, std::path::Path::new(&dir), force) {
            Ok(()) => 0,
            Err(e) => {
                eprintln!("referee: {}: {}", dir, e);
                1
            }
        },
        Command::Check {
            problem,
            input,
            output,
        } => judge::check(problem, &input, &output),
        Command::Test {
            problem,
            dir,
            timeout,
            jobs,
            command,
        } => judge::test(problem, &dir, timeout, jobs, &command),
        Command::Stress {
            problem,
            cases,
            seed,
            timeout,
            out,
            command,
        } => judge::stress(problem, cases, seed, timeout, &out, &command),
    }
}

/// Runs `job` on FILE (standard input when `None`) into standard output;
/// a file that cannot be opened is an error named by its path.
fn with_input<F>(file: Option<String>, job: F) -> u8
where
    F: FnOnce(&mut dyn Read, Stdout) -> Result<(), Error>,
{
    let status = match file {
        None => report(job(&mut io::stdin().lock(), stdout()), "<stdin>"),
        Some(path) => match File::open(&path) {
            Ok(mut file) => report(job(&mut file, stdout()), &path),
            Err(e) => {
                eprintln!("referee: {}: {}", path, e);
                1
            }
        },
    };
    status as u8
}

/// Writes to standard output through a buffer: help texts, bundles,
/// generated inputs, benchmark tables.
fn write_with<F>(job: F) -> u8
where
    F: FnOnce(&mut BufWriter<Stdout>) -> io::Result<()>,
{
    let mut out = BufWriter::with_capacity(1 << 16, stdout());
    let result = job(&mut out).and_then(|_| out.flush());
    report(result.map_err(Error::Write), "<stdout>") as u8
}

fn print(text: &[u8]) -> u8 {
    write_with(|out| out.write_all(text))
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

/// Standard output, unbuffered (the callers buffer). On Unix it is a
/// duplicate of descriptor 1, so that a closed standard output (`>&-`) is
/// the write error it is: std's own handle would drop the output silently.
pub struct Stdout(Result<File, io::ErrorKind>);

#[cfg(unix)]
pub fn stdout() -> Stdout {
    use std::os::fd::AsFd;
    use std::os::unix::fs::FileTypeExt;
    if crate::tool::start::stdout_was_closed() {
        return Stdout(Err(io::ErrorKind::Other));
    }
    let file = match io::stdout().as_fd().try_clone_to_owned() {
        Ok(duplicate) => File::from(duplicate),
        Err(error) => return Stdout(Err(error.kind())),
    };
    if file.metadata().is_ok_and(|meta| meta.file_type().is_fifo()) {
        widen_pipe(&file);
    }
    Stdout(Ok(file))
}

/// How much a pipe to standard output is asked to hold: Linux's default
/// limit for a user's pipe.
#[cfg(target_os = "linux")]
const PIPE_SIZE: i32 = 1 << 20;

/// Asks the pipe to hold `PIPE_SIZE` bytes if it holds fewer (64 KiB
/// unless someone changed it). The solvers write about twice their input;
/// with a reader on another core, each pipe-full wakes it, and on a
/// virtual machine that wake-up costs more than the copy: 2,700,000 games
/// of fourrow piped into `cat` took 0.86 s unpinned with 64 KiB and 0.55 s
/// with 1 MiB (the same on one core). If the system refuses, the pipe
/// stays as it was.
#[cfg(target_os = "linux")]
fn widen_pipe(pipe: &File) {
    use std::os::fd::AsRawFd;
    const F_SETPIPE_SZ: i32 = 1031;
    const F_GETPIPE_SZ: i32 = 1032;
    extern "C" {
        fn fcntl(fd: i32, command: i32, ...) -> i32;
    }
    // SAFETY: both commands take at most an int and touch no memory of
    // ours; the descriptor is open for as long as `pipe` is borrowed.
    unsafe {
        if fcntl(pipe.as_raw_fd(), F_GETPIPE_SZ) < PIPE_SIZE {
            fcntl(pipe.as_raw_fd(), F_SETPIPE_SZ, PIPE_SIZE);
        }
    }
}

#[cfg(all(unix, not(target_os = "linux")))]
fn widen_pipe(_pipe: &File) {}

#[cfg(not(unix))]
pub fn stdout() -> Stdout {
    Stdout(Err(io::ErrorKind::Unsupported))
}

impl Write for Stdout {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        match &mut self.0 {
            Ok(file) => file.write(bytes),
            Err(_) if cfg!(unix) => Err(io::Error::from_raw_os_error(9)),
            Err(_) => io::stdout().write(bytes),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.0 {
            Ok(file) => file.flush(),
            Err(_) if cfg!(unix) => Ok(()),
            Err(_) => io::stdout().flush(),
        }
    }
}
