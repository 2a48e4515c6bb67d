//! Shared input code for every solver: the error type, a line reader that
//! counts lines and knows where the input ended, a whitespace tokenizer that
//! knows byte columns, and small number helpers.
//!
//! `referee bundle` pastes this file into one-file judge submissions, so it
//! uses std only, nothing else from the crate, and no API newer than Rust 1.70.

use std::fmt;
use std::io::{self, BufRead, Read, Write};

/// The longest line accepted, in bytes: a longer one is an input error, not
/// an allocation that grows with the input.
pub const MAX_LINE: usize = 1 << 20;

/// At most this many characters of an offending token are echoed in a message.
const SHOWN_CHARS: usize = 40;

/// What went wrong: bad input at a place, or an I/O failure.
#[derive(Debug)]
pub enum Error {
    /// Bad input at a 1-based line and 1-based byte column.
    Input {
        line: usize,
        col: usize,
        message: String,
    },
    /// Reading or writing failed (a closed pipe among others).
    Io(io::Error),
}

impl Error {
    pub fn at(line: usize, col: usize, message: String) -> Error {
        Error::Input { line, col, message }
    }
}

impl From<io::Error> for Error {
    fn from(e: io::Error) -> Error {
        Error::Io(e)
    }
}

impl fmt::Display for Error {
    /// `LINE:COL: message` for bad input; the caller puts the file in front.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Input { line, col, message } => write!(f, "{}:{}: {}", line, col, message),
            Error::Io(e) => write!(f, "{}", e),
        }
    }
}

/// Flushes `out` and hands back `result`: every solver ends through here, so
/// that all output for the input before an error is written before the
/// error is reported.
pub fn finish<W: Write>(mut out: W, result: Result<(), Error>) -> Result<(), Error> {
    let flushed = out.flush();
    result?;
    flushed.map_err(Error::Io)
}

/// A token quoted for a message: in backticks, cut after a few characters.
pub fn shown(text: &[u8]) -> String {
    let text = String::from_utf8_lossy(text);
    match text.char_indices().nth(SHOWN_CHARS) {
        Some((cut, _)) => format!("`{}...`", &text[..cut]),
        None => format!("`{}`", text),
    }
}

/// True for the bytes that separate tokens (R0.1: spaces, tabs, a stray CR).
pub fn is_blank(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\r' | b'\x0b' | b'\x0c')
}

/// One input line without its line end, with its 1-based number.
#[derive(Clone, Copy, Debug)]
pub struct Line<'a> {
    pub number: usize,
    pub text: &'a [u8],
}

impl<'a> Line<'a> {
    pub fn tokens(&self) -> Tokens<'a> {
        Tokens {
            text: self.text,
            pos: 0,
        }
    }

    pub fn is_blank(&self) -> bool {
        self.text.iter().all(|&b| is_blank(b))
    }

    /// An error at byte column `col` of this line.
    pub fn error(&self, col: usize, message: String) -> Error {
        Error::at(self.number, col, message)
    }

    /// The column just past the last token: where a missing token was due.
    pub fn end_col(&self) -> usize {
        let trimmed = self
            .text
            .iter()
            .rposition(|&b| !is_blank(b))
            .map_or(0, |i| i + 1);
        trimmed + 1
    }
}

/// A token: its 1-based byte column and its bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token<'a> {
    pub col: usize,
    pub text: &'a [u8],
}

/// The whitespace-separated tokens of a line.
#[derive(Clone, Debug)]
pub struct Tokens<'a> {
    text: &'a [u8],
    pos: usize,
}

impl<'a> Iterator for Tokens<'a> {
    type Item = Token<'a>;

    fn next(&mut self) -> Option<Token<'a>> {
        let text = self.text;
        let mut pos = self.pos;
        while pos < text.len() && is_blank(text[pos]) {
            pos += 1;
        }
        if pos == text.len() {
            self.pos = pos;
            return None;
        }
        let start = pos;
        while pos < text.len() && !is_blank(text[pos]) {
            pos += 1;
        }
        self.pos = pos;
        Some(Token {
            col: start + 1,
            text: &text[start..pos],
        })
    }
}

