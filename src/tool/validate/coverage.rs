//! `referee validate --coverage`: how far a set of valid inputs reaches
//! towards each bound of the statement. For every bounded value (counts,
//! name lengths, moves, ratings, pieces, reds potted at once) the least
//! and the most seen and whether each end of its range is reached; for
//! every kind of thing that may happen (each ball hit first or potted,
//! fouls, ties, each result or verdict) how often it was seen.
//!
//! The inputs are valid (`--strict`), so they are read by their tokens
//! (a snooker line by the referee's reading of an event, and played, so
//! that a lot is told from a stroke); what happens in them (fouls, ties,
//! who won) is read from the referee's answer.

use crate::core::io::Line;
use crate::core::limits;
use crate::core::snooker::parse::{parse_event, Event};
use crate::core::snooker::{Ball, Frame, Player, Stage, Stroke};
use crate::tool::problem::Problem;
use crate::tool::solvers;
use std::fmt::Write as _;
use std::ops::RangeInclusive;

/// A bounded value: its range by the statement, and the least and most
/// seen.
#[derive(Clone, Debug)]
pub(crate) struct Bound {
    pub(crate) what: &'static str,
    pub(crate) range: RangeInclusive<i128>,
    pub(crate) seen: Option<(i128, i128)>,
}

/// A kind of thing that may happen, and how often it was seen.
#[derive(Clone, Debug)]
pub(crate) struct Kind {
    pub(crate) what: String,
    pub(crate) seen: u64,
}

/// The coverage of the inputs added so far.
#[derive(Clone, Debug)]
pub(crate) struct Coverage {
    problem: Problem,
    pub(crate) bounds: Vec<Bound>,
    pub(crate) kinds: Vec<Kind>,
}

const SNOOKER_FIRST: [&str; 8] = [
    "None", "Red", "Yellow", "Green", "Brown", "Blue", "Pink", "Black",
];
const SNOOKER_POTTED: [&str; 8] = [
    "Red", "Yellow", "Green", "Brown", "Blue", "Pink", "Black", "White",
];
const SNOOKER_EVENTS: [&str; 5] = [
    "a foul",
    "Play again",
    "a tie and its lot",
    "a frame won by the first player",
    "a frame won by the second player",
];
const FOURROW_VERDICTS: [(&str, &str); 5] = [
    ("an invalid game", "is invalid."),
    (
        "a full board without a winner",
        "is over. There is no winner.",
    ),
    (
        "a win of the first player",
        "is over. The first player won.",
    ),
    (
        "a win of the second player",
        "is over. The second player won.",
    ),
    ("a game not over", "is not over, yet."),
];
const RATING_RESULTS: [&str; 3] = ["won", "drew", "lost"];

fn range<T: Into<i128> + Copy>(r: RangeInclusive<T>) -> RangeInclusive<i128> {
    (*r.start()).into()..=(*r.end()).into()
}

fn letters(r: RangeInclusive<usize>) -> RangeInclusive<i128> {
    *r.start() as i128..=*r.end() as i128
}

