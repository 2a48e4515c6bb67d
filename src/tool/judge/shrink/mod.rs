//! Shrinking a failing input: greedy delta debugging, level by level.
//!
//! An input is a list of cases; below the cases each problem has its own
//! levels of parts that may go (`Case`): snooker lines, then tokens of
//! strokes; four-in-a-row moves, then pairs of moves next to each other
//! (which keeps whose turn each later move is); rating players (with their
//! games) and games. On each level, runs of parts are taken out, halving
//! the run's length down to one part; a candidate is kept when it is
//! smaller, valid under `--strict` and still fails (the `Oracle` says).
//! Then a rating tournament's first games are played into the ratings
//! it starts with, where the failure needs the ratings they lead to but
//! not the games; and the players' names are made shorter, as short as
//! they still fail: one letter, or a prefix. The levels are gone over
//! again until none of them changes: then no single case, line, token or
//! move can be removed and still fail (1-minimal).
//!
//! First only candidates that fail the same way as the input are kept (a
//! wrong answer stays wrong, a crash a crash, a time limit a time limit),
//! so that the shrinking does not slip from one bug to another; then, to
//! be 1-minimal, any failure. The oracle's budget may stop it early.

mod fourrow;
mod rating;
mod snooker;

use crate::tool::problem::Problem;
use std::ops::Range;

/// One case of an input, and how its parts can be taken out.
pub(crate) trait Case: Clone + Sized {
    /// The levels of parts below the case (1 or 2).
    const LEVELS: usize;

    /// The cases of a valid input.
    fn parse_all(input: &[u8]) -> Vec<Self>;

    /// Writes the case as the `number`th (from 1) of an input.
    fn render(&self, number: usize, out: &mut Vec<u8>);

    /// How many parts of `level` (1 to `LEVELS`) the case has.
    fn count(&self, level: usize) -> usize;

    /// The case without the parts `range` of `level`, mended where the
    /// problem needs it; `None` when nothing sensible is left.
    fn without(&self, level: usize, range: Range<usize>) -> Option<Self>;

    /// The case with one player's name made shorter: one candidate for
    /// each name that can be. None by default.
    fn renamed(&self) -> Vec<Self> {
        Vec::new()
    }

    /// The case with some of its parts replaced by what they come to,
    /// in fewer lines: the candidates, the smallest first. None by
    /// default.
    fn folded(&self) -> Vec<Self> {
        Vec::new()
    }
}

/// Shorter names for `name`, none of them in `taken`: one letter (its
/// first, or if `taken` has that one, the first letter of the same case
/// that `taken` does not have), then its first half, then all but its
/// last letter. Tried one by one and again after each that is kept, they
/// shorten a name as far as it still fails.
pub(crate) fn shorter_names(name: &[u8], taken: &[&[u8]]) -> Vec<Vec<u8>> {
    let Some(&first) = name.first() else {
        return Vec::new();
    };
    let free = |candidate: &[u8]| !taken.contains(&candidate);
    let alphabet = if first.is_ascii_lowercase() {
        b'a'..=b'z'
    } else {
        b'A'..=b'Z'
    };
    let letter = std::iter::once(first)
        .chain(alphabet)
        .map(|l| vec![l])
        .find(|l| free(l));
    let prefixes = [name.len() / 2, name.len().saturating_sub(1)]
        .into_iter()
        .filter(|&len| len >= 2)
        .map(|len| name[..len].to_vec())
        .filter(|prefix| free(prefix));
    let mut names: Vec<Vec<u8>> = Vec::new();
    for candidate in letter.into_iter().chain(prefixes) {
        if candidate.len() < name.len() && !names.contains(&candidate) {
            names.push(candidate);
        }
    }
    names
}

/// Writes a whole input: the number of cases, then the cases.
pub(crate) fn render<C: Case>(cases: &[C]) -> Vec<u8> {
    let mut out = format!("{}\n", cases.len()).into_bytes();
    for (i, case) in cases.iter().enumerate() {
        case.render(i + 1, &mut out);
    }
    out
}

/// Decides whether a candidate input is kept.
pub(crate) trait Oracle {
    /// True when `input` is valid and fails: the same way as the original
    /// input when `same`, else in any way.
    fn fails(&mut self, input: &[u8], same: bool) -> bool;
    /// True when no more candidates may be tried.
    fn exhausted(&self) -> bool;
}

