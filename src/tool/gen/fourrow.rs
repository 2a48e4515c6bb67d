//! Four-in-a-row games played on the referee's own [`Game`]: legal play to
//! a win, a full board or a stop, and now and then an invalid game (moves
//! after a win, a seventh chip in a slot). Every game line holds at most
//! the statement's number of moves, invalid games included.

use super::Rng;
use crate::core::fourrow::{Game, Verdict};
use crate::core::limits::fourrow::{COLUMNS, MAX_MOVES, ROWS};
use crate::tool::cli::Style;

/// How a style plays, in percent of games.
struct Mix {
    /// No moves at all.
    empty: u64,
    /// Play that avoids wins where it can, to fill the board.
    fill: u64,
    /// Games stopped early, not over; of them, `short` after a few moves
    /// and `one_short` one move before the board is full, played to fill
    /// it.
    stopped: u64,
    short: u64,
    one_short: u64,
    /// Invalid games: moves after the end, or a slot overfilled.
    invalid: u64,
}

const PLAIN: Mix = Mix {
    empty: 4,
    fill: 16,
    stopped: 20,
    short: 20,
    one_short: 0,
    invalid: 10,
};

/// Many games that end early or late, and many invalid ones.
const VARIED: Mix = Mix {
    empty: 8,
    fill: 30,
    stopped: 30,
    short: 50,
    one_short: 20,
    invalid: 30,
};

fn mix(style: Style) -> &'static Mix {
    match style {
        Style::Plain => &PLAIN,
        Style::Varied => &VARIED,
    }
}

/// The moves so far: the game and each slot's height.
struct Board {
    game: Game,
    heights: [usize; COLUMNS],
    moves: Vec<u8>,
}

impl Board {
    fn drop(&mut self, column: usize) {
        self.game.play(b'1' + column as u8);
        self.heights[column] += 1;
        self.moves.push(b'1' + column as u8);
    }

    fn open(&self) -> Vec<usize> {
        (0..COLUMNS).filter(|&c| self.heights[c] < ROWS).collect()
    }
}

/// One game line: `Game #n: ` and the moves.
pub(crate) fn game(rng: &mut Rng, style: Style, number: u64, out: &mut Vec<u8>) {
    let mix = mix(style);
    out.extend_from_slice(format!("Game #{}: ", number).as_bytes());
    if rng.chance(mix.empty) {
        out.push(b'\n');
        return;
    }
    let mut fill = rng.chance(mix.fill);
    let stop_at = if rng.chance(mix.stopped) {
        match rng.below(100) {
            roll if roll < mix.short => rng.range(1, 8) as usize,
            roll if roll < mix.short + mix.one_short => {
                // A game of one move short of a full board has no winner
                // yet; such a game comes only from play that avoids wins.
                fill = true;
                MAX_MOVES - 1
            }
            _ => rng.range(1, MAX_MOVES as u64 - 1) as usize,
        }
    } else {
        MAX_MOVES
    };
    let mut board = Board {
        game: Game::default(),
        heights: [0; COLUMNS],
        moves: Vec::with_capacity(MAX_MOVES),
    };
    while board.moves.len() < stop_at && board.game.verdict() == Verdict::NotOver {
        let open = board.open();
        let mut column = *rng.pick(&open);
        if fill {
            let safe: Vec<usize> = open
                .iter()
                .copied()
                .filter(|&c| {
                    let mut next = board.game;
                    next.play(b'1' + c as u8);
                    matches!(next.verdict(), Verdict::NotOver | Verdict::Draw)
                })
                .collect();
            if !safe.is_empty() {
                column = *rng.pick(&safe);
            }
        }
        board.drop(column);
    }
    if rng.chance(mix.invalid) {
        spoil(rng, &mut board);
    }
    out.extend_from_slice(&board.moves);
    out.push(b'\n');
}

/// Makes the game invalid within the statement's number of moves, where
/// there is room: a few more moves when it was already won, else a slot
/// filled to a seventh chip (or, the board being full, left as it is).
fn spoil(rng: &mut Rng, board: &mut Board) {
    let room = MAX_MOVES - board.moves.len();
    if room == 0 {
        return;
    }
    if matches!(board.game.verdict(), Verdict::FirstWon | Verdict::SecondWon) {
        for _ in 0..rng.range(1, room.min(4) as u64) {
            let open = board.open();
            if open.is_empty() {
                break;
            }
            board.drop(*rng.pick(&open));
        }
        return;
    }
    // The fullest slots first need the fewest chips to overflow.
    let need = |c: usize| ROWS + 1 - board.heights[c];
    let fits: Vec<usize> = (0..COLUMNS).filter(|&c| need(c) <= room).collect();
    if fits.is_empty() {
        return;
    }
    let column = *rng.pick(&fits);
    for _ in 0..need(column) {
        board.drop(column);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tool::gen::generate_styled;
    use crate::tool::problem::Problem;
    use crate::tool::solvers;

    fn games(style: Style, seed: u64) -> (String, String) {
        let mut input = Vec::new();
        generate_styled(Problem::Fourrow, style, seed, Some(99), &mut input).unwrap();
        let output = solvers::answer(Problem::Fourrow, &input).unwrap();
        (
            String::from_utf8(input).unwrap(),
            String::from_utf8(output).unwrap(),
        )
    }

    #[test]
    fn no_game_line_holds_more_than_the_most_moves() {
        for style in Style::ALL {
            for seed in 0..100 {
                let (input, _) = games(style, seed);
                for line in input.lines().skip(1) {
                    let moves = line.split_once(": ").unwrap().1;
                    assert!(moves.len() <= MAX_MOVES, "seed {}: {}", seed, line);
                }
            }
        }
    }

    #[test]
    fn every_verdict_turns_up() {
        for style in Style::ALL {
            let (_, output) = games(style, 3);
            let (_, more) = games(style, 4);
            let output = output + &more;
            for verdict in [
                "invalid.",
                "no winner.",
                "first player won.",
                "second player won.",
                "not over, yet.",
            ] {
                assert!(output.contains(verdict), "{:?}: no game {}", style, verdict);
            }
        }
    }

    #[test]
    fn the_varied_style_has_games_one_move_short_of_a_full_board_not_over() {
        let one_short = |style| {
            (0..10)
                .map(|seed| {
                    let (input, output) = games(style, seed);
                    input
                        .lines()
                        .skip(1)
                        .zip(output.lines().filter(|line| line.starts_with("Game #")))
                        .filter(|(game, verdict)| {
                            game.split_once(": ").unwrap().1.len() == MAX_MOVES - 1
                                && verdict.ends_with("not over, yet.")
                        })
                        .count()
                })
                .sum::<usize>()
        };
        let varied = one_short(Style::Varied);
        assert!(varied >= 3, "{} such games", varied);
    }

    #[test]
    fn the_varied_style_has_more_invalid_and_short_games() {
        let count = |style| {
            let (input, output) = games(style, 11);
            let invalid = output.matches("invalid").count();
            let short = input.lines().filter(|l| l.len() < 20).count();
            (invalid, short)
        };
        let (plain_invalid, plain_short) = count(Style::Plain);
        let (varied_invalid, varied_short) = count(Style::Varied);
        assert!(varied_invalid > plain_invalid);
        assert!(varied_short > plain_short);
    }
}
