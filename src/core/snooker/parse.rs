//! Reading a snooker input: the count, then per frame the names line and
//! the event lines (strokes, `Play again`, lot lines), each applied to the
//! frame as it is read and handed to a [`Visit`] with what it did. This
//! is the one parser of the format: the referee, the scoreboard and the
//! validator differ only in their `Visit` and their [`Checks`]. Lines in
//! the plainest form may take the fast path of [`super::fast`] (the tool's
//! reading), which gives the same events.

use super::balls::{Ball, Player, Stroke};
use super::rules::{Frame, Impossible, Outcome, Replay, Stage};
use crate::core::io::tokens::{head_of, Tokens};
use crate::core::io::{self, shown, Error, Layout, Line, Lines, Token, Tolerant};
use std::io::Read;

/// The strict hooks of the format; the tolerant reading checks nothing.
pub trait Checks: Layout {
    /// The line with the number of frames.
    fn count(&mut self, _line: &Line, _token: &Token, _frames: u64) -> Result<(), Error> {
        Ok(())
    }

    /// A frame's names line, before it is read.
    fn names(&mut self, _line: &Line) -> Result<(), Error> {
        Ok(())
    }

    /// A line inside a frame, before it is read: a lot line when `lot`.
    fn event(&mut self, _line: &Line, _lot: bool) -> Result<(), Error> {
        Ok(())
    }

    /// Takes event lines by a fast path for as long as it can, giving the
    /// same events as the general reading: the tool's reading does (see
    /// [`super::fast::Fast`]); the judge's and the strict one do not.
    fn fast_run<R: Read, V: Visit>(
        &mut self,
        _lines: &mut Lines<R>,
        _frame: &mut Frame,
        _names: &Names,
        _visit: &mut V,
    ) -> Result<(), Error> {
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
    /// A stroke that the fast path ([`super::fast`]) took: `stroke`,
    /// unless the visit has a quicker way to the same result.
    #[inline(always)]
    fn fast_stroke(
        &mut self,
        line: &Line,
        stroke: &Stroke,
        outcome: &Outcome,
        frame: &Frame,
        names: &Names,
    ) -> Result<(), Error> {
        self.stroke(line, stroke, outcome, frame, names)
    }
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
    pub fn name(&self, player: Player) -> &[u8] {
        &self.0[player.index()]
    }
}

/// Reads a whole snooker input, telling `visit` of every line.
pub fn read_frames<R: Read, C: Checks, V: Visit>(
    lines: &mut Lines<R>,
    checks: &mut C,
    visit: &mut V,
) -> Result<(), Error> {
    let (line, token, frames) = io::read_count(lines, checks, "the number of frames")?;
    checks.count(&line, &token, frames)?;
    let mut names = Names::default();
    for number in 1..=frames {
        if !checks.next_record(lines)? {
            return Err(lines.eof_error(&names_expected(number)));
        }
        let line = lines.current();
        checks.names(&line)?;
        read_names(&line, number, &mut names)?;
        visit.names(number, &line, &names)?;
        let mut frame = Frame::new();
        while frame.winner().is_none() {
            if frame.stage() == Stage::Playing {
                checks.fast_run(lines, &mut frame, &names, visit)?;
                if frame.stage() != Stage::Playing {
                    continue;
                }
            }
            if !checks.next_record(lines)? {
                return Err(lines.eof_error(&format!(
                    "expected a stroke, `Play again` or a lot line (frame {} is not over)",
                    number
                )));
            }
            let line = lines.current();
            let lot = frame.stage() == Stage::LotDue;
            checks.event(&line, lot)?;
            if lot {
                let player = read_lot(&line, &frame, &names)?;
                frame
                    .lot(player)
                    .map_err(|why| impossible(&line, &frame, &names, why))?;
                visit.lot(&line, player, &frame, &names)?;
            } else {
                let event = parse_event(&line)?;
                apply(&line, event, &mut frame, &names, visit)?;
            }
        }
    }
    checks.end(lines, &format!("the last frame ({})", frames))
}

fn names_expected(number: u64) -> String {
    format!("expected the two players' names of frame {}", number)
}

/// Reads a names line into `names`.
fn read_names(line: &Line, number: u64, names: &mut Names) -> Result<(), Error> {
    let mut tokens = line.tokens();
    let (a, b) = match (tokens.next(), tokens.next(), tokens.next()) {
        (Some(first), _, _)
            if key_of(first.head, first.text.len()) == PLAY && is_play_again(line) =>
        {
            return Err(line.error(
                line.tokens().next().map_or(1, |t| t.col),
                format!(
                    "{}, found `Play again` after the end of the frame",
                    names_expected(number)
                ),
            ))
        }
        (Some(a), Some(b), None) => (a, b),
        (Some(_), None, _) | (None, _, _) => {
            return Err(line.error(
                line.end_col(),
                format!("{}, found one name only", names_expected(number)),
            ))
        }
        (_, _, Some(extra)) => {
            return Err(line.error(
                extra.col,
                format!(
                    "{}, found a third token {}",
                    names_expected(number),
                    shown(extra.text)
                ),
            ))
        }
    };
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

/// The player a lot line names (S10).
fn read_lot(line: &Line, frame: &Frame, names: &Names) -> Result<Player, Error> {
    let mut tokens = line.tokens();
    let player = match tokens.next().map(|t| t.text) {
        Some(name) if name == names.name(Player::A) => Player::A,
        Some(name) if name == names.name(Player::B) => Player::B,
        _ => return Err(impossible(line, frame, names, Impossible::LotDue)),
    };
    if let Some(extra) = tokens.next() {
        return Err(line.error(
            extra.col,
            format!(
                "expected end of line after the lot, found {}",
                shown(extra.text)
            ),
        ));
    }
    Ok(player)
}

/// Applies an event to the frame and tells `visit`.
#[inline(always)]
pub(crate) fn apply<V: Visit>(
    line: &Line,
    event: Event,
    frame: &mut Frame,
    names: &Names,
    visit: &mut V,
) -> Result<(), Error> {
    match event {
        Event::Stroke(stroke) => match frame.play(&stroke) {
            Ok(outcome) => visit.stroke(line, &stroke, &outcome, frame, names),
            Err(why) => Err(impossible(line, frame, names, why)),
        },
        Event::PlayAgain => match frame.play_again() {
            Ok(replay) => visit.play_again(line, &replay, frame, names),
            Err(why) => Err(impossible(line, frame, names, why)),
        },
    }
}

/// What a line inside a frame says, outside a lot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    Stroke(Stroke),
    PlayAgain,
}

/// A token of at most 8 bytes folded to lower case, packed into an
/// integer (0 for a longer token): `| 0x20` lowercases ASCII letters and
/// makes no other byte a letter, and no folded byte is 0, so equal keys
/// mean the same letters in any case (S13).
#[inline(always)]
pub(crate) const fn key_of(head: u64, len: usize) -> u64 {
    if len == 0 || len > 8 {
        0
    } else {
        head | (0x2020_2020_2020_2020 & (u64::MAX >> (64 - 8 * len)))
    }
}

pub(crate) const fn folded(word: &[u8]) -> u64 {
    key_of(head_of(word), word.len())
}

pub(crate) const RED: u64 = folded(b"red");
pub(crate) const YELLOW: u64 = folded(b"yellow");
pub(crate) const GREEN: u64 = folded(b"green");
pub(crate) const BROWN: u64 = folded(b"brown");
pub(crate) const BLUE: u64 = folded(b"blue");
pub(crate) const PINK: u64 = folded(b"pink");
pub(crate) const BLACK: u64 = folded(b"black");
pub(crate) const WHITE: u64 = folded(b"white");
pub(crate) const NONE: u64 = folded(b"none");
pub(crate) const PLAY: u64 = folded(b"play");
pub(crate) const AGAIN: u64 = folded(b"again");

/// A token with its folded key.
#[derive(Clone, Copy)]
struct Word<'a> {
    col: usize,
    text: &'a [u8],
    key: u64,
}

