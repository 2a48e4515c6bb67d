//! The fast path of the four-in-a-row reading: lines of the plainest form
//! (`Game #n: `, a tab for either space, and slot digits, or slot digits
//! alone inside a game, then LF or CR LF) are played without the general
//! reading's byte-by-byte loop; inside a game, blank lines are passed and
//! lines with other blanks (R0.1) are read one at a time, a header by the
//! general reading's parser. A line is played on a copy and only kept
//! once it proved plain, so the general reading can take any line from
//! its start and say what is wrong.
//!
//! Whole games a line, the common case, are taken by a loop of their own
//! that keeps no game from one line to the next, passing empty lines
//! between them: a game's verdict is written as soon as its line is read,
//! and counted as written once the next line shows the game complete.
//! Games over several lines are read by a loop that keeps the game being
//! read, as long as they come.

use super::board::{Game, Heading, PLAIN_ROOM};
use super::parse::{parse_header, set_heading, Reading, Shortcut, GAME};
use crate::core::io::in_place::{
    after_blanks, after_line_end, fits, leading_digits, newline_from, word,
};
use crate::core::io::tokens::head_of;
use crate::core::io::{Error, Line, Lines, Output};
use crate::judge::fourrow::HEADING;
use std::io::{Read, Write};
use std::ops::Range;

/// The fast path: what `referee fourrow` runs with the tolerant reading.
/// `--strict` and `validate` read without it.
pub(crate) struct Fast;

impl Shortcut for Fast {
    #[inline(always)]
    fn run<R: Read, W: Write>(
        &mut self,
        lines: &mut Lines<R>,
        reading: &mut Reading,
        out: &mut Output<W>,
    ) -> Result<(), Error> {
        fast_lines(lines, reading, out)
    }
}

/// Where the fast path stands in `unread()`: the bytes and lines taken,
/// and the games begun out of those announced; and the room of the last
/// game's heading, kept for the next game over lines.
struct Scan {
    at: usize,
    taken: usize,
    begun: u64,
    announced: u64,
    spare: Heading,
}

/// Takes lines of the plainest form for as long as they come: whole
/// games a line by `one_line_games`, games over several lines (F1) by
/// `games_over_lines`.
#[inline(never)]
fn fast_lines<R: Read, W: Write>(
    lines: &mut Lines<R>,
    reading: &mut Reading,
    out: &mut Output<W>,
) -> Result<(), Error> {
    let bytes = lines.unread();
    let mut scan = Scan {
        at: 0,
        taken: 0,
        begun: reading.begun,
        announced: reading.announced,
        spare: Heading::new(),
    };
    let current = &mut reading.current;
    let result = loop {
        if current.is_none() {
            match one_line_games(bytes, &mut scan, out) {
                Ok(pending) => *current = pending.map(|at| replay(bytes, at, &mut scan.spare)),
                Err(e) => break Err(e),
            }
        }
        match games_over_lines(bytes, &mut scan, current, out) {
            Ok(true) => {}
            done => break done.map(|_| ()),
        }
    };
    reading.begun = scan.begun;
    lines.consume(scan.at, scan.taken);
    result
}

/// Takes the lines that go on with the `current` game (F1), slot digits
/// alone, and the games after it, header lines and such lines, for as
/// long as they come: in the plainest form, or with other blanks
/// (`loose_line`), or blank. Returns `true` when the game was complete and the
/// next line looks like a game of its own, for `one_line_games`. The
/// game is worked on in locals, which can stay in registers, and handed
/// back at the end.
#[inline(never)]
fn games_over_lines<W: Write>(
    bytes: &[u8],
    scan: &mut Scan,
    current: &mut Option<(Heading, Game)>,
    out: &mut Output<W>,
) -> Result<bool, Error> {
    // A `match`, not `let ... else`: the packages' validators paste this
    // file, and judges may build them with rustc 1.63.
    let (heading, current_game) = match current {
        Some(current) => current,
        None => return Ok(false),
    };
    let mut game = *current_game;
    let (mut at, mut taken, mut begun) = (scan.at, scan.taken, scan.begun);
    let result = loop {
        let line = bytes.get(at..).unwrap_or_default();
        let whole_game = whole_game_line(bytes, at).filter(|_| begun < scan.announced);
        if let Some((header, digits, next, end)) = whole_game {
            // The game is complete.
            game.write(out, heading);
            // The next game's line, after any blank lines, each a lone LF.
            let after = end + 1 + empty_lines(bytes, end + 1);
            if bytes[after..].starts_with(GAME) {
                scan.spare = std::mem::take(heading);
                *current = None;
                (scan.at, scan.taken, scan.begun) = (at, taken, begun);
                return out.end_lines().map(|()| true);
            }
            set_heading(heading, &header[6..6 + digits]);
            game = next;
            at = end + 1;
            taken += 1;
            begun += 1;
            if let Err(e) = out.end_lines() {
                break Err(e);
            }
        } else {
            // A line of slot digits alone, at least one, goes on the game.
            let mut played = game;
            let end = match line.first() {
                Some(b'1'..=b'7') => play_slots(&mut played, line, 0),
                _ => 0,
            };
            let next = match after_line_end::<false>(line, end) {
                Some(next) if end > 0 => next,
                _ => {
                    // Another form: a blank line (R0.1), or slot digits or
                    // a header with other blanks.
                    let (digits, played, len) = match after_line_end::<true>(line, 0) {
                        Some(len) => (None, game, len),
                        None => match loose_line(line, game) {
                            Some(loose) => loose,
                            None => break Ok(false),
                        },
                    };
                    let written = match digits {
                        // A header: the game before it is complete.
                        Some(digits) if begun < scan.announced => {
                            game.write(out, heading);
                            set_heading(heading, &line[digits]);
                            begun += 1;
                            out.end_lines()
                        }
                        Some(_) => break Ok(false),
                        None => Ok(()),
                    };
                    game = played;
                    at += len;
                    taken += 1;
                    if let Err(e) = written {
                        break Err(e);
                    }
                    continue;
                }
            };
            game = played;
            at += next;
            taken += 1;
        }
    };
    *current_game = game;
    (scan.at, scan.taken, scan.begun) = (at, taken, begun);
    result
}

