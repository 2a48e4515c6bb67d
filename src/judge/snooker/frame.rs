//! The rules of a frame as one state machine, [`Frame`]: a stroke, `Play
//! again` or the lot goes in, the frame moves on and says what happened.

use super::balls::{Ball, Colours, Player, Stroke};

/// The smallest penalty; the cue ball potted counts this much too (S4).
const MIN_PENALTY: u32 = 4;

/// The reds at the start of a frame.
pub const REDS: u32 = 15;

/// The ball on for the next stroke (S2).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum On {
    /// Any red.
    Reds,
    /// A colour of the striker's choice, after a red was potted.
    AnyColour,
    /// That colour: phase two, or after a tie on the black.
    Colour(Ball),
}

/// Where a frame stands between strokes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    Playing,
    /// Tied on the only black: the lot decides who plays (S9, S10).
    LotDue,
    Over,
}

/// Who plays after a stroke.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    /// The striker scored and plays on.
    SameStriker,
    /// The visit ended: this player comes to the table.
    TurnPasses(Player),
    /// A tie on the only black: it is respotted and a lot is due.
    Tie,
    /// The frame is over, won by this player.
    Won(Player),
}

/// What one stroke did: its call, and who plays next.
pub struct Outcome {
    /// Its call, but for the colours put back: none on a stroke that ends
    /// or ties the frame (S9).
    pub call: Call,
    pub next: Next,
}

/// What a stroke is with a given ball on, whatever else is on the table
/// (S3 to S6).
#[derive(Clone, Copy)]
pub struct Call {
    pub foul: bool,
    /// Points scored by the striker, or the penalty given to the opponent.
    pub points: u32,
    /// Colours put back on their spots.
    pub respotted: Colours,
    /// A colour potted legally in phase two, which stays down.
    pub stays_down: Option<Ball>,
    /// The cue ball went in on a foul: the next player is in hand (S12).
    pub in_hand: bool,
}

impl Stroke {
    /// The stroke played with `on` the ball on (S3 to S6).
    pub fn call(&self, on: On) -> Call {
        // S3: "a colour" is the colour first hit, else Yellow.
        let target = match on {
            On::Reds => Ball::Red,
            On::Colour(colour) => colour,
            On::AnyColour => match self.first {
                Some(colour) if colour != Ball::Red => colour,
                _ => Ball::Yellow,
            },
        };
        // S5: a legal stroke hits the ball on first and pots only balls
        // on, scoring the value of each.
        let foul =
            self.white || self.first != Some(target) || self.potted().any(|ball| ball != target);
        let points = if foul {
            // S4: the highest of 4, the ball on, the ball hit first and
            // the balls potted; penalties of one stroke never add up.
            let involved = self.first.into_iter().chain(self.potted());
            involved
                .chain(Some(target))
                .map(Ball::value)
                .fold(MIN_PENALTY, u32::max)
        } else {
            self.reds + self.colours.iter().map(Ball::value).sum::<u32>()
        };
        // S6: colours potted in a foul go back; a colour potted legally
        // goes back in phase one and stays down in phase two.
        let mut respotted = Colours::default();
        let mut stays_down = None;
        if foul {
            respotted = self.colours;
        } else if points > 0 && target != Ball::Red {
            match on {
                On::AnyColour => respotted.insert(target),
                _ => stays_down = Some(target),
            }
        }
        Call {
            foul,
            points,
            respotted,
            stays_down,
            in_hand: foul && self.white,
        }
    }
}

/// The offender whom the other player may ask to play again (S11).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Replay {
    pub offender: Player,
    pub in_hand: bool,
}

/// Why a line cannot be played on the frame as it stands (S11, S14).
pub type Impossible = &'static str;

/// One frame, set up for the break-off by player A. Its fields are open to
/// read; the rules change them only through strokes, `Play again` and the
/// lot.
#[derive(Clone)]
pub struct Frame {
    /// The reds left on the table.
    pub reds: u32,
    pub colours: Colours,
    /// The ball on, while the frame is in play.
    pub on: On,
    /// The players' scores, by `Player::index`. They are 64-bit: a stroke
    /// scores at most 15 points and takes at least five bytes of input.
    pub scores: [u64; 2],
    /// The player at the table (the last striker once the frame is over).
    pub striker: Player,
    pub stage: Stage,
    /// The offender who may be asked to play again now (S11).
    pub replay: Option<Replay>,
}

impl Default for Frame {
    fn default() -> Frame {
        Frame {
            reds: REDS,
            colours: Colours::all(),
            on: On::Reds,
            scores: [0, 0],
            striker: Player::A,
            stage: Stage::Playing,
            replay: None,
        }
    }
}

