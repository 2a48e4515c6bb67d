//! Whole matches: the rulings on scripted entries, and the properties of
//! `undo` and of replaying the log's words on generated matches.

use super::board::Board;
use super::entry::{self, Entry};
use super::state::{Match, Settings, State};
use crate::core::snooker::Player;
use crate::tool::cli::Style;
use crate::tool::gen::{generate_styled, Rng};
use crate::tool::problem::Problem;

fn settings(best_of: u32) -> Settings {
    Settings {
        names: ["Ann Lee".to_string(), "Bob".to_string()],
        best_of,
    }
}

/// Enters a line as the session does; the refusal if refused.
fn enter(game: &mut Match, text: &str) -> Result<(), String> {
    let entry = entry::parse(text, &game.settings.names, game.state.lot_due())?;
    assert_ne!(entry, Entry::Quit);
    game.enter(&entry)
}

fn play(game: &mut Match, lines: &[&str]) {
    for line in lines {
        enter(game, line).unwrap_or_else(|e| panic!("{}: {}", line, e));
    }
}

#[test]
fn frames_alternate_the_break_off_and_the_match_ends_at_a_majority() {
    let mut game = Match::new(settings(3));
    play(&mut game, &["Red Red", "concede"]);
    let board = Board::of(&game);
    assert_eq!(board.frame_winner, Some(Player::B));
    assert_eq!((board.frame, board.frames), (1, [0, 1]));
    assert_eq!((board.next, board.in_hand), (Some(Player::B), false));
    assert_eq!(
        (board.remaining, board.on, board.current_break),
        (0, None, 0)
    );
    // The next entry starts frame 2, broken off by B.
    play(&mut game, &["None"]);
    let board = Board::of(&game);
    assert_eq!(
        (board.frame, board.score, board.foul),
        (2, [4, 0], Some((Player::B, 4)))
    );
    assert_eq!(board.next, Some(Player::A));
    play(&mut game, &["concede"]);
    assert_eq!(Board::of(&game).match_winner, Some(Player::B));
    assert_eq!(Board::of(&game).next, None);
    assert!(enter(&mut game, "Red")
        .unwrap_err()
        .contains("match is over"));
    play(&mut game, &["undo"]);
    assert_eq!(Board::of(&game).match_winner, None);
}

#[test]
fn free_ball_only_on_the_first_stroke_after_the_opponents_foul() {
    let mut game = Match::new(settings(1));
    assert!(enter(&mut game, "free Blue Blue Blue").is_err());
    play(&mut game, &["None", "again"]);
    assert!(enter(&mut game, "free Blue Blue Blue").is_err());
    play(&mut game, &["None"]);
    assert!(enter(&mut game, "free Red Red Red").is_err());
    play(&mut game, &["free Blue Blue Blue"]);
    let board = Board::of(&game);
    assert_eq!((board.score, board.on), ([0, 9], Some("Colour")));
    // K1 counts the reds on the table: all fifteen, and a colour to come.
    assert_eq!((board.current_break, board.remaining), (1, 8 * 15 + 27 + 7));
}

/// Plays a first frame to a tie on the black, 39 all: eight fouls give
/// the second player 32; the first clears with a break of 39; the second
/// pots the black.
fn tie_on_the_black(game: &mut Match) {
    for _ in 0..8 {
        play(game, &["None", "again"]);
    }
    let fifteen_reds = format!("Red{}", " Red".repeat(15));
    play(game, &[&fifteen_reds, "Brown Brown"]);
    play(game, &["Yellow Yellow", "Green Green", "Brown Brown"]);
    play(game, &["Blue Blue", "Pink Pink", "Black", "Black Black"]);
}

#[test]
fn a_tie_on_the_black_waits_for_the_lot() {
    let mut game = Match::new(settings(1));
    tie_on_the_black(&mut game);
    let board = Board::of(&game);
    assert_eq!(
        (board.score, board.next, board.lot_due),
        ([39, 39], None, true)
    );
    assert_eq!(
        (board.remaining, board.on, board.current_break),
        (7, Some("Black"), 0)
    );
    assert!(enter(&mut game, "Red").is_err());
    assert!(enter(&mut game, "concede").is_err());
    play(&mut game, &["bob"]);
    let board = Board::of(&game);
    assert_eq!((board.next, board.in_hand), (Some(Player::B), true));
    play(&mut game, &["Black Black"]);
    let board = Board::of(&game);
    assert_eq!(
        (board.frame_winner, board.match_winner),
        (Some(Player::B), Some(Player::B))
    );
    assert_eq!(board.highest, [39, 7]);
}

