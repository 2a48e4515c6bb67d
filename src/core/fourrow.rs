//! The four-in-a-row validator (SPOJ FOUROW).
//!
//! A game's moves run from its `Game #n:` header to the next `Game` or the
//! end of input, over any number of lines (F1), and are applied as they are
//! read: memory is one 7x6 grid, whatever the number or length of games.
//! Rulings F1-F5 are in `shared/spec/RULINGS.md`.

use crate::core::io::{self as input, shown, Error, Line, Lines, Output, Part};
use std::io::{BufRead, Read, Write};

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

/// One game on bitboards: bit `7 * column + row` (row 0 at the bottom).
/// Row 6 of every column (the sentinel row) stays empty while the game is
/// valid, so that runs cannot wrap from one column into the next, and a
/// seventh chip in a column lands there.
///
/// A move is four bit operations and no test: the verdict (F2) is worked
/// out from the final position when it is asked for, which gives the same
/// answer as checking after every move, since chips never move (see
/// `verdict`).
#[derive(Clone, Debug)]
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

/// One bit per column in the sentinel row.
const SENTINELS: u64 = 0x40 * COLUMN_BITS;
/// The bottom bit of every column: bits 0, 7, ..., 42.
const COLUMN_BITS: u64 = 1 | 1 << 7 | 1 << 14 | 1 << 21 | 1 << 28 | 1 << 35 | 1 << 42;

/// The starts of runs of four along one direction (bit distance `shift`:
/// vertical 1, horizontal 7, diagonals 6 and 8).
fn fours(board: u64, shift: u32) -> u64 {
    let pairs = board & (board >> shift);
    pairs & (pairs >> (2 * shift))
}

fn has_four(board: u64) -> bool {
    (fours(board, 1) | fours(board, 7) | fours(board, 6) | fours(board, 8)) != 0
}

/// Every chip of `board` in a run of four or more, in any direction (F3).
fn in_runs(board: u64) -> u64 {
    let mut marked = 0;
    for shift in [1, 7, 6, 8] {
        let starts = fours(board, shift);
        marked |= starts | starts << shift | starts << (2 * shift) | starts << (3 * shift);
    }
    marked
}

/// Row `row` of a board as 7 bits, column 0 lowest: the row's bits sit 7
/// apart, and one multiplication moves bit 7i to bit 42 + i (the partial
/// products never share a bit, so nothing carries into the result).
fn row_bits(board: u64, row: usize) -> usize {
    const GATHER: u64 = 1 << 42 | 1 << 36 | 1 << 30 | 1 << 24 | 1 << 18 | 1 << 12 | 1 << 6;
    ((((board >> row) & COLUMN_BITS).wrapping_mul(GATHER) >> 42) & 0x7f) as usize
}

/// For 7 bits, a word with byte i set to 1 where bit i is set.
const fn spread_table() -> [u64; 128] {
    let mut table = [0u64; 128];
    let mut bits = 0;
    while bits < 128 {
        let mut i = 0;
        while i < 7 {
            if bits >> i & 1 == 1 {
                table[bits] |= 1 << (8 * i);
            }
            i += 1;
        }
        bits += 1;
    }
    table
}

const SPREAD: [u64; 128] = spread_table();

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

impl Game {
    pub fn new() -> Game {
        Game {
            mask: 0,
            to_move: 0,
            last: 0,
            moves: 0,
        }
    }

    /// Drops a chip into `column` (0-based, below 7). A chip into a full
    /// column lands in the sentinel row, which makes the game invalid for
    /// good (F2); what happens to the bits after that does not matter.
    #[inline(always)]
    pub fn play(&mut self, column: usize) {
        debug_assert!(column < COLUMNS);
        let bottom = 1u64 << (7 * column);
        let mask = self.mask | self.mask.wrapping_add(bottom);
        self.last = mask ^ self.mask;
        // The mover's chips plus all others are the next mover's chips
        // once the mover's are taken away: `to_move ^ mask` of before.
        self.to_move ^= self.mask;
        self.mask = mask;
        self.moves += 1;
    }

