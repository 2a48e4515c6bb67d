//! Snooker for the shrinker: a frame is its names and its lines (strokes,
//! `Play again`, lot lines); its parts are the lines, then the tokens of
//! the strokes. The names can be made one letter each, in the lot lines
//! too.
//!
//! Taking out a stroke usually breaks the frame, so every candidate is
//! replayed on the referee's own `Frame` and mended: a line the frame can
//! no longer take is dropped (an impossible stroke, a `Play again` after
//! no foul, a lot line with no tie), a lot line is put where a tie now
//! needs one, the lines after the frame's new end are cut, and a frame
//! that no longer ends is played out by potting the ball on until it does.
//! A valid frame replays unchanged. The rules stay in `Frame`.

use super::{body_lines, shorter_names, tokens, Case};
use crate::core::snooker::{Ball, BallOn, Colours, Frame as Rules, Player, Stage, Stroke};
use crate::tool::judge::solver;
use std::ops::Range;

/// Strokes that may be added to play a frame out: more is a bug.
const MOST_ADDED: usize = 64;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    names: Vec<u8>,
    lines: Vec<Vec<u8>>,
}

impl Case for Frame {
    const LEVELS: usize = 2;

    fn parse_all(input: &[u8]) -> Vec<Frame> {
        let mut frames: Vec<Frame> = Vec::new();
        let mut starts_frame = true;
        for line in body_lines(input) {
            if line.iter().all(u8::is_ascii_whitespace) {
                starts_frame = true;
            } else if starts_frame {
                frames.push(Frame {
                    names: line.to_vec(),
                    lines: Vec::new(),
                });
                starts_frame = false;
            } else if let Some(frame) = frames.last_mut() {
                frame.lines.push(line.to_vec());
            }
        }
        frames
    }

    fn render(&self, _number: usize, out: &mut Vec<u8>) {
        out.push(b'\n');
        for line in std::iter::once(&self.names).chain(&self.lines) {
            out.extend_from_slice(line);
            out.push(b'\n');
        }
    }

    /// Level 1: the lines; level 2: the tokens of strokes of two or more.
    fn count(&self, level: usize) -> usize {
        match level {
            1 => self.lines.len(),
            _ => self.lines.iter().map(|l| token_parts(l).len()).sum(),
        }
    }

    fn without(&self, level: usize, range: Range<usize>) -> Option<Frame> {
        let mut lines = self.lines.clone();
        if level == 1 {
            lines.drain(range);
        } else {
            let mut first = 0;
            for line in &mut lines {
                let count = token_parts(line).len();
                let (from, to) = (range.start.max(first), range.end.min(first + count));
                if from < to {
                    let gone = from - first..to - first;
                    let kept: Vec<&[u8]> = token_parts(line)
                        .into_iter()
                        .enumerate()
                        .filter(|(i, _)| !gone.contains(i))
                        .map(|(_, token)| token)
                        .collect();
                    let shorter = kept.join(&b' ');
                    *line = shorter;
                }
                first += count;
            }
        }
        Some(Frame {
            lines: mend(&self.names, &lines)?,
            names: self.names.clone(),
        })
    }

    fn renamed(&self) -> Vec<Frame> {
        let names: Vec<&[u8]> = tokens(&self.names).collect();
        let mut candidates = Vec::new();
        for (i, &old) in names.iter().enumerate() {
            let others: Vec<&[u8]> = names.iter().copied().filter(|&n| n != old).collect();
            for new in shorter_names(old, &others) {
                let mut renamed = names.clone();
                renamed[i] = &new;
                let lot = |line: &Vec<u8>| {
                    if line == old {
                        new.clone()
                    } else {
                        line.clone()
                    }
                };
                candidates.push(Frame {
                    names: renamed.join(&b' '),
                    lines: self.lines.iter().map(lot).collect(),
                });
            }
        }
        candidates
    }
}

/// The tokens of a stroke line of two tokens or more that may go; none
/// for `Play again` and lot lines.
fn token_parts(line: &[u8]) -> Vec<&[u8]> {
    let parts: Vec<&[u8]> = tokens(line).collect();
    if parts.len() < 2 || solver::is_play_again(line) {
        Vec::new()
    } else {
        parts
    }
}

/// What a line says to a frame in play.
enum Said {
    Stroke(Stroke),
    PlayAgain,
    /// A lot line, or a line that is not a stroke.
    Other,
}

fn said(line: &[u8]) -> Said {
    if solver::is_play_again(line) {
        return Said::PlayAgain;
    }
    match solver::parse_stroke(line) {
        Some(stroke) => Said::Stroke(stroke),
        None => Said::Other,
    }
}

