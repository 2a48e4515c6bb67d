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
//! - A game starts with a header `Game #n:`, on one line with blanks
//!   allowed between its pieces, and its moves are the slot digits `1` to
//!   `7` after it, up to the next `Game` or the end of input, over any
//!   number of lines, blanks between them ignored (F1).
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
//! ## The code
//!
//! The small functions of the game are `#[inline]`: the tool, which uses
//! this crate from another, plays every move of its input through them.

use crate::read::{is_blank, Input};

/// The grid's size: seven slots of six cells.
pub const SLOTS: usize = 7;
pub const ROWS: usize = 6;

/// A set of cells of the grid, one bit a cell: bit `8 * slot + row`, row
/// 0 at the bottom. A slot has eight bits: its six cells, a seventh cell
/// above the grid, where a chip dropped into the full slot lands (see
/// `Game::play`), and a top bit that no chip of a valid game reaches: a
/// line of cells that leaves one slot at its top or bottom meets that bit
/// (or the end of the word) before it could reach another slot.
///
/// Moving along a line is adding a fixed distance to a bit's place (see
/// `DIRECTIONS`), so a whole set can be looked at from each of its cells
/// at once: `cells >> k` holds a cell exactly when `cells` holds the one
/// `k` places further on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cells(pub u64);

/// The cells of the bottom row and every cell of the grid: the lowest bit
/// of each slot's eight, and the lowest six.
pub const BOTTOM_ROW: Cells = in_every_slot(1);
const GRID: Cells = in_every_slot((1 << ROWS) - 1);

/// Each slot's bottom cell, by slot.
const SLOT_BOTTOMS: [u64; SLOTS] = {
    let mut bottoms = [0; SLOTS];
    let mut slot = 0;
    while slot < SLOTS {
        bottoms[slot] = Cells::cell(0, slot).0;
        slot += 1;
    }
    bottoms
};

/// In every slot, the cells whose bits among the slot's eight are `bits`.
const fn in_every_slot(bits: u64) -> Cells {
    let (mut cells, mut slot) = (0, 0);
    while slot < SLOTS {
        cells |= bits << (8 * slot);
        slot += 1;
    }
    Cells(cells)
}

/// The directions a line of chips can run in, as the distance between the
/// bits of two neighbouring cells along it: up a slot, across to the next
/// slot, and the two diagonals.
const DIRECTIONS: [u32; 4] = [1, 8, 9, 7];

impl Cells {
    #[inline]
    const fn cell(row: usize, slot: usize) -> Cells {
        Cells(1 << (8 * slot + row))
    }

    #[inline]
    fn contains(self, row: usize, slot: usize) -> bool {
        self.0 & Cells::cell(row, slot).0 != 0
    }

    /// The first cells of the lines of four of these cells along
    /// `direction`: those of these whose next three cells along it are
    /// here too. Such a line is two pairs of neighbours, the second pair
    /// two cells on from the first.
    #[inline]
    fn first_of_four(self, direction: u32) -> u64 {
        let pairs = self.0 & self.0 >> direction;
        pairs & pairs >> (2 * direction)
    }

    /// Whether four or more of these cells lie in a line.
    #[inline]
    fn has_four_in_a_line(self) -> bool {
        let firsts = DIRECTIONS
            .iter()
            .fold(0, |firsts, &d| firsts | self.first_of_four(d));
        firsts != 0
    }

    /// The cells that lie in a line of four or more of these (F3): each
    /// first cell of a line of four and the three after it, in every
    /// direction, found as two pairs again.
    #[inline]
    pub fn in_lines_of_four(self) -> Cells {
        Cells(DIRECTIONS.iter().fold(0, |cells, &direction| {
            let firsts = self.first_of_four(direction);
            let pairs = firsts | firsts << direction;
            cells | pairs | pairs << (2 * direction)
        }))
    }
}

/// What a game's moves make of it (F2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Invalid,
    NoWinner,
    /// Won by the first player (0) or the second (1).
    Won(usize),
    NotOver,
}

