//! The line reader: hands out one input line at a time, in place, out of
//! a buffer it refills in big reads, and knows each line's number and
//! where the input ended. Memory is bounded by the longest line allowed.

use super::error::Error;
use std::io::{self, Read};

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
pub const PAD: usize = 8;

/// A UTF-8 byte-order mark.
const BOM: &[u8] = b"\xef\xbb\xbf";

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGHS: u64 = 0x8080_8080_8080_8080;

/// Eight bytes as a little-endian word.
#[inline(always)]
pub fn word(bytes: &[u8]) -> u64 {
    let mut w = [0u8; 8];
    w.copy_from_slice(&bytes[..8]);
    u64::from_le_bytes(w)
}

/// One input line without its line end (LF, or CR LF), with its 1-based
/// number. `padded` is the text followed by at least `PAD` more bytes
/// (the line end, the next lines, or zeros).
#[derive(Clone, Copy, Debug)]
pub struct Line<'a> {
    pub number: usize,
    pub text: &'a [u8],
    pub padded: &'a [u8],
}

impl<'a> Line<'a> {
    /// A line on its own (tests, and text that is not in a reader).
    pub fn new(number: usize, text: &'a [u8]) -> Line<'a> {
        Line {
            number,
            text,
            padded: text,
        }
    }

    /// An error at byte column `col` of this line.
    pub fn error(&self, col: usize, message: String) -> Error {
        Error::at(self.number, col, message)
    }

    /// `error` for hot code: the message is made out of line, and only
    /// when the error happens.
    #[cold]
    #[inline(never)]
    pub fn fail<F: FnOnce() -> String>(&self, col: usize, message: F) -> Error {
        Error::at(self.number, col, message())
    }
}

/// The index of the first newline in `bytes`, eight bytes at a time.
#[inline(always)]
fn find_newline(bytes: &[u8]) -> Option<usize> {
    let mut at = 0;
    while at + 8 <= bytes.len() {
        let x = word(&bytes[at..]) ^ (ONES * u64::from(b'\n'));
        // A byte of x is zero exactly where a newline is; the lowest
        // flagged byte is exact.
        let zeros = x.wrapping_sub(ONES) & !x & HIGHS;
        if zeros != 0 {
            return Some(at + zeros.trailing_zeros() as usize / 8);
        }
        at += 8;
    }
    bytes[at..].iter().position(|&b| b == b'\n').map(|i| at + i)
}

/// Reads lines out of its own buffer. A line is handed out in place; the
/// buffer grows only for a long line, up to `MAX_LINE`.
pub struct Lines<R> {
    reader: R,
    buf: Vec<u8>,
    /// `buf[pos..end]` is read and not handed out yet.
    pos: usize,
    end: usize,
    /// Where the newline search resumes, so that a long line is scanned once.
    scanned: usize,
    eof: bool,
    /// Whether `buf[pos..end]` was all ASCII when it was read: its lines
    /// then need no UTF-8 check.
    ascii: bool,
    /// Whether the last read filled all the room it had: the input is
    /// bigger than the buffer, which grows to `CHUNK` at the next read.
    filled: bool,
    /// The line handed out last is `buf[start..stop]`, number `number`.
    start: usize,
    stop: usize,
    number: usize,
    /// Whether the last line read ended with a newline, and its length:
    /// together they place the end of input.
    terminated: bool,
    last_len: usize,
}

impl<R: Read> Lines<R> {
    pub fn new(reader: R) -> Lines<R> {
        Lines {
            reader,
            buf: vec![0; FIRST + PAD],
            pos: 0,
            end: 0,
            scanned: 0,
            eof: false,
            ascii: true,
            filled: false,
            start: 0,
            stop: 0,
            number: 0,
            terminated: true,
            last_len: 0,
        }
    }

    /// Skips a byte-order mark at the very start of the input (R0.5);
    /// says whether there was one.
    pub fn skip_bom(&mut self) -> Result<bool, Error> {
        while self.end < BOM.len() && !self.eof {
            self.refill()?;
        }
        let found = self.number == 0 && self.buf[..self.end].starts_with(BOM);
        if found {
            self.pos = BOM.len();
            self.scanned = self.pos;
            self.ascii = self.buf[self.pos..self.end].is_ascii();
        }
        Ok(found)
    }

