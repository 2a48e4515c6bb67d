//! Nothing is lost before an error (R0.3): valid inputs are cut at every
//! byte (at many for the longer ones) and the byte there spoiled — a byte
//! that is not UTF-8, a CR, a letter — and every reading that then fails
//! must have written the output of every case that ended before the cut,
//! and no partial line. A case ends with the line end of its last line;
//! in the tolerant four-in-a-row readings a game ends at the next `Game`
//! (its moves may go on over lines, F1), the last one at the end of input.

mod valid;

use referee::tool::problem::Problem;
use valid::Reading;

/// The bytes put at the cut.
const SPOILS: [u8; 3] = [0xff, b'\r', b'x'];

/// Inputs up to this long are cut at every byte; longer ones near every
/// line end and `Game`, and at a stride.
const CUT_EVERYWHERE: usize = 1500;

fn cuts(input: &[u8]) -> Vec<usize> {
    if input.len() <= CUT_EVERYWHERE {
        return (0..=input.len()).collect();
    }
    let stride = input.len() / 400;
    (0..=input.len())
        .filter(|&c| {
            let near = |c: usize| {
                let around = &input[c.saturating_sub(3)..(c + 3).min(input.len())];
                around.contains(&b'\n') || around.contains(&b'G')
            };
            c % stride == 0 || near(c)
        })
        .collect()
}

/// Where each case ends in a valid `input` for `reading`: it ended before
/// a cut at `c` when its end is below `c`.
fn case_ends(problem: Problem, reading: &Reading, input: &[u8]) -> Vec<usize> {
    let spans = valid::line_spans(input);
    let newline = |line: usize| spans[line - 1].2;
    match problem {
        Problem::Snooker => valid::snooker_lines(input)
            .frame_ends
            .into_iter()
            .map(newline)
            .collect(),
        Problem::Rating => valid::tournaments(input)
            .iter()
            .map(|t| newline(t.last_line))
            .collect(),
        Problem::Fourrow => {
            let headers: Vec<usize> = (0..input.len())
                .filter(|&at| input[at..].starts_with(b"Game"))
                .collect();
            if reading.strict {
                // Each game is its line.
                let line_of = |at: usize| spans.iter().position(|s| s.0 <= at && at <= s.2);
                headers
                    .iter()
                    .map(|&at| spans[line_of(at).unwrap()].2)
                    .collect()
            } else {
                // At the `e` of the next `Game`; the last at the end.
                let mut ends: Vec<usize> = headers.iter().skip(1).map(|at| at + 3).collect();
                if !headers.is_empty() {
                    ends.push(usize::MAX);
                }
                ends
            }
        }
    }
}

/// Where the output of each case starts in a reading's whole output: at
/// its first line, or at the empty line before it.
fn case_starts(reading: &Reading, output: &[u8]) -> Vec<usize> {
    let mut starts = Vec::new();
    let mut at = 0;
    let mut frame = String::new();
    for line in output.split_inclusive(|&b| b == b'\n') {
        let text = String::from_utf8_lossy(line);
        let starts_case = match reading.name {
            "scoreboard --tsv" => {
                let first = text.split('\t').next().unwrap().to_string();
                let new = at > 0 && first != frame;
                frame = first;
                new
            }
            "scoreboard" => text.starts_with("Frame ") && text.contains(": "),
            name if name.starts_with("snooker") => text.starts_with("Frame "),
            name if name.starts_with("fourrow") => text.starts_with("Game #"),
            _ => text.starts_with("Ratings after Tournament "),
        };
        if starts_case {
            // The empty line between frames comes with the next one.
            let blank_before = at > 0 && output[..at].ends_with(b"\n\n");
            starts.push(if blank_before { at - 1 } else { at });
        }
        at += line.len();
    }
    starts
}

fn check(problem: Problem, reading: &Reading, label: &str, input: &[u8]) -> usize {
    let (whole, error) = valid::run(reading.solve, input);
    assert!(error.is_none(), "{} {}: {:?}", reading.name, label, error);
    let ends = case_ends(problem, reading, input);
    let starts = case_starts(reading, &whole);
    assert_eq!(ends.len(), starts.len(), "{} {}", reading.name, label);
    let mut failed = 0;
    for c in cuts(input) {
        for spoil in SPOILS {
            let mut cut = input[..c].to_vec();
            cut.push(spoil);
            let (output, error) = valid::run(reading.solve, &cut);
            let Some(error) = error else { continue };
            failed += 1;
            let ended = ends.iter().filter(|&&end| end < c).count();
            let before = starts.get(ended).map_or(&whole[..], |&at| &whole[..at]);
            let context = || {
                format!(
                    "{} {} cut at {} with {:?}: {}\nwrote {:?}\nexpected at least {:?}",
                    reading.name,
                    label,
                    c,
                    char::from(spoil),
                    error,
                    String::from_utf8_lossy(&output),
                    String::from_utf8_lossy(before)
                )
            };
            assert!(output.starts_with(before), "{}", context());
            assert!(
                output.is_empty() || output.ends_with(b"\n"),
                "{}",
                context()
            );
            // A CR or a letter may end a token early or make a new one;
            // a byte that is not UTF-8 only stops the reading.
            if spoil == 0xff {
                assert!(whole.starts_with(&output), "{}", context());
            }
        }
    }
    failed
}

fn check_problem(problem: Problem) {
    let inputs = valid::inputs(problem, 2, 2);
    // The HTML report is one page, written whole even after an error.
    let readings = valid::readings(problem);
    for reading in readings.iter().filter(|r| r.name != "scoreboard --html") {
        let mut failed = 0;
        for (label, input) in &inputs {
            if !reading.strict || valid::strict_valid(problem, input) {
                failed += check(problem, reading, label, input);
            }
        }
        assert!(
            failed > 1000,
            "{}: only {} cuts failed",
            reading.name,
            failed
        );
    }
}

#[test]
fn snooker_readings_write_every_frame_ended_before_a_spoiled_byte() {
    check_problem(Problem::Snooker);
}

#[test]
fn fourrow_readings_write_every_game_ended_before_a_spoiled_byte() {
    check_problem(Problem::Fourrow);
}

#[test]
fn rating_readings_write_every_tournament_ended_before_a_spoiled_byte() {
    check_problem(Problem::Rating);
}
