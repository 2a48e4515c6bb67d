//! Reading input and writing output for every solver: the error type
//! (`error`), the line reader ([`lines`]), the tokenizer (`tokens`),
//! the output buffer (`out`), and the hooks through which `--strict`
//! holds input to the statement's exact layout ([`Layout`]; the strict
//! side lives in `strict` and never goes into a judge bundle).

pub(crate) mod error;
pub(crate) mod in_place;
pub mod lines;
pub(crate) mod out;
pub(crate) mod strict;
pub(crate) mod tokens;

use self::error::escaped_name;
pub use self::error::{shown, Error};
pub use self::lines::{is_blank, Line, Lines};
pub(crate) use self::out::Output;
pub(crate) use self::tokens::Token;
use std::fmt;
use std::io::{ErrorKind, Read, Write};

/// Where the tolerant and the strict reading of an input part ways. The
/// default methods are the tolerant reading (R0.1, R0.5); `strict::Strict`
/// overrides them. Each solver adds hooks of its own on top.
pub trait Layout {
    /// Before the first line: a byte-order mark is skipped.
    fn start<R: Read>(&mut self, lines: &mut Lines<R>) -> Result<(), Error> {
        lines.skip_bom()?;
        Ok(())
    }

    /// Moves to the next line that holds a token, blank lines skipped:
    /// `lines.current()`. `false` at the end of input.
    fn next_record<R: Read>(&mut self, lines: &mut Lines<R>) -> Result<bool, Error> {
        lines.next_nonblank()
    }

    /// Before what a record leads to (a case's output): a fault found in
    /// the record and kept until its tokens were read is reported.
    fn line_done(&mut self) -> Result<(), Error> {
        Ok(())
    }

    /// Of `fault`, found on `line`, and a fault of the line's layout, the
    /// one that comes first.
    fn first_on_line(&self, _line: &Line, fault: Error) -> Error {
        fault
    }

    /// Of `fault`, found while a record was read, and a fault kept from
    /// inside that record, the one that comes first in the input.
    fn first_fault(&mut self, fault: Error) -> Error {
        fault
    }

    /// The error that ended the blank lines where a record was due (the
    /// end of input, or a fault on a line among them), or a blank line
    /// before it past the `wanted` ones the format has there (`place`
    /// says where, for the message).
    fn blank_lines_first(&self, fault: Error, _wanted: usize, _place: &str) -> Error {
        fault
    }

    /// What `next_record` gave (`found`) where a record was due after
    /// `wanted` blank lines: the record, or the fault that ended the blank
    /// lines (`eof()` at the end of input), as `blank_lines_first` has it.
    #[inline(always)]
    fn record_due(
        &self,
        found: Result<bool, Error>,
        eof: impl FnOnce() -> Error,
        wanted: usize,
        place: &str,
    ) -> Result<(), Error> {
        let fault = match found {
            Ok(true) => return Ok(()),
            Ok(false) => eof(),
            Err(fault) => fault,
        };
        Err(self.blank_lines_first(fault, wanted, place))
    }

    /// After the last case: nothing but blank lines may follow (R0.2).
    /// `after` names the last case for the message.
    fn end<R: Read>(&mut self, lines: &mut Lines<R>, after: &str) -> Result<(), Error> {
        if lines.next_nonblank()? {
            return Err(not_the_end(&lines.current(), after));
        }
        Ok(())
    }
}

/// The tolerant reading: every default of [`Layout`].
pub struct Tolerant;

impl Layout for Tolerant {}

/// Where blank lines before the count are, for messages.
pub(crate) const BEFORE_THE_COUNT: &str = "before the count";

/// The error for text after the last case (a blank line, for `--strict`).
pub(crate) fn not_the_end(line: &Line, after: &str) -> Error {
    not_the_end_at(line, line.tokens().next(), after)
}

/// `not_the_end` at `token` of `line`, where the text after the last case
/// starts.
pub(crate) fn not_the_end_at(line: &Line, token: Option<Token>, after: &str) -> Error {
    let expected = format!("expected end of input after {}", after);
    unexpected(line, token, &expected)
}

/// The error for `token` of `line` where `expected` was due, or at the
/// start of `line` when it holds no token.
pub(crate) fn unexpected(line: &Line, token: Option<Token>, expected: &str) -> Error {
    let (col, found) = match token {
        Some(token) => (token.col, shown(token.text)),
        None => (1, "a blank line".to_string()),
    };
    line.error(col, format!("{}, found {}", expected, found))
}

/// A count of cases or of a case's records: `parse_u64`, or a minus sign
/// and zeros, which the tolerant reading takes for 0 as it takes other
/// leading zeros (only `--strict` refuses them, R0.6). Digits past 64
/// bits are taken as the most there is: no input holds that many, so it
/// ends in an error where they run out, after the output of the cases
/// before, as any count too high does (R0.4).
pub(crate) fn parse_count(text: &[u8]) -> Option<u64> {
    match text.strip_prefix(b"-") {
        Some(zeros) if !zeros.is_empty() && zeros.iter().all(|&b| b == b'0') => Some(0),
        _ => parse_u64(text).or_else(|| {
            let digits = !text.is_empty() && text.iter().all(u8::is_ascii_digit);
            digits.then_some(u64::MAX)
        }),
    }
}

