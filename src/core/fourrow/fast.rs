//! The fast path of the four-in-a-row reading: lines of the plainest form
//! (`Game #n: ` and slot digits, or slot digits alone inside a game, then
//! LF) are played without the general reading's byte-by-byte loop. A line
//! is played on a copy and only kept once it proved plain, so the general
//! reading can take any line from its start and say what is wrong.

use super::board::{Game, Heading};
use super::parse::{Checks, Reading};
use crate::core::io::lines::word;
use crate::core::io::{Error, Layout, Lines, Output};
use std::io::{Read, Write};

/// The tolerant reading with the fast path: what `referee fourrow` runs.
/// (The judge bundles read with `io::Tolerant`, the general reading only.)
pub struct Fast;

impl Layout for Fast {}

impl Checks for Fast {
    #[inline(always)]
    fn next_game_line<R: Read, W: Write>(
        &mut self,
        lines: &mut Lines<R>,
        reading: &mut Reading,
        out: &mut Output<W>,
    ) -> Result<bool, Error> {
        fast_lines(lines, reading, out)?;
        lines.next_nonblank()
    }
}

/// Takes lines of the plainest form for as long as they come.
#[inline(never)]
fn fast_lines<R: Read, W: Write>(
    lines: &mut Lines<R>,
    reading: &mut Reading,
    out: &mut Output<W>,
) -> Result<(), Error> {
    const HEADER: u64 = u64::from_le_bytes(*b"Game #\0\0");
    const HEADER_MASK: u64 = 0xffff_ffff_ffff;
    let bytes = lines.unread();
    let (mut at, mut taken) = (0, 0);
    let mut result = Ok(());
    // The reading's state is worked on in locals, which can stay in
    // registers (the game being read as a plain flag and its parts, not
    // an `Option`), and handed back at the end.
    let (announced, mut begun) = (reading.announced, reading.begun);
    let (mut in_game, mut heading, mut game) = match reading.current.take() {
        Some((heading, game)) => (true, heading, game),
        // A placeholder (`Game #0`), never written while `in_game` is false.
        None => (
            false,
            Heading::of_plain(u64::from(b'0'), 1),
            Game::default(),
        ),
    };
    loop {
        let line = bytes.get(at..).unwrap_or_default();
        let Some(head) = line.get(..8) else {
            break;
        };
        let end = if word(head) & HEADER_MASK == HEADER {
            let (next_heading, start) = match fast_header(line) {
                Some(found) if begun < announced => found,
                _ => break,
            };
            let mut next_game = Game::default();
            let end = play_slots(&mut next_game, line, start);
            if line.get(end) != Some(&b'\n') {
                break;
            }
            if in_game {
                game.write(out, &heading);
            }
            result = out.end_lines();
            begun += 1;
            (in_game, heading, game) = (true, next_heading, next_game);
            end
        } else if in_game {
            // A line of slot digits alone, at least one, goes on the game.
            let mut played = game;
            let end = play_slots(&mut played, line, 0);
            if end == 0 || line.get(end) != Some(&b'\n') {
                break;
            }
            game = played;
            end
        } else {
            break;
        };
        at += end + 1;
        taken += 1;
        if result.is_err() {
            break;
        }
    }
    reading.begun = begun;
    reading.current = in_game.then_some((heading, game));
    lines.consume(at, taken, 0);
    result
}

/// A header `Game #n: ` at the start of `line` (known to start with
/// `Game #`), 1 to 8 digits, no leading zero: the game's heading and where
/// the moves start. (The general reading takes longer numbers.)
#[inline(always)]
fn fast_header(line: &[u8]) -> Option<(Heading, usize)> {
    let number = word(line.get(6..14)?);
    let digits = leading_digits(number);
    let after = 6 + digits;
    if digits == 0 || number as u8 == b'0' || line.get(after..after + 2)? != b": " {
        return None;
    }
    Some((Heading::of_plain(number, digits), after + 2))
}

