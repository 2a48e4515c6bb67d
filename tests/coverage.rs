//! The packages' secret data cover every ruling (the numbered rulings in
//! the problems' module docs, `src/core/*/mod.rs`): each
//! secret input is replayed through the core's own rules (snooker's
//! `Frame`, four in a row's `Game`, rating's `exchange`), and what each
//! stroke, move or game did is collected as a set of named facts; every
//! fact a ruling needs must turn up somewhere in the secret data. The
//! answers are read for what they show (a `Tie`, a negative rating, the
//! winning chips of a board).

use referee::core::fourrow::{Game, Verdict};
use referee::core::rating::{self, Outcome as GameResult};
use referee::core::snooker::{Ball, BallOn, Frame, Next, Player, Stage, Stroke};
use referee::tool::package::{self, PackageFile};
use referee::tool::problem::Problem;
use std::collections::{BTreeSet, HashMap};

/// The secret cases of a package: (input, answer) as text.
fn secret(problem: Problem) -> Vec<(String, String)> {
    let files: Vec<PackageFile> = package::files(problem).unwrap();
    let text = |path: &str| {
        let file = files.iter().find(|f| f.path == path).unwrap();
        String::from_utf8(file.bytes.clone()).unwrap()
    };
    files
        .iter()
        .filter(|f| f.path.starts_with("data/secret/") && f.path.ends_with(".in"))
        .map(|f| {
            let stem = f.path.trim_end_matches(".in");
            (text(&f.path), text(&format!("{}.ans", stem)))
        })
        .collect()
}

/// Fails naming every fact in `needed` that is missing from `seen`.
fn assert_covered(problem: &str, seen: &BTreeSet<String>, needed: &[&str]) {
    let missing: Vec<&&str> = needed.iter().filter(|n| !seen.contains(**n)).collect();
    assert!(
        missing.is_empty(),
        "{}: the secret data never show {:?}\nseen: {:?}",
        problem,
        missing,
        seen
    );
}

const BALLS: [Ball; 7] = [
    Ball::Red,
    Ball::Yellow,
    Ball::Green,
    Ball::Brown,
    Ball::Blue,
    Ball::Pink,
    Ball::Black,
];

fn ball(name: &str) -> Ball {
    *BALLS.iter().find(|b| b.name() == name).unwrap()
}

fn stroke(line: &str) -> Stroke {
    let mut tokens = line.split(' ');
    let first = tokens.next().unwrap();
    let mut stroke = Stroke {
        first: (first != "None").then(|| ball(first)),
        ..Stroke::default()
    };
    for token in tokens {
        match token {
            "White" => stroke.white = true,
            "Red" => stroke.reds += 1,
            colour => stroke.colours.insert(ball(colour)),
        }
    }
    stroke
}

