//! The tool's state machine of a frame, [`Frame`]: the referee, the
//! scoreboards, the generator and the shrinker all play strokes through
//! it. What a stroke is with a ball on (S3 to S6) is the judge core's
//! `Stroke::call`, packed as a [`Verdict`] that the fast path caches. How
//! a verdict moves the frame on (S6 to S12) is stated here a second time,
//! on bits, for the fast path; it is checked against the judge core's
//! `Frame` on every fixture and on generated input.

mod verdict;

use self::verdict::stroke_verdict_on_table;
pub(crate) use self::verdict::{Verdict, Verdicts};
use super::balls::{Ball, BallOn, Colours, Player, Stroke};

/// Where a frame stands between strokes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    Playing,
    /// Tied on the only black: the lot decides who plays (S9, S10).
    LotDue,
    Over,
}

/// What follows a stroke.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    /// The striker scored and plays on.
    SameStriker,
    /// The break ended: this player comes in.
    TurnPasses(Player),
    /// A tie on the only black: the black is respotted and a lot is due.
    Tie,
    /// The frame is over.
    Won(Player),
}

/// What one stroke did, as far as the referee says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub foul: bool,
    /// Colours put back on their spots (never on a frame-ending stroke, S9).
    pub respot: Colours,
    /// The cue ball went in on a foul: the next player is in hand (S12).
    pub(crate) in_hand: bool,
    pub next: Next,
}

/// The offender that the other player may ask to play again (S11).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Replay {
    pub(crate) offender: Player,
    pub(crate) in_hand: bool,
}

/// Why a line cannot be applied to the frame as it stands (S11, S14).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Impossible {
    /// The first-hit ball (`first`) or a potted ball is not on the table.
    NotOnTable {
        ball: Ball,
        first: bool,
    },
    TooManyReds {
        left: u32,
    },
    LotDue,
    FrameOver,
    NoPlayAgain,
    NoLotDue,
}

/// `Frame::on` for "a colour of the striker's choice" (after a red).
/// `ANY_COLOUR + c` is the same with colour `c` nominated outright.
const ANY_COLOUR: u8 = 8;

/// One frame: the state machine of the referee's rules. Balls are their
/// values throughout (0 for nothing hit), and sets of balls are bits by
/// value, so that a stroke is a few bit operations.
///
/// Scores are 64-bit: a stroke scores at most 16 points (15 reds and a
/// free ball) and takes at least 5 bytes of input, so no input that can
/// exist reaches their limit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    reds: u32,
    colours: Colours,
    /// The ball on: 1 the reds, 2 to 7 that colour, or `ANY_COLOUR`.
    on: u8,
    scores: [u64; 2],
    striker: Player,
    stage: Stage,
    replay: Option<Replay>,
}

/// A frame set up for the break-off by player A.
impl Default for Frame {
    fn default() -> Frame {
        Frame {
            reds: Frame::REDS,
            colours: Colours::ALL,
            on: Ball::Red as u8,
            scores: [0, 0],
            striker: Player::A,
            stage: Stage::Playing,
            replay: None,
        }
    }
}

impl Frame {
    pub(crate) const REDS: u32 = 15;

    /// A frame set up for the break-off by player A (`Frame::default`).
    pub fn new() -> Frame {
        Frame::default()
    }

    pub fn reds(&self) -> u32 {
        self.reds
    }

    pub fn colours(&self) -> Colours {
        self.colours
    }

    /// The ball on for the next stroke; `None` once the frame is over.
    pub fn ball_on(&self) -> Option<BallOn> {
        match (self.stage, self.on) {
            (Stage::Over, _) => None,
            (_, ANY_COLOUR) => Some(BallOn::AnyColour),
            (_, 1) => Some(BallOn::Reds),
            (_, on) => Ball::from_value(u32::from(on)).map(BallOn::Colour),
        }
    }

    pub fn score(&self, player: Player) -> u64 {
        self.scores[player.index()]
    }

    /// The player at the table (the last striker once the frame is over).
    pub fn striker(&self) -> Player {
        self.striker
    }

    pub fn stage(&self) -> Stage {
        self.stage
    }

