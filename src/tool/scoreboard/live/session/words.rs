//! The words a session of `referee match` shows about its log: the log's
//! line on the board, and the command that goes on with the match, its
//! words quoted for a shell.

use super::super::board::SCREEN_WIDTH;
use crate::core::io::error::escaped_name;
use crate::tool::terminal::columns;
use std::path::Path;

/// Where the match is logged, for the screen: the log's path, or its
/// file's name when the path is too long for the board's width; and,
/// where it fits, how to go on with it, which a match left with Ctrl-C
/// does not say at its end.
pub(super) fn log_line(path: &str) -> String {
    let line = format!("log: {}", escaped_name(path));
    let hinted = format!("{} {}", line, GO_ON);
    if columns(&hinted) <= SCREEN_WIDTH {
        return hinted;
    }
    if columns(&line) <= SCREEN_WIDTH {
        return line;
    }
    // Else the end of its file's name, which tells it from another
    // match's by the date and number.
    let name = Path::new(path).file_name().map(|n| n.to_string_lossy());
    let name = escaped_name(&name.unwrap_or_default());
    let mut end: Vec<char> = Vec::new();
    let mut used = "log: ...".len();
    for c in name.chars().rev() {
        used += columns(c.encode_utf8(&mut [0; 4]));
        if used > SCREEN_WIDTH {
            break;
        }
        end.push(c);
    }
    let end: String = end.into_iter().rev().collect();
    match end.len() == name.len() {
        true => format!("log: {}", end),
        false => format!("log: ...{}", end),
    }
}

/// After the log's name on the board.
const GO_ON: &str = "(go on later with --resume)";

/// The command that goes on with the match logged at `log`.
pub(super) fn resume_command([a, b]: &[String; 2], log: &str) -> String {
    // A name that looks like an option comes after `--`, quoted or not.
    let after_dashes = a.starts_with('-') || b.starts_with('-');
    let (a, b, log) = (shell_word(a), shell_word(b), shell_word(log));
    match after_dashes {
        true => format!("referee match --resume {} -- {} {}", log, a, b),
        false => format!("referee match {} {} --resume {}", a, b, log),
    }
}

/// Where the match is logged, for stderr.
pub(super) fn logged_in(path: &str) -> String {
    format!("the match is logged in {}", escaped_name(path))
}

/// `word` as one word of a shell: as it is when nothing in it is
/// special, else in single quotes; a word with ASCII control characters
/// in `$'...'`, which spells them out as `\xHH` (bash, zsh and ksh read
/// it, in any locale). Other characters go as they are, invisible ones
/// too: the command shown is the command to paste.
fn shell_word(word: &str) -> String {
    let plain = |c: char| c.is_alphanumeric() || "-_./+,:@%".contains(c);
    if !word.is_empty() && word.chars().all(plain) {
        return word.to_string();
    }
    if !word.chars().any(|c| c.is_ascii_control()) {
        return format!("'{}'", word.replace('\'', "'\\''"));
    }
    let mut quoted = String::from("$'");
    for c in word.chars() {
        match c {
            '\'' | '\\' => quoted.extend(['\\', c]),
            c if c.is_ascii_control() => quoted.push_str(&format!("\\x{:02x}", u32::from(c))),
            c => quoted.push(c),
        }
    }
    quoted.push('\'');
    quoted
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shell_words_are_quoted_only_when_they_need_it() {
        assert_eq!(shell_word("Ann-2026-11-26.log"), "Ann-2026-11-26.log");
        assert_eq!(shell_word("Ronnie O'Sullivan"), "'Ronnie O'\\''Sullivan'");
        assert_eq!(shell_word(""), "''");
        assert_eq!(shell_word("Ann\u{a0}Lee's"), "'Ann\u{a0}Lee'\\''s'");
        assert_eq!(shell_word("a\\b\u{1b}'"), "$'a\\\\b\\x1b\\''");
    }

    #[test]
    fn the_command_to_go_on_takes_names_that_look_like_options() {
        let names = |a: &str, b: &str| [a.to_string(), b.to_string()];
        assert_eq!(
            resume_command(&names("Ann", "Bob"), "m.log"),
            "referee match Ann Bob --resume m.log"
        );
        assert_eq!(
            resume_command(&names("-Ann", "Bob"), "-m.log"),
            "referee match --resume -m.log -- -Ann Bob"
        );
        assert_eq!(
            resume_command(&names("Ann", "-Bo Lee"), "m.log"),
            "referee match --resume m.log -- Ann '-Bo Lee'"
        );
    }

    #[test]
    fn the_screens_log_line_fits_the_board() {
        assert_eq!(log_line("m.log"), "log: m.log (go on later with --resume)");
        let long = format!("{}.log", "m".repeat(60));
        assert_eq!(log_line(&long), format!("log: {}", long));
        let deep = format!("{}/m.log", "folder/".repeat(20));
        assert_eq!(log_line(&deep), "log: m.log");
        let wide = format!("{}-v-{}-2026-11-26.log", "李".repeat(20), "王".repeat(20));
        let line = log_line(&wide);
        assert!(line.starts_with("log: ...") && line.ends_with("王-2026-11-26.log"));
        assert!(columns(&line) <= SCREEN_WIDTH, "{}", line);
    }
}
