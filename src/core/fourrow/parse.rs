//! Reading a four-in-a-row input: the count, then games that run from
//! their `Game #n:` header to the next `Game` or the end of input, over
//! any number of lines (F1). Moves are played as they are read, and a
//! game's verdict is written when the next header (or the end) shows the
//! game is complete. The tool's reading takes the lines it can by the
//! fast path of [`super::fast`], with the same result.

use super::board::{Game, Heading};
use crate::core::io::{self, is_blank, shown, Error, Layout, Line, Lines, Output, Token, Tolerant};
use crate::judge::fourrow::HEADING;
use std::io::{Read, Write};
use std::ops::Range;

/// The strict reading's hooks; the tolerant one (`io::Tolerant`) takes
/// every default.
pub trait Checks: Layout {
    /// The line with the number of games.
    fn count(&mut self, _line: &Line, _token: &Token) -> Result<(), Error> {
        Ok(())
    }

    /// Moves to the next line for the general reading, `lines.current()`;
    /// `false` at the end of input. Blank lines hold nothing of a game
    /// (F1), so a run of them is passed at once; the strict reading
    /// checks every line.
    #[inline(always)]
    fn next_game_line<R: Read, W: Write>(
        &mut self,
        lines: &mut Lines<R>,
        _reading: &mut Reading,
        _out: &mut Output<W>,
    ) -> Result<bool, Error> {
        lines.next_nonblank()
    }

    /// Whether the text of a line refused for its bytes (not UTF-8, too
    /// long) is read up to the fault before it is reported, so that every
    /// game that ends there is written first (R0.3): not in the strict
    /// reading, whose games end with their lines.
    fn reads_refused_lines(&self) -> bool {
        true
    }
}

impl Checks for Tolerant {}

/// A quicker way through some lines than the general reading, with the
/// same result: the tool's fast path (`super::fast::Fast`).
pub(crate) trait Shortcut {
    /// Takes what lines it can before the general reading's next line.
    fn run<R: Read, W: Write>(
        &mut self,
        _lines: &mut Lines<R>,
        _reading: &mut Reading,
        _out: &mut Output<W>,
    ) -> Result<(), Error> {
        Ok(())
    }
}

/// The general reading alone.
pub(crate) struct NoShortcut;

impl Shortcut for NoShortcut {}

/// Where the reading stands: the games announced and begun, and the game
/// being read with its heading.
pub struct Reading {
    pub(crate) announced: u64,
    pub(crate) begun: u64,
    pub(crate) current: Option<(Heading, Game)>,
}

impl Reading {
    /// Writes the game being read, now complete, if there is one.
    #[inline(always)]
    pub(crate) fn finish_game<W: Write>(&mut self, out: &mut Output<W>) -> Result<(), Error> {
        if let Some((heading, game)) = self.current.take() {
            game.write(out, &heading);
        }
        out.end_lines()
    }

    /// Reads one line byte by byte: blanks, slot digits, headers.
    fn line<W: Write>(&mut self, line: &Line, out: &mut Output<W>) -> Result<(), Error> {
        let text = line.text;
        let mut pos = 0;
        while let Some(&byte) = text.get(pos) {
            match (self.current.as_mut(), byte) {
                (_, _) if is_blank(byte) => pos += 1,
                (Some((_, game)), b'1'..=b'7') => {
                    game.play(byte);
                    pos += 1;
                }
                (_, b'G') if text[pos..].starts_with(GAME) => {
                    // The game being read ends at the word `Game` (F1),
                    // whatever follows; a lone `G` is an error in the game.
                    self.finish_game(out)?;
                    if self.begun == self.announced {
                        let word = Token {
                            col: pos + 1,
                            text: GAME,
                        };
                        return Err(io::not_the_end_at(line, Some(word), &self.last_game()));
                    }
                    let (digits, next) = parse_header(line, pos)?;
                    let mut heading = Heading::new();
                    set_heading(&mut heading, &text[digits]);
                    self.begun += 1;
                    self.current = Some((heading, Game::default()));
                    pos = next;
                }
                // Zero games announced (R0.7): any text is after the last.
                (None, _) if self.begun == self.announced => {
                    return Err(io::not_the_end(line, &self.last_game()));
                }
                (game, _) => {
                    let or_digit = if game.is_some() {
                        "a slot digit 1-7 or "
                    } else {
                        ""
                    };
                    return Err(line.error(
                        pos + 1,
                        format!(
                            "expected {}{}, found {}",
                            or_digit,
                            HEADER,
                            char_at(text, pos)
                        ),
                    ));
                }
            }
        }
        Ok(())
    }

    /// What text once every game announced has begun comes after (R0.2).
    fn last_game(&self) -> String {
        format!("the last game ({})", self.announced)
    }
}

/// What every header error expects.
const HEADER: &str = "a header `Game #n:`";

/// The word that begins a header and ends the game before it (F1).
pub(crate) const GAME: &[u8] = b"Game";

