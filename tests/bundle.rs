//! `referee bundle`, end to end: bundles compiled alone by every compiler
//! at hand (the rustc beside cargo, and Debian bookworm's rustc 1.63 once
//! `.ci/old-rustc` has fetched it) as edition 2015, 2018 and 2021, then run.
//! Builds run in parallel and are kept between runs (`bundle_build/`), so
//! that a run where no bundle changed compiles nothing.
//!
//! - A small multi-file crate laid out as the core is (`bundle_crate/`)
//!   proves the machinery: its judge and validator bundles build without a
//!   warning everywhere, keep what their `main` reaches and nothing else.
//! - The core's judge bundles must build without a warning, give the bytes
//!   of every fixture of their problem (and the same exit status and
//!   message on the error fixtures), and its validator bundles must accept
//!   and reject the strict fixtures.
//! - The judge bundles' sizes stay within what judges take (SPOJ's
//!   10,000 bytes for four-in-a-row, 16 KiB for the others); a bundle
//!   over its limit is shown with its largest items.

mod bundle_build;
mod common;

use assert_cmd::Command;
use bundle_build::{build_all, compilers, parallel, run, Build, Compiler, EDITIONS};
use referee::tool::bundle::{assemble, Form, Style};
use referee::tool::problem::Problem;
use std::sync::OnceLock;

/// Every compiler at hand.
fn every_compiler() -> Vec<&'static Compiler> {
    compilers().iter().collect()
}

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

// The machinery, on a crate of its own.

/// The test crate's files, as the bundler's table lists the core's.
const CRATE: &[(&str, &str)] = &[
    ("", include_str!("bundle_crate/mod.rs")),
    ("io", include_str!("bundle_crate/io/mod.rs")),
    ("io::error", include_str!("bundle_crate/io/error.rs")),
    ("io::lines", include_str!("bundle_crate/io/lines.rs")),
    ("limits", include_str!("bundle_crate/limits.rs")),
    ("shapes", include_str!("bundle_crate/shapes/mod.rs")),
    ("shapes::area", include_str!("bundle_crate/shapes/area.rs")),
    (
        "shapes::strict",
        include_str!("bundle_crate/shapes/strict.rs"),
    ),
];

const CRATE_JUDGE_MAIN: &str = r#"
fn main() {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    if let Err(e) = crate::core::shapes::solve(stdin.lock(), stdout.lock()) {
        eprintln!("<stdin>:{}", e);
        std::process::exit(1);
    }
}
"#;

const CRATE_VALIDATOR_MAIN: &str = r#"
fn main() {
    let stdin = std::io::stdin();
    match crate::core::shapes::strict::validate(stdin.lock()) {
        Ok(()) => std::process::exit(42),
        Err(e) => {
            eprintln!("<stdin>:{}", e);
            std::process::exit(43);
        }
    }
}
"#;

/// Names that only strict mode, tests or nothing at all use.
const NOT_JUDGED: [&str; 11] = [
    "fn validate",
    "Violation",
    "check_layout",
    "Strictness",
    "MAX_COUNT",
    "fn fits",
    "fn sizes",
    "fn reset",
    "fn longest",
    "fn read_all",
    "mod tests",
];

/// The judge's cases: input, stdout, stderr, exit status.
const JUDGE_CASES: [(&str, &str, &str, i32); 2] = [
    (
        "3\n\nsquare 2\n  circle\t1\nrect 2 3",
        "4\n3\n6\ntotal: 13\n-- \"shapes\" // done #\n",
        "",
        0,
    ),
    (
        "2\nsquare 2\nhexagon 1\n",
        "4\n",
        "<stdin>:3: unknown shape `hexagon`\n",
        1,
    ),
];

/// The validator's cases: input, stderr, exit status.
const VALIDATOR_CASES: [(&str, &str, i32); 4] = [
    ("2\nsquare 2\nrect 2 3\n", "", 42),
    (
        "2\nsquare  2\nrect 2 3\n",
        "<stdin>:2: expected single spaces (layout)\n",
        43,
    ),
    ("101\n", "<stdin>:1: count out of range (limits): 101\n", 43),
    (
        "1\ncircle 2000000\n",
        "<stdin>:2: size out of range (limits): 2000000\n",
        43,
    ),
];