    /// The number of the line read last (0 before the first).
    pub fn line_number(&self) -> usize {
        self.number
    }

    /// Whether the line read last ended with a newline.
    pub fn terminated(&self) -> bool {
        self.terminated
    }

    /// The line read last.
    #[inline(always)]
    pub fn current(&self) -> Line<'_> {
        Line {
            number: self.number,
            text: &self.buf[self.start..self.stop],
            padded: &self.buf[self.start..self.stop + PAD],
        }
    }

    /// The bytes read and not handed out yet, then at least `PAD` more
    /// (zeros past the data): for a solver's fast path, which must take
    /// whole lines only and hand them out through `take`.
    #[inline(always)]
    pub fn unread(&self) -> &[u8] {
        &self.buf[self.pos..self.end + PAD]
    }

    /// Whether `unread()` is all ASCII, so that a fast path taking tokens
    /// of any bytes needs no UTF-8 check of its own.
    #[inline(always)]
    pub fn unread_is_ascii(&self) -> bool {
        self.ascii
    }

    /// Moves past the first `len` bytes of `unread()`, which a solver's
    /// fast path took as `lines` whole lines, the last of them `last_len`
    /// bytes long without its line end.
    #[inline(always)]
    pub fn consume(&mut self, len: usize, lines: usize, last_len: usize) {
        if lines > 0 {
            self.pos += len;
            self.scanned = self.pos;
            self.number += lines;
            self.terminated = true;
            self.last_len = last_len;
            self.start = self.pos;
            self.stop = self.pos;
        }
    }

