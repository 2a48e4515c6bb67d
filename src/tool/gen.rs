//! `referee gen PROBLEM --seed N [--cases K]`: valid inputs, the same bytes
//! for the same seed on every machine (SplitMix64, integers only).
//!
//! The snooker generator drives the referee's own [`Frame`]: it draws
//! strokes from the balls on the table and lets the frame say what follows,
//! so no rule is restated here. The four-in-a-row and rating generators
//! likewise use `fourrow::Game` and `rating::exchange`.

use crate::core::fourrow::{self, Verdict};
use crate::core::rating::{self, Hundredths};
use crate::core::snooker::{Ball, BallOn, Colours, Frame, Player, Stage, Stroke};
use crate::tool::problem::Problem;
use std::io::{self, Write};

/// SplitMix64: tiny, fast, and good enough to vary test inputs.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: u64) -> u64 {
        ((u128::from(self.next_u64()) * u128::from(n)) >> 64) as u64
    }

    /// A number in `lo..=hi`.
    pub fn range(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.below(hi - lo + 1)
    }

    /// True with probability `percent` / 100.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }

    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }
}

/// Default numbers of cases: within the statements' limits.
fn default_cases(problem: Problem, rng: &mut Rng) -> u64 {
    match problem {
        Problem::Snooker => rng.range(1, 200),
        Problem::Fourrow => rng.range(1, 99),
        Problem::Rating => rng.range(1, 20),
    }
}

/// Writes a whole input: the count, then the cases.
pub fn generate<W: Write>(
    problem: Problem,
    seed: u64,
    cases: Option<u64>,
    out: &mut W,
) -> io::Result<()> {
    let mut rng = Rng::new(seed);
    let cases = cases.unwrap_or_else(|| default_cases(problem, &mut rng));
    writeln!(out, "{}", cases)?;
    let mut case = Vec::new();
    for number in 1..=cases {
        case.clear();
        write_case(problem, &mut rng, number, &mut case);
        out.write_all(&case)?;
    }
    Ok(())
}

/// An input of at least `min_bytes`, in memory (for benchmarks).
pub fn generate_bytes(problem: Problem, seed: u64, min_bytes: usize) -> Vec<u8> {
    let mut rng = Rng::new(seed);
    let mut body = Vec::with_capacity(min_bytes + (1 << 16));
    let mut cases = 0;
    while body.len() < min_bytes {
        cases += 1;
        write_case(problem, &mut rng, cases, &mut body);
    }
    let mut input = format!("{}\n", cases).into_bytes();
    input.extend_from_slice(&body);
    input
}

fn write_case(problem: Problem, rng: &mut Rng, number: u64, out: &mut Vec<u8>) {
    match problem {
        Problem::Snooker => snooker_frame(rng, out),
        Problem::Fourrow => fourrow_game(rng, number, out),
        Problem::Rating => rating_tournament(rng, out),
    }
}

fn letters(rng: &mut Rng, len: u64, alphabet: &[u8]) -> Vec<u8> {
    (0..len).map(|_| *rng.pick(alphabet)).collect()
}

const LOWER: &[u8] = b"abcdefghijklmnopqrstuvwxyz";
const MIXED: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// A stroke drawn from the balls on the table: mostly at the ball on, now
/// and then a miss of everything or a wild foul.
fn random_stroke(rng: &mut Rng, frame: &Frame) -> Stroke {
    let on_table: Vec<Ball> = (if frame.reds() > 0 {
        Some(Ball::Red)
    } else {
        None
    })
    .into_iter()
    .chain(frame.colours().iter())
    .collect();
    let mut stroke = Stroke::default();
    let roll = rng.below(100);
    if roll < 72 {
        let target = match frame.ball_on() {
            Some(BallOn::Reds) | None => Ball::Red,
            Some(BallOn::AnyColour) => *rng.pick(&on_table[1..]),
            Some(BallOn::Colour(colour)) => colour,
        };
        stroke.first = Some(target);
        if rng.chance(65) {
            if target == Ball::Red {
                let most = if rng.chance(3) {
                    frame.reds()
                } else {
                    frame.reds().min(3)
                };
                stroke.reds = rng.range(1, u64::from(most)) as u32;
            } else {
                stroke.colours.insert(target);
            }
        }
        stroke.white = rng.chance(3);
    } else if roll < 80 {
        stroke.white = rng.chance(35);
    } else {
        stroke.first = Some(*rng.pick(&on_table));
        if frame.reds() > 0 && rng.chance(30) {
            stroke.reds = rng.range(1, u64::from(frame.reds().min(2))) as u32;
        }
        for colour in frame.colours().iter() {
            if rng.chance(12) {
                stroke.colours.insert(colour);
            }
        }
        stroke.white = rng.chance(25);
    }
    stroke
}

/// The text of a stroke, the potted balls in a random order (also used
/// by the judge's shrinker to write the strokes that end a frame).
pub fn write_stroke(rng: &mut Rng, stroke: &Stroke, out: &mut Vec<u8>) {
    out.extend_from_slice(stroke.first.map_or("None", Ball::name).as_bytes());
    let mut potted: Vec<&str> = vec!["Red"; stroke.reds as usize];
    potted.extend(stroke.colours.iter().map(Ball::name));
    if stroke.white {
        potted.push("White");
    }
    rng.shuffle(&mut potted);
    for name in potted {
        out.push(b' ');
        out.extend_from_slice(name.as_bytes());
    }
    out.push(b'\n');
}

