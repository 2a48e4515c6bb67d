//! `referee bundle PROBLEM`, compiled alone with the rustc beside cargo as
//! edition 2018 and 2021, must give the same bytes as the fixtures (and the
//! same exit status and message on the error fixtures).

mod common;

use assert_cmd::Command;
use std::path::{Path, PathBuf};
use std::process::Stdio;

/// The rustc of the toolchain running the tests.
fn rustc() -> PathBuf {
    let cargo = PathBuf::from(std::env::var_os("CARGO").expect("cargo sets CARGO"));
    let beside = cargo.with_file_name(format!("rustc{}", std::env::consts::EXE_SUFFIX));
    if beside.exists() {
        beside
    } else {
        PathBuf::from("rustc")
    }
}

/// Writes the bundle for `problem`, compiles it as `edition`, returns the program.
fn build(problem: &str, edition: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("bundles");
    std::fs::create_dir_all(&dir).unwrap();
    let source = dir.join(format!("{}.rs", problem));
    let text = Command::cargo_bin("referee")
        .unwrap()
        .args(["bundle", problem])
        .output()
        .unwrap();
    assert!(text.status.success());
    std::fs::write(&source, &text.stdout).unwrap();
    let program = dir.join(format!(
        "{}-{}{}",
        problem,
        edition,
        std::env::consts::EXE_SUFFIX
    ));
    let compiled = std::process::Command::new(rustc())
        .args(["--edition", edition, "-O", "-o"])
        .arg(&program)
        .arg(&source)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(
        compiled.status.success(),
        "{} as edition {} does not compile:\n{}",
        problem,
        edition,
        String::from_utf8_lossy(&compiled.stderr)
    );
    assert!(
        compiled.stderr.is_empty(),
        "{} as edition {} warns:\n{}",
        problem,
        edition,
        String::from_utf8_lossy(&compiled.stderr)
    );
    program
}

/// Every fixture of `problem` through its bundle compiled as both editions.
fn check(problem: &str) {
    let mut reports = Vec::new();
    for edition in ["2018", "2021"] {
        let program = build(problem, edition);
        let dirs = common::fixture_dirs();
        let own = dirs
            .iter()
            .filter(|d| *d == problem || d.starts_with(&format!("{}-", problem)));
        for case in own
            .flat_map(|d| common::cases(d))
            .filter(|c| c.args.is_empty())
        {
            let input = std::fs::read(&case.input).unwrap();
            let output = std::process::Command::new(&program)
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .and_then(|mut child| {
                    use std::io::Write;
                    child.stdin.take().unwrap().write_all(&input)?;
                    child.wait_with_output()
                })
                .unwrap();
            let label = format!("{} (edition {})", case.label, edition);
            let named = format!("fixtures/{}.in", case.label);
            reports.push(common::compare(
                &case,
                &label,
                &output,
                Some((&named, "<stdin>")),
            ));
        }
    }
    common::assert_all_passed(reports, 4);
}

#[test]
fn snooker_bundle_matches_every_fixture() {
    check("snooker");
}

#[test]
fn fourrow_bundle_matches_every_fixture() {
    check("fourrow");
}

#[test]
fn rating_bundle_matches_every_fixture() {
    check("rating");
}

#[test]
fn unknown_problem_is_a_usage_error() {
    Command::cargo_bin("referee")
        .unwrap()
        .args(["bundle", "nosuch"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicates::str::contains("unknown problem `nosuch`"));
}
