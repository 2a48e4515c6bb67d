//! The files `test --junit` and `stress --out` write, through the built
//! binary: a path under `/dev` keeps what was printed before it and the
//! summary stays the last line, and a `test` run that stops early leaves
//! a report in error rather than an earlier one that passed. Which files
//! they refuse: `contestant.rs` and `stress.rs`.

mod common;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;

use common::{referee, text};

fn scratch(name: &str) -> PathBuf {
    common::scratch("reports", name)
}

/// A folder of two four-in-a-row cases, `bad.in` with a wrong answer
/// beside it: a run of the referee over it fails one.
fn one_good_one_bad(name: &str) -> PathBuf {
    let dir = scratch(name);
    fs::write(dir.join("good.in"), "1\nGame #1: 1\n").unwrap();
    fs::write(dir.join("bad.in"), "1\nGame #1: 1\n").unwrap();
    fs::write(dir.join("bad.out"), "something else\n").unwrap();
    dir
}

/// Runs `referee ARGS` in `dir` with its standard output the file
/// `out.txt`, opened as the shell's `>` opens it (truncated, not for
/// appending); returns the status and what the file holds.
#[cfg(unix)]
fn into_file(dir: &Path, args: &[&str]) -> (Option<i32>, String) {
    let out = dir.join("out.txt");
    let status = std::process::Command::new(common::referee_path())
        .current_dir(dir)
        .args(args)
        .stdout(fs::File::create(&out).unwrap())
        .stderr(std::process::Stdio::null())
        .status()
        .unwrap();
    (status.code(), fs::read_to_string(&out).unwrap())
}

/// The lines of a `test` run with `--junit /dev/stdout` over
/// `one_good_one_bad`: the case's line, the report, the last two lines.
#[cfg(unix)]
fn assert_report_between_lines(printed: &str) {
    assert!(!printed.contains('\0'), "{:?}", printed);
    assert!(
        printed.starts_with("bad.in: wrong answer: 1:1: "),
        "{}",
        printed
    );
    let report = printed.find("<?xml").expect("the report");
    let end = printed.find("</testsuites>\n").expect("the report's end");
    assert!(printed[report..end].contains("tests=\"2\" failures=\"1\""));
    let last: Vec<&str> = printed[end..].lines().skip(1).collect();
    assert_eq!(last.len(), 2, "{}", printed);
    assert!(last[0].starts_with("slowest: "), "{}", printed);
    assert_eq!(last[1], "1 passed, 1 failed");
}

/// `/dev/stdout`, or `-`, which names standard output as it names
/// standard input for the files read; and a closed pipe there stops the
/// printing and keeps the verdict.
#[cfg(unix)]
#[test]
fn a_junit_report_on_standard_output_keeps_the_lines_and_the_summary_last() {
    for stdout in ["/dev/stdout", "-"] {
        let dir = one_good_one_bad("junit-stdout");
        let args = ["test", "fourrow", ".", "--junit", stdout];
        let (code, printed) = into_file(&dir, &args);
        assert_eq!(code, Some(1));
        assert_report_between_lines(&printed);
        assert!(!dir.join("-").exists());
        // Into a pipe too.
        let output = referee().current_dir(&dir).args(args).output().unwrap();
        assert_eq!(output.status.code(), Some(1));
        assert_report_between_lines(&text(&output.stdout));
        assert_eq!(common::with_stdout_closed(&args, &dir).code(), Some(1));
    }
}

#[cfg(unix)]
#[test]
fn stress_out_on_standard_output_keeps_the_lines_and_the_summary_last() {
    for stdout in ["/dev/stdout", "-"] {
        let dir = scratch("out-stdout");
        let args = ["stress", "fourrow", "--seed", "1", "--inputs", "2"];
        let wrong = ["--out", stdout, "--", "echo", "wrong"];
        let args = [&args[..], &wrong].concat();
        let (code, printed) = into_file(&dir, &args);
        assert_eq!(code, Some(1));
        assert!(!printed.contains('\0'), "{:?}", printed);
        assert!(printed.starts_with("input 1 of 2 failed: "), "{}", printed);
        // The input itself, as it is, before the line saying where it went.
        let shrunk = "1\nGame #1: \n";
        let wrote = format!("\n{}wrote <stdout>\n", shrunk);
        assert!(printed.contains(&wrote), "{}", printed);
        // The verdict line names the input "the shrunk input": `<stdout>`
        // would read as the solver's output.
        assert!(
            printed.contains("\nthe shrunk input: wrong answer"),
            "{}",
            printed
        );
        assert!(printed.ends_with("\n0 passed, 1 failed\n"), "{}", printed);
        assert!(!dir.join("-").exists());
        assert_eq!(common::with_stdout_closed(&args, &dir).code(), Some(1));
    }
}

