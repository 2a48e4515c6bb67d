//! Reading one entry of `referee match` (ruling M2): a stroke in the
//! contest's notation or its short forms, `again`, a lot line, `free BALL
//! ...`, `concede`, `undo`, `quit`. A stroke is read by the referee's own
//! parser once its short forms are spelled out, so the notation has one
//! reader.

use crate::core::io::error::shown;
use crate::core::io::{Error, Line};
use crate::core::snooker::balls::WORDS;
use crate::core::snooker::parse::{parse_event, word_code, Event};
use crate::core::snooker::{Ball, Player, Stroke};
use crate::tool::cli::suggest::nearest;

/// The short forms of the format's words, for fast typing, with the word
/// each stands for. `referee help match` lists them.
const SHORT_FORMS: [(&str, &str); 9] = [
    ("r", "Red"),
    ("y", "Yellow"),
    ("g", "Green"),
    ("br", "Brown"),
    ("bl", "Blue"),
    ("p", "Pink"),
    ("k", "Black"),
    ("w", "White"),
    ("n", "None"),
];

/// The entries that are a word of their own, with their short forms.
const COMMANDS: [(&str, &str); 6] = [
    ("again", "a"),
    ("free", "f"),
    ("concede", "concede"),
    ("undo", "u"),
    ("quit", "q"),
    ("play", "play"),
];

/// One entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Entry {
    Stroke(Stroke),
    /// `again`, or the contest's `Play again` (S11).
    Again,
    /// The name of the player who won the lot (S10).
    Lot(Player),
    /// `free BALL FIRST [POTTED...]` (M4).
    FreeBall(Ball, Stroke),
    Concede,
    Undo,
    Quit,
}

/// Why an entry was refused, and the word at fault: its number among the
/// entry's words from 0, the first for the entry as a whole, one past the
/// last for a word missing at the end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Refused {
    pub(crate) message: String,
    pub(crate) word: usize,
}

impl Refused {
    pub(crate) fn at(word: usize, message: String) -> Refused {
        Refused { message, word }
    }

    /// The same refusal of words that stand `before` words into the entry.
    fn after(self, before: usize) -> Refused {
        Refused::at(self.word + before, self.message)
    }
}

impl From<Refused> for String {
    fn from(refused: Refused) -> String {
        refused.message
    }
}

/// The byte column, from 1, of word `word` of `line` (split at blanks as
/// entries are), or just past the line's text for a word past the last.
pub(crate) fn column_of_word(line: &str, word: usize) -> usize {
    let mut starts = line
        .char_indices()
        .filter(|&(at, c)| {
            !c.is_whitespace()
                && line[..at]
                    .chars()
                    .next_back()
                    .is_none_or(char::is_whitespace)
        })
        .map(|(at, _)| at);
    starts.nth(word).unwrap_or(line.trim_end().len()) + 1
}

/// A name as entries compare it: blanks squeezed, letter case aside.
pub(crate) fn name_key(name: &str) -> String {
    name.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// The words of `undo` and `quit`, which an entry may be at any time.
const UNDO: [&str; 2] = ["undo", "u"];
const QUIT: [&str; 2] = ["quit", "q"];

/// Whether `name` (in any letter case and blanks) is a word of `undo` or
/// `quit`: a player of that name, winning a lot, would be taken for it,
/// or take its place.
pub(crate) fn is_command(name: &str) -> bool {
    let key = name_key(name);
    commands().any(|word| word == key)
}

/// The words of `undo` and `quit`.
pub(crate) fn commands() -> impl Iterator<Item = &'static str> {
    UNDO.iter().chain(&QUIT).copied()
}

/// Reads one entry. `names` are the players; a lot line is taken only
/// while a lot is due (`lot_due`).
pub(crate) fn parse(text: &str, names: &[String; 2], lot_due: bool) -> Result<Entry, Refused> {
    let words: Vec<&str> = text.split_whitespace().collect();
    if words.is_empty() {
        return Err(Refused::at(
            0,
            "expected an entry (a stroke, again, free, concede, undo or quit), \
             found a blank line"
                .to_string(),
        ));
    }
    if lot_due {
        let key = name_key(text);
        if let Some(at) = names.iter().position(|name| name_key(name) == key) {
            return Ok(Entry::Lot([Player::A, Player::B][at]));
        }
    }
    let first = words[0].to_lowercase();
    let alone = |entry: Entry| match words.len() {
        1 => Ok(entry),
        _ => Err(Refused::at(
            1,
            format!(
                "expected {} alone, found {} after it",
                shown(words[0].as_bytes()),
                shown(words[1].as_bytes())
            ),
        )),
    };
    let entry = match first.as_str() {
        word if UNDO.contains(&word) => alone(Entry::Undo),
        word if QUIT.contains(&word) => alone(Entry::Quit),
        "concede" => alone(Entry::Concede),
        "again" | "a" => alone(Entry::Again),
        "play" if words.len() == 2 && words[1].eq_ignore_ascii_case("again") => Ok(Entry::Again),
        "free" | "f" => free_ball(&words[1..]).map_err(|refused| refused.after(1)),
        _ => stroke(&words).map(Entry::Stroke),
    };
    match entry {
        Err(_) if lot_due => Err(Refused::at(0, lot_wanted(text, names))),
        entry => entry,
    }
}