impl Coverage {
    /// Nothing seen yet.
    pub(crate) fn new(problem: Problem) -> Coverage {
        let bound = |what, range| Bound {
            what,
            range,
            seen: None,
        };
        let (bounds, kinds): (Vec<Bound>, Vec<String>) = match problem {
            Problem::Snooker => (
                vec![
                    bound("frames", range(limits::snooker::FRAMES)),
                    bound("name letters", letters(limits::snooker::NAME_LETTERS)),
                    bound("reds potted by one stroke", 0..=15),
                ],
                SNOOKER_FIRST
                    .iter()
                    .map(|b| format!("first hit {}", b))
                    .chain(SNOOKER_POTTED.iter().map(|b| format!("potted {}", b)))
                    .chain(SNOOKER_EVENTS.iter().map(|e| e.to_string()))
                    .chain((4..=7).map(|points| format!("a foul of {} points", points)))
                    .collect(),
            ),
            Problem::Fourrow => {
                let most_moves = limits::fourrow::MAX_MOVES as i128;
                (
                    vec![
                        bound("games", range(limits::fourrow::GAMES)),
                        bound("moves of a game", 0..=most_moves),
                        // A board one chip short of full, and a win by the
                        // last chip: the ends of the rule for a full board.
                        bound("moves of a game not over", 0..=most_moves - 1),
                        bound("moves of a won game", 7..=most_moves),
                    ],
                    (1..=limits::fourrow::COLUMNS)
                        .map(|slot| format!("a move into slot {}", slot))
                        .chain(FOURROW_VERDICTS.iter().map(|(what, _)| what.to_string()))
                        .collect(),
                )
            }
            Problem::Rating => {
                let max = i128::from(limits::rating::MAX_RATING);
                (
                    vec![
                        bound("tournaments", range(limits::rating::TOURNAMENTS)),
                        bound("players of a tournament", range(limits::rating::PLAYERS)),
                        bound("games of a tournament", range(limits::rating::GAMES)),
                        bound("name letters", letters(limits::rating::NAME_LETTERS)),
                        // Ratings below zero are valid too (P6), to the
                        // same bound as above it (P7).
                        bound("rating in hundredths", -max..=max),
                        bound("pieces", 0..=i128::from(i64::MAX)),
                    ],
                    RATING_RESULTS
                        .iter()
                        .map(|r| format!("result {}", r))
                        .chain(["a player playing himself".to_string()])
                        .collect(),
                )
            }
        };
        Coverage {
            problem,
            bounds,
            kinds: kinds
                .into_iter()
                .map(|what| Kind { what, seen: 0 })
                .collect(),
        }
    }

    fn value(&mut self, what: &str, value: i128) {
        let bound = self
            .bounds
            .iter_mut()
            .find(|b| b.what == what)
            .expect("a bound of the problem");
        bound.seen = Some(match bound.seen {
            None => (value, value),
            Some((least, most)) => (least.min(value), most.max(value)),
        });
    }

    fn kind(&mut self, what: &str, times: u64) {
        // What the answer shows is a kind of the problem; anything else
        // (which a valid input cannot give) is not counted.
        if let Some(kind) = self.kinds.iter_mut().find(|k| k.what == what) {
            kind.seen += times;
        }
    }

    /// Adds what a valid input and its answer show.
    pub(crate) fn add(&mut self, input: &[u8]) -> Result<(), solvers::Error> {
        let answer = solvers::answer(self.problem, input)?;
        let input = String::from_utf8_lossy(input);
        let answer = String::from_utf8_lossy(&answer);
        match self.problem {
            Problem::Snooker => self.add_snooker(&input, &answer),
            Problem::Fourrow => self.add_fourrow(&input, &answer),
            Problem::Rating => self.add_rating(&input),
        }
        Ok(())
    }

    fn add_snooker(&mut self, input: &str, answer: &str) {
        // Frames are separated by one empty line, and one comes first.
        let mut frames = input.split("\n\n");
        let count = frames.next().unwrap_or("").trim();
        self.value("frames", count.parse().unwrap_or(0));
        let mut players = Vec::new();
        for text in frames {
            let mut lines = text.lines();
            let names: Vec<&str> = lines.next().unwrap_or("").split(' ').collect();
            for name in &names {
                self.value("name letters", name.len() as i128);
            }
            // Played on a frame, for a line that names a ball to be told
            // from a lot that names a player called after it.
            let mut frame = Frame::new();
            for line in lines {
                if frame.stage() == Stage::LotDue {
                    // Counted with its tie below.
                    let player = if names.first() == Some(&line) {
                        Player::A
                    } else {
                        Player::B
                    };
                    let _ = frame.lot(player);
                    continue;
                }
                match parse_event(&Line::new(1, line.as_bytes())) {
                    Ok(Event::PlayAgain) => {
                        self.kind("Play again", 1);
                        let _ = frame.play_again();
                    }
                    Ok(Event::Stroke(stroke)) => {
                        self.stroke(&stroke);
                        let _ = frame.play(&stroke);
                    }
                    Err(_) => {}
                }
            }
            players.push(names);
        }
        let mut frame: usize = 0;
        // The scores before the stroke, and whether it was a foul.
        let mut score = (0, 0);
        let mut foul = false;
        for line in answer.lines() {
            if let Some((a, b)) = line.split_once(" : ") {
                let now = (a.parse().unwrap_or(0), b.parse().unwrap_or(0));
                if foul {
                    // The penalty goes to one player: the sum grew by it.
                    let penalty: i64 = now.0 + now.1 - score.0 - score.1;
                    self.kind(&format!("a foul of {} points", penalty), 1);
                }
                (score, foul) = (now, false);
            } else if line.starts_with("Frame ") {
                frame += 1;
                score = (0, 0);
            } else if line == "Foul!" {
                self.kind("a foul", 1);
                foul = true;
            } else if line == "Tie" {
                self.kind("a tie and its lot", 1);
            } else if let Some(winner) = line.strip_suffix(" wins") {
                let first = frame
                    .checked_sub(1)
                    .and_then(|f| players.get(f))
                    .is_some_and(|n| n[0] == winner);
                let who = if first { "first" } else { "second" };
                self.kind(&format!("a frame won by the {} player", who), 1);
            }
        }
    }

