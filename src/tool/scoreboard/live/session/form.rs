//! How a session answers an entry: a board drawn on a terminal, one
//! line per entry through a pipe, or a JSON object (`--json`).

use super::super::board::Board;
use super::super::state::Match;
use super::words::log_line;
use crate::tool::terminal::is_dumb;
use std::ffi::OsString;
use std::io::{self, Write};

/// How the board is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Form {
    Json,
    Line,
    /// A screen: drawn over the last one (`in_place`) or below it, in
    /// colour or not.
    Screen {
        in_place: bool,
        colour: bool,
    },
}

impl Form {
    /// The form for `--json` or not, a terminal or not, and the
    /// environment (`var` reads a variable): `NO_COLOR` set to anything
    /// but nothing takes the colour away, as its convention asks;
    /// `TERM=dumb`, which cannot move the cursor, every escape sequence.
    pub(super) fn of(json: bool, terminal: bool, var: impl Fn(&str) -> Option<OsString>) -> Form {
        let dumb = is_dumb(var("TERM").as_deref());
        let no_colour = var("NO_COLOR").is_some_and(|value| !value.is_empty());
        match (json, terminal) {
            (true, _) => Form::Json,
            (false, false) => Form::Line,
            (false, true) => Form::Screen {
                in_place: !dumb,
                colour: !dumb && !no_colour,
            },
        }
    }
}

/// Writes the board after an entry and hands it to the OS. A screen
/// also says where the match is logged: what was said at the start is
/// drawn over, and an interrupted match says nothing at its end.
pub(super) fn answer<W: Write>(
    out: &mut W,
    form: Form,
    game: &Match,
    error: Option<&str>,
    log: &str,
) -> io::Result<()> {
    let board = Board::of(game);
    let logged = log_line(log);
    let text = match form {
        Form::Json => board.json(error),
        Form::Line => board.line(error),
        Form::Screen { in_place, colour } => {
            let logged = match colour {
                true => format!("\x1b[2m{}\x1b[0m", logged),
                false => logged,
            };
            // Drawn over the last board, or below it.
            let start = if in_place { "\x1b[H\x1b[2J" } else { "\n" };
            format!("{}{}{}\n> ", start, board.screen(error, colour), logged)
        }
    };
    out.write_all(text.as_bytes())?;
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::super::super::state::Settings;
    use super::*;

    #[test]
    fn no_color_takes_the_colour_and_a_dumb_terminal_every_escape() {
        let with = |vars: &'static [(&'static str, &'static str)]| {
            move |name: &str| {
                let found = vars.iter().find(|(var, _)| *var == name);
                found.map(|(_, value)| OsString::from(value))
            }
        };
        let screen = |in_place, colour| Form::Screen { in_place, colour };
        assert_eq!(Form::of(false, true, with(&[])), screen(true, true));
        assert_eq!(
            Form::of(false, true, with(&[("NO_COLOR", "1")])),
            screen(true, false)
        );
        assert_eq!(
            Form::of(false, true, with(&[("NO_COLOR", "")])),
            screen(true, true)
        );
        assert_eq!(
            Form::of(false, true, with(&[("TERM", "dumb")])),
            screen(false, false)
        );
        assert_eq!(Form::of(false, false, with(&[])), Form::Line);
        assert_eq!(Form::of(true, true, with(&[])), Form::Json);
    }

    #[test]
    fn a_screen_without_colour_is_still_drawn_in_place() {
        let names = ["Ann".to_string(), "Bob".to_string()];
        let game = Match::new(Settings { names, best_of: 1 });
        let screen = |in_place, colour| {
            let mut out = Vec::new();
            answer(
                &mut out,
                Form::Screen { in_place, colour },
                &game,
                None,
                "m.log",
            )
            .unwrap();
            String::from_utf8(out).unwrap()
        };
        let plain = screen(true, false);
        assert!(plain.starts_with("\x1b[H\x1b[2J"), "{:?}", plain);
        assert!(
            !plain["\x1b[H\x1b[2J".len()..].contains('\x1b'),
            "{:?}",
            plain
        );
        assert!(!screen(false, false).contains('\x1b'));
        assert!(screen(true, true).contains("\x1b[0m"));
    }
}
