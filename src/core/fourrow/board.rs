//! A game as the tool's readings play it: the judge core's `Game`, played
//! from the input's bytes, and its verdict line and board written into
//! the output's room in one piece, from the judge core's words.

use crate::core::io::Output;
use crate::judge::fourrow::{
    self as judged, Cells, BOTTOM_ROW, CHIPS, EMPTY, ENDINGS, HEADING, RULE as RULE_TEXT,
};
use std::io::Write;

/// Where a game stands after its moves so far (F2), as the generators and
/// tests ask it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    NotOver,
    Invalid,
    /// All 42 cells are filled and nobody won.
    Draw,
    FirstWon,
    SecondWon,
}

/// The judge core's game, played from the input's slot digits.
/// `Game::default()` is the empty board.
#[derive(Clone, Copy, Debug, Default)]
pub struct Game {
    game: judged::Game,
}

impl Game {
    /// Drops a chip into the slot of the digit `slot`, b'1' to b'7': the
    /// readings play only bytes they found to be slot digits.
    #[inline(always)]
    pub fn play(&mut self, slot: u8) {
        debug_assert!((b'1'..=b'7').contains(&slot), "{}", slot);
        self.game.play(usize::from(slot) - usize::from(b'1'));
    }

    /// The judge core's verdict (F2).
    pub fn verdict(&self) -> Verdict {
        match self.game.verdict() {
            judged::Verdict::NotOver => Verdict::NotOver,
            judged::Verdict::Invalid => Verdict::Invalid,
            judged::Verdict::NoWinner => Verdict::Draw,
            judged::Verdict::Won(0) => Verdict::FirstWon,
            judged::Verdict::Won(_) => Verdict::SecondWon,
        }
    }

    /// Whether the judge core finds the game invalid, which no move after
    /// changes.
    #[inline(always)]
    pub(crate) fn is_invalid(&self) -> bool {
        self.game.is_invalid()
    }

    /// The verdict line's ending and, for a win, the board's length in
    /// `room` once drawn there.
    #[inline(always)]
    fn write_ending(&self, room: &mut [u8]) -> usize {
        let verdict = self.game.verdict();
        room[..ENDING_ROW].copy_from_slice(&ENDING_ROWS[verdict.ending()]);
        let n = ENDING_LENS[verdict.ending()];
        let winner = match verdict {
            judged::Verdict::Won(winner) => winner,
            _ => return n,
        };
        n + draw_win(&mut room[n..], &self.game, winner)
    }

    /// Writes the verdict line and, for a win, the framed board (F4), all
    /// in one room of the output: the heading, the ending, and at most
    /// eight rows of eight bytes.
    #[inline(always)]
    pub(crate) fn write<W: Write>(&self, out: &mut Output<W>, heading: &[u8]) {
        let room = out.reserve(heading.len() + ENDING_ROW + BOARD_ROOM);
        room[..heading.len()].copy_from_slice(heading);
        let n = heading.len() + self.write_ending(&mut room[heading.len()..]);
        out.advance(n);
    }
}

impl Game {
    /// `write` for the tool's fast path, into `room`: the heading is
    /// `Game #` and the first `digits` bytes of `number`, a header's game
    /// number (at most 8 digits), copied whole, and the ending is written
    /// over the bytes after them. Returns the length written.
    #[inline(always)]
    pub(crate) fn write_plain(
        &self,
        room: &mut [u8; PLAIN_ROOM],
        number: &[u8; 8],
        digits: usize,
    ) -> usize {
        room[..HEADING.len()].copy_from_slice(HEADING.as_bytes());
        room[HEADING.len()..HEADING.len() + 8].copy_from_slice(number);
        // At most 8: the bound only spares a check.
        let len = HEADING.len() + digits.min(8);
        len + self.write_ending(&mut room[len..])
    }
}

/// Writes the framed board of a win (F4) at the start of `room` and
/// returns its length. Out of line: a win's drawing wants registers of
/// its own, which the reading loop it would be inlined into has none to
/// spare for.
#[inline(never)]
fn draw_win(room: &mut [u8], game: &judged::Game, winner: usize) -> usize {
    let room = &mut room[..BOARD_ROOM];
    room[..8].copy_from_slice(RULE);
    let chips = game.chips();
    let Cells(mut in_line) = chips[winner].in_lines_of_four();
    let [Cells(mut first), Cells(mut second)] = chips;
    let height = game.rows_with_chips();
    // A row is the bottom row of the judge core's sets of cells, the lowest
    // bit of each slot's byte: bottom row first, the sets moved down a row
    // after each.
    // Each such bit becomes its cell's byte of text: an empty cell's
    // symbol, raised to a chip's, lowered to the capital of a chip in a
    // line of four.
    // Every row is drawn, so that the height decides no branch: the rows
    // above the top one with chips go to a spare place after the board.
    let Cells(bottom) = BOTTOM_ROW;
    for &at in &ROW_PLACES[height] {
        let text = BLANK_ROW + (first & bottom) * CHIP_RISE[0] + (second & bottom) * CHIP_RISE[1]
            - (in_line & bottom) * CAPITAL_DROP[winner];
        let at = usize::from(at);
        room[at..at + 8].copy_from_slice(&text.to_le_bytes());
        [first, second, in_line] = [first >> 1, second >> 1, in_line >> 1];
    }
    let end = 8 + 8 * height;
    room[end..end + 8].copy_from_slice(RULE);
    end + 8
}