/// The tokens of an event line with their folded keys.
struct Words<'a>(Tokens<'a>);

impl<'a> Iterator for Words<'a> {
    type Item = Word<'a>;

    #[inline(always)]
    fn next(&mut self) -> Option<Word<'a>> {
        self.0.next().map(|token| Word {
            col: token.col,
            text: token.text,
            key: key_of(token.head, token.text.len()),
        })
    }
}

fn words<'a>(line: &Line<'a>) -> Words<'a> {
    Words(line.tokens())
}

/// The ball whose name folds to `key`.
#[inline(always)]
fn ball_of(key: u64) -> Option<Ball> {
    match key {
        RED => Some(Ball::Red),
        YELLOW => Some(Ball::Yellow),
        GREEN => Some(Ball::Green),
        BROWN => Some(Ball::Brown),
        BLUE => Some(Ball::Blue),
        PINK => Some(Ball::Pink),
        BLACK => Some(Ball::Black),
        _ => None,
    }
}

/// The ball a token names, in any letter case.
pub fn ball_named(token: &[u8]) -> Option<Ball> {
    ball_of(folded(token))
}

/// The statement's spelling of a word of the format written in any case:
/// a ball, `None`, `White`, or a word of `Play again` (S13).
pub fn canonical(token: &[u8]) -> Option<&'static str> {
    match folded(token) {
        NONE => Some("None"),
        WHITE => Some("White"),
        PLAY => Some("Play"),
        AGAIN => Some("again"),
        key => ball_of(key).map(Ball::name),
    }
}

/// Whether a line is `Play again`, in any letter case (S13).
fn is_play_again(line: &Line) -> bool {
    let mut tokens = words(line);
    match (tokens.next(), tokens.next(), tokens.next()) {
        (Some(a), Some(b), None) => a.key == PLAY && b.key == AGAIN,
        _ => false,
    }
}

