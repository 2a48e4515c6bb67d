//! The fast path of the rating reading: header, player and game lines of
//! plain tokens (names of at most 15 bytes, a result word, counts of
//! plain digits, ratings of plain digits after an optional minus) with
//! blanks of any kind before, between and after them (R0.1), and blank
//! lines, are read a word at a time; games are exchanged. A line is only
//! taken once everything about it proved fine; any other line, errors
//! included, is left whole to the general reading. Tokens are read in
//! steps that do not depend on their lengths or on which word they are,
//! where that is short: such branches would be guessed wrong half the
//! time on input that varies.

use super::exchange::{exchange, in_range, Hundredths, Outcome};
use super::parse::Shortcut;
use super::players::{Key, Players};
use crate::core::io::in_place::{
    after_blanks, after_gap, after_line_end, at_or_below_space, digits_value, leading_digits, word,
    MIX,
};
use crate::core::io::tokens::head_of;
use crate::core::io::Lines;
use std::io::Read;

/// The fast path: what `referee rating` runs with the tolerant reading.
/// `--strict` and `validate` read without it.
pub(crate) struct Fast;

impl Shortcut for Fast {
    #[inline(always)]
    fn header<R: Read>(&mut self, lines: &mut Lines<R>) -> Option<(usize, usize)> {
        fast_header(lines)
    }

    #[inline(always)]
    fn players<R: Read>(&mut self, lines: &mut Lines<R>, players: &mut Players, left: &mut usize) {
        fast_players(lines, players, left)
    }

    #[inline(always)]
    fn games<R: Read>(&mut self, lines: &mut Lines<R>, players: &mut Players, left: &mut usize) {
        fast_games(lines, players, left)
    }
}

/// The token at `at`, 1 to 15 bytes ended by the first byte at or below
/// b' ' (both among the 16 bytes read), with its key as a name and its
/// length; `None` for a longer token (the general reading's) or none.
/// The 16 bytes are looked at as one number, so that a name of up to 8
/// bytes and a longer one take the same steps: names of both kinds come
/// in any order.
#[inline(always)]
fn name_key(bytes: &[u8], at: usize) -> Option<(Key, usize)> {
    let both = bytes.get(at..at + 16)?;
    let (first, second) = (word(&both[..8]), word(&both[8..]));
    // The lowest bit set is the first end's, exact as in either word.
    let ends = u128::from(at_or_below_space(first)) | u128::from(at_or_below_space(second)) << 64;
    let len = ends.trailing_zeros() as usize / 8;
    if len == 0 || len == 16 {
        return None;
    }
    // The bytes before the first end: below its byte's bit.
    let before = ((ends & ends.wrapping_neg()) >> 7).wrapping_sub(1);
    let name = (u128::from(first) | u128::from(second) << 64) & before;
    Some((Key::of_words(name as u64, (name >> 64) as u64, len), len))
}

/// Plain digits at `at`, 1 to `most` of them (at most 19), of a number
/// within 64 bits: the number and where the first byte after them is.
#[inline(always)]
fn digits(bytes: &[u8], at: usize, most: usize) -> Option<(i64, usize)> {
    // Up to seven digits, the most by far, are read eight bytes at once,
    // in steps that do not depend on how many digits there are: numbers
    // of one length and another come in any order.
    if let Some(eight) = bytes.get(at..at + 8) {
        let eight = word(eight);
        match leading_digits(eight) {
            0 => return None,
            8 => {}
            count => return Some((digits_value(eight, count) as i64, at + count)),
        }
    }
    let mut value: u64 = 0;
    let mut next = at;
    while let Some(digit) = bytes.get(next).map(|b| b.wrapping_sub(b'0')) {
        if digit > 9 {
            break;
        }
        // Past `most` digits the token is refused below; 19 digits fit
        // in a u64.
        value = value.wrapping_mul(10).wrapping_add(u64::from(digit));
        next += 1;
    }
    if next == at || next - at > most {
        return None;
    }
    Some((i64::try_from(value).ok()?, next))
}

/// A plain rating at `at`, the most common form, then the line's end: a
/// minus or not, 1 to 12 digits, then `.` and one or two digits, or none
/// (hundredths, far within `MAX_RATING`); the rating and where the next
/// line starts. `None` for any other form, which the general reading
/// reads.
#[inline(always)]
fn rating_then_line_end<const ANY: bool>(bytes: &[u8], at: usize) -> Option<(Hundredths, usize)> {
    let negative = bytes.get(at) == Some(&b'-');
    let (whole, at) = digits(bytes, at + usize::from(negative), 12)?;
    let digit = |b: u8| b.is_ascii_digit();
    let (cents, at) = match *bytes.get(at..at + 3)? {
        [b'.', tens, ones] if digit(tens) && digit(ones) => {
            (10 * (tens - b'0') + (ones - b'0'), at + 3)
        }
        [b'.', tens, _] if digit(tens) => (10 * (tens - b'0'), at + 2),
        _ => (0, at),
    };
    let rating = whole * 100 + i64::from(cents);
    Some((
        if negative { -rating } else { rating },
        after_line_end::<ANY>(bytes, at)?,
    ))
}

