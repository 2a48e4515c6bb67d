//! Unit tests of `rules`.

use super::*;
use crate::judge::snooker as judged;

fn stroke(text: &str) -> Stroke {
    super::super::parse::stroke(text)
}

fn play(frame: &mut Frame, text: &str) -> Outcome {
    frame.play(&stroke(text)).unwrap()
}

/// A frame in phase two with only `colours` left, `Player::A` to play.
fn phase_two(colours: &[Ball]) -> Frame {
    let mut frame = Frame::new();
    frame.judged.reds = 0;
    frame.judged.colours = judged::balls::Colours(0);
    for &c in colours {
        frame.judged.colours.insert(judged_ball(c));
    }
    frame.judged.on = judged::frame::On::Colour(judged_ball(colours[0]));
    frame
}

#[test]
fn reds_then_colour_then_reds() {
    let mut frame = Frame::new();
    let out = play(&mut frame, "Red Red Red");
    assert_eq!((out.foul, out.next), (false, Next::SameStriker));
    assert_eq!(frame.score(Player::A), 2);
    assert_eq!(
        (frame.reds(), frame.ball_on()),
        (13, Some(BallOn::AnyColour))
    );
    let out = play(&mut frame, "Black Black");
    assert_eq!(out.respot.iter().collect::<Vec<_>>(), vec![Ball::Black]);
    assert_eq!(
        (frame.score(Player::A), frame.ball_on()),
        (9, Some(BallOn::Reds))
    );
    let out = play(&mut frame, "Red");
    assert_eq!(out.next, Next::TurnPasses(Player::B));
}

#[test]
fn penalties_take_the_highest_value_involved() {
    let cases = [
        ("Pink", 6),          // hit a colour when reds are on
        ("Red White", 4),     // in-off
        ("None", 4),          // hit nothing, red on
        ("Red Red Black", 7), // potted a colour with a red
        ("Yellow Yellow", 4), // minimum 4
        ("None White", 4),    // in-off from nothing
        ("Blue Red Red", 5),  // hit blue first, reds potted
    ];
    for (text, penalty) in cases {
        let mut frame = Frame::new();
        let out = play(&mut frame, text);
        assert!(out.foul, "{}", text);
        assert_eq!(frame.score(Player::B), penalty, "{}", text);
        assert_eq!(out.next, Next::TurnPasses(Player::B));
    }
}

#[test]
fn nomination_after_a_red() {
    // S3: nothing or a red hit first nominates Yellow.
    let mut frame = Frame::new();
    play(&mut frame, "Red Red");
    assert!(play(&mut frame, "None").foul);
    assert_eq!(frame.score(Player::B), 4);
    let mut frame = Frame::new();
    play(&mut frame, "Red Red");
    let out = play(&mut frame, "Blue Blue Red");
    assert_eq!((out.foul, frame.score(Player::B)), (true, 5));
    assert_eq!(frame.reds(), 13, "reds potted in a foul stay down");
    // The kata nominates explicitly: a miss after nominating the black costs 7.
    let mut frame = Frame::new();
    play(&mut frame, "Red Red");
    frame
        .play_nominating(&stroke("None"), Some(Ball::Black))
        .unwrap();
    assert_eq!(frame.score(Player::B), 7);
    // Two colours potted on a colour: both respotted.
    let mut frame = Frame::new();
    play(&mut frame, "Red Red");
    let out = play(&mut frame, "Yellow Yellow Green");
    assert_eq!((out.foul, frame.score(Player::B)), (true, 4));
    assert_eq!(
        out.respot.iter().collect::<Vec<_>>(),
        vec![Ball::Yellow, Ball::Green]
    );
}

#[test]
fn phase_two_starts_after_the_colour_following_the_last_red() {
    for after_last_red in ["Pink Pink", "Pink", "None", "Pink Pink White"] {
        let mut frame = Frame::new();
        frame.judged.reds = 1;
        play(&mut frame, "Red Red");
        play(&mut frame, after_last_red);
        assert_eq!(
            frame.ball_on(),
            Some(BallOn::Colour(Ball::Yellow)),
            "{}",
            after_last_red
        );
        assert_eq!(
            frame.colours(),
            Frame::new().colours(),
            "{}",
            after_last_red
        );
    }
    // The last red potted in a foul: the next player is on Yellow.
    let mut frame = Frame::new();
    frame.judged.reds = 1;
    let out = play(&mut frame, "Red Red White");
    assert!(out.foul && out.in_hand);
    assert_eq!(frame.ball_on(), Some(BallOn::Colour(Ball::Yellow)));
}

