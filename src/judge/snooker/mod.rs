//! # The snooker referee (ICPC Asia Chengdu 2010)
//!
//! `referee snooker` reads the strokes of snooker frames and writes what a
//! referee says after each: the score, the balls to put back, who plays
//! next. The rules below are the ones this project applies; where the
//! contest statement was silent or unclear, the numbered rulings (S1 to
//! S15, R0.x) say what it decided.
//!
//! ## The game
//!
//! A frame starts with 15 reds (1 point each) and six colours: yellow 2,
//! green 3, brown 4, blue 5, pink 6, black 7. The first player named breaks
//! off with the cue ball in hand. Players take turns; a *visit* lasts while
//! the player at the table keeps scoring legally.
//!
//! - **Ball on (S2).** While reds are on the table a visit starts on the
//!   reds. After a red is potted legally, "a colour" is on: the striker
//!   nominates one. Once no red is left and no colour is owed after the
//!   last red, the colours must be taken in order of value, the lowest on
//!   the table being on.
//! - **Nomination (S3).** When "a colour" is on, the colour first hit is
//!   the one nominated. If the cue ball hits nothing or a red first, Yellow
//!   is taken as nominated — and the stroke is a foul anyway.
//! - **Legal strokes (S5).** A stroke is legal when the ball first hit is
//!   on, only balls on are potted (any number of reds while reds are on;
//!   exactly the nominated or required colour otherwise) and the cue ball
//!   stays on the table. Potting a ball on scores its value (each red 1)
//!   and the striker plays on; a legal stroke that pots nothing ends the
//!   visit.
//! - **Fouls and penalties (S4).** Hitting nothing, hitting a ball that is
//!   not on first, potting a ball that is not on and potting the cue ball
//!   (`White`) are fouls. A foul ends the visit and gives the opponent a
//!   penalty: the highest of 4, the value of the ball on, and the value of
//!   every ball wrongly hit first or potted (the cue ball counts 4). The
//!   penalties of one stroke never add up.
//! - **Respotting (S6).** Reds never come back, not even after a foul.
//!   Every colour potted in a foul is put back on its spot, in phase one
//!   and in phase two. A colour potted legally in phase one goes back too
//!   (the colour after the last red included); in phase two it stays down.
//! - **Phase two (S7).** It starts when no red is left and no colour is
//!   owed: the stroke on the colour after the last red ends phase one
//!   whatever it does (pot, miss or foul), and when the last red goes down
//!   in a foul the next player is on Yellow at once.
//! - **The only black (S9, S10).** When the black is the last ball, the
//!   first score or foul ends the frame, nothing is put back and the
//!   higher score wins. If the scores are then level, the black is put
//!   back, a lot line names the player to play, and that player plays from
//!   in-hand; the next score or foul ends the frame (it cannot be level
//!   again). A miss on the black just passes the turn.
//! - **Play again (S11).** After a foul, and only right after it, the
//!   other player may ask the offender to play again from the position as
//!   it is; not twice in a row, never once the frame is over. The offender
//!   starts a new visit, in hand when the foul potted the cue ball.
//! - **In-hand (S12).** After a foul that potted the cue ball, and for the
//!   winner of the lot; never after a plain miss.
//! - **Scores** are counted in 64 bits: a stroke scores at most 15 points
//!   and takes at least five bytes of input, so no input that can exist
//!   reaches the limit.
//!
//! ## Input
//!
//! - The first line holds T, the number of frames. Exactly T frames are
//!   read; text after the last one is an error (R0.2). T is not capped at
//!   the contest's 200 (R0.4) except by `--strict`.
//! - Each frame: an empty line, then the two players' names (any tokens
//!   without blanks, different from each other, S13; the contest's are 1
//!   to 20 English letters), then one line per event until the frame ends:
//!   - a stroke: the ball first hit (`Red`, `Yellow`, ..., `Black`) or
//!     `None`, then the balls potted, `White` for the cue ball (S8).
//!     `None` may be followed by `White` alone. `White` cannot be hit
//!     first, nor potted twice; a colour cannot be potted twice.
//!   - `Play again`, right after a foul (S11);
//!   - after a tie on the black, the name of the player who won the lot.
//! - A frame's first line is always its names line, whatever it says
//!   (S15): after the last stroke of a frame, a line `Play again`, `Red
//!   Black` or `None White` names the next frame's players. Inside a
//!   frame, the two words `Play again` (any case) are a `Play again`;
//!   after the last frame, text after the last case (R0.2).
//! - Ball names, `None`, `White` and `Play again` may be written in any
//!   letter case (S13).
//! - A stroke that is impossible on the table as it stands is an input
//!   error, not a guess (S14): a ball not on the table, more reds potted
//!   than remain, a lot line that names neither player, a stroke where a
//!   lot line is due.
//!
//! ## Output
//!
//! For frame K, `Frame K` (frames after the first are preceded by an
//! empty line), then `NAME's turn, in-hand` for the player who breaks off.
//! After each stroke:
//!
//! 1. `Foul!` if it was a foul;
//! 2. the score, `A : B` (space, colon, space), A the breaking player (S1);
//! 3. unless the stroke ended the frame or tied it: `Respot` and the
//!    colours put back, lowest value first, if any were;
//! 4. then one of: `NAME's turn` (or `NAME's turn, in-hand` after the cue
//!    ball went in) when the visit ended; nothing when the striker plays
//!    on; `NAME wins` when the frame is over; `Tie` then `Respot Black`
//!    when it is tied on the black.
//!
//! After `Play again`: the offender's turn line, `, in-hand` when the foul
//! potted the cue ball. After a lot line: `NAME's turn, in-hand`.
//!
//! ## The code
//!
//! [`balls`] names the balls and reads what a stroke line says of them;
//! [`frame`] is the one statement of the rules, the state machine
//! [`Frame`]; this module reads a judge's input and writes the referee's
//! words.

