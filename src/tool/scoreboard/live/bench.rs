//! How long `referee match` takes to answer an entry once a match is long:
//! `referee bench` runs it after the solvers. Each entry is read, played,
//! written to the log (a file) and answered with the board as JSON, and,
//! with the report, the HTML page is made as well. A measurement, not a
//! test.

use super::board::Board;
use super::entry;
use super::log::Log;
use super::state::{Match, Settings};
use std::time::{Duration, Instant};

/// Entries played before the ones that count most, and after them.
pub(crate) const LONG: usize = 10_000;
pub(crate) const AFTER: usize = 200;

/// Entries that keep a frame going for ever (fouls, `again`, misses).
const PLAY: [&str; 5] = ["None", "again", "Red", "None", "Blue"];
/// Undo among them: each round takes back two entries and plays three,
/// so that every entry is taken.
const WITH_UNDO: [&str; 5] = ["undo", "undo", "None", "again", "Blue"];

/// The median and the slowest of some times.
pub(crate) struct Times {
    pub(crate) median: Duration,
    pub(crate) max: Duration,
}

fn times(mut all: Vec<Duration>) -> Times {
    all.sort();
    Times {
        median: all[all.len() / 2],
        max: all[all.len() - 1],
    }
}

/// Times for the first `LONG` entries and for `AFTER` more with undo, with
/// the HTML report made after each entry or not; the log goes to a file
/// in the system's temporary folder, removed after.
pub(crate) fn run(with_report: bool) -> Result<(Times, Times), String> {
    let settings = Settings {
        names: ["Ann".to_string(), "Bob".to_string()],
        best_of: 35,
    };
    let path = std::env::temp_dir().join(format!("referee-bench-{}.log", std::process::id()));
    let path = path.to_string_lossy().into_owned();
    let mut log = Log::create(Some(&path), &settings)?;
    let mut game = Match::new(settings);
    let mut answer = |text: &str| -> Result<Duration, String> {
        let start = Instant::now();
        let entry = entry::parse(text, &game.settings.names, game.state.lot_due())?;
        game.enter(&entry)?;
        let logged = entry::text(&entry, &game.settings.names);
        log.write(&logged).map_err(|e| e.to_string())?;
        let board = Board::of(&game).json(None);
        let page = if with_report {
            super::session::page("bench", &game)
        } else {
            String::new()
        };
        let took = start.elapsed();
        std::hint::black_box((board, page));
        Ok(took)
    };
    let long: Result<Vec<Duration>, String> = (0..LONG).map(|i| answer(PLAY[i % 5])).collect();
    let after: Result<Vec<Duration>, String> =
        (0..AFTER).map(|i| answer(WITH_UNDO[i % 5])).collect();
    let _ = std::fs::remove_file(&path);
    Ok((times(long?), times(after?)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every entry of the bench is taken, in a match as in the bench.
    #[test]
    fn the_bench_plays_every_entry() {
        let settings = Settings {
            names: ["Ann".to_string(), "Bob".to_string()],
            best_of: 35,
        };
        let mut game = Match::new(settings);
        let entries = PLAY
            .iter()
            .cycle()
            .take(50)
            .chain(WITH_UNDO.iter().cycle().take(50));
        for (i, text) in entries.enumerate() {
            let entry = entry::parse(text, &game.settings.names, game.state.lot_due()).unwrap();
            assert_eq!(game.enter(&entry), Ok(()), "entry {}: {}", i, text);
        }
    }
}
