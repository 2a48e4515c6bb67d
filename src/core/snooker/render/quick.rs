//! The fast path's lines made in advance: the scores' words and the
//! respot lines once per input, a frame's turn and win lines once per
//! frame ([`TurnLines`]). A quick stroke copies them at a fixed width
//! (`WIDE`) into room that the fast path reserves for many strokes at
//! once.

use super::super::balls::{Colours, Player};
use super::super::parse::Names;
use super::super::rules::{Frame, Next, Outcome};
use super::super::said::{Piece, Said};
use crate::core::io::out::{small_decimal, three_digits};

/// The width at which a quick stroke copies a line made in advance.
pub(crate) const WIDE: usize = 64;

/// One side's scores as the words a quick stroke writes: a score's
/// digits then what follows them on that side (`A : `, with the judge
/// core's `colon`, or `B` and the score line's end), their count in the
/// top byte.
struct ScoreWords {
    /// The scores below 1000.
    whole: [u64; 1000],
    /// What follows a score, after three digits, and their count: the
    /// word of the last three digits of a score of 1000 or more, but for
    /// them (the digits before them are written first).
    after_three: u64,
}

impl ScoreWords {
    /// No words, until the referee's are known.
    const EMPTY: ScoreWords = ScoreWords {
        whole: [0; 1000],
        after_three: 0,
    };

    /// Makes the words of the left side's scores (`A : `) or the right's
    /// (`B` and the line's end).
    fn make(&mut self, said: &Said, left: bool) {
        let tail = if left { &said.colon } else { &said.score_end };
        // A word holds 7 bytes: at most 3 digits and what follows them.
        assert!(tail.len() <= 4, "what follows a score fits in a word");
        let mut tail_bytes = [0; 8];
        tail_bytes[..tail.len()].copy_from_slice(tail.as_bytes());
        let tail_word = u64::from_le_bytes(tail_bytes);
        let after = |len: usize| tail_word << (8 * len) | ((len + tail.len()) as u64) << 56;
        for (n, word) in self.whole.iter_mut().enumerate() {
            let (digits, len) = small_decimal(n as u64).expect("a number below 1000");
            *word = digits | after(len);
        }
        self.after_three = after(3);
    }

    /// Writes `score` and what follows it at `room[n..]`, and says where
    /// they end: below 1000 a word, else the digits of its thousands,
    /// then its last three and what follows them in a word; `None`
    /// (nothing counted) for a score of a million or more, left to the
    /// general way.
    #[inline(always)]
    fn put(&self, room: &mut [u8; STROKE_ROOM], n: usize, score: u64) -> Option<usize> {
        // `n` is below `SCORES_END`: masked, it is seen to be, and the
        // copies below to fit in the room.
        let n = n & (SCORES_END - 1);
        let (n, word) = match self.whole.get(score as usize) {
            Some(&word) => (n, word),
            None => {
                let (thousands, len) = small_decimal(score / 1000)?;
                room[n..n + 8].copy_from_slice(&thousands.to_le_bytes());
                let [hundreds, tens, units] = three_digits(score % 1000)?;
                let three = u32::from_le_bytes([hundreds, tens, units, 0]);
                (n + (len & 3), u64::from(three) | self.after_three)
            }
        };
        room[n..n + 8].copy_from_slice(&word.to_le_bytes());
        Some(n + ((word >> 56) as usize & 7))
    }
}

/// Where `Foul!` and the scores end, at the most, in a quick stroke:
/// `Foul!` and a word are at most 7 bytes, the thousands' digits 3.
const SCORES_END: usize = 32;

/// Where the respot line of `set` is in `Said::respots`.
pub(super) fn respot_index(set: Colours) -> usize {
    usize::from(set.0 >> 2)
}

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
/// zeros to `WIDE` bytes so that a quick stroke copies it at that width
/// (see `Referee::stroke_alone`): made by the fast path when a frame's
/// players are not the frame before's. Beside them, the quick stroke's
/// tables made once per input from the referee's words.
pub(crate) struct TurnLines {
    lines: [[u8; WIDE]; 6],
    lens: [usize; 6],
    /// Whether the tables below were made from the referee's words; they
    /// are made once, for the first frame.
    made: bool,
    /// What follows a name in its turn lines and its win line, padded
    /// to `END` bytes; none if one is longer.
    ends: Option<[([u8; END], usize); 3]>,
    /// The scores' words, `Foul!` padded to 8 bytes and its length, the
    /// respot lines and the lines of a tie.
    left_scores: ScoreWords,
    right_scores: ScoreWords,
    foul: [u8; 8],
    foul_len: usize,
    respots: [Piece; 64],
    tie: Piece,
    /// Whether both names are short enough (`QUICK_NAME`): if not, the
    /// frame's strokes are written the general way.
    fit: bool,
}

