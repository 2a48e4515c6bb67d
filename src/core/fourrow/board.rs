//! The board of one game on bitboards (F2 to F4): moves, the verdict, and
//! the framed board of a win with its winning runs marked. It is the one
//! rule the tool states a second time, beside the judge core's plain
//! `Game`: a move here is a few bit operations, where the plain board's
//! look around the chip costs many times more. `tests/judge_core.rs`
//! holds the two to the same output on every fixture and on generated
//! input.

use crate::core::io::Output;
use crate::core::limits::fourrow::{COLUMNS, ROWS};
use crate::judge::fourrow::{ENDINGS, RULE as RULE_TEXT};
use std::io::Write;

/// Where a game stands after its moves so far (F2), in the order of the
/// verdict lines' endings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    NotOver,
    Invalid,
    /// All 42 cells are filled and nobody won.
    Draw,
    FirstWon,
    SecondWon,
}

/// One game on bitboards: bit `8 * column + row` (row 0 at the bottom),
/// so that a row of the board is a byte per cell (see `write`). Row 6
/// of every column (the sentinel row) stays empty while the game is valid,
/// so that runs cannot wrap from one column into the next (nor does row 7,
/// never played in a valid game), and a seventh chip in a column lands
/// there.
///
/// A move is four bit operations and no test: the verdict (F2) is worked
/// out from the final position when it is asked for, which gives the same
/// answer as checking after every move, since chips never move (see
/// `verdict`).
/// `Game::default()` is the empty board.
#[derive(Clone, Copy, Debug, Default)]
pub struct Game {
    /// Every chip: a column's chips are its lowest bits, so adding the
    /// column's bottom bit lands on the cell above them.
    mask: u64,
    /// The chips of the player to move next.
    to_move: u64,
    /// The bit of the last chip dropped.
    last: u64,
    moves: usize,
}

/// The bottom cell of each slot by its digit, b'1' to b'7', so that a
/// move is looked up with no bounds check, mask or subtraction. Every
/// other byte is `POISON`: the tool's fast path plays bytes before it
/// knows them all to be slot digits, and then looks for it.
const BOTTOMS: [u64; 256] = {
    let mut bottoms = [POISON; 256];
    let mut column = 0;
    while column < COLUMNS {
        bottoms[b'1' as usize + column] = 1 << (8 * column);
        column += 1;
    }
    bottoms
};

/// The top bit, no cell: once played, it stays in `mask` for good (a
/// move only adds bits), whatever is played after it.
const POISON: u64 = 1 << 63;

/// One bit per column in the sentinel row.
const SENTINELS: u64 = 0x40 * COLUMN_BITS;
/// The bottom bit of every column: bits 0, 8, ..., 48.
const COLUMN_BITS: u64 = 0x1_0101_0101_0101;

/// The bit distances of the four directions: vertical, horizontal, and
/// the two diagonals.
const SHIFTS: [u32; 4] = [1, 8, 7, 9];

/// The starts of runs of four of `board` in each direction of `SHIFTS`.
/// (Not `SHIFTS.map`, which the compiler does not always inline.)
#[inline(always)]
fn fours(board: u64) -> [u64; 4] {
    let starts = |shift: u32| {
        let pairs = board & (board >> shift);
        pairs & (pairs >> (2 * shift))
    };
    [starts(1), starts(8), starts(7), starts(9)]
}

/// Whether there is a run among `starts`.
fn any(starts: [u64; 4]) -> bool {
    starts[0] | starts[1] | starts[2] | starts[3] != 0
}

/// Every chip in a run of four or more, from the runs' `starts` (F3).
fn in_runs(starts: [u64; 4]) -> u64 {
    starts
        .iter()
        .zip(SHIFTS)
        .fold(0, |marked, (starts, shift)| {
            let pairs = starts | starts << shift;
            marked | pairs | pairs << (2 * shift)
        })
}

impl Game {
    /// Drops a chip into the slot of the digit `slot` (b'1' to b'7'). A
    /// chip into a full column lands in the sentinel row, which makes the
    /// game invalid for good (F2); what happens to the bits after that does
    /// not matter. Any other byte poisons the game (see `BOTTOMS`).
    #[inline(always)]
    pub fn play(&mut self, slot: u8) {
        let mask = self.mask | self.mask.wrapping_add(BOTTOMS[usize::from(slot)]);
        self.last = mask ^ self.mask;
        // The mover's chips plus all others are the next mover's chips
        // once the mover's are taken away: `to_move ^ mask` of before.
        self.to_move ^= self.mask;
        self.mask = mask;
        self.moves += 1;
    }

    /// Plays a run of bytes, eight at a time while there are eight left:
    /// the same moves as `play` one by one.
    #[inline(always)]
    pub(crate) fn play_slots(&mut self, slots: &[u8]) {
        let mut eights = slots.chunks_exact(8);
        for eight in &mut eights {
            for &slot in eight {
                self.play(slot);
            }
        }
        for &slot in eights.remainder() {
            self.play(slot);
        }
    }

    /// Whether a byte other than a slot digit was played: only the tool's
    /// fast path plays one, and then leaves the line to the general
    /// reading. (So may a long run of chips into one full column.)
    pub(crate) fn poisoned(&self) -> bool {
        self.mask & POISON != 0
    }

    /// F2 from the final position.
    pub fn verdict(&self) -> Verdict {
        self.outcome().0
    }

