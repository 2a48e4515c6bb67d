//! `referee check PROBLEM INPUT OUTPUT [ANSWER]`: is OUTPUT exactly the
//! answer for INPUT? Without ANSWER the referee's own answer is the one;
//! with it, ANSWER is, as the judges of testlib and online-judge-tools
//! call a checker (`JUDGE INPUT OUTPUT ANSWER`), while INPUT must still be
//! valid. Exit 0 `accepted`; 1 wrong answer, with the first difference as
//! `referee: OUTPUT:LINE:COL: expected ..., found ...`; 3 when INPUT is
//! invalid or a file cannot be read; 2 when two would be standard input.

use super::{diff, solver, ACCEPTED, FAILED, UNUSABLE};
use crate::core::io::error::escaped_name;
use crate::core::io::{stderr_about, stderr_line, stderr_text};
use crate::tool::problem::Problem;
use crate::tool::run::open_input;
use crate::tool::solvers;
use std::io::{self, Read};

/// Checks the file `output` against the answer for the file `input`, or
/// the file `answer` (`-` is standard input) and returns the exit status.
pub(crate) fn check(problem: Problem, input: &str, output: &str, answer: Option<&str>) -> u8 {
    let files = [Some(input), Some(output), answer];
    if files.iter().filter(|&&f| f == Some("-")).count() > 1 {
        let usage = crate::tool::cli::Usage::new(
            "only one of INPUT, OUTPUT and ANSWER can be standard input",
        );
        stderr_text(format_args!("{}", usage.of("check").report()));
        return 2;
    }
    let read_or_say =
        |path: &str, most: u64| read(path, most).map_err(|e| stderr_about(&shown_name(path), e));
    // The input is read as it is solved, so that an endless one is
    // stopped at its first fault.
    let opened = open_input(input).map_err(|e| stderr_about(&shown_name(input), e));
    let Ok(input_reader) = opened else {
        return UNUSABLE;
    };
    let (own_answer, solved) = solver::solve(problem, false, input_reader);
    if let Err(e) = solved {
        stderr_line(format_args!(
            "referee: {}",
            solvers::describe(&shown_name(input), &e)
        ));
        return UNUSABLE;
    }
    // An answer far longer than the referee's own is no answer for INPUT:
    // it is read only so far, so that an endless one ends too.
    let most_answer = own_answer.len() as u64 + EXTRA_ANSWER;
    let expected = match answer {
        None => own_answer,
        Some(path) => match read_or_say(path, most_answer + 1) {
            Ok(bytes) if bytes.len() as u64 > most_answer => {
                let message = format!(
                    "more than {} bytes longer than the referee's answer for {}: not read past that",
                    EXTRA_ANSWER,
                    shown_name(input)
                );
                stderr_about(&shown_name(path), message);
                return UNUSABLE;
            }
            Ok(bytes) => bytes,
            Err(()) => return UNUSABLE,
        },
    };
    // An output that runs on past the answer is read only so far, so that
    // an endless one ends too: its first difference is in that start.
    let most = expected.len() as u64 + EXTRA_OUTPUT;
    let Ok(found) = read_or_say(output, most + 1) else {
        return UNUSABLE;
    };
    let compared = if found.len() as u64 > most {
        diff::first_difference_in_start(&expected, &found)
    } else {
        diff::first_difference(&expected, &found)
    };
    match compared {
        None => {
            say!("accepted");
            ACCEPTED
        }
        Some(difference) => {
            say!("wrong answer");
            stderr_line(format_args!(
                "referee: {}:{}",
                shown_name(output),
                difference
            ));
            FAILED
        }
    }
}

/// How much of an output past the answer's length is read to find where
/// the two differ.
const EXTRA_OUTPUT: u64 = 1 << 20;

/// How much longer than the referee's own answer an ANSWER may be: far
/// more than any difference of layout, far less than all the memory.
const EXTRA_ANSWER: u64 = 1 << 24;

/// The first `most` bytes of the file `path`, or of standard input for `-`.
fn read(path: &str, most: u64) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    open_input(path)?.take(most).read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// A file as messages name it: `<stdin>` for `-`, else its name with
/// control characters spelled out.
fn shown_name(path: &str) -> String {
    if path == "-" {
        "<stdin>".to_string()
    } else {
        escaped_name(path)
    }
}