    fn stroke(&mut self, stroke: &Stroke) {
        let first = stroke.first.map_or("None", Ball::name);
        self.kind(&format!("first hit {}", first), 1);
        for _ in 0..stroke.reds {
            self.kind("potted Red", 1);
        }
        for colour in stroke.colours.iter() {
            self.kind(&format!("potted {}", colour.name()), 1);
        }
        if stroke.white {
            self.kind("potted White", 1);
        }
        self.value("reds potted by one stroke", i128::from(stroke.reds));
    }

    fn add_fourrow(&mut self, input: &str, answer: &str) {
        let mut lines = input.lines();
        self.value("games", lines.next().unwrap_or("").parse().unwrap_or(0));
        // One verdict a game, in order.
        let verdicts = answer.lines().filter(|l| l.starts_with("Game #"));
        for (line, verdict) in lines.zip(verdicts) {
            let moves = line.split_once(':').map_or("", |(_, m)| m);
            let digits: Vec<u8> = moves.bytes().filter(u8::is_ascii_digit).collect();
            let count = digits.len() as i128;
            self.value("moves of a game", count);
            for slot in digits {
                self.kind(&format!("a move into slot {}", slot as char), 1);
            }
            for (what, ending) in FOURROW_VERDICTS {
                if verdict.ends_with(ending) {
                    self.kind(what, 1);
                }
            }
            if verdict.ends_with("is not over, yet.") {
                self.value("moves of a game not over", count);
            } else if verdict.ends_with("player won.") {
                self.value("moves of a won game", count);
            }
        }
    }

    fn add_rating(&mut self, input: &str) {
        let mut tokens = input.split_ascii_whitespace();
        let mut next = || tokens.next().unwrap_or("");
        let number = |t: &str| t.parse::<i128>().unwrap_or(0);
        let tournaments = number(next());
        self.value("tournaments", tournaments);
        for _ in 0..tournaments {
            let (players, games) = (number(next()), number(next()));
            self.value("players of a tournament", players);
            self.value("games of a tournament", games);
            for _ in 0..players {
                let name = next();
                self.value("name letters", name.len() as i128);
                let rating = next();
                self.value("rating in hundredths", number(&rating.replace('.', "")));
            }
            for _ in 0..games {
                let (white, black, result) = (next(), next(), next());
                if white == black {
                    self.kind("a player playing himself", 1);
                }
                self.kind(&format!("result {}", result), 1);
                for _ in 0..2 {
                    self.value("pieces", number(next()));
                }
            }
        }
    }

    /// The bounds and kinds not reached, in words.
    pub(crate) fn unreached(&self) -> Vec<String> {
        let mut missing = Vec::new();
        for bound in &self.bounds {
            let (least, most) = bound.seen.unwrap_or((i128::MAX, i128::MIN));
            if least != *bound.range.start() {
                missing.push(format!("{} {}", bound.what, bound.range.start()));
            }
            if most != *bound.range.end() {
                missing.push(format!("{} {}", bound.what, bound.range.end()));
            }
        }
        for kind in self.kinds.iter().filter(|k| k.seen == 0) {
            missing.push(kind.what.clone());
        }
        missing
    }

