//! Hostile inputs and outputs through the built binary (issue #13): what
//! a fuzzing campaign found, each a case that failed before its fix.

use assert_cmd::Command;
use predicates::prelude::*;

fn referee() -> Command {
    Command::cargo_bin("referee").unwrap()
}

/// A file in the tests' scratch folder, written with `bytes`.
fn scratch(name: &str, bytes: &[u8]) -> std::path::PathBuf {
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

/// A 70,000-byte player name: the scoreboard pads its columns by hand, so
/// no width is too wide (it panicked on names of 65,536 bytes or more).
#[test]
fn the_scoreboard_takes_names_of_any_length() {
    let name = "N".repeat(70_000);
    let input = format!("1\n\n{} Bob\nRed\nNone\n", name);
    for args in [&["scoreboard"][..], &["scoreboard", "--tsv"]] {
        referee()
            .args(args)
            .write_stdin(input.clone())
            .assert()
            .code(1)
            .stdout(predicate::str::contains(name.as_str()))
            .stderr(predicate::str::contains("frame 1 is not over"));
    }
}

/// A line over the limit is refused wherever it sits, also after a line of
/// exactly the limit has grown the buffer, and from a file as from a pipe
/// (a file once let it through).
#[test]
fn a_line_over_the_limit_is_refused_from_a_file_and_from_a_pipe() {
    let limit = 1 << 20;
    let mut input = b"1\n2 1\n".to_vec();
    // Line 3 is exactly the limit long, line 4 one byte over it.
    input.extend(std::iter::repeat_n(b'a', limit - 5));
    input.extend_from_slice(b" 1.00\n");
    input.extend(std::iter::repeat_n(b'b', limit - 4));
    input.extend_from_slice(b" 2.00\nx y won 1 1\n");
    let path = scratch("long-lines.in", &input);
    let message = "4:1048577: line too long: expected at most 1048576 bytes, found more";
    referee()
        .arg("rating")
        .arg(&path)
        .assert()
        .code(1)
        .stderr(predicate::str::contains(message));
    referee()
        .arg("rating")
        .write_stdin(input)
        .assert()
        .code(1)
        .stderr(format!("referee: <stdin>:{}\n", message));
}

/// Millions of blank lines are skipped at about the speed of reading them
/// (each once took the slow path), and still counted: the error after
/// them is at the right line. LF and CR LF alike.
#[test]
fn blank_lines_in_millions_are_counted() {
    for blank in [&b"\n"[..], b"\r\n", b" \t\n"] {
        let mut input = b"3\n".to_vec();
        for _ in 0..2_000_000 {
            input.extend_from_slice(blank);
        }
        input.extend_from_slice(b"Game #1: 1\n");
        referee()
            .arg("fourrow")
            .write_stdin(input)
            .assert()
            .code(1)
            .stdout("Game #1 is not over, yet.\n")
            .stderr("referee: <stdin>:2000003:1: expected game 2 of 3 (a header `Game #n:`), found end of input\n");
    }
}

/// A closed standard input reads as empty, and a closed standard error
/// loses the messages but not the output or the status: std's start-up
/// holds closed standard descriptors with `/dev/null`, so the input file
/// never takes their place.
#[cfg(unix)]
#[test]
fn closed_standard_input_and_error_are_held_empty() {
    let fixture = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/snooker/sample.in");
    let bin = assert_cmd::cargo::cargo_bin("referee");
    let run = |redirections: &str| {
        std::process::Command::new("sh")
            .arg("-c")
            .arg(format!("'{}' snooker {}", bin.display(), redirections))
            .output()
            .unwrap()
    };
    let empty = run("<&-");
    assert_eq!(empty.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&empty.stderr),
        "referee: <stdin>:1:1: expected the number of frames, found end of input\n"
    );
    let quiet = run(&format!("'{}' <&- 2>&-", fixture));
    assert_eq!(quiet.status.code(), Some(0));
    let expected = fixture.replace(".in", ".out");
    assert_eq!(quiet.stdout, std::fs::read(expected).unwrap());
    let lost = run("<&- 2>&-");
    assert_eq!((lost.status.code(), lost.stdout.len()), (Some(1), 0));
}

