//! A session of `referee match`: the settings checked, the log started or
//! resumed, then entries read one a line and each answered before the
//! next is read.

use super::board::Board;
use super::entry::{self, name_key, Entry, Refused};
use super::log::{self, Log};
use super::state::{Match, Settings};
use crate::core::io::error::{escaped_name, shown};
use crate::core::io::lines::{too_long, MAX_LINE, NOT_UTF8};
use crate::core::io::{stderr_about, stderr_line, stderr_text};
use crate::tool::cli::Usage;
use crate::tool::scoreboard::report;
use std::io::{self, BufRead, IsTerminal, Read, Write};
use std::path::Path;

mod form;
mod words;
use form::{answer, Form};
use words::{logged_in, resume_command};

/// What the command line asks of a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    pub(crate) names: [String; 2],
    /// None: 1, or the resumed log's.
    pub(crate) best_of: Option<u64>,
    pub(crate) log: Option<String>,
    pub(crate) resume: Option<String>,
    pub(crate) json: bool,
    pub(crate) html: Option<String>,
}

/// Why a session could not start: a usage error (status 2) or another.
enum Failure {
    Usage(String),
    Other(String),
}

/// Runs a match on standard input and output; returns the exit status.
pub fn run(options: Options) -> u8 {
    // Entries from a folder (`< DIR`) are refused before a log is made.
    let mut input = match crate::tool::run::open_stdin() {
        Ok(input) => input,
        Err(e) => {
            stderr_line(format_args!("referee: <stdin>: {}", e));
            return 1;
        }
    };
    let (mut game, mut log) = match start(&options) {
        Ok(started) => started,
        Err(Failure::Usage(message)) => {
            stderr_text(format_args!("{}", Usage::new(message).of("match").report()));
            return 2;
        }
        Err(Failure::Other(message)) => {
            stderr_line(format_args!("referee: {}", message));
            return 1;
        }
    };
    stderr_line(format_args!("referee: {}", logged_in(&log.path)));
    let form = Form::of(options.json, io::stdout().is_terminal(), |name| {
        std::env::var_os(name)
    });
    let mut out = crate::tool::run::stdout();
    // A report that cannot be written is said once, not at every entry,
    // and the match goes on: its log has it all. It is still written at
    // every entry, and the status is 1 though it may have caught up.
    let mut report_failed = false;
    let mut write_report = |game: &Match| {
        let failure = options
            .html
            .as_deref()
            .and_then(|path| report(path, game).err());
        if let Some(message) = failure {
            if !report_failed {
                stderr_line(format_args!("referee: {}", message));
            }
            report_failed = true;
        }
    };
    if let Form::Screen { .. } = form {
        if let Err(e) = answer(&mut out, form, &game, None, &log.path) {
            return board_gone(&e);
        }
    }
    let mut line = Vec::new();
    let mut first_line = true;
    // Once a read found the end of input, none is tried again: on a
    // terminal, Ctrl-D after a half-typed entry ends it and the match.
    let mut ended = false;
    while !ended {
        match read_entry(&mut input, &mut line) {
            Ok(Got::End) => break,
            Ok(Got::Line) => {}
            Ok(Got::LastLine) => ended = true,
            Err(e) => {
                stderr_line(format_args!("referee: <stdin>: {}", e));
                return 1;
            }
        }
        // An entry is text: a line that is not UTF-8 is refused, as the
        // log's reading would refuse it.
        let (text, utf8) = match std::str::from_utf8(&line) {
            Ok(text) => (text, true),
            Err(_) => ("", false),
        };
        // A byte-order mark at the very start is no part of the entry (R0.5).
        let text = match text.strip_prefix('\u{feff}') {
            Some(rest) if first_line => rest,
            _ => text,
        };
        first_line = false;
        // A blank line is no entry (R0.1): passed without an answer, but
        // for a fresh prompt on the screen.
        let over_limit = too_long_entry(&line);
        if text.trim().is_empty() && utf8 && !over_limit {
            if let Form::Screen { .. } = form {
                if let Err(e) = answer(&mut out, form, &game, None, &log.path) {
                    return board_gone(&e);
                }
            }
            continue;
        }
        let parsed = if over_limit {
            Err(Refused::at(0, too_long()))
        } else if !utf8 {
            Err(Refused::at(0, NOT_UTF8.to_string()))
        } else {
            entry::parse(text, &game.settings.names, game.state.lot_due())
        };
        let refusal = match parsed {
            Ok(Entry::Quit) => break,
            Ok(entry) => match game.enter(&entry) {
                Ok(()) => {
                    let logged = entry::text(&entry, &game.settings.names);
                    if let Err(e) = log.write(&logged) {
                        // Not in the log: not taken.
                        let _ = game.enter(&Entry::Undo);
                        stderr_about(&log.path, e);
                        return 1;
                    }
                    None
                }
                Err(message) => Some(message),
            },
            Err(refused) => Some(refused.message),
        };
        if refusal.is_none() {
            // Before the answer, so that the report is never behind it.
            write_report(&game);
        }
        if let Err(e) = answer(&mut out, form, &game, refusal.as_deref(), &log.path) {
            return board_gone(&e);
        }
    }
    if let Form::Screen { .. } = form {
        let _ = out.write_all(b"\n");
        // The board was drawn over what was said at the start: it is
        // said again, with the command that goes on with the match.
        stderr_line(format_args!(
            "referee: {}; to go on with it: {}",
            logged_in(&log.path),
            resume_command(&game.settings.names, &log.path)
        ));
    }
    u8::from(report_failed)
}

