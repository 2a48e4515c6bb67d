//! Valid inputs for the property tests, and what each reading makes of
//! them: the fixtures that every reading takes, `gen` output in both
//! styles, the readings of each problem, and where the lines of a snooker
//! input that name players are.

#![allow(dead_code)]

use referee::core::io::{Error, Line, Lines, Tolerant};
use referee::core::snooker::parse::{read_frames, Visit};
use referee::core::snooker::{Frame, Names, Outcome, Player, Replay, Stroke};
use referee::core::{fourrow, rating, snooker};
use referee::tool::cli::Style;
use referee::tool::gen;
use referee::tool::problem::Problem;
use referee::tool::scoreboard;
use std::path::Path;

/// A reading: input in, output and how it ended out.
pub type Solve = fn(&[u8], &mut Vec<u8>) -> Result<(), Error>;

/// One reading of a problem, by name; `strict` holds the input to the
/// format, so only inputs it takes are given to it as valid.
pub struct Reading {
    pub name: &'static str,
    pub solve: Solve,
    pub strict: bool,
}

/// Every reading of `problem` that writes output: the tool's (fast
/// paths), the general one, `--strict`; for snooker the scoreboard's
/// views too. (`validate` is `--strict` writing nothing.)
pub fn readings(problem: Problem) -> Vec<Reading> {
    let reading = |name, solve, strict| Reading {
        name,
        solve,
        strict,
    };
    match problem {
        Problem::Snooker => vec![
            reading("snooker", |i, o| snooker::solve(i, o), false),
            reading(
                "snooker general",
                |i, o| snooker::solve_with(i, o, &mut Tolerant),
                false,
            ),
            reading("snooker --strict", |i, o| snooker::solve_strict(i, o), true),
            reading("scoreboard", |i, o| scoreboard::run(i, o), false),
            reading("scoreboard --tsv", |i, o| scoreboard::run_tsv(i, o), false),
            reading(
                "scoreboard --html",
                |i, o| scoreboard::run_html(i, o),
                false,
            ),
        ],
        Problem::Fourrow => vec![
            reading("fourrow", |i, o| fourrow::solve(i, o), false),
            reading(
                "fourrow general",
                |i, o| fourrow::solve_with(i, o, &mut Tolerant),
                false,
            ),
            reading("fourrow --strict", |i, o| fourrow::solve_strict(i, o), true),
        ],
        Problem::Rating => vec![
            reading("rating", |i, o| rating::solve(i, o), false),
            reading(
                "rating general",
                |i, o| rating::solve_with(i, o, &mut Tolerant),
                false,
            ),
            reading("rating --strict", |i, o| rating::solve_strict(i, o), true),
        ],
    }
}

/// The judge core, what the judge bundles run, as a reading of valid
/// input (on invalid input a bundle may stop with any message, so the
/// tests that spoil input leave it out).
pub fn judge_core(problem: Problem) -> Reading {
    let solve: Solve = match problem {
        Problem::Snooker => |i, o| judged(judge::snooker::solve, i, o),
        Problem::Fourrow => |i, o| judged(judge::fourrow::solve, i, o),
        Problem::Rating => |i, o| judged(judge::rating::solve, i, o),
    };
    Reading {
        name: "judge core",
        solve,
        strict: false,
    }
}

fn judged(
    solve: fn(&str, &mut String) -> Result<(), String>,
    input: &[u8],
    out: &mut Vec<u8>,
) -> Result<(), Error> {
    let text = std::str::from_utf8(input).map_err(|e| Error::at(1, 1, e.to_string()))?;
    let mut judged = String::new();
    let result = solve(text, &mut judged);
    out.extend_from_slice(judged.as_bytes());
    result.map_err(|message| Error::at(1, 1, message))
}

/// The output of a run and its error, if any.
pub fn run(solve: Solve, input: &[u8]) -> (Vec<u8>, Option<Error>) {
    let mut out = Vec::new();
    let result = solve(input, &mut out);
    (out, result.err())
}

/// Whether `--strict` takes `input`.
pub fn strict_valid(problem: Problem, input: &[u8]) -> bool {
    let strict = readings(problem).into_iter().find(|r| r.strict).unwrap();
    run(strict.solve, input).1.is_none()
}

/// Valid inputs of `problem`, each with a label: the fixtures without an
/// error (the scoreboard's are snooker input), then `gen` output of a
/// few cases in both styles.
pub fn inputs(problem: Problem, seeds: u64, cases: u64) -> Vec<(String, Vec<u8>)> {
    let name = problem.name();
    let mut dirs = vec![name.to_string(), format!("{}-strict", name)];
    if problem == Problem::Snooker {
        dirs.push("scoreboard".to_string());
    }
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    let mut found = Vec::new();
    for dir in dirs {
        let mut paths: Vec<_> = std::fs::read_dir(fixtures.join(&dir))
            .unwrap()
            .map(|entry| entry.unwrap().path())
            .filter(|path| path.extension().is_some_and(|e| e == "in"))
            .filter(|path| !path.with_extension("err").exists())
            .collect();
        paths.sort();
        for path in paths {
            let label = format!("{}/{}", dir, path.file_name().unwrap().to_string_lossy());
            let input = std::fs::read(&path).unwrap();
            // Zero cases has nothing to rename or cut.
            if input != b"0\n" {
                found.push((label, input));
            }
        }
    }
    for style in Style::ALL {
        for seed in 1..=seeds {
            let mut input = Vec::new();
            gen::generate_styled(problem, style, seed, Some(cases), &mut input).unwrap();
            found.push((format!("gen {} seed {}", style.name(), seed), input));
        }
    }
    found
}