/// How many of the low bytes of `word` are ASCII digits before the first
/// that is not (8 if all are). With `t` each byte xor b'0', a byte is a
/// digit when `t` is below 10: its low seven bits plus 0x76 stay below
/// 0x80 (and never carry into the next byte), and its top bit is clear.
#[inline(always)]
fn leading_digits(word: u64) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let t = word ^ (ONES * u64::from(b'0'));
    let not_digits = (((t & (ONES * 0x7f)) + ONES * 0x76) | t) & (ONES * 0x80);
    not_digits.trailing_zeros() as usize / 8
}

/// Plays the run of slot digits of `text` from `pos` on, eight bytes
/// checked at once; returns where the run ends. With `d` each byte minus
/// b'1', all eight are slot digits when every byte of `d` and of `d + 1`
/// is below 8. Neither sum carries across a run of slot digits, so the
/// lowest byte that shows a high bit is the first that is not one.
/// (`text` ends in zeros, which stop the run before it does.)
#[inline(always)]
fn play_slots(game: &mut Game, text: &[u8], pos: usize) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const NOT_BELOW_8: u64 = 0xf8f8_f8f8_f8f8_f8f8;
    let mut end = pos;
    for window in text.get(pos..).unwrap_or_default().chunks_exact(8) {
        let columns = word(window).wrapping_sub(ONES * u64::from(b'1'));
        let stops = (columns | columns.wrapping_add(ONES)) & NOT_BELOW_8;
        if stops != 0 {
            let slots = stops.trailing_zeros() as usize / 8;
            game.play_slots(&window[..slots]);
            return end + slots;
        }
        game.play_slots(window);
        end += 8;
    }
    end
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_headers_are_read_fast_and_others_left_alone() {
        // Lines as a reader hands them out: with at least 8 bytes after.
        // (Headings are compared as they show.)
        let read = |line: &[u8]| format!("{:?}", fast_header(line));
        let expected = |digits: &[u8], start: usize| {
            format!("{:?}", Some((Heading::of(digits).unwrap(), start)))
        };
        assert_eq!(
            read(b"Game #12: 123\n\0\0\0\0\0\0\0\0"),
            expected(b"12", 10)
        );
        assert_eq!(read(b"Game #1: \n\0\0\0\0\0\0\0\0"), expected(b"1", 9));
        assert_eq!(
            read(b"Game #12345678: 1\n\0\0\0\0\0\0\0\0"),
            expected(b"12345678", 16)
        );
        for other in [
            &b"Game #012: 1\n\0\0\0\0\0\0\0\0"[..],
            b"Game #1:1\n\0\0\0\0\0\0\0\0",
            b"Game #: 1\n\0\0\0\0\0\0\0\0",
            b"Game #1 : 1\n\0\0\0\0\0\0\0\0",
            b"Game #123456789: 1\n\0\0\0\0\0\0\0\0",
            b"Game #12",
        ] {
            assert!(fast_header(other).is_none(), "{:?}", other);
        }
    }

    #[test]
    fn leading_digits_are_counted_up_to_the_first_other_byte() {
        for stop in [b'/', b':', b' ', b'\0', b'a', 0x80, 0xb0, 0xff] {
            for at in 0..=8 {
                let mut bytes = *b"90123456";
                if at < 8 {
                    bytes[at] = stop;
                }
                assert_eq!(leading_digits(u64::from_le_bytes(bytes)), at);
            }
        }
    }

    #[test]
    fn slot_runs_are_played_up_to_the_first_other_byte() {
        // A stop byte at every place of a 20-byte run, then zeros.
        for stop in [b'0', b'8', b'9', b'/', b' ', b'G', b'\t', 0xff] {
            for at in 0..20 {
                let mut text = b"12345671234567123456\0\0\0\0\0\0\0\0".to_vec();
                text[at] = stop;
                for from in [0, at.min(3), at] {
                    let mut run = Game::default();
                    assert_eq!(play_slots(&mut run, &text, from), at);
                    let mut one = Game::default();
                    for &slot in &text[from..at] {
                        one.play(slot);
                    }
                    assert_eq!(format!("{:?}", run), format!("{:?}", one));
                }
            }
        }
        assert_eq!(play_slots(&mut Game::default(), b"123", 0), 0);
    }
}
