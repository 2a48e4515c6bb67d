//! A match as it stands (rulings M1 to M7): the frame in play on the
//! referee's [`Frame`], the frames won, the breaks, and every earlier state
//! kept for `undo`.

use super::entry::{self, Entry};
use crate::core::snooker::{Frame, Next, Player, Stage};
use crate::tool::scoreboard::record::Step;
use crate::tool::scoreboard::{scores, Breaks, Shot};

/// What stays fixed for a whole match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Settings {
    /// Player A breaks off the odd frames (M1).
    pub(crate) names: [String; 2],
    /// Odd, 1 to 35.
    pub(crate) best_of: u32,
}

impl Settings {
    /// Frames a player needs to win the match.
    fn to_win(&self) -> u32 {
        self.best_of.div_ceil(2)
    }
}

/// Everything an entry may change; `undo` puts back an earlier one whole.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct State {
    /// The frame's number, from 1.
    pub(crate) number: u32,
    /// The frame, its player A being the one who broke off.
    pub(crate) frame: Frame,
    pub(crate) breaker: Player,
    pub(crate) frames: [u32; 2],
    pub(crate) breaks: Breaks,
    /// The highest break of each player in the match.
    pub(crate) highest: [u64; 2],
    /// The last entry's foul, if it was one: the offender and the points
    /// it gave away.
    pub(crate) foul: Option<(Player, u64)>,
    /// Whether the player at the table has the cue ball in hand.
    pub(crate) in_hand: bool,
    /// The player who conceded the frame (M3).
    pub(crate) conceded: Option<Player>,
    /// How many steps of the record this state has.
    steps: usize,
}

impl State {
    fn first() -> State {
        State {
            number: 1,
            frame: Frame::new(),
            breaker: Player::A,
            frames: [0, 0],
            breaks: Breaks::default(),
            highest: [0, 0],
            foul: None,
            in_hand: true,
            conceded: None,
            steps: 1,
        }
    }

    /// The match's player for one of the frame's (its A broke off).
    pub(crate) fn of_frame(&self, player: Player) -> Player {
        match self.breaker {
            Player::A => player,
            Player::B => player.other(),
        }
    }

    /// The scores in the match's order.
    pub(crate) fn score(&self) -> [u64; 2] {
        let [a, b] = scores(&self.frame);
        match self.breaker {
            Player::A => [a, b],
            Player::B => [b, a],
        }
    }

    /// The winner of the frame, once it is over.
    pub(crate) fn frame_winner(&self) -> Option<Player> {
        match self.conceded {
            Some(player) => Some(player.other()),
            None => self.frame.winner().map(|p| self.of_frame(p)),
        }
    }

    pub(crate) fn lot_due(&self) -> bool {
        self.frame.stage() == Stage::LotDue && self.conceded.is_none()
    }

    /// The player at the table, while the frame is in play and no lot is due.
    fn at_table(&self) -> Option<Player> {
        match self.frame_winner() {
            None if !self.lot_due() => Some(self.of_frame(self.frame.striker())),
            _ => None,
        }
    }
}

/// A match: its settings, its state, the states before every entry that
/// stands, and the record of the strokes for the report.
pub(crate) struct Match {
    pub(crate) settings: Settings,
    pub(crate) state: State,
    earlier: Vec<State>,
    /// The entries that stand, in the log's words, for the board.
    pub(crate) entries: Vec<String>,
    pub(crate) record: Vec<Step>,
}

impl Match {
    pub(crate) fn new(settings: Settings) -> Match {
        let record = vec![Step::Frame {
            number: 1,
            names: settings.names.clone(),
        }];
        Match {
            settings,
            state: State::first(),
            earlier: Vec::new(),
            entries: Vec::new(),
            record,
        }
    }

    pub(crate) fn winner(&self) -> Option<Player> {
        let to_win = self.settings.to_win();
        [Player::A, Player::B]
            .into_iter()
            .find(|p| self.state.frames[p.index()] >= to_win)
    }

    /// Who plays next (M6): after a frame's last entry, who breaks off
    /// the next one; none once the match is over or while a lot is due.
    pub(crate) fn next(&self) -> Option<Player> {
        if self.winner().is_some() {
            return None;
        }
        match self.state.frame_winner() {
            Some(_) => Some(breaker_of(self.state.number + 1)),
            None => self.state.at_table(),
        }
    }

