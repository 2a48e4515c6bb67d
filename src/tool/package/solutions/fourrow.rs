// Four in a row: a solution written apart from the referee, std only.
// Reads every game, plays its moves on a 6 x 7 grid and prints the verdict,
// with the final board when there is a winner.

use std::io::{self, Read, Write};

const ROWS: usize = 6;
const COLUMNS: usize = 7;

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut out = String::new();
    for line in input.lines().skip(1) {
        let (head, moves) = line.split_once(':').unwrap();
        let number = head.trim_start_matches("Game #");
        let moves: Vec<usize> = moves
            .bytes()
            .filter(u8::is_ascii_digit)
            .map(|b| usize::from(b - b'1'))
            .collect();
        play(number, &moves, &mut out);
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}

/// Plays one game and writes its verdict (and board) to `out`.
fn play(number: &str, moves: &[usize], out: &mut String) {
    // grid[row][column], row 0 at the bottom; 0 empty, 1 and 2 the players.
    let mut grid = [[0u8; COLUMNS]; ROWS];
    let mut heights = [0usize; COLUMNS];
    let mut winner = 0u8;
    for (i, &column) in moves.iter().enumerate() {
        if winner != 0 || heights[column] == ROWS {
            out.push_str(&format!("Game #{} is invalid.\n", number));
            return;
        }
        let player = 1 + (i % 2) as u8;
        grid[heights[column]][column] = player;
        heights[column] += 1;
        if !winning_cells(&grid, player).is_empty() {
            winner = player;
        }
    }
    let verdict = match winner {
        1 => "is over. The first player won.",
        2 => "is over. The second player won.",
        _ if moves.len() == ROWS * COLUMNS => "is over. There is no winner.",
        _ => "is not over, yet.",
    };
    out.push_str(&format!("Game #{} {}\n", number, verdict));
    if winner != 0 {
        draw(&grid, &winning_cells(&grid, winner), out);
    }
}

/// The board, top row first, rows without chips left out, winning chips
/// in capitals.
fn draw(grid: &[[u8; COLUMNS]; ROWS], winning: &[(usize, usize)], out: &mut String) {
    out.push_str("-------\n");
    for row in (0..ROWS).rev() {
        if grid[row].iter().all(|&c| c == 0) {
            continue;
        }
        for column in 0..COLUMNS {
            let chip = match grid[row][column] {
                0 => ' ',
                1 => 'x',
                _ => 'o',
            };
            if winning.contains(&(row, column)) {
                out.push(chip.to_ascii_uppercase());
            } else {
                out.push(chip);
            }
        }
        out.push('\n');
    }
    out.push_str("-------\n");
}

/// Every cell of `player` that lies in a line of four of their chips.
fn winning_cells(grid: &[[u8; COLUMNS]; ROWS], player: u8) -> Vec<(usize, usize)> {
    let mut cells = Vec::new();
    for (dr, dc) in [(0i32, 1i32), (1, 0), (1, 1), (1, -1)] {
        for row in 0..ROWS as i32 {
            for column in 0..COLUMNS as i32 {
                let line: Vec<(i32, i32)> =
                    (0..4).map(|k| (row + k * dr, column + k * dc)).collect();
                let on_board = line
                    .iter()
                    .all(|&(r, c)| r >= 0 && r < ROWS as i32 && c >= 0 && c < COLUMNS as i32);
                if on_board && line.iter().all(|&(r, c)| grid[r as usize][c as usize] == player) {
                    cells.extend(line.iter().map(|&(r, c)| (r as usize, c as usize)));
                }
            }
        }
    }
    cells
}
