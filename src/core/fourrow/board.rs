//! The board of one game on bitboards (F2 to F4): moves, the verdict, and
//! the framed board of a win with its winning runs marked.

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
mod tests {
    use super::*;

    fn bit(column: usize, row: usize) -> u64 {
        1 << (8 * column + row)
    }

    fn cells(cells: &[(usize, usize)]) -> u64 {
        cells.iter().fold(0, |b, &(c, r)| b | bit(c, r))
    }

    /// The bitboard's verdict and board against the judge core's, on
    /// random games played in a few neighbouring slots, so that many are
    /// won in every direction, go on after a win or fill a slot.
    #[test]
    fn every_verdict_and_board_is_the_judge_cores() {
        let mut rng = crate::tool::gen::Rng::new(11);
        for _ in 0..50_000 {
            let (slots, first) = (1 + rng.below(7), rng.below(7));
            let moves: String = (0..rng.below(50))
                .map(|_| char::from(b'1' + ((first + rng.below(slots)) % 7) as u8))
                .collect();
            let mut expected = String::new();
            let input = format!("1\nGame #1: {}\n", moves);
            crate::judge::fourrow::solve(&input, &mut expected).unwrap();
            let mut game = Game::default();
            moves.bytes().for_each(|slot| game.play(slot));
            let mut written = Vec::new();
            let mut out = Output::new(&mut written);
            game.write(&mut out, b"Game #1");
            out.finish(Ok(())).unwrap();
            assert_eq!(String::from_utf8(written).unwrap(), expected, "{}", moves);
        }
    }

    #[test]
    fn four_in_a_row_is_found_in_every_direction_and_never_across_columns() {
        assert!(any(fours(cells(&[(0, 0), (1, 0), (2, 0), (3, 0)]))));
        assert!(any(fours(cells(&[(6, 2), (6, 3), (6, 4), (6, 5)]))));
        assert!(any(fours(cells(&[(3, 0), (4, 1), (5, 2), (6, 3)]))));
        assert!(any(fours(cells(&[(0, 5), (1, 4), (2, 3), (3, 2)]))));
        // Top of one column and bottom of the next are not in a row.
        assert!(!any(fours(cells(&[(0, 4), (0, 5), (1, 0), (1, 1)]))));
        assert!(!any(fours(cells(&[(0, 0), (1, 0), (2, 0), (4, 0)]))));
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
        assert_eq!(in_runs(fours(runs | loose)), runs);
        // A falling diagonal from the top row, (0, 5) to (3, 2).
        let diagonal = cells(&[(0, 5), (1, 4), (2, 3), (3, 2)]);
        assert_eq!(in_runs(fours(diagonal | bit(4, 0))), diagonal);
    }

    #[test]
    fn slots_are_played_eight_at_a_time_as_one_by_one() {
        let moves = b"1234567123456712345671234567";
        for len in 0..=moves.len() {
            let mut eights = Game::default();
            eights.play_slots(&moves[..len]);
            let mut one = Game::default();
            for &slot in &moves[..len] {
                one.play(slot);
            }
            assert_eq!(format!("{:?}", eights), format!("{:?}", one));
        }
    }

    #[test]
    fn wins_under_headings_of_any_length_are_written_whole() {
        // A win (its board takes the same room, whatever its height)
        // under numbers of 1 to 40 digits.
        for digits in 1..=40 {
            let number = vec![b'1'; digits];
            let mut text = Vec::new();
            let mut out = Output::new(&mut text);
            game("1212121").write(&mut out, &[&b"Game #"[..], &number].concat());
            out.finish(Ok(())).unwrap();
            let head = format!("Game #{} is over.", "1".repeat(digits));
            assert!(text.starts_with(head.as_bytes()), "{} digits", digits);
            assert!(text.ends_with(b"-------\n"));
        }
    }

    #[test]
    fn each_ending_is_one_line_in_its_row() {
        for (row, &len) in ENDING_ROWS.iter().zip(ENDING_LENS.iter()) {
            assert!(row.starts_with(b" is "), "{:?}", row);
            assert_eq!(row.iter().position(|&b| b == b'\n'), Some(len - 1));
            assert!(row[len..].iter().all(|&b| b == 0));
        }
        assert_eq!(RULE, b"-------\n");
    }

    fn game(moves: &str) -> Game {
        let mut game = Game::default();
        for b in moves.bytes() {
            game.play(b);
        }
        game
    }

    fn board(moves: &str) -> String {
        let mut text = Vec::new();
        let mut out = Output::new(&mut text);
        game(moves).write(&mut out, b"Game #1");
        out.finish(Ok(())).unwrap();
        String::from_utf8(text).unwrap()
    }

    #[test]
    fn plain_writes_are_those_of_write() {
        let full = "121212343434565656212121434343656565777777";
        for moves in [
            "",
            "1122334",
            "71122334",
            "11223344",
            "1111111",
            "112244553",
            full,
            "1234567123456712344",
        ] {
            for digits in [&b"1"[..], b"42", b"12345678"] {
                // The header line's own bytes, the moves after it.
                let mut header = [b'7'; 16];
                header[..6].copy_from_slice(b"Game #");
                header[6..6 + digits.len()].copy_from_slice(digits);
                let mut room = [0; PLAIN_ROOM];
                let len = game(moves).write_plain(&mut room, &header, 6 + digits.len());
                let mut text = Vec::new();
                let mut out = Output::new(&mut text);
                game(moves).write(&mut out, &[b"Game #", digits].concat());
                out.finish(Ok(())).unwrap();
                assert_eq!(room[..len], text[..], "{} {:?}", moves, digits);
            }
        }
    }

    #[test]
    fn wins_in_every_direction() {
        assert_eq!(game("1122334").verdict(), Verdict::FirstWon);
        assert_eq!(game("1212121").verdict(), Verdict::FirstWon);
        // Rising diagonal (1,1)-(4,4) for the first player, on the 11th move.
        assert_eq!(game("1223433454").verdict(), Verdict::NotOver);
        assert_eq!(game("12234334544").verdict(), Verdict::FirstWon);
        // The same mirrored: a falling diagonal (4,4)-(7,1).
        assert_eq!(game("76654554344").verdict(), Verdict::FirstWon);
        assert_eq!(game("71122334").verdict(), Verdict::SecondWon);
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
    fn a_byte_other_than_a_slot_digit_poisons_the_game_for_good() {
        assert!(!game("1234567").poisoned());
        // Seven chips into one slot make the game invalid, not poisoned.
        assert!(!game("11111112").poisoned());
        for other in [b'0', b'8', b'\n', b'G', 0xff] {
            let mut poisoned = game("123");
            poisoned.play(other);
            assert!(poisoned.poisoned());
            poisoned.play_slots(b"4567123456712345671234567");
            assert!(poisoned.poisoned());
        }
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
