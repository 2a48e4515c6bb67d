//! Each problem's limits and format facts, stated once: `--strict` holds
//! input to them, the generators stay within them, the packages' input
//! validators and statements quote them.

/// Snooker referee (ICPC Asia Chengdu 2010).
pub mod snooker {
    use std::ops::RangeInclusive;

    /// The number of frames in a file (the statement's T <= 200).
    pub const FRAMES: RangeInclusive<u64> = 1..=200;
    /// A player's name: 1 to 20 English letters.
    pub(crate) const NAME_LETTERS: RangeInclusive<usize> = 1..=20;
}

/// Four in a row (SPOJ FOUROW).
pub mod fourrow {
    use std::ops::RangeInclusive;

    /// The number of games in a file (the statement's 0 < t < 100).
    pub const GAMES: RangeInclusive<u64> = 1..=99;
    pub use crate::judge::fourrow::ROWS;
    /// The board: seven slots of six cells, as the judge core's rules
    /// have it.
    pub(crate) use crate::judge::fourrow::SLOTS as COLUMNS;
    /// The most moves a game line holds: one chip per cell.
    pub const MAX_MOVES: usize = COLUMNS * ROWS;
}

/// Rating points exchange (ICPC South Pacific 2007).
pub mod rating {
    use std::ops::RangeInclusive;

    /// The number of tournaments in a file.
    pub const TOURNAMENTS: RangeInclusive<u64> = 1..=1000;
    /// Players (n) and games (m) of one tournament.
    pub const PLAYERS: RangeInclusive<u64> = 2..=500;
    pub const GAMES: RangeInclusive<u64> = 1..=500;
    /// A player's name: 1 to 10 lower-case letters.
    pub(crate) const NAME_LETTERS: RangeInclusive<usize> = 1..=10;
    /// The largest rating accepted and kept, in hundredths, in either
    /// direction (any mode), as the judge core keeps it (P7).
    pub(crate) const MAX_RATING: i64 = crate::judge::rating::MAX_RATING;
}
