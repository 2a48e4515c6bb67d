//! The exchange of one game (P1 to P4) in integer hundredths, and ratings
//! as text: read with up to two decimals, written with exactly two.

use crate::core::io::out::small_decimal;
use crate::core::io::{parse_u64, Output};
use crate::core::limits::rating::MAX_RATING;
use std::io::Write;

/// A rating with exactly two decimals: `-0.05`, `86.70`.
pub(crate) use crate::judge::rating::rating_text;
pub use crate::judge::rating::{Hundredths, Outcome};

/// 1.00.
const ONE: Hundredths = 100;

/// The rating changes of one game: (white's change, black's change), by
/// the judge core's rules (P1 to P3).
pub fn exchange(
    white: Hundredths,
    black: Hundredths,
    outcome: Outcome,
    white_pieces: i64,
    black_pieces: i64,
) -> (Hundredths, Hundredths) {
    let game = crate::judge::rating::Game {
        white,
        black,
        result: outcome,
        white_pieces,
        black_pieces,
    };
    game.exchange()
}

/// Whether a rating is one the referee keeps (see `MAX_RATING`).
pub(crate) fn in_range(rating: Hundredths) -> bool {
    (-MAX_RATING..=MAX_RATING).contains(&rating)
}

/// Why a token is not a rating.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BadRating {
    /// Not a number with at most two decimals.
    Malformed,
    /// A number beyond `MAX_RATING`.
    OutOfRange,
}

/// Parses a rating with up to two decimals and an optional minus (P6),
/// within `MAX_RATING`: digits, then `.` and one or two digits, or none.
#[inline]
pub(crate) fn parse_rating(text: &[u8]) -> Result<Hundredths, BadRating> {
    let (negative, digits) = match text.split_first() {
        Some((b'-', rest)) => (true, rest),
        _ => (false, text),
    };
    // The whole part in one pass, counting digits past what fits.
    let mut whole: u64 = 0;
    let mut whole_len = 0;
    for &b in digits {
        let digit = b.wrapping_sub(b'0');
        if digit > 9 {
            break;
        }
        whole = whole.saturating_mul(10).saturating_add(u64::from(digit));
        whole_len += 1;
    }
    let cents = match &digits[whole_len..] {
        [] => Some(0),
        [b'.', tens] if tens.is_ascii_digit() => Some(10 * (tens - b'0')),
        [b'.', tens, ones] if tens.is_ascii_digit() && ones.is_ascii_digit() => {
            Some(10 * (tens - b'0') + (ones - b'0'))
        }
        _ => None,
    };
    let cents = match cents {
        Some(cents) if whole_len > 0 => i64::from(cents),
        _ => return Err(BadRating::Malformed),
    };
    if whole > MAX_RATING as u64 / 100 {
        return Err(BadRating::OutOfRange);
    }
    let value = whole as i64 * ONE + cents;
    Ok(if negative { -value } else { value })
}

/// `.CC\n` in the low four bytes of a word: the decimal point, the two
/// decimals of a rating of `hundredths` (its absolute value), a newline.
#[inline(always)]
fn decimals_and_line_end(hundredths: u64) -> u64 {
    let cents = hundredths % 100;
    u64::from(b'.')
        | (u64::from(b'0') + cents / 10) << 8
        | (u64::from(b'0') + cents % 10) << 16
        | u64::from(b'\n') << 24
}

/// ` RATING\n` in the low bytes of a word, and how many they are, for a
/// rating from 0 to 999.99: a space, the rating with exactly two
/// decimals, a newline.
#[inline(always)]
pub(crate) fn rating_word(rating: Hundredths) -> Option<(u64, usize)> {
    let (digits, len) = small_decimal((rating as u64) / 100).filter(|_| rating >= 0)?;
    let tail = decimals_and_line_end(rating as u64);
    Some((
        u64::from(b' ') | digits << 8 | tail << (8 * len + 8),
        len + 5,
    ))
}

/// Writes ` RATING\n`: a space, the rating with exactly two decimals, a
/// newline; a rating outside 0 to 999.99 in three pieces (the sign and
/// space, the whole part, the decimals).
pub(crate) fn put_rating<W: Write>(out: &mut Output<W>, rating: Hundredths) {
    match rating_word(rating) {
        Some((word, len)) => out.put_word(word, len),
        None => {
            out.put(if rating < 0 { b" -" } else { b" " });
            let hundredths = rating.unsigned_abs();
            out.put_u64(hundredths / 100);
            out.put_word(decimals_and_line_end(hundredths), 4);
        }
    }
}