/// A generated match: the referee generator's frames with the match's
/// names, mixed with refused entries, undos and the odd concession.
fn generated(seed: u64, best_of: u32) -> Vec<String> {
    let mut input = Vec::new();
    generate_styled(
        Problem::Snooker,
        Style::Varied,
        seed,
        Some(u64::from(best_of)),
        &mut input,
    )
    .unwrap();
    let text = String::from_utf8(input).unwrap();
    let names = settings(best_of).names;
    let mut rng = Rng::new(seed);
    let mut entries = Vec::new();
    for (at, frame) in text.split("\n\n").skip(1).enumerate() {
        let mut lines = frame.lines();
        let frame_names: Vec<&str> = lines.next().unwrap().split(' ').collect();
        // The frame's first name breaks off: A in odd frames.
        let breaker = at % 2;
        for line in lines {
            let lot = frame_names.iter().position(|n| *n == line);
            entries.push(match lot {
                Some(0) => names[breaker].clone(),
                Some(_) => names[1 - breaker].clone(),
                None => line.to_string(),
            });
            match rng.below(100) {
                0..=3 => entries.push("Blakc".to_string()),
                4..=8 => {
                    entries.push("undo".to_string());
                    entries.push(line.to_string());
                }
                9 => entries.push("free Pink Pink Pink".to_string()),
                10 if rng.chance(5) => entries.push("concede".to_string()),
                _ => {}
            }
        }
    }
    entries
}

/// Everything an answer depends on.
fn snapshot(game: &Match) -> (State, Board, usize) {
    (game.state.clone(), Board::of(game), game.record.len())
}

#[test]
fn after_k_undos_the_match_is_as_k_entries_earlier_for_every_prefix() {
    for seed in 1..=3 {
        let entries = generated(seed, 5);
        assert!(
            entries.len() > 100,
            "seed {}: {} entries",
            seed,
            entries.len()
        );
        // The snapshots of the entries that stand, after each prefix.
        let mut standing = vec![snapshot(&Match::new(settings(5)))];
        let mut live = Match::new(settings(5));
        for (len, line) in entries.iter().enumerate() {
            if enter(&mut live, line).is_ok() {
                if line == "undo" {
                    standing.pop();
                } else {
                    standing.push(snapshot(&live));
                }
            }
            let mut game = Match::new(settings(5));
            for line in &entries[..=len] {
                let _ = enter(&mut game, line);
            }
            for earlier in standing.iter().rev().skip(1) {
                enter(&mut game, "undo").unwrap();
                assert_eq!(&snapshot(&game), earlier, "seed {} prefix {}", seed, len);
            }
            assert!(enter(&mut game, "undo").is_err());
            assert_eq!(game.record.len(), 1);
        }
    }
}

#[test]
fn the_logged_words_replay_to_the_same_match() {
    for seed in 4..=6 {
        let mut live = Match::new(settings(5));
        let mut logged = Vec::new();
        for line in generated(seed, 5) {
            let entry = entry::parse(&line, &live.settings.names, live.state.lot_due());
            if let Ok(entry) = entry {
                if live.enter(&entry).is_ok() {
                    logged.push(entry::text(&entry, &live.settings.names));
                }
            }
        }
        let mut replayed = Match::new(settings(5));
        for line in &logged {
            enter(&mut replayed, line).unwrap();
        }
        assert_eq!(snapshot(&replayed), snapshot(&live));
        assert_eq!(replayed.record, live.record);
        assert!(live.state.number > 1, "seed {}: more than one frame", seed);
    }
}

#[test]
fn too_many_reds_are_refused_with_the_reds_left() {
    let mut game = Match::new(settings(1));
    let thirteen = format!("Red{}", " Red".repeat(13));
    play(&mut game, &[&thirteen, "Black Black"]);
    assert_eq!(
        enter(&mut game, "Red Red Red Red"),
        Err("only 2 reds are left".into())
    );
    play(&mut game, &["Red Red", "Black Black"]);
    assert_eq!(
        enter(&mut game, "Red Red Red"),
        Err("only 1 red is left".into())
    );
}

