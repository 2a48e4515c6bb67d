//! Reading a snooker input: the count, then per frame the names line and
//! the event lines (strokes, `Play again`, lot lines), each applied to the
//! frame as it is read and handed to a [`Visit`] with what it did. This
//! is the one parser of the format: the referee, the scoreboard and the
//! validator differ only in their `Visit` and their [`Checks`]. Event
//! lines may take the fast path of `super::fast` (the tool's reading),
//! which gives the same events.

use super::balls::{Ball, Player, Stroke, AGAIN, NONE, PLAY, WHITE, WORDS};
use super::rules::{Frame, Impossible, Outcome, Replay, Stage};
use crate::core::io::{self, shown, Error, Layout, Line, Lines, Token, Tolerant};
use std::io::Read;

/// Where the format wants one empty line, and where none, for messages.
pub(crate) const BEFORE_EVERY_FRAME: &str = "before every frame";
pub(crate) const INSIDE_A_FRAME: &str = "inside a frame";

/// The strict hooks of the format; the tolerant reading checks nothing.
pub trait Checks: Layout {
    /// The line with the number of frames.
    fn count(&mut self, _line: &Line, _token: &Token) -> Result<(), Error> {
        Ok(())
    }

    /// Reads a frame's names line into `names` (frame `number`) and
    /// tells `visit`.
    fn names<V: Visit>(
        &mut self,
        line: &Line,
        number: u64,
        names: &mut Names,
        visit: &mut V,
    ) -> Result<(), Error> {
        read_names(line, number, names)?;
        visit.names(number, line, names)
    }

    /// A line inside a frame, before it is read: a lot line when `lot`.
    fn event(&mut self, _line: &Line, _lot: bool) -> Result<(), Error> {
        Ok(())
    }
}

impl Checks for Tolerant {}

/// What is told of every line once the frame took it; `frame` is the
/// frame after the line.
pub trait Visit {
    /// A frame's names line: frame `number` begins.
    fn names(&mut self, number: u64, line: &Line, names: &Names) -> Result<(), Error>;
    fn stroke(
        &mut self,
        line: &Line,
        stroke: &Stroke,
        outcome: &Outcome,
        frame: &Frame,
        names: &Names,
    ) -> Result<(), Error>;
    fn play_again(
        &mut self,
        line: &Line,
        replay: &Replay,
        frame: &Frame,
        names: &Names,
    ) -> Result<(), Error>;
    /// The lot after a tie named `player`.
    fn lot(
        &mut self,
        line: &Line,
        player: Player,
        frame: &Frame,
        names: &Names,
    ) -> Result<(), Error>;
}

/// The two players' names of the frame in play.
#[derive(Clone, Debug, Default)]
pub struct Names([Vec<u8>; 2]);

impl Names {
    pub(crate) fn name(&self, player: Player) -> &[u8] {
        &self.0[player.index()]
    }

    /// Sets both names, which the caller found fine (the fast path).
    pub(crate) fn set_both(&mut self, a: &[u8], b: &[u8]) {
        for (name, text) in self.0.iter_mut().zip([a, b]) {
            name.clear();
            name.extend_from_slice(text);
        }
    }
}

/// A quicker way through some lines for one visit, `V`, with the same
/// result as the general reading: the tool's fast path for the referee
/// (`super::fast::Fast`). Each method's default is the general reading.
pub(crate) trait Shortcut<V: Visit> {
    /// Moves to the next line that holds a token: `lines.current()`.
    fn next_record<R: Read, C: Checks>(
        &mut self,
        lines: &mut Lines<R>,
        checks: &mut C,
    ) -> Result<bool, Error> {
        checks.next_record(lines)
    }

    /// A frame's names line, as `Checks::names`.
    fn names<C: Checks>(
        &mut self,
        checks: &mut C,
        line: &Line,
        number: u64,
        names: &mut Names,
        visit: &mut V,
    ) -> Result<(), Error> {
        checks.names(line, number, names, visit)
    }

    /// Takes event lines for as long as it can while the frame is in
    /// play: each played on `frame` and told to `visit`.
    fn run<R: Read>(
        &mut self,
        _lines: &mut Lines<R>,
        _frame: &mut Frame,
        _names: &Names,
        _visit: &mut V,
    ) -> Result<(), Error> {
        Ok(())
    }
}

