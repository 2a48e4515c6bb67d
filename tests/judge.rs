//! `referee check` and `referee test` through the built binary: against
//! the wrong four-in-a-row solution of `tests/wrong/` (compiled here with
//! the rustc beside cargo), blind to diagonals through the top row or
//! made to crash or hang, against `yes`, whose output runs away, and
//! against a command that does not exist. `referee stress` is tested in
//! `stress.rs`.

mod common;

use predicates::prelude::*;
use std::fs;
use std::path::PathBuf;

use common::referee;

fn scratch(name: &str) -> PathBuf {
    common::scratch("judge", name)
}

fn wrong(name: &str) -> String {
    common::wrong(name)
}

fn stdout_of(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// The report of `test` without its `slowest: NAME (T)` line, which must
/// be there, just before the summary, when a case ran.
fn without_slowest(stdout: &str) -> String {
    let mut lines: Vec<&str> = stdout.lines().collect();
    let at = lines.len().saturating_sub(2);
    assert!(
        lines.get(at).is_some_and(|l| l.starts_with("slowest: ")),
        "{}",
        stdout
    );
    lines.remove(at);
    lines.iter().map(|l| format!("{}\n", l)).collect()
}

// ---------------------------------------------------------------- check

#[test]
fn check_accepts_the_exact_answer() {
    let dir = scratch("check-accepts");
    fs::write(dir.join("a.in"), "1\nGame #1: 1212121\n").unwrap();
    fs::write(dir.join("a.out"), "Game #1 is over. The first player won.\n-------\nX      \nXo     \nXo     \nXo     \n-------\n").unwrap();
    referee()
        .current_dir(&dir)
        .args(["check", "fourrow", "a.in", "a.out"])
        .assert()
        .code(0)
        .stdout("accepted\n")
        .stderr("");
}

#[test]
fn check_shows_the_first_difference() {
    let dir = scratch("check-differs");
    fs::write(dir.join("a.in"), "1\nGame #1: 1212121\n").unwrap();
    let right = "Game #1 is over. The first player won.\n-------\nX      \nXo     \nXo     \nXo     \n-------\n";
    let cases = [
        (
            right.replace("X      \nXo", "X      \nxo"),
            "referee: a.out:4:1: expected `Xo␠␠␠␠␠\\n`, found `xo␠␠␠␠␠\\n`\n",
        ),
        (
            right.replace("X      \n", "X\n"),
            "referee: a.out:3:2: expected `X␠␠␠␠␠␠\\n`, found `X\\n` (only whitespace differs)\n",
        ),
        (
            right.trim_end().to_string(),
            "referee: a.out:7:8: expected `-------\\n`, found `-------` (missing final newline)\n",
        ),
        (
            "Game #1 is over. The first player won.\n".to_string(),
            "referee: a.out:2:1: expected `-------\\n`, found end of output (output ends early)\n",
        ),
        (
            format!("{}\n", right),
            "referee: a.out:8:1: expected end of output, found `\\n` (extra output after the end; only whitespace differs)\n",
        ),
    ];
    for (output, message) in cases {
        fs::write(dir.join("a.out"), output).unwrap();
        referee()
            .current_dir(&dir)
            .args(["check", "fourrow", "a.in", "a.out"])
            .assert()
            .code(1)
            .stdout("wrong answer\n")
            .stderr(message);
    }
}

#[test]
fn check_exits_3_for_an_input_that_is_invalid_or_missing() {
    let dir = scratch("check-invalid");
    fs::write(dir.join("bad.in"), "1\nGame #1: 1289\n").unwrap();
    fs::write(dir.join("a.out"), "").unwrap();
    referee()
        .current_dir(&dir)
        .args(["check", "fourrow", "bad.in", "a.out"])
        .assert()
        .code(3)
        .stdout("")
        .stderr(predicate::str::starts_with("referee: bad.in:2:12: "));
    referee()
        .current_dir(&dir)
        .args(["check", "fourrow", "missing.in", "a.out"])
        .assert()
        .code(3)
        .stderr(predicate::str::starts_with("referee: missing.in: "));
    referee()
        .args(["check", "fourrow", "a.in"])
        .assert()
        .code(2);
}

#[test]
fn check_reads_the_output_from_stdin() {
    let input = common::fixtures_dir().join("snooker/sample.in");
    let expected = fs::read(common::fixtures_dir().join("snooker/sample.out")).unwrap();
    referee()
        .args(["check", "snooker"])
        .arg(&input)
        .arg("-")
        .write_stdin(expected)
        .assert()
        .code(0)
        .stdout("accepted\n");
}

#[test]
fn a_verdict_that_cannot_be_written_is_said_on_stderr_and_keeps_its_status() {
    let full = std::path::Path::new("/dev/full");
    if !full.exists() {
        return;
    }
    let input = common::fixtures_dir().join("snooker/sample.in");
    let answer = common::fixtures_dir().join("snooker/sample.out");
    let out = std::process::Command::new(common::referee_path())
        .args(["check", "snooker"])
        .arg(&input)
        .arg(&answer)
        .stdout(fs::OpenOptions::new().write(true).open(full).unwrap())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "accepted, though not printed");
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.starts_with("referee: <stdout>: "), "{}", said);
}

