//! A four-in-a-row solution for the judge's tests, written apart from the
//! referee, with the bug its first argument names:
//! - `right`: none;
//! - `top-diagonals`: diagonal runs through the top row are not seen;
//! - `crash-on-empty`: panics on a game without moves;
//! - `draw-at-41`: a game of 41 moves without a winner is called a draw
//!   (the board is full at 42);
//! - `hang`: reads its input, then never ends.

use std::io::{self, Read, Write};

const ROWS: usize = 6;
const COLUMNS: usize = 7;

type Grid = [[u8; COLUMNS]; ROWS];

fn main() {
    let mode = std::env::args().nth(1).unwrap_or_default();
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    if mode == "hang" {
        loop {
            std::thread::sleep(std::time::Duration::from_secs(1));
        }
    }
    let mut out = String::new();
    for line in input.lines().filter(|l| l.starts_with("Game")) {
        let (head, moves) = line.split_once(':').unwrap();
        let number = head.trim_start_matches("Game #").trim();
        let moves: Vec<usize> = moves
            .bytes()
            .filter(u8::is_ascii_digit)
            .map(|b| usize::from(b - b'1'))
            .collect();
        if mode == "crash-on-empty" && moves.is_empty() {
            panic!("game {} has no moves", number);
        }
        play(number, &moves, &mode, &mut out);
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}

fn play(number: &str, moves: &[usize], mode: &str, out: &mut String) {
    let blind = mode == "top-diagonals";
    let full = match mode {
        "draw-at-41" => ROWS * COLUMNS - 1,
        _ => ROWS * COLUMNS,
    };
    let mut grid: Grid = [[0; COLUMNS]; ROWS];
    let mut heights = [0; COLUMNS];
    let mut winner = 0;
    for (i, &column) in moves.iter().enumerate() {
        if winner != 0 || heights[column] == ROWS {
            out.push_str(&format!("Game #{} is invalid.\n", number));
            return;
        }
        let player = 1 + (i % 2) as u8;
        grid[heights[column]][column] = player;
        heights[column] += 1;
        if !runs(&grid, player, blind).is_empty() {
            winner = player;
        }
    }
    let verdict = match winner {
        1 => "is over. The first player won.",
        2 => "is over. The second player won.",
        _ if moves.len() >= full => "is over. There is no winner.",
        _ => "is not over, yet.",
    };
    out.push_str(&format!("Game #{} {}\n", number, verdict));
    if winner == 0 {
        return;
    }
    let marked = runs(&grid, winner, blind);
    out.push_str("-------\n");
    for row in (0..ROWS).rev().filter(|&r| grid[r].iter().any(|&c| c != 0)) {
        for column in 0..COLUMNS {
            let chip = match grid[row][column] {
                0 => ' ',
                1 => 'x',
                _ => 'o',
            };
            let won = marked.contains(&(row, column));
            out.push(if won { chip.to_ascii_uppercase() } else { chip });
        }
        out.push('\n');
    }
    out.push_str("-------\n");
}

/// Every cell of `player` in a line of four of theirs.
fn runs(grid: &Grid, player: u8, blind: bool) -> Vec<(usize, usize)> {
    let mut cells = Vec::new();
    for (dr, dc) in [(0i32, 1i32), (1, 0), (1, 1), (1, -1)] {
        for row in 0..ROWS as i32 {
            for column in 0..COLUMNS as i32 {
                let line: Vec<(i32, i32)> =
                    (0..4).map(|k| (row + k * dr, column + k * dc)).collect();
                let fits = line
                    .iter()
                    .all(|&(r, c)| r >= 0 && r < ROWS as i32 && c >= 0 && c < COLUMNS as i32);
                if !fits || (blind && dc != 0 && dr != 0 && line.iter().any(|&(r, _)| r == 5)) {
                    continue;
                }
                if line.iter().all(|&(r, c)| grid[r as usize][c as usize] == player) {
                    cells.extend(line.iter().map(|&(r, c)| (r as usize, c as usize)));
                }
            }
        }
    }
    cells
}
