//! Helpers shared by the end-to-end tests: the golden fixture cases and a
//! readable diff.

#![allow(dead_code)]

use std::fs;
use std::path::{Path, PathBuf};

/// One golden case: `fixtures/<dir>/<name>.in` and what goes with it.
pub struct Case {
    /// `<dir>/<name>`, for messages.
    pub label: String,
    pub dir: String,
    pub input: PathBuf,
    pub expected_out: String,
    /// Extra arguments from `<name>.args` (one line), e.g. `--tsv`.
    pub args: Vec<String>,
    /// The expected standard error from `<name>.err`: the case must then
    /// fail with exit status 1, its stdout still equal to `<name>.out`.
    pub expected_err: Option<String>,
}

pub fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures")
}

/// Every case under `fixtures/<dir>`, sorted by name.
pub fn cases(dir: &str) -> Vec<Case> {
    let folder = fixtures_dir().join(dir);
    let mut inputs: Vec<PathBuf> = fs::read_dir(&folder)
        .unwrap_or_else(|e| panic!("{}: {}", folder.display(), e))
        .map(|entry| entry.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    inputs.sort();
    inputs
        .into_iter()
        .map(|input| {
            let stem = input.with_extension("");
            let name = stem.file_name().unwrap().to_string_lossy().into_owned();
            let read = |ext: &str| fs::read_to_string(stem.with_extension(ext)).ok();
            Case {
                label: format!("{}/{}", dir, name),
                dir: dir.to_string(),
                expected_out: read("out").unwrap_or_else(|| panic!("{}/{} has no .out", dir, name)),
                args: read("args")
                    .map(|a| a.split_whitespace().map(String::from).collect())
                    .unwrap_or_default(),
                expected_err: read("err"),
                input,
            }
        })
        .collect()
}

/// The names of the fixture folders.
pub fn fixture_dirs() -> Vec<String> {
    let mut dirs: Vec<String> = fs::read_dir(fixtures_dir())
        .unwrap()
        .map(|e| e.unwrap())
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    dirs.sort();
    dirs
}

/// What differs between a run of `case` and what the case expects: an
/// empty string when nothing does. `rename` rewrites the expected stderr
/// (a bundle reads stdin, so the file name there becomes `<stdin>`).
pub fn compare(
    case: &Case,
    label: &str,
    output: &std::process::Output,
    rename: Option<(&str, &str)>,
) -> String {
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    let mut report = diff(&format!("{} stdout", label), &case.expected_out, &stdout);
    let expected_code = if case.expected_err.is_some() { 1 } else { 0 };
    if output.status.code() != Some(expected_code) {
        report += &format!(
            "--- {}: exit status {:?}, expected {}; stderr: {}\n",
            label,
            output.status.code(),
            expected_code,
            stderr
        );
    }
    if let Some(expected_err) = &case.expected_err {
        let expected_err = match rename {
            Some((from, to)) => expected_err.replace(from, to),
            None => expected_err.clone(),
        };
        report += &diff(&format!("{} stderr", label), &expected_err, &stderr);
    }
    report
}

/// Fails with every report that is not empty, after all cases ran.
pub fn assert_all_passed(reports: Vec<String>, at_least: usize) {
    let count = reports.len();
    assert!(count >= at_least, "only {} cases ran", count);
    let failures: Vec<String> = reports.into_iter().filter(|r| !r.is_empty()).collect();
    assert!(
        failures.is_empty(),
        "{} of {} cases failed:\n{}",
        failures.len(),
        count,
        failures.join("\n")
    );
}

/// An empty string when equal, else a labelled line diff.
pub fn diff(label: &str, expected: &str, actual: &str) -> String {
    if expected == actual {
        return String::new();
    }
    format!(
        "--- {} (< expected, > actual)\n{}\n",
        label,
        pretty_assertions::StrComparison::new(expected, actual)
    )
}
pub mod package;
