//! Every fast path against the general reading: the tool reads with each
//! problem's `Fast` (plain lines by a fast path), the judge bundles with
//! `io::Tolerant` (the general reading only). On generated inputs, on the
//! same inputs made messy (CR LF, letter case, tabs, blank lines, long
//! names) and on broken ones, both must write the same bytes and fail
//! with the same message. What only snooker has: `fast_paths_snooker.rs`.

mod common;

use common::readings::{outcome, readings, Trickle};
use referee::core::io::{Error, Tolerant};
use referee::core::{fourrow, rating, snooker};
use referee::tool::gen::{self, Rng};
use referee::tool::problem::Problem;

/// Blanks of the kinds and numbers the tolerant reading allows between
/// tokens (R0.1), by the roll of `rng`.
fn blanks(rng: &mut Rng) -> &'static [u8] {
    const BLANKS: [&[u8]; 7] = [b" ", b"  ", b"\t", b" \t ", b"\x0b", b"\x0c", b"\r"];
    BLANKS[rng.below(BLANKS.len() as u64) as usize]
}

/// `line` with blanks of other kinds and numbers in place of each space,
/// and maybe before and after its tokens.
fn reblank(rng: &mut Rng, line: &[u8]) -> Vec<u8> {
    let mut text = Vec::new();
    if rng.chance(30) {
        text.extend_from_slice(blanks(rng));
    }
    for &b in line {
        match b {
            b' ' => text.extend_from_slice(blanks(rng)),
            _ => text.push(b),
        }
    }
    if rng.chance(30) {
        text.extend_from_slice(blanks(rng));
    }
    text
}

/// A line rewritten the ways the tolerant reading allows (R0.1), or
/// broken, by the roll of `rng`.
fn rewrite(rng: &mut Rng, line: &[u8]) -> Vec<u8> {
    let mut text = line.to_vec();
    match rng.below(14) {
        0 => text.extend_from_slice(b"\r"),
        1 => text.iter_mut().for_each(|b| {
            if b.is_ascii_alphabetic() && rng.chance(50) {
                *b ^= 0x20
            }
        }),
        2 => {
            text = text
                .iter()
                .flat_map(|&b| {
                    if b == b' ' {
                        vec![b'\t', b' ']
                    } else {
                        vec![b]
                    }
                })
                .collect()
        }
        3 => text.insert(0, b' '),
        4 => text.extend_from_slice(b"\n"),
        5 if !text.is_empty() => {
            let at = rng.below(text.len() as u64) as usize;
            text[at] = *rng.pick(&[b'x', b'9', b'\0', b'G', 0xff, b' ']);
        }
        6 => text.extend_from_slice(b" Red"),
        7 | 8 => text = reblank(rng, &text),
        9 => text.extend_from_slice(b"\n \t"),
        _ => {}
    }
    text
}

/// Generated inputs, then rewritten a line at a time.
fn inputs(problem: Problem) -> Vec<Vec<u8>> {
    let mut rng = Rng::new(77);
    let mut all = Vec::new();
    for seed in 0..12 {
        let mut input = Vec::new();
        gen::generate(problem, seed, Some(12), &mut input).unwrap();
        for _ in 0..6 {
            let mut messy = Vec::new();
            for line in input.split(|&b| b == b'\n') {
                let line = if rng.chance(8) {
                    rewrite(&mut rng, line)
                } else {
                    line.to_vec()
                };
                messy.extend_from_slice(&line);
                messy.push(b'\n');
            }
            all.push(messy);
        }
        all.push(input);
    }
    all
}

fn check(problem: Problem) {
    let (fast, general) = readings(problem);
    let mut differences = Vec::new();
    let all = inputs(problem);
    for input in &all {
        let (a, b) = (outcome(fast, input), outcome(general, input));
        if a != b {
            differences.push(format!(
                "{:?}\nfast: {}\ngeneral: {}",
                String::from_utf8_lossy(input),
                a.1,
                b.1
            ));
        }
    }
    assert!(differences.is_empty(), "{}", differences.join("\n\n"));
    let failures = all
        .iter()
        .filter(|i| !outcome(general, i).1.is_empty())
        .count();
    assert!(
        failures > 5 && failures < all.len(),
        "{} of {} inputs failed",
        failures,
        all.len()
    );
}

#[test]
fn snooker_fast_path_equals_the_general_reading() {
    check(Problem::Snooker);
}

