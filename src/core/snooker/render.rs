//! The referee's words (the statement's Output): a `Visit` that writes,
//! for every line the frame took, what the referee says. The general
//! reading's strokes are written line by line; the fast path's strokes
//! take [`TurnLines::write_stroke`], which copies lines made in advance
//! (the turn and win lines once per frame, padded; the respot lines and
//! the scores' words at compile time) at a fixed width into room that
//! the fast path reserves for many strokes at once.

use super::balls::{Player, Stroke};
use super::parse::{Names, Visit};
use super::rules::{Frame, Next, Outcome, Replay};
use crate::core::io::{Error, Line, Output};
use std::io::Write;

/// The width at which a quick stroke copies a line made in advance.
pub(crate) const WIDE: usize = 64;

/// A respot line, padded to `WIDE` bytes.
#[derive(Clone, Copy)]
struct Piece {
    bytes: [u8; WIDE],
    len: usize,
}

const BLANK: Piece = Piece {
    bytes: [0; WIDE],
    len: 0,
};

/// `Respot` and the colours, lowest value first, for each set of colours
/// (a `Colours` value shifted past its two unused low bits): made at
/// compile time.
const fn respot_lines() -> [Piece; 64] {
    const NAMES: [&[u8]; 6] = [
        b" Yellow", b" Green", b" Brown", b" Blue", b" Pink", b" Black",
    ];
    let mut lines = [BLANK; 64];
    let mut set = 0;
    while set < 64 {
        // Written through the index: rustc 1.63 has no `&mut` in const fn.
        let mut len = 0;
        let mut i = 0;
        while i < 6 {
            lines[set].bytes[len] = b"Respot"[i];
            len += 1;
            i += 1;
        }
        let mut colour = 0;
        while colour < 6 {
            if set >> colour & 1 == 1 {
                let name = NAMES[colour];
                let mut j = 0;
                while j < name.len() {
                    lines[set].bytes[len] = name[j];
                    len += 1;
                    j += 1;
                }
            }
            colour += 1;
        }
        lines[set].bytes[len] = b'\n';
        lines[set].len = len + 1;
        set += 1;
    }
    lines
}

static RESPOTS: [Piece; 64] = respot_lines();

/// The scores below 1000 as the words a quick stroke writes: the low
/// bytes `A : ` (`left`) or `B` and a newline, their count in the top byte.
const fn score_words(left: bool) -> [u64; 1000] {
    let mut words = [0u64; 1000];
    let mut n = 0;
    while n < 1000 {
        let mut digits = [0u8; 3];
        let mut len = 0;
        let mut rest = n;
        // The digits from the last; put in order below.
        while rest > 0 || len == 0 {
            digits[len] = b'0' + (rest % 10) as u8;
            rest /= 10;
            len += 1;
        }
        let mut word = 0u64;
        let mut i = 0;
        while i < len {
            word |= (digits[len - 1 - i] as u64) << (8 * i);
            i += 1;
        }
        let (tail, tail_len): (u64, usize) = if left { (0x20_3a_20, 3) } else { (0x0a, 1) };
        words[n] = word | tail << (8 * len) | ((len + tail_len) as u64) << 56;
        n += 1;
    }
    words
}

static LEFT_SCORES: [u64; 1000] = score_words(true);
static RIGHT_SCORES: [u64; 1000] = score_words(false);

/// Writes the referee's output to `out`.
pub(crate) struct Referee<'o, W: Write> {
    out: &'o mut Output<W>,
}

/// What follows a player's name in a turn line: out of hand, in hand.
const TURN_ENDS: [&[u8]; 2] = [b"'s turn\n", b"'s turn, in-hand\n"];

/// Where a turn line is in `TurnLines`: `NAME's turn` then `NAME's
/// turn, in-hand`, for A then for B.
fn turn_index(player: Player, in_hand: bool) -> usize {
    2 * player.index() + usize::from(in_hand)
}

/// Where `NAME wins` is in `TurnLines`, for A then for B, after the
/// turn lines.
fn win_index(player: Player) -> usize {
    4 + player.index()
}

/// A frame's four turn lines and two `NAME wins` lines, each padded with
/// zeros to `WIDE` bytes so that a quick stroke copies it at that width:
/// made once per frame by the fast path, which hands them to
/// [`Visit::fast_stroke`].
pub struct TurnLines {
    lines: [[u8; WIDE]; 6],
    lens: [usize; 6],
    /// Whether both names are short enough (`QUICK_NAME`): if not, the
    /// frame's strokes are written the general way.
    fit: bool,
}

impl Default for TurnLines {
    fn default() -> TurnLines {
        TurnLines {
            lines: [[0; WIDE]; 6],
            lens: [0; 6],
            fit: false,
        }
    }
}

/// `TURN_ENDS` and ` wins` padded with zeros to a fixed width, so that
/// such a line is made of a name and one fixed-size copy; and their
/// lengths.
const PADDED_ENDS: [([u8; 24], usize); 3] = [
    (*b"'s turn\n\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0", 8),
    (*b"'s turn, in-hand\n\0\0\0\0\0\0\0", 17),
    (*b" wins\n\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0", 6),
];

