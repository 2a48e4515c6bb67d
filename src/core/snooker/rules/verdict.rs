//! What a stroke is with a given ball on (S3 to S6), as the judge
//! core's `Stroke::call` says, packed as a [`Verdict`] for the tool's
//! [`Frame`]; and [`Verdicts`], the fast path's table of the verdicts
//! asked for.

use super::{Frame, ANY_COLOUR};
use crate::core::snooker::balls::{Ball, Colours, Stroke};
use crate::judge::snooker as judged;

/// What a stroke does with a given ball on, before the table has a say:
/// foul or not, points, and the colours it puts back or takes off for
/// good. Packed in bits: foul (bit 0), a red potted legally (bit 1),
/// points (bits 2 to 7: a stroke scores at most 16, 15 reds and a free
/// ball), colours respotted (bits 8 to 15), colours taken off (bits 16 to
/// 23), and bit 31 set in every verdict made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verdict(u32);

impl Verdict {
    /// The verdict not made yet.
    pub(crate) const UNKNOWN: Verdict = Verdict(0);

    pub(super) fn foul(self) -> bool {
        self.0 & 1 != 0
    }

    pub(super) fn red_potted(self) -> bool {
        self.0 & 2 != 0
    }

    pub(super) fn points(self) -> u64 {
        u64::from(self.0 >> 2 & 0x3f)
    }

    pub(super) fn respot(self) -> Colours {
        Colours((self.0 >> 8) as u8)
    }

    pub(super) fn potted_for_good(self) -> u8 {
        (self.0 >> 16) as u8
    }
}

impl Stroke {
    /// What the stroke is with `on` the ball on (as in `Frame::on`): the
    /// judge core's call (S3 to S6), packed as a `Verdict`. A colour the
    /// kata nominated outright (`ANY_COLOUR + c`) is the ball on for a
    /// stroke that does not hit it first, and S3's nomination for one
    /// that does.
    pub(crate) fn judge(&self, on: u8) -> Verdict {
        let ball = |ball: Ball| match ball {
            Ball::Red => judged::Ball::Red,
            colour => judged::Ball::COLOURS[colour as usize - 2],
        };
        let colour = |value: u8| Ball::from_value(u32::from(value)).map(ball);
        let judged_on = match on {
            1 => judged::frame::On::Reds,
            ANY_COLOUR => judged::frame::On::AnyColour,
            on if on > ANY_COLOUR && self.first.map(ball) == colour(on - ANY_COLOUR) => {
                judged::frame::On::AnyColour
            }
            on => judged::frame::On::Colour(colour(on % ANY_COLOUR).expect("a colour on")),
        };
        let mut colours = judged::balls::Colours::default();
        self.colours.iter().for_each(|c| colours.insert(ball(c)));
        let stroke = judged::Stroke {
            first: self.first.map(ball),
            reds: self.reds,
            colours,
            white: self.white,
        };
        let call = stroke.call(judged_on);
        let bits = |colours: judged::balls::Colours| {
            colours.iter().fold(0, |bits, c| bits | 1 << c.value())
        };
        Verdict(
            1 << 31
                | u32::from(call.foul)
                | u32::from(!call.foul && self.reds > 0) << 1
                | call.points << 2
                | bits(call.respotted) << 8
                | call.stays_down.map_or(0, |c| 1 << c.value()) << 16,
        )
    }
}

/// Every verdict asked for so far, by stroke and ball on, filled in by
/// `Stroke::judge`: a stroke's verdict depends on nothing else. Its
/// table is made when first used, zeroed, so that only the pages of
/// verdicts asked for take memory.
#[derive(Default)]
pub(crate) struct Verdicts(Vec<u32>);

impl Verdicts {
    /// Bits of a stroke's index: the ball first hit (3), the reds (4),
    /// the colours potted (6) and the cue ball (1); then the ball on (4).
    const STROKE_BITS: u32 = 14;

    #[inline(always)]
    pub(crate) fn verdict(&mut self, stroke: &Stroke, on: u8) -> Verdict {
        let index = stroke.first.map_or(0, |ball| ball as usize)
            | (stroke.reds as usize) << 3
            | usize::from(stroke.colours.0 >> 2) << 7
            | usize::from(stroke.white) << 13
            | usize::from(on) << Verdicts::STROKE_BITS;
        match self.0.get(index) {
            Some(&verdict) if verdict != Verdict::UNKNOWN.0 && stroke.reds <= Frame::REDS => {
                Verdict(verdict)
            }
            _ => self.fill(stroke, on, index),
        }
    }

    /// The verdict at `index` not made yet: made and kept.
    #[cold]
    #[inline(never)]
    fn fill(&mut self, stroke: &Stroke, on: u8, index: usize) -> Verdict {
        let verdict = stroke.judge(on);
        if stroke.reds <= Frame::REDS {
            if self.0.is_empty() {
                self.0 = vec![0; 1 << (Verdicts::STROKE_BITS + 4)];
            }
            self.0[index] = verdict.0;
        }
        verdict
    }
}

/// A free ball's verdict (`Frame::free_ball`) made to fit the table:
/// only colours that `stroke` really potted stay down or go back, and the
/// free `ball`, if potted, goes back.
pub(super) fn stroke_verdict_on_table(verdict: Verdict, stroke: &Stroke, ball: Ball) -> Verdict {
    let potted = stroke.colours.0;
    let respot = (verdict.respot().0 & potted) | (potted & Colours::of(ball).0);
    let for_good = verdict.potted_for_good() & potted & !Colours::of(ball).0;
    Verdict(verdict.0 & !(0xffff << 8) | u32::from(respot) << 8 | u32::from(for_good) << 16)
}
