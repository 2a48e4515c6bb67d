//! The record of a match or of contest input, stroke by stroke, for the
//! report: a flat list of [`Step`]s, folded here into frames (the score
//! worm, the breaks, the result) and the players' totals. Breaks follow
//! ruling K2: legal points of one visit.

use super::Shot;
use crate::core::snooker::Next;

/// One step of the record. Players are indices into the frame's names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// A frame begins; its scores are given in the order of `names`.
    Frame { number: u64, names: [String; 2] },
    /// A stroke: who played it, whether it was a foul, the points it gave
    /// (to the opponent for a foul), the scores after it, and whether the
    /// visit ended with it.
    Stroke {
        striker: usize,
        foul: bool,
        points: u64,
        scores: [u64; 2],
        visit_ends: bool,
    },
    /// A visit begins without a stroke: `Play again`, the lot.
    NewVisit,
    /// The frame is over.
    End { winner: usize, conceded: bool },
}

impl Step {
    /// The step of a stroke: `striker` and `scores` in the record's order.
    pub(crate) fn of_shot(shot: &Shot, striker: usize, scores: [u64; 2]) -> Step {
        Step::Stroke {
            striker,
            foul: shot.foul,
            points: shot.points,
            scores,
            visit_ends: shot.outcome.next != Next::SameStriker,
        }
    }
}

/// A point of the score worm: the scores after a stroke, who played it
/// (by player index) and whether it was a foul.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct WormPoint {
    pub(crate) scores: [u64; 2],
    pub(crate) striker: usize,
    pub(crate) foul: bool,
}

/// One frame of the record, folded.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct FrameRecord {
    pub(crate) number: u64,
    pub(crate) names: [String; 2],
    pub(crate) worm: Vec<WormPoint>,
    /// Every break that ended, by player index, in order.
    pub(crate) breaks: Vec<(usize, u64)>,
    /// The winner's index and whether the other conceded; None while on.
    pub(crate) result: Option<(usize, bool)>,
    pub(crate) fouls: [u64; 2],
    /// Legal points scored, and visits with at least one stroke.
    pub(crate) points: [u64; 2],
    pub(crate) visits: [u64; 2],
}

impl FrameRecord {
    pub(crate) fn scores(&self) -> [u64; 2] {
        self.worm.last().map_or([0, 0], |p| p.scores)
    }
}

/// Ends the visit open in `frame`, if any: its break so far is a break.
fn end_visit(frame: &mut FrameRecord, visit: &mut Option<usize>, current: &mut u64) {
    if let Some(player) = visit.take() {
        if *current > 0 {
            frame.breaks.push((player, *current));
        }
    }
    *current = 0;
}

/// Folds the steps into frames. A break still going on at the last step
/// counts as made so far, as the live board counts it.
pub(crate) fn frames(steps: &[Step]) -> Vec<FrameRecord> {
    let mut frames: Vec<FrameRecord> = Vec::new();
    // The player whose visit is open, and the break of it so far.
    let mut visit: Option<usize> = None;
    let mut current = 0;
    for step in steps {
        if let Step::Frame { number, names } = step {
            frames.push(FrameRecord {
                number: *number,
                names: names.clone(),
                ..FrameRecord::default()
            });
            visit = None;
            current = 0;
            continue;
        }
        let Some(frame) = frames.last_mut() else {
            continue;
        };
        match *step {
            Step::Frame { .. } => {}
            Step::Stroke {
                striker,
                foul,
                points,
                scores,
                visit_ends,
            } => {
                if visit != Some(striker) {
                    end_visit(frame, &mut visit, &mut current);
                    visit = Some(striker);
                    frame.visits[striker] += 1;
                }
                if foul {
                    frame.fouls[striker] += 1;
                } else {
                    frame.points[striker] += points;
                    current += points;
                }
                frame.worm.push(WormPoint {
                    scores,
                    striker,
                    foul,
                });
                if visit_ends {
                    end_visit(frame, &mut visit, &mut current);
                }
            }
            Step::NewVisit => end_visit(frame, &mut visit, &mut current),
            Step::End { winner, conceded } => {
                end_visit(frame, &mut visit, &mut current);
                frame.result = Some((winner, conceded));
            }
        }
    }
    if let Some(frame) = frames.last_mut() {
        end_visit(frame, &mut visit, &mut current);
    }
    frames
}

/// One player's totals over the frames.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Totals {
    pub(crate) name: String,
    pub(crate) frames_won: u64,
    pub(crate) highest: u64,
    pub(crate) centuries: u64,
    pub(crate) fouls: u64,
    pub(crate) points: u64,
    pub(crate) visits: u64,
}

/// The totals of every player named, in order of first appearance.
pub(crate) fn totals(frames: &[FrameRecord]) -> Vec<Totals> {
    let mut all: Vec<Totals> = Vec::new();
    for frame in frames {
        for (at, name) in frame.names.iter().enumerate() {
            let index = match all.iter().position(|t| &t.name == name) {
                Some(index) => index,
                None => {
                    all.push(Totals {
                        name: name.clone(),
                        ..Totals::default()
                    });
                    all.len() - 1
                }
            };
            let totals = &mut all[index];
            if frame.result.map(|(winner, _)| winner) == Some(at) {
                totals.frames_won += 1;
            }
            for &(player, points) in &frame.breaks {
                if player == at {
                    totals.highest = totals.highest.max(points);
                    totals.centuries += u64::from(points >= 100);
                }
            }
            totals.fouls += frame.fouls[at];
            totals.points += frame.points[at];
            totals.visits += frame.visits[at];
        }
    }
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stroke(striker: usize, points: u64, scores: [u64; 2], visit_ends: bool) -> Step {
        Step::Stroke {
            striker,
            foul: false,
            points,
            scores,
            visit_ends,
        }
    }

    #[test]
    fn visits_breaks_and_fouls_are_folded_per_frame() {
        let names = ["Ann".to_string(), "Bob".to_string()];
        let steps = vec![
            Step::Frame {
                number: 1,
                names: names.clone(),
            },
            stroke(0, 1, [1, 0], false),
            stroke(0, 7, [8, 0], false),
            stroke(0, 0, [8, 0], true),
            Step::Stroke {
                striker: 1,
                foul: true,
                points: 4,
                scores: [12, 0],
                visit_ends: true,
            },
            Step::NewVisit,
            stroke(1, 1, [12, 1], false),
            Step::End {
                winner: 0,
                conceded: true,
            },
        ];
        let frames = frames(&steps);
        assert_eq!(frames.len(), 1);
        let frame = &frames[0];
        assert_eq!(frame.breaks, vec![(0, 8), (1, 1)]);
        assert_eq!((frame.fouls, frame.points), ([0, 1], [8, 1]));
        assert_eq!(frame.visits, [1, 2]);
        assert_eq!(frame.result, Some((0, true)));
        assert_eq!(frame.scores(), [12, 1]);
        let totals = totals(&frames);
        assert_eq!((totals[0].frames_won, totals[0].highest), (1, 8));
        assert_eq!(totals[1].fouls, 1);
    }

    #[test]
    fn a_break_still_going_on_counts_as_made_so_far() {
        let steps = vec![
            Step::Frame {
                number: 1,
                names: ["Ann".to_string(), "Bob".to_string()],
            },
            stroke(0, 1, [1, 0], false),
            stroke(0, 7, [8, 0], false),
        ];
        let frames = frames(&steps);
        assert_eq!(frames[0].breaks, vec![(0, 8)]);
        assert_eq!(totals(&frames)[0].highest, 8);
    }
}
