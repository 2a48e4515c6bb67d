//! # Rating points exchange (ICPC South Pacific 2007)
//!
//! `referee rating` reads tournaments of a board game and writes the
//! players' ratings after each, every game having moved points from one
//! player to the other. The rules below are the ones this project applies;
//! the numbered rulings (P1 to P7, R0.x) say what it decided where the
//! statement was unclear.
//!
//! ## One game
//!
//! All arithmetic is in exact hundredths of a point (P1); nothing is
//! rounded but the core exchange.
//!
//! 1. **Handicap.** White counts as 3.00 points stronger than her rating
//!    when the players are compared; the ratings themselves move from their
//!    real values. The *gap* is the higher counted rating minus the lower.
//! 2. **Core exchange.** CE is the gap divided by 10, rounded half up to
//!    hundredths: with the gap g in hundredths, CE = (g + 5) / 10, whole
//!    division (P1).
//! 3. **The exchange RPE** (P2): when the higher-rated (after the handicap)
//!    wins, RPE = 1.00 - CE; when the lower-rated wins, RPE = 1.00 + CE;
//!    the winner gains RPE and the loser loses it. The formula is applied
//!    as it stands: once CE is over 1.00 (a gap of 10.05 or more), RPE is
//!    negative and the favourite who wins loses points. In a draw the higher-rated gives CE
//!    to the lower-rated. With equal counted ratings, a win moves 1.00 and
//!    a draw nothing.
//! 4. **Doubling** (P3): when the winner is left with pieces worth strictly
//!    less than the loser's, RPE is doubled. Never for a draw.
//! 5. **Self-play** (P4): a player may meet himself; both changes apply to
//!    the one rating, which ends unchanged.
//!
//! Each game uses the ratings left by the games before it.
//!
//! ## Input
//!
//! - The first line holds the number of tournaments (`--strict`: 1 to
//!   1000). Then for each: a line `n m` (players, games; `--strict`: n from
//!   2 to 500, m from 1 to 500), n lines `name rating`, m lines
//!   `white black result whitePieces blackPieces`, the result being
//!   white's: `won`, `drew` or `lost`.
//! - A rating has at most two decimals (`76.9` is 76.90, `77` is 77.00)
//!   and an optional minus sign (P6). Ratings are kept within
//!   ±9999999999999.99 ([`MAX_RATING`]): a rating beyond it,
//!   read or reached by a game, is an input error at its line that names
//!   the limit — never a wrong number; within it no step of the exchange
//!   can overflow (P7).
//! - Piece values are integers within 64 bits, with an optional sign
//!   (P7). An unknown player in
//!   a game, a player listed twice, another result word are input errors
//!   (P6).
//!
//! ## Output
//!
//! For tournament K, `Ratings after Tournament K:`, then a line
//! `name rating` per player, the rating with exactly two decimals and a
//! minus sign when below zero (`-0.05`), sorted by rating, highest first,
//! and players with equal ratings by name, descending in byte order
//! (`bobby` before `bob`); no blank lines (P5).
//!

use crate::read::{self, Input};
use std::cmp::Reverse;
use std::collections::HashMap;

/// A rating in hundredths of a point (P1).
pub type Hundredths = i64;

/// 1.00.
const ONE: Hundredths = 100;

/// What white's counted rating has over her own (the handicap).
const WHITE_HANDICAP: Hundredths = 300;

/// The largest rating kept, 9999999999999.99, and its negative the
/// smallest (P7): the gap stays below 2.1 * 10^15 and a change below
/// 4.3 * 10^14, so no step overflows 64 bits.
pub const MAX_RATING: Hundredths = 999_999_999_999_999;

/// A game's result, as white's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    WhiteWon,
    Drew,
    WhiteLost,
}

impl Outcome {
    /// The words of the input that name the results, white's.
    pub const WORDS: [(&'static str, Outcome); 3] = [
        ("won", Outcome::WhiteWon),
        ("drew", Outcome::Drew),
        ("lost", Outcome::WhiteLost),
    ];

    /// The result a word of the input names.
    pub fn from_word(word: &str) -> Option<Outcome> {
        let mut words = Outcome::WORDS.iter();
        words.find(|named| named.0 == word).map(|named| named.1)
    }
}

/// What the line before a tournament's ratings says before its number.
pub const RATINGS_AFTER: &str = "Ratings after Tournament";

/// One game: the players' ratings, white's result, the pieces left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Game {
    pub white: Hundredths,
    pub black: Hundredths,
    pub result: Outcome,
    pub white_pieces: i64,
    pub black_pieces: i64,
}

