//! `test` and `stress` as contestants use them, through the built binary:
//! their exit statuses (a program that cannot be started: 4, with a
//! hint) and their command lines.

mod common;

use predicates::prelude::*;
use std::fs;
use std::path::PathBuf;
use std::process::Stdio;

use common::{referee, referee_path, text};

fn scratch(name: &str) -> PathBuf {
    common::scratch("contestant", name)
}

/// A folder with `count` four-in-a-row inputs of one game each.
fn fourrow_inputs(name: &str, count: usize) -> PathBuf {
    common::fourrow_inputs("contestant", name, count)
}

// ------------------------------------------------------------ statuses

#[cfg(unix)]
#[test]
fn a_program_of_the_current_folder_without_dot_slash_gets_a_hint_and_4() {
    use std::os::unix::fs::PermissionsExt;
    let dir = fourrow_inputs("dot-slash", 1);
    let program = dir.join("four");
    fs::write(&program, "#!/bin/sh\ncat\n").unwrap();
    fs::set_permissions(&program, fs::Permissions::from_mode(0o755)).unwrap();
    for args in [&["test", "fourrow", "."][..], &["stress", "fourrow"]] {
        referee()
            .current_dir(&dir)
            .args(args)
            .args(["--", "four"])
            .assert()
            .code(4)
            .stderr(predicate::str::contains("write `./four`"));
    }
}

/// Under a low limit of open files, more runs at a time than there are
/// descriptors for wait for each other: every case passes, none is a
/// program that "cannot be started".
#[cfg(unix)]
#[test]
fn runs_short_of_file_descriptors_wait_for_each_other() {
    let dir = fourrow_inputs("descriptors", 100);
    let script = "ulimit -n 64 && exec \"$0\" test fourrow . -j 60 -- \"$0\" fourrow";
    let out = std::process::Command::new("sh")
        .args(["-c", script, &referee_path()])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).ends_with("100 passed, 0 failed\n"));
}

#[test]
fn stress_takes_inputs_and_points_from_cases_to_it() {
    referee()
        .args(["stress", "fourrow", "--cases", "5", "--", "x"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("did you mean `--inputs`?"));
}

#[test]
fn stress_in_parallel_reports_the_first_failure_in_input_order() {
    let blind = common::wrong("fourrow");
    let outputs: Vec<(String, String)> = ["1", "4"]
        .iter()
        .map(|jobs| {
            let dir = scratch(&format!("stress-jobs-{}", jobs));
            let output = referee()
                .current_dir(&dir)
                .args(["stress", "fourrow", "--seed", "1", "-j", jobs, "--"])
                .args([&blind, "top-diagonals"])
                .output()
                .unwrap();
            assert_eq!(output.status.code(), Some(1));
            let shrunk = fs::read_to_string(dir.join("stress-failure.in")).unwrap();
            (text(&output.stdout), shrunk)
        })
        .collect();
    assert_eq!(outputs[0], outputs[1]);
    assert!(outputs[0].0.starts_with("input "), "{}", outputs[0].0);
    // The solver's output is shown beside the expected one.
    assert!(
        outputs[0].0.contains("\nsolver's output"),
        "{}",
        outputs[0].0
    );
}

// ------------------------------------------------------------ command line

#[test]
fn options_and_help_may_come_before_the_subcommand() {
    let input = common::fixtures_dir().join("snooker/sample.in");
    let expected = fs::read(common::fixtures_dir().join("snooker/sample.out")).unwrap();
    referee()
        .arg("--strict")
        .arg("snooker")
        .arg(&input)
        .assert()
        .code(0)
        .stdout(expected);
    for (before, after) in [("--help", "gen"), ("-h", "snooker")] {
        let sub_help = referee().args([after, "--help"]).output().unwrap().stdout;
        referee()
            .args([before, after])
            .assert()
            .code(0)
            .stdout(sub_help);
    }
}

#[test]
fn an_err_case_whose_name_has_a_control_character_passes_as_the_binary_wrote_it() {
    let dir = scratch("err-odd-name");
    fs::write(dir.join("a\tb.in"), "1\nGame #1: 8\n").unwrap();
    let run = referee()
        .current_dir(&dir)
        .args(["fourrow", "a\tb.in"])
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(1));
    assert!(text(&run.stderr).starts_with("referee: a\\tb.in:2:"));
    fs::write(dir.join("a\tb.err"), &run.stderr).unwrap();
    let out = referee()
        .args(["test", "fourrow"])
        .arg(&dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
}

#[test]
fn test_help_tells_where_answers_come_from_and_that_one_file_works() {
    let output = referee().args(["test", "--help"]).output().unwrap();
    let help = text(&output.stdout).replace('\n', " ");
    for words in [
        ".ans",
        "referee's own answer",
        "one .in file",
        ".args",
        ".err",
    ] {
        assert!(help.contains(words), "{}: {}", words, help);
    }
}

#[cfg(target_os = "linux")]
#[test]
fn a_progress_line_is_drawn_on_a_terminal_and_wiped_and_none_in_a_pipe() {
    let right = common::wrong("fourrow");
    let line = format!(
        "'{}' stress fourrow --inputs 20 --seed 1 -- '{}' right",
        referee_path(),
        right
    );
    // `script` (util-linux) runs the command on a terminal of its own.
    let on_terminal = std::process::Command::new("script")
        .args(["-qec", &line, "/dev/null"])
        .stdin(Stdio::null())
        .output();
    match on_terminal {
        Ok(output) if output.status.success() => {
            let shown = text(&output.stdout);
            assert!(
                shown.starts_with("\r\x1b[K1/20 inputs, 0 failed, "),
                "{:?}",
                shown
            );
            assert!(
                shown.ends_with("\r\x1b[K20 passed, 0 failed\r\n"),
                "{:?}",
                shown
            );
        }
        _ => eprintln!("skipped: `script` could not give a terminal"),
    }
    let dir = fourrow_inputs("no-progress", 3);
    referee()
        .args(["test", "fourrow"])
        .arg(&dir)
        .args(["--", &right, "right"])
        .assert()
        .code(0)
        .stderr("");
}
