//! Property test: inputs broken in bulk never panic and never lose output.
//! Every valid fixture is mutated thousands of times (truncated, lines
//! deleted or duplicated, bytes flipped, tokens swapped, huge or non-UTF-8
//! tokens, control bytes, a byte-order mark, a lone CR inserted) with our
//! own seeded PRNG, and run in-process:
//! - no run panics; each ends Ok or with an input error at a line and
//!   column inside the input, never past the end of its line, with no
//!   control character in the message;
//! - the output is whole lines;
//! - when the error is at the first broken line (and is not the end of
//!   input), the output is a line-wise prefix of the output of the
//!   unbroken input (of the tolerant reading of the broken input, for a
//!   `--strict` fault after the line's last token: the line is read
//!   before such a fault is reported);
//! - whatever `--strict` accepts, the tolerant reading accepts with the
//!   same output;
//! - `scoreboard` and `scoreboard --tsv` accept what `snooker` accepts and
//!   fail where it fails, with the same message.

mod common;

use referee::core::io::lines::MAX_LINE;
use referee::core::io::Error;
use std::panic::{catch_unwind, AssertUnwindSafe};

type Solver = fn(&[u8], &mut Vec<u8>) -> Result<(), Error>;

/// Each solver with the fixture folder its inputs come from.
const SOLVERS: [(&str, &str, Solver); 7] = [
    ("snooker", "snooker", |i, o| {
        referee::core::snooker::solve(i, o)
    }),
    ("fourrow", "fourrow", |i, o| {
        referee::core::fourrow::solve(i, o)
    }),
    ("rating", "rating", |i, o| {
        referee::core::rating::solve(i, o)
    }),
    ("scoreboard", "snooker", |i, o| {
        referee::tool::scoreboard::run_tsv(i, o)
    }),
    ("snooker --strict", "snooker-strict", |i, o| {
        referee::core::snooker::solve_strict(i, o)
    }),
    ("fourrow --strict", "fourrow-strict", |i, o| {
        referee::core::fourrow::solve_strict(i, o)
    }),
    ("rating --strict", "rating-strict", |i, o| {
        referee::core::rating::solve_strict(i, o)
    }),
];

const MUTATIONS_PER_FIXTURE: usize = 600;

/// SplitMix64, as in `referee gen` (tests cannot reach its private state).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        ((z ^ (z >> 31)) % n.max(1) as u64) as usize
    }
}

/// The input split into lines, each with its `\n` if it had one.
fn lines_of(input: &[u8]) -> Vec<Vec<u8>> {
    input
        .split_inclusive(|&b| b == b'\n')
        .map(<[u8]>::to_vec)
        .collect()
}

/// One random mutation; returns the broken input and the 0-based index of
/// the first line that differs from the original.
fn mutate(rng: &mut Rng, input: &[u8]) -> (Vec<u8>, usize) {
    let mut lines = lines_of(input);
    let at = rng.below(lines.len());
    match rng.below(10) {
        0 => {
            let cut = rng.below(input.len());
            let broken = input[..cut].to_vec();
            let line = broken.iter().filter(|&&b| b == b'\n').count();
            return (broken, line);
        }
        1 => {
            lines.remove(at);
        }
        2 => {
            let copy = lines[at].clone();
            lines.insert(at, copy);
        }
        3 => {
            let line = &mut lines[at];
            let i = rng.below(line.len());
            line[i] ^= 1 + rng.below(255) as u8;
        }
        4 => {
            let text = String::from_utf8_lossy(&lines[at]).into_owned();
            let mut tokens: Vec<&str> = text.split_whitespace().collect();
            if tokens.len() >= 2 {
                let (a, b) = (rng.below(tokens.len()), rng.below(tokens.len()));
                tokens.swap(a, b);
            }
            lines[at] = format!("{}\n", tokens.join(" ")).into_bytes();
        }
        5 => {
            let huge = vec![b"Rx7"[rng.below(3)]; 1 + rng.below(20_000)];
            lines[at].splice(0..0, huge.into_iter().chain(*b" "));
        }
        6 => {
            let bad: &[u8] = [&b"\xff"[..], b"\xc3", b"\xe2\x82", b"Red\x80"][rng.below(4)];
            let i = rng.below(lines[at].len() + 1);
            lines[at].splice(i..i, bad.iter().copied());
        }
        8 if rng.below(3) == 0 => {
            // Hostile bytes: a byte-order mark, a lone CR, control bytes.
            let bad: &[u8] =
                [&b"\xef\xbb\xbf"[..], b"\r", b"\0", b"\x1b[31m", b"\x7f"][rng.below(5)];
            let i = rng.below(lines[at].len() + 1);
            lines[at].splice(i..i, bad.iter().copied());
        }
        7 => {
            let word: &[u8] = [
                &b"Play again"[..],
                b"None White",
                b"-1",
                b"99999999999999999999999",
                b"Game #1:",
                b"0.001",
            ][rng.below(6)];
            lines.insert(at, [word, b"\n"].concat());
        }
        _ if rng.below(20) == 0 => {
            // A line over the limit (rare: it is a megabyte).
            lines.insert(at, vec![b'7'; MAX_LINE + 1 + rng.below(10)]);
        }
        _ => {
            let i = rng.below(lines[at].len() + 1);
            lines[at].splice(i..i, *b" Red ");
        }
    }
    (lines.concat(), at)
}