impl Game {
    /// What the game moves: (white's change, black's change), P1 to P3.
    #[inline]
    pub fn exchange(&self) -> (Hundredths, Hundredths) {
        let white_counted = self.white + WHITE_HANDICAP;
        let gap = (white_counted - self.black).abs();
        // P1: CE = gap / 10, rounded half up to hundredths.
        let core = (gap + 5) / 10;
        // With equal counted ratings CE is 0 and either may count as the
        // higher-rated.
        let white_higher = white_counted > self.black;
        let (winner_higher, winner_pieces, loser_pieces, white_sign) = match self.result {
            Outcome::Drew => {
                // The higher-rated gives CE to the lower-rated.
                let change = if white_higher { -core } else { core };
                return (change, -change);
            }
            Outcome::WhiteWon => (white_higher, self.white_pieces, self.black_pieces, 1),
            Outcome::WhiteLost => (!white_higher, self.black_pieces, self.white_pieces, -1),
        };
        // P2, applied literally: a gap over 10.00 makes 1.00 - CE negative.
        let mut rpe = if winner_higher {
            ONE - core
        } else {
            ONE + core
        };
        // P3: doubled when the winner is left with less than the loser.
        if winner_pieces < loser_pieces {
            rpe *= 2;
        }
        (white_sign * rpe, -white_sign * rpe)
    }
}

/// Reads a rating: an optional minus, digits, then `.` and one or two
/// digits, or nothing (P6); `None` if it is not one or lies beyond
/// `MAX_RATING` (P7).
pub fn parse_rating(text: &str) -> Option<Hundredths> {
    let (sign, unsigned) = match text.strip_prefix('-') {
        Some(rest) => (-1, rest),
        None => (1, text),
    };
    let (whole, cents) = match unsigned.find('.') {
        Some(dot) => (&unsigned[..dot], &unsigned[dot + 1..]),
        None => (unsigned, "00"),
    };
    let all_digits = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
    if !all_digits(whole) || !all_digits(cents) || cents.len() > 2 {
        return None;
    }
    let cents: Hundredths = format!("{:0<2}", cents).parse().ok()?;
    let whole: Hundredths = whole.parse().ok().filter(|&w| w <= MAX_RATING / ONE)?;
    Some(sign * (whole * ONE + cents))
}

/// A rating with exactly two decimals: `-0.05`, `86.70`.
pub fn rating_text(rating: Hundredths) -> String {
    let sign = if rating < 0 { "-" } else { "" };
    let abs = rating.abs();
    format!("{}{}.{:02}", sign, abs / ONE, abs % ONE)
}

/// The players of a tournament, in the order listed, and their ratings.
#[derive(Default)]
pub struct Standings<'a> {
    players: Vec<(&'a str, Hundredths)>,
    index: HashMap<&'a str, usize>,
}

impl<'a> Standings<'a> {
    /// Adds a player; `false` if the name is listed already.
    pub fn add(&mut self, name: &'a str, rating: Hundredths) -> bool {
        let next = self.players.len();
        let fresh = *self.index.entry(name).or_insert(next) == next;
        if fresh {
            self.players.push((name, rating));
        }
        fresh
    }

    /// The player listed under `name`.
    pub fn find(&self, name: &str) -> Option<usize> {
        self.index.get(name).copied()
    }

    pub fn rating(&self, player: usize) -> Hundredths {
        self.players[player].1
    }

    /// Moves a player's rating.
    pub fn change(&mut self, player: usize, change: Hundredths) {
        self.players[player].1 += change;
    }

    /// The players in the order of the ratings (P5).
    pub fn ranked(&self) -> Vec<(&'a str, Hundredths)> {
        let mut ranked = self.players.clone();
        ranked.sort_by_key(|&(name, rating)| standing_key(name, rating));
        ranked
    }
}

/// Where a player, a name and a rating, stands in the ratings list (P5):
/// the list is in the order of this key, the higher rating first, and of
/// equal ratings the name that comes later in byte order.
pub fn standing_key<N: Ord>(name: N, rating: Hundredths) -> (Reverse<Hundredths>, Reverse<N>) {
    (Reverse(rating), Reverse(name))
}