impl Frame {
    pub fn on_table(&self, ball: Ball) -> bool {
        match ball {
            Ball::Red => self.reds > 0,
            colour => self.colours.contains(colour),
        }
    }

    /// Plays a stroke (S3 to S9, S12, S14).
    pub fn play(&mut self, stroke: &Stroke) -> Result<Outcome, Impossible> {
        self.check(stroke)?;
        Ok(self.carry_out(stroke, stroke.call(self.on)))
    }

    /// Carries out the call of a stroke that `check` let through: the
    /// scores, the table and who plays next (S6 to S9, S12).
    #[inline]
    pub fn carry_out(&mut self, stroke: &Stroke, mut call: Call) -> Outcome {
        let scored = !call.foul && call.points > 0;
        let striker = self.striker;
        let scorer = if call.foul { striker.other() } else { striker };
        self.scores[scorer.index()] += u64::from(call.points);
        // S6: reds stay down whatever happens.
        self.reds -= stroke.reds;
        self.replay = call.foul.then_some(Replay {
            offender: striker,
            in_hand: stroke.white,
        });
        let next = if self.on == On::Colour(Ball::Black) && call.points > 0 {
            // S9: with only the black left, the first score or foul ends
            // the frame, or ties it: then the black stays for the lot.
            self.replay = None;
            call.respotted = Colours::default();
            let [a, b] = self.scores;
            if a == b {
                self.stage = Stage::LotDue;
                Next::Tie
            } else {
                // The player with more points wins.
                self.stage = Stage::Over;
                Next::Won(if a > b { Player::A } else { Player::B })
            }
        } else {
            if let Some(colour) = call.stays_down {
                self.colours.remove(colour);
            }
            // S2: reds potted legally leave "a colour" on.
            self.on = if scored && self.on == On::Reds {
                On::AnyColour
            } else if self.reds > 0 {
                On::Reds
            } else {
                // S7: phase two, on the lowest colour left.
                On::Colour(self.colours.iter().next().unwrap_or(Ball::Black))
            };
            if scored {
                Next::SameStriker
            } else {
                self.striker = striker.other();
                Next::TurnPasses(self.striker)
            }
        };
        Outcome { call, next }
    }

    /// S14: a stroke is played only while the frame is in play, and only
    /// with balls that are on the table.
    #[inline]
    pub fn check(&self, stroke: &Stroke) -> Result<(), Impossible> {
        if self.stage != Stage::Playing {
            return Err("the frame is not in play");
        }
        // The ball hit first, and every colour potted, on the table.
        let first = stroke.first.map_or(true, |ball| self.on_table(ball));
        if !first || !stroke.colours.within(self.colours) {
            return Err("a ball not on the table");
        }
        if stroke.reds > self.reds {
            return Err("too many reds");
        }
        Ok(())
    }

    /// The other player asks the offender of the last stroke, a foul, to
    /// play again from the position as it is (S11).
    pub fn play_again(&mut self) -> Result<Replay, Impossible> {
        let replay = self
            .replay
            .take()
            .ok_or("`Play again` not right after a foul")?;
        self.striker = replay.offender;
        Ok(replay)
    }

