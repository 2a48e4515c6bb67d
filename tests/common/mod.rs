//! Helpers shared by the end-to-end tests: the golden fixture cases and a
//! readable diff.

#![allow(dead_code)]

use std::collections::HashMap;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// One golden case: `fixtures/<dir>/<name>.in` and what goes with it.
pub struct Case {
    /// `<dir>/<name>`, for messages.
    pub label: String,
    pub dir: String,
    pub input: PathBuf,
    pub expected_out: String,
    /// Extra arguments from `<name>.args` (one line), e.g. `--tsv`.
    pub args: Vec<String>,
    /// The expected standard error from `<name>.err`: the case must then
    /// fail with exit status 1, its stdout still equal to `<name>.out`.
    pub expected_err: Option<String>,
}

pub fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures")
}

/// Every case under `fixtures/<dir>`, sorted by name.
pub fn cases(dir: &str) -> Vec<Case> {
    let folder = fixtures_dir().join(dir);
    let mut inputs: Vec<PathBuf> = fs::read_dir(&folder)
        .unwrap_or_else(|e| panic!("{}: {}", folder.display(), e))
        .map(|entry| entry.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    inputs.sort();
    inputs
        .into_iter()
        .map(|input| {
            let stem = input.with_extension("");
            let name = stem.file_name().unwrap().to_string_lossy().into_owned();
            let read = |ext: &str| fs::read_to_string(stem.with_extension(ext)).ok();
            Case {
                label: format!("{}/{}", dir, name),
                dir: dir.to_string(),
                expected_out: read("out").unwrap_or_else(|| panic!("{}/{} has no .out", dir, name)),
                args: read("args")
                    .map(|a| a.split_whitespace().map(String::from).collect())
                    .unwrap_or_default(),
                expected_err: read("err"),
                input,
            }
        })
        .collect()
}

/// The names of the fixture folders.
pub fn fixture_dirs() -> Vec<String> {
    let mut dirs: Vec<String> = fs::read_dir(fixtures_dir())
        .unwrap()
        .map(|e| e.unwrap())
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    dirs.sort();
    dirs
}

/// What differs between a run of `case` and what the case expects: an
/// empty string when nothing does. `rename` rewrites the expected stderr
/// (a bundle reads stdin, so the file name there becomes `<stdin>`).
pub fn compare(
    case: &Case,
    label: &str,
    output: &std::process::Output,
    rename: Option<(&str, &str)>,
) -> String {
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    let mut report = diff(&format!("{} stdout", label), &case.expected_out, &stdout);
    let expected_code = if case.expected_err.is_some() { 1 } else { 0 };
    if output.status.code() != Some(expected_code) {
        report += &format!(
            "--- {}: exit status {:?}, expected {}; stderr: {}\n",
            label,
            output.status.code(),
            expected_code,
            stderr
        );
    }
    if let Some(expected_err) = &case.expected_err {
        let expected_err = match rename {
            Some((from, to)) => expected_err.replace(from, to),
            None => expected_err.clone(),
        };
        report += &diff(&format!("{} stderr", label), &expected_err, &stderr);
    }
    report
}

/// Fails with every report that is not empty, after all cases ran.
pub fn assert_all_passed(reports: Vec<String>, at_least: usize) {
    let count = reports.len();
    assert!(count >= at_least, "only {} cases ran", count);
    let failures: Vec<String> = reports.into_iter().filter(|r| !r.is_empty()).collect();
    assert!(
        failures.is_empty(),
        "{} of {} cases failed:\n{}",
        failures.len(),
        count,
        failures.join("\n")
    );
}

/// An empty string when equal, else a labelled line diff.
pub fn diff(label: &str, expected: &str, actual: &str) -> String {
    if expected == actual {
        return String::new();
    }
    format!(
        "--- {} (< expected, > actual)\n{}\n",
        label,
        pretty_assertions::StrComparison::new(expected, actual)
    )
}

/// A scratch folder `group/name` of the test binaries', emptied.
pub fn scratch(group: &str, name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(group)
        .join(name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// `tests/wrong/NAME.rs` compiled: once, and again only when the source
/// is newer than the program, so that a warm run compiles nothing.
pub fn wrong(name: &str) -> String {
    static BUILT: Mutex<Option<HashMap<String, String>>> = Mutex::new(None);
    let mut built = BUILT.lock().unwrap_or_else(|e| e.into_inner());
    let built = built.get_or_insert_with(HashMap::new);
    if let Some(path) = built.get(name) {
        return path.clone();
    }
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("wrong");
    fs::create_dir_all(&dir).unwrap();
    let exe = dir.join(format!("{}{}", name, std::env::consts::EXE_SUFFIX));
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/wrong/{}.rs", name));
    let modified = |path: &Path| fs::metadata(path).and_then(|m| m.modified()).ok();
    let fresh = matches!((modified(&exe), modified(&source)), (Some(e), Some(s)) if e >= s);
    if !fresh {
        let rustc = Path::new(env!("CARGO"))
            .with_file_name(format!("rustc{}", std::env::consts::EXE_SUFFIX));
        let status = std::process::Command::new(rustc)
            .args(["--edition", "2021", "-C", "opt-level=2", "-o"])
            .arg(&exe)
            .arg(&source)
            .status()
            .unwrap();
        assert!(status.success(), "compiling {}", source.display());
    }
    let path = exe.display().to_string();
    built.insert(name.to_string(), path.clone());
    path
}

pub fn referee() -> assert_cmd::Command {
    assert_cmd::Command::cargo_bin("referee").unwrap()
}

pub fn referee_path() -> String {
    assert_cmd::cargo::cargo_bin("referee")
        .display()
        .to_string()
}

/// Whether the process `pid` is still running: not gone, not a zombie,
/// not exiting (Linux's `PF_EXITING` in the flags of `/proc/PID/stat`: a
/// killed process closes its files, and so its pipes, before it is a
/// zombie).
#[cfg(target_os = "linux")]
pub fn running(pid: &str) -> bool {
    const PF_EXITING: u64 = 0x4;
    let stat = match fs::read_to_string(format!("/proc/{}/stat", pid)) {
        Ok(stat) => stat,
        Err(_) => return false,
    };
    // After the command's name: state ppid pgrp session tty tpgid flags.
    let fields: Vec<&str> = stat
        .rsplit(')')
        .next()
        .unwrap_or("")
        .split_whitespace()
        .collect();
    let flags: u64 = fields.get(6).and_then(|f| f.parse().ok()).unwrap_or(0);
    !matches!(fields.first(), Some(&"Z") | Some(&"X")) && flags & PF_EXITING == 0
}

pub mod package;
pub mod readings;

/// Runs `referee ARGS` with `start` on its standard input and the pipe
/// kept open after it, as an endless input would: the referee must end
/// on what it has read. Returns its status, standard output and error.
pub fn ends_on_open_input(args: &[&str], start: Vec<u8>) -> (Option<i32>, String, String) {
    use std::io::{Read, Write};
    use std::process::{Command, Stdio};
    let mut child = Command::new(referee_path())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut stderr = child.stderr.take().unwrap();
    // The writer may be cut off by the referee's end: its error is not ours.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&start);
        stdin
    });
    let (ended, end) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let out = std::thread::spawn(move || {
            let mut text = String::new();
            let _ = stdout.read_to_string(&mut text);
            text
        });
        let mut err = String::new();
        let _ = stderr.read_to_string(&mut err);
        let code = child.wait().unwrap().code();
        let _ = ended.send((code, out.join().unwrap(), err));
    });
    let wait = std::time::Duration::from_secs(60);
    let result = end.recv_timeout(wait);
    // The pipe is closed only now, whether the referee ended or not.
    drop(writer.join());
    result.expect("the referee waited for the end of an open input")
}

