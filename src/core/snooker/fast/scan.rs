//! The word-at-a-time scanner of the fast path ([`fast_event`]): reads
//! an event line made of the format's words, in any case and with blanks
//! of any kind, or leaves the line to the general reading.

use super::super::balls::{Ball, Colours, Stroke, AGAIN, NONE, PLAY, WHITE, WORDS};
use super::super::parse::Event;
use crate::core::io::in_place::{after_blanks, at_or_below_space, fits, word};
use crate::core::io::is_blank;

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
/// line made of words of the format in any case, each word and its place
/// fine, with blanks before, between and after them (R0.1), and a LF at
/// the end, or a blank line. Returns the event (`None` for a blank line),
/// where the text ends (before a CR LF) and the line's length with its
/// line end. Any other line, errors included, is `None`: the general
/// reading takes it (and says exactly what is wrong).
#[inline(always)]
pub(super) fn fast_event(bytes: &[u8]) -> Option<(Option<Event>, usize, usize)> {
    #[cold]
    #[inline(never)]
    fn other(bytes: &[u8]) -> Option<(Option<Event>, usize, usize)> {
        event_line::<true>(bytes)
    }
    event_line::<false>(bytes).or_else(|| other(bytes))
}

/// `fast_event` in one form, `ANY` as for `after_blanks`: the plainest
/// (one space after each word, a LF or CR LF at the end), or any.
#[inline(always)]
fn event_line<const ANY: bool>(bytes: &[u8]) -> Option<(Option<Event>, usize, usize)> {
    // The first word's code (0: no word yet), then what the words after
    // it are, gathered without a branch on which word each is (a stroke's
    // balls come in any order, and such a branch would often be guessed
    // wrong): the codes met, as bits, those met more than once, and the
    // reds.
    let mut first = 0;
    let (mut met, mut met_twice, mut reds) = (0u32, 0u32, 0u32);
    let mut at = 0;
    loop {
        let chunk = word(bytes.get(at..at + 8)?);
        // The first byte at or below b' ' ends the word.
        let ends = at_or_below_space(chunk);
        let len = ends.trailing_zeros() as usize / 8;
        if len == 0 {
            // No word here: blanks, the line's end, or another byte at or
            // below b' ', which no line the fast path takes holds.
            match bytes[at] {
                b'\n' => break,
                byte if ANY && is_blank(byte) => {
                    at = after_blanks::<ANY>(bytes, at);
                    continue;
                }
                _ => return None,
            }
        }
        if len == 8 {
            return None;
        }
        let low = u64::MAX >> (64 - 8 * len);
        let key = (chunk & low) | (0x2020_2020_2020_2020 & low);
        let (known, code) = KEYS[slot(key)];
        if known != key {
            return None;
        }
        if first == 0 {
            first = code;
        } else {
            let bit = 1 << code;
            met_twice |= met & bit;
            met |= bit;
            reds += u32::from(bit == RED);
        }
        // One space before the next word is the plainest form; other
        // blanks are passed at the top of the loop.
        at += len;
        match bytes[at] {
            b' ' => at += 1,
            b'\n' => break,
            b'\r' if !ANY && bytes.get(at + 1) == Some(&b'\n') => {
                at += 1;
                break;
            }
            _ if !ANY => return None,
            _ => {}
        }
    }
    // `at` is the line's LF, and a CR right before it is part of the
    // line end.
    if !fits(at) {
        return None;
    }
    let stop = at - usize::from(at > 0 && bytes[at - 1] == b'\r');
    let event = match first {
        // A blank line, which the run passes.
        0 => None,
        // A ball hit first, then balls potted: reds any number of times,
        // each colour and the cue ball at most once.
        1..=7 if met & !(RED | COLOURS | CUE_BALL) == 0 && met_twice & !RED == 0 => {
            Some(Event::Stroke(Stroke {
                first: Ball::from_value(u32::from(first)),
                reds,
                colours: Colours((met & COLOURS) as u8),
                white: met & CUE_BALL != 0,
            }))
        }
        // Nothing hit, and maybe the cue ball potted.
        NONE if met & !CUE_BALL == 0 && met_twice == 0 => Some(Event::Stroke(Stroke {
            white: met != 0,
            ..Stroke::default()
        })),
        PLAY if met == 1 << AGAIN && met_twice == 0 => Some(Event::PlayAgain),
        _ => return None,
    };
    Some((event, stop, at + 1))
}

/// Words after a line's first as `event_line` gathers them, a bit each
/// (`1 << code`): a red, the colours (a ball's code is its value, as a
/// colour's bit in `Colours` is), and the cue ball.
const RED: u32 = 1 << Ball::Red as u32;
const COLOURS: u32 = 0b1111_1100;
const CUE_BALL: u32 = 1 << WHITE;

#[cfg(test)]
pub(super) mod tests;