/// The smallest failing input found, and whether it is 1-minimal.
pub(crate) struct Shrunk {
    pub(crate) input: Vec<u8>,
    pub(crate) minimal: bool,
    /// False when the input, run again, did not fail the same way (or
    /// the program could not be started again): the input is as it was.
    pub(crate) failed_again: bool,
}

/// Shrinks `input`, a valid input of `problem` that failed. It is run
/// again first, as a program whose answers vary from run to run cannot be
/// shrunk: a candidate that passes, or fails another way, would look like
/// one without the fault.
pub(crate) fn shrink(problem: Problem, input: &[u8], oracle: &mut dyn Oracle) -> Shrunk {
    if !oracle.fails(input, true) {
        return Shrunk {
            input: input.to_vec(),
            minimal: false,
            failed_again: false,
        };
    }
    match problem {
        Problem::Snooker => Shrinker::<snooker::Frame>::new(input, oracle).run(),
        Problem::Fourrow => Shrinker::<fourrow::Game>::new(input, oracle).run(),
        Problem::Rating => Shrinker::<rating::Tournament>::new(input, oracle).run(),
    }
}

/// One shrinking: the input as it stands.
struct Shrinker<'o, C> {
    cases: Vec<C>,
    bytes: Vec<u8>,
    oracle: &'o mut dyn Oracle,
    /// Whether a candidate must fail the same way as the input.
    same: bool,
}

impl<'o, C: Case> Shrinker<'o, C> {
    fn new(input: &[u8], oracle: &'o mut dyn Oracle) -> Self {
        let cases = C::parse_all(input);
        Shrinker {
            bytes: render(&cases),
            cases,
            oracle,
            same: true,
        }
    }

    fn run(mut self) -> Shrunk {
        for same in [true, false] {
            self.same = same;
            loop {
                let mut changed = false;
                for level in 0..=C::LEVELS {
                    changed |= self.reduce(level);
                }
                changed |= self.rewrite(C::folded);
                changed |= self.rewrite(C::renamed);
                if self.oracle.exhausted() {
                    return Shrunk {
                        input: self.bytes,
                        minimal: false,
                        failed_again: true,
                    };
                }
                if !changed {
                    break;
                }
            }
        }
        Shrunk {
            input: self.bytes,
            minimal: true,
            failed_again: true,
        }
    }

    /// How many parts of `level` (0: cases) the input has.
    fn count(&self, level: usize) -> usize {
        match level {
            0 => self.cases.len(),
            _ => self.cases.iter().map(|c| c.count(level)).sum(),
        }
    }

    /// Takes out runs of parts of one level while that keeps the input
    /// failing; true if anything was taken out.
    fn reduce(&mut self, level: usize) -> bool {
        let mut changed = false;
        let mut run = (self.count(level) / 2).max(1);
        loop {
            let mut at = 0;
            while at < self.count(level) {
                if self.oracle.exhausted() {
                    return changed;
                }
                let end = (at + run).min(self.count(level));
                let kept = self
                    .without(level, at..end)
                    .and_then(|smaller| Some((self.try_candidate(&smaller)?, smaller)));
                match kept {
                    // The parts after the run moved down to `at`.
                    Some((bytes, smaller)) => {
                        self.bytes = bytes;
                        self.cases = smaller;
                        changed = true;
                    }
                    None => at = end,
                }
            }
            if run == 1 {
                return changed;
            }
            run = run.div_ceil(2);
        }
    }

    /// Rewrites the cases one at a time, taking the first of each one's
    /// `candidates` (names made shorter, parts folded) that keeps the
    /// input failing, as long as one does; true if any did.
    fn rewrite(&mut self, candidates: fn(&C) -> Vec<C>) -> bool {
        let mut changed = false;
        for i in 0..self.cases.len() {
            'case: loop {
                for candidate in candidates(&self.cases[i]) {
                    if self.oracle.exhausted() {
                        return changed;
                    }
                    let mut cases = self.cases.clone();
                    cases[i] = candidate;
                    if let Some(bytes) = self.try_candidate(&cases) {
                        self.bytes = bytes;
                        self.cases = cases;
                        changed = true;
                        continue 'case;
                    }
                }
                break;
            }
        }
        changed
    }

    /// The input without the parts `range` of `level`, counted across
    /// the cases.
    fn without(&self, level: usize, range: Range<usize>) -> Option<Vec<C>> {
        if level == 0 {
            let mut cases = self.cases.clone();
            cases.drain(range);
            return (!cases.is_empty()).then_some(cases);
        }
        let mut cases = Vec::with_capacity(self.cases.len());
        let mut first = 0;
        for case in &self.cases {
            let count = case.count(level);
            let from = range.start.max(first);
            let to = range.end.min(first + count);
            if from < to {
                cases.push(case.without(level, from - first..to - first)?);
            } else {
                cases.push(case.clone());
            }
            first += count;
        }
        Some(cases)
    }

    /// The candidate's bytes when it is kept: smaller (fewer lines, else
    /// fewer bytes; mending may add lines) and still failing.
    fn try_candidate(&mut self, cases: &[C]) -> Option<Vec<u8>> {
        let bytes = render(cases);
        let kept = size(&bytes) < size(&self.bytes) && self.oracle.fails(&bytes, self.same);
        kept.then_some(bytes)
    }
}

