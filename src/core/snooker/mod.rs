//! # The snooker referee: the tool's readings
//!
//! The rules, the input and output formats and their rulings are stated
//! once, in the judge core's module [`crate::judge::snooker`]; the rulings
//! common to the three problems (R0) in the judge core's root. This
//! module reads input the tool's way: with places in its errors, the
//! `--strict` reading and a fast path, each checked against the judge
//! core by the tests.
//!
//! ## Layout of the input (R0.1, R0.6)
//!
//! Tolerated: CR LF line ends, runs of spaces or tabs, blanks at the start
//! or end of a line, blank lines anywhere, no final newline, and a UTF-8
//! byte-order mark at the very start (R0.5). `--strict` refuses all of
//! these and holds the input to the statement: the count first, exactly
//! one empty line before every frame and none elsewhere, single spaces,
//! names of 1 to 20 letters, the format's words spelled as the judge core
//! writes them,
//! no integer with a leading zero, 1 to 200 frames.
//!
//! ## Errors (R0.3)
//!
//! Bad input is reported as `FILE:LINE:COL: message` with what was
//! expected and what was found, after all the output for the lines before
//! it; no partial line is written. Of the faults of one stroke line (a
//! word out of place, a colour or `White` potted twice, a ball that is
//! not on the table, more reds than are left), the leftmost is named
//! (S14; `--strict` names a fault of the line's shape first). Zero frames write nothing (R0.7;
//! `--strict`: 1 to 200).
//!
//! ## The code
//!
//! `balls` names the balls and what a stroke line says of them;
//! `rules` is the tool's [`Frame`], which plays every stroke by the
//! judge core's `Frame` and says in detail why a line cannot be played;
//! [`parse`] reads the format and hands
//! every line, with what the frame made of it, to a [`Visit`]; `render`
//! is the referee's `Visit`; `fast` reads plain lines faster for the
//! tool; `strict` holds the input to the format.

pub(crate) mod balls;
pub(crate) mod fast;
pub mod parse;
pub(crate) mod render;
pub(crate) mod rules;
mod said;
pub(crate) mod strict;

pub use self::balls::{Ball, BallOn, Colours, Player, Stroke};
pub use self::parse::{Names, Visit};
use self::render::Referee;
pub use self::rules::{Frame, Impossible, Next, Outcome, Replay, Stage};
use crate::core::io::strict::Strict;
use crate::core::io::{Error, Lines, Output, Tolerant};
use std::io::{Read, Write};

/// `referee snooker`: the referee's words for every frame of `input`.
pub fn solve<R: Read, W: Write>(input: R, out: W) -> Result<(), Error> {
    let mut fast = fast::Fast::default();
    read(&mut Lines::new(input), out, &mut Tolerant, &mut fast)
}

/// How many lines of `input` the tool's fast path takes whole (the rest
/// go to the general reading), the output thrown away: the tests hold the
/// fast path to the lines it was written for with it.
pub fn lines_taken_fast<R: Read>(input: R) -> Result<usize, Error> {
    let mut lines = Lines::new(input);
    let mut fast = fast::Fast::default();
    read(&mut lines, std::io::sink(), &mut Tolerant, &mut fast)?;
    Ok(lines.taken_fast())
}

/// `referee snooker --strict`: the same, the input held to the format.
pub fn solve_strict<R: Read, W: Write>(input: R, out: W) -> Result<(), Error> {
    solve_with(input, out, &mut Strict::new())
}

/// The referee's words with the reading `checks`, `io::Tolerant` or
/// `io::strict::Strict`, and no fast path.
pub fn solve_with<R: Read, W: Write, C: parse::Checks>(
    input: R,
    out: W,
    checks: &mut C,
) -> Result<(), Error> {
    read(&mut Lines::new(input), out, checks, &mut parse::NoShortcut)
}

/// Reads `lines` with `checks` and `shortcut`, the referee's words to
/// `out`.
fn read<R, W, C, S>(
    lines: &mut Lines<R>,
    out: W,
    checks: &mut C,
    shortcut: &mut S,
) -> Result<(), Error>
where
    R: Read,
    W: Write,
    C: parse::Checks,
    S: for<'o> parse::Shortcut<Referee<'o, W>>,
{
    let mut out = Output::new(out);
    let result = parse::read_frames_with(lines, checks, shortcut, &mut Referee::new(&mut out));
    out.finish(result)
}
