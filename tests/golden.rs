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
    // Expected messages name their input by its path from the project.
    let absolute = common::fixtures_dir().display().to_string();
    let mut output = output;
    output.stderr = String::from_utf8_lossy(&output.stderr)
        .replace(&absolute, "fixtures")
        .into_bytes();
    common::compare(case, &case.label, &output, None)
}

#[test]
fn every_fixture_matches_its_expected_output() {
    let reports = common::fixture_dirs()
        .iter()
        .flat_map(|dir| common::cases(dir))
        .map(|case| run_case(&case))
        .collect();
    common::assert_all_passed(reports, 6);
}
