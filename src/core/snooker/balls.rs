//! The balls and what a stroke line says of them: [`Ball`] (its value is
//! its discriminant), the words of the format (`WORDS`), sets of colours
//! as bits ([`Colours`]), a [`Stroke`], the ball on ([`BallOn`]) and the
//! two [`Player`]s.

use crate::judge::snooker::balls as judged;
pub(crate) use crate::judge::snooker::balls::{NONE as NONE_WORD, WHITE as WHITE_WORD};
pub(crate) use crate::judge::snooker::PLAY_AGAIN;

/// A ball other than the cue ball; the discriminant is its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Ball {
    Red = 1,
    Yellow = 2,
    Green = 3,
    Brown = 4,
    Blue = 5,
    Pink = 6,
    Black = 7,
}

impl Ball {
    /// The six colours in ascending order of value.
    pub const COLOURS: [Ball; 6] = [
        Ball::Yellow,
        Ball::Green,
        Ball::Brown,
        Ball::Blue,
        Ball::Pink,
        Ball::Black,
    ];

    pub(crate) fn value(self) -> u64 {
        self as u64
    }

    /// The ball worth `value` points (1 to 7).
    pub(crate) fn from_value(value: u32) -> Option<Ball> {
        match value {
            1 => Some(Ball::Red),
            2..=7 => Some(Ball::COLOURS[value as usize - 2]),
            _ => None,
        }
    }

    pub(crate) fn is_colour(self) -> bool {
        self != Ball::Red
    }

    /// The ball's name as the statement spells it.
    pub fn name(self) -> &'static str {
        WORDS[self as usize - 1]
    }
}

/// The words of the format as the judge core spells them: the balls by
/// value, then `White`, `None` and the words of `Play again`. A word's
/// code is its place here plus one, so that a ball's code is its value.
pub(crate) const WORDS: [&str; 11] = [
    judged::Ball::Red.name(),
    judged::Ball::Yellow.name(),
    judged::Ball::Green.name(),
    judged::Ball::Brown.name(),
    judged::Ball::Blue.name(),
    judged::Ball::Pink.name(),
    judged::Ball::Black.name(),
    judged::WHITE,
    judged::NONE,
    PLAY_AGAIN[0],
    PLAY_AGAIN[1],
];

/// The codes of the words that are no ball.
pub(crate) const WHITE: u8 = 8;
pub(crate) const NONE: u8 = 9;
pub(crate) const PLAY: u8 = 10;
pub(crate) const AGAIN: u8 = 11;

/// A set of colours, one bit per colour (bit = value).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Colours(pub u8);

impl Colours {
    /// The set of one colour.
    pub(crate) fn of(colour: Ball) -> Colours {
        Colours(1 << colour.value())
    }

    pub(crate) fn contains(self, ball: Ball) -> bool {
        self.0 & (1 << ball.value()) != 0
    }

    pub fn insert(&mut self, ball: Ball) {
        self.0 |= 1 << ball.value();
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The colours in the set, ascending in value.
    pub fn iter(self) -> impl Iterator<Item = Ball> {
        Ball::COLOURS
            .iter()
            .copied()
            .filter(move |&c| self.contains(c))
    }

    /// The colours in `self` but not in `other`.
    pub(crate) fn without(self, other: Colours) -> Colours {
        Colours(self.0 & !other.0)
    }

    pub(crate) fn lowest(self) -> Option<Ball> {
        Ball::from_value(self.0.trailing_zeros())
    }
}

/// One stroke as the input gives it (S8): the ball first hit, or `None`
/// when the cue ball hit nothing, and the balls potted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Stroke {
    pub first: Option<Ball>,
    pub reds: u32,
    pub colours: Colours,
    pub white: bool,
}

/// The ball(s) on for the next stroke (S2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BallOn {
    /// Any red.
    Reds,
    /// A colour of the striker's choice, after a potted red.
    AnyColour,
    /// One given colour: phase two, the lowest colour on the table.
    Colour(Ball),
}

impl BallOn {
    pub(crate) fn name(self) -> &'static str {
        match self {
            BallOn::Reds => "Red",
            BallOn::AnyColour => "Colour",
            BallOn::Colour(ball) => ball.name(),
        }
    }
}

/// One of the two players of a frame, as the judge core has it.
pub use crate::judge::snooker::Player;
