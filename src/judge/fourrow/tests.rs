//! The four-in-a-row rules held to a grid that follows the statement's
//! words, and checked on a few games of their own.

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
fn a_header_is_on_one_line_and_games_may_share_one() {
    let out = judge("2\r\n Game\t# 7 \r: 1 Game #8:2\r\n");
    assert_eq!(
        out,
        "Game #7 is not over, yet.\nGame #8 is not over, yet.\n"
    );
    for split in ["Game\n#1: 1", "Game #\n1: 1", "Game #1\r\n: 1"] {
        let input = format!("1\n{}\n", split);
        assert!(solve(&input, &mut String::new()).is_err(), "{:?}", split);
    }
    assert!(solve("1 Game #1: 1\n", &mut String::new()).is_err());
}

/// The rules as the statement words them, on a grid of cells, checked
/// after every move: the reference `Game` is held to.
struct Grid {
    cells: [[Option<usize>; SLOTS]; ROWS],
    moves: usize,
    invalid: bool,
    winner: Option<usize>,
}

impl Grid {
    fn play(&mut self, slot: usize) {
        let row = (0..ROWS).find(|&row| self.cells[row][slot].is_none());
        match (self.invalid, self.winner, row) {
            (false, None, Some(row)) => {
                let player = self.moves % 2;
                self.cells[row][slot] = Some(player);
                self.moves += 1;
                if self.in_line(row, slot) {
                    self.winner = Some(player);
                }
            }
            _ => self.invalid = true,
        }
    }

    /// Whether the chip at (row, slot) is in a line of four or more.
    fn in_line(&self, row: usize, slot: usize) -> bool {
        let chip = self.cells[row][slot];
        let at = |steps: isize, (up, across): (isize, isize)| {
            let row = row as isize + up * steps;
            let slot = slot as isize + across * steps;
            let on_grid = (0..ROWS as isize).contains(&row) && (0..SLOTS as isize).contains(&slot);
            on_grid && self.cells[row as usize][slot as usize] == chip
        };
        chip.is_some()
            && [(1, 0), (0, 1), (1, 1), (1, -1)].iter().any(|&direction| {
                let run = |sign: isize| (1..).take_while(|&n| at(sign * n, direction)).count();
                1 + run(1) + run(-1) >= 4
            })
    }

    fn verdict(&self) -> Verdict {
        match self.winner {
            _ if self.invalid => Verdict::Invalid,
            Some(player) => Verdict::Won(player),
            None if self.moves == SLOTS * ROWS => Verdict::NoWinner,
            None => Verdict::NotOver,
        }
    }

    fn board(&self) -> Vec<String> {
        let rows = (0..ROWS)
            .rev()
            .filter(|&row| self.cells[row].iter().any(Option::is_some));
        let symbol = |row: usize, slot: usize| match self.cells[row][slot] {
            None => ' ',
            Some(player) if self.in_line(row, slot) && self.winner == Some(player) => {
                ['X', 'O'][player]
            }
            Some(player) => ['x', 'o'][player],
        };
        rows.map(|row| (0..SLOTS).map(|slot| symbol(row, slot)).collect())
            .collect()
    }
}

#[test]
fn every_verdict_and_board_is_the_one_checked_move_by_move() {
    // Games in a few neighbouring slots, so that many are won in every
    // direction, go on after a win or overfill a slot.
    let mut seed: u64 = 11;
    let mut below = |n: u64| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) % n
    };
    for _ in 0..50_000 {
        let (slots, first) = (1 + below(7), below(7));
        let moves: Vec<usize> = (0..below(50))
            .map(|_| ((first + below(slots)) % 7) as usize)
            .collect();
        let mut game = Game::default();
        let mut grid = Grid {
            cells: [[None; SLOTS]; ROWS],
            moves: 0,
            invalid: false,
            winner: None,
        };
        for &slot in &moves {
            game.play(slot);
            grid.play(slot);
            assert_eq!(game.verdict(), grid.verdict(), "{:?}", moves);
            assert_eq!(game.is_invalid(), grid.invalid, "{:?}", moves);
        }
        if let Verdict::Won(_) = game.verdict() {
            assert_eq!(game.board(), grid.board(), "{:?}", moves);
        }
    }
}

#[test]
fn lines_are_found_in_every_direction_and_never_from_slot_to_slot() {
    let cells = |cells: &[(usize, usize)]| {
        Cells(
            cells
                .iter()
                .fold(0, |set, &(row, slot)| set | Cells::cell(row, slot).0),
        )
    };
    for line in [
        [(0, 0), (0, 1), (0, 2), (0, 3)],
        [(2, 6), (3, 6), (4, 6), (5, 6)],
        [(0, 3), (1, 4), (2, 5), (3, 6)],
        [(5, 0), (4, 1), (3, 2), (2, 3)],
    ] {
        assert!(cells(&line).has_four_in_a_line(), "{:?}", line);
        assert_eq!(cells(&line).in_lines_of_four(), cells(&line));
    }
    // The top of one slot and the bottom of the next, and a gap.
    for not_a_line in [
        [(4, 0), (5, 0), (0, 1), (1, 1)],
        [(5, 0), (0, 1), (1, 2), (2, 3)],
        [(0, 0), (0, 1), (0, 2), (0, 4)],
    ] {
        assert!(!cells(&not_a_line).has_four_in_a_line(), "{:?}", not_a_line);
    }
}

#[test]
fn zero_games_print_nothing_and_bad_moves_are_errors() {
    assert_eq!(judge("0\n"), "");
    assert!(solve("1\nGame #1: 8", &mut String::new()).is_err());
    assert!(solve("1\nGame #1: 1 Game #2:", &mut String::new()).is_err());
}

#[test]
fn chips_into_a_full_slot_keep_the_game_invalid_whatever_follows() {
    for slot in 0..SLOTS {
        let mut game = Game::default();
        for moves in 1..=100 {
            game.play(slot);
            let expected = if moves <= ROWS {
                Verdict::NotOver
            } else {
                Verdict::Invalid
            };
            assert_eq!(game.verdict(), expected, "{} chips, slot {}", moves, slot);
            if moves <= ROWS {
                let [first, second] = game.chips();
                assert_eq!(first.0 | second.0, ((1 << moves) - 1) << (8 * slot));
                assert_eq!(game.rows_with_chips(), moves);
            }
        }
        // Chips past the full slot's top, then moves that would win.
        for other in (0..SLOTS).chain(0..SLOTS).chain([0, 1, 0, 1, 0, 1, 0]) {
            game.play(other);
            assert_eq!(game.verdict(), Verdict::Invalid, "slot {}", slot);
        }
    }
}

#[test]
#[should_panic]
fn a_slot_past_the_grid_is_refused() {
    Game::default().play(SLOTS);
}