/// One snooker frame: a blank line, the names, then strokes until it ends.
/// One frame in four is steered towards a tie on the last black.
fn snooker_frame(rng: &mut Rng, out: &mut Vec<u8>) {
    let names = loop {
        let (len_a, len_b) = (rng.range(1, 20), rng.range(1, 20));
        let a = letters(rng, len_a, MIXED);
        let b = letters(rng, len_b, MIXED);
        if a != b {
            break [a, b];
        }
    };
    out.push(b'\n');
    out.extend_from_slice(&names[0]);
    out.push(b' ');
    out.extend_from_slice(&names[1]);
    out.push(b'\n');
    let want_tie = rng.chance(25);
    let mut frame = Frame::new();
    // Where phase two started, to replay it until a tie is in reach.
    let mut phase_two_start: Option<(Frame, usize)> = None;
    let mut tries = 0;
    let mut tied = false;
    while frame.winner().is_none() {
        if frame.stage() == Stage::LotDue {
            tied = true;
            let player = if rng.chance(50) { Player::A } else { Player::B };
            out.extend_from_slice(&names[player.index()]);
            out.push(b'\n');
            frame.lot(player).expect("a lot is due");
            continue;
        }
        if frame.may_play_again() && rng.chance(25) {
            frame.play_again().expect("a foul was just made");
            out.extend_from_slice(b"Play again\n");
            continue;
        }
        let on = frame.ball_on();
        if want_tie && !tied && frame.reds() == 0 && on != Some(BallOn::AnyColour) {
            if phase_two_start.is_none() {
                phase_two_start = Some((frame.clone(), out.len()));
            }
            if on == Some(BallOn::Colour(Ball::Black)) {
                let striker = frame.striker();
                let gap = frame.score(striker) as i64 - frame.score(striker.other()) as i64;
                match gap {
                    // Potting the black, or fouling on it, ties the frame.
                    -7 => {
                        let stroke = Stroke {
                            first: Some(Ball::Black),
                            colours: Colours::of(Ball::Black),
                            ..Stroke::default()
                        };
                        play(rng, &mut frame, &stroke, out);
                        continue;
                    }
                    7 => {
                        play(rng, &mut frame, &Stroke::default(), out);
                        continue;
                    }
                    _ if tries < 300 => {
                        let (start, len) = phase_two_start.clone().expect("set above");
                        frame = start;
                        out.truncate(len);
                        tries += 1;
                        continue;
                    }
                    _ => {}
                }
            }
        }
        let stroke = random_stroke(rng, &frame);
        play(rng, &mut frame, &stroke, out);
    }
}

fn play(rng: &mut Rng, frame: &mut Frame, stroke: &Stroke, out: &mut Vec<u8>) {
    frame
        .play(stroke)
        .expect("strokes are drawn from the balls on the table");
    write_stroke(rng, stroke, out);
}

/// One four-in-a-row game: legal play to a win, a full board or a stop,
/// with now and then moves after the end, a seventh chip or no moves.
fn fourrow_game(rng: &mut Rng, number: u64, out: &mut Vec<u8>) {
    out.extend_from_slice(format!("Game #{}: ", number).as_bytes());
    let style = rng.below(100);
    if style < 4 {
        out.push(b'\n');
        return;
    }
    // Some games avoid wins where they can, to fill the board.
    let avoid_wins = style < 20;
    let stop_at = if rng.chance(20) { rng.range(1, 41) } else { 42 };
    let mut game = fourrow::Game::new();
    let mut heights = [0u8; 7];
    let mut moves = 0;
    while moves < stop_at && game.verdict() == Verdict::NotOver {
        let open: Vec<usize> = (0..7).filter(|&c| heights[c] < 6).collect();
        let mut column = *rng.pick(&open);
        if avoid_wins {
            let safe: Vec<usize> = open
                .iter()
                .copied()
                .filter(|&c| {
                    let mut next = game;
                    next.play(c);
                    next.verdict() == Verdict::NotOver || next.verdict() == Verdict::Draw
                })
                .collect();
            if !safe.is_empty() {
                column = *rng.pick(&safe);
            }
        }
        game.play(column);
        heights[column] += 1;
        moves += 1;
        out.push(b'1' + column as u8);
    }
    if rng.chance(10) {
        // Moves after the end, or a seventh chip somewhere.
        for _ in 0..rng.range(1, 8) {
            out.push(b'1' + rng.below(7) as u8);
        }
    }
    out.push(b'\n');
}