    /// The chips of the first and of the second player.
    fn boards(&self) -> [u64; 2] {
        let mover = self.to_move ^ self.mask;
        if self.moves % 2 == 1 {
            [mover, self.to_move]
        } else {
            [self.to_move, mover]
        }
    }

    /// F2 from the final position. Chips never move, so a run of four
    /// made at any move is still there at the end: the game went on after
    /// a win exactly when the player who did not move last has four, or
    /// the last mover had four without the last chip.
    pub fn verdict(&self) -> Verdict {
        if self.mask & SENTINELS != 0 {
            return Verdict::Invalid;
        }
        if self.moves == 0 {
            return Verdict::NotOver;
        }
        let mover = self.to_move ^ self.mask;
        if has_four(self.to_move) || has_four(mover & !self.last) {
            Verdict::Invalid
        } else if has_four(mover) {
            Verdict::Won(if self.moves % 2 == 1 {
                Cell::First
            } else {
                Cell::Second
            })
        } else if self.moves == COLUMNS * ROWS {
            Verdict::Draw
        } else {
            Verdict::NotOver
        }
    }

    /// Writes the verdict line and, for a win, the framed board (F4).
    pub fn write<W: Write>(&self, out: &mut Output<W>, number: u64) {
        let verdict = self.verdict();
        out.put(b"Game #");
        out.put_u64(number);
        out.put(match verdict {
            Verdict::NotOver => b" is not over, yet.\n",
            Verdict::Invalid => b" is invalid.\n",
            Verdict::Draw => b" is over. There is no winner.\n",
            Verdict::Won(Cell::First) => b" is over. The first player won.\n",
            Verdict::Won(_) => b" is over. The second player won.\n",
        });
        let winner = match verdict {
            Verdict::Won(Cell::First) => 0,
            Verdict::Won(_) => 1,
            _ => return,
        };
        let [first, second] = self.boards();
        let marked = in_runs([first, second][winner]);
        out.put(b"-------\n");
        for row in (0..ROWS).rev().filter(|&row| row_bits(self.mask, row) != 0) {
            // Bytes: 7 spaces and a newline; a chip adds the distance
            // from ' ' to 'x' or 'o', a mark takes 'x' to 'X', 'o' to 'O'.
            let text = u64::from_le_bytes(*b"       \n")
                + SPREAD[row_bits(first, row)] * u64::from(b'x' - b' ')
                + SPREAD[row_bits(second, row)] * u64::from(b'o' - b' ')
                - SPREAD[row_bits(marked, row)] * u64::from(b'x' - b'X');
            out.put(&text.to_le_bytes());
        }
        out.put(b"-------\n");
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
pub fn run<R: BufRead, W: Write>(input: R, out: W) -> Result<(), Error> {
    validate(input, out, false)
}

/// `referee fourrow --strict`: the same, every line held to the format.
pub fn run_strict<R: BufRead, W: Write>(input: R, out: W) -> Result<(), Error> {
    validate(input, out, true)
}

fn validate<R: BufRead, W: Write>(input: R, out: W, strict: bool) -> Result<(), Error> {
    let lines = Lines::new(input).strict(strict);
    input::run_part(lines, out, Part::whole(), solve_part)
}

/// Where the last game of `block` may start, found without parsing: the
/// last line that begins with `G`, or `None`. Only a guess: solving the
/// parts checks it.
pub fn last_game_start(block: &[u8]) -> Option<usize> {
    (1..block.len())
        .rev()
        .find(|&i| block[i] == b'G' && block[i - 1] == b'\n')
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

/// Plays the slot digits of `text` from `pos` on; returns where they end.
/// Eight bytes are checked at once: with `d` each byte minus b'1', all
/// eight are slot digits when every byte of `d` and of `d + 1` is below 8
/// (a byte below b'1' borrows and shows high bits at the lowest such byte).
#[inline(always)]
fn play_digits(game: &mut Game, text: &[u8], mut pos: usize) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const NOT_BELOW_8: u64 = 0xf8f8_f8f8_f8f8_f8f8;
    while let Some(window) = text.get(pos..pos + 8) {
        let mut bytes = [0u8; 8];
        bytes.copy_from_slice(window);
        let columns = u64::from_le_bytes(bytes).wrapping_sub(ONES * u64::from(b'1'));
        if (columns | columns.wrapping_add(ONES)) & NOT_BELOW_8 != 0 {
            break;
        }
        for i in 0..8 {
            game.play((columns >> (8 * i)) as usize & 0xff);
        }
        pos += 8;
    }
    while let Some(column) = text.get(pos).map(|b| b.wrapping_sub(b'1')) {
        if column >= 7 {
            break;
        }
        game.play(usize::from(column));
        pos += 1;
    }
    pos
}

/// The verdicts for one part of an input (see `Part`). A part that does
/// not run to the end of the input ends with its last game: the part after
/// it starts with a header.
pub fn solve_part<R: Read, W: Write>(
    lines: &mut Lines<R>,
    out: &mut Output<W>,
    part: &mut Part,
) -> Result<(), Error> {
    let strict = lines.is_strict();
    if part.top {
        part.announced = input::read_count(lines, "the number of games", 1..=99)?;
    }
    let announced = part.announced;
    let mut games_seen = part.cases_before;
    // The game being read: its number and grid.
    let mut current: Option<(u64, Game)> = None;
    while let Some(line) = lines.next_line()? {
        if strict && games_seen < announced {
            check_game_line(&line, games_seen + 1)?;
        }
        let text = line.text;
        let mut pos = 0;
        while pos < text.len() {
            // The common case first: a run of slot digits inside a game.
            if let Some((_, game)) = current.as_mut() {
                pos = play_digits(game, text, pos);
                if pos == text.len() {
                    break;
                }
            }
            let byte = text[pos];
            if input::is_blank(byte) {
                pos += 1;
            } else if byte == b'G' {
                if !part.wants_case(games_seen) {
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
                    game.write(out, number);
                    out.end_lines()?;
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
        game.write(out, number);
    }
    part.cases = games_seen - part.cases_before;
    if part.to_end && games_seen < announced {
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

    fn bit(column: usize, row: usize) -> u64 {
        1 << (7 * column + row)
    }

    fn cells(cells: &[(usize, usize)]) -> u64 {
        cells.iter().fold(0, |b, &(c, r)| b | bit(c, r))
    }

    #[test]
    fn four_in_a_row_is_found_in_every_direction_and_never_across_columns() {
        assert!(has_four(cells(&[(0, 0), (1, 0), (2, 0), (3, 0)])));
        assert!(has_four(cells(&[(6, 2), (6, 3), (6, 4), (6, 5)])));
        assert!(has_four(cells(&[(3, 0), (4, 1), (5, 2), (6, 3)])));
        assert!(has_four(cells(&[(0, 5), (1, 4), (2, 3), (3, 2)])));
        // Top of one column and bottom of the next are not in a row.
        assert!(!has_four(cells(&[(0, 4), (0, 5), (1, 0), (1, 1)])));
        assert!(!has_four(cells(&[(0, 0), (1, 0), (2, 0), (4, 0)])));
    }

    #[test]
    fn runs_of_four_or_more_are_marked_whole_and_nothing_else() {
        // A row of five and a column of four meeting at (3, 0), plus
        // chips in runs of three.
        let runs = cells(&[
            (0, 0),
            (1, 0),
            (2, 0),
            (3, 0),
            (4, 0),
            (3, 1),
            (3, 2),
            (3, 3),
        ]);
        let loose = cells(&[(6, 0), (6, 1), (6, 2), (5, 1), (0, 1)]);
        assert_eq!(in_runs(runs | loose), runs);
        // A falling diagonal from the top row, (0, 5) to (3, 2).
        let diagonal = cells(&[(0, 5), (1, 4), (2, 3), (3, 2)]);
        assert_eq!(in_runs(diagonal | bit(4, 0)), diagonal);
    }

    #[test]
    fn rows_are_gathered_column_by_column() {
        let board = cells(&[(0, 2), (3, 2), (6, 2), (6, 5), (1, 0)]);
        assert_eq!(row_bits(board, 2), 0b100_1001);
        assert_eq!(row_bits(board, 5), 0b100_0000);
        assert_eq!(row_bits(board, 0), 0b000_0010);
        assert_eq!(row_bits(board, 1), 0);
        assert_eq!(SPREAD[0b101], 0x0001_0001);
    }

    #[test]
    fn digits_are_played_eight_at_a_time_up_to_the_first_other_byte() {
        // A stop byte at every place of a 20-byte run: the digits before
        // it are played, one at a time or eight at once alike.
        for stop in [b'0', b'8', b'9', b'/', b' ', b'G', b'\t', 0xff] {
            for at in 0..20 {
                let mut text = b"12345671234567123456".to_vec();
                text[at] = stop;
                let mut eight = Game::new();
                let end = play_digits(&mut eight, &text, 0);
                let mut one = Game::new();
                for &b in &text[..at] {
                    one.play(usize::from(b - b'1'));
                }
                assert_eq!(end, at);
                assert_eq!((eight.mask, eight.to_move), (one.mask, one.to_move));
            }
        }
    }

    fn game(moves: &str) -> Game {
        let mut game = Game::new();
        for b in moves.bytes() {
            game.play(usize::from(b - b'1'));
        }
        game
    }

    fn board(moves: &str) -> String {
        let mut text = Vec::new();
        let mut out = Output::new(&mut text);
        game(moves).write(&mut out, 1);
        out.flush().unwrap();
        drop(out);
        String::from_utf8(text).unwrap()
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
        assert_eq!(game("71122334").verdict(), Verdict::Won(Cell::Second));
    }

    #[test]
    fn invalid_after_a_win_or_a_seventh_chip() {
        // The first player won on move 7: any move after it, by either
        // player, makes the game invalid.
        assert_eq!(game("11223344").verdict(), Verdict::Invalid);
        assert_eq!(game("112233477").verdict(), Verdict::Invalid);
        assert_eq!(game("1111111").verdict(), Verdict::Invalid);
        assert_eq!(game("11111112").verdict(), Verdict::Invalid);
        assert_eq!(game("").verdict(), Verdict::NotOver);
        assert_eq!(game("111111").verdict(), Verdict::NotOver);
    }

    #[test]
    fn a_full_board_without_four_is_a_draw() {
        // Columns filled in pairs so that no player gets four anywhere.
        let full = "121212343434565656212121434343656565777777";
        assert_eq!(game(&full[..41]).verdict(), Verdict::NotOver);
        assert_eq!(game(full).verdict(), Verdict::Draw);
        assert_eq!(game(&format!("{}1", full)).verdict(), Verdict::Invalid);
    }

    #[test]
    fn boards_are_printed_with_every_run_marked() {
        // First player: 1,2,4,5 on the bottom, then 3 joins a run of five.
        assert_eq!(
            board("112244553"),
            "Game #1 is over. The first player won.\n-------\noo oo  \nXXXXX  \n-------\n"
        );
        // A diagonal of the first player reaching the top row.
        assert_eq!(
            board("1234567123456712344"),
            "Game #1 is over. The first player won.\n-------\n   X   \nxoXo   \noXoxoxo\nXoxoxox\n-------\n"
        );
        assert_eq!(
            board("71122334"),
            "Game #1 is over. The second player won.\n-------\nxxx    \nOOOO  x\n-------\n"
        );
    }
}
