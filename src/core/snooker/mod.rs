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
//! ## Layout of the input (R0.1, R0.6)
//!
//! Tolerated: CR LF line ends, runs of spaces or tabs, blanks at the start
//! or end of a line, blank lines anywhere, no final newline, and a UTF-8
//! byte-order mark at the very start (R0.5). `--strict` refuses all of
//! these and holds the input to the statement: the count first, exactly
//! one empty line before every frame and none elsewhere, single spaces,
//! names of 1 to 20 letters, the format's words spelled as written above,
//! no integer with a leading zero, 1 to 200 frames.
//!
//! ## Errors (R0.3)
//!
//! Bad input is reported as `FILE:LINE:COL: message` with what was
//! expected and what was found, after all the output for the lines before
//! it; no partial line is written. Zero frames write nothing (R0.7;
//! `--strict`: 1 to 200).
//!
//! ## The code
//!
//! [`balls`] names the balls and what a stroke line says of them;
//! [`rules`] is the one statement of these rules, the state machine
//! [`Frame`]; [`parse`] reads the format and hands every line, with what
//! the frame made of it, to a [`Visit`]; [`render`] is the referee's
//! `Visit`; [`fast`] reads plain lines faster for the tool; [`strict`]
//! holds the input to the format.

pub mod balls;
pub mod fast;
pub mod parse;
pub mod render;
pub mod rules;
pub mod strict;

pub use self::balls::{Ball, BallOn, Colours, Player, Stroke};
pub use self::parse::{Names, Visit};
use self::render::Referee;
pub use self::rules::{Frame, Impossible, Next, Outcome, Replay, Stage};
use crate::core::io::strict::Strict;
use crate::core::io::{Error, Lines, Output};
use std::io::{Read, Write};

/// `referee snooker`: the referee's words for every frame of `input`.
pub fn solve<R: Read, W: Write>(input: R, out: W) -> Result<(), Error> {
    solve_with(input, out, &mut fast::Fast::default())
}

/// How many lines of `input` the tool's fast path takes whole (the rest
/// go to the general reading), the output thrown away: the tests hold the
/// fast path to the lines it was written for with it.
pub fn lines_taken_fast<R: Read>(input: R) -> Result<usize, Error> {
    let mut lines = Lines::new(input);
    let mut out = Output::new(std::io::sink());
    let result = parse::read_frames(
        &mut lines,
        &mut fast::Fast::default(),
        &mut Referee::new(&mut out),
    );
    out.finish(result)?;
    Ok(lines.taken_fast())
}

/// `referee snooker --strict`: the same, the input held to the format.
pub fn solve_strict<R: Read, W: Write>(input: R, out: W) -> Result<(), Error> {
    solve_with(input, out, &mut Strict::new())
}

/// The referee's words with the reading `checks`: `io::Tolerant` (the
/// general reading, which the judge bundles use), `fast::Fast` or
/// `io::strict::Strict`.
pub fn solve_with<R: Read, W: Write, C: parse::Checks>(
    input: R,
    out: W,
    checks: &mut C,
) -> Result<(), Error> {
    let mut out = Output::new(out);
    let result = parse::read_frames(&mut Lines::new(input), checks, &mut Referee::new(&mut out));
    out.finish(result)
}