/// Reads a whole input and writes every game's verdict to `out`, taking
/// what lines `shortcut` can by it.
pub(crate) fn read_games<R: Read, C: Checks, S: Shortcut, W: Write>(
    lines: &mut Lines<R>,
    checks: &mut C,
    shortcut: &mut S,
    out: &mut Output<W>,
) -> Result<(), Error> {
    let (line, token, announced) = io::read_count(lines, checks, "the number of games")?;
    checks.count(&line, &token)?;
    // The count as written, for the message when the games run out: one
    // past 64 bits is read as the most there is (R0.4).
    let digits = String::from_utf8_lossy(token.text);
    let count = match digits.trim_start_matches('0') {
        "" => "0".to_string(),
        count => count.to_string(),
    };
    let mut reading = Reading {
        announced,
        begun: 0,
        current: None,
    };
    loop {
        let next = shortcut
            .run(lines, &mut reading, out)
            .and_then(|()| checks.next_game_line(lines, &mut reading, out));
        match next {
            Ok(true) => reading.line(&lines.current(), out)?,
            Ok(false) => break,
            Err(fault) => {
                // An input error here is a refused line, handed out up to
                // its fault: an error before the fault comes first (one at
                // the fault is the fault).
                if matches!(fault, Error::Input { .. }) && checks.reads_refused_lines() {
                    let line = lines.current();
                    match reading.line(&line, out) {
                        Err(Error::Input { col, .. }) if col > line.text.len() => {}
                        read => read?,
                    }
                }
                return Err(fault);
            }
        }
    }
    reading.finish_game(out)?;
    if reading.begun < announced {
        return Err(lines.eof_error(&format!(
            "expected game {} of {} ({})",
            reading.begun + 1,
            count,
            HEADER
        )));
    }
    Ok(())
}

/// Parses a `Game #n:` header starting at byte `at` of the line (which
/// holds the word `Game` there), blanks allowed between its pieces: where
/// the game number's digits to show are (without its leading zeros, F5)
/// and the byte just past the colon.
fn parse_header(line: &Line, at: usize) -> Result<(Range<usize>, usize), Error> {
    let text = line.text;
    let blanks_end = |pos| run_end(text, pos, is_blank);
    // An error at `pos`, `what` saying which piece of the header is wrong:
    // what is found there is the text up to the next blank.
    let error = |pos: usize, what: &str| {
        let found = match run_end(text, pos, |b| !is_blank(b)) {
            end if end == pos => "end of line".to_string(),
            end => shown(&text[pos..end]),
        };
        Err(line.error(
            pos + 1,
            format!("expected {}{}, found {}", HEADER, what, found),
        ))
    };
    let hash = blanks_end(at + 4);
    if text.get(hash) != Some(&b'#') {
        return error(hash, ": expected `#`");
    }
    let digits = blanks_end(hash + 1);
    let digits_end = run_end(text, digits, |b| b.is_ascii_digit());
    if digits_end == digits {
        return error(digits, ": expected the game number");
    }
    // `0` itself, or the digits from the first that is not zero.
    let shown = run_end(text, digits, |b| b == b'0').min(digits_end - 1);
    let colon = blanks_end(digits_end);
    if text.get(colon) != Some(&b':') {
        return error(colon, ": expected `:`");
    }
    Ok((shown..digits_end, colon + 1))
}

/// Where the run of bytes of `text` that `takes` from `pos` on ends.
fn run_end(text: &[u8], pos: usize, takes: impl Fn(u8) -> bool) -> usize {
    pos + text[pos..].iter().take_while(|&&b| takes(b)).count()
}

/// Makes `heading` the heading of the game whose number shows as `digits`.
pub(crate) fn set_heading(heading: &mut Heading, digits: &[u8]) {
    heading.clear();
    heading.extend_from_slice(HEADING.as_bytes());
    heading.extend_from_slice(digits);
}

/// The character at byte `pos` (lines are UTF-8), quoted for a message.
pub(crate) fn char_at(text: &[u8], pos: usize) -> String {
    // Its bytes after the first are those of the form 0b10xx_xxxx.
    let len = 1 + text[pos + 1..]
        .iter()
        .take_while(|&&b| b & 0xc0 == 0x80)
        .count();
    shown(&text[pos..pos + len])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_keep_the_number_without_leading_zeros_whatever_its_length() {
        let heading = |text: &str| {
            let line = Line::new(2, text.as_bytes());
            parse_header(&line, 0).map(|(digits, next)| {
                let mut heading = Heading::new();
                set_heading(&mut heading, &text.as_bytes()[digits]);
                (String::from_utf8(heading).unwrap(), next)
            })
        };
        assert_eq!(heading("Game #12: 1").unwrap(), ("Game #12".to_string(), 9));
        assert_eq!(heading("Game # 0070 :").unwrap().0, "Game #70");
        assert_eq!(heading("Game#000:").unwrap().0, "Game #0");
        let long = "9".repeat(200);
        let header = format!("Game #{}{}:", "0".repeat(30), long);
        assert_eq!(heading(&header).unwrap().0, format!("Game #{}", long));
        for bad in ["Game #: 1", "Game 1: 1", "Game #1 1"] {
            assert!(heading(bad).is_err(), "{}", bad);
        }
    }
}
