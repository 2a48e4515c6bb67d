//! The two views of snooker contest input: the table of ruling K3
//! (`--tsv`) and the view for people, both written from the referee's
//! own reading of the input, with the breaks followed alongside (K2).

use super::record::Step;
use super::{needs_snookers, report, scores, Breaks, Shot};
use crate::core::io::error::escaped_bytes;
use crate::core::io::{Error, Line, Lines, Output, Tolerant};
use crate::core::snooker::balls::{NONE_WORD, WHITE_WORD};
use crate::core::snooker::parse::{canonical, read_frames, Names, Visit};
use crate::core::snooker::{Ball, BallOn, Frame, Next, Outcome, Player, Replay, Stroke};
use crate::tool::terminal::{columns, pad};
use std::io::{Read, Write};

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

/// `referee scoreboard --tsv`: ruling K3.
pub fn run_tsv<R: Read, W: Write>(input: R, out: W) -> Result<(), Error> {
    follow(input, out, |mut out| {
        out.put(TSV_HEADER);
        Tsv(out)
    })
}

/// A stroke for people: `Red > Red x14`, `None > White`: the ball first
/// hit, then the balls potted, reds counted, colours by value, white last.
fn stroke_text(stroke: &Stroke) -> String {
    let first = stroke.first.map_or(NONE_WORD, Ball::name);
    let mut potted: Vec<String> = Vec::new();
    match stroke.reds {
        0 => {}
        1 => potted.push(Ball::Red.name().to_string()),
        n => potted.push(format!("{} x{}", Ball::Red.name(), n)),
    }
    potted.extend(stroke.colours.iter().map(|c| c.name().to_string()));
    if stroke.white {
        potted.push(WHITE_WORD.to_string());
    }
    if potted.is_empty() {
        first.to_string()
    } else {
        format!("{} > {}", first, potted.join(" "))
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
        // For a terminal: control and invisible characters spelled out.
        let name = |p: Player| escaped_bytes(names.name(p));
        let width = [Player::A, Player::B]
            .iter()
            .map(|&p| columns(&name(p)))
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

/// The report (`--html`): the record of every line, one page at the end
/// (or before an input error, the page of the lines before it).
struct Html<W: Write> {
    out: Output<W>,
    steps: Vec<Step>,
}

impl<W: Write> From<Html<W>> for Output<W> {
    fn from(view: Html<W>) -> Output<W> {
        let mut out = view.out;
        out.put(report::html("Snooker scoreboard", &view.steps, None).as_bytes());
        out
    }
}

impl<W: Write> View for Html<W> {
    fn event(
        &mut self,
        number: u64,
        _line: &Line,
        event: &Event,
        frame: &Frame,
        names: &Names,
        _breaks: &Breaks,
    ) -> Result<(), Error> {
        let name = |p: Player| String::from_utf8_lossy(names.name(p)).into_owned();
        match event {
            Event::Names => self.steps.push(Step::Frame {
                number,
                names: [name(Player::A), name(Player::B)],
            }),
            Event::PlayAgain(_) | Event::Lot(_) => self.steps.push(Step::NewVisit),
            Event::Stroke(_, shot) => {
                let step = Step::of_shot(shot, shot.striker.index(), scores(frame));
                self.steps.push(step);
                if let Next::Won(winner) = shot.outcome.next {
                    self.steps.push(Step::End {
                        winner: winner.index(),
                        conceded: false,
                    });
                }
            }
        }
        Ok(())
    }
}

/// `referee scoreboard --html`: the report of contest input.
pub fn run_html<R: Read, W: Write>(input: R, out: W) -> Result<(), Error> {
    follow(input, out, |out| Html {
        out,
        steps: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
