//! The referee's words (the statement's Output): a `Visit` that writes,
//! for every line the frame took, what the referee says. The general
//! reading's strokes are written line by line; the fast path's strokes
//! take [`TurnLines::write_stroke`], which copies lines made in advance
//! (the turn and win lines once per frame, padded; the respot lines and
//! the scores' words once per input) at a fixed width into room that the
//! fast path reserves for many strokes at once. Every word written is the
//! judge core's, cut from what its writers write (`super::said`).

use super::balls::{Colours, Player, Stroke};
use super::parse::{Names, Visit};
use super::rules::{Frame, Next, Outcome, Replay};
use super::said::{Piece, Said};
use crate::core::io::out::{small_decimal, three_digits};
use crate::core::io::{Error, Line, Output};
use std::io::Write;

/// The width at which a quick stroke copies a line made in advance.
pub(crate) const WIDE: usize = 64;

/// The scores below 1000 as the words a quick stroke writes: the low
/// bytes `A : ` (`left`, with the judge core's `colon`) or `B` and the
/// score line's end, their count in the top byte.
fn score_words(said: &Said, left: bool) -> [u64; 1000] {
    let tail = if left { &said.colon } else { &said.score_end };
    let mut words = [0; 1000];
    for (score, word) in words.iter_mut().enumerate() {
        let (digits, len) = small_decimal(score as u64).expect("a score below 1000");
        let mut bytes = digits.to_le_bytes();
        for (place, &byte) in bytes[len..].iter_mut().zip(tail.as_bytes()) {
            *place = byte;
        }
        let len = (len + tail.len()).min(8);
        *word = u64::from_le_bytes(bytes) & u64::MAX >> 8 | (len as u64) << 56;
    }
    words
}

/// The word of `score` from `words`, one side's `score_words`, or, if
/// `ANY_SCORE`, made for a score of 1000 or more (`wide_score_word`).
#[inline(always)]
fn score_word<const ANY_SCORE: bool>(words: &[u64; 1000], score: u64) -> Option<u64> {
    match words.get(score as usize) {
        Some(&word) => Some(word),
        None if ANY_SCORE => wide_score_word(words, score),
        None => None,
    }
}

/// A score of 1000 or more as a score's word: the digits of its
/// thousands, the last three digits, and what follows a score (after the
/// `0` of the word of 0); `None` if they take more than 7 bytes.
#[cold]
#[inline(never)]
fn wide_score_word(words: &[u64; 1000], score: u64) -> Option<u64> {
    let (thousands, len) = small_decimal(score / 1000)?;
    let [hundreds, tens, units] = three_digits(score % 1000)?;
    let last_word = u64::from_le_bytes([hundreds, tens, units, 0, 0, 0, 0, 0]);
    let (tail, tail_len) = (words[0] << 8 >> 16, (words[0] >> 56) as usize - 1);
    let total = len + 3 + tail_len;
    let word = thousands | last_word << (8 * len) | tail << (8 * (len + 3));
    (total <= 7).then_some(word & u64::MAX >> 8 | (total as u64) << 56)
}

/// Where the respot line of `set` is in `Said::respots`.
fn respot_index(set: Colours) -> usize {
    usize::from(set.0 >> 2)
}

/// Writes the referee's output to `out`.
pub(crate) struct Referee<'o, W: Write> {
    out: &'o mut Output<W>,
    said: Said,
    /// What comes before the number of the first frame and of the others.
    heads: [Vec<u8>; 2],
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
/// zeros to `WIDE` bytes so that a quick stroke copies it at that width:
/// made once per frame by the fast path, which writes with them (see
/// `Referee::stroke_alone`). Beside them, the quick stroke's tables made
/// once per input from the referee's words.
pub(crate) struct TurnLines {
    lines: [[u8; WIDE]; 6],
    lens: [usize; 6],
    /// Whether the tables below were made from the referee's words; they
    /// are made once, for the first frame.
    made: bool,
    /// What follows a name in its turn lines and its win line, padded
    /// to `END` bytes; none if one is longer.
    ends: Option<[([u8; END], usize); 3]>,
    /// The scores' words (`score_words`), `Foul!` padded to 8 bytes and
    /// its length, the respot lines and the lines of a tie.
    left_scores: [u64; 1000],
    right_scores: [u64; 1000],
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
            left_scores: [0; 1000],
            right_scores: [0; 1000],
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
        self.left_scores = score_words(said, true);
        self.right_scores = score_words(said, false);
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
}