#[test]
fn phase_two_colours_stay_down_unless_fouled() {
    let mut frame = phase_two(&Ball::COLOURS);
    let out = play(&mut frame, "Yellow Yellow");
    assert!(out.respot.is_empty());
    assert_eq!(frame.ball_on(), Some(BallOn::Colour(Ball::Green)));
    let out = play(&mut frame, "Green Green White");
    assert_eq!(out.respot.iter().collect::<Vec<_>>(), vec![Ball::Green]);
    assert_eq!(frame.ball_on(), Some(BallOn::Colour(Ball::Green)));
    assert_eq!(frame.points_remaining(), 25);
}

#[test]
fn only_black_ends_on_a_score_or_a_foul_and_ties_need_a_lot() {
    let mut frame = phase_two(&[Ball::Black]);
    assert_eq!(play(&mut frame, "Black").next, Next::TurnPasses(Player::B));
    let out = play(&mut frame, "Black Black White");
    assert_eq!((out.foul, out.next), (true, Next::Won(Player::A)));
    assert!(out.respot.is_empty());
    assert_eq!(frame.points_remaining(), 0);
    assert_eq!(frame.play(&stroke("Black")), Err(Impossible::FrameOver));

    let mut frame = phase_two(&[Ball::Black]);
    frame.judged.scores = [10, 3];
    frame.judged.striker = Player::B;
    let out = play(&mut frame, "Black Black");
    assert_eq!(out.next, Next::Tie);
    assert_eq!(
        (frame.stage(), frame.points_remaining()),
        (Stage::LotDue, 7)
    );
    assert_eq!(frame.play(&stroke("Black")), Err(Impossible::LotDue));
    assert_eq!(frame.play_again(), Err(Impossible::LotDue));
    frame.lot(Player::A).unwrap();
    assert_eq!(frame.striker(), Player::A);
    assert_eq!(play(&mut frame, "None").next, Next::Won(Player::B));
}

#[test]
fn play_again_only_right_after_a_foul() {
    let mut frame = Frame::new();
    assert_eq!(frame.play_again(), Err(Impossible::NoPlayAgain));
    play(&mut frame, "Red Red White");
    assert_eq!(
        frame.play_again(),
        Ok(Replay {
            offender: Player::A,
            in_hand: true
        })
    );
    assert_eq!(frame.striker(), Player::A);
    assert_eq!(
        frame.play_again(),
        Err(Impossible::NoPlayAgain),
        "not twice in a row"
    );
    play(&mut frame, "Red");
    assert_eq!(
        frame.play_again(),
        Err(Impossible::NoPlayAgain),
        "not after a miss"
    );
}

#[test]
fn impossible_strokes_are_refused_without_changing_the_frame() {
    let mut frame = phase_two(&[Ball::Pink, Ball::Black]);
    let before = frame.clone();
    assert_eq!(
        frame.play(&stroke("Yellow")),
        Err(Impossible::NotOnTable {
            ball: Ball::Yellow,
            first: true
        })
    );
    assert_eq!(
        frame.play(&stroke("Red")).unwrap_err(),
        Impossible::NotOnTable {
            ball: Ball::Red,
            first: true
        }
    );
    assert_eq!(frame, before);
    let mut frame = Frame::new();
    frame.judged.reds = 2;
    assert_eq!(
        frame.play(&stroke("Red Red Red Red")),
        Err(Impossible::TooManyReds { left: 2 })
    );
}

