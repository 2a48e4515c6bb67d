//! `referee check PROBLEM INPUT OUTPUT`: is OUTPUT exactly the referee's
//! answer for INPUT? Exit 0 `accepted`; 1 wrong answer, with the first
//! difference as `referee: OUTPUT:LINE:COL: expected ..., found ...` (and 1
//! for an OUTPUT that cannot be read); 3 when INPUT cannot be read or is
//! not a valid input; 2 when both would be standard input.

use super::{diff, solver};
use crate::tool::problem::Problem;
use std::io::{self, Read};

/// Checks the file `output` against the answer for the file `input`
/// (`-` is standard input) and returns the exit status.
pub fn check(problem: Problem, input: &str, output: &str) -> u8 {
    if input == "-" && output == "-" {
        eprintln!("referee: INPUT and OUTPUT cannot both be standard input\nTry `referee --help`.");
        return 2;
    }
    let input_bytes = match read(input) {
        Ok(bytes) => bytes,
        Err(e) => {
            eprintln!("referee: {}: {}", shown_name(input), e);
            return 3;
        }
    };
    let (expected, solved) = solver::solve(problem, false, &input_bytes);
    if let Err(e) = solved {
        eprintln!("referee: {}:{}", shown_name(input), e);
        return 3;
    }
    let found = match read(output) {
        Ok(bytes) => bytes,
        Err(e) => {
            eprintln!("referee: {}: {}", shown_name(output), e);
            return 1;
        }
    };
    match diff::first_difference(&expected, &found) {
        None => {
            say!("accepted");
            0
        }
        Some(difference) => {
            say!("wrong answer");
            eprintln!("referee: {}:{}", shown_name(output), difference);
            1
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
