//! `referee rating --strict`: the format exactly as the statement gives it
//! (R0.6): the count first, no blank lines, single spaces, the counts
//! within their limits, names of 1 to 10 lower-case letters, ratings with
//! exactly two decimals (a minus sign only before a number below zero,
//! P6), piece values plain whole numbers, and no integer with a leading
//! zero.

use super::parse::{read_tournaments, Checks, NoShortcut, BETWEEN_RECORDS};
use crate::core::io::strict::{check_count, check_digits, check_limit, Strict};
use crate::core::io::{shown, Error, Line, Lines, Output, Token};
use crate::core::limits::rating::{GAMES, NAME_LETTERS, PLAYERS, TOURNAMENTS};
use std::io::{self, Read};
use std::ops::RangeInclusive;

impl Checks for Strict {
    fn count(&mut self, line: &Line, token: &Token) -> Result<(), Error> {
        check_count(self, line, token, TOURNAMENTS, "the number of tournaments")
    }

    fn record(&mut self, line: &Line) -> Result<(), Error> {
        self.expect_blanks(line, 0, BETWEEN_RECORDS)?;
        self.check_layout(line)
    }

    fn players_count(&mut self, line: &Line, n: &Token) -> Result<(), Error> {
        check_header_count(line, n, PLAYERS, "the number of players")
    }

    fn games_count(&mut self, line: &Line, m: &Token) -> Result<(), Error> {
        check_header_count(line, m, GAMES, "the number of games")
    }

    fn player(&mut self, line: &Line, name: &Token, rating: &Token) -> Result<(), Error> {
        let letters = name.text.iter().all(u8::is_ascii_lowercase);
        if !letters || !NAME_LETTERS.contains(&name.text.len()) {
            return Err(line.error(
                name.col,
                format!(
                    "expected a name of {} to {} lower-case letters, found {}",
                    NAME_LETTERS.start(),
                    NAME_LETTERS.end(),
                    shown(name.text)
                ),
            ));
        }
        // An optional minus sign (P6), then the digits and two decimals.
        let text = rating.text;
        let unsigned = text.strip_prefix(b"-").unwrap_or(text);
        let dot = unsigned.len().saturating_sub(3);
        let exact = unsigned.len() >= 4
            && unsigned[dot] == b'.'
            && unsigned
                .iter()
                .enumerate()
                .all(|(i, b)| i == dot || b.is_ascii_digit());
        if !exact {
            return Err(line.error(
                rating.col,
                format!(
                    "expected a rating with exactly two decimals, found {}",
                    shown(text)
                ),
            ));
        }
        let col = rating.col + text.len() - unsigned.len();
        check_digits(line, col, &unsigned[..dot], "a rating")?;
        if unsigned.len() < text.len() && unsigned.iter().all(|&b| b == b'0' || b == b'.') {
            return Err(line.error(
                rating.col,
                format!(
                    "expected a minus sign only before a rating below zero, found {}",
                    shown(text)
                ),
            ));
        }
        Ok(())
    }

    fn game(&mut self, line: &Line, pieces: [&Token; 2]) -> Result<(), Error> {
        for token in pieces.iter() {
            if !token.text.iter().all(u8::is_ascii_digit) {
                return Err(line.error(
                    token.col,
                    format!(
                        "expected a whole number of pieces, found {}",
                        shown(token.text)
                    ),
                ));
            }
            check_digits(line, token.col, token.text, "a number of pieces")?;
        }
        Ok(())
    }
}

/// A count of a tournament's header: no leading zeros, within `limits`.
fn check_header_count(
    line: &Line,
    count: &Token,
    limits: RangeInclusive<u64>,
    what: &str,
) -> Result<(), Error> {
    check_digits(line, count.col, count.text, what)?;
    check_limit(line, count, limits, what)
}

/// Checks a whole input strictly, writing nothing (`referee validate`, the
/// package's input validator).
pub(crate) fn validate<R: Read>(input: R) -> Result<(), Error> {
    let mut out = Output::new(io::sink());
    read_tournaments(
        &mut Lines::new(input),
        &mut Strict::new(),
        &mut NoShortcut,
        &mut out,
    )
}
