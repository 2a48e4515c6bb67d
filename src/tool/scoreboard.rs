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
//!   ends when the turn passes, on a foul, on `Play again` and at the lot.
//!   The highest break of each player is given when a frame ends.
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

use crate::core::io::{Error, Line, Lines, Output, Tolerant};
use crate::core::snooker::parse::{canonical, read_frames, Names, Visit};
use crate::core::snooker::{
    Ball, BallOn, Frame, Impossible, Next, Outcome, Player, Replay, Stroke,
};
use std::io::{Read, Write};

/// The breaks of a frame (K2): a break counts legal points only and ends
/// when the turn passes, on a foul, on `Play again` and on the lot.
#[derive(Clone, Debug, Default)]
pub struct Breaks {
    current: u64,
    highest: [u64; 2],
}

impl Breaks {
    /// After a stroke: returns the striker's break in the visit after it
    /// (a foul or a miss leaves it as it was), then ends the visit if the
    /// turn passed.
    fn stroke(&mut self, shot: &Shot) -> u64 {
        if !shot.outcome.foul {
            self.current += shot.points;
            let best = &mut self.highest[shot.striker.index()];
            *best = (*best).max(self.current);
        }
        let shown = self.current;
        if let Next::TurnPasses(_) = shot.outcome.next {
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
    pub striker: Player,
    pub foul: bool,
    pub points: u64,
    pub break_after: u64,
    pub outcome: Outcome,
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
                colour => stroke.colours.insert(colour),
            }
        }
        let before = scores(&self.frame);
        let outcome = self.frame.play_nominating(&stroke, self.nominated.take())?;
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

/// One line of input as the views see it.
enum Event<'a> {
    Names,
    Stroke(&'a Stroke, Shot),
    PlayAgain(Replay),
    Lot(Player),
}

/// How a view writes each line; the reading around it is shared.
trait View {
    fn event(
        &mut self,
        number: u64,
        line: &Line,
        event: &Event,
        frame: &Frame,
        names: &Names,
        breaks: &Breaks,
    ) -> Result<(), Error>;
}

/// A `Visit` that follows the frame's breaks and hands each line to a view.
struct Follow<V: View> {
    view: V,
    frame_number: u64,
    before: [u64; 2],
    breaks: Breaks,
}

impl<V: View> Follow<V> {
    fn tell(
        &mut self,
        line: &Line,
        event: Event,
        frame: &Frame,
        names: &Names,
    ) -> Result<(), Error> {
        self.before = scores(frame);
        let number = self.frame_number;
        self.view
            .event(number, line, &event, frame, names, &self.breaks)
    }
}

impl<V: View> Visit for Follow<V> {
    fn names(&mut self, number: u64, line: &Line, names: &Names) -> Result<(), Error> {
        self.frame_number = number;
        self.breaks = Breaks::default();
        self.tell(line, Event::Names, &Frame::new(), names)
    }

    fn stroke(
        &mut self,
        line: &Line,
        stroke: &Stroke,
        outcome: &Outcome,
        frame: &Frame,
        names: &Names,
    ) -> Result<(), Error> {
        let mut shot = Shot::new(self.before, frame, *outcome);
        shot.break_after = self.breaks.stroke(&shot);
        self.tell(line, Event::Stroke(stroke, shot), frame, names)
    }

    fn play_again(
        &mut self,
        line: &Line,
        replay: &Replay,
        frame: &Frame,
        names: &Names,
    ) -> Result<(), Error> {
        self.breaks.new_visit();
        self.tell(line, Event::PlayAgain(*replay), frame, names)
    }

