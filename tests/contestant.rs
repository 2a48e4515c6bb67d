//! `test` and `stress` as contestants and CI use them, through the built
//! binary (the processes they start: `processes.rs`; `check`: `check.rs`):
//! a closed stdout keeps the verdict, the project's fixture folders as a
//! regression run, and `test`'s reports (`-v`, the slowest case,
//! `--junit`, `--ignore-space`). Their statuses and command lines:
//! `contestant_statuses.rs`; `--junit` and `--out` under `/dev`, and the
//! report of a run stopped early: `reports.rs`.

mod common;

use std::fs;
use std::path::{Path, PathBuf};

use common::{referee, referee_path, text, with_stdout_closed};

fn scratch(name: &str) -> PathBuf {
    common::scratch("contestant", name)
}

/// A folder with `count` four-in-a-row inputs of one game each.
fn fourrow_inputs(name: &str, count: usize) -> PathBuf {
    common::fourrow_inputs("contestant", name, count)
}

// ------------------------------------------------------------ closed pipe

#[test]
fn a_closed_stdout_keeps_the_verdict_and_out_is_still_written() {
    let dir = scratch("closed-pipe");
    let blind = common::wrong("fourrow");
    let status = with_stdout_closed(
        &[
            "stress",
            "fourrow",
            "--seed",
            "1",
            "--out",
            "x.in",
            "--",
            &blind,
            "top-diagonals",
        ],
        &dir,
    );
    assert_eq!(status.code(), Some(1));
    assert!(fs::read_to_string(dir.join("x.in"))
        .unwrap()
        .starts_with("1\n"));
    let cases = fourrow_inputs("closed-pipe-test", 4);
    let cases = cases.display().to_string();
    let crash = ["test", "fourrow", &cases, "--", &blind, "crash-on-empty"];
    assert_eq!(with_stdout_closed(&crash, &dir).code(), Some(0));
    fs::write(Path::new(&cases).join("0.in"), "1\nGame #1: \n").unwrap();
    assert_eq!(with_stdout_closed(&crash, &dir).code(), Some(1));
}

// ------------------------------------------------------------ test

/// Runs `referee ARGS` in the package's folder; returns status and stdout.
fn in_package(args: &[&str]) -> (Option<i32>, String, String) {
    let output = referee()
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .output()
        .unwrap();
    let (out, err) = (text(&output.stdout), text(&output.stderr));
    (output.status.code(), out, err)
}

#[test]
fn test_passes_on_every_fixture_folder_of_its_problem() {
    for folder in common::fixture_dirs() {
        let problem = folder.split('-').next().unwrap();
        if !["snooker", "fourrow", "rating"].contains(&problem) {
            continue;
        }
        let dir = format!("fixtures/{}", folder);
        let (code, out, err) = in_package(&["test", problem, &dir]);
        let count = common::cases(&folder).len();
        assert_eq!(code, Some(0), "{}:\n{}{}", dir, out, err);
        assert!(
            out.ends_with(&format!("\n{} passed, 0 failed\n", count)),
            "{}:\n{}",
            dir,
            out
        );
    }
}

