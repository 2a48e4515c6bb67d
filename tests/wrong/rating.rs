//! A rating points exchange for the judge's tests, written apart from the
//! referee, that keeps ratings in floating point (f64): right on most
//! inputs, wrong where binary fractions round otherwise. With the argument
//! `with-epsilon` it takes the usual care (a small epsilon where it rounds
//! and compares, ratings ordered by their cents): then it is wrong only
//! where a double no longer holds ten times a rating to a millionth,
//! from about 10^9.

use std::io::{self, Read, Write};

/// What `with-epsilon` allows for when it rounds and compares.
const EPSILON: f64 = 1e-6;

fn main() {
    let careful = std::env::args().nth(1).as_deref() == Some("with-epsilon");
    let epsilon = if careful { EPSILON } else { 0.0 };
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut tokens = input.split_whitespace();
    let mut next = || tokens.next().unwrap();
    let tournaments: usize = next().parse().unwrap();
    let mut out = String::new();
    for k in 1..=tournaments {
        let n: usize = next().parse().unwrap();
        let m: usize = next().parse().unwrap();
        let mut players: Vec<(String, f64)> = (0..n)
            .map(|_| (next().to_string(), next().parse().unwrap()))
            .collect();
        for _ in 0..m {
            let (white, black) = (next(), next());
            let white = players.iter().position(|p| p.0 == white).unwrap();
            let black = players.iter().position(|p| p.0 == black).unwrap();
            let result = next();
            let white_pieces: i64 = next().parse().unwrap();
            let black_pieces: i64 = next().parse().unwrap();
            let w = players[white].1 + 3.0;
            let b = players[black].1;
            let core = match careful {
                true => ((w - b).abs() * 10.0 + 0.5 + EPSILON).floor() / 100.0,
                false => ((w - b).abs() / 10.0 * 100.0).round() / 100.0,
            };
            let (change_white, change_black) = if result == "drew" {
                if w > b + epsilon {
                    (-core, core)
                } else if b > w + epsilon {
                    (core, -core)
                } else {
                    (0.0, 0.0)
                }
            } else {
                let white_won = result == "won";
                let winner_higher = if white_won {
                    w + epsilon >= b
                } else {
                    b + epsilon >= w
                };
                let mut rpe = if winner_higher { 1.0 - core } else { 1.0 + core };
                let (mine, theirs) = if white_won {
                    (white_pieces, black_pieces)
                } else {
                    (black_pieces, white_pieces)
                };
                if mine < theirs {
                    rpe *= 2.0;
                }
                if white_won {
                    (rpe, -rpe)
                } else {
                    (-rpe, rpe)
                }
            };
            players[white].1 += change_white;
            players[black].1 += change_black;
        }
        let cents = |rating: f64| (rating * 100.0).round() as i64;
        match careful {
            true => players.sort_by(|a, b| cents(b.1).cmp(&cents(a.1)).then(b.0.cmp(&a.0))),
            false => players.sort_by(|a, b| b.1.partial_cmp(&a.1).unwrap().then(b.0.cmp(&a.0))),
        }
        out.push_str(&format!("Ratings after Tournament {}:\n", k));
        for (name, rating) in players {
            let rating = match careful && rating.abs() < 0.005 {
                true => 0.0,
                false => rating,
            };
            out.push_str(&format!("{} {:.2}\n", name, rating));
        }
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}