fn run(solver: Solver, input: &[u8]) -> (Vec<u8>, Result<(), Error>) {
    let mut out = Vec::new();
    let result = catch_unwind(AssertUnwindSafe(|| solver(input, &mut out))).unwrap_or_else(|_| {
        panic!(
            "panicked on input:\n{}",
            String::from_utf8_lossy(&input[..input.len().min(2000)])
        )
    });
    (out, result)
}

/// The tolerant twin of a strict solver.
fn tolerant_of(name: &str) -> Option<Solver> {
    SOLVERS
        .iter()
        .find(|(n, _, _)| Some(*n) == name.strip_suffix(" --strict"))
        .map(|(_, _, solver)| *solver)
}

/// The scoreboard's two views, which must fail where `snooker` fails.
const VIEWS: [Solver; 2] = [
    |i, o| referee::tool::scoreboard::run(i, o),
    |i, o| referee::tool::scoreboard::run_tsv(i, o),
];

/// The length of line `number` (1-based) of `input` without its line end.
fn line_len(input: &[u8], number: usize) -> usize {
    input
        .split(|&b| b == b'\n')
        .nth(number - 1)
        .map_or(0, |line| line.len())
}

#[test]
fn broken_inputs_never_panic_and_keep_earlier_output() {
    let mut rng = Rng(2026);
    let mut runs = 0;
    let mut errors = 0;
    let mut prefix_checks = 0;
    let mut strict_accepted = 0;
    let mut views_checked = 0;
    for (name, dir, solver) in SOLVERS {
        let strict = name.ends_with("--strict");
        for case in common::cases(dir) {
            let original = std::fs::read(&case.input).unwrap();
            let (clean_out, clean) = run(solver, &original);
            // Strict fixtures that break a rule on purpose are no base.
            if strict && clean.is_err() {
                continue;
            }
            assert!(
                clean.is_ok(),
                "{} on {}: the fixture itself fails",
                name,
                case.label
            );
            for _ in 0..MUTATIONS_PER_FIXTURE {
                let (broken, first_changed) = mutate(&mut rng, &original);
                let (out, result) = run(solver, &broken);
                runs += 1;
                if let (Some(tolerant), Ok(())) = (tolerant_of(name), &result) {
                    strict_accepted += 1;
                    let (tolerant_out, tolerant_result) = run(tolerant, &broken);
                    assert!(
                        tolerant_result.is_ok() && tolerant_out == out,
                        "{}: --strict accepts what the tolerant reading does not answer alike",
                        case.label
                    );
                }
                if name.starts_with("snooker") && !strict {
                    views_checked += 1;
                    let message = result.as_ref().err().map(ToString::to_string);
                    for view in VIEWS {
                        let (_, view_result) = run(view, &broken);
                        assert_eq!(
                            view_result.err().map(|e| e.to_string()),
                            message,
                            "{}: the scoreboard and the referee disagree",
                            case.label
                        );
                    }
                }
                assert!(
                    out.is_empty() || out.ends_with(b"\n"),
                    "{}: a partial line",
                    case.label
                );
                match result {
                    Ok(()) => {}
                    Err(Error::Read(e)) | Err(Error::Write(e)) => {
                        panic!("{}: I/O error from memory: {}", case.label, e)
                    }
                    Err(Error::Input { line, col, message }) => {
                        errors += 1;
                        let lines = broken.split(|&b| b == b'\n').count();
                        assert!(
                            (1..=lines + 1).contains(&line),
                            "{}: line {} of {}",
                            case.label,
                            line,
                            lines
                        );
                        assert!(
                            (1..=MAX_LINE + 1).contains(&col) && col <= line_len(&broken, line) + 1,
                            "{}: col {} past the end of line {}",
                            case.label,
                            col,
                            line
                        );
                        assert!(!message.is_empty());
                        assert!(
                            !message.chars().any(char::is_control),
                            "{}: a control character in {:?}",
                            case.label,
                            message
                        );
                        // An end-of-input error is placed after the last line,
                        // which may itself have been read and answered.
                        let at_end = message.ends_with("found end of input");
                        if line == first_changed + 1 && !at_end {
                            prefix_checks += 1;
                            // A strict fault after the line's last token
                            // comes once the line was read, as the
                            // tolerant reading reads it.
                            let text = broken.split(|&b| b == b'\n').nth(line - 1);
                            let blank = |b: &u8| matches!(b, b'\t'..=b'\r' | b' ');
                            let last_token_end = text
                                .and_then(|text| text.iter().rposition(|b| !blank(b)))
                                .map_or(0, |i| i + 1);
                            // (A line cut short before its last token
                            // still ends the case of the line before in
                            // the strict reading, where a case is a
                            // line; so either is a prefix.)
                            let tolerant_out = match tolerant_of(name) {
                                Some(tolerant) if col > last_token_end => run(tolerant, &broken).0,
                                _ => clean_out.clone(),
                            };
                            assert!(
                                tolerant_out.starts_with(&out) || clean_out.starts_with(&out),
                                "{}: output before the error at line {} is not a prefix of the clean output",
                                case.label,
                                line
                            );
                        }
                    }
                }
            }
        }
    }
    assert!(runs >= 3000, "only {} runs", runs);
    assert!(
        strict_accepted > 100 && views_checked > 1000,
        "{} strict acceptances, {} scoreboard checks",
        strict_accepted,
        views_checked
    );
    assert!(
        errors > runs / 4 && prefix_checks > runs / 10,
        "{} errors, {} prefix checks",
        errors,
        prefix_checks
    );
}