    /// The winner, once the frame is over: the player with more points.
    pub fn winner(&self) -> Option<Player> {
        match self.stage {
            Stage::Over if self.scores[0] > self.scores[1] => Some(Player::A),
            Stage::Over => Some(Player::B),
            _ => None,
        }
    }

    /// Whether `Play again` may be asked now (S11).
    pub(crate) fn may_play_again(&self) -> bool {
        self.replay.is_some()
    }

    pub(crate) fn on_table(&self, ball: Ball) -> bool {
        match ball {
            Ball::Red => self.reds > 0,
            colour => self.colours.contains(colour),
        }
    }

    /// The most points still to be scored (K1).
    pub(crate) fn points_remaining(&self) -> u64 {
        let black = Ball::Black.value();
        match self.stage {
            Stage::Over => 0,
            Stage::LotDue => black,
            Stage::Playing => {
                let pending = if self.on == ANY_COLOUR { black } else { 0 };
                let colours: u64 = self.colours.iter().map(Ball::value).sum();
                (1 + black) * u64::from(self.reds) + colours + pending
            }
        }
    }

    /// Plays a stroke, nominating per S3 when a colour is to be chosen.
    #[inline(always)]
    pub fn play(&mut self, stroke: &Stroke) -> Result<Outcome, Impossible> {
        self.check(stroke)?;
        let verdict = stroke.judge(self.on);
        Ok(self.apply(stroke, verdict))
    }

    /// Plays a stroke with an explicitly nominated colour (the kata's way);
    /// `nominated` matters only while "a colour" is on, and without it the
    /// colour first hit is nominated, else Yellow (S3).
    pub(crate) fn play_nominating(
        &mut self,
        stroke: &Stroke,
        nominated: Option<Ball>,
    ) -> Result<Outcome, Impossible> {
        self.check(stroke)?;
        let on = match nominated {
            Some(colour) if self.on == ANY_COLOUR && colour.is_colour() => {
                ANY_COLOUR + colour as u8
            }
            _ => self.on,
        };
        let verdict = stroke.judge(on);
        Ok(self.apply(stroke, verdict))
    }

    /// Plays a stroke that `check` let through, its verdicts at hand
    /// (`verdicts[on]` filled in from `known` as needed): `play` in two
    /// steps, so that no `Result` wraps the outcome on the fast path.
    #[inline(always)]
    pub(crate) fn play_checked(
        &mut self,
        stroke: &Stroke,
        verdicts: &mut [Verdict; 9],
        known: &mut Verdicts,
    ) -> Outcome {
        let slot = &mut verdicts[usize::from(self.on)];
        if *slot == Verdict::UNKNOWN {
            *slot = known.verdict(stroke, self.on);
        }
        self.apply(stroke, *slot)
    }

    /// S14: a stroke may be played only while the frame is in play, and
    /// only with balls that are on the table (bit 0, for nothing hit,
    /// always is).
    #[inline(always)]
    pub(crate) fn check(&self, stroke: &Stroke) -> Result<(), Impossible> {
        let first = stroke.first.map_or(0, |ball| ball as u32);
        let table = u32::from(self.colours.0) | u32::from(self.reds > 0) << 1 | 1;
        if self.stage != Stage::Playing {
            return Err(self.not_playing());
        }
        if table & 1 << first == 0
            || stroke.reds > self.reds
            || stroke.colours.0 & !self.colours.0 != 0
        {
            return Err(self.not_on_table(stroke));
        }
        Ok(())
    }