/// The message for an entry that is no word of an entry while a lot is
/// due: the names it wants, and the one the entry begins if it does.
fn lot_wanted(text: &str, names: &[String; 2]) -> String {
    let message = format!(
        "a lot is due: expected the name of the player who won it, {} or {}, found {}",
        shown(names[0].as_bytes()),
        shown(names[1].as_bytes()),
        shown(text.trim().as_bytes())
    );
    let key = name_key(text);
    let mut begun = names.iter().filter(|name| name_key(name).starts_with(&key));
    match (begun.next(), begun.next()) {
        (Some(name), None) => format!("{}; did you mean {}?", message, shown(name.as_bytes())),
        _ => message,
    }
}

/// `free BALL FIRST [POTTED...]`, from BALL on.
fn free_ball(words: &[&str]) -> Result<Entry, Refused> {
    let ball = match words.first() {
        None => {
            let message = "expected the free ball's colour after `free`, found nothing";
            return Err(Refused::at(0, message.into()));
        }
        Some(word) => {
            let spelled = spelled_out(word).map_err(|m| Refused::at(0, m))?;
            match spelled.and_then(|w| ball_named(&w)) {
                Some(ball) if ball.is_colour() => ball,
                _ => {
                    let message = format!(
                        "expected a colour as the free ball, found {}",
                        shown(word.as_bytes())
                    );
                    return Err(Refused::at(0, message));
                }
            }
        }
    };
    if words.len() < 2 {
        let message = "expected the stroke after `free BALL`, found nothing";
        return Err(Refused::at(1, message.into()));
    }
    Ok(Entry::FreeBall(
        ball,
        stroke(&words[1..]).map_err(|r| r.after(1))?,
    ))
}

fn ball_named(word: &str) -> Option<Ball> {
    word_code(word.as_bytes()).and_then(|code| Ball::from_value(u32::from(code)))
}

/// A word of the format, its short form spelled out; `Ok(None)` for
/// `play`, `again` (words of the format, but no ball); an error naming
/// the nearest word for anything else.
fn spelled_out(word: &str) -> Result<Option<String>, String> {
    let lower = word.to_lowercase();
    if let Some((_, long)) = SHORT_FORMS.iter().find(|(short, _)| *short == lower) {
        return Ok(Some(long.to_string()));
    }
    match word_code(word.as_bytes()) {
        Some(code) if usize::from(code) <= 9 => Ok(Some(word.to_string())),
        Some(_) => Ok(None),
        None => Err(unknown_word(word)),
    }
}

/// The message for a word that is no entry, with the nearest one.
fn unknown_word(word: &str) -> String {
    let lower: Vec<String> = WORDS[..9]
        .iter()
        .map(|w| w.to_lowercase())
        .chain(COMMANDS.iter().map(|(w, _)| w.to_string()))
        .collect();
    let message = format!(
        "expected a ball, `None`, `White` or a command, found {}",
        shown(word.as_bytes())
    );
    match nearest(word, lower.iter().map(String::as_str)) {
        Some(near) => {
            let spelled = WORDS[..9]
                .iter()
                .find(|w| w.eq_ignore_ascii_case(near))
                .map_or(near, |w| *w);
            format!("{}; did you mean `{}`?", message, spelled)
        }
        None => {
            let shorts: Vec<String> = SHORT_FORMS
                .iter()
                .map(|(short, long)| format!("{} {}", short, long))
                .collect();
            format!("{} (short forms: {})", message, shorts.join(", "))
        }
    }
}

/// A stroke in the contest's notation or short forms, read by the
/// referee's parser.
fn stroke(words: &[&str]) -> Result<Stroke, Refused> {
    let mut spelled = Vec::with_capacity(words.len());
    for (at, word) in words.iter().enumerate() {
        let word = spelled_out(word).map_err(|m| Refused::at(at, m))?;
        spelled.push(word.unwrap_or_else(|| words[at].to_string()));
    }
    let text = spelled.join(" ");
    match parse_event(&Line::new(1, text.as_bytes())) {
        Ok(Event::Stroke(stroke)) => Ok(stroke),
        Ok(Event::PlayAgain) => Err(Refused::at(
            0,
            "expected a stroke, found `Play again`".into(),
        )),
        // The spelled-out words are one space apart: the spaces before the
        // column count the words before the one at fault.
        Err(Error::Input { message, col, .. }) => {
            let before = text.as_bytes()[..(col - 1).min(text.len())].iter();
            Err(Refused::at(before.filter(|&&b| b == b' ').count(), message))
        }
        Err(other) => Err(Refused::at(0, other.to_string())),
    }
}

