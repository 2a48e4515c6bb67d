//! Shared input code for every solver: the error type, a line reader that
//! counts lines and knows where the input ended, a whitespace tokenizer that
//! knows byte columns, and small number helpers.
//!
//! `referee bundle` pastes this file into one-file judge submissions, so it
//! uses std only, nothing else from the crate, and no API newer than Rust 1.70.

use std::fmt;
use std::io::{self, Read, Write};

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

/// Runs a solver's `body` on an `Output` over `out`, then ends through
/// `finish`.
pub fn with_output<W, F>(out: W, body: F) -> Result<(), Error>
where
    W: Write,
    F: FnOnce(&mut Output<W>) -> Result<(), Error>,
{
    let mut out = Output::new(out);
    let result = body(&mut out);
    finish(out, result)
}

/// Runs a solver's `solve_part` over `lines` for `part`, its output going
/// through an `Output` over `out` (see `with_output`).
pub fn run_part<R, W, S>(
    mut lines: Lines<R>,
    out: W,
    mut part: Part,
    solve_part: S,
) -> Result<(), Error>
where
    R: Read,
    W: Write,
    S: FnOnce(&mut Lines<R>, &mut Output<W>, &mut Part) -> Result<(), Error>,
{
    with_output(out, |out| solve_part(&mut lines, out, &mut part))
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
#[inline]
pub fn is_blank(byte: u8) -> bool {
    byte <= b' ' && matches!(byte, b' ' | b'\t' | b'\r' | b'\x0b' | b'\x0c')
}

/// One input line without its line end, with its 1-based number.
#[derive(Clone, Copy, Debug)]
pub struct Line<'a> {
    pub number: usize,
    pub text: &'a [u8],
    /// `text` and whatever bytes follow it in the reader's buffer (at least
    /// `PAD` of them from `Lines`): lets the tokenizer load 8 bytes at once.
    padded: &'a [u8],
}

impl<'a> Line<'a> {
    pub fn new(number: usize, text: &'a [u8]) -> Line<'a> {
        Line {
            number,
            text,
            padded: text,
        }
    }

    pub fn tokens(&self) -> Tokens<'a> {
        Tokens {
            text: self.text,
            padded: self.padded,
            pos: 0,
        }
    }

    pub fn is_blank(&self) -> bool {
        self.text.iter().all(|&b| is_blank(b))
    }

    /// A line of 1 to 16 bytes as two little-endian words, zero past its
    /// end: with the length, a key to what the line says. `None` for
    /// other lines, and for lines without `PAD` bytes after them.
    #[inline(always)]
    pub fn short_key(&self) -> Option<[u64; 2]> {
        let len = self.text.len();
        let loaded = if len <= 8 { 8 } else { 16 };
        if len == 0 || len > 16 || self.padded.len() < loaded {
            return None;
        }
        let first = le_u64(self.padded);
        Some(if len <= 8 {
            [low_bytes(first, len), 0]
        } else {
            [first, low_bytes(le_u64(&self.padded[8..]), len - 8)]
        })
    }

    /// An error at byte column `col` of this line.
    pub fn error(&self, col: usize, message: String) -> Error {
        Error::at(self.number, col, message)
    }

    /// `error` for hot code: the message is made out of line, only when
    /// the error happens.
    #[cold]
    #[inline(never)]
    pub fn fail<F: FnOnce() -> String>(&self, col: usize, message: F) -> Error {
        Error::at(self.number, col, message())
    }

