//! # `referee match`: live scoring of a whole match
//!
//! The scoreboard at the table: entries are typed (or sent by another
//! program) one a line, and every entry is answered at once with the
//! board. Every stroke is played on the referee's [`Frame`](crate::core::snooker::Frame), so the rules
//! are the referee's (see [`crate::core::snooker`]); what a match adds is
//! ruled here.
//!
//! - **M1 The match.** Best of N frames, N odd, 1 to 35 (`--best-of`,
//!   1 by default). Player A, the first name, breaks off the odd frames,
//!   B the even ones; each frame starts at 0 : 0 with fifteen reds and the
//!   player breaking off in hand. The match is over when a player has
//!   (N+1)/2 frames; then only `undo` and `quit` are taken.
//! - **M2 Entries.** A stroke in the contest's notation, in any letter
//!   case, or in short forms (`r y g br bl p k` for the balls, `w` for
//!   White, `n` for None: `r r` is `Red Red`); `again` (or `a`, or `Play
//!   again`) after a foul; the name of the player who won the lot after a
//!   tie on the black; `free BALL ...` (M4); `concede`; `undo` (`u`);
//!   `quit` (`q`) or the end of the input. Anything else is refused with
//!   what was expected (and the nearest word to a misspelt one); a refused
//!   entry changes nothing and is not logged. So that a lot's winner is
//!   never taken for `undo` or `quit`, no player is named with their
//!   words.
//! - **M3 Concede.** The player at the table concedes the frame: the
//!   opponent wins it whatever the score. Not while a lot is due.
//! - **M4 Free ball** (beyond the contest, whose input cannot ask for
//!   it: `Frame::free_ball` is reached from here only). Only on the first
//!   stroke of a visit that began with the opponent's foul, not after
//!   `again`. `free BALL FIRST [POTTED...]` nominates BALL, a colour on the
//!   table that is not the ball on, to stand for the ball on. Hitting BALL
//!   first is legal; hitting the ball it stands for first is a foul, as
//!   missing everything is. Potting BALL (alone, or with reds while reds
//!   are on) scores the value of the ball on (1 while reds are on); BALL
//!   is respotted and play goes on as if the ball on had been potted
//!   (with reds on, a colour next; in the colours' phase the ball on is
//!   still on the table, so it stays the ball on, S2). Balls on potted
//!   after BALL was hit first score as usual; if BALL goes down with the
//!   ball on in the colours' phase, the ball on scores and stays down and
//!   BALL is respotted. Fouls and penalties as for any stroke, BALL
//!   counted at the ball on's value.
//! - **M5 Undo.** Takes back the last entry that stands, any number of
//!   times, across frames, back to the start of the match: scores, table,
//!   turn, breaks and frames are as before that entry. It is logged as
//!   `undo`.
//! - **M6 The answer.** After an entry the board describes the frame the
//!   entry belonged to: after a frame's last entry, that frame with its
//!   winner, and the next entry starts the next frame. Who plays next is,
//!   after a frame's last entry, the player to break off the next frame,
//!   and no one while a lot is due or once the match is over.
//! - **M7 Breaks and points remaining** as the scoreboard counts them (K1,
//!   K2): the break shown is the current break of the player at the table,
//!   0 when a visit has just begun, after a foul, while a lot is due and
//!   once the frame is over.
//!
//! The answer is a screen drawn in place on a terminal (without colour
//! when `NO_COLOR` is set to anything but nothing, below the last with
//! no escape sequence at all when `TERM=dumb`), one plain line per
//! entry otherwise, or with `--json` one object per entry. Every
//! accepted entry is written to the log (`log.rs`) before it is
//! answered; `--html FILE` keeps a report up to date (`super::report`).

pub(crate) mod bench;
mod board;
mod entry;
mod log;
mod session;
mod state;

pub(crate) use self::session::{run, Options};

#[cfg(test)]
mod tests;
