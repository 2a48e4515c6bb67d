//! `referee gen PROBLEM [--seed N] [--cases K] [--style plain|varied]`:
//! valid inputs, the same bytes for the same seed and style on every
//! machine (SplitMix64, integers only).
//!
//! Every input stays within the statement's limits ([`crate::core::limits`])
//! and passes `--strict`; only a `--cases` past the count's limit goes
//! beyond, and `past_limit` words the note main prints for it.
//!
//! The generators drive the referee's own rules instead of restating them:
//! snooker plays its strokes on a [`crate::core::snooker::Frame`] (see
//! `snooker.rs`), four in a row drops its chips into a
//! [`crate::core::fourrow::Game`], and the rating generator sets up the
//! gaps that `rating::exchange` treats specially. `--style varied` bends
//! the same generators towards the rarer cases (see each one's `Mix`).

mod fourrow;
mod rating;
mod snooker;

pub(crate) use self::snooker::write_stroke;

use crate::core::limits;
use crate::tool::cli::Style;
use crate::tool::problem::Problem;
use std::io::{self, Write};
use std::ops::RangeInclusive;

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
    pub(crate) fn range(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.below(hi - lo + 1)
    }

    /// A number in `range`.
    pub(crate) fn within(&mut self, range: &RangeInclusive<u64>) -> u64 {
        self.range(*range.start(), *range.end())
    }

    /// True with probability `percent` / 100.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }

    pub(crate) fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }
}

/// The statement's bounds on the number of cases in one input.
pub fn case_limits(problem: Problem) -> RangeInclusive<u64> {
    match problem {
        Problem::Snooker => limits::snooker::FRAMES,
        Problem::Fourrow => limits::fourrow::GAMES,
        Problem::Rating => limits::rating::TOURNAMENTS,
    }
}

/// The note for a `--cases` outside the statement's limits, or `None`.
pub(crate) fn past_limit(problem: Problem, cases: u64) -> Option<String> {
    let range = case_limits(problem);
    if range.contains(&cases) {
        return None;
    }
    let what = match problem {
        Problem::Snooker => "frames",
        Problem::Fourrow => "games",
        Problem::Rating => "tournaments",
    };
    Some(format!(
        "{} {} is outside the statement's {} to {}: --strict will reject this input",
        cases,
        what,
        range.start(),
        range.end()
    ))
}

/// Default numbers of cases: within the statements' limits. Rating files
/// stay smaller than the limit allows (their tournaments are big).
fn default_cases(problem: Problem, rng: &mut Rng) -> u64 {
    let range = case_limits(problem);
    match problem {
        Problem::Rating => rng.range(*range.start(), 20),
        _ => rng.within(&range),
    }
}

/// Writes a whole input in the plain style: the count, then the cases.
pub fn generate<W: Write>(
    problem: Problem,
    seed: u64,
    cases: Option<u64>,
    out: &mut W,
) -> io::Result<()> {
    generate_styled(problem, Style::Plain, seed, cases, out)
}

/// Writes a whole input in `style`.
pub fn generate_styled<W: Write>(
    problem: Problem,
    style: Style,
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
        write_case(problem, style, &mut rng, number, &mut case);
        out.write_all(&case)?;
    }
    Ok(())
}

/// An input of at least `min_bytes` in the plain style, in memory (for
/// benchmarks).
pub fn generate_bytes(problem: Problem, seed: u64, min_bytes: usize) -> Vec<u8> {
    generate_bytes_styled(problem, Style::Plain, seed, min_bytes)
}

/// An input of at least `min_bytes` in `style`; its count may pass the
/// statement's limit, its cases never do.
pub fn generate_bytes_styled(
    problem: Problem,
    style: Style,
    seed: u64,
    min_bytes: usize,
) -> Vec<u8> {
    let mut rng = Rng::new(seed);
    let mut body = Vec::with_capacity(min_bytes + (1 << 16));
    let mut cases = 0;
    while body.len() < min_bytes {
        cases += 1;
        write_case(problem, style, &mut rng, cases, &mut body);
    }
    let mut input = format!("{}\n", cases).into_bytes();
    input.extend_from_slice(&body);
    input
}

fn write_case(problem: Problem, style: Style, rng: &mut Rng, number: u64, out: &mut Vec<u8>) {
    match problem {
        Problem::Snooker => snooker::frame(rng, style, out),
        Problem::Fourrow => fourrow::game(rng, style, number, out),
        Problem::Rating => rating::tournament(rng, style, out),
    }
}

/// `len` letters drawn from `alphabet`.
fn letters(rng: &mut Rng, len: u64, alphabet: &[u8]) -> Vec<u8> {
    (0..len).map(|_| *rng.pick(alphabet)).collect()
}

/// A length in `range`, or (with `extremes` percent) one of its ends, so
/// that the shortest and longest names turn up often.
fn length(rng: &mut Rng, range: &RangeInclusive<usize>, extremes: u64) -> u64 {
    let (lo, hi) = (*range.start() as u64, *range.end() as u64);
    if rng.chance(extremes) {
        if rng.chance(50) {
            lo
        } else {
            hi
        }
    } else {
        rng.range(lo, hi)
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
            for style in Style::ALL {
                let run = |seed| {
                    let mut input = Vec::new();
                    generate_styled(problem, style, seed, Some(30), &mut input).unwrap();
                    input
                };
                assert_eq!(run(42), run(42));
                assert_ne!(run(42), run(43));
            }
        }
    }

    #[test]
    fn the_styles_differ() {
        for problem in Problem::ALL {
            let mut plain = Vec::new();
            let mut varied = Vec::new();
            generate_styled(problem, Style::Plain, 5, Some(10), &mut plain).unwrap();
            generate_styled(problem, Style::Varied, 5, Some(10), &mut varied).unwrap();
            assert_ne!(plain, varied, "{}", problem.name());
        }
    }

    #[test]
    fn a_count_past_the_limit_is_named() {
        assert_eq!(past_limit(Problem::Snooker, 200), None);
        assert_eq!(past_limit(Problem::Fourrow, 99), None);
        assert_eq!(past_limit(Problem::Rating, 1), None);
        let note = past_limit(Problem::Fourrow, 100).unwrap();
        assert!(note.starts_with("100 games is outside"), "{}", note);
        assert!(note.contains("1 to 99"), "{}", note);
        assert!(past_limit(Problem::Snooker, 201).is_some());
        assert!(past_limit(Problem::Rating, 1001).is_some());
    }

    #[test]
    fn default_counts_stay_within_the_limits() {
        for problem in Problem::ALL {
            for seed in 0..200 {
                let cases = default_cases(problem, &mut Rng::new(seed));
                assert!(case_limits(problem).contains(&cases));
            }
        }
    }

    #[test]
    fn lengths_reach_both_ends() {
        let mut rng = Rng::new(3);
        let seen: Vec<u64> = (0..200).map(|_| length(&mut rng, &(1..=20), 50)).collect();
        assert!(seen.contains(&1) && seen.contains(&20));
        assert!(seen.iter().all(|l| (1..=20).contains(l)));
    }
}
