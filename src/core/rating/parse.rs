//! Reading a rating input: the count, then per tournament the line `n m`,
//! n players with their ratings and m games, each game exchanged as it is
//! read; after a tournament, its ratings in order (P5).

use super::exchange::BadRating;
use super::exchange::Outcome;
use super::exchange::{exchange, in_range, parse_pieces, parse_rating, rating_text};
use super::players::{Key, Players, Standing};
use crate::core::io::{self, shown, Error, Layout, Line, Lines, Output, Token, Tolerant};
use crate::core::limits::rating::MAX_RATING;
use crate::judge::rating::RATINGS_AFTER;
use std::io::{Read, Write};

/// Where the format wants no empty line, for messages.
pub(crate) const BETWEEN_RECORDS: &str = "between records";

/// The strict hooks of the format; the tolerant reading checks nothing.
pub trait Checks: Layout {
    /// The line with the number of tournaments.
    fn count(&mut self, _line: &Line, _token: &Token) -> Result<(), Error> {
        Ok(())
    }

    /// Every line after the count, before its fields are read.
    fn record(&mut self, _line: &Line) -> Result<(), Error> {
        Ok(())
    }

    /// A tournament's number of players `n`, read as a number.
    fn players_count(&mut self, _line: &Line, _n: &Token) -> Result<(), Error> {
        Ok(())
    }

    /// A tournament's number of games `m`, read as a number.
    fn games_count(&mut self, _line: &Line, _m: &Token) -> Result<(), Error> {
        Ok(())
    }

    /// A player's line, its two fields found.
    fn player(&mut self, _line: &Line, _name: &Token, _rating: &Token) -> Result<(), Error> {
        Ok(())
    }

    /// A game's line, its players and result found.
    fn game(&mut self, _line: &Line, _pieces: [&Token; 2]) -> Result<(), Error> {
        Ok(())
    }
}

impl Checks for Tolerant {}

/// A quicker way through some lines than the general reading, with the
/// same result: the tool's fast path (`super::fast::Fast`). Each method's
/// default takes nothing.
pub(crate) trait Shortcut {
    /// A tournament's `n m` line, taken when it can be.
    fn header<R: Read>(&mut self, _lines: &mut Lines<R>) -> Option<(usize, usize)> {
        None
    }

    /// Takes player lines while players are `left` and it can.
    fn players<R: Read>(
        &mut self,
        _lines: &mut Lines<R>,
        _players: &mut Players,
        _left: &mut usize,
    ) {
    }

    /// Takes game lines while games are `left` and it can.
    fn games<R: Read>(&mut self, _lines: &mut Lines<R>, _players: &mut Players, _left: &mut usize) {
    }
}

/// The general reading alone.
pub(crate) struct NoShortcut;

impl Shortcut for NoShortcut {}

/// Reads a whole input and writes the ratings after every tournament,
/// taking what lines `shortcut` can by it.
pub(crate) fn read_tournaments<R: Read, C: Checks, S: Shortcut, W: Write>(
    lines: &mut Lines<R>,
    checks: &mut C,
    shortcut: &mut S,
    out: &mut Output<W>,
) -> Result<(), Error> {
    read_all(lines, checks, shortcut, out).map_err(|fault| checks.first_fault(fault))
}

fn read_all<R: Read, C: Checks, S: Shortcut, W: Write>(
    lines: &mut Lines<R>,
    checks: &mut C,
    shortcut: &mut S,
    out: &mut Output<W>,
) -> Result<(), Error> {
    let (line, token, tournaments) = io::read_count(lines, checks, "the number of tournaments")?;
    checks.count(&line, &token)?;
    let mut players = Players::default();
    let mut order = (Vec::new(), Vec::new());
    for tournament in 1..=tournaments {
        let expected = || {
            format!(
                "expected `n m` (players and games) of tournament {}",
                tournament
            )
        };
        let (listed, games) = match shortcut.header(lines) {
            Some(counts) => counts,
            None => {
                let (line, [n, m]) = record(lines, checks, &expected)?;
                let listed = count(&n, &line, "the number of players")?;
                checks.players_count(&line, &n)?;
                let games = count(&m, &line, "the number of games")?;
                checks.games_count(&line, &m)?;
                (listed, games)
            }
        };

        players.clear(listed);
        let mut left = listed;
        while left > 0 {
            shortcut.players(lines, &mut players, &mut left);
            if left == 0 {
                break;
            }
            let player = listed - left + 1;
            left -= 1;
            let expected = || format!("expected player {} of {}: `name rating`", player, listed);
            let (line, [name, rating]) = record(lines, checks, &expected)?;
            checks.player(&line, &name, &rating)?;
            let rating = parse_rating(rating.text).map_err(|why| {
                let message = match why {
                    BadRating::Malformed => {
                        "a rating (digits, a minus sign allowed, at most two decimals)".to_string()
                    }
                    BadRating::OutOfRange => format!("a rating within {}", range_text()),
                };
                line.error(
                    rating.col,
                    format!("expected {}, found {}", message, shown(rating.text)),
                )
            })?;
            let key = Key::of(name.text, name.text);
            if !players.add(&key, name.text, rating) {
                return Err(line.error(
                    name.col,
                    format!(
                        "expected a new player, found {} listed twice",
                        shown(name.text)
                    ),
                ));
            }
        }
        let mut left = games;
        while left > 0 {
            shortcut.games(lines, &mut players, &mut left);
            if left == 0 {
                break;
            }
            let game = games - left + 1;
            left -= 1;
            let expected = || {
                format!(
                    "expected game {} of {}: `white black result pieces pieces`",
                    game, games
                )
            };
            let (line, fields) = record::<_, _, 5>(lines, checks, &expected)?;
            let game = read_game(&line, &fields, &players)?;
            checks.game(&line, [&fields[3], &fields[4]])?;
            play(&line, &fields, game, &mut players)?;
        }
        checks.line_done()?;
        write_ratings(out, tournament, &players, &mut order)?;
    }
    checks.end(lines, &format!("the last tournament ({})", tournaments))
}