#[test]
fn a_word_near_nothing_is_answered_with_the_short_forms() {
    let mut game = Match::new(settings(1));
    let refusal = enter(&mut game, "b").unwrap_err();
    assert!(
        refusal.ends_with("found `b` (short forms: r Red, y Yellow, g Green, br Brown, bl Blue, p Pink, k Black, w White, n None)"),
        "{}",
        refusal
    );
    assert!(enter(&mut game, "redd")
        .unwrap_err()
        .ends_with("did you mean `Red`?"));
}

#[test]
fn the_one_line_board_ends_with_the_highest_breaks_and_the_last_entries() {
    let mut game = Match::new(settings(3));
    // A scores 8 and misses; B pots the cue ball.
    play(&mut game, &["Red Red", "Black Black", "Red", "None White"]);
    let line = Board::of(&game).line(None);
    assert!(
        line.ends_with(" | highest breaks 8-0 | last: Black Black, Red, None White\n"),
        "{}",
        line
    );
    // B fouls, A misses everything, B pots a red.
    play(&mut game, &["None", "Red Red"]);
    let line = Board::of(&game).line(None);
    assert!(line.contains(" | highest breaks 8-1 | "), "{}", line);
    // Nothing entered: no last entries.
    let line = Board::of(&Match::new(settings(3))).line(None);
    assert!(line.ends_with(" | highest breaks 0-0\n"), "{}", line);
}

#[test]
fn the_screen_lines_up_names_of_wide_characters() {
    let settings = Settings {
        names: ["Ding 丁俊晖".to_string(), "Zhao Xintong".to_string()],
        best_of: 3,
    };
    let screen = Board::of(&Match::new(settings)).screen(None, false);
    let frames_at: Vec<usize> = screen
        .lines()
        .filter(|line| line.contains("  frames "))
        .map(|line| crate::tool::terminal::columns(&line[..line.find("  frames ").unwrap()]))
        .collect();
    assert_eq!(frames_at, [14, 14], "{}", screen);
}

#[test]
fn names_of_twenty_wide_characters_keep_the_screen_within_80_columns() {
    let settings = Settings {
        names: ["丁".repeat(20), "俊".repeat(20)],
        best_of: 3,
    };
    let mut fouled = Match::new(settings.clone());
    play(&mut fouled, &["None"]);
    let mut screens = vec![Board::of(&fouled).screen(Some(&"俊".repeat(30)), false)];
    let mut game = Match::new(settings);
    // The lot's part of the screen names both players.
    tie_on_the_black(&mut game);
    screens.push(Board::of(&game).screen(None, false));
    for screen in screens.iter() {
        for line in screen.lines() {
            let width = crate::tool::terminal::columns(line);
            assert!(width <= 80, "{} columns: {}\n{}", width, line, screen);
        }
    }
    assert!(screens[0].contains("Foul by 丁"), "{}", screens[0]);
    assert!(screens[1].contains("tie: the lot is due"), "{}", screens[1]);
    assert!(screens[1].contains("\n    frames  0  score  39  highest break  39\n"));
}

#[test]
fn one_point_needed_from_snookers_is_one_point() {
    let mut board = Board::of(&Match::new(settings(1)));
    board.snookers = Some((Player::B, 1));
    assert!(board.summary().ends_with("Bob needs snookers (1 point)"));
    board.snookers = Some((Player::B, 2));
    assert!(board.summary().ends_with("Bob needs snookers (2 points)"));
}

#[test]
fn a_conceded_frame_says_who_conceded_it() {
    let mut game = Match::new(settings(3));
    play(&mut game, &["Red Red", "concede"]);
    let line = Board::of(&game).line(None);
    assert!(
        line.contains(" | Bob wins frame 1 (Ann Lee conceded) | "),
        "{}",
        line
    );
}

#[test]
fn a_mark_that_turns_text_around_is_spelled_out_on_the_board_not_in_json() {
    let settings = Settings {
        names: ["Ann\u{202e}".to_string(), "Bob".to_string()],
        best_of: 1,
    };
    let mut game = Match::new(settings);
    play(&mut game, &["Red Black", "Black"]);
    let board = Board::of(&game);
    let line = board.line(None);
    assert!(
        line.starts_with("frame 1: Ann\\u{202e} 7 - 7 Bob"),
        "{}",
        line
    );
    assert!(!line.contains('\u{202e}'), "{}", line);
    assert!(!board.screen(None, false).contains('\u{202e}'));
    assert!(board.json(None).contains("\"next\":\"Ann\u{202e}\""));
}
