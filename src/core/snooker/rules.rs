//! The tool's view of a frame, [`Frame`]: the referee, the scoreboards,
//! the generator and the shrinker all play strokes through it. The rules
//! are the judge core's `Frame`, which this one holds; here the tool's
//! types are turned into the judge core's and back, a line that cannot
//! be played says in detail why, and the two plays beyond the contest
//! (a colour nominated outright, the kata's; a free ball, the match's
//! M4) are made from the judge core's calls.

mod convert;

pub(crate) use self::convert::judged_stroke;
use self::convert::{ball, judged_ball, outcome};
use super::balls::{Ball, BallOn, Colours, Player, Stroke};
use crate::judge::snooker as judged;

/// Where a frame stands, what follows a stroke and whom the other player
/// may ask to play again are the judge core's own types.
pub use crate::judge::snooker::frame::Replay;
pub use crate::judge::snooker::{Next, Stage};

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

/// One frame as the tool sees it: the judge core's frame, and its winner
/// once the judge core has named one.
#[derive(Clone)]
pub struct Frame {
    judged: judged::Frame,
    winner: Option<Player>,
}

/// A frame set up for the break-off by player A.
impl Default for Frame {
    fn default() -> Frame {
        Frame {
            judged: judged::Frame::default(),
            winner: None,
        }
    }
}

/// Frames are alike when everything the judge core shows of them is.
impl PartialEq for Frame {
    fn eq(&self, other: &Frame) -> bool {
        self.view() == other.view()
    }
}

impl Eq for Frame {}

impl std::fmt::Debug for Frame {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "Frame {:?}", self.view())
    }
}

impl Frame {
    /// A frame set up for the break-off by player A (`Frame::default`).
    pub fn new() -> Frame {
        Frame::default()
    }

    /// The judge core's frame.
    pub(crate) fn judged(&self) -> &judged::Frame {
        &self.judged
    }

    /// Everything the judge core shows of the frame.
    #[allow(clippy::type_complexity)]
    fn view(
        &self,
    ) -> (
        u32,
        Colours,
        Option<BallOn>,
        [u64; 2],
        Player,
        Stage,
        Option<Replay>,
        Option<Player>,
    ) {
        (
            self.reds(),
            self.colours(),
            self.ball_on(),
            [self.score(Player::A), self.score(Player::B)],
            self.striker(),
            self.stage(),
            self.judged.replay,
            self.winner,
        )
    }

    pub fn reds(&self) -> u32 {
        self.judged.reds
    }

    pub fn colours(&self) -> Colours {
        Colours(self.judged.colours.0)
    }

    /// The ball on for the next stroke; `None` once the frame is over.
    pub fn ball_on(&self) -> Option<BallOn> {
        match (self.judged.stage, self.judged.on) {
            (judged::Stage::Over, _) => None,
            (_, judged::frame::On::Reds) => Some(BallOn::Reds),
            (_, judged::frame::On::AnyColour) => Some(BallOn::AnyColour),
            (_, judged::frame::On::Colour(colour)) => Some(BallOn::Colour(ball(colour))),
        }
    }

    pub fn score(&self, player: Player) -> u64 {
        self.judged.scores[player.index()]
    }

    /// The player at the table (the last striker once the frame is over).
    pub fn striker(&self) -> Player {
        self.judged.striker
    }

    pub fn stage(&self) -> Stage {
        self.judged.stage
    }

    /// The winner, once the frame is over.
    pub fn winner(&self) -> Option<Player> {
        self.winner
    }

    /// Whether `Play again` may be asked now (S11).
    pub(crate) fn may_play_again(&self) -> bool {
        self.judged.replay.is_some()
    }

    pub(crate) fn on_table(&self, ball: Ball) -> bool {
        self.judged.on_table(judged_ball(ball))
    }

    /// The most points still to be scored (K1): every red with a black
    /// after it, every colour on the table, and a black for the colour
    /// owed after a red.
    pub(crate) fn points_remaining(&self) -> u64 {
        let black = Ball::Black.value();
        match self.stage() {
            Stage::Over => 0,
            Stage::LotDue => black,
            Stage::Playing => {
                let owed = if self.ball_on() == Some(BallOn::AnyColour) {
                    black
                } else {
                    0
                };
                let colours: u64 = self.colours().iter().map(Ball::value).sum();
                (1 + black) * u64::from(self.reds()) + colours + owed
            }
        }
    }

    /// Plays a stroke, nominating per S3 when a colour is to be chosen.
    pub fn play(&mut self, stroke: &Stroke) -> Result<Outcome, Impossible> {
        let judged = judged_stroke(stroke);
        if self.judged.check(&judged).is_err() {
            return Err(self.why_not(stroke));
        }
        let call = judged.call(self.judged.on);
        Ok(self.carry_out(&judged, call))
    }