    /// `--strict` layout: tokens separated by single spaces, nothing before
    /// the first or after the last.
    pub fn check_layout(&self) -> Result<(), Error> {
        let text = self.text;
        for (i, &b) in text.iter().enumerate() {
            let bad = if b == b' ' {
                i == 0 || i + 1 == text.len() || text[i - 1] == b' '
            } else {
                is_blank(b)
            };
            if bad {
                let what = match b {
                    b' ' if i == 0 => "found a leading space",
                    b' ' if i + 1 == text.len() => "found a trailing space",
                    b' ' => "found two spaces",
                    b'\t' => "found a tab",
                    _ => "found a control character",
                };
                return Err(self.error(
                    i + 1,
                    format!("expected single spaces between tokens, {}", what),
                ));
            }
        }
        Ok(())
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

/// A token: its 1-based byte column, its bytes, and its first (up to) 8
/// bytes as a little-endian integer, zero above the token, so that a short
/// word is matched in one comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token<'a> {
    pub col: usize,
    pub text: &'a [u8],
    pub head: u64,
}

/// The whitespace-separated tokens of a line.
#[derive(Clone, Debug)]
pub struct Tokens<'a> {
    text: &'a [u8],
    padded: &'a [u8],
    pos: usize,
}

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGHS: u64 = 0x8080_8080_8080_8080;

fn le_u64(bytes: &[u8]) -> u64 {
    let mut word = [0u8; 8];
    word.copy_from_slice(&bytes[..8]);
    u64::from_le_bytes(word)
}

/// The low `len` bytes (1 to 8) of a word.
fn low_bytes(word: u64, len: usize) -> u64 {
    word & (u64::MAX >> (64 - 8 * len))
}

/// The first 8 bytes of a token, packed as in `Token::head` (`const` so
/// that solvers can make the heads of their words at compile time).
pub const fn head_of(token: &[u8]) -> u64 {
    let mut head = 0;
    let mut i = 0;
    while i < token.len() && i < 8 {
        head |= (token[i] as u64) << (8 * i);
        i += 1;
    }
    head
}

impl<'a> Tokens<'a> {
    /// The end and head of the token starting at `start`, 8 bytes at a
    /// time; `None` (a control byte, or too few padding bytes) sends the
    /// caller to the byte-by-byte scan.
    #[inline(always)]
    fn token_at(&self, start: usize) -> Option<(usize, u64)> {
        let first = le_u64(self.padded.get(start..start + 8)?);
        let mut word = first;
        let mut at = start;
        loop {
            // The first byte at or below b' ' (a blank, a control byte or
            // the line end) ends the token; the lowest flagged byte is exact.
            let low = word.wrapping_sub(ONES * 0x21) & !word & HIGHS;
            let left = self.text.len() - at;
            let len = (low.trailing_zeros() as usize / 8).min(left);
            if len == left || (len < 8 && is_blank(self.text[at + len])) {
                let end = at + len;
                if end == start {
                    return None;
                }
                return Some((end, low_bytes(first, (end - start).min(8))));
            }
            if len < 8 {
                return None;
            }
            at += 8;
            word = le_u64(self.padded.get(at..at + 8)?);
        }
    }
}

impl<'a> Iterator for Tokens<'a> {
    type Item = Token<'a>;

    #[inline(always)]
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
        let head = match self.token_at(start) {
            Some((end, head)) => {
                pos = end;
                head
            }
            None => {
                while pos < text.len() && !is_blank(text[pos]) {
                    pos += 1;
                }
                head_of(&text[start..pos])
            }
        };
        self.pos = pos;
        Some(Token {
            col: start + 1,
            text: &text[start..pos],
            head,
        })
    }
}

/// How much is read from the input at a time.
const CHUNK: usize = 1 << 16;

/// Bytes kept readable after the data in the buffer, so that the tokenizer
/// may load 8 bytes from any place in a line.
const PAD: usize = 8;

/// Reads lines one at a time out of its own buffer, which it refills in
/// big chunks: a line is handed out in place, without a copy. Memory is
/// bounded by the longest line (at most `MAX_LINE`), never by the file.
pub struct Lines<R> {
    reader: R,
    buf: Vec<u8>,
    /// `buf[start..end]` is read but not yet handed out.
    start: usize,
    end: usize,
    /// Where the newline search resumes, so a long line is scanned once.
    scanned: usize,
    eof: bool,
    /// Whether all of `buf[start..end]` was ASCII when it was read: then
    /// its lines need no UTF-8 check of their own.
    all_ascii: bool,
    /// `--strict`: LF line ends, a final newline, blank lines empty.
    strict: bool,
    /// Blank lines skipped by the last `next_nonblank`.
    blanks_skipped: usize,
    /// The line handed out last: `buf[line_start..line_end]`.
    line_start: usize,
    line_end: usize,
    number: usize,
    /// Length of the last line read, and whether it ended with a newline:
    /// together they say where the end of input is.
    last_len: usize,
    last_terminated: bool,
}

