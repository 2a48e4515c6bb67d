//! The guard of the programs a run starts. Each runs in a process group of
//! its own (see `run`), so the Ctrl-C that ends the referee does not reach
//! it, nor does anything else that ends the referee: left alone, a program
//! caught in a loop would run on for good. The guard is a small shell, in
//! a process group of its own too (and deaf to a terminal's signals and to
//! a closed pipe), that reads, on a pipe from the referee, `+ID` when a
//! program's group starts and `-ID` when its run is over: then it kills
//! what is left of the group (a process the program started and left
//! behind). The referee does not wait for that, so a guard that is slow or
//! stopped cannot hold a verdict back. When the pipe closes, however the
//! referee ended, the guard kills the groups still running. One guard
//! serves the whole run of the referee; it starts before the first
//! program. (A referee killed between starting a program and telling the
//! guard leaves that program alone: the guard is told before the program
//! is given any of its input.)

use std::io::Write;
use std::os::unix::process::CommandExt;
use std::process::{ChildStdin, Command, Stdio};
use std::sync::{Mutex, OnceLock};

/// The guard's script: the groups still running are a list of ids. (A
/// group whose run is over is killed by its id, which stays taken while
/// any process is left in it; when none is, nothing is killed.)
const SCRIPT: &str = r#"trap '' INT HUP TERM QUIT PIPE
running=''
while read -r word; do
  case $word in
    +*) running="$running ${word#+}" ;;
    -*) kill -KILL "-${word#-}" 2>/dev/null
        left=''
        for id in $running; do [ "$id" = "${word#-}" ] || left="$left $id"; done
        running=$left ;;
  esac
done
for id in $running; do kill -KILL "-$id" 2>/dev/null; done"#;

/// The pipe to the guard, once it started; `None` when it could not start
/// (then programs are only killed by the referee itself).
fn guard() -> &'static Mutex<Option<ChildStdin>> {
    static GUARD: OnceLock<Mutex<Option<ChildStdin>>> = OnceLock::new();
    GUARD.get_or_init(|| {
        let started = system_program("sh").find_map(|sh| {
            Command::new(sh)
                .args(["-c", SCRIPT])
                .stdin(Stdio::piped())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .process_group(0)
                .spawn()
                .ok()
        });
        // The guard is never waited for: it ends when the referee does.
        Mutex::new(started.and_then(|mut guard| guard.stdin.take()))
    })
}

/// A system program to try by its name through `PATH`, then in the
/// system's folders: a `PATH` without them must not keep the referee from
/// killing what a run left behind.
pub(super) fn system_program(name: &str) -> impl Iterator<Item = String> + '_ {
    let places = ["", "/bin/", "/usr/bin/"];
    places
        .into_iter()
        .map(move |place| format!("{}{}", place, name))
}

/// Tells the guard of a word; a guard that is gone is not asked again.
fn tell(word: String) {
    let mut pipe = guard().lock().unwrap_or_else(|e| e.into_inner());
    if let Some(stdin) = pipe.as_mut() {
        if stdin.write_all(word.as_bytes()).is_err() {
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
    tell(format!("+{}\n", id));
}

/// The run of the program `id` is over (it ended, or was killed): the
/// guard kills what is left of its group.
pub(crate) fn done(id: u32) {
    tell(format!("-{}\n", id));
}