/// The entry as the log and the board write it: the format's words in
/// the statement's spelling, a lot line as the player's name.
pub(crate) fn text(entry: &Entry, names: &[String; 2]) -> String {
    match entry {
        Entry::Stroke(stroke) => stroke_words(stroke),
        Entry::Again => "again".to_string(),
        Entry::Lot(player) => names[player.index()].clone(),
        Entry::FreeBall(ball, stroke) => format!("free {} {}", ball.name(), stroke_words(stroke)),
        Entry::Concede => "concede".to_string(),
        Entry::Undo => "undo".to_string(),
        Entry::Quit => "quit".to_string(),
    }
}

/// A stroke in the contest's notation: the ball first hit (or `None`),
/// then the reds, the colours by value and `White`.
fn stroke_words(stroke: &Stroke) -> String {
    let mut words = vec![stroke.first.map_or("None", Ball::name)];
    words.extend(std::iter::repeat_n(Ball::Red.name(), stroke.reds as usize));
    words.extend(stroke.colours.iter().map(Ball::name));
    if stroke.white {
        words.push("White");
    }
    words.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names() -> [String; 2] {
        ["Ronnie O'Sullivan".to_string(), "Judd Trump".to_string()]
    }

    fn read(text: &str) -> Result<Entry, String> {
        parse(text, &names(), false).map_err(String::from)
    }

    fn round_trip(text: &str) -> String {
        super::text(&read(text).unwrap(), &names())
    }

    #[test]
    fn notation_and_short_forms_are_the_same_strokes() {
        assert_eq!(round_trip("red RED"), "Red Red");
        assert_eq!(round_trip("r r r"), "Red Red Red");
        assert_eq!(round_trip("bl bl w"), "Blue Blue White");
        assert_eq!(round_trip("n w"), "None White");
        assert_eq!(round_trip("k k"), "Black Black");
        assert_eq!(round_trip("f BL bl bl"), "free Blue Blue Blue");
        assert_eq!(round_trip("Play again"), "again");
        assert_eq!(read("a"), Ok(Entry::Again));
        assert_eq!(read(" undo "), Ok(Entry::Undo));
        assert_eq!(read("q"), Ok(Entry::Quit));
        assert_eq!(read("concede"), Ok(Entry::Concede));
    }

    #[test]
    fn the_help_of_match_gives_every_short_form() {
        let about = crate::tool::cli::table::subcommand("match").unwrap().about;
        let words: Vec<&str> = about.split(|c: char| !c.is_ascii_alphanumeric()).collect();
        for (short, _) in SHORT_FORMS {
            assert!(words.contains(&short), "{}", short);
        }
    }

    #[test]
    fn a_lot_line_is_a_name_only_while_a_lot_is_due() {
        let lot = parse("judd   trump", &names(), true);
        assert_eq!(lot, Ok(Entry::Lot(Player::B)));
        assert!(parse("Judd Trump", &names(), false).is_err());
        let wanted = |text| String::from(parse(text, &names(), true).unwrap_err());
        assert_eq!(
            wanted("judd"),
            "a lot is due: expected the name of the player who won it, \
             `Ronnie O'Sullivan` or `Judd Trump`, found `judd`; did you mean `Judd Trump`?"
        );
        assert!(!wanted("Steve").contains("did you mean"));
        // A stroke is read as one, and refused by the match's state.
        assert!(parse("Red", &names(), true).is_ok());
    }

    #[test]
    fn mistakes_say_what_was_expected_and_the_nearest_word() {
        let message = read("Blakc").unwrap_err();
        assert!(message.contains("did you mean `Black`?"), "{}", message);
        let message = read("Red Blakc").unwrap_err();
        assert!(message.contains("`Black`"), "{}", message);
        assert!(read("undo now").unwrap_err().contains("alone"));
        assert!(read("White").unwrap_err().contains("cue ball"));
        assert!(read("free Red Red").unwrap_err().contains("colour"));
        assert!(read("free").is_err() && read("free Pink").is_err());
        assert!(read("").unwrap_err().contains("blank"));
        assert!(read("Red Pink Pink").unwrap_err().contains("twice"));
    }
}
