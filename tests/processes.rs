//! The processes `test` and `stress` start, through the built binary: no
//! process of a solution outlives its verdict (at the time limit, when the
//! solution ends, without a `kill` program) nor the referee (Ctrl-C).

mod common;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Stdio;

use common::{referee, referee_path, text};

fn scratch(name: &str) -> PathBuf {
    common::scratch("processes", name)
}

/// A folder with `count` four-in-a-row inputs of one game each.
fn fourrow_inputs(name: &str, count: usize) -> PathBuf {
    common::fourrow_inputs("processes", name, count)
}

/// Runs `test` with a 0.3 s limit on a solution given as a shell script
/// that appends the pids to watch to `pids`; asserts that every case ended
/// with `verdict` and that none of those processes is left.
#[cfg(target_os = "linux")]
fn assert_no_process_survives(name: &str, script: &str, cases: usize, verdict: &str) {
    assert_none_survives_with(name, script, cases, verdict, None);
}

/// The same, with `PATH` set to `path` when given.
#[cfg(target_os = "linux")]
fn assert_none_survives_with(
    name: &str,
    script: &str,
    cases: usize,
    verdict: &str,
    path: Option<&Path>,
) {
    let dir = fourrow_inputs(name, cases);
    let pids = dir.join("pids");
    let run = dir.join("run.sh");
    fs::write(&run, script.replace("PIDS", &pids.display().to_string())).unwrap();
    let mut referee = referee();
    if let Some(path) = path {
        referee.env("PATH", path);
    }
    let output = referee
        .args(["test", "fourrow"])
        .arg(&dir)
        .args(["--timeout", "0.3", "-j", "3", "--"])
        .arg(system("sh"))
        .arg(&run)
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stdout = text(&output.stdout);
    assert!(
        stdout.ends_with(&format!("\n0 passed, {} failed\n", cases)),
        "{}",
        stdout
    );
    assert_eq!(stdout.matches(verdict).count(), cases, "{}", stdout);
    let pids = fs::read_to_string(pids).unwrap();
    assert_eq!(pids.lines().count(), cases, "{}", pids);
    for pid in pids.lines() {
        assert!(
            !common::running(pid),
            "{} still runs after the verdict",
            pid
        );
    }
}

#[cfg(target_os = "linux")]
#[test]
fn a_solution_started_by_a_script_dies_at_the_time_limit() {
    // The script waits for the solution, which spins.
    assert_no_process_survives(
        "orphans-script",
        "sh -c 'echo $$ >> PIDS; while :; do :; done'\n",
        2,
        "time limit exceeded",
    );
}

#[cfg(target_os = "linux")]
#[test]
fn a_sleep_in_the_solution_dies_at_the_time_limit() {
    assert_no_process_survives(
        "orphans-sleep",
        "sleep 50 &\necho $! >> PIDS\nwait\ncat\n",
        6,
        "time limit exceeded",
    );
}

/// Where the system keeps `program`.
fn system(program: &str) -> PathBuf {
    ["/bin", "/usr/bin"]
        .iter()
        .map(|dir| Path::new(dir).join(program))
        .find(|p| p.exists())
        .unwrap()
}

/// A folder of its own for `PATH`, with only `programs` of the system's.
fn path_of(name: &str, programs: &[&str]) -> PathBuf {
    let bin = scratch(name);
    for program in programs {
        std::os::unix::fs::symlink(system(program), bin.join(program)).unwrap();
    }
    bin
}

#[cfg(target_os = "linux")]
#[test]
fn without_a_kill_program_the_shells_kill_takes_the_group() {
    assert_none_survives_with(
        "orphans-no-kill",
        "sleep 50 &\necho $! >> PIDS\nwait\ncat\n",
        2,
        "time limit exceeded",
        Some(&path_of("path-without-kill", &["sh", "sleep", "cat"])),
    );
}

#[cfg(target_os = "linux")]
#[test]
fn a_path_without_kill_or_a_shell_still_lets_the_group_be_killed() {
    assert_none_survives_with(
        "orphans-no-shell",
        "sleep 50 &\necho $! >> PIDS\nwait\ncat\n",
        2,
        "time limit exceeded",
        Some(&path_of("path-without-shell", &["sleep", "cat"])),
    );
}

#[cfg(target_os = "linux")]
#[test]
fn a_process_left_holding_the_output_when_the_solution_ends_is_killed() {
    assert_no_process_survives(
        "orphans-after-exit",
        "sleep 50 &\necho $! >> PIDS\n",
        2,
        "wrong answer",
    );
}

