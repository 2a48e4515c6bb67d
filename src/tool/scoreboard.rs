//! The Snooker Scoreboard kata on top of the referee's [`Frame`]: a
//! library API (shots in; score, player at the table, break, points
//! remaining, winner out) and `referee scoreboard [--tsv]`, two views of
//! snooker contest input. No rule is restated here: every stroke goes
//! through `Frame`, and the input is read by `snooker::read_frames`.

use crate::core::io::{self as input, Error};
use crate::core::snooker::{
    self, Ball, BallOn, Event, EventKind, Frame, Impossible, Match, Next, Outcome, Player, Stroke,
};
use std::io::{self, BufRead, Write};

/// A frame followed shot by shot, the kata's way: the striker may nominate
/// a colour explicitly before the stroke that needs one.
#[derive(Clone, Debug)]
pub struct Scoreboard {
    names: [String; 2],
    frame: Frame,
    nominated: Option<Ball>,
}

impl Scoreboard {
    /// A new frame; `first` breaks off.
    pub fn new(first: &str, second: &str) -> Scoreboard {
        Scoreboard {
            names: [first.to_string(), second.to_string()],
            frame: Frame::new(),
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
    ) -> Result<Outcome, Impossible> {
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
        let outcome = self.frame.play_nominating(&stroke, self.nominated.take())?;
        Ok(outcome)
    }

    /// Hits `ball` first and pots it.
    pub fn pots(&mut self, ball: Ball) -> Result<Outcome, Impossible> {
        self.shot(Some(ball), &[ball], false)
    }

    /// Hits `ball` first and pots nothing.
    pub fn hits(&mut self, ball: Ball) -> Result<Outcome, Impossible> {
        self.shot(Some(ball), &[], false)
    }

    /// The cue ball hits nothing.
    pub fn misses_everything(&mut self) -> Result<Outcome, Impossible> {
        self.shot(None, &[], false)
    }

    /// After a foul, the other player asks the offender to play again.
    pub fn play_again(&mut self) -> Result<(), Impossible> {
        self.frame.play_again().map(|_| ())
    }

    /// After a tie on the black, the lot names who plays.
    pub fn lot(&mut self, player: Player) -> Result<(), Impossible> {
        self.frame.lot(player)
    }

    pub fn score(&self, player: Player) -> u32 {
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

    pub fn current_break(&self) -> u32 {
        self.frame.current_break()
    }

    pub fn highest_break(&self, player: Player) -> u32 {
        self.frame.highest_break(player)
    }

    pub fn points_remaining(&self) -> u32 {
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

/// The line's tokens joined by single spaces, ball names canonical (K3).
fn write_event_text<W: Write>(out: &mut W, event: &Event<'_>) -> io::Result<()> {
    // Names and lot lines are echoed as they are; stroke and `Play again`
    // words take the statement's spelling.
    let respell = matches!(event.kind, EventKind::Stroke(_) | EventKind::PlayAgain(_));
    for (i, token) in event.line.tokens().enumerate() {
        if i > 0 {
            out.write_all(b" ")?;
        }
        match snooker::canonical(token.text).filter(|_| respell) {
            Some(name) => out.write_all(name.as_bytes())?,
            None => out.write_all(token.text)?,
        }
    }
    Ok(())
}

/// Who played the event's stroke, who plays next (`None` once the frame
/// is over or a lot is due), the break to show, and whether a lot is due.
fn event_players(event: &Event<'_>) -> (Option<Player>, Option<Player>, u32, bool) {
    match event.kind {
        EventKind::Names => (None, Some(Player::A), 0, false),
        EventKind::PlayAgain(replay) => (None, Some(replay.offender), 0, false),
        EventKind::Lot(player) => (None, Some(player), 0, false),
        EventKind::Stroke(outcome) => {
            let next = match outcome.next {
                Next::SameStriker => Some(outcome.striker),
                Next::TurnPasses(player) => Some(player),
                Next::Tie | Next::Won(_) => None,
            };
            (
                Some(outcome.striker),
                next,
                outcome.break_after,
                outcome.next == Next::Tie,
            )
        }
    }
}

/// One K3 row.
fn write_tsv_row<W: Write>(out: &mut W, event: &Event<'_>, game: &Match) -> io::Result<()> {
    let frame = &game.frame;
    let (striker, next, brk, lot_due) = event_players(event);
    input::write_u64(out, event.frame_number)?;
    out.write_all(b"\t")?;
    input::write_u64(out, event.line.number as u64)?;
    out.write_all(b"\t")?;
    write_event_text(out, event)?;
    out.write_all(b"\t")?;
    match striker {
        Some(player) => out.write_all(game.name(player))?,
        None => out.write_all(b"-")?,
    }
    out.write_all(b"\t")?;
    match next {
        Some(player) => out.write_all(game.name(player))?,
        None if lot_due => out.write_all(b"?")?,
        None => out.write_all(b"-")?,
    }
    for number in [
        frame.score(Player::A),
        frame.score(Player::B),
        brk,
        frame.points_remaining(),
    ] {
        out.write_all(b"\t")?;
        input::write_u64(out, u64::from(number))?;
    }
    out.write_all(b"\t")?;
    out.write_all(frame.ball_on().map_or("-", BallOn::name).as_bytes())?;
    out.write_all(b"\n")
}

const TSV_HEADER: &[u8] =
    b"frame\tline\tevent\tstriker\tnext\tscore_a\tscore_b\tbreak\tremaining\ton\n";

/// `referee scoreboard --tsv`: RULINGS K3.
pub fn run_tsv<R: BufRead, W: Write>(input: R, mut out: W) -> Result<(), Error> {
    let result = out.write_all(TSV_HEADER).map_err(Error::Io).and_then(|_| {
        snooker::read_frames(input, false, |event, game| {
            write_tsv_row(&mut out, event, game)
        })
    });
    input::finish(out, result)
}

/// A stroke for people: `Red > Red x14`, `None > White`.
fn stroke_text(event: &Event<'_>) -> String {
    let mut tokens = event.line.tokens();
    let first = tokens.next().map_or(String::new(), |t| {
        Ball::from_name(t.text).map_or_else(|| "None".to_string(), |b| b.name().to_string())
    });
    let mut reds = 0;
    let mut others: Vec<&str> = Vec::new();
    for token in tokens {
        match Ball::from_name(token.text) {
            Some(Ball::Red) => reds += 1,
            Some(ball) => others.push(ball.name()),
            None => others.push("White"),
        }
    }
    let mut potted: Vec<String> = Vec::new();
    match reds {
        0 => {}
        1 => potted.push("Red".to_string()),
        n => potted.push(format!("Red x{}", n)),
    }
    potted.extend(others.iter().map(|s| s.to_string()));
    if potted.is_empty() {
        first
    } else {
        format!("{} > {}", first, potted.join(" "))
    }
}

/// The human view of one event: a header for a new frame, one aligned line
/// per event, and a closing line when the frame ends.
fn write_human<W: Write>(out: &mut W, event: &Event<'_>, game: &Match) -> io::Result<()> {
    let frame = &game.frame;
    let name = |p: Player| String::from_utf8_lossy(game.name(p)).into_owned();
    let width = game.names.iter().map(|n| n.len()).max().unwrap_or(0).max(7);
    if let EventKind::Names = event.kind {
        if event.frame_number > 1 {
            writeln!(out)?;
        }
        writeln!(
            out,
            "Frame {}: {} v {}",
            event.frame_number,
            name(Player::A),
            name(Player::B)
        )?;
        writeln!(
            out,
            "{:>5} {:^9} {:<w$} {:>5} {:>4} {:<6}  event",
            "line",
            "score",
            "striker",
            "break",
            "left",
            "on",
            w = width
        )?;
    }
    let (striker, _, brk, _) = event_players(event);
    let (event_text, mut notes) = match event.kind {
        EventKind::Names => ("break-off".to_string(), Vec::new()),
        EventKind::PlayAgain(replay) => (
            format!("Play again: {} to play", name(replay.offender)),
            Vec::new(),
        ),
        EventKind::Lot(player) => (format!("lot: {} to play", name(player)), Vec::new()),
        EventKind::Stroke(outcome) => {
            let mut notes = Vec::new();
            if outcome.foul {
                notes.push(format!("FOUL +{}", outcome.points));
            }
            if outcome.next == Next::Tie {
                notes.push("TIE, lot due".to_string());
            }
            (stroke_text(event), notes)
        }
    };
    if let Some(player) = needs_snookers(frame) {
        notes.push(format!("{} needs snookers", name(player)));
    }
    let score = format!(
        "{:>3} : {:<3}",
        frame.score(Player::A),
        frame.score(Player::B)
    );
    let mut line = format!(
        "{:>5} {} {:<w$} {:>5} {:>4} {:<6}  {}",
        event.line.number,
        score,
        striker.map_or("-".to_string(), name),
        brk,
        frame.points_remaining(),
        frame.ball_on().map_or("-", BallOn::name),
        event_text,
        w = width
    );
    for note in notes {
        line.push_str("  ");
        line.push_str(&note);
    }
    writeln!(out, "{}", line.trim_end())?;
    if let Some(winner) = frame.winner() {
        writeln!(
            out,
            "{} wins {} : {}; highest breaks: {} {}, {} {}",
            name(winner),
            frame.score(Player::A),
            frame.score(Player::B),
            name(Player::A),
            frame.highest_break(Player::A),
            name(Player::B),
            frame.highest_break(Player::B)
        )?;
    }
    Ok(())
}

/// `referee scoreboard`: the view for people.
pub fn run<R: BufRead, W: Write>(input: R, mut out: W) -> Result<(), Error> {
    let result = snooker::read_frames(input, false, |event, game| {
        write_human(&mut out, event, game)
    });
    input::finish(out, result)
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
    fn human_strokes_compress_reds() {
        let line = crate::core::io::Line::new(4, b"red RED red white");
        let outcome = Frame::new().play(&Stroke::default()).unwrap();
        let event = Event {
            frame_number: 1,
            line,
            kind: EventKind::Stroke(outcome),
        };
        assert_eq!(stroke_text(&event), "Red > Red x2 White");
    }
}
