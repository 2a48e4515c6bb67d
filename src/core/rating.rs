//! The rating points exchange (ICPC South Pacific 2007, problem B).
//!
//! Ratings are integer hundredths from parsing to printing: no float ever
//! touches them (P1). One tournament is held in memory at a time, with a
//! hash map from name to player for the games. Rulings P1-P6 are in
//! `shared/spec/RULINGS.md`.

use crate::core::io::{self as input, shown, Error, Line, Lines, Output, Token};
use std::io::{BufRead, Write};

/// Hundredths of a rating point.
pub type Hundredths = i64;

/// The white player's handicap: 3.00 points (step 1).
const WHITE_HANDICAP: Hundredths = 300;
const ONE: Hundredths = 100;

/// A game's result, from white's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    WhiteWon,
    Drew,
    WhiteLost,
}

/// The rating changes of one game: (white's change, black's change).
pub fn exchange(
    white: Hundredths,
    black: Hundredths,
    outcome: Outcome,
    white_pieces: i64,
    black_pieces: i64,
) -> (Hundredths, Hundredths) {
    let white_counted = white + WHITE_HANDICAP;
    let gap = (white_counted - black).abs();
    // P1: CE = gap / 10 rounded half up to hundredths; the gap is >= 0.
    let core = (gap + 5) / 10;
    let white_higher = white_counted > black;
    let black_higher = black > white_counted;
    match outcome {
        Outcome::Drew => {
            // Step 3c: the higher-rated gives CE to the lower-rated.
            if white_higher {
                (-core, core)
            } else if black_higher {
                (core, -core)
            } else {
                (0, 0)
            }
        }
        Outcome::WhiteWon | Outcome::WhiteLost => {
            let white_won = outcome == Outcome::WhiteWon;
            let winner_higher = if white_won {
                !black_higher
            } else {
                !white_higher
            };
            // P2: applied literally, so a gap over 10.00 gives a negative RPE.
            let mut rpe = if winner_higher {
                ONE - core
            } else {
                ONE + core
            };
            let (winner_pieces, loser_pieces) = if white_won {
                (white_pieces, black_pieces)
            } else {
                (black_pieces, white_pieces)
            };
            // P3: doubled when the winner is left with less than the loser.
            if winner_pieces < loser_pieces {
                rpe *= 2;
            }
            if white_won {
                (rpe, -rpe)
            } else {
                (-rpe, rpe)
            }
        }
    }
}

/// Parses a rating with up to two decimals and an optional minus (P6).
pub fn parse_rating(text: &[u8]) -> Option<Hundredths> {
    let (negative, digits) = match text.split_first() {
        Some((b'-', rest)) => (true, rest),
        _ => (false, text),
    };
    let (whole, fraction) = match digits.iter().position(|&b| b == b'.') {
        Some(dot) => (&digits[..dot], &digits[dot + 1..]),
        None => (digits, &b""[..]),
    };
    if whole.is_empty() || fraction.len() > 2 || (digits.len() > whole.len() && fraction.is_empty())
    {
        return None;
    }
    let whole = parse_i64(whole)?;
    let mut cents = 0;
    for (i, &b) in fraction.iter().enumerate() {
        if !b.is_ascii_digit() {
            return None;
        }
        cents += i64::from(b - b'0') * if i == 0 { 10 } else { 1 };
    }
    let value = whole.checked_mul(ONE)?.checked_add(cents)?;
    Some(if negative { -value } else { value })
}

/// Appends a rating with exactly two decimals: `-0.05`, `86.70`.
pub fn push_rating(text: &mut Vec<u8>, rating: Hundredths) {
    if rating < 0 {
        text.push(b'-');
    }
    let abs = rating.unsigned_abs();
    input::push_u64(text, abs / 100);
    let cents = (abs % 100) as u8;
    text.extend_from_slice(&[b'.', b'0' + cents / 10, b'0' + cents % 10]);
}

/// Plain digits that fit an `i64`. (No `TryFrom`: bundles must build as
/// edition 2018, where it is not in the prelude.)
fn parse_i64(text: &[u8]) -> Option<i64> {
    input::parse_u64(text)
        .filter(|&v| v <= i64::MAX as u64)
        .map(|v| v as i64)
}

/// An integer piece value, with an optional sign.
fn parse_pieces(text: &[u8]) -> Option<i64> {
    match text.split_first() {
        Some((b'-', rest)) => parse_i64(rest).map(|v| -v),
        Some((b'+', rest)) => parse_i64(rest),
        _ => parse_i64(text),
    }
}

