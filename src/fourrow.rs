//! The four-in-a-row validator (SPOJ FOUROW).
//!
//! A game's moves run from its `Game #n:` header to the next `Game` or the
//! end of input, over any number of lines (F1), and are applied as they are
//! read: memory is one 7x6 grid, whatever the number or length of games.
//! Rulings F1-F5 are in `shared/spec/RULINGS.md`.

use crate::input::{self, shown, Error, Line, Lines};
use std::io::{self, BufRead, Write};

const COLUMNS: usize = 7;
const ROWS: usize = 6;

/// A cell of the grid: empty, or a chip of the first or second player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    Empty,
    First,
    Second,
}

/// Where a game stands after its moves so far (F2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    NotOver,
    Invalid,
    /// All 42 cells are filled and nobody won.
    Draw,
    Won(Cell),
}

/// One game on bitboards: bit `7 * column + row` (row 0 at the bottom) of
/// `boards[p]` holds player p's chips; row 6 of every column stays empty,
/// so that runs cannot wrap from one column into the next.
#[derive(Clone, Debug)]
pub struct Game {
    boards: [u64; 2],
    /// Chips per column; eight entries so that `column & 7` needs no bounds check.
    heights: [usize; 8],
    moves: usize,
    last: (usize, usize),
    verdict: Verdict,
}

