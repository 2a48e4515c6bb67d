//! The guard of the programs a run starts. Each runs in a process group of
//! its own (see `run`), so the Ctrl-C that ends the referee does not reach
//! it, nor does anything else that ends the referee: left alone, a program
//! caught in a loop would run on for good. The guard is a small shell, in
//! a process group of its own too (and deaf to a terminal's signals and to
//! a closed pipe), that reads, on a pipe from the referee, `+ID` when a
//! program's group starts, `-ID` when it is done with, and `!ID` when what
//! is left of a group whose program ended is to be killed: it kills it and
//! answers with an empty line, which the referee waits for. When the pipe
//! closes, however the referee ended, the guard kills the groups still
//! running. One guard serves the whole run of the referee; it starts
//! before the first program. (A referee killed between starting a program
//! and telling the guard leaves that program alone: the guard is told
//! before the program is given any of its input.)

use std::io::{BufRead, BufReader, Write};
use std::os::unix::process::CommandExt;
use std::process::{ChildStdin, ChildStdout, Command, Stdio};
use std::sync::{Mutex, OnceLock};

/// The guard's script: the groups still running are a list of ids.
const SCRIPT: &str = r#"trap '' INT HUP TERM QUIT PIPE
running=''
while read -r word; do
  case $word in
    +*) running="$running ${word#+}" ;;
    -*) left=''
        for id in $running; do [ "$id" = "${word#-}" ] || left="$left $id"; done
        running=$left ;;
    !*) kill -KILL "-${word#!}" 2>/dev/null
        echo ;;
  esac
done
for id in $running; do kill -KILL "-$id" 2>/dev/null; done"#;

/// The pipes to and from the guard.
struct Guard {
    words: ChildStdin,
    answers: BufReader<ChildStdout>,
}

/// The guard, once it started; `None` when it could not start (then
/// programs are only killed by the referee itself).
fn guard() -> &'static Mutex<Option<Guard>> {
    static GUARD: OnceLock<Mutex<Option<Guard>>> = OnceLock::new();
    GUARD.get_or_init(|| {
        let started = Command::new("sh")
            .args(["-c", SCRIPT])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .process_group(0)
            .spawn();
        // The guard is never waited for: it ends when the referee does.
        let guard = started.ok().and_then(|mut guard| {
            Some(Guard {
                words: guard.stdin.take()?,
                answers: BufReader::new(guard.stdout.take()?),
            })
        });
        Mutex::new(guard)
    })
}

/// Tells the guard of a word and, when `answered`, waits for its answer;
/// a guard that is gone is not asked again.
fn tell(word: String, answered: bool) {
    let mut pipe = guard().lock().unwrap_or_else(|e| e.into_inner());
    if let Some(guard) = pipe.as_mut() {
        let mut answer = String::new();
        let mut told = guard.words.write_all(word.as_bytes());
        if answered && told.is_ok() {
            told = guard.answers.read_line(&mut answer).map(|_| ());
        }
        if told.is_err() || (answered && answer.is_empty()) {
            *pipe = None;
        }
    }
}

/// Starts the guard, if it is not running yet: before a program starts.
pub(crate) fn ready() {
    guard();
}

/// The group of the program `id` started: the guard kills it if the
/// referee ends before `done` is told.
pub(crate) fn started(id: u32) {
    tell(format!("+{}\n", id), false);
}

/// The group of the program `id` is done with (ended, or killed).
pub(crate) fn done(id: u32) {
    tell(format!("-{}\n", id), false);
}

/// Kills what is left of the group of the program `id`, which ended and
/// is not waited for yet (so that its id still names its group and no
/// other); returns once that is done.
pub(crate) fn end_group(id: u32) {
    tell(format!("!{}\n", id), true);
}
