//! The match's log: plain text a person can read, the settings at its
//! head, then one accepted entry a line in the words of
//! [`super::entry::text`]. Each entry is on the disk before the board
//! answers it, so that neither a killed process nor a power cut loses
//! anything answered; `--resume` reads the log back.
//!
//! ```text
//! # referee match log: the settings, then one entry a line
//! player A: Ronnie O'Sullivan
//! player B: Judd Trump
//! best of: 3
//! Red Red
//! Black Black
//! ```

use super::state::Settings;
use crate::core::io::error::escaped_name;
use crate::core::io::error::shown;
use crate::core::io::lines::{line_too_long, MAX_LINE, NOT_UTF8};
use std::fs::{File, OpenOptions, TryLockError};
use std::io::{self, Write};
use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};

const TITLE: &str = "# referee match log: the settings, then one entry a line";
const PLAYER_A: &str = "player A: ";
const PLAYER_B: &str = "player B: ";
const BEST_OF: &str = "best of: ";

/// The head of a new log.
pub(crate) fn head(settings: &Settings) -> String {
    format!(
        "{}\n{}{}\n{}{}\n{}{}\n",
        TITLE, PLAYER_A, settings.names[0], PLAYER_B, settings.names[1], BEST_OF, settings.best_of
    )
}

/// A log being written.
pub(crate) struct Log {
    pub(crate) path: String,
    file: File,
    /// The bytes of whole lines in the file: what a failed write is cut
    /// back to, so that the log never holds part of an entry.
    len: u64,
}

impl Log {
    /// Starts a new log at `path`, or by default in the working directory
    /// under the players' names and the date. A file that is there
    /// already is never written over.
    pub(crate) fn create(path: Option<&str>, settings: &Settings) -> Result<Log, String> {
        let (mut file, path) = match path {
            Some(path) => (
                new_file(path).map_err(|e| refusal(path, e))?,
                path.to_string(),
            ),
            None => {
                let stem = format!(
                    "{}-v-{}-{}",
                    file_safe(&settings.names[0]),
                    file_safe(&settings.names[1]),
                    today()
                );
                let mut tries = 1..;
                loop {
                    let n = tries.next().unwrap_or(0);
                    let path = match n {
                        1 => format!("{}.log", stem),
                        n => format!("{}-{}.log", stem, n),
                    };
                    match new_file(&path) {
                        Ok(file) => break (file, path),
                        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                        Err(e) => return Err(refusal(&path, e)),
                    }
                }
            }
        };
        hold(&file, &path)?;
        let head = head(settings);
        // The head on the disk, and the new file in its folder, so that a
        // power cut cannot take the log away with its entries.
        let written = file.write_all(head.as_bytes()).and_then(|()| sync(&file));
        sync_folder_of(Path::new(&path));
        if let Err(e) = written {
            // Made just now and of no use: a log without its head.
            let _ = std::fs::remove_file(&path);
            return Err(format!("{}: {}", escaped_name(&path), e));
        }
        let len = head.len() as u64;
        Ok(Log { path, file, len })
    }

    /// Opens the log at `path` to go on with it; nothing is written yet
    /// (see `end_line`).
    pub(crate) fn append(path: &str) -> Result<Log, String> {
        let failed = |e: io::Error| format!("{}: {}", escaped_name(path), e);
        // A log is a file: a pipe would be waited on for ever, a folder
        // cannot be one.
        let found = std::fs::metadata(path).map_err(failed)?;
        if !found.is_file() {
            return Err(format!(
                "{}: not a file, so no match's log (--resume takes the log a match wrote)",
                escaped_name(path)
            ));
        }
        let file = OpenOptions::new().append(true).open(path).map_err(failed)?;
        hold(&file, path)?;
        let len = file.metadata().map_err(failed)?.len();
        Ok(Log {
            path: path.to_string(),
            file,
            len,
        })
    }

    /// Ends the last line of a log that goes on, when what is there does
    /// not end with a line end (`ends_line`).
    pub(crate) fn end_line(&mut self, ends_line: bool) -> Result<(), String> {
        match ends_line {
            true => Ok(()),
            false => self
                .write_line(b"\n")
                .map_err(|e| format!("{}: {}", escaped_name(&self.path), e)),
        }
    }

    /// Writes one entry's line (one write, no buffer) and syncs it.
    pub(crate) fn write(&mut self, entry: &str) -> io::Result<()> {
        self.write_line(format!("{}\n", entry).as_bytes())
    }

