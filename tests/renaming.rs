//! Names are opaque (S13, S15): renaming the players of a valid input
//! changes nothing in any reading's output but the names. Snooker players
//! are renamed to the format's own words (`Play`/`again`, ball names,
//! `None`, `White`, in any case), 1- and 20-letter names and names that
//! differ only in case, in the tool's reading, the general one,
//! `--strict`, the scoreboard's views and the judge core (what the
//! judge bundles run). Rating players are renamed
//! keeping their byte order (which breaks ties in the tables, P5), to
//! names that include the result words.

mod valid;

use referee::tool::problem::Problem;
use valid::{Reading, SnookerLines};

/// New names for a frame's two players, used in turn.
const PAIRS: &[[&str; 2]] = &[
    ["Play", "again"],
    ["PLAY", "AGAIN"],
    ["again", "Play"],
    ["pLAY", "aGAIN"],
    ["Red", "Black"],
    ["None", "White"],
    ["white", "NONE"],
    ["Black", "red"],
    ["Yellow", "Green"],
    ["Brown", "Blue"],
    ["Pink", "RED"],
    ["Play", "Again"],
    ["x", "Y"],
    ["a", "A"],
    ["Ann", "ann"],
    ["ANN", "Ann"],
    ["Abcdefghijklmnopqrst", "abcdefghijklmnopqrsT"],
    ["Playagain", "Play"],
];

/// A name that stands for player `who` (0 or 1) of frame `frame` and
/// shows nowhere else in any output: `Zq`, the frame in three letters,
/// then `A` or `B`. All are letters, and of one length.
fn stand_in(frame: usize, who: usize) -> String {
    let letter = |n: usize| char::from(b'a' + (n % 26) as u8);
    format!(
        "Zq{}{}{}{}",
        letter(frame / 676),
        letter(frame / 26),
        letter(frame),
        ["A", "B"][who]
    )
}

/// The snooker input with frame `k`'s players named `names(k)`.
fn renamed(input: &[u8], lines: &SnookerLines, names: &Naming) -> Vec<u8> {
    let spans = valid::line_spans(input);
    let at = |place: &valid::Place| spans[place.line - 1].0 + place.col - 1;
    let mut edits = Vec::new();
    for (frame, places) in lines.names.iter().enumerate() {
        for (who, place) in places.iter().enumerate() {
            edits.push((at(place), place.len, names(frame)[who].clone().into_bytes()));
        }
    }
    for (frame, place, player) in &lines.lots {
        let name = names(*frame)[player.index()].clone();
        edits.push((at(place), place.len, name.into_bytes()));
    }
    valid::edited(input, edits)
}

/// A naming: frame `k`'s two players' names.
type Naming<'a> = Box<dyn Fn(usize) -> [String; 2] + 'a>;

/// The output of the stand-ins' input with every stand-in replaced by
/// the name it stands for.
fn named(output: &[u8], frames: usize, stand_ins: &Naming, names: &Naming) -> String {
    let mut text = String::from_utf8(output.to_vec()).unwrap();
    for frame in 0..frames {
        for (stand_in, name) in stand_ins(frame).iter().zip(names(frame)) {
            text = text.replace(stand_in, &name);
        }
    }
    text
}

/// The people's view pads columns to the longest name: spaces between
/// words are not compared there.
fn words_of_lines(text: &str) -> Vec<Vec<&str>> {
    text.lines()
        .map(|l| l.split(' ').filter(|w| !w.is_empty()).collect())
        .collect()
}

/// The HTML view's match table tells players apart across frames by
/// name: there a name is renamed the same in every frame, and two names
/// never to one.
fn by_name(reading: &Reading) -> bool {
    reading.name == "scoreboard --html"
}

fn check_snooker(label: &str, input: &[u8], reading: &Reading) {
    let lines = valid::snooker_lines(input);
    let frames = lines.names.len();
    let spans = valid::line_spans(input);
    let originals = |frame: usize| {
        lines.names[frame].map(|place| {
            let start = spans[place.line - 1].0 + place.col - 1;
            String::from_utf8_lossy(&input[start..start + place.len]).into_owned()
        })
    };
    // The players' names, each once, in the order they come.
    let mut distinct: Vec<String> = Vec::new();
    for name in (0..frames).flat_map(originals) {
        if !distinct.contains(&name) {
            distinct.push(name);
        }
    }
    // The terminal's view spells out a name's control characters (as its
    // fixture `names-with-control-characters` shows), and the page's
    // cannot hold them: there they are not as written.
    let controls = distinct
        .iter()
        .any(|name| name.chars().any(char::is_control));
    let shown_as_written =
        !reading.name.starts_with("scoreboard") || reading.name.ends_with("--tsv");
    if controls && !shown_as_written {
        return;
    }
    let index = |name: &String| distinct.iter().position(|d| d == name).unwrap();
    let stand_ins: Naming = match by_name(reading) {
        true => Box::new(|frame| originals(frame).map(|name| stand_in(index(&name), 0))),
        false => Box::new(|frame| [stand_in(frame, 0), stand_in(frame, 1)]),
    };
    let (base, error) = valid::run(reading.solve, &renamed(input, &lines, &stand_ins));
    assert!(error.is_none(), "{} {}: {:?}", reading.name, label, error);
    // The names of `PAIRS`, each once.
    let mut pool: Vec<&str> = Vec::new();
    for &name in PAIRS.iter().flatten() {
        if !pool.contains(&name) {
            pool.push(name);
        }
    }
    let mut namings: Vec<Naming> = vec![Box::new(originals)];
    for shift in 0..PAIRS.len() {
        if !by_name(reading) {
            namings.push(Box::new(move |frame: usize| {
                PAIRS[(frame + shift) % PAIRS.len()].map(String::from)
            }));
        }
        // One name for one name, in every frame.
        if distinct.len() <= pool.len() {
            let pool = &pool;
            namings.push(Box::new(move |frame: usize| {
                originals(frame).map(|name| pool[(index(&name) + shift) % pool.len()].to_string())
            }));
        }
    }
    for names in &namings {
        let input = renamed(input, &lines, names);
        let (output, error) = valid::run(reading.solve, &input);
        let context = format!("{} {} as {:?}", reading.name, label, names(0));
        assert!(error.is_none(), "{}: {:?}", context, error);
        let output = String::from_utf8(output).unwrap();
        let expected = named(&base, frames, &stand_ins, names);
        if reading.name == "scoreboard" {
            assert_eq!(
                words_of_lines(&output),
                words_of_lines(&expected),
                "{}",
                context
            );
        } else {
            assert_eq!(output, expected, "{}", context);
        }
    }
}

