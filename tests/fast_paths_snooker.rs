//! The snooker fast path against the general reading on what only
//! snooker has: bytes over 0x7f in a line, scores past 1,000 and a
//! million, every line of a frame taken, and lots (the checks of every
//! fast path: `fast_paths.rs`).

mod common;

use common::readings::{outcome, readings, Trickle};
use referee::core::snooker;
use referee::tool::gen;
use referee::tool::problem::Problem;

/// Bytes over 0x7f in a snooker line, short (one word of the cache's
/// key) or long (four), after the same line without them was cached: the
/// cache must not take them for that line.
#[test]
fn snooker_lines_with_high_bytes_are_read_the_general_way() {
    let (fast, general) = readings(Problem::Snooker);
    for line in [&b"Red Red\n"[..], b"Red Red Red Red Red Red Red Red\n"] {
        for at in 0..line.len() {
            for high in [0x80, 0x8a, 0xc3, 0xff] {
                let mut input = b"1\n\nAnn Bob\n".to_vec();
                input.extend_from_slice(line);
                input.extend_from_slice(b"Black\n");
                let mut odd = line.to_vec();
                odd.insert(at, high);
                input.extend_from_slice(&odd);
                assert_eq!(outcome(fast, &input), outcome(general, &input));
            }
        }
    }
}

/// One player's break of 140 from a full table to the last black: each
/// red with the black, then the colours up to the pink.
fn clearance_to_the_black() -> Vec<u8> {
    let mut strokes = b"Red Red\nBlack Black\n".repeat(15);
    strokes.extend_from_slice(b"Yellow Yellow\nGreen Green\nBrown Brown\nBlue Blue\nPink Pink\n");
    strokes
}

/// A frame of fouls long enough for both scores to pass 1000, then a
/// million, cleared to the end: the quick writer's scores (a word below
/// 1000, the thousands' digits and a word below a million) and the
/// general writer's past that must be what the general reading writes.
#[test]
fn snooker_scores_past_1000_and_a_million_are_written_as_by_the_general_reading() {
    let (fast, general) = readings(Problem::Snooker);
    let mut input = b"1\n\nAnn Bob\n".to_vec();
    // Each line a foul that passes the turn: 4 points, then 7, to the
    // other player.
    input.extend_from_slice(&b"None\n".repeat(600));
    input.extend_from_slice(&b"Black White\n".repeat(285_800));
    input.extend_from_slice(&clearance_to_the_black());
    input.extend_from_slice(b"Black Black\n");
    let read = outcome(fast, &input);
    assert_eq!(read, outcome(general, &input));
    let text = String::from_utf8(read.0).unwrap();
    let lines = [
        "\n996 : 1000\n",
        "\n1200 : 1200\n",
        "\n10006 : 10006\n",
        "\n999995 : 999995\n",
        "\n999995 : 1000002\n",
    ];
    for line in lines {
        assert!(text.contains(line), "{:?}", line);
    }
    assert!(text.ends_with("\n1001647 : 1001500\nAnn wins\n"));
}

/// Snooker's fast path takes every line inside a frame, the lot after a
/// tie included: of plain generated input it leaves the count and each
/// frame's empty line and names line to the general reading, and next to
/// nothing else (a line the reader's buffer ends in the middle of).
#[test]
fn snooker_fast_path_takes_every_line_inside_a_frame_lots_included() {
    for seed in 1..4 {
        let input = gen::generate_bytes(Problem::Snooker, seed, 200_000);
        let lines = input.iter().filter(|&&b| b == b'\n').count();
        let count = input.split(|&b| b == b'\n').next().unwrap();
        let frames: usize = std::str::from_utf8(count).unwrap().parse().unwrap();
        // Each tie the referee says is followed by a lot line.
        let (out, _) = outcome(readings(Problem::Snooker).1, &input);
        let lots = out.windows(4).filter(|w| w == b"Tie\n").count();
        assert!(lots >= 20, "seed {}: only {} lots", seed, lots);
        let left = lines - snooker::lines_taken_fast(&input[..]).unwrap();
        assert!(
            left <= 1 + 2 * frames + lots / 4,
            "seed {}: {} lines left of {}, {} frames, {} lots",
            seed,
            left,
            lines,
            frames,
            lots
        );
    }
}

/// The lot after a tie in every form and fault: the plainest is taken by
/// the fast path, the rest by the general reading, and the two write the
/// same bytes and fail with the same message.
#[test]
fn snooker_lots_are_read_as_by_the_general_reading() {
    let (fast, general) = readings(Problem::Snooker);
    // Ann gives Bob 147 points in fouls on the black, then clears the
    // table to tie at 147.
    let mut tie = b"1\n\nAnn Bob\n".to_vec();
    tie.extend_from_slice(&b"Black\nPlay again\n".repeat(21));
    tie.extend_from_slice(&clearance_to_the_black());
    tie.extend_from_slice(b"Black Black\n");
    let lots: [&[u8]; 12] = [
        b"Ann\n",
        b"Bob\n",
        b" Ann\n",
        b"Ann \n",
        b"Bob\r\n",
        b"\n\tBob\t\n",
        b"An\n",
        b"Anna\n",
        b"Ann Bob\n",
        b"ann\n",
        b"Cy\n",
        b"",
    ];
    for lot in lots {
        for after in [&b"Black Black\n"[..], b"Red\n", b""] {
            let mut input = tie.clone();
            input.extend_from_slice(lot);
            input.extend_from_slice(after);
            let read = outcome(fast, &input);
            assert_eq!(read, outcome(general, &input), "{:?}", lot);
        }
    }
    let mut won = tie.clone();
    won.extend_from_slice(b"Bob\nBlack Black\n");
    let (text, _) = outcome(fast, &won);
    let end = "147 : 147\nTie\nRespot Black\nBob's turn, in-hand\n147 : 154\nBob wins\n";
    assert!(text.ends_with(end.as_bytes()));
    // Read a few bytes at a time, so that the bytes at hand end anywhere
    // in the lot line.
    for piece in [1, 2, 3, 5, 8, 13] {
        let mut read = Vec::new();
        let trickle = Trickle { bytes: &won, piece };
        snooker::solve(trickle, &mut read).unwrap();
        assert!(read == text, "pieces of {}", piece);
    }
}
