//! The referee's words (the statement's Output): a `Visit` that writes,
//! for every line the frame took, what the referee says. The general
//! reading's strokes are written line by line; the fast path's strokes
//! take [`TurnLines::write_stroke`], which copies lines made in advance
//! (the turn and win lines once per frame, padded; the respot lines and
//! the scores' words once per input) at a fixed width into room that the
//! fast path reserves for many strokes at once. Every word written is the
//! judge core's, cut from what its writers write (`super::said`).

use super::balls::{Player, Stroke};
use super::parse::{Names, Visit};
use super::rules::{Frame, Next, Outcome, Replay};
use super::said::Said;
use crate::core::io::{Error, Line, Output};
use std::io::Write;

mod quick;

use self::quick::respot_index;
pub(crate) use self::quick::{TurnLines, STROKE_ROOM, WIDE};

/// Writes the referee's output to `out`.
pub(crate) struct Referee<'o, W: Write> {
    out: &'o mut Output<W>,
    said: Said,
    /// What comes before the number of the first frame and of the others.
    heads: [Vec<u8>; 2],
}

impl<'o, W: Write> Referee<'o, W> {
    pub(crate) fn new(out: &'o mut Output<W>) -> Referee<'o, W> {
        let said = Said::new();
        let first = said.frame.clone().into_bytes();
        let others = [said.between_frames.as_bytes(), &first].concat();
        Referee {
            out,
            said,
            heads: [first, others],
        }
    }

    /// The referee's words, for the fast path's turn lines.
    pub(crate) fn said(&self) -> &Said {
        &self.said
    }

    /// Writes `NAME's turn`, with `, in-hand` when the player is in hand.
    fn turn(&mut self, player: Player, in_hand: bool, names: &Names) {
        self.out.put(names.name(player));
        self.out
            .put(self.said.turn_ends[usize::from(in_hand)].as_bytes());
    }
}

/// The quick writers of the fast path (`super::fast`).
impl<'o, W: Write> Referee<'o, W> {
    /// `Frame K`, after an empty line for every frame but the first.
    fn frame_head(&mut self, number: u64) {
        self.out.put(&self.heads[usize::from(number > 1)]);
        self.out.put_u64(number);
        self.out.put(self.said.frame_end.as_bytes());
    }

    /// `Frame K` and the first turn line.
    fn frame_begins(&mut self, number: u64, names: &Names) -> Result<(), Error> {
        self.frame_head(number);
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
        if !turns.fit() {
            return self.frame_begins(number, names);
        }
        self.frame_head(number);
        let n = turns.write_turn(self.out.room(), Player::A, true);
        self.out.advance(n);
        self.out.end_lines()
    }

    /// A stroke the fast path took, written on its own: the quick way if
    /// the frame's lines and scores fit (`write_stroke`), else the general
    /// way.
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

    /// A turn line after `Play again` or a lot taken by the fast path,
    /// written on its own.
    #[inline(always)]
    pub(crate) fn turn_alone(
        &mut self,
        player: Player,
        in_hand: bool,
        names: &Names,
        turns: &TurnLines,
    ) -> Result<(), Error> {
        if !turns.fit() {
            self.turn(player, in_hand, names);
            return self.out.end_lines();
        }
        let n = turns.write_turn(self.out.room(), player, in_hand);
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
        let said = &self.said;
        if outcome.foul {
            self.out.put(said.foul.as_bytes());
        }
        self.out.put_u64(frame.score(Player::A));
        self.out.put(said.colon.as_bytes());
        self.out.put_u64(frame.score(Player::B));
        self.out.put(said.score_end.as_bytes());
        self.out
            .put(said.respots[respot_index(outcome.respot)].text());
        match outcome.next {
            Next::SameStriker => {}
            Next::TurnPasses(player) => self.turn(player, outcome.in_hand, names),
            Next::Tie => self.out.put(self.said.tie.text()),
            Next::Won(player) => {
                self.out.put(names.name(player));
                self.out.put(self.said.wins.as_bytes());
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
        self.turn(player, IN_HAND_AFTER_LOT, names);
        self.out.end_lines()
    }
}

/// The player the lot names plays the black from in hand (S10).
pub(crate) const IN_HAND_AFTER_LOT: bool = true;

#[cfg(test)]
mod tests {
    use super::super::balls::{Ball, Colours};
    use super::*;

    #[test]
    fn respot_lines_name_the_colours_in_order() {
        let set = Colours(Colours::of(Ball::Black).0 | Colours::of(Ball::Yellow).0);
        let piece = Said::new().respots[respot_index(set)];
        assert_eq!(piece.text(), b"Respot Yellow Black\n");
        // The empty set's line is empty: the general writer puts it
        // whatever the set.
        let none = Said::new().respots[respot_index(Colours::default())];
        assert_eq!((none.len, none.bytes), (0, [0; WIDE]));
    }
}