    /// Takes an entry (not `quit`): the state after it, or why it is
    /// refused, in which case nothing changed.
    pub(crate) fn enter(&mut self, entry: &Entry) -> Result<(), String> {
        if *entry == Entry::Quit {
            return Err("`quit` ends the session: it is no entry of the match".to_string());
        }
        if *entry == Entry::Undo {
            let earlier = self.earlier.pop().ok_or("nothing to undo")?;
            self.state = earlier;
            self.entries.pop();
            self.record.truncate(self.state.steps);
            return Ok(());
        }
        if self.winner().is_some() {
            return Err("the match is over: only undo or quit".to_string());
        }
        let mut state = self.state.clone();
        if state.frame_winner().is_some() {
            self.next_frame(&mut state);
        }
        match self.play(&mut state, entry) {
            Ok(()) => {
                state.steps = self.record.len();
                self.earlier.push(std::mem::replace(&mut self.state, state));
                let names = &self.settings.names;
                self.entries.push(entry::text(entry, names));
                Ok(())
            }
            Err(message) => {
                self.record.truncate(self.state.steps);
                Err(message)
            }
        }
    }

    fn next_frame(&mut self, state: &mut State) {
        state.number += 1;
        state.breaker = breaker_of(state.number);
        state.frame = Frame::new();
        state.breaks = Breaks::default();
        state.foul = None;
        state.in_hand = true;
        state.conceded = None;
        self.record.push(Step::Frame {
            number: u64::from(state.number),
            names: self.settings.names.clone(),
        });
    }

    /// Plays an entry on `state`, adding to the record.
    fn play(&mut self, state: &mut State, entry: &Entry) -> Result<(), String> {
        let before = scores(&state.frame);
        let outcome = match *entry {
            Entry::Stroke(stroke) => state.frame.play(&stroke),
            Entry::FreeBall(ball, stroke) => {
                if !state.frame.may_play_again() {
                    return Err("a free ball is taken only on the first stroke after \
                                the opponent's foul"
                        .to_string());
                }
                if state.frame.ball_on().map(|on| on.name()) == Some(ball.name()) {
                    return Err(format!(
                        "{} is the ball on: play it as a plain stroke",
                        ball.name()
                    ));
                }
                state.frame.free_ball(ball, &stroke)
            }
            Entry::Again => {
                let replay = state
                    .frame
                    .play_again()
                    .map_err(|why| why_not(state, why))?;
                state.breaks.new_visit();
                state.foul = None;
                state.in_hand = replay.in_hand;
                self.record.push(Step::NewVisit);
                return Ok(());
            }
            Entry::Lot(player) => {
                let lot = state.frame.lot(state.of_frame(player));
                lot.map_err(|why| why_not(state, why))?;
                state.breaks.new_visit();
                state.foul = None;
                state.in_hand = true;
                self.record.push(Step::NewVisit);
                return Ok(());
            }
            Entry::Concede => {
                let player = state
                    .at_table()
                    .ok_or("a lot is due: the lot comes before a concession")?;
                state.conceded = Some(player);
                state.foul = None;
                state.in_hand = false;
                state.breaks.new_visit();
                state.frames[player.other().index()] += 1;
                self.record.push(Step::End {
                    winner: player.other().index(),
                    conceded: true,
                });
                return Ok(());
            }
            // Taken by `enter` before a frame is touched.
            Entry::Undo | Entry::Quit => return Err("no stroke".to_string()),
        };
        let outcome = outcome.map_err(|why| why_not(state, why))?;
        let mut shot = Shot::new(before, &state.frame, outcome);
        let striker = state.of_frame(shot.striker);
        shot.break_after = state.breaks.stroke(&shot);
        let best = &mut state.highest[striker.index()];
        *best = (*best).max(shot.break_after);
        state.foul = outcome.foul.then_some((striker, shot.points));
        state.in_hand = outcome.in_hand;
        self.record
            .push(Step::of_shot(&shot, striker.index(), state.score()));
        if let Next::Won(winner) = outcome.next {
            let winner = state.of_frame(winner);
            state.frames[winner.index()] += 1;
            state.in_hand = false;
            self.record.push(Step::End {
                winner: winner.index(),
                conceded: false,
            });
        }
        Ok(())
    }
}

/// Player A breaks off the odd frames, B the even ones (M1).
fn breaker_of(number: u32) -> Player {
    if number % 2 == 1 {
        Player::A
    } else {
        Player::B
    }
}

/// Why the frame refused an entry, in the referee's words.
fn why_not(state: &State, why: crate::core::snooker::Impossible) -> String {
    use crate::core::snooker::Impossible;
    match why {
        Impossible::NotOnTable { ball, .. } => {
            let left: Vec<&str> = (1..=7)
                .filter_map(crate::core::snooker::Ball::from_value)
                .filter(|&b| state.frame.on_table(b))
                .map(|b| b.name())
                .collect();
            format!(
                "{} is not on the table (balls left: {})",
                ball.name(),
                left.join(" ")
            )
        }
        Impossible::TooManyReds { left: 1 } => "only 1 red is left".into(),
        Impossible::TooManyReds { left } => format!("only {} reds are left", left),
        Impossible::LotDue => "a lot is due: enter the name of the player who won it".into(),
        Impossible::FrameOver => "the frame is over".into(),
        Impossible::NoPlayAgain => "`again` is taken only right after a foul".into(),
        Impossible::NoLotDue => "no lot is due".into(),
    }
}