impl Verdict {
    /// Which of `ENDINGS` the verdict line ends with.
    pub fn ending(self) -> usize {
        match self {
            Verdict::NotOver => 0,
            Verdict::Invalid => 1,
            Verdict::NoWinner => 2,
            Verdict::Won(0) => 3,
            Verdict::Won(_) => 4,
        }
    }
}

/// A game being played: every chip, the chips of the player to move, every
/// chip before the last move, and the number of moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Game {
    all: Cells,
    to_move: Cells,
    before_last_move: Cells,
    moves: usize,
}

impl Game {
    /// Drops a chip of the player to move into `slot` (0 to 6; any other
    /// panics): it lands on the lowest empty cell. A chip into a full slot
    /// lands on the cell above the grid, which makes the game invalid for
    /// good (F2): the verdict sees that cell, and the rest of the check
    /// waits for it too. Where the chips after it go is of no account.
    #[inline]
    pub fn play(&mut self, slot: usize) {
        let all = self.all.0;
        self.before_last_move = self.all;
        // The player to move next holds every chip the mover did not.
        self.to_move = Cells(all ^ self.to_move.0);
        // A slot's chips fill its lowest cells, so adding its bottom cell
        // to the set carries, as adding one to a number does, up past them
        // to its lowest empty cell. The sum has lost the slot's other
        // chips, which the chips before still hold. (Once a slot is full
        // to the cell above the grid, the carry goes on past its top into
        // the next slot: the game is invalid by then, and nothing it does
        // is seen.)
        let sum = all.wrapping_add(SLOT_BOTTOMS[slot]);
        self.all = Cells(all | sum);
        self.moves += 1;
    }

    /// The chips of the player who moved last.
    #[inline]
    fn moved_last(&self) -> Cells {
        Cells(self.all.0 ^ self.to_move.0)
    }

    /// Whether a chip was dropped into a full slot: the first such chip
    /// landed above the grid, and chips are never taken away.
    #[inline]
    fn overfilled(&self) -> bool {
        self.all.0 & !GRID.0 != 0
    }

    /// F2 from the board after the last move. Chips never move, so a line
    /// of four, once made, is still there: a move came after a win exactly
    /// when the board before the last move held a line of four, one of the
    /// other player's (whose chips were all there) or of the last mover's
    /// chips that were there; and the last move won if it made one.
    #[inline]
    pub fn verdict(&self) -> Verdict {
        let moved_last = self.moved_last();
        let won = moved_last.has_four_in_a_line();
        let before_last = Cells(moved_last.0 & self.before_last_move.0);
        if self.overfilled()
            || self.to_move.has_four_in_a_line()
            // The last mover's chips before the last move are some of
            // theirs now: they hold a line only if these do.
            || won && before_last.has_four_in_a_line()
        {
            Verdict::Invalid
        } else if won {
            Verdict::Won(last_mover(self.moves))
        } else if self.moves == SLOTS * ROWS {
            Verdict::NoWinner
        } else {
            Verdict::NotOver
        }
    }

    /// Whether the game is invalid: for good, as no move takes a chip
    /// away (F2), so the moves after it change nothing and a reader may
    /// pass them unplayed.
    #[inline]
    pub fn is_invalid(&self) -> bool {
        self.verdict() == Verdict::Invalid
    }

    /// Each player's chips, the first player's first.
    #[inline]
    pub fn chips(&self) -> [Cells; 2] {
        match last_mover(self.moves) {
            0 => [self.moved_last(), self.to_move],
            _ => [self.to_move, self.moved_last()],
        }
    }

    /// The number of the grid's rows that hold a chip. Chips stand on
    /// each other, so these are the lowest rows; the slots laid over each
    /// other (the grid folded in half three times) show a chip in each.
    #[inline]
    pub fn rows_with_chips(&self) -> usize {
        let folded = [32, 16, 8]
            .iter()
            .fold(self.all.0 & GRID.0, |cells, &half| cells | cells >> half);
        (folded as u8).trailing_ones() as usize
    }