/// The players of one tournament: names side by side in one buffer, and
/// an open-addressing table from name to player. A name is found by its
/// first 8 bytes (the token's `head`), so that a short name is hashed and
/// compared in one step.
#[derive(Default)]
struct Players {
    names: Vec<u8>,
    /// Per player: where the name starts in `names`, its length, its head.
    spans: Vec<(usize, usize, u64)>,
    ratings: Vec<Hundredths>,
    /// Player index + 1 per slot, 0 for an empty slot; a power of two
    /// long, at most half full. (u32: four billion players would not fit
    /// in memory anyway.)
    slots: Vec<u32>,
}

impl Players {
    fn clear(&mut self) {
        self.names.clear();
        self.spans.clear();
        self.ratings.clear();
        self.slots.clear();
        self.slots.resize(16, 0);
    }

    fn len(&self) -> usize {
        self.spans.len()
    }

    fn name(&self, player: usize) -> &[u8] {
        let (start, len, _) = self.spans[player];
        &self.names[start..start + len]
    }

    /// The first slot to try for a name: a multiplicative hash of its
    /// head, its length and any bytes past the eighth.
    fn home(&self, name: &[u8], head: u64) -> usize {
        const K: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut hash = (head ^ name.len() as u64).wrapping_mul(K);
        if name.len() > 8 {
            for &b in &name[8..] {
                hash = (hash ^ u64::from(b)).wrapping_mul(K);
            }
        }
        let bits = self.slots.len().trailing_zeros();
        (hash >> (64 - bits)) as usize
    }

    /// The player of this name, or `Err` with the slot where it would go.
    #[inline]
    fn find(&self, name: &[u8], head: u64) -> Result<usize, usize> {
        let mask = self.slots.len() - 1;
        let mut slot = self.home(name, head);
        loop {
            let player = match self.slots[slot] {
                0 => return Err(slot),
                entry => entry as usize - 1,
            };
            let (start, len, known_head) = self.spans[player];
            if known_head == head
                && len == name.len()
                && (len <= 8 || self.names[start + 8..start + len] == name[8..])
            {
                return Ok(player);
            }
            slot = (slot + 1) & mask;
        }
    }

    fn get(&self, token: &Token<'_>) -> Option<usize> {
        self.find(token.text, token.head).ok()
    }

    /// Adds a player; `false` if the name is taken.
    fn add(&mut self, token: &Token<'_>, rating: Hundredths) -> bool {
        let slot = match self.find(token.text, token.head) {
            Ok(_) => return false,
            Err(slot) => slot,
        };
        self.spans
            .push((self.names.len(), token.text.len(), token.head));
        self.names.extend_from_slice(token.text);
        self.ratings.push(rating);
        self.slots[slot] = self.len() as u32;
        if 2 * self.len() > self.slots.len() {
            self.grow();
        }
        true
    }

    /// Doubles the table and puts every player back.
    fn grow(&mut self) {
        let size = 2 * self.slots.len();
        self.slots.clear();
        self.slots.resize(size, 0);
        let mask = size - 1;
        for player in 0..self.len() {
            let (_, _, head) = self.spans[player];
            let mut slot = self.home(self.name(player), head);
            while self.slots[slot] != 0 {
                slot = (slot + 1) & mask;
            }
            self.slots[slot] = player as u32 + 1;
        }
    }
}

/// The next line that holds a record, or an error naming what was due.
/// In strict mode: no blank line before it, single spaces.
#[inline(always)]
fn record<'a, R: BufRead>(
    lines: &'a mut Lines<R>,
    expected: &dyn Fn() -> String,
) -> Result<Line<'a>, Error> {
    // Two steps so that the borrow of `lines` ends before the error path.
    if lines.next_nonblank()?.is_none() {
        return Err(lines.eof_error(&expected()));
    }
    if lines.is_strict() {
        lines.expect_blanks(0, "between records")?;
        lines.current().check_layout()?;
    }
    Ok(lines.current())
}

/// `--strict`: the statement's bounds on a tournament's counts.
fn check_counts(
    line: &Line<'_>,
    n: &Token<'_>,
    m: &Token<'_>,
    players: usize,
    games: usize,
) -> Result<(), Error> {
    input::check_limit(
        line,
        n.col,
        players as u64,
        2..=500,
        "the number of players",
    )?;
    input::check_limit(line, m.col, games as u64, 1..=500, "the number of games")
}