/// Where the first line that is not blank starts in `bytes`, from `at`
/// on, and how many blank lines come before it (R0.1).
#[inline(always)]
fn after_blank_lines(bytes: &[u8], mut at: usize) -> (usize, usize) {
    let mut blank = 0;
    while let Some(next) = after_line_end::<true>(bytes, at) {
        at = next;
        blank += 1;
    }
    (at, blank)
}

/// Takes a plain `n m` line (two plain counts), after blank lines.
#[inline(never)]
fn fast_header<R: Read>(lines: &mut Lines<R>) -> Option<(usize, usize)> {
    if !lines.unread_is_ascii() {
        return None;
    }
    let bytes = lines.unread();
    let (start, blank) = after_blank_lines(bytes, 0);
    let (players, at) = number_then_gap::<true>(bytes, after_blanks::<true>(bytes, start))?;
    let (games, len) = number_then_line_end::<true>(bytes, at)?;
    let counts = (usize::try_from(players).ok()?, usize::try_from(games).ok()?);
    lines.consume(len, blank + 1);
    Some(counts)
}

/// The parts of a plain player line: the name's key, the name, the
/// rating and the line's length with its line end.
struct PlainPlayer<'a> {
    key: Key,
    name: &'a [u8],
    rating: Hundredths,
    len: usize,
}

/// A player line at the start of `bytes`, `ANY` as for `after_blanks`.
#[inline(always)]
fn player_line<const ANY: bool>(bytes: &[u8]) -> Option<PlainPlayer<'_>> {
    let start = after_blanks::<ANY>(bytes, 0);
    let (key, name) = name_key(bytes, start)?;
    let at = after_gap::<ANY>(bytes, start + name)?;
    let (rating, len) = rating_then_line_end::<ANY>(bytes, at)?;
    Some(PlainPlayer {
        key,
        name: &bytes[start..start + name],
        rating,
        len,
    })
}

/// A line that is no player line in the plainest form: one in another
/// form, or the length of a blank line (`Err`).
#[cold]
#[inline(never)]
fn other_player_line(bytes: &[u8]) -> Option<Result<PlainPlayer<'_>, usize>> {
    match player_line::<true>(bytes) {
        Some(player) => Some(Ok(player)),
        None => after_line_end::<true>(bytes, 0).map(Err),
    }
}

/// Takes plain player lines (`name rating`, a name of at most 15 bytes,
/// a plain rating) while players are `left`, listing each, and blank
/// lines; a name listed twice or a rating of another form is left to the
/// general reading.
#[inline(never)]
fn fast_players<R: Read>(lines: &mut Lines<R>, players: &mut Players, left: &mut usize) {
    if !lines.unread_is_ascii() {
        return;
    }
    let bytes = lines.unread();
    let (mut at, mut taken, mut blank) = (0, 0, 0);
    while taken < *left {
        let rest = &bytes[at..];
        let player = match player_line::<false>(rest) {
            Some(player) => player,
            None => match other_player_line(rest) {
                Some(Ok(player)) => player,
                Some(Err(len)) => {
                    at += len;
                    blank += 1;
                    continue;
                }
                None => break,
            },
        };
        if !players.add(&player.key, player.name, player.rating) {
            break;
        }
        at += player.len;
        taken += 1;
    }
    *left -= taken;
    lines.consume(at, taken + blank);
}

/// The parts of a plain game line: the two names' places, the result,
/// the pieces, and the line's length with its newline.
struct PlainGame {
    white: Key,
    black: Key,
    outcome: Outcome,
    pieces: (i64, i64),
    len: usize,
}

/// The name at `at` and where the next field starts, past the blanks
/// after the name.
#[inline(always)]
fn name_then_gap<const ANY: bool>(bytes: &[u8], at: usize) -> Option<(Key, usize)> {
    let (key, len) = name_key(bytes, at)?;
    Some((key, after_gap::<ANY>(bytes, at + len)?))
}

/// Plain digits at `at`, 1 to 19 of them, then blanks: the number and
/// where the next field starts.
#[inline(always)]
fn number_then_gap<const ANY: bool>(bytes: &[u8], at: usize) -> Option<(i64, usize)> {
    let (value, at) = digits(bytes, at, 19)?;
    Some((value, after_gap::<ANY>(bytes, at)?))
}

/// Plain digits at `at`, 1 to 19 of them, then the line's end: the
/// number and where the next line starts.
#[inline(always)]
fn number_then_line_end<const ANY: bool>(bytes: &[u8], at: usize) -> Option<(i64, usize)> {
    let (value, at) = digits(bytes, at, 19)?;
    Some((value, after_line_end::<ANY>(bytes, at)?))
}