    /// The next line, or `None` at the end of input.
    #[inline(always)]
    pub fn next_line(&mut self) -> Result<Option<Line<'_>>, Error> {
        Ok(if self.advance()? {
            Some(self.current())
        } else {
            None
        })
    }

    /// The next line that holds a token, skipping blank lines (R0.1).
    #[inline(always)]
    pub fn next_nonblank(&mut self) -> Result<Option<Line<'_>>, Error> {
        loop {
            if self.pos < self.end && self.buf[self.pos] == b'\n' {
                self.skip_empty_lines();
            }
            if !self.advance()? {
                return Ok(None);
            }
            // Most lines start with a token: the first byte settles it.
            let text = &self.buf[self.start..self.stop];
            match text.first() {
                Some(&b) if b > b' ' => break,
                _ if text.iter().all(|&b| is_blank(b)) => {}
                _ => break,
            }
        }
        Ok(Some(self.current()))
    }

    /// Moves past a run of empty lines (LF only) in the buffer, eight at a
    /// time where it can: a file of blank lines costs little more than
    /// reading it.
    #[inline(never)]
    fn skip_empty_lines(&mut self) {
        const NEWLINES: u64 = ONES * b'\n' as u64;
        let mut at = self.pos;
        while at + 8 <= self.end && word(&self.buf[at..]) == NEWLINES {
            at += 8;
        }
        while at < self.end && self.buf[at] == b'\n' {
            at += 1;
        }
        let skipped = at - self.pos;
        self.number += skipped;
        self.start = at - 1;
        self.stop = at - 1;
        self.terminated = true;
        self.last_len = 0;
        self.pos = at;
        self.scanned = at;
    }

    /// Moves to the next line; `false` at the end of input.
    #[inline(always)]
    fn advance(&mut self) -> Result<bool, Error> {
        // The common case inline: an ASCII line already in the buffer.
        if self.ascii {
            if let Some(i) = find_newline(&self.buf[self.pos..self.end]) {
                let start = self.pos;
                let newline = start + i;
                let mut stop = newline;
                if stop > start && self.buf[stop - 1] == b'\r' {
                    stop -= 1;
                }
                if stop - start <= MAX_LINE {
                    self.start = start;
                    self.stop = stop;
                    self.pos = newline + 1;
                    self.scanned = self.pos;
                    self.number += 1;
                    self.terminated = true;
                    self.last_len = stop - start;
                    return Ok(true);
                }
            }
        }
        self.advance_slowly()
    }

    /// `advance` for everything else: a line to be gathered across reads,
    /// the last line without a newline, non-ASCII text, a line too long.
    #[inline(never)]
    fn advance_slowly(&mut self) -> Result<bool, Error> {
        let newline = loop {
            if let Some(i) = find_newline(&self.buf[self.scanned..self.end]) {
                break Some(self.scanned + i);
            }
            self.scanned = self.end;
            if self.end - self.pos > MAX_LINE + 1 {
                return Err(too_long(self.number + 1));
            }
            if self.eof {
                if self.pos == self.end {
                    return Ok(false);
                }
                break None;
            }
            self.refill()?;
        };
        self.start = self.pos;
        self.number += 1;
        self.terminated = newline.is_some();
        self.stop = match newline {
            Some(at) if at > self.start && self.buf[at - 1] == b'\r' => at - 1,
            Some(at) => at,
            None => self.end,
        };
        self.pos = newline.map_or(self.end, |at| at + 1);
        self.scanned = self.pos;
        self.last_len = self.stop - self.start;
        if self.last_len > MAX_LINE {
            return Err(too_long(self.number));
        }
        if !self.ascii {
            if let Err(e) = std::str::from_utf8(&self.buf[self.start..self.stop]) {
                return Err(Error::at(
                    self.number,
                    e.valid_up_to() + 1,
                    "expected UTF-8 text, found a byte that is not UTF-8".to_string(),
                ));
            }
        }
        Ok(true)
    }

    /// Reads more input behind what is unread, moving the unread bytes to
    /// the front first, and growing the buffer for a big input (to
    /// `CHUNK`) or a long line.
    fn refill(&mut self) -> Result<(), Error> {
        if self.pos > 0 {
            self.buf.copy_within(self.pos..self.end, 0);
            self.end -= self.pos;
            self.scanned -= self.pos;
            self.start = self.start.saturating_sub(self.pos);
            self.stop = self.stop.saturating_sub(self.pos);
            self.pos = 0;
        }
        let mut capacity = self.buf.len() - PAD;
        if self.end == capacity || (self.filled && capacity < CHUNK) {
            capacity = (capacity * 2).clamp(CHUNK, MAX_LINE + 2 + CHUNK);
            self.buf.resize(capacity + PAD, 0);
        }
        loop {
            match self.reader.read(&mut self.buf[self.end..capacity]) {
                Ok(0) => self.eof = true,
                Ok(n) => {
                    self.filled = self.end + n == capacity;
                    self.end += n;
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(Error::Read(e)),
            }
            break;
        }
        for b in &mut self.buf[self.end..self.end + PAD] {
            *b = 0;
        }
        self.ascii = self.buf[self.pos..self.end].is_ascii();
        Ok(())
    }

    /// An error at the end of input: `, found end of input` is appended to
    /// what was expected. It is placed just after the last line.
    pub fn eof_error(&self, expected: &str) -> Error {
        let (line, col) = if self.terminated {
            (self.number + 1, 1)
        } else {
            (self.number, self.last_len + 1)
        };
        Error::at(line, col, format!("{}, found end of input", expected))
    }
}

/// The error for line `number`, longer than `MAX_LINE`: at its first byte
/// past the limit.
#[cold]
fn too_long(number: usize) -> Error {
    Error::at(
        number,
        MAX_LINE + 1,
        format!("line too long: expected at most {} bytes", MAX_LINE),
    )
}