/// `--strict`: a name of 1 to 10 lower-case letters and a rating with
/// exactly two decimals.
fn check_player(line: &Line<'_>, name: &Token<'_>, rating: &Token<'_>) -> Result<(), Error> {
    if name.text.len() > 10 || !name.text.iter().all(u8::is_ascii_lowercase) {
        return Err(line.error(
            name.col,
            format!(
                "expected a name of 1 to 10 lower-case letters, found {}",
                shown(name.text)
            ),
        ));
    }
    let dot = rating.text.len().saturating_sub(3);
    let exact = rating.text.len() >= 4
        && rating.text[dot] == b'.'
        && rating
            .text
            .iter()
            .enumerate()
            .all(|(i, b)| i == dot || b.is_ascii_digit());
    if !exact {
        return Err(line.error(
            rating.col,
            format!(
                "expected a rating with exactly two decimals, found {}",
                shown(rating.text)
            ),
        ));
    }
    Ok(())
}

/// `--strict`: piece values are plain non-negative integers.
fn check_pieces(line: &Line<'_>, pieces: &[Token<'_>]) -> Result<(), Error> {
    match pieces
        .iter()
        .find(|t| !t.text.iter().all(u8::is_ascii_digit))
    {
        Some(t) => Err(line.error(
            t.col,
            format!("expected a whole number of pieces, found {}", shown(t.text)),
        )),
        None => Ok(()),
    }
}

/// Exactly `N` tokens from a line, or an error at the missing or extra one.
#[inline(always)]
fn fields<'a, const N: usize>(
    line: &Line<'a>,
    expected: &dyn Fn() -> String,
) -> Result<[Token<'a>; N], Error> {
    let mut tokens = line.tokens();
    let mut out = [Token {
        col: 0,
        text: &[],
        head: 0,
    }; N];
    for slot in out.iter_mut() {
        *slot = tokens.next().ok_or_else(|| {
            line.error(line.end_col(), format!("{}, found end of line", expected()))
        })?;
    }
    if let Some(extra) = tokens.next() {
        return Err(line.error(
            extra.col,
            format!("{}, found an extra token {}", expected(), shown(extra.text)),
        ));
    }
    Ok(out)
}

fn count(token: &Token<'_>, line: &Line<'_>, what: &str) -> Result<usize, Error> {
    input::parse_u64(token.text)
        .filter(|&n| n <= usize::MAX as u64)
        .map(|n| n as usize)
        .ok_or_else(|| {
            line.error(
                token.col,
                format!("expected {}, found {}", what, shown(token.text)),
            )
        })
}

/// `referee rating`: the ratings after every tournament of `input`.
pub fn run<R: BufRead, W: Write>(input: R, out: W) -> Result<(), Error> {
    input::with_output(out, |out| exchange_all(input, out, false))
}

/// `referee rating --strict`: the same, every line held to the format.
pub fn run_strict<R: BufRead, W: Write>(input: R, out: W) -> Result<(), Error> {
    input::with_output(out, |out| exchange_all(input, out, true))
}