#[test]
fn test_counts_cases_it_cannot_use_as_broken_never_as_passed() {
    use std::os::unix::fs::symlink;
    let dir = scratch("test-broken");
    fs::write(dir.join("a.in"), "1\nGame #1: 1\n").unwrap();
    let run = |args: &[&str]| {
        let output = referee().current_dir(&dir).args(args).output().unwrap();
        (
            output.status.code(),
            text(&output.stdout),
            text(&output.stderr),
        )
    };
    let solution = ["--", &referee_path(), "fourrow"];
    let test_with = |extra: &[&str]| {
        let mut args = vec!["test", "fourrow", "."];
        args.extend_from_slice(extra);
        run(&args)
    };
    assert_eq!(test_with(&solution).0, Some(0));
    // An input that links to nothing is a case, and broken.
    symlink(dir.join("gone.in"), dir.join("b.in")).unwrap();
    let (code, out, err) = test_with(&solution);
    assert_eq!(code, Some(3), "{}", out);
    assert!(out.contains("b.in: cannot read"), "{}", out);
    // Standard error says it too, as other commands say a file they
    // cannot use.
    assert!(err.starts_with("referee: ./b.in: "), "{}", err);
    assert!(out.ends_with("1 passed, 1 failed\n"), "{}", out);
    fs::remove_file(dir.join("b.in")).unwrap();
    // So is an answer beside an input that is a folder.
    fs::create_dir(dir.join("a.out")).unwrap();
    let (code, out, _) = test_with(&solution);
    assert_eq!(code, Some(3), "{}", out);
    assert!(out.contains("a.in: cannot read"), "{}", out);
    fs::remove_dir(dir.join("a.out")).unwrap();
    // A fifo or a device is no file: it could keep the run waiting for good.
    let made = std::process::Command::new("mkfifo")
        .arg(dir.join("c.in"))
        .status();
    assert!(made.unwrap().success());
    symlink("/dev/zero", dir.join("a.out")).unwrap();
    let (code, out, _) = test_with(&solution);
    assert_eq!(code, Some(3), "{}", out);
    assert!(out.contains("a.in: cannot read "), "{}", out);
    assert!(out.contains("c.in: cannot read "), "{}", out);
    assert!(out.ends_with("0 passed, 2 failed\n"), "{}", out);
    fs::remove_file(dir.join("c.in")).unwrap();
    fs::remove_file(dir.join("a.out")).unwrap();
    // An input the referee refuses is broken though an answer is beside it,
    // with a program or without.
    fs::write(dir.join("a.in"), "1\nGame #1: 8\n").unwrap();
    fs::write(dir.join("a.out"), "Game #1 is invalid.\n").unwrap();
    for extra in [&solution[..], &[]] {
        let (code, out, err) = test_with(extra);
        assert_eq!(code, Some(3), "{}", out);
        assert!(out.starts_with("a.in: invalid input: 2:10: "), "{}", out);
        assert!(
            err.starts_with("referee: ./a.in:2:10: expected "),
            "{}",
            err
        );
    }
    // A folder of the referee's own cases only tests nothing with a CMD.
    let own = dir.join("own");
    fs::create_dir(&own).unwrap();
    fs::write(own.join("x.in"), "1\nGame #1: 1\n").unwrap();
    fs::write(own.join("x.args"), "--strict\n").unwrap();
    let (code, out, _) = run(&["test", "fourrow", "own", "--", "cat"]);
    assert_eq!((code, out.as_str()), (Some(3), "0 passed, 0 failed\n"));
    fs::remove_dir_all(&own).unwrap();
    // An answer file given alone is no case: it would be its own answer.
    let (code, _, err) = run(&["test", "fourrow", "a.out", "--", "cat"]);
    assert_eq!(code, Some(3));
    assert_eq!(
        err,
        "referee: a.out: expected a folder of cases or one `.in` file\n"
    );
    // A folder that cannot be read is named itself.
    let locked = dir.join("locked");
    fs::create_dir(&locked).unwrap();
    fs::write(dir.join("a.in"), "1\nGame #1: 1\n").unwrap();
    fs::remove_file(dir.join("a.out")).unwrap();
    let mode = |m| fs::set_permissions(&locked, std::os::unix::fs::PermissionsExt::from_mode(m));
    mode(0o000).unwrap();
    // (As root the folder is still read: nothing to see then.)
    if fs::read_dir(&locked).is_err() {
        let (code, _, err) = test_with(&solution);
        assert_eq!(code, Some(3));
        assert!(err.starts_with("referee: ./locked: "), "{}", err);
    }
    mode(0o755).unwrap();
}

#[test]
fn test_walks_only_into_the_folders_of_its_problem() {
    let fourrow_cases: usize = ["fourrow", "fourrow-errors", "fourrow-strict"]
        .iter()
        .map(|f| common::cases(f).len())
        .sum();
    let (code, out, _) = in_package(&["test", "fourrow", "fixtures"]);
    assert_eq!(code, Some(0), "{}", out);
    assert!(
        out.ends_with(&format!("\n{} passed, 0 failed\n", fourrow_cases)),
        "{}",
        out
    );
    // A solution is not held to the referee's own messages: the cases
    // with `.args` or `.err` are skipped, and said to be.
    let itself = referee_path();
    let (code, out, err) = in_package(&["test", "fourrow", "fixtures", "--", &itself, "fourrow"]);
    let plain = common::cases("fourrow").len();
    assert_eq!(code, Some(0), "{}{}", out, err);
    assert!(
        out.ends_with(&format!("\n{} passed, 0 failed\n", plain)),
        "{}",
        out
    );
    assert!(err.contains("skipped"), "{}", err);
}

