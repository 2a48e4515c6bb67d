//! `referee bundle`, end to end: bundles compiled alone by every compiler
//! at hand (the rustc beside cargo, and Debian bookworm's rustc 1.63 once
//! `.ci/old-rustc` has fetched it) as edition 2015, 2018 and 2021, then run.
//! Builds run in parallel and are kept between runs (`bundle_build/`), so
//! that a run where no bundle changed compiles nothing.
//!
//! - The judge bundles must build without a warning and give the bytes of
//!   every valid fixture of their problem; on the error fixtures they stop
//!   with exit status 1 (any message), never a panic.
//! - The validator bundles must accept and reject the strict fixtures.
//! - The judge bundles' sizes stay within what judges take.

mod bundle_build;
mod common;

use assert_cmd::Command;
use bundle_build::{build_all, compilers, parallel, run, Build, EDITIONS};
use referee::tool::bundle::{bundle_from, Form, JUDGE, JUDGE_LIMIT};
use referee::tool::problem::Problem;
use std::sync::OnceLock;

fn bundle(args: &[&str]) -> String {
    let output = Command::cargo_bin("referee")
        .unwrap()
        .arg("bundle")
        .args(args)
        .output()
        .unwrap();
    assert!(output.status.success(), "{:?}", args);
    String::from_utf8(output.stdout).unwrap()
}

// The judge core's bundles.

/// The judge bundle of `problem`, built by every compiler as every
/// edition, once for all the tests of this file.
fn judge_builds(problem: &str) -> &'static [Build] {
    static BUILDS: [OnceLock<Vec<Build>>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    let slot = match problem {
        "snooker" => &BUILDS[0],
        "fourrow" => &BUILDS[1],
        _ => &BUILDS[2],
    };
    let every_compiler: Vec<_> = compilers().iter().collect();
    slot.get_or_init(|| build_all(problem, &bundle(&[problem]), &every_compiler, &EDITIONS))
}

/// The fixture cases of `problem` run without arguments.
fn cases(problem: &str) -> Vec<common::Case> {
    common::fixture_dirs()
        .iter()
        .filter(|d| *d == problem || d.starts_with(&format!("{}-", problem)))
        .flat_map(|d| common::cases(d))
        .filter(|c| c.args.is_empty())
        .collect()
}

/// Every fixture of `problem` through its judge bundle, as every compiler
/// builds it, which must say nothing while building it: the fixture's
/// output for a valid input, exit status 1 and no output of its own
/// choosing for an invalid one (a judge bundle may stop with any message).
fn check_fixtures(problem: &str) {
    let builds = judge_builds(problem);
    let warned: Vec<String> = builds
        .iter()
        .filter(|b| !b.warnings.is_empty())
        .map(|b| format!("{}:\n{}", b.label, b.warnings))
        .collect();
    assert!(warned.is_empty(), "{}", warned.join("\n"));
    let cases = cases(problem);
    let runs: Vec<(&Build, &common::Case)> = builds
        .iter()
        .flat_map(|b| cases.iter().map(move |c| (b, c)))
        .collect();
    let reports = parallel(&runs, |(build, case)| {
        let output = run(&build.program, &std::fs::read(&case.input).unwrap());
        let label = format!("{} ({})", case.label, build.label);
        match case.expected_err {
            None => common::compare(case, &label, &output, None),
            Some(_) if output.status.code() == Some(1) => String::new(),
            Some(_) => format!(
                "{}: exit status {:?}, expected 1",
                label,
                output.status.code()
            ),
        }
    });
    common::assert_all_passed(reports, 4);
}

#[test]
fn snooker_bundle_matches_every_fixture() {
    check_fixtures("snooker");
}

#[test]
fn fourrow_bundle_matches_every_fixture() {
    check_fixtures("fourrow");
}

#[test]
fn rating_bundle_matches_every_fixture() {
    check_fixtures("rating");
}

#[test]
fn validator_bundles_accept_and_reject_the_strict_fixtures() {
    let problems = ["snooker", "fourrow", "rating"];
    // Built by every compiler (judges may have rustc 1.63), run as the
    // first (stable) built them.
    let every_compiler: Vec<_> = compilers().iter().collect();
    let builds: Vec<Build> = parallel(&problems, |problem| {
        let source = referee::tool::bundle::bundle(problem_of(problem), Form::Validator).unwrap();
        let name = format!("{}-validator", problem);
        let mut builds = build_all(&name, &source, &every_compiler, &["2021"]);
        builds.swap_remove(0)
    });
    for (problem, build) in problems.iter().zip(&builds) {
        let strict = common::cases(&format!("{}-strict", problem));
        assert!(
            strict.iter().any(|c| c.expected_err.is_none())
                && strict.iter().any(|c| c.expected_err.is_some())
        );
        let failures: Vec<String> = parallel(&strict, |case| {
            let output = run(&build.program, &std::fs::read(&case.input).unwrap());
            let (code, stderr) = match &case.expected_err {
                None => (42, String::new()),
                Some(err) => (
                    43,
                    err.replace(&format!("fixtures/{}.in", case.label), "<stdin>"),
                ),
            };
            let got = (
                output.status.code(),
                String::from_utf8_lossy(&output.stderr).into_owned(),
                output.stdout.len(),
            );
            match got == (Some(code), stderr.clone(), 0) {
                true => String::new(),
                false => format!(
                    "{}: {:?}, expected {:?}",
                    case.label,
                    got,
                    (Some(code), stderr, 0)
                ),
            }
        })
        .into_iter()
        .filter(|f| !f.is_empty())
        .collect();
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }
}

