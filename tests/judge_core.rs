//! The judge core (the `judge` crate, what the bundles run) against the
//! tool's own reading: the same bytes on every valid fixture and on
//! generated input of both styles, counts past the contest's limits
//! included.

mod common;

use referee::tool::cli::Style;
use referee::tool::gen;
use referee::tool::problem::Problem;

type JudgeSolve = fn(&str, &mut String) -> Result<(), String>;

fn judge_solver(problem: Problem) -> JudgeSolve {
    match problem {
        Problem::Snooker => judge::snooker::solve,
        Problem::Fourrow => judge::fourrow::solve,
        Problem::Rating => judge::rating::solve,
    }
}

fn tool_output(problem: Problem, input: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let solved = match problem {
        Problem::Snooker => referee::core::snooker::solve(input, &mut out),
        Problem::Fourrow => referee::core::fourrow::solve(input, &mut out),
        Problem::Rating => referee::core::rating::solve(input, &mut out),
    };
    solved.unwrap_or_else(|e| panic!("the tool refused a valid input: {}", e));
    out
}

fn assert_same(problem: Problem, label: &str, input: &[u8]) {
    let text = std::str::from_utf8(input).unwrap();
    let mut judged = String::new();
    judge_solver(problem)(text, &mut judged).unwrap_or_else(|e| panic!("{}: {}", label, e));
    let expected = String::from_utf8(tool_output(problem, input)).unwrap();
    pretty_assertions::assert_eq!(judged, expected, "{}", label);
}

const PROBLEMS: [Problem; 3] = [Problem::Snooker, Problem::Fourrow, Problem::Rating];

#[test]
fn the_judge_core_matches_every_valid_fixture() {
    for problem in PROBLEMS {
        let name = problem.name();
        for dir in [name.to_string(), format!("{}-strict", name)] {
            for case in common::cases(&dir)
                .iter()
                .filter(|c| c.expected_err.is_none())
            {
                let input = std::fs::read(&case.input).unwrap();
                assert_same(problem, &case.label, &input);
            }
        }
    }
}

#[test]
fn the_judge_core_matches_generated_input_of_both_styles() {
    for problem in PROBLEMS {
        for style in [Style::Plain, Style::Varied] {
            for seed in 0..60 {
                let input = gen::generate_bytes_styled(problem, style, seed, 4000);
                assert_same(
                    problem,
                    &format!("{:?} {:?} seed {}", problem, style, seed),
                    &input,
                );
            }
        }
    }
}

/// On input that is not valid the judge core stops with an error or
/// answers, and never panics: valid inputs cut at many places, with text
/// spliced in that a judge never sends (a letter, a digit, a ball word, a
/// header, a huge count), each read in full.
#[test]
fn the_judge_core_never_panics_on_spoiled_input() {
    let spoilers = [
        "x",
        "9",
        "0",
        " Red",
        "\nPlay again\n",
        "Game #",
        "\n99999999999999999999\n",
        "-",
    ];
    for problem in PROBLEMS {
        for case in common::cases(problem.name())
            .iter()
            .filter(|c| c.expected_err.is_none())
        {
            let text = std::fs::read_to_string(&case.input).unwrap();
            let cuts: Vec<usize> = (0..text.len())
                .filter(|&i| text.is_char_boundary(i))
                .step_by(7)
                .collect();
            for &cut in &cuts {
                for spoiler in spoilers {
                    let spoiled = format!("{}{}{}", &text[..cut], spoiler, &text[cut..]);
                    let solved = std::panic::catch_unwind(|| {
                        let _ = judge_solver(problem)(&spoiled, &mut String::new());
                    });
                    assert!(
                        solved.is_ok(),
                        "{} cut at {} with {:?}",
                        case.label,
                        cut,
                        spoiler
                    );
                }
            }
        }
    }
}
