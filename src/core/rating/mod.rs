//! # Rating points exchange (ICPC South Pacific 2007)
//!
//! `referee rating` reads tournaments of a board game and writes the
//! players' ratings after each, every game having moved points from one
//! player to the other. The rules below are the ones this project applies;
//! the numbered rulings (P1 to P7, R0.x) say what it decided where the
//! statement was unclear.
//!
//! ## One game
//!
//! All arithmetic is in exact hundredths of a point (P1); nothing is
//! rounded but the core exchange.
//!
//! 1. **Handicap.** White counts as 3.00 points stronger than her rating
//!    when the players are compared; the ratings themselves move from their
//!    real values. The *gap* is the higher counted rating minus the lower.
//! 2. **Core exchange.** CE is the gap divided by 10, rounded half up to
//!    hundredths: with the gap g in hundredths, CE = (g + 5) / 10, whole
//!    division (P1).
//! 3. **The exchange RPE** (P2): when the higher-rated (after the handicap)
//!    wins, RPE = 1.00 - CE; when the lower-rated wins, RPE = 1.00 + CE;
//!    the winner gains RPE and the loser loses it. The formula is applied
//!    as it stands: with a gap over 10.00, RPE is negative and the
//!    favourite who wins loses points. In a draw the higher-rated gives CE
//!    to the lower-rated. With equal counted ratings, a win moves 1.00 and
//!    a draw nothing.
//! 4. **Doubling** (P3): when the winner is left with pieces worth strictly
//!    less than the loser's, RPE is doubled. Never for a draw.
//! 5. **Self-play** (P4): a player may meet himself; both changes apply to
//!    the one rating, which ends unchanged.
//!
//! Each game uses the ratings left by the games before it.
//!
//! ## Input
//!
//! - The first line holds the number of tournaments (`--strict`: 1 to
//!   1000). Then for each: a line `n m` (players, games; `--strict`: n from
//!   2 to 500, m from 1 to 500), n lines `name rating`, m lines
//!   `white black result whitePieces blackPieces`, the result being
//!   white's: `won`, `drew` or `lost`.
//! - A rating has at most two decimals (`76.9` is 76.90, `77` is 77.00)
//!   and an optional minus sign (P6). Ratings are kept within
//!   ±9999999999999.99 (`limits::rating::MAX_RATING`): a rating beyond it,
//!   read or reached by a game, is an input error at its line that names
//!   the limit — never a wrong number; within it no step of the exchange
//!   can overflow (P7).
//! - Piece values are integers within 64 bits (P7). An unknown player in
//!   a game, a player listed twice, another result word are input errors
//!   (P6).
//!
//! ## Output
//!
//! For tournament K, `Ratings after Tournament K:`, then a line
//! `name rating` per player, the rating with exactly two decimals and a
//! minus sign when below zero (`-0.05`), sorted by rating, highest first,
//! and players with equal ratings by name, descending in byte order
//! (`bobby` before `bob`); no blank lines (P5).
//!
//! ## Layout of the input (R0.1, R0.6)
//!
//! Tolerated: CR LF, runs of spaces or tabs, blank lines, no final newline,
//! a byte-order mark at the start (R0.5). `--strict` holds the input to the
//! statement: single spaces, no blank line, LF line ends, names of 1 to 10
//! lower-case letters, ratings with exactly two decimals and a minus sign
//! only below zero (`-5.00`, never `-0.00`, P6), piece values plain whole
//! numbers (0 or more), no integer with a leading zero, the counts within
//! their bounds.
//!
//! ## Errors (R0.3)
//!
//! `FILE:LINE:COL: message`, with what was expected and what was found,
//! after the output of the tournaments that ended before the offending
//! place. Zero tournaments write nothing (R0.7; `--strict`: 1 to 1000).
//!
//! ## The code
//!
//! [`exchange`](mod@exchange) is the one statement of a game's exchange; [`players`]
//! keeps a tournament's players in a hash table whose key is drawn anew for
//! every run, so no set of names can make lookups collide on purpose;
//! [`parse`] reads the format; [`fast`] reads plain game lines faster for
//! the tool; [`strict`] holds the input to the format.

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

/// How many lines of `input` the tool's fast path takes whole (the rest
/// go to the general reading), the output thrown away: the tests hold the
/// fast path to the lines it was written for with it.
pub fn lines_taken_fast<R: Read>(input: R) -> Result<usize, Error> {
    let mut lines = Lines::new(input);
    let mut out = Output::new(std::io::sink());
    let result = parse::read_tournaments(&mut lines, &mut fast::Fast, &mut out);
    out.finish(result)?;
    Ok(lines.taken_fast())
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