/// A row of empty cells and its newline, as a word of eight bytes.
const BLANK_ROW: u64 = u64::from_le_bytes([
    EMPTY as u8,
    EMPTY as u8,
    EMPTY as u8,
    EMPTY as u8,
    EMPTY as u8,
    EMPTY as u8,
    EMPTY as u8,
    b'\n',
]);

/// How far each player's chip symbol is above the empty cell's, and how
/// far its capital is below it.
const CHIP_RISE: [u64; 2] = [
    (CHIPS[0] as u64) - (EMPTY as u64),
    (CHIPS[1] as u64) - (EMPTY as u64),
];
const CAPITAL_DROP: [u64; 2] = [
    (CHIPS[0] as u64) - (CHIPS[0].to_ascii_uppercase() as u64),
    (CHIPS[1] as u64) - (CHIPS[1].to_ascii_uppercase() as u64),
];

/// The room the board of a win takes: a rule, six rows and a rule, eight
/// bytes each, then the spare row's place (`SPARE_ROW`), and a little
/// more.
const BOARD_ROOM: usize = 80;

/// Where the rows above a board's top row with chips are drawn: after
/// the board's place, rules included.
const SPARE_ROW: usize = 8 * (judged::ROWS + 2);
const _: () = assert!(SPARE_ROW + 8 <= BOARD_ROOM);

/// Where each row is drawn in `room`, by the number of rows with chips:
/// after the rule, the top one of those first; the rows above them at
/// `SPARE_ROW`. Looked up, so that a row's place costs no comparison.
const ROW_PLACES: [[u8; judged::ROWS]; judged::ROWS + 1] = {
    let mut places = [[SPARE_ROW as u8; judged::ROWS]; judged::ROWS + 1];
    let mut height = 0;
    while height <= judged::ROWS {
        let mut row = 0;
        while row < height {
            places[height][row] = (8 * (height - row)) as u8;
            row += 1;
        }
        height += 1;
    }
    places
};

/// The line above and below the board of a win, with its line end.
const RULE: &[u8; 8] = &with_newline(RULE_TEXT);

/// `text`, 7 bytes, and a newline.
const fn with_newline(text: &str) -> [u8; 8] {
    let mut line = [b'\n'; 8];
    let mut at = 0;
    while at < 7 {
        line[at] = text.as_bytes()[at];
        at += 1;
    }
    line
}

/// The head of a game's verdict line, `Game #n` with n as the game's
/// header gave it without leading zeros, of any length (F5).
pub(crate) type Heading = Vec<u8>;

/// The room `Game::write_plain` takes: `Game #` and the eight bytes of a
/// number, a row of `ENDING_ROWS` and the board of a win.
pub(crate) const PLAIN_ROOM: usize = HEADING.len() + 8 + ENDING_ROW + BOARD_ROOM;

/// Each verdict line's ending (the judge core's `ENDINGS`, in their order)
/// with its space before and its newline, at the start of a row of its
/// own, zeros after it, and its length: written as a whole row from a
/// place known at compile time.
const ENDING_ROW: usize = 48;
const ENDING_ROWS: [[u8; ENDING_ROW]; 5] = {
    let mut rows = [[0; ENDING_ROW]; 5];
    let mut verdict = 0;
    while verdict < 5 {
        let ending = ENDINGS[verdict].as_bytes();
        rows[verdict][0] = b' ';
        let mut at = 0;
        while at < ending.len() {
            rows[verdict][1 + at] = ending[at];
            at += 1;
        }
        rows[verdict][1 + ending.len()] = b'\n';
        verdict += 1;
    }
    rows
};
const ENDING_LENS: [usize; 5] = {
    let mut lens = [0; 5];
    let mut verdict = 0;
    while verdict < 5 {
        lens[verdict] = ENDINGS[verdict].len() + 2;
        verdict += 1;
    }
    lens
};

#[cfg(test)]
mod tests;