#[cfg(unix)]
#[test]
fn the_command_after_the_dashes_is_passed_on_in_any_bytes() {
    use std::os::unix::ffi::OsStrExt;
    let dir = fourrow_inputs("command-bytes", 1);
    // The solution answers only if its argument came through unchanged.
    let script = format!(
        "[ \"$0\" = \"$(printf 'x\\377')\" ] && exec '{}' fourrow",
        referee_path()
    );
    let out = referee()
        .args(["test", "fourrow"])
        .arg(&dir)
        .args(["--", "sh", "-c", &script])
        .arg(std::ffi::OsStr::from_bytes(b"x\xff"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
    assert!(text(&out.stdout).ends_with("1 passed, 0 failed\n"));
}

#[test]
fn one_skipped_case_is_said_as_one() {
    let dir = fourrow_inputs("one-skipped", 2);
    fs::write(dir.join("1.args"), "--strict\n").unwrap();
    let dir = dir.display().to_string();
    let itself = referee_path();
    let (code, out, err) = in_package(&["test", "fourrow", &dir, "--", &itself, "fourrow"]);
    assert_eq!(code, Some(0), "{}{}", out, err);
    assert!(out.ends_with("\n1 passed, 0 failed\n"), "{}", out);
    assert!(err.contains("skipped 1 case with `.args`"), "{}", err);
}

#[test]
fn a_skipped_case_has_its_line_with_v_and_its_testcase_in_the_report() {
    let dir = fourrow_inputs("skipped-reported", 2);
    fs::write(dir.join("1.args"), "--strict\n").unwrap();
    let report = dir.join("report.xml").display().to_string();
    let dir = dir.display().to_string();
    let itself = referee_path();
    let args = [
        "test", "fourrow", &dir, "-v", "--junit", &report, "--", &itself, "fourrow",
    ];
    let (code, out, err) = in_package(&args);
    assert_eq!(code, Some(0), "{}{}", out, err);
    let skipped = out
        .lines()
        .filter(|line| line.contains(": skipped ("))
        .count();
    assert_eq!(skipped, 1, "{}", out);
    let xml = fs::read_to_string(&report).unwrap();
    assert!(
        xml.contains("tests=\"2\" failures=\"0\" errors=\"0\" skipped=\"1\""),
        "{}",
        xml
    );
    assert_eq!(xml.matches("<skipped message=").count(), 1, "{}", xml);
}

#[test]
fn test_verbose_times_every_case_and_the_slowest_is_always_shown() {
    let dir = fourrow_inputs("verbose", 3);
    let dir = dir.display().to_string();
    let (code, out, _) = in_package(&["test", "fourrow", &dir, "-v"]);
    assert_eq!(code, Some(0));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "{}", out);
    for (i, line) in lines[..3].iter().enumerate() {
        let (name, verdict) = line.split_once("): ").unwrap();
        assert!(name.starts_with(&format!("{}.in (", i)), "{}", line);
        assert!(name.ends_with('s'), "{}", line);
        assert_eq!(verdict, "accepted");
    }
    assert!(lines[3].starts_with("slowest: "), "{}", out);
    assert_eq!(lines[4], "3 passed, 0 failed");
    let (_, quiet, _) = in_package(&["test", "fourrow", &dir]);
    assert!(quiet.starts_with("slowest: "), "{}", quiet);
}

#[test]
fn test_writes_a_junit_report() {
    let dir = scratch("junit");
    fs::write(dir.join("good.in"), "1\nGame #1: 1\n").unwrap();
    fs::write(dir.join("bad.in"), "1\nGame #1: 1\n").unwrap();
    fs::write(dir.join("bad.out"), "something else\n").unwrap();
    let report = dir.join("report.xml");
    let with_report = |report: &Path| {
        referee()
            .args(["test", "fourrow"])
            .arg(&dir)
            .arg("--junit")
            .arg(report)
            .output()
            .unwrap()
    };
    assert_eq!(with_report(&report).status.code(), Some(1));
    let xml = fs::read_to_string(&report).unwrap();
    assert!(xml.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n"));
    assert!(xml.contains("tests=\"2\" failures=\"1\""), "{}", xml);
    assert!(xml.contains("<testcase classname=\"fourrow\" name=\"good.in\" time=\""));
    assert!(
        xml.contains("<failure type=\"wrong answer\" message=\"wrong answer: 1:1: expected `something else\\n`"),
        "{}",
        xml
    );

    // An earlier report is written over; any other file is not, and that
    // is said before the run.
    fs::remove_file(dir.join("bad.out")).unwrap();
    assert_eq!(with_report(&report).status.code(), Some(0));
    let xml = fs::read_to_string(&report).unwrap();
    assert!(xml.contains("tests=\"2\" failures=\"0\""), "{}", xml);
    let theirs = dir.join("good.in");
    let out = with_report(&theirs);
    assert_eq!(out.status.code(), Some(3));
    assert_eq!(text(&out.stdout), "0 passed, 0 failed\n");
    assert!(text(&out.stderr).contains("good.in: there already, and no report"));
    assert_eq!(fs::read_to_string(&theirs).unwrap(), "1\nGame #1: 1\n");

    // Nor over an empty file: it may be an expected empty answer.
    let empty = dir.join("empty.txt");
    fs::write(&empty, "").unwrap();
    let out = with_report(&empty);
    assert_eq!(out.status.code(), Some(3));
    assert_eq!(fs::read(&empty).unwrap(), b"");

    // A report with no folder to go in is said before the run too.
    let missing = dir.join("missing");
    let out = with_report(&missing.join("report.xml"));
    assert_eq!(out.status.code(), Some(3));
    assert_eq!(text(&out.stdout), "0 passed, 0 failed\n");
    let said = format!(
        "referee: {}: no folder {} to write it in\n",
        missing.join("report.xml").display(),
        missing.display()
    );
    assert_eq!(text(&out.stderr), said);
}

#[test]
fn ignore_space_forgives_no_text_after_more_blank_lines_than_are_kept() {
    let dir = fourrow_inputs("blanks-then-text", 1);
    // The referee's answer, 70,000 blank lines (past the 64 KiB of output
    // kept beyond the expected), then a word.
    let blanks = format!(
        "'{}' fourrow; head -c 70000 /dev/zero | tr '\\0' '\\n'",
        referee_path()
    );
    let run = |script: &str| {
        referee()
            .args(["test", "fourrow", "--ignore-space"])
            .arg(&dir)
            .args(["--", "sh", "-c", script])
            .output()
            .unwrap()
    };
    let forgiven = run(&blanks);
    assert_eq!(
        forgiven.status.code(),
        Some(0),
        "{}",
        text(&forgiven.stdout)
    );
    let wrong = run(&format!("{}; echo garbage", blanks));
    assert_eq!(wrong.status.code(), Some(1), "{}", text(&wrong.stdout));
    assert!(
        text(&wrong.stdout)
            .contains("expected end of output, found `\\n` (extra output after the end)\n"),
        "{}",
        text(&wrong.stdout)
    );
}

#[test]
fn ignore_space_forgives_more_blanks_than_the_room_kept_for_a_difference() {
    let dir = scratch("many-line-ends");
    let games: String = (1..=40_000).map(|n| format!("Game #{}: 1\n", n)).collect();
    fs::write(dir.join("many.in"), format!("40000\n{}", games)).unwrap();
    // A blank and a CR at each of 40,000 line ends: 80,000 bytes more
    // than the answer, past the 64 KiB kept for a difference.
    let script = format!("'{}' fourrow | sed 's/$/ \\r/'", referee_path());
    let out = referee()
        .args(["test", "fourrow", "--ignore-space"])
        .arg(&dir)
        .args(["--", "sh", "-c", &script])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
}

#[test]
fn ignore_space_forgives_trailing_blanks_and_crlf_only_when_asked() {
    let dir = fourrow_inputs("ignore-space", 2);
    // The referee's answer with a blank and a CR at each line end.
    let script = format!("'{}' fourrow | sed 's/$/ \\r/'", referee_path());
    let run = |extra: &[&str]| {
        referee()
            .args(["test", "fourrow"])
            .arg(&dir)
            .args(extra)
            .args(["--", "sh", "-c", &script])
            .output()
            .unwrap()
    };
    let exact = run(&[]);
    assert_eq!(exact.status.code(), Some(1));
    assert!(text(&exact.stdout).contains("only whitespace differs"));
    let lenient = run(&["--ignore-space"]);
    assert_eq!(lenient.status.code(), Some(0), "{}", text(&lenient.stdout));
}