/// Takes whole games one a line, `Game #n: ` and slot digits then LF,
/// for as long as they come, and the empty lines between them. A game's
/// verdict is written into the output's free room as soon as its line is
/// read, and counted as written only once the next line that is not
/// empty is another such game: a game may go on over the lines after it
/// (F1), and the verdict of a game is written only after the line that
/// shows it complete is read (R0.3). Returns where the line of the last
/// game, not counted as written, starts.
///
/// The room is taken `BATCH` bytes at a time, and the output is handed
/// on (`end_lines`) once a batch is full, not after every line.
#[inline(always)]
fn one_line_games<W: Write>(
    bytes: &[u8],
    scan: &mut Scan,
    out: &mut Output<W>,
) -> Result<Option<usize>, Error> {
    const BATCH: usize = 1 << 14;
    let (mut at, begun) = (scan.at, scan.begun);
    let mut left = scan.announced - begun;
    // The last game's line and its verdict's length (0: no game yet),
    // and the length of the verdicts counted as written in the batch.
    let (mut pending_at, mut pending_len, mut written) = (0, 0, 0);
    let mut blank_lines = 0;
    let mut room: &mut [u8; BATCH] = out.room();
    let result = loop {
        if left == 0 {
            break Ok(());
        }
        let (header, digits, game, end) = match whole_game_line(bytes, at) {
            Some(line) => line,
            None => break Ok(()),
        };
        left -= 1;
        written += pending_len;
        if written > BATCH - PLAIN_ROOM {
            out.advance(written);
            written = 0;
            if let Err(e) = out.end_lines() {
                pending_len = 0;
                at = end + 1;
                break Err(e);
            }
            room = out.room();
        }
        let line_room = (&mut room[written..written + PLAIN_ROOM]).try_into();
        pending_len = game.write_plain(line_room.expect("room"), header, 6 + digits);
        pending_at = at;
        at = end + 1;
        // Blank lines between games (R0.1), each a lone LF, are passed:
        // looked for here, so that the counts move only when one is there.
        if bytes.get(at) == Some(&b'\n') {
            let blank = empty_lines(bytes, at);
            at += blank;
            blank_lines += blank;
        }
    };
    out.advance(written);
    let begun_now = scan.announced - left;
    scan.taken += (begun_now - begun) as usize + blank_lines;
    (scan.at, scan.begun) = (at, begun_now);
    result.map(|()| (pending_len > 0).then_some(pending_at))
}

/// How many empty lines, each a lone LF, come at `at` in `bytes`: seldom
/// any, so they are counted out of line.
#[inline(always)]
fn empty_lines(bytes: &[u8], at: usize) -> usize {
    #[cold]
    #[inline(never)]
    fn count(bytes: &[u8]) -> usize {
        bytes.iter().take_while(|&&byte| byte == b'\n').count()
    }
    match bytes.get(at) {
        Some(b'\n') => count(&bytes[at..]),
        _ => 0,
    }
}

