//! Rating tournaments: distinct lower-case names, ratings with exactly two
//! decimals, and games that reach what `rating::exchange` treats apart:
//! pairs exactly 3.00 apart (equal after the handicap), equal ratings,
//! gaps over 10.00, self-play, doubling (fewer pieces for the winner).
//! A few ratings are negative (some above -1.00, `-0.50`), in the varied
//! style a few are past what 32 bits hold in hundredths, up to what the
//! tournament's games keep within P7's bound (where floating point loses
//! cents), and a few games
//! have piece values near 2^31, 2^53 or the 64-bit limit, a little apart,
//! or one just past 2^32 against a small one: what a solution reading the
//! sign off the whole part, or comparing pieces in 32 bits (signed or not)
//! or in floating point, gets wrong.

use super::{length, letters, Rng};
use crate::core::limits::rating::{GAMES, MAX_RATING, NAME_LETTERS, PLAYERS};
use crate::core::rating::{self, Hundredths};
use crate::tool::cli::Style;

const LOWER: &[u8] = b"abcdefghijklmnopqrstuvwxyz";
/// Few letters: names that share prefixes (`bob`, `bobby`), and so the
/// order of names between equal ratings.
const FEW: &[u8] = b"abo";
/// What a small tournament holds at most.
const SMALL_PLAYERS: u64 = 20;
const SMALL_GAMES: u64 = 30;

/// How a style plays, in percent.
struct Mix {
    /// Tournaments of any size within the limits, rather than small ones.
    big: u64,
    /// Tournaments of the most players and games allowed.
    largest: u64,
    /// Names from all 26 letters even in small tournaments.
    all_letters: u64,
    /// Names of the shortest or the longest length allowed.
    extreme_names: u64,
    /// A rating 3.00 above the previous player's, or equal to it.
    handicap_pair: u64,
    equal_pair: u64,
    /// A player meeting himself.
    self_play: u64,
    /// A negative rating.
    negative: u64,
    /// A rating past what 32 bits hold in hundredths, in a tournament of
    /// few games (`large_rating`).
    large: u64,
    /// A game's piece values near a limit of narrower numbers.
    huge_pieces: u64,
}

const PLAIN: Mix = Mix {
    big: 5,
    largest: 0,
    all_letters: 0,
    extreme_names: 0,
    handicap_pair: 10,
    equal_pair: 10,
    self_play: 10,
    negative: 3,
    large: 0,
    huge_pieces: 1,
};

/// Bigger tournaments, names of any letters and lengths.
const VARIED: Mix = Mix {
    big: 30,
    largest: 5,
    all_letters: 100,
    extreme_names: 30,
    handicap_pair: 15,
    equal_pair: 15,
    self_play: 15,
    negative: 10,
    large: 10,
    huge_pieces: 10,
};

fn mix(style: Style) -> &'static Mix {
    match style {
        Style::Plain => &PLAIN,
        Style::Varied => &VARIED,
    }
}

/// A count in `limits`, mostly small.
fn size(rng: &mut Rng, mix: &Mix, limits: &std::ops::RangeInclusive<u64>, small: u64) -> u64 {
    if rng.chance(mix.big) {
        rng.within(limits)
    } else {
        rng.range(*limits.start(), small)
    }
}

