//! `referee check PROBLEM INPUT OUTPUT [ANSWER]`: is OUTPUT exactly the
//! answer for INPUT? Without ANSWER the referee's own answer is the one;
//! with it, ANSWER is, as the judges of testlib and online-judge-tools
//! call a checker (`JUDGE INPUT OUTPUT ANSWER`), while INPUT must still be
//! valid. Exit 0 `accepted`; 1 wrong answer, with the first difference as
//! `referee: OUTPUT:LINE:COL: expected ..., found ...`; 3 when INPUT is
//! invalid or a file cannot be read; 2 when two would be standard input.

use super::{diff, solver, ACCEPTED, FAILED, UNUSABLE};
use crate::tool::problem::Problem;
use std::io::{self, Read};

/// Checks the file `output` against the answer for the file `input`, or
/// the file `answer` (`-` is standard input) and returns the exit status.
pub fn check(problem: Problem, input: &str, output: &str, answer: Option<&str>) -> u8 {
    let files = [Some(input), Some(output), answer];
    if files.iter().filter(|&&f| f == Some("-")).count() > 1 {
        let usage = crate::tool::cli::Usage::new(
            "only one of INPUT, OUTPUT and ANSWER can be standard input",
        );
        eprint!("{}", usage.of("check").report());
        return 2;
    }
    let read_or_say =
        |path: &str| read(path).map_err(|e| eprintln!("referee: {}: {}", shown_name(path), e));
    let Ok(input_bytes) = read_or_say(input) else {
        return UNUSABLE;
    };
    let (own_answer, solved) = solver::solve(problem, false, &input_bytes);
    if let Err(e) = solved {
        eprintln!("referee: {}:{}", shown_name(input), e);
        return UNUSABLE;
    }
    let expected = match answer {
        None => own_answer,
        Some(path) => match read_or_say(path) {
            Ok(bytes) => bytes,
            Err(()) => return UNUSABLE,
        },
    };
    let Ok(found) = read_or_say(output) else {
        return UNUSABLE;
    };
    match diff::first_difference(&expected, &found) {
        None => {
            say!("accepted");
            ACCEPTED
        }
        Some(difference) => {
            say!("wrong answer");
            eprintln!("referee: {}:{}", shown_name(output), difference);
            FAILED
        }
    }
}

fn read(path: &str) -> io::Result<Vec<u8>> {
    if path == "-" {
        let mut bytes = Vec::new();
        io::stdin().lock().read_to_end(&mut bytes)?;
        Ok(bytes)
    } else {
        std::fs::read(path)
    }
}

/// A file as messages name it: `<stdin>` for `-`.
fn shown_name(path: &str) -> &str {
    if path == "-" {
        "<stdin>"
    } else {
        path
    }
}
