//! Reading a four-in-a-row input: the count, then games that run from
//! their `Game #n:` header to the next `Game` or the end of input, over
//! any number of lines (F1). Moves are played as they are read, and a
//! game's verdict is written when the next header (or the end) shows the
//! game is complete. The tool's reading takes lines of the plainest form
//! by the fast path of [`super::fast`], with the same result.

use super::board::{play_digits, Game, Number};
use crate::core::io::{self, is_blank, shown, Error, Layout, Line, Lines, Output, Token, Tolerant};
use std::io::{Read, Write};

/// The strict hooks of the format; the tolerant reading checks nothing.
pub trait Checks: Layout {
    /// The line with the number of games.
    fn count(&mut self, _line: &Line, _token: &Token, _games: u64) -> Result<(), Error> {
        Ok(())
    }

    /// A line after the count, before it is read, when `begun` games of
    /// `announced` have begun before it.
    fn line(&mut self, _line: &Line, _begun: u64, _announced: u64) -> Result<(), Error> {
        Ok(())
    }

    /// Takes lines by a fast path for as long as it can, with the same
    /// result as the general reading: the tool's reading does (see
    /// [`super::fast::Fast`]); the judge's and the strict one do not.
    fn fast_lines<R: Read, W: Write>(
        &mut self,
        _lines: &mut Lines<R>,
        _reading: &mut Reading,
        _out: &mut Output<W>,
    ) -> Result<(), Error> {
        Ok(())
    }
}

impl Checks for Tolerant {}

/// Where the reading stands: the games announced and begun, and the game
/// being read with its number as the header gave it.
pub struct Reading {
    pub announced: u64,
    pub begun: u64,
    pub current: Option<(Number, Game)>,
}

impl Reading {
    /// Writes the game being read, now complete, if there is one.
    #[inline(always)]
    pub fn finish_game<W: Write>(&mut self, out: &mut Output<W>) -> Result<(), Error> {
        if let Some((number, game)) = self.current.take() {
            game.write(out, &number);
            out.end_lines()?;
        }
        Ok(())
    }

    /// Reads one line byte by byte: blanks, slot digits, headers.
    fn line<W: Write>(&mut self, line: &Line, out: &mut Output<W>) -> Result<(), Error> {
        let text = line.text;
        let mut pos = 0;
        while pos < text.len() {
            // The common case first: a run of slot digits inside a game.
            if let Some((_, game)) = self.current.as_mut() {
                pos = play_digits(game, text, pos);
                if pos == text.len() {
                    break;
                }
            }
            let byte = text[pos];
            if is_blank(byte) {
                pos += 1;
            } else if text[pos..].starts_with(b"Game") {
                // The game being read ends at this word (F1), whatever follows;
                // a `G` that does not start `Game` is an error inside the game.
                self.finish_game(out)?;
                if self.begun == self.announced {
                    return Err(line.error(
                        pos + 1,
                        format!(
                            "expected end of input after the last game ({}), found `Game`",
                            self.announced
                        ),
                    ));
                }
                let (number, next) = parse_header(line, pos)?;
                self.begun += 1;
                self.current = Some((number, Game::new()));
                pos = next;
            } else if (b'1'..=b'7').contains(&byte) {
                // Only reached outside a game: inside one, digits are played above.
                return Err(line.error(
                    pos + 1,
                    format!("expected a header `Game #n:`, found {}", char_at(text, pos)),
                ));
            } else {
                let expected = if self.current.is_some() {
                    "expected a slot digit 1-7 or a header `Game #n:`"
                } else {
                    "expected a header `Game #n:`"
                };
                return Err(line.error(
                    pos + 1,
                    format!("{}, found {}", expected, char_at(text, pos)),
                ));
            }
        }
        Ok(())
    }
}

/// Reads a whole input and writes every game's verdict to `out`.
pub fn read_games<R: Read, C: Checks, W: Write>(
    lines: &mut Lines<R>,
    checks: &mut C,
    out: &mut Output<W>,
) -> Result<(), Error> {
    let (line, token, announced) = io::read_count(lines, checks, "the number of games")?;
    checks.count(&line, &token, announced)?;
    let mut reading = Reading {
        announced,
        begun: 0,
        current: None,
    };
    loop {
        checks.fast_lines(lines, &mut reading, out)?;
        if !checks.next_line(lines)? {
            break;
        }
        let line = lines.current();
        if let Err(e) = checks.line(&line, reading.begun, announced) {
            // Under `--strict` a game is one line: the one before is whole.
            reading.finish_game(out)?;
            return Err(e);
        }
        reading.line(&line, out)?;
    }
    reading.finish_game(out)?;
    if reading.begun < announced {
        return Err(lines.eof_error(&format!(
            "expected game {} of {} (a header `Game #n:`)",
            reading.begun + 1,
            announced
        )));
    }
    Ok(())
}

/// Parses a `Game #n:` header starting at byte `at` of the line (which
/// holds `G` there): the game number and the byte just past the colon.
fn parse_header(line: &Line, at: usize) -> Result<(Number, usize), Error> {
    let text = line.text;
    let expected_header = "expected a header `Game #n:`";
    let found = |pos: usize| -> String {
        match text.get(pos) {
            None => "end of line".to_string(),
            Some(_) => {
                let end = text[pos..]
                    .iter()
                    .position(|&b| is_blank(b))
                    .map_or(text.len(), |e| pos + e);
                shown(&text[pos..end])
            }
        }
    };
    let skip_blanks = |mut pos: usize| {
        while pos < text.len() && is_blank(text[pos]) {
            pos += 1;
        }
        pos
    };
    if !text[at..].starts_with(b"Game") {
        return Err(line.error(at + 1, format!("{}, found {}", expected_header, found(at))));
    }
    let mut pos = skip_blanks(at + 4);
    if text.get(pos) != Some(&b'#') {
        return Err(line.error(
            pos + 1,
            format!("{}: expected `#`, found {}", expected_header, found(pos)),
        ));
    }
    pos = skip_blanks(pos + 1);
    let digits_start = pos;
    while pos < text.len() && text[pos].is_ascii_digit() {
        pos += 1;
    }
    let digits = &text[digits_start..pos];
    let number = io::parse_u64(digits)
        .and_then(|_| Number::of(digits))
        .ok_or_else(|| {
            line.error(
                digits_start + 1,
                format!(
                    "{}: expected the game number, found {}",
                    expected_header,
                    found(digits_start)
                ),
            )
        })?;
    pos = skip_blanks(pos);
    if text.get(pos) != Some(&b':') {
        return Err(line.error(
            pos + 1,
            format!("{}: expected `:`, found {}", expected_header, found(pos)),
        ));
    }
    Ok((number, pos + 1))
}

/// The character at byte `pos`, quoted for a message.
pub fn char_at(text: &[u8], pos: usize) -> String {
    let rest = String::from_utf8_lossy(&text[pos..]);
    let c = rest.chars().next().unwrap_or(' ');
    shown(c.to_string().as_bytes())
}
