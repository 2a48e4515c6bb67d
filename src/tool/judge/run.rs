//! Running a contestant's program on one input: the input on its standard
//! input, its standard output and error captured, killed when it runs over
//! its time. The program runs in a process group of its own, so that what
//! it starts (a script's solution, a `sleep`) is killed with it: no process
//! of a run outlives its verdict, nor the referee (`guard`). Never waits
//! forever: the input is written from a thread of its own (a program that
//! does not read cannot block the referee), and the pipes are read from
//! threads that are left behind if a process that left the group keeps
//! them open.

mod gate;

#[cfg(unix)]
use super::guard;
use std::ffi::OsStr;
use std::ffi::OsString;
use std::fs;
use std::io::{self, Read, Write};
#[cfg(unix)]
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// The end of standard error kept for the report.
const STDERR_TAIL: usize = 4096;

/// How long the pipes may take to close after the program ended before
/// what still holds them is killed (the readers only need to wake up).
const PIPE_SETTLE: Duration = Duration::from_millis(50);

/// How long the pipes may stay open once the group was killed while some
/// process still holds them: one of the group not yet gone, or one that
/// left the group (whose output is then not waited for).
const PIPE_GRACE: Duration = Duration::from_millis(100);

/// The first and the longest pause between two looks at a running program.
const FIRST_PAUSE: Duration = Duration::from_micros(50);
const MAX_PAUSE: Duration = Duration::from_millis(20);

/// How a run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum End {
    /// Exit status 0.
    Success,
    /// Any other exit, described: `exit status 3`, `killed by signal 6 ...`.
    Failed(String),
    /// Killed when its time was up.
    TimedOut,
    /// Killed when its output passed this many bytes.
    OutputLimit(usize),
}

/// A finished run: how it ended and what it wrote.
#[derive(Clone, Debug)]
pub(crate) struct Run {
    pub(crate) end: End,
    /// At most the limit given to `run`.
    pub(crate) stdout: Vec<u8>,
    /// Past what is kept of `stdout`, the program wrote more than blanks
    /// (spaces, tabs, CR and LF).
    pub(crate) text_dropped: bool,
    /// All that the program wrote on `stdout` is kept: nothing was
    /// dropped past the limit.
    pub(crate) stdout_whole: bool,
    /// The last bytes of standard error.
    pub(crate) stderr: Vec<u8>,
    /// From the start to the end of the program (or to its kill).
    pub(crate) time: Duration,
}

/// Runs `command` (a program and its arguments) on `input`. At most
/// `stdout_kept` bytes of its output are kept (the rest is read and
/// dropped, so the program is never blocked); past `stdout_limit` it is
/// a runaway and killed. An error means the program could not be
/// started.
pub(crate) fn run(
    command: &[OsString],
    input: &[u8],
    timeout: Duration,
    stdout_kept: usize,
    stdout_limit: usize,
    dropped: &AtomicBool,
) -> io::Result<Run> {
    let (program, args) = command
        .split_first()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no command to run"))?;
    let mut command = Command::new(program);
    command
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    #[cfg(unix)]
    {
        command.process_group(0);
        guard::ready();
    }
    let (mut child, under_way) = gate::GATE.start(|| command.spawn())?;
    #[cfg(unix)]
    guard::started(child.id());
    let result = watch(
        &mut child,
        input,
        timeout,
        stdout_kept,
        stdout_limit,
        dropped,
    );
    #[cfg(unix)]
    guard::done(child.id());
    // The run's descriptors are closed before a start waiting for them is
    // told that it ended.
    drop(child);
    drop(under_way);
    result
}

/// `open()` (reading a case's file, say), tried again as a program's
/// start is while the runs under way hold the file descriptors it needs.
pub(crate) fn with_descriptors<T>(open: impl FnMut() -> io::Result<T>) -> io::Result<T> {
    let (opened, done) = gate::GATE.start(open)?;
    drop(done);
    Ok(opened)
}