/// What `read_entry` found.
#[derive(Debug, PartialEq, Eq)]
enum Got {
    /// A line with its line end.
    Line,
    /// A last line, which the end of input ended.
    LastLine,
    /// The end of input, and no line.
    End,
}

/// Reads the next entry's line into `line`, its line end included. Of a
/// line longer than `MAX_LINE` only the first `MAX_LINE + 2` bytes are
/// kept (see `too_long_entry`): memory stays flat.
fn read_entry<R: BufRead>(input: &mut R, line: &mut Vec<u8>) -> io::Result<Got> {
    line.clear();
    loop {
        let available = match input.fill_buf() {
            Ok(available) => available,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            return Ok(if line.is_empty() {
                Got::End
            } else {
                Got::LastLine
            });
        }
        let newline = available.iter().position(|&b| b == b'\n');
        let used = newline.map_or(available.len(), |at| at + 1);
        let room = (MAX_LINE + 2).saturating_sub(line.len());
        line.extend_from_slice(&available[..used.min(room)]);
        input.consume(used);
        if newline.is_some() {
            return Ok(Got::Line);
        }
    }
}

/// Whether an entry's line, as `read_entry` keeps it, is longer than
/// `MAX_LINE` without its line end (LF or CR LF).
fn too_long_entry(line: &[u8]) -> bool {
    let text = line.strip_suffix(b"\n").unwrap_or(line);
    let text = text.strip_suffix(b"\r").unwrap_or(text);
    text.len() > MAX_LINE
}

/// The status when the board can no longer be written: 0 when its reader
/// closed the pipe (the log has it all), else 1 with the error.
fn board_gone(error: &io::Error) -> u8 {
    if error.kind() == io::ErrorKind::BrokenPipe {
        return 0;
    }
    stderr_line(format_args!("referee: <stdout>: {}", error));
    1
}

/// Writes the report of `game` whole to `path`; the error names the file.
fn report(path: &str, game: &Match) -> Result<(), String> {
    let [a, b] = &game.settings.names;
    let title = format!("{} v {}, best of {}", a, b, game.settings.best_of);
    let page = page(&title, game);
    crate::tool::files::write_whole(Path::new(path), page.as_bytes())
        .map_err(|e| format!("{}: {}", escaped_name(path), e))
}

