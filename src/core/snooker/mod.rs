//! The snooker referee (ICPC Asia Chengdu 2010). Rules to be written.

pub mod fast;
pub mod parse;
pub mod render;
pub mod rules;
pub mod strict;

pub use self::parse::{Names, Visit};
use self::render::Referee;
pub use self::rules::{
    Ball, BallOn, Colours, Frame, Impossible, Next, Outcome, Player, Replay, Stage, Stroke,
};
use crate::core::io::strict::Strict;
use crate::core::io::{Error, Lines, Output};
use std::io::{Read, Write};

/// `referee snooker`: the referee's words for every frame of `input`.
pub fn solve<R: Read, W: Write>(input: R, out: W) -> Result<(), Error> {
    solve_with(input, out, &mut fast::Fast::default())
}

/// `referee snooker --strict`: the same, the input held to the format.
pub fn solve_strict<R: Read, W: Write>(input: R, out: W) -> Result<(), Error> {
    solve_with(input, out, &mut Strict::new())
}

/// The referee's words with the reading `checks`: `io::Tolerant` (the
/// general reading, which the judge bundles use), `fast::Fast` or
/// `io::strict::Strict`.
pub fn solve_with<R: Read, W: Write, C: parse::Checks>(
    input: R,
    out: W,
    checks: &mut C,
) -> Result<(), Error> {
    let mut out = Output::new(out);
    let result = parse::read_frames(&mut Lines::new(input), checks, &mut Referee::new(&mut out));
    out.finish(result)
}