pub mod balls;
pub mod frame;

pub use self::balls::{Ball, Player, Stroke};
pub use self::frame::{Frame, Next, Outcome, Stage};
use crate::read::Input;

/// The referee's words for every frame of `text`.
pub fn solve(text: &str, out: &mut String) -> Result<(), String> {
    let mut input = Input::new(text);
    let frames = input.count("the number of frames")?;
    for number in 1..=frames {
        let names = match input.line().as_deref() {
            Some(&[a, b]) if a != b => [a, b],
            found => return Err(format!("expected two names, found {:?}", found)),
        };
        write_frame_head(out, number);
        write_turn(out, names[0], true);
        referee_frame(&mut input, names, out)?;
    }
    input.expect_end()
}

/// Reads one frame's lines after its names line until the frame is over.
/// Whether a line is a lot, `Play again` or a stroke is the frame's to
/// say: a lot while one is due, `Play again` for those two words, a
/// stroke otherwise (S10, S11, S15).
fn referee_frame(input: &mut Input, names: [&str; 2], out: &mut String) -> Result<(), String> {
    let mut frame = Frame::default();
    while frame.stage != Stage::Over {
        let words = input
            .line()
            .ok_or("expected a stroke, found end of input")?;
        if frame.stage == Stage::LotDue {
            let players = [Player::A, Player::B];
            let player = players.iter().find(|p| words == [names[p.index()]]);
            let player = *player.ok_or("expected a player's name")?;
            frame.lot(player)?;
            write_turn(out, names[player.index()], true);
        } else if is_play_again(&words) {
            let replay = frame.play_again()?;
            write_turn(out, names[replay.offender.index()], replay.in_hand);
        } else {
            let outcome = frame.play(&Stroke::read(&words)?)?;
            write_outcome(out, &frame, &outcome, names);
        }
    }
    Ok(())
}

/// The words of a `Play again` line (S11).
pub const PLAY_AGAIN: [&str; 2] = ["Play", "again"];

/// Whether a line inside a frame is a `Play again` (S11, S13).
pub fn is_play_again(words: &[&str]) -> bool {
    words.len() == 2 && words.join(" ").eq_ignore_ascii_case(&PLAY_AGAIN.join(" "))
}

/// `Frame K`, after an empty line for every frame but the first.
pub fn write_frame_head(out: &mut String, number: u64) {
    if number > 1 {
        out.push('\n');
    }
    out.push_str(&format!("Frame {}\n", number));
}

/// What the referee says after a stroke.
pub fn write_outcome(out: &mut String, frame: &Frame, outcome: &Outcome, names: [&str; 2]) {
    if outcome.call.foul {
        out.push_str("Foul!\n");
    }
    out.push_str(&format!("{} : {}\n", frame.scores[0], frame.scores[1]));
    let respotted: Vec<&str> = outcome.call.respotted.iter().map(Ball::name).collect();
    if !respotted.is_empty() {
        out.push_str(&format!("Respot {}\n", respotted.join(" ")));
    }
    match outcome.next {
        Next::SameStriker => {}
        Next::TurnPasses(player) => write_turn(out, names[player.index()], outcome.call.in_hand),
        Next::Tie => out.push_str("Tie\nRespot Black\n"),
        Next::Won(player) => out.push_str(&format!("{} wins\n", names[player.index()])),
    }
}

/// `NAME's turn`, and `, in-hand` when the player is in hand.
pub fn write_turn(out: &mut String, name: &str, in_hand: bool) {
    let hand = if in_hand { ", in-hand" } else { "" };
    out.push_str(&format!("{}'s turn{}\n", name, hand));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn referee(input: &str) -> Result<String, String> {
        let mut out = String::new();
        solve(input, &mut out).map(|()| out)
    }

    #[test]
    fn a_frame_ended_by_a_foul_then_players_named_play_and_again() {
        let black = "Red Red\nBlack Black\n".repeat(15)
            + "Yellow Yellow\nGreen Green\nBrown Brown\nBlue Blue\nPink Pink\nBlack White\n";
        let input = format!("2\n\nAnn Bob\n{}\nPLAY again\n{}", black, black);
        let out = referee(&input).unwrap();
        assert!(out.contains("Frame 2\nPLAY's turn, in-hand\n"), "{}", out);
        assert!(out.ends_with("Foul!\n140 : 7\nPLAY wins\n"), "{}", out);
    }

    #[test]
    fn play_again_inside_a_frame_is_the_offenders_turn() {
        let out = referee("1\nA B\nNone White\nplay AGAIN\nBlack\nRed Red Red\n").unwrap_err();
        assert!(out.contains("end of input"), "{}", out);
        let mut out = String::new();
        let _ = solve("1\nA B\nNone White\nplay AGAIN\n", &mut out);
        assert_eq!(
            out,
            "Frame 1\nA's turn, in-hand\nFoul!\n0 : 4\nB's turn, in-hand\nA's turn, in-hand\n"
        );
    }

    #[test]
    fn zero_frames_print_nothing() {
        assert_eq!(referee(" 0 \n"), Ok(String::new()));
        assert!(referee("0\nA B\n").is_err());
    }

    #[test]
    fn names_must_differ_and_the_lot_must_name_one() {
        assert!(referee("1\nA A\nRed\n").is_err());
        assert!(referee("1\nA\n").is_err());
    }
}