/// One tournament: distinct lower-case names, ratings with pairs exactly
/// 3.00 apart (equal after the handicap), gaps over 10.00, self-play.
fn rating_tournament(rng: &mut Rng, out: &mut Vec<u8>) {
    let players = if rng.chance(5) {
        rng.range(2, 500)
    } else {
        rng.range(2, 20)
    } as usize;
    let games = if rng.chance(5) {
        rng.range(1, 500)
    } else {
        rng.range(1, 30)
    } as usize;
    let mut names: Vec<Vec<u8>> = Vec::with_capacity(players);
    while names.len() < players {
        let len = rng.range(1, 10);
        let name = letters(rng, len, if players > 20 { LOWER } else { b"abo" });
        if !names.contains(&name) {
            names.push(name);
        }
    }
    let mut ratings: Vec<Hundredths> = Vec::with_capacity(players);
    for i in 0..players {
        let rating = match rng.below(10) {
            0 if i > 0 => ratings[i - 1] + 300,
            1 if i > 0 => ratings[i - 1],
            2 => rng.range(0, 3000) as Hundredths,
            _ => rng.range(0, 10000) as Hundredths,
        };
        ratings.push(rating);
    }
    out.extend_from_slice(format!("{} {}\n", players, games).as_bytes());
    for (name, &rating) in names.iter().zip(&ratings) {
        out.extend_from_slice(name);
        out.push(b' ');
        rating::exchange::push_rating(out, rating);
        out.push(b'\n');
    }
    for g in 0..games {
        let white = rng.below(players as u64) as usize;
        let black = match rng.below(10) {
            0 => white,
            1 if g == 0 && white > 0 => white - 1,
            _ => rng.below(players as u64) as usize,
        };
        let result = *rng.pick(&["won", "drew", "lost"]);
        let white_pieces = rng.range(0, 40);
        let black_pieces = if rng.chance(20) {
            white_pieces
        } else {
            rng.range(0, 40)
        };
        out.extend_from_slice(&names[white]);
        out.push(b' ');
        out.extend_from_slice(&names[black]);
        out.extend_from_slice(
            format!(" {} {} {}\n", result, white_pieces, black_pieces).as_bytes(),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix_is_fixed_for_a_seed() {
        let mut rng = Rng::new(0);
        // The first outputs of SplitMix64 seeded with 0.
        assert_eq!(rng.next_u64(), 0xe220_a839_7b1d_cdaf);
        assert_eq!(rng.next_u64(), 0x6e78_9e6a_a1b9_65f4);
        let mut rng = Rng::new(1);
        for _ in 0..1000 {
            assert!(rng.range(3, 5) >= 3 && rng.range(3, 5) <= 5);
        }
    }

    #[test]
    fn same_seed_same_bytes() {
        for problem in Problem::ALL {
            let mut a = Vec::new();
            let mut b = Vec::new();
            generate(problem, 42, Some(30), &mut a).unwrap();
            generate(problem, 42, Some(30), &mut b).unwrap();
            assert_eq!(a, b);
            let mut c = Vec::new();
            generate(problem, 43, Some(30), &mut c).unwrap();
            assert_ne!(a, c);
        }
    }

    fn solve(problem: Problem, input: &[u8]) -> Result<Vec<u8>, crate::core::io::Error> {
        let mut out = Vec::new();
        match problem {
            Problem::Snooker => crate::core::snooker::solve(input, &mut out),
            Problem::Fourrow => crate::core::fourrow::solve(input, &mut out),
            Problem::Rating => crate::core::rating::solve(input, &mut out),
        }?;
        Ok(out)
    }

    #[test]
    fn generated_inputs_are_valid_for_many_seeds() {
        for problem in Problem::ALL {
            for seed in 0..40 {
                let mut input = Vec::new();
                generate(problem, seed, None, &mut input).unwrap();
                if let Err(e) = solve(problem, &input) {
                    panic!("{} seed {}: {}", problem.name(), seed, e);
                }
            }
        }
    }

    #[test]
    fn snooker_reaches_ties_and_play_again_within_a_few_frames() {
        let mut input = Vec::new();
        generate(Problem::Snooker, 1, Some(20), &mut input).unwrap();
        let output = String::from_utf8(solve(Problem::Snooker, &input).unwrap()).unwrap();
        let input = String::from_utf8(input).unwrap();
        assert!(output.lines().any(|l| l == "Tie"), "no tie in 20 frames");
        assert!(
            input.lines().any(|l| l == "Play again"),
            "no Play again in 20 frames"
        );
        assert!(output.lines().any(|l| l == "Foul!"));
        assert!(output.lines().any(|l| l.ends_with("wins")));
    }

    #[test]
    fn fourrow_reaches_every_verdict() {
        let mut input = Vec::new();
        generate(Problem::Fourrow, 3, Some(400), &mut input).unwrap();
        let output = String::from_utf8(solve(Problem::Fourrow, &input).unwrap()).unwrap();
        for verdict in [
            "invalid.",
            "no winner.",
            "first player won.",
            "second player won.",
            "not over, yet.",
        ] {
            assert!(output.contains(verdict), "no game {}", verdict);
        }
    }

    #[test]
    fn bytes_for_benchmarks_reach_the_size_asked() {
        for problem in Problem::ALL {
            let input = generate_bytes(problem, 9, 100_000);
            assert!(input.len() >= 100_000);
            assert!(solve(problem, &input).is_ok(), "{}", problem.name());
        }
    }
}