/// A whole game on the line at `at` of `bytes`, in the plainest form:
/// `Game #n: ` (n of 1 to 8 digits, no leading zero; either space may be
/// a tab), slot digits, LF or CR LF. Its first 16 bytes, the number's
/// digits, the game, and where the LF is.
#[inline(always)]
fn whole_game_line(bytes: &[u8], at: usize) -> Option<(&[u8; 16], usize, Game, usize)> {
    // A plain header starts with the verdict line's heading, `Game #`, or
    // with a tab for its space, the fifth byte.
    const HEADER: u64 = head_of(HEADING.as_bytes());
    const HEADER_MASK: u64 = u64::MAX >> (64 - 8 * HEADING.len());
    const TAB_FOR_SPACE: u64 = ((b'\t' ^ b' ') as u64) << (8 * 4);
    let line = bytes.get(at..)?;
    let header: &[u8; 16] = line.get(..16)?.try_into().ok()?;
    let start = word(header) & HEADER_MASK;
    if start != HEADER && start != HEADER ^ TAB_FOR_SPACE {
        return None;
    }
    let number = word(&header[6..14]);
    let digits = leading_digits(number);
    let colon = &header[6 + digits..8 + digits];
    let plain_end = colon == b": " || colon == b":\t";
    if digits == 0 || number as u8 == b'0' || !plain_end {
        return None;
    }
    let mut game = Game::default();
    let end = play_slots(&mut game, line, 8 + digits);
    let next = after_line_end::<false>(line, end)?;
    Some((header, digits, game, at + next - 1))
}

/// A line of another form than the plainest, from the start of `bytes`:
/// blanks of any kind and number (R0.1), then maybe a header with blanks
/// inside it (F1), read as the general reading reads one, then slot
/// digits and blanks. Where the number of the game it begins is, if it
/// begins one (as `parse_header` gives it); the game it begins or `game`
/// played on with its slot digits; and the line's length with its LF.
/// `None` for any other line (a header after slot digits, errors), which
/// the general reading takes.
#[cold]
#[inline(never)]
fn loose_line(bytes: &[u8], game: Game) -> Option<(Option<Range<usize>>, Game, usize)> {
    let mut pos = after_blanks::<true>(bytes, 0);
    let (mut digits, mut played) = (None, game);
    if bytes[pos..].starts_with(GAME) {
        let line = Line::new(0, &bytes[..newline_from(bytes, pos)?]);
        let (number, next) = parse_header(&line, pos).ok()?;
        (digits, played, pos) = (Some(number), Game::default(), next);
    }
    // A run of slot digits first, most often the line's only one, is
    // played two at a time; other digits one at a time.
    pos = after_blanks::<true>(bytes, pos);
    if let [b'1'..=b'7', b'1'..=b'7', ..] = bytes[pos..] {
        pos = play_slots(&mut played, bytes, pos);
    }
    loop {
        pos = after_blanks::<true>(bytes, pos);
        match bytes.get(pos) {
            Some(b'\n') => return fits(pos).then_some((digits, played, pos + 1)),
            Some(&slot @ b'1'..=b'7') => {
                played.play(slot);
                pos += 1;
            }
            _ => return None,
        }
    }
}

/// The heading and the game of a line that `whole_game_line` took, the
/// heading written in `spare`'s room.
#[cold]
#[inline(never)]
fn replay(bytes: &[u8], at: usize, spare: &mut Heading) -> (Heading, Game) {
    let (header, digits, game, _) = whole_game_line(bytes, at).expect("a whole game");
    let mut heading = std::mem::take(spare);
    set_heading(&mut heading, &header[6..6 + digits]);
    (heading, game)
}

