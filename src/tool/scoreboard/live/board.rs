//! The board after an entry, in its three forms: a JSON object
//! (`--json`), one plain line (through a pipe) and a screen (on a
//! terminal). All three are written from one [`Board`], what an entry's
//! answer says (M6, M7).

use super::state::Match;
use crate::core::io::error::escaped_bytes;
use crate::core::snooker::{BallOn, Player};
use crate::tool::cli::help::wrap;
use crate::tool::scoreboard::needs_snookers;
use crate::tool::terminal::{columns, pad};

/// What the board shows after an entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Board {
    /// The names as the line and the screen show them: control and
    /// invisible characters (a mark that turns text around) spelled out,
    /// as the scoreboard's views do.
    pub(crate) names: [String; 2],
    /// The names as given, for JSON.
    pub(crate) given_names: [String; 2],
    pub(crate) best_of: u32,
    pub(crate) frame: u32,
    pub(crate) frames: [u32; 2],
    pub(crate) score: [u64; 2],
    pub(crate) next: Option<Player>,
    pub(crate) in_hand: bool,
    pub(crate) current_break: u64,
    pub(crate) remaining: u64,
    pub(crate) on: Option<&'static str>,
    /// The last entry's foul: the offender and the points it gave away.
    pub(crate) foul: Option<(Player, u64)>,
    pub(crate) frame_winner: Option<Player>,
    /// The player who conceded the frame (M3).
    pub(crate) conceded: Option<Player>,
    pub(crate) match_winner: Option<Player>,
    pub(crate) lot_due: bool,
    /// The player who needs snookers and the points he needs from them
    /// to draw level.
    pub(crate) snookers: Option<(Player, u64)>,
    pub(crate) highest: [u64; 2],
    /// The last entries that stand, oldest first.
    pub(crate) last: Vec<String>,
}

/// `text` as a terminal is to show it (`escaped_bytes`).
fn for_terminal(text: &str) -> String {
    escaped_bytes(text.as_bytes())
}

/// How many earlier entries the board lists.
const LAST_ENTRIES: usize = 6;

impl Board {
    pub(crate) fn of(game: &Match) -> Board {
        let state = &game.state;
        let frame_winner = state.frame_winner();
        let over = frame_winner.is_some();
        let in_play = !over && !state.lot_due();
        let next = game.next();
        let snookers = needs_snookers(&state.frame)
            .filter(|_| !over)
            .map(|behind| {
                let behind = state.of_frame(behind);
                let score = state.score();
                let gap = score[behind.other().index()] - score[behind.index()];
                (behind, gap - state.frame.points_remaining())
            });
        let skip = game.entries.len().saturating_sub(LAST_ENTRIES);
        Board {
            names: game.settings.names.clone().map(|name| for_terminal(&name)),
            given_names: game.settings.names.clone(),
            best_of: game.settings.best_of,
            frame: state.number,
            frames: state.frames,
            score: state.score(),
            next,
            // A frame that is over has no one at the table (M6).
            in_hand: in_play && state.in_hand,
            current_break: if in_play { state.breaks.current } else { 0 },
            remaining: if over {
                0
            } else {
                state.frame.points_remaining()
            },
            on: state.frame.ball_on().filter(|_| !over).map(BallOn::name),
            foul: state.foul,
            frame_winner,
            conceded: state.conceded,
            match_winner: game.winner(),
            lot_due: state.lot_due(),
            snookers,
            highest: state.highest,
            last: game.entries[skip..]
                .iter()
                .map(|e| for_terminal(e))
                .collect(),
        }
    }

    fn name(&self, player: Player) -> &str {
        &self.names[player.index()]
    }

    /// The object of `--json`: exactly these keys, in this order.
    pub(crate) fn json(&self, error: Option<&str>) -> String {
        let name = |p: Option<Player>| {
            p.map_or("null".to_string(), |p| {
                json_string(&self.given_names[p.index()])
            })
        };
        format!(
            "{{\"frame\":{},\"frames\":[{},{}],\"score\":[{},{}],\"next\":{},\"in_hand\":{},\
             \"break\":{},\"remaining\":{},\"on\":{},\"foul\":{},\"frame_winner\":{},\
             \"match_winner\":{},\"error\":{}}}\n",
            self.frame,
            self.frames[0],
            self.frames[1],
            self.score[0],
            self.score[1],
            name(self.next),
            self.in_hand,
            self.current_break,
            self.remaining,
            self.on.map_or("null".to_string(), json_string),
            self.foul.is_some(),
            name(self.frame_winner),
            name(self.match_winner),
            error.map_or("null".to_string(), json_string),
        )
    }

    /// What the frame says now, after the score: who plays or who won.
    fn situation(&self) -> Vec<String> {
        let mut parts = Vec::new();
        // The frame's winner, then the match's when that frame won it.
        if let Some(winner) = self.frame_winner {
            let conceded = match self.conceded {
                Some(player) => format!(" ({} conceded)", self.name(player)),
                None => String::new(),
            };
            parts.push(format!(
                "{} wins frame {}{}",
                self.name(winner),
                self.frame,
                conceded
            ));
        }
        if let Some(winner) = self.match_winner {
            let [a, b] = self.frames;
            parts.push(format!(
                "{} wins the match {}-{}",
                self.name(winner),
                a.max(b),
                a.min(b)
            ));
        }
        match self.next {
            Some(next) if self.frame_winner.is_some() => parts.push(format!(
                "{} breaks off frame {}",
                self.name(next),
                self.frame + 1
            )),
            Some(next) => {
                let hand = if self.in_hand { ", in hand" } else { "" };
                parts.push(format!("{} to play{}", self.name(next), hand));
                parts.push(format!("break {}", self.current_break));
            }
            None if self.lot_due => parts.push(format!(
                "tie: the lot is due ({} or {})",
                self.names[0], self.names[1]
            )),
            None => {}
        }
        if self.frame_winner.is_none() {
            parts.push(format!("remaining {}", self.remaining));
            if let Some(on) = self.on {
                parts.push(format!("on {}", on));
            }
            let [a, b] = self.score;
            if a != b {
                let leader = if a > b { Player::A } else { Player::B };
                parts.push(format!("{} leads by {}", self.name(leader), a.abs_diff(b)));
            }
            if let Some((player, points)) = self.snookers {
                let plural = if points == 1 { "" } else { "s" };
                parts.push(format!(
                    "{} needs snookers ({} point{})",
                    self.name(player),
                    points,
                    plural
                ));
            }
        }
        parts
    }

