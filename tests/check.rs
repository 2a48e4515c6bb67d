//! `referee check` as testlib's and online-judge-tools' judges call it,
//! through the built binary: INPUT OUTPUT [ANSWER], files that do not
//! end, and a closed stdout, which keeps the verdict.

mod common;

use predicates::prelude::*;
use std::fs;
use std::path::PathBuf;

use common::{fourrow_inputs, referee, text, with_stdout_closed};

fn scratch(name: &str) -> PathBuf {
    common::scratch("check", name)
}

/// An ANSWER far longer than any answer for INPUT is no answer: read only
/// so far, so that one without an end (`/dev/zero`) ends too.
#[cfg(unix)]
#[test]
fn check_refuses_an_answer_without_an_end() {
    let dir = fourrow_inputs("check", "endless-answer", 1);
    let input = dir.join("0.in");
    fs::write(dir.join("0.out"), "Game #1 is not over, yet.\n").unwrap();
    let out = referee()
        .arg("check")
        .arg("fourrow")
        .arg(&input)
        .arg(dir.join("0.out"))
        .arg("/dev/zero")
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    assert!(
        text(&out.stderr).starts_with("referee: /dev/zero: more than 16777216 bytes longer than"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn check_compares_with_answer_when_given_as_judges_call_it() {
    let dir = scratch("check-answer");
    fs::write(dir.join("a.in"), "1\nGame #1: 1\n").unwrap();
    fs::write(dir.join("a.out"), "mine\n").unwrap();
    fs::write(dir.join("a.ans"), "mine\n").unwrap();
    fs::write(dir.join("b.ans"), "theirs\n").unwrap();
    let check = |files: &[&str]| {
        let mut command = referee();
        command
            .current_dir(&dir)
            .args(["check", "fourrow"])
            .args(files);
        command.assert()
    };
    check(&["a.in", "a.out", "a.ans"])
        .code(0)
        .stdout("accepted\n");
    check(&["a.in", "a.out", "b.ans"])
        .code(1)
        .stdout("wrong answer\n")
        .stderr("referee: a.out:1:1: expected `theirs\\n`, found `mine\\n`\n");
    // Without ANSWER, the referee's own answer.
    check(&["a.in", "a.out"]).code(1);
    check(&["a.in", "a.out", "missing.ans"])
        .code(3)
        .stderr(predicate::str::starts_with("referee: missing.ans: "));
    check(&["a.in", "missing.out"])
        .code(3)
        .stderr(predicate::str::starts_with("referee: missing.out: "));
    check(&["a.in", "-", "-"]).code(2);
}

#[test]
fn check_ends_on_an_input_or_output_that_does_not_end() {
    let dir = scratch("check-open");
    let (input, output) = (dir.join("a.in"), dir.join("a.out"));
    fs::write(&input, "1\nGame #1: 1\n").unwrap();
    fs::write(&output, "Game #1 is not over, yet.\n").unwrap();
    let (input, output) = (input.display().to_string(), output.display().to_string());
    let (code, _, err) = common::ends_on_open_input(
        &["check", "fourrow", "-", &output],
        b"1\nGame #1: 8\n".to_vec(),
    );
    assert_eq!(code, Some(3));
    assert_eq!(
        err,
        "referee: <stdin>:2:10: expected a slot digit 1-7 or a header `Game #n:`, found `8`\n"
    );
    // An output that goes on past the answer is read only so far.
    let endless = b"Game #1 is not over, yet.\n".repeat(50_000);
    let (code, out, err) = common::ends_on_open_input(&["check", "fourrow", &input, "-"], endless);
    assert_eq!((code, out.as_str()), (Some(1), "wrong answer\n"));
    assert_eq!(
        err,
        "referee: <stdin>:2:1: expected end of output, found `Game #1 is not over, yet.\\n` \
         (extra output after the end)\n"
    );
}

#[test]
fn check_keeps_its_verdict_when_stdout_is_closed() {
    let dir = scratch("check-closed");
    fs::write(dir.join("a.in"), "1\nGame #1: 1\n").unwrap();
    fs::write(dir.join("a.out"), "wrong\n").unwrap();
    let status = with_stdout_closed(&["check", "fourrow", "a.in", "a.out"], &dir);
    assert_eq!(status.code(), Some(1));
}
