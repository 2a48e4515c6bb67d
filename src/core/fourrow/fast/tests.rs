//! Unit tests of `fast`.

use super::*;

#[test]
fn whole_games_a_line_are_read_fast_and_others_left_alone() {
    // Lines as a reader hands them out: with at least 8 bytes after.
    // (Headings and games are compared as they show.)
    let read = |text: &[u8]| {
        let mut bytes = text.to_vec();
        bytes.extend_from_slice(&[0; 8]);
        let taken = whole_game_line(&bytes, 0).map(|(_, digits, _, end)| (digits, end));
        (
            taken,
            taken.map(|_| format!("{:?}", replay(&bytes, 0, &mut Vec::new()))),
        )
    };
    let expected = |digits: &[u8], moves: &str, end: usize| {
        let mut game = Game::default();
        moves.bytes().for_each(|slot| game.play(slot));
        let heading = [b"Game #", digits].concat();
        (
            Some((digits.len(), end)),
            Some(format!("{:?}", (heading, game))),
        )
    };
    assert_eq!(read(b"Game #12: 123\n"), expected(b"12", "123", 13));
    assert_eq!(read(b"Game #1: \n"), expected(b"1", "", 9));
    // A tab for either space; the heading has the space.
    for tabbed in [
        &b"Game\t#12: 123\n"[..],
        b"Game #12:\t123\n",
        b"Game\t#12:\t123\n",
    ] {
        assert_eq!(read(tabbed), expected(b"12", "123", 13), "{:?}", tabbed);
    }
    assert_eq!(read(b"Game #1: 1\r\n"), expected(b"1", "1", 11));
    assert_eq!(
        read(b"Game #12345678: 1234567123456712\nGame #1"),
        expected(b"12345678", "1234567123456712", 32)
    );
    for other in [
        &b"Game #012: 1\n"[..],
        b"Game #1:1\n",
        b"Game #: 1\n",
        b"Game #1 : 1\n",
        b"Game #123456789: 1\n",
        b"Game #1: 1 \n",
        b"Game #1: 18\n",
        b"Game #1: 1\r\r\n",
        b"Game\t\t#1: 1\n",
        b"Game #1:\t\t1\n",
        b"Game\x0b#1: 1\n",
        b"Game #1:\x0c1\n",
        b"Game #1: 1",
        b"game #1: 1\n",
    ] {
        assert_eq!(read(other), (None, None), "{:?}", other);
    }
}

#[test]
fn game_lines_with_blanks_of_any_kind_and_number_are_read_here() {
    let read = |text: &[u8]| {
        let mut bytes = text.to_vec();
        bytes.extend_from_slice(&[0; 8]);
        let taken = loose_game_line(&bytes, 0);
        taken.map(|(number, digits, game, end)| {
            let moves = format!("{:?}", game);
            (
                String::from_utf8(number[..digits].to_vec()).unwrap(),
                moves,
                end,
            )
        })
    };
    let expected = |digits: &str, moves: &str, end: usize| {
        let mut game = Game::default();
        moves.bytes().for_each(|slot| game.play(slot));
        Some((digits.to_string(), format!("{:?}", game), end))
    };
    assert_eq!(read(b"Game #12: 123\n"), expected("12", "123", 13));
    assert_eq!(read(b"Game#7:\n"), expected("7", "", 7));
    assert_eq!(
        read(b" \tGame \x0b# 12345678\x0c:  12  3 4\r\n"),
        expected("12345678", "1234", 30)
    );
    for other in [
        &b"Game #012: 1\n"[..],
        b"Game #123456789: 1\n",
        b"Game #: 1\n",
        b"Game 1: 1\n",
        b"Game #1 1\n",
        b"Game #1: 1 8\n",
        b"Game #1: 1 Game #2: 2\n",
        b"Games #1: 1\n",
        b"game #1: 1\n",
        b"1 2 3\n",
        b"Game #1: 1",
    ] {
        assert_eq!(read(other), None, "{:?}", other);
    }
}