/// True for the bytes that separate tokens (R0.1: spaces, tabs, a stray
/// CR, vertical tab and form feed).
#[inline(always)]
pub fn is_blank(byte: u8) -> bool {
    byte <= b' ' && matches!(byte, b' ' | b'\t' | b'\r' | b'\x0b' | b'\x0c')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all_lines(lines: &mut Lines<impl Read>) -> Vec<(usize, String)> {
        let mut seen = Vec::new();
        while let Some(line) = lines.next_line().unwrap() {
            seen.push((line.number, String::from_utf8(line.text.to_vec()).unwrap()));
        }
        seen
    }

    #[test]
    fn line_ends_are_stripped_and_lines_counted_across_reads() {
        let text = "first line\r\n\nsecond, longer line\nend\r";
        for capacity in [1, 2, 3, 7, 64] {
            let mut lines = Lines::new(io::BufReader::with_capacity(capacity, text.as_bytes()));
            let expected = [
                (1, "first line"),
                (2, ""),
                (3, "second, longer line"),
                (4, "end\r"),
            ];
            let expected: Vec<(usize, String)> =
                expected.iter().map(|&(n, t)| (n, t.to_string())).collect();
            assert_eq!(all_lines(&mut lines), expected, "capacity {}", capacity);
            assert!(!lines.terminated());
            assert_eq!(
                lines.eof_error("expected x").to_string(),
                "4:5: expected x, found end of input"
            );
        }
    }

    #[test]
    fn newlines_are_found_in_every_position() {
        for len in 0..40 {
            let mut bytes = vec![b'a'; len];
            assert_eq!(find_newline(&bytes), None);
            for at in 0..len {
                bytes[at] = b'\n';
                assert_eq!(find_newline(&bytes), Some(at));
                bytes[at] = b'\x8a';
            }
        }
    }

    #[test]
    fn blank_lines_are_skipped_and_still_counted() {
        let mut text = b"\n \t\n".to_vec();
        text.extend(std::iter::repeat(b'\n').take(1000));
        text.extend_from_slice(b"  a\n\r\n\n");
        let mut lines = Lines::new(&text[..]);
        let line = lines.next_nonblank().unwrap().unwrap();
        assert_eq!((line.number, line.text), (1003, &b"  a"[..]));
        assert!(lines.next_nonblank().unwrap().is_none());
        assert_eq!(
            lines.eof_error("expected x").to_string(),
            "1006:1: expected x, found end of input"
        );
    }

    #[test]
    fn end_of_input_is_placed_after_the_last_line() {
        let mut lines = Lines::new(&b"1\n"[..]);
        while lines.next_line().unwrap().is_some() {}
        assert_eq!(
            lines.eof_error("expected x").to_string(),
            "2:1: expected x, found end of input"
        );
        let mut lines = Lines::new(&b"12"[..]);
        while lines.next_line().unwrap().is_some() {}
        assert_eq!(
            lines.eof_error("expected x").to_string(),
            "1:3: expected x, found end of input"
        );
    }

    #[test]
    fn a_byte_order_mark_is_skipped_only_at_the_start() {
        let mut lines = Lines::new(&b"\xef\xbb\xbf3\n\xef\xbb\xbf\n"[..]);
        assert!(lines.skip_bom().unwrap());
        assert_eq!(lines.next_line().unwrap().unwrap().text, b"3");
        assert_eq!(lines.next_line().unwrap().unwrap().text, b"\xef\xbb\xbf");
        assert!(!Lines::new(&b"3\n"[..]).skip_bom().unwrap());
        assert!(!Lines::new(&b""[..]).skip_bom().unwrap());
    }

    #[test]
    fn bytes_that_are_not_utf8_are_errors_at_their_place() {
        let mut lines = Lines::new(&b"ok\nab\xffc\n"[..]);
        lines.next_line().unwrap();
        let e = lines.next_line().unwrap_err().to_string();
        assert_eq!(
            e,
            "2:3: expected UTF-8 text, found a byte that is not UTF-8"
        );
    }

    /// Lines of every length around the limit, read through readers that
    /// hand out bytes in chunks of several sizes, after a line that has
    /// already grown the buffer: a line is refused exactly when it is
    /// longer than `MAX_LINE`, however it arrives.
    #[test]
    fn the_line_limit_holds_however_the_input_arrives() {
        for first in [MAX_LINE, 10] {
            for len in [MAX_LINE - 1, MAX_LINE, MAX_LINE + 1, MAX_LINE + 2] {
                for cr in [false, true] {
                    let mut text = vec![b'a'; first];
                    text.push(b'\n');
                    text.extend(std::iter::repeat(b'b').take(len));
                    if cr {
                        text.push(b'\r');
                    }
                    text.extend_from_slice(b"\nc\n");
                    for capacity in [1 << 16, 3 << 20] {
                        let reader = io::BufReader::with_capacity(capacity, &text[..]);
                        let mut lines = Lines::new(reader);
                        lines.next_line().unwrap();
                        match lines.next_line() {
                            Ok(Some(line)) => assert!(len <= MAX_LINE && line.text.len() == len),
                            Ok(None) => panic!("line 2 missing"),
                            Err(e) => {
                                assert!(len > MAX_LINE, "{} refused", len);
                                assert!(e.to_string().starts_with("2:1048577: line too long"));
                            }
                        }
                    }
                }
            }
        }
    }
}
