//! Tests of running a program: capture, limits, kills.

use super::*;
use crate::tool::judge::RUNAWAY_OUTPUT;

/// `run` with a result that is always looked at.
fn run(command: &[OsString], input: &[u8], timeout: Duration, limit: usize) -> io::Result<Run> {
    let runaway = limit + RUNAWAY_OUTPUT;
    super::run(
        command,
        input,
        timeout,
        limit,
        runaway,
        &AtomicBool::new(false),
    )
}

fn sh(script: &str) -> Vec<OsString> {
    vec!["sh".into(), "-c".into(), script.into()]
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
fn the_tail_of_standard_error_starts_with_a_whole_character() {
    // 5,000 three-byte characters, in writes of one character each.
    let script = "i=0; while [ $i -lt 5000 ]; do printf '\\342\\202\\254' >&2; i=$((i+1)); done";
    let run = run(&sh(script), b"", Duration::from_secs(60), 100).unwrap();
    // The tail is cut to its last STDERR_TAIL bytes when it grows past
    // twice that, less the bytes of a character cut in two; more may come
    // after the last cut, or none.
    let len = run.stderr.len();
    assert!(
        (STDERR_TAIL - 2..=2 * STDERR_TAIL).contains(&len),
        "{}",
        len
    );
    assert!(std::str::from_utf8(&run.stderr).is_ok());
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
fn a_program_whose_output_runs_away_is_killed_before_its_time() {
    // `yes` would write until the time limit, an hour here.
    let flood = run(&sh("yes"), b"", Duration::from_secs(3600), 10).unwrap();
    assert_eq!(flood.end, End::OutputLimit(10 + RUNAWAY_OUTPUT));
    assert_eq!(flood.stdout, b"y\ny\ny\ny\ny\n");
    // Output just within the bound is read whole, the rest dropped.
    let within = format!("head -c {} /dev/zero", RUNAWAY_OUTPUT + 10);
    let long = run(&sh(&within), b"", Duration::from_secs(60), 10).unwrap();
    assert_eq!((long.end, long.stdout.len()), (End::Success, 10));
}

#[test]
fn a_signal_is_named() {
    let run = run(&sh("kill -SEGV $$"), b"", Duration::from_secs(10), 10).unwrap();
    let signalled = End::Failed("killed by signal 11 (SIGSEGV)".to_string());
    assert_eq!(run.end, signalled);
}

#[cfg(target_os = "linux")]
#[test]
fn a_pipe_is_held_elsewhere_while_another_process_can_write_to_it() {
    let mut child = Command::new("sleep")
        .arg("30")
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let pipe = child.stdout.take().unwrap();
    let names = [pipe_name(&pipe)];
    assert!(names[0].is_some());
    assert!(held_elsewhere(&names));
    child.kill().unwrap();
    child.wait().unwrap();
    // The referee's own end, which reads, is no holder.
    assert!(!held_elsewhere(&names));
}

#[test]
fn a_missing_program_is_an_error() {
    let missing = vec!["./no-such-program-here".into()];
    let error = run(&missing, b"", Duration::from_secs(1), 10).unwrap_err();
    assert_eq!(error.kind(), io::ErrorKind::NotFound);
}
