//! The referee's words (the statement's Output): a `Visit` that writes,
//! for every line the frame took, what the referee says. Every line that
//! does not hold a score is made once (per frame for the turn lines) and
//! copied at a fixed width; a stroke's lines go into room reserved once.

use super::balls::{Player, Stroke};
use super::parse::{Names, Visit};
use super::rules::{Frame, Next, Outcome, Replay};
use crate::core::io::out::small_decimal;
use crate::core::io::{Error, Line, Output};
use std::io::Write;

/// The width at which a prepared line is copied; longer ones are put.
const WIDE: usize = 64;

/// A line made in advance, padded to `WIDE` bytes.
#[derive(Clone, Copy)]
struct Piece {
    bytes: [u8; WIDE],
    len: usize,
}

impl Piece {
    fn new(parts: &[&[u8]]) -> Piece {
        let mut piece = Piece {
            bytes: [0; WIDE],
            len: 0,
        };
        for part in parts {
            // Past `WIDE` only the length still counts: it tells `fits`.
            let start = piece.len.min(WIDE);
            let end = (piece.len + part.len()).min(WIDE);
            piece.bytes[start..end].copy_from_slice(&part[..end - start]);
            piece.len += part.len();
        }
        piece
    }

    fn fits(&self) -> bool {
        self.len <= WIDE
    }
}

/// `Respot` and the colours, lowest value first, for each set of colours
/// (a `Colours` value shifted past its two unused low bits): made at
/// compile time.
const fn respot_lines() -> [Piece; 64] {
    const NAMES: [&[u8]; 6] = [
        b" Yellow", b" Green", b" Brown", b" Blue", b" Pink", b" Black",
    ];
    let mut lines = [Piece {
        bytes: [0; WIDE],
        len: 0,
    }; 64];
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

/// Writes the referee's output to `out`.
pub struct Referee<'o, W: Write> {
    out: &'o mut Output<W>,
    /// The frame's turn lines, `NAME's turn\n` and `NAME's turn, in-hand\n`
    /// for A then for B; `names` holds them whole when they are too long
    /// for a piece.
    turns: [Piece; 4],
    long_turns: [Vec<u8>; 4],
    /// Whether every turn line of the frame fits in a piece.
    short: bool,
}

/// The most a stroke writes when its turn line fits a piece and its scores
/// are below 1000: `Foul!`, the score, a respot line, a turn line, each
/// copied at its width.
const STROKE_ROOM: usize = 8 + 16 + 2 * WIDE;

impl<'o, W: Write> Referee<'o, W> {
    pub fn new(out: &'o mut Output<W>) -> Referee<'o, W> {
        Referee {
            out,
            turns: [Piece::new(&[]); 4],
            long_turns: Default::default(),
            short: true,
        }
    }

    /// Writes `NAME's turn`, with `, in-hand` when the player is in hand.
    fn turn(&mut self, player: Player, in_hand: bool) {
        let which = 2 * player.index() + usize::from(in_hand);
        if self.short {
            let piece = &self.turns[which];
            self.out.put(&piece.bytes[..piece.len]);
        } else {
            self.out.put(&self.long_turns[which]);
        }
    }

    /// The lines of a stroke, the common way: scores below 1000 and turn
    /// lines that fit; `false` (nothing written) otherwise.
    #[inline(always)]
    fn quick_stroke(&mut self, outcome: &Outcome, frame: &Frame, names: &Names) -> bool {
        let digits = (
            small_decimal(frame.score(Player::A)),
            small_decimal(frame.score(Player::B)),
        );
        let ((a, a_len), (b, b_len)) = match digits {
            (Some(a), Some(b)) if self.short => (a, b),
            _ => return false,
        };
        let room = self.out.reserve(STROKE_ROOM);
        let mut n = 0;
        if outcome.foul {
            room[..8].copy_from_slice(b"Foul!\n\0\0");
            n = 6;
        }
        // `A : B` in two words: `A : ` then `B\n`.
        let left = a | u64::from_le_bytes(*b" : \0\0\0\0\0") << (8 * a_len);
        room[n..n + 8].copy_from_slice(&left.to_le_bytes());
        n += a_len + 3;
        let right = b | u64::from(b'\n') << (8 * b_len);
        room[n..n + 8].copy_from_slice(&right.to_le_bytes());
        n += b_len + 1;
        if !outcome.respot.is_empty() {
            let piece = &RESPOTS[usize::from(outcome.respot.0 >> 2)];
            room[n..n + WIDE].copy_from_slice(&piece.bytes);
            n += piece.len;
        }
        if let Next::TurnPasses(player) = outcome.next {
            let piece = &self.turns[2 * player.index() + usize::from(outcome.in_hand)];
            room[n..n + WIDE].copy_from_slice(&piece.bytes);
            n += piece.len;
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
        self.short = true;
        for (i, player) in [Player::A, Player::B].iter().enumerate() {
            for (j, end) in [&b"'s turn\n"[..], b"'s turn, in-hand\n"]
                .iter()
                .enumerate()
            {
                let piece = Piece::new(&[names.name(*player), end]);
                self.short &= piece.fits();
                self.turns[2 * i + j] = piece;
            }
        }
        if !self.short {
            for (i, player) in [Player::A, Player::B].iter().enumerate() {
                for (j, end) in [&b"'s turn\n"[..], b"'s turn, in-hand\n"]
                    .iter()
                    .enumerate()
                {
                    let long = &mut self.long_turns[2 * i + j];
                    long.clear();
                    long.extend_from_slice(names.name(*player));
                    long.extend_from_slice(end);
                }
            }
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
        if !self.quick_stroke(outcome, frame, names) {
            if outcome.foul {
                self.out.put(b"Foul!\n");
            }
            self.out.put_u64(frame.score(Player::A));
            self.out.put(b" : ");
            self.out.put_u64(frame.score(Player::B));
            self.out.put(b"\n");
            if !outcome.respot.is_empty() {
                let piece = RESPOTS[usize::from(outcome.respot.0 >> 2)];
                self.out.put(&piece.bytes[..piece.len]);
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
        }
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

    #[test]
    fn pieces_keep_what_fits_and_say_when_it_does_not() {
        let piece = Piece::new(&[b"ab", b"c"]);
        assert_eq!(
            (&piece.bytes[..3], piece.len, piece.fits()),
            (&b"abc"[..], 3, true)
        );
        let long = vec![b'x'; WIDE + 1];
        assert!(!Piece::new(&[&long]).fits());
        // A part after the room is gone (a long name, then `'s turn`).
        let piece = Piece::new(&[&long, b"'s turn\n", b"!"]);
        assert_eq!((piece.len, piece.fits()), (WIDE + 10, false));
        assert_eq!(&piece.bytes[..], &long[..WIDE]);
    }
}