/// Replays `lines` on a new frame between the players `names` and mends
/// them (see the module's documentation). `None` if the frame cannot be
/// played out.
fn mend(names: &[u8], lines: &[Vec<u8>]) -> Option<Vec<Vec<u8>>> {
    let players: Vec<&[u8]> = tokens(names).collect();
    let [a, b] = players[..] else {
        return None;
    };
    let mut frame = Rules::new();
    let mut kept: Vec<Vec<u8>> = Vec::with_capacity(lines.len());
    for line in lines {
        if frame.winner().is_some() {
            break;
        }
        let line = &line[..];
        if frame.stage() == Stage::LotDue {
            let named = if line == a {
                Some(Player::A)
            } else if line == b {
                Some(Player::B)
            } else {
                None
            };
            match named {
                Some(player) => {
                    frame.lot(player).ok()?;
                    kept.push(line.to_vec());
                    continue;
                }
                // Something else where the lot is due: the lot first.
                None => {
                    frame.lot(Player::A).ok()?;
                    kept.push(a.to_vec());
                }
            }
        }
        let took = match said(line) {
            Said::PlayAgain => frame.play_again().is_ok(),
            Said::Stroke(stroke) => frame.play(&stroke).is_ok(),
            Said::Other => false,
        };
        if took {
            kept.push(line.to_vec());
        }
    }
    for _ in 0..MOST_ADDED {
        if frame.winner().is_some() {
            return Some(kept);
        }
        if frame.stage() == Stage::LotDue {
            frame.lot(Player::A).ok()?;
            kept.push(a.to_vec());
            continue;
        }
        let stroke = potting_the_ball_on(&frame)?;
        frame.play(&stroke).ok()?;
        kept.push(solver::stroke_line(&stroke));
    }
    None
}

/// A stroke that pots what the frame says is on: every red left, or the
/// colour on (Black while any colour may be chosen).
fn potting_the_ball_on(frame: &Rules) -> Option<Stroke> {
    let mut stroke = Stroke::default();
    match frame.ball_on()? {
        BallOn::Reds => {
            stroke.first = Some(Ball::Red);
            stroke.reds = frame.reds();
        }
        BallOn::AnyColour => {
            stroke.first = Some(Ball::Black);
            stroke.colours = Colours::of(Ball::Black);
        }
        BallOn::Colour(colour) => {
            stroke.first = Some(colour);
            stroke.colours = Colours::of(colour);
        }
    }
    Some(stroke)
}

#[cfg(test)]
mod tests {
    use super::super::render;
    use super::*;
    use crate::tool::gen;
    use crate::tool::judge::solver::strict_answer;
    use crate::tool::problem::Problem;

    fn lines(text: &str) -> Vec<Vec<u8>> {
        text.lines().map(|l| l.as_bytes().to_vec()).collect()
    }

    fn valid(frame: &Frame) -> bool {
        strict_answer(Problem::Snooker, &render(std::slice::from_ref(frame))).is_some()
    }

    #[test]
    fn a_valid_frame_replays_unchanged() {
        let mut input = Vec::new();
        gen::generate(Problem::Snooker, 3, Some(30), &mut input).unwrap();
        for frame in Frame::parse_all(&input) {
            assert_eq!(mend(&frame.names, &frame.lines), Some(frame.lines.clone()));
        }
    }

    #[test]
    fn an_empty_frame_is_played_out() {
        let frame = Frame {
            names: b"Ann Bob".to_vec(),
            lines: Vec::new(),
        };
        let mended = frame.without(1, 0..0).unwrap();
        assert!(valid(&mended), "{:?}", mended);
        assert_eq!(
            mended.lines[0],
            b"Red Red Red Red Red Red Red Red Red Red Red Red Red Red Red Red"
        );
    }

    #[test]
    fn lines_that_no_longer_fit_are_dropped_or_added() {
        // Without the foul, `Play again` has nothing to follow; without
        // the last black, the frame needs playing out.
        let frame = Frame {
            names: b"Ann Bob".to_vec(),
            lines: lines("None\nPlay again\nRed Red"),
        };
        let mended = frame.without(1, 0..1).unwrap();
        assert!(valid(&mended), "{:?}", mended);
        assert_eq!(mended.lines[0], b"Red Red");
        assert!(!mended.lines.iter().any(|l| solver::is_play_again(l)));
    }

    #[test]
    fn a_name_is_made_shorter_names_in_the_lot_lines_too() {
        let frame = Frame {
            names: b"Ann Bob".to_vec(),
            lines: lines("Red\nAnn"),
        };
        let renamed = frame.renamed();
        // One letter and two, for each name.
        assert_eq!(renamed.len(), 4);
        assert_eq!(renamed[0].names, b"A Bob");
        assert_eq!(renamed[0].lines, lines("Red\nA"));
        assert_eq!(renamed[1].names, b"An Bob");
        assert_eq!(renamed[1].lines, lines("Red\nAn"));
        assert_eq!(renamed[2].names, b"Ann B");
    }

    #[test]
    fn a_tie_gets_its_lot_line_back() {
        let mut input = Vec::new();
        gen::generate(Problem::Snooker, 1, Some(20), &mut input).unwrap();
        let mut lots = 0;
        for frame in Frame::parse_all(&input) {
            let names: Vec<&[u8]> = tokens(&frame.names).collect();
            for (i, line) in frame.lines.iter().enumerate() {
                // Players named after balls (`Red Black`) have lot lines
                // that read as strokes too: those are left out.
                if names.contains(&&line[..]) && solver::parse_stroke(line).is_none() {
                    lots += 1;
                    let mended = frame.without(1, i..i + 1).unwrap();
                    assert!(valid(&mended), "{:?}", mended);
                    assert_eq!(mended.lines.len(), frame.lines.len());
                    assert!(names.contains(&&mended.lines[i][..]));
                }
            }
        }
        assert!(lots > 0, "no tie in 20 frames");
    }
}