/// Reads lines one at a time into one reused buffer: memory is bounded by
/// the longest line, never by the file.
pub struct Lines<R> {
    reader: R,
    buf: Vec<u8>,
    number: usize,
    /// Length of the last line read, and whether it ended with a newline:
    /// together they say where the end of input is.
    last_len: usize,
    last_terminated: bool,
}

impl<R: BufRead> Lines<R> {
    pub fn new(reader: R) -> Lines<R> {
        Lines {
            reader,
            buf: Vec::with_capacity(256),
            number: 0,
            last_len: 0,
            last_terminated: true,
        }
    }

    /// The next line with its LF or CRLF removed, or `None` at the end of
    /// input. A line over `MAX_LINE` bytes or one that is not UTF-8 is an
    /// error at its place.
    pub fn next_line(&mut self) -> Result<Option<Line<'_>>, Error> {
        self.buf.clear();
        let limit = (MAX_LINE + 2) as u64;
        let read = (&mut self.reader)
            .take(limit)
            .read_until(b'\n', &mut self.buf)?;
        if read == 0 {
            return Ok(None);
        }
        self.number += 1;
        self.last_terminated = self.buf.last() == Some(&b'\n');
        if self.last_terminated {
            self.buf.pop();
        }
        if self.buf.last() == Some(&b'\r') {
            self.buf.pop();
        }
        self.last_len = self.buf.len();
        if self.buf.len() > MAX_LINE {
            return Err(Error::at(
                self.number,
                MAX_LINE + 1,
                format!("line too long: expected at most {} bytes", MAX_LINE),
            ));
        }
        if let Err(e) = std::str::from_utf8(&self.buf) {
            return Err(Error::at(
                self.number,
                e.valid_up_to() + 1,
                "expected UTF-8 text, found a byte that is not UTF-8".to_string(),
            ));
        }
        Ok(Some(Line {
            number: self.number,
            text: &self.buf,
        }))
    }

    /// The next line holding a token, skipping blank lines (R0.1).
    pub fn next_nonblank(&mut self) -> Result<Option<Line<'_>>, Error> {
        loop {
            match self.next_line()? {
                None => return Ok(None),
                Some(line) if line.is_blank() => continue,
                Some(_) => break,
            }
        }
        Ok(Some(self.current()))
    }

    /// The line read last.
    pub fn current(&self) -> Line<'_> {
        Line {
            number: self.number,
            text: &self.buf,
        }
    }

    /// An error at the end of input: `found end of input` is appended.
    pub fn eof_error(&self, expected: &str) -> Error {
        let (line, col) = if self.last_terminated {
            (self.number + 1, 1)
        } else {
            (self.number, self.last_len + 1)
        };
        Error::at(line, col, format!("{}, found end of input", expected))
    }

    /// Fails on any non-blank text left after the last case (R0.2).
    pub fn expect_end(&mut self, after: &str) -> Result<(), Error> {
        match self.next_nonblank()? {
            None => Ok(()),
            Some(line) => {
                let token = line.tokens().next().expect("a non-blank line has a token");
                Err(line.error(
                    token.col,
                    format!(
                        "expected end of input after {}, found {}",
                        after,
                        shown(token.text)
                    ),
                ))
            }
        }
    }
}

/// Reads a line holding one count: the number of cases of a file.
pub fn read_count<R: BufRead>(lines: &mut Lines<R>, what: &str) -> Result<u64, Error> {
    let expected = format!("expected {}", what);
    let line = match lines.next_nonblank()? {
        Some(line) => line,
        None => return Err(lines.eof_error(&expected)),
    };
    let mut tokens = line.tokens();
    let token = tokens.next().expect("a non-blank line has a token");
    let count = parse_u64(token.text).ok_or_else(|| {
        line.error(
            token.col,
            format!("{}, found {}", expected, shown(token.text)),
        )
    })?;
    if let Some(extra) = tokens.next() {
        return Err(line.error(
            extra.col,
            format!(
                "expected end of line after {}, found {}",
                what,
                shown(extra.text)
            ),
        ));
    }
    Ok(count)
}

