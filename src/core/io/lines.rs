//! The line reader: hands out one input line at a time, in place, out of
//! a buffer it refills in big reads, and knows each line's number and
//! where the input ended. Memory is bounded by the longest line allowed.

use super::error::Error;
use std::io::{ErrorKind, Read};

/// The longest line accepted, in bytes without its line end: a longer one
/// is an input error, not a buffer that grows with the input.
pub const MAX_LINE: usize = 1 << 20;

/// How much is read at a time, once the input shows it is not small.
const CHUNK: usize = 1 << 16;

/// How much the first read takes: a contest's file fits, and a buffer
/// this small costs nothing to set up.
const FIRST: usize = 1 << 12;

/// Bytes kept readable after the data, zeroed, so that a line's bytes may
/// be loaded 8 at a time from any place in it.
const PAD: usize = 8;

/// A UTF-8 byte-order mark.
const BOM: &[u8] = b"\xef\xbb\xbf";

/// One input line without its line end (LF, or CR LF), with its 1-based
/// number.
pub struct Line<'a> {
    pub number: usize,
    pub text: &'a [u8],
}

impl<'a> Line<'a> {
    /// A line on its own (tests, and text that is not in a reader).
    pub(crate) fn new(number: usize, text: &'a [u8]) -> Line<'a> {
        Line { number, text }
    }

    /// An error at byte column `col` of this line.
    pub(crate) fn error(&self, col: usize, message: String) -> Error {
        Error::at(self.number, col, message)
    }
}

/// Reads lines out of its own buffer. A line is handed out in place; the
/// buffer grows only for a big input or a long line, up to `MAX_LINE`.
pub struct Lines<R> {
    reader: R,
    buf: Vec<u8>,
    /// `buf[pos..end]` is read and not handed out yet; the `PAD` bytes
    /// after it are zeros.
    pos: usize,
    end: usize,
    eof: bool,
    /// Whether `buf[..end]` was all ASCII when it was read: its lines then
    /// need no UTF-8 check.
    ascii: bool,
    /// The line handed out last is `buf[line_start..line_stop]`, number `number`.
    line_start: usize,
    line_stop: usize,
    number: usize,
    /// Whether that line ended with a newline: if not, it was the last,
    /// and the end of input is right after its text.
    terminated: bool,
    /// Lines counted in `number` that no fast path took whole: handed out
    /// one at a time, or passed as empty. (`consume`, the fast paths' way,
    /// counts only in `number`: it runs far more often.)
    not_taken_fast: usize,
}

impl<R: Read> Lines<R> {
    pub fn new(reader: R) -> Lines<R> {
        Lines {
            reader,
            buf: vec![0; FIRST + PAD],
            pos: 0,
            end: 0,
            eof: false,
            ascii: true,
            line_start: 0,
            line_stop: 0,
            number: 0,
            terminated: true,
            not_taken_fast: 0,
        }
    }

    /// Skips a byte-order mark at the very start of the input (R0.5), before
    /// the first line is read; says whether there was one.
    pub(crate) fn skip_bom(&mut self) -> Result<bool, Error> {
        // More is read only while what came may still begin a mark: input
        // that comes slowly is not waited for.
        while self.end < BOM.len() && !self.eof && BOM.starts_with(&self.buf[..self.end]) {
            self.refill()?;
        }
        // Nothing is handed out yet, and the buffer is zeros after the data.
        let found = self.buf.starts_with(BOM);
        if found {
            // The first block stays marked non-ASCII: its lines get a UTF-8
            // check they do not need, and the result is the same.
            self.pos = BOM.len();
        }
        Ok(found)
    }

    /// The number of the line read last (0 before the first).
    pub(crate) fn line_number(&self) -> usize {
        self.number
    }

    /// Whether the line read last ended with a newline.
    pub(crate) fn terminated(&self) -> bool {
        self.terminated
    }

    /// The line read last.
    pub(crate) fn current(&self) -> Line<'_> {
        Line {
            number: self.number,
            text: &self.buf[self.line_start..self.line_stop],
        }
    }

