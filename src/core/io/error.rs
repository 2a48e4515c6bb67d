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
    for _ in 0..SHOWN_CHARS {
        // The character that `rest` starts with: the shortest prefix that
        // is UTF-8; none when its first byte starts no character.
        let first = (1..5).find_map(|n| std::str::from_utf8(rest.get(..n)?).ok());
        match first.and_then(|c| c.chars().next()) {
            None if rest.is_empty() => break,
            Some(c) if !(c.is_control() || is_invisible(c)) => quoted.push(c),
            // `\u{202e}`: hex digits in lower case, no leading zeros.
            Some(c) if !c.is_ascii() => quoted.extend(c.escape_unicode()),
            // An ASCII control character or a byte that is not UTF-8.
            _ => quoted.push_str(&format!("\\x{:02x}", rest[0])),
        }
        rest = &rest[first.map_or(1, str::len)..];
    }
    if !rest.is_empty() {
        quoted.push_str("...");
    }
    quoted.push('`');
    quoted
}

/// A name (a file's, as given) to print in a message: control characters
/// and the invisible ones spelled out as in a difference's excerpt (`\n`,
/// `\t`, `\x1b`, `\u{202e}`), so that it stays on one line and reaches
/// the terminal as text; `''` for the empty name.
pub(crate) fn escaped_name(name: &str) -> String {
    escaped_bytes(name.as_bytes())
}

/// `escaped_name` of a path, whose bytes that are not UTF-8 are written
/// `\xHH` (where the system gives them).
pub(crate) fn escaped_path(path: &std::path::Path) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        escaped_bytes(path.as_os_str().as_bytes())
    }
    #[cfg(not(unix))]
    {
        escaped_name(&path.to_string_lossy())
    }
}

/// `escaped_name` of bytes: those that are not UTF-8 as `\xHH`.
pub(crate) fn escaped_bytes(name: &[u8]) -> String {
    if name.is_empty() {
        return "''".to_string();
    }
    let mut escaped = String::new();
    each_utf8_run(name, |_, valid, bad| {
        for c in valid.chars() {
            match c {
                '\n' => escaped.push_str("\\n"),
                '\r' => escaped.push_str("\\r"),
                '\t' => escaped.push_str("\\t"),
                c if c.is_ascii_control() => escaped.push_str(&format!("\\x{:02x}", u32::from(c))),
                c if c.is_control() || is_invisible(c) => escaped.extend(c.escape_unicode()),
                c => escaped.push(c),
            }
        }
        for byte in bad {
            escaped.push_str(&format!("\\x{:02x}", byte));
        }
    });
    escaped
}

/// `at`, moved back to the start of the UTF-8 character it falls in (at
/// most three bytes), so that a cut there leaves whole characters.
pub(crate) fn char_start(bytes: &[u8], mut at: usize) -> usize {
    for _ in 0..3 {
        match bytes.get(at) {
            Some(&b) if at > 0 && b & 0xc0 == 0x80 => at -= 1,
            _ => break,
        }
    }
    at
}

/// Walks `bytes` as text: hands `run` each stretch that is UTF-8 (with
/// where it starts) and the bytes after it that are not, up to the next
/// stretch that is.
pub(crate) fn each_utf8_run(bytes: &[u8], mut run: impl FnMut(usize, &str, &[u8])) {
    let mut at = 0;
    while at < bytes.len() {
        let rest = &bytes[at..];
        let (valid, bad) = match std::str::from_utf8(rest) {
            Ok(valid) => (valid, 0),
            Err(e) => (
                std::str::from_utf8(&rest[..e.valid_up_to()]).unwrap_or_default(),
                e.error_len().unwrap_or(rest.len() - e.valid_up_to()),
            ),
        };
        run(at, valid, &rest[valid.len()..valid.len() + bad]);
        at += valid.len() + bad;
    }
}

/// The characters that show nothing of themselves or pass for a space:
/// Unicode's default ignorable code points (the soft hyphen, the zero
/// widths, the bidirectional marks, the word joiner, the Hangul fillers,
/// the variation selectors, the byte-order mark, the tags, ...), the
/// other format characters, which a line may hold unseen (the Arabic
/// number signs, the interlinear annotation marks, ...), the spaces and
/// the line and paragraph separators other than the space, and the
/// blank braille pattern.
pub(crate) fn is_invisible(c: char) -> bool {
    matches!(
        u32::from(c),
        0xa0 | 0xad
            | 0x34f
            | 0x600..=0x605
            | 0x61c
            | 0x6dd
            | 0x70f
            | 0x890..=0x891
            | 0x8e2
            | 0x115f..=0x1160
            | 0x1680
            | 0x17b4..=0x17b5
            | 0x180b..=0x180f
            | 0x2000..=0x200f
            | 0x2028..=0x202f
            | 0x205f..=0x206f
            | 0x2800
            | 0x3000
            | 0x3164
            | 0xfe00..=0xfe0f
            | 0xfeff
            | 0xffa0
            | 0xfff0..=0xfffb
            | 0x110bd
            | 0x110cd
            | 0x13430..=0x1343f
            | 0x1bca0..=0x1bca3
            | 0x1d173..=0x1d17a
            | 0xe0000..=0xe0fff
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn characters_that_show_nothing_of_themselves_are_invisible() {
        for c in [
            '\u{a0}',
            '\u{ad}',
            '\u{34f}',
            '\u{600}',
            '\u{61c}',
            '\u{115f}',
            '\u{1160}',
            '\u{17b4}',
            '\u{180e}',
            '\u{200b}',
            '\u{202e}',
            '\u{2060}',
            '\u{2800}',
            '\u{3000}',
            '\u{3164}',
            '\u{fe0f}',
            '\u{feff}',
            '\u{ffa0}',
            '\u{fff9}',
            '\u{1d173}',
            '\u{e0001}',
            '\u{e0020}',
        ] {
            assert!(is_invisible(c), "{:?}", c);
        }
        for c in [
            'a',
            ' ',
            '\u{e9}',
            '\u{416}',
            '\u{2013}',
            '\u{20ac}',
            '\u{4e2d}',
            '\u{1f600}',
        ] {
            assert!(!is_invisible(c), "{:?}", c);
        }
    }

    #[test]
    fn a_cut_moves_back_to_the_start_of_its_character() {
        let text = "a€b".as_bytes();
        assert_eq!(
            (0..=5).map(|at| char_start(text, at)).collect::<Vec<_>>(),
            [0, 1, 1, 1, 4, 5]
        );
        assert_eq!(char_start(b"\x80\x80\x80\x80\x80", 4), 1);
    }

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
        // Spaces other than the space, and marks that show nothing.
        assert_eq!(
            shown("a\u{3000}b\u{202f}\u{61c}\u{ad}".as_bytes()),
            "`a\\u{3000}b\\u{202f}\\u{61c}\\u{ad}`"
        );
        assert_eq!(escaped_name("a\u{2028}b"), "a\\u{2028}b");
    }

    #[test]
    fn input_errors_show_their_place() {
        let e = Error::at(3, 7, "expected x, found y".to_string());
        assert_eq!(e.to_string(), "3:7: expected x, found y");
    }
}