/// The report of `game`, with its board's line, reloaded until the match
/// is over.
pub(super) fn page(title: &str, game: &Match) -> String {
    let now = Board::of(game).summary();
    let live = report::Live {
        now: &now,
        over: game.winner().is_some(),
    };
    report::html(title, &game.record, Some(live))
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
    if let Some(name) = [a, b].into_iter().find(|name| entry::is_command(name)) {
        let key = name_key(name);
        let others: Vec<String> = entry::commands()
            .filter(|&word| word != key)
            .map(|word| format!("`{}`", word))
            .collect();
        return Err(Failure::Usage(format!(
            "`{}` cannot be a player's name: it is an entry (so are {} and {}), \
             which the name would hide while a lot is due",
            name.trim(),
            others[..others.len() - 1].join(", "),
            others[others.len() - 1]
        )));
    }
    // Entries, the lot's winner among them, are read in any letter case
    // with their words one blank apart.
    if name_key(a) == name_key(b) {
        return Err(Failure::Usage(format!(
            "the two players need names that still differ with letter case \
             ignored and runs of blanks taken as one, found `{}` and `{}`",
            a.trim(),
            b.trim()
        )));
    }
    // `-` stands for standard input or output elsewhere; here those carry
    // the entries and the board, so it names no file.
    let files = [
        ("--log", &options.log),
        ("--resume", &options.resume),
        ("--html", &options.html),
    ];
    if let Some((option, _)) = files.iter().find(|(_, f)| f.as_deref() == Some("-")) {
        return Err(Failure::Usage(format!(
            "`{}` takes a file, found `-` (standard input and output carry the entries and the board)",
            option
        )));
    }
    check_report_path(options)?;
    if let Some(n) = options.best_of.filter(|n| n % 2 == 0) {
        return Err(Failure::Usage(format!(
            "`--best-of` takes an odd number of frames, found `{}`",
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
            // The log first, so that no report is written for a match
            // that cannot be logged; a log just made for a match that
            // cannot start is taken away again.
            let log =
                Log::create(options.log.as_deref(), &game.settings).map_err(Failure::Other)?;
            let started = match options.html.as_deref() {
                Some(html) if same_file(html, &log.path) => Err(same_file_as_log()),
                _ => first_report(options, &game),
            };
            if let Err(failure) = started {
                let _ = std::fs::remove_file(&log.path);
                return Err(failure);
            }
            return Ok((game, log));
        }
        Some(path) => path,
    };
    // Opened (and held) first, the log is then read, the report written,
    // and only then the log written to.
    let mut log = Log::append(path).map_err(Failure::Other)?;
    let read = log::read(path).map_err(Failure::Other)?;
    // The command line's settings are to agree with the log's: the first
    // that does not is shown where the log gives it.
    let at = |(line, col): (usize, usize), message: String| {
        Failure::Other(format!(
            "{}:{}:{}: {}",
            escaped_name(path),
            line,
            col,
            message
        ))
    };
    let settings = read.settings;
    for (player, given) in [a, b].into_iter().enumerate() {
        let logged = &settings.names[player];
        if name_key(given) != name_key(logged) {
            let message = format!(
                "expected player {} {}, as on the command line, found {}",
                ["A", "B"][player],
                shown(given.trim().as_bytes()),
                shown(logged.as_bytes())
            );
            return Err(at(read.names_at[player], message));
        }
    }
    if let Some(n) = options
        .best_of
        .filter(|&n| n != u64::from(settings.best_of))
    {
        let message = format!(
            "expected best of {} as `--best-of` says, found {}",
            n, settings.best_of
        );
        return Err(at(read.best_of_at, message));
    }
    let mut game = Match::new(settings);
    for (number, text) in &read.entries {
        let entry = entry::parse(text, &game.settings.names, game.state.lot_due());
        // A refused word is shown at its column; a refusal by the rules at
        // the entry's first, with the entry and the board's reason.
        let by_the_rules = |why: String| {
            let found = shown(text.trim().as_bytes());
            let message = format!(
                "expected an entry the match takes here, found {} ({})",
                found, why
            );
            Refused::at(0, message)
        };
        let taken = entry.and_then(|entry| game.enter(&entry).map_err(by_the_rules));
        if let Err(refused) = taken {
            let col = entry::column_of_word(text, refused.word);
            return Err(at((*number, col), refused.message));
        }
    }
    if let Some(fault) = read.fault {
        return Err(Failure::Other(fault));
    }
    first_report(options, &game)?;
    log.end_line(read.ends_line).map_err(Failure::Other)?;
    Ok((game, log))
}

/// Whether `--html` names a file the report may be written to: not the
/// log's, and not a file that is there already unless it is a match's
/// report (so that a match resumed with the same `--html` goes on
/// writing it). A new log's file must not be there either, which is
/// said before anything is written.
fn check_report_path(options: &Options) -> Result<(), Failure> {
    let Some(html) = options.html.as_deref() else {
        return Ok(());
    };
    let log = options.log.as_deref().or(options.resume.as_deref());
    if log.is_some_and(|log| same_file(html, log)) {
        return Err(same_file_as_log());
    }
    if let Some(path) = options.log.as_deref().filter(|p| Path::new(p).exists()) {
        return Err(Failure::Other(log::refusal(
            path,
            io::ErrorKind::AlreadyExists.into(),
        )));
    }
    // The head of the file is enough to know a report by. Only a file's
    // is read: a pipe would be waited on, or robbed of its data.
    let mut head = Vec::new();
    let read = match std::fs::metadata(html) {
        Ok(found) if !found.is_file() => Err(io::ErrorKind::InvalidInput.into()),
        _ => std::fs::File::open(html).and_then(|file| file.take(4096).read_to_end(&mut head)),
    };
    // Anything else there, a link to nowhere or a file we cannot read
    // included, is not ours to replace.
    let taken = match read {
        Ok(_) => !report::is_live_report(&head),
        Err(_) => std::fs::symlink_metadata(html).is_ok(),
    };
    if taken {
        return Err(Failure::Other(format!(
            "{}: the file is there already and is no match's report (give --html a new file)",
            escaped_name(html)
        )));
    }
    Ok(())
}

fn same_file_as_log() -> Failure {
    Failure::Usage("`--html` names the log's file: give the report a file of its own".into())
}

/// Whether two paths name the same file, there yet or not.
fn same_file(a: &str, b: &str) -> bool {
    let full = |path: &str| {
        let path = Path::new(path);
        if let Ok(full) = path.canonicalize() {
            return Some(full);
        }
        let folder = match path.parent() {
            Some(folder) if !folder.as_os_str().is_empty() => folder,
            _ => Path::new("."),
        };
        Some(folder.canonicalize().ok()?.join(path.file_name()?))
    };
    matches!((full(a), full(b)), (Some(a), Some(b)) if a == b)
}

/// The report as the match starts, if one is asked for: a report that
/// cannot be written then stops the session before any entry.
fn first_report(options: &Options, game: &Match) -> Result<(), Failure> {
    match &options.html {
        Some(path) => report(path, game).map_err(Failure::Other),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests;
