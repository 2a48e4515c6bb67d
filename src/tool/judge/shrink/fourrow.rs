//! Four in a row for the shrinker: a game is its moves; its parts are the
//! moves, then the pairs of moves next to each other: taking out a pair
//! keeps whose turn every later move is, which a single move does not.
//! Games are numbered from 1 again when written.

use super::{body_lines, Case};
use std::ops::Range;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    moves: Vec<u8>,
}

impl Case for Game {
    const LEVELS: usize = 2;

    fn parse_all(input: &[u8]) -> Vec<Game> {
        body_lines(input)
            .filter_map(|line| {
                let colon = line.iter().position(|&b| b == b':')?;
                let moves = line[colon + 1..]
                    .iter()
                    .copied()
                    .filter(u8::is_ascii_digit)
                    .collect();
                Some(Game { moves })
            })
            .collect()
    }

    fn render(&self, number: usize, out: &mut Vec<u8>) {
        out.extend_from_slice(format!("Game #{}: ", number).as_bytes());
        out.extend_from_slice(&self.moves);
        out.push(b'\n');
    }

    /// Level 1: the moves; level 2: the pairs, one from each move but the
    /// last.
    fn count(&self, level: usize) -> usize {
        match level {
            1 => self.moves.len(),
            _ => self.moves.len().saturating_sub(1),
        }
    }

    /// Pairs `range` of level 2 are the moves from the first one's to the
    /// last one's second.
    fn without(&self, level: usize, range: Range<usize>) -> Option<Game> {
        let mut game = self.clone();
        match level {
            1 => game.moves.drain(range),
            _ => game.moves.drain(range.start..range.end + 1),
        };
        Some(game)
    }
}

#[cfg(test)]
mod tests {
    use super::super::render;
    use super::*;

    #[test]
    fn games_are_read_and_written_again() {
        let input = b"2\nGame #1: 1234\nGame #2: \n";
        let games = Game::parse_all(input);
        assert_eq!(games.len(), 2);
        assert_eq!(render(&games), input);
        assert_eq!(
            render(&[games[0].without(1, 1..3).unwrap()]),
            b"1\nGame #1: 14\n"
        );
        assert_eq!(games[0].count(2), 3);
        assert_eq!(
            render(&[games[0].without(2, 1..2).unwrap()]),
            b"1\nGame #1: 14\n"
        );
    }
}
