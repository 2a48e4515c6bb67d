//! Every golden fixture through the built binary: `fixtures/<dir>/<name>.in`
//! must give `<name>.out` byte for byte (and `<name>.err` with exit 1 where
//! present). All cases run; every mismatch is reported with a diff.

mod common;

use assert_cmd::Command;

/// The subcommand a fixture folder exercises: its name up to a `-`
/// (`snooker-strict` is `referee snooker`).
fn subcommand(dir: &str) -> &str {
    dir.split('-').next().unwrap()
}

fn run_case(case: &common::Case) -> String {
    let output = Command::cargo_bin("referee")
        .unwrap()
        .arg(subcommand(&case.dir))
        .args(&case.args)
        .arg(&case.input)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    let mut report = common::diff(
        &format!("{} stdout", case.label),
        &case.expected_out,
        &stdout,
    );
    let expected_code = if case.expected_err.is_some() { 1 } else { 0 };
    if output.status.code() != Some(expected_code) {
        report += &format!(
            "--- {}: exit status {:?}, expected {}; stderr: {}\n",
            case.label,
            output.status.code(),
            expected_code,
            stderr
        );
    }
    if let Some(expected_err) = &case.expected_err {
        // Fixtures name their input by its path from the fixtures folder.
        let shown = stderr.replace(&common::fixtures_dir().display().to_string(), "fixtures");
        report += &common::diff(&format!("{} stderr", case.label), expected_err, &shown);
    }
    report
}

#[test]
fn every_fixture_matches_its_expected_output() {
    let mut failures = Vec::new();
    let mut count = 0;
    for dir in common::fixture_dirs() {
        for case in common::cases(&dir) {
            count += 1;
            let report = run_case(&case);
            if !report.is_empty() {
                failures.push(report);
            }
        }
    }
    assert!(count >= 6, "only {} fixtures found", count);
    assert!(
        failures.is_empty(),
        "{} of {} fixtures failed:\n{}",
        failures.len(),
        count,
        failures.join("\n")
    );
}