/// A decimal number of plain digits, or `None` (a sign, another byte, or
/// more than fits in 64 bits).
pub(crate) fn parse_u64(text: &[u8]) -> Option<u64> {
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

/// Reads the line that holds the number of cases, the first record of
/// every input: the line, the token and the count.
pub(crate) fn read_count<'a, R: Read, L: Layout>(
    lines: &'a mut Lines<R>,
    layout: &mut L,
    what: &str,
) -> Result<(Line<'a>, Token<'a>, u64), Error> {
    layout.start(lines)?;
    let expected = format!("expected {}", what);
    let found = layout.next_record(lines);
    layout.record_due(found, || lines.eof_error(&expected), 0, BEFORE_THE_COUNT)?;
    let line = lines.current();
    let mut tokens = line.tokens();
    let first = tokens.next();
    let fault = match (
        first,
        first.and_then(|t| parse_count(t.text)),
        tokens.next(),
    ) {
        (Some(token), Some(value), None) => return Ok((line, token, value)),
        // A count, and more after it.
        (_, Some(_), extra) => unexpected(
            &line,
            extra,
            &format!("expected end of line after {}", what),
        ),
        _ => unexpected(&line, first, &expected),
    };
    // Blank lines before the count come before any fault of its line.
    let fault = layout.first_on_line(&line, fault);
    Err(layout.blank_lines_first(fault, 0, BEFORE_THE_COUNT))
}

/// Says how a run ended, as `referee: NAME:LINE:COL: message` for bad
/// input (NAME the input's name), `referee: NAME: ...` for a failed read
/// and `referee: <stdout>: ...` for a failed write; returns the exit
/// status. A reader that closed the pipe early ends the run quietly.
pub(crate) fn report(result: Result<(), Error>, name: &str) -> i32 {
    let e = match result {
        Ok(()) => return 0,
        Err(e) => e,
    };
    // An input error's place follows the name with no space between.
    let (name, gap) = match &e {
        Error::Write(w) if w.kind() == ErrorKind::BrokenPipe => return 0,
        Error::Write(_) => ("<stdout>", " "),
        Error::Read(_) => (name, " "),
        Error::Input { .. } => (name, ""),
    };
    stderr_line(format_args!("referee: {}:{}{}", escaped_name(name), gap, e));
    1
}

/// Writes `text` on standard error, formatted first so that it goes out
/// in one write: standard error is not buffered, and a message written a
/// piece at a time can be cut into by other programs writing there (runs
/// side by side under `xargs -P`, say). A standard error that cannot be
/// written (full, or a pipe whose reader is gone) changes nothing: the
/// program goes on and keeps its exit status.
pub fn stderr_text(text: fmt::Arguments<'_>) {
    let _ = std::io::stderr().write_all(fmt::format(text).as_bytes());
}

/// `referee: NAME: MESSAGE` on standard error, NAME (a file's, as given)
/// with its control characters spelled out.
pub(crate) fn stderr_about(name: &str, message: impl fmt::Display) {
    stderr_line(format_args!("referee: {}: {}", escaped_name(name), message));
}

/// `stderr_text` with a line end.
pub(crate) fn stderr_line(line: fmt::Arguments<'_>) {
    stderr_text(format_args!("{}\n", line));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count_of(text: &str) -> Result<u64, Error> {
        let mut lines = Lines::new(text.as_bytes());
        read_count(&mut lines, &mut Tolerant, "the count").map(|(_, _, n)| n)
    }

    #[test]
    fn counts() {
        assert_eq!(count_of("\n 3 \n").unwrap(), 3);
        assert_eq!(count_of("\u{feff}3\n").unwrap(), 3);
        assert_eq!(count_of("18446744073709551616\n").unwrap(), u64::MAX);
        assert!(count_of("-1\n").is_err());
        assert_eq!(
            count_of("3 4\n").unwrap_err().to_string(),
            "1:3: expected end of line after the count, found `4`"
        );
        assert_eq!(
            count_of("\n").unwrap_err().to_string(),
            "2:1: expected the count, found end of input"
        );
        assert_eq!(parse_u64(b"0042"), Some(42));
        assert_eq!(parse_u64(b"-1"), None);
        assert_eq!(parse_count(b"-0"), Some(0));
        assert_eq!(parse_count(b"-000"), Some(0));
        assert_eq!(parse_count(b"007"), Some(7));
        assert_eq!(parse_count(b"-"), None);
        assert_eq!(parse_count(b"-1"), None);
        assert_eq!(parse_count(b"+1"), None);
        assert_eq!(parse_count(b"18446744073709551616"), Some(u64::MAX));
        assert_eq!(parse_count(b"-18446744073709551616"), None);
        assert_eq!(parse_u64(b""), None);
        assert_eq!(parse_u64(b"99999999999999999999"), None);
    }

    #[test]
    fn text_after_the_last_case_is_an_error() {
        let mut lines = Lines::new(&b"\n\n  more\n"[..]);
        let e = Tolerant.end(&mut lines, "the last case (1)").unwrap_err();
        assert_eq!(
            e.to_string(),
            "3:3: expected end of input after the last case (1), found `more`"
        );
        assert!(Tolerant.end(&mut Lines::new(&b" \n\n"[..]), "x").is_ok());
    }
}