    /// The board after a win (F3, F4): the rows that hold a chip, top row
    /// first, every chip of the winner in a line of four or more in
    /// capitals.
    pub fn board(&self) -> Vec<String> {
        let in_line = self.moved_last().in_lines_of_four();
        let chips = self.chips();
        let symbol = |row: usize, slot: usize| {
            let chip = (0..2).find(|&player| chips[player].contains(row, slot));
            match chip {
                None => EMPTY,
                Some(player) if in_line.contains(row, slot) => CHIPS[player].to_ascii_uppercase(),
                Some(player) => CHIPS[player],
            }
        };
        (0..self.rows_with_chips())
            .rev()
            .map(|row| (0..SLOTS).map(|slot| symbol(row, slot)).collect())
            .collect()
    }
}

/// The player who made the last of `moves` moves: the first player (0)
/// after an odd number.
#[inline]
fn last_mover(moves: usize) -> usize {
    (moves + 1) % 2
}

/// How the board shows a cell: empty, or a chip of the first player or
/// the second; a chip in a winning line shows in capitals (F4).
pub const EMPTY: char = ' ';
pub const CHIPS: [char; 2] = ['x', 'o'];

/// The verdict on every game of `text`.
pub fn solve(text: &str, out: &mut String) -> Result<(), String> {
    let mut input = Input::new(text);
    let games = input.count("the number of games")?;
    for _ in 0..games {
        let number = header(&mut input)?;
        let number = number.trim_start_matches('0');
        let mut game = Game::default();
        // The moves run to the next `Game` or the end of input (F1).
        while let Some(slot) = input.rest().chars().next().filter(|&c| c != 'G') {
            match slot.to_digit(10) {
                Some(digit @ 1..=7) => game.play(digit as usize - 1),
                _ => return Err(format!("expected a slot digit 1-7, found `{}`", slot)),
            }
            input.advance(slot.len_utf8());
        }
        write_game(out, if number.is_empty() { "0" } else { number }, &game);
    }
    input.expect_end()
}

/// Reads a header, `Game #n:` on one line with blanks allowed between its
/// pieces, and gives n as written.
fn header<'a>(input: &mut Input<'a>) -> Result<&'a str, String> {
    let rest = input.rest();
    let (mut at, mut number) = (0, "");
    for piece in ["Game", "#", "n", ":"] {
        let left = rest[at..].trim_start_matches(|c| c != '\n' && is_blank(c));
        let len = match piece {
            "n" => left.bytes().take_while(u8::is_ascii_digit).count(),
            word if left.starts_with(word) => word.len(),
            _ => 0,
        };
        if len == 0 {
            let found = rest.lines().next().unwrap_or("");
            return Err(format!("expected a header `Game #n:`, found `{}`", found));
        }
        if piece == "n" {
            number = &left[..len];
        }
        at = rest.len() - left.len() + len;
    }
    input.advance(at);
    Ok(number)
}

/// What a verdict line says before the game's number.
pub const HEADING: &str = "Game #";

/// What a verdict line says after `Game #n ` (F2): not over, invalid, no
/// winner, won by the first player, won by the second.
pub const ENDINGS: [&str; 5] = [
    "is not over, yet.",
    "is invalid.",
    "is over. There is no winner.",
    "is over. The first player won.",
    "is over. The second player won.",
];

/// The line above and below the board of a win (F4).
pub const RULE: &str = "-------";

fn write_game(out: &mut String, number: &str, game: &Game) {
    let verdict = game.verdict();
    let ending = ENDINGS[verdict.ending()];
    out.push_str(&format!("{}{} {}\n", HEADING, number, ending));
    if let Verdict::Won(_) = verdict {
        out.push_str(&format!("{}\n", RULE));
        for row in game.board() {
            out.push_str(&row);
            out.push('\n');
        }
        out.push_str(&format!("{}\n", RULE));
    }
}

#[cfg(test)]
mod tests;
