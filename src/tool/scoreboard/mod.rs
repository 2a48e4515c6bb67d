//! # The snooker scoreboard (a programming kata)
//!
//! The Snooker Scoreboard kata on top of the referee's [`Frame`]: a
//! library API (shots in; score, player at the table, break, points
//! remaining, winner out) and `referee scoreboard [--tsv]`, two views of
//! snooker contest input. Every stroke goes through `Frame` (the rules are
//! in [`crate::core::snooker`]) and the input is read by the referee's own
//! parser, whose events carry the parsed stroke. What is the scoreboard's
//! own:
//!
//! - **Points remaining (K1)**: 8 for each red on the table, plus the
//!   values of the colours on it, plus 7 while "a colour" is owed after a
//!   potted red; 7 while the black of a tie waits to be played; 0 once the
//!   frame is over. A new frame starts at 147.
//! - **Breaks (K2)**: a break counts the legal points of one visit; it
//!   ends when the turn passes, on a foul, on `Play again`, at the lot and
//!   when the frame ends: the current break is 0 after a foul, while a lot
//!   is due and once the frame is over. An ended break still counts for
//!   its player's highest break, which is given when a frame ends.
//! - **The table view (K3)**, `--tsv`: a header line, then one row per
//!   line of the input after the first that holds a token (names lines,
//!   strokes, `Play again`, lot lines), tab-separated:
//!   `frame line event striker next score_a score_b break remaining on`.
//!   `line` is the input line's number; `event` its tokens joined by single
//!   spaces, the format's words in the statement's spelling; `striker` who
//!   played the stroke (`-` on other lines); `next` who plays next (`?`
//!   while a lot is due, `-` once the frame is over); `break` the striker's
//!   break in the visit after the stroke (a foul or a miss leaves it as it
//!   was; 0 on other lines); `remaining` as above; `on` the ball on next:
//!   `Red`, `Colour`, `Yellow` ... `Black`, or `-` once the frame is over.
//! - **The view for people**: per frame a header, a line per input line
//!   (score, striker, break, points remaining, ball on, the stroke with its
//!   potted balls — reds counted, colours by value, the cue ball last —
//!   fouls, who needs snookers), and the winner with the highest breaks.
//! - **The report** (`--html`, `report.rs`): one HTML page with a score
//!   worm per frame and each player's totals, from a record of the
//!   strokes (`record.rs`).
//!
//! `live` is `referee match`, the scoreboard at the table: live entry of
//! a whole match, on the same `Frame`, with its own rulings (M1 to M7).

pub(crate) mod live;
mod record;
mod report;
mod views;

pub use self::views::{run, run_html, run_tsv};
use crate::core::snooker::{Ball, BallOn, Frame, Impossible, Next, Outcome, Player, Stroke};

/// The breaks of a frame (K2): a break counts legal points only and ends
/// when the turn passes, on a foul, on `Play again`, on the lot and when
/// the frame ends (a tie on the black included).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Breaks {
    current: u64,
    highest: [u64; 2],
}

impl Breaks {
    /// After a stroke: returns the striker's break in the visit after it
    /// (a foul or a miss leaves it as it was), then ends the visit unless
    /// the striker plays on.
    fn stroke(&mut self, shot: &Shot) -> u64 {
        if !shot.outcome.foul {
            self.current += shot.points;
            let best = &mut self.highest[shot.striker.index()];
            *best = (*best).max(self.current);
        }
        let shown = self.current;
        if shot.outcome.next != Next::SameStriker {
            self.current = 0;
        }
        shown
    }

    /// A new visit begins (`Play again`, the lot).
    fn new_visit(&mut self) {
        self.current = 0;
    }
}

/// What a stroke did, as the scoreboard tells it: who played it, whether
/// it was a foul, the points it gave (to the striker, or to the opponent
/// for a foul), and the striker's break after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shot {
    pub(crate) striker: Player,
    pub foul: bool,
    pub(crate) points: u64,
    pub break_after: u64,
    pub(crate) outcome: Outcome,
}

impl Shot {
    /// The shot from the frame's scores before it and the frame after it.
    fn new(before: [u64; 2], frame: &Frame, outcome: Outcome) -> Shot {
        // The striker keeps the table unless the turn passed to the other.
        let striker = match outcome.next {
            Next::TurnPasses(next) => next.other(),
            _ => frame.striker(),
        };
        let scorer = if outcome.foul {
            striker.other()
        } else {
            striker
        };
        Shot {
            striker,
            foul: outcome.foul,
            points: frame.score(scorer) - before[scorer.index()],
            break_after: 0,
            outcome,
        }
    }
}

fn scores(frame: &Frame) -> [u64; 2] {
    [frame.score(Player::A), frame.score(Player::B)]
}

/// A frame followed shot by shot, the kata's way: the striker may nominate
/// a colour explicitly before the stroke that needs one.
#[derive(Clone, Debug)]
pub struct Scoreboard {
    names: [String; 2],
    frame: Frame,
    breaks: Breaks,
    nominated: Option<Ball>,
}