/// One tournament: `n m`, the players, the games.
pub(crate) fn tournament(rng: &mut Rng, style: Style, out: &mut Vec<u8>) {
    let mix = mix(style);
    let (players, games) = if rng.chance(mix.largest) {
        (*PLAYERS.end() as usize, *GAMES.end() as usize)
    } else {
        (
            size(rng, mix, &PLAYERS, SMALL_PLAYERS) as usize,
            size(rng, mix, &GAMES, SMALL_GAMES) as usize,
        )
    };
    let alphabet = if players as u64 > SMALL_PLAYERS || rng.chance(mix.all_letters) {
        LOWER
    } else {
        FEW
    };
    let mut names: Vec<Vec<u8>> = Vec::with_capacity(players);
    while names.len() < players {
        let len = length(rng, &NAME_LETTERS, mix.extreme_names);
        let name = letters(rng, len, alphabet);
        if !names.contains(&name) {
            names.push(name);
        }
    }
    let mut ratings: Vec<Hundredths> = Vec::with_capacity(players);
    let large = match games as u64 <= SMALL_GAMES {
        true => mix.large,
        false => 0,
    };
    for i in 0..players {
        let rating = match (i.checked_sub(1), rng.below(100)) {
            (Some(before), roll) if roll < mix.handicap_pair => ratings[before] + 300,
            (Some(before), roll) if roll < mix.handicap_pair + mix.equal_pair => ratings[before],
            (_, roll) if roll >= 100 - mix.negative => negative_rating(rng),
            (_, roll) if roll >= 100 - mix.negative - large => large_rating(rng, games as u64),
            (_, roll) if roll < 50 => rng.range(0, 3000) as Hundredths,
            _ => rng.range(0, 10000) as Hundredths,
        };
        ratings.push(rating);
    }
    out.extend_from_slice(format!("{} {}\n", players, games).as_bytes());
    for (name, &rating) in names.iter().zip(&ratings) {
        out.extend_from_slice(name);
        out.push(b' ');
        out.extend_from_slice(rating::exchange::rating_text(rating).as_bytes());
        out.push(b'\n');
    }
    for g in 0..games {
        let white = rng.below(players as u64) as usize;
        let black = if rng.chance(mix.self_play) {
            white
        } else if g == 0 && white > 0 && rng.chance(20) {
            // Neighbours: often 3.00 apart or equal (see above).
            white - 1
        } else {
            rng.below(players as u64) as usize
        };
        let result = *rng.pick(&["won", "drew", "lost"]);
        let (white_pieces, black_pieces) = if rng.chance(mix.huge_pieces) {
            huge_pieces(rng)
        } else {
            let white_pieces = rng.range(0, 40);
            let black_pieces = if rng.chance(20) {
                white_pieces
            } else {
                rng.range(0, 40)
            };
            (white_pieces as i64, black_pieces as i64)
        };
        out.extend_from_slice(&names[white]);
        out.push(b' ');
        out.extend_from_slice(&names[black]);
        out.extend_from_slice(
            format!(" {} {} {}\n", result, white_pieces, black_pieces).as_bytes(),
        );
    }
}

/// A negative rating: half of them above -1.00.
fn negative_rating(rng: &mut Rng) -> Hundredths {
    let hundredths = if rng.chance(50) {
        rng.range(1, 99)
    } else {
        rng.range(100, 10000)
    };
    -(hundredths as Hundredths)
}

/// A rating of 2^31 hundredths (21,474,836.48) or more, a quarter of
/// them negative, in a tournament of `games` games: at most what
/// `largest_start` allows, half of them with as many bits, the others
/// with 31 bits or more, evenly. What a solution keeping hundredths in
/// 32 bits gets wrong, and, near the top, one that keeps ratings in
/// floating point (a double holds a rating of 10^12 only to a
/// ten-thousandth, and a core exchange of half a cent is rounded the
/// wrong way).
fn large_rating(rng: &mut Rng, games: u64) -> Hundredths {
    let largest = largest_start(games) as u64;
    let top = u64::from(63 - largest.leading_zeros());
    // Half of them as large as the games let them be.
    let bits = match rng.chance(50) {
        true => top,
        false => rng.range(31, top),
    };
    let hundredths = rng.range(1 << bits, largest.min((2 << bits) - 1)) as Hundredths;
    match rng.chance(25) {
        true => -hundredths,
        false => hundredths,
    }
}

/// The largest rating a tournament of `games` games may start with and
/// still keep every rating within P7's bound after its last game. A game
/// moves the largest rating (in either direction) by at most 0.4 times
/// itself and 2.61 (a doubled 1.00 + CE, CE at most a tenth of twice the
/// largest and the 3.00 handicap, rounded up): that step is undone once
/// for each game.
fn largest_start(games: u64) -> Hundredths {
    (0..games).fold(MAX_RATING, |most, _| (most - 261) * 5 / 7)
}

