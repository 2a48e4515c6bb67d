//! Snooker frames played on the referee's own [`Frame`]: strokes are drawn
//! from the balls on the table and the frame says what follows (a foul, a
//! tie, a lot due, the end), so that no rule is restated here.

use super::{length, letters, Rng};
use crate::core::limits::snooker::NAME_LETTERS;
use crate::core::snooker::balls::{NONE_WORD, PLAY_AGAIN, WHITE_WORD};
use crate::core::snooker::{Ball, BallOn, Colours, Frame, Player, Stage, Stroke};
use crate::tool::cli::Style;

const MIXED: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// How a style plays, in percent.
struct Mix {
    /// Names of the shortest or the longest length allowed.
    extreme_names: u64,
    /// Strokes aimed at the ball on; of the others, `missed` hit nothing
    /// and the rest hit a random ball (fouls, often).
    aimed: u64,
    missed: u64,
    /// An aimed stroke pots the ball on.
    pots: u64,
    /// A potting stroke at the reds may take any number of them (else at
    /// most three).
    many_reds: u64,
    /// A random stroke pots each colour on the table.
    wild_colour: u64,
    /// A random stroke pots some reds.
    wild_reds: u64,
    /// A random stroke pots every ball on the table: the longest lines.
    everything: u64,
    /// `Play again` after a foul.
    play_again: u64,
    /// Frames steered towards a tie on the last black.
    tie: u64,
    /// Frames that open with a long run of misses and fouls
    /// (`marathon`).
    marathon: u64,
}

const PLAIN: Mix = Mix {
    extreme_names: 0,
    aimed: 72,
    missed: 28,
    pots: 65,
    many_reds: 3,
    wild_colour: 12,
    wild_reds: 30,
    everything: 0,
    play_again: 25,
    tie: 25,
    marathon: 0,
};

/// Long and short names, foul-heavy frames, strokes that pot many balls.
const VARIED: Mix = Mix {
    extreme_names: 50,
    aimed: 55,
    missed: 30,
    pots: 70,
    many_reds: 30,
    wild_colour: 25,
    wild_reds: 50,
    everything: 3,
    play_again: 40,
    tie: 30,
    marathon: 1,
};

fn mix(style: Style) -> &'static Mix {
    match style {
        Style::Plain => &PLAIN,
        Style::Varied => &VARIED,
    }
}

/// A stroke drawn from the balls on the table: mostly at the ball on, now
/// and then a miss of everything or a wild foul.
fn random_stroke(rng: &mut Rng, mix: &Mix, frame: &Frame) -> Stroke {
    let on_table: Vec<Ball> = (if frame.reds() > 0 {
        Some(Ball::Red)
    } else {
        None
    })
    .into_iter()
    .chain(frame.colours().iter())
    .collect();
    let mut stroke = Stroke::default();
    if rng.chance(mix.aimed) {
        let target = match frame.ball_on() {
            Some(BallOn::Reds) | None => Ball::Red,
            Some(BallOn::AnyColour) => *rng.pick(&on_table[1..]),
            Some(BallOn::Colour(colour)) => colour,
        };
        stroke.first = Some(target);
        if rng.chance(mix.pots) {
            if target == Ball::Red {
                let most = if rng.chance(mix.many_reds) {
                    frame.reds()
                } else {
                    frame.reds().min(3)
                };
                stroke.reds = rng.range(1, u64::from(most)) as u32;
            } else {
                stroke.colours.insert(target);
            }
        }
        stroke.white = rng.chance(3);
    } else if rng.chance(mix.missed) {
        stroke.white = rng.chance(35);
    } else {
        stroke.first = Some(*rng.pick(&on_table));
        if rng.chance(mix.everything) {
            stroke.reds = frame.reds();
            stroke.colours = frame.colours();
            stroke.white = rng.chance(50);
            return stroke;
        }
        if frame.reds() > 0 && rng.chance(mix.wild_reds) {
            let most = if rng.chance(mix.many_reds) { 15 } else { 2 };
            stroke.reds = rng.range(1, u64::from(frame.reds().min(most))) as u32;
        }
        for colour in frame.colours().iter() {
            if rng.chance(mix.wild_colour) {
                stroke.colours.insert(colour);
            }
        }
        stroke.white = rng.chance(25);
    }
    stroke
}

