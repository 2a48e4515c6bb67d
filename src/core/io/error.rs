//! What can go wrong in a run: bad input at a place, or a failed read or
//! write; and how an offending token is quoted in a message.

use std::fmt;
use std::io;

/// A run's failure. Input errors carry their place; I/O errors say which
/// side failed, so that a write error is never blamed on the input file.
#[derive(Debug)]
pub enum Error {
    /// Bad input at a 1-based line and 1-based byte column.
    Input {
        line: usize,
        col: usize,
        message: String,
    },
    /// Reading the input failed.
    Read(io::Error),
    /// Writing the output failed (a closed pipe among others).
    Write(io::Error),
}

impl Error {
    pub fn at(line: usize, col: usize, message: String) -> Error {
        Error::Input { line, col, message }
    }
}

impl fmt::Display for Error {
    /// `LINE:COL: message` for bad input (the caller puts the file name in
    /// front), the system's words for an I/O error.
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Error::Input { line, col, message } => write!(f, "{}:{}: {}", line, col, message),
            Error::Read(e) | Error::Write(e) => write!(f, "{}", e),
        }
    }
}

/// At most this many characters of an offending token are quoted.
const SHOWN_CHARS: usize = 40;

/// A token quoted for a message: in backticks, cut after a few characters,
/// with control characters, bidirectional marks and bytes that are not
/// UTF-8 written as escapes, so that no input byte reaches a terminal raw.
pub fn shown(text: &[u8]) -> String {
    let mut quoted = String::from("`");
    let mut rest = text;
    let mut chars = 0;
    while !rest.is_empty() {
        if chars == SHOWN_CHARS {
            quoted.push_str("...");
            break;
        }
        chars += 1;
        // The longest valid UTF-8 prefix, then one bad byte.
        let (good, bad) = match std::str::from_utf8(rest) {
            Ok(all) => (all, None),
            Err(e) => (
                std::str::from_utf8(&rest[..e.valid_up_to()]).unwrap_or(""),
                Some(rest[e.valid_up_to()]),
            ),
        };
        match good.chars().next() {
            Some(c) => {
                push_char(&mut quoted, c);
                rest = &rest[c.len_utf8()..];
            }
            None => {
                let byte = bad.unwrap_or(rest[0]);
                quoted.push_str(&format!("\\x{:02x}", byte));
                rest = &rest[1..];
            }
        }
    }
    quoted.push('`');
    quoted
}

/// One character of a quoted token: printable characters as they are,
/// the others escaped.
fn push_char(quoted: &mut String, c: char) {
    let bidi =
        matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}');
    if (c as u32) < 0x80 && c.is_control() {
        quoted.push_str(&format!("\\x{:02x}", c as u32));
    } else if c.is_control() || bidi || c == '\u{feff}' {
        quoted.push_str(&format!("\\u{{{:x}}}", c as u32));
    } else {
        quoted.push(c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_tokens_are_cut() {
        let long = "x".repeat(100);
        assert_eq!(shown(long.as_bytes()), format!("`{}...`", "x".repeat(40)));
        assert_eq!(
            shown("é".repeat(40).as_bytes()),
            format!("`{}`", "é".repeat(40))
        );
    }

    #[test]
    fn invisible_and_dangerous_characters_are_escaped() {
        assert_eq!(shown(b"a\x1b[31mb"), "`a\\x1b[31mb`");
        assert_eq!(shown(b"\0\t\x7f"), "`\\x00\\x09\\x7f`");
        assert_eq!(shown(b"\xff\xc3"), "`\\xff\\xc3`");
        assert_eq!(
            shown("a\u{202e}b\u{85}\u{feff}".as_bytes()),
            "`a\\u{202e}b\\u{85}\\u{feff}`"
        );
        assert_eq!(shown("Ünïcode ok".as_bytes()), "`Ünïcode ok`");
    }

    #[test]
    fn input_errors_show_their_place() {
        let e = Error::at(3, 7, "expected x, found y".to_string());
        assert_eq!(e.to_string(), "3:7: expected x, found y");
    }
}
