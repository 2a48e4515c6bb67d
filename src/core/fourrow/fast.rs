//! The fast path of the four-in-a-row reading: lines of the plainest form
//! (`Game #n: `, a tab for either space, and slot digits, or slot digits
//! alone inside a game, then LF or CR LF) are played without the general
//! reading's byte-by-byte loop, and so are lines with blanks of any kind
//! and number (R0.1), read a little more slowly; blank lines are passed. A
//! line is played on a copy and only kept once it proved to be of one of
//! these forms, so the general reading can take any line from its start
//! and say what is wrong.
//!
//! Whole games a line, the common case, are taken by a loop of their own
//! that keeps no game from one line to the next, passing empty lines
//! between them: a game's verdict is written as soon as its line is read,
//! and counted as written once the next line shows the game complete.
//! Games over several lines are read by a loop that keeps the game being
//! read, as long as they come. A long run of moves asks the judge core,
//! a block of moves at a time, whether the game is invalid yet: the moves
//! after that change nothing and are only read.

mod slots;

use self::slots::play_slots;
#[cfg(test)]
use self::slots::slot_digits;
use super::board::{Game, Heading, PLAIN_ROOM};
use super::parse::{set_heading, Reading, Shortcut, GAME};
use crate::core::io::in_place::{after_blanks, after_line_end, fits, leading_digits, word};
use crate::core::io::tokens::head_of;
use crate::core::io::{Error, Lines, Output};
use crate::judge::fourrow::HEADING;
use std::io::{Read, Write};

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
        // A line that runs past the bytes at hand (a long game, or one cut
        // by the end of a read) is read on into them, and taken here too.
        loop {
            fast_lines(lines, reading, out)?;
            if !lines.read_on()? {
                return Ok(());
            }
        }
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

/// Takes lines for as long as they come: whole games a line by
/// `one_line_games` (in the plainest form here, in any form in
/// `games_over_lines`), games over several lines (F1) by
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
            match one_line_games::<false, W>(bytes, &mut scan, out) {
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
/// long as they come: in the plainest form, or in another
/// (`other_form`). With no game being read, whole games a line in any
/// form are taken first, by a copy of the one-line loop kept out of
/// `fast_lines`, so that the loop of plain lines there keeps its
/// registers. Returns `true` when the game was complete and the next
/// line looks like a game of its own, for `one_line_games`. The game is
/// worked on in locals, which can stay in registers, and handed back at
/// the end.
#[inline(never)]
fn games_over_lines<W: Write>(
    bytes: &[u8],
    scan: &mut Scan,
    current: &mut Option<(Heading, Game)>,
    out: &mut Output<W>,
) -> Result<bool, Error> {
    if current.is_none() {
        let pending = one_line_games::<true, W>(bytes, scan, out)?;
        *current = pending.map(|at| replay(bytes, at, &mut scan.spare));
    }
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
        // A line of slot digits alone, at least one, goes on the game;
        // a line that starts otherwise may be a whole game.
        let plain = match line.first() {
            Some(b'1'..=b'7') => {
                let mut played = game;
                let end = play_slots(&mut played, line, 0);
                after_line_end::<false>(line, end).map(|next| Next::Moves(played, next))
            }
            _ => whole_game_line(bytes, at)
                .filter(|_| begun < scan.announced)
                .map(Next::Game),
        };
        let next = match plain {
            Some(next) => next,
            None => match other_form(bytes, at, game, begun < scan.announced) {
                Some(next) => next,
                None => break Ok(false),
            },
        };
        match next {
            Next::Game((number, digits, next, end)) => {
                // The game is complete.
                game.write(out, heading);
                // The next game's line, after any blank lines, each a lone
                // LF.
                let after = end + 1 + empty_lines(bytes, end + 1);
                if bytes[after..].starts_with(GAME) {
                    scan.spare = std::mem::take(heading);
                    *current = None;
                    (scan.at, scan.taken, scan.begun) = (at, taken, begun);
                    return out.end_lines().map(|()| true);
                }
                set_heading(heading, &number[..digits]);
                game = next;
                at = end + 1;
                taken += 1;
                begun += 1;
                if let Err(e) = out.end_lines() {
                    break Err(e);
                }
            }
            Next::Moves(played, len) => {
                game = played;
                at += len;
                taken += 1;
            }
        }
    };
    *current_game = game;
    (scan.at, scan.taken, scan.begun) = (at, taken, begun);
    result
}

/// What a line inside a game holds, for `games_over_lines`: a whole
/// game (as `game_line` gives it), which completes the game being read,
/// or moves that go on with it (the game played on, and the line's
/// length with its LF).
enum Next<'a> {
    Game(GameLine<'a>),
    Moves(Game, usize),
}

