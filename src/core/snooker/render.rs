//! The referee's words (the statement's Output): a `Visit` that writes,
//! for every line the frame took, what the referee says. The general
//! reading's strokes are written line by line; the fast path's strokes
//! take [`Referee::quick_stroke`], which copies lines made in advance
//! (the turn lines once per frame, padded; the respot lines and the
//! scores' words at compile time) at a fixed width into room reserved
//! once.

use super::balls::{Player, Stroke};
use super::parse::{Names, Visit};
use super::rules::{Frame, Next, Outcome, Replay};
use crate::core::io::{Error, Line, Output};
use std::io::Write;

/// The width at which a quick stroke copies a line made in advance.
const WIDE: usize = 64;

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
pub struct Referee<'o, W: Write> {
    out: &'o mut Output<W>,
    /// The frame's turn lines by `turn_index`, each followed by `WIDE`
    /// zero bytes so that a quick stroke can copy it at that width, and
    /// their lengths.
    turns: [Vec<u8>; 4],
    turn_lens: [usize; 4],
}

/// What follows a player's name in a turn line: out of hand, in hand.
const TURN_ENDS: [&[u8]; 2] = [b"'s turn\n", b"'s turn, in-hand\n"];

/// Where a turn line is in `Referee::turns`: `NAME's turn\n` then
/// `NAME's turn, in-hand\n`, for A then for B.
fn turn_index(player: Player, in_hand: bool) -> usize {
    2 * player.index() + usize::from(in_hand)
}

/// The most a quick stroke writes: `Foul!`, the score (both below 1000),
/// a respot line and a turn line, each copied at its width.
const STROKE_ROOM: usize = 8 + 16 + 2 * WIDE;

impl<'o, W: Write> Referee<'o, W> {
    pub fn new(out: &'o mut Output<W>) -> Referee<'o, W> {
        Referee {
            out,
            turns: Default::default(),
            turn_lens: [0; 4],
        }
    }

    /// Writes `NAME's turn`, with `, in-hand` when the player is in hand.
    fn turn(&mut self, player: Player, in_hand: bool) {
        let which = turn_index(player, in_hand);
        self.out.put(&self.turns[which][..self.turn_lens[which]]);
    }

    /// The lines of a stroke, the quick way: scores below 1000 and a turn
    /// line no longer than `WIDE`; `false` (nothing written) otherwise.
    #[inline(always)]
    fn quick_stroke(&mut self, outcome: &Outcome, frame: &Frame, names: &Names) -> bool {
        let turn = match outcome.next {
            Next::TurnPasses(player) => {
                let which = turn_index(player, outcome.in_hand);
                if self.turn_lens[which] > WIDE {
                    return false;
                }
                Some(which)
            }
            _ => None,
        };
        let scores = (
            LEFT_SCORES.get(frame.score(Player::A) as usize),
            RIGHT_SCORES.get(frame.score(Player::B) as usize),
        );
        let (left, right) = match scores {
            (Some(&left), Some(&right)) => (left, right),
            _ => return false,
        };
        let room: &mut [u8; STROKE_ROOM] = self.out.room();
        // `Foul!`, counted only after a foul; the words' top bytes are
        // written over by what follows or left past the end.
        room[..8].copy_from_slice(b"Foul!\n\0\0");
        let mut n = 6 * usize::from(outcome.foul);
        room[n..n + 8].copy_from_slice(&left.to_le_bytes());
        n += (left >> 56) as usize;
        room[n..n + 8].copy_from_slice(&right.to_le_bytes());
        n += (right >> 56) as usize;
        if !outcome.respot.is_empty() {
            let piece = &RESPOTS[usize::from(outcome.respot.0 >> 2)];
            room[n..n + WIDE].copy_from_slice(&piece.bytes);
            n += piece.len;
        }
        if let Some(which) = turn {
            room[n..n + WIDE].copy_from_slice(&self.turns[which][..WIDE]);
            n += self.turn_lens[which];
        }
        self.out.advance(n);
        match outcome.next {
            Next::Tie => self.out.put(b"Tie\nRespot Black\n"),
            Next::Won(player) => {
                self.out.put(names.name(player));
                self.out.put(b" wins\n");
            }
            _ => {}
        }
        true
    }
}

impl<'o, W: Write> Visit for Referee<'o, W> {
    fn names(&mut self, number: u64, _line: &Line, names: &Names) -> Result<(), Error> {
        for (which, turn) in self.turns.iter_mut().enumerate() {
            turn.clear();
            turn.extend_from_slice(names.name([Player::A, Player::B][which / 2]));
            turn.extend_from_slice(TURN_ENDS[which % 2]);
            self.turn_lens[which] = turn.len();
            turn.resize(turn.len() + WIDE, 0);
        }
        if number > 1 {
            self.out.put(b"\n");
        }
        self.out.put(b"Frame ");
        self.out.put_u64(number);
        self.out.put(b"\n");
        self.turn(Player::A, true);
        self.out.end_lines()
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
            Next::TurnPasses(player) => self.turn(player, outcome.in_hand),
            Next::Tie => self.out.put(b"Tie\nRespot Black\n"),
            Next::Won(player) => {
                self.out.put(names.name(player));
                self.out.put(b" wins\n");
            }
        }
        self.out.end_lines()
    }

    #[inline(always)]
    fn fast_stroke(
        &mut self,
        line: &Line,
        stroke: &Stroke,
        outcome: &Outcome,
        frame: &Frame,
        names: &Names,
    ) -> Result<(), Error> {
        if !self.quick_stroke(outcome, frame, names) {
            return self.stroke(line, stroke, outcome, frame, names);
        }
        self.out.end_lines()
    }

    #[inline(always)]
    fn fast_play_again(
        &mut self,
        line: &Line,
        replay: &Replay,
        frame: &Frame,
        names: &Names,
    ) -> Result<(), Error> {
        let which = turn_index(replay.offender, replay.in_hand);
        if self.turn_lens[which] > WIDE {
            return self.play_again(line, replay, frame, names);
        }
        let room: &mut [u8; WIDE] = self.out.room();
        room.copy_from_slice(&self.turns[which][..WIDE]);
        self.out.advance(self.turn_lens[which]);
        self.out.end_lines()
    }

    fn play_again(
        &mut self,
        _line: &Line,
        replay: &Replay,
        _frame: &Frame,
        _names: &Names,
    ) -> Result<(), Error> {
        self.turn(replay.offender, replay.in_hand);
        self.out.end_lines()
    }

    fn lot(
        &mut self,
        _line: &Line,
        player: Player,
        _frame: &Frame,
        _names: &Names,
    ) -> Result<(), Error> {
        self.turn(player, true);
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
