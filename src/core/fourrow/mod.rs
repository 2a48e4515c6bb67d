//! # Four in a row (SPOJ FOUROW)
//!
//! `referee fourrow` reads the moves of four-in-a-row games and says of
//! each whether it is valid, over, and who won, drawing the board of a
//! win. The rules below are the ones this project applies; the numbered
//! rulings (F1 to F5, R0.x) say what it decided where the statement was
//! unclear.
//!
//! ## The game
//!
//! Two players drop chips in turn, the first player first, into seven
//! slots of six cells; a chip falls to the lowest empty cell of its slot.
//! A player who gets four or more chips in a line — across, up, or along
//! either diagonal — wins.
//!
//! ## The verdict (F2)
//!
//! The moves are checked one by one. A move made after a player has won,
//! or a seventh chip in one slot, makes the game *invalid* at once (so more
//! than 42 moves is invalid too). Otherwise the game is *won* by the player
//! whose move made four in a line; else *over with no winner* when all 42
//! cells are filled; else *not over*. A game without moves is valid and not
//! over.
//!
//! ## Input
//!
//! - The first line holds t, the number of games; exactly t are read
//!   (R0.2), whatever t is (R0.4; `--strict` wants 1 to 99). Zero games
//!   write nothing (R0.7).
//! - A game starts with a header `Game #n:` and its moves are the slot
//!   digits `1` to `7` after it, up to the next `Game` or the end of input,
//!   over any number of lines, blanks between them ignored (F1).
//! - Any other character among the moves, a digit outside 1 to 7, or
//!   moves before the first header are input errors (F5).
//!
//! ## Output
//!
//! For each game exactly one of these lines, with n as its header gave it
//! without leading zeros, however many digits it has (`Game #007:` is
//! `Game #7`, `Game #0:` is `Game #0`; F5):
//!
//! - `Game #n is invalid.`
//! - `Game #n is over. There is no winner.`
//! - `Game #n is over. The first player won.`
//! - `Game #n is over. The second player won.`
//! - `Game #n is not over, yet.`
//!
//! After a win, the board (F4): a line of seven hyphens, the rows of the
//! grid that hold at least one chip, top row first, seven characters each
//! (`x` first player, `o` second player, a space for an empty cell,
//! trailing spaces kept), and seven hyphens again. Every chip of the winner
//! that lies in a line of four or more is written in capitals, `X` or `O`
//! (F3): all such lines, however long, in any direction, the top row and
//! the side slots included.
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
//! [`board`] holds a game on bitboards (moves, verdict, the board of a
//! win); [`parse`] reads the format; [`fast`] reads plain lines faster for
//! the tool; [`strict`] holds the input to the format.

pub mod board;
pub mod fast;
pub mod parse;
pub mod strict;

pub use self::board::{Game, Verdict};
use crate::core::io::strict::Strict;
use crate::core::io::{Error, Lines, Output};
use std::io::{Read, Write};

/// `referee fourrow`: one verdict (and board) per game of `input`.
pub fn solve<R: Read, W: Write>(input: R, out: W) -> Result<(), Error> {
    solve_with(input, out, &mut fast::Fast)
}

/// How many lines of `input` the tool's fast path takes whole (the rest
/// go to the general reading), the output thrown away: the tests hold the
/// fast path to the lines it was written for with it.
pub fn lines_taken_fast<R: Read>(input: R) -> Result<usize, Error> {
    let mut lines = Lines::new(input);
    let mut out = Output::new(std::io::sink());
    let result = parse::read_games(&mut lines, &mut fast::Fast, &mut out);
    out.finish(result)?;
    Ok(lines.taken_fast())
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