/// The ratings after every tournament of `text`.
pub fn solve(text: &str, out: &mut String) -> Result<(), String> {
    let mut input = Input::new(text);
    let tournaments = input.count("the number of tournaments")?;
    for number in 1..=tournaments {
        let sizes = record(&mut input, 2, "the numbers of players and games")?;
        let players: usize = read::number(sizes[0], "the number of players")?;
        let games: usize = read::number(sizes[1], "the number of games")?;
        let mut standings = Standings::default();
        for _ in 0..players {
            let player = record(&mut input, 2, "a player's name and rating")?;
            let rating = parse_rating(player[1]);
            let rating = rating.ok_or_else(|| format!("expected the rating of {}", player[0]))?;
            if !standings.add(player[0], rating) {
                return Err(format!("{} is listed twice", player[0]));
            }
        }
        for _ in 0..games {
            play(&record(&mut input, 5, "a game")?, &mut standings)?;
        }
        out.push_str(&format!("{} {}:\n", RATINGS_AFTER, number));
        for (name, rating) in standings.ranked() {
            out.push_str(&format!("{} {}\n", name, rating_text(rating)));
        }
    }
    input.expect_end()
}

/// The next line that holds any tokens, if it holds `count` of them:
/// each record of the input is a line of its own.
fn record<'a>(input: &mut Input<'a>, count: usize, what: &str) -> Result<Vec<&'a str>, String> {
    match input.line() {
        Some(line) if line.len() == count => Ok(line),
        found => Err(format!("expected {}, found {:?}", what, found)),
    }
}

/// A player's pieces: an integer, with a sign or not.
fn pieces(word: &str) -> Result<i64, String> {
    word.parse()
        .map_err(|_| format!("expected pieces, found {}", word))
}

/// Applies one game, the five words of its line.
fn play(words: &[&str], standings: &mut Standings) -> Result<(), String> {
    let player = |name: &str| {
        standings
            .find(name)
            .ok_or_else(|| format!("expected a player listed, found {}", name))
    };
    let (white, black) = (player(words[0])?, player(words[1])?);
    let result = Outcome::from_word(words[2])
        .ok_or_else(|| format!("expected `won`, `drew` or `lost`, found {}", words[2]))?;
    let game = Game {
        white: standings.rating(white),
        black: standings.rating(black),
        result,
        white_pieces: pieces(words[3])?,
        black_pieces: pieces(words[4])?,
    };
    let (white_change, black_change) = game.exchange();
    standings.change(white, white_change);
    standings.change(black, black_change);
    // P7, once both changes are made: a player who meets himself ends
    // where he started (P4).
    let kept = |player| standings.rating(player).abs() <= MAX_RATING;
    if kept(white) && kept(black) {
        Ok(())
    } else {
        Err(format!(
            "a rating leaves the range kept, ±{}",
            rating_text(MAX_RATING)
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratings_are_read_with_up_to_two_decimals_and_written_with_two() {
        assert_eq!(parse_rating("76.9"), Some(7690));
        assert_eq!(parse_rating("77"), Some(7700));
        assert_eq!(parse_rating("-5.00"), Some(-500));
        assert_eq!(parse_rating("9999999999999.99"), Some(MAX_RATING));
        for bad in ["1.234", "10000000000000", ".5", "5.", "+5", "-", "1e3"] {
            assert_eq!(parse_rating(bad), None, "{}", bad);
        }
        assert_eq!(rating_text(-5), "-0.05");
        assert_eq!(rating_text(8670), "86.70");
    }

    #[test]
    fn the_statements_example_game() {
        let game = Game {
            white: 7691,
            black: 7636,
            result: Outcome::WhiteWon,
            white_pieces: 10,
            black_pieces: 10,
        };
        assert_eq!(game.exchange(), (64, -64));
        let game = Game {
            result: Outcome::WhiteLost,
            white_pieces: 8,
            black_pieces: 9,
            ..game
        };
        assert_eq!(game.exchange(), (-136, 136));
        let game = Game {
            result: Outcome::WhiteLost,
            white_pieces: 9,
            black_pieces: 1,
            ..game
        };
        assert_eq!(game.exchange(), (-272, 272));
        let game = Game {
            result: Outcome::Drew,
            ..game
        };
        assert_eq!(game.exchange(), (-36, 36));
    }

    #[test]
    fn ties_in_rating_go_by_name_descending_and_self_play_changes_nothing() {
        let input = "1\n3 1\nbob 1.00\nbobby 1.00\nfred 2\nfred fred lost 27 50\n";
        let mut out = String::new();
        solve(input, &mut out).unwrap();
        assert_eq!(
            out,
            "Ratings after Tournament 1:\nfred 2.00\nbobby 1.00\nbob 1.00\n"
        );
    }
}
