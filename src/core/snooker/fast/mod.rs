//! The fast path of the snooker reading: event lines made of the format's
//! words (in the plainest form one space apart with a LF or CR LF at the
//! end, or with blanks of any kind and number, R0.1) are looked up by
//! their bytes in a cache of lines seen before, or read by a
//! word-at-a-time scanner, and played on the frame without the general
//! reading's line bookkeeping; blank lines inside a frame are passed. Any
//! other line is left to the general reading, which gives the same events
//! and the exact errors.

mod lines;
mod scan;

use self::lines::{newlines, on_index, LineCache};
use super::balls::Player;
use super::parse::{impossible, read_names, Checks, Event, Names, Shortcut};
use super::render::{Referee, TurnLines, IN_HAND_AFTER_LOT, STROKE_ROOM, WIDE};
use super::rules::{Frame, Stage};
use crate::core::io::in_place::{after_line_end, first_at_or_below_space, word};
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
        let cache = &mut self.cache;
        fast_run(lines, cache, &self.turns, frame, names, referee)
    }
}

/// The two names of a names line of two tokens with one space or tab
/// between and no other blank, unless the two are the same: what the
/// general reading would take without a word (any two tokens name
/// players, S15).
fn plain_names(text: &[u8]) -> Option<(&[u8], &[u8])> {
    // Bytes up to b' ' that are not blanks belong to a token: such a
    // line is left to the general reading.
    let space = first_at_or_below_space(text)?;
    let (a, b) = (&text[..space], &text[space + 1..]);
    let plain = matches!(text[space], b' ' | b'\t')
        && !a.is_empty()
        && !b.is_empty()
        && first_at_or_below_space(b).is_none()
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

/// The player a lot line at the start of `bytes` names, and the line's
/// length, if it is one of the two names with a LF right after it: the
/// plainest lot line (S10).
fn lot_line(bytes: &[u8], names: &Names) -> Option<(Player, usize)> {
    [Player::A, Player::B].into_iter().find_map(|player| {
        let name = names.name(player);
        let rest = bytes.strip_prefix(name)?;
        (rest.first() == Some(&b'\n')).then_some((player, name.len() + 1))
    })
}

/// The length of the line at the start of `bytes` with its LF, if it is
/// blank.
#[cold]
#[inline(never)]
fn blank_line(bytes: &[u8]) -> Option<usize> {
    after_line_end::<true>(bytes, 0)
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
/// as long as they come and the frame is in play, and the lot after a
/// tie when its line is a name alone; the reader is moved on once, at the
/// end. Strokes are written the quick way into the referee's
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
    cache.fit(number);
    let (mut at, mut taken) = (0, 0);
    let mut room = quick_room(referee, turns);
    let mut used = 0;
    let stopped = loop {
        let ended = loop {
            // An empty line (R0.1) is passed without a look in the cache.
            if bytes.get(at) == Some(&b'\n') {
                at += 1;
                taken += 1;
                continue;
            }
            let entry = match cache.entry(&bytes[at..]) {
                Some(entry) => entry,
                // A blank line (R0.1) near the end of the bytes at hand, where
                // the cache does not look, is passed too.
                None => match blank_line(&bytes[at..]) {
                    Some(len) => {
                        at += len;
                        taken += 1;
                        continue;
                    }
                    None => break Ok(()),
                },
            };
            // Read now, so that the entry is not held past the call.
            let (line_stop, line_len) = (entry.stop as usize, entry.len as usize);
            // The text is always there (`stop` is within the line); `get`
            // spares the referee, who does not read it, the bounds check.
            let line = Line {
                number: number + taken + 1,
                text: bytes.get(at..at + line_stop).unwrap_or_default(),
            };
            let written = match entry.event {
                Some(Event::Stroke(stroke)) => match frame.judged().check(&entry.stroke) {
                    Ok(()) => {
                        let on = frame.judged().on;
                        let slot = &mut entry.calls[on_index(on)];
                        let call = *slot.get_or_insert_with(|| entry.stroke.call(on));
                        let outcome = frame.carry_out(&entry.stroke, call);
                        let quick = room.get_mut(used..used + STROKE_ROOM).and_then(|room| {
                            turns.write_stroke(room.try_into().ok()?, &outcome, &frame)
                        });
                        match quick {
                            Some(n) => {
                                used += n;
                                Ok(())
                            }
                            None => {
                                let written = referee
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
                    Err(_) => break frame.check(&stroke),
                },
                Some(Event::PlayAgain) => match frame.play_again() {
                    Ok(replay) => {
                        let quick = room.get_mut(used..used + WIDE).and_then(|room| {
                            Some(turns.write_turn(
                                room.try_into().ok()?,
                                replay.offender,
                                replay.in_hand,
                            ))
                        });
                        match quick {
                            Some(n) => {
                                used += n;
                                Ok(())
                            }
                            None => {
                                let written = referee
                                    .quick_wrote(std::mem::take(&mut used))
                                    .and_then(|()| {
                                        referee.turn_alone(
                                            replay.offender,
                                            replay.in_hand,
                                            names,
                                            turns,
                                        )
                                    });
                                room = quick_room(referee, turns);
                                written
                            }
                        }
                    }
                    Err(why) => break Err(why),
                },
                // A blank line (R0.1) is passed.
                None => {
                    at += line_len;
                    taken += 1;
                    continue;
                }
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
        // After a tie, a lot line that is a name alone is taken here (S10),
        // and the run goes on; any other line stops it.
        let lot = match (&ended, frame.stage()) {
            (Ok(()), Stage::LotDue) => lot_line(&bytes[at..], names),
            _ => None,
        };
        let (player, len) = match lot {
            Some(lot) => lot,
            None => break ended,
        };
        if let Err(why) = frame.lot(player) {
            break Err(why);
        }
        let written = referee
            .quick_wrote(std::mem::take(&mut used))
            .and_then(|()| referee.turn_alone(player, IN_HAND_AFTER_LOT, names, turns));
        room = quick_room(referee, turns);
        at += len;
        taken += 1;
        if let Err(e) = written {
            lines.consume(at, taken);
            return Err(e);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_lines_of_two_tokens_one_space_or_tab_apart_are_read_here() {
        let ann_bob: Option<(&[u8], &[u8])> = Some((b"Ann", b"Bob"));
        assert_eq!(plain_names(b"Ann Bob"), ann_bob);
        assert_eq!(plain_names(b"Ann\tBob"), ann_bob);
        let long: Option<(&[u8], &[u8])> = Some((b"Annabelle-Marie", b"Bartholomew-Smith"));
        assert_eq!(plain_names(b"Annabelle-Marie Bartholomew-Smith"), long);
        for other in [
            &b"Ann  Bob"[..],
            b"Ann \tBob",
            b"Ann\x0bBob",
            b" Ann Bob",
            b"Ann Bob ",
            b"Ann Bob Cy",
            b"Ann Ann",
            b"Annabelle-Marie Bartholomew\tSmith",
            b"Annabelle-Marie\x0bBartholomew-Smith",
            b"Ann",
        ] {
            assert_eq!(plain_names(other), None, "{:?}", other);
        }
    }
}
