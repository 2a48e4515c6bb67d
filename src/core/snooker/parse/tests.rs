//! Tests of the snooker reading.

use super::*;

fn ball_named(token: &[u8]) -> Option<Ball> {
    word_code(token).and_then(ball_of)
}

#[test]
fn ball_names_in_any_case() {
    for ball in [Ball::Red].iter().chain(Ball::COLOURS.iter()) {
        assert_eq!(ball_named(ball.name().as_bytes()), Some(*ball));
        assert_eq!(
            ball_named(ball.name().to_uppercase().as_bytes()),
            Some(*ball)
        );
    }
    for bad in [
        "", "Re", "Blu", "Bleck", "Brow", "Greens", "White", "None", "Red\0",
    ] {
        assert_eq!(ball_named(bad.as_bytes()), None, "{:?}", bad);
    }
    assert_eq!(canonical(b"pLAY"), Some("Play"));
    assert_eq!(canonical(b"Ann"), None);
}

#[test]
fn words_of_the_format_have_their_codes_in_any_case() {
    for (at, word) in WORDS.iter().enumerate() {
        let code = Some(at as u8 + 1);
        assert_eq!(word_code(word.as_bytes()), code);
        assert_eq!(word_code(word.to_uppercase().as_bytes()), code);
    }
    assert_eq!(word_code(b"nONE"), Some(NONE));
    assert_eq!(ball_named(b"bLACK"), Some(Ball::Black));
    for bad in ["", "Whit", "Play again", "again!", "r\u{0}d"] {
        assert_eq!(word_code(bad.as_bytes()), None, "{:?}", bad);
    }
}

#[test]
fn stroke_syntax() {
    let s = stroke("red RED white");
    assert_eq!((s.first, s.reds, s.white), (Some(Ball::Red), 1, true));
    assert_eq!(
        parse_event(&Line::new(1, b"play  AGAIN")).unwrap(),
        Event::PlayAgain
    );
    for (text, col) in [
        ("White", 1),
        ("None Red", 6),
        ("Red Pink pink", 10),
        ("Red White White", 11),
        ("Red Whit", 5),
        ("Play again now", 1),
        ("Play", 1),
    ] {
        match parse_event(&Line::new(3, text.as_bytes())) {
            Err(Error::Input { line, col: c, .. }) => {
                assert_eq!((line, c), (3, col), "{}", text)
            }
            other => panic!("{}: {:?}", text, other),
        }
    }
}
