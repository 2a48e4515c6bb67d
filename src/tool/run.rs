//! What each subcommand does, from a parsed [`Command`] to an exit status
//! (the README's Usage: 0 success, 1 bad input or I/O error, and the verdict
//! commands' own statuses). Messages go to stderr as `referee: ...`.

use crate::core::io::{report, Error};
use crate::core::io::{stderr_about, stderr_line, stderr_text};
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
            match bundle::bundle(problem, form) {
                Ok(text) => print(text.as_bytes()),
                Err(message) => {
                    stderr_line(format_args!("referee: cannot bundle: {}", message));
                    1
                }
            }
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
        Command::Scoreboard { tsv, html, file } => with_input(file, |input, out| {
            if tsv {
                scoreboard::run_tsv(input, out)
            } else if html {
                scoreboard::run_html(input, out)
            } else {
                scoreboard::run(input, out)
            }
        }),
        Command::Match(options) => scoreboard::live::run(options),
        Command::Gen {
            problem,
            seed,
            cases,
            style,
        } => {
            let seed = seed.unwrap_or_else(|| {
                let seed = random_seed();
                stderr_line(format_args!("referee: gen seed {}", seed));
                seed
            });
            if let Some(note) = cases.and_then(|cases| gen::past_limit(problem, cases)) {
                stderr_line(format_args!("referee: note: {}", note));
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
            if files.iter().filter(|f| *f == "-").count() > 1 {
                let usage = crate::tool::cli::Usage::new("standard input can be read only once");
                stderr_text(format_args!("{}", usage.of("validate").report()));
                return 2;
            }
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
        } => {
            let written = package::write(problem, std::path::Path::new(&dir), force);
            package::remove_run_folder();
            match written {
                Ok(()) => {
                    if let Some(note) = package::short_name_note(std::path::Path::new(&dir)) {
                        stderr_line(format_args!("referee: note: {}", note));
                    }
                    0
                }
                Err(e) => {
                    let shown = if dir.is_empty() { "''" } else { &dir };
                    stderr_about(shown, e);
                    1
                }
            }
        }
        Command::Check {
            problem,
            input,
            output,
            answer,
        } => judge::check(problem, &input, &output, answer.as_deref()),
        Command::Test {
            problem,
            dir,
            timeout,
            jobs,
            verbose,
            junit,
            ignore_space,
            command,
        } => {
            let compare = if ignore_space {
                judge::Compare::IgnoreSpace
            } else {
                judge::Compare::Exact
            };
            let how = judge::TestRun {
                timeout,
                jobs,
                verbose,
                junit,
                compare,
            };
            judge::test(problem, &dir, &how, &command)
        }
        Command::Stress {
            problem,
            inputs,
            seed,
            timeout,
            jobs,
            out,
            command,
        } => {
            let how = judge::StressRun {
                inputs,
                seed,
                timeout,
                jobs,
                out,
            };
            judge::stress(problem, &how, &command)
        }
    }
}

/// The file `path` to read, or standard input for `-`.
pub(crate) fn open_input(path: &str) -> io::Result<Box<dyn Read>> {
    if path == "-" {
        Ok(Box::new(open_stdin()?))
    } else {
        Ok(Box::new(open_file(path)?))
    }
}

/// The file at `path`, opened to be read (`refuse_folder`).
fn open_file(path: &str) -> io::Result<File> {
    let mut file = File::open(path)?;
    refuse_folder(&mut file)?;
    Ok(file)
}

/// A folder opens, and fails only at its first read: it is refused
/// before a command has written anything (a scoreboard's header), with
/// the system's words, which that read gives.
fn refuse_folder(file: &mut File) -> io::Result<()> {
    if file.metadata()?.is_dir() {
        let refused = file.read(&mut [0]).err();
        return Err(refused.unwrap_or_else(|| io::ErrorKind::IsADirectory.into()));
    }
    Ok(())
}

/// Standard input, refused if it is a folder (`< DIR`), as `open_file`.
pub(crate) fn open_stdin() -> io::Result<io::StdinLock<'static>> {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        let fd = io::stdin().as_fd().try_clone_to_owned();
        if let Ok(mut file) = fd.map(File::from) {
            refuse_folder(&mut file)?;
        }
    }
    Ok(io::stdin().lock())
}

/// Runs `job` on FILE (standard input when `None`) into standard output;
/// a file that cannot be opened is an error named by its path.
fn with_input<F>(file: Option<String>, job: F) -> u8
where
    F: FnOnce(&mut dyn Read, Stdout) -> Result<(), Error>,
{
    let path = file.as_deref().unwrap_or("-");
    let name = if path == "-" { "<stdin>" } else { path };
    let status = match open_input(path) {
        Ok(mut input) => report(job(&mut input, stdout()), name),
        Err(e) => {
            stderr_about(name, e);
            1
        }
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
/// duplicate of descriptor 1 written directly, without std's line buffer.
pub(crate) struct Stdout(Result<File, io::ErrorKind>);

#[cfg(unix)]
pub(crate) fn stdout() -> Stdout {
    use std::os::fd::AsFd;
    match io::stdout().as_fd().try_clone_to_owned() {
        Ok(duplicate) => Stdout(Ok(File::from(duplicate))),
        Err(error) => Stdout(Err(error.kind())),
    }
}

#[cfg(not(unix))]
pub(crate) fn stdout() -> Stdout {
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