impl Default for TurnLines {
    fn default() -> TurnLines {
        TurnLines {
            lines: [[0; WIDE]; 6],
            lens: [0; 6],
            made: false,
            ends: None,
            left_scores: ScoreWords::EMPTY,
            right_scores: ScoreWords::EMPTY,
            foul: [0; 8],
            foul_len: 0,
            respots: [Piece::EMPTY; 64],
            tie: Piece::EMPTY,
            fit: false,
        }
    }
}

/// The room for what follows a name in a turn or win line.
const END: usize = 24;

/// The longest name whose turn lines a quick stroke copies.
const QUICK_NAME: usize = WIDE - END;

impl TurnLines {
    /// Whether the frame's names are short enough for its lines to be
    /// made here: the quick writers below may be used only then.
    pub(crate) fn fit(&self) -> bool {
        self.fit
    }

    /// Makes the quick stroke's tables from the referee's words.
    fn make_tables(&mut self, said: &Said) {
        self.left_scores.make(said, true);
        self.right_scores.make(said, false);
        self.foul[..said.foul.len()].copy_from_slice(said.foul.as_bytes());
        self.foul_len = said.foul.len();
        self.respots = said.respots;
        self.tie = said.tie;
        let texts = [&said.turn_ends[0], &said.turn_ends[1], &said.wins];
        let padded = |text: &String| {
            let mut end = [0; END];
            end.get_mut(..text.len())?.copy_from_slice(text.as_bytes());
            Some((end, text.len()))
        };
        self.ends = match texts.map(padded) {
            [Some(a), Some(b), Some(c)] => Some([a, b, c]),
            _ => None,
        };
        self.made = true;
    }

    /// Makes the turn and win lines of the frame of `names`, from the
    /// referee's words `said`.
    pub(crate) fn make(&mut self, names: &Names, said: &Said) {
        if !self.made {
            self.make_tables(said);
        }
        if self.fit && self.made_for(names) {
            return;
        }
        self.fit = self.ends.is_some();
        let ends = match self.ends {
            Some(ends) => ends,
            None => return,
        };
        for player in [Player::A, Player::B] {
            let name = names.name(player);
            if name.len() > QUICK_NAME {
                self.fit = false;
                return;
            }
            let mut line = [0; WIDE];
            line[..name.len()].copy_from_slice(name);
            let lines = [
                turn_index(player, false),
                turn_index(player, true),
                win_index(player),
            ];
            for (which, (end, len)) in lines.into_iter().zip(ends) {
                self.lines[which] = line;
                self.lines[which][name.len()..name.len() + END].copy_from_slice(&end);
                self.lens[which] = name.len() + len;
            }
        }
    }

    /// Whether the lines are those of `names` already, as when the frames
    /// of a match follow one another: a turn line starts with its
    /// player's name, and is that much longer than its end.
    fn made_for(&self, names: &Names) -> bool {
        let end = match self.ends {
            Some([(_, len), ..]) => len,
            None => return false,
        };
        [Player::A, Player::B].into_iter().all(|player| {
            let name = names.name(player);
            let which = turn_index(player, false);
            self.lens[which] == name.len() + end && self.lines[which].starts_with(name)
        })
    }
}

/// The most a quick stroke writes: `Foul!` and the scores, a respot
/// line and a turn line, each copied at its width.
pub(crate) const STROKE_ROOM: usize = SCORES_END + 2 * WIDE;

impl TurnLines {
    /// Writes a stroke's lines into `room` the quick way, and says how
    /// many bytes they take; `None` (nothing counted) for a score the
    /// quick way does not write (`ScoreWords::put`). Only for lines that
    /// `fit` (the caller asks once per frame or run): else they are
    /// another frame's.
    #[inline(always)]
    pub(crate) fn write_stroke(
        &self,
        room: &mut [u8; STROKE_ROOM],
        outcome: &Outcome,
        frame: &Frame,
    ) -> Option<usize> {
        debug_assert!(
            self.fit,
            "a quick stroke in a frame whose lines were not made"
        );
        // `Foul!`, counted only after a foul; a word's bytes past its
        // count are written over by what follows or left past the end.
        room[..8].copy_from_slice(&self.foul);
        // The counts are masked to what they can be (`SCORES_END`, a
        // respot line under 64), so that every copy below is seen to fit
        // in the room and needs no bounds check.
        let mut n = (self.foul_len & 7) * usize::from(outcome.foul);
        // Both scores below 1000, nearly every stroke, are copied here
        // as `put` would, without its masks and second test of each.
        let (a, b) = (frame.score(Player::A), frame.score(Player::B));
        match (
            self.left_scores.whole.get(a as usize),
            self.right_scores.whole.get(b as usize),
        ) {
            (Some(&left), Some(&right)) => {
                room[n..n + 8].copy_from_slice(&left.to_le_bytes());
                n += (left >> 56) as usize & 7;
                room[n..n + 8].copy_from_slice(&right.to_le_bytes());
                n += (right >> 56) as usize & 7;
            }
            _ => {
                let left = self.left_scores.put(room, n, a)?;
                n = self.right_scores.put(room, left, b)? & (SCORES_END - 1);
            }
        }
        // The respot line, when a colour goes back.
        if !outcome.respot.is_empty() {
            let piece = &self.respots[respot_index(outcome.respot)];
            room[n..n + WIDE].copy_from_slice(&piece.bytes);
            n += piece.len & (WIDE - 1);
        }
        let which = match outcome.next {
            Next::SameStriker => return Some(n),
            Next::TurnPasses(player) => turn_index(player, outcome.in_hand),
            Next::Won(player) => win_index(player),
            Next::Tie => {
                let tie = &self.tie;
                room[n..n + WIDE].copy_from_slice(&tie.bytes);
                return Some(n + (tie.len & (WIDE - 1)));
            }
        };
        room[n..n + WIDE].copy_from_slice(&self.lines[which]);
        Some(n + self.lens[which])
    }