/// `/dev/null` opened for writing, as a shell's `>/dev/null` does, is an
/// output like any other, not a closed one.
#[cfg(unix)]
#[test]
fn dev_null_is_not_a_closed_standard_output() {
    let null = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/null")
        .unwrap();
    let fixture = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/snooker/sample.in");
    let output = std::process::Command::new(assert_cmd::cargo::cargo_bin("referee"))
        .args(["snooker", fixture])
        .stdout(null)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
}

/// A full disk is the output's error, named `<stdout>` (it once named the
/// input file).
#[cfg(target_os = "linux")]
#[test]
fn a_full_disk_is_the_outputs_error() {
    let on_a_full_disk = |file: &std::path::Path| {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let output = std::process::Command::new(assert_cmd::cargo::cargo_bin("referee"))
            .arg("snooker")
            .arg(file)
            .stdout(full)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(1));
        assert_eq!(
            String::from_utf8_lossy(&output.stderr),
            "referee: <stdout>: No space left on device (os error 28)\n"
        );
    };
    on_a_full_disk(std::path::Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/snooker/sample.in"
    )));
    // Also when the input goes wrong after output that was never written:
    // the output's error is said, not the input's.
    on_a_full_disk(&scratch(
        "bad-after-a-stroke.in",
        b"1\n\nA B\nRed Red\nzz\n",
    ));
}

/// A standard error that cannot be written loses the messages and
/// nothing else: no panic, the same exit status, `--out` still written
/// (each of these once exited 101).
#[cfg(target_os = "linux")]
#[test]
fn a_full_standard_error_changes_no_status() {
    let full = || {
        std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap()
    };
    let run = |args: &[&str], stdin: &str| {
        let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("referee"))
            .args(args)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::null())
            .stderr(full())
            .spawn()
            .unwrap();
        use std::io::Write;
        let mut stdin_pipe = child.stdin.take().unwrap();
        stdin_pipe.write_all(stdin.as_bytes()).unwrap();
        drop(stdin_pipe);
        child.wait().unwrap().code()
    };
    let sample = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/fourrow/sample.in");
    let wrong = scratch("wrong-answer.out", b"Game #1 is invalid.\n");
    let wrong = wrong.to_str().unwrap();
    assert_eq!(run(&["fourrow"], "2\nGame #1: 8\n"), Some(1));
    assert_eq!(run(&["check", "fourrow", sample, wrong], ""), Some(1));
    assert_eq!(
        run(&["check", "fourrow", "no-such-input", wrong], ""),
        Some(3)
    );
    assert_eq!(run(&["test", "fourrow", "no-such-folder"], ""), Some(3));
    let out = scratch("stress-with-full-stderr.in", b"");
    std::fs::remove_file(&out).unwrap();
    let status = run(
        &[
            "stress",
            "fourrow",
            "--inputs",
            "5",
            "--out",
            out.to_str().unwrap(),
            "--",
            "sh",
            "-c",
            "echo nonsense",
        ],
        "",
    );
    assert_eq!(status, Some(1));
    assert!(out.exists(), "the failing input is kept");
}

/// A file named on the command line with a line end or an escape in its
/// name is named on one line, its control characters spelled out.
#[test]
fn file_names_in_messages_keep_to_one_line() {
    for args in [
        &["fourrow", "no\nsuch"][..],
        &["check", "fourrow", "no\nsuch", "x"],
        &["test", "fourrow", "no\nsuch"],
    ] {
        let out = referee().args(args).output().unwrap();
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(
            said.starts_with("referee: no\\nsuch: "),
            "{:?}: {}",
            args,
            said
        );
        assert_eq!(said.lines().count(), 1, "{:?}: {}", args, said);
    }
}

/// A byte-order mark at the start is skipped by the tolerant reading and
/// refused by `--strict` (it once failed at 1:1 with an invisible
/// character in the message).
#[test]
fn a_byte_order_mark_is_skipped_or_refused() {
    let input = "\u{feff}1\nGame #1: 1234\n";
    referee()
        .arg("fourrow")
        .write_stdin(input)
        .assert()
        .success()
        .stdout("Game #1 is not over, yet.\n");
    referee()
        .args(["fourrow", "--strict"])
        .write_stdin(input)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("1:1: expected the input to start"));
}