/// The general reading alone.
pub(crate) struct NoShortcut;

impl<V: Visit> Shortcut<V> for NoShortcut {}

/// Reads a whole snooker input, telling `visit` of every line.
pub fn read_frames<R: Read, C: Checks, V: Visit>(
    lines: &mut Lines<R>,
    checks: &mut C,
    visit: &mut V,
) -> Result<(), Error> {
    read_frames_with(lines, checks, &mut NoShortcut, visit)
}

/// `read_frames` with a shortcut through the lines it can take.
pub(crate) fn read_frames_with<R: Read, C: Checks, S: Shortcut<V>, V: Visit>(
    lines: &mut Lines<R>,
    checks: &mut C,
    shortcut: &mut S,
    visit: &mut V,
) -> Result<(), Error> {
    read_all(lines, checks, shortcut, visit).map_err(|fault| checks.first_fault(fault))
}

fn read_all<R: Read, C: Checks, S: Shortcut<V>, V: Visit>(
    lines: &mut Lines<R>,
    checks: &mut C,
    shortcut: &mut S,
    visit: &mut V,
) -> Result<(), Error> {
    let (line, token, frames) = io::read_count(lines, checks, "the number of frames")?;
    checks.count(&line, &token)?;
    let mut names = Names::default();
    for number in 1..=frames {
        let found = shortcut.next_record(lines, checks);
        let eof = || lines.eof_error(&names_expected(number));
        checks.record_due(found, eof, 1, BEFORE_EVERY_FRAME)?;
        let line = lines.current();
        shortcut.names(checks, &line, number, &mut names, visit)?;
        let mut frame = Frame::default();
        loop {
            shortcut.run(lines, &mut frame, &names, visit)?;
            if frame.winner().is_some() {
                break;
            }
            let found = shortcut.next_record(lines, checks);
            let eof = || {
                lines.eof_error(&format!(
                    "expected {} (frame {} is not over)",
                    next_in_frame(&frame, &names),
                    number
                ))
            };
            checks.record_due(found, eof, 0, INSIDE_A_FRAME)?;
            let line = lines.current();
            let lot = frame.stage() == Stage::LotDue;
            checks.event(&line, lot)?;
            // The frame takes the line, or the line is impossible; then
            // `visit` is told.
            let taken = if lot {
                let player = read_lot(&line, &frame, &names)?;
                frame.lot(player).map(|()| Taken::Lot(player))
            } else {
                match parse_event(&line).map_err(|e| leftmost_fault(&line, &frame, &names, e))? {
                    Event::Stroke(stroke) => frame
                        .play(&stroke)
                        .map(|outcome| Taken::Stroke(stroke, outcome)),
                    Event::PlayAgain => frame.play_again().map(Taken::PlayAgain),
                }
            };
            let taken = taken.map_err(|why| impossible(&line, &frame, &names, why))?;
            checks.line_done()?;
            match taken {
                Taken::Lot(player) => visit.lot(&line, player, &frame, &names)?,
                Taken::Stroke(stroke, outcome) => {
                    visit.stroke(&line, &stroke, &outcome, &frame, &names)?
                }
                Taken::PlayAgain(replay) => visit.play_again(&line, &replay, &frame, &names)?,
            }
        }
    }
    checks.end(lines, &format!("the last frame ({})", frames))
}

/// What the frame took from a line inside it.
enum Taken {
    Lot(Player),
    Stroke(Stroke, Outcome),
    PlayAgain(Replay),
}

/// What the frame can take next: the lot when one is due (S10), a
/// stroke, and `Play again` right after a foul (S11).
fn next_in_frame(frame: &Frame, names: &Names) -> String {
    match frame.stage() {
        Stage::LotDue => lot_expected(names),
        _ if frame.may_play_again() => "a stroke or `Play again`".to_string(),
        _ => "a stroke".to_string(),
    }
}

/// The lot after a tie: one of the two names (S10).
fn lot_expected(names: &Names) -> String {
    format!(
        "the lot after the tie ({} or {})",
        shown(names.name(Player::A)),
        shown(names.name(Player::B))
    )
}

fn names_expected(number: u64) -> String {
    format!("expected the two players' names of frame {}", number)
}