    /// The last entry's foul after its word: `by Bob: 4 to Ann`.
    fn foul_text(&self) -> Option<String> {
        self.foul.map(|(offender, points)| {
            format!(
                "by {}: {} to {}",
                self.name(offender),
                points,
                self.name(offender.other())
            )
        })
    }

    /// The score line: `frame 2: Ann 45 - 12 Bob (frames 1-0)`.
    fn score_line(&self) -> String {
        format!(
            "frame {}: {} {} - {} {} (frames {}-{})",
            self.frame,
            self.names[0],
            self.score[0],
            self.score[1],
            self.names[1],
            self.frames[0],
            self.frames[1]
        )
    }

    /// The board in a line, without its line end: the score and what the
    /// frame says now (the report's line for spectators).
    pub(crate) fn summary(&self) -> String {
        let mut parts = vec![self.score_line()];
        if let Some(foul) = self.foul_text() {
            parts.push(format!("foul {}", foul));
        }
        parts.extend(self.situation());
        parts.join(" | ")
    }

    /// The one-line board of a pipe: the summary, then the highest breaks
    /// in the order of the score and the last `LINE_ENTRIES` entries (when
    /// there are any), as the screen shows them.
    pub(crate) fn line(&self, error: Option<&str>) -> String {
        if let Some(message) = error {
            return format!("refused: {}\n", message);
        }
        let mut line = format!(
            "{} | highest breaks {}-{}",
            self.summary(),
            self.highest[0],
            self.highest[1]
        );
        let last = &self.last[self.last.len().saturating_sub(LINE_ENTRIES)..];
        if !last.is_empty() {
            line.push_str(&format!(" | last: {}", last.join(", ")));
        }
        line.push('\n');
        line
    }

    /// The screen of a terminal, lines of at most 80 columns when names
    /// have at most 20 characters (two lines for a player whose name's
    /// wide characters need it); `colour` adds bold and red.
    pub(crate) fn screen(&self, error: Option<&str>, colour: bool) -> String {
        let paint = |text: &str, code: &str| {
            if colour {
                format!("\x1b[{}m{}\x1b[0m", code, text)
            } else {
                text.to_string()
            }
        };
        let mut lines = vec![format!(
            "referee match, best of {}: frame {}",
            self.best_of, self.frame
        )];
        let width = self.names.iter().map(|n| columns(n)).max().unwrap_or(0);
        for player in [Player::A, Player::B] {
            let marker = if self.next == Some(player) && self.frame_winner.is_none() {
                ">"
            } else {
                " "
            };
            let name = pad(self.name(player), width, false);
            let figures = format!(
                "frames {:>2}  score {:>3}  highest break {:>3}",
                self.frames[player.index()],
                self.score[player.index()],
                self.highest[player.index()]
            );
            // Names too wide for one line (wide characters) get a line
            // of their own.
            if 2 + width + 2 + figures.len() <= SCREEN_WIDTH {
                lines.push(format!("{} {}  {}", marker, paint(&name, "1"), figures));
            } else {
                lines.push(format!("{} {}", marker, paint(self.name(player), "1")));
                lines.push(format!("    {}", figures));
            }
        }
        if let Some(foul) = self.foul_text() {
            for line in wrap(&format!("Foul {}", foul), SCREEN_WIDTH) {
                lines.push(paint(&line, "31"));
            }
        }
        lines.extend(pack(&self.situation()));
        // The newest entries that fit on one line.
        let mut shown: Vec<&str> = Vec::new();
        let mut used = "last: ".len();
        for entry in self.last.iter().rev() {
            used += columns(entry) + " | ".len();
            if used > SCREEN_WIDTH {
                break;
            }
            shown.insert(0, entry);
        }
        lines.push(format!("last: {}", shown.join(" | ")));
        if let Some(message) = error {
            for line in wrap(&format!("refused: {}", message), SCREEN_WIDTH) {
                lines.push(paint(&line, "31"));
            }
        }
        let mut text = lines.join("\n");
        text.push('\n');
        text
    }
}

/// The entries the one-line board ends with.
const LINE_ENTRIES: usize = 3;

/// The width the screen is made for.
pub(super) const SCREEN_WIDTH: usize = 80;

/// Parts put on lines of at most `SCREEN_WIDTH` columns, ` | ` apart.
fn pack(parts: &[String]) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for part in parts {
        match lines.last_mut() {
            Some(line) if columns(line) + 3 + columns(part) <= SCREEN_WIDTH => {
                line.push_str(" | ");
                line.push_str(part);
            }
            // A part wider than the screen (names of wide characters).
            _ => lines.extend(wrap(part, SCREEN_WIDTH)),
        }
    }
    lines
}

/// A JSON string: quotes, backslashes and control characters escaped.
fn json_string(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_strings_escape_what_json_needs() {
        assert_eq!(
            json_string("O'Sul \"R\"\\\t"),
            "\"O'Sul \\\"R\\\"\\\\\\u0009\""
        );
    }
}