    /// The lot after a tie: `player` plays the black from in hand (S10).
    pub fn lot(&mut self, player: Player) -> Result<(), Impossible> {
        if self.stage != Stage::LotDue {
            return Err("no lot due");
        }
        self.stage = Stage::Playing;
        self.striker = player;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play(frame: &mut Frame, line: &str) -> Outcome {
        let words: Vec<&str> = line.split(' ').collect();
        frame.play(&Stroke::read(&words).unwrap()).unwrap()
    }

    /// A frame in phase two with only `colours` left, A to play.
    fn phase_two(colours: &[Ball]) -> Frame {
        let mut frame = Frame {
            reds: 0,
            colours: Colours::default(),
            ..Frame::default()
        };
        for &colour in colours {
            frame.colours.insert(colour);
        }
        frame.on = On::Colour(colours[0]);
        frame
    }

    #[test]
    fn reds_then_a_colour_then_reds() {
        let mut frame = Frame::default();
        let out = play(&mut frame, "Red Red Red");
        assert_eq!((out.call.foul, out.next), (false, Next::SameStriker));
        assert_eq!(frame.scores[0], 2);
        assert_eq!((frame.reds, frame.on), (13, On::AnyColour));
        let out = play(&mut frame, "Black Black");
        assert_eq!(
            out.call.respotted.iter().collect::<Vec<_>>(),
            vec![Ball::Black]
        );
        assert_eq!((frame.scores[0], frame.on), (9, On::Reds));
        let out = play(&mut frame, "Red");
        assert_eq!(out.next, Next::TurnPasses(Player::B));
    }

    #[test]
    fn a_penalty_is_the_highest_value_involved_and_at_least_four() {
        for (line, penalty) in [
            ("Pink", 6),
            ("Red White", 4),
            ("None", 4),
            ("Red Black", 7),
            ("Yellow Yellow", 4),
        ] {
            let mut frame = Frame::default();
            assert!(play(&mut frame, line).call.foul, "{}", line);
            assert_eq!(frame.scores[1], penalty, "{}", line);
        }
    }

    #[test]
    fn a_colour_nominated_by_the_first_hit_and_yellow_otherwise() {
        let mut frame = Frame::default();
        play(&mut frame, "Red Red");
        assert!(play(&mut frame, "Red").call.foul);
        assert_eq!(frame.scores[1], 4);
        let mut frame = Frame::default();
        play(&mut frame, "Red Red");
        let out = play(&mut frame, "Green Blue");
        assert!(out.call.foul);
        assert_eq!(frame.scores[1], 5);
        assert_eq!(
            out.call.respotted.iter().collect::<Vec<_>>(),
            vec![Ball::Blue]
        );
    }

    #[test]
    fn phase_two_starts_after_the_colour_that_follows_the_last_red() {
        let mut frame = Frame {
            reds: 1,
            ..Frame::default()
        };
        play(&mut frame, "Red Red");
        assert_eq!(frame.on, On::AnyColour);
        play(&mut frame, "Pink");
        assert_eq!(frame.on, On::Colour(Ball::Yellow));
        let mut frame = Frame {
            reds: 1,
            ..Frame::default()
        };
        let out = play(&mut frame, "Blue Red");
        assert!(out.call.foul);
        assert_eq!(frame.on, On::Colour(Ball::Yellow));
    }

    #[test]
    fn phase_two_colours_stay_down_unless_potted_in_a_foul() {
        let mut frame = phase_two(&[Ball::Yellow, Ball::Green]);
        let out = play(&mut frame, "Yellow Yellow");
        assert_eq!(out.call.respotted.iter().next(), None);
        assert_eq!(frame.on, On::Colour(Ball::Green));
        let out = play(&mut frame, "Green Green White");
        assert_eq!(
            out.call.respotted.iter().collect::<Vec<_>>(),
            vec![Ball::Green]
        );
        assert!(out.call.in_hand);
    }

    #[test]
    fn the_last_black_ends_the_frame_or_ties_it_for_a_lot() {
        let mut frame = phase_two(&[Ball::Black]);
        let out = play(&mut frame, "Black");
        assert_eq!(out.next, Next::TurnPasses(Player::B));
        let out = play(&mut frame, "Black Black");
        assert_eq!(out.next, Next::Won(Player::B));
        assert_eq!(frame.stage, Stage::Over);

        let mut frame = phase_two(&[Ball::Black]);
        frame.scores = [0, 7];
        let out = play(&mut frame, "Black Black");
        assert_eq!((out.next, frame.stage), (Next::Tie, Stage::LotDue));
        assert_eq!(
            frame.play(&Stroke::default()).err(),
            Some("the frame is not in play")
        );
        frame.lot(Player::B).unwrap();
        let out = play(&mut frame, "None");
        assert_eq!((out.call.foul, out.next), (true, Next::Won(Player::A)));
        assert_eq!(frame.scores[0], 14);
    }

    #[test]
    fn play_again_only_right_after_a_foul() {
        let mut frame = Frame::default();
        assert_eq!(
            frame.play_again(),
            Err("`Play again` not right after a foul")
        );
        play(&mut frame, "None White");
        let replay = frame.play_again().unwrap();
        assert_eq!(
            replay,
            Replay {
                offender: Player::A,
                in_hand: true
            }
        );
        assert_eq!(frame.striker, Player::A);
        assert_eq!(
            frame.play_again(),
            Err("`Play again` not right after a foul")
        );
    }

    #[test]
    fn strokes_with_balls_off_the_table_are_impossible() {
        let mut frame = phase_two(&[Ball::Pink, Ball::Black]);
        let stroke = Stroke::read(&["Yellow"]).unwrap();
        let impossible = frame.play(&stroke).err();
        assert_eq!(impossible, Some("a ball not on the table"));
        let stroke = Stroke::read(&["Red"]).unwrap();
        assert_eq!(frame.play(&stroke).err(), Some("a ball not on the table"));
        let stroke = Stroke::read(&["Pink", "Red"]).unwrap();
        assert_eq!(frame.play(&stroke).err(), Some("too many reds"));
        let mut frame = Frame {
            reds: 1,
            ..Frame::default()
        };
        let stroke = Stroke::read(&["Red", "Red", "Red"]).unwrap();
        assert_eq!(frame.play(&stroke).err(), Some("too many reds"));
    }
}