/// Reads a names line into `names`.
pub(crate) fn read_names(line: &Line, number: u64, names: &mut Names) -> Result<(), Error> {
    // A frame's first line is its names line whatever it says (S15):
    // `Play again`, `Red Black` and `None White` name two players here.
    let [a, b] = name_tokens(line, number)?;
    if a.text == b.text {
        return Err(line.error(
            b.col,
            format!(
                "expected two different names, found {} twice",
                shown(b.text)
            ),
        ));
    }
    for (name, token) in names.0.iter_mut().zip([a, b].iter()) {
        name.clear();
        name.extend_from_slice(token.text);
    }
    Ok(())
}

/// The two tokens of a names line: a token too many or too few is named
/// before anything the tokens say, in either reading.
pub(crate) fn name_tokens<'l>(line: &Line<'l>, number: u64) -> Result<[Token<'l>; 2], Error> {
    let mut tokens = line.tokens();
    let (col, found) = match (tokens.next(), tokens.next(), tokens.next()) {
        (Some(a), Some(b), None) => return Ok([a, b]),
        (_, _, Some(extra)) => (extra.col, format!("a third token {}", shown(extra.text))),
        _ => (line.end_col(), "one name only".to_string()),
    };
    let message = format!("{}, found {}", names_expected(number), found);
    Err(line.error(col, message))
}

/// The player a lot line names (S10).
fn read_lot(line: &Line, frame: &Frame, names: &Names) -> Result<Player, Error> {
    let mut tokens = line.tokens();
    let named = tokens.next().map(|t| t.text);
    let player = [Player::A, Player::B]
        .iter()
        .copied()
        .find(|&player| named == Some(names.name(player)))
        .ok_or_else(|| impossible(line, frame, names, Impossible::LotDue))?;
    match tokens.next() {
        Some(extra) => Err(line.error(
            extra.col,
            format!(
                "expected end of line after the lot, found {}",
                shown(extra.text)
            ),
        )),
        None => Ok(player),
    }
}

/// What a line inside a frame says, outside a lot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Event {
    Stroke(Stroke),
    PlayAgain,
}

/// The code of the word of the format that `token` is, in any letter case
/// (S13): its place in `WORDS` plus one, a ball's value for a ball.
pub(crate) fn word_code(token: &[u8]) -> Option<u8> {
    WORDS
        .iter()
        .position(|word| word.as_bytes().eq_ignore_ascii_case(token))
        .map(|at| at as u8 + 1)
}

/// The ball whose code is `code`.
fn ball_of(code: u8) -> Option<Ball> {
    Ball::from_value(u32::from(code))
}

/// The statement's spelling of a word of the format written in any case:
/// a ball, `None`, `White`, or a word of `Play again` (S13).
pub(crate) fn canonical(token: &[u8]) -> Option<&'static str> {
    word_code(token).map(|code| WORDS[usize::from(code) - 1])
}

/// Whether a line is `Play again`, in any letter case (S13).
fn is_play_again(line: &Line) -> bool {
    let mut codes = line.tokens().map(|token| word_code(token.text));
    codes.next() == Some(Some(PLAY)) && codes.next() == Some(Some(AGAIN)) && codes.next().is_none()
}

/// Parses a line inside a frame: `Play again`, or a stroke (S8, S13): a
/// ball or `None`, then the balls potted. Whether the balls are on the
/// table is the frame's business.
#[inline(always)]
pub(crate) fn parse_event(line: &Line) -> Result<Event, Error> {
    let mut stroke = Stroke::default();
    let mut hit_nothing = false;
    for (at, token) in line.tokens().enumerate() {
        let code = word_code(token.text);
        // Each token adds to the stroke, or is the error: the first one
        // (`at` 0) is `Play again`'s or says what was hit first.
        let message = match (at, code, code.and_then(ball_of)) {
            (0, Some(PLAY), _) if is_play_again(line) => return Ok(Event::PlayAgain),
            (0, Some(NONE), _) => {
                hit_nothing = true;
                continue;
            }
            (0, _, Some(ball)) => {
                stroke.first = Some(ball);
                continue;
            }
            (0, ..) => {
                let found = if code == Some(WHITE) {
                    "`White` (the cue ball cannot be hit first)".to_string()
                } else {
                    shown(token.text)
                };
                format!(
                    "expected a ball first hit, `None` or `Play again`, found {}",
                    found
                )
            }
            (_, Some(WHITE), _) if !stroke.white => {
                stroke.white = true;
                continue;
            }
            (_, Some(WHITE), _) => "expected `White` potted once, found it twice".to_string(),
            (_, _, Some(_)) if hit_nothing => format!(
                "expected `White` or end of line after `None`, found {}",
                shown(token.text)
            ),
            (_, _, Some(Ball::Red)) => {
                stroke.reds += 1;
                continue;
            }
            (_, _, Some(colour)) if !stroke.colours.contains(colour) => {
                stroke.colours.insert(colour);
                continue;
            }
            (_, _, Some(colour)) => format!(
                "expected each colour potted once, found {} twice",
                colour.name()
            ),
            (_, _, None) => format!("expected a potted ball name, found {}", shown(token.text)),
        };
        return Err(line.error(token.col, message));
    }
    if stroke.first.is_none() && !hit_nothing {
        return Err(line.error(1, "expected a stroke, found a blank line".to_string()));
    }
    Ok(Event::Stroke(stroke))
}