    fn lot(
        &mut self,
        line: &Line,
        player: Player,
        frame: &Frame,
        names: &Names,
    ) -> Result<(), Error> {
        self.breaks.new_visit();
        self.tell(line, Event::Lot(player), frame, names)
    }
}

/// Reads snooker input and writes it through `view`.
fn follow<R: Read, W: Write, V: View + Into<Output<W>>>(
    input: R,
    out: W,
    make: impl FnOnce(Output<W>) -> V,
) -> Result<(), Error> {
    let mut follow = Follow {
        view: make(Output::new(out)),
        frame_number: 0,
        before: [0, 0],
        breaks: Breaks::default(),
    };
    let result = read_frames(&mut Lines::new(input), &mut Tolerant, &mut follow);
    follow.view.into().finish(result)
}

/// Who played a line's stroke, who plays next (`None` once the frame is
/// over or a lot is due), the break to show, and whether a lot is due.
fn players_of(event: &Event) -> (Option<Player>, Option<Player>, u64, bool) {
    match event {
        Event::Names => (None, Some(Player::A), 0, false),
        Event::PlayAgain(replay) => (None, Some(replay.offender), 0, false),
        Event::Lot(player) => (None, Some(*player), 0, false),
        Event::Stroke(_, shot) => {
            let next = match shot.outcome.next {
                Next::SameStriker => Some(shot.striker),
                Next::TurnPasses(player) => Some(player),
                Next::Tie | Next::Won(_) => None,
            };
            let tie = shot.outcome.next == Next::Tie;
            (Some(shot.striker), next, shot.break_after, tie)
        }
    }
}

const TSV_HEADER: &[u8] =
    b"frame\tline\tevent\tstriker\tnext\tscore_a\tscore_b\tbreak\tremaining\ton\n";

/// K3: one tab-separated row per line.
struct Tsv<W: Write>(Output<W>);

impl<W: Write> From<Tsv<W>> for Output<W> {
    fn from(view: Tsv<W>) -> Output<W> {
        view.0
    }
}

impl<W: Write> View for Tsv<W> {
    fn event(
        &mut self,
        number: u64,
        line: &Line,
        event: &Event,
        frame: &Frame,
        names: &Names,
        _breaks: &Breaks,
    ) -> Result<(), Error> {
        let out = &mut self.0;
        let (striker, next, brk, lot_due) = players_of(event);
        out.put_u64(number);
        out.put(b"\t");
        out.put_u64(line.number as u64);
        out.put(b"\t");
        // The line's tokens joined by single spaces; stroke and `Play
        // again` words in the statement's spelling, names as they are.
        let respell = matches!(event, Event::Stroke(..) | Event::PlayAgain(_));
        for (i, token) in line.tokens().enumerate() {
            if i > 0 {
                out.put(b" ");
            }
            match canonical(token.text).filter(|_| respell) {
                Some(word) => out.put(word.as_bytes()),
                None => out.put(token.text),
            }
        }
        out.put(b"\t");
        match striker {
            Some(player) => out.put(names.name(player)),
            None => out.put(b"-"),
        }
        out.put(b"\t");
        match next {
            Some(player) => out.put(names.name(player)),
            None if lot_due => out.put(b"?"),
            None => out.put(b"-"),
        }
        for value in [
            frame.score(Player::A),
            frame.score(Player::B),
            brk,
            frame.points_remaining(),
        ] {
            out.put(b"\t");
            out.put_u64(value);
        }
        out.put(b"\t");
        out.put(frame.ball_on().map_or("-", BallOn::name).as_bytes());
        out.put(b"\n");
        out.end_lines()
    }
}

/// `referee scoreboard --tsv`: RULINGS K3.
pub fn run_tsv<R: Read, W: Write>(input: R, out: W) -> Result<(), Error> {
    follow(input, out, |mut out| {
        out.put(TSV_HEADER);
        Tsv(out)
    })
}

/// A stroke for people: `Red > Red x14`, `None > White`: the ball first
/// hit, then the balls potted, reds counted, colours by value, white last.
fn stroke_text(stroke: &Stroke) -> String {
    let first = stroke.first.map_or("None", Ball::name);
    let mut potted: Vec<String> = Vec::new();
    match stroke.reds {
        0 => {}
        1 => potted.push("Red".to_string()),
        n => potted.push(format!("Red x{}", n)),
    }
    potted.extend(stroke.colours.iter().map(|c| c.name().to_string()));
    if stroke.white {
        potted.push("White".to_string());
    }
    if potted.is_empty() {
        first.to_string()
    } else {
        format!("{} > {}", first, potted.join(" "))
    }
}

/// `text` padded with spaces to `width` characters, on the left (right
/// aligned) or the right. Any width: names may be long.
fn pad(text: &str, width: usize, right_aligned: bool) -> String {
    let fill = " ".repeat(width.saturating_sub(text.chars().count()));
    if right_aligned {
        fill + text
    } else {
        text.to_string() + &fill
    }
}

/// The view for people: a header for a new frame, one aligned line per
/// input line, and a closing line when the frame ends.
struct Human<W: Write>(Output<W>);

impl<W: Write> From<Human<W>> for Output<W> {
    fn from(view: Human<W>) -> Output<W> {
        view.0
    }
}

impl<W: Write> View for Human<W> {
    fn event(
        &mut self,
        number: u64,
        line: &Line,
        event: &Event,
        frame: &Frame,
        names: &Names,
        breaks: &Breaks,
    ) -> Result<(), Error> {
        let name = |p: Player| String::from_utf8_lossy(names.name(p)).into_owned();
        let width = [Player::A, Player::B]
            .iter()
            .map(|&p| name(p).chars().count())
            .max()
            .unwrap_or(0)
            .max(7);
        let mut text = String::new();
        if let Event::Names = event {
            if number > 1 {
                text.push('\n');
            }
            text += &format!(
                "Frame {}: {} v {}\n",
                number,
                name(Player::A),
                name(Player::B)
            );
            text += &format!(
                "{} {:^9} {} {:>5} {:>4} {:<6}  event\n",
                pad("line", 5, true),
                "score",
                pad("striker", width, false),
                "break",
                "left",
                "on"
            );
        }
        let (striker, _, brk, _) = players_of(event);
        let (event_text, mut notes) = match event {
            Event::Names => ("break-off".to_string(), Vec::new()),
            Event::PlayAgain(replay) => (
                format!("Play again: {} to play", name(replay.offender)),
                Vec::new(),
            ),
            Event::Lot(player) => (format!("lot: {} to play", name(*player)), Vec::new()),
            Event::Stroke(stroke, shot) => {
                let mut notes = Vec::new();
                if shot.foul {
                    notes.push(format!("FOUL +{}", shot.points));
                }
                if shot.outcome.next == Next::Tie {
                    notes.push("TIE, lot due".to_string());
                }
                (stroke_text(stroke), notes)
            }
        };
        if let Some(player) = needs_snookers(frame) {
            notes.push(format!("{} needs snookers", name(player)));
        }
        let score = format!(
            "{} : {}",
            pad(&frame.score(Player::A).to_string(), 3, true),
            pad(&frame.score(Player::B).to_string(), 3, false)
        );
        let mut row = format!(
            "{} {} {} {:>5} {:>4} {:<6}  {}",
            pad(&line.number.to_string(), 5, true),
            score,
            pad(&striker.map_or("-".to_string(), name), width, false),
            brk,
            frame.points_remaining(),
            frame.ball_on().map_or("-", BallOn::name),
            event_text
        );
        for note in notes {
            row.push_str("  ");
            row.push_str(&note);
        }
        text += row.trim_end();
        text.push('\n');
        if let Some(winner) = frame.winner() {
            text += &format!(
                "{} wins {} : {}; highest breaks: {} {}, {} {}\n",
                name(winner),
                frame.score(Player::A),
                frame.score(Player::B),
                name(Player::A),
                breaks.highest[0],
                name(Player::B),
                breaks.highest[1]
            );
        }
        self.0.put(text.as_bytes());
        self.0.end_lines()
    }
}

/// `referee scoreboard`: the view for people.
pub fn run<R: Read, W: Write>(input: R, out: W) -> Result<(), Error> {
    follow(input, out, Human)
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

    #[test]
    fn human_strokes_count_reds_and_put_colours_in_order() {
        let mut stroke = Stroke {
            first: Some(Ball::Red),
            reds: 2,
            white: true,
            ..Stroke::default()
        };
        stroke.colours.insert(Ball::Pink);
        stroke.colours.insert(Ball::Blue);
        assert_eq!(stroke_text(&stroke), "Red > Red x2 Blue Pink White");
        assert_eq!(stroke_text(&Stroke::default()), "None");
    }

    #[test]
    fn long_names_are_padded_without_limit() {
        let long = "x".repeat(70_000);
        assert_eq!(pad(&long, 70_002, true).len(), 70_002);
        assert_eq!(pad("ab", 4, false), "ab  ");
    }
}