/// What one snooker stroke did, as facts (S3-S12).
fn stroke_facts(frame: &Frame, stroke: &Stroke, seen: &mut BTreeSet<String>) -> bool {
    let on = frame.ball_on().unwrap();
    let reds_before = frame.reds();
    let only_black = reds_before == 0 && frame.colours().iter().eq([Ball::Black]);
    let is_on = |ball: Ball| match on {
        BallOn::Reds => ball == Ball::Red,
        BallOn::AnyColour => ball != Ball::Red,
        BallOn::Colour(colour) => ball == colour,
    };
    // The nominated colour when a colour is on (S3).
    let nominated = match (on, stroke.first) {
        (BallOn::AnyColour, Some(first)) if first != Ball::Red => first,
        (BallOn::AnyColour, _) => Ball::Yellow,
        (BallOn::Colour(colour), _) => colour,
        (BallOn::Reds, _) => Ball::Red,
    };
    let striker = frame.striker();
    let mut after = frame.clone();
    let before = after.score(striker.other());
    let outcome = after.play(stroke).unwrap();
    let mut fact = |name: &str| {
        seen.insert(name.to_string());
    };
    let potted_not_on = (stroke.reds > 0 && on != BallOn::Reds)
        || stroke
            .colours
            .iter()
            .any(|c| on == BallOn::Reds || c != nominated);
    if outcome.foul {
        fact(&format!(
            "penalty {}",
            after.score(striker.other()) - before
        ));
        match (stroke.first, stroke.white) {
            (None, false) => fact("foul: hit nothing"),
            (None, true) => fact("foul: hit nothing, white in"),
            (Some(_), true) => fact("foul: in-off"),
            _ => {}
        }
        if stroke.first.is_some_and(|first| !is_on(first)) {
            fact("foul: first hit not on");
        }
        if potted_not_on {
            fact("foul: potted not on");
        }
        if stroke.colours.iter().count() >= 2 {
            fact("foul: two colours potted");
        }
        if reds_before > 0 && stroke.reds == reds_before {
            fact("last red potted in a foul");
        }
    }
    if reds_before == 0 && on == BallOn::AnyColour {
        let potted = stroke.reds > 0 || !stroke.colours.is_empty();
        match (outcome.foul, potted) {
            (false, false) => fact("colour after the last red missed"),
            (false, true) => fact("colour after the last red potted"),
            (true, _) => fact("colour after the last red fouled"),
        }
    }
    if outcome.respot.iter().count() >= 2 {
        fact("two colours respotted at once");
    }
    if stroke.reds >= 2 {
        fact("several reds in one stroke");
    }
    if only_black {
        match (outcome.foul, outcome.next) {
            (true, Next::Won(_)) => fact("last black: a foul ends the frame"),
            (false, Next::Won(_)) => fact("last black: a pot ends the frame"),
            (true, Next::Tie) => fact("last black: a foul ties"),
            (false, Next::Tie) => fact("last black: a pot ties"),
            (false, Next::TurnPasses(_)) => fact("last black: a miss passes the turn"),
            _ => {}
        }
    }
    outcome.foul && stroke.white
}

#[test]
fn snooker_secret_data_cover_every_ruling() {
    let mut seen = BTreeSet::new();
    for (input, answer) in secret(Problem::Snooker) {
        let mut lines = input.lines();
        let frames: usize = lines.next().unwrap().parse().unwrap();
        seen.insert(format!("frames: {}", frames));
        for _ in 0..frames {
            assert_eq!(lines.next(), Some(""));
            let names: Vec<&str> = lines.next().unwrap().split(' ').collect();
            for name in &names {
                seen.insert(format!("name of {} letters", name.len()));
            }
            let mut frame = Frame::new();
            let mut white_in = false;
            while frame.winner().is_none() {
                let line = lines.next().unwrap();
                if line == "Play again" {
                    seen.insert(format!("play again, in-hand: {}", white_in));
                    frame.play_again().unwrap();
                } else if frame.stage() == Stage::LotDue {
                    let player = if line == names[0] {
                        Player::A
                    } else {
                        Player::B
                    };
                    seen.insert(format!("lot won by {:?}", player));
                    frame.lot(player).unwrap();
                } else {
                    let stroke = stroke(line);
                    white_in = stroke_facts(&frame, &stroke, &mut seen);
                    frame.play(&stroke).unwrap();
                }
            }
            seen.insert(format!("won by {:?}", frame.winner().unwrap()));
        }
        for line in answer.lines() {
            if line == "Tie" || line.ends_with(", in-hand") {
                seen.insert(format!("answer line: {}", line.rsplit(' ').next().unwrap()));
            }
        }
    }
    let most = format!("frames: {}", referee::core::limits::snooker::FRAMES.end());
    let fewest = format!("frames: {}", referee::core::limits::snooker::FRAMES.start());
    assert_covered(
        "snooker",
        &seen,
        &[
            "foul: hit nothing",
            "foul: hit nothing, white in",
            "foul: in-off",
            "foul: first hit not on",
            "foul: potted not on",
            "foul: two colours potted",
            "penalty 4",
            "penalty 5",
            "penalty 6",
            "penalty 7",
            "last red potted in a foul",
            "colour after the last red missed",
            "colour after the last red potted",
            "colour after the last red fouled",
            "two colours respotted at once",
            "several reds in one stroke",
            "play again, in-hand: true",
            "play again, in-hand: false",
            "last black: a foul ends the frame",
            "last black: a pot ends the frame",
            "last black: a foul ties",
            "last black: a pot ties",
            "last black: a miss passes the turn",
            "lot won by A",
            "lot won by B",
            "won by A",
            "won by B",
            "answer line: Tie",
            "answer line: in-hand",
            "name of 1 letters",
            "name of 20 letters",
            &most,
            &fewest,
        ],
    );
}