#[test]
fn renaming_snooker_players_changes_the_names_only_in_every_reading() {
    let inputs = valid::inputs(Problem::Snooker, 3, 4);
    assert!(inputs.len() > 20);
    let judge_core = valid::judge_core(Problem::Snooker);
    for reading in valid::readings(Problem::Snooker)
        .into_iter()
        .chain(Some(judge_core))
    {
        for (label, input) in &inputs {
            if !reading.strict || valid::strict_valid(Problem::Snooker, input) {
                check_snooker(label, input, &reading);
            }
        }
    }
}

/// Names for rating players, in byte order: the result words among
/// others, a one-letter and a ten-letter name.
const RATING_NAMES: &[&str] = &[
    "a",
    "again",
    "black",
    "drew",
    "lost",
    "none",
    "play",
    "red",
    "white",
    "won",
    "zzzzzzzzzz",
];

/// `count` names in byte order, the words above spread among others.
fn rating_names(count: usize, shift: usize) -> Vec<String> {
    let mut pool: Vec<String> = RATING_NAMES.iter().map(|s| s.to_string()).collect();
    for i in 0..count * 2 {
        let letter = |n: usize| char::from(b'a' + (n % 26) as u8);
        pool.push(format!("m{}{}", letter(i / 26), letter(i + shift)));
    }
    pool.sort();
    pool.dedup();
    let step = pool.len() as f64 / count as f64;
    (0..count)
        .map(|i| pool[((i as f64 * step) as usize + shift) % pool.len()].clone())
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect()
}

/// Checks the renamings of one input; returns how many were checked.
fn check_rating(label: &str, input: &[u8], reading: &Reading) -> usize {
    let mut checked = 0;
    let (base, error) = valid::run(reading.solve, input);
    assert!(error.is_none(), "{} {}: {:?}", reading.name, label, error);
    let tournaments = valid::tournaments(input);
    for shift in 0..4 {
        // Each tournament's names in byte order, and what they become.
        let maps: Vec<std::collections::BTreeMap<Vec<u8>, String>> = tournaments
            .iter()
            .map(|t| {
                let old: std::collections::BTreeSet<Vec<u8>> = t
                    .names
                    .iter()
                    .map(|&(at, len)| input[at..at + len].to_vec())
                    .collect();
                let new = rating_names(old.len(), shift);
                // Fewer new names than old (a rounding of the spread):
                // nothing to check with this shift.
                old.into_iter().zip(new).collect()
            })
            .collect();
        if maps.iter().zip(&tournaments).any(|(map, t)| {
            let old: std::collections::BTreeSet<_> = t
                .names
                .iter()
                .map(|&(at, len)| &input[at..at + len])
                .collect();
            map.len() < old.len()
        }) {
            continue;
        }
        let edits = tournaments
            .iter()
            .zip(&maps)
            .flat_map(|(t, map)| {
                t.names.iter().map(move |&(at, len)| {
                    (at, len, map[&input[at..at + len]].clone().into_bytes())
                })
            })
            .collect();
        let (output, error) = valid::run(reading.solve, &valid::edited(input, edits));
        let context = format!("{} {} shift {}", reading.name, label, shift);
        assert!(error.is_none(), "{}: {:?}", context, error);
        // The same table, the names mapped.
        let mut tournament = 0;
        let expected: String = String::from_utf8(base.clone())
            .unwrap()
            .lines()
            .map(|line| {
                if line.starts_with("Ratings after Tournament ") {
                    tournament += 1;
                    return format!("{}\n", line);
                }
                let (name, rating) = line.rsplit_once(' ').unwrap();
                format!("{} {}\n", maps[tournament - 1][name.as_bytes()], rating)
            })
            .collect();
        assert_eq!(String::from_utf8(output).unwrap(), expected, "{}", context);
        checked += 1;
    }
    checked
}

#[test]
fn renaming_rating_players_in_their_byte_order_changes_the_names_only() {
    let inputs = valid::inputs(Problem::Rating, 3, 3);
    assert!(inputs.len() > 10);
    let judge_core = valid::judge_core(Problem::Rating);
    for reading in valid::readings(Problem::Rating)
        .into_iter()
        .chain(Some(judge_core))
    {
        let mut checked = 0;
        for (label, input) in &inputs {
            if !reading.strict || valid::strict_valid(Problem::Rating, input) {
                checked += check_rating(label, input, &reading);
            }
        }
        assert!(
            checked > inputs.len(),
            "{}: {} checked",
            reading.name,
            checked
        );
    }
}
