//! A session of `referee match`: the settings checked, the log started or
//! resumed, then entries read one a line and each answered before the
//! next is read.

use super::board::Board;
use super::entry::{self, name_key, Entry};
use super::log::{self, Log};
use super::state::{Match, Settings};
use crate::tool::cli::Usage;
use crate::tool::scoreboard::report;
use std::io::{self, BufRead, IsTerminal, Write};

/// What the command line asks of a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    pub names: [String; 2],
    /// None: 1, or the resumed log's.
    pub best_of: Option<u64>,
    pub log: Option<String>,
    pub resume: Option<String>,
    pub json: bool,
    pub html: Option<String>,
}

/// How the board is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Form {
    Json,
    Line,
    Screen { colour: bool },
}

/// Why a session could not start: a usage error (status 2) or another.
enum Failure {
    Usage(String),
    Other(String),
}

/// Runs a match on standard input and output; returns the exit status.
pub fn run(options: Options) -> u8 {
    let (mut game, mut log) = match start(&options) {
        Ok(started) => started,
        Err(Failure::Usage(message)) => {
            eprint!("{}", Usage::new(message).of("match").report());
            return 2;
        }
        Err(Failure::Other(message)) => {
            eprintln!("referee: {}", message);
            return 1;
        }
    };
    eprintln!("referee: the match is logged in {}", log.path);
    let form = if options.json {
        Form::Json
    } else if io::stdout().is_terminal() {
        let dumb = std::env::var_os("TERM").is_some_and(|term| term == "dumb");
        Form::Screen {
            colour: std::env::var_os("NO_COLOR").is_none() && !dumb,
        }
    } else {
        Form::Line
    };
    let mut out = crate::tool::run::stdout();
    // A report that cannot be written is said once, not at every entry,
    // and the match goes on: its log has it all. The status is then 1.
    let mut report_failed = false;
    let mut write_report = |game: &Match| {
        let failure = options
            .html
            .as_deref()
            .and_then(|path| report(path, game).err());
        if let (Some(message), false) = (&failure, report_failed) {
            eprintln!("referee: {}", message);
        }
        report_failed = failure.is_some();
    };
    if let Form::Screen { .. } = form {
        if let Err(e) = answer(&mut out, form, &game, None) {
            return board_gone(&e);
        }
    }
    let mut input = io::stdin().lock();
    let mut line = Vec::new();
    let mut first_line = true;
    loop {
        line.clear();
        match input.read_until(b'\n', &mut line) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) => {
                eprintln!("referee: <stdin>: {}", e);
                return 1;
            }
        }
        let text = String::from_utf8_lossy(&line);
        // A byte-order mark at the very start is no part of the entry (R0.5).
        let text = match text.strip_prefix('\u{feff}') {
            Some(rest) if first_line => rest,
            _ => &text,
        };
        first_line = false;
        let refusal = match entry::parse(text, &game.settings.names, game.state.lot_due()) {
            Ok(Entry::Quit) => break,
            Ok(entry) => match game.enter(&entry) {
                Ok(()) => {
                    let logged = entry::text(&entry, &game.settings.names);
                    if let Err(e) = log.write(&logged) {
                        // Not in the log: not taken.
                        let _ = game.enter(&Entry::Undo);
                        eprintln!("referee: {}: {}", log.path, e);
                        return 1;
                    }
                    None
                }
                Err(message) => Some(message),
            },
            Err(message) => Some(message),
        };
        if refusal.is_none() {
            // Before the answer, so that the report is never behind it.
            write_report(&game);
        }
        if let Err(e) = answer(&mut out, form, &game, refusal.as_deref()) {
            return board_gone(&e);
        }
    }
    if let Form::Screen { .. } = form {
        let _ = out.write_all(b"\n");
    }
    u8::from(report_failed)
}

/// The status when the board can no longer be written: 0 when its reader
/// closed the pipe (the log has it all), else 1 with the error.
fn board_gone(error: &io::Error) -> u8 {
    if error.kind() == io::ErrorKind::BrokenPipe {
        return 0;
    }
    eprintln!("referee: <stdout>: {}", error);
    1
}