    /// The verdict (F2) and, for a win, the winner's chips in runs of four
    /// (F3). Chips never move, so a run of four made at any move is still
    /// there at the end: the game went on after a win exactly when the
    /// player who did not move last has four, or the last mover had four
    /// without the last chip.
    #[inline(always)]
    fn outcome(&self) -> (Verdict, u64) {
        let mover = self.to_move ^ self.mask;
        let runs = fours(mover);
        // Without a four of the mover's, none without the last chip.
        let won = any(runs);
        if self.mask & SENTINELS != 0
            || any(fours(self.to_move))
            || won && any(fours(mover & !self.last))
        {
            (Verdict::Invalid, 0)
        } else if won {
            // The first player moved last after an odd number of moves.
            (
                [Verdict::SecondWon, Verdict::FirstWon][self.moves % 2],
                in_runs(runs),
            )
        } else if self.moves == COLUMNS * ROWS {
            (Verdict::Draw, 0)
        } else {
            (Verdict::NotOver, 0)
        }
    }

    /// Writes the verdict line and, for a win, the framed board (F4), all
    /// in one room of the output: the heading, the ending, and at most
    /// eight rows of eight bytes.
    #[inline(always)]
    pub(crate) fn write<W: Write>(&self, out: &mut Output<W>, heading: &[u8]) {
        let (verdict, marked) = self.outcome();
        let room = out.reserve(heading.len() + ENDING_ROW + BOARD_ROOM);
        room[..heading.len()].copy_from_slice(heading);
        let mut n = heading.len();
        room[n..n + ENDING_ROW].copy_from_slice(&ENDING_ROWS[verdict as usize]);
        n += ENDING_LENS[verdict as usize];
        // The winner made the last move.
        let mover = self.to_move ^ self.mask;
        let [first, second] = match verdict {
            Verdict::FirstWon => [mover, self.to_move],
            Verdict::SecondWon => [self.to_move, mover],
            _ => return out.advance(n),
        };
        let drawn = draw_win(&mut room[n..], self.mask, first, second, marked);
        out.advance(n + drawn);
    }
}

impl Game {
    /// `write` for the tool's fast path, into `room`: the heading is the
    /// first `len` bytes of `header`, a plain header's own `Game #n` (at
    /// most 14 bytes), and the ending is written over the bytes after it.
    /// Returns the length written.
    #[inline(always)]
    pub(crate) fn write_plain(
        &self,
        room: &mut [u8; PLAIN_ROOM],
        header: &[u8; 16],
        len: usize,
    ) -> usize {
        let (verdict, marked) = self.outcome();
        room[..16].copy_from_slice(header);
        // At most 14: the bound only spares a check.
        let len = len.min(16);
        room[len..len + ENDING_ROW].copy_from_slice(&ENDING_ROWS[verdict as usize]);
        let n = len + ENDING_LENS[verdict as usize];
        // The winner made the last move.
        let mover = self.to_move ^ self.mask;
        let [first, second] = match verdict {
            Verdict::FirstWon => [mover, self.to_move],
            Verdict::SecondWon => [self.to_move, mover],
            _ => return n,
        };
        n + draw_win(&mut room[n..], self.mask, first, second, marked)
    }
}

/// Writes the framed board of a win (F4) at the start of `room` and
/// returns its length: the players' chips `first` and `second`, `marked`
/// those in runs, `mask` all of them. Out of line: a win's drawing wants
/// registers of its own, which the reading loop it would be inlined into
/// has none to spare for.
#[inline(never)]
fn draw_win(room: &mut [u8], mask: u64, mut first: u64, mut second: u64, mut marked: u64) -> usize {
    let room = &mut room[..BOARD_ROOM];
    room[..8].copy_from_slice(RULE);
    // The rows that hold a chip: each column's chips are its lowest
    // bits, so the columns laid over each other (in three folds of the
    // board) show the tallest.
    let rows = [8, 16, 32]
        .iter()
        .fold(mask, |columns, shift| columns | columns >> shift) as u8;
    let height = rows.trailing_ones() as usize;
    let board_rows = &mut room[8..8 + 8 * height];
    // Bottom row first, the boards shifted down a row after each: a
    // row is the low bit of each byte (a cell), column 0 lowest.
    for row_text in board_rows.chunks_exact_mut(8).rev() {
        // Bytes: 7 spaces and a newline; a chip adds the distance
        // from ' ' to 'x' or 'o', a mark takes 'x' to 'X', 'o' to 'O'.
        let text = u64::from_le_bytes(*b"       \n")
            + (first & COLUMN_BITS) * u64::from(b'x' - b' ')
            + (second & COLUMN_BITS) * u64::from(b'o' - b' ')
            - (marked & COLUMN_BITS) * u64::from(b'x' - b'X');
        row_text.copy_from_slice(&text.to_le_bytes());
        [first, second, marked] = [first >> 1, second >> 1, marked >> 1];
    }
    let end = 8 + 8 * height;
    room[end..end + 8].copy_from_slice(RULE);
    end + 8
}

/// The room the board of a win takes: two rules and at most eight rows
/// of eight bytes.
const BOARD_ROOM: usize = 80;

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

/// The room `Game::write_plain` takes: a heading of up to 16 bytes, a
/// row of `ENDING_ROWS` and the board of a win.
pub(crate) const PLAIN_ROOM: usize = 16 + ENDING_ROW + 80;

/// Each verdict line's ending (the judge core's `ENDINGS`, in the order
/// of `Verdict`) with its space before and its newline, at the start of a
/// row of its own, zeros after it, and its length: written as a whole row
/// from a place known at compile time.
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
