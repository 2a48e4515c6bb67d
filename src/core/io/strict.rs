//! `--strict`: the input held to the statement's exact layout (R0.6) —
//! LF line ends and a final newline, blank lines empty and only where the
//! format puts them, single spaces between tokens, no byte-order mark,
//! integers without leading zeros, counts within the statement's limits.
//! The solvers' own strict hooks build on the checks here.

use super::lines::is_blank;
use super::{not_the_end, parse_u64, shown, Error, Layout, Line, Lines, Token, BEFORE_THE_COUNT};
use std::io::Read;
use std::ops::RangeInclusive;

/// The strict reading. It remembers the blank lines before the record it
/// handed out last, so that the solver's hooks can say how many the
/// format wants there, and a fault after that record's last token.
#[derive(Default)]
pub(crate) struct Strict {
    /// Blank lines before the record read last, and the first of them.
    blanks: usize,
    first_blank: usize,
    /// A fault at the end of the record read last (a CR LF, no final
    /// newline, trailing blanks): it comes after the record's last token,
    /// so the record is read, and the output of a case it ends written,
    /// before the fault is reported, when the next line is asked for
    /// (R0.3).
    pending: Option<Error>,
    /// A fault of the layout inside the record read last, before its last
    /// token: a fault of a token before it comes first, so it waits for
    /// the record's tokens to be read, but not for what the record leads
    /// to (`Layout::line_done`).
    inside: Option<Error>,
}

impl Strict {
    pub(crate) fn new() -> Strict {
        Strict::default()
    }

    /// Fails unless exactly `wanted` empty lines came before `line`, the
    /// record read last; `what` says where they belong.
    pub(crate) fn expect_blanks(
        &self,
        line: &Line,
        wanted: usize,
        what: &str,
    ) -> Result<(), Error> {
        if let Some(fault) = self.blank_too_many(wanted, what) {
            Err(fault)
        } else if self.blanks < wanted {
            Err(line.error(1, format!("expected an empty line {}, found none", what)))
        } else {
            Ok(())
        }
    }

    /// The first of the blank lines past the `wanted` before the record
    /// read last (or the end of input), if there are more.
    fn blank_too_many(&self, wanted: usize, what: &str) -> Option<Error> {
        (self.blanks > wanted).then(|| {
            Error::at(
                self.first_blank + wanted,
                1,
                format!("expected no blank line here ({}), found one", what),
            )
        })
    }

    /// The next line, blank or not; a fault of its line end waits (see
    /// `pending`) when the line holds a token, so that a case the line
    /// ends is written before it; `None` at the end of input.
    pub(crate) fn line_with_its_end_pending<'a, R: Read>(
        &mut self,
        lines: &'a mut Lines<R>,
    ) -> Result<Option<Line<'a>>, Error> {
        if !next_line(lines)? {
            return Ok(None);
        }
        let fault = line_end_fault(lines);
        let line = lines.current();
        match fault {
            // Nothing on the line comes before its end.
            Some(fault) if line.text.is_empty() => Err(fault),
            fault => {
                self.pending = fault;
                Ok(Some(line))
            }
        }
    }

    /// Keeps `fault`, found after the last token of the record read last,
    /// to be reported when the next line is asked for (see `pending`):
    /// of it and the fault of the line's end, whichever comes first.
    pub(crate) fn defer(&mut self, fault: Error) {
        let first = self.first_of(fault);
        self.pending = Some(first);
    }

    /// `fault` or the one waiting, whichever comes first in the input (the
    /// waiting one, of the line's end, when both are at one place).
    pub(crate) fn first_of(&mut self, fault: Error) -> Error {
        match self.pending.take() {
            Some(pending) if place(&pending) <= place(&fault) => pending,
            _ => fault,
        }
    }

    /// Reports the fault found at the end of the record read last, if any.
    pub(crate) fn report_pending(&mut self) -> Result<(), Error> {
        match self.pending.take() {
            Some(fault) => Err(fault),
            None => Ok(()),
        }
    }

    /// Tokens separated by single spaces, nothing before the first or
    /// after the last. Blanks after the last token are a fault that waits
    /// until the record was read (see `pending`).
    pub(crate) fn check_layout(&mut self, line: &Line) -> Result<(), Error> {
        let fault = match layout_fault(line) {
            Some(fault) => fault,
            None => return Ok(()),
        };
        let last_token_end = line
            .text
            .iter()
            .rposition(|&b| !is_blank(b))
            .map_or(0, |i| i + 1);
        if fault.0 > last_token_end {
            self.defer(line.error(fault.0, fault.1));
        } else {
            self.keep_inside(line.error(fault.0, fault.1));
        }
        Ok(())
    }

    /// Keeps `fault`, found inside the record read last before its last
    /// token, until the record's tokens were read (see `inside`): of it
    /// and one kept before, the first in the input.
    pub(crate) fn keep_inside(&mut self, fault: Error) {
        let first = match self.inside.take() {
            Some(kept) if place(&kept) <= place(&fault) => kept,
            _ => fault,
        };
        self.inside = Some(first);
    }

    /// Reports the fault inside the record read last, if any.
    fn report_inside(&mut self) -> Result<(), Error> {
        match self.inside.take() {
            Some(fault) => Err(fault),
            None => Ok(()),
        }
    }

    /// Counts a blank line, which must be empty.
    fn blank(&mut self, line: &Line) -> Result<(), Error> {
        if !line.text.is_empty() {
            return Err(line.error(
                1,
                "expected a line without tokens to be empty, found blanks".to_string(),
            ));
        }
        if self.blanks == 0 {
            self.first_blank = line.number;
        }
        self.blanks += 1;
        Ok(())
    }
}

