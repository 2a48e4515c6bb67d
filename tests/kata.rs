//! The Snooker Scoreboard kata's examples (the kata is stated in
//! `src/tool/scoreboard/mod.rs`) against the library API, written to read like the kata, plus breaks and
//! points remaining.

use referee::core::snooker::{Ball, BallOn, Player};
use referee::tool::scoreboard::Scoreboard;

const PLAYER_1: Player = Player::A;
const PLAYER_2: Player = Player::B;

fn given_a_new_frame() -> Scoreboard {
    Scoreboard::new("Player1", "Player2")
}

fn score(board: &Scoreboard) -> (u64, u64) {
    (board.score(PLAYER_1), board.score(PLAYER_2))
}

#[test]
fn a_new_frame_starts_with_player_1_at_0_0() {
    let frame = given_a_new_frame();
    // Then player 1 is the current player
    assert_eq!(frame.current_player(), PLAYER_1);
    assert_eq!(frame.name(frame.current_player()), "Player1");
    assert_eq!(frame.name(PLAYER_2), "Player2");
    // And the score is 0 - 0
    assert_eq!(score(&frame), (0, 0));
    assert_eq!(frame.needs_snookers(), None);
}

#[test]
fn player_1_pots_a_red() {
    let mut frame = given_a_new_frame();
    // When player 1 pots a red
    frame.pots(Ball::Red).unwrap();
    // Then the score is 1 - 0
    assert_eq!(score(&frame), (1, 0));
}

#[test]
fn player_1_pots_a_red_then_the_nominated_black() {
    let mut frame = given_a_new_frame();
    // When player 1 pots a red
    frame.pots(Ball::Red).unwrap();
    // And then nominates the black
    frame.nominate(Ball::Black);
    // And then pots the black
    frame.pots(Ball::Black).unwrap();
    // Then the score is 8 - 0
    assert_eq!(score(&frame), (8, 0));
    // And player 1 is still the current player
    assert_eq!(frame.current_player(), PLAYER_1);
}

#[test]
fn player_1_nominates_the_black_and_misses_everything() {
    let mut frame = given_a_new_frame();
    // When player 1 pots a red
    frame.pots(Ball::Red).unwrap();
    // And then nominates the black
    frame.nominate(Ball::Black);
    // And then misses their shot (the cue ball hits nothing)
    frame.misses_everything().unwrap();
    // Then the score is 1 - 7
    assert_eq!(score(&frame), (1, 7));
    // And player 2 is now the current player
    assert_eq!(frame.current_player(), PLAYER_2);
}

#[test]
fn a_maximum_break_is_147() {
    let mut frame = given_a_new_frame();
    for _ in 0..15 {
        frame.pots(Ball::Red).unwrap();
        frame.nominate(Ball::Black).pots(Ball::Black).unwrap();
    }
    for colour in Ball::COLOURS {
        assert_eq!(frame.ball_on(), Some(BallOn::Colour(colour)));
        frame.pots(colour).unwrap();
    }
    // The frame is over, and the break with it (K2); it still counts as
    // the highest.
    assert_eq!(frame.current_break(), 0);
    assert_eq!(frame.highest_break(PLAYER_1), 147);
    assert!(frame.is_over());
    assert_eq!(frame.winner(), Some(PLAYER_1));
    assert_eq!(frame.points_remaining(), 0);
}

#[test]
fn a_foul_ends_the_break_and_scores_for_the_opponent() {
    let mut frame = given_a_new_frame();
    frame.pots(Ball::Red).unwrap();
    frame.nominate(Ball::Pink).pots(Ball::Pink).unwrap();
    assert_eq!(frame.current_break(), 7);
    // Player 1 hits the blue first while reds are on: a foul worth 5.
    let outcome = frame.hits(Ball::Blue).unwrap();
    assert!(outcome.foul);
    assert_eq!(outcome.break_after, 7);
    assert_eq!(score(&frame), (7, 5));
    assert_eq!(frame.current_player(), PLAYER_2);
    assert_eq!(frame.current_break(), 0);
    assert_eq!(frame.highest_break(PLAYER_1), 7);
}