    /// Writes `line` whole and on the disk, or cuts off what part of it
    /// was written (a full disk can take part of a line), so that
    /// `--resume` never reads an entry that was not taken.
    fn write_line(&mut self, line: &[u8]) -> io::Result<()> {
        match self.file.write_all(line).and_then(|()| sync(&self.file)) {
            Ok(()) => {
                self.len += line.len() as u64;
                Ok(())
            }
            Err(e) => {
                let _ = self.file.set_len(self.len);
                Err(e)
            }
        }
    }
}

/// Locks the log's `file` for this match while it runs (the system lets
/// go when the process ends, however it ends), so that a second `referee
/// match` on the same log is refused instead of mixing its entries in.
/// Where the system has no such locks the match goes on without one.
fn hold(file: &File, path: &str) -> Result<(), String> {
    match file.try_lock() {
        Err(TryLockError::WouldBlock) => Err(format!(
            "{}: the log is in use by another `referee match`; end that one first",
            escaped_name(path)
        )),
        Ok(()) | Err(TryLockError::Error(_)) => Ok(()),
    }
}

/// Has the system put what was written to `file` on its disk, so that
/// a power cut loses no entry answered; a file that cannot be synced (a
/// special file) is taken as it is.
fn sync(file: &File) -> io::Result<()> {
    match file.sync_data() {
        Err(e)
            if matches!(
                e.kind(),
                io::ErrorKind::InvalidInput | io::ErrorKind::Unsupported
            ) =>
        {
            Ok(())
        }
        synced => synced,
    }
}

/// Syncs the folder that holds `path` where it can: on Unix a folder can
/// be opened and synced, if it may be read (a folder that may only be
/// written holds a log as well, so this is no reason to stop).
fn sync_folder_of(path: &Path) {
    if !cfg!(unix) {
        return;
    }
    let folder = match path.parent() {
        Some(folder) if !folder.as_os_str().is_empty() => folder,
        _ => Path::new("."),
    };
    if let Ok(folder) = File::open(folder) {
        let _ = sync(&folder);
    }
}

fn new_file(path: &str) -> io::Result<File> {
    OpenOptions::new().write(true).create_new(true).open(path)
}

pub(super) fn refusal(path: &str, error: io::Error) -> String {
    if std::path::Path::new(path).is_dir() {
        return format!(
            "{}: a folder, where the log's file is to go",
            escaped_name(path)
        );
    }
    if error.kind() == io::ErrorKind::AlreadyExists {
        format!(
            "{}: the file is there already (to go on with a match, use --resume {})",
            escaped_name(path),
            escaped_name(path)
        )
    } else {
        format!("{}: {}", escaped_name(path), error)
    }
}

/// A name in a file name: letters and digits kept, the rest `_`, cut to
/// at most `NAME_BYTES` bytes so that the log's name stays within what
/// file systems allow (255 bytes).
fn file_safe(name: &str) -> String {
    let mut safe = String::new();
    for c in name.chars() {
        let c = if c.is_alphanumeric() { c } else { '_' };
        if safe.len() + c.len_utf8() > NAME_BYTES {
            break;
        }
        safe.push(c);
    }
    safe
}

/// The most bytes of a name in the default log's name.
const NAME_BYTES: usize = 60;

/// Today's date in UTC, `YYYY-MM-DD`.
fn today() -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    date_of_day(secs / 86_400)
}