/// The longest name whose turn lines a quick stroke copies.
const QUICK_NAME: usize = WIDE - 24;

impl TurnLines {
    /// Whether the frame's names are short enough for its lines to be
    /// made here: the quick writers below may be used only then.
    pub(crate) fn fit(&self) -> bool {
        self.fit
    }

    /// Makes the turn and win lines of the frame of `names`.
    pub(crate) fn make(&mut self, names: &Names) {
        self.fit = true;
        for player in [Player::A, Player::B] {
            let name = names.name(player);
            if name.len() > QUICK_NAME {
                self.fit = false;
                return;
            }
            let mut line = [0; WIDE];
            line[..name.len()].copy_from_slice(name);
            let ends = [
                turn_index(player, false),
                turn_index(player, true),
                win_index(player),
            ];
            for (which, (end, len)) in ends.into_iter().zip(PADDED_ENDS) {
                self.lines[which] = line;
                self.lines[which][name.len()..name.len() + 24].copy_from_slice(&end);
                self.lens[which] = name.len() + len;
            }
        }
    }
}

/// The most a quick stroke writes: `Foul!`, the score (both below 1000),
/// a respot line and a turn line, each copied at its width.
pub(crate) const STROKE_ROOM: usize = 8 + 16 + 2 * WIDE;

impl TurnLines {
    /// Writes a stroke's lines into `room` the quick way, and says how
    /// many bytes they take: scores below 1000; `None` (nothing written)
    /// otherwise, for the general way. Only for lines that `fit` (the
    /// caller asks once per frame or run): else they are another frame's.
    #[inline(always)]
    pub fn write_stroke(
        &self,
        room: &mut [u8; STROKE_ROOM],
        outcome: &Outcome,
        frame: &Frame,
    ) -> Option<usize> {
        debug_assert!(
            self.fit,
            "a quick stroke in a frame whose lines were not made"
        );
        let left = *LEFT_SCORES.get(frame.score(Player::A) as usize)?;
        let right = *RIGHT_SCORES.get(frame.score(Player::B) as usize)?;
        // `Foul!`, counted only after a foul; the words' top bytes are
        // written over by what follows or left past the end.
        room[..8].copy_from_slice(b"Foul!\n\0\0");
        // The counts are masked to what they can be (a score's word is at
        // most 6 bytes, a respot line under 64), so that every copy below
        // is seen to fit in the room and needs no bounds check.
        let mut n = 6 * usize::from(outcome.foul);
        room[n..n + 8].copy_from_slice(&left.to_le_bytes());
        n += (left >> 56) as usize & 7;
        room[n..n + 8].copy_from_slice(&right.to_le_bytes());
        n += (right >> 56) as usize & 7;
        if !outcome.respot.is_empty() {
            let piece = &RESPOTS[usize::from(outcome.respot.0 >> 2)];
            room[n..n + WIDE].copy_from_slice(&piece.bytes);
            n += piece.len & (WIDE - 1);
        }
        let which = match outcome.next {
            Next::SameStriker => return Some(n),
            Next::TurnPasses(player) => turn_index(player, outcome.in_hand),
            Next::Won(player) => win_index(player),
            Next::Tie => {
                const TIE: &[u8; 17] = b"Tie\nRespot Black\n";
                room[n..n + TIE.len()].copy_from_slice(TIE);
                return Some(n + TIE.len());
            }
        };
        room[n..n + WIDE].copy_from_slice(&self.lines[which]);
        Some(n + self.lens[which])
    }

    /// Writes the turn line after `Play again` into `room` and says how
    /// many bytes it takes. Only for lines that `fit`, as `write_stroke`.
    #[inline(always)]
    pub(crate) fn write_play_again(&self, room: &mut [u8; WIDE], replay: &Replay) -> usize {
        debug_assert!(
            self.fit,
            "a quick Play again in a frame whose lines were not made"
        );
        let which = turn_index(replay.offender, replay.in_hand);
        room.copy_from_slice(&self.lines[which]);
        self.lens[which]
    }
}

impl<'o, W: Write> Referee<'o, W> {
    pub fn new(out: &'o mut Output<W>) -> Referee<'o, W> {
        Referee { out }
    }

    /// Writes `NAME's turn`, with `, in-hand` when the player is in hand.
    fn turn(&mut self, player: Player, in_hand: bool, names: &Names) {
        self.out.put(names.name(player));
        self.out.put(TURN_ENDS[usize::from(in_hand)]);
    }
}

/// The quick writers of the fast path (`super::fast`).
impl<'o, W: Write> Referee<'o, W> {
    /// `Frame K` and the first turn line.
    fn frame_begins(&mut self, number: u64, names: &Names) -> Result<(), Error> {
        if number > 1 {
            self.out.put(b"\n");
        }
        self.out.put(b"Frame ");
        self.out.put_u64(number);
        self.out.put(b"\n");
        self.turn(Player::A, true, names);
        self.out.end_lines()
    }