#[test]
fn a_report_or_input_written_to_a_full_stdout_is_said_once_and_keeps_the_verdict() {
    let full = std::path::Path::new("/dev/full");
    if !full.exists() {
        return;
    }
    let dir = fourrow_cases("junit-to-full-stdout");
    let dir = dir.to_str().unwrap();
    let runs: [(&[&str], i32); 2] = [
        (&["test", "fourrow", dir, "--junit", "-"], 0),
        (
            &[
                "stress", "fourrow", "--seed", "1", "--inputs", "2", "--out", "-", "--", "echo",
                "wrong",
            ],
            1,
        ),
    ];
    for (args, status) in runs {
        let out = std::process::Command::new(common::referee_path())
            .args(args)
            .stdout(fs::OpenOptions::new().write(true).open(full).unwrap())
            .output()
            .unwrap();
        let said = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(status), "{:?}: {}", args, said);
        assert_eq!(said.matches("referee: ").count(), 1, "{:?}: {}", args, said);
        assert!(
            said.starts_with("referee: <stdout>: "),
            "{:?}: {}",
            args,
            said
        );
    }
}

// ---------------------------------------------------------------- test

/// A folder of four-in-a-row cases: a win on a diagonal through the top
/// row (answer in `.out`), an empty game (answer in `.ans`, in a
/// subfolder), a plain game (no answer file: the referee's).
fn fourrow_cases(name: &str) -> PathBuf {
    let dir = scratch(name);
    fs::create_dir_all(dir.join("more")).unwrap();
    let diagonal = "1\nGame #1: 1121431421217333745252\n";
    fs::write(dir.join("diagonal.in"), diagonal).unwrap();
    let answer = referee()
        .arg("fourrow")
        .write_stdin(diagonal)
        .output()
        .unwrap();
    assert!(stdout_of(&answer).contains("second player won"));
    fs::write(dir.join("diagonal.out"), answer.stdout).unwrap();
    fs::write(dir.join("more/empty.in"), "1\nGame #1: \n").unwrap();
    fs::write(dir.join("more/empty.ans"), "Game #1 is not over, yet.\n").unwrap();
    fs::write(
        dir.join("plain.in"),
        "2\nGame #1: 1234\nGame #2: 77777777\n",
    )
    .unwrap();
    dir
}

#[test]
fn test_runs_the_referee_itself_on_the_fixtures() {
    for problem in ["snooker", "fourrow", "rating"] {
        let output = referee()
            .args(["test", problem])
            .arg(common::fixtures_dir().join(problem))
            .output()
            .unwrap();
        let stdout = without_slowest(&stdout_of(&output));
        assert_eq!(output.status.code(), Some(0), "{}", stdout);
        assert!(stdout.ends_with(" passed, 0 failed\n"), "{}", stdout);
        assert_eq!(stdout.lines().count(), 1, "{}", stdout);
    }
}

