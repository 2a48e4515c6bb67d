//! `referee stress` through the built binary, against solutions that
//! are wrong on purpose (`tests/wrong/`, compiled here with the rustc
//! beside cargo): a four-in-a-row checker blind to diagonals through the
//! top row, a snooker referee that forgets to respot colours potted in a
//! foul or reads a lot ignoring letter case, a rating exchange in
//! floating point, one that crashes, one that hangs. A shrunk input is checked to be 1-minimal here, by removing
//! every case, line, token and move in turn: each smaller input is either
//! invalid under `--strict` or passes.

mod common;

use predicates::prelude::*;
use referee::core::io::Error;
use std::fs;
use std::process::Stdio;

use common::{referee, referee_path, scratch, stress_failure, stress_failure_seeded, wrong};

fn stdout_of(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

type StrictSolver = fn(&[u8], &mut Vec<u8>) -> Result<(), Error>;

fn strict_solver(problem: &str) -> StrictSolver {
    match problem {
        "snooker" => |i, o| referee::core::snooker::solve_strict(i, o),
        "fourrow" => |i, o| referee::core::fourrow::solve_strict(i, o),
        _ => |i, o| referee::core::rating::solve_strict(i, o),
    }
}

/// Whether `command` passes on `input`: exit 0 and the referee's answer.
fn passes(problem: &str, command: &[&str], input: &[u8]) -> bool {
    let mut expected = Vec::new();
    strict_solver(problem)(input, &mut expected).unwrap();
    let mut child = std::process::Command::new(command[0])
        .args(&command[1..])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        use std::io::Write;
        let _ = stdin.write_all(&input);
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    output.status.success() && output.stdout == expected
}

/// Every input one case, line, token or move smaller than `input`, the
/// counts written again (`n m`, game numbers).
fn one_smaller(problem: &str, input: &str) -> Vec<String> {
    let mut cases = cases_of(problem, input);
    let mut smaller = Vec::new();
    let render = |cases: &[Vec<String>]| {
        let mut text = format!("{}\n", cases.len());
        for (k, case) in cases.iter().enumerate() {
            text += &render_case(problem, k + 1, case);
        }
        text
    };
    for i in 0..cases.len() {
        let mut fewer = cases.clone();
        fewer.remove(i);
        smaller.push(render(&fewer));
        for j in 0..cases[i].len() {
            for less in without_part(problem, &cases[i], j) {
                let mut fewer = cases.clone();
                fewer[i] = less;
                smaller.push(render(&fewer));
            }
        }
    }
    cases.clear();
    smaller
}

/// The cases of an input, each as its lines (four in a row: the moves,
/// one per line; snooker: the names line first).
fn cases_of(problem: &str, input: &str) -> Vec<Vec<String>> {
    let mut lines = input.lines().skip(1);
    let mut cases: Vec<Vec<String>> = Vec::new();
    match problem {
        "fourrow" => {
            for line in lines {
                let moves = line.split_once(": ").unwrap().1;
                cases.push(moves.chars().map(String::from).collect());
            }
        }
        "snooker" => {
            for line in lines {
                if line.is_empty() {
                    cases.push(Vec::new());
                } else {
                    cases.last_mut().unwrap().push(line.to_string());
                }
            }
        }
        _ => {
            while let Some(header) = lines.next() {
                let (n, m) = header.split_once(' ').unwrap();
                let count = n.parse::<usize>().unwrap() + m.parse::<usize>().unwrap();
                cases.push(lines.by_ref().take(count).map(String::from).collect());
            }
        }
    }
    cases
}

fn render_case(problem: &str, number: usize, case: &[String]) -> String {
    match problem {
        "fourrow" => format!("Game #{}: {}\n", number, case.concat()),
        "snooker" => format!("\n{}\n", case.join("\n")),
        _ => {
            let players = case.iter().filter(|l| l.split(' ').count() == 2).count();
            format!(
                "{} {}\n{}\n",
                players,
                case.len() - players,
                case.join("\n")
            )
        }
    }
}

/// A case without its part `j`: the move; the line (snooker: not the
/// names), or each of its tokens; the game, or the player and their games.
fn without_part(problem: &str, case: &[String], j: usize) -> Vec<Vec<String>> {
    let mut fewer = case.to_vec();
    fewer.remove(j);
    match problem {
        "fourrow" => vec![fewer],
        "snooker" if j == 0 => Vec::new(),
        "snooker" => {
            let tokens: Vec<&str> = case[j].split(' ').collect();
            let mut all = vec![fewer];
            if tokens.len() > 1 && case[j] != "Play again" {
                for t in 0..tokens.len() {
                    let mut line = tokens.clone();
                    line.remove(t);
                    let mut shorter = case.to_vec();
                    shorter[j] = line.join(" ");
                    all.push(shorter);
                }
            }
            all
        }
        _ => {
            let tokens: Vec<&str> = case[j].split(' ').collect();
            if tokens.len() == 2 {
                let name = tokens[0];
                fewer.retain(|l| {
                    let t: Vec<&str> = l.split(' ').collect();
                    t.len() == 2 || (t[0] != name && t[1] != name)
                });
            }
            vec![fewer]
        }
    }
}

/// Asserts that `input` is one case, valid, and 1-minimal for `command`.
fn assert_one_minimal_case(problem: &str, command: &[&str], input: &str) {
    assert!(input.starts_with("1\n"), "not one case:\n{}", input);
    assert!(
        strict_solver(problem)(input.as_bytes(), &mut Vec::new()).is_ok(),
        "not valid:\n{}",
        input
    );
    assert!(
        !passes(problem, command, input.as_bytes()),
        "passes:\n{}",
        input
    );
    for smaller in one_smaller(problem, input) {
        let valid = strict_solver(problem)(smaller.as_bytes(), &mut Vec::new()).is_ok();
        assert!(
            !valid || passes(problem, command, smaller.as_bytes()),
            "not 1-minimal: this smaller input fails too:\n{}\nshrunk input:\n{}",
            smaller,
            input
        );
    }
}

#[test]
fn stress_with_no_folder_for_its_out_file_says_so_before_any_run() {
    let dir = scratch("stress", "stress-out-unwritable");
    let output = referee()
        .current_dir(&dir)
        .args(["stress", "fourrow", "--seed", "1", "--inputs", "2"])
        .args(["--out", "missing/x.in", "--", "echo", "wrong"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(3));
    assert_eq!(stdout_of(&output), "0 passed, 0 failed\n");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(
        stderr,
        "referee: missing/x.in: no folder missing to write it in\n"
    );
}

#[test]
fn stress_never_writes_over_a_file_that_is_there() {
    let dir = scratch("stress", "stress-out-taken");
    // Said before any run, status 3: nothing was run or shrunk.
    let refused = |out: &str| {
        let output = referee()
            .current_dir(&dir)
            .args(["stress", "fourrow", "--seed", "1", "--inputs", "2"])
            .args(["--out", out, "--", "echo", "wrong"])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(3));
        assert_eq!(stdout_of(&output), "0 passed, 0 failed\n");
        String::from_utf8_lossy(&output.stderr).into_owned()
    };
    fs::write(dir.join("sol.sh"), "#!/bin/sh\ncat\n").unwrap();
    let stderr = refused("sol.sh");
    assert!(
        stderr.starts_with("referee: sol.sh: there already, and not written over"),
        "{}",
        stderr
    );
    assert_eq!(
        fs::read_to_string(dir.join("sol.sh")).unwrap(),
        "#!/bin/sh\ncat\n"
    );
    // Nor an empty file.
    fs::write(dir.join("empty.in"), "").unwrap();
    refused("empty.in");
    assert_eq!(fs::read(dir.join("empty.in")).unwrap(), b"");
}

#[test]
fn stress_finds_the_blind_diagonal_and_shrinks_it() {
    let command = [wrong("fourrow"), "top-diagonals".to_string()];
    let command: Vec<&str> = command.iter().map(String::as_str).collect();
    let (stdout, shrunk) = stress_failure("fourrow", "stress-fourrow", &command, &[]);
    assert!(
        stdout.contains("\nstress-failure.in: wrong answer: 1:"),
        "{}",
        stdout
    );
    assert!(stdout.contains("(1-minimal)"), "{}", stdout);
    // The same wrong answer every time: not said to vary.
    assert!(!stdout.contains("answers vary"), "{}", stdout);
    assert_one_minimal_case("fourrow", &command, &shrunk);
}

/// A game one move short of a full board with no winner: what a draw
/// called at 41 moves gets wrong, and what gen's varied style stops games
/// at now and then (before it did, stress with seed 1 passed this mistake
/// on its first 200 inputs).
#[test]
fn stress_finds_a_draw_called_at_41_moves_within_200_inputs() {
    let command = [wrong("fourrow"), "draw-at-41".to_string()];
    let shrunk = wrong_answer_in_200_inputs("fourrow", "stress-draw-41", &command);
    let game = shrunk.lines().nth(1).unwrap();
    assert_eq!(game.split_once(": ").unwrap().1.len(), 41, "{}", shrunk);
}

/// Runs `stress --seed 1 --inputs 200` to its first failure, a wrong
/// answer, and checks that the input it shrank to is 1-minimal; returns
/// that input.
fn wrong_answer_in_200_inputs(problem: &str, name: &str, command: &[String]) -> String {
    let command: Vec<&str> = command.iter().map(String::as_str).collect();
    let extra = ["--inputs", "200"];
    let (stdout, shrunk) = stress_failure_seeded(problem, name, &command, "1", &extra);
    assert!(stdout.contains("wrong answer: "), "{}", stdout);
    assert_one_minimal_case(problem, &command, &shrunk);
    shrunk
}

#[test]
fn stress_finds_the_forgotten_respot_and_shrinks_it() {
    let referee = referee_path();
    let command = [wrong("snooker"), referee];
    let command: Vec<&str> = command.iter().map(String::as_str).collect();
    let (stdout, shrunk) = stress_failure("snooker", "stress-snooker", &command, &[]);
    assert!(stdout.contains("wrong answer: "), "{}", stdout);
    assert!(stdout.contains("expected `Respot "), "{}", stdout);
    assert_one_minimal_case("snooker", &command, &shrunk);
}

/// Names that differ only in letter case and a tie: what a lot read
/// ignoring case gets wrong, and what stress's inputs now and then hold.
#[test]
fn stress_finds_a_lot_read_ignoring_case_and_shrinks_it() {
    let referee = referee_path();
    let command = [wrong("snooker"), referee, "lot-ignoring-case".to_string()];
    let command: Vec<&str> = command.iter().map(String::as_str).collect();
    let (stdout, shrunk) = stress_failure("snooker", "stress-lot-case", &command, &[]);
    assert!(stdout.contains("wrong answer: "), "{}", stdout);
    let names = shrunk.lines().nth(2).unwrap();
    let (a, b) = names.split_once(' ').unwrap();
    assert!(a != b && a.eq_ignore_ascii_case(b), "{}", shrunk);
    assert_one_minimal_case("snooker", &command, &shrunk);
}

/// The floating-point rating with the usual care is wrong only on
/// ratings of about 10^9 and more, which gen's varied style writes now
/// and then (before it did, stress with seed 1 passed it on 1000
/// inputs).
#[test]
fn stress_finds_a_careful_floating_point_rating_within_200_inputs() {
    let command = [wrong("rating"), "with-epsilon".to_string()];
    let shrunk = wrong_answer_in_200_inputs("rating", "stress-rating-epsilon", &command);
    let whole_digits = |token: &str| {
        token
            .trim_start_matches('-')
            .split('.')
            .next()
            .unwrap()
            .len()
    };
    let largest = shrunk.split_whitespace().map(whole_digits).max().unwrap();
    assert!(largest >= 10, "{}", shrunk);
}

#[test]
fn stress_finds_the_floating_point_rating_and_shrinks_it() {
    let command = [wrong("rating")];
    let command: Vec<&str> = command.iter().map(String::as_str).collect();
    let (stdout, shrunk) = stress_failure("rating", "stress-rating", &command, &[]);
    assert!(stdout.contains("wrong answer: "), "{}", stdout);
    assert_one_minimal_case("rating", &command, &shrunk);
}

#[test]
fn stress_shrinks_a_crash_to_the_empty_game() {
    let command = [wrong("fourrow"), "crash-on-empty".to_string()];
    let command: Vec<&str> = command.iter().map(String::as_str).collect();
    let (stdout, shrunk) = stress_failure("fourrow", "stress-crash", &command, &[]);
    assert_eq!(shrunk, "1\nGame #1: \n");
    assert!(
        stdout.contains(
            "stress-failure.in: runtime error: exit status 101; stderr: game 1 has no moves\n"
        ),
        "{}",
        stdout
    );
}

/// The default file of the shrunk input never replaces a file that is
/// there already: the next free name is taken and said.
#[test]
fn stress_keeps_a_file_of_the_default_name_that_is_there() {
    let dir = scratch("stress", "default-taken");
    fs::write(dir.join("stress-failure.in"), "my own notes\n").unwrap();
    let output = referee()
        .current_dir(&dir)
        .args(["stress", "fourrow", "--seed", "7", "--inputs", "3"])
        .args(["--", "sh", "-c", "echo x"])
        .output()
        .unwrap();
    let stdout = stdout_of(&output);
    assert_eq!(output.status.code(), Some(1), "{}", stdout);
    assert!(stdout.contains("wrote stress-failure-2.in\n"), "{}", stdout);
    assert_eq!(
        fs::read_to_string(dir.join("stress-failure.in")).unwrap(),
        "my own notes\n"
    );
    assert!(fs::read_to_string(dir.join("stress-failure-2.in"))
        .unwrap()
        .starts_with("1\nGame #1:"));
}

#[test]
fn stress_kills_a_program_that_hangs() {
    let command = [wrong("fourrow"), "hang".to_string()];
    let command: Vec<&str> = command.iter().map(String::as_str).collect();
    let (stdout, shrunk) =
        stress_failure("fourrow", "stress-hang", &command, &["--timeout", "0.3"]);
    assert_eq!(shrunk, "1\nGame #1: \n");
    assert!(
        stdout.contains("stress-failure.in: time limit exceeded: killed after 300ms\n"),
        "{}",
        stdout
    );
}

#[test]
fn stress_passes_a_right_solution_and_repeats_a_seed() {
    let right = wrong("fourrow");
    for _ in 0..2 {
        referee()
            .args([
                "stress", "fourrow", "--inputs", "60", "--seed", "3", "--", &right, "right",
            ])
            .assert()
            .code(0)
            .stdout("60 passed, 0 failed\n")
            .stderr("");
    }
    // The same seed makes the same inputs, so the same failure.
    let blind = [right.as_str(), "top-diagonals"];
    let (first, _) = stress_failure("fourrow", "stress-seed-a", &blind, &[]);
    let (second, _) = stress_failure("fourrow", "stress-seed-b", &blind, &[]);
    assert_eq!(first, second);
}

#[test]
fn stress_without_a_seed_prints_the_one_it_picked() {
    referee()
        .args([
            "stress",
            "rating",
            "--inputs",
            "3",
            "--",
            &referee_path(),
            "rating",
        ])
        .assert()
        .code(0)
        .stdout("3 passed, 0 failed\n")
        .stderr(predicate::function(|err: &str| {
            // `referee: stress seed N (repeat with --seed N --inputs 3)`.
            let seed = err
                .strip_prefix("referee: stress seed ")
                .and_then(|rest| rest.split_once(' '));
            matches!(seed, Some((n, rest)) if !n.is_empty()
                && n.bytes().all(|b| b.is_ascii_digit())
                && rest == format!("(repeat with --seed {} --inputs 3)\n", n))
        }));
}
