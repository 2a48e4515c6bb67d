//! Unit tests of `board`.

use super::*;

/// The verdict lines and boards written against the judge core's, on
/// random games played in a few neighbouring slots, so that many are
/// won in every direction, go on after a win or fill a slot.
#[test]
fn every_verdict_and_board_is_the_judge_cores() {
    let mut rng = crate::tool::gen::Rng::new(11);
    for _ in 0..50_000 {
        let (slots, first) = (1 + rng.below(7), rng.below(7));
        let moves: String = (0..rng.below(50))
            .map(|_| char::from(b'1' + ((first + rng.below(slots)) % 7) as u8))
            .collect();
        let mut expected = String::new();
        let input = format!("1\nGame #1: {}\n", moves);
        crate::judge::fourrow::solve(&input, &mut expected).unwrap();
        let mut game = Game::default();
        moves.bytes().for_each(|slot| game.play(slot));
        let mut written = Vec::new();
        let mut out = Output::new(&mut written);
        game.write(&mut out, b"Game #1");
        out.finish(Ok(())).unwrap();
        assert_eq!(String::from_utf8(written).unwrap(), expected, "{}", moves);
    }
}

#[test]
fn wins_under_headings_of_any_length_are_written_whole() {
    // A win (its board takes the same room, whatever its height)
    // under numbers of 1 to 40 digits.
    for digits in 1..=40 {
        let number = vec![b'1'; digits];
        let mut text = Vec::new();
        let mut out = Output::new(&mut text);
        game("1212121").write(&mut out, &[&b"Game #"[..], &number].concat());
        out.finish(Ok(())).unwrap();
        let head = format!("Game #{} is over.", "1".repeat(digits));
        assert!(text.starts_with(head.as_bytes()), "{} digits", digits);
        assert!(text.ends_with(b"-------\n"));
    }
}

#[test]
fn each_ending_is_one_line_in_its_row() {
    for (row, &len) in ENDING_ROWS.iter().zip(ENDING_LENS.iter()) {
        assert!(row.starts_with(b" is "), "{:?}", row);
        assert_eq!(row.iter().position(|&b| b == b'\n'), Some(len - 1));
        assert!(row[len..].iter().all(|&b| b == 0));
    }
    assert_eq!(RULE, b"-------\n");
}

fn game(moves: &str) -> Game {
    let mut game = Game::default();
    for b in moves.bytes() {
        game.play(b);
    }
    game
}

fn board(moves: &str) -> String {
    let mut text = Vec::new();
    let mut out = Output::new(&mut text);
    game(moves).write(&mut out, b"Game #1");
    out.finish(Ok(())).unwrap();
    String::from_utf8(text).unwrap()
}

#[test]
fn plain_writes_are_those_of_write() {
    let full = "121212343434565656212121434343656565777777";
    for moves in [
        "",
        "1122334",
        "71122334",
        "11223344",
        "1111111",
        "112244553",
        full,
        "1234567123456712344",
    ] {
        for digits in [&b"1"[..], b"42", b"12345678"] {
            // The number's digits, then the bytes after them on the line.
            let mut number = [b'7'; 8];
            number[..digits.len()].copy_from_slice(digits);
            let mut room = [0; PLAIN_ROOM];
            let len = game(moves).write_plain(&mut room, &number, digits.len());
            let mut text = Vec::new();
            let mut out = Output::new(&mut text);
            game(moves).write(&mut out, &[b"Game #", digits].concat());
            out.finish(Ok(())).unwrap();
            assert_eq!(room[..len], text[..], "{} {:?}", moves, digits);
        }
    }
}

#[test]
fn wins_in_every_direction() {
    assert_eq!(game("1122334").verdict(), Verdict::FirstWon);
    assert_eq!(game("1212121").verdict(), Verdict::FirstWon);
    // Rising diagonal (1,1)-(4,4) for the first player, on the 11th move.
    assert_eq!(game("1223433454").verdict(), Verdict::NotOver);
    assert_eq!(game("12234334544").verdict(), Verdict::FirstWon);
    // The same mirrored: a falling diagonal (4,4)-(7,1).
    assert_eq!(game("76654554344").verdict(), Verdict::FirstWon);
    assert_eq!(game("71122334").verdict(), Verdict::SecondWon);
}

#[test]
fn invalid_after_a_win_or_a_seventh_chip() {
    // The first player won on move 7: any move after it, by either
    // player, makes the game invalid.
    assert_eq!(game("11223344").verdict(), Verdict::Invalid);
    assert_eq!(game("112233477").verdict(), Verdict::Invalid);
    assert_eq!(game("1111111").verdict(), Verdict::Invalid);
    assert_eq!(game("11111112").verdict(), Verdict::Invalid);
    assert_eq!(game("").verdict(), Verdict::NotOver);
    assert_eq!(game("111111").verdict(), Verdict::NotOver);
}

#[test]
fn a_full_board_without_four_is_a_draw() {
    // Columns filled in pairs so that no player gets four anywhere.
    let full = "121212343434565656212121434343656565777777";
    assert_eq!(game(&full[..41]).verdict(), Verdict::NotOver);
    assert_eq!(game(full).verdict(), Verdict::Draw);
    assert_eq!(game(&format!("{}1", full)).verdict(), Verdict::Invalid);
}

#[test]
fn boards_are_printed_with_every_run_marked() {
    // First player: 1,2,4,5 on the bottom, then 3 joins a run of five.
    assert_eq!(
        board("112244553"),
        "Game #1 is over. The first player won.\n-------\noo oo  \nXXXXX  \n-------\n"
    );
    // A diagonal of the first player reaching the top row.
    assert_eq!(
        board("1234567123456712344"),
        "Game #1 is over. The first player won.\n-------\n   X   \nxoXo   \noXoxoxo\nXoxoxox\n-------\n"
    );
    assert_eq!(
        board("71122334"),
        "Game #1 is over. The second player won.\n-------\nxxx    \nOOOO  x\n-------\n"
    );
}