/// Which ways the winning chips of a printed board run (F3, F4).
fn board_facts(board: &[&str], seen: &mut BTreeSet<String>) {
    let grid: Vec<Vec<u8>> = board.iter().map(|row| row.bytes().collect()).collect();
    let full_height = grid.len() == referee::core::limits::fourrow::ROWS;
    let capital = |r: isize, c: isize| {
        r >= 0
            && c >= 0
            && (r as usize) < grid.len()
            && (c as usize) < grid[r as usize].len()
            && grid[r as usize][c as usize].is_ascii_uppercase()
    };
    let mut winning = 0;
    for (r, row) in grid.iter().enumerate() {
        for c in 0..row.len() {
            let (r, c) = (r as isize, c as isize);
            winning += capital(r, c) as usize;
            for (name, dr, dc) in [
                ("row", 0, 1),
                ("slot", 1, 0),
                ("diagonal down", 1, 1),
                ("diagonal up", 1, -1),
            ] {
                if (0..4).all(|i| capital(r + i * dr, c + i * dc)) {
                    seen.insert(format!("win along a {}", name));
                    let top = full_height && (0..4).any(|i| r + i * dr == 0);
                    if top && dr == 1 && dc != 0 {
                        seen.insert("win along a diagonal through the top row".into());
                    }
                }
            }
        }
    }
    if winning > 4 {
        seen.insert("more than four winning chips".into());
    }
}

#[test]
fn fourrow_secret_data_cover_every_ruling() {
    let mut seen = BTreeSet::new();
    for (input, answer) in secret(Problem::Fourrow) {
        let mut lines = input.lines();
        let games: usize = lines.next().unwrap().parse().unwrap();
        seen.insert(format!("games: {}", games));
        for line in lines {
            let moves = line.split_once(": ").unwrap().1.as_bytes();
            if moves.is_empty() {
                seen.insert("an empty game".into());
            }
            let mut game = Game::default();
            let mut heights = [0; 7];
            for (i, &m) in moves.iter().enumerate() {
                let column = usize::from(m - b'1');
                let was_won = matches!(game.verdict(), Verdict::FirstWon | Verdict::SecondWon);
                game.play(m);
                heights[column] += 1;
                if game.verdict() == Verdict::Invalid {
                    seen.insert(if heights[column] > 6 && !was_won {
                        "invalid: a seventh chip".into()
                    } else {
                        "invalid: a move after a win".into()
                    });
                    break;
                }
                if i + 1 == referee::core::limits::fourrow::MAX_MOVES {
                    seen.insert(format!("after 42 moves: {:?}", game.verdict()));
                }
            }
        }
        let lines: Vec<&str> = answer.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            if let Some((_, verdict)) = line.split_once(" is ") {
                seen.insert(format!("verdict: {}", verdict));
            }
            if line.ends_with("won.") {
                let end = lines[i + 2..].iter().position(|l| *l == "-------").unwrap();
                board_facts(&lines[i + 2..i + 2 + end], &mut seen);
            }
        }
    }
    let most = format!("games: {}", referee::core::limits::fourrow::GAMES.end());
    assert_covered(
        "fourrow",
        &seen,
        &[
            "verdict: invalid.",
            "verdict: over. There is no winner.",
            "verdict: over. The first player won.",
            "verdict: over. The second player won.",
            "verdict: not over, yet.",
            "invalid: a seventh chip",
            "invalid: a move after a win",
            "an empty game",
            "after 42 moves: Draw",
            "after 42 moves: SecondWon",
            "win along a row",
            "win along a slot",
            "win along a diagonal down",
            "win along a diagonal up",
            "win along a diagonal through the top row",
            "more than four winning chips",
            "games: 1",
            &most,
        ],
    );
}

fn hundredths(text: &str) -> i64 {
    text.replace('.', "").parse().unwrap()
}

