//! The balls, sets of colours, the two players and what a stroke line
//! says: the ball first hit and the balls potted.

/// A ball other than the cue ball; its value is its points.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Ball {
    Red = 1,
    Yellow,
    Green,
    Brown,
    Blue,
    Pink,
    Black,
}

impl Ball {
    /// The colours, lowest value first.
    pub const COLOURS: [Ball; 6] = [
        Ball::Yellow,
        Ball::Green,
        Ball::Brown,
        Ball::Blue,
        Ball::Pink,
        Ball::Black,
    ];

    pub fn value(self) -> u32 {
        self as u32
    }

    /// The ball's name as the output writes it.
    pub const fn name(self) -> &'static str {
        [
            "", "Red", "Yellow", "Green", "Brown", "Blue", "Pink", "Black",
        ][self as usize]
    }

    /// The ball a word names, in any letter case (S13).
    pub fn from_name(word: &str) -> Option<Ball> {
        let balls = Ball::COLOURS.iter().chain(&[Ball::Red]);
        balls.copied().find(|b| b.name().eq_ignore_ascii_case(word))
    }
}

/// The word of a stroke line for a cue ball that hit nothing, first.
pub const NONE: &str = "None";

/// The word of a stroke line for the cue ball potted.
pub const WHITE: &str = "White";

/// A set of colours: bit `v` for the colour of value `v`.
#[derive(Clone, Copy, Default)]
pub struct Colours(pub u8);

impl Colours {
    /// All six colours, as at the start of a frame: bits 2 to 7.
    pub fn all() -> Colours {
        Colours(0b1111_1100)
    }

    pub fn contains(self, colour: Ball) -> bool {
        colour != Ball::Red && self.0 & 1 << colour.value() != 0
    }

    pub fn insert(&mut self, colour: Ball) {
        self.0 |= 1 << colour.value();
    }

    pub fn remove(&mut self, colour: Ball) {
        self.0 &= !(1 << colour.value());
    }

    /// Whether every colour of the set is in `other` too.
    pub fn within(self, other: Colours) -> bool {
        self.0 & !other.0 == 0
    }

    /// The colours in the set, lowest value first. Each is found as the
    /// lowest bit left (bit v is the colour of value v, and `COLOURS`
    /// starts at value 2), not by a test of each colour in turn.
    pub fn iter(self) -> impl Iterator<Item = Ball> {
        let mut left = self;
        std::iter::from_fn(move || {
            let colour = *Ball::COLOURS.get(left.0.trailing_zeros().checked_sub(2)? as usize)?;
            left.remove(colour);
            Some(colour)
        })
    }
}

/// One of the two players of a frame: A breaks off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    A,
    B,
}

impl Player {
    pub fn other(self) -> Player {
        if self == Player::A {
            Player::B
        } else {
            Player::A
        }
    }

    /// 0 for A, 1 for B.
    pub fn index(self) -> usize {
        self as usize
    }
}

/// What a stroke line says: the ball first hit (`None` for none), the reds
/// and colours potted, and whether the cue ball went in.
#[derive(Clone, Copy, Default)]
pub struct Stroke {
    pub first: Option<Ball>,
    pub reds: u32,
    pub colours: Colours,
    pub white: bool,
}

impl Stroke {
    /// Reads a stroke line's words (S8): the ball first hit or `None`,
    /// then the balls potted, `White` for the cue ball; ball names in any
    /// letter case. `None` may be followed by `White` alone; neither a
    /// colour nor `White` may be potted twice.
    pub fn read(words: &[&str]) -> Result<Stroke, String> {
        let first = words.first().copied().unwrap_or("");
        let none = first.eq_ignore_ascii_case(NONE);
        let mut stroke = Stroke {
            first: Ball::from_name(first),
            ..Stroke::default()
        };
        let mut legal = none || stroke.first.is_some();
        for &word in words.iter().skip(1) {
            match Ball::from_name(word) {
                Some(Ball::Red) if !none => stroke.reds += 1,
                Some(colour) if !none && !stroke.colours.contains(colour) => {
                    stroke.colours.insert(colour)
                }
                None if word.eq_ignore_ascii_case(WHITE) && !stroke.white => stroke.white = true,
                _ => legal = false,
            }
        }
        if legal {
            Ok(stroke)
        } else {
            Err(format!("expected a stroke, found {:?}", words))
        }
    }

    /// The balls potted, cue ball aside: the colours and, if any, a red.
    pub fn potted(&self) -> impl Iterator<Item = Ball> {
        let red = (self.reds > 0).then_some(Ball::Red);
        red.into_iter().chain(self.colours.iter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ball_names_are_read_in_any_case_and_written_in_one() {
        assert_eq!(Ball::from_name("bLaCk"), Some(Ball::Black));
        assert_eq!(Ball::from_name("RED").map(Ball::name), Some("Red"));
        assert_eq!(Ball::from_name("White"), None);
    }

    #[test]
    fn a_stroke_counts_reds_and_sets_colours_and_the_cue_ball() {
        let stroke = Stroke::read(&["Red", "Red", "red", "White"]).unwrap();
        assert_eq!(
            (stroke.first, stroke.reds, stroke.white),
            (Some(Ball::Red), 2, true)
        );
        let stroke = Stroke::read(&["None", "white"]).unwrap();
        assert_eq!((stroke.first, stroke.white), (None, true));
        let potted: Vec<Ball> = Stroke::read(&["Blue", "Pink", "Yellow"])
            .unwrap()
            .potted()
            .collect();
        assert_eq!(potted, vec![Ball::Yellow, Ball::Pink]);
    }

    #[test]
    fn a_set_of_colours_is_walked_lowest_first() {
        for bits in 0..64u8 {
            let colours = Colours(bits << 2);
            let walked: Vec<Ball> = colours.iter().collect();
            let looked_up: Vec<Ball> = Ball::COLOURS
                .iter()
                .copied()
                .filter(|&c| colours.contains(c))
                .collect();
            assert_eq!(walked, looked_up, "{:b}", bits);
        }
    }

    #[test]
    fn impossible_stroke_lines_are_refused() {
        for words in [
            &["White"][..],
            &["None", "Red"],
            &["None", "White", "White"],
            &["Red", "Blue", "Blue"],
            &["Red", "White", "White"],
            &["Red", "Purple"],
            &[],
        ] {
            assert!(Stroke::read(words).is_err(), "{:?}", words);
        }
    }
}
