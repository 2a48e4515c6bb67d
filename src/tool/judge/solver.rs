//! The judge's one door into the core: the three solvers and the
//! generators. Everything the judge needs from them goes through here, so
//! that a change of the core's API is a change of this file alone.

use crate::core::io::{Error, Line};
use crate::core::snooker::Stroke;
use crate::core::{fourrow, rating, snooker};
use crate::tool::cli::Style;
use crate::tool::gen::{self, Rng};
use crate::tool::problem::Problem;
use std::io::Read;

/// The referee's answer for `input`: the output written and how the run
/// ended. `strict` holds the input to the statement's exact format.
pub(crate) fn solve<R: Read>(
    problem: Problem,
    strict: bool,
    input: R,
) -> (Vec<u8>, Result<(), Error>) {
    let mut out = Vec::new();
    let result = match (problem, strict) {
        (Problem::Snooker, false) => snooker::solve(input, &mut out),
        (Problem::Snooker, true) => snooker::solve_strict(input, &mut out),
        (Problem::Fourrow, false) => fourrow::solve(input, &mut out),
        (Problem::Fourrow, true) => fourrow::solve_strict(input, &mut out),
        (Problem::Rating, false) => rating::solve(input, &mut out),
        (Problem::Rating, true) => rating::solve_strict(input, &mut out),
    };
    (out, result)
}

/// The answer to an input that `--strict` accepts, or `None`.
pub(crate) fn strict_answer(problem: Problem, input: &[u8]) -> Option<Vec<u8>> {
    match solve(problem, true, input) {
        (out, Ok(())) => Some(out),
        (_, Err(_)) => None,
    }
}

/// A generated input of one case in `style`, the same bytes for the same
/// seed.
pub(crate) fn generate_one(problem: Problem, style: Style, seed: u64) -> Vec<u8> {
    let mut input = Vec::new();
    gen::generate_styled(problem, style, seed, Some(1), &mut input)
        .expect("writing to memory cannot fail");
    input
}

/// The stroke a snooker line describes (not `Play again` or a lot line),
/// or `None`.
pub(crate) fn parse_stroke(line: &[u8]) -> Option<Stroke> {
    if line.iter().all(u8::is_ascii_whitespace) {
        return None;
    }
    match snooker::parse::parse_event(&Line::new(1, line)) {
        Ok(snooker::parse::Event::Stroke(stroke)) => Some(stroke),
        _ => None,
    }
}

/// Whether a snooker line inside a frame is `Play again` (in any letter
/// case).
pub(crate) fn is_play_again(line: &[u8]) -> bool {
    matches!(
        snooker::parse::parse_event(&Line::new(1, line)),
        Ok(snooker::parse::Event::PlayAgain)
    )
}

/// A snooker stroke's line, as the generator writes it (no line end).
pub(crate) fn stroke_line(stroke: &Stroke) -> Vec<u8> {
    let mut line = Vec::new();
    // The generator's order of the potted balls: any order is valid.
    gen::write_stroke(&mut Rng::new(0), stroke, &mut line);
    line.pop();
    line
}
