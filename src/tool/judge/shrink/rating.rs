//! Rating points exchange for the shrinker: a tournament is its players
//! and its games; its parts are the players (each taking its games along)
//! and the games. `n m` is written from what is left. The first games can
//! be played into the ratings the players start with, and the players'
//! names made one letter each, in their games too.

use super::{body_lines, shorter_names, tokens, Case};
use std::ops::Range;

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Tournament {
    /// `name rating` lines, as given.
    players: Vec<Vec<u8>>,
    games: Vec<Game>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Game {
    white: Vec<u8>,
    black: Vec<u8>,
    /// The whole line, as given.
    line: Vec<u8>,
}

impl Tournament {
    /// A player's name: the first token of their line.
    fn name(player: &[u8]) -> &[u8] {
        tokens(player).next().unwrap_or_default()
    }

    /// The tournament that starts where this one stands after its first
    /// `played` games: the players in their order, with the ratings those
    /// games leave them (`None` if the judge core does not take them).
    fn with_played(&self, played: usize) -> Option<Tournament> {
        let start = Tournament {
            players: self.players.clone(),
            games: self.games[..played].to_vec(),
        };
        let mut input = b"1\n".to_vec();
        start.render(1, &mut input);
        let mut standings = String::new();
        crate::judge::rating::solve(std::str::from_utf8(&input).ok()?, &mut standings).ok()?;
        // After the head, a line `name rating` a player.
        let ratings: Vec<(&str, &str)> = standings
            .lines()
            .skip(1)
            .filter_map(|line| line.rsplit_once(' '))
            .collect();
        let players = self.players.iter().map(|player| {
            let name = Tournament::name(player);
            let (_, rating) = ratings.iter().find(|(n, _)| n.as_bytes() == name)?;
            Some([name, rating.as_bytes()].join(&b' '))
        });
        Some(Tournament {
            players: players.collect::<Option<_>>()?,
            games: self.games[played..].to_vec(),
        })
    }
}

impl Case for Tournament {
    const LEVELS: usize = 1;

    fn parse_all(input: &[u8]) -> Vec<Tournament> {
        let mut lines = body_lines(input).filter(|l| !l.is_empty());
        let mut tournaments = Vec::new();
        while let Some(header) = lines.next() {
            let counts: Vec<usize> = tokens(header)
                .filter_map(|t| std::str::from_utf8(t).ok()?.parse().ok())
                .collect();
            let (n, m) = match counts[..] {
                [n, m] => (n, m),
                _ => break,
            };
            let players = lines.by_ref().take(n).map(<[u8]>::to_vec).collect();
            let games = lines
                .by_ref()
                .take(m)
                .map(|line| {
                    let mut names = tokens(line).map(<[u8]>::to_vec);
                    Game {
                        white: names.next().unwrap_or_default(),
                        black: names.next().unwrap_or_default(),
                        line: line.to_vec(),
                    }
                })
                .collect();
            tournaments.push(Tournament { players, games });
        }
        tournaments
    }

    fn render(&self, _number: usize, out: &mut Vec<u8>) {
        out.extend_from_slice(format!("{} {}\n", self.players.len(), self.games.len()).as_bytes());
        for line in self
            .players
            .iter()
            .chain(self.games.iter().map(|g| &g.line))
        {
            out.extend_from_slice(line);
            out.push(b'\n');
        }
    }

    /// The players, then the games.
    fn count(&self, _level: usize) -> usize {
        self.players.len() + self.games.len()
    }

    fn without(&self, _level: usize, range: Range<usize>) -> Option<Tournament> {
        let listed = self.players.len();
        let gone_players = range.start.min(listed)..range.end.min(listed);
        let gone: Vec<&[u8]> = self.players[gone_players.clone()]
            .iter()
            .map(|p| Tournament::name(p))
            .collect();
        let players = self
            .players
            .iter()
            .enumerate()
            .filter(|(i, _)| !gone_players.contains(i))
            .map(|(_, p)| p.clone())
            .collect();
        let games = self
            .games
            .iter()
            .enumerate()
            .filter(|(i, game)| {
                !range.contains(&(listed + i))
                    && !gone.contains(&&game.white[..])
                    && !gone.contains(&&game.black[..])
            })
            .map(|(_, g)| g.clone())
            .collect();
        Some(Tournament { players, games })
    }

    /// The tournament with its first games played into its players'
    /// ratings: all its games but the last (a tournament has one), then
    /// half as many, halving down to one.
    fn folded(&self) -> Vec<Tournament> {
        let mut played = self.games.len().saturating_sub(1);
        let mut candidates = Vec::new();
        while played > 0 {
            candidates.extend(self.with_played(played));
            played /= 2;
        }
        candidates
    }

    fn renamed(&self) -> Vec<Tournament> {
        let names: Vec<&[u8]> = self.players.iter().map(|p| Tournament::name(p)).collect();
        let mut candidates = Vec::new();
        for (i, &old) in names.iter().enumerate() {
            let others: Vec<&[u8]> = names.iter().copied().filter(|&n| n != old).collect();
            for new in shorter_names(old, &others) {
                let swap = |token: &[u8]| {
                    if token == old {
                        new.clone()
                    } else {
                        token.to_vec()
                    }
                };
                let mut renamed = self.clone();
                renamed.players[i] = with_first_tokens(&self.players[i], 1, &swap);
                for game in &mut renamed.games {
                    game.line = with_first_tokens(&game.line, 2, &swap);
                    game.white = swap(&game.white);
                    game.black = swap(&game.black);
                }
                candidates.push(renamed);
            }
        }
        candidates
    }
}

/// `line`'s tokens, the first `count` of them passed through `swap`,
/// joined by single spaces.
fn with_first_tokens(line: &[u8], count: usize, swap: &dyn Fn(&[u8]) -> Vec<u8>) -> Vec<u8> {
    let swapped: Vec<Vec<u8>> = tokens(line)
        .enumerate()
        .map(|(k, t)| if k < count { swap(t) } else { t.to_vec() })
        .collect();
    swapped.join(&b' ')
}

#[cfg(test)]
mod tests {
    use super::super::render;
    use super::*;

    #[test]
    fn a_player_goes_with_their_games() {
        let input = b"1\n3 3\na 1.00\nb 2.00\nc 3.00\na b won 1 2\nb c lost 3 4\nc a drew 5 6\n";
        let tournaments = Tournament::parse_all(input);
        assert_eq!(render(&tournaments), input);
        let without_a = tournaments[0].without(1, 0..1).unwrap();
        assert_eq!(
            render(&[without_a]),
            b"1\n2 1\nb 2.00\nc 3.00\nb c lost 3 4\n"
        );
        let without_game = tournaments[0].without(1, 4..5).unwrap();
        assert_eq!(without_game.games.len(), 2);
    }

    #[test]
    fn the_first_games_are_played_into_the_ratings() {
        let input = b"1\n2 3\na 10.00\nb 11.00\na b won 1 2\nb a lost 0 0\na b drew 0 0\n";
        let folded = Tournament::parse_all(input)[0].folded();
        // a, white, wins the first game with fewer pieces: 2 * (1.00 - 0.20).
        assert_eq!(
            render(&folded),
            b"2\n2 1\na 12.68\nb 8.32\na b drew 0 0\n2 2\na 11.60\nb 9.40\nb a lost 0 0\na b drew 0 0\n"
        );
        let one_game = b"1\n2 1\na 10.00\nb 11.00\na b drew 0 0\n";
        assert!(Tournament::parse_all(one_game)[0].folded().is_empty());
    }

    #[test]
    fn a_name_is_made_shorter_names_in_the_games_too() {
        let input = b"1\n2 1\nann 1.00\nbob 2.00\nbob ann won 1 2\n";
        let tournament = &Tournament::parse_all(input)[0];
        let renamed = tournament.renamed();
        assert_eq!(renamed.len(), 4);
        assert_eq!(
            render(&renamed[..2]),
            b"2\n2 1\na 1.00\nbob 2.00\nbob a won 1 2\n2 1\nan 1.00\nbob 2.00\nbob an won 1 2\n"
        );
    }
}