/// Feeds, reads and waits for the `child` that `run` started.
fn watch(
    child: &mut Child,
    input: &[u8],
    timeout: Duration,
    stdout_kept: usize,
    stdout_limit: usize,
    dropped: &AtomicBool,
) -> io::Result<Run> {
    let start = Instant::now();
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let input = input.to_vec();
    thread::spawn(move || {
        // A program may end without reading all of its input: not an error.
        let _ = stdin.write_all(&input);
    });
    let (done, pipes_done) = mpsc::channel();
    let stdout = Arc::new(Mutex::new(Vec::new()));
    let stderr = Arc::new(Mutex::new(Vec::new()));
    let out_pipe = child.stdout.take().expect("stdout is piped");
    let err_pipe = child.stderr.take().expect("stderr is piped");
    let pipes = [pipe_name(&out_pipe), pipe_name(&err_pipe)];
    let watched = Watched {
        limit: stdout_limit,
        runaway: Arc::new(AtomicBool::new(false)),
        text_dropped: Arc::new(AtomicBool::new(false)),
        dropped: Arc::new(AtomicBool::new(false)),
    };
    collect(
        out_pipe,
        Arc::clone(&stdout),
        Keep::Head(stdout_kept, watched.clone()),
        done.clone(),
    );
    collect(err_pipe, Arc::clone(&stderr), Keep::Tail(STDERR_TAIL), done);

    let deadline = start + timeout;
    let mut pipes_open = 2;
    let mut end = wait(
        child,
        deadline,
        &pipes_done,
        &mut pipes_open,
        &watched,
        dropped,
    )?;
    // A program may end by itself just as its output runs away.
    if watched.runaway.load(Ordering::SeqCst) && end != End::TimedOut {
        end = End::OutputLimit(watched.limit);
    }
    let time = start.elapsed();
    // The pipes close as the program ends, unless a process it started
    // still holds them: then the group is killed, as at a time limit.
    let killed = matches!(end, End::TimedOut | End::OutputLimit(_));
    if !killed && !pipes_close(&pipes_done, &mut pipes_open, PIPE_SETTLE) {
        kill_group(child);
    }
    // Once no other process holds the pipes, the threads reading them are
    // sure to end: they are waited for however busy the machine is, so
    // that no output is lost.
    if !pipes_close(&pipes_done, &mut pipes_open, PIPE_GRACE) && !held_elsewhere(&pipes) {
        while pipes_open > 0 && pipes_done.recv().is_ok() {
            pipes_open -= 1;
        }
    }
    let take = |buffer: &Arc<Mutex<Vec<u8>>>| {
        std::mem::take(&mut *buffer.lock().unwrap_or_else(|e| e.into_inner()))
    };
    Ok(Run {
        end,
        stdout: take(&stdout),
        text_dropped: watched.text_dropped.load(Ordering::SeqCst),
        stdout_whole: !watched.dropped.load(Ordering::SeqCst),
        stderr: take(&stderr),
        time,
    })
}

/// What a pipe is called in `/proc` (`pipe:[INODE]`), where there is one.
#[cfg(target_os = "linux")]
fn pipe_name<P: std::os::unix::io::AsRawFd>(pipe: &P) -> Option<PathBuf> {
    fs::read_link(format!("/proc/self/fd/{}", pipe.as_raw_fd())).ok()
}

#[cfg(not(target_os = "linux"))]
fn pipe_name<P>(_pipe: &P) -> Option<PathBuf> {
    None
}

/// Whether a process other than the referee holds the end of one of
/// `pipes` (as `pipe_name` gives them) that writes: true when that cannot
/// be told. (A program being started holds the ends that read for a
/// moment: those are not waited for.)
fn held_elsewhere(pipes: &[Option<PathBuf>]) -> bool {
    let ours = std::process::id().to_string();
    let Ok(processes) = fs::read_dir("/proc") else {
        return true;
    };
    if pipes.iter().any(Option::is_none) {
        return true;
    }
    let writes = |process: &Path, fd: &OsStr| {
        let info = fs::read_to_string(process.join("fdinfo").join(fd)).unwrap_or_default();
        let flags = info.lines().find_map(|line| line.strip_prefix("flags:"));
        let flags = flags.and_then(|flags| u32::from_str_radix(flags.trim(), 8).ok());
        // The access mode, the lowest two bits: 0 reads, 1 writes, 2 both.
        flags.is_none_or(|flags| flags & 3 != 0)
    };
    processes
        .flatten()
        .filter(|process| process.file_name().to_str() != Some(ours.as_str()))
        .any(|process| {
            let process = process.path();
            let Ok(fds) = fs::read_dir(process.join("fd")) else {
                return false;
            };
            fds.flatten().any(|fd| {
                let target = fs::read_link(fd.path()).ok();
                pipes.contains(&target) && writes(&process, &fd.file_name())
            })
        })
}

/// Waits up to `bound` for the `open` pipes to close; true if they did.
fn pipes_close(closed: &Receiver<()>, open: &mut usize, bound: Duration) -> bool {
    let deadline = Instant::now() + bound;
    while *open > 0 {
        let left = deadline.saturating_duration_since(Instant::now());
        if closed.recv_timeout(left).is_err() {
            return false;
        }
        *open -= 1;
    }
    true
}

/// Kills every process left in the program's group at once. std has no
/// call for a group, so the `kill` program does it, or the shell's own
/// `kill` where there is no such program (the program itself is also
/// killed directly where it matters). The group's id is the program's,
/// never 0 or 1 (which would mean every process); it stays taken while any
/// process is in the group, so this cannot reach another group.
fn kill_group(child: &Child) {
    let leader = child.id();
    if leader <= 1 {
        return;
    }
    let group = format!("-{}", leader);
    let quiet = |command: &mut Command| {
        command
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
    };
    let killed = guard::system_program("kill")
        .any(|kill| quiet(Command::new(kill).args(["-KILL", "--", &group])).is_ok());
    if !killed {
        // The shell's `kill` takes the group without `--`.
        let script = "kill -KILL \"$0\"";
        let _ = guard::system_program("sh")
            .any(|sh| quiet(Command::new(sh).args(["-c", script, &group])).is_ok());
    }
}