    /// A frame's first lines, its names line read by the fast path: from
    /// the frame's turn lines when they fit.
    pub(crate) fn names_quick(
        &mut self,
        number: u64,
        names: &Names,
        turns: &TurnLines,
    ) -> Result<(), Error> {
        if !turns.fit {
            return self.frame_begins(number, names);
        }
        // The empty line before every frame after the first.
        let first = usize::from(number == 1);
        self.out.put(&b"\nFrame "[first..]);
        self.out.put_u64(number);
        let room: &mut [u8; 1 + WIDE] = self.out.room();
        room[0] = b'\n';
        let which = turn_index(Player::A, true);
        room[1..].copy_from_slice(&turns.lines[which]);
        self.out.advance(1 + turns.lens[which]);
        self.out.end_lines()
    }

    /// A stroke the fast path took, written on its own: the quick way if
    /// the frame's lines fit and the scores are below 1000, else the
    /// general way.
    #[inline(always)]
    pub(crate) fn stroke_alone(
        &mut self,
        line: &Line,
        stroke: &Stroke,
        outcome: &Outcome,
        frame: &Frame,
        names: &Names,
        turns: &TurnLines,
    ) -> Result<(), Error> {
        let quick = match turns.fit() {
            true => turns.write_stroke(self.out.room(), outcome, frame),
            false => None,
        };
        match quick {
            Some(n) => self.out.advance(n),
            None => return self.stroke(line, stroke, outcome, frame, names),
        }
        self.out.end_lines()
    }

    /// `Play again` taken by the fast path, written on its own.
    #[inline(always)]
    pub(crate) fn play_again_alone(
        &mut self,
        replay: &Replay,
        names: &Names,
        turns: &TurnLines,
    ) -> Result<(), Error> {
        if !turns.fit() {
            self.turn(replay.offender, replay.in_hand, names);
            return self.out.end_lines();
        }
        let n = turns.write_play_again(self.out.room(), replay);
        self.out.advance(n);
        self.out.end_lines()
    }

    /// Free room, at least `n` bytes, where the fast path writes the
    /// lines of many strokes the quick way (`TurnLines`) before counting
    /// them with `quick_wrote`.
    #[inline(always)]
    pub(crate) fn quick_room(&mut self, n: usize) -> &mut [u8] {
        self.out.reserve(n)
    }

    /// Counts `n` bytes of whole lines written into `quick_room`.
    #[inline(always)]
    pub(crate) fn quick_wrote(&mut self, n: usize) -> Result<(), Error> {
        self.out.advance(n);
        self.out.end_lines()
    }
}

impl<'o, W: Write> Visit for Referee<'o, W> {
    fn names(&mut self, number: u64, _line: &Line, names: &Names) -> Result<(), Error> {
        self.frame_begins(number, names)
    }

    #[inline(always)]
    fn stroke(
        &mut self,
        _line: &Line,
        _stroke: &Stroke,
        outcome: &Outcome,
        frame: &Frame,
        names: &Names,
    ) -> Result<(), Error> {
        if outcome.foul {
            self.out.put(b"Foul!\n");
        }
        self.out.put_u64(frame.score(Player::A));
        self.out.put(b" : ");
        self.out.put_u64(frame.score(Player::B));
        self.out.put(b"\n");
        if !outcome.respot.is_empty() {
            self.out.put(b"Respot");
            for colour in outcome.respot.iter() {
                self.out.put(b" ");
                self.out.put(colour.name().as_bytes());
            }
            self.out.put(b"\n");
        }
        match outcome.next {
            Next::SameStriker => {}
            Next::TurnPasses(player) => self.turn(player, outcome.in_hand, names),
            Next::Tie => self.out.put(b"Tie\nRespot Black\n"),
            Next::Won(player) => {
                self.out.put(names.name(player));
                self.out.put(b" wins\n");
            }
        }
        self.out.end_lines()
    }

    fn play_again(
        &mut self,
        _line: &Line,
        replay: &Replay,
        _frame: &Frame,
        names: &Names,
    ) -> Result<(), Error> {
        self.turn(replay.offender, replay.in_hand, names);
        self.out.end_lines()
    }

    fn lot(
        &mut self,
        _line: &Line,
        player: Player,
        _frame: &Frame,
        names: &Names,
    ) -> Result<(), Error> {
        self.turn(player, true, names);
        self.out.end_lines()
    }
}

#[cfg(test)]
mod tests {
    use super::super::balls::{Ball, Colours};
    use super::*;

    #[test]
    fn respot_lines_name_the_colours_in_order() {
        let set = Colours(Colours::of(Ball::Black).0 | Colours::of(Ball::Yellow).0);
        let piece = RESPOTS[usize::from(set.0 >> 2)];
        assert_eq!(&piece.bytes[..piece.len], b"Respot Yellow Black\n");
    }
}