#[test]
fn points_remaining_after_a_missed_colour() {
    let mut frame = given_a_new_frame();
    // Start: 15 reds x 8 + 27 for the colours.
    assert_eq!(frame.points_remaining(), 147);
    frame.pots(Ball::Red).unwrap();
    // 14 reds left, and a colour (at most the black) is on.
    assert_eq!(frame.points_remaining(), 14 * 8 + 27 + 7);
    frame.nominate(Ball::Black).hits(Ball::Black).unwrap();
    // The colour was missed: the chance of 7 is gone.
    assert_eq!(frame.points_remaining(), 14 * 8 + 27);
    assert_eq!(frame.current_player(), PLAYER_2);
    assert_eq!(frame.ball_on(), Some(BallOn::Reds));
}

#[test]
fn play_again_and_the_lot_go_through_the_referee() {
    let mut frame = given_a_new_frame();
    assert!(frame.play_again().is_err(), "no foul yet");
    frame.shot(Some(Ball::Red), &[Ball::Red], true).unwrap();
    assert_eq!(score(&frame), (0, 4));
    frame.play_again().unwrap();
    assert_eq!(frame.current_player(), PLAYER_1);
    assert!(frame.lot(PLAYER_2).is_err(), "no tie yet");
}

/// Pots every red with a black, then the colours to the pink: 15 x 8 + 20
/// = 140 for player 1, the black alone left and player 1 still on it.
fn up_to_the_last_black(frame: &mut Scoreboard) {
    for _ in 0..15 {
        frame.pots(Ball::Red).unwrap();
        frame.nominate(Ball::Black).pots(Ball::Black).unwrap();
    }
    for colour in &Ball::COLOURS[..5] {
        frame.pots(*colour).unwrap();
    }
    assert_eq!((score(frame), frame.current_break()), ((140, 0), 140));
}

#[test]
fn a_foul_that_ends_the_frame_ends_the_break_too() {
    let mut frame = given_a_new_frame();
    up_to_the_last_black(&mut frame);
    // 140 to 0 with 7 left: player 2 needs snookers.
    assert_eq!(frame.needs_snookers(), Some(PLAYER_2));
    // A foul on the only black ends the frame (S9).
    let outcome = frame.shot(Some(Ball::Black), &[Ball::Black], true).unwrap();
    assert!(outcome.foul);
    assert_eq!(outcome.break_after, 140);
    assert!(frame.is_over());
    assert_eq!(frame.current_break(), 0);
    assert_eq!(frame.highest_break(PLAYER_1), 140);
}

#[test]
fn while_the_lot_is_due_there_is_no_break() {
    let mut frame = given_a_new_frame();
    // Player 1 hits nothing 36 times (4 to player 2 each), player 2
    // missing a red in between: 0 : 144.
    for _ in 0..36 {
        frame.misses_everything().unwrap();
        frame.hits(Ball::Red).unwrap();
    }
    // Player 1 clears: 12 reds with the black, 3 with the pink, the
    // colours, and the black ties the frame at 144 : 144.
    for n in 0..15 {
        frame.pots(Ball::Red).unwrap();
        let colour = if n < 12 { Ball::Black } else { Ball::Pink };
        frame.nominate(colour).pots(colour).unwrap();
    }
    for colour in Ball::COLOURS {
        frame.pots(colour).unwrap();
    }
    assert_eq!(score(&frame), (144, 144));
    assert!(!frame.is_over());
    assert_eq!(frame.current_break(), 0);
    assert_eq!(frame.highest_break(PLAYER_1), 144);
    // Player 2 wins the lot and pots the black: over, no break left.
    frame.lot(PLAYER_2).unwrap();
    frame.pots(Ball::Black).unwrap();
    assert_eq!(frame.winner(), Some(PLAYER_2));
    assert_eq!(frame.current_break(), 0);
    assert_eq!(frame.highest_break(PLAYER_2), 7);
}

#[test]
fn a_refused_stroke_changes_nothing_not_even_the_nomination() {
    let mut frame = given_a_new_frame();
    frame.pots(Ball::Red).unwrap();
    frame.nominate(Ball::Black);
    // Fifteen reds are not left: the stroke is refused.
    assert!(frame
        .shot(Some(Ball::Black), &[Ball::Red; 15], false)
        .is_err());
    // The black is still nominated: hitting the blue first is a foul of 7.
    let shot = frame.hits(Ball::Blue).unwrap();
    assert!(shot.foul);
    assert_eq!(score(&frame), (1, 7));
}

#[test]
fn a_colour_cannot_be_potted_twice_in_one_stroke() {
    let mut frame = given_a_new_frame();
    frame.pots(Ball::Red).unwrap();
    assert!(frame
        .shot(Some(Ball::Pink), &[Ball::Pink, Ball::Pink], false)
        .is_err());
    assert_eq!(score(&frame), (1, 0));
}