/// Runs `referee test fourrow DIR --junit REPORT` with `command` after
/// `--` when there is one.
fn test_with_report(dir: &Path, report: &Path, command: &[&str]) -> Output {
    let mut run = referee();
    run.args(["test", "fourrow"])
        .arg(dir)
        .arg("--junit")
        .arg(report);
    if !command.is_empty() {
        run.arg("--").args(command);
    }
    run.output().unwrap()
}

/// Asserts that `report` is a whole report of one testcase, `name`, in
/// error with a message that starts with `why`.
fn assert_in_error(report: &Path, name: &str, why: &str) {
    assert_in_error_after_skipped(report, 0, name, why);
}

/// `assert_in_error` for a report whose error comes after `skipped`
/// skipped cases.
fn assert_in_error_after_skipped(report: &Path, skipped: usize, name: &str, why: &str) {
    let xml = fs::read_to_string(report).unwrap();
    let counts = format!(
        "tests=\"{}\" failures=\"0\" errors=\"1\" skipped=\"{}\"",
        skipped + 1,
        skipped
    );
    assert!(xml.contains(&counts), "{}", xml);
    assert_eq!(xml.matches("<testcase ").count(), skipped + 1, "{}", xml);
    assert_eq!(xml.matches("<skipped ").count(), skipped, "{}", xml);
    let case = format!(
        "name=\"{}\" time=\"0.000\">\n      <error message=\"{}",
        name, why
    );
    assert!(xml.contains(&case), "{}", xml);
    assert!(xml.ends_with("</error>\n    </testcase>\n  </testsuite>\n</testsuites>\n"));
}

#[test]
fn a_run_stopped_before_its_cases_writes_a_report_in_error() {
    let cases = one_good_one_bad("stopped");
    let report = cases.join("report.xml");
    fs::remove_file(cases.join("bad.out")).unwrap();
    let passed = test_with_report(&cases, &report, &[]);
    assert_eq!(passed.status.code(), Some(0));
    assert!(fs::read_to_string(&report)
        .unwrap()
        .contains("errors=\"0\""));

    // No input in DIR, no DIR: status 3, said as on stderr.
    let empty = scratch("stopped-empty");
    let out = test_with_report(&empty, &report, &[]);
    assert_eq!(out.status.code(), Some(3));
    assert_eq!(text(&out.stdout), "0 passed, 0 failed\n");
    let name = empty.display().to_string();
    let why = format!("{}: no `*.in` files to test", name);
    assert_in_error(&report, &name, &why);
    let missing = empty.join("missing");
    let out = test_with_report(&missing, &report, &[]);
    assert_eq!(out.status.code(), Some(3));
    let name = missing.display().to_string();
    assert_in_error(&report, &name, &format!("{}: ", name));

    // A CMD that cannot be started: status 4, at the first case.
    let nowhere = empty.join("no-such-program").display().to_string();
    let out = test_with_report(&cases, &report, &[&nowhere]);
    assert_eq!(out.status.code(), Some(4));
    assert_eq!(text(&out.stdout), "0 passed, 0 failed\n");
    assert_in_error(&report, "bad.in", &format!("cannot run `{}`: ", nowhere));

    // Every case one of the referee's own, skipped with a CMD: status 3.
    fs::write(cases.join("good.args"), "--strict\n").unwrap();
    fs::write(cases.join("bad.args"), "--strict\n").unwrap();
    let out = test_with_report(&cases, &report, &["cat"]);
    assert_eq!(out.status.code(), Some(3));
    let why = "skipped 2 cases with `.args` or `.err`: they test the referee itself";
    assert_in_error_after_skipped(&report, 2, &cases.display().to_string(), why);

    // Someone's file is still not written over, stopped or not.
    let theirs = cases.join("good.args");
    let out = test_with_report(&missing, &theirs, &[]);
    assert_eq!(out.status.code(), Some(3));
    assert!(text(&out.stderr).contains("there already, and no report"));
    assert_eq!(fs::read_to_string(&theirs).unwrap(), "--strict\n");
}

/// A path under `/dev` other than our own output, such as the file
/// `/dev/fd/3` leads to, is appended to: what it held is kept.
#[cfg(unix)]
#[test]
fn a_file_behind_dev_fd_keeps_what_it_held() {
    let dir = scratch("dev-fd");
    fs::write(dir.join("keep.txt"), "earlier\n").unwrap();
    let run = format!(
        "'{}' stress fourrow --seed 1 --inputs 2 --out /dev/fd/3 -- echo wrong 3>>keep.txt",
        common::referee_path()
    );
    let status = std::process::Command::new("sh")
        .args(["-c", &run])
        .current_dir(&dir)
        .stdout(std::process::Stdio::null())
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(1));
    let kept = fs::read_to_string(dir.join("keep.txt")).unwrap();
    assert_eq!(kept, "earlier\n1\nGame #1: \n");
}