/// Bytes a program wrote, as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A scratch folder of `group` with `count` four-in-a-row inputs of one
/// game each.
pub fn fourrow_inputs(group: &str, name: &str, count: usize) -> PathBuf {
    let dir = scratch(group, name);
    for i in 0..count {
        fs::write(dir.join(format!("{}.in", i)), "1\nGame #1: 1234\n").unwrap();
    }
    dir
}

/// Runs the referee with its stdout a pipe closed before it writes.
pub fn with_stdout_closed(args: &[&str], dir: &Path) -> std::process::ExitStatus {
    use std::process::Stdio;
    let mut child = std::process::Command::new(referee_path())
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    child.wait().unwrap()
}

/// Runs `stress` to its first failure; returns its stdout and the shrunk
/// input.
pub fn stress_failure(
    problem: &str,
    name: &str,
    command: &[&str],
    extra: &[&str],
) -> (String, String) {
    stress_failure_seeded(problem, name, command, "7", extra)
}

/// `stress_failure` with the seed `seed`.
pub fn stress_failure_seeded(
    problem: &str,
    name: &str,
    command: &[&str],
    seed: &str,
    extra: &[&str],
) -> (String, String) {
    let dir = scratch("stress", name);
    let output = referee()
        .current_dir(&dir)
        .args(["stress", problem, "--seed", seed])
        .args(extra)
        .arg("--")
        .args(command)
        .timeout(std::time::Duration::from_secs(300))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert_eq!(output.status.code(), Some(1), "{}", stdout);
    assert!(stdout.ends_with(" passed, 1 failed\n"), "{}", stdout);
    let shrunk = fs::read_to_string(dir.join("stress-failure.in")).unwrap();
    (stdout, shrunk)
}

/// Says on the terminal that a check was skipped: written to stderr
/// directly, so the test harness does not capture it.
pub fn skipped(why: &str) {
    let _ = writeln!(std::io::stderr(), "SKIPPED: {}", why);
}

/// Whether `program` can be run here.
pub fn installed(program: &str) -> bool {
    std::process::Command::new(program)
        .arg("--version")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok()
}

/// Runs `program args` with `input` on stdin; panics with its stderr if it fails.
pub fn run_with_input(program: &str, args: &[&str], input: &str) -> String {
    let mut child = std::process::Command::new(program)
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(output.status.success(), "{} {:?}: {}", program, args, err);
    err
}
