//! The judge's one door into the core: the three solvers and the
//! generators. Everything the judge needs from them goes through here, so
//! that a change of the core's API is a change of this file alone.

use crate::core::io::Error;
use crate::core::{fourrow, rating, snooker};
use crate::tool::gen;
use crate::tool::problem::Problem;

/// The referee's answer for `input`: the output written and how the run
/// ended. `strict` holds the input to the statement's exact format.
pub fn solve(problem: Problem, strict: bool, input: &[u8]) -> (Vec<u8>, Result<(), Error>) {
    let mut out = Vec::new();
    let result = match (problem, strict) {
        (Problem::Snooker, false) => snooker::run(input, &mut out),
        (Problem::Snooker, true) => snooker::run_strict(input, &mut out),
        (Problem::Fourrow, false) => fourrow::run(input, &mut out),
        (Problem::Fourrow, true) => fourrow::run_strict(input, &mut out),
        (Problem::Rating, false) => rating::run(input, &mut out),
        (Problem::Rating, true) => rating::run_strict(input, &mut out),
    };
    (out, result)
}

/// The answer to an input that `--strict` accepts, or `None`.
pub fn strict_answer(problem: Problem, input: &[u8]) -> Option<Vec<u8>> {
    match solve(problem, true, input) {
        (out, Ok(())) => Some(out),
        (_, Err(_)) => None,
    }
}

/// A generated input of one case, the same bytes for the same seed.
pub fn generate_one(problem: Problem, seed: u64) -> Vec<u8> {
    let mut input = Vec::new();
    gen::generate(problem, seed, Some(1), &mut input).expect("writing to memory cannot fail");
    input
}
