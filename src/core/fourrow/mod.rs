//! Four in a row (SPOJ FOUROW). Rules to be written.

pub mod board;
pub mod fast;
pub mod parse;
pub mod strict;

pub use self::board::{Game, Player, Verdict};
use crate::core::io::strict::Strict;
use crate::core::io::{Error, Lines, Output};
use std::io::{Read, Write};

/// `referee fourrow`: one verdict (and board) per game of `input`.
pub fn solve<R: Read, W: Write>(input: R, out: W) -> Result<(), Error> {
    solve_with(input, out, &mut fast::Fast)
}

/// `referee fourrow --strict`: the same, the input held to the format.
pub fn solve_strict<R: Read, W: Write>(input: R, out: W) -> Result<(), Error> {
    solve_with(input, out, &mut Strict::new())
}

/// The verdicts with the reading `checks`: `io::Tolerant` (the general
/// reading, which the judge bundles use), `fast::Fast` or
/// `io::strict::Strict`.
pub fn solve_with<R: Read, W: Write, C: parse::Checks>(
    input: R,
    out: W,
    checks: &mut C,
) -> Result<(), Error> {
    let mut out = Output::new(out);
    let result = parse::read_games(&mut Lines::new(input), checks, &mut out);
    out.finish(result)
}