#[test]
fn test_reports_each_failing_case_in_order_and_a_summary() {
    let dir = fourrow_cases("test-verdicts");
    let blind = wrong("fourrow");
    let expected = "diagonal.in: wrong answer: 1:12: expected `over. The second player won.\\n`, found `not over, yet.\\n`\n\
                    2 passed, 1 failed\n";
    for jobs in ["1", "3"] {
        let output = referee()
            .args(["test", "fourrow"])
            .arg(&dir)
            .args(["-j", jobs, "--", &blind, "top-diagonals"])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(1));
        assert_eq!(without_slowest(&stdout_of(&output)), expected);
    }
    let output = referee()
        .args(["test", "fourrow"])
        .arg(&dir)
        .args(["--", &blind, "right"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(without_slowest(&stdout_of(&output)), "3 passed, 0 failed\n");
}

/// A line longer than what `test` keeps of the output: its spaces before
/// the cut are not shown as trailing, since the line goes on (as `check`,
/// which reads all of it, shows them).
#[test]
fn test_shows_no_trailing_space_in_a_line_cut_where_it_keeps_no_more() {
    let dir = scratch("test-cut-line");
    fs::create_dir_all(dir.join("cases")).unwrap();
    fs::write(dir.join("cases/a.in"), "1\nGame #1: \n").unwrap();
    let answer = "Game #1 is not over, yet.\n";
    fs::write(dir.join("cases/a.out"), answer).unwrap();
    let long = format!("{}{}x\n", answer, " ".repeat(70_000));
    fs::write(dir.join("long.out"), &long).unwrap();
    let output = referee()
        .args(["test", "fourrow"])
        .arg(dir.join("cases"))
        .arg("--")
        .arg("cat")
        .arg(dir.join("long.out"))
        .output()
        .unwrap();
    let stdout = stdout_of(&output);
    let blanks = " ".repeat(39);
    let expected = format!(
        "a.in: wrong answer: 2:1: expected end of output, found `␠{}...` (extra output after the end)\n",
        blanks
    );
    assert!(stdout.starts_with(&expected), "{}", stdout);
}

#[test]
fn test_names_a_crash_with_its_status_and_last_stderr_line() {
    let dir = fourrow_cases("test-crash");
    let output = referee()
        .args(["test", "fourrow"])
        .arg(&dir)
        .args(["--", &wrong("fourrow"), "crash-on-empty"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let sep = std::path::MAIN_SEPARATOR;
    assert_eq!(
        without_slowest(&stdout_of(&output)),
        format!(
            "more{}empty.in: runtime error: exit status 101; stderr: game 1 has no moves\n\
             2 passed, 1 failed\n",
            sep
        )
    );
}

#[test]
fn test_kills_a_program_that_hangs() {
    let dir = scratch("test-hang");
    fs::write(dir.join("one.in"), "1\nGame #1: 1\n").unwrap();
    let output = referee()
        .args(["test", "fourrow"])
        .arg(&dir)
        .args(["--timeout", "0.3", "--", &wrong("fourrow"), "hang"])
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        without_slowest(&stdout_of(&output)),
        "one.in: time limit exceeded: killed after 300ms\n0 passed, 1 failed\n"
    );
}

#[test]
fn test_stops_a_program_whose_output_runs_away_before_its_time() {
    let dir = scratch("test-flood");
    fs::write(dir.join("one.in"), "1\nGame #1: 1\n").unwrap();
    let output = referee()
        .args(["test", "fourrow"])
        .arg(&dir)
        .args(["--timeout", "600", "--", "yes"])
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stdout = without_slowest(&stdout_of(&output));
    let limit = "Game #1 is not over, yet.\n".len() + (1 << 16) + (1 << 24);
    assert_eq!(
        stdout,
        format!(
            "one.in: output limit exceeded: killed after writing more than {} bytes\n\
             0 passed, 1 failed\n",
            limit
        )
    );
}

#[test]
fn test_and_stress_exit_4_when_the_command_cannot_be_run_after_their_summary() {
    let dir = fourrow_cases("test-missing");
    let missing = "./no-such-solution-here";
    referee()
        .args(["test", "fourrow"])
        .arg(&dir)
        .args(["--", missing])
        .assert()
        .code(4)
        .stdout("0 passed, 0 failed\n")
        .stderr(predicate::str::starts_with(format!(
            "referee: cannot run `{}`: ",
            missing
        )));
    referee()
        .args(["stress", "fourrow", "--", missing])
        .assert()
        .code(4)
        .stdout("0 passed, 0 failed\n")
        .stderr(predicate::str::contains(format!(
            "referee: cannot run `{}`: ",
            missing
        )));
}

#[test]
fn test_exits_3_for_a_folder_that_is_missing_or_empty_after_its_summary() {
    referee()
        .args(["test", "fourrow", "no/such/folder"])
        .assert()
        .code(3)
        .stdout("0 passed, 0 failed\n")
        .stderr(predicate::str::starts_with("referee: no/such/folder: "));
    let dir = scratch("test-empty");
    referee()
        .args(["test", "fourrow"])
        .arg(&dir)
        .assert()
        .code(3)
        .stdout("0 passed, 0 failed\n")
        .stderr(predicate::str::contains("no `*.in` files"));
}
