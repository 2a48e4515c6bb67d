//! The fast path of the snooker reading: event lines in the format's
//! plainest form (words of the format one space apart, LF or CR LF) are
//! looked up by their bytes in a cache of lines seen before, or read by a
//! word-at-a-time scanner, and played on the frame without the general
//! reading's line bookkeeping. Any other line is left to the general
//! reading, which gives the same events and the exact errors.

use super::balls::{Ball, Stroke, AGAIN, NONE, PLAY, WHITE, WORDS};
use super::parse::{impossible, read_names, Checks, Event, Names, Shortcut};
use super::render::{Referee, TurnLines, STROKE_ROOM, WIDE};
use super::rules::{Frame, Stage, Verdict};
use crate::core::io::lines::word;
use crate::core::io::{is_blank, Error, Line, Lines};
use std::io::{Read, Write};

/// The fast path of the referee's reading: what `referee snooker` runs
/// with the tolerant reading. `--strict`, `validate` and the scoreboards
/// read without it.
#[derive(Default)]
pub(crate) struct Fast {
    cache: LineCache,
    turns: TurnLines,
}

impl<'o, W: Write> Shortcut<Referee<'o, W>> for Fast {
    /// The names line after the empty line before a frame, or a lot line,
    /// found a word at a time when it is plain (see `plain_record`); any
    /// other the general way.
    #[inline(always)]
    fn next_record<R: Read, C: Checks>(
        &mut self,
        lines: &mut Lines<R>,
        checks: &mut C,
    ) -> Result<bool, Error> {
        if lines.unread_is_ascii() {
            if let Some((blank, text, len)) = plain_record(lines.unread()) {
                lines.hand_out(blank, text, len);
                return Ok(true);
            }
        }
        checks.next_record(lines)
    }

    /// A names line of two different tokens one space apart is read
    /// here; any other the general way, which says what is wrong with it.
    /// The frame's turn lines are made here, for the referee to write.
    #[inline(always)]
    fn names<C: Checks>(
        &mut self,
        _checks: &mut C,
        line: &Line,
        number: u64,
        names: &mut Names,
        referee: &mut Referee<'o, W>,
    ) -> Result<(), Error> {
        match plain_names(line.text) {
            Some((a, b)) => names.set_both(a, b),
            None => read_names(line, number, names)?,
        }
        self.turns.make(names, referee.said());
        referee.names_quick(number, names, &self.turns)
    }

    #[inline(always)]
    fn run<R: Read>(
        &mut self,
        lines: &mut Lines<R>,
        frame: &mut Frame,
        names: &Names,
        referee: &mut Referee<'o, W>,
    ) -> Result<(), Error> {
        if frame.stage() != Stage::Playing {
            return Ok(());
        }
        fast_run(lines, &mut self.cache, &self.turns, frame, names, referee)
    }
}

/// The two names of a names line of two tokens with one space between
/// and no other blank, unless the two are the same: what the general
/// reading would take without a word (any two tokens name players, S15).
fn plain_names(text: &[u8]) -> Option<(&[u8], &[u8])> {
    // Bytes up to b' ' that are not blanks belong to a token: such a
    // line is left to the general reading.
    let space = text.iter().position(|&b| b <= b' ')?;
    let (a, b) = (&text[..space], &text[space + 1..]);
    let plain = text[space] == b' '
        && !a.is_empty()
        && !b.is_empty()
        && b.iter().all(|&byte| byte > b' ')
        && a != b;
    plain.then_some((a, b))
}

/// The longest record line `plain_record` looks for, line end included.
const RECORD: usize = 64;

/// Where the next record is in `bytes` (a reader's unread bytes, ASCII)
/// when a few empty lines (LF) come before it and it starts with no
/// blank and ends with LF or CR LF within `RECORD` bytes: how many empty
/// lines, its text's length and its length with its line end.
#[inline(always)]
fn plain_record(bytes: &[u8]) -> Option<(usize, usize, usize)> {
    let blank = bytes.iter().take(8).take_while(|&&b| b == b'\n').count();
    let line = bytes.get(blank..)?;
    if is_blank(*line.first()?) {
        return None;
    }
    let mut at = 0;
    while at < RECORD {
        let found = newlines(word(line.get(at..at + 8)?));
        if found != 0 {
            let len = at + found.trailing_zeros() as usize / 8 + 1;
            let text = len - 1 - usize::from(line[len - 2] == b'\r');
            return Some((blank, text, len));
        }
        at += 8;
    }
    None
}