fn problem_of(name: &str) -> Problem {
    Problem::from_name(name).unwrap()
}

/// Each judge bundle within SPOJ's 10,000 bytes (`referee bundle`
/// refuses to write one over it, so this checks the limit itself).
#[test]
fn judge_bundles_fit_the_judges_size_limits() {
    for problem in Problem::ALL {
        let size = bundle(&[problem.name()]).len();
        assert!(size <= JUDGE_LIMIT, "{}: {} bytes", problem.name(), size);
    }
    assert_eq!(JUDGE_LIMIT, 10_000);
}

/// Two private helpers of the same name in two files of the judge core
/// (which once made a bundle too big without a word) bundle as they are,
/// each in its own module, and the bundle still builds and answers.
#[test]
fn helpers_of_the_same_name_in_two_files_bundle_and_build() {
    let with_helper = |path: &str, text: &str| match path {
        "read" | "fourrow" => format!("{}\nfn text() -> u8 {{\n    1\n}}\n", text),
        _ => text.to_string(),
    };
    let texts: Vec<(&str, String)> = JUDGE.iter().map(|&(p, t)| (p, with_helper(p, t))).collect();
    let files: Vec<(&str, &str)> = texts.iter().map(|(p, t)| (*p, t.as_str())).collect();
    let source = bundle_from(&files, Problem::Fourrow, Form::Judge).unwrap();
    assert_eq!(source.matches("text()->u8{1}").count(), 2, "{}", source);
    let stable = &compilers()[0];
    let build = build_all("fourrow-two-helpers", &source, &[stable], &["2021"]).remove(0);
    let warned = build
        .warnings
        .lines()
        .any(|l| l.contains("warning") && !l.contains("never used"));
    assert!(!warned, "{}", build.warnings);
    let output = run(&build.program, b"1\nGame #1: 1\n");
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "Game #1 is not over, yet.\n"
    );
}

/// What the bundler cannot carry is an error that names it, not a
/// bundle that does not build.
#[test]
fn what_cannot_be_carried_fails_the_bundle_with_its_cause() {
    let files: Vec<(&str, String)> = JUDGE
        .iter()
        .map(|&(p, t)| match p {
            "fourrow" => (p, format!("{}\nconst X: &str = include_str!(\"x\");\n", t)),
            _ => (p, t.to_string()),
        })
        .collect();
    let files: Vec<(&str, &str)> = files.iter().map(|(p, t)| (*p, t.as_str())).collect();
    let error = bundle_from(&files, Problem::Fourrow, Form::Judge).unwrap_err();
    assert!(
        error.contains("`include_str` cannot be carried"),
        "{}",
        error
    );
}

#[test]
fn readable_bundles_keep_comments_and_the_judge_form_does_not() {
    for problem in ["snooker", "fourrow", "rating"] {
        let judge = bundle(&[problem]);
        let readable = bundle(&[problem, "--readable"]);
        assert!(readable.len() > judge.len(), "{}", problem);
        assert_eq!(
            judge
                .lines()
                .filter(|l| l.trim_start().starts_with("//"))
                .count(),
            1,
            "{}",
            problem
        );
        assert!(
            readable
                .lines()
                .filter(|l| l.trim_start().starts_with("///"))
                .count()
                > 10,
            "{}",
            problem
        );
    }
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

#[test]
fn the_readmes_table_gives_each_bundles_size() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    for problem in ["fourrow", "rating", "snooker"] {
        let bytes = bundle(&[problem]).len();
        let shown = bytes
            .to_string()
            .as_bytes()
            .rchunks(3)
            .rev()
            .map(|digits| std::str::from_utf8(digits).unwrap())
            .collect::<Vec<_>>()
            .join(",");
        let row = format!("| `{}` | {} |", problem, shown);
        assert!(
            readme
                .lines()
                .any(|line| line.replace(' ', "").starts_with(&row.replace(' ', ""))),
            "README.md should have the row {}",
            row
        );
    }
}