/// Of the balls a line names that cannot be on the table as it stands,
/// the leftmost, at its column: the ball hit first, a red past the reds
/// left, or a colour potted that is not on the table (S14).
fn leftmost_off_table(line: &Line, frame: &Frame) -> Option<(usize, Impossible)> {
    let mut reds = 0;
    line.tokens().enumerate().find_map(|(at, token)| {
        let ball = word_code(token.text).and_then(ball_of)?;
        let fault = match ball {
            Ball::Red if at > 0 => {
                reds += 1;
                let left = frame.reds();
                (reds > left).then_some(Impossible::TooManyReds { left })
            }
            ball => (!frame.on_table(ball)).then_some(Impossible::NotOnTable {
                ball,
                first: at == 0,
            }),
        };
        fault.map(|fault| (token.col, fault))
    })
}

/// A line that is no stroke (`error`, from `parse_event`) may name, before
/// the token that makes it none, a ball that cannot be on the table: the
/// leftmost of the two faults is the one said.
#[cold]
#[inline(never)]
fn leftmost_fault(line: &Line, frame: &Frame, names: &Names, error: Error) -> Error {
    match (&error, leftmost_off_table(line, frame)) {
        (Error::Input { col, .. }, Some((at, why))) if at < *col => {
            impossible(line, frame, names, why)
        }
        _ => error,
    }
}

/// The error for a line the frame cannot take, at the offending token.
#[cold]
#[inline(never)]
pub(crate) fn impossible(line: &Line, frame: &Frame, names: &Names, why: Impossible) -> Error {
    let (col, first) = line
        .tokens()
        .next()
        .map_or((1, &b""[..]), |t| (t.col, t.text));
    // A ball that cannot be on the table is named where it is leftmost.
    let (potted_col, why) = match (why, leftmost_off_table(line, frame)) {
        (Impossible::NotOnTable { .. } | Impossible::TooManyReds { .. }, Some(found)) => found,
        _ => (col, why),
    };
    let (col, message) = match why {
        Impossible::NotOnTable { ball, first } => {
            let left: Vec<&str> = (1..=7)
                .filter_map(Ball::from_value)
                .filter(|&ball| frame.on_table(ball))
                .map(Ball::name)
                .collect();
            let left = if left.is_empty() {
                "none".to_string()
            } else {
                left.join(" ")
            };
            let message = format!(
                "expected a ball on the table, found {} (balls left: {})",
                ball.name(),
                left
            );
            (if first { col } else { potted_col }, message)
        }
        Impossible::TooManyReds { left } => (
            potted_col,
            format!(
                "expected at most {} potted reds (reds left), found more",
                left
            ),
        ),
        Impossible::LotDue => (
            col,
            format!("expected {}, found {}", lot_expected(names), shown(first)),
        ),
        Impossible::NoPlayAgain => (
            col,
            "expected a stroke, found `Play again` where no foul was just made".to_string(),
        ),
        Impossible::FrameOver | Impossible::NoLotDue => (
            col,
            format!(
                "expected no more lines in this frame, found {}",
                shown(first)
            ),
        ),
    };
    line.error(col, message)
}

#[cfg(test)]
pub(crate) fn stroke(text: &str) -> Stroke {
    match parse_event(&Line::new(1, text.as_bytes())) {
        Ok(Event::Stroke(stroke)) => stroke,
        other => panic!("{:?}: {:?}", text, other),
    }
}

#[cfg(test)]
mod tests;