/// Lines of up to 32 bytes, their line end included, by their bytes:
/// what they say, and their verdicts as the frame asks for them. A line's
/// meaning depends on its bytes alone, and the same few lines come again
/// and again, so most lines are looked up, not read. A slot holds the
/// last line that hashed to it; only lines the fast path took are kept.
/// Lines of up to 16 bytes, the most, have a table of their own with
/// shorter keys.
struct LineCache {
    short: Vec<Slot<2>>,
    /// Lines of 17 to 32 bytes.
    long: Vec<Slot<4>>,
    /// How far a hash is shifted down to index either table: 64 less the
    /// number of bits of its length, kept so as not to count them anew.
    shift: u32,
    /// Where a longer line's event is put: read anew each time.
    spare: Known,
}

/// A cached line: its bytes, zero past its newline (never all zero), as
/// `WORDS` little-endian words.
#[derive(Clone, Copy)]
struct Slot<const WORDS: usize> {
    key: [u64; WORDS],
    known: Known,
}

/// What the fast path knows of a line.
#[derive(Clone, Copy)]
struct Known {
    event: Event,
    /// Where the text ends (before a CR) and the line's whole length.
    stop: u32,
    len: u32,
    verdicts: [Verdict; 9],
}

/// Nothing known: what an empty slot holds, its key matching no line.
const UNKNOWN: Known = Known {
    event: Event::PlayAgain,
    stop: 0,
    len: 0,
    verdicts: [Verdict::UNKNOWN; 9],
};

/// The cache's sizes: small for a small input, which then costs nothing
/// to set up, and big once a big buffer of input shows up.
const SMALL_BITS: u32 = 6;
const BIG_BITS: u32 = 11;
const BIG_INPUT: usize = 1 << 15;

/// The high bit of each byte of `w` that is a newline (and maybe of a
/// byte after one): the first set bit is the first newline.
#[inline(always)]
fn newlines(w: u64) -> u64 {
    key_ends(w) & !(w ^ NEWLINE)
}

/// A word of newlines.
const NEWLINE: u64 = 0x0a0a_0a0a_0a0a_0a0a;

/// `newlines` for a cache key, two operations cheaper: the first set bit
/// is the first newline or a byte over 0x7f before it (no borrow comes
/// in below the first newline, and a byte is marked only when its xor
/// with a newline is 0x81 or more). Such a key ends in a byte no line
/// the fast path took has, so it matches no slot and `fast_event`
/// refuses the line.
#[inline(always)]
fn key_ends(w: u64) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    (w ^ NEWLINE).wrapping_sub(ONES) & 0x8080_8080_8080_8080
}

/// The bytes of `w` through the byte whose high bit is the lowest set
/// bit of `found` (from `key_ends`, not zero), the rest zeroed.
#[inline(always)]
fn through_newline(w: u64, found: u64) -> u64 {
    w & (found ^ (found - 1))
}

/// How many bytes a key holds: through its last byte that is not zero,
/// the one that ended it (a newline, or a byte over 0x7f).
fn key_len(key: &[u64]) -> usize {
    let last = key.iter().rposition(|&w| w != 0).unwrap_or(0);
    8 * last + (71 - key[last].leading_zeros() as usize) / 8
}

impl Default for LineCache {
    fn default() -> LineCache {
        LineCache {
            short: Vec::new(),
            long: Vec::new(),
            shift: 64,
            spare: UNKNOWN,
        }
    }
}