    /// Plays a stroke with an explicitly nominated colour (the kata's way);
    /// `nominated` matters only while "a colour" is on, and without it the
    /// colour first hit is nominated, else Yellow (S3). A stroke that does
    /// not hit the nominated colour first is called with that colour on.
    pub(crate) fn play_nominating(
        &mut self,
        stroke: &Stroke,
        nominated: Option<Ball>,
    ) -> Result<Outcome, Impossible> {
        self.check(stroke)?;
        let on = match (self.judged.on, nominated) {
            (judged::frame::On::AnyColour, Some(colour))
                if colour.is_colour() && stroke.first != Some(colour) =>
            {
                judged::frame::On::Colour(judged_ball(colour))
            }
            (on, _) => on,
        };
        let stroke = judged_stroke(stroke);
        let call = stroke.call(on);
        Ok(self.carry_out(&stroke, call))
    }

    /// S14: a stroke may be played only while the frame is in play, and
    /// only with balls that are on the table.
    pub(crate) fn check(&self, stroke: &Stroke) -> Result<(), Impossible> {
        match self.judged.check(&judged_stroke(stroke)) {
            Ok(()) => Ok(()),
            Err(_) => Err(self.why_not(stroke)),
        }
    }

    /// The judge core's call of a stroke that its `check` let through,
    /// carried out, and the winner kept: `play` once the call is made,
    /// for the fast path, which keeps calls.
    #[inline(always)]
    pub(crate) fn carry_out(
        &mut self,
        stroke: &judged::Stroke,
        call: judged::frame::Call,
    ) -> Outcome {
        let outcome = outcome(self.judged.carry_out(stroke, call));
        if let Next::Won(player) = outcome.next {
            self.winner = Some(player);
        }
        outcome
    }

    /// Why the judge core refused a stroke, in detail: the frame is not in
    /// play, or the first ball the stroke names that is not on the table.
    #[cold]
    fn why_not(&self, stroke: &Stroke) -> Impossible {
        match self.stage() {
            Stage::LotDue => return Impossible::LotDue,
            Stage::Over => return Impossible::FrameOver,
            Stage::Playing => {}
        }
        match stroke.first {
            Some(ball) if !self.on_table(ball) => Impossible::NotOnTable { ball, first: true },
            _ if stroke.reds > self.reds() => Impossible::TooManyReds { left: self.reds() },
            _ => match stroke.colours.without(self.colours()).lowest() {
                Some(ball) => Impossible::NotOnTable { ball, first: false },
                None => Impossible::FrameOver,
            },
        }
    }

    /// The other player asks the offender of the last stroke, a foul, to
    /// play again from the same position (S11).
    pub fn play_again(&mut self) -> Result<Replay, Impossible> {
        let stage = self.stage();
        self.judged.play_again().map_err(|_| match stage {
            Stage::Playing => Impossible::NoPlayAgain,
            Stage::LotDue => Impossible::LotDue,
            Stage::Over => Impossible::FrameOver,
        })
    }

    /// A free ball (the match's ruling M4, beyond the contest: no contest
    /// input reaches it): `ball`, a colour on the table that is not the
    /// ball on, stands for the ball on in this stroke. The stroke is called
    /// by the judge core as if `ball` were the ball on (and the ball it
    /// stands for were not); then only balls that really went down are
    /// kept down or put back, and `ball`, if potted, is put back. The
    /// caller sees that a free ball is due (right after a foul,
    /// `may_play_again`) and that `ball` is no ball on.
    pub(crate) fn free_ball(&mut self, ball: Ball, stroke: &Stroke) -> Result<Outcome, Impossible> {
        self.check(stroke)?;
        if !self.on_table(ball) {
            return Err(Impossible::NotOnTable { ball, first: true });
        }
        let standing_for = match self.ball_on() {
            Some(BallOn::Colour(colour)) => colour,
            _ => Ball::Red,
        };
        let mut judged = *stroke;
        if judged.first == Some(ball) {
            judged.first = Some(standing_for);
        } else if judged.first == Some(standing_for) {
            // The ball it stands for is not on: hit first, a foul worth
            // what missing everything is.
            judged.first = None;
        }
        if judged.colours.contains(ball) {
            judged.colours = judged.colours.without(Colours::of(ball));
            match standing_for {
                Ball::Red => judged.reds += 1,
                colour => judged.colours.insert(colour),
            }
        }
        let mut call = judged_stroke(&judged).call(self.judged.on);
        let really_potted =
            |colour: judged::Ball| stroke.colours.contains(self::convert::ball(colour));
        let mut respotted = judged::balls::Colours::default();
        for colour in call.respotted.iter().filter(|&c| really_potted(c)) {
            respotted.insert(colour);
        }
        if stroke.colours.contains(ball) {
            respotted.insert(judged_ball(ball));
        }
        call.respotted = respotted;
        call.stays_down = call
            .stays_down
            .filter(|&colour| really_potted(colour) && self::convert::ball(colour) != ball);
        Ok(self.carry_out(&judged_stroke(stroke), call))
    }

    /// The lot after a tie: `player` plays the black from in-hand (S10).
    pub fn lot(&mut self, player: Player) -> Result<(), Impossible> {
        let stage = self.stage();
        self.judged.lot(player).map_err(|_| match stage {
            Stage::Over => Impossible::FrameOver,
            _ => Impossible::NoLotDue,
        })
    }
}

#[cfg(test)]
mod tests;