fn exchange_all<R: BufRead, W: Write>(
    input: R,
    out: &mut Output<W>,
    strict: bool,
) -> Result<(), Error> {
    let mut lines = Lines::new(input).strict(strict);
    let tournaments = input::read_count(&mut lines, "the number of tournaments", 1..=1000)?;
    let mut players = Players::default();
    let mut order: Vec<usize> = Vec::new();
    for tournament in 1..=tournaments {
        let expected = || {
            format!(
                "expected `n m` (players and games) of tournament {}",
                tournament
            )
        };
        let line = record(&mut lines, &expected)?;
        let [n, m] = fields::<2>(&line, &expected)?;
        let listed = count(&n, &line, "the number of players")?;
        let games = count(&m, &line, "the number of games")?;
        if strict {
            check_counts(&line, &n, &m, listed, games)?;
        }

        players.clear();
        for player in 1..=listed {
            let expected = || format!("expected player {} of {}: `name rating`", player, listed);
            let line = record(&mut lines, &expected)?;
            let [name, rating] = fields::<2>(&line, &expected)?;
            if strict {
                check_player(&line, &name, &rating)?;
            }
            let rating = parse_rating(rating.text).ok_or_else(|| {
                line.error(
                    rating.col,
                    format!(
                        "expected a rating with at most two decimals, found {}",
                        shown(rating.text)
                    ),
                )
            })?;
            if !players.add(&name, rating) {
                return Err(line.error(
                    name.col,
                    format!(
                        "expected a new player, found {} listed twice",
                        shown(name.text)
                    ),
                ));
            }
        }
        for game in 1..=games {
            let expected = || {
                format!(
                    "expected game {} of {}: `white black result pieces pieces`",
                    game, games
                )
            };
            let line = record(&mut lines, &expected)?;
            let [white, black, result, white_pieces, black_pieces] = fields::<5>(&line, &expected)?;
            if strict {
                check_pieces(&line, &[white_pieces, black_pieces])?;
            }
            let player = |token: &Token<'_>| {
                players.get(token).ok_or_else(|| {
                    line.error(
                        token.col,
                        format!("expected a listed player, found {}", shown(token.text)),
                    )
                })
            };
            let (white, black) = (player(&white)?, player(&black)?);
            let outcome = match result.text {
                b"won" => Outcome::WhiteWon,
                b"drew" => Outcome::Drew,
                b"lost" => Outcome::WhiteLost,
                other => {
                    return Err(line.error(
                        result.col,
                        format!("expected `won`, `drew` or `lost`, found {}", shown(other)),
                    ))
                }
            };
            let pieces = |token: &Token<'_>| {
                parse_pieces(token.text).ok_or_else(|| {
                    line.error(
                        token.col,
                        format!(
                            "expected an integer piece value, found {}",
                            shown(token.text)
                        ),
                    )
                })
            };
            let (white_pieces, black_pieces) = (pieces(&white_pieces)?, pieces(&black_pieces)?);
            let ratings = &mut players.ratings;
            let (white_change, black_change) = exchange(
                ratings[white],
                ratings[black],
                outcome,
                white_pieces,
                black_pieces,
            );
            // P4: a player meeting himself gets both changes.
            ratings[white] += white_change;
            ratings[black] += black_change;
        }

        order.clear();
        order.extend(0..players.len());
        // P5: rating descending, then name descending in byte order.
        let ratings = &players.ratings;
        order.sort_unstable_by(|&a, &b| {
            ratings[b]
                .cmp(&ratings[a])
                .then_with(|| players.name(b).cmp(players.name(a)))
        });
        out.put(b"Ratings after Tournament ");
        out.put_u64(tournament);
        out.put(b":\n");
        for &i in &order {
            out.put(players.name(i));
            out.put(b" ");
            push_rating(out.buffer(), ratings[i]);
            out.put(b"\n");
            out.end_lines()?;
        }
    }
    lines.expect_end(&format!("the last tournament ({})", tournaments))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratings_parse_to_hundredths() {
        assert_eq!(parse_rating(b"76.91"), Some(7691));
        assert_eq!(parse_rating(b"76.9"), Some(7690));
        assert_eq!(parse_rating(b"77"), Some(7700));
        assert_eq!(parse_rating(b"-0.05"), Some(-5));
        for bad in ["1.234", "1.", ".5", "-", "", "1.2x", "abc", "1e3", "--1"] {
            assert_eq!(parse_rating(bad.as_bytes()), None, "{}", bad);
        }
    }

    #[test]
    fn ratings_print_with_two_decimals() {
        let mut out = Vec::new();
        for r in [-5, 0, 7, 8670, -12345] {
            push_rating(&mut out, r);
            out.push(b' ');
        }
        assert_eq!(out, b"-0.05 0.00 0.07 86.70 -123.45 ");
    }

    #[test]
    fn core_exchange_rounds_half_up() {
        // Gap 2.95 -> CE 0.30; 2.94 -> 0.29. White 0.00 (+3.00) vs black 0.05 / 0.06.
        assert_eq!(exchange(0, 5, Outcome::Drew, 0, 0), (-30, 30));
        assert_eq!(exchange(0, 6, Outcome::Drew, 0, 0), (-29, 29));
        // The statement's example: Alice 76.91 white, Bob 76.36, Bob wins with fewer pieces.
        assert_eq!(
            exchange(7691, 7636, Outcome::WhiteLost, 20, 15),
            (-272, 272)
        );
        assert_eq!(exchange(7691, 7636, Outcome::WhiteWon, 20, 15), (64, -64));
    }

    #[test]
    fn equal_after_the_handicap() {
        assert_eq!(exchange(1000, 1300, Outcome::Drew, 1, 1), (0, 0));
        assert_eq!(exchange(1000, 1300, Outcome::WhiteWon, 1, 1), (100, -100));
        assert_eq!(exchange(1000, 1300, Outcome::WhiteLost, 2, 1), (-200, 200));
        assert_eq!(exchange(1000, 1300, Outcome::WhiteLost, 1, 2), (-100, 100));
    }

    #[test]
    fn a_big_gap_makes_the_favourite_lose_points_by_winning() {
        // 90.00 + 3.00 vs 50.00: gap 43.00, CE 4.30, RPE -3.30 doubled.
        assert_eq!(exchange(9000, 5000, Outcome::WhiteWon, 30, 10), (-330, 330));
        assert_eq!(exchange(9000, 5000, Outcome::WhiteWon, 10, 30), (-660, 660));
    }

    #[test]
    fn draws_are_never_doubled() {
        assert_eq!(exchange(5000, 5000, Outcome::Drew, 0, 50), (-30, 30));
    }
}
