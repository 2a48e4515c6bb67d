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
    let (mut at, mut taken, mut last_len) = (0, 0, 0);
    let mut result = Ok(());
    while let Some(head) = bytes.get(at..at + 8) {
        let rest = &bytes[at..];
        let (header, start) = if word(head) & HEADER_MASK == HEADER {
            match fast_header(rest) {
                Some(found) if reading.begun < reading.announced => (Some(found.0), found.1),
                _ => break,
            }
        } else if reading.current.is_some() && (b'1'..=b'7').contains(&rest[0]) {
            (None, 0)
        } else {
            break;
        };
        let mut game = match (header, reading.current) {
            (Some(_), _) => Game::default(),
            (None, Some((_, game))) => game,
            (None, None) => break,
        };
        let end = play_digits(&mut game, rest, start);
        if rest.get(end) != Some(&b'\n') {
            break;
        }
        if let Some(heading) = header {
            if let Err(e) = reading.finish_game(out) {
                result = Err(e);
            }
            reading.begun += 1;
            reading.current = Some((heading, game));
        } else if let Some((_, current)) = reading.current.as_mut() {
            *current = game;
        }
        at += end + 1;
        taken += 1;
        last_len = end;
        if result.is_err() {
            break;
        }
    }
    lines.consume(at, taken, last_len);
    result
}

/// A header `Game #n: ` at the start of `bytes` (known to start with
/// `Game #`), digits only, no leading zero, at most 18 digits: the game's
/// heading and where the moves start.
#[inline(always)]
fn fast_header(bytes: &[u8]) -> Option<(Heading, usize)> {
    let digits = bytes[6..]
        .iter()
        .take(19)
        .take_while(|b| b.is_ascii_digit())
        .count();
    if digits == 0 || digits > 18 || bytes[6] == b'0' {
        return None;
    }
    let after = 6 + digits;
    if bytes.get(after..after + 2) != Some(&b": "[..]) {
        return None;
    }
    Some((Heading::of_plain(bytes, after)?, after + 2))
}

/// Plays the slot digits of `text` from `pos` on; returns where they end.
/// Eight bytes are checked at once: with `d` each byte minus b'1', all
/// eight are slot digits when every byte of `d` and of `d + 1` is below 8
/// (a byte below b'1' borrows and shows high bits at the lowest such byte).
#[inline(always)]
fn play_digits(game: &mut Game, text: &[u8], mut pos: usize) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const NOT_BELOW_8: u64 = 0xf8f8_f8f8_f8f8_f8f8;
    while let Some(window) = text.get(pos..pos + 8) {
        let columns = word(window).wrapping_sub(ONES * u64::from(b'1'));
        if (columns | columns.wrapping_add(ONES)) & NOT_BELOW_8 != 0 {
            break;
        }
        for column in columns.to_le_bytes() {
            game.play(usize::from(column));
        }
        pos += 8;
    }
    while let Some(column) = text.get(pos).map(|b| b.wrapping_sub(b'1')) {
        if column >= 7 {
            break;
        }
        game.play(usize::from(column));
        pos += 1;
    }
    pos
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_headers_are_read_fast_and_others_left_alone() {
        // Lines as a reader hands them out: with at least 8 bytes after.
        let heading = |digits: &[u8]| Heading::of(digits).unwrap();
        assert_eq!(
            fast_header(b"Game #12: 123\n\0\0\0\0\0\0\0\0"),
            Some((heading(b"12"), 10))
        );
        assert_eq!(
            fast_header(b"Game #1: \n\0\0\0\0\0\0\0\0"),
            Some((heading(b"1"), 9))
        );
        let long = b"Game #123456789012345678: 1\n\0\0\0\0\0\0\0\0";
        assert_eq!(
            fast_header(long),
            Some((heading(b"123456789012345678"), 26))
        );
        for other in [
            &b"Game #012: 1\n"[..],
            b"Game #1:1\n",
            b"Game #: 1\n",
            b"Game #1 : 1\n",
        ] {
            assert_eq!(fast_header(other), None, "{:?}", other);
        }
        let huge = b"Game #1234567890123456789: 1\n";
        assert_eq!(fast_header(huge), None);
    }

    #[test]
    fn digits_are_played_eight_at_a_time_up_to_the_first_other_byte() {
        // A stop byte at every place of a 20-byte run: the digits before
        // it are played, one at a time or eight at once alike.
        for stop in [b'0', b'8', b'9', b'/', b' ', b'G', b'\t', 0xff] {
            for at in 0..20 {
                let mut text = b"12345671234567123456".to_vec();
                text[at] = stop;
                let mut eight = Game::default();
                let end = play_digits(&mut eight, &text, 0);
                let mut one = Game::default();
                for &b in &text[..at] {
                    one.play(usize::from(b - b'1'));
                }
                assert_eq!(end, at);
                assert_eq!(format!("{:?}", eight), format!("{:?}", one));
            }
        }
    }
}