/// The text of a stroke, the potted balls in a random order (also used
/// by the judge's shrinker to write the strokes that end a frame).
pub(crate) fn write_stroke(rng: &mut Rng, stroke: &Stroke, out: &mut Vec<u8>) {
    out.extend_from_slice(stroke.first.map_or(NONE_WORD, Ball::name).as_bytes());
    let mut potted: Vec<&str> = vec![Ball::Red.name(); stroke.reds as usize];
    potted.extend(stroke.colours.iter().map(Ball::name));
    if stroke.white {
        potted.push(WHITE_WORD);
    }
    rng.shuffle(&mut potted);
    for name in potted {
        out.push(b' ');
        out.extend_from_slice(name.as_bytes());
    }
    out.push(b'\n');
}

/// Two different names of English letters within the statement's lengths.
fn names(rng: &mut Rng, mix: &Mix) -> [Vec<u8>; 2] {
    loop {
        let len_a = length(rng, &NAME_LETTERS, mix.extreme_names);
        let len_b = length(rng, &NAME_LETTERS, mix.extreme_names);
        let a = letters(rng, len_a, MIXED);
        let b = letters(rng, len_b, MIXED);
        if a != b {
            return corner_names([a, b]);
        }
    }
}

/// Now and then the players get names that try a reading, each kind
/// about one frame in 52, as the first name drawn starts with:
/// - `P`, `R` or `N`: words of the format (S15), `Play again`,
///   `Red Black` or `None White`, spelled as the format spells them or
///   in the letter case of the second name drawn;
/// - `C`: the first name and the same in the other letter case (S13:
///   names differ as bytes do);
/// - `S`: the first name and a name that begins it, or that it begins.
///
/// In either order. Told by the names drawn, not drawn anew, so that the
/// strokes of a seed stay the same.
fn corner_names(drawn: [Vec<u8>; 2]) -> [Vec<u8>; 2] {
    let [first, second] = &drawn;
    let [a, b] = match first[0] {
        b'P' => format_words(PLAY_AGAIN, second),
        b'R' => format_words([Ball::Red.name(), Ball::Black.name()], second),
        b'N' => format_words([NONE_WORD, WHITE_WORD], second),
        b'C' => [first.clone(), other_case(first)],
        b'S' => [first.clone(), begun_or_beginning(first, second)],
        _ => return drawn,
    };
    match second.len() % 2 {
        0 => [a, b],
        _ => [b, a],
    }
}

/// Two words of the format as names: as the format spells them when
/// `case` starts with a capital, else each letter in the case of the
/// letter of `case` in turn, on through both words.
fn format_words(words: [&str; 2], case: &[u8]) -> [Vec<u8>; 2] {
    let [a, b] = words.map(|word| word.as_bytes().to_vec());
    if case[0].is_ascii_uppercase() {
        return [a, b];
    }
    let mut models = case.iter().cycle();
    [a, b].map(|word| {
        word.iter()
            .zip(&mut models)
            .map(|(letter, model)| match model.is_ascii_uppercase() {
                true => letter.to_ascii_uppercase(),
                false => letter.to_ascii_lowercase(),
            })
            .collect()
    })
}

/// `name` with each letter in the other case.
fn other_case(name: &[u8]) -> Vec<u8> {
    name.iter()
        .map(|letter| match letter.is_ascii_uppercase() {
            true => letter.to_ascii_lowercase(),
            false => letter.to_ascii_uppercase(),
        })
        .collect()
}

/// A name that `name` begins (`name` and some of `more`, within the
/// longest name) when `name` is one letter, else one that begins `name`:
/// some of its first letters, not all (how many told by `more`'s length).
fn begun_or_beginning(name: &[u8], more: &[u8]) -> Vec<u8> {
    match name.len() {
        1 => {
            let room = NAME_LETTERS.end() - 1;
            [name, &more[..more.len().min(room)]].concat()
        }
        len => name[..1 + (more.len() - 1) % (len - 1)].to_vec(),
    }
}