/// A game's players (their slots) and white's result, as read.
type Game = (usize, usize, Outcome);

/// The players and the result of a game's `fields` (white, black, result
/// and the pieces): the faults of those come before any of the pieces.
fn read_game(line: &Line, fields: &[Token; 5], players: &Players) -> Result<Game, Error> {
    let [white, black, result, _, _] = fields;
    let slot = |token: &Token| {
        let key = Key::of(token.text, token.text);
        players.get(&key, token.text).ok_or_else(|| {
            line.error(
                token.col,
                format!("expected a listed player, found {}", shown(token.text)),
            )
        })
    };
    let (white_slot, black_slot) = (slot(white)?, slot(black)?);
    let mut named = Outcome::WORDS.iter();
    let outcome = match named.find(|(word, _)| word.as_bytes() == result.text) {
        Some(&(_, outcome)) => outcome,
        None => {
            return Err(line.error(
                result.col,
                format!("expected {}, found {}", result_words(), shown(result.text)),
            ))
        }
    };
    Ok((white_slot, black_slot, outcome))
}

/// Exchanges one game, `game` as `read_game` found it in `fields`.
#[inline(always)]
fn play(line: &Line, fields: &[Token; 5], game: Game, players: &mut Players) -> Result<(), Error> {
    let [white, black, _, white_pieces, black_pieces] = fields;
    let (white_slot, black_slot, outcome) = game;
    let pieces = |token: &Token| {
        parse_pieces(token.text).ok_or_else(|| {
            line.error(
                token.col,
                format!(
                    "expected an integer piece value within {} to {}, found {}",
                    i64::MIN,
                    i64::MAX,
                    shown(token.text)
                ),
            )
        })
    };
    let (white_pieces, black_pieces) = (pieces(white_pieces)?, pieces(black_pieces)?);
    let (white_change, black_change) = exchange(
        players.rating(white_slot),
        players.rating(black_slot),
        outcome,
        white_pieces,
        black_pieces,
    );
    // P4: a player meeting himself gets both changes. P7 is checked once
    // both are made, so such a player, who ends where he started, stays
    // within the range.
    players.change_rating(white_slot, white_change);
    players.change_rating(black_slot, black_change);
    for (slot, token) in [(white_slot, white), (black_slot, black)].iter() {
        let rating = players.rating(*slot);
        if !in_range(rating) {
            return Err(line.error(
                token.col,
                format!(
                    "expected every rating to stay within {}, found {} taken to {}",
                    range_text(),
                    shown(token.text),
                    rating_text(rating)
                ),
            ));
        }
    }
    Ok(())
}

/// The result words for messages: `` `won`, `drew` or `lost` ``.
fn result_words() -> String {
    let words: Vec<String> = Outcome::WORDS
        .iter()
        .map(|(word, _)| format!("`{}`", word))
        .collect();
    let (last, others) = words.split_last().expect("three words");
    format!("{} or {}", others.join(", "), last)
}

/// The range of ratings kept, for messages.
fn range_text() -> String {
    format!("-{0} to {0}", rating_text(MAX_RATING))
}

/// P5: `Ratings after Tournament K:`, then the players by rating
/// descending, then by name descending in byte order.
fn write_ratings<W: Write>(
    out: &mut Output<W>,
    tournament: u64,
    players: &Players,
    (order, spare): &mut (Vec<Standing>, Vec<Standing>),
) -> Result<(), Error> {
    players.standings(order, spare);
    out.put(RATINGS_AFTER.as_bytes());
    out.put(b" ");
    out.put_u64(tournament);
    out.put(b":\n");
    for &standing in order.iter() {
        players.put_player(out, standing);
        out.end_lines()?;
    }
    Ok(())
}

/// The next line that holds a record and its `N` tokens, or an error
/// naming what was due: at the end of input, or at the missing or extra
/// token. A line of another shape is named as such before any fault of
/// its tokens: it is most likely another kind of record.
#[inline(always)]
fn record<'a, R: Read, C: Checks, const N: usize>(
    lines: &'a mut Lines<R>,
    checks: &mut C,
    expected: &dyn Fn() -> String,
) -> Result<(Line<'a>, [Token<'a>; N]), Error> {
    let found = checks.next_record(lines);
    checks.record_due(found, || lines.eof_error(&expected()), 0, BETWEEN_RECORDS)?;
    let line = lines.current();
    checks.record(&line)?;
    let mut tokens = line.tokens();
    let mut found = [Token { col: 0, text: &[] }; N];
    for slot in found.iter_mut() {
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
    Ok((line, found))
}

/// A count of players or games.
fn count(token: &Token, line: &Line, what: &str) -> Result<usize, Error> {
    io::parse_count(token.text)
        .map(|n| usize::try_from(n).unwrap_or(usize::MAX))
        .ok_or_else(|| {
            line.error(
                token.col,
                format!("expected {}, found {}", what, shown(token.text)),
            )
        })
}