    /// Whether the line handed out last ended in CR LF (the CR is not
    /// part of its text).
    pub(crate) fn ended_by_crlf(&self) -> bool {
        self.buf[self.line_stop] == b'\r'
    }

    /// The bytes read and not handed out yet, then at least `PAD` more
    /// (zeros past the data): for a solver's fast path, which must take
    /// whole lines only and hand them out through `consume`.
    #[inline(always)]
    pub(crate) fn unread(&self) -> &[u8] {
        &self.buf[self.pos..self.end + PAD]
    }

    /// How many lines fast paths took whole so far.
    pub(crate) fn taken_fast(&self) -> usize {
        self.number - self.not_taken_fast
    }

    /// Whether `unread()` is all ASCII, so that a fast path taking tokens
    /// of any bytes needs no UTF-8 check of its own.
    #[inline(always)]
    pub(crate) fn unread_is_ascii(&self) -> bool {
        self.ascii
    }

    /// Moves past the first `len` bytes of `unread()`, which a solver's
    /// fast path took as `lines` whole lines, each ended by a newline.
    #[inline(always)]
    pub(crate) fn consume(&mut self, len: usize, lines: usize) {
        if lines > 0 {
            self.pos += len;
            self.number += lines;
            self.terminated = true;
            self.line_start = self.pos;
            self.line_stop = self.pos;
        }
    }

    /// Reads more input after `unread()` when no newline is among its
    /// bytes yet, until one comes (or the end of input, or more than
    /// `MAX_LINE` bytes): for a fast path that stopped at a line running
    /// past the bytes at hand, which it may then find whole there. `true`
    /// if more came; `current()` is then empty, as after `consume`.
    pub(crate) fn read_on(&mut self) -> Result<bool, Error> {
        let before = self.end - self.pos;
        if self.eof || self.buf[self.pos..self.end].contains(&b'\n') {
            return Ok(false);
        }
        // Until a newline comes: each read's bytes are searched once.
        let mut searched = before;
        while !self.eof && searched <= MAX_LINE {
            self.refill()?;
            if self.buf[self.pos + searched..self.end].contains(&b'\n') {
                break;
            }
            searched = self.end - self.pos;
        }
        self.line_start = self.pos;
        self.line_stop = self.pos;
        Ok(self.end - self.pos > before)
    }

    /// Hands out, as `current()`, the line that starts `blank` bytes into
    /// `unread()`, after as many empty lines (LF only): `text` bytes of
    /// text, `len` with its line end. For a fast path that found the
    /// line's end itself in `unread()`, all ASCII, and the line not blank.
    #[inline(always)]
    pub(crate) fn hand_out(&mut self, blank: usize, text: usize, len: usize) {
        self.number += blank + 1;
        self.not_taken_fast += blank + 1;
        self.line_start = self.pos + blank;
        self.line_stop = self.line_start + text;
        self.pos = self.line_start + len;
        self.terminated = true;
    }

    /// Moves to the next line, `current()`; `false` at the end of input.
    /// A line too long or not UTF-8 is an error.
    pub(crate) fn next_line(&mut self) -> Result<bool, Error> {
        // How many unread bytes are known to hold no newline, so that a
        // line gathered over many reads is searched once.
        let mut searched = 0;
        let newline = loop {
            let unsearched = &self.buf[self.pos + searched..self.end];
            if let Some(i) = unsearched.iter().position(|&b| b == b'\n') {
                break Some(self.pos + searched + i);
            }
            searched = self.end - self.pos;
            // Past `MAX_LINE` and a CR without a newline, the line is too
            // long: it is taken as it is and refused below.
            if self.eof || searched > MAX_LINE + 1 {
                if searched == 0 {
                    return Ok(false);
                }
                break None;
            }
            self.refill()?;
        };
        self.number += 1;
        self.not_taken_fast += 1;
        self.terminated = newline.is_some();
        self.line_start = self.pos;
        self.line_stop = newline.unwrap_or(self.end);
        self.pos = newline.map_or(self.end, |at| at + 1);
        // A CR right before the newline is part of the line end.
        if self.terminated && self.buf[self.line_start..self.line_stop].ends_with(b"\r") {
            self.line_stop -= 1;
        }
        // A line too long or not UTF-8 is refused, and handed out up to
        // its fault: a reading may still take what comes before it (R0.3).
        let text = &self.buf[self.line_start..self.line_stop];
        let kept = text.len().min(MAX_LINE);
        if !self.ascii {
            // Of a line too long, the bytes past the limit are not looked
            // at (nor a character the limit cuts).
            match std::str::from_utf8(&text[..kept]) {
                Err(e) if kept == text.len() || e.error_len().is_some() => {
                    self.line_stop = self.line_start + e.valid_up_to();
                    return Err(Error::at(
                        self.number,
                        e.valid_up_to() + 1,
                        NOT_UTF8.to_string(),
                    ));
                }
                _ => {}
            }
        }
        if text.len() > MAX_LINE {
            self.line_stop = self.line_start + MAX_LINE;
            return Err(line_too_long(self.number));
        }
        Ok(true)
    }

