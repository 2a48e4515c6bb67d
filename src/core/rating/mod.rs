//! Rating points exchange (ICPC South Pacific 2007). Rules to be written.

pub mod exchange;
pub mod fast;
pub mod parse;
pub mod players;
pub mod strict;

pub use self::exchange::{exchange, Hundredths, Outcome};
use crate::core::io::strict::Strict;
use crate::core::io::{Error, Lines, Output};
use std::io::{Read, Write};

/// `referee rating`: the ratings after every tournament of `input`.
pub fn solve<R: Read, W: Write>(input: R, out: W) -> Result<(), Error> {
    solve_with(input, out, &mut fast::Fast)
}

/// `referee rating --strict`: the same, the input held to the format.
pub fn solve_strict<R: Read, W: Write>(input: R, out: W) -> Result<(), Error> {
    solve_with(input, out, &mut Strict::new())
}

/// The ratings with the reading `checks`: `io::Tolerant` (the general
/// reading, which the judge bundles use), `fast::Fast` or
/// `io::strict::Strict`.
pub fn solve_with<R: Read, W: Write, C: parse::Checks>(
    input: R,
    out: W,
    checks: &mut C,
) -> Result<(), Error> {
    let mut out = Output::new(out);
    let result = parse::read_tournaments(&mut Lines::new(input), checks, &mut out);
    out.finish(result)
}