/// The four directions a run can take: (column step, row step).
const DIRECTIONS: [(isize, isize); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// Whether a board holds four in a row: for each direction's bit distance
/// (vertical 1, horizontal 7, diagonals 6 and 8), two shifts find a run.
fn has_four(board: u64) -> bool {
    let mut found = 0;
    for shift in [1, 7, 6, 8] {
        let pairs = board & (board >> shift);
        found |= pairs & (pairs >> (2 * shift));
    }
    found != 0
}

fn bit(column: usize, row: usize) -> u64 {
    1 << (7 * column + row)
}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

impl Game {
    pub fn new() -> Game {
        Game {
            boards: [0, 0],
            heights: [0; 8],
            moves: 0,
            last: (0, 0),
            verdict: Verdict::NotOver,
        }
    }

    pub fn verdict(&self) -> Verdict {
        self.verdict
    }

    fn cell(&self, column: usize, row: usize) -> Cell {
        if self.boards[0] & bit(column, row) != 0 {
            Cell::First
        } else if self.boards[1] & bit(column, row) != 0 {
            Cell::Second
        } else {
            Cell::Empty
        }
    }

    /// Drops a chip into `column` (0-based, below 7). F2: a move after a win
    /// or a seventh chip in a column makes the game invalid for good.
    #[inline]
    pub fn play(&mut self, column: usize) {
        let column = column & 7;
        let row = self.heights[column];
        if self.verdict != Verdict::NotOver || row == ROWS {
            // After a win, on a full board (a draw) or into a full column:
            // invalid for good.
            self.verdict = Verdict::Invalid;
            return;
        }
        let player = self.moves & 1;
        self.boards[player] |= bit(column, row);
        self.heights[column] += 1;
        self.moves += 1;
        self.last = (column, row);
        // Before this move nobody had four in a row (else the game would
        // be over), so any run now passes through this chip.
        // Four chips of one player take at least seven moves.
        self.verdict = if self.moves >= 7 && has_four(self.boards[player]) {
            Verdict::Won(if player == 0 {
                Cell::First
            } else {
                Cell::Second
            })
        } else if self.moves == COLUMNS * ROWS {
            Verdict::Draw
        } else {
            Verdict::NotOver
        };
    }

    /// The run of the last chip's colour through the last move along
    /// `direction`: its first cell and its length.
    fn run_through_last(&self, (dc, dr): (isize, isize)) -> ((usize, usize), usize) {
        let (c, r) = self.last;
        let chip = self.cell(c, r);
        let same = |c: isize, r: isize| {
            (0..COLUMNS as isize).contains(&c)
                && (0..ROWS as isize).contains(&r)
                && self.cell(c as usize, r as usize) == chip
        };
        let (mut start_c, mut start_r) = (c as isize, r as isize);
        while same(start_c - dc, start_r - dr) {
            start_c -= dc;
            start_r -= dr;
        }
        let mut len = 0;
        while same(start_c + dc * len as isize, start_r + dr * len as isize) {
            len += 1;
        }
        ((start_c as usize, start_r as usize), len)
    }

    /// The grid with the winning chips marked (F3): every run of four or
    /// more through the last move, which is where every run of a valid
    /// game's winner lies.
    fn marked(&self) -> [[bool; ROWS]; COLUMNS] {
        let mut marks = [[false; ROWS]; COLUMNS];
        for direction in DIRECTIONS {
            let ((c, r), len) = self.run_through_last(direction);
            if len >= 4 {
                for i in 0..len as isize {
                    let col = c as isize + direction.0 * i;
                    let row = r as isize + direction.1 * i;
                    marks[col as usize][row as usize] = true;
                }
            }
        }
        marks
    }

    /// Writes the verdict line and, for a win, the framed board (F4).
    pub fn write<W: Write>(&self, out: &mut W, number: u64) -> io::Result<()> {
        out.write_all(b"Game #")?;
        input::write_u64(out, number)?;
        out.write_all(match self.verdict {
            Verdict::NotOver => b" is not over, yet.\n",
            Verdict::Invalid => b" is invalid.\n",
            Verdict::Draw => b" is over. There is no winner.\n",
            Verdict::Won(Cell::First) => b" is over. The first player won.\n",
            Verdict::Won(_) => b" is over. The second player won.\n",
        })?;
        if let Verdict::Won(_) = self.verdict {
            let marks = self.marked();
            out.write_all(b"-------\n")?;
            let top = self.heights.iter().copied().max().unwrap_or(0);
            for row in (0..top).rev() {
                let mut text = [b' '; COLUMNS + 1];
                text[COLUMNS] = b'\n';
                for (col, byte) in text.iter_mut().take(COLUMNS).enumerate() {
                    let mark = marks[col][row];
                    *byte = match (self.cell(col, row), mark) {
                        (Cell::Empty, _) => b' ',
                        (Cell::First, false) => b'x',
                        (Cell::First, true) => b'X',
                        (Cell::Second, false) => b'o',
                        (Cell::Second, true) => b'O',
                    };
                }
                out.write_all(&text)?;
            }
            out.write_all(b"-------\n")?;
        }
        Ok(())
    }
}

/// Parses a `Game #n:` header starting at byte `at` of the line (which holds
/// `G` there): the game number and the byte just past the colon.
fn parse_header(line: &Line<'_>, at: usize) -> Result<(u64, usize), Error> {
    let text = line.text;
    let expected_header = "expected a header `Game #n:`";
    let found = |pos: usize| -> String {
        match text.get(pos) {
            None => "end of line".to_string(),
            Some(_) => {
                let end = text[pos..]
                    .iter()
                    .position(|&b| input::is_blank(b))
                    .map_or(text.len(), |e| pos + e);
                shown(&text[pos..end])
            }
        }
    };
    let skip_blanks = |mut pos: usize| {
        while pos < text.len() && input::is_blank(text[pos]) {
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
    let number = input::parse_u64(&text[digits_start..pos]).ok_or_else(|| {
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

/// The character at byte `pos`, for a message.
fn char_at(text: &[u8], pos: usize) -> String {
    let rest = String::from_utf8_lossy(&text[pos..]);
    let c = rest.chars().next().unwrap_or(' ');
    shown(c.to_string().as_bytes())
}

/// `referee fourrow`: one verdict (and board) per game of `input`.
pub fn run<R: BufRead, W: Write>(input: R, mut out: W) -> Result<(), Error> {
    let result = validate(input, &mut out, false);
    input::finish(out, result)
}

/// `referee fourrow --strict`: the same, every line held to the format.
pub fn run_strict<R: BufRead, W: Write>(input: R, mut out: W) -> Result<(), Error> {
    let result = validate(input, &mut out, true);
    input::finish(out, result)
}

/// The longest game the statement allows.
const MAX_MOVES: usize = COLUMNS * ROWS;

/// `--strict`: a game is one line, exactly `Game #k: ` (k counting from 1)
/// and then at most 42 slot digits.
fn check_game_line(line: &Line<'_>, number: u64) -> Result<(), Error> {
    let header = format!("Game #{}: ", number);
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
    if let Some(i) = moves.iter().position(|b| !(b'1'..=b'7').contains(b)) {
        let col = header.len() + i + 1;
        return Err(line.error(
            col,
            format!(
                "expected a slot digit 1-7, found {}",
                char_at(text, col - 1)
            ),
        ));
    }
    if moves.len() > MAX_MOVES {
        return Err(line.error(
            header.len() + MAX_MOVES + 1,
            format!(
                "expected at most {} moves, found {}",
                MAX_MOVES,
                moves.len()
            ),
        ));
    }
    Ok(())
}

fn validate<R: BufRead, W: Write>(input: R, out: &mut W, strict: bool) -> Result<(), Error> {
    let mut lines = Lines::new(input).strict(strict);
    let announced = input::read_count(&mut lines, "the number of games", 1..=99)?;
    let mut games_seen: u64 = 0;
    // The game being read: its number and grid.
    let mut current: Option<(u64, Game)> = None;
    while let Some(line) = lines.next_line()? {
        if strict && games_seen < announced {
            check_game_line(&line, games_seen + 1)?;
        }
        let text = line.text;
        let mut pos = 0;
        while pos < text.len() {
            let byte = text[pos];
            // The common case first: a slot digit inside a game.
            let column = byte.wrapping_sub(b'1');
            if column < 7 {
                if let Some((_, game)) = current.as_mut() {
                    game.play(usize::from(column));
                    pos += 1;
                    continue;
                }
            }
            if input::is_blank(byte) {
                pos += 1;
            } else if byte == b'G' {
                if games_seen == announced {
                    return Err(line.error(
                        pos + 1,
                        format!(
                            "expected end of input after the last game ({}), found {}",
                            announced,
                            char_at(text, pos).replace('G', "Game")
                        ),
                    ));
                }
                let (number, next) = parse_header(&line, pos)?;
                if let Some((number, game)) = current.take() {
                    game.write(out, number)?;
                }
                games_seen += 1;
                current = Some((number, Game::new()));
                pos = next;
            } else if (b'1'..=b'7').contains(&byte) {
                match current.as_mut() {
                    Some((_, game)) => game.play(usize::from(byte - b'1')),
                    None => {
                        return Err(line.error(
                            pos + 1,
                            format!("expected a header `Game #n:`, found {}", char_at(text, pos)),
                        ))
                    }
                }
                pos += 1;
            } else {
                let expected = if current.is_some() {
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
    }
    if let Some((number, game)) = current.take() {
        game.write(out, number)?;
    }
    if games_seen < announced {
        return Err(lines.eof_error(&format!(
            "expected game {} of {} (a header `Game #n:`)",
            games_seen + 1,
            announced
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    impl Game {
        /// Puts a chip anywhere, for grids built by hand.
        fn put(&mut self, column: usize, row: usize, chip: Cell) {
            let player = if chip == Cell::First { 0 } else { 1 };
            self.boards[player] |= bit(column, row);
        }
    }

    #[test]
    fn four_in_a_row_is_found_in_every_direction_and_never_across_columns() {
        let run = |cells: &[(usize, usize)]| cells.iter().fold(0, |b, &(c, r)| b | bit(c, r));
        assert!(has_four(run(&[(0, 0), (1, 0), (2, 0), (3, 0)])));
        assert!(has_four(run(&[(6, 2), (6, 3), (6, 4), (6, 5)])));
        assert!(has_four(run(&[(3, 0), (4, 1), (5, 2), (6, 3)])));
        assert!(has_four(run(&[(0, 5), (1, 4), (2, 3), (3, 2)])));
        // Top of one column and bottom of the next are not in a row.
        assert!(!has_four(run(&[(0, 4), (0, 5), (1, 0), (1, 1)])));
        assert!(!has_four(run(&[(0, 0), (1, 0), (2, 0), (4, 0)])));
    }

    fn game(moves: &str) -> Game {
        let mut game = Game::new();
        for b in moves.bytes() {
            game.play(usize::from(b - b'1'));
        }
        game
    }

    fn board(moves: &str) -> String {
        let mut out = Vec::new();
        game(moves).write(&mut out, 1).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn wins_in_every_direction() {
        assert_eq!(game("1122334").verdict(), Verdict::Won(Cell::First));
        assert_eq!(game("1212121").verdict(), Verdict::Won(Cell::First));
        // Rising diagonal (1,1)-(4,4) for the first player, on the 11th move.
        assert_eq!(game("1223433454").verdict(), Verdict::NotOver);
        assert_eq!(game("12234334544").verdict(), Verdict::Won(Cell::First));
        // The same mirrored: a falling diagonal (4,4)-(7,1).
        assert_eq!(game("76654554344").verdict(), Verdict::Won(Cell::First));
    }

    #[test]
    fn invalid_after_a_win_or_a_seventh_chip() {
        assert_eq!(game("11223344").verdict(), Verdict::Invalid);
        assert_eq!(game("1111111").verdict(), Verdict::Invalid);
        assert_eq!(game("").verdict(), Verdict::NotOver);
    }

    #[test]
    fn marks_a_run_of_five_and_two_runs_at_once() {
        // First player: 1,2,4,5 on the bottom, then 3 joins a run of five.
        let text = board("112244553");
        assert_eq!(
            text,
            "Game #1 is over. The first player won.\n-------\noo oo  \nXXXXX  \n-------\n"
        );
        // Column 4 vertical and the bottom row meet at (4, 0)... built by hand:
        // x at 1,2,3 bottom; x at 4 rows 1-3 stacked; last x at 4 bottom.
        let mut g = Game::new();
        for &(c, r, chip) in &[
            (0, 0, Cell::First),
            (1, 0, Cell::First),
            (2, 0, Cell::First),
        ] {
            g.put(c, r, chip);
            g.heights[c] = 1;
        }
        for r in 0..3 {
            g.put(3, r + 1, Cell::First);
        }
        g.put(3, 0, Cell::First);
        g.heights[3] = 4;
        g.last = (3, 0);
        g.verdict = Verdict::Won(Cell::First);
        let marks = g.marked();
        assert!(marks[0][0] && marks[1][0] && marks[2][0] && marks[3][0] && marks[3][3]);
    }

    #[test]
    fn diagonal_through_the_top_row_is_marked() {
        let mut g = Game::new();
        // Falling diagonal from (0,5) to (3,2), the last chip at the top.
        for (c, r) in [(1, 4), (2, 3), (3, 2), (0, 5)] {
            g.put(c, r, Cell::Second);
        }
        g.last = (0, 5);
        let marks = g.marked();
        assert!(marks[0][5] && marks[1][4] && marks[2][3] && marks[3][2]);
        assert_eq!(g.run_through_last((1, -1)).1, 4);
    }
}
