//! Unit tests of the judging commands' shared parts.

use super::*;

fn finished(end: End, stdout: &[u8], stderr: &[u8]) -> Run {
    Run {
        end,
        stdout: stdout.to_vec(),
        text_dropped: false,
        stdout_whole: true,
        stderr: stderr.to_vec(),
        time: Duration::ZERO,
    }
}

fn output(stdout: &[u8]) -> Expected<'_> {
    Expected {
        stdout,
        stderr: None,
    }
}

fn verdict(run: &Run, expected: Expected<'_>) -> String {
    judge(run, expected, Duration::from_secs(1), Compare::Exact).to_string()
}

#[test]
fn an_output_that_went_on_with_text_past_what_was_kept_is_never_accepted() {
    // Only an exact comparison keeps part of an output: `--ignore-space`
    // keeps it whole up to the output limit (`tests/contestant.rs`).
    let cut = |stdout: &[u8]| Run {
        text_dropped: true,
        stdout_whole: false,
        ..finished(End::Success, stdout, b"")
    };
    let ignoring_space = |run: &Run| {
        judge(
            run,
            output(b"a\n"),
            Duration::from_secs(1),
            Compare::IgnoreSpace,
        )
        .to_string()
    };
    // Nothing is said of the whitespace of what was not kept.
    assert_eq!(
        verdict(&cut(b"a\n \n"), output(b"a\n")),
        "wrong answer: 2:1: expected end of output, found `␠\\n` (extra output after the end)"
    );
    let blanks_only = Run {
        text_dropped: false,
        stdout_whole: true,
        ..cut(b"a\n \n")
    };
    assert!(verdict(&blanks_only, output(b"a\n")).ends_with("; only whitespace differs)"));
    assert_eq!(ignoring_space(&blanks_only), "accepted");
}

#[test]
fn a_long_line_of_standard_error_is_cut_between_characters() {
    let euros = "€".repeat(3000);
    let run = finished(
        End::Failed("exit status 1".to_string()),
        b"",
        euros.as_bytes(),
    );
    let said = verdict(&run, output(b"a\n"));
    let shown = "€".repeat(66);
    assert_eq!(
        said,
        format!("runtime error: exit status 1; stderr: {}...", shown)
    );
}

#[test]
fn verdicts_read_well() {
    let ok = finished(End::Success, b"a\n", b"");
    assert_eq!(verdict(&ok, output(b"a\n")), "accepted");
    let wrong = finished(End::Success, b"b\n", b"");
    assert_eq!(
        verdict(&wrong, output(b"a\n")),
        "wrong answer: 1:1: expected `a\\n`, found `b\\n`"
    );
    let panicked = finished(
        End::Failed("exit status 101".to_string()),
        b"a\n",
        b"thread 'main' panicked at x.rs:1:1:\nboom\nnote: run with `RUST_BACKTRACE=1` for more\n",
    );
    assert_eq!(
        verdict(&panicked, output(b"a\n")),
        "runtime error: exit status 101; stderr: boom"
    );
    let traced = finished(
        End::Failed("exit status 101".to_string()),
        b"",
        b"thread 'main' panicked at x.rs:1:1:\nboom\nstack backtrace:\n   0: f\n             at x.rs:3\nnote: Some details are omitted, run with `RUST_BACKTRACE=full` for a verbose backtrace.\n",
    );
    assert_eq!(
        verdict(&traced, output(b"a\n")),
        "runtime error: exit status 101; stderr: boom"
    );
    let odd = finished(
        End::Failed("exit status 1".to_string()),
        b"",
        b"first\n  \x1b[31mbad \xff\xe2\x80\xae  \n\n",
    );
    assert_eq!(
        verdict(&odd, output(b"a\n")),
        "runtime error: exit status 1; stderr: \\x1b[31mbad \\xff\\u{202e}"
    );
    let hung = finished(End::TimedOut, b"", b"");
    assert_eq!(
        verdict(&hung, output(b"a\n")),
        "time limit exceeded: killed after 1s"
    );
}