/// `lines.next_line()`; a line refused for its bytes (too long, or not
/// UTF-8) is named at a fault of the layout before them, if it has one.
fn next_line<R: Read>(lines: &mut Lines<R>) -> Result<bool, Error> {
    lines.next_line().map_err(|refused| {
        // The line is handed out up to the refused bytes; what follows is
        // no blank, so nothing before it trails.
        let line = lines.current();
        let mut text = line.text.to_vec();
        text.push(b'x');
        first_with_layout(&Line::new(line.number, &text), refused)
    })
}

/// Of `fault`, found on `line`, and the first fault of the line's layout,
/// the one that comes first.
fn first_with_layout(line: &Line, fault: Error) -> Error {
    match layout_fault(line) {
        Some((col, message)) if (line.number, col) < place(&fault) => line.error(col, message),
        _ => fault,
    }
}

/// Where an error is in the input: (line, column); first for an error
/// of no place.
pub(crate) fn place(error: &Error) -> (usize, usize) {
    match error {
        Error::Input { line, col, .. } => (*line, *col),
        _ => (0, 0),
    }
}

/// Whether a line holds no token.
fn is_blank_line(line: &Line) -> bool {
    line.text.iter().all(|&b| is_blank(b))
}

impl Layout for Strict {
    fn start<R: Read>(&mut self, lines: &mut Lines<R>) -> Result<(), Error> {
        if lines.skip_bom()? {
            return Err(Error::at(
                1,
                1,
                "expected the input to start with its first line, found a byte-order mark"
                    .to_string(),
            ));
        }
        Ok(())
    }

    fn next_record<R: Read>(&mut self, lines: &mut Lines<R>) -> Result<bool, Error> {
        // Counted afresh first: a fault of the record before comes before
        // any blank line after it (see `blank_lines_first`).
        self.blanks = 0;
        self.report_inside()?;
        self.report_pending()?;
        loop {
            if !next_line(lines)? {
                return Ok(false);
            }
            let fault = line_end_fault(lines);
            let line = lines.current();
            if !is_blank_line(&line) {
                self.pending = fault;
                return Ok(true);
            }
            // Blanks on the line come before its end.
            self.blank(&line)?;
            if let Some(fault) = fault {
                return Err(fault);
            }
        }
    }

    fn line_done(&mut self) -> Result<(), Error> {
        self.report_inside()
    }

    fn blank_lines_first(&self, fault: Error, wanted: usize, place: &str) -> Error {
        self.blank_too_many(wanted, place).unwrap_or(fault)
    }

    fn first_on_line(&self, line: &Line, fault: Error) -> Error {
        first_with_layout(line, fault)
    }

    fn first_fault(&mut self, fault: Error) -> Error {
        match self.inside.take() {
            Some(inside) if place(&inside) < place(&fault) => inside,
            _ => fault,
        }
    }

