// Rating points exchange: a solution written apart from the referee, std
// only. Ratings are kept as whole hundredths, so no rounding is ever left
// to floating point.

use std::io::{self, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut tokens = input.split_whitespace();
    let mut next = move || tokens.next().unwrap();
    let tournaments: usize = next().parse().unwrap();
    let mut out = String::new();
    for k in 1..=tournaments {
        let n: usize = next().parse().unwrap();
        let m: usize = next().parse().unwrap();
        let mut names: Vec<String> = Vec::with_capacity(n);
        let mut ratings: Vec<i64> = Vec::with_capacity(n);
        let mut index = std::collections::HashMap::new();
        for i in 0..n {
            let name = next().to_string();
            index.insert(name.clone(), i);
            names.push(name);
            ratings.push(hundredths(next()));
        }
        for _ in 0..m {
            let white = index[next()];
            let black = index[next()];
            let result = next();
            let white_pieces: i64 = next().parse().unwrap();
            let black_pieces: i64 = next().parse().unwrap();
            let (to_white, to_black) = exchange(
                ratings[white],
                ratings[black],
                result,
                white_pieces,
                black_pieces,
            );
            ratings[white] += to_white;
            ratings[black] += to_black;
        }
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by(|&a, &b| {
            ratings[b]
                .cmp(&ratings[a])
                .then_with(|| names[b].cmp(&names[a]))
        });
        out.push_str(&format!("Ratings after Tournament {}:\n", k));
        for i in order {
            out.push_str(&format!("{} {}\n", names[i], shown(ratings[i])));
        }
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}

/// The changes of white's and black's ratings after one game.
fn exchange(white: i64, black: i64, result: &str, white_pieces: i64, black_pieces: i64) -> (i64, i64) {
    // White counts as three points stronger.
    let counted = white + 300;
    let gap = (counted - black).abs();
    // A tenth of the gap, rounded half up to hundredths.
    let core = (gap + 5) / 10;
    let white_higher = counted > black;
    if result == "drew" {
        let change = if white_higher { -core } else { core };
        return (change, -change);
    }
    let white_won = result == "won";
    let winner_higher = white_won == white_higher;
    let mut points = if winner_higher { 100 - core } else { 100 + core };
    let (winner_pieces, loser_pieces) = if white_won {
        (white_pieces, black_pieces)
    } else {
        (black_pieces, white_pieces)
    };
    if winner_pieces < loser_pieces {
        points *= 2;
    }
    if white_won {
        (points, -points)
    } else {
        (-points, points)
    }
}

/// A rating as written (`-12.5`, `76.91`, `77`) in hundredths.
fn hundredths(text: &str) -> i64 {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    let mut value: i64 = whole.parse::<i64>().unwrap() * 100;
    let fraction = format!("{:0<2}", fraction);
    value += fraction[..2].parse::<i64>().unwrap();
    if negative {
        -value
    } else {
        value
    }
}

/// Hundredths written with two decimals and a sign when negative.
fn shown(value: i64) -> String {
    let sign = if value < 0 { "-" } else { "" };
    format!("{}{}.{:02}", sign, value.abs() / 100, value.abs() % 100)
}
