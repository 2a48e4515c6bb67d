//! # Rating points exchange: the tool's readings
//!
//! The rules, the input and output formats and their rulings are stated
//! once, in the judge core's module [`crate::judge::rating`]; the rulings
//! common to the three problems (R0) in the judge core's root. This
//! module reads input the tool's way: with places in its errors, the
//! `--strict` reading and a fast path, each checked against the judge
//! core by the tests.
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
//! [`exchange`](mod@exchange) is the one statement of a game's exchange; `players`
//! keeps a tournament's players in a hash table whose key is drawn anew for
//! every run, so no set of names can make lookups collide on purpose;
//! `parse` reads the format; `fast` reads plain game lines faster for
//! the tool; `rank` puts the ratings list in the order of the judge core's
//! key, by counting where the ratings lie close together; `strict` holds
//! the input to the format.

pub mod exchange;
pub(crate) mod fast;
pub(crate) mod parse;
pub(crate) mod players;
pub(crate) mod rank;
pub(crate) mod strict;

pub use self::exchange::{exchange, Hundredths, Outcome};
use crate::core::io::strict::Strict;
use crate::core::io::{Error, Lines, Output, Tolerant};
use std::io::{Read, Write};

/// `referee rating`: the ratings after every tournament of `input`.
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

/// `referee rating --strict`: the same, the input held to the format.
pub fn solve_strict<R: Read, W: Write>(input: R, out: W) -> Result<(), Error> {
    solve_with(input, out, &mut Strict::new())
}

/// The ratings with the reading `checks`, `io::Tolerant` or
/// `io::strict::Strict`, and no fast path.
pub fn solve_with<R: Read, W: Write, C: parse::Checks>(
    input: R,
    out: W,
    checks: &mut C,
) -> Result<(), Error> {
    read(&mut Lines::new(input), out, checks, &mut parse::NoShortcut)
}

/// Reads `lines` with `checks` and `shortcut`, the ratings to `out`.
fn read<R: Read, W: Write, C: parse::Checks, S: parse::Shortcut>(
    lines: &mut Lines<R>,
    out: W,
    checks: &mut C,
    shortcut: &mut S,
) -> Result<(), Error> {
    let mut out = Output::new(out);
    let result = parse::read_tournaments(lines, checks, shortcut, &mut out);
    out.finish(result)
}
