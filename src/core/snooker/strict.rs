//! `referee snooker --strict`: the snooker format exactly as the statement
//! gives it (S1, R0.6): the count first, one empty line before every
//! frame and none elsewhere, names of 1 to 20 English letters, ball names,
//! `None`, `White` and `Play again` spelled as the statement spells them.

use super::balls::{Player, Stroke};
use super::parse::{canonical, name_tokens, read_frames, read_names, Checks, Names, Visit};
use super::parse::{BEFORE_EVERY_FRAME, INSIDE_A_FRAME};
use super::rules::{Frame, Outcome, Replay};
use crate::core::io::strict::{check_count, Strict};
use crate::core::io::{shown, Error, Layout, Line, Lines, Token};
use crate::core::limits::snooker::{FRAMES, NAME_LETTERS};
use std::io::Read;

impl Checks for Strict {
    fn count(&mut self, line: &Line, token: &Token) -> Result<(), Error> {
        check_count(self, line, token, FRAMES, "the number of frames")
    }

    fn names<V: Visit>(
        &mut self,
        line: &Line,
        number: u64,
        names: &mut Names,
        visit: &mut V,
    ) -> Result<(), Error> {
        self.expect_blanks(line, 1, BEFORE_EVERY_FRAME)?;
        self.check_layout(line)?;
        for token in name_tokens(line, number)? {
            let letters = token.text.iter().all(u8::is_ascii_alphabetic);
            if !letters || !NAME_LETTERS.contains(&token.text.len()) {
                return Err(line.error(
                    token.col,
                    format!(
                        "expected a name of {} to {} English letters, found {}",
                        NAME_LETTERS.start(),
                        NAME_LETTERS.end(),
                        shown(token.text)
                    ),
                ));
            }
        }
        read_names(line, number, names)?;
        self.line_done()?;
        visit.names(number, line, names)
    }

    fn event(&mut self, line: &Line, lot: bool) -> Result<(), Error> {
        self.expect_blanks(line, 0, INSIDE_A_FRAME)?;
        self.check_layout(line)?;
        if lot {
            return Ok(());
        }
        // A word spelled otherwise waits, as a fault of the layout does,
        // for a token before it that is no word of a stroke at all.
        let misspelt = line.tokens().find_map(|token| {
            let spelling = canonical(token.text)?;
            (token.text != spelling.as_bytes()).then(|| {
                line.error(
                    token.col,
                    format!(
                        "expected `{}` spelled so, found {}",
                        spelling,
                        shown(token.text)
                    ),
                )
            })
        });
        if let Some(fault) = misspelt {
            self.keep_inside(fault);
        }
        Ok(())
    }
}

/// A `Visit` that says nothing: validation only.
struct Silent;

impl Visit for Silent {
    fn names(&mut self, _: u64, _: &Line, _: &Names) -> Result<(), Error> {
        Ok(())
    }
    fn stroke(
        &mut self,
        _: &Line,
        _: &Stroke,
        _: &Outcome,
        _: &Frame,
        _: &Names,
    ) -> Result<(), Error> {
        Ok(())
    }
    fn play_again(&mut self, _: &Line, _: &Replay, _: &Frame, _: &Names) -> Result<(), Error> {
        Ok(())
    }
    fn lot(&mut self, _: &Line, _: Player, _: &Frame, _: &Names) -> Result<(), Error> {
        Ok(())
    }
}

/// Checks a whole input strictly, writing nothing (`referee validate`, the
/// package's input validator).
pub(crate) fn validate<R: Read>(input: R) -> Result<(), Error> {
    read_frames(&mut Lines::new(input), &mut Strict::new(), &mut Silent)
}
