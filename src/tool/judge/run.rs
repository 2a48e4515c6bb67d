//! Running a contestant's program on one input: the input on its standard
//! input, its standard output and error captured, killed when it runs over
//! its time. Never waits forever: the input is written from a thread of
//! its own (a program that does not read cannot block the referee), and
//! the pipes are read from threads that are left behind if something the
//! program started keeps them open after it ended.

use std::io::{self, Read, Write};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// The end of standard error kept for the report.
const STDERR_TAIL: usize = 4096;

/// How long the pipes may stay open after the program ended or was killed.
const PIPE_GRACE: Duration = Duration::from_millis(500);

/// The first and the longest pause between two looks at a running program.
const FIRST_PAUSE: Duration = Duration::from_micros(50);
const MAX_PAUSE: Duration = Duration::from_millis(20);

/// How a run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum End {
    /// Exit status 0.
    Success,
    /// Any other exit, described: `exit status 3`, `killed by signal 6 ...`.
    Failed(String),
    /// Killed when its time was up.
    TimedOut,
}

/// A finished run: how it ended and what it wrote.
#[derive(Clone, Debug)]
pub struct Run {
    pub end: End,
    /// At most the limit given to `run`.
    pub stdout: Vec<u8>,
    /// The last bytes of standard error.
    pub stderr: Vec<u8>,
}

/// Runs `command` (a program and its arguments) on `input`. At most
/// `stdout_limit` bytes of its output are kept (the rest is read and
/// dropped, so the program is never blocked). An error means the program
/// could not be started.
pub fn run(
    command: &[String],
    input: &[u8],
    timeout: Duration,
    stdout_limit: usize,
) -> io::Result<Run> {
    let (program, args) = command
        .split_first()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no command to run"))?;
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;
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
    collect(
        out_pipe,
        Arc::clone(&stdout),
        Keep::Head(stdout_limit),
        done.clone(),
    );
    collect(err_pipe, Arc::clone(&stderr), Keep::Tail(STDERR_TAIL), done);

    let deadline = start + timeout;
    let end = wait(&mut child, deadline, &pipes_done)?;
    // The pipes close when the program ends, unless a process it started
    // still holds them: give those a moment, then report what came.
    let pipes_deadline = match end {
        End::TimedOut => Instant::now() + PIPE_GRACE,
        _ => deadline.max(Instant::now() + PIPE_GRACE),
    };
    for _ in 0..2 {
        let left = pipes_deadline.saturating_duration_since(Instant::now());
        if pipes_done.recv_timeout(left).is_err() {
            break;
        }
    }
    let take = |buffer: &Arc<Mutex<Vec<u8>>>| {
        std::mem::take(&mut *buffer.lock().unwrap_or_else(|e| e.into_inner()))
    };
    Ok(Run {
        end,
        stdout: take(&stdout),
        stderr: take(&stderr),
    })
}

/// Waits for `child` to end, or kills it at `deadline`. Looks again after
/// pauses that grow from `FIRST_PAUSE`, and soon after a pipe closes: a
/// program usually ends right then.
fn wait(child: &mut Child, deadline: Instant, pipe_closed: &Receiver<()>) -> io::Result<End> {
    let mut pause = FIRST_PAUSE;
    let mut pipes_open = true;
    loop {
        if let Some(status) = child.try_wait()? {
            return Ok(if status.success() {
                End::Success
            } else {
                End::Failed(describe(status))
            });
        }
        let now = Instant::now();
        if now >= deadline {
            // It may have ended just now: then killing fails, waiting works.
            let _ = child.kill();
            child.wait()?;
            return Ok(End::TimedOut);
        }
        let nap = pause.min(deadline - now);
        pause = (pause * 2).min(MAX_PAUSE);
        if pipes_open {
            match pipe_closed.recv_timeout(nap) {
                Ok(()) => pause = FIRST_PAUSE,
                Err(RecvTimeoutError::Disconnected) => {
                    pipes_open = false;
                    pause = FIRST_PAUSE;
                }
                Err(RecvTimeoutError::Timeout) => {}
            }
        } else {
            thread::sleep(nap);
        }
    }
}

/// Which bytes of a pipe to keep.
#[derive(Clone, Copy)]
enum Keep {
    Head(usize),
    Tail(usize),
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
        loop {
            let n = match pipe.read(&mut chunk) {
                Ok(0) => break,
                Ok(n) => n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(_) => break,
            };
            let mut kept = into.lock().unwrap_or_else(|e| e.into_inner());
            match keep {
                Keep::Head(limit) => {
                    let room = limit.saturating_sub(kept.len());
                    kept.extend_from_slice(&chunk[..n.min(room)]);
                }
                Keep::Tail(limit) => {
                    kept.extend_from_slice(&chunk[..n]);
                    if kept.len() > 2 * limit {
                        let cut = kept.len() - limit;
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
mod tests {
    use super::*;

    fn sh(script: &str) -> Vec<String> {
        vec!["sh".to_string(), "-c".to_string(), script.to_string()]
    }

    #[test]
    fn output_and_status_are_captured() {
        let run = run(
            &sh("cat; echo oops >&2; exit 3"),
            b"hi\n",
            Duration::from_secs(10),
            100,
        )
        .unwrap();
        assert_eq!(run.stdout, b"hi\n");
        assert_eq!(run.stderr, b"oops\n");
        assert_eq!(run.end, End::Failed("exit status 3".to_string()));
    }

    #[test]
    fn a_program_over_its_time_is_killed() {
        let run = run(&sh("exec sleep 30"), b"", Duration::from_millis(200), 100).unwrap();
        assert_eq!(run.end, End::TimedOut);
    }

    #[test]
    fn a_program_that_does_not_read_does_not_block_and_output_is_capped() {
        let input = vec![b'x'; 4 << 20];
        let run = run(
            &sh("head -c 100000 /dev/zero"),
            &input,
            Duration::from_secs(10),
            10,
        )
        .unwrap();
        assert_eq!(run.end, End::Success);
        assert_eq!(run.stdout.len(), 10);
    }

    #[test]
    fn a_signal_is_named() {
        let run = run(&sh("kill -SEGV $$"), b"", Duration::from_secs(10), 10).unwrap();
        let signalled = End::Failed("killed by signal 11 (SIGSEGV)".to_string());
        assert_eq!(run.end, signalled);
    }

    #[test]
    fn a_missing_program_is_an_error() {
        let missing = vec!["./no-such-program-here".to_string()];
        let error = run(&missing, b"", Duration::from_secs(1), 10).unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::NotFound);
    }
}