    /// Moves to the next line that holds a token, past blank lines (R0.1):
    /// `current()`. `false` at the end of input.
    pub(crate) fn next_nonblank(&mut self) -> Result<bool, Error> {
        loop {
            // Empty lines in the buffer are passed in one go: millions of
            // them cost about what reading them does. (`terminated` is
            // already true: unread bytes only follow a line end.)
            let empty = self.buf[self.pos..self.end]
                .iter()
                .take_while(|&&b| b == b'\n')
                .count();
            self.pos += empty;
            self.number += empty;
            self.not_taken_fast += empty;
            if !self.next_line()? {
                return Ok(false);
            }
            if !self.current().text.iter().all(|&b| is_blank(b)) {
                return Ok(true);
            }
        }
    }

    /// Reads more input behind the unread bytes, which move to the front
    /// first. The buffer grows when the last read filled it: to `CHUNK`
    /// for an input that is not small, and beyond for a line longer than
    /// the buffer.
    fn refill(&mut self) -> Result<(), Error> {
        let mut capacity = self.buf.len() - PAD;
        let full = self.end == capacity;
        self.buf.copy_within(self.pos..self.end, 0);
        self.end -= self.pos;
        self.pos = 0;
        if full && (self.end == capacity || capacity < CHUNK) {
            capacity = (capacity * 2).clamp(CHUNK, MAX_LINE + 2 + CHUNK);
            self.buf.resize(capacity + PAD, 0);
        }
        let got = loop {
            match self.reader.read(&mut self.buf[self.end..capacity]) {
                Err(e) if e.kind() == ErrorKind::Interrupted => {}
                result => break result.map_err(Error::Read)?,
            }
        };
        self.eof = got == 0;
        self.end += got;
        self.buf[self.end..self.end + PAD].fill(0);
        self.ascii = self.buf[..self.end].is_ascii();
        Ok(())
    }

    /// An error at the end of input: `, found end of input` is appended to
    /// what was expected. It is placed just after the last line.
    pub(crate) fn eof_error(&self, expected: &str) -> Error {
        let (line, col) = if self.terminated {
            (self.number + 1, 1)
        } else {
            (self.number, self.line_stop - self.line_start + 1)
        };
        Error::at(line, col, format!("{}, found end of input", expected))
    }
}

/// What is said of a line with a byte that is not UTF-8, at that byte.
pub(crate) const NOT_UTF8: &str = "expected UTF-8 text, found a byte that is not UTF-8";

/// The error for line `number` longer than `MAX_LINE`, at the byte past it.
pub(crate) fn line_too_long(number: usize) -> Error {
    Error::at(number, MAX_LINE + 1, too_long())
}

/// What is said of a line longer than `MAX_LINE`.
pub(crate) fn too_long() -> String {
    format!(
        "line too long: expected at most {} bytes, found more",
        MAX_LINE
    )
}

/// True for the bytes that separate tokens (R0.1: spaces, tabs, a stray
/// CR, vertical tab and form feed; and the newline, never inside a line).
#[inline]
pub fn is_blank(byte: u8) -> bool {
    matches!(byte, b'\t'..=b'\r' | b' ')
}

#[cfg(test)]
mod tests;
