//! `referee validate PROBLEM [FILE...]`, end to end: one line per file in
//! the order given (`FILE: ok` or the first violation at its place), every
//! file checked even after a bad one, exit status 0 only when all are
//! valid; standard input when no file is named.

mod common;

use assert_cmd::Command;
use std::path::Path;

fn fixture(path: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures")
        .join(path)
        .to_string_lossy()
        .into_owned()
}

fn validate(args: &[&str]) -> (Option<i32>, String, String) {
    let output = Command::cargo_bin("referee")
        .unwrap()
        .arg("validate")
        .args(args)
        .output()
        .unwrap();
    (
        output.status.code(),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

#[test]
fn valid_files_are_ok_one_line_each() {
    let (sample, edge) = (fixture("rating/sample.in"), fixture("rating/edge.in"));
    let (code, out, err) = validate(&["rating", &sample, &edge]);
    assert_eq!(code, Some(0));
    assert_eq!(out, format!("{}: ok\n{}: ok\n", sample, edge));
    assert_eq!(err, "");
}

#[test]
fn a_bad_file_gets_its_place_and_the_others_are_still_checked() {
    let bad = fixture("snooker-strict/two-spaces.in");
    let good = fixture("snooker/sample.in");
    let missing = fixture("snooker/no-such-file.in");
    let (code, out, err) = validate(&["snooker", &bad, &missing, &good]);
    assert_eq!(code, Some(1));
    // A file that cannot be read is named on stderr, as by every command.
    assert!(
        err.starts_with(&format!("referee: {}: ", missing)) && err.lines().count() == 1,
        "{}",
        err
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{}", out);
    // The same place and words as `referee snooker --strict` gives.
    let strict = std::fs::read_to_string(fixture("snooker-strict/two-spaces.err")).unwrap();
    let expected = strict.trim_start_matches("referee: ").trim_end().replacen(
        "fixtures/snooker-strict/two-spaces.in",
        &bad,
        1,
    );
    assert_eq!(lines[0], expected);
    assert_eq!(lines[1], format!("{}: ok", good));
}

#[test]
fn a_folder_is_named_on_stderr_as_a_missing_file_is() {
    let folder = fixture("fourrow");
    let (good, missing) = (fixture("fourrow/sample.in"), fixture("no-such-file.in"));
    let (code, out, err) = validate(&["fourrow", &folder, &good, &missing]);
    assert_eq!(code, Some(1));
    assert_eq!(out, format!("{}: ok\n", good));
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 2, "{}", err);
    assert!(
        lines[0].starts_with(&format!("referee: {}: ", folder)),
        "{}",
        err
    );
    assert!(
        lines[1].starts_with(&format!("referee: {}: ", missing)),
        "{}",
        err
    );
    // Standard input a folder too (a folder opens as a file only there).
    #[cfg(unix)]
    {
        let output = std::process::Command::new(common::referee_path())
            .args(["validate", "fourrow"])
            .stdin(std::fs::File::open(&folder).unwrap())
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(1));
        assert_eq!(String::from_utf8_lossy(&output.stdout), "");
        let err = String::from_utf8_lossy(&output.stderr);
        assert!(err.starts_with("referee: <stdin>: "), "{}", err);
    }
}

#[test]
fn standard_input_is_read_without_files_or_for_a_dash() {
    let sample = std::fs::read(fixture("fourrow/sample.in")).unwrap();
    for args in [&["fourrow"][..], &["fourrow", "-"]] {
        Command::cargo_bin("referee")
            .unwrap()
            .arg("validate")
            .args(args)
            .write_stdin(sample.clone())
            .assert()
            .success()
            .stdout("<stdin>: ok\n");
    }
    Command::cargo_bin("referee")
        .unwrap()
        .args(["validate", "fourrow"])
        .write_stdin("1\nGame #1:  1\n")
        .assert()
        .code(1)
        .stdout(predicates::str::starts_with("<stdin>:2:"));
}

#[test]
fn nothing_but_the_verdicts_is_written() {
    // No answers: the sample's answer lines never appear.
    let (code, out, _) = validate(&["fourrow", &fixture("fourrow/sample.in")]);
    assert_eq!(code, Some(0));
    assert!(!out.contains("Game #1"), "{}", out);
}

#[test]
fn coverage_follows_the_verdicts_with_each_bound_and_kind() {
    let (sample, bad) = (
        fixture("fourrow/sample.in"),
        fixture("snooker-strict/two-spaces.in"),
    );
    let (code, out, err) = validate(&["fourrow", "--coverage", &sample]);
    assert_eq!((code, err.as_str()), (Some(0), ""));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], format!("{}: ok", sample));
    assert_eq!(
        lines[1],
        "games: least 2, most 2; bound 1 NOT reached, bound 99 NOT reached"
    );
    assert_eq!(
        lines[2],
        "moves of a game: least 6, most 13; bound 0 NOT reached, bound 42 NOT reached"
    );
    assert!(
        lines.contains(&"a move into slot 1: seen 2; reached"),
        "{}",
        out
    );
    assert!(
        lines.contains(&"a win of the first player: seen 1; reached"),
        "{}",
        out
    );
    assert!(
        lines.contains(&"an invalid game: seen 0; NOT reached"),
        "{}",
        out
    );
    // An invalid file adds nothing; the exit status is the verdicts'.
    let (code, out, _) = validate(&["snooker", "--coverage", &bad]);
    assert_eq!(code, Some(1));
    assert!(
        out.contains("\nframes: none seen; bound 1 NOT reached, bound 200 NOT reached\n"),
        "{}",
        out
    );
}