/// Where a token is: its 1-based line and column, its length.
#[derive(Clone, Copy, Debug)]
pub struct Place {
    pub line: usize,
    pub col: usize,
    pub len: usize,
}

/// What the general reading finds in a valid snooker input: per frame the
/// places of the two names on its names line, the lot lines' names (with
/// the player named), and the line that ends the frame.
#[derive(Default)]
pub struct SnookerLines {
    pub names: Vec<[Place; 2]>,
    pub lots: Vec<(usize, Place, Player)>,
    pub frame_ends: Vec<usize>,
}

fn place(line: &Line, nth: usize) -> Place {
    let token = line.tokens().nth(nth).unwrap();
    Place {
        line: line.number,
        col: token.col,
        len: token.text.len(),
    }
}

impl Visit for SnookerLines {
    fn names(&mut self, _: u64, line: &Line, _: &Names) -> Result<(), Error> {
        self.names.push([place(line, 0), place(line, 1)]);
        Ok(())
    }
    fn stroke(
        &mut self,
        line: &Line,
        _: &Stroke,
        _: &Outcome,
        frame: &Frame,
        _: &Names,
    ) -> Result<(), Error> {
        if frame.winner().is_some() {
            self.frame_ends.push(line.number);
        }
        Ok(())
    }
    fn play_again(&mut self, _: &Line, _: &Replay, _: &Frame, _: &Names) -> Result<(), Error> {
        Ok(())
    }
    fn lot(&mut self, line: &Line, player: Player, _: &Frame, _: &Names) -> Result<(), Error> {
        let frame = self.names.len() - 1;
        self.lots.push((frame, place(line, 0), player));
        Ok(())
    }
}

/// The lines of a valid snooker input that name players, and where its
/// frames end.
pub fn snooker_lines(input: &[u8]) -> SnookerLines {
    let mut lines = SnookerLines::default();
    read_frames(&mut Lines::new(input), &mut Tolerant, &mut lines).unwrap();
    lines
}

/// Each line of `input` from the first (after a byte-order mark): where
/// it starts, where its text ends (before CR LF or LF) and where its
/// newline is (the input's length for a last line without one).
pub fn line_spans(input: &[u8]) -> Vec<(usize, usize, usize)> {
    let mut spans = Vec::new();
    let mut start = if input.starts_with(b"\xef\xbb\xbf") {
        3
    } else {
        0
    };
    while start < input.len() {
        let newline = input[start..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(input.len(), |i| start + i);
        let text_end = if newline > start && input[newline - 1] == b'\r' && newline < input.len() {
            newline - 1
        } else {
            newline
        };
        spans.push((start, text_end, newline));
        start = newline + 1;
    }
    spans
}

/// The bytes that part tokens (as the readings see them).
fn is_blank(byte: u8) -> bool {
    matches!(byte, b'\t'..=b'\r' | b' ')
}

/// The tokens of the line that spans `start..end` of `input`: where each
/// starts and its length.
pub fn tokens(input: &[u8], start: usize, end: usize) -> Vec<(usize, usize)> {
    let mut found = Vec::new();
    let mut at = start;
    while at < end {
        if is_blank(input[at]) {
            at += 1;
            continue;
        }
        let len = input[at..end].iter().take_while(|&&b| !is_blank(b)).count();
        found.push((at, len));
        at += len;
    }
    found
}

/// A tournament of a valid rating input: where its players' names are
/// (in their lines and in the games), and the line it ends with.
pub struct Tournament {
    pub names: Vec<(usize, usize)>,
    pub last_line: usize,
}

/// The tournaments of a valid rating input.
pub fn tournaments(input: &[u8]) -> Vec<Tournament> {
    let spans = line_spans(input);
    // The lines that hold a token: their number and tokens.
    let mut records = spans
        .iter()
        .enumerate()
        .filter_map(|(i, &(start, end, _))| {
            let found = tokens(input, start, end);
            (!found.is_empty()).then_some((i + 1, found))
        });
    // A count, `-0` (a count of 0 with a sign) too.
    let number = |input: &[u8], (at, len): (usize, usize)| -> usize {
        let text = std::str::from_utf8(&input[at..at + len]).unwrap();
        usize::try_from(text.parse::<i64>().unwrap()).unwrap()
    };
    let (_, count) = records.next().unwrap();
    (0..number(input, count[0]))
        .map(|_| {
            let (mut last_line, header) = records.next().unwrap();
            let (players, games) = (number(input, header[0]), number(input, header[1]));
            let mut names = Vec::new();
            for taken in 0..players + games {
                let (line, found) = records.next().unwrap();
                names.extend_from_slice(&found[..if taken < players { 1 } else { 2 }]);
                last_line = line;
            }
            Tournament { names, last_line }
        })
        .collect()
}

/// `input` with the tokens at `edits` (where, length, new text) replaced.
pub fn edited(input: &[u8], mut edits: Vec<(usize, usize, Vec<u8>)>) -> Vec<u8> {
    edits.sort_by_key(|edit| edit.0);
    let mut out = Vec::with_capacity(input.len());
    let mut at = 0;
    for (start, len, text) in edits {
        out.extend_from_slice(&input[at..start]);
        out.extend_from_slice(&text);
        at = start + len;
    }
    out.extend_from_slice(&input[at..]);
    out
}