/// Plays the run of slot digits of `text` from `pos` on, two at a time
/// and then the last one of an odd run, and returns where the run ends.
#[inline(always)]
fn play_slots(game: &mut Game, text: &[u8], pos: usize) -> usize {
    let run = text.get(pos..).unwrap_or_default();
    let mut rest = run;
    loop {
        match rest {
            [first @ b'1'..=b'7', second @ b'1'..=b'7', after @ ..] => {
                game.play(*first);
                game.play(*second);
                rest = after;
            }
            [last @ b'1'..=b'7', after @ ..] => {
                game.play(*last);
                rest = after;
                break;
            }
            _ => break,
        }
    }
    pos + (run.len() - rest.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_games_a_line_are_read_fast_and_others_left_alone() {
        // Lines as a reader hands them out: with at least 8 bytes after.
        // (Headings and games are compared as they show.)
        let read = |text: &[u8]| {
            let mut bytes = text.to_vec();
            bytes.extend_from_slice(&[0; 8]);
            let taken = whole_game_line(&bytes, 0).map(|(_, digits, _, end)| (digits, end));
            (
                taken,
                taken.map(|_| format!("{:?}", replay(&bytes, 0, &mut Vec::new()))),
            )
        };
        let expected = |digits: &[u8], moves: &str, end: usize| {
            let mut game = Game::default();
            moves.bytes().for_each(|slot| game.play(slot));
            let heading = [b"Game #", digits].concat();
            (
                Some((digits.len(), end)),
                Some(format!("{:?}", (heading, game))),
            )
        };
        assert_eq!(read(b"Game #12: 123\n"), expected(b"12", "123", 13));
        assert_eq!(read(b"Game #1: \n"), expected(b"1", "", 9));
        // A tab for either space; the heading has the space.
        for tabbed in [
            &b"Game\t#12: 123\n"[..],
            b"Game #12:\t123\n",
            b"Game\t#12:\t123\n",
        ] {
            assert_eq!(read(tabbed), expected(b"12", "123", 13), "{:?}", tabbed);
        }
        assert_eq!(read(b"Game #1: 1\r\n"), expected(b"1", "1", 11));
        assert_eq!(
            read(b"Game #12345678: 1234567123456712\nGame #1"),
            expected(b"12345678", "1234567123456712", 32)
        );
        for other in [
            &b"Game #012: 1\n"[..],
            b"Game #1:1\n",
            b"Game #: 1\n",
            b"Game #1 : 1\n",
            b"Game #123456789: 1\n",
            b"Game #1: 1 \n",
            b"Game #1: 18\n",
            b"Game #1: 1\r\r\n",
            b"Game\t\t#1: 1\n",
            b"Game #1:\t\t1\n",
            b"Game\x0b#1: 1\n",
            b"Game #1:\x0c1\n",
            b"Game #1: 1",
            b"game #1: 1\n",
        ] {
            assert_eq!(read(other), (None, None), "{:?}", other);
        }
    }

    #[test]
    fn games_one_a_line_and_over_lines_are_read_as_by_the_general_reading() {
        use crate::core::fourrow::{solve, solve_with};
        use crate::core::io::Tolerant;
        let read = |input: &str, fast: bool| {
            let mut out = Vec::new();
            let result = if fast {
                solve(input.as_bytes(), &mut out)
            } else {
                solve_with(input.as_bytes(), &mut out, &mut Tolerant)
            };
            (
                String::from_utf8(out).unwrap(),
                result.err().map(|e| e.to_string()),
            )
        };
        for input in [
            "5\nGame #1: 1122334\nGame #2: 12\n12\n12\nGame #3: 7\nGame #4: 1\n2\nGame #5: 1\n",
            "4\nGame #1: 1\n2\nGame #2: 11\nGame #3: 1234\n567\nGame #4: 7\n1\n",
            // One game more than announced, after one over two lines.
            "3\nGame #1: 1\n2\nGame #2: 3\nGame #3: 4\n5\nGame #4: 6\n",
            // Tabs for spaces, a header with other blanks among them.
            "4\nGame\t#1:\t1\nGame #2:\t2\nGame  #3: 3\nGame\t#4: 1111\n",
            // Runs of slot digits and lone ones on lines with other blanks,
            // each game won by its last move.
            "4\nGame #1: 1\nGame  #2:  1212121\nGame  #3:  12 12\n1 21\nGame #4:\t 1 2 121 2 1\n",
        ] {
            let fast = read(input, true);
            assert_eq!(fast, read(input, false), "{:?}", input);
            assert!(fast.0.contains("Game #3"), "{:?}", fast);
        }
        // Blank lines between games, and inside one (F1), and a fault
        // after them, its place counted over them.
        for input in [
            "3\n\nGame #1: 12\n\n\nGame #2: 3\n\nGame #3: 45\n\n",
            "2\nGame #1: 1\n\n2\n\nGame #2: 3\nGame #3: 4\n",
            "3\nGame #1: 1\n\n\nGame #2: 38\nGame #3: 4\n",
            "2\nGame #1: 1\n\nGame #2: 3\n\n\nx\n",
        ] {
            assert_eq!(read(input, true), read(input, false), "{:?}", input);
        }
        assert_eq!(
            read("3\nGame #1: 1\n\n\nGame #2: 38\n", true).1.unwrap(),
            "5:11: expected a slot digit 1-7 or a header `Game #n:`, found `8`"
        );
        // A byte that is no slot digit, on a line that goes on with a game.
        let broken = "2\nGame #1: 1\n28\nGame #2: 3\n";
        assert_eq!(read(broken, true), read(broken, false));
        assert_eq!(
            read(broken, true).1.unwrap(),
            "3:2: expected a slot digit 1-7 or a header `Game #n:`, found `8`"
        );
    }

    #[test]
    fn slot_runs_are_played_up_to_the_first_byte_out_of_the_run() {
        // Every byte that is no slot digit, at every place of a 20-byte
        // run of slot digits followed by zeros, ends the run there.
        for other in (0..=u8::MAX).filter(|byte| !(b'1'..=b'7').contains(byte)) {
            for at in 0..20 {
                let mut text = b"12345671234567123456\0\0\0\0\0\0\0\0".to_vec();
                text[at] = other;
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
        assert_eq!(play_slots(&mut Game::default(), b"123", 0), 3);
    }
}