/// Waits for `child` to end, or kills it at `deadline`. Looks again after
/// pauses that grow from `FIRST_PAUSE`, and soon after a pipe closes: a
/// program usually ends right then. `pipes_open` counts down as they close.
fn wait(
    child: &mut Child,
    deadline: Instant,
    pipe_closed: &Receiver<()>,
    pipes_open: &mut usize,
    output: &Watched,
    dropped: &AtomicBool,
) -> io::Result<End> {
    let mut pause = FIRST_PAUSE;
    loop {
        if let Some(status) = child.try_wait()? {
            return Ok(if status.success() {
                End::Success
            } else {
                End::Failed(describe(status))
            });
        }
        let now = Instant::now();
        let over = if output.runaway.load(Ordering::SeqCst) {
            Some(End::OutputLimit(output.limit))
        } else {
            // A run whose result is dropped ends as if its time were up.
            let up = now >= deadline || dropped.load(Ordering::Relaxed);
            Some(End::TimedOut).filter(|_| up)
        };
        if let Some(end) = over {
            // Killed before it is waited for, so that its id, the group's,
            // is still taken. It may have ended just now: then killing
            // fails, waiting works.
            kill_group(child);
            let _ = child.kill();
            child.wait()?;
            return Ok(end);
        }
        let nap = pause.min(deadline - now);
        pause = (pause * 2).min(MAX_PAUSE);
        if *pipes_open > 0 {
            match pipe_closed.recv_timeout(nap) {
                Ok(()) => {
                    *pipes_open -= 1;
                    pause = FIRST_PAUSE;
                }
                Err(RecvTimeoutError::Disconnected) => *pipes_open = 0,
                Err(RecvTimeoutError::Timeout) => {}
            }
        } else {
            thread::sleep(nap);
        }
    }
}

/// What of a pipe is kept: its first bytes (the output, watched for a
/// runaway) or its last (standard error).
#[derive(Clone)]
enum Keep {
    Head(usize, Watched),
    Tail(usize),
}

/// A pipe that may carry at most `limit` bytes: past that, `runaway` is
/// set and the pipe no longer read. `text_dropped` is set when a byte
/// read but not kept is no blank.
#[derive(Clone)]
struct Watched {
    limit: usize,
    runaway: Arc<AtomicBool>,
    text_dropped: Arc<AtomicBool>,
    /// Set when a byte read is not kept.
    dropped: Arc<AtomicBool>,
}

/// Reads `pipe` to its end on a thread of its own into `into`, then says so
/// on `done`.
fn collect<R: Read + Send + 'static>(
    mut pipe: R,
    into: Arc<Mutex<Vec<u8>>>,
    keep: Keep,
    done: mpsc::Sender<()>,
) {
    thread::spawn(move || {
        let mut chunk = [0u8; 1 << 16];
        let mut read = 0usize;
        loop {
            let n = match pipe.read(&mut chunk) {
                Ok(0) => break,
                Ok(n) => n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(_) => break,
            };
            read = read.saturating_add(n);
            let mut kept = into.lock().unwrap_or_else(|e| e.into_inner());
            match &keep {
                Keep::Head(limit, watched) => {
                    let room = limit.saturating_sub(kept.len());
                    let (taken, dropped) = chunk[..n].split_at(n.min(room));
                    kept.extend_from_slice(taken);
                    if !dropped.is_empty() {
                        watched.dropped.store(true, Ordering::SeqCst);
                    }
                    if dropped.iter().any(|b| !b" \t\r\n".contains(b)) {
                        watched.text_dropped.store(true, Ordering::SeqCst);
                    }
                    if read > watched.limit {
                        watched.runaway.store(true, Ordering::SeqCst);
                        break;
                    }
                }
                Keep::Tail(limit) => {
                    kept.extend_from_slice(&chunk[..n]);
                    if kept.len() > 2 * *limit {
                        // The tail starts with a whole character.
                        let cut = kept.len() - limit;
                        let inside = kept[cut..].iter().take(3);
                        let cut = cut + inside.take_while(|&&b| b & 0xc0 == 0x80).count();
                        kept.drain(..cut);
                    }
                }
            }
        }
        let _ = done.send(());
    });
}

/// `exit status 3`, `killed by signal 11 (SIGSEGV)`.
fn describe(status: ExitStatus) -> String {
    if let Some(code) = status.code() {
        return format!("exit status {}", code);
    }
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            // The numbers that are the same on Linux and macOS.
            let name = match signal {
                1 => " (SIGHUP)",
                2 => " (SIGINT)",
                3 => " (SIGQUIT)",
                4 => " (SIGILL)",
                6 => " (SIGABRT)",
                8 => " (SIGFPE)",
                9 => " (SIGKILL)",
                11 => " (SIGSEGV)",
                13 => " (SIGPIPE)",
                14 => " (SIGALRM)",
                15 => " (SIGTERM)",
                _ => "",
            };
            return format!("killed by signal {}{}", signal, name);
        }
    }
    status.to_string()
}

#[cfg(all(test, unix))]
mod tests;
