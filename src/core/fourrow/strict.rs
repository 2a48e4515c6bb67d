//! `referee fourrow --strict`: the format exactly as the statement gives
//! it (R0.6): the count first, then every line one whole game, `Game #k: `
//! with k counting from 1 and at most 42 slot digits, and nothing after
//! the last game.

use super::parse::{char_at, read_games, Checks, NoShortcut, Reading};
use crate::core::io::strict::{check_count, place, Strict};
use crate::core::io::{is_blank, not_the_end, Error, Line, Lines, Output, Token};
use crate::core::limits::fourrow::{GAMES, MAX_MOVES};
use std::io::{self, Read, Write};

impl Checks for Strict {
    fn count(&mut self, line: &Line, token: &Token) -> Result<(), Error> {
        check_count(self, line, token, GAMES, "the number of games")
    }

    fn next_game_line<R: Read, W: Write>(
        &mut self,
        lines: &mut Lines<R>,
        reading: &mut Reading,
        out: &mut Output<W>,
    ) -> Result<bool, Error> {
        // A game is one line: the one before is whole, and written before
        // any fault of this line is reported (R0.3), or of its own line
        // end or the count's, found after the line's last token.
        if let Err(e) = self.report_pending() {
            reading.finish_game(out)?;
            return Err(e);
        }
        match self.line_with_its_end_pending(lines) {
            Ok(Some(_)) => {}
            Ok(None) => return Ok(false),
            Err(e) => {
                reading.finish_game(out)?;
                return Err(fault_before_refusal(&lines.current(), reading, e));
            }
        }
        let line = lines.current();
        let after = format!("the last game ({})", reading.announced);
        let checked = if reading.begun < reading.announced {
            check_game_line(&line, reading.begun + 1, false)
        } else if line.text.is_empty() {
            Err(line.error(
                1,
                format!("expected no blank line here (after {}), found one", after),
            ))
        } else {
            Err(not_the_end(&line, &after))
        };
        match checked {
            Ok(()) => Ok(true),
            // Blanks or a lone CR at the end of a game line wait, as a
            // fault of its line end does, so that the game is written
            // first (R0.3).
            Err(e)
                if reading.begun < reading.announced
                    && at_blanks_ending(&line, &e, reading.begun + 1) =>
            {
                self.defer(e);
                Ok(true)
            }
            Err(e) => {
                reading.finish_game(out)?;
                Err(self.first_of(e))
            }
        }
    }

    fn reads_refused_lines(&self) -> bool {
        false
    }
}

/// Of `refused`, the fault of a line refused for its bytes (not UTF-8,
/// too long; `line` is its text up to them) or of its line end, and a
/// fault of its game before that, the one that comes first: the game is
/// checked as far as the line was read.
fn fault_before_refusal(line: &Line, reading: &Reading, refused: Error) -> Error {
    let checked = if reading.begun < reading.announced {
        check_game_line(line, reading.begun + 1, true)
    } else if line.tokens().next().is_some() {
        let after = format!("the last game ({})", reading.announced);
        Err(not_the_end(line, &after))
    } else {
        Ok(())
    };
    match checked {
        // A fault past the text read is only where the line was cut.
        Err(earlier)
            if place(&earlier).1 <= line.text.len() && place(&earlier) <= place(&refused) =>
        {
            earlier
        }
        _ => refused,
    }
}

/// Whether the input error `e` of game `number`'s line `line` is at blanks
/// that end it (at least one, and nothing else after them), past its
/// header: the line is a game line otherwise.
fn at_blanks_ending(line: &Line, e: &Error, number: u64) -> bool {
    let col = match e {
        Error::Input { col, .. } => *col,
        _ => return false,
    };
    let rest = line.text.get(col.saturating_sub(1)..).unwrap_or_default();
    line.text.starts_with(header(number).as_bytes())
        && !rest.is_empty()
        && rest.iter().all(|&b| is_blank(b))
}

/// The header of game `number` as `--strict` wants it.
fn header(number: u64) -> String {
    format!("Game #{}: ", number)
}

/// `--strict`: a game is one line, exactly `Game #k: ` (k counting from 1)
/// and then at most 42 slot digits. A `cut` line is the start of a line
/// refused for its bytes.
fn check_game_line(line: &Line, number: u64, cut: bool) -> Result<(), Error> {
    let header = header(number);
    let text = line.text;
    let matched = header
        .bytes()
        .zip(text)
        .take_while(|&(want, got)| want == *got)
        .count();
    if matched < header.len() {
        let found = if matched < text.len() {
            char_at(text, matched)
        } else {
            "end of line".to_string()
        };
        return Err(line.error(
            matched + 1,
            format!("expected the header `{}`, found {}", header, found),
        ));
    }
    let moves = &text[header.len()..];
    // The first fault in the line: a 43rd move comes before anything
    // that is not a move after it.
    let digits = moves
        .iter()
        .take_while(|b| (b'1'..=b'7').contains(b))
        .count();
    if digits > MAX_MOVES {
        // Moves up to where a `cut` line was cut may go on past it.
        let more = if cut && digits == moves.len() {
            " or more"
        } else {
            ""
        };
        return Err(line.error(
            header.len() + MAX_MOVES + 1,
            format!(
                "expected at most {} moves, found {}{}",
                MAX_MOVES, digits, more
            ),
        ));
    }
    if digits < moves.len() {
        let col = header.len() + digits + 1;
        return Err(line.error(
            col,
            format!(
                "expected a slot digit 1-7, found {}",
                char_at(text, col - 1)
            ),
        ));
    }
    Ok(())
}

/// Checks a whole input strictly, writing nothing (`referee validate`, the
/// package's input validator).
pub(crate) fn validate<R: Read>(input: R) -> Result<(), Error> {
    let mut out = Output::new(io::sink());
    read_games(
        &mut Lines::new(input),
        &mut Strict::new(),
        &mut NoShortcut,
        &mut out,
    )
}

#[cfg(test)]
mod tests {
    use super::super::solve_strict;

    /// What `--strict` writes for `input`, and its error.
    fn strictly(input: &[u8]) -> (String, String) {
        let mut out = Vec::new();
        let error = solve_strict(input, &mut out).unwrap_err();
        (String::from_utf8(out).unwrap(), error.to_string())
    }

    #[test]
    fn a_fault_of_a_game_comes_before_the_bytes_that_refuse_its_line() {
        let not_utf8 = "expected UTF-8 text, found a byte that is not UTF-8";
        for (input, output, error) in [
            (
                &b"1\nGame #2: 1\xff\n"[..],
                "",
                "2:7: expected the header `Game #1: `, found `2`".to_string(),
            ),
            (
                b"1\nGame #1: 18\xff\n",
                "",
                "2:11: expected a slot digit 1-7, found `8`".to_string(),
            ),
            // Where the line is cut, nothing is wrong yet.
            (b"1\nGam\xff\n", "", format!("2:4: {}", not_utf8)),
            (b"1\nGame #1: 12\xff\n", "", format!("2:12: {}", not_utf8)),
            (
                &[&b"1\nGame #1: "[..], &[b'1'; 50], b"\xff\n"].concat(),
                "",
                "2:52: expected at most 42 moves, found 50 or more".to_string(),
            ),
            (
                b"1\nGame #1: 1\nx\xff\n",
                "Game #1 is not over, yet.\n",
                "3:1: expected end of input after the last game (1), found `x`".to_string(),
            ),
        ] {
            assert_eq!(strictly(input), (output.to_string(), error));
        }
    }
}