#[test]
fn games_one_a_line_and_over_lines_are_read_as_by_the_general_reading() {
    use crate::core::fourrow::{solve, solve_with};
    use crate::core::io::Tolerant;
    let read = |input: &str, fast: bool| {
        let mut out = Vec::new();
        let result = if fast {
            solve(input.as_bytes(), &mut out)
        } else {
            solve_with(input.as_bytes(), &mut out, &mut Tolerant)
        };
        (
            String::from_utf8(out).unwrap(),
            result.err().map(|e| e.to_string()),
        )
    };
    for input in [
        "5\nGame #1: 1122334\nGame #2: 12\n12\n12\nGame #3: 7\nGame #4: 1\n2\nGame #5: 1\n",
        "4\nGame #1: 1\n2\nGame #2: 11\nGame #3: 1234\n567\nGame #4: 7\n1\n",
        // One game more than announced, after one over two lines.
        "3\nGame #1: 1\n2\nGame #2: 3\nGame #3: 4\n5\nGame #4: 6\n",
        // Tabs for spaces, a header with other blanks among them.
        "4\nGame\t#1:\t1\nGame #2:\t2\nGame  #3: 3\nGame\t#4: 1111\n",
        // Runs of slot digits and lone ones on lines with other blanks,
        // each game won by its last move.
        "4\nGame #1: 1\nGame  #2:  1212121\nGame  #3:  12 12\n1 21\nGame #4:\t 1 2 121 2 1\n",
        // Whole games a line with blanks, after a plain one and first;
        // one goes on over lines; numbers the fast path leaves alone.
        "4\nGame #1: 12\n  Game  #2 :  34 \r\nGame#3:5\n\tGame # 4:\t6 7\r\n",
        "4\n Game  #1:  12\nGame  #2:  3\n4 \n\n 5\nGame  #3: 6\nGame #4: 7\n",
        "4\nGame  #1:  1\nGame  #02:  2\nGame  #3:  3\nGame  #123456789:  4\n",
        // One game more than announced.
        "3\nGame  #1:  1\nGame  #2:  2\nGame  #3:  3\nGame  #4:  4\n",
    ] {
        let fast = read(input, true);
        assert_eq!(fast, read(input, false), "{:?}", input);
        assert!(fast.0.contains("Game #3"), "{:?}", fast);
    }
    // Blank lines between games, and inside one (F1), and a fault
    // after them, its place counted over them.
    for input in [
        "3\n\nGame #1: 12\n\n\nGame #2: 3\n\nGame #3: 45\n\n",
        "2\nGame #1: 1\n\n2\n\nGame #2: 3\nGame #3: 4\n",
        "3\nGame #1: 1\n\n\nGame #2: 38\nGame #3: 4\n",
        "2\nGame #1: 1\n\nGame #2: 3\n\n\nx\n",
        "3\nGame  #1:  1\n\nGame  #2:  2\n \nGame  #3:  38\n",
    ] {
        assert_eq!(read(input, true), read(input, false), "{:?}", input);
    }
    assert_eq!(
        read("3\nGame #1: 1\n\n\nGame #2: 38\n", true).1.unwrap(),
        "5:11: expected a slot digit 1-7 or a header `Game #n:`, found `8`"
    );
    // A byte that is no slot digit, on a line that goes on with a game.
    let broken = "2\nGame #1: 1\n28\nGame #2: 3\n";
    assert_eq!(read(broken, true), read(broken, false));
    assert_eq!(
        read(broken, true).1.unwrap(),
        "3:2: expected a slot digit 1-7 or a header `Game #n:`, found `8`"
    );
}

#[test]
fn slot_runs_are_played_up_to_the_first_byte_out_of_the_run() {
    // Every byte that is no slot digit, at every place of a 20-byte
    // run of slot digits followed by zeros, ends the run there.
    for other in (0..=u8::MAX).filter(|byte| !(b'1'..=b'7').contains(byte)) {
        for at in 0..20 {
            let mut text = b"12345671234567123456\0\0\0\0\0\0\0\0".to_vec();
            text[at] = other;
            for from in [0, at.min(3), at] {
                let mut run = Game::default();
                assert_eq!(play_slots(&mut run, &text, from), at);
                let mut one = Game::default();
                for &slot in &text[from..at] {
                    one.play(slot);
                }
                assert_eq!(format!("{:?}", run), format!("{:?}", one));
            }
        }
    }
    assert_eq!(play_slots(&mut Game::default(), b"123", 0), 3);
}

#[test]
fn long_runs_end_where_they_end_with_the_verdict_of_every_move_played() {
    // Runs of pseudo-random slot digits of lengths about the block's,
    // some in a few slots so that games are won before they are
    // overfilled, each followed by a byte out of the run.
    let mut rng = crate::tool::gen::Rng::new(5);
    for len in [
        0, 1, 41, 42, 43, 63, 64, 65, 66, 127, 128, 129, 130, 200, 1000, 5000,
    ] {
        for end in [b'\n', b'\r', b' ', b'0', b'8', b'G'] {
            let slots = 1 + rng.below(7);
            let mut text: Vec<u8> = (0..len).map(|_| b'1' + rng.below(slots) as u8).collect();
            text.push(end);
            text.extend_from_slice(b"1234567");
            let mut run = Game::default();
            assert_eq!(play_slots(&mut run, &text, 0), len, "{} digits", len);
            let mut one = Game::default();
            text[..len].iter().for_each(|&slot| one.play(slot));
            assert_eq!(run.verdict(), one.verdict(), "{:?}", text);
        }
    }
}

#[test]
fn slot_digits_are_counted_up_to_the_first_other_byte() {
    for len in 0..100 {
        for other in [b'0', b'8', b'\n', b' ', 0xff] {
            let mut text = vec![b'7'; len];
            text.push(other);
            text.extend_from_slice(&[b'1'; 40]);
            assert_eq!(slot_digits(&text), len, "{} then {}", len, other);
            assert_eq!(slot_digits(&text[..len]), len);
        }
    }
}