#[test]
fn fourrow_fast_path_equals_the_general_reading() {
    check(Problem::Fourrow);
}

#[test]
fn rating_fast_path_equals_the_general_reading() {
    check(Problem::Rating);
}

/// Games over several lines (F1), empty lines and a game count too
/// small, read in pieces of every size up to 40 bytes: a game's verdict
/// is written when the line that shows it complete is read, whether or
/// not the fast path took that line.
#[test]
fn fourrow_games_over_many_lines_and_reads_are_read_as_by_the_general_reading() {
    let mut rng = Rng::new(18);
    for seed in 0..9 {
        let mut input = Vec::new();
        gen::generate(Problem::Fourrow, seed, Some(40), &mut input).unwrap();
        let mut messy = Vec::new();
        for line in input.split(|&b| b == b'\n') {
            // From seed 6 on, other blanks in every line but the count.
            let line = match seed {
                6.. if line.starts_with(b"Game") => reblank(&mut rng, line),
                _ => line.to_vec(),
            };
            for b in line {
                messy.push(b);
                if b.is_ascii_digit() && rng.chance(4) {
                    messy.extend_from_slice(if rng.chance(20) { b"\n\n" } else { b"\n" });
                }
            }
            messy.push(b'\n');
        }
        if seed == 5 || seed == 8 {
            // One game more than announced: an error after the last.
            messy.extend_from_slice(b"Game # 41 :\t1234\n");
        }
        for piece in 1..=40 {
            let read = |solve: fn(Trickle, &mut Vec<u8>) -> Result<(), Error>| {
                let mut out = Vec::new();
                let trickle = Trickle {
                    bytes: &messy,
                    piece,
                };
                let message = solve(trickle, &mut out)
                    .err()
                    .map_or(String::new(), |e| e.to_string());
                (out, message)
            };
            let fast = read(|i, o| fourrow::solve(i, o));
            let general = read(|i, o| fourrow::solve_with(i, o, &mut Tolerant));
            assert!(fast == general, "seed {}, pieces of {}", seed, piece);
            assert_eq!(fast, outcome(|i, o| fourrow::solve(i, o), &messy));
        }
    }
}

/// Game lines longer than the line reader's buffer, read whole or in
/// pieces: the fast path reads each on past the bytes at hand and takes
/// it, and writes what the general reading does.
#[test]
fn fourrow_game_lines_longer_than_the_reads_are_taken_by_the_fast_path() {
    let mut rng = Rng::new(30);
    let mut input = b"6\n".to_vec();
    for game in 1..=6 {
        input.extend_from_slice(format!("Game #{}: ", game).as_bytes());
        for _ in 0..rng.below(150_000) + 20 {
            input.push(b'1' + rng.below(7) as u8);
        }
        input.push(b'\n');
    }
    let general = outcome(|i, o| fourrow::solve_with(i, o, &mut Tolerant), &input);
    assert!(general.1.is_empty(), "{}", general.1);
    for piece in [1000, 4096, 1 << 16, input.len()] {
        let mut out = Vec::new();
        let trickle = Trickle {
            bytes: &input,
            piece,
        };
        fourrow::solve(trickle, &mut out).unwrap();
        assert!(out == general.0, "pieces of {}", piece);
        let trickle = Trickle {
            bytes: &input,
            piece,
        };
        // Every line but the count.
        assert_eq!(
            fourrow::lines_taken_fast(trickle).unwrap(),
            6,
            "pieces of {}",
            piece
        );
    }
    // A byte that is no slot digit deep in a long game's line (whose
    // moves past the first few are only read, the game being invalid by
    // then): the same error, at the same place, as the general reading's.
    for at in [input.len() / 3, input.len() / 2, input.len() - 2] {
        let mut broken = input.clone();
        assert!((b'1'..=b'7').contains(&broken[at]));
        broken[at] = b'8';
        let general = outcome(|i, o| fourrow::solve_with(i, o, &mut Tolerant), &broken);
        assert!(general.1.contains("found `8`"), "{}", general.1);
        assert!(outcome(|i, o| fourrow::solve(i, o), &broken) == general);
    }
}

/// The forms of input a fast path takes besides the plainest.
#[derive(Clone, Copy, Debug)]
enum Form {
    Plain,
    /// Every line ended by CR LF.
    CrLf,
    /// A blank line after every line but the first.
    BlankLines,
    /// Blanks of other kinds and numbers between, before and after the
    /// tokens of every line but the first.
    Blanks,
}