/// One snooker frame: a blank line, the names, then strokes until it ends.
/// Some frames are steered towards a tie on the last black.
pub(crate) fn frame(rng: &mut Rng, style: Style, out: &mut Vec<u8>) {
    let mix = mix(style);
    let names = names(rng, mix);
    out.push(b'\n');
    out.extend_from_slice(&names[0]);
    out.push(b' ');
    out.extend_from_slice(&names[1]);
    out.push(b'\n');
    let want_tie = rng.chance(mix.tie);
    let mut frame = Frame::new();
    if rng.chance(mix.marathon) {
        marathon(rng, &mut frame, out);
    }
    // Where phase two started, to replay it until a tie is in reach.
    let mut phase_two_start: Option<(Frame, usize)> = None;
    let mut tries = 0;
    let mut tied = false;
    while frame.winner().is_none() {
        if frame.stage() == Stage::LotDue {
            tied = true;
            let player = if rng.chance(50) { Player::A } else { Player::B };
            out.extend_from_slice(&names[player.index()]);
            out.push(b'\n');
            frame.lot(player).expect("a lot is due");
            continue;
        }
        if frame.may_play_again() && rng.chance(mix.play_again) {
            frame.play_again().expect("a foul was just made");
            out.extend_from_slice(b"Play again\n");
            continue;
        }
        let on = frame.ball_on();
        if want_tie && !tied && frame.reds() == 0 && on != Some(BallOn::AnyColour) {
            if phase_two_start.is_none() {
                phase_two_start = Some((frame.clone(), out.len()));
            }
            if on == Some(BallOn::Colour(Ball::Black)) {
                let striker = frame.striker();
                let (own, other) = (frame.score(striker), frame.score(striker.other()));
                // Potting the black (7 behind), or fouling on it (7
                // ahead), ties the frame; otherwise phase two is replayed.
                if other == own + 7 {
                    let stroke = Stroke {
                        first: Some(Ball::Black),
                        colours: Colours::of(Ball::Black),
                        ..Stroke::default()
                    };
                    play(rng, &mut frame, &stroke, out);
                    continue;
                } else if own == other + 7 {
                    play(rng, &mut frame, &Stroke::default(), out);
                    continue;
                } else if tries < 300 {
                    let (start, len) = phase_two_start.clone().expect("set above");
                    frame = start;
                    out.truncate(len);
                    tries += 1;
                    continue;
                }
            }
        }
        let stroke = random_stroke(rng, mix, &frame);
        play(rng, &mut frame, &stroke, out);
    }
}

/// Pairs of strokes, a miss of a red and then a foul on the black by the
/// other player, until the break-off player's score passes what a
/// narrower number holds (2^7, 2^8 or 2^15): the scores a solution
/// keeping them in 8 or 16 bits gets wrong, which play seldom reaches.
fn marathon(rng: &mut Rng, frame: &mut Frame, out: &mut Vec<u8>) {
    let past: u64 = *rng.pick(&[1 << 7, 1 << 8, 1 << 15]);
    let miss = Stroke {
        first: Some(Ball::Red),
        ..Stroke::default()
    };
    let foul = Stroke {
        first: Some(Ball::Black),
        ..Stroke::default()
    };
    let striker = frame.striker();
    while frame.score(striker) <= past {
        play(rng, frame, &miss, out);
        play(rng, frame, &foul, out);
    }
}