/// The size that must go down with every step: lines, then bytes.
fn size(input: &[u8]) -> (usize, usize) {
    (input.iter().filter(|&&b| b == b'\n').count(), input.len())
}

/// The lines of an input without their line ends, the count line skipped.
fn body_lines(input: &[u8]) -> impl Iterator<Item = &[u8]> {
    input
        .split(|&b| b == b'\n')
        .skip(1)
        .map(|line| line.strip_suffix(b"\r").unwrap_or(line))
}

/// A line's tokens.
fn tokens(line: &[u8]) -> impl Iterator<Item = &[u8]> {
    line.split(|&b| b == b' ' || b == b'\t')
        .filter(|t| !t.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Fails while the input holds all of the given bytes somewhere.
    struct Holds {
        needles: Vec<&'static [u8]>,
        problem: Problem,
        runs: usize,
    }

    impl Oracle for Holds {
        fn fails(&mut self, input: &[u8], _same: bool) -> bool {
            self.runs += 1;
            super::super::solver::strict_answer(self.problem, input).is_some()
                && self
                    .needles
                    .iter()
                    .all(|n| input.windows(n.len()).any(|w| w == *n))
        }

        fn exhausted(&self) -> bool {
            false
        }
    }

    fn generated(problem: Problem, seed: u64, cases: u64) -> Vec<u8> {
        let mut input = Vec::new();
        crate::tool::gen::generate(problem, seed, Some(cases), &mut input).unwrap();
        input
    }

    #[test]
    fn fourrow_shrinks_to_the_one_move_that_matters() {
        let input = b"3\nGame #1: 1234\nGame #2: 5567\nGame #3: 77\n";
        let mut oracle = Holds {
            needles: vec![b"6"],
            problem: Problem::Fourrow,
            runs: 0,
        };
        let shrunk = shrink(Problem::Fourrow, input, &mut oracle);
        assert!(shrunk.minimal);
        assert_eq!(String::from_utf8_lossy(&shrunk.input), "1\nGame #1: 6\n");
    }

    #[test]
    fn fourrow_takes_out_pairs_of_moves_that_single_moves_cannot() {
        // Fails while the first player opens with 3 and the second plays
        // the last move, 5: no single move can go, and of the pairs only
        // the one in the middle.
        struct SecondPlaysFive;
        impl Oracle for SecondPlaysFive {
            fn fails(&mut self, input: &[u8], _same: bool) -> bool {
                let text = String::from_utf8_lossy(input);
                let moves = text.lines().nth(1).and_then(|l| l.split_once(": "));
                let moves = moves.map_or("", |(_, moves)| moves);
                moves.len().is_multiple_of(2) && moves.starts_with('3') && moves.ends_with('5')
            }
            fn exhausted(&self) -> bool {
                false
            }
        }
        let shrunk = shrink(
            Problem::Fourrow,
            b"1\nGame #1: 3125\n",
            &mut SecondPlaysFive,
        );
        assert_eq!(String::from_utf8_lossy(&shrunk.input), "1\nGame #1: 35\n");
    }

    #[test]
    fn names_become_as_short_as_they_still_fail() {
        let names = |list: &[&[u8]]| -> Vec<Vec<u8>> { list.iter().map(|n| n.to_vec()).collect() };
        assert_eq!(shorter_names(b"Ann", &[b"Bob"]), names(&[b"A", b"An"]));
        assert_eq!(shorter_names(b"Ann", &[b"A"]), names(&[b"B", b"An"]));
        assert_eq!(shorter_names(b"ann", &[b"a", b"b", b"an"]), names(&[b"c"]));
        assert_eq!(
            shorter_names(b"alicewonder", &[]),
            names(&[b"a", b"alice", b"alicewonde"])
        );
        assert!(shorter_names(b"A", &[]).is_empty());
        let input = generated(Problem::Snooker, 5, 1);
        let mut oracle = Holds {
            needles: vec![b"\n"],
            problem: Problem::Snooker,
            runs: 0,
        };
        let shrunk = shrink(Problem::Snooker, &input, &mut oracle);
        let names = String::from_utf8_lossy(&shrunk.input)
            .lines()
            .nth(2)
            .unwrap()
            .to_string();
        assert_eq!(names.len(), 3, "{}", names);
        let rating = b"1\n2 1\nalice 1.00\nbob 2.00\nalice bob won 1 2\n";
        oracle.problem = Problem::Rating;
        oracle.needles = vec![b"won"];
        let shrunk = shrink(Problem::Rating, rating, &mut oracle);
        assert_eq!(
            String::from_utf8_lossy(&shrunk.input),
            "1\n2 1\na 1.00\nb 2.00\na b won 1 2\n"
        );
        // A failure that needs a name's first five letters keeps them.
        let rating = b"1\n2 1\nalicewonde 1.00\nbob 2.00\nalicewonde bob won 1 2\n";
        oracle.needles = vec![b"alice"];
        let shrunk = shrink(Problem::Rating, rating, &mut oracle);
        assert_eq!(
            String::from_utf8_lossy(&shrunk.input),
            "1\n2 1\nalice 1.00\nb 2.00\nalice b won 1 2\n"
        );
    }

    #[test]
    fn rating_plays_the_first_games_into_the_ratings_where_the_failure_needs_them() {
        // Fails on a draw once `a` is rated 11.00 or more: after the win
        // that takes them there, or from the start.
        struct DrawOfTheFavourite;
        impl Oracle for DrawOfTheFavourite {
            fn fails(&mut self, input: &[u8], _same: bool) -> bool {
                let text = String::from_utf8_lossy(input);
                let rated = |line: &str| {
                    let rating = line.strip_prefix("a ")?.parse::<f64>().ok()?;
                    (rating >= 11.0).then_some(())
                };
                let favourite =
                    text.contains("a b won 1 2") || text.lines().any(|l| rated(l).is_some());
                text.contains("drew") && favourite
            }
            fn exhausted(&self) -> bool {
                false
            }
        }
        let input = b"1\n2 3\na 10.00\nb 11.00\na b won 1 2\nb a lost 0 0\na b drew 0 0\n";
        let shrunk = shrink(Problem::Rating, input, &mut DrawOfTheFavourite);
        assert!(shrunk.minimal);
        assert_eq!(
            String::from_utf8_lossy(&shrunk.input),
            "1\n2 1\na 11.60\nb 9.40\na b drew 0 0\n"
        );
    }

    #[test]
    fn an_input_that_passes_when_run_again_is_handed_back_as_it_is() {
        let input = b"2\nGame #1: 1234\nGame #2: 55\n";
        let mut oracle = Holds {
            needles: vec![b"not there"],
            problem: Problem::Fourrow,
            runs: 0,
        };
        let shrunk = shrink(Problem::Fourrow, input, &mut oracle);
        assert!(!shrunk.failed_again && !shrunk.minimal);
        assert_eq!(shrunk.input, input);
        assert_eq!(oracle.runs, 1);
    }

    #[test]
    fn rating_drops_players_with_their_games() {
        let input = b"2\n2 1\na 1.00\nb 2.00\na b won 1 2\n3 2\nx 1.00\ny 2.00\nz 3.00\nx y lost 1 1\nz y drew 3 4\n";
        let mut oracle = Holds {
            needles: vec![b"drew"],
            problem: Problem::Rating,
            runs: 0,
        };
        let shrunk = shrink(Problem::Rating, input, &mut oracle);
        assert!(shrunk.minimal);
        assert_eq!(
            String::from_utf8_lossy(&shrunk.input),
            "1\n2 1\ny 2.00\nz 3.00\nz y drew 3 4\n"
        );
    }

    #[test]
    fn snooker_shrinks_to_a_short_valid_frame() {
        let input = generated(Problem::Snooker, 5, 6);
        let mut oracle = Holds {
            needles: vec![b"\nPlay again\n"],
            problem: Problem::Snooker,
            runs: 0,
        };
        assert!(
            oracle.fails(&input, true),
            "the generated input has a Play again"
        );
        let shrunk = shrink(Problem::Snooker, &input, &mut oracle);
        assert!(shrunk.minimal);
        let text = String::from_utf8_lossy(&shrunk.input);
        assert!(text.starts_with("1\n\n"), "{}", text);
        assert!(text.lines().count() < 20, "{}", text);
    }
}