/// A result word of the format in one word, as `head_of` makes it: from
/// the judge core's words.
#[derive(Clone, Copy)]
struct ResultWord {
    head: u64,
    /// The bytes of a word that the head covers.
    mask: u64,
    len: usize,
    outcome: Outcome,
}

/// How many bytes the shortest result word has: the bytes a word read in
/// the input is placed by.
const SHORTEST: usize = {
    let (mut shortest, mut at) = (usize::MAX, 0);
    while at < Outcome::WORDS.len() {
        let len = Outcome::WORDS[at].0.len();
        shortest = if len < shortest { len } else { shortest };
        at += 1;
    }
    shortest
};

/// The place among `RESULT_SLOTS` of the word whose first `SHORTEST`
/// bytes begin `word`.
#[inline(always)]
const fn result_slot(word: u64) -> usize {
    let head = word & (u64::MAX >> (64 - 8 * SHORTEST));
    (head.wrapping_mul(MIX) >> 61) as usize
}

/// The result words by `result_slot`, each in a slot of its own (checked
/// when the table is made): a word read in the input is compared with the
/// one it can be, in the same steps whichever it is.
const RESULT_SLOTS: [Option<ResultWord>; 8] = {
    let mut slots = [None; 8];
    let mut at = 0;
    while at < Outcome::WORDS.len() {
        let (word, outcome) = Outcome::WORDS[at];
        let head = head_of(word.as_bytes());
        let slot = result_slot(head);
        if slots[slot].is_some() {
            panic!("two result words share a slot");
        }
        let len = word.len();
        let mask = u64::MAX >> (64 - 8 * len);
        slots[slot] = Some(ResultWord {
            head,
            mask,
            len,
            outcome,
        });
        at += 1;
    }
    slots
};

/// A game line at the start of `bytes`, `ANY` as for `after_blanks`.
#[inline(always)]
fn game_line<const ANY: bool>(bytes: &[u8]) -> Option<PlainGame> {
    let (white, at) = name_then_gap::<ANY>(bytes, after_blanks::<ANY>(bytes, 0))?;
    let (black, at) = name_then_gap::<ANY>(bytes, at)?;
    let result = word(bytes.get(at..at + 8)?);
    let found = RESULT_SLOTS[result_slot(result)]
        .as_ref()
        .filter(|r| result & r.mask == r.head)?;
    let (outcome, at) = (found.outcome, after_gap::<ANY>(bytes, at + found.len)?);
    let (white_pieces, at) = number_then_gap::<ANY>(bytes, at)?;
    let (black_pieces, len) = number_then_line_end::<ANY>(bytes, at)?;
    Some(PlainGame {
        white,
        black,
        outcome,
        pieces: (white_pieces, black_pieces),
        len,
    })
}

/// A line that is no game line in the plainest form: one in another
/// form, or the length of a blank line (`Err`).
#[cold]
#[inline(never)]
fn other_game_line(bytes: &[u8]) -> Option<Result<PlainGame, usize>> {
    match game_line::<true>(bytes) {
        Some(game) => Some(Ok(game)),
        None => after_line_end::<true>(bytes, 0).map(Err),
    }
}

/// Takes plain game lines while games are `left` and the next line is
/// one or blank, exchanging each; the reader is moved on once, at the
/// end.
#[inline(never)]
fn fast_games<R: Read>(lines: &mut Lines<R>, players: &mut Players, left: &mut usize) {
    // Tokens of any bytes are taken here: the buffer must be known ASCII,
    // the general reading checks UTF-8.
    if !lines.unread_is_ascii() {
        return;
    }
    let bytes = lines.unread();
    let (mut at, mut taken, mut blank) = (0, 0, 0);
    while taken < *left {
        let rest = &bytes[at..];
        let game = match game_line::<false>(rest) {
            Some(game) => game,
            None => match other_game_line(rest) {
                Some(Ok(game)) => game,
                Some(Err(len)) => {
                    at += len;
                    blank += 1;
                    continue;
                }
                None => break,
            },
        };
        // The names are at most 16 bytes: nothing past them to compare.
        let white = match players.get(&game.white, &[]) {
            Some(white) => white,
            None => break,
        };
        let black = match players.get(&game.black, &[]) {
            Some(black) => black,
            None => break,
        };
        let (white_change, black_change) = exchange(
            players.rating(white),
            players.rating(black),
            game.outcome,
            game.pieces.0,
            game.pieces.1,
        );
        // P4: both changes, one after the other, on the same rating when a
        // player meets himself. A rating out of range once both are made
        // is the general reading's error to report, on the ratings before.
        let before = (players.rating(white), players.rating(black));
        players.change_rating(white, white_change);
        players.change_rating(black, black_change);
        if !in_range(players.rating(white)) || !in_range(players.rating(black)) {
            players.set_rating(black, before.1);
            players.set_rating(white, before.0);
            break;
        }
        at += game.len;
        taken += 1;
    }
    *left -= taken;
    lines.consume(at, taken + blank);
}

#[cfg(test)]
mod tests;