    fn end<R: Read>(&mut self, lines: &mut Lines<R>, after: &str) -> Result<(), Error> {
        self.report_inside()?;
        self.report_pending()?;
        // Whatever the line holds comes before its end.
        if !next_line(lines)? {
            return Ok(());
        }
        let line = lines.current();
        Err(match line_end_fault(lines) {
            Some(fault) if line.text.is_empty() => fault,
            _ if is_blank_line(&line) => line.error(
                1,
                format!("expected no blank line here (after {}), found one", after),
            ),
            _ => not_the_end(&line, after),
        })
    }
}

/// What is wrong with the end of the line read last, if anything: a CR
/// LF, or no newline at the end of the input.
fn line_end_fault<R: Read>(lines: &Lines<R>) -> Option<Error> {
    let terminated = lines.terminated();
    let crlf = lines.ended_by_crlf();
    let line = lines.current();
    let len = line.text.len();
    if crlf {
        return Some(line.error(len + 1, "expected a LF line end, found CR LF".to_string()));
    }
    if terminated {
        return None;
    }
    Some(if line.text.last() == Some(&b'\r') {
        line.error(
            len,
            "expected a LF line end, found a CR at the end of input".to_string(),
        )
    } else {
        line.error(
            len + 1,
            "expected a newline at the end of the last line, found end of input".to_string(),
        )
    })
}

/// Where tokens are not separated by single spaces, or something comes
/// before the first or after the last, in `line`: the first such column
/// and what is wrong there.
fn layout_fault(line: &Line) -> Option<(usize, String)> {
    let text = line.text;
    // A CR that ends the text is the line's end (the last line's, with no
    // LF after it): a space before it trails.
    let end = text.len() - usize::from(text.last() == Some(&b'\r'));
    // Blanks from here to the end trail the last token: the first of them
    // is the fault.
    let trailing_from = text[..end]
        .iter()
        .rposition(|&b| !is_blank(b))
        .map_or(0, |i| i + 1);
    for (i, &b) in text.iter().enumerate() {
        let bad = if b == b' ' {
            i == 0 || i >= trailing_from || text[i - 1] == b' '
        } else {
            is_blank(b)
        };
        if bad {
            let what = match b {
                b' ' if i == 0 => "found a leading space",
                b' ' if i >= trailing_from => "found a trailing space",
                b' ' => "found two spaces",
                b'\t' => "found a tab",
                _ => "found a control character",
            };
            return Some((
                i + 1,
                format!("expected single spaces between tokens, {}", what),
            ));
        }
    }
    None
}

/// A count within the statement's bounds.
pub(crate) fn check_limit(
    line: &Line,
    token: &Token,
    limits: RangeInclusive<u64>,
    what: &str,
) -> Result<(), Error> {
    // Digits past 64 bits are past every limit.
    let value = parse_u64(token.text).unwrap_or(u64::MAX);
    if limits.contains(&value) {
        return Ok(());
    }
    Err(line.error(
        token.col,
        format!(
            "expected {} from {} to {}, found {}",
            what,
            limits.start(),
            limits.end(),
            String::from_utf8_lossy(token.text)
        ),
    ))
}

/// Digits without a leading zero (`0` itself is fine), as R0.6 wants of
/// every integer; `what` names the number.
pub(crate) fn check_digits(
    line: &Line,
    col: usize,
    digits: &[u8],
    what: &str,
) -> Result<(), Error> {
    if digits.len() > 1 && digits[0] == b'0' {
        return Err(line.error(
            col,
            format!(
                "expected {} without leading zeros, found {}",
                what,
                shown(digits)
            ),
        ));
    }
    Ok(())
}

/// The checks of a line that holds a count of cases: first in the input,
/// laid out exactly, no leading zeros, within `limits`.
pub(crate) fn check_count(
    strict: &mut Strict,
    line: &Line,
    token: &Token,
    limits: RangeInclusive<u64>,
    what: &str,
) -> Result<(), Error> {
    strict.expect_blanks(line, 0, BEFORE_THE_COUNT)?;
    // The count is the line's one token: a fault of the layout before it
    // comes first.
    strict.check_layout(line)?;
    strict.report_inside()?;
    check_digits(line, token.col, token.text, what)?;
    check_limit(line, token, limits, what)
}

#[cfg(test)]
mod tests;