/// Two piece values that narrower numbers get wrong: a little apart near
/// 2^31, 2^53 or the largest 64-bit number (equal in 32 bits or in
/// floating point, not as integers), or one just past 2^32 and one below
/// 40, either side (their low 32 bits, all an unsigned 32-bit reading
/// keeps, most often in the other order).
fn huge_pieces(rng: &mut Rng) -> (i64, i64) {
    const PAST_32_BITS: i64 = 1 << 32;
    let base = *rng.pick(&[1 << 31, 1 << 53, i64::MAX - 40, PAST_32_BITS]);
    let first = base + rng.range(0, 40) as i64;
    let second = rng.range(0, 40) as i64;
    if base != PAST_32_BITS {
        (first, base + second)
    } else if rng.chance(50) {
        (second, first)
    } else {
        (first, second)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tool::gen::generate_styled;
    use crate::tool::problem::Problem;

    fn sizes(style: Style, seed: u64) -> Vec<(u64, u64)> {
        let mut input = Vec::new();
        generate_styled(Problem::Rating, style, seed, Some(60), &mut input).unwrap();
        let text = String::from_utf8(input).unwrap();
        let mut lines = text.lines().skip(1);
        let mut found = Vec::new();
        while let Some(header) = lines.next() {
            let (n, m) = header.split_once(' ').unwrap();
            let (n, m): (u64, u64) = (n.parse().unwrap(), m.parse().unwrap());
            found.push((n, m));
            lines.by_ref().take((n + m) as usize).for_each(drop);
        }
        found
    }

    #[test]
    fn sizes_stay_within_the_limits_and_varied_ones_are_bigger() {
        let total = |sizes: &[(u64, u64)]| sizes.iter().map(|(n, m)| n + m).sum::<u64>();
        let plain = sizes(Style::Plain, 2);
        let varied = sizes(Style::Varied, 2);
        for &(n, m) in plain.iter().chain(&varied) {
            assert!(PLAYERS.contains(&n) && GAMES.contains(&m), "{} {}", n, m);
        }
        assert!(total(&varied) > 2 * total(&plain));
        assert!(varied.contains(&(*PLAYERS.end(), *GAMES.end())));
    }

    /// The most one game can take the largest rating to (`largest_start`).
    fn after_a_game(largest: Hundredths) -> Hundredths {
        largest + largest * 2 / 5 + 261
    }

    #[test]
    fn large_ratings_stay_within_the_bound_after_the_most_games_they_meet() {
        for games in [1, 2, 5, SMALL_GAMES] {
            let start = largest_start(games);
            let end = (0..games).fold(start, |most, _| after_a_game(most));
            assert!(end <= MAX_RATING, "{} games: {}", games, end);
            assert!(after_a_game(end) > MAX_RATING, "{} games", games);
            let mut rng = Rng::new(games);
            let large: Vec<Hundredths> = (0..200).map(|_| large_rating(&mut rng, games)).collect();
            assert!(large.iter().any(|&r| r < 0) && large.iter().any(|&r| r > 0));
            assert!(large
                .iter()
                .all(|r| i32::try_from(*r).is_err() && r.abs() <= start));
            // Some below 2^32, and in a tournament of few games some of
            // 10^12 (10^14 hundredths) or more (`large_rating`).
            assert!(large.iter().any(|r| r.abs() < 1 << 32));
            if games <= 2 {
                assert!(large.iter().any(|r| r.abs() >= 100_000_000_000_000));
            }
        }
    }

    #[test]
    fn huge_pieces_fool_each_narrower_reading() {
        let mut rng = Rng::new(1);
        let pairs: Vec<(i64, i64)> = (0..200).map(|_| huge_pieces(&mut rng)).collect();
        let fooled = |narrow: &dyn Fn(i64) -> i64| {
            pairs
                .iter()
                .any(|&(a, b)| a.cmp(&b) != narrow(a).cmp(&narrow(b)))
        };
        assert!(fooled(&|p| i64::from(p as i32)));
        assert!(fooled(&|p| i64::from(p as u32)));
        assert!(fooled(&|p| (p as f64) as i64));
        assert!(pairs.iter().all(|&(a, b)| a >= 0 && b >= 0));
    }
}