/// Parses a line inside a frame: `Play again`, or a stroke (S8, S13): a
/// ball or `None`, then the balls potted. Whether the balls are on the
/// table is the frame's business.
#[inline(always)]
pub fn parse_event(line: &Line) -> Result<Event, Error> {
    let mut tokens = words(line);
    let first = match tokens.next() {
        Some(first) => first,
        None => return Err(line.fail(1, || "expected a stroke, found a blank line".to_string())),
    };
    if first.key == PLAY && is_play_again(line) {
        return Ok(Event::PlayAgain);
    }
    let mut stroke = Stroke::default();
    let hit_nothing = first.key == NONE;
    if !hit_nothing {
        match ball_of(first.key) {
            Some(ball) => stroke.first = Some(ball),
            None => return Err(line.fail(first.col, || first_hit_error(&first))),
        }
    }
    for token in tokens {
        if token.key == WHITE {
            if stroke.white {
                return Err(line.fail(token.col, || {
                    "expected `White` potted once, found it twice".to_string()
                }));
            }
            stroke.white = true;
            continue;
        }
        let ball = match ball_of(token.key) {
            Some(_) if hit_nothing => {
                return Err(line.fail(token.col, || {
                    format!(
                        "expected `White` or end of line after `None`, found {}",
                        shown(token.text)
                    )
                }))
            }
            Some(ball) => ball,
            None => {
                return Err(line.fail(token.col, || {
                    format!("expected a potted ball name, found {}", shown(token.text))
                }))
            }
        };
        if ball == Ball::Red {
            stroke.reds += 1;
        } else if stroke.colours.contains(ball) {
            return Err(line.fail(token.col, || {
                format!(
                    "expected each colour potted once, found {} twice",
                    ball.name()
                )
            }));
        } else {
            stroke.colours.insert(ball);
        }
    }
    Ok(Event::Stroke(stroke))
}

fn first_hit_error(first: &Word) -> String {
    let what = if first.key == WHITE {
        "found `White` (the cue ball cannot be hit first)".to_string()
    } else {
        format!("found {}", shown(first.text))
    };
    format!(
        "expected a ball first hit, `None`, `Play again` or a lot line; {}",
        what
    )
}

/// The error for a line the frame cannot take, at the offending token.
#[cold]
#[inline(never)]
pub(crate) fn impossible(line: &Line, frame: &Frame, names: &Names, why: Impossible) -> Error {
    let mut tokens = line.tokens();
    let first = tokens.next().map_or((1, &b""[..]), |t| (t.col, t.text));
    let (col, message) = match why {
        Impossible::NotOnTable { ball, first: hit } => {
            let col = if hit {
                first.0
            } else {
                tokens
                    .find(|t| ball_named(t.text) == Some(ball))
                    .map_or(first.0, |t| t.col)
            };
            let reds = if frame.reds() > 0 { Some("Red") } else { None };
            let left: Vec<&str> = reds
                .into_iter()
                .chain(frame.colours().iter().map(Ball::name))
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
            (col, message)
        }
        Impossible::TooManyReds { left } => {
            let col = tokens
                .filter(|t| ball_named(t.text) == Some(Ball::Red))
                .nth(left as usize)
                .map_or(first.0, |t| t.col);
            let message = format!(
                "expected at most {} potted reds (reds left), found more",
                left
            );
            (col, message)
        }
        Impossible::LotDue => (
            first.0,
            format!(
                "expected the lot after the tie ({} or {}), found {}",
                shown(names.name(Player::A)),
                shown(names.name(Player::B)),
                shown(first.1)
            ),
        ),
        Impossible::NoPlayAgain => (
            first.0,
            "expected a stroke, found `Play again` where no foul was just made".to_string(),
        ),
        Impossible::FrameOver | Impossible::NoLotDue => (
            first.0,
            format!(
                "expected no more lines in this frame, found {}",
                shown(first.1)
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
mod tests {
    use super::*;

    #[test]
    fn ball_names_in_any_case() {
        for ball in [Ball::Red].iter().chain(Ball::COLOURS.iter()) {
            assert_eq!(ball_named(ball.name().as_bytes()), Some(*ball));
            assert_eq!(
                ball_named(ball.name().to_uppercase().as_bytes()),
                Some(*ball)
            );
        }
        for bad in [
            "", "Re", "Blu", "Bleck", "Brow", "Greens", "White", "None", "Red\0",
        ] {
            assert_eq!(ball_named(bad.as_bytes()), None, "{:?}", bad);
        }
        assert_eq!(canonical(b"pLAY"), Some("Play"));
        assert_eq!(canonical(b"Ann"), None);
    }

    #[test]
    fn stroke_syntax() {
        let s = stroke("red RED white");
        assert_eq!((s.first, s.reds, s.white), (Some(Ball::Red), 1, true));
        assert_eq!(
            parse_event(&Line::new(1, b"play  AGAIN")).unwrap(),
            Event::PlayAgain
        );
        for (text, col) in [
            ("White", 1),
            ("None Red", 6),
            ("Red Pink pink", 10),
            ("Red White White", 11),
            ("Red Whit", 5),
            ("Play again now", 1),
            ("Play", 1),
        ] {
            match parse_event(&Line::new(3, text.as_bytes())) {
                Err(Error::Input { line, col: c, .. }) => {
                    assert_eq!((line, c), (3, col), "{}", text)
                }
                other => panic!("{}: {:?}", text, other),
            }
        }
    }
}
