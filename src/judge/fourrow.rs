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
//! - A game starts with a header `Game #n:` and its moves are the slot
//!   digits `1` to `7` after it, up to the next `Game` or the end of input,
//!   over any number of lines, blanks between them ignored (F1).
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

use crate::read::Input;

/// The grid's size: seven slots of six cells.
pub const SLOTS: usize = 7;
pub const ROWS: usize = 6;

/// A cell of the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    Empty,
    /// A chip of the first player (index 0) or the second (1).
    Chip(usize),
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

/// A game being played: the grid, bottom row first, and its state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    grid: [[Cell; SLOTS]; ROWS],
    moves: usize,
    invalid: bool,
    winner: Option<usize>,
}

impl Default for Game {
    fn default() -> Game {
        Game {
            grid: [[Cell::Empty; SLOTS]; ROWS],
            moves: 0,
            invalid: false,
            winner: None,
        }
    }
}

/// The four directions a line of chips can run in: across, up and the
/// two diagonals (row step, slot step).
const DIRECTIONS: [(isize, isize); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

impl Game {
    /// Drops a chip of the player to move into `slot` (0 to 6). A move
    /// after a win or into a full slot makes the game invalid (F2).
    pub fn play(&mut self, slot: usize) {
        if self.invalid {
            return;
        }
        let row = (0..ROWS).find(|&row| self.grid[row][slot] == Cell::Empty);
        let row = match (self.winner, row) {
            (None, Some(row)) => row,
            _ => {
                self.invalid = true;
                return;
            }
        };
        let player = self.moves % 2;
        self.grid[row][slot] = Cell::Chip(player);
        self.moves += 1;
        if DIRECTIONS
            .iter()
            .any(|&step| self.line_through(row, slot, step) >= 4)
        {
            self.winner = Some(player);
        }
    }

    /// The cell `steps` steps from (row, slot) along `step`, if on the grid.
    fn cell(&self, row: usize, slot: usize, step: (isize, isize), steps: isize) -> Option<Cell> {
        let row = row as isize + step.0 * steps;
        let slot = slot as isize + step.1 * steps;
        if (0..ROWS as isize).contains(&row) && (0..SLOTS as isize).contains(&slot) {
            Some(self.grid[row as usize][slot as usize])
        } else {
            None
        }
    }

    /// The length of the line of one player's chips through (row, slot)
    /// along `step`, both ways.
    fn line_through(&self, row: usize, slot: usize, step: (isize, isize)) -> usize {
        let chip = self.cell(row, slot, step, 0);
        let run = |sign: isize| {
            (1..)
                .take_while(|&n| self.cell(row, slot, step, sign * n) == chip)
                .count()
        };
        1 + run(1) + run(-1)
    }

    pub fn verdict(&self) -> Verdict {
        match self.winner {
            _ if self.invalid => Verdict::Invalid,
            Some(player) => Verdict::Won(player),
            None if self.moves == SLOTS * ROWS => Verdict::NoWinner,
            None => Verdict::NotOver,
        }
    }

    /// The board after a win (F3, F4): the rows that hold a chip, top row
    /// first, every chip of the winner in a line of four or more in
    /// capitals.
    pub fn board(&self) -> Vec<String> {
        let in_line = |row: usize, slot: usize| {
            self.grid[row][slot] == self.winner.map_or(Cell::Empty, Cell::Chip)
                && DIRECTIONS
                    .iter()
                    .any(|&step| self.line_through(row, slot, step) >= 4)
        };
        let rows = (0..ROWS)
            .rev()
            .filter(|&row| self.grid[row].iter().any(|&c| c != Cell::Empty));
        rows.map(|row| {
            (0..SLOTS)
                .map(|slot| match (self.grid[row][slot], in_line(row, slot)) {
                    (Cell::Empty, _) => ' ',
                    (Cell::Chip(0), false) => 'x',
                    (Cell::Chip(0), true) => 'X',
                    (_, false) => 'o',
                    (_, true) => 'O',
                })
                .collect()
        })
        .collect()
    }
}

/// The verdict on every game of `text`.
pub fn solve(text: &str, out: &mut String) -> Result<(), String> {
    let mut input = Input::new(text);
    let games: u64 = input.number("the number of games")?;
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

/// Reads a header, `Game #n:` with whitespace allowed between its pieces,
/// and gives n as written.
fn header<'a>(input: &mut Input<'a>) -> Result<&'a str, String> {
    let mut number = "";
    for piece in ["Game", "#", "n", ":"] {
        let rest = input.rest();
        let len = match piece {
            "n" => rest.bytes().take_while(u8::is_ascii_digit).count(),
            word if rest.starts_with(word) => word.len(),
            _ => 0,
        };
        if len == 0 {
            return Err(format!(
                "expected a header `Game #n:`, found `{}`",
                rest.lines().next().unwrap_or("")
            ));
        }
        if piece == "n" {
            number = &rest[..len];
        }
        input.advance(len);
    }
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
    let ending = match game.verdict() {
        Verdict::NotOver => ENDINGS[0],
        Verdict::Invalid => ENDINGS[1],
        Verdict::NoWinner => ENDINGS[2],
        Verdict::Won(0) => ENDINGS[3],
        Verdict::Won(_) => ENDINGS[4],
    };
    out.push_str(&format!("{}{} {}\n", HEADING, number, ending));
    if let Verdict::Won(_) = game.verdict() {
        out.push_str(&format!("{}\n", RULE));
        for row in game.board() {
            out.push_str(&row);
            out.push('\n');
        }
        out.push_str(&format!("{}\n", RULE));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn judge(input: &str) -> String {
        let mut out = String::new();
        solve(input, &mut out).unwrap();
        out
    }

    #[test]
    fn a_win_draws_the_rows_with_chips_and_every_winning_line() {
        let out = judge("1\nGame #1: 1122334\n");
        assert_eq!(
            out,
            "Game #1 is over. The first player won.\n-------\nooo    \nXXXX   \n-------\n"
        );
    }

    #[test]
    fn moves_after_a_win_or_in_a_full_slot_are_invalid() {
        assert_eq!(judge("1\nGame #1: 11223345"), "Game #1 is invalid.\n");
        assert_eq!(judge("1\nGame #1: 1111111"), "Game #1 is invalid.\n");
    }

    #[test]
    fn a_full_board_without_a_line_has_no_winner() {
        let out = judge("1\nGame #1: 734236151262247174335445371621555727146663");
        assert_eq!(out, "Game #1 is over. There is no winner.\n");
    }

    #[test]
    fn game_numbers_of_any_length_lose_their_leading_zeros() {
        let out = judge("2\nGame#00000000000000000000000000000000000000000000123:\n Game # 0 : 4");
        assert_eq!(
            out,
            "Game #123 is not over, yet.\nGame #0 is not over, yet.\n"
        );
        let long = judge("1\nGame #11111111111: 12121232\n");
        assert!(long.starts_with("Game #11111111111 is over. The second player won.\n"));
    }

    #[test]
    fn zero_games_print_nothing_and_bad_moves_are_errors() {
        assert_eq!(judge("0\n"), "");
        assert!(solve("1\nGame #1: 8", &mut String::new()).is_err());
        assert!(solve("1\nGame #1: 1 Game #2:", &mut String::new()).is_err());
    }
}
