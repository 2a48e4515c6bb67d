//! Unit tests of the rating fast path.

use super::super::exchange::parse_rating;
use super::*;

#[test]
fn plain_ratings_read_as_parse_rating_reads_them() {
    for text in [
        "0",
        "7",
        "76.9",
        "76.91",
        "007.50",
        "999999999999.99",
        "1.",
        ".5",
        "1.234",
        "1.2.3",
        "-5",
        "-0.05",
        "-0.00",
        "-12.5",
        "--1",
        "-",
        "-.5",
        "+1",
        "1e3",
        "12a.00",
        "1.x",
        "1000000000000",
        "",
    ] {
        let line = format!("{}\nnext line", text);
        if let Some((value, next)) = rating_then_line_end::<false>(line.as_bytes(), 0) {
            assert_eq!(Ok(value), parse_rating(text.as_bytes()), "{}", text);
            assert_eq!(next, text.len() + 1);
        }
    }
    let rating = |text: &[u8]| rating_then_line_end::<true>(text, 0).map(|(value, _)| value);
    assert_eq!(rating(b"76.9\n..."), Some(7690));
    assert_eq!(rating(b"76\n....."), Some(7600));
    assert_eq!(rating(b"1.\n....."), None);
    assert_eq!(rating(b"-5\n....."), Some(-500));
    assert_eq!(rating(b"-0.5\n..."), Some(-50));
    assert_eq!(rating(b"- 5\n...."), None);
    assert_eq!(rating(b"5 \t\r\n..."), Some(500));
    assert_eq!(rating(b"5 x\n...."), None);
}

#[test]
fn plain_game_lines_and_the_others() {
    let game = game_line::<false>(b"ann bob drew 12 3\nrest of the buffer").unwrap();
    let key = |name: &[u8]| Key::of(name, name);
    assert_eq!((game.white, game.black), (key(b"ann"), key(b"bob")));
    assert_eq!(game.len, 18);
    assert_eq!((game.outcome, game.pieces), (Outcome::Drew, (12, 3)));
    let most = game_line::<false>(b"a b lost 9223372036854775807 0\n........").unwrap();
    assert_eq!(most.pieces, (i64::MAX, 0));
    assert!(game_line::<false>(b" ann bob drew 12 3\n......").is_none());
    let game = game_line::<true>(b" ann\tbob  drew 12 3 \r\nrest of the buffer").unwrap();
    assert_eq!((game.white, game.black), (key(b"ann"), key(b"bob")));
    assert_eq!(game.len, 22);
    for other in [
        &b"ann bob drewn 12 3\n......."[..],
        b"ann bob drew 12 3 x\n........",
        b"ann bob draw 12 3\n.........",
        b"ann bob won -1 3\n..........",
        b"ann bob won 1 3 4\n.........",
        b"abcdefghijklmnopq bob won 1 3\n........",
        b"ann bob won 1\n.........",
        b"ann bob won 1 9223372036854775808\n........",
    ] {
        assert!(
            game_line::<true>(other).is_none(),
            "{:?}",
            String::from_utf8_lossy(other)
        );
    }
}

/// Every result word is found, as the judge core names it, and a
/// word that only begins like one, or is another, is not.
#[test]
fn result_words_are_told_apart() {
    for (word, outcome) in Outcome::WORDS {
        let line = format!("ann bob {} 1 2\n........", word);
        let game = game_line::<false>(line.as_bytes()).map(|game| game.outcome);
        assert_eq!(game, Some(outcome), "{}", word);
        for other in [
            &word[..word.len() - 1],
            &format!("{}s", word),
            &word.to_uppercase(),
        ] {
            let line = format!("ann bob {} 1 2\n........", other);
            assert!(game_line::<false>(line.as_bytes()).is_none(), "{}", other);
        }
    }
}

/// Names of every length, ended by every blank, are keyed as the
/// general reading keys them; none, or one of 16 bytes or more (left
/// to the general reading), is not.
#[test]
fn names_of_every_length_are_keyed() {
    for len in 0..=17 {
        let name: Vec<u8> = (0..len).map(|i| b"qwertyuiopasdfghjklz"[i]).collect();
        for end in [b' ', b'\t', b'\n', b'\r', b'\x0b'] {
            let mut bytes = name.clone();
            bytes.push(end);
            bytes.extend_from_slice(b"abcdefghijklmnopq");
            let expected = (1..=15)
                .contains(&len)
                .then(|| (Key::of(&name, &bytes), len));
            assert_eq!(name_key(&bytes, 0), expected, "{} {}", len, end);
        }
    }
}

/// Numbers of every count of digits, and what ends them, are read as
/// the number they write: up to 19 digits, up to `most`.
#[test]
fn numbers_of_every_length_are_read() {
    for len in 1..=20 {
        let text: String = "9081726354453627189".chars().cycle().take(len).collect();
        for end in [" ", "\n", ".5", "x"] {
            let bytes = format!("{}{}........", text, end);
            let expected = text.parse::<i64>().ok().filter(|_| len <= 19);
            let read = digits(bytes.as_bytes(), 0, 19).map(|(value, next)| {
                assert_eq!(next, len);
                value
            });
            assert_eq!(read, expected, "{:?}", bytes);
            assert_eq!(digits(bytes.as_bytes(), 0, 12).is_some(), len <= 12);
        }
    }
    assert_eq!(digits(b"x1234567", 0, 19), None);
    assert_eq!(digits(b"12", 0, 19), Some((12, 2)));
}
