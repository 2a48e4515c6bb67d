//! # Four in a row: the tool's readings
//!
//! The rules, the input and output formats and their rulings are stated
//! once, in the judge core's module [`crate::judge::fourrow`]; the rulings
//! common to the three problems (R0) in the judge core's root. This
//! module reads input the tool's way: with places in its errors, the
//! `--strict` reading and a fast path, each checked against the judge
//! core by the tests.
//!
//! ## Layout of the input (R0.1, R0.6)
//!
//! Tolerated: CR LF line ends, blanks anywhere, blank lines, no final
//! newline, a byte-order mark at the start (R0.5). `--strict` holds the
//! input to the statement: the count first, then every line one whole
//! game, exactly `Game #k: ` with k counting from 1 and at most 42 slot
//! digits, LF line ends, nothing after the last game, no leading zeros.
//!
//! ## Errors (R0.3)
//!
//! `FILE:LINE:COL: message`, with what was expected and what was found,
//! after the output for the games that ended before the offending place:
//! a game ends at the next `Game`, even on the same line, or (`--strict`)
//! with its line. A line refused for its bytes (not UTF-8, over 1 MiB) is
//! read up to the offending byte first.
//!
//! ## The code
//!
//! `board` plays a game by the judge core's `Game` from the input's bytes
//! and writes its verdict and board; `parse` reads the format; `fast`
//! reads plain lines faster for the tool; `strict` holds the input to the
//! format.

pub(crate) mod board;
pub(crate) mod fast;
pub(crate) mod parse;
pub(crate) mod strict;

pub use self::board::{Game, Verdict};
use crate::core::io::strict::Strict;
use crate::core::io::{Error, Lines, Output, Tolerant};
use std::io::{Read, Write};

/// `referee fourrow`: one verdict (and board) per game of `input`.
pub fn solve<R: Read, W: Write>(input: R, out: W) -> Result<(), Error> {
    read(&mut Lines::new(input), out, &mut Tolerant, &mut fast::Fast)
}

/// How many lines of `input` the tool's fast path takes whole (the rest
/// go to the general reading), the output thrown away: the tests hold the
/// fast path to the lines it was written for with it.
pub fn lines_taken_fast<R: Read>(input: R) -> Result<usize, Error> {
    let mut lines = Lines::new(input);
    read(&mut lines, std::io::sink(), &mut Tolerant, &mut fast::Fast)?;
    Ok(lines.taken_fast())
}

/// `referee fourrow --strict`: the same, the input held to the format.
pub fn solve_strict<R: Read, W: Write>(input: R, out: W) -> Result<(), Error> {
    solve_with(input, out, &mut Strict::new())
}

/// The verdicts with the reading `checks`, `io::Tolerant` or
/// `io::strict::Strict`, and no fast path.
pub fn solve_with<R: Read, W: Write, C: parse::Checks>(
    input: R,
    out: W,
    checks: &mut C,
) -> Result<(), Error> {
    read(&mut Lines::new(input), out, checks, &mut parse::NoShortcut)
}

/// Reads `lines` with `checks` and `shortcut`, the verdicts to `out`.
fn read<R: Read, W: Write, C: parse::Checks, S: parse::Shortcut>(
    lines: &mut Lines<R>,
    out: W,
    checks: &mut C,
    shortcut: &mut S,
) -> Result<(), Error> {
    let mut out = Output::new(out);
    let result = parse::read_games(lines, checks, shortcut, &mut out);
    out.finish(result)
}
