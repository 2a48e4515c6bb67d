//! The command-line contract (shared/spec/CLI.md) through the built binary:
//! help, version, exit statuses, stdin, errors after flushed output, and a
//! reader closing the pipe early.

mod common;

use assert_cmd::Command;
use predicates::prelude::*;
use std::io::{BufRead, BufReader, Write};
use std::process::Stdio;

fn referee() -> Command {
    Command::cargo_bin("referee").unwrap()
}

#[test]
fn help_and_version_go_to_stdout() {
    referee()
        .arg("--help")
        .assert()
        .success()
        .stdout(predicate::str::contains("referee snooker"))
        .stderr("");
    referee()
        .args(["snooker", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("Usage: referee snooker"));
    referee()
        .arg("--version")
        .assert()
        .success()
        .stdout(format!("referee {}\n", env!("CARGO_PKG_VERSION")));
}

#[test]
fn usage_errors_exit_2_with_a_hint() {
    for args in [
        &["nosuch"][..],
        &[],
        &["snooker", "--bogus"],
        &["gen", "snooker"],
        &["snooker", "a", "b"],
    ] {
        referee()
            .args(args)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains("Try `referee --help`."));
    }
}

#[test]
fn a_missing_file_is_exit_1() {
    referee()
        .args(["rating", "no/such/file.in"])
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::starts_with("referee: no/such/file.in: "));
}

#[test]
fn stdin_by_default_and_by_dash() {
    let input = std::fs::read(common::fixtures_dir().join("fourrow/sample.in")).unwrap();
    let expected =
        std::fs::read_to_string(common::fixtures_dir().join("fourrow/sample.out")).unwrap();
    referee()
        .arg("fourrow")
        .write_stdin(input.clone())
        .assert()
        .success()
        .stdout(expected.clone());
    referee()
        .args(["fourrow", "-"])
        .write_stdin(input)
        .assert()
        .success()
        .stdout(expected);
}

#[test]
fn an_error_on_stdin_is_named_stdin_and_comes_after_the_output_before_it() {
    referee()
        .arg("snooker")
        .write_stdin("1\n\nAnn Bob\nRed\nBlue Purple\n")
        .assert()
        .code(1)
        .stdout("Frame 1\nAnn's turn, in-hand\n0 : 0\nBob's turn\n")
        .stderr("referee: <stdin>:5:6: expected a potted ball name, found `Purple`\n");
}

#[test]
fn a_closed_pipe_ends_the_program_quietly() {
    // About 4 MB of output: far more than the pipe and the output buffer hold.
    let frame = std::fs::read_to_string(common::fixtures_dir().join("snooker/sample.in")).unwrap();
    let frame = frame.split_once('\n').unwrap().1;
    let frames = 6000;
    let mut input = format!("{}\n", frames);
    for _ in 0..frames {
        input.push_str(frame);
    }
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("referee"))
        .arg("snooker")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        // The referee may stop reading early: a failed write is expected.
        let _ = stdin.write_all(input.as_bytes());
    });
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert_eq!(first, "Frame 1\n");
    // The reader is dropped here, closing the pipe like `| head -1`.
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
}

#[test]
fn gen_is_the_same_for_the_same_seed_and_valid() {
    for problem in ["snooker", "fourrow", "rating"] {
        let run = |seed: &str| {
            referee()
                .args(["gen", problem, "--seed", seed, "--cases", "25"])
                .output()
                .unwrap()
        };
        let (a, b, c) = (run("11"), run("11"), run("12"));
        assert!(a.status.success());
        assert_eq!(a.stdout, b.stdout, "{}", problem);
        assert_ne!(a.stdout, c.stdout, "{}", problem);
        assert!(a.stdout.starts_with(b"25\n"), "{}", problem);
        referee()
            .arg(problem)
            .write_stdin(a.stdout)
            .assert()
            .success();
    }
}