/// The date `days` days after 1970-01-01.
fn date_of_day(mut days: u64) -> String {
    let leap = |y: u64| y.is_multiple_of(4) && (!y.is_multiple_of(100) || y.is_multiple_of(400));
    let mut year = 1970;
    while days >= if leap(year) { 366 } else { 365 } {
        days -= if leap(year) { 366 } else { 365 };
        year += 1;
    }
    let february = if leap(year) { 29 } else { 28 };
    let months = [31, february, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
    let mut month = 0;
    while days >= months[month] {
        days -= months[month];
        month += 1;
    }
    format!("{:04}-{:02}-{:02}", year, month + 1, days + 1)
}

/// A log read back: its settings and where each was written, its
/// entries with their line numbers, and whether its text ends with a
/// line end.
pub(crate) struct Read {
    pub(crate) settings: Settings,
    /// Where the head gives each player's name and the number of frames
    /// (`LINE`, `COL`), so that a resume that disagrees is shown there.
    pub(crate) names_at: [(usize, usize); 2],
    /// Where the number of frames is, or would be: after the head's last
    /// line when the log leaves it out.
    pub(crate) best_of_at: (usize, usize),
    pub(crate) entries: Vec<(usize, String)>,
    pub(crate) ends_line: bool,
    /// A line after the entries that cannot be read (not UTF-8, too long):
    /// its error, for after the entries before it were played, so that
    /// the first fault in the log is the one reported.
    pub(crate) fault: Option<String>,
}

/// Reads the log at `path`. Errors are `PATH:LINE:COL: message` or the
/// system's words. Entries keep their lines as written, blanks and all,
/// so that a refusal is shown at its column.
pub(crate) fn read(path: &str) -> Result<Read, String> {
    let bytes = read_bounded(path).map_err(|e| format!("{}: {}", escaped_name(path), e))?;
    let name = escaped_name(path);
    let at =
        |line: usize, col: usize, message: &str| format!("{}:{}:{}: {}", name, line, col, message);
    // A byte-order mark at the start is no part of the log (R0.5).
    let text = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(&bytes);
    let mut names = [None, None];
    let mut best_of = None;
    let mut names_at = [(0, 0); 2];
    let mut best_of_at = None;
    let mut head_end = 0;
    let mut entries = Vec::new();
    let mut lines = 0;
    let mut unread = None;
    // Line by line, as `str::lines` would: a fault is found in the order
    // of the lines, whatever it is.
    let body = text.strip_suffix(b"\n").unwrap_or(text);
    let pieces = body.split(|&b| b == b'\n').take_while(|_| !text.is_empty());
    for (index, raw) in pieces.enumerate() {
        let number = index + 1;
        lines = number;
        let raw = raw.strip_suffix(b"\r").unwrap_or(raw);
        let read = if raw.len() > MAX_LINE {
            Err(format!("{}:{}", name, line_too_long(number)))
        } else {
            std::str::from_utf8(raw).map_err(|e| at(number, e.valid_up_to() + 1, NOT_UTF8))
        };
        let raw = match read {
            Ok(raw) => raw,
            Err(fault) if !entries.is_empty() => {
                unread = Some(fault);
                break;
            }
            Err(fault) => return Err(fault),
        };
        let line = raw.trim();
        let in_head = entries.is_empty();
        // Comments only in the head: a lot line may be a name with a `#`.
        if line.is_empty() || (in_head && line.starts_with('#')) {
            continue;
        }
        let col = raw.len() - raw.trim_start().len() + 1;
        // A value ends its line as written, but for blanks.
        let value_at = |value: &str| (number, raw.trim_end().len() - value.len() + 1);
        let key = [PLAYER_A, PLAYER_B, BEST_OF]
            .into_iter()
            .find(|key| in_head && line.starts_with(key));
        if key.is_some() {
            head_end = number;
        }
        let given = match key {
            Some(PLAYER_A) => names[0].is_some(),
            Some(PLAYER_B) => names[1].is_some(),
            Some(_) => best_of.is_some(),
            None => false,
        };
        match key.map(|key| (key, line[key.len()..].trim())) {
            Some((key, _)) if given => {
                let message = format!(
                    "expected `{}` once in the head of a match log, found it again",
                    key.trim_end()
                );
                return Err(at(number, col, &message));
            }
            Some((PLAYER_A, name)) => {
                names[0] = Some(name.to_string());
                names_at[0] = value_at(name);
            }
            Some((PLAYER_B, name)) => {
                names[1] = Some(name.to_string());
                names_at[1] = value_at(name);
            }
            Some((_, value)) => {
                let n = value.parse::<u32>().ok().filter(|n| n % 2 == 1 && *n <= 35);
                let (line, col) = value_at(value);
                let message = format!(
                    "expected an odd number of frames from 1 to 35, found {}",
                    shown(value.as_bytes())
                );
                best_of = Some(n.ok_or_else(|| at(line, col, &message))?);
                best_of_at = Some((line, col));
            }
            None if names[0].is_none() || names[1].is_none() => {
                let message = format!(
                    "expected the head of a match log (`{}NAME`), found {}",
                    missing_player(&names),
                    shown(line.as_bytes())
                );
                return Err(at(number, col, &message));
            }
            None => entries.push((number, raw.to_string())),
        }
    }
    match names {
        [Some(a), Some(b)] => Ok(Read {
            settings: Settings {
                names: [a, b],
                best_of: best_of.unwrap_or(1),
            },
            names_at,
            best_of_at: best_of_at.unwrap_or((head_end + 1, 1)),
            entries,
            ends_line: bytes.is_empty() || bytes.ends_with(b"\n"),
            fault: unread,
        }),
        _ => {
            let message = format!(
                "expected the head of a match log (`{}NAME`), found end of input",
                missing_player(&names)
            );
            // After the last line's end, or at the end of a last line
            // without one, as the solvers place it.
            let end = match body.rsplit(|&b| b == b'\n').next() {
                Some(last) if !text.ends_with(b"\n") && !text.is_empty() => {
                    at(lines, last.len() + 1, &message)
                }
                _ => at(lines + 1, 1, &message),
            };
            Err(end)
        }
    }
}

/// The bytes of the file at `path` to its end, or to a line longer than
/// `MAX_LINE` (with enough of that line to tell): a file without an end
/// (`/dev/zero`) ends in that line's error, not in all the memory there is.
fn read_bounded(path: &str) -> io::Result<Vec<u8>> {
    let mut file = File::open(path)?;
    let mut bytes = Vec::new();
    let mut chunk = vec![0; 1 << 16];
    // Where the line being read starts.
    let mut line_start = 0;
    while bytes.len() - line_start <= MAX_LINE + 2 {
        let read = match io::Read::read(&mut file, &mut chunk) {
            Ok(0) => break,
            Ok(read) => read,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        let chunk_start = bytes.len();
        bytes.extend_from_slice(&chunk[..read]);
        if let Some(at) = chunk[..read].iter().rposition(|&b| b == b'\n') {
            line_start = chunk_start + at + 1;
        }
    }
    Ok(bytes)
}

/// The head line of the first player a log's head has not named yet.
fn missing_player(names: &[Option<String>; 2]) -> &'static str {
    if names[0].is_none() {
        PLAYER_A
    } else {
        PLAYER_B
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What reading a log of `text` says, `PATH` for its path.
    fn refusal_of(name: &str, text: &str) -> String {
        let file = format!("referee-log-{}-{}", std::process::id(), name);
        let path = std::env::temp_dir().join(file);
        std::fs::write(&path, text).unwrap();
        let path = path.display().to_string();
        let message = read(&path).err().unwrap();
        std::fs::remove_file(&path).unwrap();
        message.replace(&path, "PATH")
    }

    #[test]
    fn a_bad_best_of_is_reported_at_its_value() {
        assert_eq!(
            refusal_of("bad.log", "player A: Ann\nplayer B: Bob\n  best of:  4 \n"),
            "PATH:3:13: expected an odd number of frames from 1 to 35, found `4`"
        );
    }

    #[test]
    fn a_head_cut_short_is_named_at_the_end_of_its_last_line() {
        let expected = "expected the head of a match log (`player B: NAME`), found end of input";
        assert_eq!(
            refusal_of("cut.log", "# a log\nplayer A: Ann"),
            format!("PATH:2:14: {}", expected)
        );
        assert_eq!(
            refusal_of("ended.log", "# a log\nplayer A: Ann\n"),
            format!("PATH:3:1: {}", expected)
        );
    }

    #[test]
    fn a_head_line_given_twice_is_refused_not_taken_over() {
        let head = "player A: Ann\nplayer B: Bob\nbest of: 3\n";
        assert_eq!(
            refusal_of("twice-best.log", &format!("{} best of: 5\nRed\n", head)),
            "PATH:4:2: expected `best of:` once in the head of a match log, found it again"
        );
        assert_eq!(
            refusal_of("twice-b.log", &format!("{}player B: Cy\n", head)),
            "PATH:4:1: expected `player B:` once in the head of a match log, found it again"
        );
    }

    #[test]
    fn dates_count_from_1970_with_leap_years() {
        assert_eq!(date_of_day(0), "1970-01-01");
        assert_eq!(date_of_day(31 + 28), "1970-03-01");
        assert_eq!(date_of_day(11_016), "2000-02-29");
        assert_eq!(date_of_day(20_417), "2025-11-25");
    }

    #[test]
    fn names_in_file_names_are_letters_and_digits() {
        assert_eq!(file_safe("Ronnie O'Sullivan"), "Ronnie_O_Sullivan");
        assert_eq!(file_safe("../x"), "___x");
        assert_eq!(file_safe(&"a".repeat(150)), "a".repeat(60));
        assert_eq!(file_safe(&"丁".repeat(40)), "丁".repeat(20));
    }
}