    /// Carries out a verdict on the table, the scores and the turn.
    #[inline(always)]
    fn apply(&mut self, stroke: &Stroke, verdict: Verdict) -> Outcome {
        let foul = verdict.foul();
        let points = verdict.points();
        // S6: reds stay down whatever happens.
        self.reds -= stroke.reds;
        let striker = self.striker;
        let scorer = if foul { striker.other() } else { striker };
        self.scores[scorer.index()] += points;
        let in_hand = foul && stroke.white;

        if self.on == Ball::Black as u8 && points > 0 {
            // S9: the first score or foul on the only black ends the frame
            // (a foul always scores), or ties it: the black goes back for
            // the lot; nothing else is respotted.
            self.replay = None;
            self.stage = if self.scores[0] == self.scores[1] {
                self.colours = Colours::of(Ball::Black);
                Stage::LotDue
            } else {
                Stage::Over
            };
            return Outcome {
                foul,
                respot: Colours::NONE,
                in_hand,
                next: self.winner().map_or(Next::Tie, Next::Won),
            };
        }
        self.colours.0 &= !verdict.potted_for_good();
        self.on = if verdict.red_potted() {
            ANY_COLOUR
        } else if self.reds > 0 {
            Ball::Red as u8
        } else {
            // S7: phase two, the lowest colour on the table.
            (self.colours.0 | 0x80).trailing_zeros() as u8
        };
        self.replay = if foul {
            Some(Replay {
                offender: striker,
                in_hand: stroke.white,
            })
        } else {
            None
        };
        let next = if !foul && points > 0 {
            Next::SameStriker
        } else {
            self.striker = striker.other();
            Next::TurnPasses(self.striker)
        };
        Outcome {
            foul,
            respot: verdict.respot(),
            in_hand,
            next,
        }
    }

    /// Why a line cannot be played now: the frame is not in play.
    #[cold]
    fn not_playing(&self) -> Impossible {
        if self.stage == Stage::LotDue {
            Impossible::LotDue
        } else {
            Impossible::FrameOver
        }
    }

    /// S14: the first ball the stroke names that is not on the table.
    #[cold]
    #[inline(never)]
    fn not_on_table(&self, stroke: &Stroke) -> Impossible {
        match stroke.first {
            Some(ball) if !self.on_table(ball) => Impossible::NotOnTable { ball, first: true },
            _ if stroke.reds > self.reds => Impossible::TooManyReds { left: self.reds },
            _ => match stroke.colours.without(self.colours).lowest() {
                Some(ball) => Impossible::NotOnTable { ball, first: false },
                None => Impossible::FrameOver,
            },
        }
    }

    /// The other player asks the offender of the last stroke, a foul, to
    /// play again from the same position (S11).
    pub fn play_again(&mut self) -> Result<Replay, Impossible> {
        let replay = self.replay.take().ok_or_else(|| match self.stage {
            Stage::Playing => Impossible::NoPlayAgain,
            _ => self.not_playing(),
        })?;
        self.striker = replay.offender;
        Ok(replay)
    }

    /// A free ball (the match's ruling M4, beyond the contest: no contest
    /// input reaches it): `ball`, a colour on the table that is not the
    /// ball on, stands for the ball on in this stroke. The stroke is judged
    /// by `Stroke::judge` as if `ball` were the ball on (and the ball it
    /// stands for were not); then only balls
    /// that really went down are kept down or put back, and `ball`, if
    /// potted, is put back. The caller sees that a free ball is due
    /// (right after a foul, `may_play_again`) and that `ball` is no ball on.
    pub(crate) fn free_ball(&mut self, ball: Ball, stroke: &Stroke) -> Result<Outcome, Impossible> {
        self.check(stroke)?;
        if !self.on_table(ball) {
            return Err(Impossible::NotOnTable { ball, first: true });
        }
        let standing_for = Ball::from_value(u32::from(self.on)).unwrap_or(Ball::Red);
        let mut judged = *stroke;
        if judged.first == Some(ball) {
            judged.first = Some(standing_for);
        } else if judged.first == Some(standing_for) {
            // The ball it stands for is not on: hit first, a foul worth
            // what missing everything is.
            judged.first = None;
        }
        if judged.colours.contains(ball) {
            judged.colours.0 &= !Colours::of(ball).0;
            match standing_for {
                Ball::Red => judged.reds += 1,
                colour => judged.colours.insert(colour),
            }
        }
        let verdict = stroke_verdict_on_table(judged.judge(self.on), stroke, ball);
        Ok(self.apply(stroke, verdict))
    }

    /// The lot after a tie: `player` plays the black from in-hand (S10).
    pub fn lot(&mut self, player: Player) -> Result<(), Impossible> {
        match self.stage {
            Stage::LotDue => {
                self.stage = Stage::Playing;
                self.striker = player;
                Ok(())
            }
            Stage::Over => Err(Impossible::FrameOver),
            Stage::Playing => Err(Impossible::NoLotDue),
        }
    }
}

#[cfg(test)]
mod tests;