/// An integer piece value, with an optional sign.
pub(crate) fn parse_pieces(text: &[u8]) -> Option<i64> {
    let (negative, digits) = match text.split_first() {
        Some((b'-', rest)) => (true, rest),
        Some((b'+', rest)) => (false, rest),
        _ => (false, text),
    };
    let value = i128::from(parse_u64(digits)?);
    i64::try_from(if negative { -value } else { value }).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_values_are_every_64_bit_integer_with_an_optional_sign() {
        for (text, value) in [
            ("0", Some(0)),
            ("+7", Some(7)),
            ("-0", Some(0)),
            ("9223372036854775807", Some(i64::MAX)),
            ("-9223372036854775808", Some(i64::MIN)),
            ("9223372036854775808", None),
            ("-9223372036854775809", None),
            ("--1", None),
            ("", None),
        ] {
            assert_eq!(parse_pieces(text.as_bytes()), value, "{}", text);
        }
    }

    #[test]
    fn ratings_parse_to_hundredths_within_the_range() {
        assert_eq!(parse_rating(b"76.91"), Ok(7691));
        assert_eq!(parse_rating(b"76.9"), Ok(7690));
        assert_eq!(parse_rating(b"77"), Ok(7700));
        assert_eq!(parse_rating(b"-0.05"), Ok(-5));
        assert_eq!(parse_rating(b"9999999999999.99"), Ok(MAX_RATING));
        assert_eq!(parse_rating(b"-9999999999999.99"), Ok(-MAX_RATING));
        for bad in [
            "1.234", "1.", ".5", "-", "", "1.2x", "abc", "1e3", "--1", "+1",
        ] {
            assert_eq!(
                parse_rating(bad.as_bytes()),
                Err(BadRating::Malformed),
                "{}",
                bad
            );
        }
        for far in [
            "10000000000000",
            "92233720368547758.07",
            "-99999999999999999999999",
        ] {
            assert_eq!(
                parse_rating(far.as_bytes()),
                Err(BadRating::OutOfRange),
                "{}",
                far
            );
        }
    }

    #[test]
    fn ratings_print_with_two_decimals() {
        let mut text = String::new();
        for r in [-5, 0, 7, 8670, -12345, MAX_RATING, -MAX_RATING] {
            text += &rating_text(r);
            text.push(' ');
        }
        assert_eq!(
            text,
            "-0.05 0.00 0.07 86.70 -123.45 9999999999999.99 -9999999999999.99 "
        );
        let mut written = Vec::new();
        let mut out = Output::new(&mut written);
        for r in [-5, 0, 7, 8670, 99999, 100000, -12345, MAX_RATING] {
            put_rating(&mut out, r);
        }
        out.finish(Ok(())).unwrap();
        assert_eq!(
            String::from_utf8(written).unwrap(),
            " -0.05\n 0.00\n 0.07\n 86.70\n 999.99\n 1000.00\n -123.45\n 9999999999999.99\n"
        );
    }

    #[test]
    fn ratings_are_written_as_the_judge_core_writes_them() {
        // Every rating up to ±2,000.00, and each side of every power of
        // ten up to the range's ends.
        let mut ratings: Vec<Hundredths> = (-200_000..=200_000).collect();
        let mut power: Hundredths = 1;
        while power <= MAX_RATING {
            for r in [power - 1, power, power + 1] {
                ratings.extend([r, -r]);
            }
            power *= 10;
        }
        ratings.extend([MAX_RATING, -MAX_RATING]);
        let mut written = Vec::new();
        let mut out = Output::new(&mut written);
        let mut expected = String::new();
        for &r in &ratings {
            put_rating(&mut out, r);
            expected += &format!(" {}\n", rating_text(r));
        }
        out.finish(Ok(())).unwrap();
        assert_eq!(String::from_utf8(written).unwrap(), expected);
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
    fn equal_after_the_handicap_big_gaps_and_doubling() {
        assert_eq!(exchange(1000, 1300, Outcome::Drew, 1, 1), (0, 0));
        assert_eq!(exchange(1000, 1300, Outcome::WhiteWon, 1, 1), (100, -100));
        assert_eq!(exchange(1000, 1300, Outcome::WhiteLost, 2, 1), (-200, 200));
        assert_eq!(exchange(1000, 1300, Outcome::WhiteLost, 1, 2), (-100, 100));
        // 90.00 + 3.00 vs 50.00: gap 43.00, CE 4.30, RPE -3.30 doubled.
        assert_eq!(exchange(9000, 5000, Outcome::WhiteWon, 30, 10), (-330, 330));
        assert_eq!(exchange(9000, 5000, Outcome::WhiteWon, 10, 30), (-660, 660));
        assert_eq!(exchange(5000, 5000, Outcome::Drew, 0, 50), (-30, 30));
    }

    /// The exchange at the ends of the range, in both directions, for
    /// every result and doubling: no step overflows (a debug build would
    /// panic), and each change is what the formula gives in 128 bits.
    #[test]
    fn the_arithmetic_holds_at_the_limits() {
        let ends = [
            -MAX_RATING,
            -MAX_RATING + 1,
            -1,
            0,
            1,
            MAX_RATING - 1,
            MAX_RATING,
        ];
        for &white in &ends {
            for &black in &ends {
                for outcome in [Outcome::WhiteWon, Outcome::Drew, Outcome::WhiteLost] {
                    for (wp, bp) in [(0, 1), (1, 0), (i64::MIN, i64::MAX)] {
                        let (w, b) = exchange(white, black, outcome, wp, bp);
                        assert_eq!(w, -b);
                        let gap = (i128::from(white) + 300 - i128::from(black)).abs();
                        assert!(i128::from(w).abs() <= 2 * (100 + (gap + 5) / 10));
                    }
                }
            }
        }
    }
}
