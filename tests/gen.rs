//! `referee gen` stays within the statements' limits: whatever the seed
//! and the style, its output passes `--strict`; only a `--cases` past a
//! limit goes beyond, and says so on stderr. Without `--seed` a random
//! seed is used and printed, so that a tool calling `referee gen PROBLEM`
//! as it is gets a new input each time.

use assert_cmd::Command;
use referee::tool::cli::Style;
use referee::tool::gen;
use referee::tool::problem::Problem;
use referee::tool::solvers;

fn referee() -> Command {
    Command::cargo_bin("referee").unwrap()
}

#[test]
fn every_seed_and_style_passes_strict() {
    for problem in Problem::ALL {
        for style in Style::ALL {
            for seed in 0..60 {
                let mut input = Vec::new();
                gen::generate_styled(problem, style, seed, None, &mut input).unwrap();
                if let Err(e) = solvers::check(problem, &input[..]) {
                    panic!(
                        "{} --style {} --seed {}: {}",
                        problem.name(),
                        style.name(),
                        seed,
                        solvers::describe("<gen>", &e)
                    );
                }
            }
        }
    }
}

#[test]
fn the_largest_counts_allowed_pass_strict_too() {
    for problem in Problem::ALL {
        let most = *gen::case_limits(problem).end();
        for style in Style::ALL {
            let mut input = Vec::new();
            gen::generate_styled(problem, style, 7, Some(most), &mut input).unwrap();
            assert!(
                solvers::check(problem, &input[..]).is_ok(),
                "{}",
                problem.name()
            );
        }
    }
}

#[test]
fn the_binary_writes_what_strict_accepts_in_both_styles() {
    for problem in ["snooker", "fourrow", "rating"] {
        for style in ["plain", "varied"] {
            let made = referee()
                .args(["gen", problem, "--style", style, "--seed", "12"])
                .assert()
                .success()
                .stderr("");
            let input = made.get_output().stdout.clone();
            referee()
                .args([problem, "--strict"])
                .write_stdin(input)
                .assert()
                .success();
        }
    }
}

#[test]
fn without_a_seed_the_seed_used_is_printed() {
    let made = referee().args(["gen", "rating"]).assert().success();
    let stderr = String::from_utf8(made.get_output().stderr.clone()).unwrap();
    let seed = stderr
        .strip_prefix("referee: gen seed ")
        .and_then(|rest| rest.strip_suffix('\n'))
        .unwrap_or_else(|| panic!("{}", stderr));
    referee()
        .args(["gen", "rating", "--seed", seed])
        .assert()
        .success()
        .stdout(made.get_output().stdout.clone());
}

#[test]
fn a_count_past_the_limit_is_written_with_a_note() {
    let made = referee()
        .args(["gen", "fourrow", "--seed", "1", "--cases", "100"])
        .assert()
        .success();
    let output = made.get_output();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(
        stderr,
        "referee: note: 100 games is outside the statement's 1 to 99: \
         --strict will reject this input\n"
    );
    assert!(output.stdout.starts_with(b"100\nGame #1: "));
    referee()
        .args(["fourrow", "--strict"])
        .write_stdin(output.stdout.clone())
        .assert()
        .code(1);
    // Within the limits: no note.
    referee()
        .args(["gen", "fourrow", "--seed", "1", "--cases", "99"])
        .assert()
        .success()
        .stderr("");
}