/// Writes the report of `game` whole to `path`; the error names the file.
fn report(path: &str, game: &Match) -> Result<(), String> {
    let [a, b] = &game.settings.names;
    let title = format!("{} v {}, best of {}", a, b, game.settings.best_of);
    let page = page(&title, game);
    report::write_whole(path, &page).map_err(|e| format!("{}: {}", path, e))
}

/// The report of `game`, with its board's line, reloaded until the match
/// is over.
pub(super) fn page(title: &str, game: &Match) -> String {
    let now = Board::of(game).line(None);
    let live = report::Live {
        now: now.trim_end(),
        over: game.winner().is_some(),
    };
    report::html(title, &game.record, Some(live))
}

/// Writes the board after an entry and hands it to the OS.
fn answer<W: Write>(out: &mut W, form: Form, game: &Match, error: Option<&str>) -> io::Result<()> {
    let board = Board::of(game);
    let text = match form {
        Form::Json => board.json(error),
        Form::Line => board.line(error),
        Form::Screen { colour: true } => {
            format!("\x1b[H\x1b[2J{}> ", board.screen(error, true))
        }
        Form::Screen { colour: false } => format!("\n{}> ", board.screen(error, false)),
    };
    out.write_all(text.as_bytes())?;
    out.flush()
}

/// The match and its log, new or resumed.
fn start(options: &Options) -> Result<(Match, Log), Failure> {
    let [a, b] = &options.names;
    if a.trim().is_empty() || b.trim().is_empty() {
        return Err(Failure::Usage("a player's name cannot be blank".into()));
    }
    if a.chars().chain(b.chars()).any(char::is_control) {
        return Err(Failure::Usage(
            "a player's name cannot hold a line end or another control character".into(),
        ));
    }
    if name_key(a) == name_key(b) {
        return Err(Failure::Usage(format!(
            "the two players need different names, found `{}` twice",
            a.trim()
        )));
    }
    if options.log.is_some() && options.resume.is_some() {
        return Err(Failure::Usage(
            "`--log` starts a new log and `--resume` goes on with one: give one".into(),
        ));
    }
    if let Some(n) = options.best_of.filter(|n| n % 2 == 0) {
        return Err(Failure::Usage(format!(
            "`--best-of` takes an odd number of frames, found {}",
            n
        )));
    }
    let path = match &options.resume {
        None => {
            let settings = Settings {
                names: [a.trim().to_string(), b.trim().to_string()],
                best_of: options.best_of.unwrap_or(1) as u32,
            };
            let game = Match::new(settings);
            first_report(options, &game)?;
            let log =
                Log::create(options.log.as_deref(), &game.settings).map_err(Failure::Other)?;
            return Ok((game, log));
        }
        Some(path) => path,
    };
    let read = log::read(path).map_err(Failure::Other)?;
    let settings = read.settings;
    let same_names =
        name_key(a) == name_key(&settings.names[0]) && name_key(b) == name_key(&settings.names[1]);
    if !same_names {
        return Err(Failure::Other(format!(
            "{}: the log is of {} v {}, not {} v {}",
            path, settings.names[0], settings.names[1], a, b
        )));
    }
    if options
        .best_of
        .is_some_and(|n| n != u64::from(settings.best_of))
    {
        return Err(Failure::Other(format!(
            "{}: the log is of a match best of {}",
            path, settings.best_of
        )));
    }
    let mut game = Match::new(settings);
    for (number, text) in &read.entries {
        let entry = entry::parse(text, &game.settings.names, game.state.lot_due());
        let taken = entry.and_then(|entry| game.enter(&entry));
        if let Err(message) = taken {
            return Err(Failure::Other(format!(
                "{}:{}:1: {}",
                path, number, message
            )));
        }
    }
    first_report(options, &game)?;
    let log = Log::append(path, read.ends_line).map_err(Failure::Other)?;
    Ok((game, log))
}

/// The report as the match starts, if one is asked for: a report that
/// cannot be written then stops the session before its log is touched.
fn first_report(options: &Options, game: &Match) -> Result<(), Failure> {
    match &options.html {
        Some(path) => report(path, game).map_err(Failure::Other),
        None => Ok(()),
    }
}
