//! What `referee stress` shows of a failing solver's output: odd bytes
//! spelled out, a missing final newline said, and output past what is
//! kept counted as such, through the built binary.

mod common;

use common::{referee_path, stress_failure};

#[test]
fn stress_shows_what_the_solver_wrote_with_odd_bytes_spelled_out() {
    // The referee's answer with CR LF line ends and an escape sequence.
    let script = format!(
        "printf '\\033[2J'; {} fourrow | sed 's/$/\\r/'",
        referee_path()
    );
    let (stdout, _) = stress_failure(
        "fourrow",
        "stress-odd-bytes",
        &["sh", "-c", &script],
        &["--inputs", "1"],
    );
    assert!(
        !stdout.contains('\x1b') && !stdout.contains('\r'),
        "{}",
        stdout
    );
    assert!(
        stdout.contains("solver's output:\n    \\x1b[2JGame #1 "),
        "{}",
        stdout
    );
    assert!(stdout.contains(".\\r\n"), "{}", stdout);
}

#[test]
fn stress_says_when_the_solvers_output_has_no_final_newline() {
    let script = format!("{} fourrow | head -c -1", referee_path());
    let (stdout, _) = stress_failure(
        "fourrow",
        "stress-no-newline",
        &["sh", "-c", &script],
        &["--inputs", "1"],
    );
    let solvers = &stdout[stdout.find("solver's output").unwrap()..];
    assert!(
        solvers.contains("\n    (no newline at the end)\n"),
        "{}",
        stdout
    );
    let expected =
        &stdout[stdout.find("expected output").unwrap()..stdout.find("solver's").unwrap()];
    assert!(!expected.contains("(no newline"), "{}", stdout);
}

/// A flood is cut at the output limit: the lines not kept are not
/// counted as if they were all (it said "619 more lines" of millions).
#[test]
fn stress_counts_a_flood_it_cut_as_at_least() {
    let (stdout, shrunk) = stress_failure(
        "fourrow",
        "stress-flood",
        &["sh", "-c", "exec yes"],
        &["--inputs", "1"],
    );
    assert_eq!(shrunk, "1\nGame #1: \n");
    assert!(stdout.contains("solver's output:\n    y\n"), "{}", stdout);
    assert!(stdout.contains("    ... (at least "), "{}", stdout);
    assert!(stdout.contains("output limit exceeded"), "{}", stdout);
    // Just as much more as is kept: all of it was seen, and counted.
    let line = "x".repeat(255);
    let script = format!(
        "cat >/dev/null; echo 'Game #1 is not over, yet.'; yes {} | head -n 256",
        line
    );
    let (stdout, shrunk) = stress_failure(
        "fourrow",
        "stress-all-kept",
        &["sh", "-c", &script],
        &["--inputs", "1"],
    );
    assert_eq!(shrunk, "1\nGame #1: \n");
    assert!(stdout.contains(" more lines)\n"), "{}", stdout);
    assert!(!stdout.contains("at least"), "{}", stdout);
    // A line cut where no more is kept goes on: its last space is not
    // shown as trailing.
    let script = format!(
        "cat >/dev/null; echo 'Game #1 is not over, yet.'; printf '{}\\nx yyyyyyyy\\n'",
        "z".repeat(65_533)
    );
    let (stdout, _) = stress_failure(
        "fourrow",
        "stress-cut-line",
        &["sh", "-c", &script],
        &["--inputs", "1"],
    );
    assert!(
        stdout.contains("\n    x \n    ... (and more, not kept)\n"),
        "{}",
        stdout
    );
    // Far more than expected, within the limit: counted as at least too.
    let (stdout, _) = stress_failure(
        "fourrow",
        "stress-many-lines",
        &["sh", "-c", "cat >/dev/null; yes | head -n 100000"],
        &["--inputs", "1"],
    );
    assert!(stdout.contains("    ... (at least "), "{}", stdout);
    // The right first line, then a flood: nothing expected from line 2.
    let (stdout, _) = stress_failure(
        "fourrow",
        "stress-right-then-flood",
        &[
            "sh",
            "-c",
            "cat >/dev/null; yes 'Game #1 is not over, yet.'",
        ],
        &["--inputs", "1"],
    );
    assert!(
        stdout.contains("expected output from line 2: none\n"),
        "{}",
        stdout
    );
}