#[test]
fn rating_secret_data_cover_every_ruling() {
    use referee::core::limits::rating::{GAMES, PLAYERS, TOURNAMENTS};
    let mut seen = BTreeSet::new();
    for (input, answer) in secret(Problem::Rating) {
        let mut lines = input.lines();
        let tournaments: u64 = lines.next().unwrap().parse().unwrap();
        seen.insert(format!("tournaments: {}", tournaments));
        for _ in 0..tournaments {
            let (n, m) = lines.next().unwrap().split_once(' ').unwrap();
            seen.insert(format!("players: {}", n));
            seen.insert(format!("games: {}", m));
            let mut ratings: HashMap<&str, i64> = HashMap::new();
            for _ in 0..n.parse().unwrap() {
                let (name, rating) = lines.next().unwrap().split_once(' ').unwrap();
                ratings.insert(name, hundredths(rating));
            }
            for _ in 0..m.parse().unwrap() {
                let game: Vec<&str> = lines.next().unwrap().split(' ').collect();
                let (white, black) = (ratings[game[0]], ratings[game[1]]);
                let outcome = match game[2] {
                    "won" => GameResult::WhiteWon,
                    "drew" => GameResult::Drew,
                    _ => GameResult::WhiteLost,
                };
                let (wp, bp): (i64, i64) = (game[3].parse().unwrap(), game[4].parse().unwrap());
                let gap = white + 300 - black;
                let result = game[2];
                seen.insert(format!("gap ending in {}: {}", gap.abs() % 10, result));
                if gap == 0 {
                    seen.insert(format!("equal after the handicap: {}", result));
                }
                let white_higher = gap > 0;
                let winner_higher =
                    (result == "won" && white_higher) || (result == "lost" && gap < 0);
                if gap.abs() > 1000 && winner_higher {
                    seen.insert("gap over 10.00, the higher wins".into());
                }
                if gap.abs() > 1000 && result != "drew" && !winner_higher {
                    seen.insert("gap over 10.00, the lower wins".into());
                }
                let (winner_pieces, loser_pieces) =
                    if result == "won" { (wp, bp) } else { (bp, wp) };
                if result != "drew" && winner_pieces < loser_pieces {
                    seen.insert("doubled".into());
                }
                if result == "drew" && wp != bp {
                    seen.insert("a draw with unequal pieces".into());
                }
                if game[0] == game[1] {
                    seen.insert(format!("self-play: {}", result));
                }
                let (dw, db) = rating::exchange(white, black, outcome, wp, bp);
                *ratings.get_mut(game[0]).unwrap() += dw;
                *ratings.get_mut(game[1]).unwrap() += db;
            }
        }
        let mut previous: Option<(&str, &str)> = None;
        for line in answer.lines().filter(|l| !l.starts_with("Ratings after")) {
            let (name, rating) = line.split_once(' ').unwrap();
            if rating.starts_with('-') {
                seen.insert("a negative rating".into());
            }
            if let Some((before, before_rating)) = previous {
                if before_rating == rating && before.starts_with(name) {
                    seen.insert("equal ratings, a longer name first".into());
                }
            }
            previous = Some((name, rating));
        }
    }
    let needed: Vec<String> = [
        "gap ending in 5: won",
        "gap ending in 5: drew",
        "gap ending in 5: lost",
        "gap ending in 4: won",
        "gap ending in 4: drew",
        "gap ending in 4: lost",
        "equal after the handicap: won",
        "equal after the handicap: drew",
        "equal after the handicap: lost",
        "gap over 10.00, the higher wins",
        "gap over 10.00, the lower wins",
        "doubled",
        "a draw with unequal pieces",
        "self-play: won",
        "self-play: drew",
        "self-play: lost",
        "a negative rating",
        "equal ratings, a longer name first",
    ]
    .iter()
    .map(|s| s.to_string())
    .chain([
        format!("tournaments: {}", TOURNAMENTS.start()),
        format!("tournaments: {}", TOURNAMENTS.end()),
        format!("players: {}", PLAYERS.start()),
        format!("players: {}", PLAYERS.end()),
        format!("games: {}", GAMES.start()),
        format!("games: {}", GAMES.end()),
    ])
    .collect();
    let needed: Vec<&str> = needed.iter().map(String::as_str).collect();
    assert_covered("rating", &seen, &needed);
}