/// The most a quick stroke writes: `Foul!`, the score (two words), a
/// respot line and a turn line, each copied at its width.
pub(crate) const STROKE_ROOM: usize = 8 + 16 + 2 * WIDE;

impl TurnLines {
    /// Writes a stroke's lines into `room` the quick way, and says how
    /// many bytes they take: each score and what follows it in a word
    /// (`score_word`, which makes words of scores of 1000 or more only if
    /// `ANY_SCORE`: the fast path's loop asks for the table's alone, and
    /// leaves the rest to `Referee::stroke_alone`); `None` (nothing
    /// written) otherwise, for the general way. Only for lines that `fit`
    /// (the caller asks once per frame or run): else they are another
    /// frame's.
    #[inline(always)]
    pub(crate) fn write_stroke<const ANY_SCORE: bool>(
        &self,
        room: &mut [u8; STROKE_ROOM],
        outcome: &Outcome,
        frame: &Frame,
    ) -> Option<usize> {
        debug_assert!(
            self.fit,
            "a quick stroke in a frame whose lines were not made"
        );
        let left = score_word::<ANY_SCORE>(&self.left_scores, frame.score(Player::A))?;
        let right = score_word::<ANY_SCORE>(&self.right_scores, frame.score(Player::B))?;
        // `Foul!`, counted only after a foul; the words' top bytes are
        // written over by what follows or left past the end.
        room[..8].copy_from_slice(&self.foul);
        // The counts are masked to what they can be (a score's word is at
        // most 7 bytes, a respot line under 64), so that every copy below
        // is seen to fit in the room and needs no bounds check.
        let mut n = (self.foul_len & 7) * usize::from(outcome.foul);
        room[n..n + 8].copy_from_slice(&left.to_le_bytes());
        n += (left >> 56) as usize & 7;
        room[n..n + 8].copy_from_slice(&right.to_le_bytes());
        n += (right >> 56) as usize & 7;
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
        if !turns.fit {
            return self.frame_begins(number, names);
        }
        self.frame_head(number);
        let room: &mut [u8; WIDE] = self.out.room();
        let which = turn_index(Player::A, true);
        room.copy_from_slice(&turns.lines[which]);
        self.out.advance(turns.lens[which]);
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
            true => turns.write_stroke::<true>(self.out.room(), outcome, frame),
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
        let piece = Said::new().respots[respot_index(set)];
        assert_eq!(piece.text(), b"Respot Yellow Black\n");
        // The quick writer copies the empty set's line too.
        let none = Said::new().respots[respot_index(Colours::default())];
        assert_eq!((none.len, none.bytes), (0, [0; WIDE]));
    }

    #[test]
    fn a_scores_word_is_its_digits_and_what_follows_them() {
        let said = Said::new();
        let word = score_words(&said, true)[147];
        assert_eq!(&word.to_le_bytes()[..6], b"147 : ");
        assert_eq!(word >> 56, 6);
        assert_eq!(
            score_words(&said, false)[0] & 0xffff,
            u64::from_le_bytes(*b"0\n\0\0\0\0\0\0")
        );
        for (left, tail) in [(true, " : "), (false, "\n")] {
            for (score, word) in score_words(&said, left).iter().enumerate() {
                let text = format!("{}{}", score, tail);
                let len = (word >> 56) as usize;
                assert_eq!(&word.to_le_bytes()[..len], text.as_bytes());
            }
        }
    }

    #[test]
    fn scores_of_1000_or_more_are_words_while_they_fit_in_seven_bytes() {
        let said = Said::new();
        for (left, tail) in [(true, " : "), (false, "\n")] {
            let words = score_words(&said, left);
            let scores = (1000..=2100).chain((0..=7).map(|i| 10u64.pow(i) - 1));
            for score in scores.chain([10_000, 123_456, 1_000_000, u64::MAX]) {
                let text = format!("{}{}", score, tail);
                let word = score_word::<true>(&words, score).map(|word| {
                    let len = (word >> 56) as usize;
                    word.to_le_bytes()[..len].to_vec()
                });
                let fits = text.len() <= 7;
                assert_eq!(word, fits.then(|| text.into_bytes()), "{}", score);
            }
        }
    }
}
