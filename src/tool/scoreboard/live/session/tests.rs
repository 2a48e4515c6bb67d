//! Tests of a session's own parts: reading entries, quoting for a shell.

use super::*;

/// Reads what it is given, and after each piece an end of input, as
/// a terminal does at Ctrl-D.
struct Terminal(Vec<&'static [u8]>);

impl Read for Terminal {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        match self.0.first_mut() {
            Some(&mut []) => {
                self.0.remove(0);
                Ok(0)
            }
            Some(piece) => {
                let n = piece.len().min(buffer.len());
                buffer[..n].copy_from_slice(&piece[..n]);
                *piece = &piece[n..];
                Ok(n)
            }
            None => Ok(0),
        }
    }
}

#[test]
fn a_line_the_end_of_input_ended_is_the_last() {
    let mut input = io::BufReader::new(Terminal(vec![b"r r\nk k", b"n\n"]));
    let mut line = Vec::new();
    assert_eq!(read_entry(&mut input, &mut line).unwrap(), Got::Line);
    assert_eq!(read_entry(&mut input, &mut line).unwrap(), Got::LastLine);
    assert_eq!(line, b"k k");
}

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
}

#[test]
fn the_screens_log_line_fits_the_board() {
    assert_eq!(log_line("m.log"), "log: m.log");
    let deep = format!("{}/m.log", "folder/".repeat(20));
    assert_eq!(log_line(&deep), "log: m.log");
    let wide = format!("{}-v-{}-2026-11-26.log", "李".repeat(20), "王".repeat(20));
    let line = log_line(&wide);
    assert!(line.starts_with("log: ...") && line.ends_with("王-2026-11-26.log"));
    assert!(columns(&line) <= SCREEN_WIDTH, "{}", line);
}
