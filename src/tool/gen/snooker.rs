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
    /// `Play again` after a foul.
    play_again: u64,
    /// Frames steered towards a tie on the last black.
    tie: u64,
}

const PLAIN: Mix = Mix {
    extreme_names: 0,
    aimed: 72,
    missed: 28,
    pots: 65,
    many_reds: 3,
    wild_colour: 12,
    wild_reds: 30,
    play_again: 25,
    tie: 25,
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
    play_again: 40,
    tie: 30,
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
            return word_names([a, b]);
        }
    }
}

/// Now and then (when the first name drawn starts with `P`, `R` or `N`,
/// about one frame in 17) the players are named after words of the
/// format instead (S15): `Play again`, `Red Black` or `None White`, in the
/// letter case of the second name drawn, in either order. Told by the
/// names drawn, not drawn anew, so that the strokes of a seed stay the same.
fn word_names(drawn: [Vec<u8>; 2]) -> [Vec<u8>; 2] {
    let words: [&str; 2] = match drawn[0][0] {
        b'P' => PLAY_AGAIN,
        b'R' => [Ball::Red.name(), Ball::Black.name()],
        b'N' => [NONE_WORD, WHITE_WORD],
        _ => return drawn,
    };
    let case = &drawn[1];
    let spelled = |word: &[u8]| -> Vec<u8> {
        word.iter()
            .zip(case.iter().cycle())
            .map(|(letter, model)| match model.is_ascii_uppercase() {
                true => letter.to_ascii_uppercase(),
                false => letter.to_ascii_lowercase(),
            })
            .collect()
    };
    let [a, b] = words.map(|word| spelled(word.as_bytes()));
    match case.len() % 2 {
        0 => [a, b],
        _ => [b, a],
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
        assert!(names.contains(&1) && names.contains(&20), "{:?}", names);
    }
}
