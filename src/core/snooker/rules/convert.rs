//! The tool's balls, strokes and outcomes turned into the judge core's
//! and back. The two agree on every ball's value, and sets of colours are
//! bits by value in both; players, stages and what comes next are the
//! judge core's own types.

use super::Outcome;
use crate::core::snooker::balls::{Ball, Colours, Stroke};
use crate::judge::snooker as judged;

pub(super) fn judged_ball(ball: Ball) -> judged::Ball {
    match ball {
        Ball::Red => judged::Ball::Red,
        colour => judged::Ball::COLOURS[colour as usize - 2],
    }
}

pub(super) fn ball(ball: judged::Ball) -> Ball {
    Ball::from_value(ball.value()).expect("a ball's value is 1 to 7")
}

pub(crate) fn judged_stroke(stroke: &Stroke) -> judged::Stroke {
    judged::Stroke {
        first: stroke.first.map(judged_ball),
        reds: stroke.reds,
        colours: judged::balls::Colours(stroke.colours.0),
        white: stroke.white,
    }
}

#[inline(always)]
pub(super) fn outcome(outcome: judged::Outcome) -> Outcome {
    let call = outcome.call;
    Outcome {
        foul: call.foul,
        respot: Colours(call.respotted.0),
        in_hand: call.in_hand,
        next: outcome.next,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_ball_and_colour_set_means_the_same_in_both() {
        for colour in Ball::COLOURS {
            let stroke = Stroke {
                first: Some(colour),
                colours: Colours::of(colour),
                ..Stroke::default()
            };
            let judged = judged_stroke(&stroke);
            assert_eq!(judged.first.map(|b| b.name()), Some(colour.name()));
            let potted: Vec<&str> = judged.colours.iter().map(|b| b.name()).collect();
            assert_eq!(potted, vec![colour.name()]);
            assert_eq!(ball(judged_ball(colour)), colour);
        }
        assert_eq!(ball(judged_ball(Ball::Red)), Ball::Red);
    }
}