/// The error for line `number` when it is longer than `MAX_LINE`.
fn too_long(number: usize) -> Error {
    Error::at(
        number,
        MAX_LINE + 1,
        format!("line too long: expected at most {} bytes", MAX_LINE),
    )
}

/// The index of the first newline in `bytes`, eight bytes at a time.
fn find_newline(bytes: &[u8]) -> Option<usize> {
    let mut start = 0;
    for chunk in bytes.chunks_exact(8) {
        let x = le_u64(chunk) ^ (ONES * u64::from(b'\n'));
        // A byte of x is zero exactly where a newline was; the lowest
        // flagged byte is exact.
        let zeros = x.wrapping_sub(ONES) & !x & HIGHS;
        if zeros != 0 {
            return Some(start + zeros.trailing_zeros() as usize / 8);
        }
        start += 8;
    }
    bytes[start..]
        .iter()
        .position(|&b| b == b'\n')
        .map(|i| start + i)
}

impl<R: Read> Lines<R> {
    pub fn new(reader: R) -> Lines<R> {
        Lines {
            reader,
            buf: vec![0; CHUNK + PAD],
            start: 0,
            end: 0,
            scanned: 0,
            eof: false,
            all_ascii: true,
            strict: false,
            blanks_skipped: 0,
            line_start: 0,
            line_end: 0,
            number: 0,
            last_len: 0,
            last_terminated: true,
        }
    }

    /// Holds the input to the statement's exact layout (`--strict`): LF
    /// line ends, a newline after the last line, blank lines empty.
    pub fn strict(mut self, strict: bool) -> Lines<R> {
        self.strict = strict;
        self
    }

    /// Numbers the lines as if `lines_before` lines came before them: a
    /// part of a larger input read on its own.
    pub fn starting_after(mut self, lines_before: usize) -> Lines<R> {
        self.number = lines_before;
        self
    }

    /// The number of the line read last (0 before the first).
    pub fn line_number(&self) -> usize {
        self.number
    }

    pub fn is_strict(&self) -> bool {
        self.strict
    }