impl Scoreboard {
    /// A new frame; `first` breaks off.
    pub fn new(first: &str, second: &str) -> Scoreboard {
        Scoreboard {
            names: [first.to_string(), second.to_string()],
            frame: Frame::new(),
            breaks: Breaks::default(),
            nominated: None,
        }
    }

    /// Nominates the colour for the next stroke (it matters only while a
    /// colour is on after a red).
    pub fn nominate(&mut self, colour: Ball) -> &mut Scoreboard {
        self.nominated = Some(colour);
        self
    }

    /// Plays a stroke: the ball first hit (`None`: nothing), the balls
    /// potted, and whether the cue ball went in too.
    pub fn shot(
        &mut self,
        first: Option<Ball>,
        potted: &[Ball],
        white: bool,
    ) -> Result<Shot, Impossible> {
        let mut stroke = Stroke {
            first,
            white,
            ..Stroke::default()
        };
        for &ball in potted {
            match ball {
                Ball::Red => stroke.reds += 1,
                // A colour potted once is no longer on the table (S14).
                colour if stroke.colours.contains(colour) => {
                    return Err(Impossible::NotOnTable {
                        ball: colour,
                        first: false,
                    })
                }
                colour => stroke.colours.insert(colour),
            }
        }
        let before = scores(&self.frame);
        // A stroke refused changes nothing: the nomination stands.
        let outcome = self.frame.play_nominating(&stroke, self.nominated)?;
        self.nominated = None;
        let mut shot = Shot::new(before, &self.frame, outcome);
        shot.break_after = self.breaks.stroke(&shot);
        Ok(shot)
    }

    /// Hits `ball` first and pots it.
    pub fn pots(&mut self, ball: Ball) -> Result<Shot, Impossible> {
        self.shot(Some(ball), &[ball], false)
    }

    /// Hits `ball` first and pots nothing.
    pub fn hits(&mut self, ball: Ball) -> Result<Shot, Impossible> {
        self.shot(Some(ball), &[], false)
    }

    /// The cue ball hits nothing.
    pub fn misses_everything(&mut self) -> Result<Shot, Impossible> {
        self.shot(None, &[], false)
    }

    /// After a foul, the other player asks the offender to play again.
    pub fn play_again(&mut self) -> Result<(), Impossible> {
        self.frame.play_again()?;
        self.breaks.new_visit();
        Ok(())
    }

    /// After a tie on the black, the lot names who plays.
    pub fn lot(&mut self, player: Player) -> Result<(), Impossible> {
        self.frame.lot(player)?;
        self.breaks.new_visit();
        Ok(())
    }

    pub fn score(&self, player: Player) -> u64 {
        self.frame.score(player)
    }

    pub fn current_player(&self) -> Player {
        self.frame.striker()
    }

    pub fn name(&self, player: Player) -> &str {
        &self.names[player.index()]
    }

    pub fn ball_on(&self) -> Option<BallOn> {
        self.frame.ball_on()
    }

    pub fn current_break(&self) -> u64 {
        self.breaks.current
    }

    pub fn highest_break(&self, player: Player) -> u64 {
        self.breaks.highest[player.index()]
    }

    pub fn points_remaining(&self) -> u64 {
        self.frame.points_remaining()
    }

    pub fn is_over(&self) -> bool {
        self.frame.winner().is_some()
    }

    pub fn winner(&self) -> Option<Player> {
        self.frame.winner()
    }

    /// The player behind, when he trails by more than the points left.
    pub fn needs_snookers(&self) -> Option<Player> {
        needs_snookers(&self.frame)
    }
}

fn needs_snookers(frame: &Frame) -> Option<Player> {
    if frame.winner().is_some() {
        return None;
    }
    let (a, b) = (frame.score(Player::A), frame.score(Player::B));
    let remaining = frame.points_remaining();
    if a + remaining < b {
        Some(Player::A)
    } else if b + remaining < a {
        Some(Player::B)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn needs_snookers_when_behind_by_more_than_remains() {
        let mut board = Scoreboard::new("A", "B");
        // Fifteen reds and fifteen blacks: 120 points, then the colours.
        for _ in 0..15 {
            board.pots(Ball::Red).unwrap();
            board.nominate(Ball::Black).pots(Ball::Black).unwrap();
        }
        assert_eq!(board.score(Player::A), 120);
        assert_eq!(board.points_remaining(), 27);
        assert_eq!(board.needs_snookers(), Some(Player::B));
        for colour in Ball::COLOURS {
            board.pots(colour).unwrap();
        }
        assert_eq!(
            (board.score(Player::A), board.highest_break(Player::A)),
            (147, 147)
        );
        assert_eq!(board.winner(), Some(Player::A));
        assert_eq!(board.needs_snookers(), None);
    }
}