impl LineCache {
    /// What is known of the line at the start of `bytes` (a reader's
    /// unread bytes), filled in if it was not there (a line over 32 bytes
    /// is read into the spare every time): `None` for a line the fast
    /// path does not take.
    #[inline(always)]
    fn entry(&mut self, bytes: &[u8]) -> Option<&mut Known> {
        let both = bytes.get(..16)?;
        let (low, high) = (word(&both[..8]), word(&both[8..]));
        let key = match (key_ends(low), key_ends(high)) {
            (0, 0) => return self.read_long(bytes, low, high),
            (0, found) => [low, through_newline(high, found)],
            (found, _) => [through_newline(low, found), 0],
        };
        let hash = (key[0] ^ key[1].rotate_left(29)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        fill(&mut self.short[(hash >> self.shift) as usize], key, bytes)
    }

    /// Sizes the cache for `unread` bytes of input at hand.
    fn fit(&mut self, unread: usize) {
        let bits = if unread >= BIG_INPUT {
            BIG_BITS
        } else {
            SMALL_BITS
        };
        if self.short.len() < 1 << bits {
            let empty = |_| Slot {
                key: [0; 2],
                known: UNKNOWN,
            };
            self.short = (0..1 << bits).map(empty).collect();
            self.long = vec![
                Slot {
                    key: [0; 4],
                    known: UNKNOWN
                };
                1 << bits
            ];
            self.shift = 64 - bits;
        }
    }

    /// A line over 16 bytes whose first 16 are `low` and `high`: from the
    /// table of longer lines, or over 32 bytes into the spare (a line is
    /// far shorter than 4 GiB: the reader refuses lines over 1 MiB).
    #[inline(never)]
    fn read_long(&mut self, bytes: &[u8], low: u64, high: u64) -> Option<&mut Known> {
        let rest = bytes.get(16..32)?;
        let (third, fourth) = (word(&rest[..8]), word(&rest[8..]));
        let key = match (key_ends(third), key_ends(fourth)) {
            (0, 0) => {
                let (event, stop, len) = fast_event(bytes)?;
                self.spare = Known {
                    event,
                    stop: stop as u32,
                    len: len as u32,
                    verdicts: [Verdict::UNKNOWN; 9],
                };
                return Some(&mut self.spare);
            }
            (0, found) => [low, high, third, through_newline(fourth, found)],
            (found, _) => [low, high, through_newline(third, found), 0],
        };
        let mix = (key[0] ^ key[1].rotate_left(29)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let hash = (mix ^ key[2] ^ key[3].rotate_left(29)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        fill(&mut self.long[(hash >> self.shift) as usize], key, bytes)
    }
}

/// `slot`'s line if its key is `key`, else the line at the start of
/// `bytes`, the key's length long, read into it; `None` if the fast path
/// does not take that line.
#[inline(always)]
fn fill<'a, const WORDS: usize>(
    slot: &'a mut Slot<WORDS>,
    key: [u64; WORDS],
    bytes: &[u8],
) -> Option<&'a mut Known> {
    if slot.key != key {
        let len = key_len(&key);
        let (event, stop, taken) = fast_event(bytes)?;
        if taken != len {
            return None;
        }
        *slot = Slot {
            key,
            known: Known {
                event,
                stop: stop as u32,
                len: len as u32,
                verdicts: [Verdict::UNKNOWN; 9],
            },
        };
    }
    Some(&mut slot.known)
}

/// How much output room the fast path asks the referee for at a time: the
/// quick lines of a few hundred strokes, counted once.
const RUN_ROOM: usize = 1 << 14;

/// The referee's room for quick lines, if the frame's lines `fit`: else
/// none, and every stroke is written the general way.
#[inline(always)]
fn quick_room<'r, W: Write>(referee: &'r mut Referee<'_, W>, turns: &TurnLines) -> &'r mut [u8] {
    match turns.fit() {
        true => referee.quick_room(RUN_ROOM),
        false => &mut [],
    }
}

/// Takes event lines by the fast path (the cache, then `fast_event`) for
/// as long as they come and the frame is in play; the reader is moved on
/// once, at the end. Strokes are written the quick way into the referee's
/// room at a local offset, counted as written when the room runs short,
/// a stroke goes the general way, or the run ends: the output is the
/// same, in the same order, with one check for a write error per count.
#[inline(never)]
fn fast_run<R: Read, W: Write>(
    lines: &mut Lines<R>,
    cache: &mut LineCache,
    turns: &TurnLines,
    frame_in_play: &mut Frame,
    names: &Names,
    referee: &mut Referee<'_, W>,
) -> Result<(), Error> {
    // A copy the compiler can keep in registers, put back at the end;
    // a line the frame cannot take stops the run and is reported after
    // it, from its place.
    let mut frame = frame_in_play.clone();
    let number = lines.line_number();
    let bytes = lines.unread();
    cache.fit(bytes.len());
    let (mut at, mut taken) = (0, 0);
    let mut room = quick_room(referee, turns);
    let mut used = 0;
    let stopped = loop {
        let entry = match cache.entry(&bytes[at..]) {
            Some(entry) => entry,
            None => break Ok(()),
        };
        // Read now, so that the entry is not held past the verdict.
        let (line_stop, line_len) = (entry.stop as usize, entry.len as usize);
        // The text is always there (`stop` is within the line); `get`
        // spares the referee, who does not read it, the bounds check.
        let line = Line {
            number: number + taken + 1,
            text: bytes.get(at..at + line_stop).unwrap_or_default(),
        };
        let written = match entry.event {
            Event::Stroke(stroke) => match frame.check(&stroke) {
                Ok(()) => {
                    let outcome = frame.play_checked(&stroke, &mut entry.verdicts);
                    let quick = room.get_mut(used..used + STROKE_ROOM).and_then(|room| {
                        turns.write_stroke(room.try_into().ok()?, &outcome, &frame)
                    });
                    match quick {
                        Some(n) => {
                            used += n;
                            Ok(())
                        }
                        None => {
                            let written =
                                referee
                                    .quick_wrote(std::mem::take(&mut used))
                                    .and_then(|()| {
                                        referee.stroke_alone(
                                            &line, &stroke, &outcome, &frame, names, turns,
                                        )
                                    });
                            room = quick_room(referee, turns);
                            written
                        }
                    }
                }
                Err(why) => break Err(why),
            },
            Event::PlayAgain => match frame.play_again() {
                Ok(replay) => {
                    let quick = room.get_mut(used..used + WIDE).and_then(|room| {
                        Some(turns.write_play_again(room.try_into().ok()?, &replay))
                    });
                    match quick {
                        Some(n) => {
                            used += n;
                            Ok(())
                        }
                        None => {
                            let written = referee
                                .quick_wrote(std::mem::take(&mut used))
                                .and_then(|()| referee.play_again_alone(&replay, names, turns));
                            room = quick_room(referee, turns);
                            written
                        }
                    }
                }
                Err(why) => break Err(why),
            },
        };
        at += line_len;
        taken += 1;
        if let Err(e) = written {
            lines.consume(at, taken);
            return Err(e);
        }
        if frame.stage() != Stage::Playing {
            break Ok(());
        }
    };
    // What was written in the room comes before the line that stopped the
    // run, and its write error before that line's.
    let written = referee.quick_wrote(used);
    let result = written.and(stopped.map_err(|why| {
        let line = Line {
            number: number + taken + 1,
            text: &bytes[at..at + cache.entry(&bytes[at..]).map_or(0, |e| e.stop as usize)],
        };
        impossible(&line, &frame, names, why)
    }));
    lines.consume(at, taken);
    *frame_in_play = frame;
    result
}

/// A word of the format folded to lower case and packed into an
/// integer, as `fast_event` packs a word it reads: `| 0x20` lowercases
/// ASCII letters and makes no other byte a letter (S13).
const fn key_of(word: &[u8]) -> u64 {
    let mut key = 0;
    let mut i = 0;
    while i < word.len() {
        key |= ((word[i] | 0x20) as u64) << (8 * i);
        i += 1;
    }
    key
}

/// A multiplier that sends the eleven words' keys to eleven different
/// slots of sixteen (checked when the table is built).
const MULTIPLIER: u64 = 0x3c35_612e_4a8d_15d9;

const fn slot(key: u64) -> usize {
    (key.wrapping_mul(MULTIPLIER) >> 60) as usize
}

/// The words of the format by `slot` of their key: (key, code).
const fn word_table() -> [(u64, u8); 16] {
    let mut table = [(0, 0); 16];
    let mut i = 0;
    while i < WORDS.len() {
        let key = key_of(WORDS[i].as_bytes());
        let at = slot(key);
        if table[at].1 != 0 {
            panic!("two words of the format share a slot");
        }
        table[at] = (key, i as u8 + 1);
        i += 1;
    }
    table
}

static KEYS: [(u64, u8); 16] = word_table();

/// The next line of `bytes` (a reader's unread bytes) if it is an event
/// line in the format's plainest form: words of the format in any case,
/// one space apart, a LF or CR LF at the end, each word and its place
/// fine. Returns the event, where the text ends and the line's length
/// with its line end. Any other line, errors included, is `None`: the
/// general reading takes it (and says exactly what is wrong).
#[inline(always)]
pub(crate) fn fast_event(bytes: &[u8]) -> Option<(Event, usize, usize)> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    // Where the line stands: 0 before the first word, 1 after a ball hit
    // first, 2 after `None`, 3 after `Play`, 4 after `Play again`.
    let mut state = 0;
    let mut stroke = Stroke::default();
    let mut at = 0;
    loop {
        let chunk = word(bytes.get(at..at + 8)?);
        // The first byte at or below b' ' ends the word.
        let ends = chunk.wrapping_sub(ONES * 0x21) & !chunk & HIGHS;
        let len = ends.trailing_zeros() as usize / 8;
        if len == 0 || len == 8 {
            return None;
        }
        let low = u64::MAX >> (64 - 8 * len);
        let key = (chunk & low) | (0x2020_2020_2020_2020 & low);
        let (known, code) = KEYS[slot(key)];
        if known != key {
            return None;
        }
        state = match (state, code) {
            (0, 1..=7) => {
                stroke.first = Ball::from_value(u32::from(code));
                1
            }
            (0, NONE) => 2,
            (0, PLAY) => 3,
            (1, 1) => {
                stroke.reds += 1;
                1
            }
            (1, 2..=7) if stroke.colours.0 & 1 << code == 0 => {
                stroke.colours.0 |= 1 << code;
                1
            }
            (1, WHITE) | (2, WHITE) if !stroke.white => {
                stroke.white = true;
                state
            }
            (3, AGAIN) => 4,
            _ => return None,
        };
        let end = bytes[at + len];
        at += len + 1;
        let line_len = match end {
            b' ' => continue,
            b'\n' => at,
            b'\r' if bytes[at] == b'\n' => at + 1,
            _ => return None,
        };
        return match state {
            3 => None,
            4 => Some((Event::PlayAgain, at - 1, line_len)),
            _ => Some((Event::Stroke(stroke), at - 1, line_len)),
        };
    }
}