/// Every `--strict` fixture, validated: `ok` exactly when `--strict` takes
/// it, else the same place and words (zero cases refused with the range,
/// R0.7; ratings below zero taken, `-0.00` refused, P6; players named
/// `Play again` taken, S15; and the rest).
#[test]
fn validate_says_what_strict_says_of_every_strict_fixture() {
    for problem in ["snooker", "fourrow", "rating"] {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("fixtures")
            .join(format!("{}-strict", problem));
        let mut inputs: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|entry| entry.unwrap().path())
            .filter(|path| path.extension().is_some_and(|e| e == "in"))
            .collect();
        inputs.sort();
        assert!(inputs.len() > 5, "{}", dir.display());
        for input in inputs {
            let shown = input.to_string_lossy().into_owned();
            let (_, out, _) = validate(&[problem, &shown]);
            let expected = match std::fs::read_to_string(input.with_extension("err")) {
                Ok(err) => {
                    let name = format!("fixtures/{}-strict/", problem);
                    let place = err.trim_start_matches("referee: ").trim_end();
                    place.replacen(&name, &format!("{}/", dir.display()), 1)
                }
                Err(_) => format!("{}: ok", shown),
            };
            assert_eq!(out.trim_end(), expected, "{}", shown);
        }
    }
}

#[test]
fn an_input_that_does_not_end_is_refused_at_its_first_fault() {
    let (code, out, _) = common::ends_on_open_input(&["validate", "fourrow"], b"y\n".to_vec());
    assert_eq!(code, Some(1));
    assert_eq!(
        out,
        "<stdin>:1:1: expected the number of games, found `y`\n"
    );
    let (code, out, _) =
        common::ends_on_open_input(&["validate", "--coverage", "rating"], b"1\n1 1\n".to_vec());
    assert_eq!(code, Some(1));
    assert!(out.starts_with("<stdin>:2:1: "), "{}", out);
}

#[test]
fn standard_input_is_named_once_at_most() {
    let (code, out, err) = validate(&["fourrow", "-", "-"]);
    assert_eq!((code, out.as_str()), (Some(2), ""));
    assert!(err.starts_with("referee: standard input can be read only once\n"));
}