    /// One line a bound or kind: what was seen, and whether it is reached.
    pub(crate) fn report(&self) -> String {
        let mut text = String::new();
        let reached = |yes: bool| if yes { "reached" } else { "NOT reached" };
        for bound in &self.bounds {
            let (start, end) = (bound.range.start(), bound.range.end());
            let _ = match bound.seen {
                Some((least, most)) => writeln!(
                    text,
                    "{}: least {}, most {}; bound {} {}, bound {} {}",
                    bound.what,
                    least,
                    most,
                    start,
                    reached(least == *start),
                    end,
                    reached(most == *end)
                ),
                None => writeln!(
                    text,
                    "{}: none seen; bound {} NOT reached, bound {} NOT reached",
                    bound.what, start, end
                ),
            };
        }
        for kind in &self.kinds {
            let _ = writeln!(
                text,
                "{}: seen {}; {}",
                kind.what,
                kind.seen,
                reached(kind.seen > 0)
            );
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fourrow_sample_reaches_few_bounds() {
        let mut coverage = Coverage::new(Problem::Fourrow);
        coverage
            .add(include_bytes!("../../../fixtures/fourrow/sample.in"))
            .unwrap();
        let report = coverage.report();
        assert!(
            report
                .starts_with("games: least 2, most 2; bound 1 NOT reached, bound 99 NOT reached\n"),
            "{}",
            report
        );
        assert!(
            report.contains("\nmoves of a game: least 6, most 13;"),
            "{}",
            report
        );
        assert!(
            report.contains("\na move into slot 7: seen 1; reached\n"),
            "{}",
            report
        );
        assert!(
            report.contains("\nan invalid game: seen 0; NOT reached\n"),
            "{}",
            report
        );
        let unreached = coverage.unreached();
        assert!(
            unreached.contains(&"games 99".to_string()),
            "{:?}",
            unreached
        );
        assert!(
            unreached.contains(&"moves of a game 42".to_string()),
            "{:?}",
            unreached
        );
    }

    #[test]
    fn a_lot_naming_a_player_called_after_a_ball_is_no_stroke() {
        let input = include_str!("../../../fixtures/snooker/play-again-and-lot.in");
        let strokes = |input: &str| {
            let mut coverage = Coverage::new(Problem::Snooker);
            coverage.add(input.as_bytes()).unwrap();
            let report = coverage.report();
            let lines = report.lines().filter(|l| l.starts_with("first hit"));
            lines.map(String::from).collect::<Vec<_>>()
        };
        // Dan wins the lot: renamed Black, then None, nothing else changes.
        let as_given = strokes(input);
        assert!(as_given.contains(&"first hit Black: seen 5; reached".to_string()));
        assert_eq!(strokes(&input.replace("Dan", "Black")), as_given);
        assert_eq!(strokes(&input.replace("Dan", "nonE")), as_given);
    }

    #[test]
    fn snooker_events_come_from_the_answer() {
        let mut coverage = Coverage::new(Problem::Snooker);
        coverage
            .add(include_bytes!("../../../fixtures/snooker/sample.in"))
            .unwrap();
        let report = coverage.report();
        assert!(report.contains("\na foul: seen 1; reached\n"), "{}", report);
        // The sample's one foul pots the white: the least penalty.
        assert!(
            report.contains("\na foul of 4 points: seen 1; reached\n"),
            "{}",
            report
        );
        assert!(
            report.contains("\na foul of 7 points: seen 0; NOT reached\n"),
            "{}",
            report
        );
        assert!(
            report.contains("\na frame won by the second player: seen 1; reached\n"),
            "{}",
            report
        );
        assert!(
            report.contains("\npotted White: seen 1; reached\n"),
            "{}",
            report
        );
        assert!(
            report.contains("\nname letters: least 4, most 8;"),
            "{}",
            report
        );
    }

    #[test]
    fn an_invalid_input_adds_nothing() {
        let mut coverage = Coverage::new(Problem::Rating);
        assert!(coverage.add(b"1\n2 1\n").is_err());
        assert!(coverage.bounds.iter().all(|b| b.seen.is_none()));
    }
}
