//! `referee stress` when a run of the solution does not repeat: the
//! failing input is run again before it is shrunk. A solution whose
//! answer changes, or that is gone, is not shrunk, or is said to vary.

mod common;

use common::{referee, referee_path, scratch};
use std::fs;

fn stdout_of(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// A solution wrong on every input that is gone after its `runs`th
/// run: stress's stdout and status.
#[cfg(unix)]
fn stress_a_solution_gone_after(runs: u32, name: &str) -> (Option<i32>, String) {
    let dir = scratch("stress", name);
    let script = dir.join("gone.sh");
    let text = format!(
        "#!/bin/sh\nn=$(($(cat count 2>/dev/null || echo 0) + 1))\necho $n > count\n\
         [ $n -ge {} ] && rm -f \"$0\"\necho junk\n",
        runs
    );
    fs::write(&script, text).unwrap();
    let executable = std::os::unix::fs::PermissionsExt::from_mode(0o755);
    fs::set_permissions(&script, executable).unwrap();
    let output = referee()
        .current_dir(&dir)
        .args(["stress", "fourrow", "--seed", "1", "--inputs", "3"])
        .args(["--out", "gone.in", "--"])
        .arg(&script)
        .output()
        .unwrap();
    (output.status.code(), stdout_of(&output))
}

#[cfg(unix)]
#[test]
fn a_solution_gone_while_shrinking_leaves_the_input_not_called_minimal() {
    // The run that found the failure, the one that found it again and
    // one candidate's: the rest cannot start.
    let (status, stdout) = stress_a_solution_gone_after(3, "gone-while-shrinking");
    assert_eq!(status, Some(1));
    assert!(
        stdout.contains("(not 1-minimal: the solution could not be started "),
        "{}",
        stdout
    );
    // Gone before the failing input is run again: not shrunk at all.
    let (status, stdout) = stress_a_solution_gone_after(1, "gone-before-shrinking");
    assert_eq!(status, Some(1));
    assert!(
        stdout.contains("\nnot shrunk: the solution could not be started again\n"),
        "{}",
        stdout
    );
}

/// A solution wrong on its first run only, then (when `crash`) one
/// that crashes on its second: the failing input is run again before it
/// is shrunk, and does not fail the same way, so it is kept as it was and
/// said to be no shrinking's start.
#[cfg(unix)]
#[test]
fn a_failure_that_does_not_come_again_is_not_shrunk_and_said_so() {
    for (crash, again) in [(false, "accepted"), (true, "runtime error: exit status 3")] {
        let dir = scratch("stress", &format!("flaky-{}", crash));
        let second = match crash {
            true => "if [ ! -e crashed ]; then touch crashed; exit 3; fi\n",
            false => "",
        };
        let script = format!(
            "#!/bin/sh\nif [ ! -e ran ]; then touch ran; echo wrong; exit; fi\n{}exec '{}' fourrow\n",
            second,
            referee_path()
        );
        fs::write(dir.join("flaky.sh"), script).unwrap();
        let output = referee()
            .current_dir(&dir)
            .args([
                "stress", "fourrow", "--seed", "1", "--inputs", "3", "-j", "1",
            ])
            .args(["--", "sh", "flaky.sh"])
            .output()
            .unwrap();
        let stdout = stdout_of(&output);
        assert_eq!(output.status.code(), Some(1), "{}", stdout);
        assert!(
            stdout.starts_with(
                "input 1 of 3 failed: wrong answer: 1:1: expected `Game #1 \
                 is not over, yet.\\n`, found `wrong\\n`\n\
                 not shrunk: run again on it, the solution did not fail the same way \
                 (its answers vary from run to run)\n\
                 wrote stress-failure.in\n"
            ),
            "{}",
            stdout
        );
        let end = format!(
            "\nstress-failure.in: wrong answer: 1:1: expected `Game #1 is not over, \
             yet.\\n`, found `wrong\\n`\n(on the first run; run again: {})\n\
             0 passed, 1 failed\n",
            again
        );
        assert!(stdout.ends_with(&end), "{}", stdout);
        // The file holds the input as it was found, as shown.
        let kept = fs::read_to_string(dir.join("stress-failure.in")).unwrap();
        let shown: String = stdout
            .lines()
            .skip_while(|line| *line != "input:")
            .skip(1)
            .take_while(|line| line.starts_with("    "))
            .map(|line| format!("{}\n", &line[4..]))
            .collect();
        assert_eq!(kept, shown);
        // Seed 1's first input, `1` and a game of 9 moves: 21 bytes.
        assert_eq!(kept.len(), 21, "{}", kept);
    }
}

/// A solution wrong every time, in words that change from run to run:
/// shrunk as usual, and said to vary.
#[cfg(unix)]
#[test]
fn a_failure_whose_output_varies_is_shrunk_and_said_so() {
    let dir = scratch("stress", "varies");
    let script = "#!/bin/sh\nn=$(($(cat count 2>/dev/null || echo 0) + 1))\necho $n > count\necho \"wrong $n\"\n";
    fs::write(dir.join("varies.sh"), script).unwrap();
    let output = referee()
        .current_dir(&dir)
        .args(["stress", "fourrow", "--seed", "1", "--inputs", "3"])
        .args(["--", "sh", "varies.sh"])
        .output()
        .unwrap();
    let stdout = stdout_of(&output);
    assert_eq!(output.status.code(), Some(1), "{}", stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(lines[1].ends_with("(1-minimal)"), "{}", stdout);
    assert_eq!(
        lines[2],
        "(run again on the input found, the solution wrote another output: \
         its answers vary from run to run)"
    );
}

/// A solution that hangs after writing a line that changes from run to
/// run: what it wrote depends on when it was stopped, so it is not said
/// to vary.
#[cfg(unix)]
#[test]
fn a_time_limit_is_not_said_to_vary() {
    let dir = scratch("stress", "varies-then-hangs");
    let script = "#!/bin/sh\nn=$(($(cat count 2>/dev/null || echo 0) + 1))\necho $n > count\n\
                  echo \"wrong $n\"\nexec sleep 60\n";
    fs::write(dir.join("hangs.sh"), script).unwrap();
    let output = referee()
        .current_dir(&dir)
        .args(["stress", "fourrow", "--seed", "1", "--inputs", "1"])
        .args(["--timeout", "0.2", "--", "sh", "hangs.sh"])
        .output()
        .unwrap();
    let stdout = stdout_of(&output);
    assert_eq!(output.status.code(), Some(1), "{}", stdout);
    assert!(
        stdout.starts_with("input 1 of 1 failed: time limit exceeded"),
        "{}",
        stdout
    );
    assert!(stdout.contains("(1-minimal)"), "{}", stdout);
    assert!(!stdout.contains("answers vary"), "{}", stdout);
}