/// A decimal number of plain digits, or `None` (sign, other bytes, overflow).
pub fn parse_u64(text: &[u8]) -> Option<u64> {
    if text.is_empty() {
        return None;
    }
    let mut value: u64 = 0;
    for &b in text {
        if !b.is_ascii_digit() {
            return None;
        }
        value = value.checked_mul(10)?.checked_add(u64::from(b - b'0'))?;
    }
    Some(value)
}

/// Writes `n` in decimal without the formatting machinery.
pub fn write_u64<W: Write>(out: &mut W, mut n: u64) -> io::Result<()> {
    let mut digits = [0u8; 20];
    let mut start = digits.len();
    loop {
        start -= 1;
        digits[start] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.write_all(&digits[start..])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines_of(text: &str) -> Lines<&[u8]> {
        Lines::new(text.as_bytes())
    }

    #[test]
    fn tokens_know_their_columns() {
        let line = Line {
            number: 1,
            text: b"  Red\t Red  White ",
        };
        let tokens: Vec<(usize, &[u8])> = line.tokens().map(|t| (t.col, t.text)).collect();
        assert_eq!(
            tokens,
            vec![(3, &b"Red"[..]), (8, &b"Red"[..]), (13, &b"White"[..])]
        );
        assert_eq!(line.end_col(), 18);
    }

    #[test]
    fn line_ends_are_stripped_and_counted() {
        let mut lines = lines_of("a\r\n\nb");
        assert_eq!(lines.next_line().unwrap().unwrap().text, b"a");
        assert!(lines.next_line().unwrap().unwrap().is_blank());
        let b = lines.next_line().unwrap().unwrap();
        assert_eq!((b.number, b.text), (3, &b"b"[..]));
        assert!(lines.next_line().unwrap().is_none());
    }

    #[test]
    fn end_of_input_is_placed_after_the_last_line() {
        let mut lines = lines_of("1\n");
        while lines.next_line().unwrap().is_some() {}
        assert_eq!(
            lines.eof_error("expected x").to_string(),
            "2:1: expected x, found end of input"
        );
        let mut lines = lines_of("12");
        while lines.next_line().unwrap().is_some() {}
        assert_eq!(
            lines.eof_error("expected x").to_string(),
            "1:3: expected x, found end of input"
        );
    }

    #[test]
    fn non_utf8_and_overlong_lines_are_errors() {
        let mut lines = Lines::new(&b"ok\nab\xffc\n"[..]);
        lines.next_line().unwrap();
        let e = lines.next_line().unwrap_err().to_string();
        assert!(e.starts_with("2:3: expected UTF-8"), "{}", e);
        let long = vec![b'a'; MAX_LINE + 1];
        let e = Lines::new(&long[..]).next_line().unwrap_err().to_string();
        assert!(e.contains("line too long"), "{}", e);
        let fits = vec![b'a'; MAX_LINE];
        assert_eq!(
            Lines::new(&fits[..])
                .next_line()
                .unwrap()
                .unwrap()
                .text
                .len(),
            MAX_LINE
        );
    }

    #[test]
    fn counts_and_numbers() {
        assert_eq!(parse_u64(b"0042"), Some(42));
        assert_eq!(parse_u64(b"-1"), None);
        assert_eq!(parse_u64(b""), None);
        assert_eq!(parse_u64(b"99999999999999999999"), None);
        let mut out = Vec::new();
        write_u64(&mut out, 0).unwrap();
        out.push(b' ');
        write_u64(&mut out, u64::MAX).unwrap();
        assert_eq!(out, b"0 18446744073709551615");
        assert_eq!(
            read_count(&mut lines_of("\n 3 \n"), "the count").unwrap(),
            3
        );
        let e = read_count(&mut lines_of("3 4\n"), "the count")
            .unwrap_err()
            .to_string();
        assert_eq!(e, "1:3: expected end of line after the count, found `4`");
    }

    #[test]
    fn long_tokens_are_cut_when_shown() {
        let long = "x".repeat(100);
        assert_eq!(shown(long.as_bytes()), format!("`{}...`", "x".repeat(40)));
    }
}