fn play(rng: &mut Rng, frame: &mut Frame, stroke: &Stroke, out: &mut Vec<u8>) {
    frame
        .play(stroke)
        .expect("strokes are drawn from the balls on the table");
    write_stroke(rng, stroke, out);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tool::gen::generate_styled;
    use crate::tool::problem::Problem;
    use crate::tool::solvers;

    fn answer(style: Style, seed: u64, cases: u64) -> (String, String) {
        let mut input = Vec::new();
        generate_styled(Problem::Snooker, style, seed, Some(cases), &mut input).unwrap();
        let output = solvers::answer(Problem::Snooker, &input).unwrap();
        (
            String::from_utf8(input).unwrap(),
            String::from_utf8(output).unwrap(),
        )
    }

    #[test]
    fn ties_play_again_fouls_and_wins_within_a_few_frames() {
        for style in Style::ALL {
            let (input, output) = answer(style, 1, 20);
            assert!(output.lines().any(|l| l == "Tie"), "no tie in 20 frames");
            assert!(input.lines().any(|l| l == "Play again"));
            assert!(output.lines().any(|l| l == "Foul!"));
            assert!(output.lines().any(|l| l.ends_with(" wins")));
        }
    }

    #[test]
    fn now_and_then_the_players_are_named_after_words_of_the_format() {
        for style in Style::ALL {
            let (input, _) = answer(style, 3, 200);
            let named: Vec<String> = input
                .split("\n\n")
                .skip(1)
                .map(|frame| frame.lines().next().unwrap().to_ascii_lowercase())
                .collect();
            for pair in ["play again", "red black", "none white"] {
                let (a, b) = pair.split_once(' ').unwrap();
                let swapped = format!("{} {}", b, a);
                let count = named
                    .iter()
                    .filter(|n| *n == pair || **n == swapped)
                    .count();
                assert!((1..30).contains(&count), "{}: {}", pair, count);
            }
        }
    }

    #[test]
    fn now_and_then_the_names_differ_only_in_case_or_one_begins_the_other() {
        for style in Style::ALL {
            // Some 600 frames: about 12 of each kind.
            let input: String = (3..6).map(|seed| answer(style, seed, 200).0).collect();
            let pairs: Vec<(&str, &str)> = input
                .split("\n\n")
                .skip(1)
                .map(|frame| frame.lines().next().unwrap().split_once(' ').unwrap())
                .collect();
            let in_case = pairs.iter().filter(|(a, b)| a.eq_ignore_ascii_case(b));
            let begun = pairs
                .iter()
                .filter(|(a, b)| a.len() != b.len() && (a.starts_with(b) || b.starts_with(a)));
            assert!((1..60).contains(&in_case.count()));
            assert!((1..60).contains(&begun.count()));
            // The format's own spelling among the words of the format.
            assert!(pairs
                .iter()
                .any(|&p| p == ("Play", "again") || p == ("again", "Play")));
        }
    }

    #[test]
    fn a_marathon_takes_a_score_past_what_8_and_16_bits_hold() {
        let scores: Vec<u64> = (0..30)
            .map(|seed| {
                let mut frame = Frame::new();
                marathon(&mut Rng::new(seed), &mut frame, &mut Vec::new());
                assert_eq!(frame.stage(), Stage::Playing);
                frame.score(Player::A)
            })
            .collect();
        for narrow in [u64::from(u8::MAX), i16::MAX as u64] {
            assert!(scores.iter().any(|&s| s > narrow), "{:?}", scores);
        }
    }

    #[test]
    fn the_varied_style_fouls_more_and_pots_more_at_once() {
        let count = |style| {
            let (input, output) = answer(style, 7, 40);
            let fouls = output.lines().filter(|l| *l == "Foul!").count() as f64;
            let strokes = input.lines().count() as f64;
            let long = input.lines().filter(|l| l.split(' ').count() >= 5).count();
            let names: Vec<usize> = input
                .split("\n\n")
                .skip(1)
                .flat_map(|frame| frame.lines().next().unwrap().split(' '))
                .map(str::len)
                .collect();
            (fouls / strokes, long, names)
        };
        let (plain_fouls, plain_long, _) = count(Style::Plain);
        let (varied_fouls, varied_long, names) = count(Style::Varied);
        assert!(
            varied_fouls > plain_fouls,
            "{} {}",
            varied_fouls,
            plain_fouls
        );
        assert!(varied_long > plain_long, "{} {}", varied_long, plain_long);
        // Now and then a stroke pots every ball on the table.
        let (input, _) = answer(Style::Varied, 7, 200);
        assert!(input.lines().any(|l| l.split(' ').count() > 21));
        assert!(names.contains(&1) && names.contains(&20), "{:?}", names);
    }
}