    /// Writes `player`'s turn line into `room` (`NAME's turn`, with `,
    /// in-hand` if `in_hand`) and says how many bytes it takes: a frame's
    /// first, or the one after `Play again`. Only for lines that `fit`, as
    /// `write_stroke`.
    #[inline(always)]
    pub(crate) fn write_turn(&self, room: &mut [u8; WIDE], player: Player, in_hand: bool) -> usize {
        debug_assert!(
            self.fit,
            "a quick turn line in a frame whose lines were not made"
        );
        let which = turn_index(player, in_hand);
        room.copy_from_slice(&self.lines[which]);
        self.lens[which]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The text of a turn line of `turns`.
    fn turn_text(turns: &TurnLines, player: Player, in_hand: bool) -> &[u8] {
        let which = turn_index(player, in_hand);
        &turns.lines[which][..turns.lens[which]]
    }

    /// The lines are made again when the players change, and only then;
    /// a name that begins another is another name.
    #[test]
    fn turn_lines_follow_the_players() {
        let said = Said::new();
        let mut turns = TurnLines::default();
        let mut names = Names::default();
        for (a, b) in [
            ("Ann", "Bob"),
            ("Ann", "Bob"),
            ("Bob", "Ann"),
            ("Anna", "Bob"),
            ("Ann", "Bo"),
        ] {
            names.set_both(a.as_bytes(), b.as_bytes());
            turns.make(&names, &said);
            assert!(turns.fit());
            let a_in_hand = format!("{}{}", a, said.turn_ends[1]);
            assert_eq!(turn_text(&turns, Player::A, true), a_in_hand.as_bytes());
            let b_turn = format!("{}{}", b, said.turn_ends[0]);
            assert_eq!(turn_text(&turns, Player::B, false), b_turn.as_bytes());
        }
        names.set_both("A".repeat(QUICK_NAME + 1).as_bytes(), b"Bob");
        turns.make(&names, &said);
        assert!(!turns.fit());
        names.set_both(b"Ann", b"Bob");
        turns.make(&names, &said);
        assert!(turns.fit());
    }

    #[test]
    fn a_scores_word_is_its_digits_and_what_follows_them() {
        let said = Said::new();
        let mut words = ScoreWords::EMPTY;
        words.make(&said, true);
        let word = words.whole[147];
        assert_eq!(&word.to_le_bytes()[..6], b"147 : ");
        assert_eq!(word >> 56, 6);
        words.make(&said, false);
        let word = words.after_three;
        assert_eq!(
            word & 0xff_ffff_ffff,
            u64::from_le_bytes(*b"\0\0\0\n\0\0\0\0")
        );
        assert_eq!(word >> 56, 4);
    }

    /// Every score below a million is written with what follows it, at
    /// its width; a million or more is left to the general way.
    #[test]
    fn scores_below_a_million_are_put_with_what_follows_them() {
        let said = Said::new();
        for (left, tail) in [(true, " : "), (false, "\n")] {
            let mut words = ScoreWords::EMPTY;
            words.make(&said, left);
            let powers = (1..=7).flat_map(|i| [10u64.pow(i) - 1, 10u64.pow(i)]);
            let scores = (0..=3000)
                .chain(powers)
                .chain([123_456, 1_000_001, u64::MAX]);
            for score in scores.chain((0..1000).map(|n| 1000 * n + 999 - n)) {
                let mut room = [b'x'; STROKE_ROOM];
                let at = 3;
                let put = words.put(&mut room, at, score).map(|end| &room[at..end]);
                let text = format!("{}{}", score, tail);
                let expected = (score < 1_000_000).then_some(text.as_bytes());
                assert_eq!(put, expected, "{}", score);
            }
        }
    }
}