#[test]
fn a_multi_file_crate_bundles_without_warnings_on_every_compiler_and_edition() {
    let form = |main: &str, style: Style, heading: &str| {
        assemble(CRATE, "core", main, style, heading).unwrap()
    };
    let judge = form(CRATE_JUDGE_MAIN, Style::Minified, "// judge\n");
    let readable = form(CRATE_JUDGE_MAIN, Style::Readable, "// readable\n");
    let validator = form(CRATE_VALIDATOR_MAIN, Style::Minified, "// validator\n");
    // What is kept is read in the readable forms: the minified ones have
    // other names.
    let readable_validator = form(CRATE_VALIDATOR_MAIN, Style::Readable, "");
    for name in NOT_JUDGED {
        assert!(
            !readable.contains(name),
            "the readable bundle keeps `{}`",
            name
        );
    }
    for name in NOT_JUDGED[..7].iter() {
        assert!(
            readable_validator.contains(name),
            "the validator lacks `{}`:\n{}",
            name,
            readable_validator
        );
    }
    assert!(readable.contains("/// Solves the input tolerantly"));
    assert!(!judge.contains("/// ") && !judge.contains("/*"));
    assert!(judge.len() < readable.len() / 2, "{}", judge);
    // The minified forms are one module.
    for flat in [&judge, &validator] {
        assert!(
            !flat.contains("mod ") && !flat.contains("crate::"),
            "{}",
            flat
        );
    }

    let sources = [
        ("crate-judge", &judge),
        ("crate-readable", &readable),
        ("crate-validator", &validator),
    ];
    let builds: Vec<(usize, Build)> = parallel(&sources, |(name, source)| {
        build_all(name, source, &every_compiler(), &EDITIONS)
    })
    .into_iter()
    .enumerate()
    .flat_map(|(i, builds)| builds.into_iter().map(move |b| (i, b)))
    .collect();
    let failures: Vec<String> = parallel(&builds, |(i, build)| {
        let mut failures = Vec::new();
        let mut check = |what: &str, got: &[u8], expected: &str| {
            let got = String::from_utf8_lossy(got);
            if got != expected {
                failures.push(format!(
                    "{}: {} {:?}, expected {:?}",
                    build.label, what, got, expected
                ));
            }
        };
        check("warnings", build.warnings.as_bytes(), "");
        let cases: Vec<(&str, &str, &str, i32)> = match i {
            2 => VALIDATOR_CASES
                .iter()
                .map(|&(input, stderr, code)| (input, "", stderr, code))
                .collect(),
            _ => JUDGE_CASES.to_vec(),
        };
        for (input, stdout, stderr, code) in cases {
            let output = run(&build.program, input.as_bytes());
            check("stdout", &output.stdout, stdout);
            check("stderr", &output.stderr, stderr);
            check(
                "status",
                format!("{:?}", output.status.code()).as_bytes(),
                &format!("{:?}", Some(code)),
            );
        }
        failures
    })
    .into_iter()
    .flatten()
    .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

// The core's bundles.

/// The judge bundle of `problem`, built by every compiler as every
/// edition, once for all the tests of this file.
fn judge_builds(problem: &str) -> &'static [Build] {
    static BUILDS: [OnceLock<Vec<Build>>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    let slot = match problem {
        "snooker" => &BUILDS[0],
        "fourrow" => &BUILDS[1],
        _ => &BUILDS[2],
    };
    slot.get_or_init(|| build_all(problem, &bundle(&[problem]), &every_compiler(), &EDITIONS))
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
/// builds it, which must say nothing while building it.
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
        let named = format!("fixtures/{}.in", case.label);
        common::compare(case, &label, &output, Some((&named, "<stdin>")))
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
    let stable = &compilers()[0];
    let problems = ["snooker", "fourrow", "rating"];
    let builds: Vec<Build> = parallel(&problems, |problem| {
        let source = referee::tool::bundle::bundle(problem_of(problem), Form::Validator);
        let name = format!("{}-validator", problem);
        build_all(&name, &source, &[stable], &["2021"])
    })
    .into_iter()
    .flatten()
    .collect();
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

/// SIZE LIMITS, for the lean core: SPOJ FOUROW takes 10,000 bytes, and
/// the others are held to 16 KiB. A bundle over its limit is shown with
/// its largest items, where cuts would tell most.
#[test]
fn judge_bundles_fit_the_judges_size_limits() {
    let mut over = Vec::new();
    for (problem, limit) in [("fourrow", 10_000), ("snooker", 16_384), ("rating", 16_384)] {
        let size = bundle(&[problem]).len();
        if size > limit {
            over.push(format!(
                "{}: {} bytes, at most {}; the largest items:",
                problem, size, limit
            ));
            for (item, bytes) in referee::tool::bundle::sizes(problem_of(problem))
                .into_iter()
                .take(25)
            {
                over.push(format!("{:>8}  {}", bytes, item));
            }
        }
    }
    assert!(over.is_empty(), "{}", over.join("\n"));
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
