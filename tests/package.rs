//! `referee package`, end to end: the same bytes every time, data that
//! the package's own validator accepts with the referee's own answers,
//! and wrong solutions that each fail on their killer test (the
//! validators: `package_validators.rs`; the folder it writes into, and
//! what a re-run keeps: `package_folder.rs`).

mod common;

use assert_cmd::Command;
use common::package::{compiled, package_file, package_files, run_on, tree};
use referee::tool::package::PackageFile;
use referee::tool::problem::Problem;
use std::fs;
use std::path::{Path, PathBuf};

/// A fresh folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("package")
        .join(name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn referee() -> Command {
    Command::cargo_bin("referee").unwrap()
}

/// The `.in` files of a written package, sorted.
fn inputs(dir: &Path) -> Vec<PathBuf> {
    tree(dir)
        .into_iter()
        .filter(|(name, _)| name.ends_with(".in"))
        .map(|(name, _)| dir.join(name))
        .collect()
}

#[test]
fn the_same_command_gives_the_same_bytes() {
    for problem in Problem::ALL {
        let dir = scratch(&format!("twice-{}", problem.name()));
        let (first, second) = (dir.join("first"), dir.join("second"));
        // Once more over the first for the cheapest package: a package
        // is written over an earlier one. That run has no cache folder of
        // the user's: its programs go to a folder of its own in the
        // temporary folder, which it removes.
        let again = (problem == Problem::Fourrow).then_some(&first);
        let temporary = dir.join("tmp");
        fs::create_dir(&temporary).unwrap();
        for target in [Some(&first), Some(&second), again].into_iter().flatten() {
            let mut command = referee();
            if Some(target) == again {
                command
                    .env_remove("HOME")
                    .env_remove("XDG_CACHE_HOME")
                    .env("TMPDIR", &temporary);
            }
            command
                .args(["package", problem.name()])
                .arg(target)
                .assert()
                .success()
                .stdout("");
        }
        assert_eq!(fs::read_dir(&temporary).unwrap().count(), 0);
        let written = tree(&first);
        assert_eq!(written, tree(&second), "{}", problem.name());
        for part in [
            "problem.yaml",
            "problem_statement/problem.en.tex",
            "data/sample/sample.in",
            "data/sample/sample.ans",
        ] {
            assert!(written.iter().any(|(name, _)| name == part), "{}", part);
        }
        let secret = written
            .iter()
            .filter(|(name, _)| name.starts_with("data/secret/") && name.ends_with(".in"));
        assert!(secret.count() >= 20, "{}", problem.name());
    }
}

#[test]
fn every_input_is_valid_and_every_answer_the_referees() {
    for problem in Problem::ALL {
        let dir = scratch(&format!("answers-{}", problem.name()));
        referee()
            .args(["package", problem.name()])
            .arg(&dir)
            .assert()
            .success();
        let inputs = inputs(&dir);
        let validated = referee()
            .args(["validate", problem.name()])
            .args(&inputs)
            .output()
            .unwrap();
        let report = String::from_utf8(validated.stdout).unwrap();
        assert!(validated.status.success(), "{}", report);
        assert_eq!(report.lines().count(), inputs.len());
        assert!(report.lines().all(|l| l.ends_with(": ok")), "{}", report);
        for input in &inputs {
            let expected = fs::read(input.with_extension("ans")).unwrap();
            referee()
                .args([problem.name(), "--strict"])
                .arg(input)
                .assert()
                .success()
                .stdout(expected);
        }
    }
}

/// What `program` writes for `input`.
fn output_of(program: &Path, input: &[u8]) -> Vec<u8> {
    run_on(program, input).1
}

#[test]
fn each_wrong_solution_fails_on_its_killer_test_crashes_on_no_case_and_the_right_one_fails_none() {
    for problem in Problem::ALL {
        let files = package_files(problem);
        let bytes = |path: String| package_file(problem, &path);
        let cases: Vec<&str> = files
            .iter()
            .filter(|f| f.path.starts_with("data/secret/") && f.path.ends_with(".in"))
            .map(|f| f.path.trim_end_matches(".in"))
            .collect();
        // The solution the mistakes are made in, written apart from the
        // referee, gets every answer right.
        let right = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join(format!("src/tool/package/solutions/{}.rs", problem.name()));
        let right = fs::read(right).unwrap();
        let right = compiled(
            "package-solutions",
            &format!("{}-right", problem.name()),
            &right,
            &[],
        );
        for case in &cases {
            let output = output_of(&right, bytes(format!("{}.in", case)));
            assert!(output == bytes(format!("{}.ans", case)), "{}", case);
        }
        let wrong: Vec<&PackageFile> = files
            .iter()
            .filter(|f| f.path.starts_with("submissions/wrong_answer/"))
            .collect();
        assert!(wrong.len() >= 4, "{}", problem.name());
        for solution in wrong {
            let name = solution
                .path
                .trim_start_matches("submissions/wrong_answer/");
            let name = name.trim_end_matches(".rs");
            let label = format!("{}-{}", problem.name(), name);
            let program = compiled("package-solutions", &label, &solution.bytes, &[]);
            // The case whose description says it catches this solution.
            let catches = |case: &&&str| {
                let description = files.iter().find(|f| f.path == format!("{}.desc", case));
                description.is_some_and(|d| {
                    String::from_utf8_lossy(&d.bytes).contains(&format!("Catches {}.rs,", name))
                })
            };
            let killer = cases
                .iter()
                .find(catches)
                .unwrap_or_else(|| panic!("no killer test for {}", name));
            let output = output_of(&program, bytes(format!("{}.in", killer)));
            assert!(output != bytes(format!("{}.ans", killer)), "{}", killer);
            // A wrong answer, never a crash, on every case: what a judge's
            // `wrong_answer` folder promises.
            for input in files.iter().filter(|f| f.path.ends_with(".in")) {
                let (status, _, stderr) = run_on(&program, &input.bytes);
                assert_eq!(status, Some(0), "{} on {}: {}", label, input.path, stderr);
            }
        }
    }
}

/// problemtools takes the folder's name for the problem's short name: a
/// name it would refuse gets a note, and the package is written all the
/// same.
#[test]
fn a_folder_name_that_verifyproblem_refuses_gets_a_note() {
    let dir = scratch("Rating_Pkg");
    referee()
        .args(["package", "rating"])
        .arg(&dir)
        .assert()
        .success()
        .stderr(
            "referee: note: problemtools' verifyproblem takes the folder's name, `Rating_Pkg`, \
             for the problem's short name and wants lower-case letters and digits only; \
             rename the folder before checking it there\n",
        );
    assert!(dir.join("problem.yaml").exists());
    let same = scratch("rating2");
    referee()
        .args(["package", "rating", "."])
        .current_dir(&same)
        .assert()
        .success()
        .stderr("");
}