/// A generated input rewritten in `form`.
fn in_form(input: &[u8], form: Form, rng: &mut Rng) -> Vec<u8> {
    let mut lines: Vec<&[u8]> = input.split(|&b| b == b'\n').collect();
    lines.pop();
    let mut out = Vec::new();
    for (at, line) in lines.into_iter().enumerate() {
        match form {
            Form::Blanks if at > 0 => out.extend_from_slice(&reblank(rng, line)),
            _ => out.extend_from_slice(line),
        }
        out.extend_from_slice(match form {
            Form::CrLf => b"\r\n",
            Form::BlankLines if at > 0 => b"\n \t\n",
            _ => b"\n",
        });
    }
    out
}

/// Each fast path still takes the lines it was written for: on generated
/// input of the plain style, nearly every line (the rest: counts, headers
/// of a tournament, a frame's names line, lot lines and the like, which
/// the general reading takes), and as much in the other forms it takes;
/// a fast path that silently stopped taking them would leave the output
/// the same and only the speed worse.
#[test]
fn each_fast_path_takes_the_lines_it_was_written_for() {
    // The least share of an input's lines each fast path takes in each
    // form (of plain input it takes about 0.94, 0.999 and 0.9996).
    let floors = [
        (Problem::Snooker, Form::Plain, 0.9),
        (Problem::Snooker, Form::CrLf, 0.9),
        (Problem::Snooker, Form::BlankLines, 0.9),
        (Problem::Snooker, Form::Blanks, 0.9),
        (Problem::Fourrow, Form::Plain, 0.99),
        (Problem::Fourrow, Form::CrLf, 0.99),
        (Problem::Fourrow, Form::BlankLines, 0.99),
        (Problem::Fourrow, Form::Blanks, 0.99),
        (Problem::Rating, Form::Plain, 0.99),
        (Problem::Rating, Form::CrLf, 0.99),
        (Problem::Rating, Form::BlankLines, 0.99),
        (Problem::Rating, Form::Blanks, 0.99),
    ];
    let mut rng = Rng::new(5);
    for (problem, form, floor) in floors {
        for seed in 1..4 {
            let input = in_form(&gen::generate_bytes(problem, seed, 200_000), form, &mut rng);
            let lines = input.iter().filter(|&&b| b == b'\n').count();
            let taken = match problem {
                Problem::Snooker => snooker::lines_taken_fast(&input[..]),
                Problem::Fourrow => fourrow::lines_taken_fast(&input[..]),
                Problem::Rating => rating::lines_taken_fast(&input[..]),
            }
            .unwrap();
            let share = taken as f64 / lines as f64;
            assert!(
                share >= floor,
                "{:?} {:?} seed {}: the fast path took {} of {} lines",
                problem,
                form,
                seed,
                taken,
                lines
            );
        }
    }
}

/// A blank line longer than the line limit, after a line just within it
/// (which grows the reader's buffer to hold it whole) and read in big
/// pieces: the general reading refuses it, and so must the fast paths,
/// which pass blank lines of any length.
#[test]
fn lines_over_the_limit_are_refused_by_the_fast_paths_too() {
    use referee::core::io::lines::MAX_LINE;
    // Each problem's lines before, between and after the long ones.
    type Lines = (&'static [u8], &'static [u8], &'static [u8]);
    let cases: [(Problem, Lines); 3] = [
        (Problem::Snooker, (b"1\n\nAnn Bob\n", b"Red\n", b"Red\n")),
        (Problem::Fourrow, (b"1\nGame #1: 1\n", b"2\n", b"3\n")),
        (Problem::Rating, (b"1\n3 0\n", b"a 1\n", b"b 2\nc 3\n")),
    ];
    for (problem, (head, middle, tail)) in cases {
        let mut input = head.to_vec();
        input.extend(vec![b' '; MAX_LINE]);
        input.extend(vec![b'\n'; 1 << 16]);
        input.extend_from_slice(middle);
        input.extend(vec![b' '; MAX_LINE + 5]);
        input.push(b'\n');
        input.extend_from_slice(tail);
        let (fast, general) = readings(problem);
        let general = outcome(general, &input);
        assert!(general.1.contains("line too long"), "{:?}", general.1);
        assert_eq!(outcome(fast, &input), general, "{:?}", problem);
    }
}