/// A solution that leaves a process behind, holding none of the run's
/// pipes, only a fifo of the test's: the run's end must kill it, which the
/// test learns from the fifo's end, without looking at the clock.
#[cfg(target_os = "linux")]
#[test]
fn a_process_left_behind_by_the_solution_dies_with_its_run() {
    use std::io::Read;
    let dir = fourrow_inputs("orphans-quiet", 1);
    let alive = dir.join("alive");
    let made = std::process::Command::new("mkfifo").arg(&alive).status();
    assert!(made.unwrap().success());
    let run = dir.join("run.sh");
    // The fifo is opened before the sleep starts, so the sleep has it from
    // its first moment.
    let script = "exec 3> ALIVE\nsleep 1000 > /dev/null 2>&1 < /dev/null &\nexec 3>&-\n"
        .replace("ALIVE", &alive.display().to_string());
    fs::write(&run, script).unwrap();
    let (ended, end) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut rest = Vec::new();
        let _ = fs::File::open(alive).and_then(|mut f| f.read_to_end(&mut rest));
        let _ = ended.send(());
    });
    let output = referee()
        .args(["test", "fourrow"])
        .arg(&dir)
        .args(["--", "sh"])
        .arg(&run)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(text(&output.stdout).contains("wrong answer"));
    let wait = std::time::Duration::from_secs(60);
    assert!(
        end.recv_timeout(wait).is_ok(),
        "the process left behind outlived the run"
    );
}

/// Ctrl-C at a terminal signals the referee's process group, which the
/// solution is not in. The referee is started here in a group of its own
/// and that group is sent SIGINT, as a terminal does: the solution, which
/// holds a fifo open until it dies, must die with the referee. The test
/// learns that from the fifo's end, without looking at the clock.
#[cfg(target_os = "linux")]
#[test]
fn ctrl_c_on_the_referee_kills_the_solution_it_ran() {
    use std::io::Read;
    use std::os::unix::process::CommandExt;
    let dir = scratch("ctrl-c");
    let (started, alive) = (dir.join("started"), dir.join("alive"));
    for fifo in [&started, &alive] {
        let made = std::process::Command::new("mkfifo").arg(fifo).status();
        assert!(made.unwrap().success());
    }
    let run = dir.join("run.sh");
    // The solution reads its input first (the referee tells its guard of a
    // program before it writes the program's input), holds `alive` open
    // for writing, then says it is up.
    let script = "cat > /dev/null\nexec 3> ALIVE\necho up > STARTED\nexec sleep 1000\n"
        .replace("STARTED", &started.display().to_string())
        .replace("ALIVE", &alive.display().to_string());
    fs::write(&run, script).unwrap();
    let mut child = std::process::Command::new(referee_path())
        .args([
            "stress",
            "fourrow",
            "-j",
            "1",
            "--timeout",
            "1000",
            "--",
            "sh",
        ])
        .arg(&run)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .process_group(0)
        .spawn()
        .unwrap();
    // Opening a fifo waits for the other end; reading `alive` to its end
    // waits for every process holding it to be gone.
    let (ended, end) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut rest = Vec::new();
        let _ = fs::File::open(alive).and_then(|mut f| f.read_to_end(&mut rest));
        let _ = ended.send(());
    });
    let (up, is_up) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = up.send(fs::read_to_string(started));
    });
    let wait = std::time::Duration::from_secs(60);
    assert!(
        is_up.recv_timeout(wait).is_ok(),
        "the solution never started"
    );
    let group = format!("-{}", child.id());
    let sent = std::process::Command::new("sh")
        .args(["-c", "kill -INT \"$0\"", &group])
        .status();
    assert!(sent.unwrap().success());
    let status = child.wait().unwrap();
    assert_eq!(status.code(), None, "the referee ends by the signal");
    assert!(
        end.recv_timeout(wait).is_ok(),
        "the solution outlived the referee"
    );
}

/// Once an earlier input failed, a later one under way with `-j` can no
/// longer change the report: its run is killed, not waited for.
#[cfg(target_os = "linux")]
#[test]
fn stress_does_not_wait_for_runs_whose_result_is_dropped() {
    let dir = scratch("dropped-runs");
    let run = dir.join("run.sh");
    // Wrong at once on an input of one case; on any other, hangs.
    let script = "read count\nif [ \"$count\" = 1 ]; then echo wrong; else exec sleep 1000; fi\n";
    fs::write(&run, script).unwrap();
    let output = referee()
        .current_dir(&dir)
        .args([
            "stress", "fourrow", "--seed", "1", "--inputs", "2", "-j", "2",
        ])
        .args(["--timeout", "1000", "--", "sh"])
        .arg(&run)
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(text(&output.stdout).ends_with("0 passed, 1 failed\n"));
}