#[test]
fn a_free_ball_stands_for_the_ball_on_and_goes_back() {
    // Reds on: the free Blue potted scores 1, takes no red, goes back,
    // and a colour follows.
    let mut frame = Frame::new();
    play(&mut frame, "None");
    let out = frame.free_ball(Ball::Blue, &stroke("Blue Blue")).unwrap();
    assert_eq!((out.foul, out.next), (false, Next::SameStriker));
    assert_eq!(out.respot, Colours::of(Ball::Blue));
    assert_eq!((frame.score(Player::B), frame.reds()), (5, 15));
    assert_eq!(frame.ball_on(), Some(BallOn::AnyColour));
    // With reds too: each counts.
    let mut frame = Frame::new();
    play(&mut frame, "None");
    frame
        .free_ball(Ball::Pink, &stroke("Pink Pink Red Red"))
        .unwrap();
    assert_eq!((frame.score(Player::B), frame.reds()), (4 + 3, 13));
    // Phase two: potted alone it scores the ball on, which stays on.
    let mut frame = phase_two(&[Ball::Green, Ball::Brown, Ball::Pink]);
    frame.free_ball(Ball::Pink, &stroke("Pink Pink")).unwrap();
    assert_eq!(frame.score(Player::A), 3);
    assert_eq!(frame.colours().iter().count(), 3);
    assert_eq!(frame.ball_on(), Some(BallOn::Colour(Ball::Green)));
    // Both potted: the ball on scores and stays down, the free ball goes back.
    let mut frame = phase_two(&[Ball::Green, Ball::Brown, Ball::Pink]);
    let out = frame
        .free_ball(Ball::Pink, &stroke("Pink Pink Green"))
        .unwrap();
    assert_eq!((out.foul, frame.score(Player::A)), (false, 3));
    assert_eq!(out.respot, Colours::of(Ball::Pink));
    assert_eq!(frame.ball_on(), Some(BallOn::Colour(Ball::Brown)));
    // Hitting the ball it stands for first is a foul.
    let mut frame = Frame::new();
    play(&mut frame, "None");
    let out = frame.free_ball(Ball::Blue, &stroke("Red Red")).unwrap();
    assert!(out.foul);
    assert_eq!((frame.score(Player::A), frame.reds()), (4, 14));
    let mut frame = phase_two(&[Ball::Green, Ball::Brown, Ball::Pink]);
    assert!(frame.free_ball(Ball::Pink, &stroke("Green")).unwrap().foul);
    assert_eq!(frame.score(Player::B), 4);
    // A foul counts the free ball at the ball on's value.
    let mut frame = phase_two(&[Ball::Green, Ball::Brown, Ball::Pink]);
    let out = frame.free_ball(Ball::Pink, &stroke("Pink White")).unwrap();
    assert!(out.foul && out.in_hand);
    assert_eq!(frame.score(Player::B), 4);
    // The free ball potted with all fifteen reds: sixteen points, and
    // the free ball goes back.
    let mut frame = Frame::new();
    let out = frame
        .free_ball(
            Ball::Yellow,
            &stroke("Yellow Yellow Red Red Red Red Red Red Red Red Red Red Red Red Red Red Red"),
        )
        .unwrap();
    assert!(!out.foul && out.respot == Colours::of(Ball::Yellow));
    assert_eq!((frame.score(Player::A), frame.reds()), (16, 0));
    assert_eq!(frame.ball_on(), Some(BallOn::AnyColour));
}

/// Scores are 64-bit (`Frame`'s note): past what 32 bits hold (over a
/// billion fouls) and up to the last point of 64 bits, the arithmetic
/// is exact; a debug build would panic on an overflow.
#[test]
fn scores_are_exact_at_the_limits_of_their_type() {
    for start in [u64::from(u32::MAX) - 3, u64::MAX - 7] {
        let mut frame = Frame::new();
        frame.judged.scores = [start, 0];
        frame.judged.striker = Player::B;
        // Player B hits nothing: a foul worth 4 to player A.
        let out = play(&mut frame, "None");
        assert!(out.foul);
        assert_eq!(frame.score(Player::A), start + 4);
    }
    let mut frame = phase_two(&[Ball::Black]);
    frame.judged.scores = [u64::MAX - 7, u64::MAX - 7];
    frame.judged.striker = Player::B;
    assert_eq!(play(&mut frame, "Black Black").next, Next::Won(Player::B));
    assert_eq!(frame.score(Player::B), u64::MAX);
}