    /// The next line with its LF or CRLF removed, or `None` at the end of
    /// input. A line over `MAX_LINE` bytes or one that is not UTF-8 is an
    /// error at its place.
    #[inline(always)]
    pub fn next_line(&mut self) -> Result<Option<Line<'_>>, Error> {
        // The common case inline: an LF-ended ASCII line already in the
        // buffer, outside strict mode; everything else in `read_line`.
        if !self.strict && self.all_ascii {
            if let Some(i) = find_newline(&self.buf[self.scanned..self.end]) {
                let line_end = self.scanned + i;
                if line_end > self.start && self.buf[line_end - 1] != b'\r' {
                    self.line_start = self.start;
                    self.line_end = line_end;
                    self.last_terminated = true;
                    self.last_len = line_end - self.start;
                    self.start = line_end + 1;
                    self.scanned = self.start;
                    self.number += 1;
                    return Ok(Some(self.current()));
                }
            }
        }
        self.read_line()
    }

    /// `next_line` for every case: a line to be gathered across reads, a
    /// CR LF or missing line end, strict checks, non-ASCII bytes.
    #[inline(never)]
    fn read_line(&mut self) -> Result<Option<Line<'_>>, Error> {
        loop {
            if let Some(i) = find_newline(&self.buf[self.scanned..self.end]) {
                self.line_start = self.start;
                self.line_end = self.scanned + i;
                self.last_terminated = true;
                break;
            }
            self.scanned = self.end;
            if self.end - self.start > MAX_LINE + 1 {
                self.number += 1;
                return Err(too_long(self.number));
            }
            if self.eof {
                if self.start == self.end {
                    return Ok(None);
                }
                self.line_start = self.start;
                self.line_end = self.end;
                self.last_terminated = false;
                break;
            }
            self.refill()?;
        }
        // Past the line and its newline, if it had one.
        self.start = (self.line_end + 1).min(self.end);
        self.scanned = self.start;
        self.number += 1;
        if self.line_end > self.line_start && self.buf[self.line_end - 1] == b'\r' {
            self.line_end -= 1;
            if self.strict {
                return Err(Error::at(
                    self.number,
                    self.line_end - self.line_start + 1,
                    "expected a LF line end, found CR LF".to_string(),
                ));
            }
        }
        if self.strict && !self.last_terminated {
            return Err(Error::at(
                self.number,
                self.line_end - self.line_start + 1,
                "expected a newline at the end of the last line, found end of input".to_string(),
            ));
        }
        let text = &self.buf[self.line_start..self.line_end];
        self.last_len = text.len();
        if text.len() > MAX_LINE {
            return Err(too_long(self.number));
        }
        if !self.all_ascii {
            if let Err(e) = std::str::from_utf8(text) {
                return Err(Error::at(
                    self.number,
                    e.valid_up_to() + 1,
                    "expected UTF-8 text, found a byte that is not UTF-8".to_string(),
                ));
            }
        }
        Ok(Some(self.current()))
    }

    /// Reads more input behind what is unread, first moving the unread
    /// bytes to the front, and growing the buffer only for a long line.
    fn refill(&mut self) -> Result<(), Error> {
        if self.start > 0 {
            self.buf.copy_within(self.start..self.end, 0);
            self.end -= self.start;
            self.scanned -= self.start;
            self.start = 0;
        }
        let capacity = self.buf.len() - PAD;
        if self.end == capacity {
            let grown = (capacity * 2).min(MAX_LINE + 2 + CHUNK);
            self.buf.resize(grown + PAD, 0);
        }
        let capacity = self.buf.len() - PAD;
        loop {
            match self.reader.read(&mut self.buf[self.end..capacity]) {
                Ok(0) => self.eof = true,
                Ok(n) => {
                    self.end += n;
                    self.all_ascii = self.buf[self.start..self.end].is_ascii();
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(Error::Io(e)),
            }
            return Ok(());
        }
    }

    /// The next line holding a token, skipping blank lines (R0.1).
    #[inline(always)]
    pub fn next_nonblank(&mut self) -> Result<Option<Line<'_>>, Error> {
        self.blanks_skipped = 0;
        loop {
            let strict = self.strict;
            match self.next_line()? {
                None => return Ok(None),
                // Most lines start with a token: the first byte settles it.
                Some(line)
                    if line.text.first().map_or(true, |&b| is_blank(b)) && line.is_blank() =>
                {
                    if strict && !line.text.is_empty() {
                        return Err(
                            line.error(1, "expected an empty line, found blanks".to_string())
                        );
                    }
                    self.blanks_skipped += 1;
                }
                Some(_) => break,
            }
        }
        Ok(Some(self.current()))
    }

    /// In strict mode, fails unless exactly `wanted` empty lines came
    /// before the line read last (`what` names where they belong).
    pub fn expect_blanks(&self, wanted: usize, what: &str) -> Result<(), Error> {
        if !self.strict || self.blanks_skipped == wanted {
            return Ok(());
        }
        let (line, message) = if self.blanks_skipped > wanted {
            let first_extra = self.number - self.blanks_skipped + wanted;
            (
                first_extra,
                format!("expected no blank line here ({}), found one", what),
            )
        } else {
            (
                self.number,
                format!("expected an empty line {}, found none", what),
            )
        };
        Err(Error::at(line, 1, message))
    }

    /// The line read last, without its line end.
    #[inline(always)]
    pub fn current(&self) -> Line<'_> {
        Line {
            number: self.number,
            text: &self.buf[self.line_start..self.line_end],
            padded: &self.buf[self.line_start..self.line_end + PAD],
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

    /// Fails on any non-blank text left after the last case (R0.2), and in
    /// strict mode on blank lines there too.
    pub fn expect_end(&mut self, after: &str) -> Result<(), Error> {
        match self.next_nonblank()? {
            None => self.expect_blanks(0, &format!("after {}", after)),
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

/// Which part of an input a solver reads. A whole input is one part; big
/// inputs are also cut between cases and the parts solved apart (see the
/// crate's `parallel`).
#[derive(Clone, Copy, Debug)]
pub struct Part {
    /// Whether the part begins at the top of the input, with the count of
    /// cases, which the solver then reads into `announced`.
    pub top: bool,
    /// The count of cases the input announced.
    pub announced: u64,
    /// Cases before the part: its first case has number `cases_before + 1`.
    pub cases_before: u64,
    /// Whether the part runs to the end of the input: then it must hold
    /// exactly the announced cases, followed by blank lines only. Otherwise
    /// it is read to its end, which must fall between two cases.
    pub to_end: bool,
    /// Set by the solver: the cases read in this part.
    pub cases: u64,
}

impl Part {
    /// All of an input.
    pub fn whole() -> Part {
        Part {
            top: true,
            announced: 0,
            cases_before: 0,
            to_end: true,
            cases: 0,
        }
    }

    /// Whether the case after `cases_read` (counted from the top) is one
    /// the part must read; `false` once a whole input's count is reached.
    pub fn wants_case(&self, cases_read: u64) -> bool {
        !self.to_end || cases_read < self.announced
    }
}

/// Reads a line holding one count: the number of cases of a file. In
/// strict mode the line must be first, laid out exactly, and the count
/// within `limits` (the statement's bounds).
pub fn read_count<R: Read>(
    lines: &mut Lines<R>,
    what: &str,
    limits: std::ops::RangeInclusive<u64>,
) -> Result<u64, Error> {
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
    if lines.is_strict() {
        lines.expect_blanks(0, "before the count")?;
        let line = lines.current();
        line.check_layout()?;
        check_limit(&line, 1, count, limits, what)?;
    }
    Ok(count)
}

/// `--strict`: a count within the statement's bounds.
pub fn check_limit(
    line: &Line<'_>,
    col: usize,
    value: u64,
    limits: std::ops::RangeInclusive<u64>,
    what: &str,
) -> Result<(), Error> {
    if limits.contains(&value) {
        return Ok(());
    }
    Err(line.error(
        col,
        format!(
            "expected {} from {} to {}, found {}",
            what,
            limits.start(),
            limits.end(),
            value
        ),
    ))
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

/// `n` in decimal: the digits are `digits[start..]` for the returned start.
fn decimal(digits: &mut [u8; 20], mut n: u64) -> usize {
    let mut start = digits.len();
    loop {
        start -= 1;
        digits[start] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            return start;
        }
    }
}

/// Appends `n` in decimal; numbers below 1000 without a division loop.
#[inline(always)]
pub fn push_u64(buf: &mut Vec<u8>, n: u64) {
    let digit = |d: u64| b'0' + d as u8;
    if n < 10 {
        buf.push(digit(n));
    } else if n < 100 {
        buf.extend_from_slice(&[digit(n / 10), digit(n % 10)]);
    } else if n < 1000 {
        buf.extend_from_slice(&[digit(n / 100), digit(n / 10 % 10), digit(n % 10)]);
    } else {
        let mut digits = [0u8; 20];
        let start = decimal(&mut digits, n);
        buf.extend_from_slice(&digits[start..]);
    }
}

/// How much output is gathered before it is handed to the writer.
const OUT_CHUNK: usize = 1 << 16;

/// The solvers' output: bytes gathered in a buffer that goes to the writer
/// in blocks of `OUT_CHUNK`, so that a small write is a copy and nothing
/// more (no `io::Result` per write; `end_lines` hands blocks over).
pub struct Output<W: Write> {
    out: W,
    buf: Vec<u8>,
    /// The buffer size at which `end_lines` writes it out: `OUT_CHUNK`, or
    /// never for a collecting output.
    block: usize,
    /// For a collecting output: the numbered pieces left to fill in, as
    /// (place in `buf`, number), in order.
    holes: Option<Vec<(usize, u64)>>,
}

impl<W: Write> Output<W> {
    pub fn new(out: W) -> Output<W> {
        Output {
            out,
            buf: Vec::with_capacity(2 * OUT_CHUNK),
            block: OUT_CHUNK,
            holes: None,
        }
    }

    /// Puts a piece that depends on a case number, such as a frame's
    /// heading: rendered now, or, in a collecting output, left as a hole
    /// to be filled once the number of the cases before is known.
    #[inline]
    pub fn put_numbered(&mut self, number: u64, render: fn(&mut Vec<u8>, u64)) {
        match self.holes.as_mut() {
            None => render(&mut self.buf, number),
            Some(holes) => holes.push((self.buf.len(), number)),
        }
    }

    #[inline(always)]
    pub fn put(&mut self, bytes: &[u8]) {
        self.buf.extend_from_slice(bytes);
    }

    #[inline(always)]
    pub fn put_u64(&mut self, n: u64) {
        push_u64(&mut self.buf, n);
    }

    /// The bytes gathered and not yet written, to append to in place.
    pub fn buffer(&mut self) -> &mut Vec<u8> {
        &mut self.buf
    }

    /// Hands the gathered bytes to the writer once there are enough of
    /// them; the solvers call it once per case or event, which bounds the
    /// buffer by `OUT_CHUNK` and one event's output.
    #[inline(always)]
    pub fn end_lines(&mut self) -> io::Result<()> {
        if self.buf.len() >= self.block {
            self.write_out()?;
        }
        Ok(())
    }

    #[inline(never)]
    fn write_out(&mut self) -> io::Result<()> {
        self.out.write_all(&self.buf)?;
        self.buf.clear();
        Ok(())
    }
}

impl Output<io::Sink> {
    /// An output that keeps everything in `buf` and leaves numbered pieces
    /// as holes (see `put_numbered`): a part of the input solved apart.
    pub fn collecting(mut buf: Vec<u8>, mut holes: Vec<(usize, u64)>) -> Output<io::Sink> {
        buf.clear();
        holes.clear();
        Output {
            out: io::sink(),
            buf,
            block: usize::MAX,
            holes: Some(holes),
        }
    }

    /// The bytes collected and the holes in them.
    pub fn into_parts(self) -> (Vec<u8>, Vec<(usize, u64)>) {
        (self.buf, self.holes.unwrap_or_default())
    }
}

/// `Output` as a plain writer, for the code that is not hot.
impl<W: Write> Write for Output<W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.put(bytes);
        self.end_lines()?;
        Ok(bytes.len())
    }

    /// Writes out everything gathered and flushes the writer.
    fn flush(&mut self) -> io::Result<()> {
        self.write_out()?;
        self.out.flush()
    }
}

/// Writes `n` in decimal without the formatting machinery.
pub fn write_u64<W: Write>(out: &mut W, n: u64) -> io::Result<()> {
    let mut digits = [0u8; 20];
    let start = decimal(&mut digits, n);
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
        let line = Line::new(1, b"  Red\t Red  White ");
        let tokens: Vec<(usize, &[u8])> = line.tokens().map(|t| (t.col, t.text)).collect();
        assert_eq!(
            tokens,
            vec![(3, &b"Red"[..]), (8, &b"Red"[..]), (13, &b"White"[..])]
        );
        assert_eq!(line.end_col(), 18);
    }

    #[test]
    fn tokens_read_eight_bytes_at_once_as_they_read_one() {
        // Lines of blanks, control bytes, non-ASCII and tokens of 1 to 12
        // bytes, read from a buffer (8-byte loads) and on their own (one
        // byte at a time), must give the same tokens as a plain split.
        let alphabet: [&[u8]; 8] = [
            b"a",
            b"R",
            b"b",
            b" ",
            b"\t",
            b"\x01",
            b"\x0b",
            "é".as_bytes(),
        ];
        let mut seed = 12345u64;
        for _ in 0..3000 {
            let mut text = Vec::new();
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let len = (seed >> 59) as usize;
            for i in 0..len {
                let pick = (seed >> (i % 40)) as usize ^ i;
                text.extend_from_slice(alphabet[pick % alphabet.len()]);
                seed = seed.rotate_left(7) ^ i as u64;
            }
            let plain: Vec<(usize, &[u8], u64)> = text
                .split(|&b| is_blank(b))
                .scan(1, |col, t| {
                    let at = *col;
                    *col += t.len() + 1;
                    Some((at, t))
                })
                .filter(|(_, t)| !t.is_empty())
                .map(|(col, t)| (col, t, head_of(t)))
                .collect();
            let mut input = text.clone();
            input.extend_from_slice(b"\nzzzzzzzzzz\n");
            let mut lines = Lines::new(&input[..]);
            let buffered = lines.next_line().unwrap().unwrap();
            for line in [buffered, Line::new(1, &text)] {
                let got: Vec<(usize, &[u8], u64)> =
                    line.tokens().map(|t| (t.col, t.text, t.head)).collect();
                assert_eq!(got, plain, "{:?}", String::from_utf8_lossy(&text));
            }
        }
        assert_eq!(head_of(b"Red"), u64::from_le_bytes(*b"Red\0\0\0\0\0"));
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
    fn lines_straddling_reads_are_gathered() {
        let text = "first line\r\n\nsecond, longer line\nend";
        for capacity in [1, 2, 3, 7, 64] {
            let mut lines =
                Lines::new(std::io::BufReader::with_capacity(capacity, text.as_bytes()));
            let mut seen = Vec::new();
            while let Some(line) = lines.next_line().unwrap() {
                seen.push((line.number, String::from_utf8(line.text.to_vec()).unwrap()));
            }
            let expected = [
                (1, "first line"),
                (2, ""),
                (3, "second, longer line"),
                (4, "end"),
            ];
            let expected: Vec<(usize, String)> =
                expected.iter().map(|&(n, t)| (n, t.to_string())).collect();
            assert_eq!(seen, expected, "capacity {}", capacity);
            assert_eq!(
                lines.eof_error("expected x").to_string(),
                "4:4: expected x, found end of input"
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
            read_count(&mut lines_of("\n 3 \n"), "the count", 1..=9).unwrap(),
            3
        );
        let e = read_count(&mut lines_of("3 4\n"), "the count", 1..=9)
            .unwrap_err()
            .to_string();
        assert_eq!(e, "1:3: expected end of line after the count, found `4`");
    }

    #[test]
    fn output_is_handed_over_in_blocks_and_all_of_it_on_flush() {
        let mut written = Vec::new();
        let mut out = Output::new(&mut written);
        for n in [0, 9, 10, 99, 100, 999, 1000, 65536, u64::MAX] {
            out.put_u64(n);
            out.put(b" ");
        }
        out.end_lines().unwrap();
        assert_eq!(out.buffer().len(), 50, "a short output stays gathered");
        for _ in 0..OUT_CHUNK {
            out.put(b"x");
        }
        out.end_lines().unwrap();
        assert!(out.buffer().is_empty(), "a full block goes to the writer");
        out.put(b"end\n");
        out.flush().unwrap();
        drop(out);
        let expected = "0 9 10 99 100 999 1000 65536 18446744073709551615 ";
        assert!(written.starts_with(expected.as_bytes()));
        assert!(written.ends_with(b"xend\n"));
        assert_eq!(written.len(), expected.len() + OUT_CHUNK + 4);
    }

    #[test]
    fn long_tokens_are_cut_when_shown() {
        let long = "x".repeat(100);
        assert_eq!(shown(long.as_bytes()), format!("`{}...`", "x".repeat(40)));
    }
}
