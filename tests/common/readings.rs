//! The fast paths' tests' tools: each problem's two readings, the
//! tool's (plain lines by a fast path) and the general one alone, and a
//! reader that hands out its bytes a few at a time.

use referee::core::io::{Error, Tolerant};
use referee::core::{fourrow, rating, snooker};
use referee::tool::problem::Problem;

pub type Solve = fn(&[u8], &mut Vec<u8>) -> Result<(), Error>;

/// Each problem's two readings.
pub fn readings(problem: Problem) -> (Solve, Solve) {
    match problem {
        Problem::Snooker => (
            |i, o| snooker::solve(i, o),
            |i, o| snooker::solve_with(i, o, &mut Tolerant),
        ),
        Problem::Fourrow => (
            |i, o| fourrow::solve(i, o),
            |i, o| fourrow::solve_with(i, o, &mut Tolerant),
        ),
        Problem::Rating => (
            |i, o| rating::solve(i, o),
            |i, o| rating::solve_with(i, o, &mut Tolerant),
        ),
    }
}

pub fn outcome(solve: Solve, input: &[u8]) -> (Vec<u8>, String) {
    let mut out = Vec::new();
    let message = match solve(input, &mut out) {
        Ok(()) => String::new(),
        Err(e) => e.to_string(),
    };
    (out, message)
}

/// Hands out at most `piece` bytes a read, so that lines end across the
/// line reader's refills, where the fast path stops and starts again.
pub struct Trickle<'a> {
    pub bytes: &'a [u8],
    pub piece: usize,
}

impl std::io::Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = buf.len().min(self.piece).min(self.bytes.len());
        buf[..n].copy_from_slice(&self.bytes[..n]);
        self.bytes = &self.bytes[n..];
        Ok(n)
    }
}