#[test]
fn an_expected_error_needs_status_1_the_output_and_the_message() {
    let expected = Expected {
        stdout: b"a\n",
        stderr: Some(b"referee: x.in:2:1: bad\n"),
    };
    let failed = |stdout: &[u8], stderr: &[u8]| {
        finished(End::Failed("exit status 1".to_string()), stdout, stderr)
    };
    let right = failed(b"a\n", b"referee: x.in:2:1: bad\n");
    assert_eq!(verdict(&right, expected), "accepted");
    let other = failed(b"a\n", b"referee: x.in:2:2: bad\n");
    assert_eq!(
        verdict(&other, expected),
        "wrong error: 1:17: expected `x.in:2:1: bad\\n`, found `x.in:2:2: bad\\n`"
    );
    assert!(verdict(&failed(b"", b""), expected).starts_with("wrong answer: "));
    let passed = finished(End::Success, b"a\n", b"");
    assert_eq!(
        verdict(&passed, expected),
        "wrong error: exit status 0, expected 1"
    );
}

#[test]
fn ignore_space_forgives_only_blanks_at_line_ends_and_the_end() {
    let lenient = |expected: &[u8], found: &[u8]| {
        let run = finished(End::Success, found, b"");
        judge(
            &run,
            output(expected),
            Duration::from_secs(1),
            Compare::IgnoreSpace,
        )
    };
    assert_eq!(lenient(b"a b\nc\n", b"a b  \r\nc"), Verdict::Accepted);
    assert_ne!(lenient(b"a b\n", b"a  b\n"), Verdict::Accepted);
    assert_eq!(lenient(b"a\n", b"a\n\n  \n\r"), Verdict::Accepted);
    // A CR at a line end is forgiven as a blank, before a LF or not;
    // inside a line it is not.
    assert_eq!(lenient(b"a\nb\n", b"a\r \nb\r\r"), Verdict::Accepted);
    assert_ne!(lenient(b"a b\n", b"a\rb\n"), Verdict::Accepted);
    assert_ne!(lenient(b"a\nb\n", b"a\n\nb\n"), Verdict::Accepted);
}

#[test]
fn the_referee_as_a_solution_fails_like_the_binary_on_bad_input() {
    let referee = Solution::Referee {
        problem: Problem::Fourrow,
        strict: false,
        name: "x.in",
    };
    let run = referee
        .run(
            b"1\nGame #1: 8\n",
            0,
            Compare::Exact,
            Duration::from_secs(1),
            &NEVER_DROPPED,
        )
        .unwrap();
    assert_eq!(run.end, End::Failed("exit status 1".to_string()));
    assert!(String::from_utf8_lossy(&run.stderr).starts_with("referee: x.in:2:"));
}

#[cfg(unix)]
#[test]
fn a_file_of_ours_is_written_over_nothing_else_of_anyones() {
    let dir = std::env::temp_dir().join(format!("referee-may-write-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir(&dir).unwrap();
    let ours = |start: &[u8]| start.starts_with(b"ours");
    let at = |name: &str| dir.join(name);
    std::fs::write(at("ours"), "ours, and more").unwrap();
    std::fs::write(at("theirs"), "their work").unwrap();
    std::fs::write(at("empty"), "").unwrap();
    std::os::unix::fs::symlink(at("nowhere"), at("dangling")).unwrap();
    std::os::unix::fs::symlink(at("theirs"), at("to-theirs")).unwrap();
    // A pipe is not opened to be looked at: that would wait for a writer.
    let made = std::process::Command::new("mkfifo")
        .arg(at("fifo"))
        .status();
    for (name, may) in [
        ("absent", true),
        ("ours", true),
        ("empty", false),
        ("theirs", false),
        ("to-theirs", false),
        ("dangling", false),
    ] {
        assert_eq!(may_write_over(&at(name), ours), may, "{}", name);
    }
    assert!(!may_write_over(&dir, ours));
    assert!(may_write_over(Path::new("/dev/null"), ours));
    // Where the shell sends it, even a file it has just made empty.
    assert!(may_write_over(Path::new("/dev/stdout"), ours));
    assert!(may_write_over(Path::new("/dev/fd/3"), ours));
    if made.is_ok_and(|status| status.success()) {
        assert!(may_write_over(&at("fifo"), ours));
    }
    // A name ending in `/` is a folder's, there or not.
    let taken = "taken";
    let folder_name = cannot_write_at(&dir.join("new").join(""), ours, taken);
    assert!(folder_name.is_some_and(|why| why.contains("a folder's name")));
    assert_eq!(
        cannot_write_at(&at("theirs"), ours, taken).as_deref(),
        Some(taken)
    );
    assert_eq!(cannot_write_at(&at("absent"), ours, taken), None);
    std::fs::remove_dir_all(&dir).unwrap();
}