/// A line at `at` inside a game in another form than the plainest: a
/// blank line (R0.1), a whole game with other blanks if another game may
/// `begin`, or slot digits with other blanks, played on `game`. `None`
/// for any other line (a header past the last game among them), which
/// the general reading takes.
#[inline(never)]
fn other_form(bytes: &[u8], at: usize, game: Game, begin: bool) -> Option<Next<'_>> {
    let line = bytes.get(at..)?;
    if let Some(len) = after_line_end::<true>(line, 0) {
        return Some(Next::Moves(game, len));
    }
    match loose_game_line(bytes, at).filter(|_| begin) {
        Some(whole_game) => Some(Next::Game(whole_game)),
        None => loose_slots(line, 0, game).map(|(game, len)| Next::Moves(game, len)),
    }
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
///
/// With `ANY`, game lines in any form (`game_line`); else in the plainest
/// (`whole_game_line`) only.
#[inline(always)]
fn one_line_games<const ANY: bool, W: Write>(
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
        let line = match ANY {
            true => game_line(bytes, at),
            false => whole_game_line(bytes, at),
        };
        let (number, digits, game, end) = match line {
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
        pending_len = game.write_plain(line_room.expect("room"), number, digits);
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

/// A line that holds a whole game: the eight bytes from its number on,
/// the number's digits (`game_number`), the game, and where the LF is.
type GameLine<'a> = (&'a [u8; 8], usize, Game, usize);

/// The whole game on the line at `at` of `bytes`: in the plainest form
/// (`whole_game_line`), or else with blanks of any kind and number
/// (`loose_game_line`).
#[inline(always)]
fn game_line(bytes: &[u8], at: usize) -> Option<GameLine<'_>> {
    match whole_game_line(bytes, at) {
        None => loose_game_line(bytes, at),
        plain => plain,
    }
}

/// `game_line` in the plainest form: `Game #n: ` (either space may be a
/// tab), slot digits, LF or CR LF.
#[inline(always)]
fn whole_game_line(bytes: &[u8], at: usize) -> Option<GameLine<'_>> {
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
    let number: &[u8; 8] = header[6..14].try_into().ok()?;
    let digits = game_number(number)?;
    let colon = &header[6 + digits..8 + digits];
    if colon != b": " && colon != b":\t" {
        return None;
    }
    let mut game = Game::default();
    let end = play_slots(&mut game, line, 8 + digits);
    let next = after_line_end::<false>(line, end)?;
    Some((number, digits, game, at + next - 1))
}

/// How many digits begin `number`, the eight bytes from a header's game
/// number on, if the fast path takes such a number: 1 to 8, the first
/// not a zero (others, the general reading's).
#[inline(always)]
fn game_number(number: &[u8; 8]) -> Option<usize> {
    let digits = leading_digits(word(number));
    (digits > 0 && number[0] != b'0').then_some(digits)
}

/// `game_line` with blanks of any kind and number (R0.1): before the
/// header, inside it where the general reading's `parse_header` takes
/// them, and among the slot digits.
#[inline(never)]
fn loose_game_line(bytes: &[u8], at: usize) -> Option<GameLine<'_>> {
    let line = bytes.get(at..)?;
    let (number, digits, pos) = loose_header(line)?;
    let (game, len) = loose_slots(line, pos, Game::default())?;
    Some((number, digits, game, at + len - 1))
}

/// The header at the start of `bytes` after any blanks, read as
/// `parse_header` reads one, if the fast path takes its number
/// (`game_number`): the eight bytes from the number on, its digits, and
/// where the header ends.
#[inline(always)]
fn loose_header(bytes: &[u8]) -> Option<(&[u8; 8], usize, usize)> {
    let start = after_blanks::<true>(bytes, 0);
    if !bytes[start..].starts_with(GAME) {
        return None;
    }
    let hash = after_blanks::<true>(bytes, start + GAME.len());
    if bytes.get(hash) != Some(&b'#') {
        return None;
    }
    let first = after_blanks::<true>(bytes, hash + 1);
    let number: &[u8; 8] = bytes.get(first..first + 8)?.try_into().ok()?;
    let digits = game_number(number)?;
    let colon = after_blanks::<true>(bytes, first + digits);
    if bytes.get(colon) != Some(&b':') {
        return None;
    }
    Some((number, digits, colon + 1))
}

/// Slot digits and blanks of any kind and number (R0.1) from `pos` to
/// the end of the line `bytes` starts with, played on `game`: the game
/// and the line's length with its LF. `None` if any other byte comes.
#[inline(always)]
fn loose_slots(bytes: &[u8], mut pos: usize, mut game: Game) -> Option<(Game, usize)> {
    // A run of slot digits first, most often the line's only one, is
    // played two at a time; other digits one at a time.
    pos = after_blanks::<true>(bytes, pos);
    if let [b'1'..=b'7', b'1'..=b'7', ..] = bytes[pos..] {
        pos = play_slots(&mut game, bytes, pos);
    }
    loop {
        pos = after_blanks::<true>(bytes, pos);
        match bytes.get(pos) {
            Some(b'\n') => return fits(pos).then_some((game, pos + 1)),
            Some(&slot @ b'1'..=b'7') => {
                game.play(slot);
                pos += 1;
            }
            _ => return None,
        }
    }
}

/// The heading and the game of a line that `game_line` took, the
/// heading written in `spare`'s room.
#[cold]
#[inline(never)]
fn replay(bytes: &[u8], at: usize, spare: &mut Heading) -> (Heading, Game) {
    let (number, digits, game, _) = game_line(bytes, at).expect("a whole game");
    let mut heading = std::mem::take(spare);
    set_heading(&mut heading, &number[..digits]);
    (heading, game)
}

#[cfg(test)]
mod tests;
